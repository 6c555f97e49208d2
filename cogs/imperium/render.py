"""GDW Imperium replies: every embed and line the commands show, from the ``imp-`` messages of
the catalogs (``bot/locales/<locale>/imperium.ftl``) in the reader's language (``loc`` is
"en" or "ru"), and the history entries."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.catalog import decimal, encode_summary, render, t
from bot.rules import imperium as im
from bot.rules.msg import Msg
from bot.ui import EmbedBuilder

if TYPE_CHECKING:
    pass


FIRE_STEP_COUNT = im.FIRE_STEP_COUNT


def pct(p: Fraction, loc: str = "en") -> str:
    """A probability as '58.3 %' (Russian: '58,3 %')."""
    return decimal(loc, f"{float(p) * 100:.1f} %")


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


def system_msg(system: im.StarSystem) -> Msg:
    """:func:`system_line` as a catalog message (for the history)."""
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


def side_msg(side: im.Side) -> Msg:
    return Msg.of("imp-side", side=side)


def history(key: str, /, **args: Any) -> str:
    """A history entry: catalog message ``key`` with ``args``, shown in the reader's language."""
    return encode_summary(Msg.of(key, **args))


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


def unit_name(loc: str, name: str, planet: bool) -> str:
    """A unit in surface combat: a ship's own name, or the system's world/homeworld/outpost."""
    return t(loc, "imp-planet", kind=name) if planet else name


def side_roll_line(roll: im.SideRoll, mode: im.Mode, loc: str) -> str:
    parts = [
        t(
            loc,
            "imp-slowest",
            unit=unit_name(loc, roll.slowest_unit, roll.slowest_planet),
            mode=mode,
            speed=roll.slowest,
        )
    ]
    if roll.fewer_bonus:
        parts.append(t(loc, "imp-fewer-bonus", bonus=roll.fewer_bonus, mode=mode))
    if roll.held_bonus:
        parts.append(t(loc, "imp-held-bonus", bonus=roll.held_bonus))
    mods = ", ".join(parts)
    if roll.die is None:
        return t(loc, "imp-roll-mods", side=roll.side, mods=mods)
    return t(loc, "imp-roll-line", side=roll.side, die=roll.die, mods=mods, total=roll.total)


def disengagement_lines(d: im.Disengagement, loc: str) -> list[str]:
    lines = [
        t(
            loc,
            "imp-disengages",
            side=d.side,
            where=d.destination or t(loc, "imp-jump-space-place"),
            ships=listing(loc, d.jumped, "imp-no-ship"),
        )
    ]
    if d.loaded:
        lines.append(t(loc, "imp-fighters-loaded", ships=", ".join(d.loaded)))
    if d.stayed:
        lines.append(t(loc, "imp-left-behind", ships=", ".join(d.stayed)))
    return lines


def range_line(out: im.InitiativeOutcome, loc: str) -> str:
    holder = out.holder
    after = range_name(loc, out.range_after)
    requested = range_name(loc, out.range_requested)
    not_theirs = (
        " " + t(loc, "imp-range-note-not-holder", requested=requested, holder=holder)
        if out.range_not_holder
        else ""
    )
    if out.round == 1:
        return t(loc, "imp-range-first", range=after, holder=holder, note=not_theirs)
    if out.tie:
        ignored = (
            " " + t(loc, "imp-range-note-ignored", requested=requested)
            if out.range_requested
            and out.range_requested != out.range_after
            and not out.range_not_holder
            else not_theirs
        )
        return t(loc, "imp-range-tie", range=after, note=ignored)
    if out.range_applied:
        before = range_name(loc, out.range_before)
        if out.disengagement is not None:
            return t(
                loc,
                "imp-range-disengaged",
                holder=holder,
                before=range_name(loc, "long"),
                after=range_name(loc, "disengage"),
            )
        kept = "yes" if out.range_before == out.range_after else "no"
        return t(loc, "imp-range-moved", holder=holder, kept=kept, before=before, after=after)
    word = f" {t(loc, 'imp-or')} "
    options = word.join(range_name(loc, r) for r in im.RANGE_STEPS[out.range_after or "long"])
    return t(loc, "imp-range-open", range=after, note=not_theirs, holder=holder, options=options)


