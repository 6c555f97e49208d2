"""GDW Imperium with Henry J Cobb's fix kit: initiative, ranges, screens, fire steps, surface
combat initiative, maintenance, interwar income and the first-war set-up.

The base game's own combat results tables are not part of the fix kit: the players roll those on
their printed tables; this module rolls and applies only what the fix kit defines and says where
the printed tables take over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from bot.catalog import t
from bot.datafiles import load_json
from bot.errors import InputError, RuleError
from bot.rules.dice import Dice

Side = Literal["terran", "imperial"]
TClass = Literal["freighter", "tanker", "capital", "fighter", "troop", "other"]
Range = Literal["short", "long", "disengage"]
Mode = Literal["space", "surface"]
Fate = Literal["undisrupted", "disrupted", "destroyed"]
Care = Literal["overhaul", "routine", "frontier"]

SIDES: tuple[Side, Side] = ("terran", "imperial")
FATES: tuple[Fate, Fate, Fate] = ("undisrupted", "disrupted", "destroyed")
TCLASSES: tuple[TClass, ...] = ("freighter", "tanker", "capital", "fighter", "troop", "other")
SUGGESTION_LIMIT = 25
PDS = "pds"


def side_name(side: Side) -> str:
    return "Terran" if side == "terran" else "Imperial"


def other_side(side: Side) -> Side:
    return "imperial" if side == "terran" else "terran"


# --------------------------------------------------------------------------------------------
# Tables
# --------------------------------------------------------------------------------------------


class FirstWar(BaseModel):
    model_config = ConfigDict(frozen=True)
    imperial_worlds: list[str]
    imperial_outposts: list[str]
    spellings: dict[str, str]


class InitiativeBonuses(BaseModel):
    model_config = ConfigDict(frozen=True)
    fewer_ships_bonus: int
    held_last_round_bonus: int


class ImperiumTables(BaseModel):
    model_config = ConfigDict(frozen=True)
    tactical_speed: dict[TClass, int]
    disrupted_speed_loss: int
    surface_speed: dict[TClass, int]
    surface_defence: dict[str, int]
    surface_rounds: int
    maintenance_factors: dict[Literal["outpost", "world"], int]
    production_cost: dict[str, int]
    maintenance_numbers: dict[str, int]
    type_aliases: dict[str, str]
    screen_minimum: int
    initiative: InitiativeBonuses
    first_war: FirstWar


@cache
def tables() -> ImperiumTables:
    raw = load_json("imperium.json")
    raw.pop("_source", None)
    return ImperiumTables.model_validate(raw)


def as_tclass(text: str | None) -> TClass | None:
    """A tactical class typed by a person (any case), or None."""
    if text is None:
        return None
    key = text.strip().lower()
    for tclass in TCLASSES:
        if tclass == key:
            return tclass
    raise InputError(key="imp-bad-tclass", choices=", ".join(TCLASSES))


@lru_cache(maxsize=1024)
def canonical_type(type_name: str) -> str:
    """Lower-case ship type with the fix kit's aliases folded in ('MB' -> 'missile boat')."""
    key = " ".join(type_name.strip().lower().split())
    return tables().type_aliases.get(key, key)


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


class Ship(BaseModel):
    """One counter on the roster (ships, fighters, troops and planetary defence systems)."""

    name: str
    side: Side
    type: str
    tclass: TClass
    maintenance: int = Field(ge=0, le=20)
    screen: int = Field(default=0, ge=0, le=6)
    disrupted: bool = False
    jump: bool = True
    system: str | None  # None: in jump space after a disengagement
    strength: int = Field(default=0, ge=0, le=99)  # printed surface strength of troops
    carries: int = Field(default=0, ge=0, le=99)  # fighters a mothership can carry

    @property
    def is_pds(self) -> bool:
        return canonical_type(self.type) == PDS

    @property
    def is_space_unit(self) -> bool:
        """A ship in the fix kit's space combat sense: planetary defence systems stay on the
        planet and troops are not ships (they take part in surface combat only)."""
        return not self.is_pds and self.tclass != "troop"

    @property
    def is_mothership(self) -> bool:
        return canonical_type(self.type) == "mothership"

    def label(self) -> str:
        state = "disrupted" if self.disrupted else "ready"
        return f"{self.name} ({self.type}, {side_name(self.side)}, {state})"


class StarSystem(BaseModel):
    name: str
    owner: Side | None = None
    worlds: int = Field(default=0, ge=0, le=20)
    outposts: int = Field(default=0, ge=0, le=20)
    homeworld: bool = False

    @property
    def routine_factors(self) -> int:
        f = tables().maintenance_factors
        return self.worlds * f["world"] + self.outposts * f["outpost"]

    @property
    def surface_defence(self) -> int:
        d = tables().surface_defence
        plain_worlds = self.worlds - (1 if self.homeworld and self.worlds else 0)
        home = d["homeworld"] if self.homeworld and self.worlds else 0
        return plain_worlds * d["world"] + home + self.outposts * d["outpost"]


class Combat(BaseModel):
    """The combat in progress in one system."""

    system: str
    round: int = 0  # space combat rounds begun
    last_initiative: Side | None = None
    range: Range | None = None
    range_locked: bool = False  # tie this round: the holder may not change the range
    range_changed: bool = False  # the holder already chose this round
    fire_step: int = 0  # last fire step applied this round
    surface_round: int = 0
    surface_last_initiative: Side | None = None


