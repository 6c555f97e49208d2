"""Weewar battles: one attack and its counter-strike, rolled or as exact odds.

The formula (Weewar battle specification)::

    p = 0.05 × ((A + Ta) − (D + Td) + B) + 0.5, clamped to [0, 1]

Each attacking sub unit draws six numbers r in [0, 1); each r < p is a hit, and every six hits
cost the target one sub unit (never more than it has). Then the defender strikes back, computed
from both sides' counts *before* the battle, with its own terrain's attack effect, the original
attacker's terrain defence effect and no gang-up bonus. The "server" rule variant hits only when
r < p − 0.01.

Weewar keeps no campaign state: a battle is a pure function of a :class:`BattleSetup` and the
dice. :func:`fight` rolls it, :func:`battle_odds` gives both sides' exact loss distributions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot import catalog
from bot.catalog import Msg
from bot.datafiles import load_json
from bot.errors import InputError, RuleError
from bot.rules.dice import Dice, Draw

UnitClass = Literal["hard", "soft", "sub", "boat", "amphibic", "air", "speedboat"]
CLASSES: tuple[UnitClass, ...] = get_args(UnitClass)
RuleVariant = Literal["published", "server"]
RULE_VARIANTS: tuple[RuleVariant, ...] = get_args(RuleVariant)

MAX_SUBUNITS = 10
DICE_PER_SUBUNIT = 6
HITS_PER_LOSS = 6
CANNOT_ENTER = 99
MAX_SUGGESTIONS = 25
SERVER_MISS = Fraction(1, 100)
DEFAULT_TERRAIN = "Plains"


# ----------------------------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------------------------


class PerClass(BaseModel):
    """One number for each of the seven unit classes (all seven required)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hard: int
    soft: int
    sub: int
    boat: int
    amphibic: int
    air: int
    speedboat: int

    def of(self, unit_class: UnitClass) -> int:
        value: int = getattr(self, unit_class)
        return value


class Unit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    unit_class: UnitClass
    attack: PerClass
    defence: int = Field(ge=0)
    mobility: int = Field(ge=1)
    mobility_after_attack: int = Field(ge=0)
    range_min: int = Field(ge=1)
    range_max: int = Field(ge=1)
    can_capture: bool
    credits: int = Field(ge=0)

    @model_validator(mode="after")
    def _range_ordered(self) -> Unit:
        if self.range_min > self.range_max:
            raise ValueError(
                f"{self.name}: range_min {self.range_min} > range_max {self.range_max}"
            )
        return self

    def in_range(self, distance: int) -> bool:
        return self.range_min <= distance <= self.range_max

    @property
    def range_text(self) -> str:
        if self.range_min == self.range_max:
            return str(self.range_min)
        return f"{self.range_min}–{self.range_max}"


