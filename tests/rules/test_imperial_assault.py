"""Imperial Assault deployment engine: the seed's tables and the issue's rules, case by case.

Expected values are typed from the seed (Imperial Commander mechanics page) or worked by hand.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import render
from bot.rules import imperial_assault as ia
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError, RuleError
from bot.rules.imperial_assault import DeployedGroup, ImperialAssaultState
from tests.refusals import raises_refusal


def mk(**kw: Any) -> ImperialAssaultState:
    base: dict[str, Any] = {"threat_level": 2, "difficulty": "medium", "threat": 0, "dm": 0}
    base.update(kw)
    return ImperialAssaultState(**base)


def dep(gid: str, figures: int, activated: bool = False) -> DeployedGroup:
    return DeployedGroup(id=gid, figures=figures, activated=activated)


def done(dice: ScriptedDice) -> bool:
    """Every scripted value was used (no draw missing)."""
    return dice.script == []


# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------
# The seed's "Cost changes" table, typed by hand: name -> (original cost, new cost,
# original reinforcement, new reinforcement). Names are the seed's.
COST_CHANGES: dict[str, tuple[int, int, int | None, int | None]] = {
    "AT-ST": (14, 11, None, None),
    "Boba Fett": (13, 10, None, None),
    "Chewbacca": (15, 12, None, None),
    "Darth Vader": (18, 13, None, None),
    "Dengar": (7, 6, None, None),
    "Elite-Web Engineer": (6, 5, None, None),
    "Elite-Web Engineer Elite": (8, 7, None, None),
    "General Sorin": (8, 5, None, None),
    "General Weiss": (16, 12, None, None),
    "Han Solo": (12, 9, None, None),
    "Hired Gun Elite": (6, 5, 3, 3),
    "HK Assassin Droid": (8, 8, 4, 3),
    "HK Assassin Droid Elite": (11, 10, 6, 5),
    "IG-88": (12, 10, None, None),
    "ISB Infiltrator": (5, 5, 3, 2),
    "ISB Infiltrator Elite": (7, 7, 4, 3),
    "Kayn Somos": (10, 8, None, None),
    "Leia Organa": (8, 7, None, None),
    "Luke Skywalker (Hero)": (10, 7, None, None),
    "Royal Guard Champion": (15, 11, None, None),
    "SC-2M Repulsor Tank": (10, 8, None, None),
    "Sentry Droid Elite": (10, 9, 5, 5),
    "Stormtrooper Elite": (9, 8, 3, 3),
    "The Grand Inquisitor": (9, 8, None, None),
    "Wing Guard": (6, 5, 2, 2),
    "Wing Guard Elite": (9, 8, 3, 3),
}
# Rebel heroes and allies in the seed's table: not Imperial deployment groups.
REBEL_ROWS = {"Chewbacca", "Han Solo", "Leia Organa", "Luke Skywalker (Hero)"}
# Spelling differences between the seed's table and the card data.
SEED_TO_DATA_NAME = {
    "Elite-Web Engineer": "E-Web Engineer",
    "Elite-Web Engineer Elite": "E-Web Engineer (Elite)",
    "SC-2M Repulsor Tank": "SC2-M Repulsor Tank",
}


def _data_name(seed_name: str) -> str:
    if seed_name in SEED_TO_DATA_NAME:
        return SEED_TO_DATA_NAME[seed_name]
    if seed_name.endswith(" Elite"):
        return seed_name.removesuffix(" Elite") + " (Elite)"
    return seed_name


def test_table_has_89_groups_with_unique_ids() -> None:
    groups = ia.table().groups
    assert len(groups) == 89
    assert len({g.id for g in groups}) == 89
    assert sum(g.villain for g in groups) == 20


@pytest.mark.parametrize("seed_name", sorted(COST_CHANGES))
def test_cost_changes_table_matches_data(seed_name: str) -> None:
    original, new, _, new_reinforce = COST_CHANGES[seed_name]
    matches = [g for g in ia.table().groups if g.name == _data_name(seed_name)]
    if seed_name in REBEL_ROWS:
        assert matches == []
        return
    assert matches, seed_name
    for g in matches:
        assert (g.original_cost, g.cost) == (original, new)
        if new_reinforce is not None:
            assert g.reinforce_cost == new_reinforce


def test_two_wing_guard_groups_both_checked() -> None:
    assert [g.id for g in ia.table().groups if g.name == "Wing Guard"] == ["DG033", "DG034"]


def test_exactly_seven_stored_tiers_differ_from_cost_bands() -> None:
    def band(cost: int) -> int:
        return 1 if cost <= 5 else 2 if cost <= 9 else 3

    differ = {g.id for g in ia.table().groups if g.tier != band(g.cost)}
    assert differ == {"DG007", "DG024", "DG033", "DG034", "DG064", "DG078", "DG090"}
    # The stored tier is the one used: E-Web Engineer costs 5 but is tier II.
    assert ia.group("DG007").tier == 2


def test_reimbursement_is_half_cost_rounded_per_group() -> None:
    for g in ia.table().groups:
        assert 2 * g.reimbursement in (g.cost - 1, g.cost, g.cost + 1)
    assert ia.group("DG014").reimbursement == 6  # AT-ST 11 -> 6 (up)
    assert ia.group("DG011").reimbursement == 1  # Probe Droid 3 -> 1 (down)


def test_same_name_groups_are_separate() -> None:
    assert ia.label("DG001") == "Stormtrooper (DG001)"
    assert ia.label("DG002") == "Stormtrooper (DG002)"
    assert ia.label("DG014") == "AT-ST"
    assert ia.label("DG058") == "Death Trooper (Elite) (DG058)"


# ---------------------------------------------------------------------------------------------
# Arithmetic: difficulty scaling and bands
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("amount", "difficulty", "expected"),
    [
        (2, "easy", 1),
        (3, "easy", 2),
        (5, "easy", 4),
        (3, "hard", 4),
        (5, "hard", 7),
        (5, "medium", 5),
        (0, "hard", 0),
        (6, "hard", 8),  # 7.8
        (6, "easy", 4),  # 4.2
    ],
)
def test_rounding_table(amount: int, difficulty: ia.Difficulty, expected: int) -> None:
    assert ia.scale_threat(amount, difficulty) == expected


def test_round_half_away_from_zero() -> None:
    assert ia.round_half_away(Fraction(7, 2)) == 4
    assert ia.round_half_away(Fraction(-7, 2)) == -4
    assert ia.round_half_away(Fraction(5, 2)) == 3
    assert ia.round_half_away(Fraction(-13, 10)) == -1


@given(st.integers(0, 500), st.sampled_from(ia.DIFFICULTIES))
def test_scaling_is_nearest_and_never_negative(amount: int, difficulty: ia.Difficulty) -> None:
    exact = amount * ia.THREAT_FACTOR[difficulty]
    got = ia.scale_threat(amount, difficulty)
    assert got >= 0
    assert abs(got - exact) <= Fraction(1, 2)
    assert ia.scale_threat(amount + 1, difficulty) >= got


@pytest.mark.parametrize(
    ("total", "band"),
    [
        (-3, "Calm"),
        (4, "Calm"),
        (5, "Reinforcements"),
        (7, "Reinforcements"),
        (8, "Landing"),
        (10, "Landing"),
        (11, "Onslaught"),
        (15, "Onslaught"),
    ],
)
def test_band_edges(total: int, band: str) -> None:
    assert ia.band_for(total) == band


def test_band_odds_at_dm_zero() -> None:
    assert ia.band_odds(0) == {
        "Calm": Fraction(6, 36),
        "Reinforcements": Fraction(15, 36),
        "Landing": Fraction(12, 36),
        "Onslaught": Fraction(3, 36),
    }
    assert ia.band_odds(-2)["Onslaught"] == Fraction(0)
    assert ia.band_odds(-2)["Calm"] == Fraction(15, 36)  # 2D6 <= 6


@given(st.integers(-20, 20))
def test_band_odds_sum_to_one(dm: int) -> None:
    odds = ia.band_odds(dm)
    assert sum(odds.values()) == 1
    assert all(p >= 0 for p in odds.values())


# ---------------------------------------------------------------------------------------------
# The deployment event: bands, threat, DM
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("dm", "faces", "band", "threat_after", "dm_after"),
    [
        (0, (2, 2), "Calm", 3, 2),
        (0, (2, 3), "Reinforcements", 3, 1),
        (0, (3, 4), "Reinforcements", 3, 1),
        (0, (4, 4), "Landing", 4, 1),
        (0, (4, 6), "Landing", 4, 1),
        (0, (5, 6), "Onslaught", 5, -2),
        (-2, (6, 6), "Landing", 4, -1),
        (-2, (1, 1), "Calm", 3, 0),
        (-5, (1, 1), "Calm", 3, -3),  # 2D6+DM = -3; DM not clamped
        (5, (3, 3), "Onslaught", 5, -2),
        (9, (6, 6), "Onslaught", 5, -2),
    ],
)
def test_deploy_roll_bands(
    dm: int, faces: tuple[int, int], band: str, threat_after: int, dm_after: int
) -> None:
    state = mk(threat_level=3, dm=dm, round=2, deployed=[dep("DG001", 3, activated=True)])
    dice = ScriptedDice(faces)
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    assert out.band == band
    assert out.faces == faces
    assert out.total == sum(faces) + dm
    assert out.threat_before == 0
    assert new.threat == threat_after == out.threat_after
    assert new.dm == dm_after == out.dm_after
    assert new.round == 3
    assert [d.activated for d in new.deployed] == [False]
    assert state.dm == dm and state.threat == 0 and state.deployed[0].activated  # unchanged


def test_threat_increase_scaled_on_hard_and_easy() -> None:
    # Landing at threat level 4: +5 -> Hard 6.5 -> 7, Easy 3.5 -> 4.
    new, out = ia.deploy_roll(mk(threat_level=4, difficulty="hard"), ScriptedDice([4, 4]))
    assert (out.increase_base, out.increase, new.threat) == (5, 7, 7)
    new, out = ia.deploy_roll(mk(threat_level=4, difficulty="easy"), ScriptedDice([4, 4]))
    assert (out.increase_base, out.increase, new.threat) == (5, 4, 4)


def test_calm_deploys_nothing() -> None:
    state = mk(threat=30, hand=["DG004"], deployed=[dep("DG001", 1)])
    new, out = ia.deploy_roll(state, ScriptedDice([1, 2]))
    assert out.band == "Calm"
    assert new.hand == ["DG004"] and new.deployed[0].figures == 1 and new.threat == 32
    assert out.reinforcements == () and out.deployments == ()
    assert out.reinforce_stop is None and out.deploy_stop is None


# ---------------------------------------------------------------------------------------------
# Reinforcement
# ---------------------------------------------------------------------------------------------
def test_reinforcement_never_past_full_strength() -> None:
    state = mk(threat_level=3, threat=10, deployed=[dep("DG001", 2), dep("DG009", 2)])
    dice = ScriptedDice([3, 3])  # 6: Reinforcements; each pick has one option, so no draw
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    assert [(d.id, d.figures) for d in new.deployed] == [("DG001", 3), ("DG009", 2)]
    assert len(out.reinforcements) == 1
    step = out.reinforcements[0]
    assert (step.cost, step.threat_before, step.threat_after) == (2, 13, 11)
    assert new.threat == 11
    assert out.reinforce_stop == "all_full"


def test_two_reinforcements_may_hit_the_same_group() -> None:
    state = mk(threat_level=3, threat=10, deployed=[dep("DG001", 1)])
    new, out = ia.deploy_roll(state, ScriptedDice([3, 3]))
    assert [s.group for s in out.reinforcements] == ["DG001", "DG001"]
    assert new.deployed[0].figures == 3
    assert new.threat == 13 - 2 - 2


def test_reinforcement_only_when_affordable() -> None:
    state = mk(threat_level=2, threat=0, deployed=[dep("DG001", 1)])
    new, out = ia.deploy_roll(state, ScriptedDice([3, 3]))
    assert new.deployed[0].figures == 2 and new.threat == 0
    assert out.reinforce_stop == "unaffordable"


def test_reinforcement_pick_goes_through_the_dice() -> None:
    state = mk(threat_level=3, threat=20, deployed=[dep("DG001", 1), dep("DG009", 1)])
    # Pick 1 among both groups: Royal Guard (index 1), now at full strength, so pick 2 has
    # one option (the Stormtrooper) and needs no draw.
    dice = ScriptedDice([3, 3, 1])
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    assert [(s.group, s.cost, s.options) for s in out.reinforcements] == [
        ("DG009", 4, 2),
        ("DG001", 2, 1),
    ]
    assert new.threat == 23 - 4 - 2


def test_onslaught_reinforcement_discount() -> None:
    # Threat 0 + 4 (level 2 + 2). Stormtrooper 2 -> 1, Royal Guard 4 -> 3.
    state = mk(threat_level=2, threat=0, deployed=[dep("DG001", 1), dep("DG009", 1)])
    dice = ScriptedDice([5, 6, 1])  # Onslaught; first pick index 1 = Royal Guard
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    steps = [(s.group, s.base_cost, s.discount, s.cost) for s in out.reinforcements]
    assert steps == [("DG009", 4, 1, 3), ("DG001", 2, 1, 1)]
    assert new.threat == 0
    assert [d.figures for d in new.deployed] == [2, 2]


# ---------------------------------------------------------------------------------------------
# Deployment and fuzzy deployment
# ---------------------------------------------------------------------------------------------
def test_fuzzy_deployment_at_threat_8() -> None:
    state = mk(threat_level=2, threat=5, hand=["DG014"])  # Landing +3 -> 8; AT-ST costs 11
    new, out = ia.deploy_roll(state, ScriptedDice([4, 4]))
    assert [d.id for d in new.deployed] == ["DG014"]
    step = out.deployments[0]
    assert step.fuzzy and step.cost == 11 and step.threat_before == 8
    assert new.threat == 0 and new.hand == []


def test_no_fuzzy_deployment_at_threat_7() -> None:
    state = mk(threat_level=2, threat=4, hand=["DG014"])  # -> 7, short by 4
    new, out = ia.deploy_roll(state, ScriptedDice([4, 4]))
    assert new.deployed == [] and new.hand == ["DG014"] and new.threat == 7
    assert out.deploy_stop == "unaffordable" and out.deployments == ()


def test_exact_threat_is_not_fuzzy() -> None:
    new, out = ia.deploy_roll(mk(threat=8, hand=["DG014"]), ScriptedDice([4, 4]))
    assert not out.deployments[0].fuzzy and new.threat == 0


def test_fuzzy_with_onslaught_discount_at_threat_6() -> None:
    state = mk(threat_level=2, threat=2, hand=["DG014"])  # Onslaught +4 -> 6; 11 - 2 = 9
    new, out = ia.deploy_roll(state, ScriptedDice([5, 6]))
    step = out.deployments[0]
    assert (step.base_cost, step.discount, step.cost, step.fuzzy) == (11, 2, 9, True)
    assert new.threat == 0 and [d.id for d in new.deployed] == ["DG014"]


def test_no_fuzzy_with_onslaught_discount_at_threat_5() -> None:
    new, _ = ia.deploy_roll(mk(threat=1, hand=["DG014"]), ScriptedDice([5, 6]))
    assert new.deployed == [] and new.threat == 5


def test_fuzzy_only_for_tier_three() -> None:
    # Royal Guard: tier II, cost 8; threat 7 is not enough.
    new, _ = ia.deploy_roll(mk(threat=4, hand=["DG009"]), ScriptedDice([4, 4]))
    assert new.deployed == [] and new.threat == 7


def test_onslaught_discounts_and_deploys_as_many_as_possible() -> None:
    state = mk(threat_level=2, threat=26, hand=["DG004", "DG001", "DG010"])
    # Officer (coin to tier I/II, first of two), Stormtrooper (coin to tier I/II, the only
    # one), then Royal Guard (Elite), the only card left: no draw at all.
    dice = ScriptedDice([5, 6, 0.1, 0, 0.1])
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    got = [(s.card, s.discount, s.cost, s.threat_after) for s in out.deployments]
    assert got == [("DG004", 0, 2, 28), ("DG001", 1, 5, 23), ("DG010", 2, 10, 13)]
    assert new.threat == 13 and new.hand == []
    assert [d.figures for d in new.deployed] == [1, 3, 2]
    assert out.deploy_stop == "hand_empty"
    assert out.reinforce_stop == "all_full" and out.threat_after_reinforce == 30


def test_landing_deploys_at_most_two() -> None:
    state = mk(threat_level=2, threat=40, hand=["DG004", "DG005", "DG011"])
    dice = ScriptedDice([4, 4, 2, 0])
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    assert [s.card for s in out.deployments] == ["DG011", "DG004"]
    assert new.hand == ["DG005"] and new.threat == 43 - 3 - 2


def test_threat_never_negative_after_fuzzy_then_more() -> None:
    # Fuzzy AT-ST sets threat to 0; nothing else is affordable at 0.
    state = mk(threat_level=2, threat=5, hand=["DG014", "DG004"])
    dice = ScriptedDice([4, 4, 0.9])  # Landing; the coin goes to tier III: the AT-ST (fuzzy)
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    assert new.threat == 0 and new.hand == ["DG004"]
    assert out.deploy_stop == "unaffordable"


def test_tier_three_lands_half_the_time_however_many_cheap_cards() -> None:
    # GetFuzzyDeployable: one affordable tier I/II card, one tier III card at most 3 short,
    # then a 50/50 coin between them. Threat 5 + Landing 3 = 8: three Officers/Probe Droid
    # affordable, the AT-ST (11) 3 short.
    hand = ["DG004", "DG005", "DG011", "DG014"]
    dice = ScriptedDice([4, 4, 0.6])  # the coin goes to tier III: no further draw
    new, out = ia.deploy_roll(mk(threat=5, hand=hand), dice)
    assert done(dice)
    step = out.deployments[0]
    assert (step.card, step.fuzzy, step.coin) == ("DG014", True, False)
    assert (step.tier_low_options, step.tier_three_options, step.options) == (3, 1, 1)
    assert step.chance == Fraction(1, 2)  # a uniform pick among four would give 1/4
    assert new.threat == 0


def test_cheap_card_odds_after_the_coin() -> None:
    hand = ["DG004", "DG005", "DG011", "DG014"]
    dice = ScriptedDice([4, 4, 0.2, 2, 0.2])  # tier I/II, the third (Probe Droid); again
    _, out = ia.deploy_roll(mk(threat=5, hand=hand), dice)
    first = out.deployments[0]
    assert (first.card, first.coin, first.options) == ("DG011", True, 3)
    assert first.chance == Fraction(1, 6)


def test_only_one_pool_no_coin() -> None:
    dice = ScriptedDice([4, 4, 1, 0])  # Landing at threat 10+3: no tier III card in hand
    _, out = ia.deploy_roll(mk(threat=10, hand=["DG004", "DG001", "DG011"]), dice)
    assert done(dice)
    assert [(s.coin, s.options, s.chance) for s in out.deployments] == [
        (None, 3, Fraction(1, 3)),
        (None, 2, Fraction(1, 2)),
    ]


def test_onslaught_tier_three_pool_uses_the_discount() -> None:
    # Threat 3 + Onslaught 4 = 7: Royal Guard (Elite) 12 - 2 = 10 is 3 short (a candidate),
    # the AT-ST 11 - 2 = 9 is 2 short; no tier I/II card: one of two tier III, no coin.
    dice = ScriptedDice([5, 6, 1])
    _, out = ia.deploy_roll(mk(threat=3, hand=["DG010", "DG014"]), dice)
    step = out.deployments[0]
    assert (step.card, step.cost, step.fuzzy, step.chance) == ("DG014", 9, True, Fraction(1, 2))


# ---------------------------------------------------------------------------------------------
# Difficulty swaps
# ---------------------------------------------------------------------------------------------
def test_hard_upgrade_to_elite() -> None:
    state = mk(difficulty="hard", threat=10, hand=["DG001"])
    dice = ScriptedDice([4, 4, 0.1])  # Landing; swap roll 0.1 < 0.15
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    first, second = out.deployments
    assert first.card == "DG001" and first.deployed == "DG003"
    assert first.swap is not None and first.swap.happened and first.swap.kind == "upgrade"
    assert first.cost == 6  # no extra cost for the Elite group
    # The Stormtrooper card went back to the hand and was deployed second; the Elite group is
    # deployed now, so no swap roll for it (the script would have run out).
    assert second.card == "DG001" and second.swap is None
    assert [(d.id, d.figures) for d in new.deployed] == [("DG003", 3), ("DG001", 3)]
    assert new.threat == 14 - 6 - 6


def test_easy_downgrade_picks_among_regular_groups() -> None:
    state = mk(difficulty="easy", threat=10, hand=["DG003"])
    dice = ScriptedDice([4, 4, 0.14, 1])  # swap yes; second candidate DG002
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    step = out.deployments[0]
    assert step.deployed == "DG002" and step.swap is not None and step.swap.happened
    assert new.threat == 12 - 8  # no refund
    assert new.hand == ["DG003"]
    assert out.deploy_stop == "unaffordable"


def test_swap_roll_fails_at_exactly_15_percent() -> None:
    state = mk(difficulty="easy", threat=10, hand=["DG003"])
    new, out = ia.deploy_roll(state, ScriptedDice([4, 4, 0.15]))
    step = out.deployments[0]
    assert step.deployed == "DG003" and step.swap is not None and not step.swap.happened
    assert [d.id for d in new.deployed] == ["DG003"]


def test_no_swap_roll_without_candidate_or_on_medium() -> None:
    # Hard, but the Elite Stormtrooper is already deployed: no roll at all.
    state = mk(difficulty="hard", threat=10, hand=["DG001"], deployed=[dep("DG003", 3)])
    dice = ScriptedDice([4, 4])
    _, out = ia.deploy_roll(state, dice)
    assert done(dice) and out.deployments[0].swap is None
    # Medium never swaps.
    dice = ScriptedDice([4, 4])
    _, out = ia.deploy_roll(mk(threat=10, hand=["DG003"]), dice)
    assert done(dice) and out.deployments[0].swap is None
    # Hard: an Elite-only group (AT-ST) has nothing to upgrade to.
    dice = ScriptedDice([4, 4])
    _, out = ia.deploy_roll(mk(difficulty="hard", threat=11, hand=["DG014"]), dice)
    assert done(dice) and out.deployments[0].swap is None


def test_swap_needs_an_owned_group() -> None:
    # Riot Trooper (Elite) is in Heart of the Empire; with only the Empire box it can be used.
    state = mk(difficulty="hard", threat=20, hand=["DG047"], expansions=["Core"])
    dice = ScriptedDice([4, 4])
    _, out = ia.deploy_roll(state, dice)
    assert done(dice) and out.deployments[0].swap is None


def test_swap_rate_seeded() -> None:
    dice = Dice.seeded(4)
    state = mk(difficulty="hard", threat=50, dm=8, hand=["DG001"])
    rolls = hits = 0
    for _ in range(4000):
        _, out = ia.deploy_roll(state, dice)
        swap = out.deployments[0].swap
        assert swap is not None
        rolls += 1
        hits += swap.happened
    assert abs(hits / rolls - 0.15) < 0.02


# ---------------------------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------------------------
ALL = ",".join(ia.expansion_codes())


@pytest.mark.parametrize(
    ("level", "sizes"),
    [
        (2, (2, 2, 0)),
        (3, (2, 2, 0)),
        (4, (1, 2, 1)),
        (5, (1, 2, 2)),
        (6, (1, 2, 2)),
        (7, (1, 2, 2)),
        (12, (1, 2, 2)),
    ],
)
def test_hand_sizes(level: int, sizes: tuple[int, int, int]) -> None:
    for seed in range(5):
        state, out = ia.setup(Dice.seeded(seed), threat_level=level, expansions=ALL)
        tiers = [ia.group(g).tier for g in state.hand]
        assert (tiers.count(1), tiers.count(2), tiers.count(3)) == sizes
        assert len(set(state.hand)) == len(state.hand)
        assert not any(ia.group(g).villain for g in state.hand)
        assert not any(t.short for t in out.hand.tiers)


def test_hand_only_from_owned_expansions() -> None:
    for seed in range(10):
        state, _ = ia.setup(Dice.seeded(seed), threat_level=5, expansions="Hoth")
        assert {ia.group(g).expansion for g in state.hand} == {"Hoth"}


def test_short_tier_gives_what_it_has_and_says_so() -> None:
    # Twin Shadows alone has no non-villain tier III group.
    state, out = ia.setup(Dice.seeded(1), threat_level=5, expansions="twin")
    tier3 = out.hand.tiers[2]
    assert (tier3.wanted, tier3.available, tier3.drawn) == (2, 0, ())
    assert tier3.short

    assert len(state.hand) == 3  # tier I 1 (Tusken Raider is the only one) + tier II 2
    assert "DG021" in state.hand


def test_earned_villains_fifty_percent() -> None:
    pool = ["DG004", "DG001", "DG002"]
    # Threat level 2: tier I wants 2 (one available), tier II wants 2 (two), tier III 0;
    # then one 50 % roll per earned villain.
    dice = ScriptedDice([0, 1, 0, 0.49, 0.5])
    drawn = ia.draw_hand(2, pool, ["DG072", "DG071"], dice)
    assert done(dice)
    assert drawn.tiers[0].short and drawn.tiers[0].drawn == ("DG004",)
    assert drawn.hand == ["DG004", "DG002", "DG001", "DG072"]
    assert [(v.group, v.added) for v in drawn.villains] == [("DG072", True), ("DG071", False)]


def test_earned_villain_rate_seeded() -> None:
    dice = Dice.seeded(11)
    added = sum(
        "DG072" in ia.setup(dice, threat_level=2, earned_villains="Darth Vader")[0].hand
        for _ in range(2000)
    )
    assert abs(added / 2000 - 0.5) < 0.04


def test_earned_villains_validated() -> None:
    with raises_refusal(InputError, match="Bespin"):
        ia.setup(Dice.seeded(0), threat_level=3, earned_villains="Bossk")
    with raises_refusal(InputError, match="No villain"):
        ia.setup(Dice.seeded(0), threat_level=3, earned_villains="Stormtrooper")
    state, _ = ia.setup(
        Dice.seeded(0), threat_level=3, expansions="core,bespin", earned_villains="bossk, IG-88"
    )
    assert state.earned_villains == ["DG080", "DG071"]


def test_setup_defaults_and_refusals() -> None:
    state, _ = ia.setup(Dice.seeded(0), threat_level=3)
    assert state.expansions == ["Core"] and state.dm == 0 and state.round == 1
    hard, _ = ia.setup(Dice.seeded(0), difficulty="Hard", threat_level=3, threat=4)
    assert hard.dm == 2 and hard.threat == 4 and hard.difficulty == "hard"
    with pytest.raises(InputError):
        ia.setup(Dice.seeded(0), threat_level=1)
    with raises_refusal(InputError, match="Unknown expansion"):
        ia.setup(Dice.seeded(0), threat_level=3, expansions="Core, Mandalore")
    with raises_refusal(InputError, match="easy, medium or hard"):
        ia.setup(Dice.seeded(0), difficulty="nightmare", threat_level=3)
    with pytest.raises(InputError):
        ia.setup(Dice.seeded(0), threat_level=3, threat=-1)


def test_parse_expansions_by_code_or_title() -> None:
    assert ia.parse_expansions("hoth, Core, Twin Shadows") == ["Core", "Twin", "Hoth"]
    assert ia.parse_expansions("") == ["Core"]
    assert ia.suggest_expansions("Core, h") == ["Core, Hoth", "Core, Empire"]  # Heart of...
    assert ia.suggest_expansions("core, hoth, lo") == ["core, hoth, Lothal"]
    assert len(ia.suggest_expansions("")) == 8


def test_suggest_villains() -> None:
    assert ia.suggest_villains("darth") == ["Darth Vader"]
    assert ia.suggest_villains("Darth Vader, gen") == [
        "Darth Vader, General Weiss",
        "Darth Vader, General Sorin",
        "Darth Vader, Agent Blaise",  # substring matches after prefix matches
    ]
    assert ia.suggest_villains("", ["Core"]) == [
        "IG-88",
        "Darth Vader",
        "General Weiss",
        "Royal Guard Champion",
    ]
    assert ia.suggest_villains("IG-88, Darth Vader, General Weiss, r", ["Core"]) == [
        "IG-88, Darth Vader, General Weiss, Royal Guard Champion"
    ]


# ---------------------------------------------------------------------------------------------
# Activation
# ---------------------------------------------------------------------------------------------
# Priority 1: Imperial Officer DG004, Royal Guard DG009, AT-ST DG014. Priority 2: Stormtroopers
# DG001, DG002, Probe Droid DG011. With a priority-1 and b priority-2 groups ready, a priority-1
# group comes up with 7/10 · 1/a + 3/10 · 1/(a + b) (the roll, else a pick among all ready
# groups), a priority-2 group with 3/10 · 1/(a + b).
P1 = ["DG004", "DG009", "DG014"]
P2 = ["DG001", "DG002", "DG011"]


def ready(p1: int, p2: int, **kw: Any) -> ImperialAssaultState:
    return mk(deployed=[dep(gid, 1) for gid in P2[:p2] + P1[:p1]], **kw)


def paths(p1: int, p2: int) -> list[tuple[list[int | float], Fraction]]:
    """Every way the pick can go, as scripted draws with the probability of that path: the roll
    (0.0 succeeds, 0.9 fails) when both priorities are ready, then an index into the pool (no
    draw for a pool of one)."""

    def picks(roll: list[int | float], share: Fraction, size: int) -> list[Any]:
        if size == 1:
            return [(roll, share)]
        return [([*roll, i], share / size) for i in range(size)]

    if p1 and p2:
        return picks([0.0], Fraction(7, 10), p1) + picks([0.9], Fraction(3, 10), p1 + p2)
    return picks([], Fraction(1), p1 + p2)


@pytest.mark.parametrize(
    ("p1", "p2", "each_p1", "each_p2"),
    [
        (1, 1, Fraction(17, 20), Fraction(3, 20)),  # 85 %, 15 %
        (1, 3, Fraction(31, 40), Fraction(3, 40)),  # 77.5 %, 7.5 % each (the example)
        (2, 2, Fraction(17, 40), Fraction(3, 40)),  # 42.5 % each, 7.5 % each
        (3, 1, Fraction(37, 120), Fraction(3, 40)),  # ≈ 30.8 % each, 7.5 %
        (2, 0, Fraction(1, 2), None),  # one priority only: uniform, no roll
        (0, 3, None, Fraction(1, 3)),
        (1, 0, Fraction(1), None),
    ],
)
def test_activation_exact_chances(
    p1: int, p2: int, each_p1: Fraction | None, each_p2: Fraction | None
) -> None:
    state = ready(p1, p2)
    expected = {gid: each_p1 for gid in P1[:p1]} | {gid: each_p2 for gid in P2[:p2]}
    chances = ia.next_activation_chances(state)
    assert chances == expected
    assert sum(chances.values()) == 1
    # The reply's chance is the same number, whichever way the pick went.
    for script, _ in paths(p1, p2):
        dice = ScriptedDice(script)
        _, out = ia.activate(state, dice)
        assert done(dice)
        assert out.chance == expected[out.group]


def test_activation_chances_agree_with_every_path_of_the_pick() -> None:
    """Adding up the probability of every scripted path of the pick (7/10 or 3/10 for the roll,
    1/len(pool) for the index) gives the chances the rule states (and the reply shows)."""
    for p1, p2 in ((1, 1), (1, 3), (2, 2), (3, 1), (2, 0), (0, 3)):
        state = ready(p1, p2)
        found: dict[str, Fraction] = {}
        for script, share in paths(p1, p2):
            dice = ScriptedDice(script)
            _, out = ia.activate(state, dice)
            assert done(dice)
            found[out.group] = found.get(out.group, Fraction(0)) + share
        assert found == ia.next_activation_chances(state), (p1, p2)


def test_a_failed_roll_picks_among_all_ready_groups() -> None:
    state = ready(1, 3)  # Stormtroopers DG001, DG002, Probe DG011, then the Officer DG004
    assert ia.activation_pools(state).ready == ("DG004", "DG001", "DG002", "DG011")
    for index, gid in enumerate(["DG004", "DG001", "DG002", "DG011"]):
        dice = ScriptedDice([0.7, index])  # 0.7 is not below 70 %: the roll fails
        _, out = ia.activate(state, dice)
        assert done(dice) and out.group == gid and out.priority_roll is False
        assert out.options == 4 and (out.ready_priority_1, out.ready_priority_2) == (1, 3)
    dice = ScriptedDice([0.69])  # below 70 %: the one priority-1 group, no second draw
    _, out = ia.activate(state, dice)
    assert done(dice) and out.group == "DG004" and out.priority_roll is True
    assert out.options == 1 and out.chance == Fraction(31, 40)


def test_failed_roll_pool_statistics() -> None:
    """Seeded: 40 000 activations with one priority-1 and three priority-2 groups ready. About
    30 % of the rolls fail (seed 26: 11 920 picks); each of the four ready groups, the
    priority-1 one included, must make up a quarter of those picks, and every group its exact
    chance overall (31/40, 3/40). The tolerance is five standard errors of each share
    (sqrt(p(1 - p)/n): about 0.004 for a quarter of the failed-roll pool, 0.002 for 31/40
    overall): a correct pick fails one of these nine checks for only a few seeds in a million,
    while the old reading (no priority-1 pick on a failed roll: a share of 0, not 1/4) misses
    by about sixty standard errors."""
    state = ready(1, 3)
    dice = Dice.seeded(26)
    trials = 40_000
    failed: dict[str, int] = dict.fromkeys(["DG004", "DG001", "DG002", "DG011"], 0)
    overall = dict(failed)
    for _ in range(trials):
        _, out = ia.activate(state, dice)
        overall[out.group] += 1
        if out.priority_roll is False:
            failed[out.group] += 1
    n_failed = sum(failed.values())

    def close(count: int, n: int, p: Fraction) -> bool:
        return abs(count / n - p) <= 5 * (float(p * (1 - p)) / n) ** 0.5

    assert close(n_failed, trials, Fraction(3, 10))
    for gid, count in failed.items():
        assert close(count, n_failed, Fraction(1, 4)), (gid, count, n_failed)
    for gid, count in overall.items():
        assert close(count, trials, ia.next_activation_chances(state)[gid]), (gid, count)


def test_activation_uniform_when_one_priority_only() -> None:
    state = mk(deployed=[dep("DG001", 3), dep("DG002", 3), dep("DG004", 1, activated=True)])
    dice = ScriptedDice([1])  # no priority roll: the Officer has already activated
    _, out = ia.activate(state, dice)
    assert done(dice) and out.group == "DG002" and out.priority_roll is None
    assert out.remaining == 1 and out.chance == Fraction(1, 2)
    assert ia.next_activation_chances(state) == {"DG001": Fraction(1, 2), "DG002": Fraction(1, 2)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(P1 + P2), unique=True, min_size=1), st.data())
def test_activation_chances_add_up(groups: list[str], data: st.DataObject) -> None:
    activated = data.draw(st.sets(st.sampled_from(groups)))
    state = mk(deployed=[dep(gid, 1, activated=gid in activated) for gid in groups])
    chances = ia.next_activation_chances(state)
    assert set(chances) == {gid for gid in groups if gid not in activated}
    if chances:
        assert sum(chances.values()) == 1
    first = [c for gid, c in chances.items() if gid in P1]
    second = [c for gid, c in chances.items() if gid in P2]
    if first and second:  # the roll: every priority-1 group beats every priority-2 group
        assert min(first) > max(second)


def test_every_group_activated() -> None:
    state = mk(deployed=[dep("DG001", 3), dep("DG004", 1, activated=True)])
    new, out = ia.activate(state, ScriptedDice([]))
    assert out.remaining == 0 and out.chance == 1
    assert ia.next_activation_chances(new) == {}
    before = new.model_dump(mode="json")
    dice = ScriptedDice([0.0, 0])  # a refusal draws nothing
    with raises_refusal(RuleError, match="already activated"):
        ia.activate(new, dice)
    assert dice.script == [0.0, 0] and dice.draws == []
    assert new.model_dump(mode="json") == before
    with raises_refusal(RuleError, match="No Imperial group"):
        ia.activate(mk(), dice)
    assert dice.draws == []


def test_easy_no_bonus_roll() -> None:
    state = mk(difficulty="easy", deployed=[dep("DG001", 3)])
    _, out = ia.activate(state, ScriptedDice([0.24]))
    assert out.no_bonus is True
    _, out = ia.activate(state, ScriptedDice([0.25]))
    assert out.no_bonus is False
    dice = ScriptedDice([])
    _, out = ia.activate(mk(deployed=[dep("DG001", 3)]), dice)
    assert out.no_bonus is None and not out.no_bonus_effects


def test_easy_makes_no_bonus_roll_for_a_group_without_bonus_effects() -> None:
    """The app rolls Easy's 25 % in ParseBonus only when the group has bonus effects; its
    bonuseffects.json has none for the three Clawdite Shapeshifter groups."""
    assert [g.id for g in ia.table().groups if not g.bonus_effects] == ["DG053", "DG054", "DG055"]
    dice = ScriptedDice([])
    _, out = ia.activate(mk(difficulty="easy", deployed=[dep("DG053", 1)]), dice)
    assert done(dice) and out.no_bonus is None and out.no_bonus_effects
    # With a Stormtrooper ready too: the pick (index 1 = the Clawdite), then no second draw.
    dice = ScriptedDice([1])
    state = mk(difficulty="easy", deployed=[dep("DG001", 3), dep("DG054", 1)])
    _, out = ia.activate(state, dice)
    assert done(dice) and out.group == "DG054" and out.no_bonus_effects
    dice = ScriptedDice([0, 0.1])  # the Stormtrooper: the roll is made
    _, out = ia.activate(state, dice)
    assert done(dice) and out.no_bonus is True and not out.no_bonus_effects


# ---------------------------------------------------------------------------------------------
# Defeat and adaptive difficulty
# ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("difficulty", "threat"), [("medium", 6), ("easy", 4), ("hard", 8)])
def test_defeating_the_at_st(difficulty: ia.Difficulty, threat: int) -> None:
    state = mk(difficulty=difficulty, adaptive=True, deployed=[dep("DG014", 1)])
    new, out = ia.defeat(state, "at-st")
    assert new.fame == 14 and out.fame_gained == 14
    assert new.threat == threat and out.reimbursement == threat
    assert new.deployed == [] and new.hand == ["DG014"]  # back into the hand
    assert state.deployed and state.fame == 0


def test_twelve_fame_gives_an_award() -> None:
    state = mk(adaptive=True, deployed=[dep("DG003", 3), dep("DG011", 1)])
    s1, o1 = ia.defeat(state, "Stormtrooper (Elite)")
    assert (s1.fame, s1.awards, o1.new_awards) == (9, 0, 0)  # original cost 9, not 8
    s2, o2 = ia.defeat(s1, "DG011")
    assert (s2.fame, s2.awards, o2.new_awards) == (12, 1, 1)
    assert s2.threat == 4 + 1


def test_defeated_villain_stays_out() -> None:
    state = mk(adaptive=True, deployed=[dep("DG072", 1)])
    new, out = ia.defeat(state, "darth vader")
    assert (new.fame, new.awards, new.threat) == (18, 1, 7)
    assert new.hand == [] and new.defeated == ["DG072"] and not out.back_to_hand


def test_defeat_without_adaptive_still_returns_the_group_to_the_hand() -> None:
    # The companion app returns every defeated non-villain group to the hand whatever the
    # difficulty settings; only fame and reimbursement belong to adaptive difficulty.
    new, out = ia.defeat(mk(threat=3, deployed=[dep("DG014", 1)]), "AT-ST")
    assert (new.fame, new.threat, new.hand, new.defeated) == (0, 3, ["DG014"], [])
    assert (out.fame_gained, out.reimbursement, out.back_to_hand) == (0, 0, True)
    # ... so the engine can deploy it again: threat 8 + Landing 3 = 11 pays the AT-ST
    again, roll = ia.deploy_roll(new.model_copy(update={"threat": 8}), ScriptedDice([4, 4]))
    assert [s.card for s in roll.deployments] == ["DG014"] and again.hand == []


def test_defeated_villain_stays_out_without_adaptive() -> None:
    new, out = ia.defeat(mk(deployed=[dep("DG072", 1)]), "darth vader")
    assert (new.hand, new.defeated, out.back_to_hand) == ([], ["DG072"], False)


def test_defeated_group_is_seen_by_a_hard_upgrade() -> None:
    # Stormtrooper (Elite) defeated without adaptive difficulty is back in the hand, so a
    # Hard upgrade of the regular Stormtrooper can find it again.
    state = mk(difficulty="hard", threat=3, hand=["DG001"], deployed=[dep("DG003", 3)])
    state, _ = ia.defeat(state, "DG003")
    dice = ScriptedDice([4, 4, 0.1])  # Landing: threat 6 pays the Stormtrooper; upgrade hits
    new, out = ia.deploy_roll(state, dice)
    assert done(dice)
    swap = out.deployments[0].swap
    assert swap is not None and swap.happened and swap.candidate == "DG003"
    assert [d.id for d in new.deployed] == ["DG003"] and new.hand == ["DG001"]


def test_figures_lost() -> None:
    state = mk(adaptive=True, deployed=[dep("DG001", 3), dep("DG002", 3)])
    s1, o1 = ia.lose_figures(state, "DG002", 2)
    assert o1.figures_left == 1 and o1.defeat is None
    assert [d.figures for d in s1.deployed] == [3, 1]
    with raises_refusal(InputError, match="1 figure"):
        ia.lose_figures(s1, "DG002", 2)
    s2, o2 = ia.lose_figures(s1, "Stormtrooper (DG002)")
    assert o2.defeat is not None and [d.id for d in s2.deployed] == ["DG001"]
    assert s2.fame == 6 and s2.threat == 3 and s2.hand == ["DG002"]
    with pytest.raises(InputError):
        ia.lose_figures(state, "DG001", 0)


# ---------------------------------------------------------------------------------------------
# Lookups, manual deployment, manual threat
# ---------------------------------------------------------------------------------------------
def test_group_lookup() -> None:
    state = mk(deployed=[dep("DG001", 3), dep("DG002", 1), dep("DG014", 1)])
    ids = ia.deployed_ids(state)
    assert ia.resolve_group("at-st", ids, "deployed group") == "DG014"
    assert ia.resolve_group("dg002", ids, "deployed group") == "DG002"
    assert ia.resolve_group("stormtrooper (dg001)", ids, "deployed group") == "DG001"
    with raises_refusal(InputError, match="ambiguous"):
        ia.resolve_group("STORMTROOPER", ids, "deployed group")
    with raises_refusal(InputError, match="No deployed group called 'storm'"):
        ia.resolve_group("storm", ids, "deployed group")
    with raises_refusal(InputError, match="ambiguous"):
        ia.defeat(state, "stormtrooper")


def test_suggestions() -> None:
    everything = [g.id for g in ia.table().groups]
    assert len(ia.suggest_groups("", everything)) == 25
    got = ia.suggest_groups("STORM", everything)
    assert got[:3] == [
        ("Stormtrooper (DG001)", "DG001"),
        ("Stormtrooper (DG002)", "DG002"),
        ("Stormtrooper (Elite)", "DG003"),
    ]
    assert ("Heavy Stormtrooper", "DG019") in got  # substring matches after prefix ones
    assert ia.suggest_groups("zzz", everything) == []


def test_manual_deploy() -> None:
    state = mk(threat=5, hand=["DG001", "DG014"])
    new, out = ia.manual_deploy(state, "at-st")
    assert out.from_hand and new.hand == ["DG001"] and new.threat == 5
    assert [(d.id, d.figures, d.activated) for d in new.deployed] == [("DG014", 1, False)]
    # Same name twice: any undeployed Stormtrooper will do; the hand's card first.
    new2, out2 = ia.manual_deploy(new, "stormtrooper")
    assert out2.group == "DG001" and new2.hand == []
    new3, out3 = ia.manual_deploy(new2, "stormtrooper")
    assert out3.group == "DG002" and not out3.from_hand
    with raises_refusal(RuleError, match="already deployed"):
        ia.manual_deploy(new3, "at-st")
    with raises_refusal(InputError, match="Snowtrooper comes with Return to Hoth"):
        ia.manual_deploy(state, "Snowtrooper")
    with raises_refusal(InputError, match="No group to deploy called 'Snowspeeder'"):
        ia.manual_deploy(state, "Snowspeeder")


def test_manual_threat() -> None:
    new, out = ia.adjust_threat(mk(threat=3, difficulty="hard"), 5)
    assert new.threat == 8 and not out.clamped  # never scaled
    new, out = ia.adjust_threat(mk(threat=3), -5)
    assert new.threat == 0 and out.clamped
    with pytest.raises(InputError):
        ia.adjust_threat(mk(), 0)


# ---------------------------------------------------------------------------------------------
# Whole missions
# ---------------------------------------------------------------------------------------------
def test_summary_is_one_line() -> None:
    state = mk(threat=7, dm=-2, round=3, adaptive=True, fame=14, awards=1)
    line = render("en", ia.summarize(state))
    assert "\n" not in line
    assert "round 3" in line and "threat 7" in line and "DM -2" in line and "fame 14" in line


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    difficulty=st.sampled_from(ia.DIFFICULTIES),
    level=st.integers(2, 7),
    adaptive=st.booleans(),
    expansions=st.sets(st.sampled_from(ia.expansion_codes()), min_size=1),
)
def test_eight_round_mission_invariants(
    seed: int, difficulty: ia.Difficulty, level: int, adaptive: bool, expansions: set[str]
) -> None:
    dice = Dice.seeded(seed)
    state, _ = ia.setup(
        dice,
        difficulty=difficulty,
        threat_level=level,
        expansions=",".join(expansions),
        adaptive=adaptive,
    )
    for rnd in range(1, 9):
        while any(not d.activated for d in state.deployed):
            before = state.model_dump(mode="json")
            new, _ = ia.activate(state, dice)
            assert state.model_dump(mode="json") == before  # input untouched
            state = new
        if state.deployed and rnd % 2 == 0:
            before = state.model_dump(mode="json")
            new, _ = ia.lose_figures(state, state.deployed[0].id, 1)
            assert state.model_dump(mode="json") == before
            state = new
        if state.deployed and rnd == 5:
            before = state.model_dump(mode="json")
            new, _ = ia.defeat(state, state.deployed[-1].id)
            assert state.model_dump(mode="json") == before
            state = new
        before = state.model_dump(mode="json")
        new, out = ia.deploy_roll(state, dice)
        assert state.model_dump(mode="json") == before  # input untouched
        state = new
        ids = [d.id for d in state.deployed]
        assert len(ids) == len(set(ids))
        assert not set(ids) & set(state.hand)
        assert all(1 <= d.figures <= ia.group(d.id).size for d in state.deployed)
        assert all(ia.group(g).expansion in expansions for g in ids)
        assert state.threat >= 0 and state.round == rnd + 1
        assert out.threat_after == state.threat
        assert ImperialAssaultState.model_validate(state.model_dump(mode="json")) == state
        assert state.awards == state.fame // 12


@pytest.mark.parametrize(
    ("typed", "candidates", "group_id"),
    [
        ("Штурмовик (DG002)", ["DG001", "DG002"], "DG002"),
        ("тяжелый штурмовик", ["DG019", "DG001"], "DG019"),  # е for ё
        ("Тяжёлый штурмовик", ["DG019"], "DG019"),
        ("Дроид-разведчик", ["DG011", "DG012"], "DG011"),  # interchangeable
        ("Heavy Stormtrooper", ["DG019"], "DG019"),
    ],
)
def test_a_group_is_named_in_either_language(
    typed: str, candidates: list[str], group_id: str
) -> None:
    """The names the Imperial Commander app's Russian translation gives (data/…json name_ru)."""
    assert ia.tables.resolve_group(typed, candidates, "deployed group", interchangeable=True) == (
        group_id
    )
    assert ia.tables.names_group(typed, group_id)


def test_a_russian_name_two_groups_share_is_refused_as_ambiguous() -> None:
    with pytest.raises(InputError) as refused:
        ia.tables.resolve_group("Штурмовик", ["DG001", "DG002"], "deployed group")
    assert refused.value.key == "ia-ambiguous"
    assert refused.value.fmt_args["options"] == "Stormtrooper (DG001), Stormtrooper (DG002)"


def test_russian_names_are_suggested_and_read_for_villains() -> None:
    assert ia.tables.suggest_groups("штурм", ["DG001", "DG019", "DG004"]) == [
        ("Stormtrooper (DG001)", "DG001"),
        ("Heavy Stormtrooper", "DG019"),
    ]
    assert ia.tables.suggest_villains("Дарт") == ["Darth Vader"]
    assert ia.tables.parse_villains("Дарт Вейдер, Босск", ["Core", "Other", "Bespin"]) == [
        "DG072",
        "DG080",
    ]


def test_every_group_has_its_russian_name() -> None:
    assert [g.id for g in ia.tables.table().groups if not g.name_ru] == []
