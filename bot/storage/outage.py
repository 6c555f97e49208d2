"""What counts as "the database is unavailable", and what the host should do about it.

An *outage* is an error that says the database cannot be used right now — the statement was
not applied, and trying again later may work: the server is down or refuses connections, a
connection died, a lock or statement timed out, the disk is full, the file is read-only or
damaged. A bug, a constraint violation or bad SQL is not an outage.

Pure: this module knows the driver's exception types (sqlite3, asyncpg, OSError) and nothing
of the bot. :func:`describe_outage` says what happened, :func:`host_action` what the host must
do (one sentence for one log line), :func:`is_transient` whether one immediate retry on a fresh
connection is worth it, :func:`waiting_helps` whether waiting alone may end it (at start-up: keep
retrying, or stop and say what to fix). :class:`RateLimitedLog` keeps a burst of outages to one
WARNING line per kind per interval.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath

import asyncpg
from asyncpg import exceptions as pg

# SQLite's primary result codes (an extended code's low byte)
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26

# what SQLite says for each, for an exception that carries no code (built by hand)
_SQLITE_MESSAGES = (
    ("database is locked", _SQLITE_BUSY),
    ("database table is locked", _SQLITE_LOCKED),
    ("database schema is locked", _SQLITE_LOCKED),
    ("database or disk is full", _SQLITE_FULL),
    ("disk i/o error", _SQLITE_IOERR),
    ("attempt to write a readonly database", _SQLITE_READONLY),
    ("unable to open database file", _SQLITE_CANTOPEN),
    ("database disk image is malformed", _SQLITE_CORRUPT),
    ("file is not a database", _SQLITE_NOTADB),
)

_SQLITE_REASONS = {
    _SQLITE_BUSY: "the file is locked by another connection",
    _SQLITE_LOCKED: "a table is locked by another statement",
    _SQLITE_FULL: "the disk is full",
    _SQLITE_IOERR: "a disk I/O error",
    _SQLITE_READONLY: "the file is read-only",
    _SQLITE_CANTOPEN: "the file cannot be opened",
    _SQLITE_CORRUPT: "the file is damaged (database disk image is malformed)",
    _SQLITE_NOTADB: "the file is not a SQLite database",
}

_OS_REASONS = {
    errno.ECONNREFUSED: "connection refused",
    errno.ECONNRESET: "connection reset",
    errno.ECONNABORTED: "connection aborted",
    errno.EPIPE: "connection broken",
    errno.ETIMEDOUT: "connection timed out",
    errno.EHOSTUNREACH: "host unreachable",
    errno.ENETUNREACH: "network unreachable",
    errno.ENETDOWN: "network down",
    errno.EADDRNOTAVAIL: "address not available",
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EIO: "a disk I/O error",
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "the path is a folder, not a file",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
}
_OS_NETWORK = frozenset(
    {
        errno.ECONNREFUSED,
        errno.ECONNRESET,
        errno.ECONNABORTED,
        errno.EPIPE,
        errno.ETIMEDOUT,
        errno.EHOSTUNREACH,
        errno.ENETUNREACH,
        errno.ENETDOWN,
        errno.EADDRNOTAVAIL,
    }
)
_OS_FILE_ACCESS = frozenset({errno.EROFS, errno.EACCES, errno.EPERM})

# asyncpg's own (client-side) errors that mean the connection or pool is gone
_CLOSED_CONNECTION = ("connection is closed", "underlying connection is closed")
_CLOSING_POOL = ("pool is closing", "pool is closed")

START_HINT = "check that PostgreSQL is running and DATABASE_URL"


@dataclass(frozen=True, slots=True)
class _Outage:
    kind: str  # a stable name, e.g. "refused", "sqlite-full" (the rate limiter's key)
    reason: str  # what happened, a few words
    transient: bool = False  # worth one immediate retry on a fresh connection
    waits_out: bool = True  # waiting alone may end it


def _sqlite_code(exc: sqlite3.Error) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF
    text = str(exc).lower()
    for message, primary in _SQLITE_MESSAGES:
        if message in text:
            return primary
    return None


def _sqlite(exc: sqlite3.Error) -> _Outage | None:
    if not isinstance(exc, sqlite3.DatabaseError) or isinstance(
        exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.DataError
    ):
        return None
    code = _sqlite_code(exc)
    if code is None or code not in _SQLITE_REASONS:
        return None
    # the file itself is wrong (permissions, damage, a bad path): the host must act
    waits_out = code in (_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_FULL)
    return _Outage(f"sqlite-{code}", _SQLITE_REASONS[code], waits_out=waits_out)


def _os(exc: OSError) -> _Outage | None:
    if isinstance(exc, socket.gaierror):
        return _Outage("dns", "the host name does not resolve")
    if isinstance(exc, TimeoutError):
        return _Outage("timeout", "timed out")
    number = exc.errno
    if number is None:
        # asyncio's "Multiple exceptions: [Errno 111] Connect call failed (...), ..." when a
        # host name has several addresses and every one failed
        text = str(exc)
        if "Connect call failed" in text:
            refused = f"[Errno {errno.ECONNREFUSED}]" in text
            return _Outage("refused", "connection refused" if refused else "connection failed")
        if isinstance(exc, ConnectionRefusedError):
            return _Outage("refused", "connection refused")
        if isinstance(exc, ConnectionError):
            return _Outage("connection", "the connection was lost", transient=True)
        return None
    reason = _OS_REASONS.get(number)
    if reason is None:
        return None
    if number in _OS_NETWORK:
        transient = number in (errno.ECONNRESET, errno.ECONNABORTED, errno.EPIPE)
        kind = "refused" if number == errno.ECONNREFUSED else "connection"
        return _Outage(kind, reason, transient=transient)
    if number in (errno.ENOSPC, errno.EDQUOT):
        return _Outage("disk-full", reason)
    if number == errno.EIO:
        return _Outage("io", reason, waits_out=False)
    if number in _OS_FILE_ACCESS:
        return _Outage("permissions", reason, waits_out=False)
    return _Outage("folder" if number == errno.EISDIR else "not-folder", reason, waits_out=False)


def _postgres(exc: Exception) -> _Outage | None:
    if isinstance(exc, pg.InternalClientError) and (
        "cannot switch to state" in str(exc) or "unknown protocol state" in str(exc)
    ):
        # the server ended the session in the middle of an operation and the driver lost track
        # of the protocol: the connection is broken (it must not go back to the pool)
        return _Outage("closed", "the connection broke in the middle of an operation", True)
    if isinstance(exc, pg.InterfaceError):
        text = str(exc)
        if any(m in text for m in _CLOSED_CONNECTION):
            return _Outage("closed", "the connection was closed", transient=True)
        if any(m in text for m in _CLOSING_POOL):
            return _Outage("pool-closing", "the connection pool is closing")
        return None
    if not isinstance(exc, asyncpg.PostgresError):
        return None
    if isinstance(exc, pg.CannotConnectNowError):
        return _Outage("starting", "the server is starting up or shutting down")
    if isinstance(exc, pg.AdminShutdownError):
        return _Outage(
            "shutdown", "the server ended the session (shut down, or an administrator)", True
        )
    if isinstance(exc, pg.CrashShutdownError):
        return _Outage("shutdown", "the server is restarting after a crash")
    if isinstance(exc, pg.IdleSessionTimeoutError | pg.IdleInTransactionSessionTimeoutError):
        return _Outage("closed", "the server closed an idle session", transient=True)
    if isinstance(exc, pg.ConnectionDoesNotExistError):
        # asyncpg reports the server's last word (a shutdown, a crash) as the cause
        cause = exc.__cause__
        if isinstance(cause, asyncpg.PostgresError) and not isinstance(
            cause, pg.ConnectionDoesNotExistError
        ):
            told = _postgres(cause)
            if told is not None:
                return _Outage(told.kind, told.reason, transient=True)
        return _Outage("closed", "the connection was closed", transient=True)
    if isinstance(exc, pg.ProtocolViolationError):
        return None  # 08P01: the client sent something wrong — a bug, not an outage
    if isinstance(exc, pg.PostgresConnectionError):
        return _Outage("connection", "the connection failed")
    if isinstance(exc, pg.TooManyConnectionsError):
        return _Outage("too-many", "too many connections")
    if isinstance(exc, pg.DiskFullError):
        return _Outage("disk-full", "the database server's disk is full")
    if isinstance(exc, pg.OutOfMemoryError):
        return _Outage("resources", "the database server is out of memory")
    if isinstance(exc, pg.InsufficientResourcesError):
        return _Outage("resources", "the database server is out of resources")
    if isinstance(exc, pg.QueryCanceledError):
        return _Outage("statement-timeout", "a statement was cancelled (statement_timeout)")
    if isinstance(exc, pg.LockNotAvailableError):
        return _Outage("lock-timeout", "a lock was not granted in time (lock_timeout)")
    if isinstance(exc, pg.DeadlockDetectedError):
        return _Outage("conflict", "a deadlock with another transaction", transient=True)
    if isinstance(exc, pg.SerializationError):
        return _Outage("conflict", "a conflict with another transaction", transient=True)
    if isinstance(exc, pg.ReadOnlySQLTransactionError):
        return _Outage("read-only", "the server is read-only (a standby?)")
    return None


def _classify(exc: BaseException) -> _Outage | None:
    if isinstance(exc, asyncio.TimeoutError | TimeoutError):
        return _Outage("timeout", "timed out")
    if isinstance(exc, sqlite3.Error):
        return _sqlite(exc)
    if isinstance(exc, OSError):
        return _os(exc)
    if isinstance(exc, Exception):
        return _postgres(exc)
    return None


def describe_outage(exc: BaseException) -> str | None:
    """A short reason when ``exc`` means the database cannot be used right now (nothing was
    applied; trying again later may work), else None (a bug, a constraint, bad SQL)."""
    outage = _classify(exc)
    return outage.reason if outage is not None else None


def outage_kind(exc: BaseException) -> str | None:
    """A stable name for the outage's kind ("refused", "timeout", "sqlite-13", …), or None."""
    outage = _classify(exc)
    return outage.kind if outage is not None else None


