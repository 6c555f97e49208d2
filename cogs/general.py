"""/ping and /help."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import has, locale_of, t
from bot.ui import EmbedBuilder, tr

if TYPE_CHECKING:
    from bot.app import TableBot


class General(commands.Cog):
    """Bot-wide commands."""

    help_section = "General"

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check the bot is alive: gateway latency in ms")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        latency = self.bot.latency
        if math.isnan(latency) or math.isinf(latency):
            text = tr(interaction, "ping-unknown")
        else:
            text = tr(interaction, "ping-reply", ms=f"{latency * 1000:.0f}")
        await interaction.response.send_message(text)

    @app_commands.command(name="help", description="Every command of the bot, grouped by game")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        loc = locale_of(interaction.locale)
        builder = EmbedBuilder(t(loc, "help-title"), t(loc, "help-intro"))
        sections: dict[str, list[str]] = {}
        for cog in sorted(self.bot.cogs.values(), key=lambda c: getattr(c, "help_order", 50)):
            section = str(getattr(cog, "help_section", cog.qualified_name))
            for cmd in cog.walk_app_commands():
                if isinstance(cmd, app_commands.Command):
                    text = await self._describe(cmd, interaction.locale)
                    sections.setdefault(section, []).append(f"`/{cmd.qualified_name}` — {text}")
        for section, lines in sections.items():
            key = "section-" + section.lower().replace("gdw ", "").replace(" ", "_")
            builder.long_field(t(loc, key) if has(loc, key) else section, lines)
        await interaction.response.send_message(embed=builder.build(), ephemeral=True)

    async def _describe(
        self, cmd: app_commands.Command[Any, ..., Any], locale: discord.Locale
    ) -> str:
        """The command's description in the member's language (Russian from the translator,
        English from the code)."""
        translator = self.bot.tree.translator
        if translator is not None:
            context: app_commands.TranslationContext[Any, Any] = app_commands.TranslationContext(
                app_commands.TranslationContextLocation.command_description, cmd
            )
            translated = await translator.translate(
                app_commands.locale_str(cmd.description), locale, context
            )
            if translated:
                return translated
        return cmd.description


async def setup(bot: TableBot) -> None:
    await bot.add_cog(General(bot))
