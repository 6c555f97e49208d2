"""The catalogs as a Russian table reads them (and the English counterparts of each rule):
commands and options named as the reader's Discord shows them, never by a literal."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fl

from bot.catalog import LOCALE_DIR, LOCALES, command_name, option_name, t
from tests.synced import leaf_commands

#: ``/word`` in a message's text: a command written out instead of ``{ COMMAND("…") }``
LITERAL_COMMAND = re.compile(r"(?<![\w/<])/[a-zа-яё][\w-]*", re.IGNORECASE)
COMMAND_CALL = re.compile(r'COMMAND\("([^"]+)"\)')
OPTION_CALL = re.compile(r'OPTION\("([^"]+)", "([^"]+)"\)')


def _reply_files() -> list[Path]:
    return [
        path
        for locale in LOCALES
        for path in sorted((LOCALE_DIR / locale).glob("*.ftl"))
        if not path.name.startswith("commands-")
    ]


def _text_elements(node: Any) -> list[str]:
    """The literal text of a message: its patterns, its selectors' variants, its attributes
    (a function's string arguments, ``COMMAND("ia setup")``, are not text)."""
    if isinstance(node, fl.TextElement):
        return [node.value]
    found: list[str] = []
    if isinstance(node, fl.BaseNode) and not isinstance(node, fl.Comment):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                found += _text_elements(child)
    return found


def _messages(path: Path) -> list[fl.Message]:
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    return [e for e in resource.body if isinstance(e, fl.Message)]


def test_no_message_writes_a_command_out() -> None:
    """A command in a reply is ``{ COMMAND("asteroids join") }``: the reader's Discord's name
    for it, in either language."""
    literal = [
        f"{path.parent.name}/{path.name}: {message.id.name}: {hit}"
        for path in _reply_files()
        for message in _messages(path)
        for text in _text_elements(message)
        for hit in LITERAL_COMMAND.findall(text)
    ]
    assert literal == []


async def test_every_command_and_option_a_message_names_exists(tmp_path: Path) -> None:
    from bot.sandbox.harness import running_table

    async with running_table(tmp_path / "db.sqlite3") as table:
        await table.discord.synced.wait()
        commands = table.discord.commands
    leaves = leaf_commands(commands)
    groups = {" ".join(path.split()[:n]) for path in leaves for n in range(1, len(path.split()))}
    named = [(m, path) for path in _reply_files() for m in COMMAND_CALL.findall(path.read_text())]
    assert named, "the catalogs name commands"
    unknown = [f"{path.name}: {m}" for m, path in named if m not in leaves and m not in groups]
    assert unknown == []
    options = [(c, o, p) for p in _reply_files() for c, o in OPTION_CALL.findall(p.read_text())]
    wrong = [
        f"{p.name}: {c} {o}"
        for c, o, p in options
        if c not in leaves or o not in {x["name"] for x in leaves[c].get("options") or []}
    ]
    assert wrong == []


@pytest.mark.parametrize(
    ("locale", "path", "shown"),
    [
        ("en", "asteroids join", "/asteroids join"),
        ("ru", "asteroids join", "/астероиды вступить"),
        ("ru", "ia setup", "/ia начать"),
        ("ru", "imperium status", "/imperium статус"),
        ("ru", "deploy-roll", "/бросок-развертывания"),
        ("ru", "campaign gm add", "/кампания ведущие добавить"),
    ],
)
def test_one_helper_names_a_command_per_language(locale: str, path: str, shown: str) -> None:
    assert command_name(locale, path) == shown


def test_messages_render_the_names_in_the_readers_language() -> None:
    assert t("ru", "nothing-to-undo").endswith("(удалить её — /кампания завершить).")
    assert t("en", "nothing-to-undo").endswith("(use /campaign end to remove it).")
    assert option_name("ru", "asteroids shuttle", "units-aboard") == "на-борту"
    assert "(на-борту: ваши отряды)" in t("ru", "ab-err-raid-no-shuttle", civ_gen="Зелёной")
    assert "(units-aboard: your units)" in t("en", "ab-err-raid-no-shuttle", civ="Green")