def _per_side_ints() -> dict[Side, int]:
    return {"terran": 0, "imperial": 0}


def _per_side_lists() -> dict[Side, list[int]]:
    return {"terran": [], "imperial": []}


class ImperiumState(BaseModel):
    players: dict[Side, list[int]] = Field(default_factory=_per_side_lists)
    rus: dict[Side, int] = Field(default_factory=_per_side_ints)
    income: dict[Side, int] = Field(default_factory=_per_side_ints)
    phasing: Side = "terran"
    at_war: bool = False
    war: int = 1
    first_war_setup: bool = False
    ships: list[Ship] = Field(default_factory=list)
    systems: list[StarSystem] = Field(default_factory=list)
    combats: list[Combat] = Field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Look-ups and suggestions
# --------------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _fold(text: str) -> str:
    # Names are folded over and over (every look-up compares folded names): a pure function
    # of a short string, so a bounded cache.
    return " ".join(text.strip().lower().split())


def suggest(names: Iterable[str], current: str, limit: int = SUGGESTION_LIMIT) -> list[str]:
    typed = _fold(current)
    ordered = sorted(set(names), key=str.lower)
    if not typed:
        return ordered[:limit]
    starts = [n for n in ordered if _fold(n).startswith(typed)]
    inside = [n for n in ordered if typed in _fold(n) and n not in starts]
    return (starts + inside)[:limit]


def ship_suggestions(
    state: ImperiumState, current: str = "", side: Side | None = None, system: str | None = None
) -> list[str]:
    """Ship names for autocomplete (at most 25), prefix matches first."""
    ships = [
        s
        for s in state.ships
        if (side is None or s.side == side)
        and (system is None or (s.system is not None and _fold(s.system) == _fold(system)))
    ]
    return suggest((s.name for s in ships), current)


def system_suggestions(state: ImperiumState, current: str = "") -> list[str]:
    """System names for autocomplete (at most 25), prefix matches first."""
    return suggest((s.name for s in state.systems), current)


def _canonical_system_name(name: str) -> str:
    folded = _fold(name)
    return tables().first_war.spellings.get(folded, folded)


def find_system(state: ImperiumState, name: str) -> StarSystem:
    wanted = _fold(_canonical_system_name(name))
    for system in state.systems:
        if _fold(system.name) == wanted:
            return system
    hint = suggest((s.name for s in state.systems), name, 3)
    if hint:
        raise InputError(key="imp-no-system-hint", name=name, hint=", ".join(hint))
    raise InputError(key="imp-no-system", name=name)


def find_ship(state: ImperiumState, name: str) -> Ship:
    wanted = _fold(name)
    for ship in state.ships:
        if _fold(ship.name) == wanted:
            return ship
    hint = suggest((s.name for s in state.ships), name, 3)
    if hint:
        raise InputError(key="imp-no-ship-hint", name=name, hint=", ".join(hint))
    raise InputError(key="imp-no-ship-named", name=name)


def ships_in(state: ImperiumState, system: str, side: Side | None = None) -> list[Ship]:
    key = _fold(system)
    return [
        s
        for s in state.ships
        if s.system is not None and _fold(s.system) == key and (side is None or s.side == side)
    ]


def find_combat(state: ImperiumState, system: str) -> Combat | None:
    key = _fold(system)
    for combat in state.combats:
        if _fold(combat.system) == key:
            return combat
    return None


def _combats_with(state: ImperiumState, combat: Combat | None, system: str) -> list[Combat]:
    """A new list of ``state``'s combats with ``system``'s replaced by ``combat`` (or dropped)."""
    key = _fold(system)
    combats = [c for c in state.combats if _fold(c.system) != key]
    if combat is not None:
        combats.append(combat)
    return combats


def side_of_member(state: ImperiumState, member_id: int) -> Side | None:
    for side in SIDES:
        if member_id in state.players[side]:
            return side
    return None


# --------------------------------------------------------------------------------------------
# Set-up, systems, roster
# --------------------------------------------------------------------------------------------


def new_campaign(
    terran: Sequence[int] = (), imperial: Sequence[int] = (), first_war: bool = False
) -> ImperiumState:
    state = ImperiumState(
        players={"terran": list(terran), "imperial": list(imperial)},
        first_war_setup=first_war,
    )
    if first_war:
        fw = tables().first_war
        state.systems = [StarSystem(name=n, owner="imperial", worlds=1) for n in fw.imperial_worlds]
        state.systems += [
            StarSystem(name=n, owner="imperial", outposts=1) for n in fw.imperial_outposts
        ]
    return state


