"""Shared pieces of the benchmarks: the bot as a subprocess against the stand-in Discord."""

from __future__ import annotations

import asyncio
import os
import platform
import signal
import statistics
import sys
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.sandbox.standin import Reply, StandIn, User
from bot.storage.database import Database, open_database

ROOT = Path(__file__).resolve().parent.parent


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine() -> str:
    cpus = os.cpu_count()
    return (
        f"{platform.machine()}, {cpus} cores ({cpu_model()}), "
        f"Python {platform.python_version()}, {platform.system()} {platform.release()}"
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def median(values: list[float]) -> float:
    return statistics.median(values)


def rss_mb(pid: int) -> float:
    """Resident set size of process ``pid`` in MiB (``VmRSS`` from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def thread_cpu(pid: int) -> dict[str, tuple[float, float]]:
    """User and system CPU seconds of process ``pid``: its main thread (the event loop's) as
    "loop", its other threads together as "threads" (aiosqlite's connection threads, where
    SQLite itself runs, and the default executor). A thread that has ended is not counted."""
    ticks = os.sysconf("SC_CLK_TCK")
    out: dict[str, tuple[float, float]] = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        role = "loop" if task.name == str(pid) else "threads"
        user, system = out.get(role, (0.0, 0.0))
        out[role] = (user + int(fields[11]) / ticks, system + int(fields[12]) / ticks)
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU time used so far by process ``pid`` (all its threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


# Members used by every benchmark: a game master (Manage Channels) and three players.
GM = User(id=700000000000000001, name="gm", manage_channels=True)
ANA = User(id=700000000000000002, name="ana")
BO = User(id=700000000000000003, name="bo")
CY = User(id=700000000000000004, name="cy")


class CommandFailed(AssertionError):
    pass


@dataclass
class BotProcess:
    """A running ``python -m bot`` and the stand-in Discord it talks to."""

    discord: StandIn
    proc: asyncio.subprocess.Process
    started_at: float  # time.perf_counter() just before the process was spawned
    marks: dict[str, float]  # time.perf_counter() when the stand-in saw "synced", "identified"

    @property
    def synced_at(self) -> float:
        return self.marks["synced"]

    @property
    def pid(self) -> int:
        return self.proc.pid

    def rss_mb(self) -> float:
        return rss_mb(self.proc.pid)

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.proc.pid)

    def thread_cpu(self) -> dict[str, tuple[float, float]]:
        return thread_cpu(self.proc.pid)

    async def run(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User = GM,
        channel_id: int,
        ok: bool = True,
    ) -> Reply:
        """Run ``/path`` and (with ``ok``) insist that the answer is not a refusal."""
        reply = await self.discord.invoke(
            path, options, user=user, channel_id=channel_id, timeout=30
        )
        if ok and reply.ephemeral:
            raise CommandFailed(f"/{path} {dict(options or {})} was refused: {reply.text}")
        return reply


@asynccontextmanager
async def bot_process(
    database: Path,
    *,
    wait_synced: bool = True,
    env: Mapping[str, str] | None = None,
    root: Path = ROOT,
) -> AsyncIterator[BotProcess]:
    """``python -m bot`` pointed at a fresh stand-in Discord; yields once it is connected (and,
    with ``wait_synced``, once its commands are synced). ``root``: the checkout whose bot runs
    (another commit's, in a worktree of its own: the soak)."""
    async with StandIn() as discord:
        environment = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
        environment.update(discord.bot_env())
        environment.update(DATABASE_PATH=str(database), LOG_LEVEL="WARNING")
        environment.update(env or {})
        environment["PYTHONPATH"] = str(root)
        marks: dict[str, float] = {}

        async def mark(name: str, event: asyncio.Event) -> None:
            await event.wait()
            marks[name] = time.perf_counter()

        watchers = [
            asyncio.create_task(mark("synced", discord.synced)),
            asyncio.create_task(mark("identified", discord.identified)),
        ]
        started = time.perf_counter()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", env=environment, cwd=database.parent
        )
        try:
            await asyncio.wait_for(discord.identified.wait(), timeout=60)
            if wait_synced:
                await asyncio.wait_for(discord.synced.wait(), timeout=60)
            yield BotProcess(discord, proc, started, marks)
        finally:
            for watcher in watchers:
                watcher.cancel()
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    await asyncio.wait_for(proc.wait(), timeout=10)
                except TimeoutError:
                    proc.kill()
                    await proc.wait()


@asynccontextmanager
async def bot_subprocess(database: Path, **env: str) -> AsyncIterator[StandIn]:
    """``python -m bot`` pointed at a fresh stand-in Discord; yields the stand-in."""
    async with bot_process(database, env=env) as bot:
        yield bot.discord


class BareCommits:
    """Bare durable commits, no bot: each commit is one transaction that takes the channel's
    lock, updates one campaign row and inserts one history row of the given sizes, through the
    same database layer the bot uses (``bot/storage/database.py``: aiosqlite with WAL and
    synchronous=FULL, or asyncpg). The storage floor the bot's commands sit on."""

    def __init__(self, db: Database, sizes: Mapping[str, float]) -> None:
        self.db = db
        self.seq = 0
        self.state = "s" * round(sizes["state"])
        self.patch = "p" * round(sizes["undo_patch"])
        self.summary = "m" * round(sizes["summary"])
        self.dice = "d" * round(sizes["dice"])
        self.command = "c" * round(sizes["command"])

    @classmethod
    async def open(cls, target: str | Path, sizes: Mapping[str, float]) -> BareCommits:
        db = await open_database(target)
        await db.migrate()
        bare = cls(db, sizes)
        async with db.transaction() as conn:
            await conn.execute("DELETE FROM history WHERE campaign_id = 1")
            await conn.execute("DELETE FROM campaigns WHERE channel_id = 1")
            await conn.execute(
                "INSERT INTO campaigns (channel_id, campaign_id, game, state, version, "
                "created_by, created_at, updated_at) "
                "VALUES (1, 1, 'imperial_assault', ?, 1, 1, 'now', 'now')",
                bare.state,
            )
        return bare

    async def commit(self) -> None:
        self.seq += 1
        now = "2026-01-01T00:00:00.000+00:00"
        async with self.db.transaction(1) as conn:
            await conn.execute(
                "UPDATE campaigns SET state = ?, version = version + 1, updated_at = ? "
                "WHERE channel_id = 1",
                self.state,
                now,
            )
            await conn.execute(
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "actor_name, command, summary, dice, undo_patch) "
                "VALUES (1, ?, 1, ?, 1, 'gm', ?, ?, ?, ?)",
                self.seq,
                now,
                self.command,
                self.summary,
                self.dice,
                self.patch,
            )

    async def close(self) -> None:
        await self.db.close()


# A typical row of the latency benchmark's state-changing commands (bytes).
TYPICAL_ROW = {"state": 1500, "undo_patch": 200, "summary": 60, "dice": 150, "command": 40}
