"""/ping and /help."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui import EmbedBuilder

if TYPE_CHECKING:
    from bot.app import TableBot

README_URL = "README.md in the bot's source (section “Commands”)"


class General(commands.Cog):
    """Bot-wide commands."""

    help_section = "General"

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check the bot is alive: gateway latency in ms")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        latency = self.bot.latency
        shown = (
            "unknown yet"
            if math.isnan(latency) or math.isinf(latency)
            else f"{latency * 1000:.0f} ms"
        )
        await interaction.response.send_message(f"Pong! Gateway latency: {shown}.")

    @app_commands.command(name="help", description="Every command of the bot, grouped by game")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        builder = EmbedBuilder(
            "Wargame table bot — commands",
            "One channel is one table with one campaign. Options show up as you type; "
            f"details of every option are in {README_URL}.",
        )
        for cog in sorted(self.bot.cogs.values(), key=lambda c: getattr(c, "help_order", 50)):
            lines = [
                f"`/{cmd.qualified_name}` — {cmd.description}"
                for cmd in cog.walk_app_commands()
                if isinstance(cmd, app_commands.Command)
            ]
            if lines:
                builder.long_field(getattr(cog, "help_section", cog.qualified_name), lines)
        await interaction.response.send_message(embed=builder.build(), ephemeral=True)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(General(bot))
