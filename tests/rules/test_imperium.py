"""GDW Imperium fix kit rules: the tables, the roster, the first war and interwar. Expected
values come from the fix kit's text or are worked by hand."""

from __future__ import annotations

import pytest

from bot.catalog import render
from bot.rules import imperium as im
from bot.rules.errors import InputError, RuleError
from tests.refusals import raises_refusal
from tests.rules.imperium_helpers import NO_DICE, add, campaign

# ------------------------------------------------------------------------------------------
# Tables
# ------------------------------------------------------------------------------------------


def test_fix_kit_numbers_in_the_table() -> None:
    t = im.tables()
    assert t.tactical_speed == {
        "freighter": 1,
        "tanker": 1,
        "capital": 2,
        "fighter": 3,
        "troop": 3,
        "other": 3,
    }
    assert t.disrupted_speed_loss == 1
    assert t.surface_speed["troop"] == 2 and t.surface_speed["fighter"] == 3
    assert all(t.surface_speed[c] == 0 for c in ("freighter", "tanker", "capital", "other"))
    assert t.surface_defence == {"pds": 2, "fighter": 2, "outpost": 2, "world": 4, "homeworld": 6}
    assert t.maintenance_factors == {"outpost": 6, "world": 20}
    assert t.production_cost["scout"] == 2
    assert t.maintenance_numbers == {"missile boat": 2, "mothership": 3}
    assert t.surface_rounds == 3


@pytest.mark.parametrize(
    ("tclass", "disrupted", "speed"),
    [
        ("freighter", False, 1),
        ("tanker", False, 1),
        ("capital", False, 2),
        ("fighter", False, 3),
        ("troop", False, 3),
        ("other", False, 3),
        ("freighter", True, 0),
        ("capital", True, 1),
        ("other", True, 2),
    ],
)
def test_tactical_speed(tclass: im.TClass, disrupted: bool, speed: int) -> None:
    ship = im.Ship(
        name="x",
        side="terran",
        type="x",
        tclass=tclass,
        maintenance=1,
        system="Sol",
        disrupted=disrupted,
        strength=1,
    )
    assert im.tactical_speed(ship) == speed


def test_surface_defence_of_systems() -> None:
    assert im.StarSystem(name="a", worlds=1).surface_defence == 4
    assert im.StarSystem(name="a", worlds=1, homeworld=True).surface_defence == 6
    assert im.StarSystem(name="a", worlds=2, homeworld=True, outposts=1).surface_defence == 12
    assert im.StarSystem(name="a", outposts=3).surface_defence == 6


def test_surface_factors() -> None:
    state = campaign()
    state = add(state, "T1", "terran", "troop", strength=5)
    state = add(state, "F1", "terran", "fighter")
    state = add(state, "P1", "terran", "other", type_name="Planetary Defence System")
    state = add(state, "C1", "terran", "capital")
    factors = {s.name: im.surface_factor(s) for s in state.ships}
    assert factors == {"T1": 5, "F1": 2, "P1": 2, "C1": 0}


# ------------------------------------------------------------------------------------------
# Roster
# ------------------------------------------------------------------------------------------


def test_fix_kit_maintenance_numbers_fill_in() -> None:
    state = campaign()
    state, mb = im.add_ship(
        state,
        name="MB-1",
        side="terran",
        type_name="Missile Boat",
        tclass="other",
        system="sol",
    )
    state, ms = im.add_ship(
        state,
        name="Mom",
        side="terran",
        type_name="mothership",
        tclass="capital",
        system="Sol",
        carries=4,
    )
    assert mb.ship.maintenance == 2 and ms.ship.maintenance == 3
    assert mb.ship.system == "Sol"
    with raises_refusal(RuleError, match="maintenance number 2"):
        im.add_ship(
            state,
            name="MB-2",
            side="terran",
            type_name="MB",
            tclass="other",
            maintenance=4,
            system="Sol",
        )
    with raises_refusal(InputError, match="maintenance number printed"):
        im.add_ship(
            state, name="CR-9", side="terran", type_name="CR", tclass="capital", system="Sol"
        )
    with raises_refusal(InputError, match="tactical class"):
        im.add_ship(state, name="CR-9", side="terran", type_name="CR", maintenance=4, system="Sol")
    with raises_refusal(InputError, match="already a ship"):
        add(state, "mb-1", "terran", "other")


def test_type_names_a_class_and_fighters_do_not_jump() -> None:
    state = campaign()
    state, f = im.add_ship(
        state, name="F1", side="terran", type_name="Fighters", maintenance=1, system="Sol"
    )
    assert f.ship.tclass == "fighter" and f.ship.jump is False
    state, t = im.add_ship(
        state, name="Tk", side="terran", type_name="tanker", maintenance=1, system="Sol"
    )
    assert t.ship.tclass == "tanker" and t.ship.jump is True


