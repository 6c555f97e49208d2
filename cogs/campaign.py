"""/campaign: the channel's campaign as a whole — status, history, undo, export/import, end,
game masters."""

from __future__ import annotations

import functools
import io
import logging
import math
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import answer_of, answers_privately, defer, send, update
from bot.campaign_file import (
    MAX_FILE_BYTES,
    DiscordFile,
    FileTooLarge,
    parse_campaign_file,
    write_campaign_file,
)
from bot.campaigns import channel_of
from bot.catalog import number, render, render_summary, t
from bot.games import GAMES, game_name, setup_hint
from bot.rules.errors import BotError, NoCampaign, NotAllowed
from bot.storage import Campaign, HistoryEntry
from bot.storage.deadline import deadline_in
from bot.ui import ConfirmView, EmbedBuilder, SafeView, clip, lang, own_recent, tr

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

# how many times /campaign undo tries when other commands change the history meanwhile
UNDO_ATTEMPTS = 5
#: how long /campaign export and import may take on the database (docs/running.md)
TRANSFER_LIMIT = 30.0
HISTORY_PAGE = 10


def mib(loc: str, size: int) -> str:
    """A file size in MiB, as the reader writes numbers (``9.5``, ``9,5``)."""
    return number(loc, size / 2**20, 1, trim=True)


def discord_time(iso: str, style: str = "R") -> str:
    return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


def dice_text(loc: str, entry: HistoryEntry) -> str:
    """The die faces of an entry (``🎲 3 5``) and a count of other random draws."""
    faces = [str(d.get("value")) for d in entry.dice if str(d.get("kind", "")).startswith("d")]
    others = sum(
        len(v) if isinstance(v := d.get("value"), list) else 1  # one entry may hold many draws
        for d in entry.dice
        if not str(d.get("kind", "")).startswith("d")
    )
    parts = []
    if faces:
        parts.append("🎲 " + " ".join(faces[:40]) + (" …" if len(faces) > 40 else ""))
    if others:
        parts.append(t(loc, "history-other-draws", count=others))
    return " · ".join(parts)


def history_line(loc: str, entry: HistoryEntry) -> str:
    line = (
        f"**#{entry.seq}** {discord_time(entry.created_at, 't')} {clip(entry.actor_name, 40)} — "
        f"`{clip(entry.command, 80)}` — {clip(render_summary(loc, entry.summary), 200)}"
    )
    dice = dice_text(loc, entry)
    if dice:
        line += f" · {dice}"
    if entry.imported:
        line += f" {t(loc, 'history-imported')}"
    if entry.undone_at:
        line = f"~~{line}~~ {t(loc, 'history-undone')}"
    return line


def history_page(loc: str, title: str, entries: list[HistoryEntry], n: int) -> discord.Embed:
    """Page ``n`` (from 0) of ``entries`` in pages of ``HISTORY_PAGE``: only its own entries
    are rendered."""
    pages = math.ceil(len(entries) / HISTORY_PAGE)
    chunk = entries[n * HISTORY_PAGE : (n + 1) * HISTORY_PAGE]
    builder = EmbedBuilder(title, "\n".join(history_line(loc, e) for e in chunk))
    if pages > 1:
        builder.footer(t(loc, "history-page", page=str(n + 1), pages=str(pages)))
    return builder.build()


