"""GDW Imperium with the fix kit: /imperium (roster, systems, screens, fire steps, status),
/initiative and /maintenance. The rules live in :mod:`bot.rules.imperium`."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BotError, InputError, NoCampaign, NotAllowed
from bot.games import game_title
from bot.rules import imperium as im
from bot.storage import Campaign
from bot.ui import EmbedBuilder

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = "imperium"
SideOpt = Literal["terran", "imperial"]
OwnerOpt = Literal["terran", "imperial", "none"]
RangeOpt = Literal["short", "long", "disengage"]
ModeOpt = Literal["space", "surface"]
SourceOpt = Literal["space combat", "planetary defence fire"]
NONE_WORDS = {"none", "-", "nobody", "no"}


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text lives here)
# ----------------------------------------------------------------------------------------------

WAR_START_REMINDER = (
    "Reminder: no system may start a war with more ships than its routine maintenance limit "
    "(6 factors per friendly outpost, 20 per friendly world; each ship uses its maintenance "
    "number); the bot checks it."
)
FIRE_STEPS: tuple[str, ...] = (
    "Defensive fire against suicide attacks",
    "Suicide attacks (beams)",
    "Normal beam attacks",
    "Normal or short-range missile fire",
    "Time-on-target missile attacks (+1 to hit; only ships that survived steps 1–4)",
)


def pct(p: Fraction) -> str:
    """A probability as '58.3 %'."""
    return f"{float(p) * 100:.1f} %"


def embed(title: str, lines: Sequence[str]) -> discord.Embed:
    return EmbedBuilder(title, "\n".join(lines)).build()


def system_line(system: im.StarSystem, ships: int = 0) -> str:
    owner = im.side_name(system.owner) if system.owner else "unowned"
    bits = [f"{system.worlds} world(s)", f"{system.outposts} outpost(s)"]
    if system.homeworld:
        bits.append("homeworld")
    text = (
        f"{system.name}: {owner}, {', '.join(bits)}, {system.routine_factors} maintenance factors"
    )
    return text + (f", {ships} ship(s)" if ships else "")


def ship_line(ship: im.Ship) -> str:
    bits = [
        f"{ship.type} ({ship.tclass})",
        f"maint {ship.maintenance}",
        f"screen {ship.screen}",
        "disrupted" if ship.disrupted else "ready",
        "jump" if ship.jump else "no jump",
    ]
    if ship.strength:
        bits.append(f"strength {ship.strength}")
    if ship.carries:
        bits.append(f"carries {ship.carries}")
    at = ship.system or "jump space"
    return f"{im.side_name(ship.side)} · {ship.name} @ {at}: {', '.join(bits)}"


def render_ship(ship: im.Ship, verb: str) -> discord.Embed:
    return embed(f"GDW Imperium — {verb}", [ship_line(ship)])


def render_fleet(state: im.ImperiumState, system: str | None) -> discord.Embed:
    if system is not None:
        where = im.find_system(state, system)
        ships = im.ships_in(state, where.name)
        builder = EmbedBuilder(f"GDW Imperium — fleet at {where.name}", system_line(where))
    else:
        ships = list(state.ships)
        builder = EmbedBuilder("GDW Imperium — fleet")
    ordered = sorted(ships, key=lambda s: (s.side, (s.system or "").lower(), s.name.lower()))
    builder.long_field("Ships", [ship_line(s) for s in ordered] or ["No ships."])
    return builder.build()


def render_status(state: im.ImperiumState) -> discord.Embed:
    lines: list[str] = []
    for side in im.SIDES:
        who = ", ".join(f"<@{m}>" for m in state.players[side]) or "nobody"
        count = sum(1 for s in state.ships if s.side == side)
        lines.append(
            f"{im.side_name(side)} ({who}): {state.rus[side]} RU, income {state.income[side]} RU, "
            f"{count} ships"
        )
    for system in sorted(state.systems, key=lambda s: s.name.lower()):
        lines.append(system_line(system, len(im.ships_in(state, system.name))))
    for c in state.combats:
        holder = im.side_name(c.last_initiative) if c.last_initiative else "—"
        surf = f", surface round {c.surface_round}" if c.surface_round else ""
        lines.append(
            f"Combat at {c.system}: round {c.round}, initiative {holder}, range {c.range}{surf}"
        )
    if not state.at_war:
        lines += [f"Over the routine limit: {p}" for p in im.routine_limit_problems(state)]
    builder = EmbedBuilder("GDW Imperium — status", im.summarize(state))
    builder.long_field("Campaign", lines)
    return builder.build()


def render_setup(state: im.ImperiumState) -> discord.Embed:
    lines = [
        f"{im.side_name(s)}: " + (", ".join(f"<@{m}>" for m in state.players[s]) or "nobody yet")
        for s in im.SIDES
    ]
    if state.first_war_setup:
        fw = im.tables().first_war
        lines.append("First war set-up. Imperial worlds: " + ", ".join(fw.imperial_worlds) + ".")
        lines.append("Imperial outposts: " + ", ".join(fw.imperial_outposts) + ".")
    lines.append(WAR_START_REMINDER)
    lines.append(
        "Next: /imperium system set for the other systems, /imperium ship add for the fleets, "
        "then /imperium war."
    )
    return embed("GDW Imperium campaign started", lines)


def side_roll_line(roll: im.SideRoll, mode: im.Mode) -> str:
    speed = "tactical speed" if mode == "space" else "surface speed"
    parts = [f"slowest {roll.slowest_unit} {speed} {roll.slowest}"]
    if roll.fewer_bonus:
        parts.append(f"fewer non-fighter units +{roll.fewer_bonus}")
    if roll.held_bonus:
        parts.append(f"had the initiative last round +{roll.held_bonus}")
    mods = ", ".join(parts)
    if roll.die is None:
        return f"{im.side_name(roll.side)}: {mods}"
    return f"{im.side_name(roll.side)}: die {roll.die} + {mods} = {roll.total}"


def disengagement_lines(d: im.Disengagement) -> list[str]:
    where = d.destination or "jump space (place them with /imperium ship move)"
    lines = [
        f"{im.side_name(d.side)} disengages: jump out to {where}: "
        + (", ".join(d.jumped) or "no ship")
    ]
    if d.loaded:
        lines.append("Fighters loaded on motherships: " + ", ".join(d.loaded))
    if d.stayed:
        lines.append("Left behind (no room or cannot jump): " + ", ".join(d.stayed))
    return lines


def range_line(out: im.InitiativeOutcome) -> str:
    holder = im.side_name(out.holder)
    after = out.range_after
    not_theirs = (
        f" (the requested {out.range_requested} was not applied: only {holder} chooses the range)"
        if out.range_not_holder
        else ""
    )
    if out.round == 1:
        return f"Range: {after} (chosen by {holder} for the first round){not_theirs}."
    if out.tie:
        ignored = (
            f" (the requested {out.range_requested} was not applied)"
            if out.range_requested and out.range_requested != after and not out.range_not_holder
            else not_theirs
        )
        return f"Range stays {after}: locked by the tie{ignored}."
    if out.range_applied:
        if out.disengagement is not None:
            return f"Range: {holder} moves long → disengage."
        verb = "keeps" if out.range_before == after else "moves"
        return f"Range: {holder} {verb} it {out.range_before} → {after}."
    steps = " or ".join(im.RANGE_STEPS[after or "long"])
    return f"Range is {after}{not_theirs}; {holder} may choose {steps} with /imperium range."


def render_initiative(out: im.InitiativeOutcome) -> discord.Embed:
    kind = "Space" if out.mode == "space" else "Surface"
    holder = im.side_name(out.holder)
    lines: list[str] = []
    if not out.rolled:
        lines.append(f"First round: the phasing player ({holder}) has the initiative, no roll.")
    else:
        lines += [side_roll_line(roll, out.mode) for roll in out.sides]
        lines += [
            f"{im.side_name(side)} chance to win the initiative: {pct(out.odds[side])}"
            for side in im.SIDES
        ]
        if out.tie:
            lines.append(
                f"Tie: the initiative passes to {holder}, who did not have it last round, and "
                "the range cannot change this round."
            )
        else:
            lines.append(f"{holder} wins the initiative.")
    if out.mode == "space":
        lines.append(range_line(out))
        lines.append(
            f"Allocation: {im.side_name(im.other_side(out.holder))} places ships first; "
            f"{holder} matches them and declares fire types first."
        )
    else:
        for side in im.SIDES:
            units = out.surface.get(side, ())
            listed = ", ".join(f"{name} {strength}" for name, strength in units) or "none"
            lines.append(f"{im.side_name(side)} surface strengths: {listed}")
        lines.append(
            f"Surface combat lasts {im.tables().surface_rounds} rounds or until one side has no "
            "units with surface factors; attacks use the printed missile CRT, one unit against "
            "one unit."
        )
    if out.disengagement is not None:
        lines += disengagement_lines(out.disengagement)
    if out.combat_over:
        lines.append("The combat ends.")
    return embed(f"{kind} combat at {out.system}, round {out.round}", lines)


def render_range(out: im.RangeOutcome) -> discord.Embed:
    verb = "keeps" if out.before == out.after else "moves"
    lines = [
        f"{im.side_name(out.side)} {verb} the range at {out.system}: {out.before} → {out.after}."
    ]
    if out.disengagement is not None:
        lines += disengagement_lines(out.disengagement)
    if out.combat_over:
        lines.append("The combat ends.")
    return embed("GDW Imperium — range", lines)


HIT_REASONS: dict[str, str] = {
    "hit twice": "hit {hits} times in one step",
    "already disrupted": "already disrupted",
    "weak screen": "screen {screen}, below {minimum}: no screen roll",
    "screen held": "{die} is below screen {screen}",
    "screen failed": "{die} is not below screen {screen}",
}


def hit_line(r: im.HitResult) -> str:
    why = HIT_REASONS[r.reason].format(
        hits=r.hits, screen=r.screen, die=r.die, minimum=im.tables().screen_minimum
    )
    if r.die is None:
        return f"{r.ship}: {r.result} ({why})"
    return (
        f"{r.ship}: screen {r.screen}, die {r.die} → {r.result} ({why}; chance to be only "
        f"disrupted: {pct(r.save_chance)})"
    )


def render_screen(out: im.ScreenOutcome) -> discord.Embed:
    return embed("GDW Imperium — screen", [f"Hit from {out.source}. " + hit_line(out.result)])


def render_fire_steps(combat: im.Combat) -> discord.Embed:
    assert combat.last_initiative is not None
    holder = im.side_name(combat.last_initiative)
    other = im.side_name(im.other_side(combat.last_initiative))
    lines = [
        f"{other} placed ships first; {holder} matches them and declares fire types first.",
        f"Only {holder} (initiative) may declare suicide attacks (beams) or time-on-target "
        f"attacks (missiles); {other} may not.",
    ]
    for i, text in enumerate(FIRE_STEPS, start=1):
        done = " (done)" if i <= combat.fire_step else ""
        lines.append(f"{i}. {text}{done}")
    lines.append(
        "Roll each attack on your printed CRT; apply every step's hits (destroyed / disrupted) "
        "before the next step with /imperium hits. A ship defends in a step with the state it "
        "had at that step's start; a ship hit twice in one step is eliminated."
    )
    title = f"Fire steps at {combat.system}, round {combat.round} (range {combat.range})"
    return embed(title, lines)


def render_step(out: im.StepOutcome) -> discord.Embed:
    lines = [hit_line(r) for r in out.results] or ["No hits."]
    return embed(f"Step {out.step} at {out.system}: {FIRE_STEPS[out.step - 1]}", lines)


def maintenance_line(s: im.ShipMaintenance) -> str:
    if s.care == "overhaul":
        return f"{s.name}: overhaul ({s.maintenance} RU) → {s.after}"
    if s.care == "routine":
        return f"{s.name}: routine ({s.maintenance} factors) → stays {s.after}"
    chances = ", ".join(f"{k} {pct(v)}" for k, v in s.odds.items() if v)
    return (
        f"{s.name}: frontier, maintenance {s.maintenance}, was {s.before}, die {s.die} → "
        f"{s.after} ({chances})"
    )


def render_maintenance(out: im.MaintenanceOutcome) -> discord.Embed:
    builder = EmbedBuilder(
        f"Maintenance at {out.system}",
        f"Routine {out.factors_used}/{out.factors} factors used.",
    )
    paid = [
        f"{im.side_name(side)} pays {out.paid[side]} RU for overhauls."
        for side in im.SIDES
        if out.paid[side]
    ]
    lines = paid + ([maintenance_line(s) for s in out.ships] or ["No ships here."])
    lost = [s.name for s in out.ships if s.after == "destroyed"]
    if lost:
        lines.append("Destroyed and removed: " + ", ".join(lost))
    builder.long_field("Ships", lines)
    return builder.build()


def render_interwar(out: im.InterwarOutcome) -> discord.Embed:
    parts = [f"{im.side_name(s)} +{out.income[s]} RU (now {out.rus[s]} RU)" for s in im.SIDES]
    return embed(
        "GDW Imperium — interwar",
        [
            f"Both sides receive a full turn's income: {'; '.join(parts)}.",
            f"Set up for war {out.war}.",
            WAR_START_REMINDER,
        ],
    )


# ----------------------------------------------------------------------------------------------
# Helpers
# ----------------------------------------------------------------------------------------------


def split_names(text: str | None) -> list[str]:
    if text is None:
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


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
            raise BotError("Use this command in a server channel.")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(
                "No GDW Imperium campaign in this channel — start one with /imperium setup."
            )
        if campaign.game != GAME:
            raise NoCampaign(
                f"This channel plays {game_title(campaign.game)}, not GDW Imperium — "
                "use that game's commands here, or another channel for this one."
            )
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
        if side not in await self.speaks_for(interaction, campaign, state):
            raise NotAllowed(
                f"Only {im.side_name(side)}'s players or the game master may {action}."
            )

    async def require_player(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign,
        state: im.ImperiumState,
        action: str,
    ) -> set[im.Side]:
        sides = await self.speaks_for(interaction, campaign, state)
        if not sides:
            raise NotAllowed(
                f"Only the campaign's players or the game master may {action}; "
                "take a side with /imperium join."
            )
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
            raise InputError("One member cannot play both sides; pick two members.")
        state = im.new_campaign(
            [terran.id] if terran else [], [imperial.id] if imperial else [], first_war
        )
        async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
            tx.create(GAME, state)
            tx.record("Campaign started" + (" (first war set-up)" if first_war else ""))
        await interaction.response.send_message(embed=render_setup(state))

    @app_commands.command(name="join", description="Play a side")
    @app_commands.describe(side="The side you play")
    async def join(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            current = im.side_of_member(state, interaction.user.id)
            if current == side:
                raise InputError(f"You already play {im.side_name(side)}.")
            if current is not None:
                raise InputError(f"You play {im.side_name(current)}; a member plays one side only.")
            new = state.model_copy(deep=True)
            new.players[side].append(interaction.user.id)
            tx.set_state(new)
            tx.record(f"{interaction.user.display_name} joins {im.side_name(side)}")
        await interaction.response.send_message(
            f"<@{interaction.user.id}> plays {im.side_name(side)}."
        )

    @app_commands.command(name="status", description="Sides, RUs, systems, fleets, combats")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(embed=render_status(state))

    @app_commands.command(name="fleet", description="The roster, or one system's ships")
    @app_commands.describe(system="Only the ships in this system")
    async def fleet(self, interaction: discord.Interaction[Any], system: str | None = None) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(embed=render_fleet(state, system))

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
            raise InputError("Give stock, income or both.")
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="set RUs"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new = im.set_rus(state, side, stock, income)
            tx.set_state(new)
            tx.record(f"{im.side_name(side)} RUs: {new.rus[side]}, income {new.income[side]}")
        await interaction.response.send_message(
            f"{im.side_name(side)}: {new.rus[side]} RU in stock, income {new.income[side]} RU."
        )

    @app_commands.command(name="war", description="GM: begin the war")
    @app_commands.describe(phasing="The side that moves first (phasing player)")
    async def war(
        self, interaction: discord.Interaction[Any], phasing: SideOpt | None = None
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="begin the war"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new = im.begin_war(state, phasing)
            tx.set_state(new)
            tx.record(f"War {new.war} begins")
        await interaction.response.send_message(
            f"War {new.war} begins: every system is within its routine maintenance limit. "
            f"{im.side_name(new.phasing)} is the phasing player."
        )

    @app_commands.command(name="phasing", description="Set the phasing player")
    @app_commands.describe(side="The phasing side this turn")
    async def phasing(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "set the phasing player")
            tx.set_state(im.set_phasing(state, side))
            tx.record(f"Phasing player: {im.side_name(side)}")
        await interaction.response.send_message(f"{im.side_name(side)} is the phasing player.")

    @app_commands.command(name="interwar", description="GM: end the war, pay interwar income")
    async def interwar(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="end the war"
        ) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            new, out = im.interwar(state)
            tx.set_state(new)
            tx.record(f"Interwar income; set-up for war {new.war}")
        await interaction.response.send_message(embed=render_interwar(out))

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
            interaction, game=GAME, game_master=True, action="change systems"
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
            tx.record(f"System {system_line(system)}")
        await interaction.response.send_message(system_line(system))

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
                raise InputError("Say whose ship it is with side:.")
            await self.require_side(interaction, tx.campaign, state, whose, "add their ships")
            new, ship = im.add_ship(
                state,
                name=name,
                side=whose,
                type_name=type,
                system=system,
                tclass=im.as_tclass(tclass),
                maintenance=maintenance,
                screen=screen,
                jump=jump,
                disrupted=disrupted,
                strength=strength,
                carries=carries,
            )
            tx.set_state(new)
            tx.record(f"Ship added: {ship.label()} at {ship.system}")
        await interaction.response.send_message(embed=render_ship(ship, "ship added"))

    ship_add.autocomplete("system")(ImperiumBase.system_autocomplete)

    @ship_add.autocomplete("tclass")
    async def _tclass_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in im.suggest(im.TCLASSES, current)]

    async def _ship_change(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        verb: str,
        change: Callable[[im.ImperiumState, str], tuple[im.ImperiumState, im.Ship]],
    ) -> im.Ship:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            ship = im.find_ship(state, name)
            await self.require_side(interaction, tx.campaign, state, ship.side, f"{verb} it")
            new, changed = change(state, ship.name)
            tx.set_state(new)
            tx.record(f"Ship {verb}: {changed.name}")
        return changed

    @ship.command(name="remove", description="Take a ship off the roster")
    @app_commands.describe(ship="The ship")
    async def ship_remove(self, interaction: discord.Interaction[Any], ship: str) -> None:
        gone = await self._ship_change(interaction, ship, "remove", im.remove_ship)
        await interaction.response.send_message(f"{gone.name} is off the roster.")

    @ship.command(name="disrupt", description="Mark a ship disrupted")
    @app_commands.describe(ship="The ship")
    async def ship_disrupt(self, interaction: discord.Interaction[Any], ship: str) -> None:
        changed = await self._ship_change(
            interaction, ship, "disrupt", lambda s, n: im.set_disrupted(s, n, True)
        )
        await interaction.response.send_message(embed=render_ship(changed, "disrupted"))

    @ship.command(name="repair", description="Mark a ship undisrupted")
    @app_commands.describe(ship="The ship")
    async def ship_repair(self, interaction: discord.Interaction[Any], ship: str) -> None:
        changed = await self._ship_change(
            interaction, ship, "repair", lambda s, n: im.set_disrupted(s, n, False)
        )
        await interaction.response.send_message(embed=render_ship(changed, "undisrupted"))

    @ship.command(name="move", description="Move a ship to another system")
    @app_commands.describe(ship="The ship", system="Where it goes")
    async def ship_move(
        self, interaction: discord.Interaction[Any], ship: str, system: str
    ) -> None:
        changed = await self._ship_change(
            interaction, ship, "move", lambda s, n: im.move_ship(s, n, system)
        )
        await interaction.response.send_message(f"{changed.name} is now at {changed.system}.")

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
            await self.require_player(interaction, tx.campaign, state, "apply hits")
            new, out = im.screen_roll(state, ship, dice, source)
            tx.set_state(new)
            tx.record(f"Hit on {out.result.ship}: {out.result.result}", dice.draws)
        await interaction.response.send_message(embed=render_screen(out))

    screen.autocomplete("ship")(ImperiumBase.ship_autocomplete)

    @app_commands.command(name="fire-steps", description="The fire steps and who declares what")
    @app_commands.describe(system="The system in combat")
    async def fire_steps(self, interaction: discord.Interaction[Any], system: str) -> None:
        _, state = await self.load(interaction)
        await interaction.response.send_message(
            embed=render_fire_steps(im.fire_steps_info(state, system))
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
            await self.require_player(interaction, tx.campaign, state, "apply hits")
            new, out = im.apply_fire_step(state, system, step, split_names(ships), dice)
            tx.set_state(new)
            tx.record(f"{out.system} fire step {step}: {len(out.results)} ship(s) hit", dice.draws)
        await interaction.response.send_message(embed=render_step(out))

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
                raise InputError(f"No space combat at {system}: roll /initiative first.")
            await self.require_side(interaction, tx.campaign, state, holder, "choose the range")
            new, out = im.choose_range(
                state, system, holder, range_, jump_to=jump_to, load_fighters=load_fighters
            )
            tx.set_state(new)
            tx.record(f"{out.system}: range {out.before} → {out.after}")
        await interaction.response.send_message(embed=render_range(out))

    range_cmd.autocomplete("system")(ImperiumBase.system_autocomplete)
    range_cmd.autocomplete("jump_to")(ImperiumBase.system_autocomplete)

    @app_commands.command(name="combat-end", description="End a system's combat record")
    @app_commands.describe(system="The system")
    async def combat_end(self, interaction: discord.Interaction[Any], system: str) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = im.ImperiumState.model_validate(tx.campaign.state)
            await self.require_player(interaction, tx.campaign, state, "end a combat")
            new = im.end_combat(state, system)
            name = im.find_system(state, system).name
            tx.set_state(new)
            tx.record(f"Combat at {name} ended")
        await interaction.response.send_message(f"The combat at {name} has ended.")

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
            sides = await self.require_player(interaction, tx.campaign, state, "roll initiative")
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
                f"{out.system} {mode} round {out.round}: {im.side_name(out.holder)} has the "
                "initiative",
                dice.draws,
            )
        await interaction.response.send_message(embed=render_initiative(out))

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
            sides = await self.require_player(interaction, tx.campaign, state, "run maintenance")
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
                    raise NotAllowed(
                        f"Only {im.side_name(side)}'s players or the game master may spend "
                        f"{im.side_name(side)} RUs on overhauls."
                    )
            if kept is not None and plan.owner is not None and plan.owner not in sides:
                raise NotAllowed(
                    f"Only {im.side_name(plan.owner)}'s players or the game master may choose "
                    "who gets routine maintenance; leave routine out for the default."
                )
            new, out = im.maintain(state, system, dice, split_names(overhaul), kept)
            tx.set_state(new)
            lost = sum(1 for s in out.ships if s.after == "destroyed")
            tx.record(
                f"Maintenance at {out.system}: {len(out.ships)} ship(s), {lost} destroyed",
                dice.draws,
            )
        await interaction.response.send_message(embed=render_maintenance(out))

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
