"""Cargo shuttles and raids: activating, boarding, unloading and moving a shuttle, and
raiding the cargo shuttle."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.asteroid_belt.events import (
    Boarded,
    CargoMoved,
    CargoStays,
    Event,
    Outcome,
    Raided,
    RaidGain,
    RaidLost,
    ShuttleActivated,
    ShuttleEmpty,
    ShuttleGone,
    ShuttleMoved,
    Unloaded,
)
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    CivState,
    RollLog,
    ShuttleState,
    edit,
    find_asteroid,
    lose_shuttle,
    need_any_field,
    pay,
    pick_portal,
)
from bot.rules.asteroid_belt.tables import (
    CivId,
    UnitType,
    class_row,
    input_error,
    parse_civ,
    parse_unit,
    rule_error,
    tables,
)
from bot.rules.asteroid_belt.turns import require_open
from bot.rules.dice import Dice
from bot.rules.msg import Msg


def activate_shuttle(
    state: AsteroidBeltState,
    civ: CivId | str,
    at: str,
    aboard: Sequence[UnitType | str] = (),
) -> tuple[AsteroidBeltState, Outcome]:
    """Activate a shuttle next to a class-3 asteroid: 3 resources, free next to your own. It
    gets the civilisation's lowest free shuttle number; ``aboard``: units in the field boarding
    it at once (up to 3; more may board later with :func:`board`)."""
    require_open(state)
    c = parse_civ(civ)
    a = find_asteroid(state, at)
    if not class_row(a.number).shuttle:
        raise rule_error("ab-err-not-class-3", label=a.label, number=a.number)
    units = [parse_unit(x) for x in aboard]
    cap = tables().rules.shuttle_capacity
    if len(units) > cap:
        raise input_error("ab-err-shuttle-capacity", cap=cap)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    need_any_field(cs, "asteroid")
    _need_free(cs, units)
    own = a.status == "mine" and a.owner == c
    cost = 0 if own else tables().rules.shuttle_cost
    pay(cs, cost, Msg("ab-pay-shuttle"))
    taken = {s.number for s in cs.shuttles}
    number = next(n for n in range(1, len(taken) + 2) if n not in taken)
    cs.shuttles = sorted(
        [*cs.shuttles, ShuttleState(number=number, at=a.label, aboard=list(units))],
        key=lambda s: s.number,
    )
    activated = ShuttleActivated(
        civ=c, label=a.label, cost=cost, left=cs.resources, own=int(own), number=number
    )
    boarded: Event = (
        Boarded(civ=c, number=number, units=tuple(units))
        if units
        else ShuttleEmpty(civ=c, number=number)
    )
    return new, Outcome(action="shuttle", civ=c, events=(activated, boarded), resources={c: -cost})


def _need_free(cs: CivState, units: Sequence[UnitType]) -> None:
    """Units ready to act in the field and not already aboard a shuttle, enough for ``units``."""
    for u in dict.fromkeys(units):
        n = units.count(u)
        free = cs.available(u) - cs.aboard(u)
        if free < n:
            raise rule_error("ab-err-not-free", civ=cs.civ, unit=u, have=max(0, free), n=n)


def _need_shuttle(cs: CivState, number: int | None) -> ShuttleState:
    """The civilisation's shuttle ``number``; with no number, its only shuttle."""
    if not cs.shuttles:
        raise rule_error("ab-err-no-shuttles", civ=cs.civ)
    numbers = ", ".join(str(s.number) for s in cs.shuttles)
    if number is None:
        if len(cs.shuttles) > 1:
            raise input_error("ab-err-which-shuttle", civ=cs.civ, numbers=numbers)
        return cs.shuttles[0]
    found = cs.shuttle(number)
    if found is None:
        raise rule_error("ab-err-no-such-shuttle", civ=cs.civ, number=number, numbers=numbers)
    return found


def board(
    state: AsteroidBeltState,
    civ: CivId | str,
    shuttle: int | None,
    units: Sequence[UnitType | str],
) -> tuple[AsteroidBeltState, Outcome]:
    """Units in the field (ready to act, not aboard another shuttle) board one of the
    civilisation's shuttles, up to 3 aboard."""
    require_open(state)
    c = parse_civ(civ)
    boarding = [parse_unit(x) for x in units]
    if not boarding:
        raise input_error("ab-err-no-units")
    new = edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    cap = tables().rules.shuttle_capacity
    if len(sh.aboard) + len(boarding) > cap:
        raise rule_error(
            "ab-err-shuttle-full", number=sh.number, cap=cap, n=len(sh.aboard), more=len(boarding)
        )
    _need_free(cs, boarding)
    sh.aboard.extend(boarding)
    event = Boarded(civ=c, number=sh.number, units=tuple(sh.aboard))
    return new, Outcome(action="board", civ=c, events=(event,))


