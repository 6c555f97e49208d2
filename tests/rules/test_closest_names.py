"""A mistyped name is answered with the closest names the game knows, in either language, and
a list of names is never cut in the middle of one."""

from __future__ import annotations

import pytest

from bot.catalog import refusal
from bot.rules import asteroid_belt as ab
from bot.rules import imperium as im
from bot.rules import weewar as w
from bot.rules.errors import BotError, InputError
from bot.rules.names import closest
from bot.rules.weewar.tables import unit_names

UNITS = ["Trooper", "Heavy Trooper", "Tank", "Heavy Tank", "Jet"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Tnak", ["Tank"]),  # two letters swapped
        ("hea", ["Heavy Trooper", "Heavy Tank"]),  # a prefix comes first
        ("tank", ["Tank", "Heavy Tank"]),  # then a name with a word starting with it
        ("roop", ["Trooper", "Heavy Trooper"]),  # then names containing it
        ("Jte", ["Jet"]),
        ("Qwerty", []),  # nothing near
        ("", []),
    ],
)
def test_closest_names(typed: str, expected: list[str]) -> None:
    assert closest(typed, UNITS) == expected


def test_closest_finds_a_russian_spelling_for_a_russian_slip() -> None:
    assert closest("инженр", ["engineer", "инженер", "штурм"]) == ["инженер"]
    assert closest("ЁЛКА", ["елка"]) == ["елка"]  # ё and е, any case


def test_closest_keeps_the_limit() -> None:
    assert closest("t", ["ta", "tb", "tc", "td"], limit=2) == ["ta", "tb"]


def _refused(fn: object, *args: object) -> BotError:
    with pytest.raises(BotError) as caught:
        fn(*args)  # type: ignore[operator]
    return caught.value


def test_weewar_unit_slip_names_the_unit_in_both_languages() -> None:
    err = _refused(w.find_unit, "Tnak")
    assert err.key == "ww-unknown-unit"
    assert refusal(err) == "Unknown unit “Tnak”; did you mean Tank?"
    assert refusal(err, "ru") == "Неизвестный юнит «Tnak»; может быть, Tank?"


def test_weewar_lists_every_unit_whole_when_nothing_is_near() -> None:
    err = _refused(w.find_unit, "Zeppelin")
    assert err.key == "ww-unknown-unit-all"
    text = refusal(err)
    assert "…" not in text
    assert text == "Unknown unit “Zeppelin”; units are: " + ", ".join(unit_names()) + "."
    assert refusal(err, "ru").endswith(", ".join(unit_names()) + ".")


def test_imperium_system_and_ship_slips_are_answered_with_the_closest() -> None:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=1)
    err = _refused(im.find_system, state, "Sool")
    assert isinstance(err, InputError) and err.key == "imp-no-system-hint"
    assert refusal(err) == (
        "No system called 'Sool'. Did you mean Sol? Add it with /imperium system set."
    )
    assert refusal(err, "ru").startswith("Нет системы «Sool». Может быть, Sol?")


def test_asteroid_belt_unit_and_civilisation_slips_in_both_languages() -> None:
    err = _refused(ab.parse_unit, "enginer")
    assert err.key == "ab-err-unknown-unit-hint"
    assert refusal(err).startswith("Unknown unit 'enginer': did you mean engineer?")
    err = _refused(ab.parse_unit, "инженр")
    assert refusal(err, "ru").startswith("Неизвестный отряд «инженр»: может быть, инженер?")
    err = _refused(ab.parse_civ, "violte")
    assert refusal(err) == (
        "Unknown civilisation 'violte': did you mean violet? "
        "Civilisations are violet, orange, green."
    )
    err = _refused(ab.parse_civ, "оранжвая")
    assert refusal(err, "ru").startswith(
        "Неизвестная цивилизация «оранжвая»: может быть, оранжевая?"
    )
    # nothing near: the plain refusal with the whole list, as before
    assert _refused(ab.parse_unit, "zzz").key == "ab-err-unknown-unit"


def test_echoed_text_is_cut_at_a_word_end() -> None:
    err = InputError(key="ww-unknown-unit-all", text="word " * 40, names="")
    shown = refusal(err)
    echoed = shown.split("“")[1].split("”")[0]
    assert echoed.endswith("word…") and len(echoed) <= 100


def test_imperial_assault_group_slip_offers_the_nearest_groups() -> None:
    from bot.rules.imperial_assault.tables import groups_by_id, resolve_group

    ids = [g for g in groups_by_id() if groups_by_id()[g].name in ("Stormtrooper", "Probe Droid")]
    err = _refused(resolve_group, "Stromtrooper", ids, "group to deploy")
    assert err.key == "ia-no-such"
    text = refusal(err)
    assert text.startswith("No group to deploy called 'Stromtrooper'; try Stormtrooper")
    assert "Probe Droid" not in text


def test_imperial_assault_expansion_slip_names_the_code_to_type() -> None:
    from bot.rules.imperial_assault.tables import parse_expansions

    err = _refused(parse_expansions, "Core, Twin Shdows")
    assert err.key == "ia-unknown-expansion-hint"
    assert refusal(err) == "Unknown expansion 'Twin Shdows'; did you mean Twin?"
    assert refusal(err, "ru") == "Неизвестное дополнение «Twin Shdows»; может быть, Twin?"
    assert parse_expansions("Core, Twin") == ["Core", "Twin"]
    assert _refused(parse_expansions, "zzz").key == "ia-unknown-expansion"
