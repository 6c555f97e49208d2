"""Campaigns that last for years: history numbers past 32 bits, imported numbers checked up
front."""

from __future__ import annotations

import json
from typing import Any

from bot.campaign_file import MAX_SEQ
from bot.sandbox.harness import Table
from bot.storage.database import PostgresDatabase

OTHER_CHANNEL = 900000000000000078


async def _ia_export(table: Table) -> dict[str, Any]:
    gm = table.user("gm", manage_channels=True)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    exported = await table.run("campaign export", user=gm)
    doc: dict[str, Any] = json.loads(exported.message.attachments[0][1])
    return doc


async def _import(table: Table, doc: dict[str, Any], user: str = "gm") -> str:
    ask = await table.run(
        "campaign import",
        {"file": ("c.json", json.dumps(doc).encode())},
        user=table.user(user, manage_channels=True),
        channel_id=OTHER_CHANNEL,
    )
    if not ask.message.buttons():
        return ask.text
    done = await table.click(ask.message, "Import", user=table.user(user, manage_channels=True))
    return done.text


async def test_history_numbers_go_past_32_bits(table: Table) -> None:
    doc = await _ia_export(table)
    doc["history"][-1]["seq"] = 2**31 - 1
    assert "Imported the Imperial Assault campaign" in await _import(table, doc)
    # the next change is entry 2^31, and the one after it too
    gm = table.user("gm", manage_channels=True)
    for expected in (2**31, 2**31 + 1):
        reply = await table.run("roll", {"expression": "1d6"}, user=gm, channel_id=OTHER_CHANNEL)
        assert not reply.ephemeral and "Something went wrong" not in reply.text, reply.text
        history = await table.bot.store.history(OTHER_CHANNEL, 1)
        assert history[0].seq == expected


async def test_numbers_beyond_the_columns_are_refused_up_front(table: Table) -> None:
    doc = await _ia_export(table)
    doc["history"][-1]["seq"] = MAX_SEQ
    assert "Imported" in await _import(table, doc)
    doc["history"][-1]["seq"] = MAX_SEQ + 1
    text = await _import(table, doc)
    assert text.startswith("The file is not valid: history.0.seq:"), text
    assert "\n" not in text and "Something went wrong" not in text
    # nothing changed: the campaign imported first is still there, its numbers as they were
    history = await table.bot.store.history(OTHER_CHANNEL, 1)
    assert history[0].seq == MAX_SEQ


async def test_every_number_column_holds_64_bits(table: Table) -> None:
    db = table.bot.store.db
    if not isinstance(db, PostgresDatabase):
        return  # SQLite's INTEGER is 64-bit
    async with db.reading() as conn:
        rows = await conn.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND data_type IN ('integer', 'smallint')"
        )
    narrow = sorted((r["table_name"], r["column_name"]) for r in rows)
    # flags (0/1) and the migrations' own step numbers are all that stay 32-bit
    assert narrow == [
        ("history", "aside"),
        ("history", "imported"),
        ("schema_migrations", "version"),
    ]


async def _aside_then_undo(table: Table, locale: str) -> tuple[str, str, str]:
    gm = table.user(f"gm-{locale}", manage_channels=True, locale=locale)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    started = await table.state()
    changed = await table.run("ia threat", {"amount": 2}, user=gm)
    assert not changed.ephemeral, changed.text
    assert await table.state() != started
    rolled = await table.run("roll", {"expression": "1d6"}, user=gm)
    assert not rolled.ephemeral, rolled.text
    undone = await table.run("campaign undo", user=gm)
    assert await table.state() == started  # the threat change is taken back, not the roll
    history = await table.bot.store.history(table.channel_id, limit=None)
    assert [(h.seq, h.aside, h.undone_at is not None) for h in history] == [
        (3, True, False),
        (2, False, True),
        (1, False, False),
    ]
    nothing = await table.run("campaign undo", user=gm)
    assert nothing.ephemeral and await table.state() == started
    return undone.text, nothing.text, history[1].command


async def test_undo_passes_a_roll_by_to_the_last_game_change(table: Table) -> None:
    done, nothing, command = await _aside_then_undo(table, "en-US")
    assert done.startswith(f"Undid #2 by gm-en-US (`{command}` —"), done
    assert done.endswith("The campaign is as it was before it.")
    assert nothing.startswith("Nothing to undo: the campaign is as it started"), nothing


async def test_undo_passes_a_roll_by_in_russian(table: Table) -> None:
    done, nothing, command = await _aside_then_undo(table, "ru")
    assert command == "/ia threat amount:2"  # stored as it arrived, shown as Russian Discord does
    assert done.startswith("Отменено #2 (gm-ru: `/ia угроза величина:2` —"), done
    assert done.endswith("Кампания вернулась к состоянию до него.")
    assert nothing.startswith("Отменять нечего: кампания в начальном состоянии"), nothing


async def test_the_undo_button_passes_rolls_made_since(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    started = await table.state()
    changed = await table.run("ia threat", {"amount": 2}, user=gm)
    assert [b.get("label") for b in changed.message.buttons()] == ["Undo"]
    rolled = await table.run("roll", {"expression": "1d6"}, user=gm)
    assert "Undo" not in [b.get("label") for b in rolled.message.buttons()]  # an aside
    pressed = await table.click(changed.message, "Undo", user=gm)
    assert pressed.followups and pressed.followups[-1].text.startswith("Undid #2"), pressed.text
    assert await table.state() == started
