"""``python -m bot [run | local | health | migrate | export | import]`` — ``python -m bot --help`` lists them.

Only what a subcommand needs is imported: ``--help`` and ``health`` load no discord.py."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.storage import Store

log = logging.getLogger("bot")

# each subcommand and its line in --help (run is the default)
SUBCOMMANDS = {
    "run": "connect to Discord and serve the commands (the default)",
    "local": "try the commands in this terminal, no Discord needed",
    "health": "exit 0 if the running bot's gateway is up (container check)",
    "migrate": "copy every campaign from one database to another",
    "export": "save a channel's campaign to a file, at any length",
    "import": "load a campaign file into a channel, at any length",
}


class OneLineParser(argparse.ArgumentParser):
    """Mistakes are one line on stderr and exit 2 (no usage block)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message} — see {self.prog} --help\n")


def build_parser() -> OneLineParser:
    parser = OneLineParser(
        prog="python -m bot",
        description="A Discord bot that runs the fiddly parts of tabletop wargames. "
        "Settings come from the environment and .env (see the README).",
        epilog="Without a subcommand: run. python -m bot help SUBCOMMAND explains one.",
    )
    subs = parser.add_subparsers(dest="command", title="subcommands", metavar="SUBCOMMAND")
    for name, line in SUBCOMMANDS.items():
        # local and migrate parse (and explain) their own options
        own_options = name in ("local", "migrate", "export", "import")
        subs.add_parser(name, help=line, description=line, add_help=not own_options)
    return parser


def health() -> int:
    """Exit 0 if the bot touched its heartbeat file within the last minute (gateway up)."""
    from bot.health import main as health_main

    return health_main()


# seconds between attempts while Discord can't be reached at start-up (then: give up, exit 1)
RETRY_DELAYS = (1.0, 2.0, 4.0, 8.0, 15.0, 30.0, 60.0, 60.0, 60.0, 60.0)


def unreachable(exc: BaseException) -> str | None:
    """Why Discord could not be reached (refused, DNS, timeout, a 5xx), or None if ``exc``
    is another problem."""
    import aiohttp
    import discord

    if isinstance(exc, discord.DiscordServerError):
        return f"Discord answered HTTP {exc.status}"
    if isinstance(exc, discord.GatewayNotFound):
        return "the gateway address could not be fetched"
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return f"DNS lookup of {exc.host} failed"
    if isinstance(exc, aiohttp.ClientConnectorError):
        why = exc.os_error.strerror or str(exc.os_error) or type(exc.os_error).__name__
        return f"connecting to {exc.host}:{exc.port} failed: {why}"
    if isinstance(exc, aiohttp.ServerTimeoutError):
        return "timed out"
    if isinstance(exc, aiohttp.ClientConnectionError):
        return str(exc) or type(exc).__name__
    return None


def cannot_reach(settings: Settings, reason: str) -> str:
    return (
        f"cannot reach Discord at {settings.discord_api_base_url} ({reason}) — "
        "check the network connection and DISCORD_API_BASE_URL"
    )


async def run(settings: Settings, delays: tuple[float, ...] = RETRY_DELAYS) -> int:
    """Run until stopped; while Discord or the database can't be reached at start-up, retry
    after ``delays``."""
    from bot.storage.opening import CannotOpen, from_database
    from bot.storage.outage import describe_outage

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    attempts = len(delays) + 1
    for attempt in range(1, attempts + 1):
        try:
            try:
                return await run_once(settings, stop)
            except Exception as exc:
                if not from_database(exc) or describe_outage(exc) is None:
                    raise
                # the database failed after it opened (a damaged page read at start-up)
                raise CannotOpen(settings.database_target, exc) from exc
        except CannotOpen as exc:
            if not exc.waiting_helps:  # a file to fix, a bad URL, a schema too new
                print(f"error: {exc}", file=sys.stderr)
                return exc.exit_code
            problem = str(exc)
        except Exception as exc:
            reason = unreachable(exc)
            if reason is None:
                raise
            problem = cannot_reach(settings, reason)
        if attempt == attempts:
            print(f"error: {problem}; gave up after {attempts} attempts", file=sys.stderr)
            return 1
        delay = delays[attempt - 1]
        log.error("%s; retrying in %.0f s (attempt %d of %d)", problem, delay, attempt, attempts)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), delay)
        if stop.is_set():
            log.info("Stopped")
            return 0
    return 1  # not reached


