"""Maintenance: overhaul, routine and frontier maintenance, exact odds, and the rolls."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Literal

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import InputError, NotAllowed, RuleError
from bot.rules.imperium.state import (
    ImperiumState,
    Ship,
    StarSystem,
    find_ship,
    find_system,
    fold,
    ships_in,
)
from bot.rules.imperium.tables import SIDES, Care, Fate, Side
from bot.rules.msg import Msg

# Every maintenance chance is a whole number of sixths: 0, 1/6, ..., 1.
_SIXTHS = tuple(Fraction(k, 6) for k in range(7))


def frontier_odds(maintenance: int, disrupted: bool) -> dict[Fate, Fraction]:
    """Exact fate of one ship under frontier maintenance."""
    return _odds_of(_frontier_sixths(maintenance, disrupted))


def _frontier_sixths(maintenance: int, disrupted: bool) -> tuple[int, int, int]:
    """The faces of the die giving each fate (undisrupted, disrupted, destroyed) under
    frontier maintenance (see :func:`_frontier_fate`): a disrupted ship is lost on a 1; any
    other face up to the maintenance number disrupts it."""
    lost = 1 if disrupted else 0
    hit = max(0, min(maintenance, 6) - lost)
    return 6 - hit - lost, hit, lost


def _frontier_fate(die: int, maintenance: int, disrupted: bool) -> Fate:
    if disrupted and die == 1:
        return "destroyed"
    return "disrupted" if die <= maintenance else "undisrupted"


def _odds_of(sixths: tuple[int, int, int]) -> dict[Fate, Fraction]:
    kept, hit, lost = sixths
    return {"undisrupted": _SIXTHS[kept], "disrupted": _SIXTHS[hit], "destroyed": _SIXTHS[lost]}


@dataclass(frozen=True, slots=True)
class PlannedShip:
    name: str
    side: Side
    maintenance: int
    disrupted: bool
    care: Care


@dataclass(frozen=True, slots=True)
class MaintenancePlan:
    system: str
    factors: int
    owner: Side | None
    ships: tuple[PlannedShip, ...]
    cost: dict[Side, int]

    @property
    def factors_used(self) -> int:
        return sum(s.maintenance for s in self.ships if s.care == "routine")


def plan_maintenance(
    state: ImperiumState,
    system: str,
    overhaul: Sequence[str] = (),
    routine: Sequence[str] | None = None,
) -> MaintenancePlan:
    """Who gets overhaul, routine and frontier maintenance. Without a routine list, routine
    maintenance covers the highest maintenance numbers first (disrupted ships first among
    equals, then by name), skipping ships that no longer fit."""
    where = find_system(state, system)
    here = [(fold(s.name), s) for s in ships_in(state, where.name) if not s.is_pds]
    first: dict[str, Ship] = {}
    for s in state.ships:
        first.setdefault(fold(s.name), s)  # the first, as find_ship finds it
    picker = _Picker(state, where, {key for key, _ in here}, first)
    over = picker.pick(overhaul, "overhaul")
    if over and where.worlds == 0:
        raise RuleError(key="imp-overhaul-needs-world", system=where.name)
    cost = _overhaul_cost(state, over)
    factors = where.routine_factors
    if routine is not None:
        kept = _chosen_routine(picker.pick(routine, "routine"), over, where.name, factors)
    else:
        kept = _default_routine(here, over, where.owner, factors)
    planned = [
        PlannedShip(
            ship.name,
            ship.side,
            ship.maintenance,
            ship.disrupted,
            "overhaul" if key in over else "routine" if key in kept else "frontier",
        )
        for key, ship in sorted(here, key=lambda ks: (ks[1].side, ks[1].name.lower()))
    ]
    return MaintenancePlan(where.name, factors, where.owner, tuple(planned), cost)


class _Picker:
    """The ships a player names for overhaul or routine maintenance, checked one by one."""

    def __init__(
        self, state: ImperiumState, where: StarSystem, here: set[str], first: dict[str, Ship]
    ) -> None:
        self.state, self.where, self.here, self.first = state, where, here, first

    def pick(self, names: Sequence[str], what: Literal["overhaul", "routine"]) -> dict[str, Ship]:
        """The named ships by folded name, in the order named."""
        where = self.where
        picked: dict[str, Ship] = {}
        for name in names:
            ship = self.first.get(fold(name)) or find_ship(self.state, name)  # the refusal
            key = fold(ship.name)
            if key not in self.here:
                raise RuleError(
                    key="imp-maint-not-here", ship=ship.name, system=where.name, what=what
                )
            if key in picked:
                raise InputError(key="imp-maint-twice", ship=ship.name, what=what)
            if where.owner != ship.side:
                raise RuleError(
                    key="imp-maint-not-owned",
                    ship=ship.name,
                    what=what,
                    system=where.name,
                    side=ship.side,
                )
            picked[key] = ship
        return picked


def _overhaul_cost(state: ImperiumState, over: dict[str, Ship]) -> dict[Side, int]:
    """Each side's RUs for its overhauls, refused beyond its stock."""
    cost: dict[Side, int] = {"terran": 0, "imperial": 0}
    for ship in over.values():
        cost[ship.side] += ship.maintenance
    for side in SIDES:
        if cost[side] > state.rus[side]:
            raise RuleError(
                key="imp-overhaul-cost", side=side, cost=cost[side], rus=state.rus[side]
            )
    return cost


