"""Round-trip latency of every game command, against /ping measured in the same run.

The bot runs as a subprocess (``python -m bot``) against the loopback stand-in Discord. Each
campaign is set up first through the bot's own commands (see ``benchmarks/scenarios.py``).
State-changing commands are measured from the same state every time: each timed command is
followed by an untimed ``/campaign undo`` by the same member, which restores the state from
before it (the undo round trips are reported on their own row). Rounds are interleaved — one
of every case per round — so a slow moment of the machine hits every case alike.

Run alone: python -m benchmarks.latency [--count 300]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import scenarios as sc
from benchmarks.common import (
    BO,
    GM,
    TYPICAL_ROW,
    BareCommits,
    BotProcess,
    User,
    bot_process,
    median,
    percentile,
)

P50_TARGET = 1.5
P99_TARGET = 2.0
BARE = "(a bare durable commit, no bot)"

# Channels
PLAIN, WITH_CAMPAIGN, IA, IA_ROLL, IMPERIUM, MAINT, ASTEROIDS = range(1001, 1008)


@dataclass
class Case:
    name: str
    path: str
    options: Mapping[str, Any]
    channel: int
    user: User = field(default_factory=lambda: GM)
    undo: bool = False  # restore the state after each timed run (an untimed /campaign undo)
    game: bool = True  # a game command (held to the targets); /ping and /campaign undo are not
    times: list[float] = field(default_factory=list)


def cases() -> list[Case]:
    return [
        Case("/ping", "ping", {}, PLAIN, game=False),
        Case("/battle (rolled, 10 v 10)", "battle", sc.BATTLE, PLAIN),
        Case("/battle odds-only", "battle", {**sc.BATTLE, "odds-only": True}, PLAIN),
        Case("/battle in a campaign channel", "battle", sc.BATTLE, WITH_CAMPAIGN, undo=True),
        Case("/deploy-roll", "deploy-roll", {}, IA_ROLL, undo=True),
        Case("/ia activate", "ia activate", {}, IA, undo=True),
        Case(
            "/initiative (round 2, 20 ships)",
            "initiative",
            {"system": sc.IMPERIUM_SYSTEM},
            IMPERIUM,
            undo=True,
        ),
        Case("/maintenance (20 ships)", "maintenance", sc.MAINTENANCE, MAINT, undo=True),
        Case("/capture guards", "capture guards", sc.GUARDS, ASTEROIDS, user=BO, undo=True),
        Case("/asteroids status", "asteroids status", {}, ASTEROIDS),
        Case("/campaign status", "campaign status", {}, IA),
        Case("/campaign history", "campaign history", {}, IA),
    ]


async def prepare(bot: BotProcess) -> None:
    await sc.setup_imperial_assault(bot, WITH_CAMPAIGN, deploy=False)
    await sc.setup_imperial_assault(bot, IA)
    await sc.setup_imperial_assault(bot, IA_ROLL)
    await sc.setup_imperium_combat(bot, IMPERIUM)
    await sc.setup_imperium(bot, MAINT)
    await sc.setup_asteroid_belt(bot, ASTEROIDS)


async def one_round(bot: BotProcess, all_cases: list[Case], undo: Case, record: bool) -> None:
    for case in all_cases:
        reply = await bot.run(case.path, case.options, user=case.user, channel_id=case.channel)
        if record:
            case.times.append(reply.latency * 1000)
        if case.undo:
            reply = await bot.run("campaign undo", user=case.user, channel_id=case.channel)
            if record:
                undo.times.append(reply.latency * 1000)


async def measure(count: int, warmup: int = 20) -> list[Case]:
    all_cases = cases()
    undo = Case("/campaign undo", "campaign undo", {}, IA, game=False)
    bare = Case(BARE, "", {}, 0, game=False)
    with tempfile.TemporaryDirectory() as tmp:
        commits = await BareCommits.open(Path(tmp) / "bare.sqlite3", TYPICAL_ROW)
        try:
            async with bot_process(Path(tmp) / "latency.sqlite3") as bot:
                await prepare(bot)
                for _ in range(warmup):
                    await one_round(bot, all_cases, undo, record=False)
                    await commits.commit()
                for _ in range(count):
                    await one_round(bot, all_cases, undo, record=True)
                    start = time.perf_counter()
                    await commits.commit()
                    bare.times.append((time.perf_counter() - start) * 1000)
        finally:
            await commits.close()
    return [*all_cases, undo, bare]


def rows(results: list[Case]) -> list[dict[str, Any]]:
    ping = next(c for c in results if c.name == "/ping")
    p50_ping, p99_ping = median(ping.times), percentile(ping.times, 0.99)
    out = []
    for case in results:
        p50, p99 = median(case.times), percentile(case.times, 0.99)
        r50, r99 = p50 / p50_ping, p99 / p99_ping
        met = r50 <= P50_TARGET and r99 <= P99_TARGET
        out.append(
            {
                "command": case.name,
                "n": len(case.times),
                "p50_ms": p50,
                "p99_ms": p99,
                "p50_ratio": r50,
                "p99_ratio": r99,
                "target": ("met" if met else "MISSED") if case.game else "",
            }
        )
    return out


def table(result_rows: list[dict[str, Any]]) -> str:
    lines = [
        f"{'command':<34} {'n':>4} {'p50 ms':>8} {'p99 ms':>8} {'p50/ping':>9} {'p99/ping':>9}"
        "  target (1.5x / 2x)",
    ]
    for r in result_rows:
        lines.append(
            f"{r['command']:<34} {r['n']:>4} {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f} "
            f"{r['p50_ratio']:>8.2f}x {r['p99_ratio']:>8.2f}x  {r['target']}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    print(table(rows(asyncio.run(measure(args.count)))))


if __name__ == "__main__":
    main()
