"""/campaign: the channel's campaign as a whole — status, history, undo, export/import, end,
game masters."""

from __future__ import annotations

import functools
import io
import logging
import math
import re
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
from bot.translator import shown_invocation
from bot.ui import (
    ConfirmView,
    EmbedBuilder,
    begin_press,
    clip,
    confirm_press,
    confirmation,
    lang,
    own_recent,
    owner_only,
    pager_view,
    pressed_label,
    report,
    tr,
)

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


def history_line(loc: str, entry: HistoryEntry, tree: app_commands.CommandTree[Any]) -> str:
    command = shown_invocation(tree, loc, entry.command)
    line = (
        f"**#{entry.seq}** {discord_time(entry.created_at, 't')} {clip(entry.actor_name, 40)} — "
        f"`{clip(command, 80)}` — {clip(render_summary(loc, entry.summary), 200)}"
    )
    dice = dice_text(loc, entry)
    if dice:
        line += f" · {dice}"
    if entry.imported:
        line += f" {t(loc, 'history-imported')}"
    if entry.undone_at:
        line = f"~~{line}~~ {t(loc, 'history-undone')}"
    return line


def history_page(
    loc: str,
    title: str,
    entries: list[HistoryEntry],
    tree: app_commands.CommandTree[Any],
    n: int,
) -> discord.Embed:
    """Page ``n`` (from 0) of ``entries`` in pages of ``HISTORY_PAGE``: only its own entries
    are rendered."""
    pages = math.ceil(len(entries) / HISTORY_PAGE)
    chunk = entries[n * HISTORY_PAGE : (n + 1) * HISTORY_PAGE]
    builder = EmbedBuilder(title, "\n".join(history_line(loc, e, tree) for e in chunk))
    if pages > 1:
        builder.footer(t(loc, "history-page", page=str(n + 1), pages=str(pages)))
    return builder.build()


