"""/imperium: the campaign, sides, RUs, the war, screens, fire steps, range and combat records;
the systems and the fleet roster come from :mod:`.roster`. Each command parses its options,
checks permissions, calls a rule of :mod:`bot.rules.imperium` and replies through
:mod:`cogs.imperium.render` and its chapters."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.rules import imperium as im
from bot.rules.errors import BotError, InputError
from bot.ui import lang, tr, undo_button
from cogs.imperium.base import GAME, ImperiumBase, RangeOpt, SideOpt, SourceOpt, split_names
from cogs.imperium.buttons import Press, check_press, fire_buttons, hit_names
from cogs.imperium.combat_render import (
    render_fire_steps,
    render_range,
    render_screen,
    render_step,
)
from cogs.imperium.render import render_fleet, render_interwar, render_setup, render_status
from cogs.imperium.roster import ImperiumRoster

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)


class ImperiumCog(
    ImperiumRoster,
    commands.GroupCog,
    group_name="imperium",
    group_description="GDW Imperium with the fix kit",
):
    """GDW Imperium: roster, systems, screens, fire steps, status."""

    help_section = im.GAME.title
    help_order = 40

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
        state, started = im.new_campaign(
            [terran.id] if terran else [], [imperial.id] if imperial else [], first_war
        )
        async with self.bot.start_campaign(interaction, GAME) as start:
            start.commit(state, started)
            embed = render_setup(state, lang(interaction))
        await send(interaction, embed=embed)

    @app_commands.command(name="join", description="Play a side")
    @app_commands.describe(side="The side you play")
    async def join(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.play(interaction, GAME) as play:
            who = interaction.user
            new, joined = im.join(play.state, side, who.id, who.display_name)
            play.commit(new, joined)
            content = tr(interaction, "imp-joined", member=f"<@{interaction.user.id}>", side=side)
        await send(interaction, content, view=undo_button(interaction, play.tx))

    @app_commands.command(name="status", description="Sides, RUs, systems, fleets, combats")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        state = await self.bot.read_state(interaction, GAME)
        await send(interaction, embed=render_status(state, lang(interaction)))

    @app_commands.command(name="fleet", description="The roster, or one system's ships")
    @app_commands.describe(system="Only the ships in this system")
    async def fleet(self, interaction: discord.Interaction[Any], system: str | None = None) -> None:
        state = await self.bot.read_state(interaction, GAME)
        await send(interaction, embed=render_fleet(state, system, lang(interaction)))

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
        async with self.bot.play(
            interaction, GAME, game_master=True, action="imp-action-set-rus"
        ) as play:
            new, out = im.set_rus(play.state, side, stock, income)
            play.commit(new, out)
            content = tr(
                interaction, "imp-rus-set", side=side, rus=new.rus[side], income=new.income[side]
            )
        await send(interaction, content, view=undo_button(interaction, play.tx))

    @app_commands.command(name="war", description="GM: begin the war")
    @app_commands.describe(phasing="The side that moves first (phasing player)")
    async def war(
        self, interaction: discord.Interaction[Any], phasing: SideOpt | None = None
    ) -> None:
        async with self.bot.play(
            interaction, GAME, game_master=True, action="imp-action-begin-war"
        ) as play:
            new, out = im.begin_war(play.state, phasing)
            play.commit(new, out)
            content = tr(interaction, "imp-war-begins", war=new.war, side=new.phasing)
        await send(interaction, content, view=undo_button(interaction, play.tx))

    @app_commands.command(name="phasing", description="Set the phasing player")
    @app_commands.describe(side="The phasing side this turn")
    async def phasing(self, interaction: discord.Interaction[Any], side: SideOpt) -> None:
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            await self.require_player(interaction, play.campaign, state, "imp-action-set-phasing")
            play.commit(*im.set_phasing(state, side))
            content = tr(interaction, "imp-phasing-set", side=side)
        await send(interaction, content, view=undo_button(interaction, play.tx))

    @app_commands.command(name="interwar", description="GM: end the war, pay interwar income")
    async def interwar(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.play(
            interaction, GAME, game_master=True, action="imp-action-end-war"
        ) as play:
            new, out = im.interwar(play.state)
            play.commit(new, out)
            embed = render_interwar(out, lang(interaction))
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

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
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            await self.require_player(interaction, play.campaign, state, "imp-action-apply-hits")
            new, out = im.screen_roll(state, ship, dice, source)
            play.commit(new, out)
            embed = render_screen(out, lang(interaction))
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

    screen.autocomplete("ship")(ImperiumBase.ship_autocomplete)

    @app_commands.command(name="fire-steps", description="The fire steps and who declares what")
    @app_commands.describe(system="The system in combat")
    async def fire_steps(self, interaction: discord.Interaction[Any], system: str) -> None:
        state = await self.bot.read_state(interaction, GAME)
        await send(
            interaction,
            embed=render_fire_steps(im.fire_steps_info(state, system), lang(interaction)),
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
        await self.hits_of(interaction, system, step, ships)

    async def hits_of(
        self,
        interaction: discord.Interaction[Any],
        system: str | None,
        step: int,
        ships: str | None,
        press: Press | None = None,
        pending: dict[int, int] | None = None,
    ) -> None:
        """One fire step's hits (the command; or Apply hits / No hits, made for ``press`` with
        the ``pending`` hits by the ships' places in the roster)."""
        dice = self.bot.new_dice()
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            if press is not None:
                check_press(play.campaign.campaign_id, play.campaign.version, press)
                if not 0 <= press[2] < len(state.systems):
                    raise BotError(key="imp-buttons-stale")
                system = state.systems[press[2]].name
                names = hit_names(state, pending or {})
                play.tx.command = f"/imperium hits system:{system} step:{step}" + (
                    f" ships:{', '.join(names)}" if names else ""
                )
            else:
                names = split_names(ships)
            assert system is not None
            await self.require_player(interaction, play.campaign, state, "imp-action-apply-hits")
            new, out = im.apply_fire_step(state, system, step, names, dice)
            play.commit(new, out)
            embed = render_step(out, lang(interaction))
        view = fire_buttons(interaction, play.tx, new, out.system)
        await send(interaction, embed=embed, view=view)

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
        await self.range_of(interaction, system, range_, jump_to, load_fighters)

    async def range_of(
        self,
        interaction: discord.Interaction[Any],
        system: str | None,
        range_: RangeOpt,
        jump_to: str | None = None,
        load_fighters: bool = True,
        *,
        press: Press | None = None,
    ) -> None:
        """The holder's range choice (the command, or a Range / Disengage button made for
        ``press``)."""
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            if press is not None:
                check_press(play.campaign.campaign_id, play.campaign.version, press)
                if not 0 <= press[2] < len(state.systems):
                    raise BotError(key="imp-buttons-stale")
                system = state.systems[press[2]].name
                play.tx.command = f"/imperium range system:{system} range:{range_}"
            assert system is not None
            combat = im.find_combat(state, im.find_system(state, system).name)
            holder = combat.last_initiative if combat else None
            if holder is None:
                raise InputError(key="imp-roll-initiative-first", system=system)
            await self.require_side(
                interaction, play.campaign, state, holder, "imp-action-choose-range"
            )
            new, out = im.choose_range(
                state, system, holder, range_, jump_to=jump_to, load_fighters=load_fighters
            )
            play.commit(new, out)
            embed = render_range(out, lang(interaction))
        view = fire_buttons(interaction, play.tx, new, system)
        await send(interaction, embed=embed, view=view)

    range_cmd.autocomplete("system")(ImperiumBase.system_autocomplete)
    range_cmd.autocomplete("jump_to")(ImperiumBase.system_autocomplete)

    @app_commands.command(name="combat-end", description="End a system's combat record")
    @app_commands.describe(system="The system")
    async def combat_end(self, interaction: discord.Interaction[Any], system: str) -> None:
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            await self.require_player(interaction, play.campaign, state, "imp-action-end-combat")
            new, ended = im.end_combat(state, system)
            play.commit(new, ended)
            content = tr(interaction, "imp-combat-end-done", system=ended.system)
        await send(interaction, content, view=undo_button(interaction, play.tx))

    combat_end.autocomplete("system")(ImperiumBase.system_autocomplete)
