"""Shared Discord pieces for cogs: a confirmation view, embed helpers within Discord's limits,
the bars of the charts, the Roll again and Undo buttons under replies."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import discord
from discord.utils import MISSING

from bot.answers import answer_of, send, update
from bot.catalog import locale_of, refusal, render_summary, t
from bot.rules.errors import BotError
from bot.translator import shown_invocation

if TYPE_CHECKING:
    from bot.storage import HistoryEntry, Store, Tx

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


_EIGHTHS = " ▏▎▍▌▋▊▉"


def bar(q: Fraction, width: int = 20) -> str:
    """A chart's bar: ``q`` of ``width`` cells in eighths of a cell (rounded half up), padded to
    ``width``."""
    eighths = (16 * width * q.numerator + q.denominator) // (2 * q.denominator)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


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
    """A view held in memory for its message: a press is watched like every interaction (see
    :mod:`bot.answers`), and its errors become an ephemeral reply, never silence."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        begin_press(interaction)
        return True

    async def on_error(
        self,
        interaction: discord.Interaction[Any],
        error: Exception,
        item: discord.ui.Item[Any],
    ) -> None:
        await report(interaction, error)


def begin_press(interaction: discord.Interaction[Any]) -> None:
    """A handler took this press: the bot watches its answer and its database deadline."""
    begin = getattr(interaction.client, "begin_press", None)
    if begin is not None:
        begin(interaction)


async def report(interaction: discord.Interaction[Any], error: Exception) -> None:
    """An error in a button's handler, answered as the bot answers every error."""
    handler = getattr(interaction.client, "report_error", None)
    if handler is not None:
        await handler(interaction, error)
        return
    log.error("error in a button's handler", exc_info=error)


class ConfirmView(SafeView):
    """Confirm / Cancel buttons that only ``owner_id`` may press. ``on_confirm`` does the work
    (and its own commit) and returns the text that replaces the question. A refusal replaces
    the question too; a database that is away leaves it, so the owner can press again."""

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
        await super().interaction_check(interaction)
        if interaction.user.id != self.owner_id:
            await send(interaction, tr(interaction, "confirm-only-owner"), ephemeral=True)
            return False
        return True

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        if self.done:
            await send(interaction, tr(interaction, "confirm-already"), ephemeral=True)
            return
        self.done = True
        try:
            text = await self._on_confirm(interaction)
        except BotError as exc:
            text = refusal(exc, lang(interaction))
            refusals = getattr(interaction.client, "refusals", None)
            if refusals is not None:
                refusals.append(interaction.id)  # what the local table counts as refused
        except BaseException:
            self.done = False  # not applied: the owner may try again
            raise
        self.stop()
        await update(interaction, content=text, view=None, embed=None)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.done = True
        self.stop()
        await update(interaction, content=tr(interaction, "confirm-cancelled"), view=None)


# ----------------------------------------------------------------------------------------------
# Buttons under replies: Roll again, Undo
# ----------------------------------------------------------------------------------------------

#: how long a member may undo their own latest change without being a game master
UNDO_OWN_WINDOW = timedelta(minutes=5)


def own_recent(entry: HistoryEntry, user_id: int, now: str) -> bool:
    """``entry`` is ``user_id``'s own change, made within :data:`UNDO_OWN_WINDOW` of ``now``
    (the database's clock): theirs to undo without being a game master (/campaign undo and the
    Undo button)."""
    age = datetime.fromisoformat(now) - datetime.fromisoformat(entry.created_at)
    return entry.actor_id == user_id and age <= UNDO_OWN_WINDOW


#: how long the Roll again button under a reply acts: just under the 15 minutes Discord keeps
#: an interaction alive (afterwards, and after a restart, a press is answered "expired")
BUTTON_LIFETIME = 14 * 60.0

RollAgain = Callable[[discord.Interaction[Any]], Awaitable[None]]


class ReplyButtons(SafeView):
    """**Roll again** under a roll or a battle: anyone at the table; ``again`` answers the press
    with a new roll as the member who pressed."""

    def __init__(self, locale: str, *, again: RollAgain, timeout: float | None = None) -> None:
        super().__init__(timeout=BUTTON_LIFETIME if timeout is None else timeout)
        self._again = again
        button: discord.ui.Button[ReplyButtons] = discord.ui.Button(
            label=t(locale, "button-roll-again"), style=discord.ButtonStyle.primary, emoji="🎲"
        )
        button.callback = self._roll_again  # type: ignore[method-assign]
        self.add_item(button)

    async def _roll_again(self, interaction: discord.Interaction[Any]) -> None:
        await self._again(interaction)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"undo:(?P<campaign>[0-9]{1,19}):(?P<seq>[0-9]{1,19})",
):
    """**Undo** under a reply: undoes history entry ``seq`` of campaign ``campaign_id`` — the
    rules of ``/campaign undo``: its maker within :data:`UNDO_OWN_WINDOW`, or a game master.
    Everything it needs is in its custom id and the database, so a press works after a restart
    and on any process; from a campaign that has ended (or been replaced) it refuses."""

    def __init__(self, campaign_id: int, seq: int, *, label: str, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                emoji="↩️",
                custom_id=f"undo:{campaign_id}:{seq}",
                disabled=disabled,
            )
        )
        self.campaign_id = campaign_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> UndoButton:
        begin_press(interaction)
        label = getattr(item, "label", None) or tr(interaction, "button-undo")
        return cls(int(match["campaign"]), int(match["seq"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self._undo(interaction)
        except Exception as exc:
            await report(interaction, exc)

    async def _undo(self, interaction: discord.Interaction[Any]) -> None:
        bot = interaction.client
        store: Store = bot.store
        if interaction.channel_id is None:
            raise BotError(key="use-in-channel")
        channel_id = interaction.channel_id
        campaign = await store.get(channel_id)
        if campaign is None or campaign.campaign_id != self.campaign_id:
            raise BotError(key="campaign-ended")
        is_gm = await bot.is_game_master(interaction, campaign)
        user_id = interaction.user.id
        try:
            entry = await store.undo(
                channel_id,
                self.seq,
                user_id,
                interaction_id=interaction.id,
                campaign_id=self.campaign_id,
                allowed=lambda latest, now: is_gm or own_recent(latest, user_id, now),
            )
        except BotError as exc:
            if exc.key == "campaign-changed":
                raise BotError(key="undo-button-gone") from None
            raise
        answer_of(interaction).applied = True
        done = discord.ui.View(timeout=None)
        done.add_item(
            UndoButton(self.campaign_id, self.seq, label=self.item.label or "", disabled=True)
        )
        await update(interaction, view=done)
        await send(
            interaction,
            tr(
                interaction,
                "undo-done",
                seq=str(entry.seq),
                actor=entry.actor_name,
                command=clip(
                    shown_invocation(interaction.client.tree, lang(interaction), entry.command), 80
                ),
                summary=clip(render_summary(lang(interaction), entry.summary), 200),
            ),
        )


def dynamic_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    """The buttons a press of which the bot handles from its custom id alone."""
    return [UndoButton]


def undo_button(interaction: discord.Interaction[Any], tx: Tx) -> discord.ui.View:
    """The Undo button for a reply after ``tx`` committed a change to an existing campaign
    (``view=undo_button(interaction, tx)``); no button when nothing was committed, the entry
    changed nothing (undo passes it by) or the campaign was just created (``/campaign end``
    removes that)."""
    if tx.seq is None or not tx.changed or tx.campaign is None or interaction.channel_id is None:
        return MISSING
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(tx.campaign.campaign_id, tx.seq, label=tr(interaction, "button-undo")))
    return view
