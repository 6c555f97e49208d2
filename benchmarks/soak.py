"""The soak: many campaigns at once, today's bot against an older commit of it, in one run.

19 000 commands over 5 000 campaigns, 40 in flight: each campaign (a channel of its own) gets
``/ia setup``, ``/deploy-roll``, ``/battle`` (10 v 10, recorded in the campaign) and another
``/deploy-roll`` — every fifth campaign stops after the battle — one after another, while 40
campaigns are played at the same time (a campaign starts as soon as one of the 40 ends).
Every answer must be a public one (a refusal stops the soak).

Each configuration is ``python -m bot`` against the loopback stand-in Discord, on a fresh
database. The older commit (``--against``, default 6d4b90a, the last one before the storage
was rebuilt for many processes) is checked out into a temporary git worktree under /tmp and
run from there with this environment's packages, then removed. The configurations run in
turns, ``--repeat`` times each, so a slow moment of the machine hits each alike:

- the older commit on SQLite;
- today's bot on SQLite;
- today's bot on PostgreSQL (``TEST_POSTGRES_URL``, a fresh schema; skipped when the server
  cannot be reached).

Reported per run: commands/s, the bot process's CPU time per command (user + system, from
/proc; and split by thread — the main thread, the event loop's, against the others, where
aiosqlite runs SQLite — and by user and system time), its resident memory before the first
command and after the last, and the p50 round trip. The targets: today's SQLite throughput at least 0.9× the older commit's, and its CPU per
command at most 1.1× — judged on the medians of the runs.

With ``--profile FILE``, one more soak of today's bot on SQLite runs under py-spy (sampling the
thread holding the GIL: where the Python time goes) (``pip
install py-spy``; not a dependency of the project) after the measured ones, and the functions
with the most samples are printed (collapsed stacks in FILE).

Run: python -m benchmarks.soak [--campaigns 5000] [--in-flight 40] [--repeat 2]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import scenarios as sc
from benchmarks.common import GM, ROOT, bot_process, median
from benchmarks.profile import summarise
from bot.sandbox import databases

AGAINST = "6d4b90a"
FIRST_CHANNEL = 7_000_001
SETUP: tuple[str, dict[str, Any]] = ("ia setup", {"difficulty": "medium", "threat-level": 5})
PLAY: list[tuple[str, dict[str, Any]]] = [
    ("deploy-roll", {}),
    ("battle", sc.BATTLE),
    ("deploy-roll", {}),
]
#: where a profile sample's time goes: the first rule (in this order) matching a frame, from the
#: innermost frame outwards; frames of json, pydantic, asyncio, contextlib, functools, enum and
#: typing pass the sample on to their caller (an asyncio frame with no caller of ours is the
#: event loop's own work)
CATEGORIES: list[tuple[str, tuple[str, ...]]] = [
    ("storage (bot/storage, aiosqlite)", ("bot/storage/", "aiosqlite/", "sqlite3")),
    ("rules (bot/rules)", ("bot/rules/",)),
    ("rendering (catalogs, renderers)", ("fluent/", "bot/catalog.py", "render.py", "babel/")),
    ("buttons (discord.ui views)", ("discord/ui/", "bot/ui.py")),
    ("option checks (bot/options.py)", ("bot/options.py", "bot/ids.py")),
    ("metrics", ("prometheus_client/", "bot/metrics.py")),
    ("logging", ("logging/", "bot/logs.py")),
    (
        "receiving (gateway, parsing)",
        (
            "discord/gateway.py",
            "discord/state.py",
            "discord/shard.py",
            "discord/client.py",
            "commands/bot.py",
            "aiohttp/client_ws",
            "aiohttp/_websocket",
            "zlib",
        ),
    ),
    ("dispatch (app_commands)", ("discord/app_commands/",)),
    (
        "answering (REST: discord.py, aiohttp)",
        (
            "discord/webhook/",
            "discord/interactions.py",
            "discord/http.py",
            "discord/message.py",
            "discord/embeds.py",
            "aiohttp/",
            "yarl/",
            "multidict/",
        ),
    ),
    (
        "checks, answers, campaigns (bot/app.py, answers.py, campaigns.py)",
        ("bot/app.py", "bot/answers.py", "bot/campaigns.py"),
    ),
    ("the games' cogs", ("cogs/",)),
    ("threads (aiosqlite's worker)", ("threading.py",)),
]
PASS_ON = (
    "json/",
    "pydantic",
    "asyncio/",
    "contextlib.py",
    "functools.py",
    "enum.py",
    "typing.py",
    "selectors.py",
    "<frozen",
    "runpy",
    "bot/__main__.py",
    "weakref",
    "abc.py",
)


def frame_file(frame: str) -> str:
    """The file of a collapsed-stack frame ``name (path:line)``."""
    return frame.rpartition("(")[2]


def category_of(frames: list[str]) -> str:
    for frame in reversed(frames):
        where = frame_file(frame)
        for name, needles in CATEGORIES:
            if any(n in where for n in needles):
                return name
    for frame in reversed(frames):
        where = frame_file(frame)
        if "asyncio/" in where or "selectors.py" in where:
            return "the event loop (asyncio)"
    return "other"


def breakdown(collapsed: Path, cpu_ms: float) -> str:
    """Each category's share of the samples, and of ``cpu_ms`` (the CPU time per command)."""
    counts: dict[str, int] = {}
    total = 0
    for line in collapsed.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        total += count
        name = category_of(stack.split(";"))
        counts[name] = counts.get(name, 0) + count
    lines = [f"where the time goes ({total} samples of the thread holding the GIL):"]
    for name, count in sorted(counts.items(), key=lambda kv: -kv[1]):
        share = count / total
        lines.append(f"  {share:6.1%}  {share * cpu_ms:5.2f} ms/command  {name}")
    return "\n".join(lines)


