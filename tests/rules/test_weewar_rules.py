"""Weewar battle rules: the seed's formula on hand-worked examples, strikes, odds."""

from __future__ import annotations

import importlib
import json
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.campaigns import history_row
from bot.catalog import refusal, render
from bot.rules import weewar as w
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError, RuleError
from bot.rules.msg import Msg
from tests.refusals import raises_refusal

HIT = 0.0  # below any p > 0
MISS = 0.999  # above any p < 1


# -- the formula ---------------------------------------------------------------------------------


def test_formula_mid_value() -> None:
    # Tank (A 10 vs soft) on Plains (Ta 0) against Trooper (D 6) in Woods (Td soft +3):
    # 0.05 × ((10 + 0) − (6 + 3) + 0) + 0.5 = 0.55
    setup = w.make_setup("Tank", "Trooper", "Plains", "Woods")
    terms = w.plan(setup).attack
    assert (terms.a, terms.ta, terms.d, terms.td, terms.b) == (10, 0, 6, 3, 0)
    assert terms.p == Fraction(55, 100)
    assert terms.chance == Fraction(55, 100)
    assert terms.unclamped == terms.p  # the formula's text: tests/e2e/test_weewar_render.py


def test_formula_clamped_at_zero() -> None:
    # Trooper (A 3 vs hard) in Swamp (Ta soft −1) against Berserker (D 14) on Plains:
    # 0.05 × ((3 − 1) − (14 + 0)) + 0.5 = −0.1 → 0
    terms = w.plan(w.make_setup("Trooper", "Berserker", "Swamp", "Plains")).attack
    assert (terms.a, terms.ta, terms.d, terms.td) == (3, -1, 14, 0)
    assert terms.p == 0
    assert terms.unclamped == Fraction(-1, 10)


def test_formula_clamped_at_one() -> None:
    # Helicopter (A 16 vs soft) on Airfield (Ta air +3) against Trooper (D 6) on a Bridge
    # (Td soft −2): 0.05 × ((16 + 3) − (6 − 2)) + 0.5 = 1.25 → 1
    terms = w.plan(w.make_setup("Helicopter", "Trooper", "Airfield", "Bridge")).attack
    assert (terms.a, terms.ta, terms.d, terms.td) == (16, 3, 6, -2)
    assert terms.p == 1
    assert terms.unclamped == Fraction(125, 100)


@pytest.mark.parametrize(
    ("a", "ta", "d", "td", "b", "p"),
    [
        (7, 0, 10, 0, 0, Fraction(35, 100)),  # tank vs tank: 0.05 × −3 + 0.5
        (10, 0, 10, 0, 0, Fraction(1, 2)),
        (10, 0, 0, 0, 0, Fraction(1)),  # exactly 1, no clamping needed
        (0, 0, 10, 0, 0, Fraction(0)),  # exactly 0
        (3, 2, 10, -3, 4, Fraction(60, 100)),  # B counts like attack
        (14, 0, 4, -10, 0, Fraction(1)),
    ],
)
def test_strike_probability(a: int, ta: int, d: int, td: int, b: int, p: Fraction) -> None:
    assert w.strike_probability(a, ta, d, td, b) == p


@given(
    st.integers(0, 16),
    st.integers(-10, 3),
    st.integers(0, 14),
    st.integers(-10, 4),
    st.integers(0, 40),
)
def test_probability_is_clamped_and_in_twentieths(a: int, ta: int, d: int, td: int, b: int) -> None:
    p = w.strike_probability(a, ta, d, td, b)
    assert 0 <= p <= 1
    assert (p * 20).denominator == 1
    assert w.strike_probability(a, ta, d, td, b + 1) >= p


# -- gang-up bonus ---------------------------------------------------------------------------------


def test_gang_up_arithmetic() -> None:
    assert w.gang_up_bonus() == 0
    assert w.gang_up_bonus(ranged=1) == 1
    assert w.gang_up_bonus(beside=1) == 1
    assert w.gang_up_bonus(opposite=1) == 3
    assert w.gang_up_bonus(flank=1) == 2
    assert w.gang_up_bonus(ranged=2, beside=1, opposite=1, flank=2) == 2 + 1 + 3 + 4
    assert w.GangUp(opposite=1, flank=1).bonus == 5


