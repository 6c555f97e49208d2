"""Shared Discord pieces for cogs: a confirmation view, embed helpers within Discord's limits,
the Roll again and Undo buttons under replies."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord.utils import MISSING

from bot.catalog import locale_of, refusal, render_summary, t
from bot.rules.errors import BotError

if TYPE_CHECKING:
    from bot.storage import HistoryEntry, Tx

log = logging.getLogger(__name__)

EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
EMBED_TOTAL = 6000
CONTENT = 2000

COLOUR = discord.Colour.dark_teal()


def lang(interaction: discord.Interaction[Any]) -> str:
    """The invoking member's catalog language: "ru" or "en"."""
    return locale_of(interaction.locale)


def tr(interaction: discord.Interaction[Any], key: str, /, **args: Any) -> str:
    """Catalog message ``key`` in the invoking member's language."""
    return t(lang(interaction), key, **args)


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
            text = refusal(exc, lang(interaction))
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


# ----------------------------------------------------------------------------------------------
# Buttons under replies: Roll again, Undo
# ----------------------------------------------------------------------------------------------

#: how long a member may undo their own latest change without being a game master
UNDO_OWN_WINDOW = timedelta(minutes=5)


def own_recent(entry: HistoryEntry, user_id: int) -> bool:
    """``entry`` is ``user_id``'s own change, made within :data:`UNDO_OWN_WINDOW`: theirs to undo
    without being a game master (/campaign undo and the Undo button)."""
    age = datetime.now(UTC) - datetime.fromisoformat(entry.created_at)
    return entry.actor_id == user_id and age <= UNDO_OWN_WINDOW


#: how long the buttons under a reply act: just under the 15 minutes Discord keeps an
#: interaction alive (afterwards, and after a restart, a press is answered "expired")
BUTTON_LIFETIME = 14 * 60.0

RollAgain = Callable[[discord.Interaction[Any]], Awaitable[None]]


class ReplyButtons(SafeView):
    """**Roll again** (anyone at the table: ``again`` answers the press with a new roll as the
    member who pressed) and/or **Undo** (the change ``undo_seq`` in ``channel_id``: its maker
    within :data:`UNDO_OWN_WINDOW`, or a game master — the rules of ``/campaign undo``)."""

    def __init__(
        self,
        locale: str,
        *,
        again: RollAgain | None = None,
        channel_id: int | None = None,
        undo_seq: int | None = None,
        timeout: float | None = None,
    ) -> None:
        super().__init__(timeout=BUTTON_LIFETIME if timeout is None else timeout)
        self._again = again
        self.channel_id = channel_id
        self.undo_seq = undo_seq
        self.undone = False
        if again is not None:
            button: discord.ui.Button[ReplyButtons] = discord.ui.Button(
                label=t(locale, "button-roll-again"), style=discord.ButtonStyle.primary, emoji="🎲"
            )
            button.callback = self._roll_again  # type: ignore[method-assign]
            self.add_item(button)
        self.undo_button: discord.ui.Button[ReplyButtons] | None = None
        if channel_id is not None and undo_seq is not None:
            self.undo_button = discord.ui.Button(
                label=t(locale, "button-undo"), style=discord.ButtonStyle.secondary, emoji="↩️"
            )
            self.undo_button.callback = self._undo  # type: ignore[method-assign]
            self.add_item(self.undo_button)

    async def _roll_again(self, interaction: discord.Interaction[Any]) -> None:
        assert self._again is not None
        await self._again(interaction)

    async def _undo(self, interaction: discord.Interaction[Any]) -> None:
        assert self.channel_id is not None and self.undo_seq is not None
        bot = interaction.client
        store = bot.store
        if self.undone:
            await interaction.response.send_message(
                tr(interaction, "undo-button-done"), ephemeral=True
            )
            return
        latest = await store.latest_undoable(self.channel_id)
        if latest is None or latest.seq != self.undo_seq:
            await interaction.response.send_message(
                tr(interaction, "undo-button-gone"), ephemeral=True
            )
            return
        campaign = await store.get(self.channel_id)
        is_gm = await bot.is_game_master(interaction, campaign)
        if not (is_gm or own_recent(latest, interaction.user.id)):
            await interaction.response.send_message(
                tr(interaction, "undo-not-allowed"), ephemeral=True
            )
            return
        try:
            entry = await store.undo(
                self.channel_id, self.undo_seq, interaction.user.id, interaction_id=interaction.id
            )
        except BotError as exc:
            key = "undo-button-gone" if exc.key == "campaign-changed" else None
            text = tr(interaction, key) if key else refusal(exc, lang(interaction))
            await interaction.response.send_message(text, ephemeral=True)
            return
        self.undone = True
        if self.undo_button is not None:
            self.undo_button.disabled = True
        await interaction.response.edit_message(view=self)
        await interaction.followup.send(
            tr(
                interaction,
                "undo-done",
                seq=str(entry.seq),
                actor=entry.actor_name,
                command=clip(entry.command, 80),
                summary=clip(render_summary(lang(interaction), entry.summary), 200),
            )
        )


def undo_button(interaction: discord.Interaction[Any], tx: Tx) -> discord.ui.View:
    """The Undo button for a reply after ``tx`` committed a change to an existing campaign
    (``view=undo_button(interaction, tx)``); no button when nothing was committed or the
    campaign was just created (``/campaign end`` removes that)."""
    if tx.seq is None or tx.campaign is None or interaction.channel_id is None:
        return MISSING
    return ReplyButtons(lang(interaction), channel_id=interaction.channel_id, undo_seq=tx.seq)
