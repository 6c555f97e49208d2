"""Throw-away PostgreSQL databases for tests and benchmarks: each gets its own schema in one
database on the server (``search_path`` in the URL), dropped afterwards."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg

# The server the tests and benchmarks use (this project's machines run one there).
DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def server_url() -> str:
    return os.environ.get("TEST_POSTGRES_URL", DEFAULT_SERVER)


async def reachable(url: str | None = None, timeout: float = 3.0) -> str | None:
    """None if the server answers, else why not (one line)."""
    try:
        conn = await asyncpg.connect(url or server_url(), timeout=timeout)
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"{type(exc).__name__}: {exc}"
    await conn.close()
    return None


def with_schema(url: str, schema: str) -> str:
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}search_path={schema}"


async def _admin(url: str, sql: str) -> None:
    """Run one statement on its own connection."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@asynccontextmanager
async def fresh_schema(url: str | None = None, prefix: str = "t") -> AsyncIterator[str]:
    """A URL whose tables all live in a new, empty schema (dropped on exit)."""
    base = url or server_url()
    schema = f"{prefix}_{secrets.token_hex(6)}"
    await _admin(base, f'CREATE SCHEMA "{schema}"')
    try:
        yield with_schema(base, schema)
    finally:
        await _admin(base, f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@asynccontextmanager
async def fresh_database(
    url: str | None = None, prefix: str = "wargame_test"
) -> AsyncIterator[str]:
    """A URL of a new, empty database on the server (dropped on exit)."""
    base = url or server_url()
    name = f"{prefix}_{secrets.token_hex(6)}"
    await _admin(base, f'CREATE DATABASE "{name}"')
    head, _, tail = base.partition("?")
    root = head.rsplit("/", 1)[0]
    try:
        yield f"{root}/{name}" + (f"?{tail}" if tail else "")
    finally:
        await _admin(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@asynccontextmanager
async def held_locks(url: str) -> AsyncIterator[None]:
    """Within the block, another session holds the bot's tables locked, as a host's stray
    ``psql`` session or a long maintenance job would: on PostgreSQL every table of the bot's
    schema ``ACCESS EXCLUSIVE`` (readers wait too); on SQLite the file's write lock (readers go
    on, as WAL lets them). ``url`` is a ``postgresql://`` or ``sqlite:///`` URL."""
    if url.startswith("sqlite:"):
        import aiosqlite

        from bot.storage.database import sqlite_path_of

        conn = await aiosqlite.connect(sqlite_path_of(url), isolation_level=None)
        try:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield
            finally:
                await conn.execute("ROLLBACK")
        finally:
            await conn.close()
        return
    pg = await asyncpg.connect(url)
    try:
        async with pg.transaction():
            await pg.execute(
                "LOCK TABLE campaigns, history, interactions, game_masters, meta "
                "IN ACCESS EXCLUSIVE MODE"
            )
            yield
    finally:
        await pg.close()
