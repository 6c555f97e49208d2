"""GDW Imperium replies: every embed and line the commands show, from the ``imp-`` messages of
the catalogs (``bot/locales/<locale>/imperium.ftl``) in the reader's language (``loc`` is
"en" or "ru"). This module: the campaign, its systems and ships, and
the pieces the others share; combat in :mod:`.combat_render`, maintenance in
:mod:`.maintenance_render`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import discord

from bot.catalog import render, t
from bot.rules import imperium as im
from bot.ui import EmbedBuilder


def side(loc: str, s: im.Side) -> str:
    return t(loc, "imp-side", side=s)


def listing(loc: str, names: Sequence[str], empty: str = "imp-none") -> str:
    return ", ".join(names) or t(loc, empty)


def embed(title: str, lines: Sequence[str]) -> discord.Embed:
    return EmbedBuilder(title, "\n".join(lines)).build()


def range_name(loc: str, r: im.Range | None) -> str:
    return t(loc, "imp-range", range=r or "none")


def system_line(system: im.StarSystem, loc: str, ships: int = 0) -> str:
    bits = [
        t(loc, "imp-worlds", count=system.worlds),
        t(loc, "imp-outposts", count=system.outposts),
    ]
    if system.homeworld:
        bits.append(t(loc, "imp-homeworld"))
    return t(
        loc,
        "imp-system-line",
        name=system.name,
        owner=t(loc, "imp-owner", owner=system.owner or "none"),
        details=", ".join(bits),
        factors=system.routine_factors,
        ships=ships,
    )


def ship_line(ship: im.Ship, loc: str) -> str:
    bits = [
        t(loc, "imp-ship-type", type=ship.type, tclass=t(loc, "imp-tclass", tclass=ship.tclass)),
        t(loc, "imp-ship-maint", n=ship.maintenance),
        t(loc, "imp-ship-screen", n=ship.screen),
        t(loc, "imp-ship-disrupted" if ship.disrupted else "imp-ship-ready"),
        t(loc, "imp-ship-jump" if ship.jump else "imp-ship-no-jump"),
    ]
    if ship.strength:
        bits.append(t(loc, "imp-ship-strength", n=ship.strength))
    if ship.carries:
        bits.append(t(loc, "imp-ship-carries", n=ship.carries))
    return t(
        loc,
        "imp-ship-line",
        side=side(loc, ship.side),
        name=ship.name,
        at=ship.system or t(loc, "imp-jump-space"),
        details=", ".join(bits),
    )


ShipTitle = Literal["added", "disrupted", "repaired"]


def render_ship(ship: im.Ship, what: ShipTitle, loc: str) -> discord.Embed:
    return embed(t(loc, f"imp-title-ship-{what}"), [ship_line(ship, loc)])


def render_fleet(state: im.ImperiumState, system: str | None, loc: str) -> discord.Embed:
    if system is not None:
        where = im.find_system(state, system)
        ships = im.ships_in(state, where.name)
        builder = EmbedBuilder(
            t(loc, "imp-title-fleet-at", system=where.name), system_line(where, loc)
        )
    else:
        ships = list(state.ships)
        builder = EmbedBuilder(t(loc, "imp-title-fleet"))
    ordered = sorted(ships, key=lambda s: (s.side, (s.system or "").lower(), s.name.lower()))
    builder.long_field(
        t(loc, "imp-field-ships"), [ship_line(s, loc) for s in ordered] or [t(loc, "imp-no-ships")]
    )
    return builder.build()


def summary(state: im.ImperiumState, loc: str) -> str:
    """The one-line summary in the member's language."""
    return render(loc, im.summarize(state))


def mentions(members: Sequence[int]) -> str:
    return ", ".join(f"<@{m}>" for m in members)


def render_status(state: im.ImperiumState, loc: str) -> discord.Embed:
    lines: list[str] = []
    for s in im.SIDES:
        lines.append(
            t(
                loc,
                "imp-status-side",
                side=s,
                who=mentions(state.players[s]) or t(loc, "imp-nobody"),
                rus=state.rus[s],
                income=state.income[s],
                ships=sum(1 for x in state.ships if x.side == s),
            )
        )
    for system in sorted(state.systems, key=lambda s: s.name.lower()):
        lines.append(system_line(system, loc, len(im.ships_in(state, system.name))))
    for c in state.combats:
        lines.append(
            t(
                loc,
                "imp-status-combat",
                system=c.system,
                round=c.round,
                holder=c.last_initiative or "none",
                range=range_name(loc, c.range),
                surface=c.surface_round,
            )
        )
    if not state.at_war:
        lines += [
            t(loc, "imp-status-over-limit", problem=t(loc, "imp-limit-problem", **p.args()))
            for p in im.routine_limit_problems(state)
        ]
    builder = EmbedBuilder(t(loc, "imp-title-status"), summary(state, loc))
    builder.long_field(t(loc, "imp-field-campaign"), lines)
    return builder.build()


def render_setup(state: im.ImperiumState, loc: str) -> discord.Embed:
    lines = [
        t(
            loc,
            "imp-setup-side",
            side=s,
            players=mentions(state.players[s]) or t(loc, "imp-nobody-yet"),
        )
        for s in im.SIDES
    ]
    if state.first_war_setup:
        fw = im.tables().first_war
        lines.append(t(loc, "imp-setup-first-war-worlds", worlds=", ".join(fw.imperial_worlds)))
        lines.append(
            t(loc, "imp-setup-first-war-outposts", outposts=", ".join(fw.imperial_outposts))
        )
    lines.append(t(loc, "imp-war-start-reminder"))
    lines.append(t(loc, "imp-setup-next"))
    return embed(t(loc, "imp-title-setup"), lines)


def render_interwar(out: im.InterwarOutcome, loc: str) -> discord.Embed:
    parts = [
        t(loc, "imp-interwar-side", side=s, income=out.income[s], rus=out.rus[s]) for s in im.SIDES
    ]
    return embed(
        t(loc, "imp-title-interwar"),
        [
            t(loc, "imp-interwar-income", parts="; ".join(parts)),
            t(loc, "imp-interwar-setup", war=out.war),
            t(loc, "imp-war-start-reminder"),
        ],
    )