def test_gang_up_feeds_the_attack_but_not_the_counter() -> None:
    # Tank vs Tank on Plains: 0.05 × (7 − 10 + B) + 0.5; B = 1 + 3 = 4 → 0.55
    battle = w.plan(w.make_setup("Tank", "Tank", ranged=1, opposite=1))
    assert battle.attack.b == 4
    assert battle.attack.p == Fraction(55, 100)
    assert battle.counter is not None
    assert battle.counter.b == 0
    assert battle.counter.p == Fraction(35, 100)


def test_negative_gang_up_is_refused() -> None:
    with raises_refusal(InputError, match="flank"):
        w.make_setup("Tank", "Tank", flank=-1)


# -- counter-strike -----------------------------------------------------------------------------


def test_counter_uses_the_right_terrains() -> None:
    # Tank in Woods attacks Trooper on Mountains.
    # Attack: A 10 (vs soft), Ta Woods/hard 0, D 6, Td Mountains/soft +4 → 0.05 × 0 + 0.5 = 0.5
    # Counter: A 3 (vs hard), Ta Mountains/soft +2, D 10, Td Woods/hard −3 → 0.05 × −2 + 0.5
    battle = w.plan(w.make_setup("Tank", "Trooper", "Woods", "Mountains"))
    a = battle.attack
    assert (a.a, a.ta, a.d, a.td, a.p) == (10, 0, 6, 4, Fraction(1, 2))
    c = battle.counter
    assert c is not None
    assert (c.a, c.ta, c.d, c.td, c.b) == (3, 2, 10, -3, 0)
    assert c.p == Fraction(40, 100)
    assert (c.striker, c.target, c.striker_terrain, c.target_terrain) == (
        "Trooper",
        "Tank",
        "Mountains",
        "Woods",
    )


def test_no_counter_when_attack_is_zero() -> None:
    battle = w.plan(w.make_setup("Helicopter", "Tank"))
    assert battle.counter is None
    assert battle.no_counter is not None
    assert render("en", battle.no_counter) == (
        "No counter-strike: Tank has attack 0 against air units"
    )


def test_no_counter_when_out_of_range() -> None:
    battle = w.plan(w.make_setup("Light Artillery", "Tank", distance=2))
    assert battle.counter is None and battle.no_counter is not None
    assert render("en", battle.no_counter) == (
        "No counter-strike: Tank fires at range 1; distance 2 is out of range"
    )
    battle = w.plan(w.make_setup("DFA", "Anti Aircraft", distance=5))
    assert battle.no_counter is not None
    assert render("en", battle.no_counter) == (
        "No counter-strike: Anti Aircraft fires at range 1–3; distance 5 is out of range"
    )


def test_counter_within_range_at_a_distance() -> None:
    battle = w.plan(w.make_setup("Destroyer", "Battleship", "Water", "Water", distance=3))
    assert battle.counter is not None
    # Battleship (A boat 14) vs Destroyer (D 12): 0.05 × 2 + 0.5
    assert battle.counter.p == Fraction(60, 100)


def test_counter_uses_counts_from_before_the_battle() -> None:
    # 2 attacking Tanks with every die a hit wipe out the 2 defending Troopers (12 hits → 2),
    # yet both Troopers still strike back: 12 dice, not 0; the counter's cap is the 2 Tanks.
    setup = w.make_setup("Tank", "Trooper", attackers=2, defenders=2)
    dice = ScriptedDice([HIT] * 12 + [HIT] * 6 + [MISS] * 6)
    out = w.fight(setup, dice)
    assert len(out.attack.rolls) == 12
    assert (out.attack.hits, out.attack.losses) == (12, 2)
    assert out.counter is not None
    assert len(out.counter.rolls) == 12
    assert (out.counter.hits, out.counter.losses) == (6, 1)
    assert (out.attackers_left, out.defenders_left) == (1, 0)
    assert dice.script == []


