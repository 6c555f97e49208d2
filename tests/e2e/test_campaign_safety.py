"""/campaign history, undo, export/import and game masters, through the stand-in Discord."""

from __future__ import annotations

import json
from typing import Any

from bot.rules.dice import Dice
from bot.rules.imperium import ImperiumState
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply


def state_with(terran_rus: int) -> dict[str, Any]:
    state = ImperiumState()
    state.rus["terran"] = terran_rus
    return state.model_dump(mode="json")


async def change(table: Table, who: str, rus: int, summary: str, dice: Dice | None = None) -> None:
    user = table.user(who)
    async with table.bot.store.transaction(
        table.channel_id, actor_id=user.id, actor_name=who, command=f"/test rus:{rus}"
    ) as tx:
        if tx.campaign is None:
            tx.create("imperium", state_with(rus))
        else:
            tx.set_state(state_with(rus))
        tx.record(summary, dice.draws if dice else ())


async def test_history_shows_entries_with_dice_and_pages(table: Table) -> None:
    await change(table, "creator", 0, "started")
    dice = Dice.seeded(5)
    faces = dice.nd6(2)
    await change(table, "ana", 3, "rolled two dice", dice)
    reply = await table.run("campaign history", user="bob")
    assert not reply.ephemeral
    assert "#2" in reply.text and "rolled two dice" in reply.text
    assert f"🎲 {faces[0]} {faces[1]}" in reply.text
    assert "/test rus:3" in reply.text
    for n in range(25):
        await change(table, "ana", n, f"change {n}")
    many = await table.run("campaign history", {"count": 25}, user="bob")
    assert "Page 1 of 3" in many.text and "change 24" in many.text
    older = await table.click(many.message, "Older ▶", user="bob")
    assert "Page 2 of 3" in older.text and "change 14" in older.text
    refused = await table.run("campaign history", {"count": 51}, user="bob")
    assert refused.ephemeral and refused.text == "`count` must be from 1 to 50 (got 51)."


async def test_own_undo_then_repeated_undo_walks_back(table: Table) -> None:
    await change(table, "creator", 0, "started")
    await change(table, "ana", 5, "ana +5")
    await change(table, "ana", 9, "ana +4")
    first = await table.run("campaign undo", user="ana")
    assert "Undid #3" in first.text
    assert (await table.state()) == state_with(5)
    second = await table.run("campaign undo", user="ana")
    assert "Undid #2" in second.text
    assert (await table.state()) == state_with(0)
    nothing = await table.run("campaign undo", user="creator")
    assert nothing.ephemeral and nothing.text.startswith("Nothing to undo")
    history = await table.run("campaign history", user="ana")
    assert "~~**#3**" in history.text and "~~**#2**" in history.text
    entries = await table.bot.store.history(table.channel_id, limit=10)
    assert [e.seq for e in entries] == [3, 2, 1]  # never rewritten, only marked


async def test_undo_someone_elses_change_needs_game_master_and_confirmation(table: Table) -> None:
    await change(table, "creator", 0, "started")
    await change(table, "ana", 5, "ana +5")
    refused = await table.run("campaign undo", user="bob")
    assert refused.ephemeral and refused.text.startswith("Only the game master")
    assert await table.state() == state_with(5)
    ask = await table.run("campaign undo", user="creator")
    assert "Undo ana's change #2" in ask.text
    assert await table.state() == state_with(5)
    done = await table.click(ask.message, "Undo it", user="creator")
    assert "Undid #2" in done.text
    assert await table.state() == state_with(0)


