"""Imperial Assault: deployment — the hand drawn at setup, the end-of-round deployment event
(2D6 + DM, reinforcement, fuzzy deployment) and deployment by hand."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal, NamedTuple

from bot.rules.dice import Dice
from bot.rules.errors import InputError, RuleError
from bot.rules.imperial_assault.adaptive import SwapRecord, _swap
from bot.rules.imperial_assault.state import (
    DeployedGroup,
    ImperialAssaultState,
    _fresh,
    _Record,
    _replace_group,
    manual_deploy_ids,
    owned_ids,
)
from bot.rules.imperial_assault.tables import (
    BAND_THREAT_BONUS,
    FUZZY_MARGIN,
    MAX_THREAT_LEVEL,
    MIN_THREAT_LEVEL,
    START_DM,
    TIER_NAMES,
    VILLAIN_CHANCE,
    Band,
    Difficulty,
    GroupData,
    _norm,
    band_for,
    group,
    hand_sizes,
    label,
    parse_difficulty,
    parse_expansions,
    parse_villains,
    resolve_group,
    scale_threat,
    table,
)


# ---------------------------------------------------------------------------------------------
# Outcome records
# ---------------------------------------------------------------------------------------------
class TierDraw(_Record):
    tier: int
    wanted: int
    available: int
    drawn: tuple[str, ...]

    @property
    def short(self) -> bool:
        return len(self.drawn) < self.wanted


class VillainRoll(_Record):
    group: str
    added: bool


class HandDraw(_Record):
    threat_level: int
    tiers: tuple[TierDraw, ...]
    villains: tuple[VillainRoll, ...]

    @property
    def hand(self) -> list[str]:
        cards = [gid for t in self.tiers for gid in t.drawn]
        return cards + [v.group for v in self.villains if v.added]


class SetupOutcome(_Record):
    hand: HandDraw


class ReinforceStep(_Record):
    group: str
    options: int
    base_cost: int
    discount: int
    cost: int
    figures_before: int
    figures_after: int
    threat_before: int
    threat_after: int


class DeployStep(_Record):
    card: str
    deployed: str
    options: int  # candidates in the pool the card was picked from
    tier_low_options: int = 0  # tier I/II candidates (see :func:`_pick_deployable`)
    tier_three_options: int = 0  # tier III candidates, fuzzy ones included
    coin: bool | None = None  # the 50/50 flip between the two pools (True: tier I/II)
    base_cost: int
    discount: int
    cost: int
    fuzzy: bool
    threat_before: int
    threat_after: int
    swap: SwapRecord | None = None

    @property
    def chance(self) -> Fraction:
        """The exact probability that this card was the one picked."""
        share = Fraction(1, 2) if self.coin is not None else Fraction(1)
        return share / self.options


# Why reinforcing stopped before two picks / why deploying stopped.
ReinforceStop = Literal["all_full", "unaffordable"]
DeployStop = Literal["hand_empty", "unaffordable"]


class DeployRollOutcome(_Record):
    round_before: int
    faces: tuple[int, int]
    dm_before: int
    total: int
    band: Band
    threat_before: int
    increase_base: int
    increase: int
    threat_after_increase: int
    reinforcements: tuple[ReinforceStep, ...]
    reinforce_stop: ReinforceStop | None
    threat_after_reinforce: int
    deployments: tuple[DeployStep, ...]
    deploy_stop: DeployStop | None
    threat_after: int
    dm_after: int
    difficulty: Difficulty


class ManualDeployOutcome(_Record):
    group: str
    from_hand: bool
    figures: int
    from_defeated: bool


# ---------------------------------------------------------------------------------------------
# Setup and the hand
# ---------------------------------------------------------------------------------------------
def draw_hand(
    threat_level: int, pool: Sequence[str], earned_villains: Sequence[str], dice: Dice
) -> HandDraw:
    """Draw the deployment hand: per tier, distinct cards at random from the non-villain
    ``pool``; then each earned villain joins with probability 1/2."""
    sizes = hand_sizes(threat_level)
    tiers: list[TierDraw] = []
    for tier, wanted in zip((1, 2, 3), sizes, strict=True):
        options = [gid for gid in pool if group(gid).tier == tier and not group(gid).villain]
        drawn = dice.sample(options, wanted, f"hand tier {TIER_NAMES[tier]}") if wanted else []
        tiers.append(TierDraw(tier=tier, wanted=wanted, available=len(options), drawn=tuple(drawn)))
    villains = [
        VillainRoll(group=v, added=dice.chance(VILLAIN_CHANCE, f"villain {label(v)}"))
        for v in earned_villains
    ]
    return HandDraw(threat_level=threat_level, tiers=tuple(tiers), villains=tuple(villains))


def setup(
    dice: Dice,
    *,
    difficulty: Difficulty | str = "medium",
    threat_level: int,
    expansions: str | Sequence[str] | None = None,
    adaptive: bool = False,
    earned_villains: str | Sequence[str] | None = None,
    threat: int = 0,
) -> tuple[ImperialAssaultState, SetupOutcome]:
    """A new mission: validated options, the starting DM and the deployment hand."""
    diff = parse_difficulty(difficulty)
    if not MIN_THREAT_LEVEL <= threat_level <= MAX_THREAT_LEVEL:
        raise InputError(key="ia-threat-level-range", low=MIN_THREAT_LEVEL, high=MAX_THREAT_LEVEL)
    if threat < 0:
        raise InputError(key="ia-negative-start-threat")
    if isinstance(expansions, str) or expansions is None:
        owned = parse_expansions(expansions)
    else:
        owned = parse_expansions(",".join(expansions))
    if isinstance(earned_villains, str) or earned_villains is None:
        villains = parse_villains(earned_villains, owned)
    else:
        villains = parse_villains(",".join(earned_villains), owned)
    state = ImperialAssaultState(
        difficulty=diff,
        threat_level=threat_level,
        threat=threat,
        dm=START_DM[diff],
        expansions=owned,
        adaptive=adaptive,
        earned_villains=villains,
    )
    pool = [gid for gid in owned_ids(state) if not group(gid).villain]
    drawn = draw_hand(threat_level, pool, villains, dice)
    state.hand = drawn.hand
    return state, SetupOutcome(hand=drawn)


# ---------------------------------------------------------------------------------------------
# The end-of-round deployment event
# ---------------------------------------------------------------------------------------------
def _reinforce(
    state: ImperialAssaultState, dice: Dice, discount: int
) -> tuple[list[ReinforceStep], ReinforceStop | None]:
    steps: list[ReinforceStep] = []
    stop: ReinforceStop | None = None
    for _ in range(2):
        eligible: list[tuple[str, int]] = []
        for d in state.deployed:
            g = group(d.id)
            cost = max(1, g.reinforce_cost - discount)
            if d.figures < g.size and cost <= state.threat:
                eligible.append((d.id, cost))
        if not eligible:
            below = [d for d in state.deployed if d.figures < group(d.id).size]
            stop = "unaffordable" if below else "all_full"
            break
        ids = [gid for gid, _ in eligible]
        pick = ids[0] if len(ids) == 1 else dice.choice(ids, "reinforce")
        cost = dict(eligible)[pick]
        chosen = state.deployed_group(pick)
        assert chosen is not None
        figures = chosen.figures
        before = state.threat
        state.threat -= cost
        steps.append(
            ReinforceStep(
                group=pick,
                options=len(ids),
                base_cost=max(1, group(pick).reinforce_cost),
                discount=discount,
                cost=cost,
                figures_before=figures,
                figures_after=figures + 1,
                threat_before=before,
                threat_after=state.threat,
            )
        )
        _replace_group(state, pick, figures=figures + 1)
    return steps, stop


def _deploy_cost(g: GroupData, onslaught: bool) -> tuple[int, int]:
    discount = ({2: 1, 3: 2}.get(g.tier, 0)) if onslaught else 0
    return max(0, g.cost - discount), discount


def _affordable(g: GroupData, cost: int, threat: int) -> tuple[bool, bool]:
    """(affordable, fuzzy)."""
    if cost <= threat:
        return True, False
    if g.tier == 3 and cost - threat <= FUZZY_MARGIN:
        return True, True
    return False, False


class _Candidate(NamedTuple):
    cost: int
    discount: int
    fuzzy: bool


def _pick_deployable(
    state: ImperialAssaultState, dice: Dice, onslaught: bool
) -> tuple[str, _Candidate, DeployStep] | None:
    """The next card to deploy, chosen as the companion app chooses it: Imperial Commander 2's
    ``DataStore.GetFuzzyDeployable`` (GlowPuff/ImperialCommander2,
    ``ImperialCommander2/Assets/Scripts/GameCore/DataStore.cs``). Two pools: the tier I/II
    cards affordable outright, and the tier III cards at most 3 threat short (the fuzzy
    margin, Onslaught discount applied). Each pool picks one card uniformly; when both have
    one, a fair coin decides which is deployed. So every tier III candidate lands with
    1/2 · 1/(tier III count), however many cheap cards there are.

    Drawn here as the coin first, then the pick inside the chosen pool: the same odds as the
    app's pick, pick, coin, with no draw whose result is thrown away."""
    low: dict[str, _Candidate] = {}
    high: dict[str, _Candidate] = {}
    for gid in state.hand:
        if state.is_deployed(gid):
            continue
        g = group(gid)
        cost, discount = _deploy_cost(g, onslaught)
        ok, fuzzy = _affordable(g, cost, state.threat)
        if ok:
            (high if g.tier == 3 else low)[gid] = _Candidate(cost, discount, fuzzy)
    if not low and not high:
        return None
    coin: bool | None = None
    if low and high:
        coin = dice.chance(Fraction(1, 2), "deploy: tier I/II (else tier III)")
        pool = low if coin else high
    else:
        pool = low or high
    ids = list(pool)
    card = ids[0] if len(ids) == 1 else dice.choice(ids, "deploy")
    step = DeployStep(
        card=card,
        deployed=card,
        options=len(ids),
        tier_low_options=len(low),
        tier_three_options=len(high),
        coin=coin,
        base_cost=group(card).cost,
        discount=pool[card].discount,
        cost=pool[card].cost,
        fuzzy=pool[card].fuzzy,
        threat_before=state.threat,
        threat_after=state.threat,
    )
    return card, pool[card], step


