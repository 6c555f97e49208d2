"""Buttons and confirmations act on the campaign they were made for, and on no other: an old
Undo button, an undo confirmation or an import confirmation from before ``/campaign end`` and a
new setup, or before an import, refuses and changes nothing. Undo buttons need nothing held in
memory: they work after the bot restarts."""

from __future__ import annotations

import random
from pathlib import Path

from bot.rules.dice import Dice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Reply, StandIn

ENDED = "That campaign has ended — this button belonged to it; nothing was changed."


async def new_mission(table: Table, user: str = "gm") -> None:
    reply = await table.run("ia setup", {"difficulty": "medium", "threat-level": 3}, user=user)
    assert reply.original is not None and not reply.original.ephemeral, reply.text


async def end_campaign(table: Table, user: str = "gm") -> None:
    ask = await table.run("campaign end", user=user)
    done = await table.click(ask.message, "End campaign", user=user)
    assert "has ended" in done.text, done.text


async def threat(table: Table, amount: int, user: str = "gm") -> Reply:
    reply = await table.run("ia threat", {"amount": amount}, user=user)
    assert not reply.ephemeral, reply.text
    return reply


async def test_an_undo_button_of_an_ended_campaign_leaves_the_new_one_alone(table: Table) -> None:
    table.set_dice(lambda: Dice(random.Random(3)))
    await new_mission(table)
    old = await threat(table, 5)  # entry #2 of the first campaign
    await end_campaign(table)
    await new_mission(table)
    await threat(table, 2)  # entry #2 of the new campaign: the same number
    state = await table.state()
    history = await table.bot.store.history(table.channel_id, limit=None)

    pressed = await table.click(old.message, "Undo")
    assert pressed.ephemeral and pressed.text == ENDED
    assert await table.state() == state
    assert await table.bot.store.history(table.channel_id, limit=None) == history


async def test_an_undo_button_from_before_an_import_refuses(table: Table) -> None:
    table.set_dice(lambda: Dice(random.Random(4)))
    await new_mission(table)
    exported = await table.run("campaign export")
    name, raw = exported.message.attachments[0]
    old = await threat(table, 5)
    ask = await table.run("campaign import", {"file": (name, raw)})
    done = await table.click(ask.message, "Import")
    assert "Imported" in done.text, done.text
    state = await table.state()
    pressed = await table.click(old.message, "Undo")
    assert pressed.ephemeral and pressed.text == ENDED
    assert await table.state() == state


async def test_an_undo_confirmation_of_an_ended_campaign_refuses(table: Table) -> None:
    table.set_dice(lambda: Dice(random.Random(5)))
    await new_mission(table, user="gm")
    await threat(table, 5, user="gm")
    # a moderator (Manage Channels) asks to undo the game master's change: a confirmation
    mod = table.user("mod", manage_channels=True)
    ask = await table.run("campaign undo", user=mod)
    assert "Undo gm's change #2" in ask.text, ask.text
    await end_campaign(table, user="gm")
    await new_mission(table, user="gm")
    await threat(table, 1, user="gm")
    state = await table.state()
    pressed = await table.click(ask.message, "Undo it", user=mod)
    assert pressed.text == ENDED
    assert await table.state() == state


async def test_an_import_confirmation_rechecks_the_campaign_it_named(table: Table) -> None:
    table.set_dice(lambda: Dice(random.Random(6)))
    await new_mission(table)
    exported = await table.run("campaign export")
    name, raw = exported.message.attachments[0]
    other = table.channel_id + 7
    # asked over an empty channel…
    ask = await table.run("campaign import", {"file": (name, raw)}, channel_id=other)
    assert "Start this channel's campaign" in ask.text, ask.text
    # …which has a campaign of its own by the time Confirm is pressed
    started = await table.run("imperium setup", {"terran": table.user("gm")}, channel_id=other)
    assert not started.ephemeral, started.text
    state = await table.state(other)
    pressed = await table.click(ask.message, "Import")
    assert "changed since you asked" in pressed.text and "nothing was imported" in pressed.text
    assert await table.state(other) == state


async def test_an_undo_button_works_after_the_bot_restarts(tmp_path: Path) -> None:
    database = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        async with running_table(database, standin=discord) as table:
            await new_mission(table)
            before = await table.state()
            change = await threat(table, 3)
            users = table.users
        async with running_table(database, standin=discord) as table:
            table.users = users
            pressed = await table.click(change.message, "Undo")
            assert pressed.followups, (pressed.callback_type, [m.text for m in pressed.messages])
            assert pressed.followups[-1].text.startswith("Undid #2"), pressed.messages
            assert await table.state() == before
