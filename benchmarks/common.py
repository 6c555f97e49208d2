"""Shared pieces of the benchmarks: the bot as a subprocess against the stand-in Discord."""

from __future__ import annotations

import asyncio
import os
import platform
import signal
import statistics
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.testing.standin import StandIn


def machine() -> str:
    cpus = os.cpu_count()
    return f"{platform.machine()}, {cpus} cores, Python {platform.python_version()}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values)


@asynccontextmanager
async def bot_subprocess(database: Path, **env: str) -> AsyncIterator[StandIn]:
    """``python -m bot`` pointed at a fresh stand-in Discord; yields once it is connected."""
    async with StandIn() as discord:
        environment = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
        environment.update(discord.bot_env())
        environment.update(DATABASE_PATH=str(database), LOG_LEVEL="WARNING", **env)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=environment, cwd=database.parent
        )
        try:
            await asyncio.wait_for(discord.identified.wait(), timeout=30)
            yield discord
        finally:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(proc.wait(), timeout=10)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()
