"""Hostile campaign files: a file that swaps the game, smuggles state, nests without end or
carries ids no Discord issues gets one ephemeral line and changes nothing."""

from __future__ import annotations

import json
from typing import Any

from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply

EMPTY_CHANNEL = 900000000000000077


async def _ia_export(table: Table) -> dict[str, Any]:
    gm = table.user("gm", manage_channels=True)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    await table.run("deploy-roll", user=gm)
    exported = await table.run("campaign export", user=gm)
    doc: dict[str, Any] = json.loads(exported.message.attachments[0][1])
    assert doc["game"] == "imperial_assault" and len(doc["history"]) >= 1
    return doc


async def _import(table: Table, content: bytes, channel_id: int) -> Reply:
    return await table.run(
        "campaign import", {"file": ("c.json", content)}, user="pat", channel_id=channel_id
    )


async def _refused(table: Table, content: bytes, expected: str) -> None:
    before = await table.state(EMPTY_CHANNEL)
    reply = await _import(table, content, EMPTY_CHANNEL)
    assert reply.ephemeral, reply.text
    assert expected in reply.text, reply.text
    assert "\n" not in reply.text and len(reply.text) < 400
    assert "Something went wrong" not in reply.text
    assert not reply.message.buttons()  # nothing to confirm: the file is refused outright
    assert await table.state(EMPTY_CHANNEL) == before is None


async def test_import_refuses_another_games_state_and_unknown_keys(table: Table) -> None:
    doc = await _ia_export(table)
    swapped = {**doc, "game": "imperium", "state": {**doc["state"], "evil": 1}}
    await _refused(table, json.dumps(swapped).encode(), "state.")
    # the game alone swapped: the Imperial Assault state is not a GDW Imperium state
    await _refused(table, json.dumps({**doc, "game": "imperium"}).encode(), "not permitted")
    # the right game, one key too many (at the top and deep inside)
    await _refused(
        table, json.dumps({**doc, "state": {**doc["state"], "evil": 1}}).encode(), "state.evil"
    )
    # a history entry whose change back gives a state with a key too many, or fits nothing
    history = [dict(h) for h in doc["history"]]
    target = next(h for h in reversed(history) if h["undo_patch"] is not None)
    target["undo_patch"] = [*target["undo_patch"], {"op": "add", "path": "/evil", "value": True}]
    await _refused(
        table, json.dumps({**doc, "history": history}).encode(), "undo_patch.evil: Extra inputs"
    )
    target["undo_patch"] = [{"op": "remove", "path": "/no/such/key"}]
    await _refused(table, json.dumps({**doc, "history": history}).encode(), "does not fit")
    target["undo_patch"] = [{"op": "wobble", "path": ""}]
    await _refused(table, json.dumps({**doc, "history": history}).encode(), "not a JSON Patch")
    # the same states in a version 1 file (the whole state before each entry)
    v1 = [{**h, "state_before": {**doc["state"], "evil": True}} for h in doc["history"]]
    for h in v1:
        del h["undo_patch"], h["aside"]
    await _refused(
        table, json.dumps({**doc, "version": 1, "history": v1}).encode(), "state_before.evil"
    )
    # the version as a string is a wrong file, not version 1
    await _refused(table, json.dumps({**doc, "version": "1"}).encode(), "version")
    await _refused(table, json.dumps({**doc, "version": True}).encode(), "version")
    # the untouched file still imports
    ask = await _import(table, json.dumps(doc).encode(), EMPTY_CHANNEL)
    assert "imported Imperial Assault campaign" in ask.text
    done = await table.click(ask.message, "Import", user="pat")
    assert "Imported the Imperial Assault campaign" in done.text
    assert await table.state(EMPTY_CHANNEL) == doc["state"]


async def test_import_refuses_deep_nesting_with_a_clear_line(table: Table) -> None:
    doc = await _ia_export(table)
    head = b'{"format": "wargame-table-campaign", "version": 1, "state": '
    await _refused(table, head + b"[" * 200_000, "deeper than 64 levels")
    await _refused(table, head + b"{" * 1_000 + b"}" * 1_000 + b"}", "deeper than")
    history = [dict(h) for h in doc["history"]]
    history[0]["dice"] = [{"kind": "d6", "value": "DEEP"}]
    text = json.dumps({**doc, "history": history}).replace('"DEEP"', "[" * 3_000 + "]" * 3_000)
    await _refused(table, text.encode(), "deeper than")
    # brackets inside strings are text, not nesting
    history = [dict(h) for h in doc["history"]]
    history[0]["actor_name"] = "[" * 5_000
    ask = await _import(table, json.dumps({**doc, "history": history}).encode(), EMPTY_CHANNEL)
    assert ask.message.buttons(), ask.text


async def test_import_refuses_ids_no_discord_issues(table: Table) -> None:
    doc = await _ia_export(table)
    cases: list[tuple[dict[str, Any], str]] = [
        ({**doc, "created_by": 2**63}, "created_by"),
        ({**doc, "created_by": 0}, "created_by"),
        ({**doc, "created_by": str(doc["created_by"])}, "created_by"),
        ({**doc, "game_masters": [{**_gm(doc), "user_id": 2**64 + 5}]}, "user_id"),
        ({**doc, "history": [{**doc["history"][0], "actor_id": -1}]}, "actor_id"),
        ({**doc, "history": [{**doc["history"][0], "seq": 2**63}]}, "seq"),
    ]
    for changed, expected in cases:
        await _refused(table, json.dumps(changed).encode(), expected)


def _gm(doc: dict[str, Any]) -> dict[str, Any]:
    return {
        "user_id": doc["created_by"],
        "added_by": doc["created_by"],
        "added_at": doc["created_at"],
    }