def set_system(
    state: ImperiumState,
    name: str,
    *,
    owner: Side | Literal["keep"] | None = "keep",
    worlds: int | None = None,
    outposts: int | None = None,
    homeworld: bool | None = None,
) -> tuple[ImperiumState, StarSystem]:
    """Create or change a system. Unchanged options keep their value."""
    clean = " ".join(name.strip().split())
    if not clean or len(clean) > 40:
        raise InputError(key="imp-system-name-length")
    for value, what in ((worlds, "worlds"), (outposts, "outposts")):
        if value is not None and not 0 <= value <= 20:
            raise InputError(key="imp-count-range", what=what)
    new = state.model_copy(deep=True)
    try:
        system = find_system(new, clean)
    except InputError:
        canonical = tables().first_war.spellings.get(_fold(clean))
        system = StarSystem(name=canonical or clean)
        new.systems.append(system)
    if owner != "keep":
        system.owner = owner
    if worlds is not None:
        system.worlds = worlds
    if outposts is not None:
        system.outposts = outposts
    if homeworld is not None:
        system.homeworld = homeworld
    if system.homeworld and system.worlds == 0:
        raise InputError(key="imp-homeworld-needs-world")
    _check_limits_if_setting_up(new, system.name)
    return new, system.model_copy()


@dataclass(frozen=True)
class LimitProblem:
    """One side's ships in one system need more routine maintenance than it gives them."""

    system: str
    side: Side
    need: int
    have: int

    def args(self) -> dict[str, Any]:
        """Catalog arguments for the ``imp-limit-problem`` message."""
        return {"system": self.system, "side": self.side, "need": self.need, "have": self.have}


def routine_limit_problems(state: ImperiumState, only: str | None = None) -> list[LimitProblem]:
    """Systems whose ships need more routine maintenance than the system gives their side."""
    problems: list[LimitProblem] = []
    names = {s.system for s in state.ships if s.system is not None}
    for name in sorted(names, key=str.lower):
        if only is not None and _fold(name) != _fold(only):
            continue
        try:
            system: StarSystem | None = find_system(state, name)
        except InputError:
            system = None
        for side in SIDES:
            need = sum(s.maintenance for s in ships_in(state, name, side) if not s.is_pds)
            have = system.routine_factors if system and system.owner == side else 0
            if need > have:
                problems.append(LimitProblem(name, side, need, have))
    return problems


def _check_limits_if_setting_up(state: ImperiumState, system: str) -> None:
    if state.at_war:
        return
    problems = routine_limit_problems(state, only=system)
    if problems:
        raise RuleError(key="imp-limit-before-war", **problems[0].args())


def begin_war(state: ImperiumState, phasing: Side | None = None) -> ImperiumState:
    """Start the war: every system within its routine maintenance limit."""
    if state.at_war:
        raise RuleError(key="imp-war-already")
    problems = routine_limit_problems(state)
    if problems:
        raise RuleError(key="imp-war-cannot-begin", **problems[0].args())
    return state.model_copy(update={"at_war": True, "phasing": phasing or state.phasing})


def set_phasing(state: ImperiumState, side: Side) -> ImperiumState:
    return state.model_copy(update={"phasing": side})


def set_rus(
    state: ImperiumState, side: Side, stock: int | None = None, income: int | None = None
) -> ImperiumState:
    if stock is not None and not 0 <= stock <= 100000:
        raise InputError(key="imp-stock-range")
    if income is not None and not 0 <= income <= 100000:
        raise InputError(key="imp-income-range")
    rus, income_ = dict(state.rus), dict(state.income)
    if stock is not None:
        rus[side] = stock
    if income is not None:
        income_[side] = income
    return state.model_copy(update={"rus": rus, "income": income_})


def add_ship(
    state: ImperiumState,
    *,
    name: str,
    side: Side,
    type_name: str,
    system: str,
    tclass: TClass | None = None,
    maintenance: int | None = None,
    screen: int = 0,
    jump: bool | None = None,
    disrupted: bool = False,
    strength: int = 0,
    carries: int = 0,
) -> tuple[ImperiumState, Ship]:
    """Put a counter on the roster. Numbers the fix kit sets are filled in; the rest come
    from the printed counter."""
    clean = " ".join(name.strip().split())
    if not clean or len(clean) > 40:
        raise InputError(key="imp-ship-name-length")
    if any(_fold(s.name) == _fold(clean) for s in state.ships):
        raise InputError(key="imp-ship-exists", name=clean)
    kind = canonical_type(type_name)
    if len(type_name.strip()) > 40:
        raise InputError(key="imp-type-length")
    if not kind:
        raise InputError(key="imp-type-missing")
    kit = tables().maintenance_numbers.get(kind)
    if kit is not None and maintenance is not None and maintenance != kit:
        raise RuleError(key="imp-kit-maintenance", kind=kind, kit=kit)
    if kit is None and maintenance is None:
        raise InputError(key="imp-need-maintenance", type=type_name.strip())
    mnt = kit if kit is not None else maintenance
    assert mnt is not None
    if not 0 <= mnt <= 20:
        raise InputError(key="imp-maintenance-range")
    if tclass is None:
        guess = kind[:-1] if kind.endswith("s") else kind
        if kind in TCLASSES or guess in TCLASSES:
            tclass = kind if kind in TCLASSES else guess  # type: ignore[assignment]
        elif kind == PDS:
            tclass = "other"
        else:
            raise InputError(key="imp-need-tclass")
    assert tclass is not None
    if not 0 <= screen <= 6:
        raise InputError(key="imp-screen-range")
    if not 0 <= strength <= 99 or not 0 <= carries <= 99:
        raise InputError(key="imp-strength-range")
    if tclass == "troop" and strength == 0:
        raise InputError(key="imp-need-strength")
    if jump is None:
        jump = tclass != "fighter" and kind != PDS
    new = state.model_copy(deep=True)
    where = find_system(new, system)
    ship = Ship(
        name=clean,
        side=side,
        type=type_name.strip(),
        tclass=tclass,
        maintenance=mnt,
        screen=screen,
        disrupted=disrupted,
        jump=jump,
        system=where.name,
        strength=strength,
        carries=carries,
    )
    new.ships.append(ship)
    _check_limits_if_setting_up(new, where.name)
    return new, ship.model_copy()


