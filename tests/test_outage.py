"""What counts as "the database is unavailable" (``bot.storage.outage``): each kind provoked for
real against SQLite, the PostgreSQL server and a private cluster where that can be done, built
by hand where it cannot (a disk I/O error, a full disk on the server)."""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import signal
import socket
import sqlite3
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.sandbox.pgcluster import PgCluster, free_port
from bot.storage.outage import (
    RateLimitedLog,
    describe_outage,
    host_action,
    is_transient,
    outage_kind,
    waiting_helps,
)


async def raised(awaitable: Awaitable[Any]) -> BaseException:
    """The exception ``awaitable`` raises (it must raise)."""
    try:
        await awaitable
    except BaseException as exc:
        return exc
    raise AssertionError("it did not raise")


def sqlite_raised(fn: Any, *args: Any) -> sqlite3.Error:
    try:
        fn(*args)
    except sqlite3.Error as exc:
        return exc
    raise AssertionError("it did not raise")


# -- SQLite, provoked ----------------------------------------------------------------------------
def test_sqlite_locked_by_another_writer(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    exc = sqlite_raised(other.execute, "BEGIN IMMEDIATE")
    assert str(exc) == "database is locked"
    assert describe_outage(exc) == "the file is locked by another connection"
    assert "another program holds the file locked" in host_action(exc)
    assert waiting_helps(exc) and not is_transient(exc)
    holder.execute("ROLLBACK")


def test_sqlite_table_locked_by_a_pending_statement() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(5)])
    reading = conn.execute("SELECT x FROM t")
    reading.fetchone()
    exc = sqlite_raised(conn.execute, "DROP TABLE t")
    assert str(exc) == "database table is locked"
    assert describe_outage(exc) == "a table is locked by another statement"


