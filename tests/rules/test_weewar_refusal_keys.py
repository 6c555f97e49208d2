"""Weewar refusals and the no-counter-strike reason carry catalog keys: English as before,
Russian from the ru catalog (unit and terrain names stay as printed)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalog import has, refusal, t
from bot.rules import weewar as w
from bot.rules.errors import BotError

CASES: list[tuple[dict[str, Any], str, str, str]] = [
    (
        {"attacker": "Submarine", "defender": "Tank"},
        "ww-cannot-attack",
        "Submarine cannot attack Tank: attack 0 against hard units",
        "Submarine не может атаковать Tank: атака 0 против бронетехники",
    ),
    (
        {"attacker": "Heavy Artillery", "defender": "Tank", "distance": 1},
        "ww-out-of-range",
        "Heavy Artillery fires at range 3–4; distance 1 is out of range",
        "Heavy Artillery стреляет на дальность 3–4; дистанция 1 вне досягаемости",
    ),
    (
        {"attacker": "Tank", "defender": "Trooper", "attacker_terrain": "Water"},
        "ww-cannot-enter",
        "Tank cannot be on Water: hard units cannot enter it (movement cost 99)",
        "Tank не может стоять на Water: местность недоступна для бронетехники "
        "(стоимость движения 99)",
    ),
    (
        {"attacker": "Tank", "defender": "Tank", "attackers": 11},
        "ww-count-range",
        "`attackers` is the number of sub units: give 1 to 10, not 11.",
        "`число-атакующих` — число единиц: укажите от 1 до 10, а не 11.",
    ),
    (
        {"attacker": "Tank", "defender": "Tank", "flank": -1},
        "ww-gang-up-negative",
        "`flank` counts earlier attacks: give 0 or more.",
        "`с-фланга` — число предыдущих атак: укажите 0 или больше.",
    ),
    (
        {"attacker": "Tank", "defender": "Tank", "distance": 0},
        "ww-distance-positive",
        "`distance` is in hexes: give 1 or more, not 0.",
        "`дистанция` — в гексах: укажите 1 или больше, а не 0.",
    ),
    (
        {"attacker": "Tank", "defender": "Tank", "rules": "house"},
        "ww-rules-unknown",
        "`rules` must be published or server, not house.",
        "`правила`: опубликованная формула или серверная, а не house.",
    ),
    (
        {"attacker": "heavy", "defender": "Tank"},
        "ww-ambiguous-unit",
        "“heavy” could be Heavy Trooper, Heavy Artillery or Heavy Tank: give the full unit name.",
        "«heavy» может означать Heavy Trooper, Heavy Artillery или Heavy Tank: "
        "укажите юнит полностью.",
    ),
    (
        {"attacker": "Tank", "defender": "Tank", "defender_terrain": "ood"},
        "ww-unknown-terrain",
        "Unknown terrain “ood”; did you mean Woods?",
        "Неизвестная местность «ood»; может быть, Woods?",
    ),
    (
        {"attacker": "Zeppelin", "defender": "Tank"},
        "ww-unknown-unit-all",
        "Unknown unit “Zeppelin”; units are: Trooper, Heavy Trooper, Speedboat,",
        "Неизвестный юнит «Zeppelin»; юниты: Trooper, Heavy Trooper, Speedboat,",
    ),
    (
        {"attacker": " ", "defender": "Tank"},
        "ww-give-unit",
        "Give a unit name, e.g. Trooper.",
        "Укажите юнит, например Trooper.",
    ),
]


@pytest.mark.parametrize(("kwargs", "key", "english", "russian"), CASES)
def test_refusals_have_keys_and_both_languages(
    kwargs: dict[str, Any], key: str, english: str, russian: str
) -> None:
    with pytest.raises(BotError) as err:
        w.make_setup(**kwargs)
    assert err.value.key == key
    assert refusal(err.value).startswith(english)
    assert refusal(err.value, "en") == refusal(err.value)
    assert refusal(err.value, "ru").startswith(russian)
    assert "\n" not in refusal(err.value, "ru")


def test_no_counter_reason_is_a_catalog_message() -> None:
    battle = w.plan(w.make_setup("Helicopter", "Tank"))
    why = battle.no_counter
    assert why is not None and why.key == "ww-no-counter-attack"
    assert t("en", why.key, **dict(why.args)) == (
        "No counter-strike: Tank has attack 0 against air units"
    )
    assert (
        t("ru", why.key, **dict(why.args)) == "Ответного удара нет: у Tank атака 0 против авиации"
    )
    battle = w.plan(w.make_setup("DFA", "Anti Aircraft", distance=5))
    why = battle.no_counter
    assert why is not None and why.key == "ww-no-counter-range"
    assert t("ru", why.key, **dict(why.args)) == (
        "Ответного удара нет: Anti Aircraft стреляет на дальность 1–3; дистанция 5 вне досягаемости"
    )
    assert w.plan(w.make_setup("Tank", "Tank")).no_counter is None


@pytest.mark.parametrize("unit_class", w.CLASSES)
def test_every_unit_class_has_both_russian_forms(unit_class: w.UnitClass) -> None:
    for msg in (w.class_name(unit_class), w.class_of(unit_class)):
        assert has("en", msg.key) and has("ru", msg.key)
        assert t("en", msg.key) == unit_class  # English keeps the specification's words
        assert t("ru", msg.key) != unit_class
