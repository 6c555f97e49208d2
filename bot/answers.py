"""Every interaction's answer to Discord: in time, once, and saying what the database holds.

Discord drops an interaction that is not answered within 3 s of sending it ("The application
did not respond"), while whatever the bot did with it stands. So every interaction the bot
handles gets an :class:`Answer` the moment it arrives, with a watchdog: when no answer has gone
out :data:`DEFER_AFTER` seconds after it arrived, the watchdog defers — "thinking…" for a
command (privately when the command answers privately), a silent deferred update for a button
— and the command's answer follows when it is ready. An autocomplete that is late gets an empty
list. A button that no handler took (an old message's view, from before a restart) is answered
"expired" — but only after its interaction is claimed in the database, so that no process ever
says "expired" for a press that another process applies.

Cogs answer through :func:`send` (a reply, or a further message) and :func:`update` (a button
press editing its own message); both work whether or not the watchdog deferred first, and a
refusal after a public "thinking…" replaces it by a private line. When another process owning
the same shard (a rolling restart) acknowledged the interaction first, a process that *applied*
the change still answers, through the interaction's webhook; one that did not stays silent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal

import discord
from discord.utils import MISSING

log = logging.getLogger(__name__)

#: seconds after an interaction arrives at which it is deferred if not answered yet (Discord
#: allows 3 s from sending it, network included)
DEFER_AFTER = 1.5

#: Discord's error code for a second callback to one interaction
ALREADY_ACKNOWLEDGED = 40060
#: Discord's error code for an interaction whose token is no longer valid (answered too late)
UNKNOWN_INTERACTION = 10062

#: how an interaction ended, for the metrics
Outcome = Literal["ok", "refused", "unavailable", "error"]

# the watchdogs' tasks, held so they are not collected while they run
_background: set[asyncio.Task[None]] = set()


class Answer:
    """How one interaction has been answered so far."""

    __slots__ = (
        "applied",
        "deferred",
        "elsewhere",
        "filled",
        "interaction",
        "lock",
        "on_expired",
        "outcome",
        "private",
        "received",
        "taken",
        "timer",
    )

    def __init__(self, interaction: discord.Interaction[Any]) -> None:
        self.interaction = interaction
        self.received = time.monotonic()
        # one answer at a time: the watchdog's deferral never crosses the command's reply
        self.lock = asyncio.Lock()
        # "thinking" (public), "private" (ephemeral thinking) or "update" (a button); None
        self.deferred: str | None = None
        # the deferred placeholder has been replaced by the answer
        self.filled = False
        # the command answers privately: defer ephemerally
        self.private = False
        # a handler took this button press (it is not an old message's button)
        self.taken = False
        # another process acknowledged this interaction first
        self.elsewhere = False
        # this process committed the interaction's change
        self.applied = False
        # how it ended, for the metrics: ok, refused, unavailable, error
        self.outcome: Outcome = "ok"
        self.timer: asyncio.TimerHandle | None = None
        self.on_expired: Callable[[discord.Interaction[Any]], Awaitable[None]] | None = None

    # -- the watchdog ---------------------------------------------------------------------------
    def watch(self, after: float = DEFER_AFTER) -> None:
        """Defer at ``after`` seconds from arrival if nothing has been answered by then."""
        if self.timer is not None or self.interaction.response.is_done():
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self.received + after - time.monotonic())
        self.timer = loop.call_later(delay, self._fire)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()

    def _fire(self) -> None:
        task = asyncio.ensure_future(self._deadline())
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _deadline(self) -> None:
        try:
            await self._defer_late()
        except Exception as exc:  # a closed session (the bot stopping), the network
            log.warning("Could not defer interaction %s: %r", self.interaction.id, exc)

    async def _defer_late(self) -> None:
        interaction = self.interaction
        kind = interaction.type
        expired = False
        async with self.lock:
            response = interaction.response
            if response.is_done():
                return
            try:
                if kind is discord.InteractionType.autocomplete:
                    await response.autocomplete([])
                elif kind is discord.InteractionType.component:
                    # a silent deferred update: nothing shows; the answer follows
                    await response.defer()
                    self.deferred = "update"
                    expired = not self.taken
                else:
                    await response.defer(thinking=True, ephemeral=self.private)
                    self.deferred = "private" if self.private else "thinking"
                log.debug("Interaction %s deferred (%s)", interaction.id, self.deferred)
            except discord.HTTPException as exc:
                self._acknowledged_elsewhere(exc)
                return
        if expired and self.on_expired is not None:
            await self.on_expired(interaction)

    def _acknowledged_elsewhere(self, exc: discord.HTTPException) -> None:
        if exc.code == ALREADY_ACKNOWLEDGED:
            self.elsewhere = True
            log.debug("Interaction %s was acknowledged by another process", self.interaction.id)
        elif exc.code == UNKNOWN_INTERACTION:
            log.warning(
                "Interaction %s could not be answered in time (Discord no longer knows it)",
                self.interaction.id,
            )
        else:
            log.warning("Could not defer interaction %s: %s", self.interaction.id, exc)


def answer_of(interaction: discord.Interaction[Any]) -> Answer:
    """The interaction's :class:`Answer` (made on first use, which is when it arrived)."""
    found = interaction.extras.get("answer")
    if found is None:
        found = interaction.extras["answer"] = Answer(interaction)
    assert isinstance(found, Answer)
    return found


