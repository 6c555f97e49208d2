"""Catalogs: every reply key in both languages; every command, option and choice has a Russian
name and description that Discord accepts."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from discord import app_commands

from bot.catalog import LOCALE_DIR, attribute, has, message_ids, t
from bot.discord_internals import choice_message_key
from bot.rules.msg import Msg
from bot.translator import choice_key, command_key, option_key

NAME = re.compile(r"^[-_\w]{1,32}$")


def _reply_ids(locale: str) -> set[str]:
    ids: set[str] = set()
    for path in (LOCALE_DIR / locale).glob("*.ftl"):
        if not path.name.startswith("commands"):
            ids |= message_ids(locale, prefix=path.stem)
    return ids


def test_every_reply_key_exists_in_both_languages() -> None:
    en, ru = _reply_ids("en"), _reply_ids("ru")
    assert en, "the English catalog is not empty"
    assert sorted(en - ru) == [], "keys missing in Russian"
    assert sorted(ru - en) == [], "keys missing in English"


def test_reply_files_pair_up() -> None:
    en = {p.name for p in (LOCALE_DIR / "en").glob("*.ftl")}
    ru = {p.name for p in (LOCALE_DIR / "ru").glob("*.ftl") if not p.name.startswith("commands")}
    assert en == ru


def test_rendering_picks_the_language_and_falls_back() -> None:
    assert t("en", "ping-reply", ms="42") == "Pong! Gateway latency: 42 ms."
    assert t("ru", "ping-reply", ms="42") == "Понг! Задержка шлюза: 42 мс."
    assert t("ru", "opt-wrong-type", option="n", kind=Msg("opt-type-4")) == (
        "`n` должен быть целым числом."
    )
    with pytest.raises(KeyError):
        t("ru", "no-such-key")


@pytest.mark.parametrize(("count", "word"), [(1, "случайный выбор"), (3, "случайных выбора"), (5, "случайных выборов"), (21, "случайный выбор")])  # fmt: skip
def test_russian_plurals(count: int, word: str) -> None:
    assert t("ru", "history-other-draws", count=count).endswith(word)


def _walk(tree: app_commands.CommandTree) -> list[tuple[str, str, str | None]]:
    """(kind, key, label) for every command, group, option and choice in the tree."""
    out: list[tuple[str, str, str | None]] = []
    for cmd in tree.walk_commands():
        out.append(("command", command_key(cmd.qualified_name), cmd.qualified_name))
        if isinstance(cmd, app_commands.Command):
            for param in cmd.parameters:
                out.append(("option", option_key(cmd.qualified_name, param.display_name), None))
                for choice in param.choices:
                    key = choice_message_key(choice) or choice_key(choice.value)
                    out.append(("choice", key, None))
    return out


async def test_every_command_option_and_choice_has_a_valid_russian_name(tmp_path: Path) -> None:
    from bot.sandbox.harness import running_table

    async with running_table(tmp_path / "db.sqlite3") as table:
        entries = _walk(table.bot.tree)
    missing: list[str] = []
    bad: list[str] = []
    for kind, key, _ in entries:
        if kind == "choice":
            if not has("ru", key):
                missing.append(key)
            elif not 1 <= len(t("ru", key)) <= 100:
                bad.append(key)
            continue
        name, desc = attribute("ru", key, "name"), attribute("ru", key, "desc")
        if name is None or desc is None:
            missing.append(key)
            continue
        if not NAME.match(name) or name != name.lower():
            bad.append(f"{key}: name {name!r}")
        if not 1 <= len(desc) <= 100:
            bad.append(f"{key}: description of {len(desc)} characters")
    assert missing == []
    assert bad == []


def test_russian_numbers_use_the_decimal_comma_in_every_game() -> None:
    from bot.catalog import decimal, fraction_percent
    from bot.rules import imperium as im
    from cogs import asteroid_belt, imperium, weewar

    sixth = Fraction(1, 6)
    assert decimal("ru", "16.7 %") == "16,7 %" and decimal("en", "16.7 %") == "16.7 %"
    assert fraction_percent("ru", sixth) == "1/6 ≈ 16,7 %"
    frontier = im.ShipMaintenance(
        "F", "terran", 2, "frontier", "disrupted", "destroyed", 1, im.frontier_odds(2, True)
    )
    paid: dict[im.Side, int] = {"terran": 0, "imperial": 0}
    maintenance = im.MaintenanceOutcome("Sol", 0, 0, paid, (frontier,))
    assert "16,7 %" in imperium.render_maintenance(maintenance, "ru").fields[0].value
    assert "58,3 %" in str(asteroid_belt.render_odds("ru", "assault", "engineer").description)
    chart = weewar.render_chart("ru", (Fraction(5, 6), sixth), 1)
    assert "16,7 %" in chart and "83,3 %" in chart and "." not in chart.replace("```", "")
    english = weewar.render_chart("en", (Fraction(5, 6), sixth), 1)
    assert "16.7%" in english


def test_one_number_formatter_rounds_half_up_in_the_readers_notation() -> None:
    from bot.catalog import number, percent

    assert percent("en", Fraction(1, 6)) == "16.7 %" and percent("ru", Fraction(1, 6)) == "16,7 %"
    assert percent("en", Fraction(1, 16)) == "6.3 %"  # half up, exactly (a float says 6.2)
    assert percent("en", Fraction(1, 3), space=False) == "33.3%"
    assert number("ru", Fraction(7, 3), 2) == "2,33" and number("en", Fraction(-7, 3), 2) == "-2.33"
    assert number("en", 5, 0) == "5" and percent("en", 1) == "100.0 %"
    assert number("ru", Fraction(1, 2), 2, trim=True) == "0,5"
    assert number("en", Fraction(1), 2, trim=True) == "1"


@pytest.mark.parametrize(
    ("p", "en", "ru"),
    [
        (Fraction(1), "1/1 = 100 %", "1/1 = 100 %"),  # a pool of one
        (Fraction(1, 2), "1/2 = 50 %", "1/2 = 50 %"),
        (Fraction(1, 8), "1/8 = 12.5 %", "1/8 = 12,5 %"),  # exact to one decimal
        (Fraction(3, 40), "3/40 = 7.5 %", "3/40 = 7,5 %"),
        (Fraction(37, 120), "37/120 ≈ 30.8 %", "37/120 ≈ 30,8 %"),
        (Fraction(1, 6), "1/6 ≈ 16.7 %", "1/6 ≈ 16,7 %"),
        (Fraction(1, 3), "1/3 ≈ 33.3 %", "1/3 ≈ 33,3 %"),
        (Fraction(1, 16), "1/16 ≈ 6.3 %", "1/16 ≈ 6,3 %"),  # the catalog's half up
    ],
)
def test_an_exact_chance_as_its_fraction_and_percentage(p: Fraction, en: str, ru: str) -> None:
    """An exact chance (Imperial Assault's picks): ``=`` when the percentage shown is exact."""
    from bot.catalog import fraction_percent

    assert fraction_percent("en", p) == en
    assert fraction_percent("ru", p) == ru


def test_a_modifier_keeps_its_sign_in_every_game() -> None:
    from bot.catalog import render, signed
    from bot.rules.msg import Msg, Signed

    assert [signed(n) for n in (2, 0, -1)] == ["+2", "+0", "-1"]
    assert render("en", Msg.of("roll-total", total=Signed(3))).endswith("+3**")


def test_a_refusal_repeating_a_huge_name_stays_one_short_line() -> None:
    """Discord lets a string option hold 6 000 characters; Fluent refuses a placeable over
    1 000, so the refusal could not be rendered at all (the command went unanswered)."""
    from bot.catalog import ECHO_LIMIT, refusal
    from bot.rules.errors import InputError

    error = InputError(key="imp-no-system", name="V" * 6000)
    for loc in ("en", "ru"):
        line = refusal(error, loc)
        assert "V" * (ECHO_LIMIT - 1) + "…" in line and "V" * ECHO_LIMIT not in line
        assert len(line) < 250 and "\n" not in line


def test_a_dice_total_with_decimals_is_written_in_the_readers_notation() -> None:
    from cogs.roll import shown

    assert shown("en", 3.5) == "3.5" and shown("ru", 3.5) == "3,5"
    assert shown("ru", 7.0) == "7" and shown("ru", 12) == "12" and shown("en", 2.25) == "2.25"
