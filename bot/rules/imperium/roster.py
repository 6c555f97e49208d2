"""The roster: systems, ships, the phasing side and RU stocks; a ship's tactical speed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.rules.errors import InputError, RuleError
from bot.rules.imperium.interwar import check_limits_if_setting_up
from bot.rules.imperium.state import (
    ImperiumState,
    NoDice,
    Ship,
    StarSystem,
    find_ship,
    find_system,
    fold,
    side_of_member,
    system_msg,
)
from bot.rules.imperium.tables import (
    PDS,
    TCLASSES,
    Side,
    TClass,
    canonical_type,
    side_msg,
    tables,
)
from bot.rules.msg import Msg


@dataclass(frozen=True, slots=True)
class Joined(NoDice):
    """A member plays a side (``member``: their name as the history shows it)."""

    member: str
    side: Side

    def history(self) -> Msg:
        return Msg.of("imp-hist-join", member=self.member, side=side_msg(self.side))


def join(
    state: ImperiumState, side: Side, member_id: int, member: str
) -> tuple[ImperiumState, Joined]:
    """The member ``member_id`` (named ``member``) plays ``side``; one side each."""
    current = side_of_member(state, member_id)
    if current == side:
        raise InputError(key="imp-already-play", side=side)
    if current is not None:
        raise InputError(key="imp-play-other", side=current)
    players = {s: list(ids) for s, ids in state.players.items()}
    players[side].append(member_id)
    return state.model_copy(update={"players": players}), Joined(member, side)


@dataclass(frozen=True, slots=True)
class SystemSet(NoDice):
    system: StarSystem

    def history(self) -> Msg:
        return Msg.of("imp-hist-system", line=system_msg(self.system))


@dataclass(frozen=True, slots=True)
class PhasingSet(NoDice):
    side: Side

    def history(self) -> Msg:
        return Msg.of("imp-hist-phasing", side=side_msg(self.side))


@dataclass(frozen=True, slots=True)
class RusSet(NoDice):
    side: Side
    rus: int
    income: int

    def history(self) -> Msg:
        return Msg.of("imp-hist-rus", side=side_msg(self.side), rus=self.rus, income=self.income)


@dataclass(frozen=True, slots=True)
class ShipAdded(NoDice):
    ship: Ship

    def history(self) -> Msg:
        ship = self.ship
        return Msg.of(
            "imp-hist-ship-added",
            ship=ship.name,
            type=ship.type,
            side=side_msg(ship.side),
            state=Msg("imp-ship-disrupted" if ship.disrupted else "imp-ship-ready"),
            system=ship.system or "—",
        )


ShipVerb = Literal["remove", "disrupt", "repair", "move"]


@dataclass(frozen=True, slots=True)
class ShipChanged(NoDice):
    """A ship removed, disrupted, repaired or moved (``ship``: as it is now)."""

    verb: ShipVerb
    ship: Ship

    def history(self) -> Msg:
        return Msg.of("imp-hist-ship", verb=self.verb, ship=self.ship.name)


def set_system(
    state: ImperiumState,
    name: str,
    *,
    owner: Side | Literal["keep"] | None = "keep",
    worlds: int | None = None,
    outposts: int | None = None,
    homeworld: bool | None = None,
) -> tuple[ImperiumState, SystemSet]:
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
        canonical = tables().first_war.spellings.get(fold(clean))
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
    check_limits_if_setting_up(new, system.name)
    return new, SystemSet(system.model_copy())


def set_phasing(state: ImperiumState, side: Side) -> tuple[ImperiumState, PhasingSet]:
    return state.model_copy(update={"phasing": side}), PhasingSet(side)


#: the most RU a side's stock or income may be set to
MAX_RUS = 100_000


def set_rus(
    state: ImperiumState, side: Side, stock: int | None = None, income: int | None = None
) -> tuple[ImperiumState, RusSet]:
    if stock is not None and not 0 <= stock <= MAX_RUS:
        raise InputError(key="imp-stock-range", most=MAX_RUS)
    if income is not None and not 0 <= income <= MAX_RUS:
        raise InputError(key="imp-income-range", most=MAX_RUS)
    rus, income_ = dict(state.rus), dict(state.income)
    if stock is not None:
        rus[side] = stock
    if income is not None:
        income_[side] = income
    new = state.model_copy(update={"rus": rus, "income": income_})
    return new, RusSet(side, new.rus[side], new.income[side])


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
) -> tuple[ImperiumState, ShipAdded]:
    """Put a counter on the roster. Numbers the fix kit sets are filled in; the rest come
    from the printed counter."""
    clean = " ".join(name.strip().split())
    if not clean or len(clean) > 40:
        raise InputError(key="imp-ship-name-length")
    if any(fold(s.name) == fold(clean) for s in state.ships):
        raise InputError(key="imp-ship-exists", name=clean)
    kind = canonical_type(type_name)
    if len(type_name.strip()) > 40:
        raise InputError(key="imp-type-length")
    if not kind:
        raise InputError(key="imp-type-missing")
    mnt = _maintenance_number(kind, type_name, maintenance)
    if tclass is None:
        tclass = _tclass_of(kind)
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
    check_limits_if_setting_up(new, where.name)
    return new, ShipAdded(ship.model_copy())


def _maintenance_number(kind: str, type_name: str, printed: int | None) -> int:
    """The fix kit's maintenance number for ``kind``, else the printed one (which must then
    be given, except for a planetary defence system, which is never maintained)."""
    kit = tables().maintenance_numbers.get(kind)
    if kind == PDS and printed is None:
        return 0  # never maintained (house ruling): no number to ask for
    if kit is not None and printed is not None and printed != kit:
        raise RuleError(key="imp-kit-maintenance", kind=kind, kit=kit)
    if kit is None and printed is None:
        raise InputError(key="imp-need-maintenance", type=type_name.strip())
    mnt = kit if kit is not None else printed
    assert mnt is not None
    if not 0 <= mnt <= 20:
        raise InputError(key="imp-maintenance-range")
    return mnt


def _tclass_of(kind: str) -> TClass:
    """The tactical class a type names ("fighters", "troop"), "other" for PDS, else refused."""
    guess = kind[:-1] if kind.endswith("s") else kind
    for word in (kind, guess):
        for tclass in TCLASSES:
            if tclass == word:
                return tclass
    if kind == PDS:
        return "other"
    raise InputError(key="imp-need-tclass")


def _edit_ship(state: ImperiumState, name: str) -> tuple[ImperiumState, Ship]:
    new = state.model_copy(deep=True)
    return new, find_ship(new, name)


def remove_ship(state: ImperiumState, name: str) -> tuple[ImperiumState, ShipChanged]:
    new, ship = _edit_ship(state, name)
    new.ships = [s for s in new.ships if s is not ship]
    return new, ShipChanged("remove", ship)


def set_disrupted(
    state: ImperiumState, name: str, disrupted: bool
) -> tuple[ImperiumState, ShipChanged]:
    new, ship = _edit_ship(state, name)
    if ship.disrupted == disrupted:
        raise RuleError(
            key="imp-already-state", ship=ship.name, state="disrupted" if disrupted else "ready"
        )
    ship.disrupted = disrupted
    return new, ShipChanged("disrupt" if disrupted else "repair", ship.model_copy())


def move_ship(state: ImperiumState, name: str, system: str) -> tuple[ImperiumState, ShipChanged]:
    new, ship = _edit_ship(state, name)
    where = find_system(new, system)
    if ship.system is not None and fold(ship.system) == fold(where.name):
        raise RuleError(key="imp-already-at", ship=ship.name, system=where.name)
    ship.system = where.name
    check_limits_if_setting_up(new, where.name)
    return new, ShipChanged("move", ship.model_copy())


def tactical_speed(ship: Ship) -> int:
    t = tables()
    base = t.tactical_speed[ship.tclass]
    return max(0, base - t.disrupted_speed_loss) if ship.disrupted else base
