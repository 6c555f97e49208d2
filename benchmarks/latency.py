"""Round-trip latency of every game command, in a repeated and a heavy form, against /ping
and against /ping plus one durable commit, all measured in the same run.

The bot runs as a subprocess (``python -m bot``) against the loopback stand-in Discord. Each
campaign is set up first through the bot's own commands (see ``benchmarks/scenarios.py``).

Two forms of the commands, interleaved in the same rounds:

- **repeated**: the same options and the same state every run (``/battle`` is always Tank
  against Trooper in Woods), so anything the bot caches always hits;
- **heavy**: ``/battle`` with a new 10 v 10 matchup with a counter-strike every run (rolled,
  odds-only and in a campaign channel: each its own matchup, never one asked before in the
  run), ``/deploy-roll`` at Hard, threat level 12, ``/initiative`` and ``/maintenance`` with
  40 ships in the system, ``/campaign history`` of a campaign with 200 entries.

State-changing commands are measured from the same state every time: each timed command is
followed by an untimed ``/campaign undo`` by the same member, which restores the state from
before it (the undo round trips are reported on their own row); their dice differ every run.
A ``/battle`` in a campaign channel is an aside (a history entry, the state unchanged) that
undo passes by: its entries accumulate, as at a table.
Rounds are interleaved — one of every case per round, then one bare durable commit without
the bot — so a slow moment of the machine hits every case alike.

Targets: a command that writes nothing p50 ≤ 1.5× and p99 ≤ 2× /ping; a command that
commits p50 ≤ 1.3× and p99 ≤ 2× the floor, "/ping + one durable commit": each round's /ping
round trip plus that round's bare commit, summed per round, then p50 and p99 of the sums.

**The fair floor, the echo**: right after the bot answers a run, a minimal discord.py client
(``benchmarks/echo.py``, a process of its own on a stand-in of its own) answers the same
interaction with the very requests the bot sent for it (the same bodies: embeds, buttons),
and nothing else. Each case's bot p50 is judged against its echo's p50 in the same rounds: a
command that writes nothing within 1.5× of its echo, one that commits within 1.5× of its echo
plus that round's bare durable commit, and /ping within 1.2× of the minimal client's.

Run alone: python -m benchmarks.latency [--count 300] [--form both|repeated|heavy]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from benchmarks import scenarios as sc
from benchmarks.common import (
    BO,
    GM,
    ROOT,
    TYPICAL_ROW,
    BareCommits,
    BotProcess,
    User,
    bot_process,
    median,
    percentile,
)
from bot.sandbox.standin import Reply, StandIn

Kind = Literal["reads", "commits"]
Form = Literal["repeated", "heavy"]
FORMS: tuple[Form, ...] = ("repeated", "heavy")

# (p50, p99) ceilings as multiples of the baseline: /ping for reads, the floor for commits.
TARGETS: dict[Kind, tuple[float, float]] = {"reads": (1.5, 2.0), "commits": (1.3, 2.0)}
# p50 ceilings against the echo (the minimal client sending the bot's own replies): of the echo
# for what writes nothing, of the echo plus one bare durable commit for what commits; /ping's
ECHO_TARGETS: dict[Kind, float] = {"reads": 1.5, "commits": 1.5}
PING_ECHO_TARGET = 1.2
PING = "/ping"
BARE = "(a bare durable commit, no bot)"
FLOOR = "/ping + one durable commit (floor)"
UNDO = "/campaign undo"

# Channels
PLAIN, WITH_CAMPAIGN, IA, IA_ROLL, IMPERIUM, MAINT, ASTEROIDS = range(1001, 1008)
WITH_CAMPAIGN_HEAVY, IA_HARD, IMPERIUM_40, MAINT_40, HISTORY_200 = range(1008, 1013)
HEAVY_SHIPS = 40
HISTORY_ENTRIES = 200

Setup = Callable[[BotProcess, int], Awaitable[None]]


def _ships(n: int) -> Setup:
    async def setup(bot: BotProcess, channel: int) -> None:
        await sc.setup_imperium(bot, channel, ships=n)

    return setup


def _combat(n: int) -> Setup:
    async def setup(bot: BotProcess, channel: int) -> None:
        await sc.setup_imperium_combat(bot, channel, ships=n)

    return setup


async def _no_deploys(bot: BotProcess, channel: int) -> None:
    await sc.setup_imperial_assault(bot, channel, deploy=False)


async def _history(bot: BotProcess, channel: int) -> None:
    await sc.setup_history(bot, channel, HISTORY_ENTRIES)


async def _nothing(bot: BotProcess, channel: int) -> None:
    return None


# What each channel holds before the first round (set up in this order).
SETUPS: dict[int, Setup] = {
    PLAIN: _nothing,
    WITH_CAMPAIGN: _no_deploys,
    IA: sc.setup_imperial_assault,
    IA_ROLL: sc.setup_imperial_assault,
    IMPERIUM: _combat(20),
    MAINT: _ships(20),
    ASTEROIDS: sc.setup_asteroid_belt,
    WITH_CAMPAIGN_HEAVY: _no_deploys,
    IA_HARD: sc.setup_imperial_assault_hard,
    IMPERIUM_40: _combat(HEAVY_SHIPS),
    MAINT_40: _ships(HEAVY_SHIPS),
    HISTORY_200: _history,
}


@dataclass
class Case:
    name: str
    path: str
    options: Mapping[str, Any]
    channel: int
    user: User = field(default_factory=lambda: GM)
    undo: bool = False  # restore the state after each timed run (an untimed /campaign undo)
    kind: Kind | None = None  # a game command (held to its target); None: /ping, undo, floors
    form: Form | None = None
    # Options of the n-th run (a new matchup every round), merged over ``options``.
    vary: Callable[[int], Mapping[str, Any]] | None = None
    times: list[float] = field(default_factory=list)
    # the echo's round trips for the same runs (the minimal client, the bot's replies)
    echo_times: list[float] = field(default_factory=list)

    @property
    def game(self) -> bool:
        return self.kind is not None

    def args(self, n: int) -> Mapping[str, Any]:
        """The options of the ``n``-th run."""
        return self.options if self.vary is None else {**self.options, **self.vary(n)}


def _battle(k: int) -> Callable[[int], Mapping[str, Any]]:
    """The heavy /battle cases' matchups: run ``n`` of case ``k`` (of 3) gets matchup
    3n + k, so no two runs in a round, and no two rounds, ask the same battle."""
    return lambda n: sc.matchup(3 * n + k)


def cases(form: str = "both") -> list[Case]:
    """Every case, each command's repeated form next to its heavy form; ``form`` keeps only
    the repeated or only the heavy ones (/ping always runs)."""
    system = {"system": sc.IMPERIUM_SYSTEM}
    everything = [
        Case(PING, "ping", {}, PLAIN),
        Case(
            "/battle (rolled, 10 v 10)", "battle", sc.BATTLE, PLAIN, kind="reads", form="repeated"
        ),
        Case(
            "/battle (rolled, new matchup)",
            "battle",
            {},
            PLAIN,
            kind="reads",
            form="heavy",
            vary=_battle(0),
        ),
        Case(
            "/battle odds-only",
            "battle",
            {**sc.BATTLE, "odds-only": True},
            PLAIN,
            kind="reads",
            form="repeated",
        ),
        Case(
            "/battle odds-only (new matchup)",
            "battle",
            {"odds-only": True},
            PLAIN,
            kind="reads",
            form="heavy",
            vary=_battle(1),
        ),
        Case(
            "/battle in a campaign channel",
            "battle",
            sc.BATTLE,
            WITH_CAMPAIGN,
            kind="commits",
            form="repeated",
        ),
        Case(
            "/battle in a campaign channel (new matchup)",
            "battle",
            {},
            WITH_CAMPAIGN_HEAVY,
            kind="commits",
            form="heavy",
            vary=_battle(2),
        ),
        Case(
            "/deploy-roll", "deploy-roll", {}, IA_ROLL, undo=True, kind="commits", form="repeated"
        ),
        Case(
            "/deploy-roll (hard, threat level 12)",
            "deploy-roll",
            {},
            IA_HARD,
            undo=True,
            kind="commits",
            form="heavy",
        ),
        Case("/ia activate", "ia activate", {}, IA, undo=True, kind="commits", form="repeated"),
        Case(
            "/initiative (round 2, 20 ships)",
            "initiative",
            system,
            IMPERIUM,
            undo=True,
            kind="commits",
            form="repeated",
        ),
        Case(
            f"/initiative (round 2, {HEAVY_SHIPS} ships)",
            "initiative",
            system,
            IMPERIUM_40,
            undo=True,
            kind="commits",
            form="heavy",
        ),
        Case(
            "/maintenance (20 ships)",
            "maintenance",
            sc.MAINTENANCE,
            MAINT,
            undo=True,
            kind="commits",
            form="repeated",
        ),
        Case(
            f"/maintenance ({HEAVY_SHIPS} ships)",
            "maintenance",
            sc.MAINTENANCE,
            MAINT_40,
            undo=True,
            kind="commits",
            form="heavy",
        ),
        Case(
            "/capture guards",
            "capture guards",
            sc.GUARDS,
            ASTEROIDS,
            user=BO,
            undo=True,
            kind="commits",
            form="repeated",
        ),
        Case("/asteroids status", "asteroids status", {}, ASTEROIDS, kind="reads", form="repeated"),
        Case("/campaign status", "campaign status", {}, IA, kind="reads", form="repeated"),
        Case("/campaign history", "campaign history", {}, IA, kind="reads", form="repeated"),
        Case(
            f"/campaign history ({HISTORY_ENTRIES} entries)",
            "campaign history",
            {},
            HISTORY_200,
            kind="reads",
            form="heavy",
        ),
    ]
    if form not in ("both", *FORMS):
        raise ValueError(f"form must be both, repeated or heavy, not {form!r}")
    return [c for c in everything if c.form is None or form in ("both", c.form)]


async def prepare(bot: BotProcess, chosen: list[Case] | None = None) -> None:
    """Set up the channels the cases (all of them, unless told) run in."""
    used = {c.channel for c in (cases() if chosen is None else chosen)}
    for channel, setup in SETUPS.items():
        if channel in used:
            await setup(bot, channel)


@dataclass
class Echo:
    """The minimal discord.py client (``benchmarks/echo.py``) on a stand-in of its own."""

    discord: StandIn
    proc: asyncio.subprocess.Process

    async def run(self, case: Case, n: int, bot_reply: Reply) -> Reply:
        """The same interaction as the bot's ``n``-th run of ``case``, answered with the
        requests the bot made for it."""
        requests = list(bot_reply.requests)
        if any("files" in body for _, body in requests):
            raise ValueError(f"{case.name}: the echo does not replay attachments")
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(requests).encode() + b"\n")
        await self.proc.stdin.drain()
        if await self.proc.stdout.readline() != b"ok\n":
            raise RuntimeError("the echo client stopped")
        return await self.discord.invoke(
            case.path, case.args(n), user=case.user, channel_id=case.channel, timeout=30
        )


@asynccontextmanager
async def echo_process(commands: StandIn) -> AsyncIterator[Echo]:
    """The echo client, connected; its stand-in knows the commands ``commands`` synced (so
    its interactions are built from the same schema as the bot's)."""
    async with StandIn() as discord:
        discord.commands = commands.commands
        environment = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
        environment.update(discord.bot_env(), PYTHONPATH=str(ROOT))
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchmarks.echo",
            env=environment,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        try:
            await asyncio.wait_for(discord.identified.wait(), timeout=60)
            yield Echo(discord, proc)
        finally:
            assert proc.stdin is not None
            proc.stdin.close()
            try:
                await asyncio.wait_for(proc.wait(), timeout=10)
            except TimeoutError:
                proc.kill()
                await proc.wait()


async def one_round(
    bot: BotProcess, echo: Echo, all_cases: list[Case], undo: Case, n: int, record: bool
) -> None:
    for case in all_cases:
        reply = await bot.run(case.path, case.args(n), user=case.user, channel_id=case.channel)
        echoed = await echo.run(case, n, reply)
        if record:
            case.times.append(reply.latency * 1000)
            case.echo_times.append(echoed.latency * 1000)
        if case.undo:
            reply = await bot.run("campaign undo", user=case.user, channel_id=case.channel)
            if record:
                undo.times.append(reply.latency * 1000)


async def measure(count: int, warmup: int = 20, form: str = "both") -> list[Case]:
    """Time ``count`` rounds after ``warmup`` untimed ones. Returns the cases, then the undo
    row, the bare commits and the floor (/ping + the bare commit of the same round)."""
    all_cases = cases(form)
    undo = Case(UNDO, "campaign undo", {}, IA)
    bare = Case(BARE, "", {}, 0)
    with tempfile.TemporaryDirectory() as tmp:
        commits = await BareCommits.open(Path(tmp) / "bare.sqlite3", TYPICAL_ROW)
        try:
            async with (
                bot_process(Path(tmp) / "latency.sqlite3") as bot,
                echo_process(bot.discord) as echo,
            ):
                await prepare(bot, all_cases)
                for n in range(warmup):
                    await one_round(bot, echo, all_cases, undo, n, record=False)
                    await commits.commit()
                for n in range(warmup, warmup + count):
                    await one_round(bot, echo, all_cases, undo, n, record=True)
                    start = time.perf_counter()
                    await commits.commit()
                    bare.times.append((time.perf_counter() - start) * 1000)
        finally:
            await commits.close()
    ping = next(c for c in all_cases if c.name == PING)
    floor = Case(
        FLOOR, "", {}, 0, times=[p + b for p, b in zip(ping.times, bare.times, strict=True)]
    )
    return [*all_cases, undo, bare, floor]


def rows(results: list[Case]) -> list[dict[str, Any]]:
    """One row per case, in the order of the table: /ping, the bare commit and the floor;
    the commands that write nothing (against /ping); those that commit (against the floor);
    the undo row (against the floor, no target)."""
    by_name = {c.name: c for c in results}
    baselines = {
        "/ping": by_name[PING],
        "floor": by_name[FLOOR],
    }
    order = [
        *(c for c in results if c.name in (PING, BARE, FLOOR)),
        *(c for c in results if c.kind == "reads"),
        *(c for c in results if c.kind == "commits"),
        *(c for c in results if c.name == UNDO),
    ]
    bare = by_name[BARE]
    out = []
    for case in order:
        against = "floor" if case.kind == "commits" or case.name == UNDO else "/ping"
        base = baselines[against]
        p50, p99 = median(case.times), percentile(case.times, 0.99)
        r50 = p50 / median(base.times)
        r99 = p99 / percentile(base.times, 0.99)
        target = ""
        if case.kind is not None:
            t50, t99 = TARGETS[case.kind]
            target = "met" if r50 <= t50 and r99 <= t99 else "MISSED"
        # against the echo: its p50, plus the same round's bare commit for what commits
        echo_p50 = echo_ratio = None
        echo_target = ""
        if case.echo_times:
            echo = case.echo_times
            if case.kind == "commits":
                echo = [e + b for e, b in zip(echo, bare.times, strict=True)]
            echo_p50 = median(echo)
            echo_ratio = p50 / echo_p50
            ceiling = PING_ECHO_TARGET if case.kind is None else ECHO_TARGETS[case.kind]
            echo_target = "met" if echo_ratio <= ceiling else "MISSED"
        out.append(
            {
                "command": case.name,
                "form": case.form or "",
                "kind": case.kind or "",
                "n": len(case.times),
                "p50_ms": p50,
                "p99_ms": p99,
                "against": against,
                "p50_ratio": r50,
                "p99_ratio": r99,
                "target": target,
                "echo_p50_ms": echo_p50,
                "echo_ratio": echo_ratio,
                "echo_target": echo_target,
            }
        )
    return out


def table(result_rows: list[dict[str, Any]]) -> str:
    r50, r99 = TARGETS["reads"]
    c50, c99 = TARGETS["commits"]
    e_r, e_c = ECHO_TARGETS["reads"], ECHO_TARGETS["commits"]
    sections = {
        "reads": f"writes nothing: p50 <= {r50}x and p99 <= {r99}x /ping; p50 <= {e_r}x its echo",
        "commits": f"commits: p50 <= {c50}x and p99 <= {c99}x the floor (/ping + one durable "
        f"commit); p50 <= {e_c}x its echo + one durable commit",
    }
    lines = [
        f"{'command':<44} {'form':<8} {'n':>4} {'p50 ms':>7} {'p99 ms':>7}  {'against':<7}"
        f" {'p50 x':>6} {'p99 x':>6}  {'target':<6}  {'echo ms':>7} {'/echo':>6}  echo target"
    ]
    section = None
    for r in result_rows:
        if r["kind"] and r["kind"] != section:
            section = r["kind"]
            lines.append(f"-- {sections[section]}")
        elif not r["kind"] and section is not None:
            section = None
            lines.append("--")
        echo = ""
        if r.get("echo_p50_ms") is not None:
            echo = f"{r['echo_p50_ms']:>7.2f} {r['echo_ratio']:>5.2f}x  {r['echo_target']}"
        lines.append(
            f"{r['command']:<44} {r['form']:<8} {r['n']:>4} {r['p50_ms']:>7.2f} "
            f"{r['p99_ms']:>7.2f}  {r['against']:<7} {r['p50_ratio']:>5.2f}x "
            f"{r['p99_ratio']:>5.2f}x  {r['target']:<6}  {echo}".rstrip()
        )
    lines.append(
        "(floor: each round's /ping plus that round's bare commit, summed per round; heavy "
        "/battle: a new matchup every run; echo: the minimal discord.py client sending the "
        f"bot's own replies to the same runs, plus the round's bare commit for what commits; "
        f"/ping against the minimal client's: <= {PING_ECHO_TARGET}x)"
    )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument(
        "--form",
        choices=("both", *FORMS),
        default="both",
        help="the repeated forms, the heavy forms, or both interleaved (default)",
    )
    args = parser.parse_args()
    print(table(rows(asyncio.run(measure(args.count, args.warmup, args.form)))))


if __name__ == "__main__":
    main()
