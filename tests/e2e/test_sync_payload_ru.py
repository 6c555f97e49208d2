"""What Discord receives at sync: every command, subcommand, option and choice carries its
Russian name and description, hyphenated option names included (``attacker-terrain``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


def _walk(node: dict[str, Any], path: str, out: list[str]) -> None:
    """Every place in the payload lacking a ``ru`` name or description, by path."""
    for field in ("name_localizations", "description_localizations"):
        if not (node.get(field) or {}).get("ru"):
            out.append(f"{path}: {field}")
    for choice in node.get("choices") or []:
        if not (choice.get("name_localizations") or {}).get("ru"):
            out.append(f"{path} choice {choice['name']!r}: name_localizations")
    for option in node.get("options") or []:
        _walk(option, f"{path} {option['name']}", out)


async def test_every_synced_name_and_description_has_russian(table: Table) -> None:
    await table.discord.synced.wait()
    commands = list(table.discord.commands.values())
    assert commands
    missing: list[str] = []
    for command in commands:
        _walk(command, "/" + command["name"], missing)
    assert missing == []


async def test_hyphenated_option_names_reach_discord_in_russian(table: Table) -> None:
    await table.discord.synced.wait()
    battle = table.discord.commands["battle"]
    option = next(o for o in battle["options"] if o["name"] == "attacker-terrain")
    assert option["name_localizations"]["ru"] == "местность-атакующего"
    assert option["description_localizations"]["ru"].startswith("Местность, на которой стоит")
