"""Imperial Assault: deployment — the hand drawn at setup, the end-of-round deployment event
(2D6 + DM, reinforcement, fuzzy deployment) and deployment by hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import InputError, RuleError
from bot.rules.imperial_assault.adaptive import SwapRecord, difficulty_swap
from bot.rules.imperial_assault.state import (
    DeployedGroup,
    ImperialAssaultState,
    deployed_ids,
    fresh_copy,
    manual_deploy_ids,
    owned_ids,
    replace_group,
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
    band_for,
    group,
    hand_sizes,
    label,
    names_group,
    parse_difficulty,
    parse_expansions,
    parse_villains,
    resolve_group,
    scale_threat,
    table,
)
from bot.rules.msg import Msg, Signed


# ---------------------------------------------------------------------------------------------
# Outcome records
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TierDraw:
    tier: int
    wanted: int
    available: int
    drawn: tuple[str, ...]

    @property
    def short(self) -> bool:
        return len(self.drawn) < self.wanted


@dataclass(frozen=True, slots=True)
class VillainRoll:
    group: str
    added: bool


@dataclass(frozen=True, slots=True)
class HandDraw:
    threat_level: int
    tiers: tuple[TierDraw, ...]
    villains: tuple[VillainRoll, ...]

    @property
    def hand(self) -> list[str]:
        cards = [gid for t in self.tiers for gid in t.drawn]
        return cards + [v.group for v in self.villains if v.added]

    def dice(self) -> tuple[Rolled, ...]:
        """The cards drawn tier by tier, then each earned villain's roll."""
        cards = [
            Rolled("choice", Msg.of("ia-die-hand-tier", tier=TIER_NAMES[t.tier]), gid)
            for t in self.tiers
            for gid in t.drawn
        ]
        villains = [
            Rolled("chance", Msg.of("ia-die-villain", group=label(v.group)), v.added)
            for v in self.villains
        ]
        return (*cards, *villains)


@dataclass(frozen=True, slots=True)
class SetupOutcome:
    difficulty: Difficulty
    threat_level: int
    expansions: tuple[str, ...]
    hand: HandDraw

    def history(self) -> Msg:
        return Msg.of(
            "ia-hist-setup",
            difficulty=Msg(f"ia-difficulty-{self.difficulty}"),
            level=self.threat_level,
            expansions=", ".join(self.expansions),
            hand=len(self.hand.hand),
        )

    def dice(self) -> tuple[Rolled, ...]:
        return self.hand.dice()


@dataclass(frozen=True, slots=True)
class ReinforceStep:
    group: str
    options: int
    base_cost: int
    discount: int
    cost: int
    figures_before: int
    figures_after: int
    threat_before: int
    threat_after: int

    def dice(self) -> tuple[Rolled, ...]:
        """The pick among the groups to reinforce, when there was more than one."""
        if self.options == 1:
            return ()
        return (Rolled("choice", Msg("ia-die-reinforce"), self.group),)


@dataclass(frozen=True, slots=True)
class DeployStep:
    card: str
    deployed: str
    options: int  # candidates in the pool the card was picked from
    base_cost: int
    discount: int
    cost: int
    fuzzy: bool
    threat_before: int
    threat_after: int
    tier_low_options: int = 0  # tier I/II candidates (see :func:`_pick_deployable`)
    tier_three_options: int = 0  # tier III candidates, fuzzy ones included
    coin: bool | None = None  # the 50/50 flip between the two pools (True: tier I/II)
    swap: SwapRecord | None = None

    @property
    def chance(self) -> Fraction:
        """The exact probability that this card was the one picked."""
        share = Fraction(1, 2) if self.coin is not None else Fraction(1)
        return share / self.options

    def dice(self) -> tuple[Rolled, ...]:
        """The coin between the pools, the pick inside the pool (when there was a choice), then
        the swap roll."""
        rolls: list[Rolled] = []
        if self.coin is not None:
            rolls.append(Rolled("chance", Msg("ia-die-deploy-coin"), self.coin))
        if self.options > 1:
            rolls.append(Rolled("choice", Msg("ia-die-deploy"), self.card))
        if self.swap is not None:
            rolls.extend(self.swap.dice())
        return tuple(rolls)


# Why reinforcing stopped before two picks / why deploying stopped.
ReinforceStop = Literal["all_full", "unaffordable"]
DeployStop = Literal["hand_empty", "unaffordable"]


