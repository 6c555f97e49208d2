"""Scale-out: one command mix on 1 process + SQLite, 1 process + PostgreSQL and 2 processes +
PostgreSQL, with each database's bare-commit floor beside it.

Every configuration runs ``python -m bot`` subprocesses against one stand-in Discord with two
gateway shards and one guild on each: one process owning both shards (``SHARD_COUNT=2``), or
two processes owning one shard each (``SHARD_IDS=0`` / ``1``). Each guild has ``channels/2``
channels with an Imperial Assault mission; in every channel one member sends the next command
as soon as the previous one is answered (a closed loop), cycling through the mix:

    /deploy-roll            commits (the heaviest rule, a state and a history row)
    /campaign status        reads
    /ia threat amount:1     commits (a small change)
    /battle (10 v 10)       rolls and commits (a battle in a campaign channel is recorded)

Reported per configuration: commands/s, p50 and p99 round trip (from the stand-in sending the
interaction to the bot's answer), and a check that every answered committing command left one
history row. The floor: bare durable commits through the same database layer (lock, update a
campaign row, insert a history row, commit), one after another, with their p50/p99.

The PostgreSQL server is TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/
postgres); each run uses a fresh schema. On 2 cores everything — the bots, the stand-in and
PostgreSQL — shares the same two cores, so the 2-process figures show the coordination cost,
not the gain a second machine would bring.

Run alone: python -m benchmarks.scaleout [--seconds 15] [--channels 40]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import signal
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import scenarios as sc
from benchmarks.common import GM, ROOT, BareCommits, cpu_seconds, percentile
from bot.sandbox import databases
from bot.sandbox.standin import Reply, StandIn
from bot.storage import Store

MIX: list[tuple[str, dict[str, Any], bool]] = [  # (command, options, commits)
    ("deploy-roll", {}, True),
    ("campaign status", {}, False),
    ("ia threat", {"amount": 1}, True),
    ("battle", sc.BATTLE, True),
]
FIRST_CHANNEL = 6_000_001
ROW = {"state": 1500, "undo_patch": 200, "summary": 80, "dice": 150, "command": 40}


@dataclass(frozen=True)
class Config:
    name: str
    backend: str  # "sqlite" or "postgres"
    shard_ids: tuple[str, ...]  # one process per entry


CONFIGS = [
    Config("1 process + SQLite", "sqlite", ("0-1",)),
    Config("1 process + PostgreSQL", "postgres", ("0-1",)),
    Config("2 processes + PostgreSQL", "postgres", ("0", "1")),
]


@asynccontextmanager
async def processes(
    discord: StandIn, url: str, tmp: Path, shard_ids: tuple[str, ...]
) -> AsyncIterator[list[asyncio.subprocess.Process]]:
    procs = []
    for n, shards in enumerate(shard_ids):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
        env.update(
            discord.bot_env(),
            DATABASE_URL=url,
            SHARD_COUNT="2",
            SHARD_IDS=shards,
            LOG_LEVEL="WARNING",
            HEARTBEAT_PATH=str(tmp / f"heartbeat-{n}"),
            PYTHONPATH=str(ROOT),
        )
        procs.append(await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", env=env))
    try:
        await discord.wait_shards([0, 1], timeout=60)
        await asyncio.wait_for(discord.synced.wait(), 60)
        yield procs
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc in procs:
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def history_rows(url: str) -> int:
    store = await Store.open(url)
    try:
        async with store.db.reading() as conn:
            row = await conn.fetchrow("SELECT COUNT(*) FROM history")
        return int(row[0]) if row else 0
    finally:
        await store.close()


async def _run(
    discord: StandIn, guild: int, channel: int, path: str, options: dict[str, Any]
) -> Reply:
    reply = await discord.invoke(
        path, options, user=GM, channel_id=channel, guild_id=guild, timeout=60
    )
    if reply.ephemeral:
        raise AssertionError(f"/{path} refused in {channel}: {reply.text}")
    return reply


async def _prepare(discord: StandIn, where: list[tuple[int, int]]) -> None:
    """An Imperial Assault mission in every channel, then the mix once everywhere (warm-up)."""
    for guild, channel in where:
        setup = {"difficulty": "medium", "threat-level": 5, "threat": 6}
        await _run(discord, guild, channel, "ia setup", setup)
        for group in sc.IA_DEPLOYED:
            await _run(discord, guild, channel, "ia deploy", {"group": group})
    for path, options, _ in MIX:
        await asyncio.gather(*(_run(discord, g, c, path, options) for g, c in where))


async def _load(
    discord: StandIn, where: list[tuple[int, int]], seconds: float
) -> tuple[list[float], int, float]:
    """Every channel in a closed loop over the mix for ``seconds``: the round trips (ms), how
    many committing commands were answered, and the time it took."""
    latencies: list[float] = []
    committed = 0
    stop_at = time.perf_counter() + seconds

    async def worker(guild: int, channel: int, offset: int) -> None:
        nonlocal committed
        for path, options, commits in itertools.islice(itertools.cycle(MIX), offset, None):
            if time.perf_counter() >= stop_at:
                return
            reply = await _run(discord, guild, channel, path, options)
            latencies.append(reply.latency * 1000)
            committed += commits

    start = time.perf_counter()
    await asyncio.gather(*(worker(g, c, i) for i, (g, c) in enumerate(where)))
    return latencies, committed, time.perf_counter() - start


async def run_config(
    config: Config, url: str, tmp: Path, seconds: float, channels: int
) -> dict[str, Any]:
    async with StandIn(shard_count=2) as discord:
        guilds = [discord.guild_on_shard(0), discord.guild_on_shard(1)]
        where = [(guilds[i % 2], FIRST_CHANNEL + i) for i in range(channels)]
        async with processes(discord, url, tmp, config.shard_ids) as procs:
            await _prepare(discord, where)
            before = await history_rows(url)
            cpu_before = [cpu_seconds(p.pid) for p in procs]
            latencies, committed, elapsed = await _load(discord, where, seconds)
            busy = sum(cpu_seconds(p.pid) - b for p, b in zip(procs, cpu_before, strict=True))
        after = await history_rows(url)
    if after - before != committed:
        raise AssertionError(f"{committed} committing commands answered, {after - before} rows")
    return {
        "config": config.name,
        "processes": len(config.shard_ids),
        "commands": len(latencies),
        "seconds": elapsed,
        "rate": len(latencies) / elapsed,
        "p50": percentile(latencies, 0.5),
        "p99": percentile(latencies, 0.99),
        "committed": committed,
        "bot_cpu": busy / elapsed,
    }


async def floor(url: str, seconds: float) -> dict[str, Any]:
    bare = await BareCommits.open(url, ROW)
    times: list[float] = []
    try:
        stop_at = time.perf_counter() + seconds
        while time.perf_counter() < stop_at:
            start = time.perf_counter()
            await bare.commit()
            times.append((time.perf_counter() - start) * 1000)
    finally:
        await bare.close()
    return {
        "rate": len(times) / seconds,
        "p50": percentile(times, 0.5),
        "p99": percentile(times, 0.99),
    }


async def measure(seconds: float, channels: int) -> dict[str, Any]:
    problem = await databases.reachable()
    if problem is not None:
        raise SystemExit(f"PostgreSQL at {databases.server_url()} is not reachable: {problem}")
    rows: list[dict[str, Any]] = []
    floors: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for n, config in enumerate(CONFIGS):
            if config.backend == "sqlite":
                url = f"sqlite:///{tmp / f'scaleout-{n}.sqlite3'}"
                rows.append(await run_config(config, url, tmp, seconds, channels))
                if "sqlite" not in floors:
                    floors["sqlite"] = await floor(f"sqlite:///{tmp / 'floor.sqlite3'}", 5.0)
            else:
                async with databases.fresh_schema(prefix="bench") as url:
                    rows.append(await run_config(config, url, tmp, seconds, channels))
                if "postgres" not in floors:
                    async with databases.fresh_schema(prefix="bench") as url:
                        floors["postgres"] = await floor(url, 5.0)
    for row, config in zip(rows, CONFIGS, strict=True):
        row["floor"] = floors[config.backend]
    return {"rows": rows, "channels": channels}


def table(result: dict[str, Any]) -> str:
    lines = [
        f"{result['channels']} channels (half on each of 2 shards), closed loop over "
        "/deploy-roll, /campaign status, /ia threat, /battle",
        f"{'configuration':<26} {'cmds/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'bot CPU':>8}   "
        f"{'floor: commits/s':>16} {'p50 ms':>7} {'p99 ms':>7}",
    ]
    for r in result["rows"]:
        f = r["floor"]
        lines.append(
            f"{r['config']:<26} {r['rate']:>7.0f} {r['p50']:>7.2f} {r['p99']:>7.2f} "
            f"{100 * r['bot_cpu']:>7.0f}%   {f['rate']:>16.0f} {f['p50']:>7.2f} {f['p99']:>7.2f}"
        )
    lines.append(
        "(bot CPU: the bot processes' busy time over the run, in % of one core; every answered "
        "committing command was checked against the history rows)"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--channels", type=int, default=40)
    args = parser.parse_args()
    print(table(asyncio.run(measure(args.seconds, args.channels))))


if __name__ == "__main__":
    main()