def _edit_ship(state: ImperiumState, name: str) -> tuple[ImperiumState, Ship]:
    new = state.model_copy(deep=True)
    return new, find_ship(new, name)


def remove_ship(state: ImperiumState, name: str) -> tuple[ImperiumState, Ship]:
    new, ship = _edit_ship(state, name)
    new.ships = [s for s in new.ships if s is not ship]
    return new, ship


def set_disrupted(state: ImperiumState, name: str, disrupted: bool) -> tuple[ImperiumState, Ship]:
    new, ship = _edit_ship(state, name)
    if ship.disrupted == disrupted:
        raise RuleError(
            key="imp-already-state", ship=ship.name, state="disrupted" if disrupted else "ready"
        )
    ship.disrupted = disrupted
    return new, ship.model_copy()


def move_ship(state: ImperiumState, name: str, system: str) -> tuple[ImperiumState, Ship]:
    new, ship = _edit_ship(state, name)
    where = find_system(new, system)
    if ship.system is not None and _fold(ship.system) == _fold(where.name):
        raise RuleError(key="imp-already-at", ship=ship.name, system=where.name)
    ship.system = where.name
    _check_limits_if_setting_up(new, where.name)
    return new, ship.model_copy()


# --------------------------------------------------------------------------------------------
# Speeds and odds
# --------------------------------------------------------------------------------------------


def tactical_speed(ship: Ship) -> int:
    t = tables()
    base = t.tactical_speed[ship.tclass]
    return max(0, base - t.disrupted_speed_loss) if ship.disrupted else base


def surface_speed(ship: Ship) -> int:
    return tables().surface_speed[ship.tclass]


def surface_factor(ship: Ship) -> int:
    """Attack/defence strength in surface combat: troops printed, PDS and fighters 2."""
    d = tables().surface_defence
    if ship.tclass == "troop":
        return ship.strength
    if ship.is_pds:
        return d["pds"]
    if ship.tclass == "fighter":
        return d["fighter"]
    return 0


D6 = range(1, 7)


