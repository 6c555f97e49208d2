"""GDW Imperium fix kit rules. Expected values come from the fix kit's text or are worked by
hand (two-dice counts out of 36 are written out in the comments)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.catalog import render
from bot.rules import imperium as im
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError, RuleError
from tests.refusals import raises_refusal

NO_DICE = ScriptedDice([])


def campaign(**rus: int) -> im.ImperiumState:
    state = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=1, homeworld=True)
    state, _ = im.set_system(state, "Alpha Centauri", owner="terran", worlds=2)
    state, _ = im.set_system(state, "Barnard", owner="terran", outposts=1)
    state, _ = im.set_system(state, "Dingir", owner="imperial", worlds=1)
    state = im.begin_war(state)
    for side, value in rus.items():
        state = im.set_rus(state, side, stock=value)  # type: ignore[arg-type]
    return state


def add(
    state: im.ImperiumState,
    name: str,
    side: im.Side,
    tclass: im.TClass,
    system: str = "Sol",
    maintenance: int | None = 2,
    **kw: Any,
) -> im.ImperiumState:
    type_name = kw.pop("type_name", tclass)
    new, _ = im.add_ship(
        state,
        name=name,
        side=side,
        type_name=type_name,
        tclass=tclass,
        maintenance=maintenance,
        system=system,
        **kw,
    )
    return new


def at_round(state: im.ImperiumState, system: str, last: im.Side, rnd: int = 1, **kw: Any):
    new = state.model_copy(deep=True)
    combat = im.Combat(system=system, round=rnd, last_initiative=last, range="long", **kw)
    new.combats = [combat]
    return new


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
    assert mb.maintenance == 2 and ms.maintenance == 3
    assert mb.system == "Sol"
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
    assert f.tclass == "fighter" and f.jump is False
    state, t = im.add_ship(
        state, name="Tk", side="terran", type_name="tanker", maintenance=1, system="Sol"
    )
    assert t.tclass == "tanker" and t.jump is True


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
    state = im.new_campaign([1], [2], first_war=True)
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
    state = im.new_campaign([1], [2], first_war=True)
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
    state = im.begin_war(state)
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
    state = im.set_rus(state, "terran", income=12)
    state = im.set_rus(state, "imperial", income=20)
    new, out = im.interwar(state)
    assert new.rus == {"terran": 15, "imperial": 30}
    assert new.at_war is False and new.war == 2
    assert state.rus == {"terran": 3, "imperial": 10}
    assert out.income == {"terran": 12, "imperial": 20} and out.war == 2
    with pytest.raises(RuleError):
        im.interwar(new)


# ------------------------------------------------------------------------------------------
# Initiative
# ------------------------------------------------------------------------------------------


def test_first_round_phasing_player_has_initiative_without_a_roll() -> None:
    state = add(add(campaign(), "A", "terran", "capital"), "B", "imperial", "other")
    state = im.set_phasing(state, "imperial")
    new, out = im.roll_initiative(state, "Sol", ScriptedDice([]))  # any draw would fail
    assert out.holder == "imperial" and not out.rolled and out.round == 1
    combat = im.find_combat(new, "sol")
    assert combat is not None and combat.last_initiative == "imperial" and combat.range == "long"
    assert out.odds == {"imperial": 1, "terran": 0}


def test_first_round_may_set_starting_range_but_not_disengage() -> None:
    state = add(add(campaign(), "A", "terran", "capital"), "B", "imperial", "other")
    _new, out = im.roll_initiative(state, "Sol", NO_DICE, range_choice="short")
    assert out.range_after == "short"
    with raises_refusal(RuleError, match="from round 2"):
        im.roll_initiative(state, "Sol", NO_DICE, range_choice="disengage")


def preview(state: im.ImperiumState) -> tuple[im.SideRoll, im.SideRoll]:
    t, i, _ = im.initiative_preview(state, "Sol")
    return t, i


def test_slowest_ship_modifier_alone() -> None:
    state = campaign()
    state = add(state, "C", "terran", "capital")
    state = add(state, "O", "terran", "other")
    state = add(state, "I1", "imperial", "other")
    state = add(state, "I2", "imperial", "other")
    t, i = preview(state)
    assert (t.slowest, t.slowest_unit, t.modifier) == (2, "C", 2)
    assert (i.slowest, i.modifier) == (3, 3)


def test_disrupted_slowest_ship_is_one_slower() -> None:
    state = campaign()
    state = add(state, "Fr", "terran", "freighter", disrupted=True)
    state = add(state, "I1", "imperial", "capital", disrupted=True)
    t, i = preview(state)
    assert (t.slowest, i.slowest) == (0, 1)


def test_fewer_non_fighter_ships_modifier_alone() -> None:
    state = campaign()
    state = add(state, "O", "terran", "other")
    for n in range(3):
        state = add(state, f"F{n}", "terran", "fighter")  # fighters are not counted
    state = add(state, "I1", "imperial", "other")
    state = add(state, "I2", "imperial", "other")
    t, i = preview(state)
    assert (t.non_fighters, i.non_fighters) == (1, 2)
    assert (t.fewer_bonus, i.fewer_bonus) == (1, 0)
    assert (t.modifier, i.modifier) == (4, 3)


def test_held_last_round_modifier_alone() -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = at_round(state, "Sol", "imperial")
    t, i = preview(state)
    assert (t.held_bonus, i.held_bonus) == (0, 1)
    assert (t.modifier, i.modifier) == (3, 4)


def test_all_modifiers_together_and_the_roll() -> None:
    state = campaign()
    state = add(state, "Fr", "terran", "freighter")  # Terran slowest 1, one non-fighter
    state = add(state, "F", "terran", "fighter")
    state = add(state, "I1", "imperial", "capital")  # Imperial slowest 2, two non-fighters
    state = add(state, "I2", "imperial", "other")
    state = at_round(state, "Sol", "terran")  # Terran held it in round 1
    dice = ScriptedDice([2, 4])  # Terran die 2, Imperial die 4
    _new, out = im.roll_initiative(state, "Sol", dice)
    t, i = out.sides
    # Terran: 2 + 1 (freighter) + 1 (fewer) + 1 (held) = 5; Imperial: 4 + 2 = 6
    assert (t.total, i.total) == (5, 6)
    assert out.holder == "imperial" and not out.tie and out.round == 2
    assert [d.label for d in dice.draws] == [
        "space initiative: Terran",
        "space initiative: Imperial",
    ]
    assert (t.slowest_unit, t.slowest, t.fewer_bonus, t.held_bonus) == ("Fr", 1, 1, 1)
    assert (i.slowest_unit, i.slowest, i.fewer_bonus, i.held_bonus) == ("I1", 2, 0, 0)
    # Terran mod 3 vs Imperial mod 2, Terran held last round: Terran wins on d_T + 1 > d_I,
    # i.e. d_T >= d_I: 21 of 36. A tie (d_I = d_T + 1, 5 ways) goes to Imperial, who also
    # wins on d_I >= d_T + 2 (10 ways): 15 of 36.
    assert out.odds == {"terran": Fraction(21, 36), "imperial": Fraction(15, 36)}


def test_the_58_point_3_percent_case() -> None:
    # Equal modifiers, Terran held the initiative last round: Terran needs a higher die
    # (15 of 36); Imperial wins on a higher die or a tie (15 + 6 = 21 of 36).
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = add(state, "A2", "terran", "other")
    state = at_round(state, "Sol", "terran")
    # Terran: 3 + held 1 = 4; Imperial: 3 + fewer 1 = 4
    _, _, odds = im.initiative_preview(state, "Sol")
    assert odds == {"terran": Fraction(15, 36), "imperial": Fraction(21, 36)}
    _, out = im.roll_initiative(state, "Sol", ScriptedDice([5, 1]))
    assert out.odds == {"terran": Fraction(15, 36), "imperial": Fraction(21, 36)}


def test_initiative_odds_by_hand() -> None:
    # A one higher and held last round: A wins on d_A >= d_B (21/36)
    assert im.initiative_odds(1, 0, True)[0] == Fraction(21, 36)
    # equal, A did not hold: A wins higher or tie = 21/36
    assert im.initiative_odds(0, 0, False)[:2] == (Fraction(21, 36), Fraction(15, 36))
    # six apart: no overlap
    assert im.initiative_odds(6, 0, True)[0] == 1


def test_tie_passes_initiative_and_locks_range() -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = add(state, "B2", "imperial", "other")
    state = at_round(state, "Sol", "imperial")
    # Terran 4 + 3 + fewer 1 = 8, Imperial 4 + 3 + held 1 = 8: a tie
    new, out = im.roll_initiative(state, "Sol", ScriptedDice([4, 4]), range_choice="short")
    assert out.tie and out.holder == "terran"
    combat = im.find_combat(new, "Sol")
    assert combat is not None
    assert combat.range == "long" and combat.range_locked
    assert out.range_requested == "short" and not out.range_applied
    with raises_refusal(RuleError, match="tie"):
        im.choose_range(new, "Sol", "terran", "short")


def test_tie_goes_to_imperial_when_terran_held_it() -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    # Terran d3 + 3 + 1 = 7, Imperial d4 + 3 = 7
    _, out = im.roll_initiative(state, "Sol", ScriptedDice([3, 4]))
    assert out.tie and out.holder == "imperial"


@pytest.mark.parametrize(
    ("start", "choice", "ok"),
    [
        ("long", "short", True),
        ("long", "long", True),
        ("long", "disengage", True),
        ("short", "long", True),
        ("short", "short", True),
        ("short", "disengage", False),
    ],
)
def test_range_steps(start: im.Range, choice: im.Range, ok: bool) -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    state.combats[0].range = start
    # Terran 6 + 3 + 1 beats Imperial 1 + 3
    if ok:
        _new, out = im.roll_initiative(state, "Sol", ScriptedDice([6, 1]), range_choice=choice)
        assert out.holder == "terran"
        if choice != "disengage":
            assert out.range_after == choice
    else:
        with raises_refusal(RuleError, match="From short range the holder may choose short or"):
            im.roll_initiative(state, "Sol", ScriptedDice([6, 1]), range_choice=choice)


def test_choose_range_after_the_roll() -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    new, out = im.roll_initiative(state, "Sol", ScriptedDice([6, 1]))
    assert not out.range_applied and out.range_after == "long"
    with raises_refusal(RuleError, match="Only the initiative holder"):
        im.choose_range(new, "Sol", "imperial", "short")
    new2, r = im.choose_range(new, "Sol", "terran", "short")
    assert r.after == "short" and im.find_combat(new2, "Sol").range == "short"  # type: ignore[union-attr]
    with raises_refusal(RuleError, match="already chosen"):
        im.choose_range(new2, "Sol", "terran", "long")
    first = at_round(state, "Sol", "terran")
    first.combats[0].round = 1
    with raises_refusal(RuleError, match="from round 2"):
        im.choose_range(first, "Sol", "terran", "disengage")
    # in round 1 the holder may still set the starting range once
    first, r = im.choose_range(first, "Sol", "terran", "short")
    assert r.after == "short"
    with raises_refusal(RuleError, match="already chosen"):
        im.choose_range(first, "Sol", "terran", "long")


def test_disengage_loads_fighters_and_jumps_out() -> None:
    state = campaign()
    state = add(
        state, "Mom", "terran", "capital", type_name="Mothership", maintenance=None, carries=2
    )
    state = add(state, "CR", "terran", "capital")
    for n in ("F1", "F2", "F3"):
        state = add(state, n, "terran", "fighter")
    state = add(state, "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    before = state.model_dump(mode="json")
    new, out = im.roll_initiative(
        state, "Sol", ScriptedDice([6, 1]), range_choice="disengage", jump_to="alpha centauri"
    )
    d = out.disengagement
    assert d is not None
    assert set(d.jumped) == {"Mom", "CR"}
    assert d.loaded == ("F1", "F2")
    assert d.stayed == ("F3",)
    where = {s.name: s.system for s in new.ships}
    assert where == {
        "Mom": "Alpha Centauri",
        "CR": "Alpha Centauri",
        "F1": "Alpha Centauri",
        "F2": "Alpha Centauri",
        "F3": "Sol",
        "B": "Sol",
    }
    assert not out.combat_over and im.find_combat(new, "Sol") is not None
    assert state.model_dump(mode="json") == before  # input untouched


def test_disengage_without_loading_and_without_destination_ends_combat() -> None:
    state = campaign()
    state = add(
        state, "Mom", "terran", "capital", type_name="Mothership", maintenance=None, carries=2
    )
    state = add(state, "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    new, _out = im.roll_initiative(state, "Sol", ScriptedDice([6, 1]))
    new, r = im.choose_range(new, "Sol", "terran", "disengage", load_fighters=False)
    assert r.disengagement is not None and r.disengagement.jumped == ("Mom",)
    assert im.find_ship(new, "Mom").system is None
    assert r.combat_over and im.find_combat(new, "Sol") is None


def test_initiative_needs_both_sides() -> None:
    state = add(campaign(), "A", "terran", "other")
    with raises_refusal(RuleError, match="both sides need ships"):
        im.roll_initiative(state, "Sol", NO_DICE)


# ------------------------------------------------------------------------------------------
# Surface combat
# ------------------------------------------------------------------------------------------


def test_surface_initiative_uses_surface_speeds() -> None:
    state = campaign()
    # Imperial troops and fighters land on Dingir (an Imperial world: speed 0 defence)
    state = add(state, "Tr", "terran", "troop", system="Dingir", strength=4)
    state = add(state, "Fi", "terran", "fighter", system="Dingir")
    state = add(state, "CR", "terran", "capital", system="Dingir")  # no surface factor
    state = add(state, "IT", "imperial", "troop", system="Dingir", strength=2)
    new, out = im.roll_initiative(state, "Dingir", NO_DICE, mode="surface")
    assert out.holder == "terran" and out.round == 1  # phasing player, no roll
    new, out = im.roll_initiative(new, "Dingir", ScriptedDice([1, 1]), mode="surface")
    t, i = out.sides
    assert (t.slowest, t.slowest_unit) == (2, "Tr")
    assert (i.slowest, i.slowest_unit) == (0, "world")
    # non-fighter units: Terran 1 (Tr), Imperial 2 (IT and the world)
    assert (t.fewer_bonus, t.held_bonus, t.total) == (1, 1, 1 + 2 + 1 + 1)
    assert (i.fewer_bonus, i.held_bonus, i.total) == (0, 0, 1)
    assert out.holder == "terran" and out.range_after is None
    # fix-kit surface strengths: troops printed, fighters 2, an ordinary world 4
    assert out.surface == {"terran": (("Tr", 4), ("Fi", 2)), "imperial": (("IT", 2), ("world", 4))}


def test_homeworld_and_outposts_defend_with_6_and_2() -> None:
    state = campaign()  # Sol: Terran homeworld (one world)
    state, _ = im.set_system(state, "Sol", outposts=2)
    state = add(state, "IT", "imperial", "troop", strength=3)
    _, out = im.roll_initiative(state, "Sol", NO_DICE, mode="surface")
    assert out.surface["terran"] == (("homeworld", 6), ("outpost", 2), ("outpost", 2))
    assert im.find_system(state, "Sol").surface_defence == 10


def test_surface_combat_lasts_three_rounds_and_has_no_range() -> None:
    state = campaign()
    state = add(state, "Tr", "terran", "troop", system="Dingir", strength=4)
    with raises_refusal(InputError, match="no range"):
        im.roll_initiative(state, "Dingir", NO_DICE, mode="surface", range_choice="short")
    state, _ = im.roll_initiative(state, "Dingir", NO_DICE, mode="surface")
    state, _ = im.roll_initiative(state, "Dingir", ScriptedDice([3, 3]), mode="surface")
    state, _ = im.roll_initiative(state, "Dingir", ScriptedDice([3, 3]), mode="surface")
    with raises_refusal(RuleError, match="3 rounds"):
        im.roll_initiative(state, "Dingir", ScriptedDice([3, 3]), mode="surface")


def test_surface_combat_needs_units_on_both_sides() -> None:
    state = campaign()
    state = add(state, "CR", "terran", "capital", system="Dingir")
    with raises_refusal(RuleError, match="surface factors"):
        im.roll_initiative(state, "Dingir", NO_DICE, mode="surface")


# ------------------------------------------------------------------------------------------
# Screens
# ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("screen", "die", "result"),
    [
        (2, 1, "disrupted"),
        (2, 2, "destroyed"),
        (2, 3, "destroyed"),
        (2, 4, "destroyed"),
        (2, 5, "destroyed"),
        (2, 6, "destroyed"),
        (3, 1, "disrupted"),
        (3, 2, "disrupted"),
        (3, 3, "destroyed"),
        (3, 4, "destroyed"),
        (3, 5, "destroyed"),
        (3, 6, "destroyed"),
    ],
)
def test_screen_roll_each_face(screen: int, die: int, result: str) -> None:
    state = add(campaign(), "A", "terran", "capital", screen=screen)
    dice = ScriptedDice([die])
    new, out = im.screen_roll(state, "a", dice)
    assert out.result.result == result and out.result.die == die
    assert dice.draws[0].label == "screen (space combat): A"
    if result == "disrupted":
        assert im.find_ship(new, "A").disrupted
    else:
        assert new.ships == []
    assert out.result.save_chance == Fraction(screen - 1, 6)
    assert state.ships[0].disrupted is False


def test_no_screen_roll_for_disrupted_or_weak_screens() -> None:
    state = add(campaign(), "A", "terran", "capital", screen=3, disrupted=True)
    state = add(state, "B", "terran", "capital", screen=1)
    new, out = im.screen_roll(state, "A", NO_DICE)
    assert out.result.result == "destroyed" and out.result.die is None
    new, out = im.screen_roll(new, "B", NO_DICE, source="planetary defence fire")
    assert out.result.result == "destroyed" and new.ships == []
    assert out.source == "planetary defence fire" and out.result.reason == "weak screen"


# ------------------------------------------------------------------------------------------
# Fire steps
# ------------------------------------------------------------------------------------------


def fleet_at_war() -> im.ImperiumState:
    state = campaign()
    state = add(state, "T1", "terran", "capital", screen=3)
    state = add(state, "T2", "terran", "capital", screen=2)
    state = add(state, "I1", "imperial", "capital", screen=3)
    state = add(state, "I2", "imperial", "capital", screen=3)
    return at_round(state, "Sol", "terran", rnd=2)


def test_fire_steps_info_needs_a_combat() -> None:
    combat = im.fire_steps_info(fleet_at_war(), "sol")
    assert combat.last_initiative == "terran" and combat.fire_step == 0
    with raises_refusal(RuleError, match="roll /initiative first"):
        im.fire_steps_info(campaign(), "Sol")


def test_fire_steps_go_in_order_and_use_state_at_step_start() -> None:
    state = fleet_at_war()
    # Step 3: I1 hit once (die 1 < screen 3: disrupted), I2 hit twice: eliminated, no roll.
    dice = ScriptedDice([1])
    state, out = im.apply_fire_step(state, "Sol", 3, ["I1", "i2", "I2"], dice)
    results = {r.ship: (r.result, r.die) for r in out.results}
    assert results == {"I1": ("disrupted", 1), "I2": ("destroyed", None)}
    assert dice.draws[0].label == "screen (step 3): I1"
    assert im.find_ship(state, "I1").disrupted
    with raises_refusal(RuleError, match="in order"):
        im.apply_fire_step(state, "Sol", 2, ["I1"], NO_DICE)
    # Step 4: I1 starts the step disrupted, so one hit destroys it without a roll.
    state, out = im.apply_fire_step(state, "Sol", 4, ["I1"], NO_DICE)
    assert out.results[0].result == "destroyed" and out.results[0].die is None
    assert [s.name for s in state.ships] == ["T1", "T2"]


def test_every_target_in_a_step_rolls_its_own_screen() -> None:
    # T1 (screen 3) rolls 2, T2 (screen 2) rolls 1: both only disrupted.
    state = fleet_at_war()
    state, out = im.apply_fire_step(state, "Sol", 3, ["T1", "T2"], ScriptedDice([2, 1]))
    assert {r.ship: r.result for r in out.results} == {"T1": "disrupted", "T2": "disrupted"}


def test_only_the_holder_attacks_in_steps_2_and_5() -> None:
    state = fleet_at_war()  # Terran holds the initiative
    with raises_refusal(RuleError, match="Only Terran attacks in step 2"):
        im.apply_fire_step(state, "Sol", 2, ["T1"], NO_DICE)
    with raises_refusal(RuleError, match="Only Terran attacks in step 5"):
        im.apply_fire_step(state, "Sol", 5, ["T2"], NO_DICE)
    with raises_refusal(RuleError, match="suicide attackers"):
        im.apply_fire_step(state, "Sol", 1, ["I1"], NO_DICE)
    _new, out = im.apply_fire_step(state, "Sol", 5, ["I1"], ScriptedDice([6]))
    assert out.results[0].result == "destroyed"


def test_next_round_resets_the_fire_steps() -> None:
    state = fleet_at_war()
    state, _ = im.apply_fire_step(state, "Sol", 5, [], NO_DICE)
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [5]
    state, _ = im.roll_initiative(state, "Sol", ScriptedDice([3, 3]))
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [0]
    state, _ = im.apply_fire_step(state, "Sol", 1, [], NO_DICE)  # step 1 is allowed again
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [1]


# ------------------------------------------------------------------------------------------
# Maintenance
# ------------------------------------------------------------------------------------------


def test_alpha_centauri_two_worlds_maintain_ten_ships_of_four() -> None:
    state = campaign()
    for n in range(10):
        state = add(state, f"CR{n}", "terran", "capital", system="Alpha Centauri", maintenance=4)
    assert im.find_system(state, "Alpha Centauri").routine_factors == 40
    _new, out = im.maintain(state, "Alpha Centauri", ScriptedDice([]))
    assert [s.care for s in out.ships] == ["routine"] * 10
    assert out.factors_used == 40
    # an eleventh ship gets frontier maintenance
    state = add(state, "CR10", "terran", "capital", system="Alpha Centauri", maintenance=4)
    plan = im.plan_maintenance(state, "Alpha Centauri")
    assert [s.name for s in plan.ships if s.care == "frontier"] == ["CR9"]


def test_overhaul_costs_maintenance_number_in_rus() -> None:
    state = campaign(terran=10)
    state = add(
        state, "Mom", "terran", "capital", type_name="mothership", maintenance=None, disrupted=True
    )
    new, out = im.maintain(state, "Sol", NO_DICE, overhaul=["mom"])
    assert new.rus["terran"] == 7 and out.paid["terran"] == 3
    assert not im.find_ship(new, "Mom").disrupted
    assert out.ships[0].care == "overhaul" and out.ships[0].after == "undisrupted"
    poor = im.set_rus(state, "terran", stock=2)
    with raises_refusal(RuleError, match="cost Terran 3 RU; it has 2 RU"):
        im.maintain(poor, "Sol", NO_DICE, overhaul=["Mom"])


def test_overhaul_needs_a_friendly_world() -> None:
    state = campaign(terran=10, imperial=10)
    state = add(state, "A", "terran", "capital", system="Barnard")  # outpost only
    state = add(state, "B", "imperial", "capital", system="Sol")
    with raises_refusal(RuleError, match="friendly world"):
        im.maintain(state, "Barnard", NO_DICE, overhaul=["A"])
    with raises_refusal(RuleError, match="only in a system its side owns"):
        im.maintain(state, "Sol", NO_DICE, overhaul=["B"])


@pytest.mark.parametrize(
    ("disrupted", "die", "after"),
    [
        (False, 1, "disrupted"),
        (False, 2, "disrupted"),
        (False, 3, "undisrupted"),
        (False, 6, "undisrupted"),
        (True, 1, "destroyed"),
        (True, 2, "disrupted"),
        (True, 3, "undisrupted"),
        (True, 6, "undisrupted"),
    ],
)
def test_frontier_maintenance_outcomes(disrupted: bool, die: int, after: str) -> None:
    state = campaign()
    # an Imperial missile boat (maintenance 2) in a Terran system gets frontier maintenance
    state = add(
        state,
        "MB",
        "imperial",
        "other",
        type_name="missile boat",
        maintenance=None,
        disrupted=disrupted,
    )
    dice = ScriptedDice([die])
    new, out = im.maintain(state, "Sol", dice)
    assert dice.draws[0].label == "frontier maintenance: MB"
    rec = out.ships[0]
    assert (rec.care, rec.die, rec.after) == ("frontier", die, after)
    if after == "destroyed":
        assert new.ships == []
    else:
        assert im.find_ship(new, "MB").disrupted is (after == "disrupted")


def test_frontier_odds_by_hand() -> None:
    assert im.frontier_odds(2, False) == {
        "undisrupted": Fraction(4, 6),
        "disrupted": Fraction(2, 6),
        "destroyed": 0,
    }
    assert im.frontier_odds(2, True) == {
        "undisrupted": Fraction(4, 6),
        "disrupted": Fraction(1, 6),
        "destroyed": Fraction(1, 6),
    }
    assert im.frontier_odds(6, True)["disrupted"] == Fraction(5, 6)


@pytest.mark.parametrize("disrupted", [False, True])
def test_frontier_odds_count_the_faces_the_roll_gives(disrupted: bool) -> None:
    """The odds shown are the faces of the die that give each fate when rolled."""
    for maintenance in range(21):
        ship = im.PlannedShip("F", "terran", maintenance, disrupted, "frontier")
        plan = im.MaintenancePlan("X", 0, None, (ship,), {"terran": 0, "imperial": 0})
        state = im.new_campaign([1], [2])
        faces: dict[str, int] = {fate: 0 for fate in ("undisrupted", "disrupted", "destroyed")}
        for die in range(1, 7):
            _, out = im.apply_maintenance(state, plan, ScriptedDice([die]))
            faces[out.ships[0].after] += 1
        expected = {fate: Fraction(n, 6) for fate, n in faces.items()}
        assert im.frontier_odds(maintenance, disrupted) == expected
        assert out.ships[0].odds == expected


def test_routine_covers_highest_maintenance_first() -> None:
    state = campaign()
    # Barnard: one outpost, 6 factors. Maintenance 4 first (2 left), 3 does not fit,
    # the first 2 fits (0 left), the second 2 does not.
    state = add(state, "a4", "terran", "capital", system="Barnard", maintenance=4)
    state = add(state, "b3", "terran", "capital", system="Barnard", maintenance=3)
    state = add(state, "c2", "terran", "capital", system="Barnard", maintenance=2)
    state = add(state, "d2", "terran", "capital", system="Barnard", maintenance=2, disrupted=True)
    plan = im.plan_maintenance(state, "Barnard")
    care = {s.name: s.care for s in plan.ships}
    # among equal numbers the disrupted ship is maintained first
    assert care == {"a4": "routine", "b3": "frontier", "c2": "frontier", "d2": "routine"}
    # players may name the ships themselves
    plan = im.plan_maintenance(state, "Barnard", routine=["b3", "c2"])
    assert {s.name for s in plan.ships if s.care == "routine"} == {"b3", "c2"}
    with raises_refusal(RuleError, match="need 7 maintenance factors; Barnard gives 6"):
        im.plan_maintenance(state, "Barnard", routine=["a4", "b3"])


def test_maintenance_odds_are_exact() -> None:
    state = campaign()
    state = add(state, "E1", "imperial", "other", maintenance=2, disrupted=True)
    state = add(state, "E2", "imperial", "other", maintenance=2, disrupted=True)
    plan = im.plan_maintenance(state, "Sol")
    odds = im.maintenance_odds(plan)
    # each destroyed with 1/6: none 25/36, one 10/36, two 1/36
    assert odds.destroyed == (Fraction(25, 36), Fraction(10, 36), Fraction(1, 36))
    new, out = im.maintain(state, "Sol", ScriptedDice([1, 4]))
    assert out.ships[0].odds["destroyed"] == Fraction(1, 6)
    assert [(r.name, r.die, r.after) for r in out.ships] == [
        ("E1", 1, "destroyed"),
        ("E2", 4, "undisrupted"),
    ]
    assert [s.name for s in new.ships] == ["E2"]
    assert [s.name for s in state.ships] == ["E1", "E2"]


def test_maintenance_odds_with_ships_whose_fate_is_certain() -> None:
    ships = (
        im.PlannedShip("R", "terran", 2, True, "routine"),  # stays disrupted for sure
        im.PlannedShip("O", "terran", 2, True, "overhaul"),  # undisrupted for sure
        im.PlannedShip("F", "terran", 3, False, "frontier"),  # die 1-3 disrupted: 1/2
        im.PlannedShip("G", "terran", 6, True, "frontier"),  # die 1 destroyed, 2-6 disrupted
    )
    plan = im.MaintenancePlan("X", 0, "terran", ships, {"terran": 0, "imperial": 0})
    odds = im.maintenance_odds(plan)
    # disrupted afterwards: R always; F 1/2; G 5/6 -> one 1/2*1/6, two 1/2*1/6 + 1/2*5/6,
    # three 1/2*5/6
    assert odds.disrupted == (0, Fraction(1, 12), Fraction(1, 2), Fraction(5, 12), 0)
    assert odds.destroyed == (Fraction(5, 6), Fraction(1, 6), 0, 0, 0)
    assert odds.ships["O"] == {"undisrupted": 1, "disrupted": 0, "destroyed": 0}
    assert odds.ships["R"] == {"undisrupted": 0, "disrupted": 1, "destroyed": 0}


def test_maintenance_leaves_its_input_alone_and_applies_a_plan() -> None:
    state = campaign(terran=10)
    state = add(state, "A", "terran", "capital", maintenance=4)
    state = add(state, "B", "terran", "capital", maintenance=4, disrupted=True)
    state = add(state, "C", "terran", "capital", maintenance=4, disrupted=True)
    state = add(state, "D", "terran", "capital", maintenance=4)
    before = state.model_dump(mode="json")
    # no routine maintenance: A overhauled (4 RU); frontier: B (disrupted) die 1 destroyed,
    # C (disrupted) die 5 undisrupted, D die 2 (<= 4) disrupted
    new, out = im.maintain(state, "Sol", ScriptedDice([1, 5, 2]), overhaul=["A"], routine=[])
    assert state.model_dump(mode="json") == before
    assert [(s.name, s.disrupted) for s in new.ships] == [
        ("A", False),
        ("C", False),
        ("D", True),
    ]
    assert new.rus == {"terran": 6, "imperial": 0}
    assert [r.after for r in out.ships] == ["undisrupted", "destroyed", "undisrupted", "disrupted"]
    plan = im.plan_maintenance(state, "Sol", ["A"], [])
    again, out_again = im.apply_maintenance(state, plan, ScriptedDice([1, 5, 2]))
    assert again == new and out_again == out


# ------------------------------------------------------------------------------------------
# Properties and a sampling cross-check
# ------------------------------------------------------------------------------------------


@given(st.integers(-10, 10), st.integers(-10, 10), st.booleans())
def test_initiative_odds_sum_to_one(a: int, b: int, held: bool) -> None:
    p_a, p_b, tie = im.initiative_odds(a, b, held)
    assert p_a + p_b == 1 and min(p_a, p_b, tie) >= 0


@given(st.integers(0, 20), st.booleans())
def test_frontier_odds_sum_to_one(maintenance: int, disrupted: bool) -> None:
    odds = im.frontier_odds(maintenance, disrupted)
    assert sum(odds.values()) == 1 and all(v >= 0 for v in odds.values())
    if not disrupted:
        assert odds["destroyed"] == 0


@given(st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=12))
def test_maintenance_distributions_sum_to_one(ships: list[tuple[int, bool]]) -> None:
    plan = im.MaintenancePlan(
        system="X",
        factors=0,
        owner=None,
        ships=tuple(
            im.PlannedShip(f"s{i}", "terran", m, d, "frontier") for i, (m, d) in enumerate(ships)
        ),
        cost={"terran": 0, "imperial": 0},
    )
    odds = im.maintenance_odds(plan)
    assert sum(odds.destroyed) == 1 and sum(odds.disrupted) == 1
    assert len(odds.destroyed) == len(ships) + 1


def test_initiative_odds_match_sampling() -> None:
    dice = Dice.seeded(1234)
    wins = 0
    n = 20000
    for _ in range(n):
        a = dice.d6("a") + 1
        b = dice.d6("b")
        wins += a > b  # A held last round, so a tie goes to B
    assert abs(wins / n - float(im.initiative_odds(1, 0, True)[0])) < 0.015


def test_summarize_is_one_line() -> None:
    line = render("en", im.summarize(add(campaign(terran=4), "A", "terran", "capital")))
    assert "\n" not in line
    assert "Terran 4 RU, 1 ships" in line


def test_range_request_from_the_other_side_is_not_applied() -> None:
    state = add(add(campaign(), "A", "terran", "other"), "B", "imperial", "other")
    state = at_round(state, "Sol", "terran")
    # Terran 6 + 3 + 1 = 10 beats Imperial 1 + 3 = 4; the Imperial player asked for short
    new, out = im.roll_initiative(
        state, "Sol", ScriptedDice([6, 1]), range_choice="short", may_choose={"imperial"}
    )
    assert out.holder == "terran" and out.range_after == "long"
    assert out.range_not_holder and out.range_requested == "short" and not out.range_applied
    new, _ = im.choose_range(new, "Sol", "terran", "short")
    assert im.find_combat(new, "Sol").range == "short"  # type: ignore[union-attr]


@given(st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=10), st.integers(0, 3))
def test_default_routine_fits_and_leaves_no_room_for_a_frontier_ship(
    ships: list[tuple[int, bool]], outposts: int
) -> None:
    state = campaign()
    state, _ = im.set_system(state, "Barnard", outposts=outposts)
    for n, (mnt, disrupted) in enumerate(ships):
        state = add(
            state,
            f"S{n}",
            "terran",
            "capital",
            system="Barnard",
            maintenance=mnt,
            disrupted=disrupted,
        )
    plan = im.plan_maintenance(state, "Barnard")
    assert plan.factors == 6 * outposts
    assert plan.factors_used <= plan.factors
    left = plan.factors - plan.factors_used
    assert all(s.maintenance > left for s in plan.ships if s.care == "frontier")


# ------------------------------------------------------------------------------------------
# Troops are not ships; combat ends when a side is gone
# ------------------------------------------------------------------------------------------


def wolf() -> im.ImperiumState:
    """At Wolf, 1 Terran cruiser and 2 troops against 2 Imperial CAs."""
    state, _ = im.set_system(campaign(), "Wolf")
    state = add(state, "Cruiser", "terran", "other", system="Wolf")
    state = add(state, "Marines", "terran", "troop", system="Wolf", strength=4)
    state = add(state, "Legion", "terran", "troop", system="Wolf", strength=3)
    state = add(state, "CA1", "imperial", "capital", system="Wolf", type_name="CA")
    return add(state, "CA2", "imperial", "capital", system="Wolf", type_name="CA")


def test_troops_are_not_ships_in_space_initiative() -> None:
    # "the tactical speed of his slowest ship", "fewer non-fighter ships": troops are neither
    state = at_round(wolf(), "Wolf", "imperial")
    terran, imperial, _ = im.initiative_preview(state, "Wolf")
    assert (terran.units, terran.non_fighters, terran.fewer_bonus) == (1, 1, 1)
    assert (terran.slowest_unit, terran.slowest) == ("Cruiser", 3)
    assert (imperial.non_fighters, imperial.fewer_bonus, imperial.held_bonus) == (2, 0, 1)
    _, out = im.roll_initiative(state, "Wolf", ScriptedDice([3, 3]))
    assert [s.total for s in out.sides] == [3 + 3 + 1, 3 + 2 + 1]
    assert out.holder == "terran"


def test_troops_keep_their_surface_speed_of_two() -> None:
    state = add(wolf(), "IT", "imperial", "troop", system="Wolf", strength=2)
    terran, imperial, _ = im.initiative_preview(state, "Wolf", mode="surface")
    assert (terran.slowest_unit, terran.slowest) == ("Legion", 2)
    assert (imperial.slowest_unit, imperial.slowest) == ("IT", 2)


def test_a_side_with_only_troops_has_no_space_combat() -> None:
    state, _ = im.set_system(campaign(), "Wolf")
    state = add(state, "Marines", "terran", "troop", system="Wolf", strength=4)
    state = add(state, "CA1", "imperial", "capital", system="Wolf")
    with raises_refusal(RuleError, match="both sides need ships"):
        im.roll_initiative(state, "Wolf", NO_DICE)


def test_space_combat_ends_when_a_side_has_no_ships_left() -> None:
    state, _ = im.roll_initiative(wolf(), "Wolf", NO_DICE)  # round 1, Terran phasing
    state, _ = im.roll_initiative(state, "Wolf", ScriptedDice([1, 6]))  # round 2
    new, out = im.apply_fire_step(state, "Wolf", 3, ["Cruiser"], NO_DICE)
    assert out.ended == (im.CombatEnd("space", "terran"),)
    assert im.find_combat(new, "Wolf") is None  # the troops are not ships: nothing goes on
    # a fleet arriving later starts a new combat: round 1, the phasing player's
    new = add(new, "Relief", "terran", "capital", system="Wolf")
    _, first = im.roll_initiative(new, "Wolf", NO_DICE)
    assert (first.round, first.rolled, first.holder) == (1, False, "terran")


def test_a_screen_roll_that_destroys_the_last_ship_ends_the_combat() -> None:
    state, _ = im.roll_initiative(wolf(), "Wolf", NO_DICE)
    new, out = im.screen_roll(state, "Cruiser", NO_DICE)  # screen 0: destroyed, no roll
    assert out.ended == (im.CombatEnd("space", "terran"),) and out.system == "Wolf"
    assert im.find_combat(new, "Wolf") is None


def test_surface_combat_ends_when_one_side_has_no_surface_units_left() -> None:
    # "Surface combat continues for three rounds or until all units with surface combat
    # factors on one side are eliminated."
    state = add(wolf(), "IT", "imperial", "troop", system="Wolf", strength=2)
    state, _ = im.roll_initiative(state, "Wolf", NO_DICE)  # space round 1
    state, _ = im.roll_initiative(state, "Wolf", NO_DICE, mode="surface")  # surface round 1
    new, out = im.apply_fire_step(state, "Wolf", 4, ["IT"], NO_DICE)
    assert out.ended == (im.CombatEnd("surface", "imperial"),)
    combat = im.find_combat(new, "Wolf")
    assert combat is not None  # the space combat goes on
    assert (combat.round, combat.surface_round, combat.surface_last_initiative) == (1, 0, None)


def test_surface_combat_alone_takes_hits_and_ends() -> None:
    state, _ = im.set_system(campaign(), "Wolf")
    state = add(state, "Marines", "terran", "troop", system="Wolf", strength=4)
    state = add(state, "IT", "imperial", "troop", system="Wolf", strength=2)
    state, _ = im.roll_initiative(state, "Wolf", NO_DICE, mode="surface")
    new, out = im.apply_fire_step(state, "Wolf", 4, ["IT"], NO_DICE)
    assert out.ended == (im.CombatEnd("surface", "imperial"),)
    assert im.find_combat(new, "Wolf") is None
