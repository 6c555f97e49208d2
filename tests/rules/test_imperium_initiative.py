"""GDW Imperium fix kit rules: initiative, range and disengaging, surface combat initiative.
Expected values come from the fix kit's text or are worked by hand (two-dice counts out of
36 are written out in the comments)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.campaigns import history_row
from bot.rules import imperium as im
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError, RuleError
from tests.refusals import raises_refusal
from tests.rules.imperium_helpers import NO_DICE, add, at_round, campaign

# ------------------------------------------------------------------------------------------
# Initiative
# ------------------------------------------------------------------------------------------


def test_first_round_phasing_player_has_initiative_without_a_roll() -> None:
    state = add(add(campaign(), "A", "terran", "capital"), "B", "imperial", "other")
    state, _ = im.set_phasing(state, "imperial")
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
    assert [d["label"] for d in history_row(out)[1]] == [
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
# Properties and a sampling cross-check
# ------------------------------------------------------------------------------------------


@given(st.integers(-10, 10), st.integers(-10, 10), st.booleans())
def test_initiative_odds_sum_to_one(a: int, b: int, held: bool) -> None:
    p_a, p_b, tie = im.initiative_odds(a, b, held)
    assert p_a + p_b == 1 and min(p_a, p_b, tie) >= 0


def test_initiative_odds_match_sampling() -> None:
    dice = Dice.seeded(1234)
    wins = 0
    n = 20000
    for _ in range(n):
        a = dice.d6("a") + 1
        b = dice.d6("b")
        wins += a > b  # A held last round, so a tie goes to B
    assert abs(wins / n - float(im.initiative_odds(1, 0, True)[0])) < 0.015


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
