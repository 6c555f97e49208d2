"""What the docs promise a newcomer, through the real bot: d% rolls 1–100, a planetary defence
system needs no maintenance number, when export → import → export gives the same file, and
percentages written as the replies write them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

ROOT = Path(__file__).resolve().parents[2]


def page(name: str) -> str:
    """A docs page with its lines joined (a sentence may wrap anywhere)."""
    return " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())


# -- d% -----------------------------------------------------------------------------------------
async def test_d_percent_rolls_one_to_a_hundred(table: Table) -> None:
    table.set_dice(ScriptedDice([100]))
    top = await table.run("roll", {"expression": "1d%"}, user="ana")
    assert "1d% (100) = `100`" in top.text and "**Total: 100**" in top.text
    assert "exactly 100: 1.0% · mean **50.50** · range 1–100" in top.text
    table.set_dice(ScriptedDice([1]))
    bottom = await table.run("roll", {"expression": "d%"}, user="ana")
    assert "**Total: 1**" in bottom.text and "range 1–100" in bottom.text
    # two of them, the better kept: the same as 2d100kh1
    table.set_dice(ScriptedDice([37, 82]))
    better = await table.run("roll", {"expression": "2d%kh1"}, user="ana")
    table.set_dice(ScriptedDice([37, 82]))
    same = await table.run("roll", {"expression": "2d100kh1"}, user="ana")
    assert "**Total: 82**" in better.text
    odds = re.compile(r"\*\*82\*\* or better: .*")
    assert odds.findall(better.text) == odds.findall(same.text)
    docs = page("campaign.md")
    assert "**Ruling: `d%` is 1–100.**" in docs
    assert "| `1d%` (or `d%`) | a percentile die, 1–100: the same as `1d100`" in docs


# -- a planetary defence system ---------------------------------------------------------------
async def test_a_planetary_defence_system_needs_no_maintenance_number(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    await table.run("imperium setup", {"terran": gm, "imperial": table.user("bo")}, user=gm)
    await table.run("imperium system set", {"name": "Sol", "owner": "terran", "worlds": 1}, user=gm)
    for name, kind in (("PDS1", "PDS"), ("PDS2", "planetary defence system")):
        options: dict[str, Any] = {"name": name, "type": kind, "system": "Sol", "side": "terran"}
        reply = await table.run("imperium ship add", options, user=gm)
        assert not reply.ephemeral, reply.text
    state = await table.state()
    assert state is not None
    pds = [s for s in state["ships"] if s["name"].startswith("PDS")]
    assert [(s["maintenance"], s["tclass"], s["jump"]) for s in pds] == [(0, "other", False)] * 2
    # a ship still needs its printed number
    reply = await table.run(
        "imperium ship add",
        {"name": "CR1", "type": "CR", "system": "Sol", "side": "terran", "tclass": "capital"},
        user=gm,
    )
    assert reply.ephemeral and "maintenance" in reply.text
    docs = page("imperium.md")
    assert "and for planetary defence systems, which are never maintained" in docs
    assert "so `/imperium ship add … type:PDS` needs no `maintenance`" in docs


# -- export → import → export -----------------------------------------------------------------
async def export(table: Table, user: str, channel: int) -> bytes:
    reply = await table.discord.invoke("campaign export", user=table.user(user), channel_id=channel)
    return reply.message.attachments[0][1]


async def import_into(table: Table, user: str, channel: int, raw: bytes) -> None:
    who = table.user(user)
    ask = await table.discord.invoke(
        "campaign import", {"file": ("c.json", raw)}, user=who, channel_id=channel
    )
    done = await table.click(ask.message, "Import", user=who)
    assert "Imported the" in done.text, done.text


async def test_export_import_export_is_the_same_file_when_the_docs_say_so(table: Table) -> None:
    creator = table.user("creator")
    await table.run("imperium setup", {"terran": creator}, user=creator)
    await table.run("campaign gm add", {"member": table.user("helper")}, user=creator)
    raw = await export(table, "creator", table.channel_id)
    # the creator, or a game master already in the file: the same file
    for n, who in enumerate(("creator", "helper"), 1):
        await import_into(table, who, table.channel_id + n, raw)
        assert await export(table, who, table.channel_id + n) == raw, who
    # anyone else becomes a game master too, and the second file says so
    mover = table.user("mover")
    await import_into(table, "mover", table.channel_id + 9, raw)
    again = json.loads(await export(table, "mover", table.channel_id + 9))
    first = json.loads(raw)
    assert [g["user_id"] for g in again.pop("game_masters")] == [
        *(g["user_id"] for g in first.pop("game_masters")),
        mover.id,
    ]
    assert again == first
    docs = page("campaign.md")
    assert "Export → import → export gives the same file." not in docs
    assert (
        "So export → import → export gives the same file when the member who imports is the "
        "campaign's creator, already one of its game masters, or has Manage Channels; when "
        "anyone else imports it, the second file also lists them among the game masters"
    ) in docs


# -- percentages in the docs as the replies write them ------------------------------------------
async def test_the_docs_write_percentages_as_the_replies_do(table: Table) -> None:
    ivan = table.user("ivan", locale="ru")
    table.set_dice(ScriptedDice([6]))
    roll = await table.run("roll", {"expression": "1d6"}, user=ivan)
    assert "**16,7 %**" in roll.text and "16,7%" not in roll.text
    docs = page("campaign.md")
    assert "(`16,7 %`," in docs and "16,7%" not in docs
    battle = await table.run(
        "battle", {"attacker": "Tank", "defender": "Trooper", "odds-only": True}, user="ana"
    )
    assert "< 0.1%" in battle.text or "0.1% together" in battle.text
    assert "whose chance rounds to at least 0.1%;" in page("weewar.md")