def test_no_counter_rolls_no_dice() -> None:
    setup = w.make_setup("Helicopter", "Tank", attackers=1, defenders=3)
    dice = ScriptedDice([HIT] * 6)
    out = w.fight(setup, dice)
    assert out.counter is None
    assert out.attacker_losses == 0
    assert (out.attackers_left, out.defenders_left) == (1, 2)


# -- hits and losses ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hits", "targets", "losses"),
    [(0, 10, 0), (5, 10, 0), (6, 10, 1), (11, 10, 1), (12, 10, 2), (59, 10, 9), (60, 10, 10)],
)
def test_losses_are_hits_over_six_rounded_down(hits: int, targets: int, losses: int) -> None:
    assert w.losses_from_hits(hits, targets) == losses


def test_losses_are_capped_at_the_defenders_count() -> None:
    assert w.losses_from_hits(60, 3) == 3
    # 10 Helicopters vs 3 Troopers at p = 1: 60 hits, but only 3 sub units to lose.
    setup = w.make_setup("Helicopter", "Trooper", "Airfield", "Bridge", defenders=3)
    out = w.fight(setup, Dice.seeded(1))
    assert out.attack.hits == 60
    assert out.attack.losses == 3
    assert out.defenders_left == 0


def test_hits_counted_below_p_only() -> None:
    # Tank vs Tank with B = 3 (one earlier attack from the opposite hex): p = 0.5 exactly.
    # r = 0.5 does not hit (r < p), 0.51 does not, 0.49 / 0 / 0.1 / 0.4999 do.
    setup = w.make_setup("Tank", "Tank", attackers=1, defenders=1, opposite=1)
    assert w.plan(setup).attack.p == Fraction(1, 2)
    dice = ScriptedDice([0.49, 0.5, 0.51, 0.0, 0.1, 0.4999] + [MISS] * 6)
    out = w.fight(setup, dice)
    assert out.attack.hits == 4
    assert out.attack.losses == 0


def test_eleven_hits_kill_one() -> None:
    setup = w.make_setup("Tank", "Tank", attackers=2, defenders=5)
    dice = ScriptedDice([HIT] * 11 + [MISS] + [MISS] * 30)
    out = w.fight(setup, dice)
    assert (out.attack.hits, out.attack.losses) == (11, 1)


def test_rolls_are_six_uniform_draws_per_sub_unit_in_order() -> None:
    # The same seed, drawn by hand: attacker's 6 × 4 numbers first, then the defender's 6 × 3.
    setup = w.make_setup("Tank", "Trooper", attackers=4, defenders=3)
    out = w.fight(setup, Dice.seeded(2024))
    rng = random.Random(2024)
    mine = [rng.random() for _ in range(24)]
    theirs = [rng.random() for _ in range(18)]
    assert list(out.attack.rolls) == mine
    assert out.attack.hits == sum(r < 0.7 for r in mine)  # Tank vs Trooper: p = 0.7
    assert out.counter is not None
    assert list(out.counter.rolls) == theirs
    assert out.counter.hits == sum(r < 0.15 for r in theirs)  # Trooper vs Tank: p = 0.15
    assert len(out.attack.rolls_by_subunit()) == 4


# -- rule variants ------------------------------------------------------------------------------


def test_server_variant_misses_one_percent_more() -> None:
    published = w.make_setup("Tank", "Tank", attackers=1, defenders=1)
    server = w.make_setup("Tank", "Tank", attackers=1, defenders=1, rules="server")
    assert w.plan(server).attack.chance == Fraction(34, 100)
    assert w.plan(server).attack.p == Fraction(35, 100)
    # r = 0.345 hits under the published formula (< 0.35) but not under "server" (≥ 0.34).
    script = [0.345, 0.339, MISS, MISS, MISS, MISS] + [MISS] * 6
    assert w.fight(published, ScriptedDice(script)).attack.hits == 2
    assert w.fight(server, ScriptedDice(script)).attack.hits == 1


def test_server_variant_at_the_clamps() -> None:
    assert w.hit_chance(Fraction(0), "server") == 0
    assert w.hit_chance(Fraction(1), "server") == Fraction(99, 100)
    assert w.hit_chance(Fraction(1), "published") == 1
    odds = w.battle_odds(
        w.make_setup("Helicopter", "Trooper", "Airfield", "Bridge", 1, 1, rules="server")
    )
    # six dice must all hit at 0.99
    assert odds.defender_destroyed == Fraction(99, 100) ** 6


