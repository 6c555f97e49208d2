"""A history that keeps the change back instead of the whole state: entries of an older schema
are converted exactly (migration 7), asides keep nothing and undo passes them by, and undo
gives back every state exactly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import jsonpatch
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.errors import BotError
from bot.storage import Store
from bot.storage.changes import Converter, _diff, change_back, restore, whole_state
from bot.storage.migrations import migrations
from tests.refusals import raises_refusal

CHANNEL = 5555
T = "2026-01-01T00:00:00.000+00:00"


def _state(n: int, extra: str = "") -> dict[str, Any]:
    """A state with some bulk, as a game's is: most of it the same from entry to entry."""
    return {
        "n": n,
        "units": [
            {"name": f"unit {i}", "hp": 10 + (i == n), "tags": ["a", "b"]} for i in range(30)
        ],
        "log": [f"turn {i}" for i in range(n)],
        "note": extra,
        "flag": n % 2 == 0,
    }


A0, A1, A2, A3 = _state(0), _state(1, "x"), _state(2), _state(3, "y")
# (seq, state_before, undone) as schema 6 kept them; the campaign's state now is A3
OLD_ROWS: list[tuple[int, dict[str, Any] | None, bool]] = [
    (1, None, False),  # the start
    (2, A0, False),  # A0 -> A1
    (3, A1, False),  # a /roll aside
    (4, A1, True),  # A1 -> A2, undone (back to A1)
    (5, A1, False),  # A1 -> A3
    (6, A3, False),  # another aside
]


async def _schema_6(url: str) -> None:
    """The database at ``url`` as a bot of schema 6 left it, with ``OLD_ROWS``."""
    steps = [m for m in migrations("sqlite" if url.startswith("sqlite") else "postgres")][:6]
    rows = [
        (1, seq, CHANNEL, T, 7, "ana", f"/cmd {seq}", f"entry {seq}", "[]",
         None if before is None else json.dumps(before), 7 if undone else None,
         T if undone else None)
        for seq, before, undone in OLD_ROWS
    ]  # fmt: skip
    campaign = (CHANNEL, 1, "counter", json.dumps(A3), 7, T, T)
    if url.startswith("sqlite"):
        with sqlite3.connect(url.removeprefix("sqlite:///")) as db:
            for m in steps:
                for statement in m.statements():
                    db.execute(statement)
            db.execute("PRAGMA user_version = 6")
            db.execute(
                "INSERT INTO campaigns (channel_id, campaign_id, game, state, created_by, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                campaign,
            )
            db.executemany(
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "actor_name, command, summary, dice, state_before, undone_by, undone_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
        return
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        for m in steps:
            await conn.execute(m.sql)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, $2)", m.number, m.name)
        await conn.execute(
            "INSERT INTO campaigns (channel_id, campaign_id, game, state, created_by, "
            "created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
            *campaign,
        )
        await conn.executemany(
            "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
            "actor_name, command, summary, dice, state_before, undone_by, undone_at) "
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            rows,
        )
    finally:
        await conn.close()


async def _undo_newest(store: Store) -> tuple[int, dict[str, Any] | None]:
    latest = await store.latest_undoable(CHANNEL)
    assert latest is not None
    await store.undo(CHANNEL, latest.seq, 7)
    campaign = await store.get(CHANNEL)
    assert campaign is not None
    return latest.seq, campaign.state


async def test_migration_7_converts_old_entries_exactly(database_url: str) -> None:
    await _schema_6(database_url)
    store = await Store.open(database_url)
    try:
        history = list(reversed(await store.history(CHANNEL, limit=None)))
        kept = [(h.seq, h.aside, h.undo_patch is None) for h in history]
        assert kept == [
            (1, False, True),
            (2, False, False),
            (3, True, True),
            (4, False, False),
            (5, False, False),
            (6, True, True),
        ]
        # the undone entry keeps its whole state before; the others a diff, smaller
        assert history[3].undo_patch == whole_state(A1)
        assert history[4].undo_patch is not None
        assert len(json.dumps(history[4].undo_patch)) < len(json.dumps(A1)) / 4
        # undo passes the asides and the undone entry by, and gives each state back exactly
        assert await _undo_newest(store) == (5, A1)
        assert await _undo_newest(store) == (2, A0)
        with raises_refusal(BotError, match="Nothing to undo"):
            await _undo_newest(store)
        campaign = await store.get(CHANNEL)
        assert campaign is not None and campaign.state == A0
        # the old column is gone
        async with store.db.reading() as conn:
            with pytest.raises(Exception, match="state_before"):
                await conn.fetch("SELECT state_before FROM history")
    finally:
        await store.close()


