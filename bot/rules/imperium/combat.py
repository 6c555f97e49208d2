"""Space combat: initiative, range, disengagement, and combats that end by themselves.

Screens and fire steps follow in :mod:`bot.rules.imperium.fire`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import InputError, RuleError
from bot.rules.imperium.roster import tactical_speed
from bot.rules.imperium.state import (
    Combat,
    ImperiumState,
    NoDice,
    Ship,
    StarSystem,
    combats_with,
    find_combat,
    find_system,
    fold,
    is_at,
)
from bot.rules.imperium.surface import SurfaceUnit, surface_units
from bot.rules.imperium.tables import SIDES, Mode, Range, Side, other_side, side_msg, tables
from bot.rules.msg import Msg


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


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Disengagement:
    side: Side
    destination: str | None
    jumped: tuple[str, ...]
    loaded: tuple[str, ...]
    stayed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
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

    def history(self) -> Msg:
        return Msg.of(
            "imp-hist-initiative",
            system=self.system,
            mode=self.mode,
            round=self.round,
            side=side_msg(self.holder),
        )

    def dice(self) -> tuple[Rolled, ...]:
        """Each side's initiative die (none in the first round), the Terrans' first."""
        return tuple(
            Rolled("d6", Msg.of("imp-die-initiative", mode=self.mode, side=side_msg(r.side)), r.die)
            for r in self.sides
            if r.die is not None
        )


def _side_rolls(
    units: dict[Side, list[SurfaceUnit]], last: Side | None
) -> tuple[SideRoll, SideRoll]:
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


def _units(state: ImperiumState, where: StarSystem, mode: Mode) -> dict[Side, list[SurfaceUnit]]:
    units: dict[Side, list[SurfaceUnit]]
    if mode == "space":
        units = {side: [] for side in SIDES}
        key = fold(where.name)
        for s in state.ships:  # each side's space units in the system, in roster order
            if is_at(s, where.name, key) and s.is_space_unit:
                units[s.side].append(SurfaceUnit(s.name, tactical_speed(s), s.tclass == "fighter"))
        if not units["terran"] or not units["imperial"]:
            raise RuleError(key="imp-no-space-combat", system=where.name)
    else:
        units = {side: surface_units(state, where, side) for side in SIDES}
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
    ``may_choose`` (the sides the person asking speaks for). (Long: its signature, and the fix
    kit's one sequence — check, roll, holder, range, new round — reads best in one place.)"""
    where = find_system(state, system)
    combat = find_combat(state, where.name) or Combat(system=where.name)
    units = _units(state, where, mode)
    rnd = (combat.round if mode == "space" else combat.surface_round) + 1
    destination = _check_request(state, where, combat.range, mode, rnd, range_choice, jump_to)
    last = combat.last_initiative if mode == "space" else combat.surface_last_initiative
    terran, imperial = _side_rolls(units, last)
    if rnd == 1:  # the phasing side's, no roll
        first = phasing or state.phasing
        odds = {first: Fraction(1), other_side(first): Fraction(0)}
        roll = _Roll(terran, imperial, first, tie=False, rolled=False, odds=odds)
    else:
        roll = _roll(terran, imperial, last, mode, dice)
    holder = roll.holder
    not_holder = range_choice is not None and holder not in may_choose
    choice = None if not_holder else range_choice
    if mode == "space":
        step = _space_round(state.ships, combat, rnd, roll, choice, destination, load_fighters)
    else:
        step = _RoundStep(_surface_round(combat, rnd, holder), state.ships)
    # The new state shares every part this round leaves alone with ``state`` (neither is
    # changed in place afterwards): a new combat record, and new ships only if some jump out.
    new = state.model_copy(
        update={
            "ships": step.ships,
            "combats": combats_with(state, None if step.over else step.combat, where.name),
        }
    )
    outcome = InitiativeOutcome(
        system=where.name,
        mode=mode,
        round=rnd,
        holder=holder,
        rolled=roll.rolled,
        tie=roll.tie,
        sides=(roll.terran, roll.imperial),
        odds=roll.odds,
        range_before=combat.range,
        range_after=None if mode == "surface" else step.combat.range,
        range_requested=range_choice,
        range_not_holder=not_holder,
        range_applied=step.applied,
        disengagement=step.disengagement,
        combat_over=step.over,
    )
    if mode == "surface":
        outcome = replace(
            outcome,
            surface={side: tuple((u.name, u.strength) for u in units[side]) for side in SIDES},
            surface_planets={side: tuple(u.planet for u in units[side]) for side in SIDES},
        )
    return new, outcome


def _check_request(
    state: ImperiumState,
    where: StarSystem,
    current: Range | None,
    mode: Mode,
    rnd: int,
    range_choice: Range | None,
    jump_to: str | None,
) -> StarSystem | None:
    """Refuse a round the rules do not allow and a range the holder may not choose now; the
    system to disengage to, if one is named."""
    if mode == "surface" and range_choice is not None:
        raise InputError(key="imp-surface-no-range")
    if mode == "surface" and rnd > tables().surface_rounds:
        raise RuleError(key="imp-surface-over", system=where.name, rounds=tables().surface_rounds)
    if mode != "space" or range_choice is None:
        return None
    if rnd == 1 and range_choice == "disengage":
        raise RuleError(key="imp-disengage-round-2")
    if rnd > 1 and range_choice not in RANGE_STEPS[current or "long"]:
        raise RuleError(key="imp-range-steps", current=current or "long")
    if range_choice != "disengage" or jump_to is None:
        return None
    destination = find_system(state, jump_to)
    if fold(destination.name) == fold(where.name):
        raise InputError(key="imp-jump-elsewhere")
    return destination


