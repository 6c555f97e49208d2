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
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import os
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

import aiosqlite
import asyncpg

from bot.storage.migrations import SCHEMA_VERSION, migrations

Row = Any  # sqlite3.Row or asyncpg.Record: both read as row["column"] and dict(row)


class Conn(Protocol):
    """A connection inside (or outside) a transaction; SQL uses ``?`` placeholders."""

    async def fetch(self, sql: str, *args: Any) -> Sequence[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None: ...

    async def execute(self, sql: str, *args: Any) -> None: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer version of the bot."""

    def __init__(self, found: int) -> None:
        super().__init__(
            f"the database schema is version {found}, newer than this bot's {SCHEMA_VERSION}; "
            "upgrade the bot"
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
    def transaction(
        self, lock_key: int | None = None
    ) -> contextlib.AbstractAsyncContextManager[Conn]:
        """One database transaction: committed when the block exits, rolled back if it raises.
        ``lock_key`` (a channel id) serialises transactions on that key across processes."""

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
class _SqliteConn:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetch(self, sql: str, *args: Any) -> Sequence[Row]:
        return list(await self._conn.execute_fetchall(sql, args))

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self._conn.execute_fetchall(sql, args)
        for row in rows:
            return row
        return None

    async def execute(self, sql: str, *args: Any) -> None:
        await self._conn.execute_fetchall(sql, args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)


def _prepare_folder(path: str) -> None:
    """Create the file's folder if missing; a folder where the file should be is an error (as
    SQLite would only say "unable to open database file")."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a SQLite file", path)
    Path(path).parent.mkdir(parents=True, exist_ok=True)


class SqliteDatabase(Database):
    backend = "sqlite"

    def __init__(self, path: str, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self.description = f"SQLite at {path}"
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()  # one transaction at a time on the writer connection
        self._local_locks: dict[str, asyncio.Lock] = {}

    @staticmethod
    async def _connect(path: str) -> aiosqlite.Connection:
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
            await conn.execute_fetchall("PRAGMA busy_timeout=10000")
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
    async def open(cls, path: str | Path) -> SqliteDatabase:
        path = str(path)
        if path != ":memory:":
            _prepare_folder(path)
        writer = await cls._connect(path)
        try:
            reader = writer if path == ":memory:" else await cls._connect(path)
        except BaseException:
            await asyncio.shield(writer.close())
            raise
        return cls(path, writer, reader)

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
        yield _SqliteConn(self._reader)

    @contextlib.asynccontextmanager
    async def transaction(self, lock_key: int | None = None) -> AsyncIterator[Conn]:
        # The database's write lock (BEGIN IMMEDIATE) covers every key.
        async with self._write_lock:
            conn = self._writer
            await conn.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield _SqliteConn(conn)
            except BaseException:
                with contextlib.suppress(Exception):
                    await conn.execute_fetchall("ROLLBACK")
                raise
            try:
                await conn.execute_fetchall("COMMIT")
            except BaseException:
                with contextlib.suppress(Exception):
                    await conn.execute_fetchall("ROLLBACK")
                raise

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
            async with self.transaction() as conn:
                row = await conn.fetchrow("PRAGMA user_version")
                if row is not None and int(row[0]) >= migration.number:
                    continue  # another process applied it meanwhile
                for statement in migration.statements():
                    await conn.execute(statement)
                await conn.execute(f"PRAGMA user_version = {migration.number}")

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


def describe_url(url: str) -> str:
    """``PostgreSQL at host:port/db`` (never the password)."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    return f"PostgreSQL at {host}{port}{unquote(parts.path) or '/'}"


class PostgresDatabase(Database):
    backend = "postgres"

    def __init__(self, url: str, pool: asyncpg.Pool, size: int) -> None:
        self.url = url
        self.description = describe_url(url)
        self._pool = pool
        # Transactions hold a connection while the command's rule runs; leave two connections
        # free for the reads those commands make meanwhile.
        self._slots = asyncio.Semaphore(max(1, size - 2))

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresDatabase:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        return cls(url, pool, pool_size)

    async def close(self) -> None:
        await self._pool.close()

    @contextlib.asynccontextmanager
    async def reading(self) -> AsyncIterator[Conn]:
        async with self._pool.acquire() as conn:
            yield _PgConn(conn)

    @contextlib.asynccontextmanager
    async def transaction(self, lock_key: int | None = None) -> AsyncIterator[Conn]:
        async with self._slots, self._pool.acquire() as conn, conn.transaction():
            if lock_key is not None:
                await conn.execute("SELECT pg_advisory_xact_lock($1::bigint)", lock_key)
            yield _PgConn(conn)

    @contextlib.asynccontextmanager
    async def exclusive(self, name: str) -> AsyncIterator[None]:
        async with self._pool.acquire() as conn:
            key = await conn.fetchval(
                "SELECT hashtext('wargame-table:' || $1::text || ':' || current_schema())", name
            )
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
        async with self._pool.acquire() as conn:
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
                        await conn.execute(migration.sql)
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


async def open_database(target: str | Path, *, pool_size: int = 10) -> Database:
    """A database from a URL (``postgresql://…``, ``sqlite:///…``) or a SQLite file path."""
    url = str(target)
    if isinstance(target, Path) or "://" not in url:
        return await SqliteDatabase.open(url)
    check_url(url)
    if url.lower().startswith("sqlite:"):
        return await SqliteDatabase.open(sqlite_path_of(url))
    return await PostgresDatabase.open(url, pool_size=pool_size)
