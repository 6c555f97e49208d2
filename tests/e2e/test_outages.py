"""A database that goes away is a refusal, not an error: every member is told, in their
language, that nothing was changed; the log gets one WARNING line per kind of outage (never a
traceback); and once the database is back, the same commands work — the pool recovers by
itself. Tried for real: a PostgreSQL cluster of the test's own, stopped and started, and a
SQLite file that can grow no more (a full disk, as SQLite reports it)."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.rules.dice import Dice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.pgcluster import PgCluster
from bot.sandbox.standin import Reply

UNAVAILABLE = (
    "The campaign database is unavailable right now; nothing was changed. Try again in a moment."
)
UNAVAILABLE_RU = "База кампаний сейчас недоступна — ничего не изменено."


@pytest.fixture
async def pg_table(private_postgres: PgCluster, tmp_path: Path) -> AsyncIterator[Table]:
    async with running_table(tmp_path / "unused.sqlite3", database_url=private_postgres.url) as t:
        t.set_dice(lambda: Dice(random.Random(11)))
        yield t


async def threat_of(table: Table) -> int:
    state = await table.state()
    assert state is not None
    return int(state["threat"])


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.name.startswith("bot") and r.levelno >= logging.WARNING and "database" in r.msg
    ]


async def test_a_stopped_postgresql_is_refused_in_the_members_language_then_recovers(
    pg_table: Table, private_postgres: PgCluster, caplog: pytest.LogCaptureFixture
) -> None:
    table = pg_table
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 3})
    assert setup.original is not None and not setup.original.ephemeral
    before = await threat_of(table)

    await private_postgres.stop("fast")
    caplog.clear()
    ru = table.user("rus", locale="ru")
    replies: list[Reply] = []
    for command, options in [
        ("ia threat", {"amount": 2}),
        ("ia status", {}),
        ("campaign history", {}),
        ("roll", {"expression": "2d6"}),
        ("campaign undo", {}),
    ]:
        replies.append(await table.run(command, options))
    russian = await table.run("ia threat", {"amount": 1}, user=ru)

    for reply in replies:
        assert reply.first_latency < 3.0
        assert reply.ephemeral and reply.text == UNAVAILABLE, reply.text
    assert russian.ephemeral and russian.text.startswith(UNAVAILABLE_RU), russian.text
    # one line says it (rate-limited), with what the host should do; no traceback anywhere
    lines = outage_lines(caplog)
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert "unavailable" in lines[0].getMessage() and "PostgreSQL" in lines[0].getMessage()
    assert not any(r.exc_info for r in caplog.records)

    await private_postgres.start()
    again = await table.run("ia threat", {"amount": 2})
    assert not again.ephemeral, again.text
    assert await threat_of(table) == before + 2  # only the command that was told "applied"


async def test_a_restart_in_the_middle_of_a_burst_tells_each_member_what_happened(
    pg_table: Table, private_postgres: PgCluster
) -> None:
    table = pg_table
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 3})
    assert setup.original is not None
    before = await threat_of(table)
    seq_before = (await table.bot.store.history(table.channel_id, limit=1))[0].seq

    async def burst() -> list[Reply]:
        replies = []
        for _ in range(30):
            replies.append(await table.run("ia threat", {"amount": 1}, timeout=15))
            await asyncio.sleep(0.05)
        return replies

    async def outage() -> None:
        await asyncio.sleep(0.3)
        await private_postgres.stop("fast")
        await asyncio.sleep(1.0)
        await private_postgres.start()

    replies, _ = await asyncio.gather(burst(), outage())
    applied = [r for r in replies if not r.ephemeral]
    refused = [r for r in replies if r.ephemeral]
    assert refused, "the outage was not noticed"
    assert applied, "nothing was applied around the outage"
    assert all(
        r.text in (UNAVAILABLE,) or r.text.startswith("The campaign database") for r in refused
    )
    assert all(r.first_latency < 3.0 for r in replies)
    # what members were told is what the database holds: one entry per "applied" reply
    history = await table.bot.store.history(table.channel_id, limit=None)
    assert len([h for h in history if h.seq > seq_before]) == len(applied)
    assert await threat_of(table) == before + len(applied)


async def test_a_full_sqlite_disk_is_refused_and_the_file_stays_whole(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with running_table(tmp_path / "campaigns.sqlite3") as table:
        table.set_dice(lambda: Dice(random.Random(12)))
        await table.run("ia setup", {"difficulty": "medium", "threat-level": 3})
        db = table.bot.store.db
        writer = db._writer  # type: ignore[attr-defined]
        # the file may grow no more: SQLite answers "database or disk is full", as on a full disk
        pages = (await writer.execute_fetchall("PRAGMA page_count"))[0][0]
        await writer.execute_fetchall(f"PRAGMA max_page_count = {pages}")
        caplog.clear()
        applied = refused = 0
        for _ in range(40):
            reply = await table.run("ia threat", {"amount": 1})
            if reply.ephemeral:
                assert reply.text == UNAVAILABLE, reply.text
                refused += 1
            else:
                applied += 1
        assert refused
        lines = outage_lines(caplog)
        assert len(lines) == 1 and "disk" in lines[0].getMessage(), [r.getMessage() for r in lines]
        assert not any(r.exc_info for r in caplog.records)
        assert await table.bot.store.integrity_check() == "ok"
        state = await table.state()
        assert state is not None and state["threat"] == applied
        await writer.execute_fetchall("PRAGMA max_page_count = 1073741823")
        assert not (await table.run("ia threat", {"amount": 1})).ephemeral
