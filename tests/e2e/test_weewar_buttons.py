"""Weewar's chain of attacks: under a rolled /battle, beside Roll again, **Next attack on this
defender…** — the same attacker type attacks the defender's survivors with the attack just
rolled counted in B (the seed's gang-up cases), as /battle would with those options; in English
and Russian and after a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Reply, StandIn

BATTLE: dict[str, Any] = {"attacker": "Tank", "defender": "Trooper", "attackers": 10}


async def campaign(table: Table) -> None:
    options: dict[str, Any] = {"terran": table.user("ana"), "imperial": table.user("bo")}
    assert not (await table.run("imperium setup", options)).ephemeral


def chain(reply: Reply) -> tuple[str, list[str]]:
    [select] = reply.message.selects()
    return select["placeholder"], [o["label"] for o in select["options"]]


async def test_the_next_attack_counts_the_one_just_rolled(table: Table) -> None:
    await campaign(table)
    # every die of the Tank's strike hits nothing but one sub unit (6 of 60 dice under p)
    table.set_dice(ScriptedDice([0.0] * 6 + [0.99] * 54 + [0.99] * 60))
    first = await table.run("battle", BATTLE, user="ana")
    assert not first.ephemeral, first.text
    placeholder, options = chain(first)
    assert placeholder == "Next attack on this defender (9 left)…"
    assert options == [
        "This attack was from a distance: +1",
        "The next attacker stands beside this one: +1",
        "The next attacker stands opposite this one: +3",
        "The next attacker stands on another side: +2",
    ]
    assert [b["label"] for b in first.message.buttons()] == ["Roll again"]

    table.set_dice(ScriptedDice([0.99] * 120))
    second = await table.choose(
        first.message, placeholder, "The next attacker stands opposite this one: +3", user="bo"
    )
    assert not second.ephemeral, second.text
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].actor_name == "bo"
    assert "defenders:9" in history[0].command and "opposite:1" in history[0].command
    assert "ranged:0 beside:0" in history[0].command and "flank:0" in history[0].command
    # nothing hit this time: still 9; a third attack from the flank counts both
    placeholder2, _ = chain(second)
    assert placeholder2 == "Next attack on this defender (9 left)…"
    table.set_dice(ScriptedDice([0.99] * 120))
    third = await table.choose(
        second.message, placeholder2, "The next attacker stands on another side: +2", user="bo"
    )
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert "opposite:1 flank:1" in history[0].command, history[0].command
    assert not third.ephemeral


async def test_no_next_attack_on_a_wiped_out_defender(table: Table) -> None:
    table.set_dice(ScriptedDice([0.0] * 60 + [0.99] * 6))
    reply = await table.run("battle", {**BATTLE, "defenders": 1})
    assert not reply.ephemeral, reply.text
    assert reply.message.selects() == []


async def test_the_chain_in_russian_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        async with running_table(database, standin=discord) as table:
            table.set_dice(ScriptedDice([0.0] * 12 + [0.99] * 48 + [0.99] * 60))
            first = await table.run("battle", BATTLE, user="ana")
            placeholder, _ = chain(first)
            assert placeholder == "Next attack on this defender (8 left)…"
        async with running_table(database, standin=discord) as table:
            table.user("оля", locale="ru")
            table.set_dice(ScriptedDice([0.99] * 120))
            second = await table.choose(
                first.message, placeholder, "This attack was from a distance: +1", user="оля"
            )
            assert not second.ephemeral, second.text
            placeholder2, options = chain(second)
            assert placeholder2 == "Следующая атака на эту цель (осталось 8)…"
            assert options[0] == "Эта атака была издалека: +1"