def test_lookups_are_case_insensitive_and_suggest() -> None:
    state = campaign()
    state = add(state, "Victory", "terran", "capital")
    assert im.find_ship(state, "  vICTORY ").name == "Victory"
    assert im.find_system(state, "alpha centauri").name == "Alpha Centauri"
    with raises_refusal(InputError, match="Did you mean Victory"):
        im.find_ship(state, "vic")
    with raises_refusal(InputError, match="No system called 'Vega'"):
        im.find_system(state, "Vega")
    assert im.system_suggestions(state, "a") == ["Alpha Centauri", "Barnard"]  # prefix first
    assert im.system_suggestions(state, "ar") == ["Barnard"]  # inside the name


def test_suggestions_never_exceed_25() -> None:
    state = campaign()
    for i in range(30):
        state, _ = im.set_system(state, f"Star {i:02d}")
    assert len(im.system_suggestions(state, "")) == 25
    assert len(im.system_suggestions(state, "star")) == 25
    assert im.system_suggestions(state, "star 2")[:2] == ["Star 20", "Star 21"]


def test_refused_actions_change_nothing() -> None:
    state = campaign()
    state = add(state, "A", "terran", "capital")
    before = state.model_dump(mode="json")
    with pytest.raises(InputError):
        im.move_ship(state, "A", "Nowhere")
    with pytest.raises(RuleError):
        im.set_disrupted(state, "A", False)
    with pytest.raises(RuleError):
        im.roll_initiative(state, "Sol", NO_DICE)  # no Imperial ship there
    assert state.model_dump(mode="json") == before


def test_state_round_trips_through_json() -> None:
    state = campaign(terran=5)
    state = add(state, "A", "terran", "capital", screen=3, disrupted=True)
    state = add(state, "B", "imperial", "other")
    state, _ = im.roll_initiative(state, "Sol", NO_DICE)
    dumped = state.model_dump(mode="json")
    assert im.ImperiumState.model_validate(dumped) == state
    assert im.ImperiumState.model_validate(dumped).model_dump(mode="json") == dumped


# ------------------------------------------------------------------------------------------
# First war and interwar
# ------------------------------------------------------------------------------------------


def test_first_war_setup() -> None:
    state, _ = im.new_campaign([1], [2], first_war=True)
    worlds = sorted(s.name for s in state.systems if s.worlds == 1)
    outposts = sorted(s.name for s in state.systems if s.outposts == 1)
    assert worlds == sorted(
        ["Dingir", "Gashidda", "Ishkur", "Tau Ceti", "Epsilon Eridani", "Nusku"]
    )
    assert outposts == sorted(
        [
            "Shulgi",
            "Kinunir",
            "Shulgiili",
            "Enki Kalamma",
            "Shuruppak",
            "Markhashi",
            "Zaggisi",
            "Apishal",
            "Dushaam",
        ]
    )
    assert all(s.owner == "imperial" for s in state.systems)
    assert im.find_system(state, "Epsilon Eridari").name == "Epsilon Eridani"


def test_war_start_limit_is_checked() -> None:
    state, _ = im.new_campaign([1], [2], first_war=True)
    # Shulgi, one outpost: 6 factors. Three missile boats (2 each) fit, a fourth does not.
    for i in range(3):
        state, _ = im.add_ship(
            state,
            name=f"MB{i}",
            side="imperial",
            type_name="missile boat",
            tclass="other",
            system="Shulgi",
        )
    with raises_refusal(RuleError, match="routine maintenance limit"):
        im.add_ship(
            state,
            name="MB3",
            side="imperial",
            type_name="missile boat",
            tclass="other",
            system="Shulgi",
        )
    # a Terran ship in an Imperial system has no routine maintenance at all
    with raises_refusal(RuleError, match="gives them 0"):
        im.add_ship(
            state,
            name="T",
            side="terran",
            type_name="scout",
            tclass="other",
            maintenance=1,
            system="Dingir",
        )
    state, _ = im.begin_war(state)
    state, _ = im.add_ship(
        state,
        name="MB3",
        side="imperial",
        type_name="missile boat",
        tclass="other",
        system="Shulgi",
    )  # at war: no set-up limit
    state, _ = im.interwar(state)
    with raises_refusal(RuleError, match="cannot begin"):
        im.begin_war(state)


def test_interwar_gives_a_full_turn_of_income() -> None:
    state = campaign(terran=3, imperial=10)
    state, _ = im.set_rus(state, "terran", income=12)
    state, _ = im.set_rus(state, "imperial", income=20)
    new, out = im.interwar(state)
    assert new.rus == {"terran": 15, "imperial": 30}
    assert new.at_war is False and new.war == 2
    assert state.rus == {"terran": 3, "imperial": 10}
    assert out.income == {"terran": 12, "imperial": 20} and out.war == 2
    with pytest.raises(RuleError):
        im.interwar(new)


# ------------------------------------------------------------------------------------------
# Properties and a sampling cross-check
# ------------------------------------------------------------------------------------------


def test_summarize_is_one_line() -> None:
    line = render("en", im.summarize(add(campaign(terran=4), "A", "terran", "capital")))
    assert "\n" not in line
    assert "Terran 4 RU, 1 ship; Imperial 0 RU, 0 ships;" in line
