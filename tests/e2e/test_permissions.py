"""Every game-master-only command, run by a plain member, is refused and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox.harness import Table
from bot.sandbox.standin import User

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

GAME_MASTER_ONLY: list[tuple[str, str, dict[str, Any]]] = [
    # (the campaign's game, command, options)
    ("ia", "ia deploy", {"group": "Stormtrooper (DG001)"}),
    ("ia", "ia threat", {"amount": 5}),
    ("ia", "ia hand", {}),
    ("imperium", "imperium rus", {"side": "terran", "stock": 50}),
    ("imperium", "imperium war", {}),
    ("imperium", "imperium interwar", {}),
    ("imperium", "imperium system set", {"name": "Sol", "owner": "terran", "worlds": 1}),
    ("asteroids", "asteroids join", {"civilisation": "green", "member": "OTHER"}),
    ("asteroids", "asteroids create", {"unit": "engineer", "civilisation": "orange"}),
    ("ia", "campaign end", {}),
    ("ia", "campaign export", {}),
    ("ia", "campaign gm add", {"member": "PLAYER"}),
    ("ia", "campaign gm remove", {"member": "PLAYER"}),
    ("ia", "campaign import", {"file": ("c.json", b"{}")}),
]

SETUPS = {
    "ia": ("ia setup", {"difficulty": "medium", "threat-level": 3}),
    "imperium": ("imperium setup", {}),
    "asteroids": ("asteroids setup", {"civilisations": "violet, orange, green"}),
}


async def _snapshot(table: Table) -> tuple[Any, list[Any]]:
    campaign = await table.bot.store.get(table.channel_id)
    history = await table.bot.store.history(table.channel_id, limit=100)
    gms = await table.bot.store.game_masters(table.channel_id)
    return (campaign.state if campaign else None, gms), [h.seq for h in history]


@pytest.mark.parametrize(
    ("game", "command", "options"), GAME_MASTER_ONLY, ids=[c[1] for c in GAME_MASTER_ONLY]
)
async def test_plain_member_is_refused_and_nothing_changes(
    table: Table, game: str, command: str, options: dict[str, Any]
) -> None:
    gm = table.user("gm")  # starts the campaign, so is its game master; no Manage Channels
    player: User = table.user("player")
    path, setup_options = SETUPS[game]
    started = await table.run(path, setup_options, user=gm)
    assert not started.ephemeral, started.text
    if game == "asteroids":  # the player holds the civilisation whose turn it is
        joined = await table.run("asteroids join", {"civilisation": "violet"}, user=player)
        assert not joined.ephemeral, joined.text
    members = {"PLAYER": player, "OTHER": table.user("other")}
    options = {k: members.get(v, v) if isinstance(v, str) else v for k, v in options.items()}
    before = await _snapshot(table)
    reply = await table.run(command, options, user=player)
    assert reply.ephemeral, reply.text
    assert "game master" in reply.text.lower(), reply.text
    assert not reply.message.buttons()
    assert await _snapshot(table) == before
