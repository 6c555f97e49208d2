"""SQLite storage for campaigns: one row per channel plus an append-only history.

Every state change goes through :meth:`Store.transaction`, which serialises commands of one
channel with an ``asyncio.Lock``, reads the row, lets the caller change the state, and commits
the new state and one history row in a single SQLite transaction guarded by an optimistic
``version`` check. Nothing here knows any game.

Speed: every aiosqlite call is a round trip to its worker thread (a few hundred µs under load),
so each read and each commit here is ONE call that runs its SQL in that thread, and campaign
rows and game-master lists are kept in small bounded in-process caches (LRU). This process is
the database's only writer: every write below updates or drops the cached entry; a version
conflict drops it too.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite
from pydantic import BaseModel, ConfigDict

from bot.catalog import Msg, has
from bot.errors import BotError, ConcurrencyError
from bot.rules.dice import Draw
from bot.storage.migrations import MIGRATIONS, SCHEMA_VERSION

JsonDict = dict[str, Any]

# How many channels' campaign rows (and game-master lists) stay cached.
CACHE_SIZE = 4096


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dump_json(value: Any) -> str:
    """Canonical JSON: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _state_dict(state: BaseModel | Mapping[str, Any]) -> JsonDict:
    if isinstance(state, BaseModel):
        return state.model_dump(mode="json")
    return dict(state)


def _dice_list(dice: Iterable[Draw | Mapping[str, Any]]) -> list[JsonDict]:
    return [d.as_json() if isinstance(d, Draw) else dict(d) for d in dice]


class Campaign(BaseModel):
    """A channel's campaign row."""

    model_config = ConfigDict(frozen=True)

    channel_id: int
    campaign_id: int
    guild_id: int | None
    game: str
    state: JsonDict
    version: int
    created_by: int
    created_at: str
    updated_at: str


class HistoryEntry(BaseModel):
    """One committed command in a campaign's history."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    seq: int
    channel_id: int
    created_at: str
    actor_id: int
    actor_name: str
    command: str
    summary: str
    dice: list[JsonDict]
    state_before: JsonDict | None
    undone_by: int | None = None
    undone_at: str | None = None


class Tx:
    """One command's unit of work on one channel (see :meth:`Store.transaction`)."""

    def __init__(self, campaign: Campaign | None) -> None:
        self.campaign = campaign
        self._new_game: str | None = None
        self._new_state: JsonDict | None = None
        self._delete = False
        self._summary: str | None = None
        self._dice: list[JsonDict] = []
        self.seq: int | None = None  # the history sequence number, once committed
        self._stored_text: str | None = None  # the state's JSON text as read

    @property
    def state(self) -> JsonDict | None:
        """The state as it will be committed (the new one if set, else the stored one)."""
        if self._new_state is not None:
            return self._new_state
        return self.campaign.state if self.campaign else None

    def create(self, game: str, state: BaseModel | Mapping[str, Any]) -> None:
        if self.campaign is not None:
            game = self.campaign.game
            title = Msg(f"game-{game}") if has("en", f"game-{game}") else game
            raise BotError(key="campaign-exists", game=title)
        self._new_game = game
        self._new_state = _state_dict(state)

    def set_state(self, state: BaseModel | Mapping[str, Any]) -> None:
        if self.campaign is None and self._new_game is None:
            raise BotError(key="no-campaign-yet")
        self._new_state = _state_dict(state)

    def delete(self) -> None:
        if self.campaign is None:
            raise BotError(key="no-campaign-yet")
        self._delete = True

    def record(self, summary: str, dice: Iterable[Draw | Mapping[str, Any]] = ()) -> None:
        """The one-line summary and dice for the history row."""
        self._summary = summary[:500]
        self._dice = _dice_list(dice)

    @property
    def has_work(self) -> bool:
        if self._delete or self._new_game is not None:
            return True
        if self.campaign is None:
            return False
        return self._new_state is not None or self._summary is not None