def _chosen_routine(
    kept: dict[str, Ship], over: dict[str, Ship], system: str, factors: int
) -> dict[str, Ship]:
    """The routine maintenance the owner chose, checked against overhauls and the factors."""
    clash = [s.name for key, s in kept.items() if key in over]
    if clash:
        raise InputError(key="imp-overhauled-no-routine", ship=clash[0])
    need = sum(s.maintenance for s in kept.values())
    if need > factors:
        raise RuleError(key="imp-routine-too-much", need=need, system=system, factors=factors)
    return kept


def _default_routine(
    here: list[tuple[str, Ship]], over: dict[str, Ship], owner: Side | None, factors: int
) -> dict[str, Ship]:
    """Routine maintenance for the owner's ships not overhauled, highest maintenance numbers
    first (disrupted ships first among equals, then by name), skipping ships that no longer
    fit."""
    kept: dict[str, Ship] = {}
    left = factors
    candidates = sorted(
        ((key, s) for key, s in here if s.side == owner and key not in over),
        key=lambda ks: (-ks[1].maintenance, not ks[1].disrupted, ks[1].name.lower()),
    )
    for key, ship in candidates:
        if ship.maintenance <= left:
            kept[key] = ship
            left -= ship.maintenance
    return kept


def check_plan_sides(plan: MaintenancePlan, sides: Collection[Side], routine_chosen: bool) -> None:
    """Refuse a plan the sides asking do not speak for: each side pays for its own overhauls,
    and only the system's owner chooses which ships get routine maintenance."""
    for side in SIDES:
        if plan.cost[side] and side not in sides:
            raise NotAllowed(key="imp-only-side-overhaul", side=side)
    if routine_chosen and plan.owner is not None and plan.owner not in sides:
        raise NotAllowed(key="imp-only-side-routine", side=plan.owner)


def ship_fate_odds(ship: PlannedShip) -> dict[Fate, Fraction]:
    return _odds_of(_fate_sixths(ship.care, ship.maintenance, ship.disrupted))


def _fate_sixths(care: Care, maintenance: int, disrupted: bool) -> tuple[int, int, int]:
    """A ship's fate chances (undisrupted, disrupted, destroyed) in sixths."""
    if care == "overhaul":
        return 6, 0, 0
    if care == "routine":
        return (0, 6, 0) if disrupted else (6, 0, 0)
    return _frontier_sixths(maintenance, disrupted)


@dataclass(frozen=True, slots=True)
class MaintenanceOdds:
    ships: dict[str, dict[Fate, Fraction]]
    destroyed: tuple[Fraction, ...]  # P(exactly k ships destroyed), k = 0..n
    disrupted: tuple[Fraction, ...]  # P(exactly k ships disrupted afterwards)


def maintenance_odds(plan: MaintenancePlan) -> MaintenanceOdds:
    """Exact per-ship fate probabilities and the distributions of ships destroyed and ships
    disrupted afterwards (each ship independent). Every chance is a multiple of 1/6, so the
    distributions are products of binomials on whole numbers, made Fractions at the end."""
    ships: dict[str, dict[Fate, Fraction]] = {}
    destroyed: Counter[int] = Counter()  # ships by chance of being destroyed, in sixths
    disrupted: Counter[int] = Counter()
    for ship in plan.ships:
        sixths = _fate_sixths(ship.care, ship.maintenance, ship.disrupted)
        ships[ship.name] = _odds_of(sixths)
        disrupted[sixths[1]] += 1
        destroyed[sixths[2]] += 1
    n = len(plan.ships)
    return MaintenanceOdds(ships, _count_odds(destroyed, n), _count_odds(disrupted, n))