class Pager(SafeView):
    """◀ / ▶ through ``count`` embeds, each made when it is shown (``page(n)``, n from 0)."""

    def __init__(self, page: Callable[[int], discord.Embed], count: int, loc: str) -> None:
        super().__init__(timeout=600)
        self.page = page
        self.count = count
        self.index = 0
        self.newer.label = t(loc, "pager-newer")
        self.older.label = t(loc, "pager-older")
        self._sync()

    def _sync(self) -> None:
        self.newer.disabled = self.index == 0
        self.older.disabled = self.index >= self.count - 1

    @discord.ui.button(label="◀", style=discord.ButtonStyle.secondary)
    async def newer(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.index = max(0, self.index - 1)
        self._sync()
        await update(interaction, embed=self.page(self.index), view=self)

    @discord.ui.button(label="▶", style=discord.ButtonStyle.secondary)
    async def older(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.index = min(self.count - 1, self.index + 1)
        self._sync()
        await update(interaction, embed=self.page(self.index), view=self)


class CampaignCog(
    commands.GroupCog, group_name="campaign", group_description="This channel's campaign"
):
    """The channel's campaign, whatever the game."""

    help_section = "Campaign"
    help_order = 10

    gm = app_commands.Group(name="gm", description="Game masters of this channel's campaign")

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    async def _current(
        self, channel_id: int, who: discord.Interaction[Any] | None = None, action: str = ""
    ) -> Campaign | None:
        """The channel's campaign, whatever the game (None: there is none) — what end, undo and
        import work on. With ``who``: a campaign there must have them as a game master (refused
        as trying ``action``)."""
        campaign = await self.bot.store.get(channel_id)
        if who is not None and campaign is not None:
            await self.bot.ensure_game_master(who, campaign, action)
        return campaign

    # -- status, end -----------------------------------------------------------------------------
    @app_commands.command(
        name="status", description="Which game this channel plays, since when, by whom"
    )
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        campaign = await self.bot.read_campaign(interaction)
        loc = lang(interaction)
        info = GAMES.get(campaign.game)
        try:
            summary = render(loc, info.summarize_stored(campaign.state)) if info else "—"
        except Exception:
            log.exception("could not summarise campaign in channel %s", campaign.channel_id)
            summary = t(loc, "campaign-status-unreadable")
        builder = EmbedBuilder(
            t(loc, "campaign-status-title", game=game_name(loc, campaign.game)), summary
        )
        builder.field(
            t(loc, "campaign-field-started"), discord_time(campaign.created_at), inline=True
        )
        builder.field(t(loc, "campaign-field-by"), f"<@{campaign.created_by}>", inline=True)
        builder.field(t(loc, "campaign-field-last"), discord_time(campaign.updated_at), inline=True)
        if campaign.imported_by is not None and campaign.imported_at is not None:
            builder.field(
                t(loc, "campaign-field-imported"),
                t(
                    loc,
                    "campaign-imported-by",
                    member=f"<@{campaign.imported_by}>",
                    when=discord_time(campaign.imported_at),
                ),
            )
        await send(interaction, embed=builder.build())

    @app_commands.command(
        name="end", description="Game master: delete this channel's campaign (asks first)"
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        answers_privately(interaction)
        campaign = await self._current(channel_of(interaction), interaction, "action-end-campaign")
        if campaign is None:
            raise BotError(key="campaign-end-nothing")
        campaign_id = campaign.campaign_id
        loc = lang(interaction)
        title = game_name(loc, campaign.game)

        async def confirmed(button_interaction: discord.Interaction[Any]) -> str:
            async with self.bot.campaign_tx(button_interaction, game=None) as tx:
                if tx.campaign is None or tx.campaign.campaign_id != campaign_id:
                    raise BotError(key="campaign-end-gone")
                await self.bot.ensure_game_master(
                    button_interaction, tx.campaign, "action-end-campaign"
                )
                tx.delete()
            return tr(button_interaction, "campaign-end-done", game=title)

        view = ConfirmView(
            interaction.user.id, confirmed, confirm_label=t(loc, "campaign-end-button"), locale=loc
        )
        await send(interaction, t(loc, "campaign-end-ask", game=title), view=view, ephemeral=True)

    # -- history, undo ---------------------------------------------------------------------------
    @app_commands.command(
        name="history", description="The latest entries: who did what, with every die"
    )
    @app_commands.describe(count="How many entries, newest first (1–50, default 10)")
    async def history(
        self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        campaign = await self.bot.read_campaign(interaction)
        loc = lang(interaction)
        entries = await self.bot.store.campaign_history(
            campaign.campaign_id, count, with_states=False
        )
        if not entries:
            await send(interaction, t(loc, "history-empty"), ephemeral=True)
            return
        title = t(loc, "history-title", game=game_name(loc, campaign.game))
        page = functools.partial(history_page, loc, title, entries)
        if len(entries) <= HISTORY_PAGE:
            await send(interaction, embed=page(0))
        else:
            pages = math.ceil(len(entries) / HISTORY_PAGE)
            await send(interaction, embed=page(0), view=Pager(page, pages, loc))

    @app_commands.command(
        name="undo", description="Restore the state from before the latest change"
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = channel_of(interaction)
        campaign = await self.bot.read_campaign(interaction)
        campaign_id = campaign.campaign_id
        loc = lang(interaction)
        latest, now = await self.bot.store.newest_undoable(channel_id)
        if latest is None or latest.undo_patch is None:
            raise BotError(key="nothing-to-undo")
        is_gm = await self.bot.is_game_master(interaction, campaign)
        if not (is_gm or own_recent(latest, interaction.user.id, now)):
            raise NotAllowed(key="undo-not-allowed")
        seq = latest.seq

        def done_text(who: discord.Interaction[Any], entry: HistoryEntry) -> str:
            return tr(
                who,
                "undo-done",
                seq=str(entry.seq),
                actor=entry.actor_name,
                command=clip(entry.command, 80),
                summary=clip(render_summary(lang(who), entry.summary), 200),
            )

        if latest.actor_id == interaction.user.id:
            entry = await self._undo_own(interaction, channel_id, campaign_id, latest)
            answer_of(interaction).applied = True
            await send(interaction, done_text(interaction, entry))
            return

        async def do_undo(who: discord.Interaction[Any]) -> str:
            # the confirmed entry of the campaign asked about, and only that one: if it is no
            # longer the newest, or the campaign has ended meanwhile, refuse
            fresh = await self._current(channel_id)
            if fresh is None or fresh.campaign_id != campaign_id:
                raise BotError(key="campaign-ended")
            await self.bot.ensure_game_master(who, fresh, "action-undo-other")
            entry = await self.bot.store.undo(
                channel_id, seq, who.user.id, interaction_id=who.id, campaign_id=campaign_id
            )
            answer_of(who).applied = True
            return done_text(who, entry)

        view = ConfirmView(
            interaction.user.id, do_undo, confirm_label=t(loc, "undo-button"), locale=loc
        )
        question = t(
            loc,
            "undo-ask",
            actor=latest.actor_name,
            seq=str(seq),
            command=clip(latest.command, 80),
            summary=clip(render_summary(loc, latest.summary), 200),
        )
        await send(interaction, question, view=view)

    async def _undo_own(
        self,
        interaction: discord.Interaction[Any],
        channel_id: int,
        campaign_id: int,
        latest: HistoryEntry,
    ) -> HistoryEntry:
        """Undo the member's own newest change. When other commands changed the history between
        reading it and undoing (a busy table), undo the newest entry instead if the member may
        undo it without asking anyone — their own change, within 5 minutes or as a game master
        (checked in the undo's own transaction, by the database's clock); otherwise read the
        newest entry again, re-check and try again, up to ``UNDO_ATTEMPTS`` times in all,
        before refusing."""
        store = self.bot.store
        user_id = interaction.user.id
        is_gm = await self.bot.is_game_master(interaction, await self._current(channel_id))

        def may_undo(entry: HistoryEntry, now: str) -> bool:
            # the member's own change (someone else's asks first), recent or as a game master
            return entry.actor_id == user_id and (is_gm or own_recent(entry, user_id, now))

        for attempt in range(1, UNDO_ATTEMPTS + 1):
            try:
                return await store.undo(
                    channel_id,
                    latest.seq,
                    user_id,
                    interaction_id=interaction.id,
                    campaign_id=campaign_id,
                    or_newest=may_undo,
                )
            except BotError as exc:
                if exc.key != "campaign-changed" or attempt == UNDO_ATTEMPTS:
                    raise
            # the newest entry is not one the member may undo without asking: read it again
            # (another undo may have taken it away) and re-check who may undo it
            fresh = await self._current(channel_id)
            newest, now = await store.newest_undoable(channel_id)
            if fresh is None or fresh.campaign_id != campaign_id:
                raise BotError(key="campaign-ended")
            if newest is None or newest.undo_patch is None:
                raise BotError(key="campaign-changed")
            is_gm = await self.bot.is_game_master(interaction, fresh)
            if not may_undo(newest, now):
                raise BotError(key="campaign-changed")
            log.debug(
                "Undo in channel %s: #%s changed meanwhile, trying #%s (attempt %s)",
                channel_id,
                latest.seq,
                newest.seq,
                attempt + 1,
            )
            latest = newest
        raise BotError(key="campaign-changed")  # not reached: the last attempt raises

    # -- export, import --------------------------------------------------------------------------
    @app_commands.command(
        name="export", description="Game master: the campaign (state and history) as a JSON file"
    )
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        answers_privately(interaction)
        channel_id = channel_of(interaction)
        campaign = await self.bot.read_campaign(
            interaction, game_master=True, action="action-export"
        )
        await defer(interaction)  # a long history takes a while to read
        loc = lang(interaction)
        # what Discord lets the bot attach here (more on boosted servers), at most what
        # /campaign import takes
        limit = min(interaction.filesize_limit, MAX_FILE_BYTES)
        sink = DiscordFile(limit)
        try:
            with deadline_in(TRANSFER_LIMIT):
                async with self.bot.store.exporting(channel_id, seconds=TRANSFER_LIMIT) as exported:
                    if exported is None:
                        raise NoCampaign(key="no-campaign", hint=setup_hint())
                    count = await write_campaign_file(exported, sink.write)
            raw, compressed = sink.finish()
        except FileTooLarge:
            raise BotError(
                key="export-too-large", limit=mib(loc, limit), channel=str(channel_id)
            ) from None
        text = t(loc, "export-done", game=game_name(loc, campaign.game), count=str(count))
        if compressed:
            text += "\n" + t(loc, "export-compressed", limit=mib(loc, limit))
        name = f"{campaign.game}-campaign-{channel_id}.json" + (".gz" if compressed else "")
        await send(
            interaction, text, file=discord.File(io.BytesIO(raw), filename=name), ephemeral=True
        )

    @app_commands.command(
        name="import",
        description="Game master: replace this channel's campaign with an exported file",
    )
    @app_commands.describe(file="A .json or .json.gz file made by /campaign export")
    async def import_(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        answers_privately(interaction)
        channel_id = channel_of(interaction)
        loc = lang(interaction)
        current = await self._current(channel_id, interaction, "action-import")
        # the campaign this import was confirmed to replace (None: none); another one there by
        # the time Confirm is pressed is refused
        expect = current.campaign_id if current is not None else None
        if file.size > MAX_FILE_BYTES:
            raise BotError(key="import-too-large", size=str(file.size), limit=str(MAX_FILE_BYTES))
        await defer(interaction)  # the file comes from Discord's servers
        try:
            # passed straight on: the raw file is let go once it is unpacked or parsed
            parsed = parse_campaign_file(await file.read())
        except discord.HTTPException:
            raise BotError(key="import-download-failed") from None
        data = parsed.model_dump(mode="json", exclude={"format", "version"})
        del parsed  # the validated copy: only the plain data is kept until Confirm
        importer = interaction.user.id
        if importer != data["created_by"] and not interaction.permissions.manage_channels:
            data["game_masters"].append(
                {
                    "user_id": importer,
                    "added_by": importer,
                    "added_at": datetime.now(UTC).isoformat(),
                }
            )
        count = str(len(data["history"]))
        title = game_name(loc, data["game"])

        async def do_import(who: discord.Interaction[Any]) -> str:
            await self._current(channel_id, who, "action-import")
            with deadline_in(TRANSFER_LIMIT):
                await self.bot.store.import_campaign(
                    channel_id,
                    who.guild_id,
                    data,
                    interaction_id=who.id,
                    imported_by=who.user.id,
                    expect=expect,
                    limit=TRANSFER_LIMIT,
                )
            answer_of(who).applied = True
            return tr(who, "import-done", game=title, count=count)

        view = ConfirmView(importer, do_import, confirm_label=t(loc, "import-button"), locale=loc)
        if current is not None:
            question = t(
                loc,
                "import-ask-replace",
                current=game_name(loc, current.game),
                game=title,
                count=count,
            )
        else:
            question = t(loc, "import-ask-start", game=title, count=count)
        await send(interaction, question, view=view, ephemeral=True)

    # -- game masters ----------------------------------------------------------------------------
    @gm.command(name="add", description="Game master: make a member a game master here")
    @app_commands.describe(member="The member who may run game-master commands")
    async def gm_add(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        campaign = await self.bot.read_campaign(
            interaction, game_master=True, action="action-add-gm"
        )
        if member.bot:
            raise BotError(key="gm-bot")
        added = await self.bot.store.add_game_master(
            campaign.channel_id, member.id, interaction.user.id, interaction_id=interaction.id
        )
        answer_of(interaction).applied = True
        key = "gm-added" if added else "gm-already"
        await send(interaction, tr(interaction, key, member=member.mention))

    @gm.command(name="remove", description="Game master: stop a member being a game master here")
    @app_commands.describe(member="The member to remove from the game masters")
    async def gm_remove(
        self, interaction: discord.Interaction[Any], member: discord.Member
    ) -> None:
        campaign = await self.bot.read_campaign(
            interaction, game_master=True, action="action-remove-gm"
        )
        if member.id == campaign.created_by:
            raise BotError(key="gm-creator")
        removed = await self.bot.store.remove_game_master(
            campaign.channel_id, member.id, interaction_id=interaction.id
        )
        answer_of(interaction).applied = removed
        if not removed:
            raise BotError(key="gm-not-added", member=member.display_name)
        await send(interaction, tr(interaction, "gm-removed", member=member.mention))

    @gm.command(name="list", description="Who may run game-master commands in this channel")
    async def gm_list(self, interaction: discord.Interaction[Any]) -> None:
        answers_privately(interaction)
        campaign = await self.bot.read_campaign(interaction)
        loc = lang(interaction)
        added = await self.bot.store.game_masters(campaign.channel_id)
        lines = [t(loc, "gm-creator-line", member=f"<@{campaign.created_by}>")]
        lines += [f"<@{uid}>" for uid in added if uid != campaign.created_by]
        lines.append(t(loc, "gm-manage-line"))
        await send(
            interaction,
            embed=EmbedBuilder(t(loc, "gm-title"), "\n".join(lines)).build(),
            ephemeral=True,
        )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(CampaignCog(bot))