def _deploy(
    state: ImperialAssaultState, dice: Dice, limit: int | None, onslaught: bool
) -> tuple[list[DeployStep], DeployStop | None]:
    steps: list[DeployStep] = []
    stop: DeployStop | None = None
    while limit is None or len(steps) < limit:
        picked = _pick_deployable(state, dice, onslaught)
        if picked is None:
            stop = "unaffordable" if state.hand else "hand_empty"
            break
        card, cand, step = picked
        state.threat = 0 if cand.fuzzy else state.threat - cand.cost
        state.hand.remove(card)
        swap = _swap(state, card, dice)
        deployed = card
        if swap is not None and swap.happened:
            deployed = swap.candidate
            if deployed in state.hand:
                state.hand.remove(deployed)
            state.hand.append(card)
        state.deployed.append(DeployedGroup(id=deployed, figures=group(deployed).size))
        steps.append(
            step.model_copy(
                update={"deployed": deployed, "threat_after": state.threat, "swap": swap}
            )
        )
    return steps, stop


def deploy_roll(
    state: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, DeployRollOutcome]:
    """The end-of-round deployment event: 2D6 + DM picks the band; threat rises; the engine
    reinforces and deploys; the DM moves; the next round begins with every group ready."""
    new = _fresh(state)
    faces = dice.nd6(2, "deployment event")
    a, b = faces[0], faces[1]
    total = a + b + state.dm
    band = band_for(total)
    bonus = BAND_THREAT_BONUS[band]
    base = state.threat_level + bonus
    inc = scale_threat(base, state.difficulty)
    new.threat = state.threat + inc
    after_inc = new.threat
    reinforcements: list[ReinforceStep] = []
    deployments: list[DeployStep] = []
    stop_r: ReinforceStop | None = None
    stop_d: DeployStop | None = None
    after_reinforce = after_inc
    if band == "Calm":
        new.dm = state.dm + 2
    elif band == "Reinforcements":
        reinforcements, stop_r = _reinforce(new, dice, 0)
        after_reinforce = new.threat
        new.dm = state.dm + 1
    elif band == "Landing":
        deployments, stop_d = _deploy(new, dice, 2, onslaught=False)
        new.dm = state.dm + 1
    else:
        reinforcements, stop_r = _reinforce(new, dice, 1)
        after_reinforce = new.threat
        deployments, stop_d = _deploy(new, dice, None, onslaught=True)
        new.dm = -2
    new.round = state.round + 1
    new.deployed = [
        d.model_copy(update={"activated": False}) if d.activated else d for d in new.deployed
    ]
    outcome = DeployRollOutcome(
        round_before=state.round,
        faces=(a, b),
        dm_before=state.dm,
        total=total,
        band=band,
        threat_before=state.threat,
        increase_base=base,
        increase=inc,
        threat_after_increase=after_inc,
        reinforcements=tuple(reinforcements),
        reinforce_stop=stop_r,
        threat_after_reinforce=after_reinforce,
        deployments=tuple(deployments),
        deploy_stop=stop_d,
        threat_after=new.threat,
        dm_after=new.dm,
        difficulty=state.difficulty,
    )
    return new, outcome


