"""/ping round trip through the stand-in Discord: the floor every command sits on.

Run: python -m benchmarks.bench_ping [--count 200]"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from benchmarks.common import bot_subprocess, machine, median, percentile
from bot.sandbox.standin import User


async def measure(count: int) -> list[float]:
    user = User(id=700000000000000001, name="bench")
    with tempfile.TemporaryDirectory() as tmp:
        async with bot_subprocess(Path(tmp) / "bench.sqlite3") as discord:
            for _ in range(20):  # warm-up
                await discord.invoke("ping", user=user, channel_id=1)
            times = []
            for _ in range(count):
                reply = await discord.invoke("ping", user=user, channel_id=1)
                times.append(reply.latency * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=200)
    args = parser.parse_args()
    times = asyncio.run(measure(args.count))
    print(f"machine: {machine()}")
    print(
        f"/ping round trip over {args.count}: median {median(times):.2f} ms, "
        f"p99 {percentile(times, 0.99):.2f} ms"
    )


if __name__ == "__main__":
    main()
