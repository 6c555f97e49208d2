"""Maintenance: overhaul, routine and frontier maintenance, exact odds, and the rolls."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from math import comb
from typing import Literal

from bot.rules.dice import Dice
from bot.rules.errors import InputError, NotAllowed, RuleError
from bot.rules.imperium.state import ImperiumState, Ship, _fold, find_ship, find_system, ships_in
from bot.rules.imperium.tables import D6, FATES, SIDES, Care, Fate, Side


def frontier_odds(maintenance: int, disrupted: bool) -> dict[Fate, Fraction]:
    """Exact fate of one ship under frontier maintenance."""
    return dict(_frontier_odds(maintenance, disrupted))


@cache
def _frontier_odds(maintenance: int, disrupted: bool) -> tuple[tuple[Fate, Fraction], ...]:
    counts: dict[Fate, int] = {"undisrupted": 0, "disrupted": 0, "destroyed": 0}
    for die in D6:
        counts[_frontier_fate(die, maintenance, disrupted)] += 1
    return tuple((k, Fraction(v, 6)) for k, v in counts.items())


def _frontier_fate(die: int, maintenance: int, disrupted: bool) -> Fate:
    if disrupted and die == 1:
        return "destroyed"
    return "disrupted" if die <= maintenance else "undisrupted"


@dataclass(frozen=True)
class PlannedShip:
    name: str
    side: Side
    maintenance: int
    disrupted: bool
    care: Care


@dataclass(frozen=True)
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
    # Long (~80 lines): the seed's maintenance order in one pass: overhaul, its cost, routine, frontier.
    where = find_system(state, system)
    here = [s for s in ships_in(state, where.name) if not s.is_pds]
    here_keys = {_fold(s.name) for s in here}
    by_key: dict[str, Ship] = {}
    for s in state.ships:
        by_key.setdefault(_fold(s.name), s)  # the first, as find_ship finds it

    def pick(names: Sequence[str], what: Literal["overhaul", "routine"]) -> list[Ship]:
        picked: list[Ship] = []
        for name in names:
            ship = by_key.get(_fold(name)) or find_ship(state, name)  # find_ship: the refusal
            if _fold(ship.name) not in here_keys:
                raise RuleError(
                    key="imp-maint-not-here", ship=ship.name, system=where.name, what=what
                )
            if ship in picked:
                raise InputError(key="imp-maint-twice", ship=ship.name, what=what)
            if where.owner != ship.side:
                raise RuleError(
                    key="imp-maint-not-owned",
                    ship=ship.name,
                    what=what,
                    system=where.name,
                    side=ship.side,
                )
            picked.append(ship)
        return picked

    over = pick(overhaul, "overhaul")
    if over and where.worlds == 0:
        raise RuleError(key="imp-overhaul-needs-world", system=where.name)
    cost: dict[Side, int] = {"terran": 0, "imperial": 0}
    for ship in over:
        cost[ship.side] += ship.maintenance
    for side in SIDES:
        if cost[side] > state.rus[side]:
            raise RuleError(
                key="imp-overhaul-cost", side=side, cost=cost[side], rus=state.rus[side]
            )
    over_keys = {_fold(s.name) for s in over}
    factors = where.routine_factors
    if routine is not None:
        kept = pick(routine, "routine")
        clash = [s.name for s in kept if _fold(s.name) in over_keys]
        if clash:
            raise InputError(key="imp-overhauled-no-routine", ship=clash[0])
        need = sum(s.maintenance for s in kept)
        if need > factors:
            raise RuleError(
                key="imp-routine-too-much", need=need, system=where.name, factors=factors
            )
    else:
        kept = []
        left = factors
        candidates = sorted(
            (s for s in here if s.side == where.owner and _fold(s.name) not in over_keys),
            key=lambda s: (-s.maintenance, not s.disrupted, s.name.lower()),
        )
        for ship in candidates:
            if ship.maintenance <= left:
                kept.append(ship)
                left -= ship.maintenance
    kept_keys = {_fold(s.name) for s in kept}
    planned: list[PlannedShip] = []
    for ship in sorted(here, key=lambda s: (s.side, s.name.lower())):
        key = _fold(ship.name)
        care: Care = (
            "overhaul" if key in over_keys else "routine" if key in kept_keys else "frontier"
        )
        planned.append(PlannedShip(ship.name, ship.side, ship.maintenance, ship.disrupted, care))
    return MaintenancePlan(where.name, factors, where.owner, tuple(planned), cost)


def check_plan_sides(plan: MaintenancePlan, sides: Collection[Side], routine_chosen: bool) -> None:
    """Refuse a plan the sides asking do not speak for: each side pays for its own overhauls,
    and only the system's owner chooses which ships get routine maintenance."""
    for side in SIDES:
        if plan.cost[side] and side not in sides:
            raise NotAllowed(key="imp-only-side-overhaul", side=side)
    if routine_chosen and plan.owner is not None and plan.owner not in sides:
        raise NotAllowed(key="imp-only-side-routine", side=plan.owner)


