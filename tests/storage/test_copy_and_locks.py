"""Storage paths on both backends: copying campaigns from a database of each kind into the other
kind, and the named lock every process shares (command sync)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.rules.dice import Dice
from bot.storage import Store
from bot.storage.copy import CopyRefused, copy_campaigns


async def _fill(store: Store) -> None:
    for channel in (11, 12):
        async with store.transaction(channel, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": channel})
            tx.record("started")
        dice = Dice.seeded(channel)
        dice.nd6(3)
        async with store.transaction(channel, actor_id=2, actor_name="ana", command="/roll") as tx:
            tx.set_state({"n": channel + 1})
            tx.record("rolled", dice.draws)
    await store.add_game_master(11, 5, 1)


async def test_copy_into_the_other_backend_reads_back_the_same(
    database_url: str, backend: str, tmp_path: Path, postgres_url: str
) -> None:
    # from this backend into the other one
    other = postgres_url if backend == "sqlite" else f"sqlite:///{tmp_path / 'other.sqlite3'}"
    source, target = await Store.open(database_url), await Store.open(other)
    try:
        await _fill(source)
        report = await copy_campaigns(source, target)
        assert (report.campaigns, report.history, report.game_masters) == (2, 4, 1)
        for channel in (11, 12):
            assert await target.export_campaign(channel) == await source.export_campaign(channel)
            assert await target.get(channel) == await source.get(channel)
        with pytest.raises(CopyRefused, match="already holds 2 campaigns"):
            await copy_campaigns(source, target)
        # the copied campaigns go on: new campaign ids don't collide with copied ones
        async with target.transaction(13, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": 0})
        ids = {c.campaign_id for c in [await target.get(ch) for ch in (11, 12, 13)] if c}
        assert len(ids) == 3
    finally:
        await source.close()
        await target.close()


async def test_the_named_lock_is_shared_by_every_store_on_the_database(database_url: str) -> None:
    first, second = await Store.open(database_url), await Store.open(database_url)
    order: list[str] = []
    try:
        async with first.exclusive("command-sync"):
            waiter = asyncio.ensure_future(_enter(second, order))
            await asyncio.sleep(0.3)
            assert order == []  # the other store waits while this one holds the lock
            order.append("first leaves")
        await asyncio.wait_for(waiter, 5)
        assert order == ["first leaves", "second entered"]
    finally:
        await first.close()
        await second.close()


async def _enter(store: Store, order: list[str]) -> None:
    async with store.exclusive("command-sync"):
        order.append("second entered")


async def test_copy_reads_one_snapshot_in_batches_and_blocks_no_writer(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.storage import copy

    monkeypatch.setattr(copy, "BATCH", 2)  # every table over several batches
    source = await Store.open(database_url)
    writer = await Store.open(database_url)  # another process on the source
    target = await Store.open(tmp_path / "target.sqlite3")
    copy_table = copy._copy_table

    async def and_meanwhile(src: object, dst: object, table: str) -> tuple[int, int]:
        if table == "history":  # a command lands on the source halfway through the copy
            async with asyncio.timeout(3):
                async with writer.transaction(12, actor_id=3, command="/later") as tx:
                    tx.set_state({"n": 99})
                    tx.record("later")
        return await copy_table(src, dst, table)  # type: ignore[arg-type]

    monkeypatch.setattr(copy, "_copy_table", and_meanwhile)
    try:
        await _fill(source)
        await source.add_game_master(11, 6, 1)
        await source.add_game_master(12, 7, 1)
        before = {channel: await source.export_campaign(channel) for channel in (11, 12)}
        report = await copy_campaigns(source, target)
        assert (report.campaigns, report.history, report.game_masters) == (2, 4, 3)
        # the target holds the source as it was when the copy began, whole
        for channel in (11, 12):
            assert await target.export_campaign(channel) == before[channel]
        # and the command went through on the source
        campaign = await source.get(12)
        assert campaign is not None and campaign.state == {"n": 99}
    finally:
        for store in (source, writer, target):
            await store.close()


def test_migrate_never_changes_an_older_source(tmp_path: Path) -> None:
    import hashlib
    import sqlite3
    import subprocess
    import sys

    from bot.storage.migrations import migrations

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")  # as the bot leaves its file
    for m in migrations("sqlite")[:6]:
        for statement in m.statements():
            db.execute(statement)
    db.execute("PRAGMA user_version = 6")
    db.close()  # the last connection: its log is written back into the file
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--from", f"sqlite:///{path}",
         "--to", f"sqlite:///{tmp_path / 'new.sqlite3'}"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"error: nothing was copied: cannot use the database (SQLite at {path}): the database "
        "schema is version 6, older than this bot's 7; it is only read here, never migrated — "
        "start this version of the bot on it once (it migrates; docs/running.md, 'Upgrading'), "
        "or use the version of the bot that wrote it\n"
    )
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 6
