"""Asteroid Belt replies: every embed, line and chart the cog sends, from the catalogs
(bot/locales/*/asteroid_belt.ftl) in the reader's language; refusals are the rules' keyed errors."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.catalog import has, percent, render, signed, t
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Rolled
from bot.rules.msg import Msg
from bot.ui import EmbedBuilder, clip

log = logging.getLogger(__name__)

CIV_COLOURS = {
    "violet": discord.Colour.purple(),
    "orange": discord.Colour.orange(),
    "green": discord.Colour.green(),
}
WIN_COLOUR = discord.Colour.gold()


def _t(loc: str, key: str, /, **args: Any) -> str:
    """Catalog message with rules-style arguments (civilisation ids, unit types, lists)."""
    return t(loc, key, **ab.msg_args(args))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _fight_why(rec: ab.FightRecord) -> list[Msg]:
    """Why a fight's bonuses are what they are (a recon defends, a recon attacks safely...)."""
    why: list[Msg] = []
    shuttle = rec.attacker_unit == "shuttle"
    if rec.attack_bonus:
        why.append(
            Msg("ab-why-shuttle-attack")
            if shuttle
            else Msg.of("ab-why-attack", unit=ab.unit_msg(rec.attacker_unit), n=rec.attack_bonus)
        )
    if rec.defence_bonus:
        why.append(
            Msg("ab-why-shuttle-defence")
            if shuttle
            else Msg.of("ab-why-defence", unit=ab.unit_msg(rec.defender_unit), n=rec.defence_bonus)
        )
    if rec.defender_unit == "recon":
        why.append(Msg("ab-why-recon-defends"))
    if rec.safe_attack:
        why.append(Msg("ab-why-recon-safe"))
    return why


def render_fight(loc: str, rec: ab.FightRecord) -> list[str]:
    """A fight's lines: who fought whom and why it went so, the odds, who left the field."""
    why = _fight_why(rec)
    shuttle = rec.attacker_unit == "shuttle"
    head = _t(
        loc,
        "ab-fight-head",
        attacker=rec.attacker,
        aunit=rec.attacker_unit,
        defender=rec.defender,
        dunit=rec.defender_unit,
        ar=rec.attack_roll,
        abonus=signed(rec.attack_bonus, zero=""),
        at=rec.attack_total,
        dr=rec.defence_roll,
        dbonus=signed(rec.defence_bonus, zero=""),
        dt=rec.defence_total,
        verdict=Msg(f"ab-verdict-{rec.result}"),
        why=(
            Msg.of("ab-fight-why", reasons=ab.list_msg(why, "ab-list-semicolon"))
            if why
            else Msg("ab-empty")
        ),
    )
    odds = rec.odds
    lines = [
        _cap(head),
        _t(
            loc,
            "ab-fight-odds",
            win=percent(loc, odds.win),
            draw=percent(loc, odds.draw),
            lose=percent(loc, odds.lose),
        ),
    ]
    if not shuttle:
        for owner, unit, gone in (
            (rec.attacker, rec.attacker_unit, rec.attacker_removed),
            (rec.defender, rec.defender_unit, rec.defender_removed),
        ):
            if not gone:
                continue
            if owner == ab.NATIVES:
                lines.append(_t(loc, "ab-fight-natives-removed", unit=unit))
            else:
                lines.append(_t(loc, "ab-fight-to-repair", civ=owner, unit=unit))
    return lines


def render_lines(loc: str, outcome: ab.Outcome) -> list[str]:
    """The outcome's events, one line each (a fight several)."""
    lines: list[str] = []
    for event in outcome.events:
        if isinstance(event, ab.FightRecord):
            lines.extend(render_fight(loc, event))
        else:
            lines.append(render(loc, event.message()))
    return lines


def render_roll(loc: str, roll: Rolled) -> str:
    """A die and what it was rolled for: ``attack: Violet Federation assault squad: **4**``."""
    return f"{render(loc, roll.label)}: **{roll.value}**"


def render_asteroid(loc: str, state: ab.AsteroidBeltState, a: ab.AsteroidState) -> str:
    head = _t(
        loc, "ab-ast-head", label=a.label, number=a.number, border=Msg(f"ab-border-{a.number}")
    )
    if a.status == "mine" and a.owner is not None:
        return _t(loc, "ab-ast-base" if a.base else "ab-ast-mine", head=head, owner=a.owner)
    if a.status == "flag":
        return _t(loc, "ab-ast-flag", head=head)
    if a.status == "target" and a.target_by is not None:
        if a.phase == "marked":
            when = _t(loc, "ab-when-marked", civ=a.target_by)
        elif a.phase == "guards_due":
            when = _t(loc, "ab-when-due", player=ab.guards_player(state, a.target_by))
        else:
            when = _t(loc, "ab-when-besieged", civ=a.target_by)
        return _t(
            loc, "ab-ast-target", head=head, civ=a.target_by, guards=list(a.guards), when=when
        )
    return _t(loc, "ab-ast-free", head=head)


def render_outcome(loc: str, state: ab.AsteroidBeltState, outcome: ab.Outcome) -> discord.Embed:
    """The reply to a rule's outcome."""
    key = f"ab-title-{outcome.action}"
    title = t(loc, key) if has(loc, key) else outcome.action
    if outcome.civ is not None and outcome.action not in ("setup", "end-turn"):
        title = _t(loc, "ab-title-with-civ", title=title, civ=outcome.civ)
    colour = (
        WIN_COLOUR
        if outcome.winner
        else CIV_COLOURS.get(str(outcome.civ), discord.Colour.dark_teal())
    )
    builder = EmbedBuilder(title, "\n".join(render_lines(loc, outcome)), colour=colour)
    if outcome.rolls:
        builder.field(
            t(loc, "ab-field-dice"),
            "\n".join(render_roll(loc, r) for r in outcome.rolls),
            inline=False,
        )
    if outcome.winner:
        builder.field(t(loc, "ab-field-winner"), _t(loc, "ab-winner", civ=outcome.winner))
    builder.footer(render(loc, ab.summarize(state)))
    return builder.build()


