"""Shared Discord pieces for cogs: confirmations, pagers, embed helpers within Discord's limits,
the bars of the charts, the Undo button under replies."""

from __future__ import annotations

import logging
import os
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


#: the custom ids of a confirmation held in memory start with this: a press that finds no
#: handler (after a restart) is answered "this confirmation has expired"
CONFIRM_PREFIX = "confirm:"
#: how long a confirmation held in memory waits for its answer, in seconds
CONFIRM_LIFETIME = 120.0

Confirmed = Callable[[discord.Interaction[Any]], Awaitable[str]]

#: what a game's campaign waits for, and the buttons for it (``/campaign status``): given the
#: interaction, the campaign's id, its version and its stored state (read together); registered
#: in ``bot.waiting[game]``
Waiting = Callable[
    [discord.Interaction[Any], int, int, dict[str, Any]],
    Awaitable[tuple[str, "discord.ui.View | None"]],
]


async def confirm_press(interaction: discord.Interaction[Any], on_confirm: Confirmed) -> None:
    """A press of a confirmation's Confirm: ``on_confirm`` does the work (and its own commit)
    and returns the text that replaces the question. A refusal replaces the question too; a
    database that is away leaves it, so the owner can press again."""
    try:
        text = await on_confirm(interaction)
    except BotError as exc:
        text = refusal(exc, lang(interaction))
        refusals = getattr(interaction.client, "refusals", None)
        if refusals is not None:
            refusals.append(interaction.id)  # what the local table counts as refused
    await update(interaction, content=text, view=None, embed=None)


async def owner_only(interaction: discord.Interaction[Any], owner_id: int) -> bool:
    """Whether the presser is the member a confirmation asked; others are told so, privately."""
    if interaction.user.id != owner_id:
        await send(interaction, tr(interaction, "confirm-only-owner"), ephemeral=True)
        return False
    return True


class ConfirmView(SafeView):
    """Confirm / Cancel buttons held in memory that only ``owner_id`` may press, for what cannot
    be carried in a custom id (an imported file); after a restart, or ``timeout`` seconds, a
    press is answered "this confirmation has expired" (see :data:`CONFIRM_PREFIX`)."""

    def __init__(
        self,
        owner_id: int,
        on_confirm: Confirmed,
        *,
        confirm_label: str | None = None,
        locale: str = "en",
        timeout: float | None = None,
    ) -> None:
        super().__init__(timeout=CONFIRM_LIFETIME if timeout is None else timeout)
        self.owner_id = owner_id
        self._on_confirm = on_confirm
        self.confirm.label = confirm_label or t(locale, "button-confirm")
        self.cancel.label = t(locale, "button-cancel")
        self.confirm.custom_id = f"{CONFIRM_PREFIX}{os.urandom(8).hex()}:yes"
        self.cancel.custom_id = f"{CONFIRM_PREFIX}{os.urandom(8).hex()}:no"
        self.done = False

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        await super().interaction_check(interaction)
        return await owner_only(interaction, self.owner_id)

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.danger)
    async def confirm(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        if self.done:
            await send(interaction, tr(interaction, "confirm-already"), ephemeral=True)
            return
        self.done = True
        try:
            await confirm_press(interaction, self._on_confirm)
        except BaseException:
            self.done = False  # not applied: the owner may try again
            raise
        self.stop()

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.secondary)
    async def cancel(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.done = True
        self.stop()
        await update(interaction, content=tr(interaction, "confirm-cancelled"), view=None)


class CancelButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"cancel:(?P<owner>[0-9]{1,19})",
):
    """**Cancel** beside a persistent confirmation (see :func:`confirmation`): only the member
    asked may press it; the question becomes "Cancelled — nothing changed"."""

    def __init__(self, owner_id: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, custom_id=f"cancel:{owner_id}"
            )
        )
        self.owner_id = owner_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> CancelButton:
        begin_press(interaction)
        return cls(int(match["owner"]), label=getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            if await owner_only(interaction, self.owner_id):
                await update(interaction, content=tr(interaction, "confirm-cancelled"), view=None)
        except Exception as exc:
            await report(interaction, exc)


def confirmation(confirm: discord.ui.Item[Any], owner_id: int, locale: str) -> discord.ui.View:
    """A persistent confirmation: ``confirm`` (a dynamic item whose custom id carries what it
    confirms) and Cancel, nothing held in memory."""
    view = discord.ui.View(timeout=None)
    view.add_item(confirm)
    view.add_item(CancelButton(owner_id, label=t(locale, "button-cancel")))
    return view


def pressed_label(
    interaction: discord.Interaction[Any], item: discord.ui.Item[Any], key: str
) -> str:
    """The label of the pressed item as the message shows it (else catalog ``key``)."""
    return getattr(item, "label", None) or tr(interaction, key)


def pager_view(
    make: Callable[[int, int, str], discord.ui.Item[Any]],
    index: int,
    count: int,
    labels: tuple[str, str],
) -> discord.ui.View:
    """◀ / ▶ under page ``index`` (from 0) of ``count``: ``make(target, direction, label)``
    makes each button (a dynamic item whose custom id carries the page it shows)."""
    newer = make(max(0, index - 1), 0, labels[0])
    older = make(min(count - 1, index + 1), 1, labels[1])
    for button, disabled in ((newer, index == 0), (older, index >= count - 1)):
        inner = getattr(button, "item", None)
        if isinstance(inner, discord.ui.Button):
            inner.disabled = disabled
    view = discord.ui.View(timeout=None)
    view.add_item(newer)
    view.add_item(older)
    return view


# ----------------------------------------------------------------------------------------------
# The Undo button under replies
# ----------------------------------------------------------------------------------------------

#: how long a member may undo their own latest change without being a game master
UNDO_OWN_WINDOW = timedelta(minutes=5)


def own_recent(entry: HistoryEntry, user_id: int, now: str) -> bool:
    """``entry`` is ``user_id``'s own change, made within :data:`UNDO_OWN_WINDOW` of ``now``
    (the database's clock): theirs to undo without being a game master (/campaign undo and the
    Undo button)."""
    age = datetime.fromisoformat(now) - datetime.fromisoformat(entry.created_at)
    return entry.actor_id == user_id and age <= UNDO_OWN_WINDOW


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
    """The buttons a press of which the bot handles from its custom id alone (a cog registers
    its own in its ``setup``)."""
    return [UndoButton, CancelButton]


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
