from __future__ import annotations

from bot.sandbox.harness import Table


async def _start_campaign(table: Table, creator: str = "creator") -> None:
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user(creator).id, command="/test setup"
    ) as tx:
        tx.create("test_game", {"n": 1})
        tx.record("started")


async def test_status_shows_game_creator_and_time(table: Table) -> None:
    await _start_campaign(table)
    reply = await table.run("campaign status", user="someone")
    assert not reply.ephemeral
    assert "test_game campaign" in reply.text
    assert f"<@{table.user('creator').id}>" in reply.text
    assert "<t:" in reply.text


async def test_end_needs_game_master_and_confirmation(table: Table) -> None:
    await _start_campaign(table)
    refused = await table.run("campaign end", user="player")
    assert refused.ephemeral
    assert refused.text.startswith("Only the game master may end the campaign")
    assert await table.state() == {"n": 1}

    ask = await table.run("campaign end", user="creator")
    assert ask.ephemeral and "End this channel's" in ask.text
    # someone else cannot press the creator's button
    other = await table.click(ask.message, "End campaign", user="player")
    assert other.ephemeral and "Only the member who asked" in other.text
    cancelled = await table.click(ask.message, "Cancel", user="creator")
    assert "Cancelled — nothing changed." in cancelled.text
    assert await table.state() == {"n": 1}

    ask = await table.run("campaign end", user="creator")
    done = await table.click(ask.message, "End campaign", user="creator")
    assert "has ended and was deleted" in done.text
    assert await table.state() is None
    status = await table.run("campaign status")
    assert "No campaign in this channel" in status.text


async def test_manage_channels_holder_is_a_game_master(table: Table) -> None:
    await _start_campaign(table)
    mod = table.user("mod", manage_channels=True)
    ask = await table.run("campaign end", user=mod)
    done = await table.click(ask.message, "End campaign", user=mod)
    assert "has ended" in done.text
    assert await table.state() is None


async def test_help_lists_commands_by_section(table: Table) -> None:
    reply = await table.run("help")
    assert reply.ephemeral
    assert "`/ping`" in reply.text and "`/campaign status`" in reply.text
    assert "General" in reply.text and "Campaign" in reply.text


async def test_expired_button_still_gets_an_answer(table: Table) -> None:
    from bot.sandbox.standin import Message

    ghost = Message(
        id=1,
        channel_id=table.channel_id,
        components=[
            {
                "type": 1,
                "components": [{"type": 2, "label": "Old", "custom_id": "gone", "style": 1}],
            }
        ],
    )
    # the press nobody takes is answered when the watchdog fires: soon here, not at 1.5 s
    table.bot.defer_after = 0.05
    reply = await table.click(ghost, "Old", user="x")
    assert reply.ephemeral and "expired" in reply.text


async def test_out_of_schema_options_are_refused_in_one_line(table: Table) -> None:
    user = table.user("x")
    payload = table.discord.command_payload("ping", user=user, channel_id=table.channel_id)
    payload["data"]["options"] = [{"name": "bogus", "type": 3, "value": "1"}]
    reply = await table.discord.wait(await table.discord.send(payload))
    assert reply.ephemeral
    assert reply.text == "/ping has no option `bogus` (options: —)."
