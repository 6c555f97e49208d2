from __future__ import annotations

import asyncio
import sqlite3
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import Dice
from bot.rules.errors import BotError
from bot.storage import SCHEMA_VERSION, Store
from tests.refusals import raises_refusal

CHANNEL = 1234


async def test_migrations_from_empty(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "dir" / "db.sqlite3"  # parent folders are created
    store = await Store.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION >= 1
        assert await store.integrity_check() == "ok"
    finally:
        await store.close()
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"campaigns", "history", "meta", "game_masters"} <= tables
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # reopening runs nothing again and keeps the version
    store = await Store.open(path)
    assert await store.schema_version() == SCHEMA_VERSION
    await store.close()


async def _start(store: Store, channel: int = CHANNEL) -> None:
    async with store.transaction(channel, actor_id=1, command="/setup") as tx:
        tx.create("counter", {"n": 0})
        tx.record("started")


async def test_200_concurrent_increments_lose_nothing(database_url: str) -> None:
    store = await Store.open(database_url)
    await _start(store)

    async def increment(i: int) -> None:
        async with store.transaction(CHANNEL, actor_id=i, command=f"/inc {i}") as tx:
            assert tx.state is not None
            n = tx.state["n"]
            await asyncio.sleep(0)  # give other tasks every chance to interleave
            tx.set_state({"n": n + 1})
            tx.record(f"n={n + 1}")

    await asyncio.gather(*(increment(i) for i in range(200)))
    campaign = await store.get(CHANNEL)
    assert campaign is not None and campaign.state == {"n": 200}
    history = await store.history(CHANNEL, limit=None)  # type: ignore[arg-type]
    assert [h.seq for h in reversed(history)] == list(range(1, 202))  # contiguous, setup is 1
    assert campaign.version == 201
    await store.close()


async def test_other_channels_interleave_without_mixing(database_url: str) -> None:
    store = await Store.open(database_url)
    channels = list(range(10))
    for c in channels:
        await _start(store, c)

    async def bump(c: int, i: int) -> None:
        async with store.transaction(c, actor_id=i, command="/inc") as tx:
            assert tx.state is not None
            tx.set_state({"n": tx.state["n"] + 1})
            await asyncio.sleep(0)
            tx.record("inc")

    await asyncio.gather(*(bump(c, i) for c in channels for i in range(20)))
    for c in channels:
        campaign = await store.get(c)
        assert campaign is not None and campaign.state == {"n": 20}
        assert len(await store.history(c, limit=100)) == 21
    await store.close()


async def test_failed_command_writes_nothing(database_url: str) -> None:
    store = await Store.open(database_url)
    await _start(store)
    with pytest.raises(BotError):
        async with store.transaction(CHANNEL, actor_id=1, command="/bad") as tx:
            tx.set_state({"n": 99})
            raise BotError(key="error-concurrency")
    campaign = await store.get(CHANNEL)
    assert campaign is not None and campaign.state == {"n": 0} and campaign.version == 1
    assert len(await store.history(CHANNEL)) == 1
    await store.close()


async def test_history_keeps_dice_and_the_change_back(database_url: str) -> None:
    store = await Store.open(database_url)
    await _start(store)
    dice = Dice.seeded(3)
    faces = dice.nd6(2, "2D6")
    async with store.transaction(CHANNEL, actor_id=7, actor_name="ana", command="/roll") as tx:
        tx.set_state({"n": sum(faces)})
        tx.record("rolled", dice.draws)
    latest = (await store.history(CHANNEL, limit=1))[0]
    assert latest.seq == 2 and latest.actor_id == 7 and latest.actor_name == "ana"
    assert [d["value"] for d in latest.dice] == faces
    # a state this small is kept whole: a diff would not be shorter
    assert latest.undo_patch == [{"op": "replace", "path": "", "value": {"n": 0}}]
    assert latest.aside is False
    await store.close()


async def test_second_create_is_refused(database_url: str) -> None:
    store = await Store.open(database_url)
    await _start(store)
    with raises_refusal(BotError, match="already runs a counter campaign"):
        async with store.transaction(CHANNEL, actor_id=2, command="/setup") as tx:
            tx.create("counter", {"n": 5})
    campaign = await store.get(CHANNEL)
    assert campaign is not None and campaign.state == {"n": 0}
    await store.close()


async def test_delete_removes_campaign_and_history(database_url: str) -> None:
    store = await Store.open(database_url)
    await _start(store)
    async with store.transaction(CHANNEL, actor_id=1, command="/campaign end") as tx:
        tx.delete()
    assert await store.get(CHANNEL) is None
    assert await store.history(CHANNEL) == []
    await _start(store)  # a new campaign starts its own history at 1
    assert [h.seq for h in await store.history(CHANNEL)] == [1]
    await store.close()


