"""The store's speed-ups keep every transaction's own outcome: the campaign-row cache, the
group commit (one SQLite transaction, a savepoint per command), and cancellation."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.errors import ConcurrencyError
from bot.storage import Store


async def _setup(store: Store, channels: range) -> None:
    for channel in channels:
        async with store.transaction(channel, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": 0})
            tx.record("started")


async def _increment(store: Store, channel: int) -> int | None:
    async with store.transaction(channel, actor_id=1, command="/inc") as tx:
        assert tx.state is not None
        tx.set_state({"n": tx.state["n"] + 1})
        tx.record("inc")
    return tx.seq


def _rows(path: Path) -> tuple[dict[int, int], dict[int, int]]:
    with sqlite3.connect(path) as db:
        states = dict(db.execute("SELECT channel_id, json_extract(state, '$.n') FROM campaigns"))
        counts = dict(db.execute("SELECT channel_id, COUNT(*) FROM history GROUP BY 1"))
    return states, counts


async def test_a_conflict_in_a_group_fails_only_its_own_command(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store, other = await Store.open(path), await Store.open(path)
    try:
        await _setup(store, range(1, 7))
        # a second writer changes channel 3 behind this store's (cached) back
        async with other.transaction(3, actor_id=2, command="/other") as tx:
            tx.set_state({"n": 100})
            tx.record("changed elsewhere")

        batches: list[int] = []
        commit_batch = store._commit_batch

        async def counted(batch: list[Any]) -> None:
            batches.append(len(batch))
            await commit_batch(batch)

        store._commit_batch = counted  # type: ignore[method-assign]
        results = await asyncio.gather(
            *(_increment(store, c) for c in range(1, 7)), return_exceptions=True
        )
        assert batches == [1, 5]  # the first alone, the five queued behind it in one group
        assert isinstance(results[2], ConcurrencyError)
        assert [r for i, r in enumerate(results) if i != 2] == [2] * 5
        # the conflict dropped the stale cached row: the next read sees the other writer's
        campaign = await store.get(3)
        assert campaign is not None and campaign.state == {"n": 100}
        assert await _increment(store, 3) == 3
    finally:
        await store.close()
        await other.close()
    assert _rows(path) == (
        {1: 1, 2: 1, 3: 101, 4: 1, 5: 1, 6: 1},
        {c: 2 if c != 3 else 3 for c in range(1, 7)},
    )


async def test_a_commit_cancelled_while_queued_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path)
    try:
        await _setup(store, range(1, 3))

        async def doomed(channel: int) -> None:
            async with store.transaction(channel, actor_id=1, command="/doomed") as tx:
                tx.set_state({"n": -1})
                tx.record("doomed")

        first = asyncio.ensure_future(_increment(store, 1))
        second = asyncio.ensure_future(doomed(2))
        await asyncio.sleep(0)
        second.cancel()
        outcome = await asyncio.gather(first, second, return_exceptions=True)
        assert outcome[0] == 2
        assert isinstance(outcome[1], asyncio.CancelledError)
        campaign = await store.get(2)
        assert campaign is not None and campaign.state == {"n": 0}
    finally:
        await store.close()
    assert _rows(path) == ({1: 1, 2: 0}, {1: 2, 2: 1})


async def test_cached_reads_are_copies(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        await _setup(store, range(1, 2))
        first = await store.get(1)
        assert first is not None
        first.state["n"] = 999  # a caller scribbling on what it read
        again = await store.get(1)
        assert again is not None and again.state == {"n": 0}
    finally:
        await store.close()


@pytest.mark.parametrize("count", [1, 3])
async def test_undo_and_import_refresh_the_cache(tmp_path: Path, count: int) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        await _setup(store, range(1, 2))
        for _ in range(count):
            await _increment(store, 1)
        latest = await store.latest_undoable(1)
        assert latest is not None
        await store.undo(1, latest.seq, actor_id=1)
        campaign = await store.get(1)
        assert campaign is not None and campaign.state == {"n": count - 1}
        exported = await store.export_campaign(1)
        assert exported is not None
        await store.import_campaign(2, None, {**exported, "state": {"n": 42}})
        imported = await store.get(2)
        assert imported is not None and imported.state == {"n": 42}
    finally:
        await store.close()
