"""``python -m bot export`` and ``python -m bot import``: a channel's campaign to a file and
back, on the host, at any length (what ``/campaign export`` cannot send through Discord).

Both work on the database the bot uses (``DATABASE_URL`` / ``DATABASE_PATH`` from the
environment and ``.env``, or ``--database``), while the bot runs: an export reads one
consistent snapshot that blocks no command; an import is one transaction under the channel's
lock, like ``/campaign import``. Neither changes the database's schema (a database of another
version is refused with what to do)."""

from __future__ import annotations

import argparse
import asyncio
import gzip
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.campaign_file import parse_campaign_file, write_campaign_file
from bot.catalog import refusal
from bot.ids import MAX_ID, MIN_ID
from bot.rules.errors import BotError


class Refused(Exception):
    """One line for the host; nothing was changed."""


def _channel(value: str) -> int:
    try:
        channel = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a channel id: {value!r}") from None
    if not MIN_ID <= channel <= MAX_ID:
        raise argparse.ArgumentTypeError(f"not a Discord channel id: {value}")
    return channel


def _parser(command: str) -> argparse.ArgumentParser:
    from bot.__main__ import OneLineParser  # mistakes: one line, exit status 2

    if command == "export":
        parser: argparse.ArgumentParser = OneLineParser(
            prog="python -m bot export",
            description="Save a channel's campaign (state, game masters and whole history) to "
            "FILE, the format /campaign export writes; FILE ending in .gz is compressed with "
            "gzip. Safe while the bot runs.",
        )
    else:
        parser = OneLineParser(
            prog="python -m bot import",
            description="Load a campaign file (.json, or .json.gz) made by /campaign export or "
            "python -m bot export into a channel, checked as /campaign import checks it. Safe "
            "while the bot runs.",
        )
    parser.add_argument("--channel", required=True, type=_channel, metavar="ID",
                        help="the channel's id (Discord: Copy Channel ID)")  # fmt: skip
    parser.add_argument("file", type=Path, metavar="FILE")
    parser.add_argument(
        "--database",
        metavar="URL",
        help="sqlite:///path or postgresql://… (default: DATABASE_URL, else DATABASE_PATH)",
    )
    if command == "import":
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace the campaign the channel holds (refused without it)",
        )
    return parser


def _database(given: str | None) -> str | Path:
    """The database to use, refused (never created) when it is a SQLite file that is not
    there."""
    from bot.storage.database import sqlite_path_of

    if given is not None:
        from bot.storage import check_url

        target: str | Path = check_url(given)
    else:
        from bot.config import load_settings

        target = load_settings(require_token=False).database_target
    url = str(target)
    if isinstance(target, Path) or "://" not in url or url.lower().startswith("sqlite:"):
        path = url if isinstance(target, Path) or "://" not in url else sqlite_path_of(url)
        if path != ":memory:" and not Path(path).is_file():
            raise Refused(f"there is no SQLite file at {path} (--database, or DATABASE_PATH)")
    return target


async def export_to(
    target: str | Path, channel: int, write: Callable[[bytes], Any]
) -> tuple[str, int]:
    """Write the channel's campaign through ``write``; returns its game and how many history
    entries it holds."""
    from bot.storage.opening import open_store

    store = await open_store(target, writable=False, wait=None, migrate=False)
    try:
        async with store.exporting(channel, seconds=None) as exported:
            if exported is None:
                raise Refused(f"channel {channel} has no campaign; nothing was written")
            return exported.campaign.game, await write_campaign_file(exported, write)
    finally:
        await store.close()


def export_file(target: str | Path, channel: int, path: Path) -> str:
    """The campaign to ``path`` (written whole under another name, then renamed into place;
    compressed when the name ends in .gz)."""
    part = path.with_name(path.name + ".part")
    try:
        with part.open("wb") as raw:
            if path.suffix == ".gz":
                with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
                    game, count = asyncio.run(export_to(target, channel, packed.write))
            else:
                game, count = asyncio.run(export_to(target, channel, raw.write))
        part.replace(path)
    finally:
        part.unlink(missing_ok=True)
    return (
        f"Wrote the {game} campaign of channel {channel} ({count} history entries, "
        f"{path.stat().st_size} bytes) to {path}."
    )


async def import_data(
    target: str | Path, channel: int, data: dict[str, Any], *, replace: bool
) -> None:
    from bot.storage.opening import open_store

    store = await open_store(target, wait=None, migrate=False)
    try:
        current = await store.get(channel)
        if current is not None and not replace:
            raise Refused(
                f"channel {channel} holds a {current.game} campaign; nothing was changed "
                "(add --replace to replace it)"
            )
        await store.import_campaign(
            channel,
            current.guild_id if current is not None else None,
            data,
            expect=current.campaign_id if current is not None else None,
        )
    finally:
        await store.close()


def import_file(target: str | Path, channel: int, path: Path, *, replace: bool) -> str:
    if not path.is_file():
        raise Refused(f"there is no file at {path}")
    try:
        parsed = parse_campaign_file(path.read_bytes(), limit=None)  # no Discord limit here
    except BotError as exc:
        raise Refused(f"{path}: {refusal(exc)}; nothing was changed") from None
    data = parsed.model_dump(mode="json", exclude={"format", "version"})
    del parsed
    asyncio.run(import_data(target, channel, data, replace=replace))
    return (
        f"Imported the {data['game']} campaign with {len(data['history'])} history entries "
        f"into channel {channel}."
    )


def main(command: str, argv: list[str]) -> int:
    """``python -m bot export|import --channel ID FILE``: 0 when done; one line on stderr and
    1 (2 for a mistake in the command line) when not."""
    from bot.config import ConfigError
    from bot.storage import BadDatabaseUrl
    from bot.storage.opening import CannotOpen

    ns = _parser(command).parse_args(argv)
    try:
        target = _database(ns.database)
        if command == "export":
            line = export_file(target, ns.channel, ns.file)
        else:
            line = import_file(target, ns.channel, ns.file, replace=ns.replace)
    except (BadDatabaseUrl, ConfigError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except (Refused, CannotOpen) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except BotError as exc:
        print(f"error: {refusal(exc)}; nothing was changed", file=sys.stderr)
        return 1
    except Exception as exc:  # one line, never a traceback
        print(f"error: nothing was changed: {type(exc).__name__}: {exc}"[:500], file=sys.stderr)
        return 1
    print(line)
    return 0
