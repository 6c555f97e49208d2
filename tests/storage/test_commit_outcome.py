"""When the connection fails during COMMIT itself, the change may or may not be in the database.
The store does not guess and does not simply retry: it looks the interaction's claim up (under
the channel's lock, so the failed transaction has ended one way or the other) and says which it
was — applied (the command goes on to answer as usual), not applied (DatabaseUnavailable:
"nothing was changed"), or, when even the lookup fails, OutcomeUnknown.

The failure is made at COMMIT on both backends (asyncpg's, and the store's SQLite COMMIT in
aiosqlite's thread, sent with the transaction's last statements): the real COMMIT (or a ROLLBACK
in its place) runs, then the connection error a lost connection gives is raised."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg
import asyncpg.transaction
import pytest

from bot.storage import Store, database
from bot.storage.errors import DatabaseUnavailable, OutcomeUnknown

CHANNEL = 4321
INTERACTION = 777_000_000_000_000_001


def lost_connection(backend: str) -> Exception:
    if backend == "postgres":
        return asyncpg.ConnectionDoesNotExistError(
            "connection was closed in the middle of operation"
        )
    return sqlite3.OperationalError("disk I/O error")


@contextlib.contextmanager
def failing_commit(
    monkeypatch: pytest.MonkeyPatch,
    backend: str,
    *,
    committed: bool,
    then: Callable[[], None] = lambda: None,
) -> Any:
    """The next COMMIT commits (``committed``) or rolls back, then fails as a lost connection
    does; ``then`` runs right after (to break the lookup too)."""
    armed = [True]
    error = lost_connection(backend)
    if backend == "postgres":
        real_commit = asyncpg.transaction.Transaction.commit
        real_rollback = asyncpg.transaction.Transaction.rollback

        async def commit(self: asyncpg.transaction.Transaction) -> None:
            if not armed[0]:
                return await real_commit(self)
            armed[0] = False
            await (real_commit(self) if committed else real_rollback(self))
            then()
            raise error

        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit)
    else:
        # SQLite's COMMIT runs in aiosqlite's thread, with the transaction's last statements
        real_sqlite_commit = database.commit

        def sqlite_commit(db: sqlite3.Connection) -> None:
            if not armed[0]:
                return real_sqlite_commit(db)
            armed[0] = False
            db.execute("COMMIT" if committed else "ROLLBACK")
            then()
            raise error

        monkeypatch.setattr(database, "commit", sqlite_commit)
    yield


@contextlib.asynccontextmanager
async def counter(database_url: str) -> AsyncIterator[Store]:
    store = await Store.open(database_url)
    try:
        async with store.transaction(CHANNEL, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": 0})
            tx.record("started")
        yield store
    finally:
        await store.close()


async def increment(store: Store) -> int | None:
    async with store.transaction(
        CHANNEL, actor_id=2, command="/inc", interaction_id=INTERACTION
    ) as tx:
        assert tx.state is not None
        tx.set_state({"n": tx.state["n"] + 1})
        tx.record("n+1")
    return tx.seq


async def test_a_commit_that_went_through_is_reported_applied(
    database_url: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with counter(database_url) as store:
        with failing_commit(monkeypatch, backend, committed=True):
            seq = await increment(store)
        assert seq == 2
        campaign = await store.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 1}
        claim = await store.claim_of(INTERACTION)
        assert claim is not None and (claim.outcome, claim.seq) == ("applied", 2)
        assert claim.campaign_id == campaign.campaign_id


async def test_a_commit_that_did_not_go_through_changes_nothing(
    database_url: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with counter(database_url) as store:
        with (
            failing_commit(monkeypatch, backend, committed=False),
            pytest.raises(DatabaseUnavailable, match="not applied"),
        ):
            await increment(store)
        campaign = await store.get(CHANNEL)
        assert campaign is not None and campaign.state == {"n": 0}
        assert len(await store.history(CHANNEL, limit=None)) == 1
        assert await store.claim_of(INTERACTION) is None
        # the same interaction may be applied now: nothing claimed it
        assert await increment(store) == 2


async def test_when_even_the_lookup_fails_the_outcome_is_unknown(
    database_url: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with counter(database_url) as store:
        db = store.db

        def break_lookups() -> None:
            @contextlib.asynccontextmanager
            async def away(*args: Any, **kwargs: Any) -> AsyncIterator[Any]:
                raise DatabaseUnavailable("connection refused")
                yield  # pragma: no cover

            monkeypatch.setattr(db, "transaction_with", away)

        with (
            failing_commit(monkeypatch, backend, committed=True, then=break_lookups),
            pytest.raises(OutcomeUnknown),
        ):
            await increment(store)
        monkeypatch.undo()
        # it was in fact applied, and the claim says so once it can be read
        claim = await store.claim_of(INTERACTION)
        assert claim is not None and claim.outcome == "applied"
