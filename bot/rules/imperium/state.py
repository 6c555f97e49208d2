"""The campaign state model (ships, systems, combats, sides), its look-ups and suggestions, and
what the outcomes of the rules share."""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field

from bot.rules.dice import Rolled
from bot.rules.errors import InputError
from bot.rules.imperium.tables import (
    PDS,
    SIDES,
    SUGGESTION_LIMIT,
    Range,
    Side,
    TClass,
    canonical_type,
    side_name,
    tables,
)
from bot.rules.msg import Msg
from bot.rules.names import closest


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


def fold(text: str) -> str:
    """A name as compared: lower case, spaces collapsed."""
    return " ".join(text.strip().lower().split())


def suggest(names: Iterable[str], current: str, limit: int = SUGGESTION_LIMIT) -> list[str]:
    typed = fold(current)
    ordered = sorted(set(names), key=str.lower)
    if not typed:
        return ordered[:limit]
    starts = [n for n in ordered if fold(n).startswith(typed)]
    inside = [n for n in ordered if typed in fold(n) and n not in starts]
    return (starts + inside)[:limit]


def ship_suggestions(
    state: ImperiumState, current: str = "", side: Side | None = None, system: str | None = None
) -> list[str]:
    """Ship names for autocomplete (at most 25), prefix matches first."""
    ships = [
        s
        for s in state.ships
        if (side is None or s.side == side)
        and (system is None or (s.system is not None and fold(s.system) == fold(system)))
    ]
    return suggest((s.name for s in ships), current)


def system_suggestions(state: ImperiumState, current: str = "") -> list[str]:
    """System names for autocomplete (at most 25), prefix matches first."""
    return suggest((s.name for s in state.systems), current)


def _canonical_system_name(name: str) -> str:
    folded = fold(name)
    return tables().first_war.spellings.get(folded, folded)


def find_system(state: ImperiumState, name: str) -> StarSystem:
    wanted = fold(_canonical_system_name(name))
    for system in state.systems:
        if fold(system.name) == wanted:
            return system
    hint = closest(name, (s.name for s in state.systems), 3)
    if hint:
        raise InputError(key="imp-no-system-hint", name=name, hint=", ".join(hint))
    raise InputError(key="imp-no-system", name=name)


def find_ship(state: ImperiumState, name: str) -> Ship:
    wanted = fold(name)
    for ship in state.ships:
        if fold(ship.name) == wanted:
            return ship
    hint = closest(name, (s.name for s in state.ships), 3)
    if hint:
        raise InputError(key="imp-no-ship-hint", name=name, hint=", ".join(hint))
    raise InputError(key="imp-no-ship-named", name=name)


def is_at(ship: Ship, system: str, key: str) -> bool:
    """``ship`` is in ``system`` (``key``: its folded name). Ships keep their system's own
    spelling, so the name as given is compared before folding."""
    return ship.system is not None and (ship.system == system or fold(ship.system) == key)


def ships_in(state: ImperiumState, system: str, side: Side | None = None) -> list[Ship]:
    key = fold(system)
    return [s for s in state.ships if is_at(s, system, key) and (side is None or s.side == side)]


def find_combat(state: ImperiumState, system: str) -> Combat | None:
    key = fold(system)
    for combat in state.combats:
        if fold(combat.system) == key:
            return combat
    return None


def combats_with(state: ImperiumState, combat: Combat | None, system: str) -> list[Combat]:
    """A new list of ``state``'s combats with ``system``'s replaced by ``combat`` (or dropped)."""
    key = fold(system)
    combats = [c for c in state.combats if fold(c.system) != key]
    if combat is not None:
        combats.append(combat)
    return combats


def side_of_member(state: ImperiumState, member_id: int) -> Side | None:
    for side in SIDES:
        if member_id in state.players[side]:
            return side
    return None


def summarize(state: ImperiumState) -> Msg:
    """One line for /campaign status."""
    ships = {s: sum(1 for x in state.ships if x.side == s) for s in SIDES}
    return Msg.of(
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


def system_msg(system: StarSystem) -> Msg:
    """A system's line (owner, worlds, outposts, maintenance factors) as a catalog message."""
    bits = [
        Msg.of("imp-worlds", count=system.worlds),
        Msg.of("imp-outposts", count=system.outposts),
    ]
    if system.homeworld:
        bits.append(Msg("imp-homeworld"))
    details = bits[-1]
    for bit in reversed(bits[:-1]):
        details = Msg.of("imp-hist-list", a=bit, b=details)
    return Msg.of(
        "imp-system-line",
        name=system.name,
        owner=Msg.of("imp-owner", owner=system.owner or "none"),
        details=details,
        factors=system.routine_factors,
        ships=0,
    )


class NoDice:
    """For an outcome that rolls nothing: its dice are none."""

    __slots__ = ()

    def dice(self) -> tuple[Rolled, ...]:
        return ()