WRITER = textwrap.dedent(
    """
    import asyncio, sys
    from bot.storage import Store

    async def main(url):
        store = await Store.open(url)
        async with store.transaction(1, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": 0})
            tx.record("started")
        print("committed 0", flush=True)
        n = 0
        while True:
            async with store.transaction(
                1, actor_id=1, command="/inc", interaction_id=n + 1
            ) as tx:
                n = tx.state["n"] + 1
                tx.set_state({"n": n, "pad": "x" * 2000})
                tx.record(f"n={n}")
            print(f"committed {n}", flush=True)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_sigkill_mid_write_keeps_every_committed_transaction(database_url: str) -> None:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", WRITER, database_url, stdout=asyncio.subprocess.PIPE
    )
    assert proc.stdout is not None
    reported = -1
    deadline = time.monotonic() + 30
    while reported < 150 and time.monotonic() < deadline:
        line = (await proc.stdout.readline()).decode()
        if line.startswith("committed "):
            reported = int(line.split()[1])
    proc.kill()  # SIGKILL, in the middle of the loop
    rest, _ = await proc.communicate()
    for line in rest.decode().splitlines():  # anything printed before it died was committed
        if line.startswith("committed "):
            reported = int(line.split()[1])
    assert reported >= 150
    store = await Store.open(database_url)
    try:
        assert await store.integrity_check() == "ok"
        campaign = await store.get(1)
        assert campaign is not None
        n = campaign.state["n"]
        seqs = sorted(h.seq for h in await store.history(1, limit=None))
        async with store.db.reading() as conn:
            claims = await conn.fetchrow("SELECT COUNT(*) FROM interactions")
    finally:
        await store.close()
    assert n >= reported  # every reported commit is there
    assert seqs == list(range(1, n + 2))  # the history matches the state, no gaps
    assert claims is not None and claims[0] == n  # each change claimed once, none half-applied


async def test_a_sqlite_transaction_begins_with_its_first_statement(tmp_path: Path) -> None:
    """BEGIN IMMEDIATE goes to aiosqlite's thread with the transaction's first statement (one
    trip, through aiosqlite's Connection._execute and its sqlite3 connection ``_conn``): the
    write lock is held from that statement to the commit, and a transaction that ran no
    statement commits nothing."""
    import aiosqlite

    from bot.storage.database import SqliteDatabase

    assert callable(aiosqlite.Connection._execute)
    assert isinstance(aiosqlite.Connection._conn, property)
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    db = store.db
    assert isinstance(db, SqliteDatabase)
    async with db.transaction() as conn:
        assert not conn.begun  # type: ignore[attr-defined]
        row = await conn.fetchrow("SELECT COUNT(*) FROM campaigns")
        assert row is not None and row[0] == 0
        assert conn.begun  # type: ignore[attr-defined]
        # the write lock is held: another connection cannot write meanwhile
        other = sqlite3.connect(path, timeout=0)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
        other.close()
        await conn.execute("INSERT INTO meta (key, value) VALUES ('probe', 'x')")
    assert await store.get_meta("probe") == "x"
    async with db.transaction() as conn:
        pass  # nothing ran: nothing to commit, no error
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO meta (key, value) VALUES ('probe', 'y')")
    assert await store.get_meta("probe") == "x"
    await store.close()


async def test_a_sqlite_transactions_last_statements_go_with_its_commit(tmp_path: Path) -> None:
    """A transaction's last statements (Conn.finish) and COMMIT are one trip to aiosqlite's
    thread: a command that changes a campaign makes two trips in all (BEGIN with the read, then
    the state, the history entry, the claim and COMMIT)."""
    import aiosqlite

    from bot.storage.database import SqliteDatabase

    store = await Store.open(tmp_path / "db.sqlite3")
    db = store.db
    assert isinstance(db, SqliteDatabase)
    async with store.transaction(CHANNEL, actor_id=1, command="/setup") as tx:
        tx.create("counter", {"n": 0})
        tx.record("started")
    trips: list[str] = []
    real = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any) -> Any:
        if self is db._writer:  # type: ignore[attr-defined]
            trips.append(getattr(fn, "__name__", repr(fn)))
        return await real(self, fn, *args)

    aiosqlite.Connection._execute = counted  # type: ignore[method-assign]
    try:
        async with store.transaction(
            CHANNEL, actor_id=2, command="/inc", interaction_id=10**17
        ) as tx:
            assert tx.state is not None
            tx.set_state({"n": tx.state["n"] + 1})
            tx.record("n+1")
    finally:
        aiosqlite.Connection._execute = real  # type: ignore[method-assign]
    assert trips == ["_begin_then_fetchall", "_finish_then_commit"]
    assert tx.seq == 2
    claim = await store.claim_of(10**17)
    assert claim is not None and (claim.outcome, claim.seq) == ("applied", 2)

    campaign = await store.get(CHANNEL)
    assert campaign is not None and campaign.state == {"n": 1}
    await store.close()


async def test_a_last_statement_that_fails_writes_nothing(database_url: str) -> None:
    """A transaction's last statements (Conn.finish: on SQLite sent with COMMIT, on PostgreSQL
    run at once): one that fails is raised as itself, one that finds no row raises its
    ``missing`` — and nothing of the transaction is written, on either backend."""
    from bot.storage.database import Step

    store = await Store.open(database_url)
    db = store.db

    class Missing(Exception):
        pass

    try:
        await store.set_meta("a", "0")
        with pytest.raises(Exception) as failed:  # the same key twice: a constraint fails
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO meta (key, value) VALUES ('b', '1')")
                await conn.finish([Step("INSERT INTO meta (key, value) VALUES ('a', '2')")])
        assert not isinstance(failed.value, Missing)
        assert "unique" in str(failed.value).lower() or "duplicate" in str(failed.value).lower()
        assert await store.get_meta("b") is None and await store.get_meta("a") == "0"
        with pytest.raises(Missing):
            async with db.transaction() as conn:
                await conn.execute("INSERT INTO meta (key, value) VALUES ('c', '1')")
                await conn.finish(
                    [
                        Step("UPDATE meta SET value = 'x' WHERE key = 'a'"),
                        Step(
                            "UPDATE meta SET value = 'y' WHERE key = 'none' RETURNING 1",
                            (),
                            Missing(),
                        ),
                    ]
                )
        assert await store.get_meta("c") is None and await store.get_meta("a") == "0"
    finally:
        await store.close()
