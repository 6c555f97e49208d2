"""Where a command's time goes: the bot in this process (the test harness), with the store's
database round trips timed, for every case of the latency benchmark (repeated and heavy
forms; the heavy /battle cases get a new matchup every run, as there).

For each command: the median round trip, the median time spent waiting for the database
thread (reads and the commit, which includes the fsync), and what is left above /ping — the
command's own work (parsing the state, the rules, rendering the reply, a bigger payload).
This is a diagnostic, not a target: in-process numbers are lower than the subprocess ones
because the bot and the stand-in share one event loop.

Run: python -m benchmarks.breakdown [--count 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from benchmarks import latency as lat
from benchmarks.common import GM, CommandFailed, User
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Reply
from bot.storage import database

_waits: list[float] = []


def _instrument() -> None:
    """Time every statement the store sends to the database (either backend)."""
    for cls in (database._SqliteConn, database._PgConn):
        for name in ("fetch", "fetchrow", "execute"):
            original = getattr(cls, name)

            async def timed(self: Any, sql: str, *args: Any, _original: Any = original) -> Any:
                start = time.perf_counter()
                try:
                    return await _original(self, sql, *args)
                finally:
                    _waits.append(time.perf_counter() - start)

            setattr(cls, name, timed)


class _InProcess:
    """The bits of :class:`benchmarks.common.BotProcess` the scenarios use, in process."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.discord = table.discord

    async def run(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User = GM,
        channel_id: int,
        ok: bool = True,
    ) -> Reply:
        reply = await self.discord.invoke(path, options, user=user, channel_id=channel_id)
        if ok and reply.ephemeral:
            raise CommandFailed(f"/{path} was refused: {reply.text}")
        return reply


async def measure(count: int) -> list[dict[str, Any]]:
    _instrument()
    out: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with running_table(Path(tmp) / "breakdown.sqlite3") as table:
            bot = _InProcess(table)
            await lat.prepare(bot)  # type: ignore[arg-type]
            for case in lat.cases():
                totals: list[float] = []
                waits: list[float] = []
                for i in range(count + 20):
                    _waits.clear()
                    reply = await bot.run(
                        case.path, case.args(i), user=case.user, channel_id=case.channel
                    )
                    waited = sum(_waits)
                    if case.undo:
                        await bot.run("campaign undo", user=case.user, channel_id=case.channel)
                    if i >= 20:
                        totals.append(reply.latency * 1000)
                        waits.append(waited * 1000)
                out.append(
                    {
                        "command": case.name,
                        "form": case.form or "",
                        "p50": statistics.median(totals),
                        "db": statistics.median(waits),
                    }
                )
    ping = float(out[0]["p50"])
    for row in out:
        row["rest"] = float(row["p50"]) - ping - float(row["db"])
    return out


def table(rows: list[dict[str, Any]]) -> str:
    lines = [
        f"{'command (in process)':<44} {'form':<8} {'p50 ms':>7} {'db wait':>8} {'own work':>9}"
    ]
    for r in rows:
        lines.append(
            f"{r['command']:<44} {r['form']:<8} {r['p50']:>7.2f} {r['db']:>8.2f} {r['rest']:>9.2f}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    args = parser.parse_args()
    print(table(asyncio.run(measure(args.count))))


if __name__ == "__main__":
    main()
