"""The queries a long campaign runs on every command read their indexes: undo, a history page,
the next entry's number and the channel's campaign, at 100 000 history entries, on each
backend. Plans, not times: how long they take is benchmarks/long_campaigns.py's figure."""

from __future__ import annotations

import json
from typing import Any

from bot.storage import Store
from bot.storage.models import CAMPAIGN_COLUMNS
from bot.storage.store import history_sql, undoable_sql

CHANNEL = 4321
ENTRIES = 100_000
OTHER_CAMPAIGNS = 5_000  # the other channels of a busy bot


async def _long_campaign(store: Store) -> int:
    """A campaign of ``ENTRIES`` history entries (every third an aside), a small one and
    ``OTHER_CAMPAIGNS`` empty ones beside it; returns the long one's id."""
    for channel in (CHANNEL, CHANNEL + 1):
        async with store.transaction(channel, actor_id=1, command="/setup") as tx:
            tx.create("counter", {"n": 0})
            tx.record("started")
    campaign = await store.get(CHANNEL)
    assert campaign is not None
    cid = campaign.campaign_id
    async with store.db.transaction() as conn:
        if store.backend == "postgres":
            await conn.execute(
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "command, summary, undo_patch, aside) "
                "SELECT ?, g, ?, '2026-01-01T00:00:00.000+00:00', 1, '/inc', 'inc', "
                "CASE WHEN g % 3 = 0 THEN NULL ELSE '[]' END, CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END "
                "FROM generate_series(2, ?) AS g",
                cid,
                CHANNEL,
                ENTRIES,
            )
            await conn.execute(
                "INSERT INTO campaigns (channel_id, campaign_id, game, state, created_by, "
                "created_at, updated_at) SELECT g, g, 'counter', '{}', 1, '', '' "
                "FROM generate_series(?::bigint, ?::bigint) AS g",
                10**9,
                10**9 + OTHER_CAMPAIGNS,
            )
            await conn.execute("ANALYZE history")
            await conn.execute("ANALYZE campaigns")
        else:
            await conn.executemany(
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "command, summary, undo_patch, aside) "
                "VALUES (?, ?, ?, ?, 1, '/inc', 'inc', ?, ?)",
                [
                    (
                        cid,
                        seq,
                        CHANNEL,
                        "2026-01-01T00:00:00.000+00:00",
                        None if seq % 3 == 0 else "[]",
                        int(seq % 3 == 0),
                    )
                    for seq in range(2, ENTRIES + 1)
                ],
            )
            await conn.executemany(
                "INSERT INTO campaigns (channel_id, campaign_id, game, state, created_by, "
                "created_at, updated_at) VALUES (?, ?, 'counter', '{}', 1, '', '')",
                [(g, g) for g in range(10**9, 10**9 + OTHER_CAMPAIGNS)],
            )
            await conn.execute("ANALYZE")
    return cid


async def _plan(store: Store, sql: str, *args: Any) -> list[str]:
    """The plan's lines: PostgreSQL's nodes (``Index Scan Backward on history using …``),
    SQLite's EXPLAIN QUERY PLAN details."""
    async with store.db.reading() as conn:
        if store.backend == "postgres":
            row = await conn.fetchrow("EXPLAIN (FORMAT JSON) " + sql, *args)
            assert row is not None
            out: list[str] = []
            _nodes(json.loads(row[0])[0]["Plan"], out)
            return out
        rows = await conn.fetch("EXPLAIN QUERY PLAN " + sql, *args)
        return [str(r["detail"]) for r in rows]


def _nodes(node: dict[str, Any], out: list[str]) -> None:
    line = node["Node Type"]
    if node.get("Scan Direction") == "Backward":
        line += " Backward"
    if "Relation Name" in node:
        line += f" on {node['Relation Name']}"
    if "Index Name" in node:
        line += f" using {node['Index Name']}"
    out.append(line)
    for child in node.get("Plans", []):
        _nodes(child, out)


async def _explained(store: Store) -> dict[str, list[str]]:
    cid = await _long_campaign(store)
    return {
        "undo by channel": await _plan(store, undoable_sql(by_channel=True), CHANNEL),
        "undo by campaign": await _plan(store, undoable_sql(by_channel=False), cid),
        "history page": await _plan(store, history_sql(with_states=False), cid, 10),
        "older page": await _plan(store, history_sql(before=True), cid, 50_000, 10),
        "next number": await _plan(
            store, "SELECT COALESCE(MAX(seq), 0) + 1 FROM history WHERE campaign_id = ?", cid
        ),
        "campaign": await _plan(
            store, f"SELECT {CAMPAIGN_COLUMNS} FROM campaigns WHERE channel_id = ?", CHANNEL
        ),
    }


async def test_long_campaign_queries_use_their_indexes(database_url: str) -> None:
    store = await Store.open(database_url)
    try:
        plans = await _explained(store)
        # the rows are really there
        async with store.db.reading() as conn:
            count = await conn.fetchrow("SELECT COUNT(*) FROM history")
        assert count is not None and int(count[0]) == ENTRIES + 1
    finally:
        await store.close()
    if store.backend == "postgres":
        for name, plan in plans.items():
            assert not any(line.startswith("Seq Scan") for line in plan), (name, plan)
        for name in ("undo by channel", "undo by campaign", "history page", "older page"):
            assert any(
                line.startswith(("Index Scan Backward on history", "Index Only Scan Backward"))
                for line in plans[name]
            ), (name, plans[name])
        assert "Index Scan on campaigns using campaigns_pkey" in plans["undo by channel"]
        assert any("history" in line for line in plans["next number"])
        assert plans["campaign"] == ["Index Scan on campaigns using campaigns_pkey"]
    else:
        for name, plan in plans.items():
            assert not any(line.startswith("SCAN") for line in plan), (name, plan)
            assert not any("TEMP B-TREE" in line for line in plan), (name, plan)
        for name in ("history page", "next number"):
            assert any(
                line.startswith("SEARCH history USING PRIMARY KEY (campaign_id=?)")
                for line in plans[name]
            ), (name, plans[name])
        for name in ("undo by channel", "undo by campaign"):
            # either index serves (the planner's choice): along the campaign, newest first
            assert any(
                line.startswith(
                    (
                        "SEARCH history USING INDEX history_undoable (campaign_id=?)",
                        "SEARCH history USING PRIMARY KEY (campaign_id=?)",
                    )
                )
                for line in plans[name]
            ), (name, plans[name])
        assert any(
            line.startswith("SEARCH history USING PRIMARY KEY (campaign_id=? AND seq<?)")
            for line in plans["older page"]
        ), plans["older page"]
        assert any(line.startswith("SEARCH campaigns USING") for line in plans["campaign"]), plans[
            "campaign"
        ]