async def test_an_aside_keeps_nothing_and_undo_passes_it_by(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        async with store.transaction(CHANNEL, actor_id=7, command="/setup") as tx:
            tx.create("counter", A0)
            tx.record("started")
        async with store.transaction(CHANNEL, actor_id=7, command="/change") as tx:
            tx.set_state(A1)
            tx.record("changed")
        assert tx.changed
        before = await store.get(CHANNEL)
        async with store.transaction(CHANNEL, actor_id=8, command="/roll 1d6") as tx:
            tx.record("rolled 4")
        assert tx.seq == 3 and not tx.changed
        async with store.transaction(CHANNEL, actor_id=8, command="/same") as tx:
            tx.set_state(A1)  # the same state: changed nothing
            tx.record("nothing")
        assert tx.seq == 4 and not tx.changed
        after = await store.get(CHANNEL)
        # asides write no state: the campaign row is as it was
        assert before is not None and after == before
        history = await store.history(CHANNEL, limit=None)
        assert [(h.seq, h.aside, h.undo_patch is None) for h in history] == [
            (4, True, True),
            (3, True, True),
            (2, False, False),
            (1, False, True),
        ]
        latest = await store.latest_undoable(CHANNEL)
        assert latest is not None and latest.seq == 2
        assert await _undo_newest(store) == (2, A0)
        # the asides stay in the history, not undone
        history = await store.history(CHANNEL, limit=None)
        assert [h.seq for h in history if h.undone_at] == [2]
    finally:
        await store.close()


async def test_a_long_run_of_changes_undoes_exactly(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    states = [_state(0)]
    try:
        async with store.transaction(CHANNEL, actor_id=7, command="/setup") as tx:
            tx.create("counter", states[0])
            tx.record("started")
        for i in range(1, 40):
            state = _state(i % 7, extra="e" * (i % 5))
            state["units"][i % 30]["tags"].append(f"t{i}")
            if i % 6 == 0:
                del state["note"]
            async with store.transaction(CHANNEL, actor_id=7, command=f"/c {i}") as tx:
                tx.set_state(state)
                tx.record("c")
            if tx.changed:
                states.append(state)
        for expected in reversed(states[:-1]):
            _, state_now = await _undo_newest(store)
            assert state_now == expected
    finally:
        await store.close()


def test_change_back_is_exact_and_never_larger_than_the_state() -> None:
    assert change_back({"a": 1}, {"a": True}) != []  # 1 and true differ in JSON
    assert restore({"a": 1}, change_back({"a": 1}, {"a": True})) == {"a": True}
    small = change_back({"n": 1}, {"n": 0})
    assert small == whole_state({"n": 0})
    big = change_back(A1, A0)
    assert restore(A1, big) == A0 and len(json.dumps(big)) < len(json.dumps(A0))


def test_converter_settles_each_entry_against_the_next_kept_one() -> None:
    conv = Converter()
    out = []
    for seq, before, undone in OLD_ROWS:
        out += conv.feed(seq, before, undone)
    out += conv.finish(A3)
    # an undone entry is settled at once; the others when the next kept entry comes
    assert [seq for seq, _, _ in out] == [1, 2, 4, 3, 5, 6]
    settled = {seq: (patch, aside) for seq, patch, aside in out}
    assert settled[1] == (None, False)
    assert settled[3] == (None, True) and settled[6] == (None, True)
    assert settled[4] == (whole_state(A1), False)
    assert restore(A3, settled[5][0]) == A1
    assert restore(A1, settled[2][0]) == A0


async def test_a_state_changed_in_place_still_undoes_exactly(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        async with store.transaction(CHANNEL, actor_id=7, command="/setup") as tx:
            tx.create("counter", A0)
            tx.record("started")
        async with store.transaction(CHANNEL, actor_id=7, command="/in place") as tx:
            state = tx.state
            assert state is not None
            state["n"] = 42  # the campaign's own parsed copy, changed in place
            state["units"][0]["hp"] = 1
            tx.set_state(state)
            tx.record("changed")
        assert tx.changed
        assert await _undo_newest(store) == (2, A0)
    finally:
        await store.close()


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([1.0, 0.5])
    | st.text("ab~/", max_size=2),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.text("ab~/", max_size=2), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=120, deadline=None)
@given(before=st.dictionaries(st.text("ab~/", max_size=2), _json, max_size=4), data=st.data())
def test_change_back_gives_any_state_back_exactly(
    before: dict[str, Any], data: st.DataObject
) -> None:
    # an "after" that shares much with "before": its arrays with items removed, added, changed
    def vary(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: vary(v) for k, v in value.items() if data.draw(st.integers(0, 5))}
        if isinstance(value, list):
            items = [vary(v) for v in value if data.draw(st.integers(0, 4))]
            at = data.draw(st.integers(0, len(items)))
            return items[:at] + data.draw(st.lists(_json, max_size=2)) + items[at:]
        return value if data.draw(st.integers(0, 3)) else data.draw(_json)

    after = vary(before)
    patch = change_back(after, before)
    as_text = json.dumps(restore(after, patch), sort_keys=True)
    assert as_text == json.dumps(before, sort_keys=True)
    # the diff is exact by itself: the whole state only where it would not be smaller
    if patch == whole_state(before):
        ops: list[dict[str, Any]] = []
        _diff(after, before, "", ops)
        done = json.dumps(jsonpatch.apply_patch(after, ops), sort_keys=True)
        exact = done == json.dumps(before, sort_keys=True)
        assert not exact or len(json.dumps(ops)) >= len(
            json.dumps(before, sort_keys=True, separators=(",", ":"))
        )


def test_change_back_of_a_long_array_keeps_only_what_changed() -> None:
    before = {"ships": [{"name": f"S{i}", "hp": i % 3} for i in range(40)]}
    after = {"ships": [dict(s, hp=9) if i in (5, 30) else s for i, s in enumerate(before["ships"])]}
    del after["ships"][12]  # one lost ...
    after["ships"].insert(20, {"name": "new", "hp": 1})  # ... and one built
    patch = change_back(after, before)
    assert restore(after, patch) == before
    assert patch == [
        {"op": "replace", "path": "/ships/30/hp", "value": 0},
        {"op": "remove", "path": "/ships/20"},  # "new", after the loss
        {"op": "add", "path": "/ships/12", "value": {"name": "S12", "hp": 0}},
        {"op": "replace", "path": "/ships/5/hp", "value": 2},
    ]
