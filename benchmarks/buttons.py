"""Buttons: a press against the command it runs, and the bot's memory in a soak.

1. Latency: each pair is timed alternately on one ``python -m bot`` process and its stand-in
   Discord, ``count`` rounds after a warm-up: ``/roll 2d6`` against pressing its **Roll
   again**; a rolled ``/battle`` against its **Roll again**; ``/asteroids end-turn`` (the
   game master, whose turn it is) against pressing **End turn** under the latest reply;
   ``/ia activate`` against **Activate next** under an activation (each followed by an
   untimed ``/campaign undo``, so every round starts from the same state); a fire step of
   ``/imperium hits`` with no ship against **No hits in step N** under the step before (the
   steps of a round alternate between the two; **Next round**, untimed, starts the next); a
   ``/battle`` of one Tank against a full Trooper with ``flank:1`` against choosing the flank
   in **Next attack on this defender…** under a first battle. The target: a press's p50
   within 1.1x of its command's.
2. Soak: ``campaigns`` channels, ``in_flight`` at a time, each running ``/imperium setup``,
   ``/imperium phasing`` (an Undo button), ``/roll 2d6`` and a rolled ``/battle`` (a Roll
   again each), and one press of Roll again: every reply keeps its buttons. The bot's resident
   set size (VmRSS) is read after the first 1 000 campaigns and at the end; the target: at
   most 25 MiB of growth between the two.

Run alone: python -m benchmarks.buttons [--count 300] [--campaigns 5000] [--in-flight 40]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.common import ANA, BO, GM, BotProcess, bot_process, median, percentile
from bot.sandbox.standin import Message, Reply

BATTLE: dict[str, Any] = {"attacker": "Tank", "defender": "Trooper", "defender-terrain": "Woods"}
CHANNEL = 4001
AB_CHANNEL = 4002
IA_CHANNEL = 4003
IMP_CHANNEL = 4004
FLANK = "The next attacker stands on another side: +2"
SOAK_FIRST = 20_000_001


async def press(bot: BotProcess, message: Message, label: str, channel: int) -> Reply:
    reply = await bot.discord.click(message, label, user=GM, timeout=30)
    if reply.ephemeral:
        raise AssertionError(f"{label} was refused: {reply.text}")
    return reply


async def latency(bot: BotProcess, count: int, warmup: int) -> list[tuple[str, list[float]]]:
    await bot.run("asteroids setup", {"civilisations": "violet orange"}, channel_id=AB_CHANNEL)
    await bot.run("asteroids join", {"civilisation": "violet"}, user=ANA, channel_id=AB_CHANNEL)
    await bot.run("asteroids join", {"civilisation": "orange"}, user=BO, channel_id=AB_CHANNEL)
    ia = {"difficulty": "medium", "threat-level": 3}
    await bot.run("ia setup", ia, channel_id=IA_CHANNEL)
    for group in ("DG001", "DG002", "DG004"):
        await bot.run("ia deploy", {"group": group}, channel_id=IA_CHANNEL)
    under = await bot.run("ia activate", channel_id=IA_CHANNEL)
    await bot.run("campaign undo", channel_id=IA_CHANNEL)
    await imperium_war(bot)
    await bot.run("initiative", {"system": "Sol", "range": "long"}, channel_id=IMP_CHANNEL)
    series: dict[str, list[float]] = {
        k: []
        for k in (
            "/roll 2d6",
            "Roll again (/roll)",
            "/battle (rolled)",
            "Roll again (/battle)",
            "/asteroids end-turn",
            "End turn",
            "/ia activate",
            "Activate next",
            "/imperium hits (none)",
            "No hits in step N",
            "/battle flank:1",
            "Next attack (flank)",
        )
    }
    for n in range(warmup + count):
        keep = n >= warmup
        rolled = await bot.run("roll", {"expression": "2d6"}, channel_id=CHANNEL)
        again = await press(bot, rolled.message, "Roll again", CHANNEL)
        fought = await bot.run("battle", BATTLE, channel_id=CHANNEL)
        fought_again = await press(bot, fought.message, "Roll again", CHANNEL)
        ended = await bot.run("asteroids end-turn", channel_id=AB_CHANNEL)
        pressed = await press(bot, ended.message, "End turn", AB_CHANNEL)
        activated = await bot.run("ia activate", channel_id=IA_CHANNEL)
        await bot.run("campaign undo", channel_id=IA_CHANNEL)
        activated_again = await press(bot, under.message, "Activate next", IA_CHANNEL)
        await bot.run("campaign undo", channel_id=IA_CHANNEL)
        # fire steps: the command, then the press under its reply, two steps a round-trip
        step = 1 + 2 * (n % 2)  # 1 or 3; a round is steps 1-5, then Next round
        hit = await bot.run(
            "imperium hits", {"system": "Sol", "step": step}, user=ANA, channel_id=IMP_CHANNEL
        )
        no_hits = await press(bot, hit.message, f"No hits in step {step + 1}", IMP_CHANNEL)
        if step == 3:
            fifth = await bot.run(
                "imperium hits", {"system": "Sol", "step": 5}, user=ANA, channel_id=IMP_CHANNEL
            )
            await press(bot, fifth.message, "Next round", IMP_CHANNEL)
        # the chain of attacks: a first battle, then the flank by the select and by the command
        first = await bot.run("battle", CHAIN, channel_id=CHANNEL)
        chain = await choose_flank(bot, first.message)
        left = int(re_left.search(first.message.selects()[0]["placeholder"])[1])  # type: ignore[index]
        typed = await bot.run(
            "battle", {**CHAIN, "defenders": left, "flank": 1}, channel_id=CHANNEL
        )
        replies = (
            rolled,
            again,
            fought,
            fought_again,
            ended,
            pressed,
            activated,
            activated_again,
            hit,
            no_hits,
            typed,
            chain,
        )
        if keep:
            for key, reply in zip(series, replies, strict=True):
                series[key].append(reply.latency * 1000)
    return list(series.items())


CHAIN: dict[str, Any] = {"attacker": "Tank", "defender": "Trooper", "attackers": 1}
re_left = re.compile(r"\((\d+) left\)")


async def choose_flank(bot: BotProcess, message: Message) -> Reply:
    reply = await bot.discord.choose(
        message, message.selects()[0]["placeholder"], [FLANK], user=GM, timeout=30
    )
    if reply.ephemeral:
        raise AssertionError(f"the flank was refused: {reply.text}")
    return reply


async def imperium_war(bot: BotProcess) -> None:
    """A war at Sol: two Terran cruisers, an Imperial missile boat."""
    await bot.run("imperium setup", {"terran": ANA, "imperial": BO}, channel_id=IMP_CHANNEL)
    await bot.run(
        "imperium system set",
        {"name": "Sol", "owner": "terran", "worlds": 1, "homeworld": True},
        channel_id=IMP_CHANNEL,
    )
    await bot.run("imperium war", channel_id=IMP_CHANNEL)
    for name, side in (("Victory", ANA), ("Hope", ANA)):
        ship = {"name": name, "type": "CR", "system": "Sol", "tclass": "capital", "maintenance": 4}
        await bot.run("imperium ship add", ship, user=side, channel_id=IMP_CHANNEL)
    boat = {"name": "MB1", "type": "missile boat", "system": "Sol", "tclass": "other"}
    await bot.run("imperium ship add", boat, user=BO, channel_id=IMP_CHANNEL)


async def soak(bot: BotProcess, campaigns: int, in_flight: int) -> tuple[float, float, float]:
    """RSS at start, after the first 1 000 campaigns, at the end (MiB)."""
    gate = asyncio.Semaphore(in_flight)

    async def one(i: int) -> None:
        channel = SOAK_FIRST + i
        async with gate:
            await bot.run("imperium setup", {"terran": ANA, "imperial": BO}, channel_id=channel)
            await bot.run("imperium phasing", {"side": "imperial"}, channel_id=channel)
            rolled = await bot.run("roll", {"expression": "2d6"}, channel_id=channel)
            await bot.run("battle", BATTLE, channel_id=channel)
            await press(bot, rolled.message, "Roll again", channel)

    start = bot.rss_mb()
    first = min(1000, campaigns)
    if not campaigns:
        return start, start, start
    await asyncio.gather(*(one(i) for i in range(first)))
    after_first = bot.rss_mb()
    await asyncio.gather(*(one(i) for i in range(first, campaigns)))
    return start, after_first, bot.rss_mb()


def report(rows: list[tuple[str, list[float]]]) -> str:
    lines = [f"{'interaction':24} {'n':>5} {'p50 ms':>8} {'p99 ms':>8}  press/command (<= 1.1x)"]
    for i, (name, values) in enumerate(rows):
        ratio = ""
        if i % 2:
            r = median(values) / median(rows[i - 1][1])
            ratio = f"{r:.2f}x {'met' if r <= 1.1 else 'MISSED'}"
        lines.append(
            f"{name:24} {len(values):>5} {median(values):>8.2f} "
            f"{percentile(values, 99):>8.2f}  {ratio}"
        )
    return "\n".join(lines)


async def main_async(count: int, warmup: int, campaigns: int, in_flight: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with bot_process(Path(tmp) / "buttons.sqlite3") as bot:
            print(report(await latency(bot, count, warmup)), flush=True)
            began = time.perf_counter()
            start, first, end = await soak(bot, campaigns, in_flight)
            took = time.perf_counter() - began
            growth = end - first
            print(
                f"soak: {campaigns} campaigns ({campaigns * 5} interactions, {in_flight} in "
                f"flight) in {took:.0f} s; VmRSS {start:.1f} MiB at start, {first:.1f} MiB "
                f"after 1000, {end:.1f} MiB at the end: growth {growth:.1f} MiB "
                f"(target <= 25 MiB: {'met' if growth <= 25 else 'MISSED'})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--campaigns", type=int, default=5000)
    parser.add_argument("--in-flight", type=int, default=40)
    args = parser.parse_args()
    asyncio.run(main_async(args.count, args.warmup, args.campaigns, args.in_flight))


if __name__ == "__main__":
    main()
