"""A check of the store's speed-ups (not a benchmark): the campaign-row cache and group commit
keep every transaction's own outcome.

- Six channels commit at once; five commit in one group. One of them was changed behind this
  store's back by a second store on the same file: only that one fails (ConcurrencyError), the
  other five commit, and the next read sees the other writer's row.
- A commit cancelled while it waits for the write lock writes nothing.

Run: python -m benchmarks.store_check
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from bot.errors import ConcurrencyError
from bot.storage import Store


async def check() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "check.sqlite3"
        store, other = await Store.open(path), await Store.open(path)
        for channel in range(1, 7):
            async with store.transaction(channel, actor_id=1, command="/setup") as tx:
                tx.create("counter", {"n": 0})
                tx.record("started")
        async with other.transaction(3, actor_id=2, command="/other") as tx:
            tx.set_state({"n": 100})
            tx.record("changed elsewhere")

        batches: list[int] = []
        commit_batch = store._commit_batch

        async def counted(batch: list[Any]) -> None:
            batches.append(len(batch))
            await commit_batch(batch)

        store._commit_batch = counted  # type: ignore[method-assign]

        async def increment(channel: int) -> int | None:
            async with store.transaction(channel, actor_id=1, command="/inc") as tx:
                assert tx.state is not None
                tx.set_state({"n": tx.state["n"] + 1})
                tx.record("inc")
            return tx.seq

        results = await asyncio.gather(*(increment(c) for c in range(1, 7)), return_exceptions=True)
        assert batches == [1, 5], batches
        assert isinstance(results[2], ConcurrencyError), results
        assert [r for i, r in enumerate(results) if i != 2] == [2] * 5, results
        campaign = await store.get(3)
        assert campaign is not None and campaign.state == {"n": 100}
        assert await increment(3) == 3

        async def doomed(channel: int) -> None:
            async with store.transaction(channel, actor_id=1, command="/doomed") as tx:
                tx.set_state({"n": -1})
                tx.record("doomed")

        first = asyncio.ensure_future(increment(1))
        second = asyncio.ensure_future(doomed(2))
        await asyncio.sleep(0)
        second.cancel()
        outcome = await asyncio.gather(first, second, return_exceptions=True)
        assert outcome[0] == 3 and isinstance(outcome[1], asyncio.CancelledError), outcome
        await store.close()
        await other.close()
        with sqlite3.connect(path) as db:
            states = dict(
                db.execute("SELECT channel_id, json_extract(state, '$.n') FROM campaigns")
            )
            counts = dict(db.execute("SELECT channel_id, COUNT(*) FROM history GROUP BY 1"))
        assert states == {1: 2, 2: 1, 3: 101, 4: 1, 5: 1, 6: 1}, states
        assert counts == {1: 3, 2: 2, 3: 3, 4: 2, 5: 2, 6: 2}, counts
    print("store check: group commit and cache keep each transaction's outcome — ok")


def main() -> None:
    asyncio.run(check())


if __name__ == "__main__":
    main()
