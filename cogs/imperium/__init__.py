"""GDW Imperium with the fix kit: /imperium (roster, systems, screens, fire steps, status),
/initiative and /maintenance. The rules live in :mod:`bot.rules.imperium`; every reply comes
from the ``imp-`` messages of the catalogs (``bot/locales/<locale>/imperium.ftl``) in the
invoking member's language."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import LOCALES, Msg, decimal, encode_summary, has, locale_of, t
from bot.errors import BotError, InputError, NoCampaign, NotAllowed
from bot.rules import imperium as im
from bot.storage import Campaign
from bot.ui import EmbedBuilder, tr, undo_button

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = "imperium"
SETUP_COMMAND = "/imperium setup"
SideOpt = Literal["terran", "imperial"]
OwnerOpt = Literal["terran", "imperial", "none"]
RangeOpt = Literal["short", "long", "disengage"]
ModeOpt = Literal["space", "surface"]
SourceOpt = Literal["space combat", "planetary defence fire"]
NONE_WORDS = {"none", "-", "nobody", "no", "нет", "никто", "никому", "—"}


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text comes from the catalogs; ``loc`` is "en" or "ru")
# ----------------------------------------------------------------------------------------------

FIRE_STEP_COUNT = im.FIRE_STEP_COUNT


def lang(interaction: discord.Interaction[Any]) -> str:
    """The member's catalog language: "ru" or "en"."""
    return locale_of(interaction.locale)


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


def _side(side: im.Side) -> Msg:
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
    return im.summarize(state, loc)


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


# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------


def split_names(text: str | None) -> list[str]:
    if text is None:
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


def tclass_value(text: str | None) -> str | None:
    """A tactical class as typed: the English value, or its name in any catalog language."""
    if text is None:
        return None
    key = " ".join(text.strip().lower().split())
    for tclass in im.TCLASSES:
        names = {t(loc, "imp-tclass", tclass=tclass).lower() for loc in LOCALES}
        names |= {t(loc, "imp-tclass-choice", tclass=tclass).lower() for loc in LOCALES}
        if key in names:
            return tclass
    return text


def list_choices(
    names: Sequence[str], current: str, unique: bool
) -> list[app_commands.Choice[str]]:
    """Complete the last name of a comma-separated list."""
    head, comma, last = current.rpartition(",")
    done = [p.strip() for p in head.split(",") if p.strip()] if comma else []
    taken = {d.lower() for d in done}
    prefix = ", ".join(done) + ", " if done else ""
    out: list[app_commands.Choice[str]] = []
    for name in im.suggest(names, last):
        if unique and name.lower() in taken:
            continue
        value = prefix + name
        if len(value) > 100:
            continue
        out.append(app_commands.Choice(name=value, value=value))
        if len(out) >= im.SUGGESTION_LIMIT:
            break
    return out


