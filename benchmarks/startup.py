"""Start-up: from spawning ``python -m bot`` to its commands synced with the stand-in Discord.

Each run uses a fresh database, so the bot syncs its commands (the stand-in's ``synced``
event fires on the bulk-overwrite request). Also reported: the time to the gateway IDENTIFY.

Run alone: python -m benchmarks.startup [--runs 5]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.common import bot_process, median

TARGET_SECONDS = 3.0


async def once() -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        async with bot_process(Path(tmp) / "startup.sqlite3", wait_synced=False) as bot:
            await asyncio.wait_for(bot.discord.synced.wait(), timeout=60)
            await asyncio.sleep(0)  # let the watcher note the time
            synced = bot.synced_at - bot.started_at
            identified = bot.marks["identified"] - bot.started_at
    return synced, identified


async def measure(runs: int) -> dict[str, Any]:
    synced: list[float] = []
    identified: list[float] = []
    for _ in range(runs):
        s, i = await once()
        synced.append(s)
        identified.append(i)
    return {
        "runs": runs,
        "synced_median": median(synced),
        "synced_max": max(synced),
        "identified_median": median(identified),
    }


def table(r: dict[str, Any]) -> str:
    met = "met" if r["synced_max"] < TARGET_SECONDS else "MISSED"
    return (
        f"process start -> commands synced: median {r['synced_median']:.2f} s, "
        f"worst {r['synced_max']:.2f} s of {r['runs']} (target < 3 s: {met}); "
        f"-> gateway identified: median {r['identified_median']:.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(table(asyncio.run(measure(args.runs))))


if __name__ == "__main__":
    main()
