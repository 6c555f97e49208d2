"""/ia and /deploy-roll: the bot plays the Imperial side of an Imperial Assault mission.

No game logic here: options are parsed, :mod:`bot.rules.imperial_assault` decides, the new
state is stored, and the outcome is rendered by :mod:`cogs.imperial_assault.render`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import answers_privately, send
from bot.rules.imperial_assault import GAME, activation, adaptive, deployment, tables
from bot.rules.imperial_assault.state import (
    ImperialAssaultState,
    deployed_ids,
    manual_deploy_ids,
)
from bot.translator import keyed_choices
from bot.ui import lang, undo_button
from cogs.imperial_assault import render
from cogs.imperial_assault.buttons import Press, check_press, round_view

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_THREAT_CHANGE = 99
MAX_FIGURES = 10


def _group_choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=name[:100], value=value)
        for name, value in pairs[: tables.MAX_SUGGESTIONS]
    ]


def _text_choices(values: list[str]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=v[:100], value=v[:100]) for v in values[: tables.MAX_SUGGESTIONS]
    ]


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------
class ImperialAssaultCog(commands.Cog):
    """Imperial Assault: the bot plays the Empire like the Imperial Commander app."""

    help_section = GAME.title
    help_order = 30

    ia_group = app_commands.Group(
        name="ia", description="Imperial Assault: the bot plays the Empire"
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    # -- /ia setup -------------------------------------------------------------------------------
    @ia_group.command(name="setup", description="Start this channel's Imperial Assault mission")
    @app_commands.rename(threat_level="threat-level", earned_villains="earned-villains")
    @app_commands.choices(difficulty=keyed_choices("difficulty", ("easy", "medium", "hard")))
    @app_commands.describe(
        difficulty="Easy (threat ×0.7), Medium, or Hard (threat ×1.3, DM starts at 2)",
        threat_level="The mission's threat level, 2–12",
        expansions="Owned expansions, comma-separated (default: Core)",
        adaptive="Adaptive difficulty: fame, threat reimbursement and awards (default off)",
        earned_villains="Villains the Empire earned, comma-separated (50 % each to join the hand)",
        threat="Starting threat (default 0)",
    )
    async def setup_cmd(
        self,
        interaction: discord.Interaction[Any],
        difficulty: str,
        threat_level: app_commands.Range[int, tables.MIN_THREAT_LEVEL, tables.MAX_THREAT_LEVEL],
        expansions: app_commands.Range[str, 0, 200] | None = None,
        adaptive: bool = False,
        earned_villains: app_commands.Range[str, 0, 300] | None = None,
        threat: app_commands.Range[int, 0, MAX_THREAT_CHANGE] = 0,
    ) -> None:
        mission = deployment.new_mission(
            difficulty=difficulty,
            threat_level=threat_level,
            expansions=expansions,
            adaptive=adaptive,
            earned_villains=earned_villains,
            threat=threat,
        )
        dice = self.bot.new_dice()
        loc = lang(interaction)
        async with self.bot.start_campaign(interaction, GAME) as start:
            state, outcome = deployment.deal_hand(mission, dice)
            start.commit(state, outcome)
            public = render.render_setup_public(loc, state, outcome)
            hand = render.render_hand(loc, state, outcome.hand)
        await send(interaction, embed=public)
        await send(interaction, embed=hand, ephemeral=True)

    @setup_cmd.autocomplete("expansions")
    async def _expansions_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _text_choices(tables.suggest_expansions(current))
        except Exception:
            log.exception("expansion autocomplete failed")
            return []

    @setup_cmd.autocomplete("earned_villains")
    async def _villains_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            owned: list[str] | None = None
            given = getattr(interaction.namespace, "expansions", None)
            if isinstance(given, str):
                try:
                    owned = tables.parse_expansions(given)
                except Exception:
                    owned = None
            return _text_choices(tables.suggest_villains(current, owned))
        except Exception:
            log.exception("villain autocomplete failed")
            return []

    # -- /deploy-roll ----------------------------------------------------------------------------
    @app_commands.command(
        name="deploy-roll", description="Imperial Assault: end the round — the deployment event"
    )
    async def deploy_roll(self, interaction: discord.Interaction[Any]) -> None:
        await self.deploy_roll_of(interaction)

    async def deploy_roll_of(
        self, interaction: discord.Interaction[Any], press: Press | None = None
    ) -> None:
        """The deployment event (the command, or End round: ``press`` is the campaign and
        round it was made for)."""
        dice = self.bot.new_dice()
        async with self.bot.play(
            interaction, GAME, command="/deploy-roll" if press else None
        ) as play:
            check_press(play.campaign.campaign_id, play.state, press)
            new, outcome = deployment.deploy_roll(play.state, dice)
            play.commit(new, outcome)
            embed = render.render_deploy_roll(lang(interaction), outcome)
        await send(interaction, embed=embed, view=round_view(interaction, play.tx, new))

    # -- /ia activate ----------------------------------------------------------------------------
    @ia_group.command(name="activate", description="The next Imperial activation")
    async def activate(self, interaction: discord.Interaction[Any]) -> None:
        await self.activate_of(interaction)

    async def activate_of(
        self, interaction: discord.Interaction[Any], press: Press | None = None
    ) -> None:
        """The next activation (the command, or Activate next: ``press`` as above)."""
        dice = self.bot.new_dice()
        async with self.bot.play(
            interaction, GAME, command="/ia activate" if press else None
        ) as play:
            check_press(play.campaign.campaign_id, play.state, press)
            new, outcome = activation.activate(play.state, dice)
            play.commit(new, outcome)
            embed = render.render_activation(lang(interaction), outcome)
        await send(interaction, embed=embed, view=round_view(interaction, play.tx, new))

    # -- /ia defeat ------------------------------------------------------------------------------
    @ia_group.command(name="defeat", description="A deployed Imperial group is defeated")
    @app_commands.describe(group="The defeated group (deployed groups autocomplete)")
    async def defeat(
        self, interaction: discord.Interaction[Any], group: app_commands.Range[str, 1, 100]
    ) -> None:
        await self.defeat_of(interaction, group)

    async def defeat_of(
        self, interaction: discord.Interaction[Any], group: str, press: Press | None = None
    ) -> None:
        """``group`` is defeated (the command, or a choice in Defeated…)."""
        command = f"/ia defeat group:{group}" if press else None
        async with self.bot.play(interaction, GAME, command=command) as play:
            check_press(play.campaign.campaign_id, play.state, press)
            new, outcome = adaptive.defeat(play.state, group)
            play.commit(new, outcome)
            embed = render.render_defeat(lang(interaction), outcome)
        await send(interaction, embed=embed, view=round_view(interaction, play.tx, new))

    # -- /ia figure-lost -------------------------------------------------------------------------
    @ia_group.command(name="figure-lost", description="Figures of a deployed Imperial group die")
    @app_commands.describe(
        group="The group that lost figures (deployed groups autocomplete)",
        count="How many figures died (default 1); at 0 figures the group is defeated",
    )
    async def figure_lost(
        self,
        interaction: discord.Interaction[Any],
        group: app_commands.Range[str, 1, 100],
        count: app_commands.Range[int, 1, MAX_FIGURES] = 1,
    ) -> None:
        await self.figure_lost_of(interaction, group, count)

    async def figure_lost_of(
        self,
        interaction: discord.Interaction[Any],
        group: str,
        count: int,
        press: Press | None = None,
    ) -> None:
        """Figures of ``group`` die (the command, or a choice in Figure lost…: one figure)."""
        command = f"/ia figure-lost group:{group} count:{count}" if press else None
        async with self.bot.play(interaction, GAME, command=command) as play:
            check_press(play.campaign.campaign_id, play.state, press)
            new, outcome = adaptive.lose_figures(play.state, group, count)
            play.commit(new, outcome)
            embed = render.render_figure_loss(lang(interaction), outcome)
        await send(interaction, embed=embed, view=round_view(interaction, play.tx, new))

    @defeat.autocomplete("group")
    @figure_lost.autocomplete("group")
    async def _deployed_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._groups_ac(interaction, current, deployed_ids)

    async def _groups_ac(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        ids: Callable[[ImperialAssaultState], Any],
    ) -> list[app_commands.Choice[str]]:
        """Groups whose ids ``ids(state)`` gives, matching what was typed (never raises)."""
        state = await self.bot.state_or_none(interaction, GAME)
        if state is None:
            return []
        try:
            return _group_choices(tables.suggest_groups(current, ids(state)))
        except Exception:
            log.exception("group autocomplete failed")
            return []

    # -- /ia deploy ------------------------------------------------------------------------------
    @ia_group.command(name="deploy", description="Game master: the mission deploys a group")
    @app_commands.describe(group="The group to deploy (hand first, then the owned pool)")
    async def deploy(
        self, interaction: discord.Interaction[Any], group: app_commands.Range[str, 1, 100]
    ) -> None:
        async with self.bot.play(
            interaction, GAME, game_master=True, action="ia-action-deploy"
        ) as play:
            new, outcome = deployment.manual_deploy(play.state, group)
            play.commit(new, outcome)
            embed = render.render_manual_deploy(lang(interaction), outcome)
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

    @deploy.autocomplete("group")
    async def _deployable_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._groups_ac(interaction, current, manual_deploy_ids)

    # -- /ia threat ------------------------------------------------------------------------------
    @ia_group.command(name="threat", description="Game master: add or remove threat by hand")
    @app_commands.describe(amount="Threat to add (negative to remove); never scaled by difficulty")
    async def threat(
        self,
        interaction: discord.Interaction[Any],
        amount: app_commands.Range[int, -MAX_THREAT_CHANGE, MAX_THREAT_CHANGE],
    ) -> None:
        async with self.bot.play(
            interaction, GAME, game_master=True, action="ia-action-threat"
        ) as play:
            new, outcome = adaptive.adjust_threat(play.state, amount)
            play.commit(new, outcome)
            content = render.render_threat(lang(interaction), outcome)
        await send(interaction, content, view=undo_button(interaction, play.tx))

    # -- /ia status, /ia hand --------------------------------------------------------------------
    @ia_group.command(name="status", description="Round, threat, DM, deployed groups, fame")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        state = await self.bot.read_state(interaction, GAME)
        await send(interaction, embed=render.render_status(lang(interaction), state))

    @ia_group.command(
        name="hand", description="Game master: the Empire's deployment hand (private)"
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        answers_privately(interaction)
        state = await self.bot.read_state(
            interaction, GAME, game_master=True, action="ia-action-hand"
        )
        await send(interaction, embed=render.render_hand(lang(interaction), state), ephemeral=True)
