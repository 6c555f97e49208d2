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


# ---------------------------------------------------------------------------------------------
# Every Russian message rendered with sample arguments
# ---------------------------------------------------------------------------------------------
PLURAL_KEYS = {"zero", "one", "two", "few", "many", "other"}
#: a placeholder for a text argument: Cyrillic, so a Latin word in a rendering is the catalog's
SAMPLE_TEXT = "Ёж"

#: Latin words a Russian reply may hold, each a name of a thing (what it names)
LATIN_NAMES: dict[str, str] = {
    "Weewar": "a game's name",
    "Distant": "a game's name, as the Russian scenario writes it (Distant Galaxy)",
    "Galaxy": "a game's name, as the Russian scenario writes it (Distant Galaxy)",
    "GDW": "a game's name (GDW Imperium)",
    "Imperium": "a game's name (GDW Imperium)",
    "Imperial": "a game's name (Imperial Assault) and its app's (Imperial Commander)",
    "Assault": "a game's name (Imperial Assault)",
    "Commander": "the app's name (Imperial Commander)",
    "Discord": "a name",
    "JSON": "a file format's name",
    "json": "a file's extension (.json)",
    "Core": "an Imperial Assault expansion's name, as the bot reads it",
    "Tank": "a Weewar unit's name",
    "Trooper": "a Weewar unit's name",
    "Plains": "a Weewar terrain's name",
    "CR": "an Imperium ship type, as printed on its counter",
    "PDS": "an Imperium ship type, as printed on its counter",
    "missile": "an Imperium ship type, as printed on its counter (missile boat)",
    "boat": "an Imperium ship type, as printed on its counter (missile boat)",
    "scout": "an Imperium ship type, as printed on its counter",
    "RU": "Imperium's resource units, as the game prints them",
    "I": "a tier, as printed on the cards",
    "II": "a tier, as printed on the cards",
    "III": "a tier, as printed on the cards",
    "A": "a symbol of Weewar's published formula",
    "Ta": "a symbol of Weewar's published formula",
    "D": "a symbol of Weewar's published formula",
    "Td": "a symbol of Weewar's published formula",
    "B": "a symbol of Weewar's published formula",
    "r": "a symbol of Weewar's published formula (the server rule's r)",
    "p": "a symbol of Weewar's published formula (the chance p)",
    "g": "the letter of the class-3 asteroids' labels (g1, g2, …)",
}
LATIN_WORD = re.compile(r"(?<!\w)[A-Za-z]+(?!\w)")
CODE = re.compile(r"`[^`]*`")


