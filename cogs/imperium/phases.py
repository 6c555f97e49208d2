"""/initiative and /maintenance: the GDW Imperium phases outside the /imperium group."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.rules import imperium as im
from bot.rules.errors import BotError
from bot.ui import lang, undo_button
from cogs.imperium.base import (
    GAME,
    NONE_WORDS,
    ImperiumBase,
    ModeOpt,
    RangeOpt,
    SideOpt,
    split_names,
)
from cogs.imperium.buttons import Press, check_press, fire_buttons
from cogs.imperium.combat_render import render_initiative
from cogs.imperium.maintenance_render import render_maintenance

if TYPE_CHECKING:
    from bot.app import TableBot


class ImperiumPhases(ImperiumBase, commands.Cog):
    """GDW Imperium: initiative each combat round, maintenance each turn."""

    help_section = im.GAME.title
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
        await self.initiative_of(interaction, system, mode, range_, jump_to, load_fighters, phasing)

    async def initiative_of(
        self,
        interaction: discord.Interaction[Any],
        system: str | None,
        mode: ModeOpt = "space",
        range_: RangeOpt | None = None,
        jump_to: str | None = None,
        load_fighters: bool = True,
        phasing: SideOpt | None = None,
        *,
        press: Press | None = None,
    ) -> None:
        """A combat round's initiative (the command, or Next round made for ``press``)."""
        dice = self.bot.new_dice()
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            if press is not None:
                check_press(play.campaign.campaign_id, play.campaign.version, press)
                if not 0 <= press[2] < len(state.systems):
                    raise BotError(key="imp-buttons-stale")
                system = state.systems[press[2]].name
                surface = " mode:surface" if mode == "surface" else ""
                play.tx.command = f"/initiative system:{system}{surface}"
            assert system is not None
            sides = await self.require_player(
                interaction, play.campaign, state, "imp-action-roll-initiative"
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
            play.commit(new, out)
            embed = render_initiative(out, lang(interaction))
        view = fire_buttons(interaction, play.tx, new, out.system)
        await send(interaction, embed=embed, view=view)

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
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            sides = await self.require_player(
                interaction, play.campaign, state, "imp-action-run-maintenance"
            )
            kept: list[str] | None
            if routine is None:
                kept = None
            elif routine.strip().lower() in NONE_WORDS:
                kept = []
            else:
                kept = split_names(routine)
            plan = im.plan_maintenance(state, system, split_names(overhaul), kept)
            im.check_plan_sides(plan, sides, routine_chosen=kept is not None)
            new, out = im.apply_maintenance(state, plan, dice)
            play.commit(new, out)
            embed = render_maintenance(out, lang(interaction))
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

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
