"""The campaign state, the dice a command rolls, and the helpers a rule uses on its copy of the
state (copy on write: a rule copies only what it changes)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.rules.asteroid_belt.tables import (
    MAX_SUGGESTIONS,
    UNIT_TYPES,
    CivId,
    Phase,
    Status,
    UnitType,
    Variant,
    class_row,
    input_error,
    msg_args,
    rule_error,
    tables,
    unit_msg,
)
from bot.rules.dice import Dice, Rolled
from bot.rules.msg import Msg
from bot.rules.names import closest


# --------------------------------------------------------------------------------------------
# Campaign state
# --------------------------------------------------------------------------------------------
def zero_units() -> dict[UnitType, int]:
    return dict.fromkeys(UNIT_TYPES, 0)


class ShuttleState(BaseModel):
    """One of a civilisation's shuttles on the board: its number (the civilisation's shuttles
    are numbered 1, 2, ... in the order activated, the lowest free number first), the class-3
    asteroid it was activated at, and the units aboard (part of the units in the field)."""

    number: int = Field(ge=1)
    at: str
    aboard: list[UnitType] = Field(default_factory=list)
    moved_turn: int = 0  # the game turn of its last move (one speed die per turn)
    speed: int = 0  # that move's speed die


class CivState(BaseModel):
    """One civilisation's books."""

    civ: CivId
    member_id: int | None = None
    # the player's reply language ("en"/"ru") as last seen when they joined or ended a turn:
    # the end-turn ping speaks it (Discord tells the bot only the invoking member's language)
    locale: str | None = None
    base: str
    resources: int = Field(ge=0)
    vp: int = Field(ge=0)
    field: dict[UnitType, int] = Field(default_factory=zero_units)
    reserve: dict[UnitType, int] = Field(default_factory=zero_units)
    repair: dict[UnitType, int] = Field(default_factory=zero_units)
    not_ready: dict[UnitType, int] = Field(default_factory=zero_units)
    tokens_left: int = Field(ge=0)
    reinforcement_used: bool = False
    elite_created_this_turn: bool = False
    # shuttles on the board (states stored before shuttles were tracked load with none)
    shuttles: list[ShuttleState] = Field(default_factory=list)

    def available(self, unit: UnitType) -> int:
        """Units of this type in the field that may act this turn."""
        return self.field[unit] - self.not_ready[unit]

    def aboard(self, unit: UnitType) -> int:
        """Units of this type aboard this civilisation's shuttles."""
        return sum(s.aboard.count(unit) for s in self.shuttles)

    def shuttle(self, number: int) -> ShuttleState | None:
        return next((s for s in self.shuttles if s.number == number), None)

    def units_left(self) -> int:
        return sum(self.field.values()) + sum(self.reserve.values())


class AsteroidState(BaseModel):
    label: str
    number: int = Field(ge=1, le=5)  # its class
    status: Status = "free"
    target_by: CivId | None = None
    phase: Phase | None = None
    guards: list[UnitType] = Field(default_factory=list)  # guards still standing
    owner: CivId | None = None
    base: bool = False
    stock: int = 0  # resources from this mine not yet spent on units next to it


class AsteroidBeltState(BaseModel):
    game: Literal["asteroid_belt"] = "asteroid_belt"
    variant: Variant = "standard"
    goal: int = Field(ge=1)
    portals: int = Field(ge=1)
    cargo_portal: int = Field(ge=1)
    order: list[CivId]
    current: int = 0
    turn: int = 1
    civs: dict[CivId, CivState]
    asteroids: list[AsteroidState]
    start_force: dict[UnitType, int]
    winner: CivId | None = None

    # -- small reads --------------------------------------------------------------------------
    def civ(self, civ: CivId) -> CivState:
        try:
            return self.civs[civ]
        except KeyError:
            raise input_error("ab-err-civ-not-playing", civ=civ, players=list(self.order)) from None

    def asteroid(self, label: str) -> AsteroidState:
        return find_asteroid(self, label)

    @property
    def round(self) -> int:
        return (self.turn - 1) // len(self.order) + 1


