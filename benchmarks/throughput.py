"""Throughput: many channels changing their campaigns at once, against the storage ceiling.

1. The bot (subprocess, stand-in Discord): 50 channels, each with an Imperial Assault mission,
   each sending ``/deploy-roll`` again as soon as the previous one is answered, for 20 s. Every
   answered command has committed its new state and one history row (checked afterwards
   against the history table). Result: commands per second.
2. The storage ceiling, in the same run on the same disk: bare aiosqlite commits with the
   store's pragmas (WAL, synchronous=FULL), each one transaction that updates a campaign row and
   inserts a history row of the same sizes as the bot's average row in part 1, one thread
   round trip per commit (the cheapest way through aiosqlite), as fast as it can go.

Run alone: python -m benchmarks.throughput [--seconds 20] [--channels 50]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import scenarios as sc
from benchmarks.common import BareCommits, BotProcess, bot_process

FIRST_CHANNEL = 2001


async def _worker(
    bot: BotProcess, channel: int, stop_at: float, counts: list[int], path: str = "deploy-roll"
) -> None:
    while time.perf_counter() < stop_at:
        reply = await bot.discord.invoke(path, None, user=sc.GM, channel_id=channel)
        if reply.ephemeral:
            raise AssertionError(f"/{path} refused in {channel}: {reply.text}")
        counts.append(1)


def _row_sizes(path: Path, channels: list[int]) -> dict[str, float]:
    marks = ",".join("?" * len(channels))
    with sqlite3.connect(path) as db:
        state = db.execute(
            f"SELECT AVG(LENGTH(state)) FROM campaigns WHERE channel_id IN ({marks})", channels
        ).fetchone()[0]
        history = db.execute(
            "SELECT AVG(LENGTH(summary)), AVG(LENGTH(dice)), COALESCE(AVG(LENGTH(undo_patch)), 0), "
            "AVG(LENGTH(command)), COUNT(*) FROM history "
            f"WHERE channel_id IN ({marks}) AND command LIKE '/deploy-roll%'",
            channels,
        ).fetchone()
    return {
        "state": float(state),
        "summary": float(history[0]),
        "dice": float(history[1]),
        "undo_patch": float(history[2]),
        "command": float(history[3]),
        "commits": float(history[4]),
    }


async def bot_rate(tmp: Path, seconds: float, channels: int) -> dict[str, Any]:
    path = tmp / "throughput.sqlite3"
    ids = list(range(FIRST_CHANNEL, FIRST_CHANNEL + channels))
    async with bot_process(path) as bot:
        for channel in ids:
            await sc.setup_imperial_assault(bot, channel, deploy=False)
        # warm-up: one round in every channel
        await asyncio.gather(*(bot.run("deploy-roll", channel_id=c) for c in ids))
        counts: list[int] = []
        cpu_bot, cpu_us = bot.cpu_seconds(), time.process_time()
        start = time.perf_counter()
        stop_at = start + seconds
        await asyncio.gather(*(_worker(bot, c, stop_at, counts) for c in ids))
        elapsed = time.perf_counter() - start
        cpu_bot, cpu_us = bot.cpu_seconds() - cpu_bot, time.process_time() - cpu_us
        # The same load of /ping (no storage at all): what discord.py itself allows.
        pings: list[int] = []
        ping_cpu = bot.cpu_seconds()
        ping_start = time.perf_counter()
        ping_stop = ping_start + min(seconds, 10.0)
        await asyncio.gather(*(_worker(bot, c, ping_stop, pings, "ping") for c in ids))
        ping_elapsed = time.perf_counter() - ping_start
        ping_rate = len(pings) / ping_elapsed
        ping_cpu = (bot.cpu_seconds() - ping_cpu) / ping_elapsed
    sizes = _row_sizes(path, ids)
    answered = len(counts)
    committed = int(sizes["commits"]) - channels  # minus the warm-up round
    if committed != answered:
        raise AssertionError(f"{answered} commands answered but {committed} history rows")
    return {
        "commands": answered,
        "seconds": elapsed,
        "rate": answered / elapsed,
        "ping_rate": ping_rate,
        "ping_bot_cpu": ping_cpu,
        "bot_cpu": cpu_bot / elapsed,  # cores busy in the bot process
        "standin_cpu": cpu_us / elapsed,  # cores busy in this process (the stand-in Discord)
        **sizes,
    }


async def bare_rate(tmp: Path, seconds: float, sizes: dict[str, Any]) -> dict[str, Any]:
    bare = await BareCommits.open(tmp / "bare.sqlite3", sizes)
    try:
        done = 0
        start = time.perf_counter()
        stop_at = start + seconds
        while time.perf_counter() < stop_at:
            await bare.commit()
            done += 1
        elapsed = time.perf_counter() - start
    finally:
        await bare.close()
    return {"commits": done, "seconds": elapsed, "rate": done / elapsed}


async def measure(seconds: float, channels: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        bot = await bot_rate(tmp, seconds, channels)
        bare = await bare_rate(tmp, min(seconds, 10.0), bot)
    return {"bot": bot, "bare": bare, "ratio": bot["rate"] / bare["rate"], "channels": channels}


def table(result: dict[str, Any]) -> str:
    bot, bare = result["bot"], result["bare"]
    ratio = result["ratio"]
    return "\n".join(
        [
            f"bot: {result['channels']} channels x /deploy-roll for {bot['seconds']:.1f} s: "
            f"{bot['commands']} commands committed, {bot['rate']:.0f} commands/s "
            f"(bot process busy {100 * bot['bot_cpu']:.0f}% of a core, "
            f"stand-in {100 * bot['standin_cpu']:.0f}%)",
            f"     average row: state {bot['state']:.0f} B, history undo_patch "
            f"{bot['undo_patch']:.0f} B, dice {bot['dice']:.0f} B, summary {bot['summary']:.0f} B",
            f"the same load of /ping (no storage): {bot['ping_rate']:.0f} commands/s "
            f"(bot busy {100 * bot['ping_bot_cpu']:.0f}%); "
            f"/deploy-roll reaches {bot['rate'] / bot['ping_rate']:.2f} of it",
            f"bare aiosqlite commits of the same rows (WAL, synchronous=FULL): "
            f"{bare['rate']:.0f} commits/s",
            f"ratio {ratio:.2f} (target >= 0.5: {'met' if ratio >= 0.5 else 'MISSED'})",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--channels", type=int, default=50)
    args = parser.parse_args()
    print(table(asyncio.run(measure(args.seconds, args.channels))))


if __name__ == "__main__":
    main()
