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
- a command's effect is committed when the ``async with`` block exits, before any reply;
- every wait is cut at the interaction's deadline (:mod:`bot.storage.deadline`): a database
  that is slow or away is :class:`DatabaseBusy` / :class:`DatabaseUnavailable`, and nothing was
  applied; when the connection fails during COMMIT itself, the interaction's claim is looked
  up to tell whether the change was made (:class:`OutcomeUnknown` when even that fails);
- times are the database's own clock, the same for every process on every host.

Nothing is cached between commands: every read goes to the database, so no process can serve a
row that another process has changed. Nothing here knows any game.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from bot.rules.errors import BotError
from bot.storage.changes import PatchError, change_back, restore
from bot.storage.database import (
    WAIT_LIMIT,
    Conn,
    Database,
    SchemaTooNew,
    SchemaTooOld,
    Step,
    open_database,
)
from bot.storage.deadline import remaining
from bot.storage.errors import (
    CommitFailed,
    ConcurrencyError,
    DatabaseBusy,
    DatabaseUnavailable,
    DuplicateInteraction,
    OutcomeUnknown,
)
from bot.storage.migrations import SCHEMA_VERSION
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
    read_game_masters,
    state_step,
    write_state,
)
from bot.storage.transfer import (
    Exported,
    check_import,
    export_data,
    game_master_rows,
    history_batches,
    import_data,
)

T = TypeVar("T")

# How long an interaction's claim is kept: Discord lets an interaction be answered for 15
# minutes, and a second delivery comes within seconds.
CLAIM_KEEP = timedelta(hours=1)
#: how often, and how far apart, a claim is looked up after COMMIT failed
LOOKUP_ATTEMPTS = 3
LOOKUP_PAUSE = 0.25

#: ``import_campaign``'s ``expect``: whatever campaign the channel holds
ANY_CAMPAIGN = -1


@dataclass(frozen=True, slots=True)
class Claim:
    """What a claimed interaction did: ``outcome`` "applied" (with its campaign and history
    entry, when it made one) or "refused"."""

    interaction_id: int
    outcome: str
    campaign_id: int | None
    seq: int | None


