"""/campaign: the channel's campaign as a whole (status, end)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import BotError
from bot.games import GAMES, game_title, setup_hint
from bot.ui import ConfirmView, EmbedBuilder

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)


def discord_time(iso: str, style: str = "R") -> str:
    return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


class CampaignCog(
    commands.GroupCog, group_name="campaign", group_description="This channel's campaign"
):
    """The channel's campaign, whatever the game."""

    help_section = "Campaign"
    help_order = 10

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name="status", description="Which game this channel plays, since when, by whom"
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise BotError("Use this command in a server channel.")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            await interaction.response.send_message(
                f"No campaign in this channel — start one with {setup_hint()}.", ephemeral=True
            )
            return
        info = GAMES.get(campaign.game)
        try:
            summary = info.summarize(campaign.state) if info else "—"
        except Exception:
            log.exception("could not summarise campaign in channel %s", campaign.channel_id)
            summary = "(the state could not be summarised)"
        builder = EmbedBuilder(f"{game_title(campaign.game)} campaign", summary)
        builder.field("Started", discord_time(campaign.created_at), inline=True)
        builder.field("By", f"<@{campaign.created_by}>", inline=True)
        builder.field("Last change", discord_time(campaign.updated_at), inline=True)
        await interaction.response.send_message(embed=builder.build())

    @app_commands.command(
        name="end", description="Game master: delete this channel's campaign (asks first)"
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.channel_id is None:
            raise BotError("Use this command in a server channel.")
        channel_id = interaction.channel_id
        campaign = await self.bot.store.get(channel_id)
        if campaign is None:
            raise BotError("No campaign in this channel — nothing to end.")
        await self.bot.ensure_game_master(interaction, campaign, "end the campaign")
        campaign_id = campaign.campaign_id

        async def confirmed(button_interaction: discord.Interaction[Any]) -> str:
            async with self.bot.campaign_tx(button_interaction, game=None) as tx:
                if tx.campaign is None or tx.campaign.campaign_id != campaign_id:
                    raise BotError("That campaign is already gone — nothing changed.")
                await self.bot.ensure_game_master(
                    button_interaction, tx.campaign, "end the campaign"
                )
                tx.delete()
            return f"The {game_title(campaign.game)} campaign has ended and was deleted."

        view = ConfirmView(interaction.user.id, confirmed, confirm_label="End campaign")
        await interaction.response.send_message(
            f"End this channel's {game_title(campaign.game)} campaign? Its state and history are "
            "deleted for good.",
            view=view,
            ephemeral=True,
        )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(CampaignCog(bot))