def test_sqlite_disk_full(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("PRAGMA max_page_count = 3")  # as full as a full disk
    exc = sqlite_raised(conn.execute, "INSERT INTO t VALUES (zeroblob(100000))")
    assert str(exc) == "database or disk is full"
    assert describe_outage(exc) == "the disk is full"
    assert host_action(exc, str(path)) == f"free disk space under {tmp_path}"
    assert waiting_helps(exc) and not is_transient(exc)


def test_sqlite_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE t (x)").connection.commit()
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    exc = sqlite_raised(conn.execute, "INSERT INTO t VALUES (1)")
    assert str(exc) == "attempt to write a readonly database"
    assert describe_outage(exc) == "the file is read-only"
    assert host_action(exc, str(path)) == (
        f"check the file's permissions: the bot's user must be able to write {path} and its folder"
    )
    assert not waiting_helps(exc) and not is_transient(exc)


def test_sqlite_unable_to_open(tmp_path: Path) -> None:
    path = tmp_path / "no-such-folder" / "db.sqlite3"
    exc = sqlite_raised(sqlite3.connect, path)
    assert str(exc) == "unable to open database file"
    assert describe_outage(exc) == "the file cannot be opened"
    assert host_action(exc, str(path)) == (
        f"check that {path.parent} exists and the bot's user may write it"
    )
    assert not waiting_helps(exc)


def test_sqlite_damaged_and_not_a_database(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.sqlite3"
    conn = sqlite3.connect(damaged)
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [(f"row {i}" * 20,) for i in range(2000)])
    conn.commit()
    conn.close()
    with damaged.open("r+b") as file:  # garbage over the table's pages, the header kept
        file.seek(8192)
        file.write(os.urandom(16384))
    exc = sqlite_raised(
        lambda: sqlite3.connect(damaged).execute("SELECT count(*), max(x) FROM t").fetchall()
    )
    assert str(exc) == "database disk image is malformed"
    assert describe_outage(exc) == "the file is damaged (database disk image is malformed)"
    assert host_action(exc, str(damaged)) == f"restore {damaged} from a backup"
    assert not waiting_helps(exc)

    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(os.urandom(8192))
    exc = sqlite_raised(lambda: sqlite3.connect(garbage).execute("PRAGMA journal_mode=WAL"))
    assert str(exc) == "file is not a database"
    assert describe_outage(exc) == "the file is not a SQLite database"
    assert host_action(exc, str(garbage)).startswith(f"restore {garbage} from a backup")


def test_sqlite_errors_built_by_hand_read_the_same() -> None:
    """Without SQLite's result code (an exception made by hand) the message decides."""
    for message, reason in [
        ("database is locked", "the file is locked by another connection"),
        ("database table is locked", "a table is locked by another statement"),
        ("database or disk is full", "the disk is full"),
        ("disk I/O error", "a disk I/O error"),
        ("attempt to write a readonly database", "the file is read-only"),
        ("unable to open database file", "the file cannot be opened"),
    ]:
        assert describe_outage(sqlite3.OperationalError(message)) == reason, message
    for message in ("database disk image is malformed", "file is not a database"):
        assert describe_outage(sqlite3.DatabaseError(message)) is not None
    io = sqlite3.OperationalError("disk I/O error")
    assert host_action(io, "/srv/bot/db.sqlite3") == "check the disk holding /srv/bot/db.sqlite3"
    assert not waiting_helps(io)


def test_sqlite_bugs_are_no_outage() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (x PRIMARY KEY)")
    conn.execute("INSERT INTO t VALUES (1)")
    for exc in [
        sqlite_raised(conn.execute, "INSERT INTO t VALUES (1)"),  # a constraint
        sqlite_raised(conn.execute, "SELEC 1"),  # bad SQL (an OperationalError too)
        sqlite_raised(conn.execute, "SELECT * FROM missing"),  # no such table
        sqlite_raised(conn.execute, "SELECT ?", (1, 2)),  # wrong arguments
    ]:
        assert describe_outage(exc) is None, exc
        assert not is_transient(exc) and not waiting_helps(exc)
        assert host_action(exc).startswith("this is not an outage")


# -- the OS and the network ------------------------------------------------------------------------
async def test_connection_refused_is_an_outage_worth_waiting_for() -> None:
    exc = await raised(asyncpg.connect(f"postgresql://postgres@127.0.0.1:{free_port()}/x"))
    assert isinstance(exc, ConnectionRefusedError)
    assert describe_outage(exc) == "connection refused"
    assert host_action(exc) == "check that PostgreSQL is running and DATABASE_URL"
    assert waiting_helps(exc) and not is_transient(exc)
    # a host name with several addresses, all refused: asyncio's "Multiple exceptions"
    several = OSError(
        "Multiple exceptions: [Errno 111] Connect call failed ('::1', 5432, 0, 0), "
        "[Errno 111] Connect call failed ('127.0.0.1', 5432)"
    )
    assert describe_outage(several) == "connection refused"
    assert outage_kind(several) == "refused"


@pytest.fixture
async def silent_server() -> AsyncIterator[tuple[int, list[socket.socket]]]:
    """A TCP port that accepts connections and never says a word."""
    accepted: list[socket.socket] = []
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)

    async def accept() -> None:
        loop = asyncio.get_running_loop()
        while True:
            conn, _ = await loop.sock_accept(listener)
            accepted.append(conn)

    task = asyncio.create_task(accept())
    yield listener.getsockname()[1], accepted
    task.cancel()
    for conn in accepted:
        conn.close()
    listener.close()


async def test_a_connect_timeout_and_a_reset(
    silent_server: tuple[int, list[socket.socket]],
) -> None:
    port, accepted = silent_server
    url = f"postgresql://postgres@127.0.0.1:{port}/x"
    exc = await raised(asyncpg.connect(url, timeout=0.3))
    assert isinstance(exc, TimeoutError)
    assert describe_outage(exc) == "timed out"
    assert waiting_helps(exc) and not is_transient(exc)
    assert "not overloaded" in host_action(exc)

    # the server resets the connection while the client waits for its answer
    connecting = asyncio.create_task(asyncpg.connect(url, timeout=5))
    while len(accepted) < 2:
        await asyncio.sleep(0.01)
    accepted[-1].setsockopt(
        socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00"
    )
    accepted[-1].close()
    exc = await raised(connecting)
    assert isinstance(exc, ConnectionResetError), repr(exc)
    assert describe_outage(exc) == "connection reset"
    assert is_transient(exc)