class _Row:
    """A cached ``campaigns`` row: its columns, with the state kept as its stored JSON text (each
    :meth:`Store.get` parses a fresh copy, so callers can never change the cached one)."""

    __slots__ = ("columns", "state_text")

    def __init__(self, columns: JsonDict, state_text: str) -> None:
        self.columns = columns
        self.state_text = state_text

    def campaign(self) -> Campaign:
        return Campaign.model_construct(**self.columns, state=json.loads(self.state_text))


class _LRU:
    """A bounded mapping: the least recently used entry goes first when it is full."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[int, Any] = OrderedDict()

    def __len__(self) -> int:
        return len(self._data)

    def lookup(self, key: int) -> tuple[bool, Any]:
        try:
            value = self._data[key]
        except KeyError:
            return False, None
        self._data.move_to_end(key)
        return True, value

    def put(self, key: int, value: Any) -> None:
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.size:
            self._data.popitem(last=False)

    def drop(self, key: int) -> None:
        self._data.pop(key, None)

    def clear(self) -> None:
        self._data.clear()


def _row_entry(row: sqlite3.Row | None) -> _Row | None:
    if row is None:
        return None
    columns = dict(row)
    state_text = columns.pop("state")
    return _Row(columns, state_text)


@dataclass(eq=False)
class _Commit:
    """One transaction's writes, waiting for (or in) a group commit."""

    tx: Tx
    channel_id: int
    actor_id: int
    actor_name: str
    command: str
    guild_id: int | None
    now: str
    new_text: str | None
    before_text: str | None
    dice_text: str
    summary: str
    done: asyncio.Future[None]


def _retrieve(future: asyncio.Future[None]) -> None:
    """Mark a result nobody waits for any more as seen (no "never retrieved" warning)."""
    if not future.cancelled():
        future.exception()


def _apply(db: sqlite3.Connection, item: _Commit) -> tuple[int, int] | None:
    """The writes of one transaction (inside an open SQLite transaction). Returns the campaign
    id and history sequence number, or None for a deletion. Raises ConcurrencyError when the
    row changed since it was read."""
    tx, channel_id = item.tx, item.channel_id
    if tx._delete:
        assert tx.campaign is not None
        cur = db.execute(
            "DELETE FROM campaigns WHERE channel_id = ? AND version = ?",
            (channel_id, tx.campaign.version),
        )
        if cur.rowcount != 1:
            raise ConcurrencyError(channel_id)
        db.execute("DELETE FROM history WHERE campaign_id = ?", (tx.campaign.campaign_id,))
        db.execute("DELETE FROM game_masters WHERE channel_id = ?", (channel_id,))
        return None
    if tx._new_game is not None:
        row = db.execute(
            "UPDATE counters SET value = value + 1 WHERE name = 'campaign_id' RETURNING value"
        ).fetchone()
        assert row is not None
        campaign_id = int(row[0])
        db.execute(
            "INSERT INTO campaigns (channel_id, campaign_id, guild_id, game, state, "
            "version, created_by, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
            (
                channel_id,
                campaign_id,
                item.guild_id,
                tx._new_game,
                item.new_text,
                item.actor_id,
                item.now,
                item.now,
            ),
        )
        db.execute("DELETE FROM game_masters WHERE channel_id = ?", (channel_id,))
    else:
        assert tx.campaign is not None
        campaign_id = tx.campaign.campaign_id
        cur = db.execute(
            "UPDATE campaigns SET state = ?, version = version + 1, updated_at = ? "
            "WHERE channel_id = ? AND version = ?",
            (item.new_text, item.now, channel_id, tx.campaign.version),
        )
        if cur.rowcount != 1:
            raise ConcurrencyError(channel_id)
    row = db.execute(
        "SELECT COALESCE(MAX(seq), 0) + 1 FROM history WHERE campaign_id = ?", (campaign_id,)
    ).fetchone()
    assert row is not None
    seq = int(row[0])
    db.execute(
        "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
        "actor_name, command, summary, dice, state_before) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            campaign_id,
            seq,
            channel_id,
            item.now,
            item.actor_id,
            item.actor_name,
            item.command,
            item.summary,
            item.dice_text,
            item.before_text,
        ),
    )
    return campaign_id, seq