def answers_privately(interaction: discord.Interaction[Any]) -> None:
    """The command's answer is private: if it must be deferred, defer it ephemerally."""
    answer_of(interaction).private = True


async def defer(interaction: discord.Interaction[Any]) -> None:
    """Defer now (a command about to take long: an export, an import)."""
    answer = answer_of(interaction)
    async with answer.lock:
        response = interaction.response
        if response.is_done():
            return
        try:
            if interaction.type is discord.InteractionType.component:
                await response.defer()
                answer.deferred = "update"
            else:
                await response.defer(thinking=True, ephemeral=answer.private)
                answer.deferred = "private" if answer.private else "thinking"
        except discord.HTTPException as exc:
            answer._acknowledged_elsewhere(exc)


def _files(file: discord.File | None, files: Sequence[discord.File] | None) -> list[discord.File]:
    return ([file] if file is not None else []) + list(files or [])


async def send(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
    files: Sequence[discord.File] | None = None,
    ephemeral: bool = False,
    mention: int | None = None,
) -> None:
    """Answer ``interaction`` (or, once answered, send a further message), deferred or not.
    ``mention``: the member whose mention in ``content`` pings them (no one else is pinged)."""
    answer = answer_of(interaction)
    all_embeds = ([embed] if embed is not None else []) + list(embeds or [])
    attachments = _files(file, files)
    pings = (
        discord.AllowedMentions(users=[discord.Object(id=mention)])
        if mention is not None
        else MISSING
    )
    async with answer.lock:
        response = interaction.response
        if answer.elsewhere:
            if not answer.applied:
                return  # the process that acknowledged it answers
            if not answer.filled:
                await _fill_elsewhere(interaction, content, all_embeds, view, attachments)
                answer.filled = True
                return
            await interaction.followup.send(
                content or MISSING,
                embeds=all_embeds or MISSING,
                view=view or MISSING,
                files=attachments or MISSING,
                ephemeral=ephemeral,
                allowed_mentions=pings,
            )
            return
        if not response.is_done():
            try:
                await response.send_message(
                    content,
                    embeds=all_embeds or MISSING,
                    view=view or MISSING,
                    files=attachments or MISSING,
                    ephemeral=ephemeral,
                    allowed_mentions=pings,
                )
                return
            except discord.HTTPException as exc:
                if exc.code != ALREADY_ACKNOWLEDGED:
                    raise
                answer.elsewhere = True
                if answer.applied:
                    await _fill_elsewhere(interaction, content, all_embeds, view, attachments)
                    answer.filled = True
                return
        if answer.deferred in ("thinking", "private") and not answer.filled:
            answer.filled = True
            if ephemeral and answer.deferred == "thinking":
                # a private line after a public "thinking…": the placeholder goes away
                with contextlib.suppress(discord.NotFound):
                    await interaction.delete_original_response()
            elif mention is not None and content:
                # an edit pings nobody: the answer fills the placeholder, the ping follows
                await interaction.edit_original_response(
                    content=None, embeds=all_embeds, view=view, attachments=attachments
                )
                await interaction.followup.send(content, allowed_mentions=pings)
                return
            else:
                await interaction.edit_original_response(
                    content=content,
                    embeds=all_embeds,
                    view=view,
                    attachments=attachments,
                )
                return
        await interaction.followup.send(
            content or MISSING,
            embeds=all_embeds or MISSING,
            view=view or MISSING,
            files=attachments or MISSING,
            ephemeral=ephemeral,
            allowed_mentions=pings,
        )


async def _fill_elsewhere(
    interaction: discord.Interaction[Any],
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    attachments: list[discord.File],
) -> None:
    """Another process acknowledged the interaction (deferred it) and this one applied it: put
    the answer in that placeholder, through the interaction's webhook."""
    log.debug("Interaction %s: answering in another process's placeholder", interaction.id)
    await interaction.edit_original_response(
        content=content, embeds=embeds, view=view, attachments=attachments
    )


async def update(
    interaction: discord.Interaction[Any],
    *,
    content: str | None = MISSING,
    embed: discord.Embed | None = MISSING,
    view: discord.ui.View | None = MISSING,
) -> None:
    """Edit the message whose button was pressed (the press's answer), deferred or not."""
    answer = answer_of(interaction)
    async with answer.lock:
        response = interaction.response
        if answer.elsewhere and not answer.applied:
            return
        if not response.is_done():
            try:
                await response.edit_message(content=content, embed=embed, view=view)
                return
            except discord.HTTPException as exc:
                if exc.code != ALREADY_ACKNOWLEDGED:
                    raise
                answer.elsewhere = True
                if not answer.applied:
                    return
        # deferred (here or in another process): @original is the pressed message
        await interaction.edit_original_response(content=content, embed=embed, view=view)
        answer.filled = True