def unload(
    state: AsteroidBeltState,
    civ: CivId | str,
    shuttle: int | None,
    units: Sequence[UnitType | str] = (),
) -> tuple[AsteroidBeltState, Outcome]:
    """Units leave a shuttle into the field (all of them by default); a shuttle left empty
    leaves the board."""
    require_open(state)
    c = parse_civ(civ)
    leaving = [parse_unit(x) for x in units]
    new = edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    if not leaving:
        leaving = list(sh.aboard)
    for u in dict.fromkeys(leaving):
        if sh.aboard.count(u) < leaving.count(u):
            raise rule_error(
                "ab-err-not-aboard",
                number=sh.number,
                unit=u,
                have=sh.aboard.count(u),
                n=leaving.count(u),
            )
    for u in leaving:
        sh.aboard.remove(u)
    events: list[Event] = [Unloaded(civ=c, number=sh.number, units=tuple(leaving))]
    if not sh.aboard:
        cs.shuttles = [s for s in cs.shuttles if s.number != sh.number]
        events.append(ShuttleGone(civ=c, number=sh.number))
    return new, Outcome(action="unload", civ=c, events=tuple(events))


def move_shuttle(
    state: AsteroidBeltState, civ: CivId | str, shuttle: int | None, dice: Dice
) -> tuple[AsteroidBeltState, Outcome]:
    """A shuttle moves over red cells for free; its speed is a d6, rolled once per turn."""
    require_open(state)
    c = parse_civ(civ)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    if sh.moved_turn == new.turn:
        raise rule_error("ab-err-shuttle-moved", civ=c, number=sh.number, speed=sh.speed)
    log = RollLog(dice)
    face = log.d6("ab-roll-shuttle-speed", civ=c, number=sh.number)
    sh.moved_turn, sh.speed = new.turn, face
    event = ShuttleMoved(civ=c, number=sh.number, speed=face, units=tuple(sh.aboard))
    return new, Outcome(action="shuttle-move", civ=c, events=(event,), rolls=tuple(log.rolls))


def raid(
    state: AsteroidBeltState,
    civ: CivId | str,
    dice: Dice,
    shuttle: int | None = None,
) -> tuple[AsteroidBeltState, Outcome]:
    """Attack the cargo shuttle with one of your own shuttles, brought next to it: ``shuttle``
    is its number (default: your only shuttle). It must carry 1-3 units. One d6 on the seed's
    table; on a defeat the shuttle's units go to repair and it leaves the board. Afterwards the
    cargo shuttle moves to another portal, chosen by a die, whatever the result. Hard variant:
    the cargo shuttle is inactive."""
    require_open(state)
    c = parse_civ(civ)
    t = tables()
    if not t.variants[state.variant].raids:
        raise rule_error("ab-err-no-raids")
    new = edit(state, civs=[c])
    cs = new.civ(c)
    if not cs.shuttles:
        raise rule_error("ab-err-raid-no-shuttle", civ=c)
    sh = _need_shuttle(cs, shuttle)
    if not sh.aboard:
        raise rule_error("ab-err-raid-empty-shuttle", civ=c, number=sh.number)
    units = list(sh.aboard)
    log = RollLog(dice)
    face = log.d6("ab-roll-raid", n=len(units))
    row = t.raid[face - 1]
    kind = row.one if len(units) == 1 else row.more
    events: list[Event] = [
        Raided(
            civ=c,
            aboard=len(units),
            face=face,
            result=kind,
            gain=row.gain,
            number=sh.number,
        ),
    ]
    gained = 0
    if kind == "defeat":
        lost = tuple(lose_shuttle(cs, sh))
        events.append(RaidLost(civ=c, units=lost, number=sh.number))
    elif kind == "gain":
        gained = row.gain
        cs.resources += gained
        events.append(RaidGain(civ=c, resources=cs.resources))
    old = new.cargo_portal
    if new.portals > 1:
        new.cargo_portal = pick_portal(log, new.portals, old, "ab-roll-cargo-new")
        events.append(CargoMoved(old=old, new=new.cargo_portal))
    else:
        events.append(CargoStays(portal=old))
    return new, Outcome(
        action="raid",
        civ=c,
        events=tuple(events),
        rolls=tuple(log.rolls),
        resources={c: gained} if gained else {},
    )