def render_initiative(out: im.InitiativeOutcome, loc: str) -> discord.Embed:
    lines: list[str] = []
    if not out.rolled:
        lines.append(t(loc, "imp-first-round", holder=out.holder))
    else:
        lines += [side_roll_line(roll, out.mode, loc) for roll in out.sides]
        lines += [t(loc, "imp-win-chance", side=s, pct=pct(out.odds[s], loc)) for s in im.SIDES]
        if out.tie:
            lines.append(t(loc, "imp-tie", holder=out.holder))
        else:
            lines.append(t(loc, "imp-wins", holder=out.holder))
    if out.mode == "space":
        lines.append(range_line(out, loc))
        lines.append(t(loc, "imp-allocation", other=im.other_side(out.holder), holder=out.holder))
    else:
        for s in im.SIDES:
            units = out.surface.get(s, ())
            planets = out.surface_planets.get(s, ())
            listed = [
                f"{unit_name(loc, name, k < len(planets) and planets[k])} {strength}"
                for k, (name, strength) in enumerate(units)
            ]
            lines.append(t(loc, "imp-surface-strengths", side=s, units=listing(loc, listed)))
        lines.append(t(loc, "imp-surface-rules", rounds=im.tables().surface_rounds))
    if out.disengagement is not None:
        lines += disengagement_lines(out.disengagement, loc)
    if out.combat_over:
        lines.append(t(loc, "imp-combat-ends"))
    title = t(loc, "imp-initiative-title", mode=out.mode, system=out.system, round=out.round)
    return embed(title, lines)


def render_range(out: im.RangeOutcome, loc: str) -> discord.Embed:
    lines = [
        t(
            loc,
            "imp-range-set",
            side=out.side,
            kept="yes" if out.before == out.after else "no",
            system=out.system,
            before=range_name(loc, out.before),
            after=range_name(loc, out.after),
        )
    ]
    if out.disengagement is not None:
        lines += disengagement_lines(out.disengagement, loc)
    if out.combat_over:
        lines.append(t(loc, "imp-combat-ends"))
    return embed(t(loc, "imp-title-range"), lines)


HIT_REASONS: dict[str, str] = {
    "hit twice": "imp-reason-hit-twice",
    "already disrupted": "imp-reason-already-disrupted",
    "weak screen": "imp-reason-weak-screen",
    "screen held": "imp-reason-screen-held",
    "screen failed": "imp-reason-screen-failed",
}


def hit_line(r: im.HitResult, loc: str) -> str:
    why = t(
        loc,
        HIT_REASONS[r.reason],
        hits=r.hits,
        screen=r.screen,
        die=r.die if r.die is not None else 0,
        minimum=im.tables().screen_minimum,
    )
    result = t(loc, "imp-fate", fate=r.result)
    if r.die is None:
        return t(loc, "imp-hit-line", ship=r.ship, result=result, why=why)
    return t(
        loc,
        "imp-hit-line-roll",
        ship=r.ship,
        screen=r.screen,
        die=r.die,
        result=result,
        why=why,
        pct=pct(r.save_chance, loc),
    )


def source_name(loc: str, source: str) -> str:
    return t(loc, "imp-source", source=source.replace(" ", "-"))


def ended_lines(ended: tuple[im.CombatEnd, ...], system: str, loc: str) -> list[str]:
    return [t(loc, "imp-combat-ended", mode=e.mode, system=system, side=e.gone) for e in ended]


def render_screen(out: im.ScreenOutcome, loc: str) -> discord.Embed:
    line = t(
        loc, "imp-hit-from", source=source_name(loc, out.source), line=hit_line(out.result, loc)
    )
    system = out.system or ""
    return embed(t(loc, "imp-title-screen"), [line, *ended_lines(out.ended, system, loc)])


