"""/campaign: the channel's campaign as a whole (status, end)."""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign_file import MAX_FILE_BYTES, parse_campaign_file, render_campaign_file
from bot.errors import BotError, NoCampaign, NotAllowed
from bot.games import GAMES, game_title, setup_hint
from bot.storage import Campaign, HistoryEntry
from bot.ui import ConfirmView, EmbedBuilder, SafeView, clip

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)


UNDO_OWN_WINDOW = timedelta(minutes=5)
HISTORY_PAGE = 10


def discord_time(iso: str, style: str = "R") -> str:
    return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:{style}>"


def dice_text(entry: HistoryEntry) -> str:
    """The die faces of an entry (``3 5``) and a count of other random draws."""
    faces = [str(d.get("value")) for d in entry.dice if str(d.get("kind", "")).startswith("d")]
    others = sum(1 for d in entry.dice if not str(d.get("kind", "")).startswith("d"))
    parts = []
    if faces:
        parts.append("🎲 " + " ".join(faces[:40]) + (" …" if len(faces) > 40 else ""))
    if others:
        parts.append(f"{others} other random draws")
    return " · ".join(parts)


def history_line(entry: HistoryEntry) -> str:
    line = (
        f"**#{entry.seq}** {discord_time(entry.created_at, 't')} {clip(entry.actor_name, 40)} — "
        f"`{clip(entry.command, 80)}` — {clip(entry.summary, 200)}"
    )
    dice = dice_text(entry)
    if dice:
        line += f" · {dice}"
    if entry.undone_at:
        line = f"~~{line}~~ (undone)"
    return line


def history_pages(title: str, entries: list[HistoryEntry]) -> list[discord.Embed]:
    pages = []
    chunks = [entries[i : i + HISTORY_PAGE] for i in range(0, len(entries), HISTORY_PAGE)]
    for n, chunk in enumerate(chunks, start=1):
        builder = EmbedBuilder(title, "\n".join(history_line(e) for e in chunk))
        if len(chunks) > 1:
            builder.footer(f"Page {n} of {len(chunks)} · newest first")
        pages.append(builder.build())
    return pages


