from __future__ import annotations

from bot.sandbox.harness import Table


async def test_ping_and_status(table: Table) -> None:
    reply = await table.run("ping")
    assert reply.text.startswith("Pong! Gateway latency:")
    assert not reply.ephemeral
    status = await table.run("campaign status")
    assert "No campaign in this channel" in status.text
    assert status.ephemeral