#: throughput at least this share of the older commit's; CPU per command at most this multiple
TARGET_THROUGHPUT = 0.9
TARGET_CPU = 1.1


def commands_of(campaign: int) -> list[tuple[str, dict[str, Any]]]:
    """Campaign ``campaign``'s commands: set-up, then the play (every fifth one stops short)."""
    play = PLAY[:2] if campaign % 5 == 0 else PLAY
    return [SETUP, *play]


def total_commands(campaigns: int) -> int:
    return sum(len(commands_of(c)) for c in range(campaigns))


@dataclass
class Run:
    name: str
    commands: int = 0
    seconds: float = 0.0
    cpu: float = 0.0
    rss_start: float = 0.0
    rss_end: float = 0.0
    latencies: list[float] = field(default_factory=list)
    # CPU seconds by thread role and kind: ("loop" | "threads", "user" | "system")
    split: dict[tuple[str, str], float] = field(default_factory=dict)

    @property
    def per_second(self) -> float:
        return self.commands / self.seconds

    @property
    def cpu_ms(self) -> float:
        return self.cpu / self.commands * 1000


@contextmanager
def older_worktree(commit: str) -> Iterator[Path]:
    """``commit`` checked out into a temporary git worktree (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="soak-", dir="/tmp")) / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(folder), commit],
        check=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=False
        )
        shutil.rmtree(folder.parent, ignore_errors=True)


@asynccontextmanager
async def database_for(kind: str, folder: Path) -> AsyncIterator[dict[str, str]]:
    """The environment pointing a bot at a fresh database of ``kind``."""
    if kind == "sqlite":
        yield {"DATABASE_PATH": str(folder / "soak.sqlite3")}
        return
    async with databases.fresh_schema() as url:
        yield {"DATABASE_URL": url}


async def soak(
    name: str, root: Path, kind: str, campaigns: int, in_flight: int, profile: Path | None = None
) -> Run:
    """One configuration's soak: ``campaigns`` campaigns, ``in_flight`` at a time (sampled by
    py-spy into ``profile`` when given)."""
    run = Run(name)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        async with (
            database_for(kind, folder) as env,
            bot_process(folder / "soak.sqlite3", env=env, root=root) as bot,
        ):
            queue: asyncio.Queue[int] = asyncio.Queue()
            for campaign in range(campaigns):
                queue.put_nowait(campaign)

            async def player() -> None:
                while not queue.empty():
                    campaign = queue.get_nowait()
                    channel = FIRST_CHANNEL + campaign
                    for path, options in commands_of(campaign):
                        reply = await bot.run(path, options, user=GM, channel_id=channel)
                        run.latencies.append(reply.latency * 1000)
                        run.commands += 1

            recorder = None
            if profile is not None:
                spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
                recorder = await asyncio.create_subprocess_exec(
                    spy,
                    *("record", "--pid", str(bot.pid), "--format", "raw", "--rate", "500"),
                    *("--output", str(profile), "--nonblocking", "--gil"),
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.DEVNULL,
                )
                await asyncio.sleep(1.0)
            run.rss_start = bot.rss_mb()
            cpu_before = bot.cpu_seconds()
            threads_before = bot.thread_cpu()
            start = time.perf_counter()
            await asyncio.gather(*(player() for _ in range(in_flight)))
            run.seconds = time.perf_counter() - start
            run.cpu = bot.cpu_seconds() - cpu_before
            for role, (user, system) in bot.thread_cpu().items():
                user_before, system_before = threads_before.get(role, (0.0, 0.0))
                run.split[role, "user"] = user - user_before
                run.split[role, "system"] = system - system_before
            run.rss_end = bot.rss_mb()
            if recorder is not None:
                recorder.send_signal(2)
                await recorder.wait()
    return run


def table(runs: list[Run], against: str) -> str:
    lines = [
        f"{'configuration':<34} {'commands':>8} {'cmd/s':>7} {'CPU ms/cmd':>10} "
        f"{'RSS MiB':>13} {'p50 ms':>7}"
    ]
    for r in runs:
        lines.append(
            f"{r.name:<34} {r.commands:>8} {r.per_second:>7.0f} {r.cpu_ms:>10.2f} "
            f"{r.rss_start:>5.0f} → {r.rss_end:<5.0f} {median(r.latencies):>7.2f}"
        )
    for r in runs:
        parts = [
            f"{role} {kind} {r.split.get((role, kind), 0.0) / r.commands * 1000:.2f}"
            for role in ("loop", "threads")
            for kind in ("user", "system")
        ]
        lines.append(f"  {r.name}: CPU ms/cmd by thread: " + ", ".join(parts))
    old = [r for r in runs if r.name.startswith(against)]
    new = [r for r in runs if r.name == "today, SQLite"]
    if old and new:
        throughput = statistics.median(r.per_second for r in new) / statistics.median(
            r.per_second for r in old
        )
        cpu = statistics.median(r.cpu_ms for r in new) / statistics.median(r.cpu_ms for r in old)
        lines.append(
            f"today on SQLite against {against} (medians of the runs): throughput "
            f"{throughput:.2f}x (target >= {TARGET_THROUGHPUT}x: "
            f"{'met' if throughput >= TARGET_THROUGHPUT else 'MISSED'}), CPU per command "
            f"{cpu:.2f}x (target <= {TARGET_CPU}x: {'met' if cpu <= TARGET_CPU else 'MISSED'})"
        )
    return "\n".join(lines)


async def measure(
    campaigns: int,
    in_flight: int,
    repeat: int,
    against: str,
    postgres: bool,
    profile: Path | None = None,
) -> list[Run]:
    runs: list[Run] = []
    with older_worktree(against) as old_root:
        configurations = [
            (f"{against}, SQLite", old_root, "sqlite"),
            ("today, SQLite", ROOT, "sqlite"),
        ]
        if postgres and await databases.reachable() is None:
            configurations.append(("today, PostgreSQL", ROOT, "postgres"))
        for _ in range(repeat):
            for name, root, kind in configurations:
                run = await soak(name, root, kind, campaigns, in_flight)
                print("\n".join(table([run], against).splitlines()[1:3]), flush=True)
                runs.append(run)
    if profile is not None:
        run = await soak("today, SQLite (profiled)", ROOT, "sqlite", campaigns, in_flight, profile)
        print(table([run], against).splitlines()[1], flush=True)
        runs.append(run)
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=5000)
    parser.add_argument("--in-flight", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--against", default=AGAINST, help="the older commit (default 6d4b90a)")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    parser.add_argument("--profile", type=Path, help="also profile today's bot (py-spy) into")
    parser.add_argument("--top", type=int, default=60, help="functions shown from the profile")
    args = parser.parse_args()
    print(
        f"{total_commands(args.campaigns)} commands over {args.campaigns} campaigns, "
        f"{args.in_flight} in flight",
        flush=True,
    )
    runs = asyncio.run(
        measure(
            args.campaigns,
            args.in_flight,
            args.repeat,
            args.against,
            not args.no_postgres,
            args.profile,
        )
    )
    print(table(runs, args.against))
    if args.profile is not None:
        print(summarise(args.profile, args.top))
        print(breakdown(args.profile, runs[-1].cpu_ms))


if __name__ == "__main__":
    main()