class HistoryPager(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hist:(?P<campaign>[0-9]{1,19}):(?P<before>[0-9]{1,19}):(?P<count>[0-9]{1,2})"
    r":(?P<page>[0-9]{1,2}):(?P<way>[01])",
):
    """◀ / ▶ under ``/campaign history``: page ``page`` of the ``count`` entries of campaign
    ``campaign`` before entry ``before`` (the history as it was when asked), read again from
    the database on each press — nothing held in memory."""

    def __init__(
        self, campaign_id: int, before: int, count: int, page: int, way: int, *, label: str
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"hist:{campaign_id}:{before}:{count}:{page}:{way}",
            )
        )
        self.campaign_id, self.before, self.count, self.page = campaign_id, before, count, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HistoryPager:
        begin_press(interaction)
        return cls(
            int(match["campaign"]),
            int(match["before"]),
            int(match["count"]),
            int(match["page"]),
            int(match["way"]),
            label=getattr(item, "label", None) or "",
        )

    @staticmethod
    def pager(campaign_id: int, before: int, count: int, page: int, loc: str) -> discord.ui.View:
        pages = math.ceil(count / HISTORY_PAGE)
        return pager_view(
            lambda target, way, label: HistoryPager(
                campaign_id, before, count, target, way, label=label
            ),
            page,
            pages,
            (t(loc, "pager-newer"), t(loc, "pager-older")),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            bot = interaction.client
            campaign = await bot.store.get(channel_of(interaction))
            if campaign is None or campaign.campaign_id != self.campaign_id:
                raise BotError(key="campaign-ended")
            loc = lang(interaction)
            entries = await bot.store.campaign_history(
                self.campaign_id, self.count, before_seq=self.before, with_states=False
            )
            pages = max(1, math.ceil(len(entries) / HISTORY_PAGE))
            page = min(self.page, pages - 1)
            title = t(loc, "history-title", game=game_name(loc, campaign.game))
            await update(
                interaction,
                embed=history_page(loc, title, entries, bot.tree, page),
                view=self.pager(self.campaign_id, self.before, len(entries), page, loc),
            )
        except Exception as exc:
            await report(interaction, exc)


class EndConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"end:(?P<campaign>[0-9]{1,19}):(?P<owner>[0-9]{1,19})",
):
    """**End campaign** under ``/campaign end``'s question: ends campaign ``campaign`` (and no
    later one), pressed by the game master who asked; works after a restart."""

    def __init__(self, campaign_id: int, owner_id: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                custom_id=f"end:{campaign_id}:{owner_id}",
            )
        )
        self.campaign_id, self.owner_id = campaign_id, owner_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> EndConfirm:
        begin_press(interaction)
        label = pressed_label(interaction, item, "campaign-end-button")
        return cls(int(match["campaign"]), int(match["owner"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            if await owner_only(interaction, self.owner_id):
                await confirm_press(interaction, self._end)
        except Exception as exc:
            await report(interaction, exc)

    async def _end(self, interaction: discord.Interaction[Any]) -> str:
        bot: TableBot = interaction.client
        async with bot.campaign_tx(interaction, game=None) as tx:
            if tx.campaign is None or tx.campaign.campaign_id != self.campaign_id:
                raise BotError(key="campaign-end-gone")
            await bot.ensure_game_master(interaction, tx.campaign, "action-end-campaign")
            game = tx.campaign.game
            tx.delete()
        return tr(interaction, "campaign-end-done", game=game_name(lang(interaction), game))


class UndoConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"undoask:(?P<campaign>[0-9]{1,19}):(?P<seq>[0-9]{1,19}):(?P<owner>[0-9]{1,19})",
):
    """**Undo it** under ``/campaign undo``'s question (another member's change): undoes entry
    ``seq`` of campaign ``campaign`` if it is still the newest, pressed by the member who asked
    as a game master; works after a restart."""

    def __init__(self, campaign_id: int, seq: int, owner_id: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                custom_id=f"undoask:{campaign_id}:{seq}:{owner_id}",
            )
        )
        self.campaign_id, self.seq, self.owner_id = campaign_id, seq, owner_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> UndoConfirm:
        begin_press(interaction)
        label = pressed_label(interaction, item, "undo-button")
        return cls(int(match["campaign"]), int(match["seq"]), int(match["owner"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            if await owner_only(interaction, self.owner_id):
                await confirm_press(interaction, self._undo)
        except Exception as exc:
            await report(interaction, exc)

    async def _undo(self, who: discord.Interaction[Any]) -> str:
        # the confirmed entry of the campaign asked about, and only that one: if it is no
        # longer the newest, or the campaign has ended meanwhile, refuse
        bot: TableBot = who.client
        channel_id = channel_of(who)
        fresh = await bot.store.get(channel_id)
        if fresh is None or fresh.campaign_id != self.campaign_id:
            raise BotError(key="campaign-ended")
        await bot.ensure_game_master(who, fresh, "action-undo-other")
        entry = await bot.store.undo(
            channel_id, self.seq, who.user.id, interaction_id=who.id, campaign_id=self.campaign_id
        )
        answer_of(who).applied = True
        return undone_text(who, entry)


def undone_text(who: discord.Interaction[Any], entry: HistoryEntry) -> str:
    return tr(
        who,
        "undo-done",
        seq=str(entry.seq),
        actor=entry.actor_name,
        command=clip(shown_invocation(who.client.tree, lang(who), entry.command), 80),
        summary=clip(render_summary(lang(who), entry.summary), 200),
    )


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
        view = None
        waiting = self.bot.waiting.get(campaign.game)
        if waiting is not None:
            try:
                text, view = await waiting(
                    interaction, campaign.campaign_id, campaign.version, campaign.state
                )
                builder.field(t(loc, "campaign-field-waiting"), text)
            except Exception:
                log.exception("could not say what campaign %s waits for", campaign.campaign_id)
                view = None
        await send(interaction, embed=builder.build(), view=view)

    @app_commands.command(
        name="end", description="Game master: delete this channel's campaign (asks first)"
    )
    async def end(self, interaction: discord.Interaction[Any]) -> None:
        answers_privately(interaction)
        campaign = await self._current(channel_of(interaction), interaction, "action-end-campaign")
        if campaign is None:
            raise BotError(key="campaign-end-nothing")
        loc = lang(interaction)
        title = game_name(loc, campaign.game)
        owner = interaction.user.id
        confirm = EndConfirm(campaign.campaign_id, owner, label=t(loc, "campaign-end-button"))
        view = confirmation(confirm, owner, loc)
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
        page = functools.partial(history_page, loc, title, entries, self.bot.tree)
        if len(entries) <= HISTORY_PAGE:
            await send(interaction, embed=page(0))
        else:
            before = entries[0].seq + 1
            view = HistoryPager.pager(campaign.campaign_id, before, len(entries), 0, loc)
            await send(interaction, embed=page(0), view=view)

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

        if latest.actor_id == interaction.user.id:
            entry = await self._undo_own(interaction, channel_id, campaign_id, latest)
            answer_of(interaction).applied = True
            await send(interaction, undone_text(interaction, entry))
            return

        owner = interaction.user.id
        confirm = UndoConfirm(campaign_id, seq, owner, label=t(loc, "undo-button"))
        view = confirmation(confirm, owner, loc)
        question = t(
            loc,
            "undo-ask",
            actor=latest.actor_name,
            seq=str(seq),
            command=clip(shown_invocation(self.bot.tree, loc, latest.command), 80),
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
            raise BotError(key="import-too-large", size=file.size, limit=MAX_FILE_BYTES)
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
    bot.add_dynamic_items(HistoryPager, EndConfirm, UndoConfirm)