@dataclass(frozen=True, slots=True)
class _Roll:
    """Who holds the initiative this round, and how."""

    terran: SideRoll
    imperial: SideRoll
    holder: Side
    tie: bool
    rolled: bool
    odds: dict[Side, Fraction]


def _roll(terran: SideRoll, imperial: SideRoll, last: Side | None, mode: Mode, dice: Dice) -> _Roll:
    """The initiative roll of round 2 and later: d6 plus modifiers each, a tie going to the
    side that did not hold it last round."""
    odds = _odds(terran, imperial, last)
    terran = replace(terran, die=dice.d6())
    imperial = replace(imperial, die=dice.d6())
    assert terran.total is not None and imperial.total is not None
    if terran.total != imperial.total:
        holder: Side = "terran" if terran.total > imperial.total else "imperial"
        return _Roll(terran, imperial, holder, tie=False, rolled=True, odds=odds)
    assert last is not None
    return _Roll(terran, imperial, other_side(last), tie=True, rolled=True, odds=odds)


@dataclass(frozen=True, slots=True)
class _RoundStep:
    """What beginning a round changes: the combat record and the roster."""

    combat: Combat
    ships: list[Ship]
    applied: bool = False  # the holder's range choice was applied
    disengagement: Disengagement | None = None
    over: bool = False  # the holder disengaged and no one is left to fight


def _space_round(
    ships: list[Ship],
    combat: Combat,
    rnd: int,
    roll: _Roll,
    choice: Range | None,
    destination: StarSystem | None,
    load_fighters: bool,
) -> _RoundStep:
    """Round ``rnd`` of space combat begins: the holder's range ``choice`` (None: none, or not
    theirs to make), disengaging if they choose to."""
    nc = combat.model_copy()  # only plain values inside
    nc.round = rnd
    nc.last_initiative = roll.holder
    nc.range_locked = roll.tie
    nc.range_changed = False
    nc.fire_step = 0
    if rnd == 1:
        nc.range = choice or "long"
        nc.range_changed = choice is not None
        return _RoundStep(nc, ships, applied=choice is not None)
    if roll.tie or choice is None:
        return _RoundStep(nc, ships)
    nc.range_changed = True
    if choice != "disengage":
        nc.range = choice
        return _RoundStep(nc, ships, applied=True)
    nc.range = "long"
    moved, disengagement = _disengage(ships, combat.system, roll.holder, destination, load_fighters)
    return _RoundStep(nc, moved, True, disengagement, _combat_over(moved, combat.system))


def _surface_round(combat: Combat, rnd: int, holder: Side) -> Combat:
    nc = combat.model_copy()  # only plain values inside
    nc.surface_round = rnd
    nc.surface_last_initiative = holder
    if nc.round == 0:  # no space combat: the surface round starts the fire steps afresh
        nc.fire_step = 0
    return nc


def _combat_over(ships: Sequence[Ship], system: str) -> bool:
    """One side has no ships (space units) left in ``system``."""
    return bool(_sides_gone(ships, system))


def _sides_gone(ships: Sequence[Ship], system: str) -> tuple[Side, ...]:
    """The sides with no ships (space units) left in ``system``."""
    key = fold(system)
    present = {s.side for s in ships if is_at(s, system, key) and s.is_space_unit}
    return tuple(side for side in SIDES if side not in present)


@dataclass(frozen=True, slots=True)
class CombatEnd:
    """A combat that ended by itself: ``gone`` has no units for it left in the system."""

    mode: Mode
    gone: Side


def settle_combat(state: ImperiumState, system: str) -> tuple[ImperiumState, tuple[CombatEnd, ...]]:
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
        gone_s = [side for side in SIDES if not surface_units(state, where, side)]
        if gone_s:
            ends.append(CombatEnd("surface", gone_s[0]))
            nc.surface_round = 0
            nc.surface_last_initiative = None
    if not ends:
        return state, ()
    going_on = nc.round > 0 or nc.surface_round > 0
    new = state.model_copy(
        update={"combats": combats_with(state, nc if going_on else None, where.name)}
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
    key = fold(system)
    here = [s for s in ships if is_at(s, system, key) and s.side == side and not s.is_pds]
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


@dataclass(frozen=True, slots=True)
class RangeOutcome(NoDice):
    system: str
    side: Side
    before: Range
    after: Range
    disengagement: Disengagement | None
    combat_over: bool

    def history(self) -> Msg:
        return Msg.of(
            "imp-hist-range",
            system=self.system,
            before=Msg.of("imp-range", range=self.before),
            after=Msg.of("imp-range", range=self.after),
        )


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
        if fold(destination.name) == fold(where.name):
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
        update={"ships": ships, "combats": combats_with(state, None if over else nc, where.name)}
    )
    return new, RangeOutcome(where.name, side, current, choice, disengagement, over)


@dataclass(frozen=True, slots=True)
class CombatEnded(NoDice):
    system: str

    def history(self) -> Msg:
        return Msg.of("imp-hist-combat-end", system=self.system)


def end_combat(state: ImperiumState, system: str) -> tuple[ImperiumState, CombatEnded]:
    """Close a system's combat record by hand."""
    where = find_system(state, system)
    if find_combat(state, where.name) is None:
        raise RuleError(key="imp-no-combat", system=where.name)
    new = state.model_copy(update={"combats": combats_with(state, None, where.name)})
    return new, CombatEnded(where.name)
