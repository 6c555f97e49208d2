"""/roll end to end, and the Roll again and Undo buttons under replies."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

import pytest

from bot import ui
from bot.catalog import render_summary
from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Message, Reply, User

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


async def _other_campaign(table: Table) -> None:
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user("gm").id, command="/setup"
    ) as tx:
        tx.create("imperium", {"turn": 3})


async def test_roll_shows_each_die_the_total_and_the_exact_odds(table: Table) -> None:
    table.set_dice(ScriptedDice([3, 5]))
    reply = await table.run("roll", {"expression": "2d6+1", "label": "attack"}, user="ana")
    assert not reply.ephemeral
    text = reply.text
    assert "ana rolls 2d6+1 — attack" in text
    assert "2d6 (3, 5) + 1 = `9`" in text
    assert "**Total: 9**" in text
    # P(2d6 + 1 ≥ 9) = 15/36; P(= 9) = 5/36; mean 8
    assert "**9** or better: **41.7%** · exactly 9: 13.9% · mean **8.00** · range 3–13" in text
    assert "│" in text and "█" in text and " 9 │" in text and "◀" in text
    assert [b["label"] for b in reply.message.buttons()] == ["Roll again"]
    # no campaign here: nothing stored, nothing claimed
    assert await table.bot.store.get(table.channel_id) is None
    assert "recorded" not in text


async def test_roll_mean_rounds_exactly_half_up(table: Table) -> None:
    # The mean of 2d20kh1 is 553/40 = 13.825 exactly: shown as 13.83 (a float would say 13.82).
    table.set_dice(ScriptedDice([4, 17]))
    reply = await table.run("roll", {"expression": "2d20kh1"}, user="ana")
    assert "mean **13.83**" in reply.text
    table.set_dice(ScriptedDice([4, 17]))
    reply = await table.run("roll", {"expression": "2d20kh1"}, user=table.user("ivan", locale="ru"))
    assert "**13,83**" in reply.text


async def test_roll_in_a_campaign_is_recorded_with_every_die(table: Table) -> None:
    await _other_campaign(table)
    table.set_dice(ScriptedDice([1, 3, 5, 6]))
    reply = await table.run("roll", {"expression": "4d6kh3"}, user="ana")
    assert "recorded in this channel's campaign history" in reply.text
    history = await table.bot.store.history(table.channel_id, limit=5)
    entry = history[0]
    assert entry.actor_id == table.user("ana").id
    assert entry.command == "/roll expression:4d6kh3"
    assert [d["value"] for d in entry.dice] == [1, 3, 5, 6]
    assert [d["kind"] for d in entry.dice] == ["d6"] * 4
    assert render_summary("en", entry.summary) == "Rolled 4d6kh3 = 14"
    assert render_summary("ru", entry.summary) == "Бросок 4d6kh3 = 14"
    assert await table.state() == {"turn": 3}  # the state stays as it was
    shown = await table.run("campaign history", user="ana")
    assert "Rolled 4d6kh3 = 14" in shown.text and "🎲 1 3 5 6" in shown.text


async def test_a_private_roll_is_ephemeral_and_not_recorded(table: Table) -> None:
    await _other_campaign(table)
    before = await table.bot.store.history(table.channel_id, limit=5)
    table.set_dice(ScriptedDice([20]))
    reply = await table.run("roll", {"expression": "1d20", "private": True}, user="ana")
    assert reply.ephemeral
    assert "**Total: 20**" in reply.text and "**20** or better: **5.0%**" in reply.text
    assert await table.bot.store.history(table.channel_id, limit=5) == before


@pytest.mark.parametrize(
    ("expression", "words"),
    [
        ("2d6+", "Can't read that expression"),
        ("2x6", "at character 2 (“x6”)"),
        ("1d6e6", "`e` can roll without end"),
        ("1d0", "at least one face"),
        ("5d20kh1", "Too large for exact odds (more than 200,000 steps of work)"),
        ("1000d6", "Too large for exact odds"),
    ],
)
async def test_bad_and_too_large_expressions_get_one_ephemeral_line(
    table: Table, expression: str, words: str
) -> None:
    await _other_campaign(table)
    before = await table.bot.store.history(table.channel_id, limit=5)
    table.set_dice(ScriptedDice([]))  # any draw would raise
    reply = await table.run("roll", {"expression": expression})
    assert reply.ephemeral
    assert words in reply.text, reply.text
    assert "\n" not in reply.text
    assert "`" in reply.text and ("2d6" in reply.text or "d6" in reply.text)  # an example
    assert reply.message.buttons() == []
    assert await table.bot.store.history(table.channel_id, limit=5) == before


async def test_roll_in_russian(table: Table) -> None:
    ivan = table.user("ivan", locale="ru")
    table.set_dice(ScriptedDice([3, 5]))
    reply = await table.run("roll", {"expression": "2d6+1"}, user=ivan)
    text = reply.text
    assert "ivan бросает 2d6+1" in text
    assert "**Итого: 9**" in text
    assert "**9** или больше: **41,7 %** · ровно 9: 13,9 % · в среднем **8,00**" in text
    assert [b["label"] for b in reply.message.buttons()] == ["Бросить ещё"]
    table.set_dice(ScriptedDice([3, 5]))
    reply = await table.run("roll", {"expression": "2к6+1"}, user=ivan)
    assert "ivan бросает 2к6+1" in reply.text and "**Итого: 9**" in reply.text
    bad = await table.run("roll", {"expression": "2x6"}, user=ivan)
    assert bad.ephemeral and bad.text.startswith("Не удаётся прочитать выражение")
    await table.discord.synced.wait()
    roll = table.discord.commands["roll"]
    assert roll["name_localizations"]["ru"] == "бросок"
    names = {o["name"]: o["name_localizations"]["ru"] for o in roll["options"]}
    assert names == {"expression": "выражение", "label": "подпись", "private": "скрытно"}


async def test_roll_again_rolls_the_same_thing_as_whoever_presses(table: Table) -> None:
    await _other_campaign(table)
    table.set_dice(ScriptedDice([2, 2, 6, 4]))
    first = await table.run("roll", {"expression": "2d6", "label": "luck"}, user="ana")
    assert "**Total: 4**" in first.text
    again = await table.click(first.message, "Roll again", user="bo")
    assert not again.ephemeral
    assert "bo rolls 2d6 — luck" in again.text and "**Total: 10**" in again.text
    assert [b["label"] for b in again.message.buttons()] == ["Roll again"]
    assert "**Total: 4**" in first.message.text  # the first reply stays as it was
    history = await table.bot.store.history(table.channel_id, limit=5)
    assert [(e.actor_id, e.command) for e in history[:2]] == [
        (table.user("bo").id, "/roll expression:2d6 label:luck"),
        (table.user("ana").id, "/roll expression:2d6 label:luck"),
    ]
    assert [d["value"] for d in history[0].dice] == [6, 4]


async def test_roll_again_under_a_battle(table: Table) -> None:
    await _other_campaign(table)
    hit, miss = 0.0, 0.999
    options = {"attacker": "Tank", "defender": "Tank", "attackers": 1, "defenders": 1}
    table.set_dice(ScriptedDice([miss] * 6 + [miss] * 6))
    first = await table.run("battle", options, user="ana")
    assert "**Result:** Tank 1 → **1** · Tank 1 → **1**" in first.text
    assert [b["label"] for b in first.message.buttons()] == ["Roll again"]
    table.set_dice(ScriptedDice([hit] * 6 + [miss] * 6))  # the attack wipes out the defender
    again = await table.click(first.message, "Roll again", user="bo")
    assert "**Result:** Tank 1 → **1** · Tank 1 → **0**" in again.text
    history = await table.bot.store.history(table.channel_id, limit=5)
    assert history[0].actor_id == table.user("bo").id
    assert history[0].command.startswith("/battle attacker:Tank defender:Tank")
    odds = await table.run("battle", {**options, "odds-only": True})
    assert odds.message.buttons() == []  # nothing rolled, nothing to roll again


async def _followup(reply: Reply) -> Message:
    """The message the bot posted after answering ``reply`` (the Undo button's notice)."""
    for _ in range(200):
        if reply.followups:
            return reply.followups[-1]
        await asyncio.sleep(0.02)
    raise AssertionError("no follow-up message")


async def _imperium(table: Table) -> tuple[User, User, User]:
    gm = table.user("gm", manage_channels=True)
    ana, bo = table.user("ana"), table.user("bo")
    options: dict[str, Any] = {"terran": ana, "imperial": bo}
    assert not (await table.run("imperium setup", options, user=gm)).ephemeral
    return gm, ana, bo


async def test_undo_button_for_the_maker_and_game_masters_only(table: Table) -> None:
    gm, ana, bo = await _imperium(table)
    before = await table.state()
    assert before is not None
    change = await table.run("imperium phasing", {"side": "imperial"}, user=ana)
    assert not change.ephemeral
    assert [b["label"] for b in change.message.buttons()] == ["Undo"]
    changed = await table.state()
    assert changed != before
    # another player may not
    refused = await table.click(change.message, "Undo", user=bo)
    assert refused.ephemeral and "Only the game master" in refused.text
    assert await table.state() == changed
    # the maker may: the state is as before, the button is spent, the table is told
    stale = copy.deepcopy(change.message)
    done = await table.click(change.message, "Undo", user=ana)
    await _followup(done)
    assert await table.state() == before
    told = done.followups[-1]
    assert not told.ephemeral and told.text.startswith("Undid #"), told.text
    assert [b.get("disabled") for b in change.message.buttons()] == [True]
    again = await table.click(stale, "Undo", user=ana)
    assert again.ephemeral and again.text == "This change was already undone."
    # a game master may undo someone else's change
    second = await table.run("imperium phasing", {"side": "imperial"}, user=ana)
    by_gm = await table.click(second.message, "Undo", user=gm)
    await _followup(by_gm)
    assert await table.state() == before


async def test_an_undo_button_after_a_later_change_says_so(table: Table) -> None:
    _gm, ana, _bo = await _imperium(table)
    first = await table.run("imperium phasing", {"side": "imperial"}, user=ana)
    await table.run("imperium phasing", {"side": "terran"}, user=ana)
    state = await table.state()
    reply = await table.click(first.message, "Undo", user=ana)
    assert reply.ephemeral and "can no longer be undone" in reply.text
    assert await table.state() == state
    # setting up is not undone by a button (/campaign end removes a campaign)
    assert not (await table.run("campaign status")).message.buttons()


async def test_a_confirmation_that_can_no_longer_act_says_so_privately(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the one kind of button held in memory: an import's confirmation (the file is not in
    # its custom id); timed out (as after two minutes, or a restart) it says so, nothing more
    monkeypatch.setattr(ui, "CONFIRM_LIFETIME", 0.05)
    await _imperium(table)
    exported = await table.run("campaign export")
    name, raw = exported.message.attachments[0]
    ask = await table.run("campaign import", {"file": (name, raw)})
    state = await table.state()
    await asyncio.sleep(0.3)
    reply = await table.click(ask.message, "Import")
    assert reply.ephemeral
    assert reply.text == (
        "This confirmation has expired — run the command again; nothing was changed."
    )
    assert await table.state() == state
