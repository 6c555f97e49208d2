"""The Weewar tables: every number as in the seed (rows typed by hand from the specification)."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bot.catalog import refusal
from bot.datafiles import load_json
from bot.rules import weewar as w
from bot.rules.errors import InputError

CLASSES = ["hard", "soft", "sub", "boat", "amphibic", "air", "speedboat"]


def per(*values: int) -> dict[str, int]:
    assert len(values) == 7
    return dict(zip(CLASSES, values, strict=True))


# name: (class, attack hard..speedboat, defence, mobility, after attack, range, credits)
UNIT_ROWS: dict[str, tuple[str, tuple[int, ...], int, int, int, tuple[int, int], int]] = {
    "Trooper": ("soft", (3, 6, 0, 3, 3, 0, 3), 6, 9, 0, (1, 1), 75),
    "Tank": ("hard", (7, 10, 0, 7, 7, 0, 7), 10, 9, 0, (1, 1), 300),
    "Anti Aircraft": ("hard", (3, 8, 0, 3, 3, 9, 3), 4, 9, 0, (1, 3), 300),
    "Helicopter": ("air", (10, 16, 0, 8, 12, 6, 12), 10, 15, 3, (1, 1), 600),
    "Heavy Artillery": ("hard", (10, 12, 0, 10, 10, 0, 10), 4, 6, 0, (3, 4), 600),
    "Jet": ("air", (8, 6, 0, 6, 6, 16, 6), 12, 18, 6, (1, 1), 800),
    "Destroyer": ("boat", (10, 10, 16, 10, 12, 12, 12), 12, 12, 0, (1, 3), 900),
    "Bomber": ("air", (14, 14, 0, 14, 14, 0, 14), 10, 18, 6, (1, 1), 900),
    "Submarine": ("sub", (0, 0, 10, 16, 0, 0, 0), 10, 9, 0, (1, 2), 1000),
    "DFA": ("hard", (14, 16, 0, 14, 14, 0, 14), 4, 6, 0, (2, 5), 1200),
    "Battleship": ("boat", (14, 10, 4, 14, 14, 6, 14), 14, 6, 0, (1, 4), 2000),
}

# name: (Ta per class, Td per class, movement cost per class)
TERRAIN_ROWS: dict[str, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {
    "Airfield": ((0, 2, -2, 0, 0, 3, 0), (-1, 2, -1, -1, -1, 3, 0), (2, 3, 99, 99, 3, 3, 99)),
    "Bridge": ((0, 0, 0, 0, 0, 0, 0), (-2, -2, 0, 0, 0, 0, 0), (3, 3, 3, 3, 3, 3, 3)),
    "Mountains": ((-10, 2, 0, 0, 0, 0, 0), (-10, 4, 0, 0, 0, 0, 0), (99, 6, 99, 99, 99, 3, 99)),
    "Plains": ((0, 0, 0, 0, 0, 0, 0), (0, 0, 0, 0, 0, 0, 0), (3, 3, 99, 99, 3, 3, 99)),
    "Repairshop": ((0, 0, 0, 0, 0, 0, 0), (-6, -6, 0, 0, 0, 0, 0), (3, 3, 99, 99, 3, 3, 99)),
    "Water": ((-10, -10, 0, 0, 0, 0, 0), (-10, -10, 0, 0, 0, 0, 0), (99, 99, 3, 3, 3, 3, 3)),
    "Woods": ((0, 2, 0, 0, 0, 0, 0), (-3, 3, 0, 0, 0, 0, 0), (6, 4, 99, 99, 99, 3, 99)),
    "Harbor": ((0, 2, -2, 0, 0, 0, 0), (-1, 2, -1, -1, -1, 0, 0), (2, 3, 3, 3, 3, 3, 3)),
}


def test_all_units_and_terrains_are_there_in_seed_order() -> None:
    assert w.unit_names() == [
        "Trooper",
        "Heavy Trooper",
        "Speedboat",
        "Light Artillery",
        "Raider",
        "Hovercraft",
        "Tank",
        "Anti Aircraft",
        "Assault Artillery",
        "Helicopter",
        "Heavy Artillery",
        "Heavy Tank",
        "Jet",
        "Destroyer",
        "Bomber",
        "Berserker",
        "Submarine",
        "DFA",
        "Battleship",
    ]
    # The seed's three Bridge rows (hex orientations, same numbers) are one terrain.
    assert w.terrain_names() == [
        "Airfield",
        "Base",
        "Bridge",
        "Desert",
        "Harbor",
        "Mountains",
        "Plains",
        "Repairshop",
        "Swamp",
        "Water",
        "Woods",
    ]


@pytest.mark.parametrize("name", sorted(UNIT_ROWS))
def test_unit_rows_match_the_seed(name: str) -> None:
    cls, attack, defence, mobility, after, (lo, hi), credits = UNIT_ROWS[name]
    unit = w.find_unit(name)
    assert unit.unit_class == cls
    assert unit.attack.model_dump() == per(*attack)
    assert unit.defence == defence
    assert (unit.mobility, unit.mobility_after_attack) == (mobility, after)
    assert (unit.range_min, unit.range_max) == (lo, hi)
    assert unit.credits == credits


@pytest.mark.parametrize("name", sorted(TERRAIN_ROWS))
def test_terrain_rows_match_the_seed(name: str) -> None:
    ta, td, move = TERRAIN_ROWS[name]
    terrain = w.find_terrain(name)
    assert terrain.attack.model_dump() == per(*ta)
    assert terrain.defence.model_dump() == per(*td)
    assert terrain.movement_cost.model_dump() == per(*move)


def test_capture_and_income_flags() -> None:
    # The seed leaves these columns blank; the data follows the original game (documented).
    capturers = {u.name for u in w.tables().units if u.can_capture}
    assert capturers == {"Trooper", "Heavy Trooper", "Hovercraft"}
    captured = {t.name for t in w.tables().terrains if t.can_be_captured}
    income = {t.name for t in w.tables().terrains if t.generates_income}
    assert captured == income == {"Airfield", "Base", "Harbor"}


def _raw() -> dict[str, Any]:
    return copy.deepcopy(load_json("weewar.json"))


def test_tables_reject_a_missing_class_number() -> None:
    raw = _raw()
    del raw["units"][0]["attack"]["air"]
    with pytest.raises(ValidationError):
        w.WeewarTables.model_validate(raw)


def test_tables_reject_an_inverted_range() -> None:
    raw = _raw()
    raw["units"][0]["range_min"] = 3
    with pytest.raises(ValidationError, match="range_min"):
        w.WeewarTables.model_validate(raw)


def test_tables_reject_duplicate_names() -> None:
    raw = _raw()
    raw["terrains"].append(copy.deepcopy(raw["terrains"][2]))
    with pytest.raises(ValidationError, match="duplicate terrain"):
        w.WeewarTables.model_validate(raw)


def test_tables_reject_an_unknown_class() -> None:
    raw = _raw()
    raw["units"][0]["unit_class"] = "cavalry"
    with pytest.raises(ValidationError):
        w.WeewarTables.model_validate(raw)


# -- names ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("tank", "Tank"),
        ("HEAVY TANK", "Heavy Tank"),
        ("anti-aircraft", "Anti Aircraft"),
        ("  heavy   artillery ", "Heavy Artillery"),
        ("dfa", "DFA"),
        ("bers", "Berserker"),  # a unique prefix is enough
    ],
)
def test_unit_lookup_is_case_insensitive(typed: str, name: str) -> None:
    assert w.find_unit(typed).name == name


def test_terrain_lookup_is_case_insensitive() -> None:
    assert w.find_terrain("mOuNtAiNs").name == "Mountains"
    assert w.find_terrain("repair").name == "Repairshop"


def test_ambiguous_prefix_is_refused_with_the_candidates() -> None:
    with pytest.raises(InputError) as err:
        w.find_unit("heavy")
    assert refusal(err.value) == (
        "“heavy” could be Heavy Trooper, Heavy Artillery or Heavy Tank: give the full unit name."
    )


def test_unknown_name_offers_substring_matches() -> None:
    with pytest.raises(InputError) as err:
        w.find_unit("artillery gun")
    assert "Unknown unit" in refusal(err.value)
    with pytest.raises(InputError) as err2:
        w.find_terrain("lava")
    assert refusal(err2.value).startswith("Unknown terrain “lava”; terrains are: Airfield, Base")
    assert "\n" not in refusal(err2.value)


def test_unit_suggestions_prefix_first_then_substring() -> None:
    assert w.suggest_units("tank") == ["Tank", "Heavy Tank"]
    assert w.suggest_units("art") == ["Light Artillery", "Assault Artillery", "Heavy Artillery"]
    assert w.suggest_units("H") == [
        "Heavy Trooper",
        "Hovercraft",
        "Helicopter",
        "Heavy Artillery",
        "Heavy Tank",
        "Light Artillery",
        "Battleship",
    ]
    assert w.suggest_units("ship") == ["Battleship"]
    assert w.suggest_units("zzz") == []
    assert len(w.suggest_units("")) == 19


def test_terrain_suggestions() -> None:
    assert w.suggest_terrains("b") == ["Base", "Bridge", "Harbor"]
    assert w.suggest_terrains("WA") == ["Water", "Swamp"]


@given(st.text(max_size=12))
def test_suggestions_are_real_names_and_at_most_25(text: str) -> None:
    for suggest, names in (
        (w.suggest_units, w.unit_names()),
        (w.suggest_terrains, w.terrain_names()),
    ):
        got = suggest(text)
        assert len(got) <= 25
        assert len(set(got)) == len(got)
        assert set(got) <= set(names)