def ship_fate_odds(ship: PlannedShip) -> dict[Fate, Fraction]:
    return dict(_fate_odds(ship.care, ship.maintenance, ship.disrupted))


@cache
def _fate_odds(care: Care, maintenance: int, disrupted: bool) -> tuple[tuple[Fate, Fraction], ...]:
    """A ship's fate chances (undisrupted, disrupted, destroyed): a small finite table."""
    if care == "overhaul":
        return (
            ("undisrupted", Fraction(1)),
            ("disrupted", Fraction(0)),
            ("destroyed", Fraction(0)),
        )
    if care == "routine":
        now: Fate = "disrupted" if disrupted else "undisrupted"
        return tuple((fate, Fraction(1 if fate == now else 0)) for fate in FATES)
    return _frontier_odds(maintenance, disrupted)


@dataclass(frozen=True)
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
        ships[ship.name] = ship_fate_odds(ship)
        sixths = _fate_sixths(ship.care, ship.maintenance, ship.disrupted)
        disrupted[sixths[1]] += 1
        destroyed[sixths[2]] += 1
    n = len(plan.ships)
    return MaintenanceOdds(ships, _count_odds(destroyed, n), _count_odds(disrupted, n))


@cache
def _fate_sixths(care: Care, maintenance: int, disrupted: bool) -> tuple[int, int, int]:
    """A ship's fate chances (undisrupted, disrupted, destroyed) in sixths."""
    kept, hit, lost = (int(p * 6) for _, p in _fate_odds(care, maintenance, disrupted))
    return kept, hit, lost


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


@dataclass(frozen=True)
class ShipMaintenance:
    name: str
    side: Side
    maintenance: int
    care: Care
    before: Fate
    after: Fate
    die: int | None
    odds: dict[Fate, Fraction]


@dataclass(frozen=True)
class MaintenanceOutcome:
    system: str
    factors: int
    factors_used: int
    paid: dict[Side, int]
    ships: tuple[ShipMaintenance, ...]
    odds: MaintenanceOdds = field(repr=False)


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
    odds = maintenance_odds(plan)
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
            die = dice.d6(f"frontier maintenance: {p.name}")
            after = _frontier_fate(die, p.maintenance, p.disrupted)
        fates[_fold(p.name)] = after
        records.append(
            ShipMaintenance(
                p.name, p.side, p.maintenance, p.care, before, after, die, odds.ships[p.name]
            )
        )
    # A new roster (ships whose state changed are new copies, the others are shared with
    # ``state``, which is left as it was) and new RU stocks; the rest of the state is shared.
    ships: list[Ship] = []
    for s in state.ships:
        fate = fates.get(_fold(s.name))
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
        plan.system, plan.factors, plan.factors_used, dict(plan.cost), tuple(records), odds
    )
