"""Profile the bot process (py-spy) while it answers one command over and over.

Needs py-spy (``pip install py-spy``; not a dependency of the project). Writes collapsed stacks
and prints the functions with the most samples (inclusive, then own time).

Run: python -m benchmarks.profile "deploy-roll" [--count 1000] [--undo]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

from benchmarks import latency as lat
from benchmarks import scenarios as sc
from benchmarks.common import bot_process


def summarise(collapsed: Path, top: int) -> str:
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        total += count
        frames = stack.split(";")
        for frame in set(frames):
            inclusive[frame] += count
        own[frames[-1]] += count
    out = [f"{total} samples (idle excluded)", "inclusive:"]
    for frame, n in inclusive.most_common(top):
        out.append(f"  {100 * n / total:5.1f}%  {frame}")
    out.append("own:")
    for frame, n in own.most_common(top):
        out.append(f"  {100 * n / total:5.1f}%  {frame}")
    return "\n".join(out)


async def profile(
    name: str,
    count: int,
    undo: bool,
    output: Path,
    rate: int,
    concurrent: int,
    idle: bool = False,
) -> None:
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    case = next(c for c in lat.cases() if c.name == name or c.path == name)
    with tempfile.TemporaryDirectory() as tmp:
        async with bot_process(Path(tmp) / "profile.sqlite3") as bot:
            await lat.prepare(bot)
            channels = [case.channel]
            if concurrent > 1:
                channels = [5000 + n for n in range(concurrent)]
                for channel in channels:
                    await sc.setup_imperial_assault(bot, channel, deploy=False)
            recorder = await asyncio.create_subprocess_exec(
                spy,
                "record",
                "--pid",
                str(bot.pid),
                "--format",
                "raw",
                "--rate",
                str(rate),
                "--output",
                str(output),
                "--nonblocking",
                *(["--idle"] if idle else []),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
            await asyncio.sleep(1.0)

            async def loop(channel: int) -> None:
                for n in range(count // len(channels)):
                    await bot.run(case.path, case.args(n), user=case.user, channel_id=channel)
                    if undo and case.undo:
                        await bot.run("campaign undo", user=case.user, channel_id=channel)

            await asyncio.gather(*(loop(c) for c in channels))
            recorder.send_signal(2)
            await recorder.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("command", help="a case name or command path from benchmarks.latency")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--undo", action="store_true")
    parser.add_argument("--rate", type=int, default=1000)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument(
        "--concurrent", type=int, default=1, help="that many IA channels at once (deploy-roll)"
    )
    parser.add_argument("--idle", action="store_true", help="also sample waiting threads")
    parser.add_argument("--output", type=Path, default=Path("/tmp/bot-profile.txt"))
    args = parser.parse_args()
    asyncio.run(
        profile(
            args.command, args.count, args.undo, args.output, args.rate, args.concurrent, args.idle
        )
    )
    print(summarise(args.output, args.top))
    print(json.dumps({"collapsed": str(args.output)}))


if __name__ == "__main__":
    main()
