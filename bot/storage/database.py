"""The database under the store: one small interface, a SQLite and a PostgreSQL backend.

The store (``bot/storage/store.py``) writes its SQL once, with ``?`` placeholders, against
:class:`Conn`; each backend runs it on its own driver through public APIs only (aiosqlite,
asyncpg). What differs between the two is how a transaction is made safe against other
writers, and that lives here:

- SQLite: one writer connection; a transaction is ``BEGIN IMMEDIATE`` … ``COMMIT``, which takes
  the database's write lock, so every writer (this process's other commands, another process on
  the same file) waits its turn. Reads use a second connection (WAL: readers never block).
- PostgreSQL: a pool; a transaction holds one connection and takes a transaction-scoped
  advisory lock on the channel, so two processes working on one channel take turns while other
  channels go on in parallel.

Every wait has a limit (see :mod:`bot.storage.deadline`): a lock in this process, a connection
from the pool, the database's own locks and statements (PostgreSQL's ``lock_timeout`` and
``statement_timeout``, SQLite's busy timeout), and the whole transaction up to its COMMIT. An
error that means the database cannot be used right now comes out as
:class:`~bot.storage.errors.DatabaseUnavailable` (:class:`~bot.storage.errors.DatabaseBusy`
when a limit was reached); one raised by COMMIT itself as
:class:`~bot.storage.errors.CommitFailed`, since the change may then be in the database or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar
from urllib.parse import unquote, urlsplit

import aiosqlite
import asyncpg

from bot.storage.deadline import has_deadline, remaining
from bot.storage.errors import CommitFailed, DatabaseBusy, DatabaseUnavailable, OutcomeUnknown
from bot.storage.migrations import SCHEMA_VERSION, migrations
from bot.storage.outage import describe_outage, host_action, is_transient

Row = Any  # sqlite3.Row or asyncpg.Record: both read as row["column"] and dict(row)
T = TypeVar("T")

#: the default limit of one wait on the database (a lock, a connection, a statement): what
#: ``DATABASE_TIMEOUT`` sets; an interaction's own deadline can only shorten it
WAIT_LIMIT = 5.0
#: how long work outside any interaction (start-up, sync, clean-up) waits for a connection
#: or a lock in this process
BACKGROUND_WAIT = 30.0
#: how long COMMIT may take before its outcome counts as unknown
COMMIT_WAIT = 5.0
#: how long to give up a connection that failed mid-statement
RELEASE_WAIT = 2.0
#: the client's own limit on a transaction runs this much past the database's, so that the
#: database's own (clean) timeout errors come first
CLIENT_MARGIN = 0.5
#: how long a connection attempt to PostgreSQL may take
CONNECT_TIMEOUT = 5.0

Prepare = Callable[["Conn"], Awaitable[Any]]


def _untrusted(exc: BaseException) -> bool:
    """After ``exc``, a PostgreSQL connection cannot be trusted with another statement: the
    server ended the session, the network failed, a statement was cut short on the client's
    side (a timeout, a cancellation) or the driver lost track of the protocol. An error the
    server reported in order (a constraint, a lock or statement timeout, a refusal raised by
    the caller) leaves it usable."""
    if isinstance(exc, asyncpg.PostgresError):
        return isinstance(
            exc,
            asyncpg.PostgresConnectionError
            | asyncpg.AdminShutdownError
            | asyncpg.CrashShutdownError
            | asyncpg.CannotConnectNowError,
        )
    return isinstance(
        exc,
        asyncpg.InterfaceError
        | asyncpg.InternalClientError
        | OSError
        | TimeoutError
        | asyncio.CancelledError,
    )


def outage_of(exc: BaseException) -> DatabaseUnavailable | None:
    """``exc`` as the store reports it when it means the database cannot be used right now
    (None: another problem, raised as it is)."""
    if isinstance(exc, DatabaseUnavailable):
        return exc
    reason = describe_outage(exc)
    if reason is None:
        return None
    busy = isinstance(
        exc,
        TimeoutError | asyncpg.QueryCanceledError | asyncpg.LockNotAvailableError,
    ) or (isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc).lower())
    mapped = (
        DatabaseBusy(reason, host_action(exc))
        if busy
        else DatabaseUnavailable(reason, host_action(exc))
    )
    mapped.transient = is_transient(exc)
    return mapped


@contextlib.asynccontextmanager
async def outages() -> AsyncIterator[None]:
    """Within the block, a driver error meaning the database is away is raised as
    :class:`DatabaseUnavailable` (or :class:`DatabaseBusy`), from the original."""
    try:
        yield
    except (DatabaseUnavailable, CommitFailed, OutcomeUnknown):
        raise
    except Exception as exc:
        mapped = outage_of(exc)
        if mapped is None:
            raise
        raise mapped from exc


def limit_now(default: float) -> float:
    """The time this wait may take (the task's deadline, at most ``default``); refused as
    busy when nothing is left."""
    left = remaining(default)
    if left <= 0:
        raise DatabaseBusy("the interaction's time for the database ran out")
    return left


@dataclass(frozen=True, slots=True)
class Step:
    """One of a transaction's last statements (:meth:`Conn.finish`); ``missing``: raised
    when the statement gives no row (an UPDATE … RETURNING that found nothing to update)."""

    sql: str
    args: tuple[Any, ...] = ()
    missing: Exception | None = None


class Conn(Protocol):
    """A connection inside (or outside) a transaction; SQL uses ``?`` placeholders."""

    async def fetch(self, sql: str, *args: Any) -> Sequence[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None: ...

    async def execute(self, sql: str, *args: Any) -> None: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def finish(self, steps: Sequence[Step]) -> None:
        """The transaction's last statements, in order; nothing runs on the connection after
        them. SQLite sends them with the transaction's COMMIT, in one trip to its thread: a
        statement's own failure (or its ``missing``) is raised as it is and the transaction
        rolls back, as if it had run here; only COMMIT's failure is :class:`CommitFailed`.
        PostgreSQL runs them here and now."""


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database schema is version {found}, newer than this bot's {SCHEMA_VERSION}; "
            "upgrade the bot"
        )


class SchemaTooOld(RuntimeError):
    """The database was left by an older version of the bot, and this use must not migrate it
    (an export or the source of a copy is only read)."""

    def __init__(self, found: int) -> None:
        what = (
            "holds none of the bot's tables"
            if found == 0
            else f"schema is version {found}, older than this bot's {SCHEMA_VERSION}"
        )
        super().__init__(
            f"the database {what}; it is only read here, never migrated — start this version "
            "of the bot on it once (it migrates; docs/running.md, 'Upgrading'), or use the "
            "version of the bot that wrote it"
        )


class Database(ABC):
    backend: str
    description: str

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def reading(self) -> contextlib.AbstractAsyncContextManager[Conn]:
        """A connection for reads outside any transaction (each statement sees committed
        data)."""

    @abstractmethod
    def snapshot(
        self, seconds: float | None = None
    ) -> contextlib.AbstractAsyncContextManager[Conn]:
        """One consistent read of the database, on a connection of its own, that never blocks
        a writer: a read transaction on SQLite (WAL lets writers go on meanwhile; never the
        writer's connection), REPEATABLE READ READ ONLY on PostgreSQL. ``seconds``: how long
        the whole read may take (None: no limit; maintenance such as an export on the host)."""

    @abstractmethod
    def transaction_with(
        self, lock_key: int | None = None, prepare: Prepare | None = None
    ) -> contextlib.AbstractAsyncContextManager[tuple[Conn, Any]]:
        """One database transaction: committed when the block exits, rolled back if it raises.
        ``lock_key`` (a channel id) serialises transactions on that key across processes.
        ``prepare(conn)`` runs first, inside the transaction (its result is yielded with the
        connection): when a connection that died meanwhile fails it, the transaction is begun
        once more on a fresh one. COMMIT failing raises :class:`CommitFailed`."""

    @contextlib.asynccontextmanager
    async def transaction(self, lock_key: int | None = None) -> AsyncIterator[Conn]:
        """:meth:`transaction_with` without a first step."""
        async with self.transaction_with(lock_key) as (conn, _):
            yield conn

    #: SQL giving the database's clock as the store writes times (ISO 8601, UTC, milliseconds)
    now_sql: str
    #: the limit of one wait (None: none beyond :data:`BACKGROUND_WAIT`)
    wait: float | None

    def limit(self) -> float:
        """How long the next wait may take: the task's deadline, at most :attr:`wait`;
        :class:`DatabaseBusy` when nothing is left."""
        return limit_now(self.wait if self.wait is not None else BACKGROUND_WAIT)

    def whole(self) -> float | None:
        """How long a whole transaction (or read) may take: until the task's deadline, or
        :data:`BACKGROUND_WAIT` without one, plus the margin that lets the database's own
        limits speak first. No limit (None) for maintenance on a database opened with no
        limit of its own (``wait=None``: ``python -m bot migrate``, ``import``, ``export``)
        outside any deadline."""
        if self.wait is None and not has_deadline():
            return None
        return max(0.0, remaining(BACKGROUND_WAIT)) + CLIENT_MARGIN

    @abstractmethod
    async def allow(self, conn: Conn, seconds: float) -> None:
        """Let each statement of this transaction run up to ``seconds`` (an export, an
        import); the limit of one wait otherwise."""

    @abstractmethod
    def exclusive(self, name: str) -> contextlib.AbstractAsyncContextManager[None]:
        """A lock by name shared by every process using this database (e.g. command sync)."""

    @abstractmethod
    async def migrate(self) -> None:
        """Apply the pending migrations; safe when several processes start together."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def integrity_check(self) -> str:
        """ "ok" when the database's own consistency check passes."""


# -- SQLite ------------------------------------------------------------------------------------
def _begin_then_fetchall(
    db: sqlite3.Connection, begin: str, sql: str, args: Sequence[Any]
) -> list[Any]:
    """(In aiosqlite's thread) ``begin``, then the transaction's first statement."""
    db.execute(begin)
    return db.execute(sql, args).fetchall()


class _CommitError(Exception):
    """(From aiosqlite's thread) COMMIT itself failed: ``cause``."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(repr(cause))
        self.cause = cause


def commit(db: sqlite3.Connection) -> None:
    """(In aiosqlite's thread) the transaction's COMMIT (a function of its own, so that tests
    can make it fail as a lost disk would)."""
    db.execute("COMMIT")


def _finish_then_commit(db: sqlite3.Connection, steps: Sequence[Step]) -> None:
    """(In aiosqlite's thread) the transaction's last statements, then COMMIT: a statement's
    failure is raised as it is (nothing committed); COMMIT's as :class:`_CommitError`."""
    for step in steps:
        rows = db.execute(step.sql, step.args).fetchall()
        if step.missing is not None and not rows:
            raise step.missing
    try:
        commit(db)
    except Exception as exc:
        raise _CommitError(exc) from exc


class _SqliteConn:
    """A connection's statements. ``begin`` (a transaction's BEGIN IMMEDIATE) runs just before
    the first statement, in the same trip to aiosqlite's thread: the same statements in the same
    order, one trip fewer (:attr:`begun`: whether it has run)."""

    def __init__(self, conn: aiosqlite.Connection, begin: str | None = None) -> None:
        self._conn = conn
        self._begin = begin
        #: the last statements, sent with COMMIT (:meth:`finish`)
        self.last: Sequence[Step] = ()

    @property
    def begun(self) -> bool:
        return self._begin is None

    async def _fetchall(self, sql: str, args: Sequence[Any]) -> list[Any]:
        begin, self._begin = self._begin, None
        if begin is None:
            return list(await self._conn.execute_fetchall(sql, args))
        # aiosqlite runs any function in its thread with Connection._execute (its own
        # execute_fetchall is that function and one statement); _conn is its sqlite3 connection
        # (tests/storage/test_store.py checks both)
        result: list[Any] = await self._conn._execute(
            _begin_then_fetchall, self._conn._conn, begin, sql, args
        )
        return result

    async def fetch(self, sql: str, *args: Any) -> Sequence[Row]:
        return await self._fetchall(sql, args)

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self._fetchall(sql, args)
        for row in rows:
            return row
        return None

    async def execute(self, sql: str, *args: Any) -> None:
        await self._fetchall(sql, args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        begin, self._begin = self._begin, None
        if begin is not None:
            await self._conn.execute_fetchall(begin)
        await self._conn.executemany(sql, rows)

    async def finish(self, steps: Sequence[Step]) -> None:
        assert self.begun and not self.last, "finish() comes once, after the first statement"
        self.last = tuple(steps)


def _prepare_folder(path: str) -> None:
    """Create the file's folder if missing; a folder where the file should be is an error (as
    SQLite would only say "unable to open database file")."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a SQLite file", path)
    Path(path).parent.mkdir(parents=True, exist_ok=True)


class SqliteDatabase(Database):
    backend = "sqlite"

    now_sql = "strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')"

    def __init__(
        self,
        path: str,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        wait: float | None = WAIT_LIMIT,
    ):
        self.path = path
        self.wait = wait
        self.description = f"SQLite at {path}"
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()  # one transaction at a time on the writer connection
        self._local_locks: dict[str, asyncio.Lock] = {}

    @staticmethod
    async def _connect(path: str, wait: float | None = WAIT_LIMIT) -> aiosqlite.Connection:
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except BaseException:
            # aiosqlite stops its thread without waiting for it: wait, since a thread that
            # answers after the event loop has closed prints a traceback
            thread = getattr(connecting, "_thread", None)
            if thread is not None and thread.is_alive():
                await asyncio.to_thread(thread.join, 5)
            raise
        try:
            conn.row_factory = aiosqlite.Row
            # another process holding the write lock: wait this long for it, then "locked"
            busy_ms = int((wait if wait is not None else BACKGROUND_WAIT) * 1000)
            await conn.execute_fetchall(f"PRAGMA busy_timeout={busy_ms}")
            # Switching a new file to WAL can answer "locked" at once (no busy wait) while
            # another process opens it too: try again for a while. Any other answer (a damaged
            # file, a read-only one) is final.
            for attempt in range(200):
                try:
                    await conn.execute_fetchall("PRAGMA journal_mode=WAL")
                    break
                except sqlite3.OperationalError as exc:
                    if attempt == 199 or "locked" not in str(exc):
                        raise
                    await asyncio.sleep(0.05)
            await conn.execute_fetchall("PRAGMA synchronous=FULL")
            await conn.execute_fetchall("PRAGMA foreign_keys=ON")
        except BaseException:
            # its thread would keep the process alive
            await asyncio.shield(conn.close())
            raise
        return conn

    @classmethod
    async def open(cls, path: str | Path, *, wait: float | None = WAIT_LIMIT) -> SqliteDatabase:
        path = str(path)
        if path != ":memory:":
            _prepare_folder(path)
        writer = await cls._connect(path, wait)
        try:
            reader = writer if path == ":memory:" else await cls._connect(path, wait)
        except BaseException:
            await asyncio.shield(writer.close())
            raise
        return cls(path, writer, reader, wait)

    async def check_writable(self) -> None:
        """Raise now, not at the first command, if the file can be read but not written:
        writes the schema version it already has, and rolls back."""
        async with self._write_lock:
            conn = self._writer
            await conn.execute_fetchall("BEGIN IMMEDIATE")
            try:
                rows = list(await conn.execute_fetchall("PRAGMA user_version"))
                await conn.execute_fetchall(f"PRAGMA user_version = {int(rows[0][0])}")
            finally:
                await conn.execute_fetchall("ROLLBACK")

    async def close(self) -> None:
        async with self._write_lock:
            await self._writer.close()
            if self._reader is not self._writer:
                await self._reader.close()

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Conn]:
        async with outages():
            self.limit()  # refused at once when the deadline has passed
            async with asyncio.timeout(self.whole()):
                yield _SqliteConn(self._reader)

    @contextlib.asynccontextmanager
    async def snapshot(self, seconds: float | None = None) -> AsyncIterator[Conn]:
        async with outages():
            if self.path == ":memory:":  # one connection only: take the writer's turn
                async with self._maintenance() as shared:
                    yield shared
                return
            limit = asyncio.timeout(seconds + CLIENT_MARGIN if seconds is not None else None)
            conn = await self._connect(self.path, self.wait)
            try:
                async with limit:
                    await conn.execute_fetchall("BEGIN")  # deferred: a read transaction
                    try:
                        yield _SqliteConn(conn)
                    finally:
                        with contextlib.suppress(Exception):
                            await asyncio.shield(conn.execute_fetchall("ROLLBACK"))
            finally:
                await asyncio.shield(conn.close())

    async def allow(self, conn: Conn, seconds: float) -> None:
        """SQLite's statements wait for nothing but the write lock, taken already."""

    @contextlib.asynccontextmanager
    async def transaction_with(
        self, lock_key: int | None = None, prepare: Prepare | None = None
    ) -> AsyncIterator[tuple[Conn, Any]]:
        # The database's write lock (BEGIN IMMEDIATE) covers every key.
        async with outages():
            limit = self.limit()
            async with asyncio.timeout(limit):
                await self._write_lock.acquire()
            try:
                conn = self._writer
                body = asyncio.timeout(self.whole())
                # BEGIN IMMEDIATE goes with the first statement (prepare's, when given)
                sconn = _SqliteConn(conn, begin="BEGIN IMMEDIATE")
                try:
                    async with body:
                        prepared = await prepare(sconn) if prepare is not None else None
                        yield sconn, prepared
                except BaseException:
                    if sconn.begun:
                        with contextlib.suppress(Exception):
                            await asyncio.shield(conn.execute_fetchall("ROLLBACK"))
                    raise
                if not sconn.begun:
                    return  # no statement ran: no transaction to commit
                try:
                    # the last statements (if any) and COMMIT: one trip to aiosqlite's thread
                    async with asyncio.timeout(COMMIT_WAIT):
                        await asyncio.shield(
                            conn._execute(_finish_then_commit, conn._conn, sconn.last)
                        )
                except _CommitError as exc:
                    with contextlib.suppress(Exception):
                        await asyncio.shield(conn.execute_fetchall("ROLLBACK"))
                    raise CommitFailed(exc.cause) from exc.cause
                except Exception as exc:
                    with contextlib.suppress(Exception):
                        await asyncio.shield(conn.execute_fetchall("ROLLBACK"))
                    if isinstance(exc, TimeoutError):
                        raise CommitFailed(exc) from exc  # the statements or COMMIT: unknown
                    raise  # a last statement failed: nothing was committed
            finally:
                self._write_lock.release()

    @contextlib.asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        local = self._local_locks.setdefault(name, asyncio.Lock())
        async with local:
            if self.path == ":memory:":
                yield
                return
            fd = os.open(f"{self.path}-{name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
            try:
                while True:  # polled, so a cancelled waiter leaves nothing behind
                    try:
                        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                        break
                    except BlockingIOError:
                        await asyncio.sleep(0.05)
                yield
            finally:
                os.close(fd)  # releases the lock

    async def schema_version(self) -> int:
        row = await _SqliteConn(self._writer).fetchrow("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        found = await self.schema_version()
        if found > SCHEMA_VERSION:
            raise SchemaTooNew(found)
        for migration in migrations("sqlite"):
            if migration.number <= found:
                continue
            async with self._maintenance() as conn:
                row = await conn.fetchrow("PRAGMA user_version")
                if row is not None and int(row[0]) >= migration.number:
                    continue  # another process applied it meanwhile
                before, after = migration.parts
                for statement in migration.statements(before):
                    await conn.execute(statement)
                step = migration.python_step()
                if step is not None:
                    await step(conn)
                for statement in migration.statements(after):
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {migration.number}")

    @contextlib.asynccontextmanager
    async def _maintenance(self) -> AsyncIterator[Conn]:
        """A write transaction with no limit on how long it takes (a migration rewriting a
        long history); waiting for the write lock is limited by the busy timeout as usual."""
        async with outages():
            async with asyncio.timeout(self.limit()):
                await self._write_lock.acquire()
            try:
                conn = self._writer
                await conn.execute_fetchall("BEGIN IMMEDIATE")
                try:
                    yield _SqliteConn(conn)
                except BaseException:
                    with contextlib.suppress(Exception):
                        await asyncio.shield(conn.execute_fetchall("ROLLBACK"))
                    raise
                await conn.execute_fetchall("COMMIT")
            finally:
                self._write_lock.release()

    async def integrity_check(self) -> str:
        row = await _SqliteConn(self._writer).fetchrow("PRAGMA integrity_check")
        return str(row[0]) if row else ""


# -- PostgreSQL --------------------------------------------------------------------------------
def _pg_sql(sql: str) -> str:
    """The store's SQL with ``?`` placeholders, as PostgreSQL's ``$1, $2, …``."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))


class _PgConn:
    def __init__(self, conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> None:
        self._conn = conn

    async def fetch(self, sql: str, *args: Any) -> Sequence[Row]:
        rows: list[Row] = await self._conn.fetch(_pg_sql(sql), *args)
        return rows

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        return await self._conn.fetchrow(_pg_sql(sql), *args)

    async def execute(self, sql: str, *args: Any) -> None:
        await self._conn.execute(_pg_sql(sql), *args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(_pg_sql(sql), rows)

    async def finish(self, steps: Sequence[Step]) -> None:
        for step in steps:
            row = await self._conn.fetchrow(_pg_sql(step.sql), *step.args)
            if step.missing is not None and row is None:
                raise step.missing


def describe_url(url: str) -> str:
    """``PostgreSQL at host:port/db`` (never the password)."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"PostgreSQL at {host}{port}{unquote(parts.path) or '/'}"


class PostgresDatabase(Database):
    backend = "postgres"
    now_sql = (
        "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS') || '+00:00'"
    )

    def __init__(self, url: str, pool: asyncpg.Pool, size: int, wait: float | None) -> None:
        self.url = url
        self.description = describe_url(url)
        self._pool = pool
        self.wait = wait
        # Transactions hold a connection while the command's rule runs; leave two connections
        # free for the reads those commands make meanwhile.
        self._slots = asyncio.Semaphore(max(1, size - 2))

    @classmethod
    async def open(
        cls, url: str, *, pool_size: int = 10, wait: float | None = WAIT_LIMIT
    ) -> PostgresDatabase:
        settings = {"application_name": "wargame-table-bot"}
        if wait is not None:
            # the server's own limits, a little under the client's: a lock held elsewhere or a
            # hung statement ends in a clean error, the transaction rolled back
            ms = str(max(1, int(wait * 1000)))
            settings |= {"lock_timeout": ms, "statement_timeout": ms}
        pool = await asyncpg.create_pool(
            url,
            # connections are opened as commands need them: no floor to keep up, which would
            # log a traceback every few seconds while the server is away
            min_size=0,
            max_size=pool_size,
            timeout=CONNECT_TIMEOUT,
            server_settings=settings,
        )
        return cls(url, pool, pool_size, wait)

    async def allow(self, conn: Conn, seconds: float) -> None:
        ms = str(max(1, int(seconds * 1000)))
        await conn.execute("SELECT set_config('statement_timeout', ?, true)", ms)

    def pool_in_use(self) -> tuple[int, int]:
        """(connections in use, the pool's size)."""
        size = self._pool.get_size()
        return size - self._pool.get_idle_size(), self._pool.get_max_size()

    async def close(self) -> None:
        await self._pool.close()

    async def _release(
        self, conn: asyncpg.pool.PoolConnectionProxy, failed: BaseException | None = None
    ) -> None:
        """Give ``conn`` back to the pool — or, after ``failed`` left it in a state that
        cannot be trusted (the server ended the session, a statement cut short by a timeout,
        the driver lost track of the protocol), close it for good: the pool opens a new one."""
        if failed is not None and _untrusted(failed):
            with contextlib.suppress(Exception):
                conn.terminate()
        with contextlib.suppress(Exception):
            await self._pool.release(conn, timeout=RELEASE_WAIT)

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Conn]:
        async with outages():
            limit = self.limit()
            conn = await self._pool.acquire(timeout=limit)
            failed: BaseException | None = None
            try:
                async with asyncio.timeout(self.whole()):
                    yield _PgConn(conn)
            except BaseException as exc:
                failed = exc
                raise
            finally:
                await self._release(conn, failed)

    @contextlib.asynccontextmanager
    async def snapshot(self, seconds: float | None = None) -> AsyncIterator[Conn]:
        async with outages():
            conn = await self._pool.acquire(timeout=self.limit())
            failed: BaseException | None = None
            try:
                limit = asyncio.timeout(seconds + CLIENT_MARGIN if seconds is not None else None)
                reading = conn.transaction(isolation="repeatable_read", readonly=True)
                async with limit, reading:
                    ms = "0" if seconds is None else str(max(1, int(seconds * 1000)))
                    await conn.execute("SELECT set_config('statement_timeout', $1, true)", ms)
                    yield _PgConn(conn)
            except BaseException as exc:
                failed = exc
                raise
            finally:
                await self._release(conn, failed)

    async def _begin(
        self, lock_key: int | None, prepare: Prepare | None
    ) -> tuple[asyncpg.pool.PoolConnectionProxy, Any, Any]:
        """A connection with its transaction begun, the key's lock taken and ``prepare`` run;
        once more on a fresh connection when the first one had died."""
        for attempt in (1, 2):
            conn = await self._pool.acquire(timeout=self.limit())
            tr = conn.transaction()
            try:
                async with asyncio.timeout(self.limit() + CLIENT_MARGIN):
                    await tr.start()
                    if lock_key is not None:
                        await conn.execute("SELECT pg_advisory_xact_lock($1::bigint)", lock_key)
                    prepared = await prepare(_PgConn(conn)) if prepare is not None else None
                return conn, tr, prepared
            except BaseException as exc:
                if not _untrusted(exc):
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(tr.rollback(), RELEASE_WAIT)
                await self._release(conn, exc)
                if attempt == 2 or not is_transient(exc):
                    raise
        raise AssertionError("not reached")

    @contextlib.asynccontextmanager
    async def transaction_with(
        self, lock_key: int | None = None, prepare: Prepare | None = None
    ) -> AsyncIterator[tuple[Conn, Any]]:
        async with outages():
            async with asyncio.timeout(self.limit()):
                await self._slots.acquire()
            try:
                conn, tr, prepared = await self._begin(lock_key, prepare)
                failed: BaseException | None = None
                try:
                    try:
                        async with asyncio.timeout(self.whole()):
                            yield _PgConn(conn), prepared
                    except BaseException as exc:
                        failed = exc
                        if not _untrusted(exc):
                            with contextlib.suppress(Exception):
                                await asyncio.wait_for(tr.rollback(), RELEASE_WAIT)
                        raise
                    try:
                        async with asyncio.timeout(COMMIT_WAIT):
                            await tr.commit()
                    except Exception as exc:
                        failed = exc
                        raise CommitFailed(exc) from exc
                finally:
                    await self._release(conn, failed)
            finally:
                self._slots.release()

    @contextlib.asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        async with self._pool.acquire(timeout=BACKGROUND_WAIT) as conn:
            key = await conn.fetchval(
                "SELECT hashtext('wargame-table:' || $1::text || ':' || current_schema())", name
            )
            # another process holds it for as long as its work takes (a command sync): no limit
            await conn.execute("SET lock_timeout = 0")
            await conn.execute("SELECT pg_advisory_lock($1::bigint)", key)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1::bigint)", key)

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
            if not exists:
                return 0
            return int(
                await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            )

    async def migrate(self) -> None:
        async with self._pool.acquire(timeout=BACKGROUND_WAIT) as conn:
            # a migration takes as long as it takes; reset when the connection goes back
            await conn.execute("SET lock_timeout = 0; SET statement_timeout = 0")
            # Two processes starting together: the second waits here until the first is done.
            key = await conn.fetchval(
                "SELECT hashtext('wargame-table:migrations:' || current_schema())"
            )
            await conn.execute("SELECT pg_advisory_lock($1::bigint)", key)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations ("
                    " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                    " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                found = int(
                    await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
                )
                if found > SCHEMA_VERSION:
                    raise SchemaTooNew(found)
                for migration in migrations("postgres"):
                    if migration.number <= found:
                        continue
                    async with conn.transaction():
                        before, after = migration.parts
                        await conn.execute(before)
                        step = migration.python_step()
                        if step is not None:
                            await step(_PgConn(conn))
                        if after.strip():
                            await conn.execute(after)
                        await conn.execute(
                            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                            migration.number,
                            migration.name,
                        )
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1::bigint)", key)

    async def integrity_check(self) -> str:
        """PostgreSQL keeps its own consistency; this checks the schema is complete."""
        async with self._pool.acquire() as conn:
            missing = await conn.fetch(
                "SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NULL",
                ["campaigns", "history", "meta", "counters", "game_masters", "interactions"],
            )
        return "ok" if not missing else "missing tables: " + ", ".join(r[0] for r in missing)


# -- choosing one ------------------------------------------------------------------------------
class BadDatabaseUrl(ValueError):
    pass


def sqlite_path_of(url: str) -> str:
    """``sqlite:///relative/file.db`` -> ``relative/file.db``; ``sqlite:////abs/file.db`` ->
    ``/abs/file.db``; ``sqlite:///:memory:`` -> ``:memory:``."""
    rest = url[len("sqlite://") :]
    if not rest.startswith("/") or rest == "/":
        raise BadDatabaseUrl(
            "a SQLite URL is sqlite:///relative/path.sqlite3 or sqlite:////absolute/path.sqlite3"
        )
    return unquote(rest[1:])


def check_url(url: str) -> str:
    """The URL if this bot can open it; else BadDatabaseUrl with the reason."""
    scheme = url.split(":", 1)[0].lower()
    if scheme in ("postgresql", "postgres"):
        if not urlsplit(url).hostname and "host=" not in url:
            raise BadDatabaseUrl("a PostgreSQL URL names its host: postgresql://user@host:5432/db")
        return url
    if scheme == "sqlite":
        sqlite_path_of(url)
        return url
    raise BadDatabaseUrl(
        "use postgresql://user@host:port/database or sqlite:///path/to/file.sqlite3"
    )


def describe_target(target: str | Path) -> str:
    """What :func:`open_database` would open, as its ``description`` says it (no password)."""
    url = str(target)
    if isinstance(target, Path) or "://" not in url:
        return f"SQLite at {url}"
    if url.lower().startswith("sqlite:"):
        return f"SQLite at {sqlite_path_of(url)}"
    return describe_url(url)


async def open_database(
    target: str | Path, *, pool_size: int = 10, wait: float | None = WAIT_LIMIT
) -> Database:
    """A database from a URL (``postgresql://…``, ``sqlite:///…``) or a SQLite file path.
    ``wait``: the limit of one wait on it (None: none, for maintenance such as a copy)."""
    url = str(target)
    if isinstance(target, Path) or "://" not in url:
        return await SqliteDatabase.open(url, wait=wait)
    check_url(url)
    if url.lower().startswith("sqlite:"):
        return await SqliteDatabase.open(sqlite_path_of(url), wait=wait)
    return await PostgresDatabase.open(url, pool_size=pool_size, wait=wait)
