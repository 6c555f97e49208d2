"""Campaign storage: one row per channel plus an append-only history, on SQLite or PostgreSQL.

Every change goes through one database transaction that takes the channel's lock in the
database itself (SQLite's write lock, PostgreSQL's advisory lock on the channel id), reads the
row, lets the caller change the state, and writes the new state, one history row and the
interaction's claim before it commits. So:

- no update is lost, whichever process, on whichever host, writes: the second writer of a
  channel waits for the first and then reads what the first wrote (the ``version`` check on
  every update is the belt to those braces);
- an interaction is applied at most once: its id is claimed in the same transaction as its
  change, and a process that finds it claimed raises :class:`DuplicateInteraction` (and says
  nothing), which is what happens when two sessions of one shard both receive it;
- a command's effect is committed when the ``async with`` block exits, before any reply.

Nothing is cached between commands: every read goes to the database, so no process can serve a
row that another process has changed. Nothing here knows any game.
"""

from __future__ import annotations

import asyncio
import os
import socket
import weakref
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.rules.errors import BotError
from bot.storage.database import Conn, Database, open_database
from bot.storage.errors import ConcurrencyError, DuplicateInteraction
from bot.storage.models import (
    CAMPAIGN_COLUMNS,
    HISTORY_COLUMNS,
    Campaign,
    HistoryEntry,
    JsonDict,
    Tx,
    campaign_of,
    check_ids,
    dump_json,
    entry_of,
    insert_campaign,
    now_iso,
    read_game_masters,
    write_state,
)
from bot.storage.transfer import check_import, export_data, import_data

# How long an interaction's claim is kept: Discord lets an interaction be answered for 15
# minutes, and a second delivery comes within seconds.
CLAIM_KEEP = timedelta(hours=1)


