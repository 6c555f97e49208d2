"""``python -m bot`` as a host runs it, for the end-to-end tests and the benchmarks: a subprocess
with a clean environment, its stderr collected as it runs, stopped (or killed) afterwards."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

from bot.sandbox.standin import StandIn

# Variables of the caller's environment that must not leak into a bot under test.
OWN_PREFIXES = ("DISCORD_", "DATABASE_", "SHARD_")
OWN_NAMES = ("LOG_LEVEL", "DICE_SEED", "HEARTBEAT_PATH")


def bot_env(discord: StandIn | None = None, **settings: str) -> dict[str, str]:
    """This process's environment without the bot's own settings, then ``discord``'s URLs and
    token, then ``settings``."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith(OWN_PREFIXES) and k not in OWN_NAMES
    }
    if discord is not None:
        env.update(discord.bot_env())
    env.update(settings)
    return env


@dataclass
class BotRun:
    """A running ``python -m bot``; ``stderr`` fills as it logs."""

    proc: asyncio.subprocess.Process
    stderr: bytearray = field(default_factory=bytearray)
    _drain: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        return self.proc.pid

    def log(self) -> str:
        return self.stderr.decode(errors="replace")

    async def wait(self, timeout: float = 20.0) -> int:
        """Its exit status, once it has exited and its stderr is read to the end."""
        code = await asyncio.wait_for(self.proc.wait(), timeout)
        if self._drain is not None:
            await asyncio.wait_for(self._drain, 5)
        return code

    async def stop(self, sig: int = signal.SIGTERM, timeout: float = 10.0) -> int:
        """Send ``sig`` (SIGTERM: a clean stop) and wait; killed if it does not exit in time."""
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.kill()
        return await self.wait()


async def _drain(stream: asyncio.StreamReader, into: bytearray) -> None:
    while chunk := await stream.read(4096):
        into.extend(chunk)


async def start_bot(env: Mapping[str, str], cwd: Path, *args: str) -> BotRun:
    """Spawn ``python -m bot *args`` (stdout discarded, stderr collected)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        *args,
        cwd=cwd,
        env=dict(env),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    assert proc.stderr is not None
    run = BotRun(proc)
    run._drain = asyncio.create_task(_drain(proc.stderr, run.stderr))
    return run


@asynccontextmanager
async def running_bot(env: Mapping[str, str], cwd: Path, *args: str) -> AsyncIterator[BotRun]:
    """:func:`start_bot`, killed on the way out if still running."""
    run = await start_bot(env, cwd, *args)
    try:
        yield run
    finally:
        await run.stop(signal.SIGKILL, timeout=5)