def _walk(node: Any) -> list[Any]:
    found = [node]
    if isinstance(node, fl.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                found += _walk(child)
    return found


def _selectors(message: fl.Message) -> dict[str, set[str]]:
    """Each variable a select expression of the message reads, and its variants' keys."""
    out: dict[str, set[str]] = {}
    for node in _walk(message.value):
        if isinstance(node, fl.SelectExpression) and isinstance(
            node.selector, fl.VariableReference
        ):
            keys = {
                v.key.name if isinstance(v.key, fl.Identifier) else str(v.key.value)
                for v in node.variants
            }
            out.setdefault(node.selector.id.name, set()).update(keys)
    return out


def _is_plural(keys: set[str]) -> bool:
    return bool(keys & PLURAL_KEYS) or any(k.isdigit() for k in keys)


def samples(message: fl.Message) -> list[dict[str, Any]]:
    """Arguments that reach every variant of the message: a text placeholder for each
    variable, each selector's keys in turn (1, 2, 5 and 0 for a plural one)."""
    names = {n.id.name for n in _walk(message.value) if isinstance(n, fl.VariableReference)}
    selectors = _selectors(message)
    base: dict[str, Any] = dict.fromkeys(names, SAMPLE_TEXT)
    for name, keys in selectors.items():
        base[name] = 1 if _is_plural(keys) else sorted(keys)[0]
    out = [base]
    for name, keys in selectors.items():
        for value in [1, 2, 5, 0] if _is_plural(keys) else sorted(keys):
            out.append({**base, name: value})
    return out


def _rendered(locale: str) -> list[tuple[str, str]]:
    """(message id, text) for every reply message, rendered with each of its samples."""
    from bot.catalog import bundle

    b = bundle(locale)
    out: list[tuple[str, str]] = []
    for path in _reply_files():
        if path.parent.name != locale:
            continue
        for message in _messages(path):
            if message.value is None:
                continue
            pattern = b.get_message(message.id.name).value
            for args in samples(message):
                text, errors = b.format_pattern(pattern, args)
                assert not errors, (message.id.name, errors)
                out.append((message.id.name, str(text)))
    return out


def _descriptions(locale: str) -> list[tuple[str, str]]:
    """(message id, text) for the description of every command and option, and the word of
    every choice, Discord shows."""
    from bot.catalog import attribute

    out: list[tuple[str, str]] = []
    for path in sorted((LOCALE_DIR / locale).glob("commands-*.ftl")):
        for message in _messages(path):
            key = message.id.name
            text = t(locale, key) if message.value is not None else attribute(locale, key, "desc")
            if text is not None:
                out.append((key, text))
    return out


async def test_russian_replies_hold_no_english_outside_names(tmp_path: Path) -> None:
    """Rendered with every variant, a Russian message's Latin words (outside `code`: what a
    member types), and those of the descriptions Discord shows, are names of things, or command names a Russian member's Discord shows in
    Latin (``/ia``, ``/imperium``) — never an English word, command or option name."""
    from bot.sandbox.harness import running_table

    async with running_table(tmp_path / "db.sqlite3") as table:
        await table.discord.synced.wait()
        commands = table.discord.commands
    same_in_russian: set[str] = set()
    english_names: set[str] = set()

    def walk(node: dict[str, Any]) -> None:
        name = str(node["name"])
        shown = (node.get("name_localizations") or {}).get("ru")
        if shown == name:
            same_in_russian.add(name)
        else:
            english_names.add(name)
        for child in node.get("options") or []:
            walk(child)

    for command in commands.values():
        walk(command)
    english = []
    for key, text in _rendered("ru") + _descriptions("ru"):
        prose = CODE.sub("", text)
        for word in LATIN_WORD.findall(prose):
            if word not in LATIN_NAMES and word not in same_in_russian:
                english.append(f"{key}: {word!r} in {text!r}")
        for name in english_names:
            if "-" in name and re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                english.append(f"{key}: the English option name {name!r} in {text!r}")
    assert english == []


#: variables that hold a name, a label, an id, an ordinal or a ready-made phrase — never a
#: count a noun must agree with
NAME_VARIABLES = frozenset(
    {
        "channel",  # an id
        "round",  # round 3 is a name, not a count
        "civ",
        "civ_gen",
        "other_gen",
        "label",
        "system",
        "ship",
        "member",
        "attacker",
        "defender",
        "unit",
        "unit_gen",
        "group",
        "who",
        "variant",
        "player",
        "name",
        "game",
        "target",
        "striker",
        "head",
        "history",
        "command",
        "current",
        "card",
        "what",
        "sign",
        "war",
        "step",
        "page",
        "portal",
        "old",
        "number",
        "tier",
        "seq",
        "die",
        "at",
        "chance",
        "now",
        "winner",
        "owner",
        "side",
        "holder",
        "guard",
        "units",
        "aunit",
        "dunit",
        "kind",
        "requested",
        "type",
        "unit_class",
        "rules",
        "share",
        "next",
    }
)
#: words that may follow a number whatever it is: prepositions, conjunctions, adverbs, verbs
#: of a sentence the number is not the subject of, and abbreviations that do not inflect
AFTER_ANY_NUMBER = {
    "ru": frozenset(
        {
            "МиБ",
            "и",
            "в",
            "во",
            "из",
            "до",
            "за",
            "по",
            "к",
            "с",
            "со",
            "не",
            "нет",
            "уже",
            "от",
            "против",
            "или",
            "меньше",
            "больше",
            "на",
            "для",
            "без",
            "через",
            "вне",
            "лишь",
            "ещё",
            "вручную",
            "её",
            "его",
            "переходит",
            "RU",
            "ОП",
            "МР",
            "мс",
            "фиг",
            "рес",
        }
    ),
    "en": frozenset(
        {
            "and",
            "in",
            "of",
            "to",
            "for",
            "from",
            "or",
            "than",
            "at",
            "on",
            "by",
            "with",
            "without",
            "hand",
            "RU",
            "VP",
            "DM",
            "ms",
            "MiB",
            "more",
            "less",
            "left",
            "is",
            "are",
            "was",
            "each",
            "per",
            "aboard",
            "go",
            "leave",
            "attack",
            "defence",
            "res",
            "available",
            "ready",
            "begins",
            "scaled",
            "reimbursement",
            "destroyed",
            "together",
            "threat",
            "Onslaught",
        }
    ),
}


def _bare_counts(locale: str) -> list[str]:
    """``{ $n } word`` where ``$n`` is a number the word should agree with, and no plural
    selector of the message reads ``$n``."""
    out: list[str] = []
    for path in _reply_files():
        if path.parent.name != locale:
            continue
        for message in _messages(path):
            selectors = _selectors(message) if message.value else {}
            for node in _walk(message.value):
                if not isinstance(node, fl.Pattern):
                    continue
                for i, element in enumerate(node.elements[:-1]):
                    following = node.elements[i + 1]
                    before = node.elements[i - 1] if i else None
                    if isinstance(before, fl.TextElement) and before.value.endswith("/"):
                        continue  # a ratio, "3/6 figures": the noun goes with the whole
                    if not (
                        isinstance(element, fl.Placeable)
                        and isinstance(element.expression, fl.VariableReference)
                        and isinstance(following, fl.TextElement)
                    ):
                        continue
                    name = element.expression.id.name
                    word = re.match(r" ([^\W\d_]+)", following.value)
                    if (
                        word
                        and name not in selectors
                        and name not in NAME_VARIABLES
                        and word.group(1) not in AFTER_ANY_NUMBER[locale]
                    ):
                        out.append(f"{message.id.name}: {{ ${name} }} {word.group(1)}")
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_a_count_agrees_with_its_noun(locale: str) -> None:
    """A number a noun follows is read by a plural selector (one/few/many in Russian, one/other
    in English): no "1 ships", no «1 отрядов»."""
    assert _bare_counts(locale) == []


@pytest.mark.parametrize(("locale", "marker"), [("en", "(s)"), ("ru", "(ов)"), ("ru", "(а)")])
def test_no_plural_written_as_a_parenthesis(locale: str, marker: str) -> None:
    """A count without a selector: "1 world(s)"."""
    assert [key for key, text in _rendered(locale) if marker in text] == []


def test_russian_numbers_have_the_decimal_comma() -> None:
    """«0,01», never «0.01», in replies and in what Discord shows."""
    point = re.compile(r"\d\.\d")
    found = [
        f"{k}: {text}" for k, text in _rendered("ru") + _descriptions("ru") if point.search(text)
    ]
    assert found == []


def test_russian_prose_writes_dice_the_russian_way() -> None:
    """Dice in Russian prose are «кубик», «2к6» (docs/glossary-ru.md); `2d6` stays only where
    it is what a member types (code)."""
    latin = re.compile(r"(?<!\w)\d*[dDК]\d+")
    found = [
        f"{key}: {text}"
        for key, text in _rendered("ru") + _descriptions("ru")
        if latin.search(CODE.sub("", text))
    ]
    assert found == []


async def test_no_choice_word_serves_two_games(tmp_path: Path) -> None:
    """A choice's Russian word (its catalog message) belongs to one game's options: Imperial
    Assault's difficulty «Сложная» is not Asteroid Belt's variant «Усложнённый»."""
    from discord import app_commands

    from bot.discord_internals import choice_message_key
    from bot.sandbox.harness import running_table
    from bot.translator import choice_key
    from tests.synced import GAME_TOPS

    game_of = {top: game for game, tops in GAME_TOPS.items() for top in tops}
    users: dict[str, set[str]] = {}
    async with running_table(tmp_path / "db.sqlite3") as table:
        for command in table.bot.tree.walk_commands():
            if not isinstance(command, app_commands.Command):
                continue
            game = game_of.get(command.qualified_name.split()[0], "every table")
            for param in command.parameters:
                for choice in param.choices:
                    key = choice_message_key(choice) or choice_key(choice.value)
                    users.setdefault(key, set()).add(game)
    assert "choice-difficulty-hard" in users and "choice-variant-hard" in users
    shared = {key: sorted(games) for key, games in users.items() if len(games) > 1}
    assert shared == {}
