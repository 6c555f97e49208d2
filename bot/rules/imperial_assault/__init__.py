"""Imperial Assault: the Imperial side's deployment engine.

The bot plays the Empire the way the Imperial Commander companion app does: a deployment hand
drawn by tier at the start of a mission, an end-of-round deployment event rolled on 2D6 plus a
deployment modifier (DM), random activations weighted towards priority-1 groups, difficulty
scaling of every threat increase the engine makes, and optional adaptive difficulty (fame,
threat reimbursement and awards when groups are defeated).

Pure rules: state in, new state and an outcome record out. Every random choice goes through
:class:`bot.rules.dice.Dice`; the outcome records carry each draw that mattered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.catalog import Msg, t
from bot.datafiles import load_json
from bot.errors import InputError, RuleError
from bot.rules.dice import Dice

GAME = "imperial_assault"

Difficulty = Literal["easy", "medium", "hard"]
Band = Literal["Calm", "Reinforcements", "Landing", "Onslaught"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "medium", "hard")
BANDS: tuple[Band, ...] = ("Calm", "Reinforcements", "Landing", "Onslaught")

THREAT_FACTOR: dict[Difficulty, Fraction] = {
    "easy": Fraction(7, 10),
    "medium": Fraction(1),
    "hard": Fraction(13, 10),
}
START_DM: dict[Difficulty, int] = {"easy": 0, "medium": 0, "hard": 2}
SWAP_CHANCE = Fraction(15, 100)
VILLAIN_CHANCE = Fraction(1, 2)
PRIORITY_ONE_CHANCE = Fraction(7, 10)
NO_BONUS_CHANCE = Fraction(25, 100)
FUZZY_MARGIN = 3
FAME_PER_AWARD = 12
MIN_THREAT_LEVEL = 2
MAX_THREAT_LEVEL = 12
MAX_SUGGESTIONS = 25

# Threat level -> cards drawn from tiers I, II, III ("6+" uses the last row).
HAND_SIZES: dict[int, tuple[int, int, int]] = {
    2: (2, 2, 0),
    3: (2, 2, 0),
    4: (1, 2, 1),
    5: (1, 2, 2),
    6: (1, 2, 2),
}
TIER_NAMES = {1: "I", 2: "II", 3: "III"}


# ---------------------------------------------------------------------------------------------
# Data
# ---------------------------------------------------------------------------------------------
class GroupData(BaseModel):
    """One deployment group card as the app uses it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^DG\d{3}$")
    name: str = Field(min_length=1)
    faction: Literal["Imperial", "Mercenary"]
    villain: bool
    elite: bool
    tier: int = Field(ge=1, le=3)
    priority: int = Field(ge=1, le=2)
    cost: int = Field(ge=1)
    original_cost: int = Field(ge=1)
    reinforce_cost: int = Field(ge=0)
    size: int = Field(ge=1)
    reimbursement: int = Field(ge=0)
    expansion: str
    traits: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _check(self) -> GroupData:
        if self.reimbursement not in (self.cost // 2, (self.cost + 1) // 2):
            raise ValueError(f"{self.id}: reimbursement must be half the cost, rounded")
        if self.size > 1 and self.reinforce_cost < 1:
            raise ValueError(f"{self.id}: a group of several figures needs a reinforcement cost")
        return self

    @property
    def base_name(self) -> str:
        """The name without the " (Elite)" mark, to pair a regular group with its Elite one."""
        return self.name.removesuffix(" (Elite)")


class ExpansionData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str
    title: str


class DeploymentTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str
    expansions: tuple[ExpansionData, ...]
    groups: tuple[GroupData, ...]

    @model_validator(mode="after")
    def _check(self) -> DeploymentTable:
        ids = [g.id for g in self.groups]
        if len(set(ids)) != len(ids):
            raise ValueError("deployment group ids must be unique")
        codes = {e.code for e in self.expansions}
        for g in self.groups:
            if g.expansion not in codes:
                raise ValueError(f"{g.id}: unknown expansion {g.expansion}")
        return self


@cache
def table() -> DeploymentTable:
    return DeploymentTable.model_validate(load_json("imperial_assault.json"))


@cache
def groups_by_id() -> dict[str, GroupData]:
    return {g.id: g for g in table().groups}


@cache
def _name_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for g in table().groups:
        counts[g.name] = counts.get(g.name, 0) + 1
    return counts


def group(group_id: str) -> GroupData:
    try:
        return groups_by_id()[group_id]
    except KeyError:
        raise InputError(key="ia-unknown-group-id", id=group_id) from None


def label(group_id: str) -> str:
    """How a group is shown: its name, plus its id when another group has the same name."""
    g = group(group_id)
    return f"{g.name} ({g.id})" if _name_counts()[g.name] > 1 else g.name


def expansion_codes() -> list[str]:
    return [e.code for e in table().expansions]


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class DeployedGroup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    figures: int = Field(ge=1)
    activated: bool = False


class ImperialAssaultState(BaseModel):
    """One channel's mission as the Imperial player sees it."""

    model_config = ConfigDict(extra="forbid")

    game: Literal["imperial_assault"] = "imperial_assault"
    difficulty: Difficulty = "medium"
    threat_level: int = Field(ge=MIN_THREAT_LEVEL, le=MAX_THREAT_LEVEL)
    threat: int = Field(default=0, ge=0)
    dm: int = 0
    round: int = Field(default=1, ge=1)
    expansions: list[str] = Field(default_factory=lambda: ["Core"])
    adaptive: bool = False
    hand: list[str] = Field(default_factory=list)
    deployed: list[DeployedGroup] = Field(default_factory=list)
    defeated: list[str] = Field(default_factory=list)
    earned_villains: list[str] = Field(default_factory=list)
    fame: int = Field(default=0, ge=0)
    awards: int = Field(default=0, ge=0)

    def deployed_group(self, group_id: str) -> DeployedGroup | None:
        for d in self.deployed:
            if d.id == group_id:
                return d
        return None

    def is_deployed(self, group_id: str) -> bool:
        return self.deployed_group(group_id) is not None


def _fresh(state: ImperialAssaultState) -> ImperialAssaultState:
    """A copy for a rule to change, much cheaper than a deep copy: every list is new, the
    deployed groups are shared. Rules never change a :class:`DeployedGroup` in place: they put
    a changed copy in the new list (:func:`_replace_group`), so the input is never touched."""
    return state.model_copy(
        update={
            "expansions": list(state.expansions),
            "hand": list(state.hand),
            "deployed": list(state.deployed),
            "defeated": list(state.defeated),
            "earned_villains": list(state.earned_villains),
        }
    )


def _replace_group(state: ImperialAssaultState, group_id: str, **changes: Any) -> DeployedGroup:
    """Put a changed copy of the deployed group ``group_id`` in ``state`` (a :func:`_fresh`
    copy) and return it."""
    for i, d in enumerate(state.deployed):
        if d.id == group_id:
            state.deployed[i] = d.model_copy(update=changes)
            return state.deployed[i]
    raise AssertionError(f"{group_id} is not deployed")


# ---------------------------------------------------------------------------------------------
# Arithmetic
# ---------------------------------------------------------------------------------------------
def round_half_away(x: Fraction) -> int:
    """Round to the nearest integer, halves away from zero (3.5 -> 4, -3.5 -> -4)."""
    magnitude = abs(x)
    rounded = int(magnitude + Fraction(1, 2))  # int() floors a non-negative Fraction
    return rounded if x >= 0 else -rounded


def scale_threat(amount: int, difficulty: Difficulty) -> int:
    """An engine threat increase after the difficulty factor (x0.7 Easy, x1.3 Hard)."""
    # round_half_away(amount × factor), in integers: floor(|amount| × num / den + 1/2).
    factor = THREAT_FACTOR[difficulty]
    num, den = factor.numerator, factor.denominator
    rounded = (2 * abs(amount) * num + den) // (2 * den)
    return rounded if amount >= 0 else -rounded


def band_for(total: int) -> Band:
    if total <= 4:
        return "Calm"
    if total <= 7:
        return "Reinforcements"
    if total <= 10:
        return "Landing"
    return "Onslaught"


def band_odds(dm: int) -> dict[Band, Fraction]:
    """Exact chance of each deployment event for the next roll of 2D6 + ``dm``."""
    odds: dict[Band, Fraction] = dict.fromkeys(BANDS, Fraction(0))
    for a in range(1, 7):
        for b in range(1, 7):
            odds[band_for(a + b + dm)] += Fraction(1, 36)
    return odds


def hand_sizes(threat_level: int) -> tuple[int, int, int]:
    if threat_level < MIN_THREAT_LEVEL:
        raise InputError(key="ia-threat-level-min", low=MIN_THREAT_LEVEL)
    return HAND_SIZES[min(threat_level, 6)]


def awards_for(fame: int) -> int:
    return fame // FAME_PER_AWARD


# ---------------------------------------------------------------------------------------------
# Names, lookups and suggestions
# ---------------------------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(text.replace("(", " ").replace(")", " ").casefold().split())


def suggest_groups(
    query: str, candidates: Iterable[str], limit: int = MAX_SUGGESTIONS
) -> list[tuple[str, str]]:
    """(label, id) pairs among ``candidates`` matching ``query`` (case-insensitive), prefix
    matches first, at most ``limit`` (Discord shows at most 25)."""
    q = _norm(query)
    prefix: list[tuple[str, str]] = []
    inside: list[tuple[str, str]] = []
    seen: set[str] = set()
    for gid in candidates:
        if gid in seen:
            continue
        seen.add(gid)
        shown = label(gid)
        text = _norm(shown)
        if not q or text.startswith(q) or gid.casefold().startswith(q):
            prefix.append((shown, gid))
        elif q in text:
            inside.append((shown, gid))
    return (prefix + inside)[: max(0, min(limit, MAX_SUGGESTIONS))]


# What a looked-up name must be (a selector in the catalog messages that name it).
Wanted = Literal["villain", "deployed group", "group to deploy"]
_WANTED_KEY: dict[str, str] = {
    "villain": "villain",
    "deployed group": "deployed",
    "group to deploy": "deploy",
}


def resolve_group(
    query: str, candidates: Sequence[str], what: Wanted, *, interchangeable: bool = False
) -> str:
    """The id of the one candidate ``query`` names: an id ("DG001"), a label
    ("Stormtrooper (DG001)") or a name ("stormtrooper", any case). Two candidates with the same
    name are refused as ambiguous unless ``interchangeable`` (then the first is taken)."""
    q = _norm(query)
    kind = _WANTED_KEY[what]
    if not q:
        raise InputError(key="ia-name-a", what=kind)
    cands = list(dict.fromkeys(candidates))
    for gid in cands:
        if gid.casefold() == q or _norm(label(gid)) == q:
            return gid
    by_name = [gid for gid in cands if _norm(group(gid).name) == q]
    if len(by_name) == 1 or (by_name and interchangeable):
        return by_name[0]
    if by_name:
        options = ", ".join(label(gid) for gid in by_name)
        raise InputError(key="ia-ambiguous", query=query.strip(), options=options)
    if not cands:
        raise InputError(key="ia-none-to-choose", what=kind)
    hints = [shown for shown, _ in suggest_groups(query, cands, 3)]
    if not hints:
        hints = [label(gid) for gid in cands[:3]]
    raise InputError(key="ia-no-such", what=kind, query=query.strip(), hints=", ".join(hints))


def parse_expansions(text: str | None) -> list[str]:
    """Comma-separated expansion codes or titles, any case; empty means the core set."""
    if text is None or not text.strip():
        return ["Core"]
    known = {e.code.casefold(): e.code for e in table().expansions}
    known.update({_norm(e.title): e.code for e in table().expansions})
    picked: list[str] = []
    for raw in text.split(","):
        key = _norm(raw)
        if not key:
            continue
        code = known.get(key)
        if code is None:
            valid = ", ".join(expansion_codes())
            raise InputError(key="ia-unknown-expansion", name=raw.strip(), valid=valid)
        if code not in picked:
            picked.append(code)
    order = expansion_codes()
    return sorted(picked, key=order.index) or ["Core"]


def suggest_expansions(current: str) -> list[str]:
    """Autocomplete for a comma-separated expansion list: completes the last entry."""
    head, _, last = current.rpartition(",")
    done = [p.strip() for p in head.split(",") if p.strip()] if head else []
    done_keys = {d.casefold() for d in done}
    prefix = ", ".join(done)
    out: list[str] = []
    q = last.strip().casefold()
    for e in table().expansions:
        if e.code.casefold() in done_keys:
            continue
        words = e.title.casefold().split()
        if not q or e.code.casefold().startswith(q) or any(w.startswith(q) for w in words):
            out.append(f"{prefix}, {e.code}" if prefix else e.code)
    return out[:MAX_SUGGESTIONS]


def villain_ids() -> list[str]:
    return [g.id for g in table().groups if g.villain]


def suggest_villains(current: str, expansions: Sequence[str] | None = None) -> list[str]:
    """Autocomplete for a comma-separated villain list: completes the last entry with villains
    (of ``expansions`` when given) not already listed."""
    head, _, last = current.rpartition(",")
    done = [p.strip() for p in head.split(",") if p.strip()] if head else []
    done_keys = {_norm(d) for d in done}
    prefix = ", ".join(done)
    q = _norm(last)
    starts: list[str] = []
    inside: list[str] = []
    for gid in villain_ids():
        g = group(gid)
        if expansions is not None and g.expansion not in expansions:
            continue
        key = _norm(g.name)
        if key in done_keys:
            continue
        text = f"{prefix}, {g.name}" if prefix else g.name
        if len(text) > 100:
            continue
        if not q or key.startswith(q):
            starts.append(text)
        elif q in key:
            inside.append(text)
    return (starts + inside)[:MAX_SUGGESTIONS]


def parse_villains(text: str | None, expansions: Sequence[str]) -> list[str]:
    """Comma-separated villain names or ids; each must be a villain of an owned expansion."""
    if text is None or not text.strip():
        return []
    out: list[str] = []
    for raw in text.split(","):
        if not raw.strip():
            continue
        gid = resolve_group(raw, villain_ids(), "villain")
        g = group(gid)
        if g.expansion not in expansions:
            raise InputError(key="ia-villain-expansion", name=g.name, expansion=g.expansion)
        if gid not in out:
            out.append(gid)
    return out


def parse_difficulty(text: str) -> Difficulty:
    key = text.strip().casefold()
    for d in DIFFICULTIES:
        if d == key:
            return d
    raise InputError(key="ia-bad-difficulty")


# ---------------------------------------------------------------------------------------------
# Candidate lists (for lookups and autocomplete)
# ---------------------------------------------------------------------------------------------
def owned_ids(state: ImperialAssaultState) -> list[str]:
    return [g.id for g in table().groups if g.expansion in state.expansions]


def deployed_ids(state: ImperialAssaultState) -> list[str]:
    return [d.id for d in state.deployed]


def manual_deploy_ids(state: ImperialAssaultState) -> list[str]:
    """Groups a mission may deploy by hand: the hand first, then the rest of the owned pool."""
    rest = [gid for gid in owned_ids(state) if gid not in state.hand]
    return [gid for gid in [*state.hand, *rest] if not state.is_deployed(gid)]


def _available_for_swap(state: ImperialAssaultState) -> list[str]:
    return [
        gid
        for gid in owned_ids(state)
        if not state.is_deployed(gid) and gid not in state.defeated and not group(gid).villain
    ]


# ---------------------------------------------------------------------------------------------
# Outcome records
# ---------------------------------------------------------------------------------------------
class _Record(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


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


class SwapRecord(_Record):
    """A difficulty swap roll: Easy downgrades an Elite group, Hard upgrades a regular one."""

    kind: Literal["downgrade", "upgrade"]
    planned: str
    candidate: str
    happened: bool


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


class ActivationOutcome(_Record):
    group: str
    ready_priority_1: int
    ready_priority_2: int
    priority_roll: bool | None
    options: int
    no_bonus: bool | None
    remaining: int


class DefeatOutcome(_Record):
    group: str
    adaptive: bool
    fame_gained: int
    fame_after: int
    new_awards: int
    awards_after: int
    reimbursement_base: int
    reimbursement: int
    threat_before: int
    threat_after: int
    back_to_hand: bool


class FigureLossOutcome(_Record):
    group: str
    lost: int
    figures_left: int
    defeat: DefeatOutcome | None


class ManualDeployOutcome(_Record):
    group: str
    from_hand: bool
    figures: int
    from_defeated: bool


class ThreatOutcome(_Record):
    threat_before: int
    amount: int
    threat_after: int
    clamped: bool


def signed(n: int) -> str:
    return f"{n:+d}"


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


def _swap(state: ImperialAssaultState, planned: str, dice: Dice) -> SwapRecord | None:
    g = group(planned)
    if g.villain:
        return None
    if state.difficulty == "easy" and g.elite:
        kind: Literal["downgrade", "upgrade"] = "downgrade"
        want_elite = False
    elif state.difficulty == "hard" and not g.elite:
        kind = "upgrade"
        want_elite = True
    else:
        return None
    cands = [
        gid
        for gid in _available_for_swap(state)
        if gid != planned and group(gid).elite == want_elite and group(gid).base_name == g.base_name
    ]
    if not cands:
        return None
    hit = dice.chance(SWAP_CHANCE, f"{kind} {label(planned)}")
    if not hit:
        return SwapRecord(kind=kind, planned=planned, candidate=cands[0], happened=False)
    target = cands[0] if len(cands) == 1 else dice.choice(cands, f"{kind} target")
    return SwapRecord(kind=kind, planned=planned, candidate=target, happened=True)


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
    bonus = {"Calm": 0, "Reinforcements": 0, "Landing": 1, "Onslaught": 2}[band]
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
# Activations, defeats, manual changes
# ---------------------------------------------------------------------------------------------
def activate(
    state: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, ActivationOutcome]:
    """The next Imperial activation, weighted 70 % towards ready priority-1 groups."""
    if not state.deployed:
        raise RuleError(key="ia-none-deployed")
    ready = [d.id for d in state.deployed if not d.activated]
    if not ready:
        raise RuleError(key="ia-all-activated")
    p1 = [gid for gid in ready if group(gid).priority == 1]
    p2 = [gid for gid in ready if group(gid).priority == 2]
    roll: bool | None = None
    if p1 and p2:
        roll = dice.chance(PRIORITY_ONE_CHANCE, "priority 1 activation")
        pool = p1 if roll else p2
    else:
        pool = ready
    pick = pool[0] if len(pool) == 1 else dice.choice(pool, "activation")
    no_bonus: bool | None = None
    if state.difficulty == "easy":
        no_bonus = dice.chance(NO_BONUS_CHANCE, "easy: no bonus effect")
    new = _fresh(state)
    _replace_group(new, pick, activated=True)
    outcome = ActivationOutcome(
        group=pick,
        ready_priority_1=len(p1),
        ready_priority_2=len(p2),
        priority_roll=roll,
        options=len(pool),
        no_bonus=no_bonus,
        remaining=len(ready) - 1,
    )
    return new, outcome


def _defeat(new: ImperialAssaultState, gid: str) -> DefeatOutcome:
    g = group(gid)
    new.deployed = [d for d in new.deployed if d.id != gid]
    threat_before = new.threat
    fame_gained = reimb = reimb_base = new_awards = 0
    if new.adaptive:
        fame_gained = g.original_cost
        reimb_base = g.reimbursement
        reimb = scale_threat(reimb_base, new.difficulty)
        before_awards = awards_for(new.fame)
        new.fame += fame_gained
        new.awards = awards_for(new.fame)
        new_awards = new.awards - before_awards
        new.threat += reimb
    # The companion app returns every defeated non-villain group to the hand, whatever the
    # difficulty settings; a defeated villain stays out for the rest of the mission.
    back = not g.villain
    if back:
        if gid not in new.hand:
            new.hand.append(gid)
    elif gid not in new.defeated:
        new.defeated.append(gid)
    return DefeatOutcome(
        group=gid,
        adaptive=new.adaptive,
        fame_gained=fame_gained,
        fame_after=new.fame,
        new_awards=new_awards,
        awards_after=new.awards,
        reimbursement_base=reimb_base,
        reimbursement=reimb,
        threat_before=threat_before,
        threat_after=new.threat,
        back_to_hand=back,
    )


def defeat(
    state: ImperialAssaultState, group_ref: str
) -> tuple[ImperialAssaultState, DefeatOutcome]:
    """A deployed group is defeated (fame and reimbursement when adaptive difficulty is on)."""
    gid = resolve_group(group_ref, deployed_ids(state), "deployed group")
    new = _fresh(state)
    return new, _defeat(new, gid)


def lose_figures(
    state: ImperialAssaultState, group_ref: str, count: int = 1
) -> tuple[ImperialAssaultState, FigureLossOutcome]:
    """Figures of a deployed group die; at 0 figures the group is defeated."""
    gid = resolve_group(group_ref, deployed_ids(state), "deployed group")
    d = state.deployed_group(gid)
    assert d is not None
    if count < 1 or count > d.figures:
        raise InputError(key="ia-bad-count", group=label(gid), left=d.figures)
    new = _fresh(state)
    left = d.figures - count
    if left == 0:
        return new, FigureLossOutcome(
            group=gid, lost=count, figures_left=0, defeat=_defeat(new, gid)
        )
    _replace_group(new, gid, figures=left)
    return new, FigureLossOutcome(group=gid, lost=count, figures_left=left, defeat=None)


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


def adjust_threat(
    state: ImperialAssaultState, amount: int
) -> tuple[ImperialAssaultState, ThreatOutcome]:
    """The game master adds or removes threat by hand (never scaled; never below 0)."""
    if amount == 0:
        raise InputError(key="ia-zero-threat")
    new = _fresh(state)
    target = state.threat + amount
    new.threat = max(0, target)
    return new, ThreatOutcome(
        threat_before=state.threat, amount=amount, threat_after=new.threat, clamped=target < 0
    )


# ---------------------------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------------------------
def summarize(state: ImperialAssaultState, loc: str = "en") -> str:
    """One line for /campaign status, in ``loc`` ("en" or "ru")."""
    line = t(
        loc,
        "ia-summary",
        round=state.round,
        threat=state.threat,
        level=state.threat_level,
        dm=signed(state.dm),
        difficulty=Msg(f"ia-difficulty-{state.difficulty}"),
        groups=len(state.deployed),
    )
    if state.adaptive:
        line = t(loc, "ia-summary-adaptive", line=line, fame=state.fame, awards=state.awards)
    return line
