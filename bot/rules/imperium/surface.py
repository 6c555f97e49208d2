"""Surface combat: each side's units with surface combat factors (ships, worlds, outposts)."""

from __future__ import annotations

from typing import NamedTuple

from bot.rules.imperium.state import ImperiumState, Ship, StarSystem, ships_in
from bot.rules.imperium.tables import Side, tables


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


class SurfaceUnit(NamedTuple):
    """A unit in surface combat: a ship or troops, or one of the owner's worlds or outposts."""

    name: str
    speed: int
    fighter: bool
    strength: int = 0
    planet: bool = False


def surface_units(state: ImperiumState, system: StarSystem, side: Side) -> list[SurfaceUnit]:
    """``side``'s units with surface combat factors in ``system`` (its worlds and outposts, if
    it owns the system)."""
    units = [
        SurfaceUnit(s.name, surface_speed(s), s.tclass == "fighter", surface_factor(s))
        for s in ships_in(state, system.name, side)
        if surface_factor(s) > 0
    ]
    if system.owner == side:
        d = tables().surface_defence
        for n in range(system.worlds):
            home = system.homeworld and n == 0
            units.append(
                SurfaceUnit(
                    "homeworld" if home else "world",
                    0,
                    False,
                    d["homeworld" if home else "world"],
                    planet=True,
                )
            )
        units += [SurfaceUnit("outpost", 0, False, d["outpost"], planet=True)] * system.outposts
    return units