def initiative_odds(
    mod_a: int, mod_b: int, a_held_last: bool
) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (P(A wins), P(B wins), P(tie)) for d6+mod_a against d6+mod_b. A tie gives the
    initiative to the side that did NOT hold it last round."""
    # a - b = k for 6 - |k| of the 36 pairs (k = -5..5); A wins when k > mod_b - mod_a
    need = mod_b - mod_a
    win = sum(6 - abs(k) for k in range(max(need + 1, -5), 6))
    tie = 6 - abs(need) if abs(need) <= 5 else 0
    p_win, p_tie = Fraction(win, 36), Fraction(tie, 36)
    p_lose = 1 - p_win - p_tie
    if a_held_last:
        return p_win, p_lose + p_tie, p_tie
    return p_win + p_tie, p_lose, p_tie


def screen_save_chance(ship: Ship) -> Fraction:
    """Chance a hit only disrupts the ship (die below its screen factor)."""
    if ship.disrupted or ship.screen < tables().screen_minimum:
        return Fraction(0)
    return Fraction(min(6, ship.screen - 1), 6)


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


# --------------------------------------------------------------------------------------------
# Initiative
# --------------------------------------------------------------------------------------------

RANGE_STEPS: dict[Range, tuple[Range, ...]] = {
    "short": ("short", "long"),
    "long": ("short", "long", "disengage"),
    "disengage": (),
}


@dataclass(frozen=True)
class SideRoll:
    side: Side
    units: int
    non_fighters: int
    slowest: int
    slowest_unit: str
    fewer_bonus: int
    held_bonus: int
    die: int | None = None
    slowest_planet: bool = False  # the slowest unit is a world, homeworld or outpost

    @property
    def modifier(self) -> int:
        return self.slowest + self.fewer_bonus + self.held_bonus

    @property
    def total(self) -> int | None:
        return None if self.die is None else self.die + self.modifier


@dataclass(frozen=True)
class Disengagement:
    side: Side
    destination: str | None
    jumped: tuple[str, ...]
    loaded: tuple[str, ...]
    stayed: tuple[str, ...]


@dataclass(frozen=True)
class InitiativeOutcome:
    system: str
    mode: Mode
    round: int
    holder: Side
    rolled: bool
    tie: bool
    sides: tuple[SideRoll, SideRoll]
    odds: dict[Side, Fraction]
    range_before: Range | None
    range_after: Range | None
    range_requested: Range | None  # what the person asked for
    range_not_holder: bool  # the request was dropped: they do not speak for the holder
    range_applied: bool  # the holder's choice changed (or kept) the range this round
    disengagement: Disengagement | None = None
    combat_over: bool = False
    # surface combat: each side's units and their surface strength (printed missile CRT)
    surface: dict[Side, tuple[tuple[str, int], ...]] = field(default_factory=dict)
    # which of those units are the system's own worlds, homeworld and outposts
    surface_planets: dict[Side, tuple[bool, ...]] = field(default_factory=dict)


def _space_units(state: ImperiumState, system: str, side: Side) -> list[Ship]:
    return [s for s in ships_in(state, system, side) if s.is_space_unit]


class _Unit(NamedTuple):
    name: str
    speed: int
    fighter: bool
    strength: int = 0
    planet: bool = False


def _surface_units(state: ImperiumState, system: StarSystem, side: Side) -> list[_Unit]:
    units = [
        _Unit(s.name, surface_speed(s), s.tclass == "fighter", surface_factor(s))
        for s in ships_in(state, system.name, side)
        if surface_factor(s) > 0
    ]
    if system.owner == side:
        d = tables().surface_defence
        for n in range(system.worlds):
            home = system.homeworld and n == 0
            units.append(
                _Unit(
                    "homeworld" if home else "world",
                    0,
                    False,
                    d["homeworld" if home else "world"],
                    planet=True,
                )
            )
        units += [_Unit("outpost", 0, False, d["outpost"], planet=True)] * system.outposts
    return units


def _side_rolls(units: dict[Side, list[_Unit]], last: Side | None) -> tuple[SideRoll, SideRoll]:
    bonus = tables().initiative
    counts = {side: sum(1 for u in units[side] if not u.fighter) for side in SIDES}
    out: list[SideRoll] = []
    for side in SIDES:
        slow = min(units[side], key=lambda u: (u.speed, u.name))
        fewer = bonus.fewer_ships_bonus if counts[side] < counts[other_side(side)] else 0
        held = bonus.held_last_round_bonus if last == side else 0
        out.append(
            SideRoll(
                side=side,
                units=len(units[side]),
                non_fighters=counts[side],
                slowest=slow.speed,
                slowest_unit=slow.name,
                fewer_bonus=fewer,
                held_bonus=held,
                slowest_planet=slow.planet,
            )
        )
    return out[0], out[1]


def initiative_preview(
    state: ImperiumState, system: str, mode: Mode = "space"
) -> tuple[SideRoll, SideRoll, dict[Side, Fraction]]:
    """Modifiers and exact odds for the next initiative roll (round 2 and later)."""
    where = find_system(state, system)
    combat = find_combat(state, where.name) or Combat(system=where.name)
    units = _units(state, where, mode)
    last = combat.last_initiative if mode == "space" else combat.surface_last_initiative
    terran, imperial = _side_rolls(units, last)
    odds = _odds(terran, imperial, last)
    return terran, imperial, odds


def _odds(terran: SideRoll, imperial: SideRoll, last: Side | None) -> dict[Side, Fraction]:
    p_t, p_i, _ = initiative_odds(terran.modifier, imperial.modifier, last == "terran")
    return {"terran": p_t, "imperial": p_i}


def _units(state: ImperiumState, where: StarSystem, mode: Mode) -> dict[Side, list[_Unit]]:
    units: dict[Side, list[_Unit]]
    if mode == "space":
        units = {side: [] for side in SIDES}
        key = _fold(where.name)
        for s in state.ships:  # the ships of _space_units(state, where.name, side), in order
            if s.system is not None and _fold(s.system) == key and s.is_space_unit:
                units[s.side].append(_Unit(s.name, tactical_speed(s), s.tclass == "fighter"))
        if not units["terran"] or not units["imperial"]:
            raise RuleError(key="imp-no-space-combat", system=where.name)
    else:
        units = {side: _surface_units(state, where, side) for side in SIDES}
        if not units["terran"] or not units["imperial"]:
            raise RuleError(key="imp-no-surface-combat", system=where.name)
    return units


def roll_initiative(
    state: ImperiumState,
    system: str,
    dice: Dice,
    *,
    mode: Mode = "space",
    range_choice: Range | None = None,
    phasing: Side | None = None,
    jump_to: str | None = None,
    load_fighters: bool = True,
    may_choose: Collection[Side] = SIDES,
) -> tuple[ImperiumState, InitiativeOutcome]:
    """Begin the next round of combat in ``system``: who has the initiative, and (space) the
    range the holder chooses. ``range_choice`` is applied only when the holder is one of
    ``may_choose`` (the sides the person asking speaks for)."""
    where = find_system(state, system)
    combat = find_combat(state, where.name) or Combat(system=where.name)
    units = _units(state, where, mode)
    if mode == "surface" and range_choice is not None:
        raise InputError(key="imp-surface-no-range")
    rnd = (combat.round if mode == "space" else combat.surface_round) + 1
    if mode == "surface" and rnd > tables().surface_rounds:
        raise RuleError(key="imp-surface-over", system=where.name, rounds=tables().surface_rounds)
    destination: StarSystem | None = None
    if mode == "space" and range_choice is not None:
        if rnd == 1 and range_choice == "disengage":
            raise RuleError(key="imp-disengage-round-2")
        if rnd > 1:
            current = combat.range or "long"
            if range_choice not in RANGE_STEPS[current]:
                raise RuleError(key="imp-range-steps", current=current)
        if range_choice == "disengage" and jump_to is not None:
            destination = find_system(state, jump_to)
            if _fold(destination.name) == _fold(where.name):
                raise InputError(key="imp-jump-elsewhere")
    last = combat.last_initiative if mode == "space" else combat.surface_last_initiative
    terran, imperial = _side_rolls(units, last)
    tie = False
    odds: dict[Side, Fraction]
    if rnd == 1:
        holder = phasing or state.phasing
        odds = {holder: Fraction(1), other_side(holder): Fraction(0)}
        rolled = False
    else:
        odds = _odds(terran, imperial, last)
        what = "space" if mode == "space" else "surface"
        t_die = dice.d6(f"{what} initiative: Terran")
        i_die = dice.d6(f"{what} initiative: Imperial")
        terran = replace(terran, die=t_die)
        imperial = replace(imperial, die=i_die)
        assert terran.total is not None and imperial.total is not None
        if terran.total > imperial.total:
            holder = "terran"
        elif imperial.total > terran.total:
            holder = "imperial"
        else:
            tie = True
            assert last is not None
            holder = other_side(last)
        rolled = True

    # The new state shares every part this round leaves alone with ``state`` (neither is
    # changed in place afterwards): a new combat record, and new ships only if some jump out.
    nc = combat.model_copy()  # only plain values inside
    ships = state.ships
    range_before = nc.range
    requested = range_choice
    not_holder = range_choice is not None and holder not in may_choose
    applied = False
    disengagement: Disengagement | None = None
    over = False
    if mode == "space":
        nc.round = rnd
        nc.last_initiative = holder
        nc.range_locked = tie
        nc.range_changed = False
        nc.fire_step = 0
        if not_holder:
            range_choice = None
        if rnd == 1:
            nc.range = range_choice or "long"
            nc.range_changed = applied = range_choice is not None
        elif tie:
            pass
        elif range_choice is not None:
            nc.range_changed = applied = True
            if range_choice == "disengage":
                nc.range = "long"
                ships, disengagement = _disengage(
                    ships, where.name, holder, destination, load_fighters
                )
                over = _combat_over(ships, where.name)
            else:
                nc.range = range_choice
    else:
        nc.surface_round = rnd
        nc.surface_last_initiative = holder
        if nc.round == 0:  # no space combat: the surface round starts the fire steps afresh
            nc.fire_step = 0
    new = state.model_copy(
        update={
            "ships": ships,
            "combats": _combats_with(state, None if over else nc, where.name),
        }
    )
    outcome = InitiativeOutcome(
        system=where.name,
        mode=mode,
        round=rnd,
        holder=holder,
        rolled=rolled,
        tie=tie,
        sides=(terran, imperial),
        odds=odds,
        range_before=range_before,
        range_after=None if mode == "surface" else nc.range,
        range_requested=requested,
        range_not_holder=not_holder,
        range_applied=applied,
        disengagement=disengagement,
        combat_over=over,
        surface={}
        if mode == "space"
        else {side: tuple((u.name, u.strength) for u in units[side]) for side in SIDES},
        surface_planets={}
        if mode == "space"
        else {side: tuple(u.planet for u in units[side]) for side in SIDES},
    )
    return new, outcome


def _combat_over(ships: Sequence[Ship], system: str) -> bool:
    """One side has no ships (space units) left in ``system``."""
    return bool(_sides_gone(ships, system))


def _sides_gone(ships: Sequence[Ship], system: str) -> tuple[Side, ...]:
    """The sides with no ships (space units) left in ``system``."""
    key = _fold(system)
    present = {
        s.side for s in ships if s.system is not None and _fold(s.system) == key and s.is_space_unit
    }
    return tuple(side for side in SIDES if side not in present)


@dataclass(frozen=True)
class CombatEnd:
    """A combat that ended by itself: ``gone`` has no units for it left in the system."""

    mode: Mode
    gone: Side


def _settle_combat(
    state: ImperiumState, system: str
) -> tuple[ImperiumState, tuple[CombatEnd, ...]]:
    """End the space combat in ``system`` when one side has no ships left there, and the
    surface combat when one side has no units with surface combat factors left ("Surface
    combat continues for three rounds or until all units with surface combat factors on one
    side are eliminated"). A combat with neither part going on leaves the record, so the next
    fleet to arrive starts a new combat whose first round belongs to the phasing player."""
    combat = find_combat(state, system)
    if combat is None:
        return state, ()
    where = find_system(state, system)
    ends: list[CombatEnd] = []
    nc = combat.model_copy()  # only plain values inside
    if combat.round > 0:
        gone = _sides_gone(state.ships, where.name)
        if gone:
            ends.append(CombatEnd("space", gone[0]))
            nc.round = 0
            nc.last_initiative = None
            nc.range = None
            nc.range_locked = nc.range_changed = False
            nc.fire_step = 0
    if combat.surface_round > 0:
        gone_s = [side for side in SIDES if not _surface_units(state, where, side)]
        if gone_s:
            ends.append(CombatEnd("surface", gone_s[0]))
            nc.surface_round = 0
            nc.surface_last_initiative = None
    if not ends:
        return state, ()
    going_on = nc.round > 0 or nc.surface_round > 0
    new = state.model_copy(
        update={"combats": _combats_with(state, nc if going_on else None, where.name)}
    )
    return new, tuple(ends)


def _disengage(
    ships: list[Ship],
    system: str,
    side: Side,
    destination: StarSystem | None,
    load_fighters: bool,
) -> tuple[list[Ship], Disengagement]:
    """Load fighters, jump out every jump-capable ship: the new roster (the ships that moved
    are new copies; ``ships`` is left as it was) and what happened."""
    key = _fold(system)
    here = [
        s
        for s in ships
        if s.system is not None and _fold(s.system) == key and s.side == side and not s.is_pds
    ]
    jumpers = [s for s in here if s.jump]
    room = sum(s.carries for s in jumpers if s.is_mothership) if load_fighters else 0
    loaded: list[Ship] = []
    for fighter in sorted(
        (s for s in here if s.tclass == "fighter" and not s.jump), key=lambda s: s.name.lower()
    ):
        if room <= 0:
            break
        loaded.append(fighter)
        room -= 1
    to = destination.name if destination else None
    moving = {id(s) for s in jumpers + loaded}
    moved = [s.model_copy(update={"system": to}) if id(s) in moving else s for s in ships]
    stayed = [s for s in here if id(s) not in moving]
    return moved, Disengagement(
        side=side,
        destination=to,
        jumped=tuple(s.name for s in jumpers),
        loaded=tuple(s.name for s in loaded),
        stayed=tuple(s.name for s in stayed),
    )


@dataclass(frozen=True)
class RangeOutcome:
    system: str
    side: Side
    before: Range
    after: Range
    disengagement: Disengagement | None
    combat_over: bool


def choose_range(
    state: ImperiumState,
    system: str,
    side: Side,
    choice: Range,
    *,
    jump_to: str | None = None,
    load_fighters: bool = True,
) -> tuple[ImperiumState, RangeOutcome]:
    """The initiative holder's range choice for this round (round 2 and later)."""
    where = find_system(state, system)
    combat = find_combat(state, where.name)
    if combat is None or combat.round == 0:
        raise RuleError(key="imp-roll-initiative-first", system=where.name)
    if combat.last_initiative != side:
        raise RuleError(key="imp-only-holder-range", side=combat.last_initiative or side)
    if combat.range_locked:
        raise RuleError(key="imp-range-locked")
    if combat.range_changed:
        raise RuleError(key="imp-range-chosen")
    current = combat.range or "long"
    if combat.round == 1:
        if choice == "disengage":
            raise RuleError(key="imp-disengage-round-2")
    elif choice not in RANGE_STEPS[current]:
        raise RuleError(key="imp-range-steps", current=current)
    destination = None
    if choice == "disengage" and jump_to is not None:
        destination = find_system(state, jump_to)
        if _fold(destination.name) == _fold(where.name):
            raise InputError(key="imp-jump-elsewhere")
    nc = combat.model_copy()  # only plain values inside
    nc.range_changed = True
    ships = state.ships
    disengagement = None
    over = False
    if choice == "disengage":
        ships, disengagement = _disengage(ships, where.name, side, destination, load_fighters)
        nc.range = "long"
        over = _combat_over(ships, where.name)
    else:
        nc.range = choice
    new = state.model_copy(
        update={"ships": ships, "combats": _combats_with(state, None if over else nc, where.name)}
    )
    return new, RangeOutcome(where.name, side, current, choice, disengagement, over)


def end_combat(state: ImperiumState, system: str) -> ImperiumState:
    where = find_system(state, system)
    if find_combat(state, where.name) is None:
        raise RuleError(key="imp-no-combat", system=where.name)
    return state.model_copy(update={"combats": _combats_with(state, None, where.name)})


# --------------------------------------------------------------------------------------------
# Screens and fire steps
# --------------------------------------------------------------------------------------------


HitReason = Literal["hit twice", "already disrupted", "weak screen", "screen held", "screen failed"]


@dataclass(frozen=True)
class HitResult:
    ship: str
    side: Side
    hits: int
    was_disrupted: bool
    screen: int
    die: int | None
    save_chance: Fraction
    result: Literal["disrupted", "destroyed"]
    reason: HitReason


def _resolve_hit(ship: Ship, hits: int, dice: Dice, source: str) -> HitResult:
    """Fate of a ship hit ``hits`` times in one step, judged on its state at the step start."""

    def out(
        die: int | None, result: Literal["disrupted", "destroyed"], reason: HitReason
    ) -> HitResult:
        save = screen_save_chance(ship) if die is not None else Fraction(0)
        return HitResult(
            ship.name, ship.side, hits, ship.disrupted, ship.screen, die, save, result, reason
        )

    if hits >= 2:
        return out(None, "destroyed", "hit twice")
    if ship.disrupted:
        return out(None, "destroyed", "already disrupted")
    if ship.screen < tables().screen_minimum:
        return out(None, "destroyed", "weak screen")
    die = dice.d6(f"screen ({source}): {ship.name}")
    if die < ship.screen:
        return out(die, "disrupted", "screen held")
    return out(die, "destroyed", "screen failed")


def _ships_after_hits(ships: Sequence[Ship], results: Iterable[HitResult]) -> list[Ship]:
    """A new roster: destroyed ships gone, disrupted ones new copies, the rest shared."""
    fates = {_fold(r.ship): r.result for r in results}
    out: list[Ship] = []
    for s in ships:
        fate = fates.get(_fold(s.name))
        if fate is None:
            out.append(s)
        elif fate == "disrupted":
            out.append(s if s.disrupted else s.model_copy(update={"disrupted": True}))
    return out


@dataclass(frozen=True)
class ScreenOutcome:
    result: HitResult
    source: str
    ended: tuple[CombatEnd, ...] = ()
    system: str | None = None  # where the ship was hit


def screen_roll(
    state: ImperiumState,
    ship_name: str,
    dice: Dice,
    source: Literal["space combat", "planetary defence fire"] = "space combat",
) -> tuple[ImperiumState, ScreenOutcome]:
    """One hit on one ship: the screen roll when it applies, and the roster updated."""
    ship = find_ship(state, ship_name)
    if ship.system is None:
        raise RuleError(key="imp-in-jump-space", ship=ship.name)
    result = _resolve_hit(ship, 1, dice, source)
    new = state.model_copy(update={"ships": _ships_after_hits(state.ships, [result])})
    new, ended = _settle_combat(new, ship.system)
    combat = find_combat(state, ship.system)
    return new, ScreenOutcome(result, source, ended, combat.system if combat else ship.system)


FIRE_STEP_COUNT = 5


def fire_steps_info(state: ImperiumState, system: str) -> Combat:
    """The combat whose fire steps are asked about (refuses when there is none)."""
    where = find_system(state, system)
    combat = find_combat(state, where.name)
    if combat is None or combat.last_initiative is None:
        raise RuleError(key="imp-roll-initiative-first", system=where.name)
    return combat.model_copy()


@dataclass(frozen=True)
class StepOutcome:
    system: str
    step: int
    results: tuple[HitResult, ...]
    ended: tuple[CombatEnd, ...] = ()


def apply_fire_step(
    state: ImperiumState, system: str, step: int, hits: Sequence[str], dice: Dice
) -> tuple[ImperiumState, StepOutcome]:
    """Apply one step's hits (a ship named twice was hit twice). Every target defends with its
    state at the step's start; effects land together at the step's end."""
    where = find_system(state, system)
    combat = find_combat(state, where.name)
    # a surface combat alone (the space combat over, or never fought) takes hits as well
    holder = combat and (combat.last_initiative or combat.surface_last_initiative)
    if combat is None or holder is None:
        raise RuleError(key="imp-roll-initiative-first", system=where.name)
    if not 1 <= step <= FIRE_STEP_COUNT:
        raise InputError(key="imp-step-range")
    if step <= combat.fire_step:
        raise RuleError(key="imp-step-done", step=combat.fire_step)
    counts: dict[str, int] = {}
    targets: dict[str, Ship] = {}
    for name in hits:
        ship = find_ship(state, name)
        if ship.system is None or _fold(ship.system) != _fold(where.name):
            raise RuleError(key="imp-not-at", ship=ship.name, system=where.name)
        if step == 1 and ship.side != holder:
            raise RuleError(key="imp-step1-target", side=holder, ship=ship.name)
        if step in (2, 5) and ship.side == holder:
            raise RuleError(key="imp-step-own-side", side=holder, step=step, ship=ship.name)
        key = _fold(ship.name)
        counts[key] = counts.get(key, 0) + 1
        targets[key] = ship
    results = tuple(
        _resolve_hit(targets[k], counts[k], dice, f"step {step}")
        for k in sorted(targets, key=lambda k: targets[k].name.lower())
    )
    nc = combat.model_copy(update={"fire_step": step})  # only plain values inside
    new = state.model_copy(
        update={
            "ships": _ships_after_hits(state.ships, results),
            "combats": _combats_with(state, nc, where.name),
        }
    )
    new, ended = _settle_combat(new, where.name)
    return new, StepOutcome(where.name, step, results, ended)


# --------------------------------------------------------------------------------------------
# Maintenance
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# Interwar
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InterwarOutcome:
    income: dict[Side, int]
    rus: dict[Side, int]
    war: int


def interwar(state: ImperiumState) -> tuple[ImperiumState, InterwarOutcome]:
    """End the war: both sides receive a full turn's income; combats end; set-up begins."""
    if not state.at_war:
        raise RuleError(key="imp-no-war")
    rus = dict(state.rus)
    for side in SIDES:
        rus[side] += state.income[side]
    new = state.model_copy(
        update={"rus": rus, "at_war": False, "war": state.war + 1, "combats": []}
    )
    return new, InterwarOutcome(dict(new.income), dict(new.rus), new.war)


# --------------------------------------------------------------------------------------------
# Summary
# --------------------------------------------------------------------------------------------


def summarize(state: ImperiumState, loc: str = "en") -> str:
    """One line for /campaign status, in ``loc`` ("en" or "ru")."""
    ships = {s: sum(1 for x in state.ships if x.side == s) for s in SIDES}
    return t(
        loc,
        "imp-summary",
        at_war="yes" if state.at_war else "no",
        war=state.war,
        phasing=state.phasing,
        terran_rus=state.rus["terran"],
        imperial_rus=state.rus["imperial"],
        terran_ships=ships["terran"],
        imperial_ships=ships["imperial"],
        systems=len(state.systems),
        combats=len(state.combats),
    )
