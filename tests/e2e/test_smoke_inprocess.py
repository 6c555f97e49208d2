from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.sandbox.harness import Table


async def test_ping_and_status(table: Table) -> None:
    reply = await table.run("ping")
    assert reply.text.startswith("Pong! Gateway latency:")
    assert not reply.ephemeral
    status = await table.run("campaign status")
    assert "No campaign in this channel" in status.text
    assert status.ephemeral


@pytest.mark.any_database
async def test_only_a_button_press_reaches_the_interaction_listener(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot's on_interaction answers presses nobody takes; a slash command starts no task
    for it (discord.py would start one per interaction), a press still does."""
    seen: list[str] = []
    real = table.bot.on_interaction

    async def listener(interaction: discord.Interaction[Any]) -> None:
        seen.append(interaction.type.name)
        await real(interaction)

    monkeypatch.setattr(table.bot, "on_interaction", listener)
    reply = await table.run("battle", {"attacker": "Tank", "defender": "Trooper"})
    assert seen == []
    again = await table.click(reply.message, "Roll again")
    assert not again.ephemeral
    assert seen == ["component"]
