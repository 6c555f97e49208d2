"""Weewar speed: the exact odds of a 10-vs-10 battle, and /battle through the stand-in Discord.

1. The median time of the exact odds of a 10-vs-10 battle, in process: the full exact
   binomial arithmetic for both strikes (nothing is cached). Target: under 1 ms.
2. The median round trip of /battle (rolled, 10 v 10) through the stand-in Discord, as a ratio
   to /ping measured in the same run, interleaved. Target: under 1.5×. Also shown: /battle in a
   channel with a campaign (the battle is written to its history) and odds-only.

Run: python benchmarks/bench_weewar_odds.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rules import weewar as w
from bot.sandbox.harness import Table, running_table

RUNS = 2000
ROUND_TRIPS = 200


def _median_us(call: Callable[[], object], runs: int = RUNS) -> float:
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(times)


def main() -> None:
    # Tank vs Trooper, 10 v 10, both strike: 60 dice each way.
    setup = w.make_setup("Tank", "Trooper", attackers=10, defenders=10)
    odds = w.battle_odds(setup)
    assert sum(odds.defender_losses) == 1 and sum(odds.attacker_losses) == 1

    def run() -> None:
        w.battle_odds(setup)

    median = _median_us(run)
    print(f"weewar exact odds 10v10: median {median:.1f} µs")
    print(f"target < 1000 µs: {'met' if median < 1000 else 'MISSED'}")
    asyncio.run(round_trips())


BATTLE: dict[str, object] = {"attacker": "Tank", "defender": "Trooper", "defender-terrain": "Woods"}


async def _median_ms(table: Table, command: str, options: dict[str, object], channel: int) -> float:
    reply = await table.run(command, options, channel_id=channel)
    assert not reply.ephemeral, reply.text
    return reply.latency * 1000


async def round_trips() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with running_table(Path(tmp) / "bench.sqlite3") as table:
            plain, with_campaign = 900000000000000001, 900000000000000002
            async with table.bot.store.transaction(
                with_campaign, actor_id=table.user("gm").id, command="/setup"
            ) as tx:
                tx.create("imperium", {"bench": True})
            cases: dict[str, tuple[str, dict[str, object], int]] = {
                "/ping": ("ping", {}, plain),
                "/battle": ("battle", BATTLE, plain),
                "/battle odds-only": ("battle", {**BATTLE, "odds-only": True}, plain),
                "/battle with campaign": ("battle", BATTLE, with_campaign),
            }
            times: dict[str, list[float]] = {name: [] for name in cases}
            for _ in range(20):  # warm-up
                for command, options, channel in cases.values():
                    await _median_ms(table, command, options, channel)
            for _ in range(ROUND_TRIPS):
                for name, (command, options, channel) in cases.items():
                    times[name].append(await _median_ms(table, command, options, channel))
    ping = statistics.median(times["/ping"])
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"{name:<24} median {median:6.2f} ms  ({median / ping:.2f}× /ping)")
    ratio = statistics.median(times["/battle"]) / ping
    print(f"/battle / /ping = {ratio:.2f}× (target < 1.5×: {'met' if ratio < 1.5 else 'MISSED'})")


if __name__ == "__main__":
    main()