def test_unknown_rule_variant_is_refused() -> None:
    with raises_refusal(InputError, match="published or server"):
        w.make_setup("Tank", "Tank", rules="house")


def test_rule_variant_name_is_case_insensitive() -> None:
    assert w.make_setup("Tank", "Tank", rules="Server").rules == "server"


# -- refusals -------------------------------------------------------------------------------------


def test_attack_zero_is_refused_in_the_issues_words() -> None:
    with pytest.raises(RuleError) as err:
        w.make_setup("Submarine", "Tank")
    assert refusal(err.value) == "Submarine cannot attack Tank: attack 0 against hard units"


def test_out_of_range_is_refused_in_the_issues_words() -> None:
    with pytest.raises(RuleError) as err:
        w.make_setup("Heavy Artillery", "Tank", distance=1)
    assert refusal(err.value) == "Heavy Artillery fires at range 3–4; distance 1 is out of range"
    with pytest.raises(RuleError) as err2:
        w.make_setup("Tank", "Tank", distance=2)
    assert refusal(err2.value) == "Tank fires at range 1; distance 2 is out of range"


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"attackers": 0}, "`attackers` is the number of sub units: give 1 to 10, not 0."),
        ({"defenders": 11}, "`defenders` is the number of sub units: give 1 to 10, not 11."),
        ({"distance": 0}, "`distance` is in hexes: give 1 or more, not 0."),
    ],
)
def test_bad_numbers_are_refused(kwargs: dict[str, int], fragment: str) -> None:
    with pytest.raises(InputError) as err:
        w.make_setup("Tank", "Tank", **kwargs)  # type: ignore[arg-type]
    assert refusal(err.value) == fragment


def test_a_named_terrain_the_unit_cannot_enter_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        w.make_setup("Tank", "Trooper", "Water", "Plains")
    assert (
        refusal(err.value)
        == "Tank cannot be on Water: hard units cannot enter it (movement cost 99)"
    )
    # Left out, the terrain is Plains without that check (boats and subs have 0s on both).
    assert w.make_setup("Destroyer", "Submarine").attacker_terrain.name == "Plains"
    assert w.make_setup("Destroyer", "Submarine", "Harbor", "Water").distance == 1


# -- exact odds ---------------------------------------------------------------------------------


def test_one_against_one_at_one_half() -> None:
    # six dice must all hit: 1/64
    assert w.loss_distribution(Fraction(1, 2), 1, 1) == (Fraction(63, 64), Fraction(1, 64))


def test_two_against_five_at_one_half_by_hand() -> None:
    # 12 dice: P(0..5 hits) = (1 + 12 + 66 + 220 + 495 + 792) / 4096 = 1586/4096,
    # P(6..11 hits) = (924 + 792 + 495 + 220 + 66 + 12) / 4096 = 2509/4096, P(12) = 1/4096.
    dist = w.loss_distribution(Fraction(1, 2), 2, 5)
    assert dist == (
        Fraction(1586, 4096),
        Fraction(2509, 4096),
        Fraction(1, 4096),
        Fraction(0),
        Fraction(0),
        Fraction(0),
    )
    assert w.expected(dist) == Fraction(2509 + 2, 4096)


