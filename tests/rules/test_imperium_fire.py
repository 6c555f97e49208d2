"""GDW Imperium fix kit rules: screens, the fire steps, and combats that end when a side is
gone. Expected values come from the fix kit's text or are worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.campaigns import history_row
from bot.rules import imperium as im
from bot.rules.dice import ScriptedDice
from bot.rules.errors import RuleError
from tests.refusals import raises_refusal
from tests.rules.imperium_helpers import NO_DICE, add, at_round, campaign

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
    assert history_row(out)[1] == [
        {"kind": "d6", "label": "screen (space combat): A", "value": die}
    ]
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
    assert [(d["label"], d["value"]) for d in history_row(out)[1]] == [("screen (step 3): I1", 1)]
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


def test_step_targets_are_the_ships_each_step_may_hit() -> None:
    state = fleet_at_war()  # Terran holds the initiative
    names = {step: [s.name for _, s in im.step_targets(state, "sol", step)] for step in range(1, 6)}
    assert names == {
        1: ["T1", "T2"],  # step 1: the holder's own side (suicide attackers)
        2: ["I1", "I2"],  # steps 2 and 5: the other side only
        3: ["T1", "T2", "I1", "I2"],
        4: ["T1", "T2", "I1", "I2"],
        5: ["I1", "I2"],
    }
    # each place is the ship's place in the roster
    assert all(state.ships[i] is ship for i, ship in im.step_targets(state, "Sol", 3))
    assert im.step_targets(campaign(), "Sol", 3) == []  # no combat, no targets


def test_next_round_resets_the_fire_steps() -> None:
    state = fleet_at_war()
    state, _ = im.apply_fire_step(state, "Sol", 5, [], NO_DICE)
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [5]
    state, _ = im.roll_initiative(state, "Sol", ScriptedDice([3, 3]))
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [0]
    state, _ = im.apply_fire_step(state, "Sol", 1, [], NO_DICE)  # step 1 is allowed again
    assert [c.fire_step for c in state.combats if c.system == "Sol"] == [1]


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
