"""The Python parts of migrations (see :mod:`bot.storage.migrations`): number -> function of the
store's connection, run inside the migration's transaction."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from bot.storage.changes import Converter, Patch

if TYPE_CHECKING:
    from bot.storage.database import Conn

#: history rows read (and rewritten) at a time: memory stays bounded whatever the history's
#: length
BATCH = 500


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


async def history_changes(conn: Conn) -> None:
    """Step 7: every entry's ``state_before`` as ``undo_patch`` and ``aside``
    (:class:`~bot.storage.changes.Converter`), campaign by campaign, ``BATCH`` rows at a
    time."""
    campaigns = await conn.fetch("SELECT DISTINCT campaign_id FROM history ORDER BY campaign_id")
    for row in campaigns:
        campaign_id = int(row[0])
        state = await conn.fetchrow(
            "SELECT state FROM campaigns WHERE campaign_id = ?", campaign_id
        )
        current = json.loads(state[0]) if state is not None else None
        converter = Converter()
        last = 0
        while True:
            rows = await conn.fetch(
                "SELECT seq, state_before, undone_at FROM history "
                "WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?",
                campaign_id,
                last,
                BATCH,
            )
            if not rows:
                break
            settled: list[tuple[Hashable, Patch | None, bool]] = []
            for r in rows:
                before = json.loads(r["state_before"]) if r["state_before"] is not None else None
                settled += converter.feed(int(r["seq"]), before, r["undone_at"] is not None)
            await _write(conn, campaign_id, settled)
            last = int(rows[-1]["seq"])
        await _write(conn, campaign_id, converter.finish(current))


async def _write(
    conn: Conn, campaign_id: int, settled: Sequence[tuple[Hashable, Patch | None, bool]]
) -> None:
    if settled:
        await conn.executemany(
            "UPDATE history SET undo_patch = ?, aside = ? WHERE campaign_id = ? AND seq = ?",
            [
                (None if patch is None else _dump(patch), int(aside), campaign_id, seq)
                for seq, patch, aside in settled
            ],
        )


STEPS: dict[int, Callable[[Conn], Awaitable[None]]] = {7: history_changes}
