"""GDW Imperium replies in combat: initiative and range, screens and hits, the fire steps."""

from __future__ import annotations

import discord

from bot.catalog import percent, t
from bot.rules import imperium as im
from cogs.imperium.render import embed, listing, range_name

FIRE_STEP_COUNT = im.FIRE_STEP_COUNT


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
    names = [range_name(loc, r) for r in im.RANGE_STEPS[out.range_after or "long"]]
    # "short, long or disengage": commas, the last one joined by the reader's "or"
    options = f" {t(loc, 'imp-or')} ".join(
        [", ".join(names[:-1]), names[-1]] if len(names) > 1 else names
    )
    return t(loc, "imp-range-open", range=after, note=not_theirs, holder=holder, options=options)


def render_initiative(out: im.InitiativeOutcome, loc: str) -> discord.Embed:
    lines: list[str] = []
    if not out.rolled:
        lines.append(t(loc, "imp-first-round", holder=out.holder))
    else:
        lines += [side_roll_line(roll, out.mode, loc) for roll in out.sides]
        lines += [t(loc, "imp-win-chance", side=s, pct=percent(loc, out.odds[s])) for s in im.SIDES]
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
        pct=percent(loc, r.save_chance),
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