class Terrain(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    can_be_captured: bool
    generates_income: bool
    attack: PerClass
    defence: PerClass
    movement_cost: PerClass

    def can_hold(self, unit_class: UnitClass) -> bool:
        return self.movement_cost.of(unit_class) < CANNOT_ENTER


class WeewarTables(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    notes: str = ""
    classes: tuple[UnitClass, ...]
    units: tuple[Unit, ...] = Field(min_length=1)
    terrains: tuple[Terrain, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> WeewarTables:
        if self.classes != CLASSES:
            raise ValueError(f"classes must be exactly {list(CLASSES)}")
        for kind, names in (
            ("unit", [u.name for u in self.units]),
            ("terrain", [t.name for t in self.terrains]),
        ):
            keys = [_norm(n) for n in names]
            if len(set(keys)) != len(keys):
                raise ValueError(f"duplicate {kind} names in weewar.json")
        if _norm(DEFAULT_TERRAIN) not in {_norm(t.name) for t in self.terrains}:
            raise ValueError(f"the default terrain {DEFAULT_TERRAIN} is missing")
        return self


@cache
def tables() -> WeewarTables:
    return WeewarTables.model_validate(load_json("weewar.json"))


@cache
def _units_by_key() -> dict[str, Unit]:
    return {_norm(u.name): u for u in tables().units}


@cache
def _terrains_by_key() -> dict[str, Terrain]:
    return {_norm(t.name): t for t in tables().terrains}


def unit_names() -> list[str]:
    return [u.name for u in tables().units]


def terrain_names() -> list[str]:
    return [t.name for t in tables().terrains]


# ----------------------------------------------------------------------------------------------
# Names: case-insensitive lookup and autocomplete suggestions
# ----------------------------------------------------------------------------------------------


def _norm(text: str) -> str:
    """Case-folded, hyphens/underscores as spaces, runs of blanks collapsed."""
    return " ".join(text.replace("-", " ").replace("_", " ").casefold().split())


def _suggest(names: Sequence[str], text: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
    """Names starting with ``text`` first, then names with a word starting with it, then names
    containing it anywhere; table order inside each group; at most ``limit``."""
    key = _norm(text)
    if not key:
        return list(names[:limit])
    starts: list[str] = []
    word_starts: list[str] = []
    contains: list[str] = []
    for name in names:
        norm = _norm(name)
        if norm.startswith(key):
            starts.append(name)
        elif any(word.startswith(key) for word in norm.split()):
            word_starts.append(name)
        elif key in norm or key.replace(" ", "") in norm.replace(" ", ""):
            contains.append(name)
    return (starts + word_starts + contains)[:limit]


def suggest_units(prefix: str) -> list[str]:
    """Autocomplete for unit names (case-insensitive prefix, then substring; at most 25)."""
    return _suggest(unit_names(), prefix)


def suggest_terrains(prefix: str) -> list[str]:
    """Autocomplete for terrain names (case-insensitive prefix, then substring; at most 25)."""
    return _suggest(terrain_names(), prefix)


def _or_list(names: Sequence[str]) -> str | Msg:
    """``A``, or ``A, B or C`` (the "or" in the reader's language)."""
    if len(names) == 1:
        return names[0]
    return Msg.of("ww-or-list", head=", ".join(names[:-1]), last=names[-1])


def class_name(unit_class: UnitClass) -> Msg:
    """A unit class as a catalog message ("hard"; in Russian a noun)."""
    return Msg(f"ww-class-{unit_class}")


def class_of(unit_class: UnitClass) -> Msg:
    """A unit class after "against"/"for" ("hard"; in Russian the genitive)."""
    return Msg(f"ww-class-{unit_class}-of")


def _lookup(kind: str, by_key: dict[str, Any], names: Sequence[str], text: str) -> Any:
    """``kind`` is "unit" or "terrain" (each refusal has its own catalog key)."""
    key = _norm(text)
    if not key:
        raise InputError(key=f"ww-give-{kind}", example=names[0])
    if key in by_key:
        return by_key[key]
    prefixed = [n for n in names if _norm(n).startswith(key)]
    if len(prefixed) == 1:
        return by_key[_norm(prefixed[0])]
    if prefixed:
        raise InputError(key=f"ww-ambiguous-{kind}", text=text, names=_or_list(prefixed))
    close = _suggest(names, text, limit=5)
    if close:
        raise InputError(key=f"ww-unknown-{kind}", text=text, names=_or_list(close))
    raise InputError(key=f"ww-unknown-{kind}-all", text=text, names=", ".join(names))


def find_unit(name: str) -> Unit:
    """The unit called ``name`` (case-insensitive; a unique prefix is enough)."""
    unit: Unit = _lookup("unit", _units_by_key(), unit_names(), name)
    return unit


def find_terrain(name: str) -> Terrain:
    """The terrain called ``name`` (case-insensitive; a unique prefix is enough)."""
    terrain: Terrain = _lookup("terrain", _terrains_by_key(), terrain_names(), name)
    return terrain


# ----------------------------------------------------------------------------------------------
# The formula
# ----------------------------------------------------------------------------------------------


def strike_probability(a: int, ta: int, d: int, td: int, b: int = 0) -> Fraction:
    """p = 0.05 × ((A + Ta) − (D + Td) + B) + 0.5, clamped to [0, 1], exactly."""
    p = Fraction(1, 20) * ((a + ta) - (d + td) + b) + Fraction(1, 2)
    return min(Fraction(1), max(Fraction(0), p))


def hit_chance(p: Fraction, rules: RuleVariant = "published") -> Fraction:
    """The chance one die hits: p (published), or p − 0.01 floored at 0 (server: r < p − 0.01)."""
    if rules == "server":
        return max(Fraction(0), p - SERVER_MISS)
    return p


def _float_threshold(chance: Fraction) -> float:
    """The float t with ``r < t`` ⟺ ``r < chance`` for every float r (exact, but fast)."""
    t = float(chance)
    if Fraction(t) < chance:
        t = math.nextafter(t, math.inf)
    return t


@dataclass(frozen=True, slots=True)
class GangUp:
    """Earlier attacks on the same defender this turn, by where they came from."""

    ranged: int = 0  # from a distance: +1 each
    beside: int = 0  # from a hex adjacent to both attacker and defender: +1 each
    opposite: int = 0  # from the hex on the opposite side of the defender: +3 each
    flank: int = 0  # from any other hex adjacent to the defender: +2 each

    def __post_init__(self) -> None:
        for name in ("ranged", "beside", "opposite", "flank"):
            if getattr(self, name) < 0:
                raise InputError(key="ww-gang-up-negative", option=name)

    @property
    def bonus(self) -> int:
        return self.ranged + self.beside + 3 * self.opposite + 2 * self.flank

    @property
    def breakdown(self) -> str:
        parts = [
            f"{count}×{weight} {what}"
            for count, weight, what in (
                (self.ranged, 1, "ranged"),
                (self.beside, 1, "beside"),
                (self.opposite, 3, "opposite"),
                (self.flank, 2, "flank"),
            )
            if count
        ]
        return " + ".join(parts) if parts else "no earlier attacks"


def gang_up_bonus(ranged: int = 0, beside: int = 0, opposite: int = 0, flank: int = 0) -> int:
    """B: +1 per earlier ranged attack, +1 per attack from a hex beside both, +3 per attack from
    the opposite hex, +2 per attack from any other hex adjacent to the defender."""
    return GangUp(ranged, beside, opposite, flank).bonus


# ----------------------------------------------------------------------------------------------
# Setting up a battle
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BattleSetup:
    attacker: Unit
    defender: Unit
    attacker_terrain: Terrain
    defender_terrain: Terrain
    attackers: int = MAX_SUBUNITS
    defenders: int = MAX_SUBUNITS
    distance: int = 1
    gang_up: GangUp = field(default_factory=GangUp)
    rules: RuleVariant = "published"


def _check_count(name: str, value: int) -> None:
    if not 1 <= value <= MAX_SUBUNITS:
        raise InputError(
            key="ww-count-range", option=name, most=str(MAX_SUBUNITS), value=str(value)
        )


def _check_terrain(unit: Unit, terrain: Terrain) -> None:
    if not terrain.can_hold(unit.unit_class):
        raise RuleError(
            key="ww-cannot-enter",
            unit=unit.name,
            terrain=terrain.name,
            unit_class=class_of(unit.unit_class),
            cost=str(CANNOT_ENTER),
        )


def check_setup(setup: BattleSetup) -> None:
    """Refuse a battle the rules do not allow (one clear line); return quietly otherwise.

    Terrains are not checked here: a unit left on the default Plains is fine even if it could
    not go there (for boats and subs Plains and Water have the same numbers); only a terrain
    given by name is refused when the unit cannot enter it (see :func:`make_setup`)."""
    _check_count("attackers", setup.attackers)
    _check_count("defenders", setup.defenders)
    if setup.distance < 1:
        raise InputError(key="ww-distance-positive", value=str(setup.distance))
    if setup.rules not in RULE_VARIANTS:
        raise InputError(key="ww-rules-unknown", value=str(setup.rules))
    att, dfn = setup.attacker, setup.defender
    if att.attack.of(dfn.unit_class) <= 0:
        raise RuleError(
            key="ww-cannot-attack",
            attacker=att.name,
            defender=dfn.name,
            unit_class=class_of(dfn.unit_class),
        )
    if not att.in_range(setup.distance):
        raise RuleError(
            key="ww-out-of-range",
            unit=att.name,
            range=att.range_text,
            distance=str(setup.distance),
        )


def make_setup(
    attacker: str,
    defender: str,
    attacker_terrain: str | None = None,
    defender_terrain: str | None = None,
    attackers: int = MAX_SUBUNITS,
    defenders: int = MAX_SUBUNITS,
    distance: int = 1,
    ranged: int = 0,
    beside: int = 0,
    opposite: int = 0,
    flank: int = 0,
    rules: str = "published",
) -> BattleSetup:
    """Look the names up and check the battle is allowed; raises a one-line error otherwise.

    A terrain left out (None) is Plains, unchecked; a terrain given by name is refused when the
    unit cannot enter it (movement cost 99), after the attack itself has been checked."""
    rules_key = rules.strip().casefold()
    if rules_key not in RULE_VARIANTS:
        raise InputError(key="ww-rules-unknown", value=rules)
    setup = BattleSetup(
        attacker=find_unit(attacker),
        defender=find_unit(defender),
        attacker_terrain=find_terrain(attacker_terrain or DEFAULT_TERRAIN),
        defender_terrain=find_terrain(defender_terrain or DEFAULT_TERRAIN),
        attackers=attackers,
        defenders=defenders,
        distance=distance,
        gang_up=GangUp(ranged, beside, opposite, flank),
        rules="server" if rules_key == "server" else "published",
    )
    check_setup(setup)
    if attacker_terrain is not None:
        _check_terrain(setup.attacker, setup.attacker_terrain)
    if defender_terrain is not None:
        _check_terrain(setup.defender, setup.defender_terrain)
    return setup


# ----------------------------------------------------------------------------------------------
# Strikes
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StrikeTerms:
    """Everything that makes up one side's strike, before any die is rolled."""

    striker: str
    target: str
    striker_class: UnitClass
    target_class: UnitClass
    striker_terrain: str
    target_terrain: str
    strikers: int  # striking sub units (six dice each)
    targets: int  # the target's sub units before the battle (the cap on losses)
    a: int
    ta: int
    d: int
    td: int
    b: int
    p: Fraction  # the published formula, clamped
    chance: Fraction  # what one die needs: p, or p − 0.01 under the server rule
    rules: RuleVariant

    @property
    def dice(self) -> int:
        return DICE_PER_SUBUNIT * self.strikers

    @property
    def raw(self) -> int:
        """(A + Ta) − (D + Td) + B, before × 0.05 + 0.5 and clamping."""
        return (self.a + self.ta) - (self.d + self.td) + self.b

    def formula(self) -> str:
        """e.g. ``p = 0.05 × ((7 + 0) − (6 + 3) + 2) + 0.5 = 0.5``."""
        text = (
            f"p = 0.05 × (({self.a} {_signed(self.ta)}) − ({self.d} {_signed(self.td)}) "
            f"{_signed(self.b)}) + 0.5 = {_dec(self.p)}"
        )
        unclamped = Fraction(1, 20) * self.raw + Fraction(1, 2)
        if unclamped != self.p:
            text += f" (clamped from {_dec(unclamped)})"
        if self.rules == "server":
            text += f"; server rule: hit if r < {_dec(self.chance)}"
        return text

    def as_json(self) -> dict[str, Any]:
        return {
            "striker": self.striker,
            "target": self.target,
            "striker_terrain": self.striker_terrain,
            "target_terrain": self.target_terrain,
            "strikers": self.strikers,
            "targets": self.targets,
            "A": self.a,
            "Ta": self.ta,
            "D": self.d,
            "Td": self.td,
            "B": self.b,
            "p": str(self.p),
            "hit_chance": str(self.chance),
            "rules": self.rules,
        }


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"− {-n}"


def _dec(x: Fraction) -> str:
    """A Fraction with denominator dividing 100 as a short decimal (0.55, 0.5, 1)."""
    scaled = x * 100
    if scaled.denominator == 1:
        hundredths = scaled.numerator
        sign = "-" if hundredths < 0 else ""
        whole, frac = divmod(abs(hundredths), 100)
        return f"{sign}{whole}" if frac == 0 else f"{sign}{whole}.{frac:02d}".rstrip("0")
    return f"{float(x):.4f}"


def strike_terms(
    striker: Unit,
    striker_terrain: Terrain,
    target: Unit,
    target_terrain: Terrain,
    strikers: int,
    targets: int,
    b: int,
    rules: RuleVariant,
) -> StrikeTerms:
    a = striker.attack.of(target.unit_class)
    ta = striker_terrain.attack.of(striker.unit_class)
    d = target.defence
    td = target_terrain.defence.of(target.unit_class)
    p = strike_probability(a, ta, d, td, b)
    return StrikeTerms(
        striker=striker.name,
        target=target.name,
        striker_class=striker.unit_class,
        target_class=target.unit_class,
        striker_terrain=striker_terrain.name,
        target_terrain=target_terrain.name,
        strikers=strikers,
        targets=targets,
        a=a,
        ta=ta,
        d=d,
        td=td,
        b=b,
        p=p,
        chance=hit_chance(p, rules),
        rules=rules,
    )


@dataclass(frozen=True, slots=True)
class BattlePlan:
    """Both strikes' terms; ``counter`` is None when the defender cannot strike back (and
    ``no_counter`` says why, in English; ``no_counter_msg`` is the same as a catalog message)."""

    setup: BattleSetup
    attack: StrikeTerms
    counter: StrikeTerms | None
    no_counter: str | None
    no_counter_msg: Msg | None = None


def plan(setup: BattleSetup) -> BattlePlan:
    """Check the battle and work out both strikes' A, Ta, D, Td, B and p."""
    check_setup(setup)
    att, dfn = setup.attacker, setup.defender
    attack = strike_terms(
        att,
        setup.attacker_terrain,
        dfn,
        setup.defender_terrain,
        setup.attackers,
        setup.defenders,
        setup.gang_up.bonus,
        setup.rules,
    )
    counter: StrikeTerms | None = None
    reason: Msg | None = None
    if dfn.attack.of(att.unit_class) <= 0:
        reason = Msg.of("ww-no-counter-attack", unit=dfn.name, unit_class=class_of(att.unit_class))
    elif not dfn.in_range(setup.distance):
        reason = Msg.of(
            "ww-no-counter-range",
            unit=dfn.name,
            range=dfn.range_text,
            distance=str(setup.distance),
        )
    else:
        # Roles switch: the defender's terrain gives Ta, the attacker's terrain gives Td,
        # no gang-up bonus, and both counts are those from before the battle.
        counter = strike_terms(
            dfn,
            setup.defender_terrain,
            att,
            setup.attacker_terrain,
            setup.defenders,
            setup.attackers,
            0,
            setup.rules,
        )
    return BattlePlan(
        setup=setup,
        attack=attack,
        counter=counter,
        no_counter=None
        if reason is None
        else catalog.t(catalog.DEFAULT, reason.key, **dict(reason.args)),
        no_counter_msg=reason,
    )


@dataclass(frozen=True, slots=True)
class Strike:
    """One rolled strike: its terms, every r drawn (six per striking sub unit), hits, losses."""

    terms: StrikeTerms
    rolls: tuple[float, ...]
    hits: int
    losses: int
    subunit_hits: tuple[int, ...] = ()  # hits of each striking sub unit ((): count them)

    def rolls_by_subunit(self) -> list[tuple[float, ...]]:
        return [
            self.rolls[i : i + DICE_PER_SUBUNIT]
            for i in range(0, len(self.rolls), DICE_PER_SUBUNIT)
        ]

    def hits_per_subunit(self) -> list[int]:
        if self.subunit_hits or not self.rolls:
            return list(self.subunit_hits)
        return list(_hits_per_subunit(self.rolls, _float_threshold(self.terms.chance)))

    def history_entry(self) -> dict[str, Any]:
        """This strike's draws as one history entry: every r cut to six decimals (in order),
        and the hits of each sub unit. Cut, not rounded: each p is a whole number of hundredths,
        so a recorded r is below p exactly when the drawn one was."""
        return {
            "kind": "uniform",
            "label": strike_label(self.terms),
            "value": [six_decimals(r) for r in self.rolls],
            "hits": self.hits_per_subunit(),
        }

    def as_json(self) -> dict[str, Any]:
        return {
            **self.terms.as_json(),
            "rolls": list(self.rolls),
            "hits": self.hits,
            "losses": self.losses,
        }


def _hits_per_subunit(rolls: Sequence[float], threshold: float) -> tuple[int, ...]:
    return tuple(
        [
            sum([r < threshold for r in rolls[i : i + DICE_PER_SUBUNIT]])
            for i in range(0, len(rolls), DICE_PER_SUBUNIT)
        ]
    )


def six_decimals(r: float) -> float:
    """``r`` in [0, 1) cut (not rounded) to six decimals: floor(r × 10⁶) / 10⁶, exactly."""
    scaled = r * 1_000_000.0
    n = int(scaled)
    if n and scaled == n and Fraction(r) * 1_000_000 < n:
        n -= 1  # the float product rounded up onto a whole number
    return n / 1_000_000


def losses_from_hits(hits: int, targets: int) -> int:
    """Every six hits cost one sub unit (rounded down), never more than the target has."""
    return min(targets, hits // HITS_PER_LOSS)


def strike_label(terms: StrikeTerms) -> str:
    return f"{terms.striker} → {terms.target}"


def roll_strike(terms: StrikeTerms, dice: Dice) -> Strike:
    threshold = _float_threshold(terms.chance)
    label = strike_label(terms)
    uniform = dice.uniform
    rolls = tuple([uniform(label) for _ in range(terms.dice)])
    per_subunit = _hits_per_subunit(rolls, threshold)
    hits = sum(per_subunit)
    return Strike(
        terms=terms,
        rolls=rolls,
        hits=hits,
        losses=losses_from_hits(hits, terms.targets),
        subunit_hits=per_subunit,
    )


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """A rolled battle. Losses are removed only at the end: both strikes use pre-battle counts."""

    plan: BattlePlan
    attack: Strike
    counter: Strike | None

    @property
    def setup(self) -> BattleSetup:
        return self.plan.setup

    @property
    def attacker_losses(self) -> int:
        return self.counter.losses if self.counter else 0

    @property
    def defender_losses(self) -> int:
        return self.attack.losses

    @property
    def attackers_left(self) -> int:
        return self.setup.attackers - self.attacker_losses

    @property
    def defenders_left(self) -> int:
        return self.setup.defenders - self.defender_losses

    def draws(self) -> list[Draw]:
        """Every number drawn, in order, as :class:`Dice` records them."""
        out: list[Draw] = []
        for strike in (self.attack, self.counter):
            if strike is not None:
                label = strike_label(strike.terms)
                out.extend(Draw("uniform", label, r) for r in strike.rolls)
        return out

    def history_dice(self) -> list[dict[str, Any]]:
        """The draws for the campaign history, compactly: one entry per strike (see
        :meth:`Strike.history_entry`), the attack first."""
        return [s.history_entry() for s in (self.attack, self.counter) if s is not None]

    def as_json(self) -> dict[str, Any]:
        s = self.setup
        return {
            "kind": "weewar_battle",
            "attacker": s.attacker.name,
            "defender": s.defender.name,
            "attacker_terrain": s.attacker_terrain.name,
            "defender_terrain": s.defender_terrain.name,
            "attackers": s.attackers,
            "defenders": s.defenders,
            "distance": s.distance,
            "gang_up": {
                "ranged": s.gang_up.ranged,
                "beside": s.gang_up.beside,
                "opposite": s.gang_up.opposite,
                "flank": s.gang_up.flank,
                "B": s.gang_up.bonus,
            },
            "rules": s.rules,
            "attack": self.attack.as_json(),
            "counter": self.counter.as_json() if self.counter else None,
            "no_counter": self.plan.no_counter,
            "attackers_left": self.attackers_left,
            "defenders_left": self.defenders_left,
        }


def fight(setup: BattleSetup, dice: Dice) -> BattleOutcome:
    """Roll the attack, then the counter-strike (if any), from pre-battle counts."""
    return fight_plan(plan(setup), dice)


def fight_plan(battle: BattlePlan, dice: Dice) -> BattleOutcome:
    """:func:`fight` for a battle already planned (and so already checked)."""
    attack = roll_strike(battle.attack, dice)
    counter = roll_strike(battle.counter, dice) if battle.counter else None
    return BattleOutcome(plan=battle, attack=attack, counter=counter)


# ----------------------------------------------------------------------------------------------
# Exact odds
# ----------------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def loss_distribution(chance: Fraction, strikers: int, targets: int) -> tuple[Fraction, ...]:
    """P(target loses k sub units) for k = 0..targets, exactly.

    Hits ~ Binomial(6 × strikers, chance); losses = min(targets, hits // 6). Works in integers
    over the common denominator den^n and reduces once per outcome.
    """
    if strikers < 0 or targets < 0:
        raise ValueError("sub unit counts cannot be negative")
    if not 0 <= chance <= 1:
        raise ValueError("a chance lies in [0, 1]")
    n = DICE_PER_SUBUNIT * strikers
    num, den = chance.numerator, chance.denominator
    miss = den - num
    miss_pows = [1] * (n + 1)
    for i in range(1, n + 1):
        miss_pows[i] = miss_pows[i - 1] * miss
    weights = [0] * (targets + 1)
    binom = 1  # C(n, k)
    hit_pow = 1  # num^k
    for k in range(n + 1):
        weights[min(targets, k // HITS_PER_LOSS)] += binom * hit_pow * miss_pows[n - k]
        binom = binom * (n - k) // (k + 1)
        hit_pow *= num
    total = den**n
    return tuple(Fraction(w, total) for w in weights)


def _exact_sum(terms: Sequence[tuple[int, Fraction]]) -> Fraction:
    """Σ weight · q over one common denominator (fast even for 400-bit integers)."""
    if not terms:
        return Fraction(0)
    common = math.lcm(*(q.denominator for _, q in terms))
    return Fraction(sum(k * q.numerator * (common // q.denominator) for k, q in terms), common)


def expected(dist: Sequence[Fraction]) -> Fraction:
    """Σ k · P(k), exactly."""
    return _exact_sum(list(enumerate(dist)))


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """Both sides' exact loss distributions (independent: both strikes use pre-battle counts)."""

    plan: BattlePlan
    attacker_losses: tuple[Fraction, ...]  # index k: P(attacker loses k)
    defender_losses: tuple[Fraction, ...]

    @property
    def expected_attacker_losses(self) -> Fraction:
        return expected(self.attacker_losses)

    @property
    def expected_defender_losses(self) -> Fraction:
        return expected(self.defender_losses)

    @property
    def defender_destroyed(self) -> Fraction:
        return self.defender_losses[-1]

    @property
    def attacker_destroyed(self) -> Fraction:
        return self.attacker_losses[-1]

    @property
    def attacker_unscathed(self) -> Fraction:
        """The chance the attacker takes no losses."""
        return self.attacker_losses[0]

    @property
    def defender_unscathed(self) -> Fraction:
        return self.defender_losses[0]

    def as_json(self) -> dict[str, Any]:
        return {
            "attacker_losses": [str(q) for q in self.attacker_losses],
            "defender_losses": [str(q) for q in self.defender_losses],
            "expected_attacker_losses": float(self.expected_attacker_losses),
            "expected_defender_losses": float(self.expected_defender_losses),
            "defender_destroyed": float(self.defender_destroyed),
            "attacker_unscathed": float(self.attacker_unscathed),
        }


def plan_odds(battle: BattlePlan) -> BattleOdds:
    s = battle.setup
    defender = loss_distribution(battle.attack.chance, s.attackers, s.defenders)
    if battle.counter is None:
        attacker = (Fraction(1),) + (Fraction(0),) * s.attackers
    else:
        attacker = loss_distribution(battle.counter.chance, s.defenders, s.attackers)
    return BattleOdds(plan=battle, attacker_losses=attacker, defender_losses=defender)


def battle_odds(setup: BattleSetup) -> BattleOdds:
    """Exact odds of a battle, no dice rolled."""
    return plan_odds(plan(setup))


# ----------------------------------------------------------------------------------------------
# Text helpers (pure; the cog puts them in an embed)
# ----------------------------------------------------------------------------------------------

_EIGHTHS = " ▏▎▍▌▋▊▉"


def _round_half_up(q: Fraction, scale: int) -> int:
    """floor(q × scale + 1/2), in integers."""
    return (2 * scale * q.numerator + q.denominator) // (2 * q.denominator)


def percent(q: Fraction) -> str:
    """Exact rounding half-up to one decimal: Fraction(1, 3) → '33.3%'."""
    tenths = _round_half_up(q, 1000)
    return f"{tenths // 10}.{tenths % 10}%"


def bar(q: Fraction, width: int = 20) -> str:
    full, part = divmod(_round_half_up(q, width * 8), 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def loss_chart(dist: Sequence[Fraction], width: int = 20) -> list[str]:
    """One row per outcome that rounds to at least 0.1 %: ``lose  3 │████▌   22.5%``; a last
    row sums up the outcomes left out, if any."""
    rows: list[str] = []
    hidden: list[tuple[int, Fraction]] = []
    digits = len(str(len(dist) - 1))
    for k, q in enumerate(dist):
        if _round_half_up(q, 1000) >= 1:
            rows.append(f"lose {k:>{digits}} │{bar(q, width)} {percent(q):>6}")
        elif q > 0:
            hidden.append((1, q))
    if hidden:
        hidden_n = len(hidden)
        together = _exact_sum(hidden)
        share = "< 0.1%" if percent(together) == "0.0%" else percent(together)
        rows.append(f"{hidden_n} other outcome{'s' if hidden_n > 1 else ''}: {share} together")
    return rows
