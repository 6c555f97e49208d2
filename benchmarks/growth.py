"""Growth: a database with 10 000 campaigns of 100 history entries each, against one with 10.

1. A template campaign is played through the bot (``/ia setup``, five ``/ia deploy``, then
   ``/deploy-roll`` until it has 100 history entries). Its campaign row and its 100 history
   rows are then copied, with ``sqlite3`` ``executemany`` into the real schema (the bot's own
   migrations), into two databases: 10 000 campaigns (1 000 000 history rows) and 10 campaigns.
2. Both bots run at once (each its own process and stand-in Discord); ``/campaign status`` and
   ``/deploy-roll`` (followed by an untimed ``/campaign undo``, so the state stays the same)
   are timed alternately on each, over the same 10 channels per bot. Flat means the big
   database's median is within 1.2x of the small one's.
3. Memory: the big database's bot then answers ``/campaign status`` and ``/deploy-roll`` in
   1 000 further channels (each one touched for the first time); its resident set size is read
   from ``/proc/<pid>/status`` (VmRSS) before and after. The first-touch ``/campaign status``
   latency is reported too (the first read of its campaign row).

Run alone: python -m benchmarks.growth [--campaigns 10000] [--count 300] [--active 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import scenarios as sc
from benchmarks.common import BotProcess, bot_process, median, percentile
from bot.storage.migrations import migrations

TEMPLATE_CHANNEL = 3001
FIRST_CHANNEL = 10_000_001  # channel ids of the copied campaigns: FIRST_CHANNEL + i
HISTORY = 100


async def play_template(tmp: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A real Imperial Assault campaign with HISTORY history entries, played through the bot."""
    path = tmp / "template.sqlite3"
    async with bot_process(path) as bot:
        await sc.setup_imperial_assault(bot, TEMPLATE_CHANNEL)  # 1 + 5 + 1 entries
        for _ in range(HISTORY - 7):
            await bot.run("deploy-roll", channel_id=TEMPLATE_CHANNEL)
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        campaign = dict(db.execute("SELECT * FROM campaigns").fetchone())
        history = [dict(r) for r in db.execute("SELECT * FROM history ORDER BY seq")]
    assert len(history) == HISTORY, len(history)
    return campaign, history


def build(
    path: Path, campaigns: int, template: dict[str, Any], history: list[dict[str, Any]]
) -> float:
    """Write ``campaigns`` copies of the template into a new database; returns the seconds.
    (Long: one bulk copy — schema, rows in batches, the check — kept in one place.)"""
    start = time.perf_counter()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")  # only while building
        for migration in migrations("sqlite"):
            db.executescript(
                f"BEGIN;\n{migration.sql}\nPRAGMA user_version={migration.number};\nCOMMIT;"
            )
        db.execute("BEGIN")

        def campaign_rows() -> Iterator[tuple[Any, ...]]:
            for i in range(campaigns):
                yield (
                    FIRST_CHANNEL + i,
                    i + 1,
                    template["guild_id"],
                    template["game"],
                    template["state"],
                    template["version"],
                    template["created_by"],
                    template["created_at"],
                    template["updated_at"],
                )

        db.executemany(
            "INSERT INTO campaigns (channel_id, campaign_id, guild_id, game, state, version, "
            "created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            campaign_rows(),
        )

        def history_rows() -> Iterator[tuple[Any, ...]]:
            for i in range(campaigns):
                for h in history:
                    yield (
                        i + 1,
                        h["seq"],
                        FIRST_CHANNEL + i,
                        h["created_at"],
                        h["actor_id"],
                        h["actor_name"],
                        h["command"],
                        h["summary"],
                        h["dice"],
                        h["undo_patch"],
                        h["undone_by"],
                        h["undone_at"],
                        h["aside"],
                    )

        db.executemany(
            "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, actor_name, "
            "command, summary, dice, undo_patch, undone_by, undone_at, aside) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            history_rows(),
        )
        db.execute("UPDATE counters SET value = ? WHERE name = 'campaign_id'", (campaigns,))
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    return time.perf_counter() - start


