"""Several writers on one database (two Store objects stand for two processes; the subprocess
tests use real ones): no lost update, an interaction applied once, migrations applied once."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

from bot.config import ConfigError, load_settings
from bot.sandbox import databases
from bot.storage import SCHEMA_VERSION, Store
from bot.storage.database import sqlite_path_of
from bot.storage.errors import DuplicateInteraction
from bot.storage.migrations import migrations

CHANNEL = 4242


async def _setup(store: Store, channel: int = CHANNEL) -> None:
    async with store.transaction(channel, actor_id=1, command="/setup") as tx:
        tx.create("counter", {"n": 0})
        tx.record("started")


async def _increment(
    store: Store, channel: int = CHANNEL, interaction_id: int | None = None
) -> int:
    async with store.transaction(
        channel, actor_id=1, command="/inc", interaction_id=interaction_id
    ) as tx:
        assert tx.state is not None
        n = int(tx.state["n"]) + 1
        await asyncio.sleep(0)  # let the other writer interleave
        tx.set_state({"n": n})
        tx.record(f"n={n}")
    assert tx.seq is not None
    return tx.seq


async def test_two_writers_on_one_channel_lose_nothing(database_url: str) -> None:
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        await _setup(first)
        await asyncio.gather(
            *(_increment(first) for _ in range(40)), *(_increment(second) for _ in range(40))
        )
        campaign = await second.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 80} and campaign.version == 81
        seqs = [h.seq for h in await first.history(CHANNEL, limit=None)]
        assert sorted(seqs) == list(range(1, 82))
    finally:
        await first.close()
        await second.close()


async def test_a_read_after_another_writer_sees_its_change(database_url: str) -> None:
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        await _setup(first)
        assert (await first.get(CHANNEL)) is not None  # read (and, once, cached) here
        await _increment(second)
        campaign = await first.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 1}
    finally:
        await first.close()
        await second.close()


async def test_an_interaction_delivered_to_two_writers_applies_once(database_url: str) -> None:
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        await _setup(first)
        outcomes = await asyncio.gather(
            *(
                _increment(store, interaction_id=1000 + i)
                for i in range(25)
                for store in (first, second)
            ),
            return_exceptions=True,
        )
        applied = [o for o in outcomes if isinstance(o, int)]
        duplicates = [o for o in outcomes if isinstance(o, DuplicateInteraction)]
        assert len(applied) == 25 and len(duplicates) == 25, outcomes
        campaign = await first.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 25}
        # a third delivery long after is refused too
        with pytest.raises(DuplicateInteraction):
            await _increment(second, interaction_id=1000)
    finally:
        await first.close()
        await second.close()


async def test_undo_import_and_game_masters_are_claimed_once(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        await _setup(store)
        await _increment(store)
        latest = await store.latest_undoable(CHANNEL)
        assert latest is not None and latest.seq == 2
        await store.undo(CHANNEL, latest.seq, actor_id=1, interaction_id=7)
        with pytest.raises(DuplicateInteraction):
            await store.undo(CHANNEL, 1, actor_id=1, interaction_id=7)
        assert await store.add_game_master(CHANNEL, 55, 1, interaction_id=8)
        with pytest.raises(DuplicateInteraction):
            await store.remove_game_master(CHANNEL, 55, interaction_id=8)
        assert await store.game_masters(CHANNEL) == [55]
        exported = await store.export_campaign(CHANNEL)
        assert exported is not None
        await store.import_campaign(CHANNEL + 1, None, exported, interaction_id=9)
        with pytest.raises(DuplicateInteraction):
            await store.import_campaign(CHANNEL + 1, None, exported, interaction_id=9)
        copy = await store.export_campaign(CHANNEL + 1)
        assert copy == exported
        campaign = await store.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 0}
    finally:
        await store.close()


async def test_a_cancelled_transaction_writes_nothing(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        await _setup(store)
        entered = asyncio.Event()

        async def doomed() -> None:
            async with store.transaction(CHANNEL, actor_id=1, command="/doomed") as tx:
                tx.set_state({"n": -1})
                tx.record("doomed")
                entered.set()
                await asyncio.sleep(30)

        task = asyncio.ensure_future(doomed())
        await entered.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await _increment(store) == 2
        campaign = await store.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 1}
    finally:
        await store.close()


async def test_old_claims_are_pruned(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        await _setup(store)
        await _increment(store, interaction_id=1)
        assert await store.prune_interactions() == 0  # an hour is kept
        assert await store.prune_interactions(keep=timedelta(0)) == 1
        await _increment(store, interaction_id=1)  # forgotten: would apply again
    finally:
        await store.close()


async def test_two_processes_migrating_an_empty_database_together(
    backend: str, tmp_path: Path
) -> None:
    async def both(url: str) -> None:
        stores = await asyncio.gather(Store.open(url), Store.open(url), Store.open(url))
        try:
            assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 3
            assert await stores[0].integrity_check() == "ok"
        finally:
            for s in stores:
                await s.close()

    if backend == "sqlite":
        await both(f"sqlite:///{tmp_path / 'together.sqlite3'}")
        return
    async with databases.fresh_database() as url:
        await both(url)
        conn = await asyncpg.connect(url)
        try:
            rows = await conn.fetch("SELECT version FROM schema_migrations ORDER BY version")
        finally:
            await conn.close()
        assert [r[0] for r in rows] == list(range(1, SCHEMA_VERSION + 1))


async def test_a_version_2_sqlite_file_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        for migration in migrations("sqlite")[:2]:
            db.executescript(migration.sql)
        db.execute("PRAGMA user_version = 2")
        db.execute(
            "INSERT INTO campaigns VALUES (1, 1, NULL, 'counter', '{\"n\":3}', 4, 9, 'a', 'b')"
        )
    store = await Store.open(path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        campaign = await store.get(1)
        assert campaign is not None and campaign.state == {"n": 3} and campaign.version == 4
        await _increment(store, 1, interaction_id=5)
        with pytest.raises(DuplicateInteraction):
            await _increment(store, 1, interaction_id=5)
    finally:
        await store.close()


async def test_a_newer_schema_is_refused(database_url: str) -> None:
    store = await Store.open(database_url)
    await store.close()
    if database_url.startswith("sqlite"):
        with sqlite3.connect(sqlite_path_of(database_url)) as db:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        conn = await asyncpg.connect(database_url)
        try:
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES ($1, 'future')",
                SCHEMA_VERSION + 1,
            )
        finally:
            await conn.close()
    with pytest.raises(RuntimeError, match="newer than this bot"):
        await Store.open(database_url)


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("mysql://root@localhost/db", "use postgresql://"),
        ("postgresql:///nohost", "names its host"),
        ("sqlite://relative.db", "sqlite:///relative"),
    ],
)
def test_a_bad_database_url_is_one_line(
    url: str, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_URL", url)
    with pytest.raises(ConfigError, match="DATABASE_URL is not valid") as caught:
        load_settings(env_file=None)
    assert problem in str(caught.value) and "\n" not in str(caught.value)


def test_sqlite_urls_name_relative_and_absolute_files() -> None:
    assert sqlite_path_of("sqlite:///var/x.sqlite3") == "var/x.sqlite3"
    assert sqlite_path_of("sqlite:////data/x.sqlite3") == "/data/x.sqlite3"
