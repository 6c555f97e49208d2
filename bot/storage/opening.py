"""Opening the database when a process starts (``python -m bot``, ``local``, ``migrate``), and
the one line that tells the host why it could not be opened and what to do."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import asyncpg

from bot.storage.database import (
    WAIT_LIMIT,
    BadDatabaseUrl,
    SchemaTooNew,
    SchemaTooOld,
    SqliteDatabase,
    describe_target,
    sqlite_path_of,
)
from bot.storage.outage import describe_outage, host_action, waiting_helps
from bot.storage.store import Store

# exit statuses: a setting to correct (as for any other bad setting), or anything else
EXIT_SETTING = 2
EXIT_FAULT = 1


def _sqlite_path(target: str | Path) -> str | None:
    url = str(target)
    if isinstance(target, Path) or "://" not in url:
        return url
    if url.lower().startswith("sqlite:"):
        try:
            return sqlite_path_of(url)
        except BadDatabaseUrl:
            return None
    return None


def from_database(exc: BaseException) -> bool:
    """Raised by a database driver (SQLite, asyncpg), not by the network in general."""
    return isinstance(exc, sqlite3.Error | asyncpg.PostgresError | asyncpg.InterfaceError)


class CannotOpen(Exception):
    """The database at ``target`` could not be opened because of ``cause``. ``str()`` is the
    line for the host (without ``error:``); :attr:`waiting_helps` says whether trying again
    later may work (the server is down or starting), :attr:`exit_code` what to exit with."""

    def __init__(self, target: str | Path, cause: BaseException) -> None:
        self.target = target
        self.cause = cause
        self.description = describe_target(target)
        self.waiting_helps = waiting_helps(cause)
        self.exit_code = EXIT_FAULT
        reason = describe_outage(cause)
        if reason is not None:
            action = host_action(cause, _sqlite_path(target))
            verb = "reach" if self.waiting_helps else "use"
            line = f"cannot {verb} the database ({self.description}: {reason}) — {action}"
        elif isinstance(cause, SchemaTooNew | SchemaTooOld):
            line = f"cannot use the database ({self.description}): {cause}"
        elif isinstance(
            cause,
            BadDatabaseUrl
            | asyncpg.InvalidCatalogNameError
            | asyncpg.InvalidAuthorizationSpecificationError,
        ):
            # no such database, user or password: the URL is wrong
            self.exit_code = EXIT_SETTING
            line = (
                f"cannot use the database ({self.description}): "
                f"{type(cause).__name__}: {cause} — check DATABASE_URL"
            )
        else:
            line = f"cannot use the database ({self.description}): {type(cause).__name__}: {cause}"
        # one line, whatever the driver's message holds
        self.line = " ".join(line.split())[:500]
        super().__init__(self.line)

    def __str__(self) -> str:
        return self.line


async def open_store(
    target: str | Path,
    *,
    pool_size: int = 10,
    writable: bool = True,
    wait: float | None = WAIT_LIMIT,
    migrate: bool = True,
) -> Store:
    """:meth:`Store.open` (``wait``: the limit of one wait on the database; None for
    maintenance; ``migrate=False``: never change its schema), and with ``writable`` a check
    that a SQLite file can be written (PostgreSQL's migrations write already); raises
    :class:`CannotOpen` (the cause chained)."""
    try:
        store = await Store.open(target, pool_size=pool_size, wait=wait, migrate=migrate)
    except Exception as exc:
        raise CannotOpen(target, exc) from exc
    try:
        if writable and isinstance(store.db, SqliteDatabase) and store.db.path != ":memory:":
            await store.db.check_writable()
    except BaseException as exc:
        await asyncio.shield(store.close())
        if isinstance(exc, Exception):
            raise CannotOpen(target, exc) from exc
        raise
    return store
