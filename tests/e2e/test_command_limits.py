"""The command JSON the bot syncs obeys Discord's limits (guards every later command too)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

NAME = re.compile(r"^[-_\w]{1,32}$")  # \w with re.UNICODE: letters, digits (and _)


def _check_name(name: str, where: str, problems: list[str]) -> None:
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: bad name {name!r}")


def _check_description(text: str, where: str, problems: list[str]) -> None:
    if not 1 <= len(text) <= 100:
        problems.append(f"{where}: description has {len(text)} characters")


def _longest(obj: dict[str, Any], key: str) -> int:
    values = [str(obj.get(key) or ""), *_localized(obj, key)]
    return max(len(v) for v in values)


def command_size(obj: dict[str, Any]) -> int:
    """Discord's 8000-character count: name, description and value of the command, its options
    and choices, taking the longest localization of each."""
    total = _longest(obj, "name") + _longest(obj, "description")
    if "value" in obj:
        total += len(str(obj["value"]))
    for choice in obj.get("choices") or []:
        total += command_size(choice)
    for option in obj.get("options") or []:
        total += command_size(option)
    return total


def _localized(obj: dict[str, Any], key: str) -> list[str]:
    return list((obj.get(f"{key}_localizations") or {}).values())


def _walk(options: list[dict[str, Any]], where: str, problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options")
    for opt in options:
        here = f"{where} {opt['name']}"
        for name in [opt["name"], *_localized(opt, "name")]:
            _check_name(name, here, problems)
        for text in [opt.get("description", ""), *_localized(opt, "description")]:
            _check_description(text, here, problems)
        choices = opt.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{here}: {len(choices)} choices")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100:
                problems.append(f"{here}: choice name {choice['name']!r}")
        if opt.get("type") in (1, 2):
            _walk(opt.get("options", []), here, problems)


async def test_synced_commands_obey_discord_limits(table: Table) -> None:
    commands = list(table.discord.commands.values())
    assert commands, "the bot synced its commands"
    assert len(commands) <= 100
    problems: list[str] = []
    for cmd in commands:
        where = f"/{cmd['name']}"
        for name in [cmd["name"], *_localized(cmd, "name")]:
            _check_name(name, where, problems)
        for text in [cmd.get("description", ""), *_localized(cmd, "description")]:
            _check_description(text, where, problems)
        _walk(cmd.get("options", []), where, problems)
        size = command_size(cmd)
        if size > 8000:
            problems.append(f"{where}: {size} characters (Discord's count, max 8000)")
    assert problems == []


def test_name_pattern_rejects_what_discord_rejects() -> None:
    problems: list[str] = []
    for bad in ("Battle", "two words", "x" * 33, "", "deploy!roll"):
        _check_name(bad, "t", problems)
    assert len(problems) == 5
    problems.clear()
    for good in ("battle", "deploy-roll", "odds_only", "атака", "x" * 32):
        _check_name(good, "t", problems)
    assert problems == []


def test_reply_limit_checker_catches_oversized_messages() -> None:
    from bot.sandbox.standin import Message, limit_problems

    fits = Message(id=1, channel_id=1, content="x" * 2000, embeds=[{"title": "t" * 256}])
    assert limit_problems(fits) == []
    too_long = Message(
        id=2,
        channel_id=1,
        content="x" * 2001,
        embeds=[
            {
                "title": "t" * 257,
                "description": "d" * 4097,
                "fields": [{"name": "n", "value": "v" * 1025}] * 26,
            }
        ],
    )
    problems = limit_problems(too_long)
    assert any("content" in p for p in problems)
    assert any("title" in p for p in problems)
    assert any("description" in p for p in problems)
    assert any("26 fields" in p for p in problems)
    assert any("field value" in p for p in problems)
    assert any("total" in p for p in problems)


def test_command_size_counts_like_discord() -> None:
    cmd = {
        "name": "abc",
        "description": "de",
        "description_localizations": {"ru": "четыре"},
        "options": [{"name": "x", "description": "y", "choices": [{"name": "n", "value": "vv"}]}],
    }
    assert command_size(cmd) == 3 + 6 + (1 + 1 + (1 + 2))