@dataclass(frozen=True, slots=True)
class DeployRollOutcome:
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

    def history(self) -> Msg:
        steps: list[Msg] = [
            Msg.of("ia-hist-reinforced", group=label(r.group)) for r in self.reinforcements
        ]
        steps += [
            Msg.of("ia-hist-deployed", group=label(d.deployed), fuzzy="yes" if d.fuzzy else "no")
            for d in self.deployments
        ]
        chain = Msg("ia-hist-none")
        for step in reversed(steps):
            chain = Msg.of("ia-hist-join", a=step, b=chain)
        return Msg.of(
            "ia-hist-roll",
            round=self.round_before,
            band=Msg(f"ia-band-{self.band.lower()}"),
            a=self.faces[0],
            b=self.faces[1],
            dm=Signed(self.dm_before),
            total=self.total,
            steps=chain,
            before=self.threat_before,
            after=self.threat_after,
            dmafter=Signed(self.dm_after),
        )

    def dice(self) -> tuple[Rolled, ...]:
        """The two dice of the event, then the reinforcements' picks and the deployments'
        draws, in the order they were made (an Onslaught reinforces first)."""
        faces = tuple(Rolled("d6", Msg("ia-die-event"), face) for face in self.faces)
        reinforced = tuple(roll for r in self.reinforcements for roll in r.dice())
        deployed = tuple(roll for d in self.deployments for roll in d.dice())
        return faces + reinforced + deployed


@dataclass(frozen=True, slots=True)
class ManualDeployOutcome:
    round: int
    group: str
    from_hand: bool
    figures: int
    from_defeated: bool

    def history(self) -> Msg:
        return Msg.of("ia-hist-manual", round=self.round, group=label(self.group))

    def dice(self) -> tuple[Rolled, ...]:
        return ()


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
        drawn = dice.sample(options, wanted) if wanted else []
        tiers.append(TierDraw(tier=tier, wanted=wanted, available=len(options), drawn=tuple(drawn)))
    villains = [VillainRoll(group=v, added=dice.chance(VILLAIN_CHANCE)) for v in earned_villains]
    return HandDraw(threat_level=threat_level, tiers=tuple(tiers), villains=tuple(villains))


def new_mission(
    *,
    difficulty: Difficulty | str = "medium",
    threat_level: int,
    expansions: str | Sequence[str] | None = None,
    adaptive: bool = False,
    earned_villains: str | Sequence[str] | None = None,
    threat: int = 0,
) -> ImperialAssaultState:
    """A new mission's validated options and starting DM, its hand not drawn yet: the setup's
    refusals, before any die."""
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
    return ImperialAssaultState(
        difficulty=diff,
        threat_level=threat_level,
        threat=threat,
        dm=START_DM[diff],
        expansions=owned,
        adaptive=adaptive,
        earned_villains=villains,
    )


def deal_hand(
    mission: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, SetupOutcome]:
    """The new ``mission`` (:func:`new_mission`) with its deployment hand drawn."""
    state = fresh_copy(mission)
    pool = [gid for gid in owned_ids(state) if not group(gid).villain]
    drawn = draw_hand(state.threat_level, pool, state.earned_villains, dice)
    state.hand = drawn.hand
    outcome = SetupOutcome(
        difficulty=state.difficulty,
        threat_level=state.threat_level,
        expansions=tuple(state.expansions),
        hand=drawn,
    )
    return state, outcome


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
    """A new mission: validated options, the starting DM and the deployment hand
    (:func:`new_mission`, then :func:`deal_hand`)."""
    mission = new_mission(
        difficulty=difficulty,
        threat_level=threat_level,
        expansions=expansions,
        adaptive=adaptive,
        earned_villains=earned_villains,
        threat=threat,
    )
    return deal_hand(mission, dice)


# ---------------------------------------------------------------------------------------------
# The end-of-round deployment event
# ---------------------------------------------------------------------------------------------
def _reinforce(
    state: ImperialAssaultState, dice: Dice, discount: int
) -> tuple[list[ReinforceStep], ReinforceStop | None]:
    steps: list[ReinforceStep] = []
    stop: ReinforceStop | None = None
    for _ in range(2):
        eligible: dict[str, tuple[int, int]] = {}  # id -> (cost, figures), in deployed order
        below = False
        for d in state.deployed:
            g = group(d.id)
            if d.figures < g.size:
                below = True
                cost = max(1, g.reinforce_cost - discount)
                if cost <= state.threat:
                    eligible[d.id] = (cost, d.figures)
        if not eligible:
            stop = "unaffordable" if below else "all_full"
            break
        ids = list(eligible)
        pick = ids[0] if len(ids) == 1 else dice.choice(ids)
        cost, figures = eligible[pick]
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
        replace_group(state, pick, figures=figures + 1)
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


class _Pick(NamedTuple):
    """The card :func:`_pick_deployable` picked and how (see :class:`DeployStep`)."""

    card: str
    candidate: _Candidate
    options: int
    low: int
    high: int
    coin: bool | None


