"""Weewar battles: one attack and its counter-strike, rolled or as exact odds.

The formula (Weewar battle specification)::

    p = 0.05 × ((A + Ta) − (D + Td) + B) + 0.5, clamped to [0, 1]

Each attacking sub unit draws six numbers r in [0, 1); each r < p is a hit, and every six hits
cost the target one sub unit (never more than it has). Then the defender strikes back, computed
from both sides' counts *before* the battle, with its own terrain's attack effect, the original
attacker's terrain defence effect and no gang-up bonus. The "server" rule variant hits only when
r < p − 0.01.

Weewar keeps no campaign state: a battle is a pure function of a :class:`BattleSetup` and the
dice. :func:`fight` rolls it; ``odds.battle_odds`` gives both sides' exact loss distributions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, get_args

from bot import catalog
from bot.rules.dice import Dice, Draw
from bot.rules.errors import InputError, RuleError
from bot.rules.msg import Msg
from bot.rules.weewar.tables import (
    CANNOT_ENTER,
    DEFAULT_TERRAIN,
    Terrain,
    Unit,
    UnitClass,
    class_of,
    find_terrain,
    find_unit,
)

RuleVariant = Literal["published", "server"]
RULE_VARIANTS: tuple[RuleVariant, ...] = get_args(RuleVariant)

MAX_SUBUNITS = 10
DICE_PER_SUBUNIT = 6
HITS_PER_LOSS = 6
SERVER_MISS = Fraction(1, 100)


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