async def test_export_import_export_is_identical(table: Table) -> None:
    await change(table, "creator", 0, "started")
    dice = Dice.seeded(1)
    dice.d6("x")
    await change(table, "ana", 4, "ana rolled", dice)
    gm = table.user("creator")
    exported = await table.run("campaign export", user=gm)
    assert exported.ephemeral
    name, raw = exported.message.attachments[0]
    assert name.endswith(".json")
    assert json.loads(raw)["state"] == state_with(4)

    other_channel = table.channel_id + 1
    ask = await table.discord.invoke(
        "campaign import", {"file": (name, raw)}, user=gm, channel_id=other_channel
    )
    assert "imported GDW Imperium campaign (2 history entries)" in ask.text
    done = await table.click(ask.message, "Import", user=gm)
    assert "Imported the GDW Imperium campaign" in done.text
    again = await table.discord.invoke("campaign export", user=gm, channel_id=other_channel)
    assert again.message.attachments[0][1] == raw


async def test_import_refuses_bad_files_with_the_first_problem(table: Table) -> None:
    await change(table, "creator", 0, "started")
    gm = table.user("creator")
    exported = await table.run("campaign export", user=gm)
    name, raw = exported.message.attachments[0]
    doc = json.loads(raw)
    cases = {
        b"not json": "The file is not valid JSON",
        b"[1, 2]": "not a campaign export",
        json.dumps({**doc, "game": "chess"}).encode(): "unknown game 'chess'",
        json.dumps({**doc, "version": 99}).encode(): "made by a newer bot",
        json.dumps({**doc, "state": {"rus": "lots"}}).encode(): "The file is not valid: state",
    }
    for content, expected in cases.items():
        reply = await table.run("campaign import", {"file": ("c.json", content)}, user=gm)
        assert reply.ephemeral and expected in reply.text, reply.text
        assert not reply.message.buttons()
    assert await table.state() == state_with(0)
    # a plain player may not replace a running campaign
    reply = await table.run("campaign import", {"file": (name, raw)}, user="bob")
    assert reply.ephemeral and reply.text.startswith("Only the game master")


async def test_game_masters_can_be_added_listed_and_removed(table: Table) -> None:
    await change(table, "creator", 0, "started")
    await change(table, "ana", 5, "ana +5")
    bob = table.user("bob")
    refused = await table.run("campaign gm add", {"member": bob}, user="ana")
    assert refused.ephemeral and refused.text.startswith("Only the game master")
    added = await table.run("campaign gm add", {"member": bob}, user="creator")
    assert f"<@{bob.id}> is now a game master here." == added.text
    listed = await table.run("campaign gm list", user="ana")
    assert f"<@{bob.id}>" in listed.text and "(started the campaign)" in listed.text
    # bob, now a game master, may undo ana's change (after confirming)
    ask = await table.run("campaign undo", user=bob)
    done = await table.click(ask.message, "Undo it", user=bob)
    assert "Undid #2" in done.text
    removed = await table.run("campaign gm remove", {"member": bob}, user="creator")
    assert "no longer a game master" in removed.text
    again = await table.run("campaign export", user=bob)
    assert again.ephemeral and again.text.startswith("Only the game master")


async def test_history_counts_every_draw_of_a_grouped_record(table: Table) -> None:
    await change(table, "creator", 0, "started")
    grouped = [
        {"kind": "uniform", "label": "strike 1", "value": [0.1, 0.2, 0.3]},
        {"kind": "uniform", "label": "strike 2", "value": [0.4, 0.5]},
        {"kind": "d6", "label": "die", "value": 4},
    ]
    await change(table, "ana", 1, "grouped draws", None)
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user("ana").id, command="/test grouped"
    ) as tx:
        tx.record("grouped", grouped)
    reply = await table.run("campaign history", {"count": 1})
    assert "🎲 4 · 5 other random draws" in reply.text