def render_fire_steps(combat: im.Combat, loc: str) -> discord.Embed:
    assert combat.last_initiative is not None
    holder = combat.last_initiative
    other = im.other_side(holder)
    lines = [
        t(loc, "imp-fire-placed", other=other, holder=holder),
        t(loc, "imp-fire-declare", holder=holder, other=other),
    ]
    for i in range(1, FIRE_STEP_COUNT + 1):
        lines.append(
            t(
                loc,
                "imp-fire-step-line",
                n=i,
                text=t(loc, f"imp-fire-step-{i}"),
                done="yes" if i <= combat.fire_step else "no",
            )
        )
    lines.append(t(loc, "imp-fire-howto"))
    title = t(
        loc,
        "imp-title-fire-steps",
        system=combat.system,
        round=combat.round,
        range=range_name(loc, combat.range),
    )
    return embed(title, lines)


def render_step(out: im.StepOutcome, loc: str) -> discord.Embed:
    lines = [hit_line(r, loc) for r in out.results] or [t(loc, "imp-no-hits")]
    lines += ended_lines(out.ended, out.system, loc)
    title = t(
        loc,
        "imp-title-step",
        step=out.step,
        system=out.system,
        text=t(loc, f"imp-fire-step-{out.step}"),
    )
    return embed(title, lines)


@lru_cache(maxsize=1024)
def _chance_list(loc: str, odds: tuple[tuple[str, int, int], ...]) -> str:
    """'disrupted 50.0 %, destroyed 16.7 %' for (fate, numerator, denominator) triples (whole
    numbers: hashing a Fraction is slow). A handful of different lists ever occur."""
    return ", ".join(
        t(loc, "imp-fate-chance", fate=t(loc, "imp-fate", fate=k), pct=pct(Fraction(n, d), loc))
        for k, n, d in odds
        if n
    )


class MaintenanceWords:
    """The pieces every ship's maintenance line repeats (fate names, chance lists), each
    looked up once per reply."""

    def __init__(self, loc: str) -> None:
        self.loc = loc
        self.fates: dict[str, str] = {}

    def fate(self, fate: str) -> str:
        text = self.fates.get(fate)
        if text is None:
            text = self.fates[fate] = t(self.loc, "imp-fate", fate=fate)
        return text

    def chance_list(self, odds: dict[im.Fate, Fraction]) -> str:
        return _chance_list(
            self.loc, tuple((k, v.numerator, v.denominator) for k, v in odds.items())
        )


def maintenance_line(s: im.ShipMaintenance, loc: str, words: MaintenanceWords | None = None) -> str:
    words = words or MaintenanceWords(loc)
    after = words.fate(s.after)
    if s.care == "overhaul":
        return t(loc, "imp-maint-overhaul", name=s.name, cost=s.maintenance, after=after)
    if s.care == "routine":
        return t(loc, "imp-maint-routine", name=s.name, factors=s.maintenance, after=after)
    return t(
        loc,
        "imp-maint-frontier",
        name=s.name,
        maintenance=s.maintenance,
        before=words.fate(s.before),
        die=s.die if s.die is not None else 0,
        after=after,
        chances=words.chance_list(s.odds),
    )


def render_maintenance(out: im.MaintenanceOutcome, loc: str) -> discord.Embed:
    builder = EmbedBuilder(
        t(loc, "imp-title-maintenance", system=out.system),
        t(loc, "imp-maint-factors", used=out.factors_used, factors=out.factors),
    )
    paid = [t(loc, "imp-maint-paid", side=s, rus=out.paid[s]) for s in im.SIDES if out.paid[s]]
    words = MaintenanceWords(loc)
    lines = paid + (
        [maintenance_line(s, loc, words) for s in out.ships] or [t(loc, "imp-no-ships-here")]
    )
    lost = [s.name for s in out.ships if s.after == "destroyed"]
    if lost:
        lines.append(t(loc, "imp-maint-destroyed", ships=", ".join(lost)))
    builder.long_field(t(loc, "imp-field-ships"), lines)
    return builder.build()


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