def is_transient(exc: BaseException) -> bool:
    """Worth one immediate retry on a fresh connection: the connection died (reset, closed,
    the server ended the session) or the transaction lost a deadlock or a serialization
    conflict. Not timeouts, a full disk, a read-only server or a refused connection."""
    outage = _classify(exc)
    return outage is not None and outage.transient


def waiting_helps(exc: BaseException) -> bool:
    """An outage that may end by itself (the server is down or starting, busy, full): worth
    waiting for at start-up. False for a file the host must fix (damaged, read-only, a folder,
    cannot be opened) and for what is no outage at all."""
    outage = _classify(exc)
    return outage is not None and outage.waits_out


def _folder(where: str | None) -> str:
    if not where:
        return "the database's folder"
    return str(PurePath(where).parent)


def host_action(exc: BaseException, where: str | None = None) -> str:
    """What the host must do about this outage, one short sentence (no full stop). ``where`` is
    the SQLite file's path, if it is one."""
    outage = _classify(exc)
    if outage is None:
        return "this is not an outage: see the error above"
    file = where or "the database file"
    if isinstance(exc, sqlite3.Error):
        code = int(outage.kind.removeprefix("sqlite-"))
        return {
            _SQLITE_BUSY: "another program holds the file locked (a backup tool, another copy "
            "of the bot on another host?): let it finish or stop it",
            _SQLITE_LOCKED: "another statement holds a table locked: if it repeats, restart "
            "the bot",
            _SQLITE_FULL: f"free disk space under {_folder(where)}",
            _SQLITE_IOERR: f"check the disk holding {file}",
            _SQLITE_READONLY: f"check the file's permissions: the bot's user must be able to "
            f"write {file} and its folder",
            _SQLITE_CANTOPEN: f"check that {_folder(where)} exists and the bot's user may write it",
            _SQLITE_CORRUPT: f"restore {file} from a backup",
            _SQLITE_NOTADB: f"restore {file} from a backup (or point the bot at another file)",
        }[code]
    return {
        "refused": START_HINT,
        "dns": "check the host name in DATABASE_URL (and the network)",
        "connection": START_HINT,
        "timeout": "check that the database is running and not overloaded, and DATABASE_URL",
        "starting": "wait for PostgreSQL to finish starting (or recovering)",
        "shutdown": "check PostgreSQL's log for why it restarted",
        "closed": "check PostgreSQL's log if this repeats",
        "pool-closing": "nothing: the bot is stopping",
        "too-many": "raise max_connections or lower DATABASE_POOL_SIZE",
        "disk-full": f"free disk space under {_folder(where)}"
        if where
        else "free disk space on the database server",
        "resources": "give the database server more memory, or lower its load",
        "statement-timeout": "the database is slow: check its load and its disk",
        "lock-timeout": "another session holds the bot's tables locked: find it in "
        "pg_stat_activity",
        "conflict": "nothing if it is rare; if it repeats, look for another program writing "
        "the bot's tables",
        "read-only": "point DATABASE_URL at the primary server, not a standby",
        "io": f"check the disk holding {file}",
        "permissions": f"check the file's permissions: the bot's user must be able to write "
        f"{file} and its folder",
        "folder": f"name a file, not a folder (e.g. {PurePath(file) / 'campaigns.sqlite3'})",
        "not-folder": f"fix the path: a part of {file} is a file, not a folder",
    }.get(outage.kind, START_HINT)


class RateLimitedLog:
    """At most one WARNING line per kind per ``every`` seconds, never a traceback; the next
    line after a quiet spell says how many were left out since the previous one.

    ``warning(kind, message, *args)`` returns True if it logged."""

    def __init__(
        self,
        logger: logging.Logger,
        every: float = 30.0,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.every = every
        self._clock = clock
        self._last: dict[str, float] = {}
        self._suppressed: dict[str, int] = {}

    def warning(self, kind: str, message: str, *args: object) -> bool:
        now = self._clock()
        last = self._last.get(kind)
        if last is not None and now - last < self.every:
            self._suppressed[kind] = self._suppressed.get(kind, 0) + 1
            return False
        self._last[kind] = now
        left_out = self._suppressed.pop(kind, 0)
        if left_out:
            message += " (%d more like this since the last line)"
            args = (*args, left_out)
        self.logger.warning(message, *args)
        return True

    def suppressed(self, kind: str) -> int:
        """How many lines of ``kind`` were left out since the last one logged."""
        return self._suppressed.get(kind, 0)