class Pager(SafeView):
    """◀ / ▶ through pre-rendered embeds."""

    def __init__(self, pages: list[discord.Embed]) -> None:
        super().__init__(timeout=600)
        self.pages = pages
        self.index = 0
        self._sync()

    def _sync(self) -> None:
        self.newer.disabled = self.index == 0
        self.older.disabled = self.index >= len(self.pages) - 1

    @discord.ui.button(label="◀ Newer", style=discord.ButtonStyle.secondary)
    async def newer(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.index = max(0, self.index - 1)
        self._sync()
        await interaction.response.edit_message(embed=self.pages[self.index], view=self)

    @discord.ui.button(label="Older ▶", style=discord.ButtonStyle.secondary)
    async def older(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        self.index = min(len(self.pages) - 1, self.index + 1)
        self._sync()
        await interaction.response.edit_message(embed=self.pages[self.index], view=self)


class CampaignCog(
    commands.GroupCog, group_name="campaign", group_description="This channel's campaign"
):
    """The channel's campaign, whatever the game: status, history, undo, export/import, end,
    game masters."""

    help_section = "Campaign"
    help_order = 10

    gm = app_commands.Group(name="gm", description="Game masters of this channel's campaign")

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        super().__init__()

    def _channel(self, interaction: discord.Interaction[Any]) -> int:
        if interaction.channel_id is None:
            raise BotError("Use this command in a server channel.")
        return interaction.channel_id

    async def _campaign(self, interaction: discord.Interaction[Any]) -> Campaign:
        campaign = await self.bot.store.get(self._channel(interaction))
        if campaign is None:
            raise NoCampaign(f"No campaign in this channel — start one with {setup_hint()}.")
        return campaign

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

    @app_commands.command(
        name="history", description="The latest entries: who did what, with every die"
    )
    @app_commands.describe(count="How many entries, newest first (1–50, default 10)")
    async def history(
        self, interaction: discord.Interaction[Any], count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        campaign = await self._campaign(interaction)
        entries = await self.bot.store.campaign_history(campaign.campaign_id, count)
        if not entries:
            await interaction.response.send_message("The history is empty.", ephemeral=True)
            return
        pages = history_pages(f"{game_title(campaign.game)} — history", entries)
        if len(pages) == 1:
            await interaction.response.send_message(embed=pages[0])
        else:
            await interaction.response.send_message(embed=pages[0], view=Pager(pages))

    @app_commands.command(
        name="undo", description="Restore the state from before the latest change"
    )
    async def undo(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = self._channel(interaction)
        campaign = await self._campaign(interaction)
        latest = await self.bot.store.latest_undoable(channel_id)
        if latest is None or latest.state_before is None:
            raise BotError(
                "Nothing to undo: the campaign is as it started (use /campaign end to remove it)."
            )
        is_gm = await self.bot.is_game_master(interaction, campaign)
        age = datetime.now(UTC) - datetime.fromisoformat(latest.created_at)
        own_recent = latest.actor_id == interaction.user.id and age <= UNDO_OWN_WINDOW
        if not (is_gm or own_recent):
            raise NotAllowed(
                "Only the game master, or the member who made the last change within 5 minutes, "
                "may undo it."
            )
        seq = latest.seq

        async def do_undo(who: discord.Interaction[Any]) -> str:
            if who is not interaction:
                fresh = await self.bot.store.get(channel_id)
                await self.bot.ensure_game_master(who, fresh, "undo someone else's change")
            entry = await self.bot.store.undo(channel_id, seq, who.user.id)
            return (
                f"Undid #{entry.seq} by {entry.actor_name} (`{clip(entry.command, 80)}` — "
                f"{clip(entry.summary, 200)}). The campaign is as it was before it."
            )

        if latest.actor_id == interaction.user.id:
            await interaction.response.send_message(await do_undo(interaction))
            return
        view = ConfirmView(interaction.user.id, do_undo, confirm_label="Undo it")
        await interaction.response.send_message(
            f"Undo {latest.actor_name}'s change #{seq} (`{clip(latest.command, 80)}` — "
            f"{clip(latest.summary, 200)})?",
            view=view,
        )

    @app_commands.command(
        name="export", description="Game master: the campaign (state and history) as a JSON file"
    )
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        channel_id = self._channel(interaction)
        campaign = await self._campaign(interaction)
        await self.bot.ensure_game_master(interaction, campaign, "export the campaign")
        data = await self.bot.store.export_campaign(channel_id)
        if data is None:
            raise NoCampaign("No campaign in this channel.")
        raw = render_campaign_file(data)
        name = f"{campaign.game}-campaign-{channel_id}.json"
        await interaction.response.send_message(
            f"The {game_title(campaign.game)} campaign: state and {len(data['history'])} history "
            "entries. Re-load it with /campaign import.",
            file=discord.File(io.BytesIO(raw), filename=name),
            ephemeral=True,
        )

    @app_commands.command(
        name="import",
        description="Game master: replace this channel's campaign with an exported file",
    )
    @app_commands.describe(file="A .json file made by /campaign export")
    async def import_(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        channel_id = self._channel(interaction)
        current = await self.bot.store.get(channel_id)
        if current is not None:
            await self.bot.ensure_game_master(interaction, current, "replace the campaign")
        if file.size > MAX_FILE_BYTES:
            raise BotError(f"The file is too large ({file.size} bytes; at most {MAX_FILE_BYTES}).")
        try:
            raw = await file.read()
        except discord.HTTPException:
            raise BotError("Could not download the file from Discord — try again.") from None
        parsed = parse_campaign_file(raw)
        data = parsed.model_dump(mode="json", exclude={"format", "version"})
        importer = interaction.user.id
        if importer != parsed.created_by and not interaction.permissions.manage_channels:
            data["game_masters"].append(
                {
                    "user_id": importer,
                    "added_by": importer,
                    "added_at": datetime.now(UTC).isoformat(),
                }
            )
        replacing = (
            f"Replace this channel's {game_title(current.game)} campaign"
            if current
            else "Start this channel's campaign from"
        )

        async def do_import(who: discord.Interaction[Any]) -> str:
            fresh = await self.bot.store.get(channel_id)
            if fresh is not None:
                await self.bot.ensure_game_master(who, fresh, "replace the campaign")
            await self.bot.store.import_campaign(channel_id, who.guild_id, data)
            return (
                f"Imported the {game_title(parsed.game)} campaign with "
                f"{len(parsed.history)} history entries."
            )

        view = ConfirmView(importer, do_import, confirm_label="Import")
        await interaction.response.send_message(
            f"{replacing} the imported {game_title(parsed.game)} campaign "
            f"({len(parsed.history)} history entries)?",
            view=view,
            ephemeral=True,
        )

    @gm.command(name="add", description="Game master: make a member a game master here")
    @app_commands.describe(member="The member who may run game-master commands")
    async def gm_add(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        campaign = await self._campaign(interaction)
        await self.bot.ensure_game_master(interaction, campaign, "add game masters")
        if member.bot:
            raise BotError("Bots cannot be game masters.")
        added = await self.bot.store.add_game_master(
            campaign.channel_id, member.id, interaction.user.id
        )
        text = (
            f"{member.mention} is now a game master here."
            if added
            else f"{member.mention} already is a game master here."
        )
        await interaction.response.send_message(text)

    @gm.command(name="remove", description="Game master: stop a member being a game master here")
    @app_commands.describe(member="The member to remove from the game masters")
    async def gm_remove(
        self, interaction: discord.Interaction[Any], member: discord.Member
    ) -> None:
        campaign = await self._campaign(interaction)
        await self.bot.ensure_game_master(interaction, campaign, "remove game masters")
        if member.id == campaign.created_by:
            raise BotError("The member who started the campaign always is its game master.")
        removed = await self.bot.store.remove_game_master(campaign.channel_id, member.id)
        if not removed:
            raise BotError(f"{member.display_name} was not an added game master here.")
        await interaction.response.send_message(
            f"{member.mention} is no longer a game master here."
        )

    @gm.command(name="list", description="Who may run game-master commands in this channel")
    async def gm_list(self, interaction: discord.Interaction[Any]) -> None:
        campaign = await self._campaign(interaction)
        added = await self.bot.store.game_masters(campaign.channel_id)
        lines = [f"<@{campaign.created_by}> (started the campaign)"]
        lines += [f"<@{uid}>" for uid in added if uid != campaign.created_by]
        lines.append("…and anyone with the Manage Channels permission in this channel.")
        await interaction.response.send_message(
            embed=EmbedBuilder("Game masters", "\n".join(lines)).build(), ephemeral=True
        )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(CampaignCog(bot))