# ---------------------------------------------------------------------------------------------
# Deployment by hand
# ---------------------------------------------------------------------------------------------
def manual_deploy(
    state: ImperialAssaultState, group_ref: str
) -> tuple[ImperialAssaultState, ManualDeployOutcome]:
    """A mission deploys a group: from the hand or the owned pool, at full strength, free."""
    candidates = manual_deploy_ids(state)
    try:
        gid = resolve_group(group_ref, candidates, "group to deploy", interchangeable=True)
    except InputError:
        # Say why a real group is refused rather than "no such group".
        q = _norm(group_ref)
        titles = {e.code: e.title for e in table().expansions}
        for other in table().groups:
            names = (other.id.casefold(), _norm(label(other.id)), _norm(other.name))
            if q not in names:
                continue
            if state.is_deployed(other.id):
                raise RuleError(key="ia-already-deployed", group=label(other.id)) from None
            if other.expansion not in state.expansions:
                raise InputError(
                    key="ia-not-owned", name=other.name, expansion=titles[other.expansion]
                ) from None
        raise
    new = _fresh(state)
    from_hand = gid in new.hand
    if from_hand:
        new.hand.remove(gid)
    from_defeated = gid in new.defeated
    if from_defeated:
        new.defeated.remove(gid)
    size = group(gid).size
    new.deployed.append(DeployedGroup(id=gid, figures=size))
    return new, ManualDeployOutcome(
        group=gid, from_hand=from_hand, figures=size, from_defeated=from_defeated
    )
