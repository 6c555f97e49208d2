"""Imperial Assault's outcomes say what the history keeps: each rule's outcome yields its history
message and its dice (``history()``, ``dice()``). The dice are the draws the rule made, in order,
each labelled with a catalog message written out in English where stored — the labels the
history held before the outcomes said them — and the messages are stored as they were."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.campaigns import history_row
from bot.catalog import render
from bot.rules import imperial_assault as ia
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.game import Outcome
from bot.rules.imperial_assault import DeployedGroup, ImperialAssaultState


def mk(**kw: Any) -> ImperialAssaultState:
    base: dict[str, Any] = {"threat_level": 2, "difficulty": "medium", "threat": 0, "dm": 0}
    base.update(kw)
    return ImperialAssaultState(**base)


def dep(gid: str, figures: int, activated: bool = False) -> DeployedGroup:
    return DeployedGroup(id=gid, figures=figures, activated=activated)


def stored_dice(outcome: Outcome) -> list[tuple[str, str, object]]:
    """The dice as the history stores them: kind, label in English, value."""
    return [(d["kind"], d["label"], d["value"]) for d in history_row(outcome)[1]]


def said(outcome: Outcome, dice: Dice) -> bool:
    """The outcome's dice are the draws its rule made, one for one and in order."""
    drawn = [(d.kind, d.value) for d in dice.take_draws()]
    return [(r.kind, r.value) for r in outcome.dice()] == drawn


# ---------------------------------------------------------------------------------------------
# Each draw's label, as stored
# ---------------------------------------------------------------------------------------------
def test_setup_dice_are_the_hand_by_tier_then_each_villains_roll() -> None:
    dice = ScriptedDice([0, 0, 0, 0, 0, 0.4, 0.6])  # level 5: 1/2/2; Vader in, Boba Fett out
    _, out = ia.setup(
        dice,
        difficulty="hard",
        threat_level=5,
        expansions="Core,Twin",
        earned_villains="Darth Vader, Boba Fett",
    )
    assert said(out, dice)
    assert [label for _, label, _ in stored_dice(out)] == [
        "hand tier I",
        "hand tier II",
        "hand tier II",
        "hand tier III",
        "hand tier III",
        "villain Darth Vader",
        "villain Boba Fett",
    ]
    assert [value for *_, value in stored_dice(out)][-2:] == [True, False]
    summary = history_row(out)[0]
    assert summary.endswith(
        '{"k":"ia-hist-setup","a":{"difficulty":{"k":"ia-difficulty-hard"},"level":5,'
        '"expansions":"Core, Twin","hand":6}}'
    )


def test_deployment_event_dice_the_faces_reinforcements_coin_pick_and_swap() -> None:
    # Onslaught (6 + 6), nothing in the hand: two reinforcements, each picked among two groups.
    state = mk(threat=30, deployed=[dep("DG001", 1), dep("DG002", 1)])
    dice = ScriptedDice([6, 6, 1, 0])
    _, out = ia.deploy_roll(state, dice)
    assert said(out, dice)
    assert stored_dice(out) == [
        ("d6", "deployment event", 6),
        ("d6", "deployment event", 6),
        ("choice", "reinforce", "DG002"),
        ("choice", "reinforce", "DG001"),
    ]
    # Landing (4 + 4) on Easy: the coin falls to tier I/II, the pick between two, the Elite
    # Stormtrooper's downgrade roll fails; then the coin falls to tier III, one card there.
    state = mk(difficulty="easy", threat=30, hand=["DG003", "DG004", "DG014"])
    dice = ScriptedDice([4, 4, 0.1, 0, 0.9, 0.9])
    _, out = ia.deploy_roll(state, dice)
    assert said(out, dice)
    assert stored_dice(out)[2:] == [
        ("chance", "deploy: tier I/II (else tier III)", True),
        ("choice", "deploy", "DG003"),
        ("chance", "downgrade Stormtrooper (Elite)", False),
        ("chance", "deploy: tier I/II (else tier III)", False),
    ]


def test_a_swap_with_two_twins_picks_one_of_them() -> None:
    # Hard: the regular Death Trooper has two Elite twins; the roll succeeds, the second is taken.
    state = mk(difficulty="hard", hand=["DG056"], expansions=["Lothal"])
    dice = ScriptedDice([4, 4, 0.0, 1])
    _, out = ia.deploy_roll(state, dice)
    assert said(out, dice)
    assert stored_dice(out)[2:] == [
        ("chance", "upgrade Death Trooper (DG056)", True),
        ("choice", "upgrade target", "DG059"),
    ]


