"""``python -m bot`` runs the bot; ``python -m bot health`` checks a running bot's heartbeat;
``python -m bot local`` opens a local table in the terminal (no Discord needed)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time

import discord

from bot.app import TableBot
from bot.config import ConfigError, Settings, load_settings
from bot.logs import configure_logging

log = logging.getLogger("bot")

HEALTHY_WITHIN_SECONDS = 60.0


def health() -> int:
    """Exit 0 if the bot touched its heartbeat file within the last minute (gateway up)."""
    try:
        settings = load_settings(require_token=False)
    except ConfigError as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    path = settings.resolved_heartbeat_path
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        print(f"unhealthy: no heartbeat at {path}", file=sys.stderr)
        return 1
    if age > HEALTHY_WITHIN_SECONDS:
        print(f"unhealthy: last heartbeat {age:.0f} s ago", file=sys.stderr)
        return 1
    print(f"healthy: heartbeat {age:.0f} s ago")
    return 0


async def run(settings: Settings) -> int:
    bot = TableBot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("Stopping: finishing the commands in flight")
            await bot.shutdown()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(runner, timeout=2)
            log.info("Stopped")
            return 0
        stopper.cancel()
        try:
            runner.result()
        except discord.LoginFailure:
            print(
                "error: Discord refused DISCORD_TOKEN — copy the bot token again from the "
                "Developer Portal (Bot → Reset Token).",
                file=sys.stderr,
            )
            return 1
        except discord.PrivilegedIntentsRequired:
            print(
                "error: Discord asks for privileged intents; this bot uses none — "
                "check the token belongs to this bot.",
                file=sys.stderr,
            )
            return 1
        return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["health"]:
        return health()
    if args[:1] == ["local"]:
        from bot.local import main as local_main

        return local_main(args[1:])
    if args:
        print("usage: python -m bot [health | local [--help]]", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level, [settings.discord_token.get_secret_value()])
    try:
        return asyncio.run(run(settings))
    except KeyboardInterrupt:
        return 0
    except Exception as exc:  # one line, never a traceback
        log.debug("fatal", exc_info=True)
        print(f"error: the bot stopped: {type(exc).__name__}: {exc}"[:500], file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
