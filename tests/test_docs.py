"""The README and docs/ stay true: every relative link resolves (file and #heading), and every
slash command they name is one the bot syncs to Discord — and every synced command is named
somewhere. Rename a command without the docs and this says where."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.games import EVERY_GAME
from bot.sandbox.harness import Table
from tests.synced import GROUP, SUBCOMMAND, leaf_commands

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

# Commands being added on other branches, documented ahead of them: named in the docs before
# they exist is fine; once synced they are checked like any other.
PENDING: set[str] = set()  # commands documented ahead of being synced

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
SPAN = re.compile(r"`([^`]+)`")
MENTION = re.compile(r"^/[^\W\d][\w-]*(?:\s.*)?$", re.DOTALL)
# Code spans that start with a slash but name a path, not a command.
NOT_COMMANDS = {"/data", "/metrics"}


def prose(text: str) -> str:
    """The page without its fenced code blocks (sample sessions, shell commands)."""
    out: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            out.append("")
            continue
        out.append("" if fenced else line)
    return "\n".join(out)


def anchor(heading: str) -> str:
    """GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for line in prose(path.read_text(encoding="utf-8")).split("\n"):
        match = re.match(r"^#{1,6} (.+?)\s*#*$", line)
        if not match:
            continue
        base = anchor(match.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def test_docs_pages_exist_and_open_with_contents() -> None:
    names = {p.name for p in PAGES if p.parent.name == "docs"}
    games = {Path(g.docs).name for g in EVERY_GAME}  # each game's page, from its record
    assert names == games | {"campaign.md", "running.md", "development.md", "glossary-ru.md"}
    for page in PAGES[1:]:
        headings = [
            ln for ln in prose(page.read_text(encoding="utf-8")).split("\n") if ln[:3] == "## "
        ]
        assert headings and headings[0] == "## Contents", page.name


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    broken: list[str] = []
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"^[a-z]+:", target):  # https:, mailto:
            continue
        file_part, _, fragment = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        if not linked.exists():
            broken.append(f"{target}: no file {linked}")
        elif fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            broken.append(f"{target}: no heading #{fragment} in {linked.name}")
    assert broken == []


def mentions() -> list[tuple[str, str]]:
    """(page, words) for every code span naming a slash command: ``/ia setup difficulty``."""
    out = []
    for page in PAGES:
        for span in SPAN.findall(prose(page.read_text(encoding="utf-8"))):
            words = " ".join(span.split())
            if MENTION.match(words) and words.split()[0] not in NOT_COMMANDS:
                out.append((page.relative_to(ROOT).as_posix(), words))
    return out


def resolve(commands: Mapping[str, Any], words: list[str]) -> tuple[list[str], str | None]:
    """The synced path ``words`` names (English or Russian names), and what is wrong if any."""

    def named(node: Mapping[str, Any], word: str) -> bool:
        return word == node["name"] or word in (node.get("name_localizations") or {}).values()

    top = next((c for c in commands.values() if named(c, words[0])), None)
    if top is None:
        return [], f"no command {words[0]}"
    path, node = [top["name"]], top
    rest = words[1:]
    while True:
        subs = [o for o in node.get("options") or [] if o["type"] in (SUBCOMMAND, GROUP)]
        if not subs:
            break
        if not rest or rest[0] in ("…", "..."):
            return path, None  # a group named on its own
        child = next((o for o in subs if named(o, rest[0])), None)
        if child is None:
            return path, f"no subcommand {rest[0]!r} in /{' '.join(path)}"
        path.append(child["name"])
        node, rest = child, rest[1:]
    options = node.get("options") or []
    for word in rest:
        name = word.strip("[],").split(":")[0]
        if not re.fullmatch(r"[^\W\d][\w-]*", name):
            continue  # a value or an ellipsis, not an option name
        if not any(named(o, name) for o in options):
            return path, f"no option {name!r} in /{' '.join(path)}"
    return path, None


async def test_every_command_the_docs_name_exists_and_every_command_is_documented(
    table: Table,
) -> None:
    await table.discord.synced.wait()
    commands = table.discord.commands
    found = mentions()
    assert len(found) > 100
    wrong: list[str] = []
    named: set[str] = set()
    for page, words in found:
        top = words.split()[0].lstrip("/")
        if top in PENDING and top not in commands:
            continue
        path, problem = resolve(commands, words.lstrip("/").split())
        if problem:
            wrong.append(f"{page}: `{words}`: {problem}")
        named.add(" ".join(path))
    assert wrong == []
    undocumented = sorted(set(leaf_commands(commands)) - named)
    assert undocumented == [], "synced commands no docs page names"


def test_a_renamed_command_is_caught() -> None:
    """The check itself: a subcommand, option or command the tree lacks is reported."""
    tree = {
        "ia": {
            "name": "ia",
            "options": [
                {
                    "name": "setup",
                    "type": SUBCOMMAND,
                    "options": [{"name": "difficulty", "type": 3}],
                }
            ],
        }
    }
    assert resolve(tree, ["ia", "setup", "difficulty:easy"]) == (["ia", "setup"], None)
    assert resolve(tree, ["ia"]) == (["ia"], None)
    assert resolve(tree, ["ia", "setpu"])[1] == "no subcommand 'setpu' in /ia"
    assert resolve(tree, ["ia", "setup", "[difficult]"])[1] == "no option 'difficult' in /ia setup"
    assert resolve(tree, ["battle"])[1] == "no command battle"