_ZERO = Fraction(0)


def _count_odds(ships: Counter[int], n: int) -> tuple[Fraction, ...]:
    """P(exactly k ships), k = 0..n, for n independent ships, ``ships[h]`` of them with
    chance h/6 each: the product of the binomials (6 - h + h·x)**m over 6**m. Ships with
    chance 0 or 1 only shift the distribution (k can't reach n, or starts at their count)."""
    dist = [1]  # counts out of ``scale``
    scale = 1
    for hit, m in ships.items():
        if hit in (0, 6):
            continue
        miss = 6 - hit
        binomial = [comb(m, k) * hit**k * miss ** (m - k) for k in range(m + 1)]
        out = [0] * (len(dist) + m)
        for i, a in enumerate(dist):
            if a:
                for j, b in enumerate(binomial):
                    out[i + j] += a * b
        dist = out
        scale *= 6**m
    odds = [_ZERO] * ships.get(6, 0) + [Fraction(v, scale) if v else _ZERO for v in dist]
    return tuple(odds + [_ZERO] * (n + 1 - len(odds)))


@dataclass(frozen=True, slots=True)
class ShipMaintenance:
    name: str
    side: Side
    maintenance: int
    care: Care
    before: Fate
    after: Fate
    die: int | None
    odds: dict[Fate, Fraction]


@dataclass(frozen=True, slots=True)
class MaintenanceOutcome:
    system: str
    factors: int
    factors_used: int
    paid: dict[Side, int]
    ships: tuple[ShipMaintenance, ...]

    def history(self) -> Msg:
        lost = sum(1 for s in self.ships if s.after == "destroyed")
        return Msg.of("imp-hist-maintenance", system=self.system, n=len(self.ships), lost=lost)

    def dice(self) -> tuple[Rolled, ...]:
        """The frontier ships' dice, in the order they were rolled."""
        return tuple(
            Rolled("d6", Msg.of("imp-die-frontier", ship=s.name), s.die)
            for s in self.ships
            if s.die is not None
        )


def maintain(
    state: ImperiumState,
    system: str,
    dice: Dice,
    overhaul: Sequence[str] = (),
    routine: Sequence[str] | None = None,
) -> tuple[ImperiumState, MaintenanceOutcome]:
    """Resolve one system's maintenance: overhauls paid, routine kept, frontier rolled."""
    return apply_maintenance(state, plan_maintenance(state, system, overhaul, routine), dice)


def apply_maintenance(
    state: ImperiumState, plan: MaintenancePlan, dice: Dice
) -> tuple[ImperiumState, MaintenanceOutcome]:
    """Resolve ``plan``, made by :func:`plan_maintenance` for this same ``state``."""
    records: list[ShipMaintenance] = []
    fates: dict[str, Fate] = {}  # folded ship name -> fate after maintenance
    for p in plan.ships:
        before: Fate = "disrupted" if p.disrupted else "undisrupted"
        die: int | None = None
        if p.care == "overhaul":
            after: Fate = "undisrupted"
        elif p.care == "routine":
            after = before
        else:
            die = dice.d6()
            after = _frontier_fate(die, p.maintenance, p.disrupted)
        fates[fold(p.name)] = after
        records.append(
            ShipMaintenance(
                p.name, p.side, p.maintenance, p.care, before, after, die, ship_fate_odds(p)
            )
        )
    # A new roster (ships whose state changed are new copies, the others are shared with
    # ``state``, which is left as it was) and new RU stocks; the rest of the state is shared.
    ships: list[Ship] = []
    for s in state.ships:
        fate = fates.get(fold(s.name))
        if fate is None:
            ships.append(s)
        elif fate != "destroyed":
            hit = fate == "disrupted"
            ships.append(s if s.disrupted == hit else s.model_copy(update={"disrupted": hit}))
    rus = dict(state.rus)
    for side in SIDES:
        rus[side] -= plan.cost[side]
    new = state.model_copy(update={"ships": ships, "rus": rus})
    return new, MaintenanceOutcome(
        plan.system, plan.factors, plan.factors_used, dict(plan.cost), tuple(records)
    )
