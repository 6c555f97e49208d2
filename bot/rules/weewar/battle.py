"""Weewar battles: one attack and its counter-strike, rolled or as exact odds.

The formula (Weewar battle specification)::

    p = 0.05 × ((A + Ta) − (D + Td) + B) + 0.5, clamped to [0, 1]

Each attacking sub unit draws six numbers r in [0, 1); each r < p is a hit, and every six hits
cost the target one sub unit (never more than it has). Then the defender strikes back, computed
from both sides' counts *before* the battle, with its own terrain's attack effect, the original
attacker's terrain defence effect and no gang-up bonus. The "server" rule variant hits only when
r < p − 0.01.

Weewar keeps no campaign state: a battle is a pure function of a :class:`BattleSetup` and the
dice. This module sets a battle up and works out both strikes' terms (:func:`plan`);
``rolling.fight`` rolls it; ``odds.battle_odds`` gives both sides' exact loss distributions;
``outcome.battle`` does it all for /battle in one call.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal, get_args

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

    @property
    def unclamped(self) -> Fraction:
        """p before clamping: 0.05 × raw + 0.5."""
        return Fraction(1, 20) * self.raw + Fraction(1, 2)

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
    """Both strikes' terms; ``counter`` is None when the defender cannot strike back, and
    ``no_counter`` then says why (a catalog message)."""

    setup: BattleSetup
    attack: StrikeTerms
    counter: StrikeTerms | None
    no_counter: Msg | None = None


def plan(setup: BattleSetup) -> BattlePlan:
    """Check the battle and work out both strikes' A, Ta, D, Td, B and p."""
    check_setup(setup)
    return strikes(setup)


def strikes(setup: BattleSetup) -> BattlePlan:
    """Both strikes' A, Ta, D, Td, B and p of a battle already checked (:func:`make_setup`
    checks the battles it sets up; :func:`plan` checks one made otherwise)."""
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
    return BattlePlan(setup=setup, attack=attack, counter=counter, no_counter=reason)
