"""Shared Discord pieces for cogs: a confirmation view, embed helpers within Discord's limits."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.catalog import locale_of, t
from bot.errors import BotError

log = logging.getLogger(__name__)

EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_TOTAL = 6000
CONTENT = 2000

COLOUR = discord.Colour.dark_teal()


def tr(interaction: discord.Interaction[Any], key: str, /, **args: Any) -> str:
    """Catalog message ``key`` in the invoking member's language."""
    return t(locale_of(interaction.locale), key, **args)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class EmbedBuilder:
    """Builds an embed that never breaks Discord's limits (it clips and stops adding fields)."""

    def __init__(self, title: str, description: str = "", colour: discord.Colour = COLOUR) -> None:
        self.embed = discord.Embed(
            title=clip(title, EMBED_TITLE),
            description=clip(description, EMBED_DESCRIPTION) if description else None,
            colour=colour,
        )
        self._size = len(self.embed.title or "") + len(self.embed.description or "")

    def field(self, name: str, value: str, *, inline: bool = False) -> EmbedBuilder:
        name = clip(name or "\u200b", FIELD_NAME)
        value = clip(value or "\u200b", FIELD_VALUE)
        if len(self.embed.fields) >= EMBED_FIELDS or self._size + len(name) + len(value) > (
            EMBED_TOTAL - 300
        ):
            return self
        self.embed.add_field(name=name, value=value, inline=inline)
        self._size += len(name) + len(value)
        return self

    def long_field(self, name: str, lines: list[str]) -> EmbedBuilder:
        """One or more fields holding ``lines``, split at line boundaries under 1024 chars
        (the later ones named "name (2)", "name (3)"…, in any language)."""
        chunk: list[str] = []
        size = 0
        part = 1
        for line in lines:
            line = clip(line, FIELD_VALUE)
            if chunk and size + len(line) + 1 > FIELD_VALUE:
                self.field(name if part == 1 else f"{name} ({part})", "\n".join(chunk))
                part, chunk, size = part + 1, [], 0
            chunk.append(line)
            size += len(line) + 1
        if chunk or part == 1:
            self.field(name if part == 1 else f"{name} ({part})", "\n".join(chunk) or "—")
        return self

    def footer(self, text: str) -> EmbedBuilder:
        text = clip(text, 2048)
        if self._size + len(text) <= EMBED_TOTAL:
            self.embed.set_footer(text=text)
            self._size += len(text)
        return self

    def build(self) -> discord.Embed:
        return self.embed


class SafeView(discord.ui.View):
    """A view whose errors become an ephemeral reply, never silence."""

    async def on_error(
        self,
        interaction: discord.Interaction[Any],
        error: Exception,
        item: discord.ui.Item[Any],
    ) -> None:
        bot = interaction.client
        report = getattr(bot, "report_error", None)
        if report is not None:
            await report(interaction, error)
            return
        log.error("error in view", exc_info=error)


class ConfirmView(SafeView):
    """Confirm / Cancel buttons that only ``owner_id`` may press. ``on_confirm`` does the work
    (and its own commit) and returns the text that replaces the question."""

    def __init__(
        self,
        owner_id: int,
        on_confirm: Callable[[discord.Interaction[Any]], Awaitable[str]],
        *,
        confirm_label: str | None = None,
        locale: str = "en",
        timeout: float = 120.0,
    ) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id
        self._on_confirm = on_confirm
        self.confirm.label = confirm_label or t(locale, "button-confirm")
        self.cancel.label = t(locale, "button-cancel")
        self.done = False

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message(
                tr(interaction, "confirm-only-owner"), ephemeral=True
            )
            return False
        return True

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        if self.done:
            await interaction.response.send_message(
                tr(interaction, "confirm-already"), ephemeral=True
            )
            return
        self.done = True
        self.stop()
        try:
            text = await self._on_confirm(interaction)
        except BotError as exc:
            text = exc.localized(locale_of(interaction.locale))
            await interaction.response.edit_message(content=text, view=None, embed=None)
            return
        await interaction.response.edit_message(content=text, view=None, embed=None)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.done = True
        self.stop()
        await interaction.response.edit_message(
            content=tr(interaction, "confirm-cancelled"), view=None
        )