def _commit_in_thread(
    db: sqlite3.Connection, batch: list[_Commit]
) -> list[tuple[int, int] | BaseException | None]:
    """Commit ``batch`` in one SQLite transaction (runs in aiosqlite's worker thread). One item:
    a plain transaction. Several: a savepoint each, so a failing item (a version conflict)
    leaves the others' writes in. Returns each item's outcome or its exception; raises if the
    transaction as a whole fails (then nothing is written)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        outcomes: list[tuple[int, int] | BaseException | None] = []
        if len(batch) == 1:
            outcomes.append(_apply(db, batch[0]))
        else:
            for item in batch:
                db.execute("SAVEPOINT one_command")
                try:
                    outcomes.append(_apply(db, item))
                except Exception as exc:
                    db.execute("ROLLBACK TO one_command")
                    outcomes.append(exc)
                db.execute("RELEASE one_command")
        db.execute("COMMIT")
        return outcomes
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class Store:
    """The campaign database. Open with :meth:`Store.open`; close with :meth:`close`."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._write_lock = asyncio.Lock()
        # channel -> _Row, or None for "no campaign"; channel -> tuple of game-master ids
        self._campaigns = _LRU(CACHE_SIZE)
        self._gms = _LRU(CACHE_SIZE)
        # A read caches what it read only if no write started or ended while it was reading.
        self._generation = 0
        self._writing = 0
        self._pending: list[_Commit] = []  # commits waiting for the write lock

    # -- the worker thread ---------------------------------------------------------------------
    async def _call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(sqlite3_connection, *args)`` in aiosqlite's worker thread: one round trip."""
        conn = self._conn
        return await conn._execute(lambda: fn(conn._conn, *args))

    def _write_started(self) -> None:
        self._writing += 1
        self._generation += 1

    def _write_ended(self) -> None:
        self._writing -= 1
        self._generation += 1

    def _may_cache(self, generation: int) -> bool:
        return self._writing == 0 and self._generation == generation

    # -- lifecycle -----------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode=WAL")
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA busy_timeout=5000")
        await conn.execute("PRAGMA foreign_keys=ON")
        store = cls(conn, path)
        await store._migrate()
        return store

    async def close(self) -> None:
        async with self._write_lock:
            await self._conn.close()
        self._campaigns.clear()
        self._gms.clear()

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        current = int(row[0]) if row else 0
        if current > SCHEMA_VERSION:
            raise RuntimeError(
                f"database schema {current} is newer than this bot "
                f"({SCHEMA_VERSION}); upgrade the bot"
            )
        for number in range(current + 1, SCHEMA_VERSION + 1):
            script = MIGRATIONS[number - 1]
            await self._conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version={number};\nCOMMIT;"
            )

    async def schema_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def integrity_check(self) -> str:
        async with self._conn.execute("PRAGMA integrity_check") as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else ""

    # -- reads ---------------------------------------------------------------------------------
    @staticmethod
    def _select_campaign(db: sqlite3.Connection, channel_id: int) -> sqlite3.Row | None:
        row: sqlite3.Row | None = db.execute(
            "SELECT * FROM campaigns WHERE channel_id = ?", (channel_id,)
        ).fetchone()
        return row

    async def get(self, channel_id: int) -> Campaign | None:
        campaign, _ = await self._get_with_text(channel_id)
        return campaign

    async def _get_with_text(self, channel_id: int) -> tuple[Campaign | None, str | None]:
        """The campaign and its state exactly as stored (canonical JSON text)."""
        found, entry = self._campaigns.lookup(channel_id)
        if found:
            return (None, None) if entry is None else (entry.campaign(), entry.state_text)
        generation = self._generation
        row = await self._call(self._select_campaign, channel_id)
        entry = _row_entry(row)
        if self._may_cache(generation):
            self._campaigns.put(channel_id, entry)
        if entry is None:
            return None, None
        data = dict(entry.columns)
        data["state"] = json.loads(entry.state_text)
        return Campaign.model_validate(data), entry.state_text

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
        columns = (
            "*"
            if with_states
            else (
                "campaign_id, seq, channel_id, created_at, actor_id, actor_name, command, summary, "
                "dice, NULL AS state_before, undone_by, undone_at"
            )
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
        rows = await self._call(lambda db: db.execute(sql, args).fetchall())
        return [self._entry(row) for row in rows]

    @staticmethod
    def _entry(row: aiosqlite.Row) -> HistoryEntry:
        data = dict(row)
        data["dice"] = json.loads(data["dice"])
        data["state_before"] = (
            json.loads(data["state_before"]) if data["state_before"] is not None else None
        )
        return HistoryEntry.model_validate(data)

    async def get_meta(self, key: str) -> str | None:
        async with self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return str(row[0]) if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._write_lock:
            await self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    async def game_masters(self, channel_id: int) -> list[int]:
        found, cached = self._gms.lookup(channel_id)
        if found:
            return list(cached)
        generation = self._generation
        rows = await self._call(
            lambda db: db.execute(
                "SELECT user_id FROM game_masters WHERE channel_id = ? ORDER BY added_at",
                (channel_id,),
            ).fetchall()
        )
        ids = [int(r[0]) for r in rows]
        if self._may_cache(generation):
            self._gms.put(channel_id, tuple(ids))
        return ids

    # -- writes --------------------------------------------------------------------------------
    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    @asynccontextmanager
    async def transaction(
        self,
        channel_id: int,
        *,
        actor_id: int,
        command: str,
        actor_name: str = "",
        guild_id: int | None = None,
    ) -> AsyncIterator[Tx]:
        """Read the channel's campaign, let the caller change it, commit state + history.

        If the body raises, nothing is written. The commit has happened when the ``async with``
        block exits, so reply to Discord after it.
        """
        async with self.channel_lock(channel_id):
            campaign, state_text = await self._get_with_text(channel_id)
            tx = Tx(campaign)
            tx._stored_text = state_text
            yield tx
            if tx.has_work:
                await self._commit(tx, channel_id, actor_id, actor_name, command, guild_id)

    async def _commit(
        self,
        tx: Tx,
        channel_id: int,
        actor_id: int,
        actor_name: str,
        command: str,
        guild_id: int | None,
    ) -> None:
        now = _now()
        new_text: str | None = None
        before_text: str | None = None
        if not tx._delete:
            if tx._new_game is not None:
                assert tx._new_state is not None
                new_text = dump_json(tx._new_state)
            else:
                assert tx.campaign is not None
                # the state as stored is already its canonical JSON: no need to write it again
                before_text = tx._stored_text or dump_json(tx.campaign.state)
                new_text = dump_json(tx._new_state) if tx._new_state is not None else before_text
        item = _Commit(
            tx=tx,
            channel_id=channel_id,
            actor_id=actor_id,
            actor_name=actor_name,
            command=command,
            guild_id=guild_id,
            now=now,
            new_text=new_text,
            before_text=before_text,
            dice_text=dump_json(tx._dice),
            summary=tx._summary or command,
            done=asyncio.get_running_loop().create_future(),
        )
        # Group commit: the first command to get the write lock commits every command queued
        # by then in ONE SQLite transaction (one savepoint each, so each still succeeds or fails
        # on its own) and ONE fsync; the others find theirs done. Alone, it is a plain commit.
        self._pending.append(item)
        try:
            async with self._write_lock:
                if item in self._pending:
                    batch, self._pending = self._pending, []
                    await asyncio.shield(asyncio.ensure_future(self._commit_batch(batch)))
        except BaseException:
            if item in self._pending:  # cancelled before anyone took it: nothing written
                self._pending.remove(item)
            else:
                item.done.add_done_callback(_retrieve)
            raise
        await item.done

    async def _commit_batch(self, batch: list[_Commit]) -> None:
        """Commit ``batch`` in one transaction; settle every item's ``done`` future."""
        self._write_started()
        try:
            outcomes = await self._call(_commit_in_thread, batch)
        except BaseException as exc:
            outcomes = [exc] * len(batch)
        finally:
            self._write_ended()
        for item, outcome in zip(batch, outcomes, strict=True):
            channel_id = item.channel_id
            if isinstance(outcome, BaseException):
                self._campaigns.drop(channel_id)
                self._gms.drop(channel_id)
                if not item.done.done():
                    item.done.set_exception(outcome)
                continue
            tx = item.tx
            if outcome is None:  # deleted
                self._campaigns.drop(channel_id)
                self._gms.drop(channel_id)
            else:
                campaign_id, seq = outcome
                assert item.new_text is not None
                if tx._new_game is not None:
                    columns: JsonDict = {
                        "channel_id": channel_id,
                        "campaign_id": campaign_id,
                        "guild_id": item.guild_id,
                        "game": tx._new_game,
                        "version": 1,
                        "created_by": item.actor_id,
                        "created_at": item.now,
                        "updated_at": item.now,
                    }
                    self._gms.put(channel_id, ())
                else:
                    assert tx.campaign is not None
                    columns = tx.campaign.model_dump(exclude={"state"})
                    columns.update(version=tx.campaign.version + 1, updated_at=item.now)
                self._campaigns.put(channel_id, _Row(columns, item.new_text))
                tx.seq = seq
            if not item.done.done():
                item.done.set_result(None)

    # -- undo, export, import, game masters ----------------------------------------------------
    async def latest_undoable(self, channel_id: int) -> HistoryEntry | None:
        """The newest history entry of the channel's current campaign that is not undone yet."""
        campaign = await self.get(channel_id)
        if campaign is None:
            return None
        row = await self._call(
            lambda db: db.execute(
                "SELECT * FROM history WHERE campaign_id = ? AND undone_at IS NULL "
                "ORDER BY seq DESC LIMIT 1",
                (campaign.campaign_id,),
            ).fetchone()
        )
        return self._entry(row) if row else None

    async def undo(self, channel_id: int, seq: int, actor_id: int) -> HistoryEntry:
        """Restore the state from before entry ``seq`` (which must still be the newest entry not
        undone) and mark it undone. The entry itself stays in the history."""
        async with self.channel_lock(channel_id):
            campaign = await self.get(channel_id)
            latest = await self.latest_undoable(channel_id)
            if campaign is None or latest is None or latest.seq != seq:
                raise BotError(key="campaign-changed")
            if latest.state_before is None:
                raise BotError(key="nothing-to-undo")
            now = _now()
            state_text = dump_json(latest.state_before)

            def work(db: sqlite3.Connection) -> None:
                db.execute("BEGIN IMMEDIATE")
                try:
                    cur = db.execute(
                        "UPDATE campaigns SET state = ?, version = version + 1, updated_at = ? "
                        "WHERE channel_id = ? AND version = ?",
                        (state_text, now, channel_id, campaign.version),
                    )
                    if cur.rowcount != 1:
                        raise ConcurrencyError(channel_id)
                    db.execute(
                        "UPDATE history SET undone_by = ?, undone_at = ? "
                        "WHERE campaign_id = ? AND seq = ?",
                        (actor_id, now, campaign.campaign_id, seq),
                    )
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise

            async with self._write_lock:
                self._write_started()
                committed = False
                try:
                    await self._call(work)
                    committed = True
                finally:
                    self._write_ended()
                    self._campaigns.drop(channel_id)
            if committed:
                columns = campaign.model_dump(exclude={"state"})
                columns.update(version=campaign.version + 1, updated_at=now)
                self._campaigns.put(channel_id, _Row(columns, state_text))
            return latest.model_copy(update={"undone_by": actor_id, "undone_at": now})

    async def export_campaign(self, channel_id: int) -> JsonDict | None:
        """The campaign as plain JSON data: game, state, creator, times, game masters, history
        (oldest first). Nothing in it depends on the channel or database it came from."""
        campaign = await self.get(channel_id)
        if campaign is None:
            return None
        history = await self.campaign_history(campaign.campaign_id, None)
        async with self._conn.execute(
            "SELECT user_id, added_by, added_at FROM game_masters WHERE channel_id = ? "
            "ORDER BY added_at, user_id",
            (channel_id,),
        ) as cur:
            gms = [dict(r) for r in await cur.fetchall()]
        return {
            "game": campaign.game,
            "state": campaign.state,
            "created_by": campaign.created_by,
            "created_at": campaign.created_at,
            "updated_at": campaign.updated_at,
            "game_masters": gms,
            "history": [
                h.model_dump(exclude={"campaign_id", "channel_id"}) for h in reversed(history)
            ],
        }

    async def import_campaign(
        self, channel_id: int, guild_id: int | None, data: Mapping[str, Any]
    ) -> None:
        """Replace the channel's campaign with exported ``data`` (already validated)."""
        async with self.channel_lock(channel_id), self._write_lock:
            self._write_started()
            try:
                await self._import(channel_id, guild_id, data)
            finally:
                self._write_ended()
                self._campaigns.drop(channel_id)
                self._gms.drop(channel_id)

    async def _import(self, channel_id: int, guild_id: int | None, data: Mapping[str, Any]) -> None:
        conn = self._conn
        await conn.execute("BEGIN IMMEDIATE")
        try:
            async with conn.execute(
                "SELECT campaign_id FROM campaigns WHERE channel_id = ?", (channel_id,)
            ) as c:
                old = await c.fetchone()
            if old is not None:
                await conn.execute("DELETE FROM history WHERE campaign_id = ?", (old[0],))
                await conn.execute("DELETE FROM campaigns WHERE channel_id = ?", (channel_id,))
            await conn.execute("DELETE FROM game_masters WHERE channel_id = ?", (channel_id,))
            async with conn.execute(
                "UPDATE counters SET value = value + 1 WHERE name = 'campaign_id' RETURNING value"
            ) as c:
                row = await c.fetchone()
            assert row is not None
            campaign_id = int(row[0])
            await conn.execute(
                "INSERT INTO campaigns (channel_id, campaign_id, guild_id, game, state, "
                "version, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)",
                (
                    channel_id,
                    campaign_id,
                    guild_id,
                    data["game"],
                    dump_json(data["state"]),
                    data["created_by"],
                    data["created_at"],
                    data["updated_at"],
                ),
            )
            for gm in data.get("game_masters", []):
                await conn.execute(
                    "INSERT OR IGNORE INTO game_masters (channel_id, user_id, added_by, "
                    "added_at) VALUES (?, ?, ?, ?)",
                    (channel_id, gm["user_id"], gm["added_by"], gm["added_at"]),
                )
            for h in data.get("history", []):
                await conn.execute(
                    "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                    "actor_name, command, summary, dice, state_before, undone_by, undone_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        campaign_id,
                        h["seq"],
                        channel_id,
                        h["created_at"],
                        h["actor_id"],
                        h["actor_name"],
                        h["command"],
                        h["summary"],
                        dump_json(h["dice"]),
                        None if h["state_before"] is None else dump_json(h["state_before"]),
                        h.get("undone_by"),
                        h.get("undone_at"),
                    ),
                )
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise

    async def add_game_master(self, channel_id: int, user_id: int, added_by: int) -> bool:
        """True if added, False if already one."""
        changed = await self.execute_write(
            "INSERT OR IGNORE INTO game_masters (channel_id, user_id, added_by, added_at) "
            "VALUES (?, ?, ?, ?)",
            (channel_id, user_id, added_by, _now()),
        )
        return changed == 1

    async def remove_game_master(self, channel_id: int, user_id: int) -> bool:
        changed = await self.execute_write(
            "DELETE FROM game_masters WHERE channel_id = ? AND user_id = ?", (channel_id, user_id)
        )
        return changed == 1

    async def execute_write(self, sql: str, args: Sequence[Any] = ()) -> int:
        """A single-statement write outside the campaign flow (game masters, meta)."""
        async with self._write_lock:
            self._write_started()
            try:
                cur = await self._conn.execute(sql, args)
                return cur.rowcount
            finally:
                self._write_ended()
                # It may touch any channel's game masters (or campaigns): forget them.
                self._gms.clear()
                if "campaigns" in sql.lower():
                    self._campaigns.clear()
