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