# --------------------------------------------------------------------------------------------
# The dice a command rolls
# --------------------------------------------------------------------------------------------
class RollLog:
    """The dice one command draws, each labelled with a catalog message (its key and
    rules-style arguments: ids, numbers), for the outcome's :attr:`rolls`. The draw
    :class:`Dice` records is labelled with the key alone."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.rolls: list[Rolled] = []

    def roll(self, sides: int, key: str, **args: str | int) -> int:
        value = int(self.dice.roll(sides, key))
        self.rolls.append(Rolled(f"d{sides}", Msg.of(key, **msg_args(args)), value))
        return value

    def d6(self, key: str, **args: str | int) -> int:
        return self.roll(6, key, **args)


# --------------------------------------------------------------------------------------------
# Asteroids: lookup and suggestions
# --------------------------------------------------------------------------------------------
def default_labels(counts: dict[int, int] | None = None) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for row in tables().classes:
        n = row.count if counts is None or row.number not in counts else counts[row.number]
        out.extend((f"{row.prefix}{i}", row.number) for i in range(1, n + 1))
    return out


def find_asteroid(state: AsteroidBeltState, text: str) -> AsteroidState:
    return state.asteroids[asteroid_index(state, text)]


def asteroid_index(state: AsteroidBeltState, text: str) -> int:
    """Where the asteroid labelled ``text`` is in ``state.asteroids``; refuses an unknown label
    (with near labels as a hint)."""
    key = text.strip().lower()
    for i, a in enumerate(state.asteroids):
        if a.label == key:
            return i
    near = closest(key, (a.label for a in state.asteroids), 5)
    near = near or [s for s in suggest_asteroids(state, key[:1]) if s][:5]
    if near:
        raise input_error("ab-err-no-asteroid-hint", text=text, near=", ".join(near))
    raise input_error("ab-err-no-asteroid", text=text)


def suggest_asteroids(
    state: AsteroidBeltState,
    current: str = "",
    statuses: Iterable[Status] | None = None,
    *,
    civ: CivId | None = None,
    classes: Iterable[int] | None = None,
    limit: int = MAX_SUGGESTIONS,
) -> list[str]:
    """Labels for autocomplete: those starting with what was typed first, then those
    containing it; optionally only asteroids in the given states (and, with ``civ``, only that
    civilisation's targets / mines). Never more than ``limit`` (Discord allows 25)."""
    key = current.strip().lower()
    wanted = set(statuses) if statuses is not None else None
    numbers = set(classes) if classes is not None else None
    pool = [
        a
        for a in state.asteroids
        if (wanted is None or a.status in wanted)
        and (numbers is None or a.number in numbers)
        and (
            civ is None
            or (a.status == "target" and a.target_by == civ)
            or (a.status == "mine" and a.owner == civ)
            or a.status in ("free", "flag")
        )
    ]
    first = [a.label for a in pool if a.label.startswith(key)]
    then = [a.label for a in pool if key and key in a.label and not a.label.startswith(key)]
    return (first + then)[: max(0, min(limit, MAX_SUGGESTIONS))]


# --------------------------------------------------------------------------------------------
# Copy on write: a rule copies only what it changes
# --------------------------------------------------------------------------------------------
def _copy_civ(cs: CivState) -> CivState:
    return cs.model_copy(
        update={
            "field": dict(cs.field),
            "reserve": dict(cs.reserve),
            "repair": dict(cs.repair),
            "not_ready": dict(cs.not_ready),
            "shuttles": [sh.model_copy(update={"aboard": list(sh.aboard)}) for sh in cs.shuttles],
        }
    )


def edit(
    state: AsteroidBeltState, civs: Iterable[CivId] = (), asteroids: Iterable[int] = ()
) -> AsteroidBeltState:
    """A new state for a rule to change: fresh copies of the books of ``civs`` and of the
    asteroids at the indices ``asteroids`` (in fresh containers), its own top-level fields;
    everything else is shared with ``state`` and must not be changed. (A deep copy of the whole
    state cost more than the rest of a command.) A civilisation not in the game is not copied:
    ``new.civ(c)`` still refuses it."""
    update: dict[str, Any] = {}
    wanted = [c for c in dict.fromkeys(civs) if c in state.civs]
    if wanted:
        books = dict(state.civs)
        for c in wanted:
            books[c] = _copy_civ(books[c])
        update["civs"] = books
    where = set(asteroids)
    if where:
        rocks = list(state.asteroids)
        for i in where:
            rocks[i] = rocks[i].model_copy(update={"guards": list(rocks[i].guards)})
        update["asteroids"] = rocks
    return state.model_copy(update=update)


# --------------------------------------------------------------------------------------------
# Helpers on a copied state
# --------------------------------------------------------------------------------------------
def income_of(state: AsteroidBeltState, civ: CivId) -> int:
    return sum(
        class_row(a.number).income for a in state.asteroids if a.status == "mine" and a.owner == civ
    )


def need_field(
    cs: CivState, unit: UnitType, what: Literal["act", "attack", "move", "create"] = "act"
) -> None:
    if cs.available(unit) >= 1:
        return
    if cs.field[unit] >= 1:
        raise rule_error("ab-err-just-created", civ=cs.civ, unit=unit, what=Msg(f"ab-what-{what}"))
    key = "ab-err-no-field"
    if cs.reserve[unit] and cs.repair[unit]:
        key = "ab-err-no-field-both"
    elif cs.reserve[unit]:
        key = "ab-err-no-field-reserve"
    elif cs.repair[unit]:
        key = "ab-err-no-field-repair"
    raise rule_error(key, civ=cs.civ, unit=unit, reserve=cs.reserve[unit], repair=cs.repair[unit])


def need_any_field(cs: CivState, where: Literal["target", "flag", "asteroid"]) -> None:
    if not any(cs.available(u) for u in UNIT_TYPES):
        raise rule_error(f"ab-err-need-unit-{where}", civ=cs.civ)


def pay(cs: CivState, amount: int, what: Msg) -> None:
    if amount > cs.resources:
        raise rule_error("ab-err-cost", what=what, amount=amount, civ=cs.civ, have=cs.resources)
    cs.resources -= amount


def units_msg(count: int, unit: UnitType, each: int) -> Msg:
    """``2 assault squads at 20 each`` (the unit's plural when more than one)."""
    name = unit_msg(unit, "" if count == 1 else "-pl")
    return Msg.of("ab-pay-units", count=count, unit=name, price=each)


def to_repair(cs: CivState, unit: UnitType) -> None:
    _leave_field(cs, unit)
    cs.repair[unit] += 1


def _leave_field(cs: CivState, unit: UnitType) -> None:
    """One unit of this type leaves the field. A unit not aboard a shuttle goes first; when
    only units aboard are left, one leaves the highest-numbered shuttle carrying it (a shuttle
    left empty leaves the board, as the seed has it)."""
    cs.field[unit] -= 1
    if cs.not_ready[unit] > cs.field[unit]:
        cs.not_ready[unit] = cs.field[unit]
    if cs.aboard(unit) > cs.field[unit]:
        carrier = max((s for s in cs.shuttles if unit in s.aboard), key=lambda s: s.number)
        carrier.aboard.remove(unit)
        if not carrier.aboard:
            cs.shuttles.remove(carrier)


def lose_shuttle(cs: CivState, shuttle: ShuttleState) -> list[UnitType]:
    """A defeated shuttle: its units go to repair and it leaves the board."""
    units = list(shuttle.aboard)
    cs.shuttles = [s for s in cs.shuttles if s.number != shuttle.number]
    for u in units:
        cs.field[u] -= 1
        if cs.not_ready[u] > cs.field[u]:
            cs.not_ready[u] = cs.field[u]
        cs.repair[u] += 1
    return units


def pick_portal(log: RollLog, portals: int, exclude: int | None, key: str) -> int:
    """A random portal other than ``exclude``, the way a table does it: a d6, re-rolled until it
    names one of them (with more than 6 portals, one die with as many faces as the choices).
    With a single choice nothing is rolled. ``key`` is the catalog label of the die (with
    ``again``: "yes" for a re-roll)."""
    options = [p for p in range(1, portals + 1) if p != exclude]
    if not options:
        raise ValueError("no portal to move to")
    if len(options) == 1:
        return options[0]
    if portals <= 6:
        again = "no"
        for _ in range(200):
            face = log.d6(key, again=again)
            if face in options:
                return face
            again = "yes"
    return options[log.roll(len(options), key, again="no") - 1]