def test_os_errors_built_by_hand() -> None:
    reset = ConnectionResetError(errno.ECONNRESET, "Connection reset by peer")
    aborted = ConnectionAbortedError(errno.ECONNABORTED, "Software caused connection abort")
    assert describe_outage(reset) == "connection reset" and is_transient(reset)
    assert describe_outage(aborted) == "connection aborted" and is_transient(aborted)
    full = OSError(errno.ENOSPC, "No space left on device")
    assert describe_outage(full) == "the disk is full" and not is_transient(full)
    assert host_action(full, "/data/campaigns.sqlite3") == "free disk space under /data"
    folder = IsADirectoryError(errno.EISDIR, "is a folder", "/data/x")
    assert describe_outage(folder) == "the path is a folder, not a file"
    assert host_action(folder, "/data/x") == (
        "name a file, not a folder (e.g. /data/x/campaigns.sqlite3)"
    )
    assert not waiting_helps(folder)
    dns = socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    assert describe_outage(dns) == "the host name does not resolve" and waiting_helps(dns)
    assert describe_outage(FileNotFoundError(errno.ENOENT, "no migrations")) is None
    assert describe_outage(ValueError("a bug")) is None
    assert describe_outage(asyncio.CancelledError()) is None
    assert describe_outage(KeyboardInterrupt()) is None


# -- PostgreSQL, provoked --------------------------------------------------------------------------
async def test_postgres_statement_and_lock_timeouts(postgres_url: str) -> None:
    a = await asyncpg.connect(postgres_url)
    b = await asyncpg.connect(postgres_url)
    try:
        await a.execute("SET statement_timeout = '50ms'")
        exc = await raised(a.execute("SELECT pg_sleep(2)"))
        assert isinstance(exc, asyncpg.QueryCanceledError) and exc.sqlstate == "57014"
        assert describe_outage(exc) == "a statement was cancelled (statement_timeout)"
        assert host_action(exc) == "the database is slow: check its load and its disk"
        assert not is_transient(exc)

        await a.execute("CREATE TABLE locked (x int)")
        async with a.transaction():
            await a.execute("LOCK TABLE locked")
            await b.execute("SET lock_timeout = '50ms'")
            exc = await raised(b.execute("SELECT * FROM locked"))
        assert isinstance(exc, asyncpg.LockNotAvailableError) and exc.sqlstate == "55P03"
        assert describe_outage(exc) == "a lock was not granted in time (lock_timeout)"
        assert "another session holds the bot's tables locked" in host_action(exc)
        assert not is_transient(exc)
    finally:
        await a.close()
        await b.close()


async def test_postgres_deadlock_and_serialization_failure(postgres_url: str) -> None:
    a = await asyncpg.connect(postgres_url)
    b = await asyncpg.connect(postgres_url)
    try:
        await a.execute("CREATE TABLE rows (id int PRIMARY KEY, v int)")
        await a.execute("INSERT INTO rows VALUES (1, 0), (2, 0)")
        for conn in (a, b):
            await conn.execute("SET deadlock_timeout = '20ms'")

        async def cross(conn: asyncpg.Connection, first: int, second: int) -> None:
            async with conn.transaction():
                await conn.execute("UPDATE rows SET v = v + 1 WHERE id = $1", first)
                await asyncio.sleep(0.2)
                await conn.execute("UPDATE rows SET v = v + 1 WHERE id = $1", second)

        results = await asyncio.gather(cross(a, 1, 2), cross(b, 2, 1), return_exceptions=True)
        deadlocks = [r for r in results if isinstance(r, BaseException)]
        assert len(deadlocks) == 1 and isinstance(deadlocks[0], asyncpg.DeadlockDetectedError)
        assert describe_outage(deadlocks[0]) == "a deadlock with another transaction"
        assert is_transient(deadlocks[0])

        async with a.transaction(isolation="repeatable_read"):
            await a.fetchval("SELECT v FROM rows WHERE id = 1")
            await b.execute("UPDATE rows SET v = 10 WHERE id = 1")
            exc = await raised(a.execute("UPDATE rows SET v = 11 WHERE id = 1"))
        assert isinstance(exc, asyncpg.SerializationError) and exc.sqlstate == "40001"
        assert describe_outage(exc) == "a conflict with another transaction"
        assert is_transient(exc)
    finally:
        await a.close()
        await b.close()


