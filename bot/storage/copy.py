"""Copy every campaign, with its whole history and game masters, from one database to another
(``python -m bot migrate --from URL --to URL``), e.g. a SQLite file into PostgreSQL.

Rows are copied as they are: campaign ids, versions, times, states and dice as the same text,
so every reply about a campaign reads the same afterwards. The source is read from one
consistent snapshot (:meth:`Database.snapshot`: a read transaction on SQLite, REPEATABLE READ
READ ONLY on PostgreSQL) and never changed — not even migrated: a source of another schema
version is refused with what to do. Rows go over ``BATCH`` at a time, so memory stays bounded
whatever the size. The copy is one transaction on the target: it lands whole or not at all.
Interaction claims are not copied (they only matter for the minutes around a delivery)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.database import Conn
from bot.storage.models import CAMPAIGN_COLUMNS, HISTORY_COLUMNS
from bot.storage.store import Store

# table -> (columns, key): every table whose rows make up the campaigns, read in key order
TABLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "campaigns": (CAMPAIGN_COLUMNS, ("channel_id",)),
    "history": (HISTORY_COLUMNS, ("campaign_id", "seq")),
    "game_masters": ("channel_id, user_id, added_by, added_at", ("channel_id", "user_id")),
    "meta": ("key, value", ("key",)),
}
#: rows read and written at a time
BATCH = 2_000


class CopyRefused(Exception):
    """The copy would overwrite something; the message says what and how to go on."""


@dataclass(frozen=True)
class CopyReport:
    campaigns: int
    history: int
    game_masters: int

    def __str__(self) -> str:
        return (
            f"{self.campaigns} campaigns, {self.history} history rows and "
            f"{self.game_masters} game masters"
        )


async def count_rows(store: Store) -> dict[str, int]:
    async with store.db.reading() as conn:
        out = {}
        for table in ("campaigns", "history", "game_masters"):
            row = await conn.fetchrow(f"SELECT COUNT(*) FROM {table}")
            out[table] = int(row[0]) if row else 0
        return out


async def _copy_table(source: Conn, target: Conn, table: str) -> tuple[int, int]:
    """Copy ``table`` in key order, ``BATCH`` rows at a time; returns how many rows, and the
    largest campaign id among them (campaigns only)."""
    columns, key = TABLES[table]
    names = columns.split(", ")
    at = [names.index(k) for k in key]
    marks = ", ".join("?" * len(names))
    insert = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    order = ", ".join(key)
    after = f"({order}) > ({', '.join('?' * len(key))})"
    copied = largest = 0
    last: list[Any] | None = None
    while True:
        where = f" WHERE {after}" if last is not None else ""
        rows = await source.fetch(
            f"SELECT {columns} FROM {table}{where} ORDER BY {order} LIMIT ?",
            *(last or []),
            BATCH,
        )
        if not rows:
            return copied, largest
        values = [tuple(r) for r in rows]
        await target.executemany(insert, values)
        copied += len(values)
        if table == "campaigns":
            largest = max(largest, max(int(v[1]) for v in values))
        last = [values[-1][i] for i in at]


async def copy_campaigns(source: Store, target: Store, *, replace: bool = False) -> CopyReport:
    """Copy everything from ``source`` into ``target`` (refused if the target holds campaigns,
    unless ``replace``: then the target's campaigns are deleted first, in the same
    transaction)."""
    async with source.db.snapshot() as src, target.db.transaction() as dst:
        existing = await dst.fetchrow("SELECT COUNT(*) FROM campaigns")
        held = int(existing[0]) if existing else 0
        if held and not replace:
            raise CopyRefused(
                f"the target already holds {held} campaigns; nothing was copied "
                "(add --replace to delete them first)"
            )
        for table in (*TABLES, "interactions"):
            await dst.execute(f"DELETE FROM {table}")
        counts: dict[str, int] = {}
        largest = 0
        for table in TABLES:
            counts[table], most = await _copy_table(src, dst, table)
            largest = max(largest, most)
        counter = await src.fetchrow("SELECT value FROM counters WHERE name = 'campaign_id'")
        next_id = max(int(counter[0]) if counter else 0, largest)
        await dst.execute("UPDATE counters SET value = ? WHERE name = 'campaign_id'", next_id)
    return CopyReport(counts["campaigns"], counts["history"], counts["game_masters"])
