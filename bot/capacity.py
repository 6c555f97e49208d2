"""Whether this process's PostgreSQL pool fits the server, checked once at start-up.

Every bot process keeps up to ``DATABASE_POOL_SIZE`` connections, and PostgreSQL serves at most
``max_connections`` (100 by default), some of them reserved for superusers. Several processes,
plus one more during a rolling restart, can ask for more than the server has: commands would
then wait for a connection and be refused as "the database is unavailable". The bot says so in
one warning line when it starts, rather than when the table is busiest."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.storage import Store

log = logging.getLogger(__name__)

# The connections that take one of max_connections' places: client backends. An unprivileged
# role sees other roles' sessions without their backend type, but a client backend is always
# in a database, where the server's own processes (checkpointer, WAL writer…) are not.
ROOM_SQL = """
SELECT current_setting('max_connections')::int AS max_connections,
       current_setting('superuser_reserved_connections')::int AS superuser_reserved,
       coalesce(current_setting('reserved_connections', true), '0')::int AS reserved,
       current_setting('is_superuser') = 'on' AS superuser,
       (SELECT count(*) FROM pg_stat_activity
         WHERE backend_type = 'client backend'
            OR (backend_type IS NULL AND datid IS NOT NULL))::int AS in_use
"""


@dataclass(frozen=True, slots=True)
class Room:
    """What the server allows, as one of its clients sees it."""

    max_connections: int
    reserved: int  # places this role may not take (for superusers, or pg_use_reserved_…)
    in_use: int  # client connections open now, the one asking included

    @property
    def left(self) -> int:
        """Connections this process may have open in all: those free now, plus the one it
        already has (a pool just opened holds the one connection that asked)."""
        return self.max_connections - self.reserved - self.in_use + 1


async def room(store: Store) -> Room | None:
    """The server's room for connections (None on SQLite)."""
    if store.backend != "postgres":
        return None
    async with store.db.reading() as conn:
        row = await conn.fetchrow(ROOM_SQL)
    assert row is not None
    reserved = 0 if row["superuser"] else row["superuser_reserved"] + row["reserved"]
    return Room(row["max_connections"], reserved, row["in_use"])


def problem(found: Room, pool_size: int, where: str) -> str | None:
    """The one line to log when a pool of ``pool_size`` cannot fit (None when it can)."""
    if pool_size <= found.left:
        return None
    others = found.in_use - 1
    reserved = f", {found.reserved} reserved" if found.reserved else ""
    return (
        f"DATABASE_POOL_SIZE is {pool_size} but {where} has room for {max(found.left, 0)} more "
        f"connection(s) of this process (max_connections {found.max_connections}{reserved}, "
        f"{others} in use by others): commands will wait for a connection and be refused when "
        "the table is busy — lower DATABASE_POOL_SIZE or raise max_connections; every "
        "process's pool, and one more process's during a rolling restart, must fit "
        "(docs/running.md, 'Connections')"
    )


async def check_pool(store: Store, pool_size: int) -> None:
    """Log one WARNING if this process's pool cannot fit the PostgreSQL server."""
    try:
        found = await room(store)
    except Exception as exc:  # a check, never a reason not to start
        log.debug("could not read the server's connection limits: %s", exc)
        return
    if found is None:
        return
    line = problem(found, pool_size, store.description)
    if line is not None:
        log.warning("%s", line)