def test_activation_dice_the_priority_roll_the_pick_and_easys_roll() -> None:
    state = mk(
        difficulty="easy",
        round=3,
        deployed=[dep("DG004", 1), dep("DG005", 1), dep("DG001", 3)],
    )
    dice = ScriptedDice([0.1, 1, 0.1])
    _, out = ia.activate(state, dice)
    assert said(out, dice)
    assert stored_dice(out) == [
        ("chance", "priority 1 activation", True),
        ("choice", "activation", "DG005"),
        ("chance", "easy: no bonus effect", True),
    ]
    assert history_row(out)[0].endswith(
        '{"k":"ia-hist-activated","a":{"round":3,"group":"Imperial Officer (DG005)"}}'
    )


def test_the_deployment_events_message_is_stored_as_before() -> None:
    """The DM is stored as it is written ("+0", "-2"), as the reply wrote it into the history
    before the outcome said it (tests/data/stored_history.json holds such entries)."""
    state = mk(threat_level=5, threat=3, dm=-2, hand=["DG014"])
    _, out = ia.deploy_roll(state, ScriptedDice([6, 5]))  # 9: Landing, AT-ST 2 threat short
    summary = history_row(out)[0]
    assert summary.endswith(
        '{"k":"ia-hist-roll","a":{"round":1,"band":{"k":"ia-band-landing"},"a":6,"b":5,'
        '"dm":"-2","total":9,"steps":{"k":"ia-hist-join","a":{"a":{"k":"ia-hist-deployed",'
        '"a":{"group":"AT-ST","fuzzy":"yes"}},"b":{"k":"ia-hist-none"}}},"before":3,"after":0,'
        '"dmafter":"-1"}}'
    )
    shown = render("en", out.history())
    assert shown == "Round 1: Landing (6+5-2 = 9) — deployed AT-ST (fuzzy) — threat 3→0, DM -1"


def test_commands_without_dice_store_none() -> None:
    state = mk(round=2, threat=4, adaptive=True, hand=["DG014"], deployed=[dep("DG001", 3)])
    outcomes: list[Outcome] = [
        ia.defeat(state, "DG001")[1],
        ia.lose_figures(state, "DG001", 3)[1],
        ia.lose_figures(state, "DG001", 1)[1],
        ia.manual_deploy(state, "AT-ST")[1],
        ia.adjust_threat(state, -9)[1],
    ]
    assert [stored_dice(o) for o in outcomes] == [[]] * 5
    assert [render("en", o.history()) for o in outcomes] == [
        "Round 2: Stormtrooper (DG001) defeated",
        "Round 2: Stormtrooper (DG001) lost 3 figures and is defeated",
        "Round 2: Stormtrooper (DG001) lost 1 figure",
        "Round 2: mission deployed AT-ST",
        "Round 2: threat 4→0 by hand",
    ]


# ---------------------------------------------------------------------------------------------
# Whole missions: every outcome's dice are its rule's draws
# ---------------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 100_000),
    difficulty=st.sampled_from(ia.DIFFICULTIES),
    level=st.integers(2, 8),
    expansions=st.sets(st.sampled_from(ia.expansion_codes()), min_size=1),
    villains=st.booleans(),
)
def test_every_outcomes_dice_are_the_draws_its_rule_made(
    seed: int, difficulty: ia.Difficulty, level: int, expansions: set[str], villains: bool
) -> None:
    dice = Dice.seeded(seed)
    owned = ",".join(expansions)
    earned = [g for g in ia.villain_ids() if ia.group(g).expansion in expansions][:3]
    state, out = ia.setup(
        dice,
        difficulty=difficulty,
        threat_level=level,
        expansions=owned,
        adaptive=True,
        earned_villains=earned if villains else None,
        threat=seed % 20,
    )
    assert said(out, dice)
    for rnd in range(1, 9):
        while any(not d.activated for d in state.deployed):
            state, act = ia.activate(state, dice)
            assert said(act, dice)
        if state.deployed and rnd % 3 == 0:
            first = state.deployed[0]
            state, lost = ia.lose_figures(state, first.id, first.figures)
            assert said(lost, dice) and lost.defeat is not None
        state, roll = ia.deploy_roll(state, dice)
        assert said(roll, dice)
        for rolled in roll.dice():  # every label renders, in both languages
            assert render("en", rolled.label) and render("ru", rolled.label)