def test_distribution_caps_losses() -> None:
    assert w.loss_distribution(Fraction(1), 10, 3) == (0, 0, 0, 1)
    assert w.loss_distribution(Fraction(0), 10, 3) == (1, 0, 0, 0)
    # one sub unit at p = 1: exactly one loss
    assert w.loss_distribution(Fraction(1), 1, 10) == (0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def test_battle_odds_summary() -> None:
    # 1 Tank vs 1 Tank, both at p = 0.35: each side loses its unit iff all six dice hit.
    odds = w.battle_odds(w.make_setup("Tank", "Tank", attackers=1, defenders=1))
    six = Fraction(35, 100) ** 6
    assert odds.defender_destroyed == six
    assert odds.attacker_destroyed == six
    assert odds.attacker_unscathed == 1 - six
    assert odds.expected_defender_losses == six


def test_no_counter_means_no_attacker_losses() -> None:
    odds = w.battle_odds(w.make_setup("Heavy Artillery", "Tank", distance=3, attackers=4))
    assert odds.attacker_losses == (1, 0, 0, 0, 0)
    assert odds.attacker_unscathed == 1
    assert odds.expected_attacker_losses == 0


def _by_convolution(chance: Fraction, strikers: int, targets: int) -> list[Fraction]:
    """An independent way: add one die at a time to a distribution of hit counts."""
    hits = [Fraction(1)]
    for _ in range(6 * strikers):
        nxt = [Fraction(0)] * (len(hits) + 1)
        for k, q in enumerate(hits):
            nxt[k] += q * (1 - chance)
            nxt[k + 1] += q * chance
        hits = nxt
    out = [Fraction(0)] * (targets + 1)
    for k, q in enumerate(hits):
        out[min(targets, k // 6)] += q
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 100), st.integers(1, 10), st.integers(1, 10))
def test_distribution_matches_convolution_and_sums_to_one(
    hundredths: int, strikers: int, targets: int
) -> None:
    chance = Fraction(hundredths, 100)
    dist = w.loss_distribution(chance, strikers, targets)
    assert len(dist) == targets + 1
    assert all(q >= 0 for q in dist)
    assert sum(dist) == 1
    assert abs(math.fsum(float(q) for q in dist) - 1.0) < 1e-12
    assert list(dist) == _by_convolution(chance, strikers, targets)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(w.unit_names()),
    st.sampled_from(w.unit_names()),
    st.integers(1, 10),
    st.integers(1, 10),
    st.integers(1, 5),
    st.sampled_from(["published", "server"]),
)
def test_battle_odds_are_distributions(
    attacker: str, defender: str, n_att: int, n_def: int, distance: int, rules: str
) -> None:
    try:
        setup = w.make_setup(
            attacker, defender, attackers=n_att, defenders=n_def, distance=distance, rules=rules
        )
    except RuleError:
        return
    odds = w.battle_odds(setup)
    for dist, n in ((odds.attacker_losses, n_att), (odds.defender_losses, n_def)):
        assert len(dist) == n + 1
        assert all(q >= 0 for q in dist)
        assert sum(dist) == 1
    assert 0 <= odds.expected_defender_losses <= n_def
    assert 0 <= odds.defender_destroyed <= 1


@given(st.floats(0, 1, exclude_max=True), st.integers(0, 100))
def test_float_threshold_is_exact(r: float, hundredths: int) -> None:
    chance = Fraction(hundredths, 100)
    assert (r < w.float_threshold(chance)) == (Fraction(r) < chance)


def test_float_threshold_at_the_edge() -> None:
    # 0.35 as a float is a little below 35/100; the float itself must still count as a hit
    edge = 0.35
    assert Fraction(edge) < Fraction(35, 100)
    assert edge < w.float_threshold(Fraction(35, 100))
    # 0.55 as a float is a little above 55/100: not a hit
    assert Fraction(0.55) > Fraction(55, 100)
    assert w.float_threshold(Fraction(55, 100)) <= 0.55


# -- records and text ---------------------------------------------------------------------------


def test_outcome_record_is_json() -> None:
    setup = w.make_setup("Tank", "Trooper", "Woods", "Mountains", 3, 4, opposite=1)
    out = w.fight(setup, Dice.seeded(5))
    record = json.loads(json.dumps(out.as_json()))
    assert record["attacker"] == "Tank"
    assert record["gang_up"]["B"] == 3
    assert record["attack"]["p"] == "13/20"  # 0.05 × (10 − 10 + 3) + 0.5
    assert record["counter"]["Ta"] == 2
    assert len(record["attack"]["rolls"]) == 18
    assert record["defenders_left"] == 4 - record["attack"]["losses"]
    odds = json.loads(json.dumps(w.battle_odds(setup).as_json()))
    assert len(odds["defender_losses"]) == 5


def test_fight_does_not_touch_the_setup() -> None:
    setup = w.make_setup("Tank", "Trooper", attackers=3, defenders=3)
    before = repr(setup)
    w.fight(setup, Dice.seeded(3))
    assert repr(setup) == before