def spread(campaigns: int, n: int = 10) -> list[int]:
    """``n`` channels spread over the whole database."""
    step = max(1, campaigns // n)
    return [FIRST_CHANNEL + min(campaigns - 1, k * step + step // 2) for k in range(n)]


async def _timed(bot: BotProcess, path: str, channel: int, undo: bool = False) -> float:
    reply = await bot.run(path, channel_id=channel)
    if undo:
        await bot.run("campaign undo", channel_id=channel)
    return reply.latency * 1000


async def measure(campaigns: int, count: int, active: int, small: int = 10) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        template, history = await play_template(tmp)
        big_path, small_path = tmp / "big.sqlite3", tmp / "small.sqlite3"
        build_big = build(big_path, campaigns, template, history)
        build(small_path, small, template, history)
        size_big = big_path.stat().st_size
        size_small = small_path.stat().st_size
        big_channels, small_channels = spread(campaigns), spread(small)
        times: dict[str, list[float]] = {
            k: [] for k in ("status big", "status small", "roll big", "roll small")
        }
        async with bot_process(big_path) as big, bot_process(small_path) as little:
            rss_start = big.rss_mb()
            for i in range(count + 20):  # the first 20 rounds are the warm-up
                b, s = big_channels[i % 10], small_channels[i % 10]
                runs = [("big", big, b), ("small", little, s)]
                if i % 2:  # alternate which bot goes first
                    runs.reverse()
                pairs = []
                for name, bot, channel in runs:
                    pairs.append((f"status {name}", await _timed(bot, "campaign status", channel)))
                for name, bot, channel in runs:
                    pairs.append(
                        (f"roll {name}", await _timed(bot, "deploy-roll", channel, undo=True))
                    )
                if i >= 20:
                    for key, value in pairs:
                        times[key].append(value)
            # Memory: 1 000 more channels become active on the big database's bot.
            used = set(big_channels)
            fresh = [c for c in range(FIRST_CHANNEL, FIRST_CHANNEL + campaigns) if c not in used]
            cold: list[float] = []
            for channel in fresh[:active]:
                cold.append(await _timed(big, "campaign status", channel))
                await big.run("deploy-roll", channel_id=channel)
            await asyncio.sleep(0.5)
            rss_active = big.rss_mb()
            rss_small = little.rss_mb()
    result: dict[str, Any] = {
        "campaigns": campaigns,
        "history_rows": campaigns * HISTORY,
        "build_seconds": build_big,
        "size_big_mb": size_big / 2**20,
        "size_small_mb": size_small / 2**20,
        "rss_start_mb": rss_start,
        "rss_active_mb": rss_active,
        "rss_small_mb": rss_small,
        "active_channels": min(active, len(fresh)),
        "cold_status_p50": median(cold),
        "cold_status_p99": percentile(cold, 0.99),
    }
    for key, values in times.items():
        result[f"{key} p50"] = median(values)
        result[f"{key} p99"] = percentile(values, 0.99)
    result["status ratio"] = result["status big p50"] / result["status small p50"]
    result["roll ratio"] = result["roll big p50"] / result["roll small p50"]
    return result


def table(r: dict[str, Any]) -> str:
    def flat(ratio: float) -> str:
        return "met" if ratio <= 1.2 else "MISSED"

    return "\n".join(
        [
            f"database: {r['campaigns']} campaigns, {r['history_rows']} history rows, "
            f"{r['size_big_mb']:.0f} MiB (built in {r['build_seconds']:.1f} s); "
            f"small: 10 campaigns, {r['size_small_mb']:.1f} MiB",
            f"{'command':<20} {'10 p50':>8} {'10 p99':>8} {'big p50':>8} {'big p99':>8} "
            f"{'ratio':>6}  flat (<= 1.2x)",
            f"{'/campaign status':<20} {r['status small p50']:>8.2f} {r['status small p99']:>8.2f} "
            f"{r['status big p50']:>8.2f} {r['status big p99']:>8.2f} {r['status ratio']:>5.2f}x  "
            f"{flat(r['status ratio'])}",
            f"{'/deploy-roll':<20} {r['roll small p50']:>8.2f} {r['roll small p99']:>8.2f} "
            f"{r['roll big p50']:>8.2f} {r['roll big p99']:>8.2f} {r['roll ratio']:>5.2f}x  "
            f"{flat(r['roll ratio'])}",
            f"/campaign status on a channel's first touch (first read of its row), big database: "
            f"p50 {r['cold_status_p50']:.2f} ms, p99 {r['cold_status_p99']:.2f} ms",
            f"bot memory (VmRSS): {r['rss_start_mb']:.1f} MiB at start, "
            f"{r['rss_active_mb']:.1f} MiB after {r['active_channels'] + 10} channels active "
            f"(target < 150 MB: {'met' if r['rss_active_mb'] * 2**20 < 150e6 else 'MISSED'}); "
            f"the 10-campaign bot: {r['rss_small_mb']:.1f} MiB",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=10_000)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--active", type=int, default=1000)
    args = parser.parse_args()
    print(table(asyncio.run(measure(args.campaigns, args.count, args.active))))


if __name__ == "__main__":
    main()
