"""Which errors mean "the database cannot be used right now" (placeholder; see tests)."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg

_SQLITE_OUTAGES = (
    "database is locked",
    "database table is locked",
    "database or disk is full",
    "disk i/o error",
    "attempt to write a readonly database",
    "unable to open database file",
    "database disk image is malformed",
    "file is not a database",
)


def describe_outage(exc: BaseException) -> str | None:
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "timed out"
    if isinstance(exc, sqlite3.OperationalError | sqlite3.DatabaseError):
        text = str(exc).lower()
        return next((s for s in _SQLITE_OUTAGES if s in text), None)
    if isinstance(
        exc,
        asyncpg.PostgresConnectionError
        | asyncpg.InterfaceError
        | asyncpg.CannotConnectNowError
        | asyncpg.TooManyConnectionsError
        | asyncpg.AdminShutdownError
        | asyncpg.CrashShutdownError
        | asyncpg.QueryCanceledError
        | asyncpg.LockNotAvailableError
        | asyncpg.DeadlockDetectedError
        | asyncpg.SerializationError
        | asyncpg.InsufficientResourcesError
        | asyncpg.ReadOnlySQLTransactionError,
    ):
        return type(exc).__name__
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return None


def host_action(exc: BaseException) -> str:
    return "check the database server and DATABASE_URL / DATABASE_PATH"


def is_transient(exc: BaseException) -> bool:
    return isinstance(
        exc,
        asyncpg.ConnectionDoesNotExistError
        | asyncpg.InterfaceError
        | asyncpg.AdminShutdownError
        | asyncpg.DeadlockDetectedError
        | asyncpg.SerializationError
        | ConnectionResetError,
    )
