"""Imperial Assault: the tables — deployment groups, tiers, costs, threat arithmetic, and the
lookups that turn what a person typed into a group, an expansion or a difficulty."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.datafiles import load_json
from bot.rules.errors import InputError
from bot.rules.names import closest

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
# The deployment event raises threat by the threat level plus this bonus for its band.
BAND_THREAT_BONUS: dict[Band, int] = {"Calm": 0, "Reinforcements": 0, "Landing": 1, "Onslaught": 2}
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
    # the name the Imperial Commander app's Russian translation gives the card: a member may
    # type it instead of the English one (the bot writes the English one in both languages)
    name_ru: str | None = None
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
    # Whether the app has bonus effects for the group (its bonuseffects.json): only these get
    # Easy's 25 % no-bonus roll. The Clawdite Shapeshifters have none.
    bonus_effects: bool = True

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


# ---------------------------------------------------------------------------------------------
# Names, lookups and suggestions
# ---------------------------------------------------------------------------------------------
def _norm(text: str) -> str:
    folded = text.replace("(", " ").replace(")", " ").casefold().replace("ё", "е")
    return " ".join(folded.split())


def _names(group_id: str) -> tuple[str, ...]:
    """A group's names as a member may type them, normalised: English and Russian."""
    g = group(group_id)
    return (_norm(g.name),) + ((_norm(g.name_ru),) if g.name_ru else ())


def _labels(group_id: str) -> tuple[str, ...]:
    """A group's labels, normalised: ``stormtrooper dg001``, ``штурмовик dg001``."""
    if _name_counts()[group(group_id).name] == 1:
        return _names(group_id)
    return tuple(f"{name} {group_id.casefold()}" for name in _names(group_id))


def names_group(query: str, group_id: str) -> bool:
    """Whether ``query`` names the group ``group_id``: its id, its label or its name, English
    or Russian, in any case (a group :func:`resolve_group` may refuse as not among its
    candidates)."""
    q = _norm(query)
    return q == group_id.casefold() or q in _labels(group_id) or q in _names(group_id)


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
        texts = _labels(gid)
        if not q or any(t.startswith(q) for t in texts) or gid.casefold().startswith(q):
            prefix.append((shown, gid))
        elif any(q in t for t in texts):
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
        if gid.casefold() == q or q in _labels(gid):
            return gid
    by_name = [gid for gid in cands if q in _names(gid)]
    if len(by_name) == 1 or (by_name and interchangeable):
        return by_name[0]
    if by_name:
        options = ", ".join(label(gid) for gid in by_name)
        raise InputError(key="ia-ambiguous", query=query.strip(), options=options)
    if not cands:
        raise InputError(key="ia-none-to-choose", what=kind)
    hints = [shown for shown, _ in suggest_groups(query, cands, 3)]
    if not hints:
        by_label = {label(gid): gid for gid in cands}
        names = {group(gid).name: label(gid) for gid in reversed(cands)}
        near = closest(query, [*names, *by_label], 3)
        hints = list(dict.fromkeys(names.get(n, n) for n in near)) or [label(g) for g in cands[:3]]
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
            titles = {e.title: e.code for e in table().expansions}
            near = closest(raw, [*titles, *expansion_codes()], 3)
            codes = list(dict.fromkeys(titles.get(n, n) for n in near))
            if codes:
                hint = ", ".join(codes)
                raise InputError(key="ia-unknown-expansion-hint", name=raw.strip(), near=hint)
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
        keys = _names(gid)  # English and Russian
        if any(k in done_keys for k in keys):
            continue
        text = f"{prefix}, {g.name}" if prefix else g.name
        if len(text) > 100:
            continue
        if not q or any(k.startswith(q) for k in keys):
            starts.append(text)
        elif any(q in k for k in keys):
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