async def test_postgres_read_only_and_closed_connections(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("SET default_transaction_read_only = on")  # as on a hot standby
    exc = await raised(conn.execute("CREATE TABLE nope (x int)"))
    assert isinstance(exc, asyncpg.ReadOnlySQLTransactionError) and exc.sqlstate == "25006"
    assert describe_outage(exc) == "the server is read-only (a standby?)"
    assert host_action(exc) == "point DATABASE_URL at the primary server, not a standby"
    assert not is_transient(exc)
    await conn.close()
    exc = await raised(conn.fetchval("SELECT 1"))
    assert isinstance(exc, asyncpg.InterfaceError)
    assert describe_outage(exc) == "the connection was closed" and is_transient(exc)

    pool = await asyncpg.create_pool(postgres_url, min_size=1, max_size=1)
    held = await pool.acquire()
    exc = await raised(pool.acquire(timeout=0.1))  # every connection is taken
    assert isinstance(exc, TimeoutError) and describe_outage(exc) == "timed out"
    assert not is_transient(exc)
    closing = asyncio.create_task(pool.close())
    await asyncio.sleep(0.05)
    exc = await raised(pool.acquire())
    assert isinstance(exc, asyncpg.InterfaceError) and "pool is closing" in str(exc)
    assert describe_outage(exc) == "the connection pool is closing" and not is_transient(exc)
    await pool.release(held)
    await closing


async def test_postgres_bugs_are_no_outage(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE t (x int PRIMARY KEY)")
        await conn.execute("INSERT INTO t VALUES (1)")
        for exc in [
            await raised(conn.execute("INSERT INTO t VALUES (1)")),  # a constraint
            await raised(conn.execute("SELEC 1")),  # bad SQL
            await raised(conn.execute("SELECT * FROM missing")),
            await raised(conn.fetchval("SELECT $1::int", "x")),  # a client-side data error
        ]:
            assert describe_outage(exc) is None, repr(exc)
            assert not is_transient(exc)
        busy = asyncio.create_task(conn.execute("SELECT pg_sleep(0.2)"))
        await asyncio.sleep(0.02)
        exc = await raised(conn.execute("SELECT 1"))  # a second operation at once: a bug
        assert isinstance(exc, asyncpg.InterfaceError) and describe_outage(exc) is None
        await busy
    finally:
        await conn.close()
    assert describe_outage(asyncpg.exceptions.ProtocolViolationError("bind message")) is None


async def test_postgres_server_side_outages(private_postgres: PgCluster) -> None:
    """On a cluster of the test's own: ended sessions, a crashed backend, a server shutting
    down, too many connections."""
    url = private_postgres.url
    # an administrator ends the session
    victim = await asyncpg.connect(url)
    admin = await asyncpg.connect(url)
    pid = await victim.fetchval("SELECT pg_backend_pid()")
    sleeping = asyncio.create_task(victim.execute("SELECT pg_sleep(10)"))
    await asyncio.sleep(0.1)
    await admin.execute("SELECT pg_terminate_backend($1)", pid)
    exc = await raised(sleeping)
    # asyncpg: the connection is gone, and the server's last word (57P01) is the cause
    assert isinstance(exc, asyncpg.ConnectionDoesNotExistError), repr(exc)
    assert isinstance(exc.__cause__, asyncpg.AdminShutdownError)
    assert exc.__cause__.sqlstate == "57P01"
    for told in (exc, exc.__cause__):
        assert describe_outage(told) == (
            "the server ended the session (shut down, or an administrator)"
        )
        assert is_transient(told)

    # a backend dies: its own client loses the connection, the others are told of a crash
    victim = await asyncpg.connect(url)
    pid = await victim.fetchval("SELECT pg_backend_pid()")
    sleeping = asyncio.create_task(victim.execute("SELECT pg_sleep(10)"))
    others = asyncio.create_task(admin.execute("SELECT pg_sleep(10)"))
    await asyncio.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    exc = await raised(sleeping)
    assert isinstance(exc, asyncpg.ConnectionDoesNotExistError), repr(exc)
    assert describe_outage(exc) == "the connection was closed" and is_transient(exc)
    exc = await raised(others)  # ended by the server's restart (with 57P02, if it got out)
    assert isinstance(exc, asyncpg.ConnectionDoesNotExistError), repr(exc)
    assert exc.__cause__ is None or isinstance(exc.__cause__, asyncpg.CrashShutdownError)
    assert describe_outage(exc) is not None and is_transient(exc)
    for _ in range(200):  # recovery
        try:
            admin = await asyncpg.connect(url)
            break
        except (asyncpg.CannotConnectNowError, OSError):
            await asyncio.sleep(0.05)

    # a smart shutdown waits for its sessions and refuses new ones meanwhile
    stopping = asyncio.create_task(private_postgres.stop("smart"))
    await asyncio.sleep(0.2)
    exc = await raised(asyncpg.connect(url))
    assert isinstance(exc, asyncpg.CannotConnectNowError) and exc.sqlstate == "57P03"
    assert describe_outage(exc) == "the server is starting up or shutting down"
    assert waiting_helps(exc)
    await admin.close()
    await stopping

    # too many connections
    await private_postgres.start()
    conn = await asyncpg.connect(url)
    await conn.execute("ALTER SYSTEM SET max_connections = 3")
    await conn.execute("ALTER SYSTEM SET superuser_reserved_connections = 0")
    await conn.close()
    await private_postgres.restart()
    held = [await asyncpg.connect(url) for _ in range(3)]
    exc = await raised(asyncpg.connect(url))
    assert isinstance(exc, asyncpg.TooManyConnectionsError) and exc.sqlstate == "53300"
    assert describe_outage(exc) == "too many connections"
    assert host_action(exc) == "raise max_connections or lower DATABASE_POOL_SIZE"
    assert waiting_helps(exc) and not is_transient(exc)
    for conn in held:
        await conn.close()


def test_postgres_errors_built_by_hand() -> None:
    pg = asyncpg.exceptions
    full = pg.DiskFullError("could not extend file: No space left on device")
    assert describe_outage(full) == "the database server's disk is full"
    assert host_action(full) == "free disk space on the database server"
    assert describe_outage(pg.OutOfMemoryError("out of memory")) is not None
    assert describe_outage(pg.InsufficientResourcesError("x")) is not None
    assert describe_outage(pg.ClientCannotConnectError("x")) == "the connection failed"
    assert describe_outage(pg.ConnectionFailureError("x")) == "the connection failed"
    for exc in (full, pg.ConnectionFailureError("x"), pg.CannotConnectNowError("x")):
        assert not is_transient(exc)
    crash = pg.CrashShutdownError("terminating connection because of crash of another process")
    assert describe_outage(crash) == "the server is restarting after a crash"
    assert host_action(crash) == "check PostgreSQL's log for why it restarted"
    assert waiting_helps(crash)


# -- the rate limiter ------------------------------------------------------------------------------
def test_rate_limited_log(caplog: pytest.LogCaptureFixture) -> None:
    now = [100.0]
    limited = RateLimitedLog(logging.getLogger("test.outage"), every=30, clock=lambda: now[0])
    caplog.set_level(logging.WARNING, logger="test.outage")
    assert limited.warning("refused", "database down: %s", "connection refused")
    for _ in range(4):
        now[0] += 5
        assert not limited.warning("refused", "database down: %s", "connection refused")
    assert limited.warning("disk-full", "disk full")  # another kind has its own interval
    assert limited.suppressed("refused") == 4
    now[0] += 11  # 31 s after the first line
    assert limited.warning("refused", "database down: %s", "connection refused")
    assert limited.suppressed("refused") == 0
    now[0] += 31
    assert limited.warning("refused", "database down: %s", "connection refused")
    assert [r.getMessage() for r in caplog.records] == [
        "database down: connection refused",
        "disk full",
        "database down: connection refused (4 more like this since the last line)",
        "database down: connection refused",
    ]
    assert all(r.levelno == logging.WARNING and r.exc_info is None for r in caplog.records)


def test_a_connection_that_lost_track_of_the_protocol_is_an_outage_worth_one_retry() -> None:
    """When the server ends a session in the middle of an operation, asyncpg sometimes reports
    it as an internal state error instead of a closed connection: that connection is broken
    (the store closes it rather than give it back to the pool), and a fresh one may work."""
    broken = asyncpg.InternalClientError(
        "cannot switch to state 15; another operation (2) is in progress"
    )
    assert describe_outage(broken) == "the connection broke in the middle of an operation"
    assert is_transient(broken)
    # any other internal error is a bug, not an outage
    assert describe_outage(asyncpg.InternalClientError("something else")) is None