@dataclass(frozen=True, slots=True)
class Locked:
    """A channel's transaction as the store begins it: the connection, the campaign (None:
    none), its state exactly as stored, and the database's clock."""

    conn: Conn
    campaign: Campaign | None
    text: str | None
    now: str
    last_seq: int = 0  # the campaign's newest history entry (0: none)


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
    async def open(
        cls,
        target: str | Path,
        *,
        pool_size: int = 10,
        wait: float | None = WAIT_LIMIT,
        migrate: bool = True,
    ) -> Store:
        """Open (and migrate) the database at ``target``: a ``postgresql://`` or ``sqlite:///``
        URL, or the path of a SQLite file. ``wait``: the limit of any one wait on the database
        (None: none — for maintenance such as ``python -m bot migrate``). ``migrate=False``:
        change nothing, and refuse a database of another schema version (SchemaTooOld,
        SchemaTooNew)."""
        db = await open_database(target, pool_size=pool_size, wait=wait)
        try:
            if migrate:
                await db.migrate()
            else:
                found = await db.schema_version()
                if found > SCHEMA_VERSION:
                    raise SchemaTooNew(found)
                if found < SCHEMA_VERSION:
                    raise SchemaTooOld(found)
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
    async def _read(self, read: Callable[[Conn], Awaitable[T]]) -> T:
        """``read(conn)`` outside any transaction; once more on a fresh connection when the
        first one had died (a database restarted since it was opened)."""
        try:
            async with self.db.reading() as conn:
                return await read(conn)
        except DatabaseUnavailable as exc:
            if not exc.transient:
                raise
        async with self.db.reading() as conn:
            return await read(conn)

    async def get(self, channel_id: int) -> Campaign | None:
        check_ids(channel_id)

        async def read(conn: Conn) -> Campaign | None:
            row = await conn.fetchrow(
                f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE channel_id = ?", channel_id
            )
            return campaign_of(row)[0] if row is not None else None

        return await self._read(read)

    async def ping(self) -> None:
        """One round trip to the database (raises :class:`DatabaseUnavailable` if it is away)."""

        async def read(conn: Conn) -> None:
            await conn.fetchrow("SELECT 1")

        await self._read(read)

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
        """Entries newest first. ``with_states=False`` leaves out each entry's change back
        (``undo_patch`` is then None): enough to show the history, less to read."""
        return await self._read(
            lambda conn: self._history(
                conn, campaign_id, limit, before_seq=before_seq, with_states=with_states
            )
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
        sql = history_sql(
            with_states=with_states, before=before_seq is not None, limited=limit is not None
        )
        args: list[Any] = [campaign_id]
        if before_seq is not None:
            args.append(before_seq)
        if limit is not None:
            args.append(limit)
        return [entry_of(row) for row in await conn.fetch(sql, *args)]

    async def get_meta(self, key: str) -> str | None:
        row = await self._read(
            lambda conn: conn.fetchrow("SELECT value FROM meta WHERE key = ?", key)
        )
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
        return await self._read(lambda conn: read_game_masters(conn, channel_id))

    async def claim_of(self, interaction_id: int) -> Claim | None:
        """What ``interaction_id`` did, if some process claimed it."""
        check_ids(interaction_id)
        row = await self._read(
            lambda conn: conn.fetchrow(
                "SELECT interaction_id, outcome, campaign_id, seq FROM interactions "
                "WHERE interaction_id = ?",
                interaction_id,
            )
        )
        return _claim_of(row) if row is not None else None

    # -- the unit of work ----------------------------------------------------------------------
    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    @asynccontextmanager
    async def _channel(self, channel_id: int, interaction_id: int | None) -> AsyncIterator[Locked]:
        """A transaction holding the channel's lock (in this process and in the database), with
        the channel's campaign as it is now and the database's clock. Raises
        DuplicateInteraction if ``interaction_id`` has already been claimed (by this or another
        process); DatabaseBusy when the lock in this process is not free in time."""
        check_ids(channel_id, interaction_id)
        lock = self.channel_lock(channel_id)
        try:
            async with asyncio.timeout(self.db.limit()):
                await lock.acquire()
        except TimeoutError:
            raise DatabaseBusy("other commands of this channel are still running") from None
        try:
            sql = (
                f"SELECT (SELECT COUNT(*) FROM interactions WHERE interaction_id = ?) AS claimed, "
                f"{self.db.now_sql} AS now, "
                f"{', '.join('c.' + c for c in CAMPAIGN_COLUMNS.split(', '))}, "
                "(SELECT MAX(h.seq) FROM history AS h WHERE h.campaign_id = c.campaign_id) "
                "AS last_seq "
                "FROM (SELECT 1 AS one) AS here "
                "LEFT JOIN campaigns AS c ON c.channel_id = ?"
            )

            async def prepare(conn: Conn) -> Any:
                return await conn.fetchrow(
                    sql, interaction_id if interaction_id is not None else -1, channel_id
                )

            async with self.db.transaction_with(channel_id, prepare) as (conn, row):
                assert row is not None
                if row["claimed"]:
                    raise DuplicateInteraction(interaction_id)
                campaign, text = campaign_of(row) if row["channel_id"] is not None else (None, None)
                yield Locked(conn, campaign, text, str(row["now"]), row["last_seq"] or 0)
        finally:
            lock.release()

    def _claim_step(
        self,
        interaction_id: int,
        channel_id: int,
        now: str,
        *,
        campaign_id: int | None = None,
        seq: int | None = None,
        outcome: str = "applied",
    ) -> Step:
        return Step(
            "INSERT INTO interactions "
            "(interaction_id, channel_id, claimed_at, claimed_by, campaign_id, seq, outcome) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (interaction_id, channel_id, now, self.process_name, campaign_id, seq, outcome),
        )

    async def _claim(
        self,
        conn: Conn,
        interaction_id: int | None,
        channel_id: int,
        now: str,
        *,
        campaign_id: int | None = None,
        seq: int | None = None,
        outcome: str = "applied",
    ) -> None:
        if interaction_id is not None:
            step = self._claim_step(
                interaction_id, channel_id, now, campaign_id=campaign_id, seq=seq, outcome=outcome
            )
            await conn.execute(step.sql, *step.args)

    async def claim_refusal(self, interaction_id: int, channel_id: int) -> bool:
        """Claim ``interaction_id`` as refused before refusing it in a way another process
        could contradict (an expired button): True if this process may answer; False if some
        process claimed it first (it applied it, or refused it itself: stay silent)."""
        try:
            async with self._channel(channel_id, interaction_id) as locked:
                await self._claim(
                    locked.conn, interaction_id, channel_id, locked.now, outcome="refused"
                )
        except DuplicateInteraction:
            return False
        return True

    async def _settle(
        self, failed: CommitFailed, channel_id: int, interaction_id: int | None
    ) -> Claim:
        """After COMMIT failed: the interaction's claim if the change was committed all the
        same; DatabaseUnavailable if it was not; OutcomeUnknown if that cannot be told."""
        if interaction_id is None:
            raise OutcomeUnknown(str(failed.cause) or type(failed.cause).__name__) from failed
        last: BaseException = failed.cause
        for attempt in range(LOOKUP_ATTEMPTS):
            if attempt:
                await asyncio.sleep(min(LOOKUP_PAUSE, max(0.0, remaining(LOOKUP_PAUSE))))
            try:
                # under the channel's lock: the failed transaction has ended, one way or the other
                async with self.db.transaction_with(
                    channel_id,
                    lambda conn: conn.fetchrow(
                        "SELECT interaction_id, outcome, campaign_id, seq FROM interactions "
                        "WHERE interaction_id = ?",
                        interaction_id,
                    ),
                ) as (_, row):
                    pass
            except (DatabaseUnavailable, CommitFailed) as exc:
                last = exc
                continue
            if row is None:
                raise DatabaseUnavailable(
                    f"the connection failed while committing ({failed.cause!r}); not applied"
                ) from failed
            return _claim_of(row)
        raise OutcomeUnknown(f"{failed.cause!r}; the claim could not be read: {last!r}") from failed

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
        block exits, so reply to Discord after it (and render the reply inside it: a reply
        that cannot be made then stops the change).
        """
        check_ids(actor_id, guild_id)
        tx: Tx | None = None
        try:
            async with self._channel(channel_id, interaction_id) as locked:
                tx = Tx(locked.campaign, locked.conn)
                tx._stored_text = locked.text
                tx.now = locked.now
                yield tx
                if tx.has_work:
                    tx.seq, campaign_id, steps = await self._write(
                        locked,
                        tx,
                        channel_id,
                        actor_id,
                        actor_name,
                        tx.command or command,
                        guild_id,
                    )
                    if interaction_id is not None:
                        steps.append(
                            self._claim_step(
                                interaction_id,
                                channel_id,
                                locked.now,
                                campaign_id=campaign_id,
                                seq=tx.seq,
                            )
                        )
                    await locked.conn.finish(steps)
        except CommitFailed as failed:
            claim = await self._settle(failed, channel_id, interaction_id)
            assert tx is not None
            if claim.outcome != "applied":
                raise DuplicateInteraction(interaction_id) from failed
            tx.seq = claim.seq

    async def _write(
        self,
        locked: Locked,
        tx: Tx,
        channel_id: int,
        actor_id: int,
        actor_name: str,
        command: str,
        guild_id: int | None,
    ) -> tuple[int | None, int, list[Step]]:
        """The writes of one transaction: the history sequence number (None for a deletion),
        the campaign's id, and the statements left to run (:meth:`Conn.finish`, with the
        interaction's claim: SQLite sends them with COMMIT)."""
        conn, campaign, now = locked.conn, tx.campaign, locked.now
        if tx._delete:
            assert campaign is not None
            return None, campaign.campaign_id, _deletion(channel_id, campaign)
        steps: list[Step] = []
        undo_patch: str | None = None
        aside = False
        if tx._new_game is not None:
            assert tx._new_state is not None
            new_text = dump_json(tx._new_state)
            campaign_id = await insert_campaign(
                conn, channel_id, guild_id, tx._new_game, new_text, actor_id, now, now
            )
            steps.append(Step("DELETE FROM game_masters WHERE channel_id = ?", (channel_id,)))
            seq = 1
        else:
            assert campaign is not None
            campaign_id = campaign.campaign_id
            undo_patch, state = _change(tx, campaign, now)
            if state is not None:
                steps.append(state)
            aside = undo_patch is None
            seq = locked.last_seq + 1
        steps.append(
            Step(
                f"INSERT INTO history ({HISTORY_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0, ?)",
                (
                    campaign_id,
                    seq,
                    channel_id,
                    now,
                    actor_id,
                    actor_name,
                    command,
                    tx._summary or command,
                    dump_json(tx._dice),
                    undo_patch,
                    int(aside),
                ),
            )
        )
        return seq, campaign_id, steps

    # -- undo, export, import, game masters ----------------------------------------------------
    async def latest_undoable(self, channel_id: int) -> HistoryEntry | None:
        """The newest history entry of the channel's current campaign that undo would take
        back: not undone yet, and no aside (asides are passed by)."""
        return (await self.newest_undoable(channel_id))[0]

    async def newest_undoable(self, channel_id: int) -> tuple[HistoryEntry | None, str]:
        """:meth:`latest_undoable`, and the database's clock (what its time is compared with:
        "made in the last five minutes")."""
        check_ids(channel_id)

        async def read(conn: Conn) -> tuple[HistoryEntry | None, str]:
            now = await conn.fetchrow(f"SELECT {self.db.now_sql} AS now")
            assert now is not None
            return await self._latest_undoable(conn, channel_id), str(now["now"])

        return await self._read(read)

    @staticmethod
    async def _latest_undoable(
        conn: Conn, channel_id: int, campaign_id: int | None = None
    ) -> HistoryEntry | None:
        """The newest entry not undone yet of ``campaign_id`` (None: the channel's current
        campaign)."""
        if campaign_id is None:
            row = await conn.fetchrow(undoable_sql(by_channel=True), channel_id)
        else:
            row = await conn.fetchrow(undoable_sql(by_channel=False), campaign_id)
        return entry_of(row) if row else None

    async def undo(
        self,
        channel_id: int,
        seq: int,
        actor_id: int,
        *,
        interaction_id: int | None = None,
        campaign_id: int | None = None,
        or_newest: Callable[[HistoryEntry, str], bool] | None = None,
        allowed: Callable[[HistoryEntry, str], bool] | None = None,
    ) -> HistoryEntry:
        """Restore the state from before entry ``seq`` (which must still be the newest entry not
        undone) and mark it undone. The entry itself stays in the history.

        ``campaign_id``: the campaign the entry belongs to (a button under an old reply); when
        the channel's campaign is another one now, refuse with "campaign-ended".
        ``or_newest(entry, now)``: when ``seq`` is no longer the newest entry, undo the newest
        one instead if this says so (in the same transaction, so nothing can come between the
        check and the undo); otherwise, and without it, refuse with "campaign-changed" (with
        "undo-button-done" when entry ``seq`` itself has been undone).
        ``allowed(entry, now)``: whether this member may undo that entry (``now`` is the
        database's clock), checked in the same transaction; refused with "undo-not-allowed"."""
        check_ids(actor_id)
        async with self._channel(channel_id, interaction_id) as locked:
            conn, campaign, now = locked.conn, locked.campaign, locked.now
            if campaign_id is not None and (
                campaign is None or campaign.campaign_id != campaign_id
            ):
                raise BotError(key="campaign-ended")
            if campaign is None:
                raise BotError(key="campaign-changed")
            latest = await self._latest_undoable(conn, channel_id, campaign.campaign_id)
            if latest is None or (
                latest.seq != seq and (or_newest is None or not or_newest(latest, now))
            ):
                undone = await conn.fetchrow(
                    "SELECT undone_at FROM history WHERE campaign_id = ? AND seq = ?",
                    campaign.campaign_id,
                    seq,
                )
                if undone is not None and undone["undone_at"] is not None:
                    raise BotError(key="undo-button-done")
                raise BotError(key="campaign-changed")
            assert latest is not None
            seq = latest.seq
            if latest.undo_patch is None:
                raise BotError(key="nothing-to-undo")
            if allowed is not None and not allowed(latest, now):
                raise BotError(key="undo-not-allowed")
            try:
                before = restore(campaign.state, latest.undo_patch)
            except PatchError as exc:  # a history edited by hand, or imported so
                raise BotError(key="undo-broken", seq=str(seq)) from exc
            await write_state(conn, campaign, dump_json(before), now)
            await conn.execute(
                "UPDATE history SET undone_by = ?, undone_at = ? WHERE campaign_id = ? AND seq = ?",
                actor_id,
                now,
                campaign.campaign_id,
                seq,
            )
            await self._claim(
                conn,
                interaction_id,
                channel_id,
                now,
                campaign_id=campaign.campaign_id,
                seq=seq,
            )
        return latest.model_copy(update={"undone_by": actor_id, "undone_at": now})

    @asynccontextmanager
    async def exporting(
        self, channel_id: int, *, seconds: float | None = None
    ) -> AsyncIterator[Exported | None]:
        """The channel's campaign for an export (None: there is none), read from one
        consistent snapshot that blocks no writer (:meth:`Database.snapshot`; ``seconds``: how
        long the whole read may take). Its history comes in batches while the block runs, so a
        long one is never held in memory whole."""
        check_ids(channel_id)
        async with self.db.snapshot(seconds) as conn:
            row = await conn.fetchrow(
                f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE channel_id = ?", channel_id
            )
            if row is None:
                yield None
                return
            campaign = campaign_of(row)[0]
            yield Exported(
                campaign,
                await game_master_rows(conn, channel_id),
                history_batches(conn, campaign.campaign_id),
            )

    async def export_campaign(
        self, channel_id: int, *, limit: float | None = None
    ) -> JsonDict | None:
        """The campaign as plain JSON data (see :func:`bot.storage.transfer.export_data`), held
        whole in memory (tests, small campaigns); ``limit``: how long the read may take."""
        async with self.exporting(channel_id, seconds=limit) as exported:
            return None if exported is None else await export_data(exported)

    async def import_campaign(
        self,
        channel_id: int,
        guild_id: int | None,
        data: Mapping[str, Any],
        *,
        interaction_id: int | None = None,
        imported_by: int | None = None,
        expect: int | None = ANY_CAMPAIGN,
        limit: float | None = None,
    ) -> None:
        """Replace the channel's campaign with exported ``data`` (already validated; see
        :func:`bot.storage.transfer.import_data`) in one transaction. ``expect``: the id of the
        campaign the import was confirmed to replace (None: no campaign); when the channel holds
        another one now, refuse with "import-campaign-changed". ``limit``: how long a statement
        may take (a long history)."""
        check_import(guild_id, data, imported_by)
        async with self._channel(channel_id, interaction_id) as locked:
            if limit is not None:
                await self.db.allow(locked.conn, limit)
            old = locked.campaign
            if expect != ANY_CAMPAIGN and (old.campaign_id if old else None) != expect:
                raise BotError(key="import-campaign-changed")
            campaign_id = await import_data(
                locked.conn, channel_id, guild_id, data, old, imported_by, locked.now
            )
            await self._claim(
                locked.conn, interaction_id, channel_id, locked.now, campaign_id=campaign_id
            )

    async def add_game_master(
        self, channel_id: int, user_id: int, added_by: int, *, interaction_id: int | None = None
    ) -> bool:
        """True if added, False if already one."""
        check_ids(user_id, added_by)
        async with self._channel(channel_id, interaction_id) as locked:
            conn, now = locked.conn, locked.now
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
        async with self._channel(channel_id, interaction_id) as locked:
            row = await locked.conn.fetchrow(
                "DELETE FROM game_masters WHERE channel_id = ? AND user_id = ? RETURNING user_id",
                channel_id,
                user_id,
            )
            await self._claim(locked.conn, interaction_id, channel_id, locked.now)
        return row is not None

    async def prune_interactions(self, keep: timedelta = CLAIM_KEEP) -> int:
        """Forget interaction claims older than ``keep`` (by the database's clock); returns how
        many."""
        async with self.db.transaction() as conn:
            now = await conn.fetchrow(f"SELECT {self.db.now_sql} AS now")
            assert now is not None
            cutoff = (datetime.fromisoformat(str(now["now"])) - keep).isoformat(
                timespec="milliseconds"
            )
            rows = await conn.fetch(
                "DELETE FROM interactions WHERE claimed_at <= ? RETURNING interaction_id", cutoff
            )
        return len(rows)


def history_sql(*, with_states: bool = True, before: bool = False, limited: bool = True) -> str:
    """A page of a campaign's history, newest first: ``campaign_id = ?`` [``seq < ?``]
    [``LIMIT ?``]. Read backwards along the primary key (campaign_id, seq): a page costs the
    same at entry 10 as at entry 100 000."""
    columns = (
        HISTORY_COLUMNS
        if with_states
        else HISTORY_COLUMNS.replace("undo_patch", "NULL AS undo_patch")
    )
    sql = f"SELECT {columns} FROM history WHERE campaign_id = ?"
    if before:
        sql += " AND seq < ?"
    sql += " ORDER BY seq DESC"
    if limited:
        sql += " LIMIT ?"
    return sql


def undoable_sql(*, by_channel: bool) -> str:
    """The newest entry not undone yet of a campaign (``?``: its id), or of a channel's current
    campaign (``?``: the channel's id), passing asides by (read along the partial index
    ``history_undoable``). The campaign is named by its id, never joined: a join
    through the channel keeps PostgreSQL from reading the history's primary key backwards
    (it scanned the whole campaign: 176 ms at 100 000 entries)."""
    campaign = "(SELECT campaign_id FROM campaigns WHERE channel_id = ?)" if by_channel else "?"
    return (
        f"SELECT {HISTORY_COLUMNS} FROM history WHERE campaign_id = {campaign} "
        "AND undone_at IS NULL AND aside = 0 ORDER BY seq DESC LIMIT 1"
    )


def _claim_of(row: Any) -> Claim:
    return Claim(
        interaction_id=int(row["interaction_id"]),
        outcome=str(row["outcome"]),
        campaign_id=None if row["campaign_id"] is None else int(row["campaign_id"]),
        seq=None if row["seq"] is None else int(row["seq"]),
    )


def _deletion(channel_id: int, campaign: Campaign) -> list[Step]:
    """A transaction's deletion of the channel's campaign (refused if it changed meanwhile)."""
    return [
        Step(
            "DELETE FROM campaigns WHERE channel_id = ? AND version = ? RETURNING channel_id",
            (channel_id, campaign.version),
            missing=ConcurrencyError(channel_id),
        ),
        Step("DELETE FROM history WHERE campaign_id = ?", (campaign.campaign_id,)),
        Step("DELETE FROM game_masters WHERE channel_id = ?", (channel_id,)),
    ]


def _change(tx: Tx, campaign: Campaign, now: str) -> tuple[str | None, Step | None]:
    """The change back (undo patch) of the transaction's new state and the statement that
    writes it; (None, None) if it changed nothing (an aside, which undo passes by)."""
    # the state as stored is already its canonical JSON: no need to write it again
    before_text = tx._stored_text or dump_json(campaign.state)
    new_text = dump_json(tx._new_state) if tx._new_state is not None else before_text
    if new_text == before_text:
        return None, None
    assert tx._new_state is not None
    # the state before as stored (a command may have changed the campaign's parsed copy in
    # place), and the new one as it will be stored
    undo_patch = dump_json(
        change_back(json.loads(new_text), json.loads(before_text), before_text, spare=True)
    )
    tx.changed = True
    return undo_patch, state_step(campaign, new_text, now)