async def open_or_stop(settings: Settings, stop: asyncio.Event) -> Store | None:
    """The campaign database, opened before Discord is contacted; None if ``stop`` is set
    first. Raises :class:`~bot.storage.opening.CannotOpen`."""
    from bot.storage.opening import open_store

    opening = asyncio.create_task(
        open_store(
            settings.database_target,
            pool_size=settings.database_pool_size,
            wait=settings.database_timeout,
        )
    )
    stopper = asyncio.create_task(stop.wait())
    done, _ = await asyncio.wait({opening, stopper}, return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    if opening in done:
        return opening.result()
    opening.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await opening
    return None


async def run_once(settings: Settings, stop: asyncio.Event) -> int:
    """One start of the bot; returns the exit code, or raises what stopped it."""
    import discord

    from bot.app import TableBot

    store = await open_or_stop(settings, stop)
    if store is None:
        log.info("Stopped")
        return 0
    try:
        bot = TableBot(settings, store=store)  # the bot closes it
    except BaseException:
        await store.close()
        raise
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
            return 2
        except discord.PrivilegedIntentsRequired:
            print(
                "error: Discord asks for privileged intents; this bot uses none — "
                "check the token belongs to this bot.",
                file=sys.stderr,
            )
            return 1
        except discord.ConnectionClosed as exc:
            if exc.code not in (4010, 4011):
                raise
            what = "invalid shard" if exc.code == 4010 else "sharding required: more shards"
            print(
                f"error: Discord closed shard {exc.shard_id}'s session ({exc.code}, {what}) — "
                "check SHARD_COUNT and SHARD_IDS, or unset both to let Discord decide.",
                file=sys.stderr,
            )
            return 1
        return 0


async def migrate(source_url: str, target_url: str, *, replace: bool) -> str:
    from bot.storage.copy import copy_campaigns
    from bot.storage.opening import open_store

    # maintenance: no limit on how long a statement or a lock may take; the source is only
    # read, never migrated (a source of another schema version is refused with what to do)
    source = await open_store(source_url, writable=False, wait=None, migrate=False)
    try:
        target = await open_store(target_url, wait=None)
        try:
            report = await copy_campaigns(source, target, replace=replace)
        finally:
            await target.close()
    finally:
        await source.close()
    return f"Copied {report} from {source.description} to {target.description}."


def migrate_main(argv: list[str]) -> int:
    """``python -m bot migrate --from URL --to URL [--replace]``."""
    import argparse

    from bot.storage import BadDatabaseUrl, check_url
    from bot.storage.copy import CopyRefused
    from bot.storage.database import sqlite_path_of
    from bot.storage.opening import CannotOpen

    parser = argparse.ArgumentParser(
        prog="python -m bot migrate",
        description="Copy every campaign, with its whole history and game masters, from one "
        "database to another (e.g. a SQLite file into PostgreSQL). Stop the bot first.",
    )
    parser.add_argument(
        "--from",
        dest="source",
        required=True,
        metavar="URL",
        help="sqlite:///path or postgresql://…",
    )
    parser.add_argument("--to", dest="target", required=True, metavar="URL", help="the same forms")
    parser.add_argument(
        "--replace",
        action="store_true",
        help="delete the campaigns the target already holds (refused without it)",
    )
    ns = parser.parse_args(argv)
    try:
        for url in (ns.source, ns.target):
            check_url(url)
        if ns.source == ns.target:
            raise BadDatabaseUrl("--from and --to name the same database")
        if ns.source.lower().startswith("sqlite:"):
            path = sqlite_path_of(ns.source)
            if path != ":memory:" and not Path(path).is_file():
                raise BadDatabaseUrl(f"there is no SQLite file at {path}")
        print(asyncio.run(migrate(ns.source, ns.target, replace=ns.replace)))
        return 0
    except (BadDatabaseUrl, CopyRefused) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except CannotOpen as exc:
        print(f"error: nothing was copied: {exc}", file=sys.stderr)
        return exc.exit_code
    except Exception as exc:  # one line, never a traceback
        print(f"error: nothing was copied: {type(exc).__name__}: {exc}"[:500], file=sys.stderr)
        return 1


def help_main(topic: list[str]) -> int:
    """``python -m bot help [SUBCOMMAND]``: ``--help``, or that subcommand's."""
    if not topic:
        build_parser().print_help()
        return 0
    if len(topic) > 1 or topic[0] not in SUBCOMMANDS:
        close = difflib.get_close_matches(topic[0], SUBCOMMANDS, n=1)
        hint = f"did you mean {close[0]!r}? " if close and len(topic) == 1 else ""
        print(
            f"error: python -m bot help takes one subcommand, not {' '.join(topic)!r} — "
            f"{hint}one of {', '.join(SUBCOMMANDS)}",
            file=sys.stderr,
        )
        return 2
    try:
        return main([topic[0], "--help"])
    except SystemExit as exc:  # argparse's --help
        return exc.code if isinstance(exc.code, int) else 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "help":
        return help_main(args[1:])
    if args and not args[0].startswith("-") and args[0] not in SUBCOMMANDS:
        close = difflib.get_close_matches(args[0], SUBCOMMANDS, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        print(
            f"error: unknown subcommand {args[0]!r} — {hint}"
            f"python -m bot --help lists them ({', '.join(SUBCOMMANDS)})",
            file=sys.stderr,
        )
        return 2
    parser = build_parser()
    ns, rest = parser.parse_known_args(args)
    command = ns.command or "run"
    if command == "local":
        from bot.sandbox.local import main as local_main

        return local_main(rest)
    if command == "migrate":
        return migrate_main(rest)
    if command in ("export", "import"):
        from bot.campaign_cli import main as campaign_cli_main

        return campaign_cli_main(command, rest)
    if rest:
        print(
            f"error: python -m bot {command}: unrecognized arguments: {' '.join(rest)}",
            file=sys.stderr,
        )
        return 2
    if command == "health":
        return health()
    return run_main()


def run_main() -> int:
    from bot.config import ConfigError, load_settings
    from bot.logs import configure_logging

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
