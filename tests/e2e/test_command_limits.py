"""The command JSON the bot syncs obeys Discord's limits (guards every later command too)."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.testing.harness import Table

NAME = re.compile(r"^[-_\w]{1,32}$")  # \w with re.UNICODE: letters, digits (and _)


def _check_name(name: str, where: str, problems: list[str]) -> None:
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: bad name {name!r}")


def _check_description(text: str, where: str, problems: list[str]) -> None:
    if not 1 <= len(text) <= 100:
        problems.append(f"{where}: description has {len(text)} characters")


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
        size = len(json.dumps(cmd, ensure_ascii=False))
        if size > 8000:
            problems.append(f"{where}: {size} characters of JSON")
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