async def test_undo_on_a_busy_table_retries_instead_of_giving_up(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    first = await table.run("ia threat", {"amount": 1}, user=gm)
    assert not first.ephemeral, first.text
    threat_before = (await table.state())["threat"]  # type: ignore[index]

    async def send(path: str, options: dict[str, Any] | None = None) -> Reply:
        payload = table.discord.command_payload(path, options, user=gm, channel_id=table.channel_id)
        return await table.discord.send(payload)

    # 20 changes and 10 undos, sent together: two changes, then an undo, and so on
    sent: list[tuple[str, Reply]] = []
    for n in range(30):
        if n % 3 == 2:
            sent.append(("undo", await send("campaign undo")))
        else:
            sent.append(("threat", await send("ia threat", {"amount": 1})))
    for _, reply in sent:
        await table.discord.wait(reply, timeout=30)
    undos = [reply for kind, reply in sent if kind == "undo"]
    changes = [reply for kind, reply in sent if kind == "threat"]
    assert all(not r.ephemeral for r in changes), [r.text for r in changes if r.ephemeral]
    done = [r for r in undos if r.text.startswith("Undid #")]
    refused = [r for r in undos if r not in done]
    assert all(r.ephemeral and "history changed meanwhile" in r.text for r in refused)
    assert len(done) >= 8, [r.text for r in undos]

    # then 10 undos at once and nothing else: each that loses a race tries the next entry
    burst = [await send("campaign undo") for _ in range(10)]
    for reply in burst:
        await table.discord.wait(reply, timeout=30)
    done2 = [r for r in burst if r.text.startswith("Undid #")]
    assert len(done2) >= 5, [r.text for r in burst]
    assert all(r.ephemeral for r in burst if r not in done2)

    # every undo undid one distinct entry, and the state agrees with the history
    undone = [int(r.text.split("#")[1].split()[0]) for r in done + done2]
    assert len(set(undone)) == len(undone)
    entries = await table.bot.store.history(table.channel_id, limit=None)
    assert sorted(e.seq for e in entries if e.undone_at) == sorted(undone)
    assert (await table.state())["threat"] == threat_before + 20 - len(undone)  # type: ignore[index]


async def test_an_import_records_who_imported_it_and_marks_the_files_entries(
    table: Table,
) -> None:
    await change(table, "creator", 0, "started")
    await change(table, "ana", 4, "ana +4")
    exported = await table.run("campaign export", user="creator")
    name, raw = exported.message.attachments[0]
    # a plain member moves it into an empty channel: allowed, and recorded as theirs
    mover, channel = table.user("mover"), table.channel_id + 7
    ask = await table.discord.invoke(
        "campaign import", {"file": (name, raw)}, user=mover, channel_id=channel
    )
    await table.click(ask.message, "Import", user=mover)
    await change_in(table, channel, "mover", 9, "after the move")

    status = await table.discord.invoke("campaign status", user=mover, channel_id=channel)
    imported = next(f for f in status.embeds[0]["fields"] if f["name"] == "Imported")
    assert imported["value"].startswith(f"<@{mover.id}>, <t:")
    assert f"<@{table.user('creator').id}>" in status.text  # still started by the file's creator

    history = await table.discord.invoke("campaign history", user=mover, channel_id=channel)
    lines = [line for line in history.text.splitlines() if line.startswith("**#")]
    assert len(lines) == 3
    assert lines[0].startswith("**#3**") and "(imported)" not in lines[0]  # made here
    assert all("(imported)" in line for line in lines[1:])  # the file's word
    ru = table.user("mover-ru", locale="ru")
    russian = await table.discord.invoke("campaign history", user=ru, channel_id=channel)
    assert russian.text.count("(из файла)") == 2
    # the table's own campaign is not marked
    own = await table.run("campaign status", user="creator")
    assert all(f["name"] != "Imported" for f in own.embeds[0]["fields"])
    # and the file format is unchanged: export -> import -> export gives the same file
    again = await table.discord.invoke("campaign export", user=mover, channel_id=channel)
    doc = json.loads(again.message.attachments[0][1])
    assert all("imported" not in entry for entry in doc["history"])


async def change_in(table: Table, channel: int, who: str, rus: int, summary: str) -> None:
    user = table.user(who)
    async with table.bot.store.transaction(
        channel, actor_id=user.id, actor_name=who, command=f"/test rus:{rus}"
    ) as tx:
        tx.set_state(state_with(rus))
        tx.record(summary)