def _pick_deployable(state: ImperialAssaultState, dice: Dice, onslaught: bool) -> _Pick | None:
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
    deployed = set(deployed_ids(state))
    for gid in state.hand:
        if gid in deployed:
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
        coin = dice.chance(Fraction(1, 2))
        pool = low if coin else high
    else:
        pool = low or high
    ids = list(pool)
    card = ids[0] if len(ids) == 1 else dice.choice(ids)
    return _Pick(card, pool[card], len(ids), len(low), len(high), coin)


def _deploy(
    state: ImperialAssaultState, dice: Dice, limit: int | None, onslaught: bool
) -> tuple[list[DeployStep], DeployStop | None]:
    steps: list[DeployStep] = []
    stop: DeployStop | None = None
    while limit is None or len(steps) < limit:
        pick = _pick_deployable(state, dice, onslaught)
        if pick is None:
            stop = "unaffordable" if state.hand else "hand_empty"
            break
        card, cand = pick.card, pick.candidate
        before = state.threat
        state.threat = 0 if cand.fuzzy else before - cand.cost
        state.hand.remove(card)
        swap = difficulty_swap(state, card, dice)
        deployed = card
        if swap is not None and swap.happened:
            deployed = swap.candidate
            if deployed in state.hand:
                state.hand.remove(deployed)
            state.hand.append(card)
        state.deployed.append(DeployedGroup(id=deployed, figures=group(deployed).size))
        steps.append(
            DeployStep(
                card=card,
                deployed=deployed,
                options=pick.options,
                tier_low_options=pick.low,
                tier_three_options=pick.high,
                coin=pick.coin,
                base_cost=group(card).cost,
                discount=cand.discount,
                cost=cand.cost,
                fuzzy=cand.fuzzy,
                threat_before=before,
                threat_after=state.threat,
                swap=swap,
            )
        )
    return steps, stop


class _Event(NamedTuple):
    """What the band of a deployment event did to the state (see :func:`_run_event`)."""

    reinforcements: tuple[ReinforceStep, ...] = ()
    reinforce_stop: ReinforceStop | None = None
    deployments: tuple[DeployStep, ...] = ()
    deploy_stop: DeployStop | None = None


def _run_event(new: ImperialAssaultState, dice: Dice, band: Band, dm: int) -> _Event:
    """Reinforce and deploy in ``new`` as ``band`` says, and move the DM from ``dm``."""
    if band == "Calm":
        new.dm = dm + 2
        return _Event()
    if band == "Reinforcements":
        reinforced, stop_r = _reinforce(new, dice, 0)
        new.dm = dm + 1
        return _Event(tuple(reinforced), stop_r)
    if band == "Landing":
        deployed, stop_d = _deploy(new, dice, 2, onslaught=False)
        new.dm = dm + 1
        return _Event(deployments=tuple(deployed), deploy_stop=stop_d)
    reinforced, stop_r = _reinforce(new, dice, 1)
    deployed, stop_d = _deploy(new, dice, None, onslaught=True)
    new.dm = -2
    return _Event(tuple(reinforced), stop_r, tuple(deployed), stop_d)


def deploy_roll(
    state: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, DeployRollOutcome]:
    """The end-of-round deployment event: 2D6 + DM picks the band; threat rises; the engine
    reinforces and deploys; the DM moves; the next round begins with every group ready."""
    new = fresh_copy(state)
    faces = dice.nd6(2)
    a, b = faces[0], faces[1]
    total = a + b + state.dm
    band = band_for(total)
    base = state.threat_level + BAND_THREAT_BONUS[band]
    inc = scale_threat(base, state.difficulty)
    new.threat = state.threat + inc
    after_inc = new.threat
    event = _run_event(new, dice, band, state.dm)
    # Reinforcing comes before deploying: the threat left after it.
    spent = sum(r.cost for r in event.reinforcements)
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
        reinforcements=event.reinforcements,
        reinforce_stop=event.reinforce_stop,
        threat_after_reinforce=after_inc - spent,
        deployments=event.deployments,
        deploy_stop=event.deploy_stop,
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
        titles = {e.code: e.title for e in table().expansions}
        for other in table().groups:
            if not names_group(group_ref, other.id):
                continue
            if state.is_deployed(other.id):
                raise RuleError(key="ia-already-deployed", group=label(other.id)) from None
            if other.expansion not in state.expansions:
                raise InputError(
                    key="ia-not-owned", name=other.name, expansion=titles[other.expansion]
                ) from None
        raise
    new = fresh_copy(state)
    from_hand = gid in new.hand
    if from_hand:
        new.hand.remove(gid)
    from_defeated = gid in new.defeated
    if from_defeated:
        new.defeated.remove(gid)
    size = group(gid).size
    new.deployed.append(DeployedGroup(id=gid, figures=size))
    return new, ManualDeployOutcome(
        round=state.round, group=gid, from_hand=from_hand, figures=size, from_defeated=from_defeated
    )