class Store:
    """The campaign database. Open with :meth:`Store.open`; close with :meth:`close`."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # who applies the interactions this store claims (kept with each claim)
        self.process_name = f"{socket.gethostname()}:{os.getpid()}"
        # Only a courtesy: commands of one channel queue here instead of in the database.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # -- lifecycle -----------------------------------------------------------------------------
    @classmethod
    async def open(cls, target: str | Path, *, pool_size: int = 10) -> Store:
        """Open (and migrate) the database at ``target``: a ``postgresql://`` or ``sqlite:///``
        URL, or the path of a SQLite file."""
        db = await open_database(target, pool_size=pool_size)
        try:
            await db.migrate()
        except BaseException:
            await db.close()
            raise
        return cls(db)

    @property
    def backend(self) -> str:
        return self.db.backend

    @property
    def description(self) -> str:
        return self.db.description

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        return await self.db.schema_version()

    async def integrity_check(self) -> str:
        return await self.db.integrity_check()

    def exclusive(self, name: str) -> AbstractAsyncContextManager[None]:
        """A lock by name shared by every process on this database."""
        return self.db.exclusive(name)

    # -- reads ---------------------------------------------------------------------------------
    async def get(self, channel_id: int) -> Campaign | None:
        check_ids(channel_id)
        async with self.db.reading() as conn:
            row = await conn.fetchrow(
                f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE channel_id = ?", channel_id
            )
        return campaign_of(row)[0] if row is not None else None

    async def history(
        self, channel_id: int, limit: int | None = 10, *, before_seq: int | None = None
    ) -> list[HistoryEntry]:
        """The latest ``limit`` entries of the channel's current campaign, newest first."""
        campaign = await self.get(channel_id)
        if campaign is None:
            return []
        return await self.campaign_history(campaign.campaign_id, limit, before_seq=before_seq)

    async def campaign_history(
        self,
        campaign_id: int,
        limit: int | None = 10,
        *,
        before_seq: int | None = None,
        with_states: bool = True,
    ) -> list[HistoryEntry]:
        """Entries newest first. ``with_states=False`` leaves out each entry's state-before
        (``state_before`` is then None): enough to show the history, much less to read."""
        async with self.db.reading() as conn:
            return await self._history(
                conn, campaign_id, limit, before_seq=before_seq, with_states=with_states
            )

    @staticmethod
    async def _history(
        conn: Conn,
        campaign_id: int,
        limit: int | None,
        *,
        before_seq: int | None = None,
        with_states: bool = True,
    ) -> list[HistoryEntry]:
        columns = (
            HISTORY_COLUMNS
            if with_states
            else HISTORY_COLUMNS.replace("state_before", "NULL AS state_before")
        )
        sql = f"SELECT {columns} FROM history WHERE campaign_id = ?"
        args: list[Any] = [campaign_id]
        if before_seq is not None:
            sql += " AND seq < ?"
            args.append(before_seq)
        sql += " ORDER BY seq DESC"
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        return [entry_of(row) for row in await conn.fetch(sql, *args)]

    async def get_meta(self, key: str) -> str | None:
        async with self.db.reading() as conn:
            row = await conn.fetchrow("SELECT value FROM meta WHERE key = ?", key)
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key,
                value,
            )

    async def game_masters(self, channel_id: int) -> list[int]:
        check_ids(channel_id)
        async with self.db.reading() as conn:
            return await read_game_masters(conn, channel_id)

    # -- the unit of work ----------------------------------------------------------------------
    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    @asynccontextmanager
    async def _channel(
        self, channel_id: int, interaction_id: int | None
    ) -> AsyncIterator[tuple[Conn, Campaign | None, str | None]]:
        """A transaction holding the channel's lock (in this process and in the database), with
        the channel's campaign as it is now. Raises DuplicateInteraction if ``interaction_id``
        has already been applied (by this or another process)."""
        check_ids(channel_id, interaction_id)
        async with self.channel_lock(channel_id), self.db.transaction(channel_id) as conn:
            row = await conn.fetchrow(
                f"SELECT (SELECT COUNT(*) FROM interactions WHERE interaction_id = ?) AS claimed, "
                f"{', '.join('c.' + c for c in CAMPAIGN_COLUMNS.split(', '))} "
                "FROM (SELECT 1 AS one) AS here "
                "LEFT JOIN campaigns AS c ON c.channel_id = ?",
                interaction_id if interaction_id is not None else -1,
                channel_id,
            )
            assert row is not None
            if row["claimed"]:
                raise DuplicateInteraction(interaction_id)
            campaign, text = campaign_of(row) if row["channel_id"] is not None else (None, None)
            yield conn, campaign, text

    async def _claim(
        self, conn: Conn, interaction_id: int | None, channel_id: int, now: str
    ) -> None:
        if interaction_id is not None:
            await conn.execute(
                "INSERT INTO interactions (interaction_id, channel_id, claimed_at, claimed_by) "
                "VALUES (?, ?, ?, ?)",
                interaction_id,
                channel_id,
                now,
                self.process_name,
            )

    @asynccontextmanager
    async def transaction(
        self,
        channel_id: int,
        *,
        actor_id: int,
        command: str,
        actor_name: str = "",
        guild_id: int | None = None,
        interaction_id: int | None = None,
    ) -> AsyncIterator[Tx]:
        """Read the channel's campaign, let the caller change it, commit state + history (+ the
        interaction's claim) in one transaction.

        If the body raises, nothing is written. The commit has happened when the ``async with``
        block exits, so reply to Discord after it.
        """
        check_ids(actor_id, guild_id)
        async with self._channel(channel_id, interaction_id) as (conn, campaign, text):
            tx = Tx(campaign, conn)
            tx._stored_text = text
            yield tx
            if tx.has_work:
                now = now_iso()
                tx.seq = await self._write(
                    conn, tx, channel_id, actor_id, actor_name, command, guild_id, now
                )
                await self._claim(conn, interaction_id, channel_id, now)

    async def _write(
        self,
        conn: Conn,
        tx: Tx,
        channel_id: int,
        actor_id: int,
        actor_name: str,
        command: str,
        guild_id: int | None,
        now: str,
    ) -> int | None:
        """The writes of one transaction. Returns the history sequence number (None for a
        deletion)."""
        campaign = tx.campaign
        if tx._delete:
            assert campaign is not None
            row = await conn.fetchrow(
                "DELETE FROM campaigns WHERE channel_id = ? AND version = ? RETURNING channel_id",
                channel_id,
                campaign.version,
            )
            if row is None:
                raise ConcurrencyError(channel_id)
            await conn.execute("DELETE FROM history WHERE campaign_id = ?", campaign.campaign_id)
            await conn.execute("DELETE FROM game_masters WHERE channel_id = ?", channel_id)
            return None
        before_text: str | None = None
        if tx._new_game is not None:
            assert tx._new_state is not None
            new_text = dump_json(tx._new_state)
            campaign_id = await insert_campaign(
                conn, channel_id, guild_id, tx._new_game, new_text, actor_id, now, now
            )
            await conn.execute("DELETE FROM game_masters WHERE channel_id = ?", channel_id)
        else:
            assert campaign is not None
            campaign_id = campaign.campaign_id
            # the state as stored is already its canonical JSON: no need to write it again
            before_text = tx._stored_text or dump_json(campaign.state)
            new_text = dump_json(tx._new_state) if tx._new_state is not None else before_text
            await write_state(conn, campaign, new_text, now)
        row = await conn.fetchrow(
            f"INSERT INTO history ({HISTORY_COLUMNS}) VALUES (?, "
            "(SELECT COALESCE(MAX(seq), 0) + 1 FROM history WHERE campaign_id = ?), "
            "?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0) RETURNING seq",
            campaign_id,
            campaign_id,
            channel_id,
            now,
            actor_id,
            actor_name,
            command,
            tx._summary or command,
            dump_json(tx._dice),
            before_text,
        )
        assert row is not None
        return int(row[0])

    # -- undo, export, import, game masters ----------------------------------------------------
    async def latest_undoable(self, channel_id: int) -> HistoryEntry | None:
        """The newest history entry of the channel's current campaign that is not undone yet."""
        check_ids(channel_id)
        async with self.db.reading() as conn:
            return await self._latest_undoable(conn, channel_id)

    @staticmethod
    async def _latest_undoable(conn: Conn, channel_id: int) -> HistoryEntry | None:
        row = await conn.fetchrow(
            f"SELECT {', '.join('h.' + c for c in HISTORY_COLUMNS.split(', '))} "
            "FROM history AS h JOIN campaigns AS c ON c.campaign_id = h.campaign_id "
            "WHERE c.channel_id = ? AND h.undone_at IS NULL ORDER BY h.seq DESC LIMIT 1",
            channel_id,
        )
        return entry_of(row) if row else None

    async def undo(
        self,
        channel_id: int,
        seq: int,
        actor_id: int,
        *,
        interaction_id: int | None = None,
        or_newest: Callable[[HistoryEntry], bool] | None = None,
    ) -> HistoryEntry:
        """Restore the state from before entry ``seq`` (which must still be the newest entry not
        undone) and mark it undone. The entry itself stays in the history.

        ``or_newest``: when ``seq`` is no longer the newest entry, undo the newest one instead
        if this says so (in the same transaction, so nothing can come between the check and the
        undo); otherwise, and without it, refuse with "campaign-changed"."""
        check_ids(actor_id)
        async with self._channel(channel_id, interaction_id) as (conn, campaign, _):
            latest = await self._latest_undoable(conn, channel_id)
            if campaign is None or latest is None:
                raise BotError(key="campaign-changed")
            if latest.seq != seq and (or_newest is None or not or_newest(latest)):
                raise BotError(key="campaign-changed")
            seq = latest.seq
            if latest.state_before is None:
                raise BotError(key="nothing-to-undo")
            now = now_iso()
            await write_state(conn, campaign, dump_json(latest.state_before), now)
            await conn.execute(
                "UPDATE history SET undone_by = ?, undone_at = ? WHERE campaign_id = ? AND seq = ?",
                actor_id,
                now,
                campaign.campaign_id,
                seq,
            )
            await self._claim(conn, interaction_id, channel_id, now)
        return latest.model_copy(update={"undone_by": actor_id, "undone_at": now})

    async def export_campaign(self, channel_id: int) -> JsonDict | None:
        """The campaign as plain JSON data (see :func:`bot.storage.transfer.export_data`), read
        in one transaction."""
        async with self._channel(channel_id, None) as (conn, campaign, _):
            if campaign is None:
                return None
            history = await self._history(conn, campaign.campaign_id, None)
            return await export_data(conn, campaign, history)

    async def import_campaign(
        self,
        channel_id: int,
        guild_id: int | None,
        data: Mapping[str, Any],
        *,
        interaction_id: int | None = None,
        imported_by: int | None = None,
    ) -> None:
        """Replace the channel's campaign with exported ``data`` (already validated; see
        :func:`bot.storage.transfer.import_data`) in one transaction."""
        check_import(guild_id, data, imported_by)
        now = now_iso()
        async with self._channel(channel_id, interaction_id) as (conn, old, _):
            await import_data(conn, channel_id, guild_id, data, old, imported_by, now)
            await self._claim(conn, interaction_id, channel_id, now)

    async def add_game_master(
        self, channel_id: int, user_id: int, added_by: int, *, interaction_id: int | None = None
    ) -> bool:
        """True if added, False if already one."""
        check_ids(user_id, added_by)
        async with self._channel(channel_id, interaction_id) as (conn, _, _):
            now = now_iso()
            row = await conn.fetchrow(
                "INSERT INTO game_masters (channel_id, user_id, added_by, added_at) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (channel_id, user_id) DO NOTHING "
                "RETURNING user_id",
                channel_id,
                user_id,
                added_by,
                now,
            )
            await self._claim(conn, interaction_id, channel_id, now)
        return row is not None

    async def remove_game_master(
        self, channel_id: int, user_id: int, *, interaction_id: int | None = None
    ) -> bool:
        check_ids(user_id)
        async with self._channel(channel_id, interaction_id) as (conn, _, _):
            row = await conn.fetchrow(
                "DELETE FROM game_masters WHERE channel_id = ? AND user_id = ? RETURNING user_id",
                channel_id,
                user_id,
            )
            await self._claim(conn, interaction_id, channel_id, now_iso())
        return row is not None

    async def prune_interactions(self, keep: timedelta = CLAIM_KEEP) -> int:
        """Forget interaction claims older than ``keep``; returns how many."""
        cutoff = (datetime.now(UTC) - keep).isoformat(timespec="milliseconds")
        async with self.db.transaction() as conn:
            rows = await conn.fetch(
                "DELETE FROM interactions WHERE claimed_at <= ? RETURNING interaction_id", cutoff
            )
        return len(rows)