def test_a_strike_keeps_its_draws_and_the_dice_do_not_record_them_again() -> None:
    setup = w.make_setup("Tank", "Trooper", attackers=2, defenders=3)
    dice, again = Dice.seeded(9), Dice.seeded(9)
    out = w.fight(setup, dice)
    assert dice.draws == []
    assert [d.value for d in out.draws()] == [again.rng.random() for _ in range(30)]
    assert [d.label for d in out.draws()] == ["ww-die-strike"] * 30


# -- the history's compact record of the draws ---------------------------------------------------


def test_six_decimals_cuts_never_rounds_up() -> None:
    assert w.six_decimals(0.0) == 0.0
    assert w.six_decimals(0.5) == 0.5
    assert w.six_decimals(0.1234567) == 0.123456
    assert w.six_decimals(0.9999999) == 0.999999
    # The double nearest 0.7 is 0.69999999999999995559…: below 0.7, so it is cut to 0.699999
    # (r × 10⁶ in floats rounds up onto 700000 exactly; the cut must not follow it).
    assert 0.7 * 1_000_000 == 700_000
    assert w.six_decimals(0.7) == 0.699999
    assert w.six_decimals(math.nextafter(0.25, 0.0)) == 0.249999
    assert w.six_decimals(0.25) == 0.25


@settings(max_examples=300, deadline=None)
@given(r=st.floats(0.0, 1.0, exclude_max=True), hundredths=st.integers(0, 100))
def test_a_recorded_r_hits_exactly_when_the_drawn_one_did(r: float, hundredths: int) -> None:
    recorded = Fraction(repr(w.six_decimals(r)))  # the decimal a reader sees
    assert recorded == math.floor(Fraction(r) * 10**6) / Fraction(10**6)
    p = Fraction(hundredths, 100)
    assert (recorded < p) == (Fraction(r) < p)


def test_history_dice_one_entry_per_strike() -> None:
    setup = w.make_setup("Tank", "Trooper", attackers=2, defenders=3)
    # Attack p = 0.7: 0.0 hits, 0.75 misses; counter p = 0.15: 0.1 hits, 0.5 misses.
    dice = ScriptedDice([0.0] * 5 + [0.75] * 7 + [0.1] * 2 + [0.5] * 16)
    out = w.fight(setup, dice)
    assert history_row(out)[1] == [
        {
            "kind": "uniform",
            "label": "Tank → Trooper",
            "value": [0.0] * 5 + [0.75] * 7,
            "hits": [5, 0],
        },
        {
            "kind": "uniform",
            "label": "Trooper → Tank",
            "value": [0.1] * 2 + [0.5] * 16,
            "hits": [2, 0, 0],
        },
    ]
    assert out.dice()[0].label == Msg.of("ww-die-strike", striker="Tank", target="Trooper")
    # No counter-strike (a Trooper cannot hit a Jet): one entry.
    air = w.fight(w.make_setup("Jet", "Trooper", attackers=1), ScriptedDice([0.0] * 6))
    assert [d["label"] for d in history_row(air)[1]] == ["Jet → Trooper"]


def test_one_call_plans_checks_once_and_rolls_a_battle(monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("bot.rules.weewar.battle")  # the function hides it
    checks: list[object] = []
    check = module.check_setup
    monkeypatch.setattr(module, "check_setup", lambda s: checks.append(s) or check(s))
    odds_only = w.battle("Tank", "Trooper", "Woods", attackers=3, opposite=1)
    assert len(checks) == 1
    assert odds_only.rolled is None
    assert odds_only.odds == w.battle_odds(odds_only.plan.setup)
    rolled = w.battle("Tank", "Trooper", "Woods", attackers=3, opposite=1, dice=Dice.seeded(4))
    assert rolled.plan == odds_only.plan and rolled.odds == odds_only.odds
    assert rolled.rolled == w.fight(rolled.plan.setup, Dice.seeded(4))
    again = w.roll_again(rolled, Dice.seeded(5))
    assert again.plan is rolled.plan and again.odds is rolled.odds
    assert again.rolled == w.fight(rolled.plan.setup, Dice.seeded(5))
