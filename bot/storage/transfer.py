"""A campaign as a file's data (``/campaign export`` and ``/campaign import``): what an export
reads of a channel's campaign (from one consistent snapshot, :meth:`Store.exporting`), and how
an import writes it back in place of another (inside the channel's transaction,
:meth:`Store.import_campaign`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.storage.database import Conn
from bot.storage.models import (
    HISTORY_COLUMNS,
    Campaign,
    HistoryEntry,
    JsonDict,
    check_ids,
    dump_json,
    entry_of,
    insert_campaign,
)

#: history entries read at a time by an export
EXPORT_BATCH = 1000


@dataclass(frozen=True)
class Exported:
    """A campaign as an export reads it: the row, its game masters, and its history oldest
    first, in batches (read while the export's snapshot is open)."""

    campaign: Campaign
    game_masters: list[JsonDict]
    history: AsyncIterator[list[HistoryEntry]]


async def game_master_rows(conn: Conn, channel_id: int) -> list[JsonDict]:
    rows = await conn.fetch(
        "SELECT user_id, added_by, added_at FROM game_masters WHERE channel_id = ? "
        "ORDER BY added_at, user_id",
        channel_id,
    )
    return [
        {"user_id": int(r["user_id"]), "added_by": int(r["added_by"]), "added_at": r["added_at"]}
        for r in rows
    ]


async def history_batches(conn: Conn, campaign_id: int) -> AsyncIterator[list[HistoryEntry]]:
    """The campaign's history oldest first, ``EXPORT_BATCH`` entries at a time (along the
    primary key)."""
    last = 0
    while True:
        rows = await conn.fetch(
            f"SELECT {HISTORY_COLUMNS} FROM history WHERE campaign_id = ? AND seq > ? "
            "ORDER BY seq LIMIT ?",
            campaign_id,
            last,
            EXPORT_BATCH,
        )
        if not rows:
            return
        yield [entry_of(row) for row in rows]
        last = int(rows[-1]["seq"])


def exported_entry(entry: HistoryEntry) -> JsonDict:
    """A history entry as an export file writes it: nothing that depends on the channel or
    database it came from."""
    return entry.model_dump(exclude={"campaign_id", "channel_id", "imported"})


async def export_data(exported: Exported) -> JsonDict:
    """The campaign as plain JSON data, whole: game, state, creator, times, game masters,
    ``history`` (oldest first)."""
    campaign = exported.campaign
    history = [exported_entry(h) async for batch in exported.history for h in batch]
    return {
        "game": campaign.game,
        "state": campaign.state,
        "created_by": campaign.created_by,
        "created_at": campaign.created_at,
        "updated_at": campaign.updated_at,
        "game_masters": exported.game_masters,
        "history": history,
    }


def check_import(guild_id: int | None, data: Mapping[str, Any], imported_by: int | None) -> None:
    """Refuse, before any query, an id in ``data`` the database cannot hold."""
    check_ids(guild_id, data["created_by"], imported_by)
    for gm in data.get("game_masters", []):
        check_ids(gm["user_id"], gm["added_by"])
    for h in data.get("history", []):
        check_ids(h["seq"], h["actor_id"], h.get("undone_by"))


async def import_data(
    conn: Conn,
    channel_id: int,
    guild_id: int | None,
    data: Mapping[str, Any],
    old: Campaign | None,
    imported_by: int | None,
    now: str,
) -> int:
    """Put ``data`` in place of the channel's campaign ``old`` (if any); returns the new
    campaign's id. The new row records
    ``imported_by`` and ``now``; every history entry from the file is marked imported (the
    file's actors and times are its own word, not this table's record)."""
    if old is not None:
        await conn.execute("DELETE FROM history WHERE campaign_id = ?", old.campaign_id)
        await conn.execute("DELETE FROM campaigns WHERE channel_id = ?", channel_id)
    await conn.execute("DELETE FROM game_masters WHERE channel_id = ?", channel_id)
    campaign_id = await insert_campaign(
        conn,
        channel_id,
        guild_id,
        data["game"],
        dump_json(data["state"]),
        data["created_by"],
        data["created_at"],
        data["updated_at"],
        imported_by,
        now,
    )
    gms = [
        (channel_id, gm["user_id"], gm["added_by"], gm["added_at"])
        for gm in data.get("game_masters", [])
    ]
    if gms:
        await conn.executemany(
            "INSERT INTO game_masters (channel_id, user_id, added_by, added_at) "
            "VALUES (?, ?, ?, ?) ON CONFLICT (channel_id, user_id) DO NOTHING",
            gms,
        )
    history = [_history_row(campaign_id, channel_id, h) for h in data.get("history", [])]
    if history:
        await conn.executemany(
            f"INSERT INTO history ({HISTORY_COLUMNS}) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)",
            history,
        )
    return campaign_id


def _history_row(campaign_id: int, channel_id: int, h: Mapping[str, Any]) -> tuple[Any, ...]:
    """An exported history entry as the values of an imported history row."""
    patch = h["undo_patch"]
    return (
        campaign_id,
        h["seq"],
        channel_id,
        h["created_at"],
        h["actor_id"],
        h["actor_name"],
        h["command"],
        h["summary"],
        dump_json(h["dice"]),
        None if patch is None else dump_json(patch),
        h.get("undone_by"),
        h.get("undone_at"),
        int(bool(h.get("aside", False))),
    )