class ImperiumBase:
    bot: TableBot

    async def load(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[Campaign, im.ImperiumState]:
        if interaction.channel_id is None:
            raise BotError(key="use-in-channel")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(key="no-campaign-game", game=Msg(f"game-{GAME}"), hint=SETUP_COMMAND)
        if campaign.game != GAME:
            current_key = f"game-{campaign.game}"
            current: Msg | str = Msg(current_key) if has("en", current_key) else campaign.game
            raise NoCampaign(key="wrong-game", current=current, game=Msg(f"game-{GAME}"))
        return campaign, im.ImperiumState.model_validate(campaign.state)

    async def state_for_autocomplete(
        self, interaction: discord.Interaction[Any]
    ) -> im.ImperiumState | None:
        try:
            _, state = await self.load(interaction)
        except Exception:
            return None
        return state

    async def speaks_for(
        self, interaction: discord.Interaction[Any], campaign: Campaign, state: im.ImperiumState
    ) -> set[im.Side]:
        if await self.bot.is_game_master(interaction, campaign):
            return set(im.SIDES)
        side = im.side_of_member(state, interaction.user.id)
        return {side} if side else set()

    async def require_side(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign,
        state: im.ImperiumState,
        side: im.Side,
        action: str,
    ) -> None:
        """Refuse unless the member speaks for ``side``; ``action`` is an ``imp-action-`` key."""
        if side not in await self.speaks_for(interaction, campaign, state):
            raise NotAllowed(key="imp-only-side", side=side, action=Msg(action))

    async def require_player(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign,
        state: im.ImperiumState,
        action: str,
    ) -> set[im.Side]:
        sides = await self.speaks_for(interaction, campaign, state)
        if not sides:
            raise NotAllowed(key="imp-only-players", action=Msg(action))
        return sides

    async def ship_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        system = getattr(interaction.namespace, "system", None)
        names = im.ship_suggestions(state, current)
        if isinstance(system, str) and system:
            here = im.ship_suggestions(state, current, system=system)
            names = here or names
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def system_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        return [app_commands.Choice(name=n, value=n) for n in im.system_suggestions(state, current)]

    async def ships_list_autocomplete(
        self, interaction: discord.Interaction[Any], current: str, unique: bool = True
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        system = getattr(interaction.namespace, "system", None)
        ships = [s.name for s in state.ships]
        if isinstance(system, str) and system:
            here = [s.name for s in im.ships_in(state, system)]
            ships = here or ships
        return list_choices(ships, current, unique)


# ----------------------------------------------------------------------------------------------
# /imperium
# ----------------------------------------------------------------------------------------------


class ImperiumCog(
    ImperiumBase,
    commands.GroupCog,
    group_name="imperium",
    group_description="GDW Imperium with the fix kit",
):
    """GDW Imperium: roster, systems, screens, fire steps, status."""

    help_section = "GDW Imperium"
    help_order = 40

    ship = app_commands.Group(name="ship", description="The fleet roster")
    system = app_commands.Group(name="system", description="Systems")

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    # -- campaign ----------------------------------------------------------------------------
    @app_commands.command(name="setup", description="Start a GDW Imperium campaign here")
    @app_commands.rename(first_war="first-war")
    @app_commands.describe(
        terran="The member who plays the Terrans",
        imperial="The member who plays the Imperials",
        first_war="Use the fix kit's first-war Imperial worlds and outposts",
    )
    async def setup_(
        self,
        interaction: discord.Interaction[Any],
        terran: discord.User | None = None,
        imperial: discord.User | None = None,
        first_war: bool = False,
    ) -> None:
        if terran is not None and imperial is not None and terran.id == imperial.id:
            raise InputError(key="imp-same-member")
        state = im.new_campaign(
            [terran.id] if terran else [], [imperial.id] if imperial else [], first_war
        )
        async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
            tx.create(GAME, state)
            tx.record(history("imp-hist-setup", first="yes" if first_war else "no"))
        await interaction.response.send_message(embed=render_setup(state, lang(interaction)))

    @app_commands.command(name="join", description="Play a side")
    @app_commands.describe(side="The side you play")
    async def join(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            current = im.side_of_member(state, interaction.user.id)
            if current == side:
                raise InputError(key="imp-already-play", side=side)
            if current is not None:
                raise InputError(key="imp-play-other", side=current)
            new = state.model_copy(deep=True)
            new.players[side].append(interaction.user.id)
            tx.set_state(new)
            tx.record(
                history("imp-hist-join", member=interaction.user.display_name, side=_side(side))
            )
        await interaction.response.send_message(
            tr(interaction, "imp-joined", member=f"<@{interaction.user.id}>", side=side),
            view=undo_button(interaction, tx),
        )

    @app_commands.command(name="status", description="Sides, RUs, systems, fleets, combats")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(embed=render_status(state, lang(interaction)))

    @app_commands.command(name="fleet", description="The roster, or one system's ships")
    @app_commands.describe(system="Only the ships in this system")
    async def fleet(self, interaction: discord.Interaction[Any], system: str | None = None) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(
            embed=render_fleet(state, system, lang(interaction))
        )

    fleet.autocomplete("system")(ImperiumBase.system_autocomplete)

    @app_commands.command(name="rus", description="GM: set a side's RUs or income")
    @app_commands.describe(side="Whose RUs", stock="RUs in stock", income="RUs per full turn")
    async def rus(
        self,
        interaction: discord.Interaction[Any],
        side: SideOpt,
        stock: app_commands.Range[int, 0, 100000] | None = None,
        income: app_commands.Range[int, 0, 100000] | None = None,
    ) -> None:
        if stock is None and income is None:
            raise InputError(key="imp-give-stock-or-income")
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="imp-action-set-rus"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new = im.set_rus(state, side, stock, income)
            tx.set_state(new)
            tx.record(
                history(
                    "imp-hist-rus", side=_side(side), rus=new.rus[side], income=new.income[side]
                )
            )
        await interaction.response.send_message(
            tr(interaction, "imp-rus-set", side=side, rus=new.rus[side], income=new.income[side]),
            view=undo_button(interaction, tx),
        )

    @app_commands.command(name="war", description="GM: begin the war")
    @app_commands.describe(phasing="The side that moves first (phasing player)")
    async def war(
        self, interaction: discord.Interaction[Any], phasing: SideOpt | None = None
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="imp-action-begin-war"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new = im.begin_war(state, phasing)
            tx.set_state(new)
            tx.record(history("imp-hist-war", war=new.war))
        await interaction.response.send_message(
            tr(interaction, "imp-war-begins", war=new.war, side=new.phasing),
            view=undo_button(interaction, tx),
        )

    @app_commands.command(name="phasing", description="Set the phasing player")
    @app_commands.describe(side="The phasing side this turn")
    async def phasing(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "imp-action-set-phasing")
            tx.set_state(im.set_phasing(state, side))
            tx.record(history("imp-hist-phasing", side=_side(side)))
        await interaction.response.send_message(
            tr(interaction, "imp-phasing-set", side=side), view=undo_button(interaction, tx)
        )

    @app_commands.command(name="interwar", description="GM: end the war, pay interwar income")
    async def interwar(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="imp-action-end-war"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new, out = im.interwar(state)
            tx.set_state(new)
            tx.record(history("imp-hist-interwar", war=new.war))
        await interaction.response.send_message(
            embed=render_interwar(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    # -- systems -------------------------------------------------------------------------------
    @system.command(name="set", description="GM: create or change a system")
    @app_commands.describe(
        name="System (new or existing)",
        owner="Owner",
        worlds="Worlds",
        outposts="Outposts",
        homeworld="One world is a homeworld",
    )
    async def system_set(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        owner: OwnerOpt | None = None,
        worlds: app_commands.Range[int, 0, 20] | None = None,
        outposts: app_commands.Range[int, 0, 20] | None = None,
        homeworld: bool | None = None,
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="imp-action-change-systems"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            own: im.Side | Literal["keep"] | None = (
                "keep" if owner is None else None if owner == "none" else owner
            )
            new, system = im.set_system(
                state, name, owner=own, worlds=worlds, outposts=outposts, homeworld=homeworld
            )
            tx.set_state(new)
            tx.record(history("imp-hist-system", line=system_msg(system)))
        await interaction.response.send_message(
            system_line(system, lang(interaction)), view=undo_button(interaction, tx)
        )

    system_set.autocomplete("name")(ImperiumBase.system_autocomplete)

    # -- ships ---------------------------------------------------------------------------------
    @ship.command(name="add", description="Add a ship counter")
    @app_commands.describe(
        name="Unique name or label",
        type="Type as printed: CR, missile boat, scout…",
        system="Where it is",
        side="Whose (default: your side)",
        tclass="Tactical class (unless the type names one)",
        maintenance="Printed maintenance number (fix-kit types: none)",
        screen="Printed screen factor",
        jump="Jump capable (default: not fighters/PDS)",
        disrupted="Starts disrupted",
        strength="Troops: printed strength",
        carries="Motherships: fighters carried",
    )
    async def ship_add(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        type: str,
        system: str,
        side: SideOpt | None = None,
        tclass: str | None = None,
        maintenance: app_commands.Range[int, 0, 20] | None = None,
        screen: app_commands.Range[int, 0, 6] = 0,
        jump: bool | None = None,
        disrupted: bool = False,
        strength: app_commands.Range[int, 0, 99] = 0,
        carries: app_commands.Range[int, 0, 99] = 0,
    ) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            whose = side or im.side_of_member(state, interaction.user.id)
            if whose is None:
                raise InputError(key="imp-whose-ship")
            await self.require_side(interaction, tx.campaign, state, whose, "imp-action-add-ships")
            new, ship = im.add_ship(
                state,
                name=name,
                side=whose,
                type_name=type,
                system=system,
                tclass=im.as_tclass(tclass_value(tclass)),
                maintenance=maintenance,
                screen=screen,
                jump=jump,
                disrupted=disrupted,
                strength=strength,
                carries=carries,
            )
            tx.set_state(new)
            tx.record(
                history(
                    "imp-hist-ship-added",
                    ship=ship.name,
                    type=ship.type,
                    side=_side(ship.side),
                    state=Msg("imp-ship-disrupted" if ship.disrupted else "imp-ship-ready"),
                    system=ship.system or "—",
                )
            )
        await interaction.response.send_message(
            embed=render_ship(ship, "added", lang(interaction)), view=undo_button(interaction, tx)
        )

    ship_add.autocomplete("system")(ImperiumBase.system_autocomplete)

    @ship_add.autocomplete("tclass")
    async def _tclass_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        loc = lang(interaction)
        shown = {t(loc, "imp-tclass-choice", tclass=c): c for c in im.TCLASSES}
        return [app_commands.Choice(name=n, value=shown[n]) for n in im.suggest(shown, current)]

    async def _ship_change(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        verb: str,
        change: Callable[[im.ImperiumState, str], tuple[im.ImperiumState, im.Ship]],
    ) -> tuple[im.Ship, discord.ui.View]:
        """The changed ship, and the Undo button for the reply."""
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            ship = im.find_ship(state, name)
            await self.require_side(
                interaction, tx.campaign, state, ship.side, f"imp-action-{verb}"
            )
            new, changed = change(state, ship.name)
            tx.set_state(new)
            tx.record(history("imp-hist-ship", verb=verb, ship=changed.name))
        return changed, undo_button(interaction, tx)

    @ship.command(name="remove", description="Take a ship off the roster")
    @app_commands.describe(ship="The ship")
    async def ship_remove(self, interaction: discord.Interaction[Any], ship: str) -> None:
        gone, view = await self._ship_change(interaction, ship, "remove", im.remove_ship)
        await interaction.response.send_message(
            tr(interaction, "imp-ship-removed", ship=gone.name), view=view
        )

    @ship.command(name="disrupt", description="Mark a ship disrupted")
    @app_commands.describe(ship="The ship")
    async def ship_disrupt(self, interaction: discord.Interaction[Any], ship: str) -> None:
        changed, view = await self._ship_change(
            interaction, ship, "disrupt", lambda s, n: im.set_disrupted(s, n, True)
        )
        await interaction.response.send_message(
            embed=render_ship(changed, "disrupted", lang(interaction)), view=view
        )

    @ship.command(name="repair", description="Mark a ship undisrupted")
    @app_commands.describe(ship="The ship")
    async def ship_repair(self, interaction: discord.Interaction[Any], ship: str) -> None:
        changed, view = await self._ship_change(
            interaction, ship, "repair", lambda s, n: im.set_disrupted(s, n, False)
        )
        await interaction.response.send_message(
            embed=render_ship(changed, "repaired", lang(interaction)), view=view
        )

    @ship.command(name="move", description="Move a ship to another system")
    @app_commands.describe(ship="The ship", system="Where it goes")
    async def ship_move(
        self, interaction: discord.Interaction[Any], ship: str, system: str
    ) -> None:
        changed, view = await self._ship_change(
            interaction, ship, "move", lambda s, n: im.move_ship(s, n, system)
        )
        await interaction.response.send_message(
            tr(interaction, "imp-ship-moved", ship=changed.name, system=changed.system or "—"),
            view=view,
        )

    for _cmd in (ship_remove, ship_disrupt, ship_repair, ship_move):
        _cmd.autocomplete("ship")(ImperiumBase.ship_autocomplete)
    del _cmd
    ship_move.autocomplete("system")(ImperiumBase.system_autocomplete)

    # -- combat --------------------------------------------------------------------------------
    @app_commands.command(name="screen", description="Screen roll for a hit ship")
    @app_commands.describe(ship="The ship hit", source="What hit it")
    async def screen(
        self,
        interaction: discord.Interaction[Any],
        ship: str,
        source: SourceOpt = "space combat",
    ) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "imp-action-apply-hits")
            new, out = im.screen_roll(state, ship, dice, source)
            tx.set_state(new)
            tx.record(
                history(
                    "imp-hist-hit",
                    ship=out.result.ship,
                    result=Msg.of("imp-fate", fate=out.result.result),
                ),
                dice.draws,
            )
        await interaction.response.send_message(
            embed=render_screen(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    screen.autocomplete("ship")(ImperiumBase.ship_autocomplete)

    @app_commands.command(name="fire-steps", description="The fire steps and who declares what")
    @app_commands.describe(system="The system in combat")
    async def fire_steps(self, interaction: discord.Interaction[Any], system: str) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(
            embed=render_fire_steps(im.fire_steps_info(state, system), lang(interaction))
        )

    fire_steps.autocomplete("system")(ImperiumBase.system_autocomplete)

    @app_commands.command(name="hits", description="Apply one fire step's hits")
    @app_commands.describe(
        system="System in combat",
        step="Fire step 1-5",
        ships="Ships hit, comma-separated (twice = two hits)",
    )
    async def hits(
        self,
        interaction: discord.Interaction[Any],
        system: str,
        step: app_commands.Range[int, 1, 5],
        ships: str | None = None,
    ) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "imp-action-apply-hits")
            new, out = im.apply_fire_step(state, system, step, split_names(ships), dice)
            tx.set_state(new)
            tx.record(
                history("imp-hist-fire-step", system=out.system, step=step, n=len(out.results)),
                dice.draws,
            )
        await interaction.response.send_message(
            embed=render_step(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    hits.autocomplete("system")(ImperiumBase.system_autocomplete)

    @hits.autocomplete("ships")
    async def _hits_ships(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.ships_list_autocomplete(interaction, current, unique=False)

    @app_commands.command(name="range", description="Initiative holder: choose the range")
    @app_commands.rename(range_="range", jump_to="jump-to", load_fighters="load-fighters")
    @app_commands.describe(
        system="System in combat",
        range_="New range",
        jump_to="Disengage: where to jump",
        load_fighters="Disengage: load fighters on motherships",
    )
    async def range_cmd(
        self,
        interaction: discord.Interaction[Any],
        system: str,
        range_: RangeOpt,
        jump_to: str | None = None,
        load_fighters: bool = True,
    ) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            combat = im.find_combat(state, im.find_system(state, system).name)
            holder = combat.last_initiative if combat else None
            if holder is None:
                raise InputError(key="imp-roll-initiative-first", system=system)
            await self.require_side(
                interaction, tx.campaign, state, holder, "imp-action-choose-range"
            )
            new, out = im.choose_range(
                state, system, holder, range_, jump_to=jump_to, load_fighters=load_fighters
            )
            tx.set_state(new)
            tx.record(
                history(
                    "imp-hist-range",
                    system=out.system,
                    before=Msg.of("imp-range", range=out.before),
                    after=Msg.of("imp-range", range=out.after),
                )
            )
        await interaction.response.send_message(
            embed=render_range(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    range_cmd.autocomplete("system")(ImperiumBase.system_autocomplete)
    range_cmd.autocomplete("jump_to")(ImperiumBase.system_autocomplete)

    @app_commands.command(name="combat-end", description="End a system's combat record")
    @app_commands.describe(system="The system")
    async def combat_end(self, interaction: discord.Interaction[Any], system: str) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "imp-action-end-combat")
            new = im.end_combat(state, system)
            name = im.find_system(state, system).name
            tx.set_state(new)
            tx.record(history("imp-hist-combat-end", system=name))
        await interaction.response.send_message(
            tr(interaction, "imp-combat-ended", system=name), view=undo_button(interaction, tx)
        )

    combat_end.autocomplete("system")(ImperiumBase.system_autocomplete)


# ----------------------------------------------------------------------------------------------
# /initiative and /maintenance
# ----------------------------------------------------------------------------------------------


class ImperiumPhases(ImperiumBase, commands.Cog):
    """GDW Imperium: initiative each combat round, maintenance each turn."""

    help_section = "GDW Imperium"
    help_order = 41

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="initiative", description="GDW Imperium: roll the combat initiative in a system"
    )
    @app_commands.rename(range_="range", jump_to="jump-to", load_fighters="load-fighters")
    @app_commands.describe(
        system="The system in combat",
        mode="Space or surface combat",
        range_="The holder's range choice (space; applied if you play the holder)",
        jump_to="Disengage: the system the ships jump to",
        load_fighters="Disengage: load fighters onto motherships first",
        phasing="First round only: the phasing side (default: the campaign's)",
    )
    async def initiative(
        self,
        interaction: discord.Interaction[Any],
        system: str,
        mode: ModeOpt = "space",
        range_: RangeOpt | None = None,
        jump_to: str | None = None,
        load_fighters: bool = True,
        phasing: SideOpt | None = None,
    ) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            sides = await self.require_player(
                interaction, tx.campaign, state, "imp-action-roll-initiative"
            )
            new, out = im.roll_initiative(
                state,
                system,
                dice,
                mode=mode,
                range_choice=range_,
                phasing=phasing,
                jump_to=jump_to,
                load_fighters=load_fighters,
                may_choose=sides,
            )
            tx.set_state(new)
            tx.record(
                history(
                    "imp-hist-initiative",
                    system=out.system,
                    mode=mode,
                    round=out.round,
                    side=_side(out.holder),
                ),
                dice.draws,
            )
        await interaction.response.send_message(
            embed=render_initiative(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    initiative.autocomplete("system")(ImperiumBase.system_autocomplete)
    initiative.autocomplete("jump_to")(ImperiumBase.system_autocomplete)

    @app_commands.command(
        name="maintenance", description="GDW Imperium: resolve a system's maintenance"
    )
    @app_commands.describe(
        system="The system",
        overhaul="Ships to overhaul (comma-separated; costs RUs = maintenance number)",
        routine="Ships given routine maintenance (comma-separated; 'none' for none)",
    )
    async def maintenance(
        self,
        interaction: discord.Interaction[Any],
        system: str,
        overhaul: str | None = None,
        routine: str | None = None,
    ) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            sides = await self.require_player(
                interaction, tx.campaign, state, "imp-action-run-maintenance"
            )
            kept: list[str] | None
            if routine is None:
                kept = None
            elif routine.strip().lower() in NONE_WORDS:
                kept = []
            else:
                kept = split_names(routine)
            plan = im.plan_maintenance(state, system, split_names(overhaul), kept)
            for side in im.SIDES:
                if plan.cost[side] and side not in sides:
                    raise NotAllowed(key="imp-only-side-overhaul", side=side)
            if kept is not None and plan.owner is not None and plan.owner not in sides:
                raise NotAllowed(key="imp-only-side-routine", side=plan.owner)
            new, out = im.apply_maintenance(state, plan, dice)
            tx.set_state(new)
            lost = sum(1 for s in out.ships if s.after == "destroyed")
            tx.record(
                history("imp-hist-maintenance", system=out.system, n=len(out.ships), lost=lost),
                dice.draws,
            )
        await interaction.response.send_message(
            embed=render_maintenance(out, lang(interaction)), view=undo_button(interaction, tx)
        )

    maintenance.autocomplete("system")(ImperiumBase.system_autocomplete)

    @maintenance.autocomplete("overhaul")
    async def _overhaul_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.ships_list_autocomplete(interaction, current)

    @maintenance.autocomplete("routine")
    async def _routine_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.ships_list_autocomplete(interaction, current)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(ImperiumCog(bot))
    await bot.add_cog(ImperiumPhases(bot))
