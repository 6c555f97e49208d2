"""Space combat: initiative, range, disengagement, and combats that end by themselves.

Screens and fire steps follow in :mod:`bot.rules.imperium.fire`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bot.rules.dice import Dice
from bot.rules.errors import InputError, RuleError
from bot.rules.imperium.roster import tactical_speed
from bot.rules.imperium.state import (
    Combat,
    ImperiumState,
    Ship,
    StarSystem,
    _combats_with,
    _fold,
    find_combat,
    find_system,
    ships_in,
)
from bot.rules.imperium.surface import _surface_units, _Unit
from bot.rules.imperium.tables import SIDES, Mode, Range, Side, other_side, tables


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
    # Long (~130 lines): the seed's round start in order: checks, the roll, the holder's range, disengaging.
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
