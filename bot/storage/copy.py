"""Copy every campaign, with its whole history and game masters, from one database to another
(``python -m bot migrate --from URL --to URL``), e.g. a SQLite file into PostgreSQL.

Rows are copied as they are: campaign ids, versions, times, states and dice as the same text,
so every reply about a campaign reads the same afterwards. The copy is one transaction on the
target: it lands whole or not at all. Interaction claims are not copied (they only matter for
the minutes around a delivery)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.models import CAMPAIGN_COLUMNS, HISTORY_COLUMNS
from bot.storage.store import Store

# table -> (columns, order): every table whose rows make up the campaigns
TABLES: dict[str, tuple[str, str]] = {
    "campaigns": (CAMPAIGN_COLUMNS, "channel_id"),
    "history": (HISTORY_COLUMNS, "campaign_id, seq"),
    "game_masters": ("channel_id, user_id, added_by, added_at", "channel_id, user_id"),
    "meta": ("key, value", "key"),
}


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


async def copy_campaigns(source: Store, target: Store, *, replace: bool = False) -> CopyReport:
    """Copy everything from ``source`` into ``target`` (refused if the target holds campaigns,
    unless ``replace``: then the target's campaigns are deleted first, in the same
    transaction)."""
    rows: dict[str, list[tuple[Any, ...]]] = {}
    async with source.db.transaction() as conn:  # one consistent snapshot of the source
        for table, (columns, order) in TABLES.items():
            found = await conn.fetch(f"SELECT {columns} FROM {table} ORDER BY {order}")
            rows[table] = [tuple(r) for r in found]
        counter = await conn.fetchrow("SELECT value FROM counters WHERE name = 'campaign_id'")
    next_id = max([int(counter[0]) if counter else 0] + [int(r[1]) for r in rows["campaigns"]])
    async with target.db.transaction() as conn:
        existing = await conn.fetchrow("SELECT COUNT(*) FROM campaigns")
        held = int(existing[0]) if existing else 0
        if held and not replace:
            raise CopyRefused(
                f"the target already holds {held} campaigns; nothing was copied "
                "(add --replace to delete them first)"
            )
        for table in (*TABLES, "interactions"):
            await conn.execute(f"DELETE FROM {table}")
        for table, (columns, _) in TABLES.items():
            if rows[table]:
                marks = ", ".join("?" * len(columns.split(", ")))
                await conn.executemany(
                    f"INSERT INTO {table} ({columns}) VALUES ({marks})", rows[table]
                )
        await conn.execute("UPDATE counters SET value = ? WHERE name = 'campaign_id'", next_id)
    return CopyReport(len(rows["campaigns"]), len(rows["history"]), len(rows["game_masters"]))