def render_your_turn(loc: str, state: ab.AsteroidBeltState, member_id: int) -> str:
    return _t(loc, "ab-your-turn", member=member_id, civ=ab.current_civ(state))


def _units(loc: str, d: dict[ab.UnitType, int]) -> str:
    """Unit counts, short: ``E2 A1`` (a dash for none)."""
    shown = [f"{t(loc, f'ab-short-{u}')}{d[u]}" for u in ab.UNIT_TYPES if d[u]]
    return " ".join(shown) or t(loc, "ab-dash")


def _count(units: list[ab.UnitType]) -> dict[ab.UnitType, int]:
    return {u: units.count(u) for u in ab.UNIT_TYPES}


def _civ_books(
    loc: str,
    state: ab.AsteroidBeltState,
    civ: ab.CivId,
    all_mines: list[ab.AsteroidState],
    now: ab.CivId,
) -> tuple[str, str]:
    """One civilisation's field in /asteroids status: its name (and whether it is to play),
    and its player, books, units, tokens, mines and shuttles."""
    dash = t(loc, "ab-dash")
    cs = state.civs[civ]
    mines = [
        _t(loc, "ab-status-base", label=a.label) if a.base else a.label
        for a in all_mines
        if a.owner == civ
    ]
    who = f"<@{cs.member_id}>" if cs.member_id else t(loc, "ab-status-unclaimed")
    turn = t(loc, "ab-status-to-play") if civ == now and state.winner is None else ""
    lines = [
        who,
        _t(loc, "ab-status-books", resources=cs.resources, vp=cs.vp, goal=state.goal),
        _t(
            loc,
            "ab-status-units",
            field=_units(loc, cs.field),
            reserve=_units(loc, cs.reserve),
            repair=_units(loc, cs.repair),
        ),
        _t(
            loc,
            "ab-status-tokens",
            tokens=cs.tokens_left,
            used="yes" if cs.reinforcement_used else "no",
        ),
        _t(loc, "ab-status-mines", mines=", ".join(mines) or dash),
        _t(
            loc,
            "ab-status-shuttles",
            shuttles="; ".join(
                f"{sh.number}: {_units(loc, _count(sh.aboard))}" for sh in cs.shuttles
            )
            or dash,
        ),
    ]
    return f"{t(loc, f'ab-civ-{civ}')}{turn}", "\n".join(lines)


def render_status(loc: str, state: ab.AsteroidBeltState) -> discord.Embed:
    builder = EmbedBuilder(t(loc, "ab-status-title"), render(loc, ab.summarize(state)))
    dash = t(loc, "ab-dash")
    groups = ab.asteroids_by_status(state)
    now = ab.current_civ(state)
    for civ in state.order:
        builder.field(*_civ_books(loc, state, civ, groups["mine"], now), inline=True)
    busy = [render_asteroid(loc, state, a) for a in groups["target"] + groups["flag"]]
    builder.long_field(t(loc, "ab-field-busy"), busy or [dash])
    builder.field(
        t(loc, "ab-field-mines"),
        ", ".join(
            _t(loc, "ab-mine-entry", label=a.label, owner=a.owner)
            for a in groups["mine"]
            if a.owner
        )
        or dash,
    )
    builder.field(
        _t(loc, "ab-field-free", n=len(groups["free"])),
        ", ".join(a.label for a in groups["free"]) or dash,
    )
    rules = ab.tables().variants[state.variant]
    builder.footer(
        _t(
            loc,
            "ab-status-footer",
            variant=state.variant,
            portal=state.cargo_portal,
            portals=state.portals,
            inactive=Msg("ab-empty") if rules.raids else Msg("ab-status-inactive"),
        )
    )
    return builder.build()


def render_odds(loc: str, attacker: ab.UnitType, defender: ab.UnitType) -> discord.Embed:
    odds = ab.unit_odds(attacker, defender)
    text = _t(
        loc,
        "ab-odds-text",
        aunit=attacker,
        abonus=signed(ab.attack_bonus(attacker)),
        dunit=defender,
        dbonus=signed(ab.defence_bonus(defender)),
        win=percent(loc, odds.win),
        winf=str(odds.win),
        draw=percent(loc, odds.draw),
        drawf=str(odds.draw),
        lose=percent(loc, odds.lose),
        losef=str(odds.lose),
    )
    return EmbedBuilder(t(loc, "ab-odds-title"), text).build()


def render_setup(loc: str, state: ab.AsteroidBeltState, outcome: ab.Outcome) -> discord.Embed:
    """The reply to /asteroids setup: the outcome and who plays first."""
    embed = render_outcome(loc, state, outcome)
    embed.add_field(
        name=t(loc, "ab-field-next"),
        value=_t(loc, "ab-next-setup", civ=state.order[0]),
        inline=False,
    )
    return embed


def render_shuttle_choice(loc: str, shuttle: ab.ShuttleState) -> str:
    """An autocomplete choice naming one of the member's shuttles."""
    label = _t(
        loc,
        "ab-choice-shuttle",
        number=shuttle.number,
        units=list(shuttle.aboard),
        label=shuttle.at,
    )
    return clip(label, 100)


def render_unit_choice(loc: str, unit: ab.UnitType, n: int) -> str:
    """An autocomplete choice naming a unit type of the member's and how many are in the field."""
    return clip(_t(loc, "ab-choice-unit", unit=unit, n=n), 100)
