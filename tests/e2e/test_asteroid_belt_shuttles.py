"""Asteroid Belt end to end: a raid needs the raider's own shuttle next to the cargo shuttle, a
lost raid sends that shuttle's units to repair, and a player disbands a unit of its own.

The seed: "Для его атаки необходимо подойти вплотную своим шаттлом" (the cargo shuttle),
"поражение атакующего шаттла (фишки в ремонт)", "Если какой-то из своих отрядов занимает нужную
клетку и мешает передвижению и достижению целей, его можно ликвидировать"."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


async def _game(table: Table) -> None:
    """Green (ana, English) and Violet (oleg, Russian); Green to play with an engineer and a
    recon in the field: 32 - 1 - 1 = 30 resources."""
    table.user("oleg", locale="ru")
    table.set_dice(ScriptedDice([1]))
    for path, options, user in [
        ("asteroids setup", {"civilisations": "green violet"}, "gm"),
        ("asteroids join", {"civilisation": "green"}, "ana"),
        ("asteroids join", {"civilisation": "violet"}, "oleg"),
        ("asteroids move", {"unit": "engineer"}, "ana"),
        ("asteroids move", {"unit": "recon"}, "ana"),
    ]:
        reply = await table.run(path, options, user=user)
        assert not reply.ephemeral, reply.text


async def _civ(table: Table, civ: str) -> dict[str, Any]:
    state = await table.state()
    assert state is not None
    books: dict[str, Any] = state["civs"][civ]
    return books


async def test_a_raid_without_your_own_shuttle_is_refused(table: Table) -> None:
    await _game(table)
    before = await table.state()
    table.set_dice(ScriptedDice([6, 2]))
    reply = await table.run("asteroids raid", user="ana")
    assert reply.ephemeral
    assert reply.text == (
        "Green Anarchy has no shuttle to bring next to the cargo shuttle: activate one next to "
        "a class-3 asteroid with /asteroids shuttle (units-aboard: your units), bring it next "
        "to the cargo shuttle, then raid with it."
    )
    assert await table.state() == before

    # an empty shuttle is not enough either, and the refusal says how to load it
    reply = await table.run("asteroids shuttle", {"at": "g1"}, user="ana")
    assert not reply.ephemeral and "activates shuttle 1 at g1" in reply.text
    before = await table.state()
    reply = await table.run("asteroids raid", user="ana")
    assert reply.ephemeral
    assert reply.text == (
        "Green Anarchy's shuttle 1 carries no units: board 1 to 3 with /asteroids board, then "
        "raid with it."
    )
    assert await table.state() == before


async def test_the_refusal_in_russian(table: Table) -> None:
    await _game(table)
    await table.run("asteroids end-turn", user="ana")
    reply = await table.run("asteroids move", {"unit": "engineer"}, user="oleg")
    assert not reply.ephemeral, reply.text
    before = await table.state()
    reply = await table.run("asteroids raid", user="oleg")
    assert reply.ephemeral
    assert reply.text == (
        "У Фиолетовой Федерации нет шаттла, чтобы подойти вплотную к грузовому: активируйте "
        "шаттл у астероида 3 класса командой /астероиды шаттл (на-борту: ваши отряды), "
        "подведите его к грузовому шаттлу и нападайте им."
    )
    assert await table.state() == before


async def test_a_lost_raid_sends_the_shuttles_units_to_repair(table: Table) -> None:
    await _game(table)
    # shuttle 1 with the engineer, boarded in two steps; shuttle 2 with the recon
    await table.run("asteroids shuttle", {"at": "g1"}, user="ana")
    reply = await table.run("asteroids board", {"units": "engineer", "shuttle": 1}, user="ana")
    assert not reply.ephemeral and "Aboard Green Anarchy's shuttle 1: engineer squad." in reply.text
    reply = await table.run("asteroids shuttle", {"at": "g2", "units-aboard": "recon"}, user="ana")
    assert "activates shuttle 2 at g2" in reply.text
    books = await _civ(table, "green")
    assert [(s["number"], s["aboard"]) for s in books["shuttles"]] == [
        (1, ["engineer"]),
        (2, ["recon"]),
    ]
    status = await table.run("asteroids status", user="ana")
    assert "shuttles: 1: E1; 2: R1" in status.text
    status = await table.run("asteroids status", user="oleg")
    assert "шаттлы: 1: И1; 2: Р1" in status.text
    # the shuttles offered are the player's own
    got = await table.autocomplete("asteroids raid", {"shuttle": ""}, "shuttle", user="ana")
    assert got == [
        {"name": "Shuttle 1 (from g1): engineer squad", "value": 1},
        {"name": "Shuttle 2 (from g2): recon squad", "value": 2},
    ]
    # with two shuttles the raider names the one next to the cargo shuttle
    reply = await table.run("asteroids raid", user="ana")
    assert reply.ephemeral and "name the one you mean" in reply.text
    # its speed die: 3 red cells, free
    table.set_dice(ScriptedDice([3]))
    reply = await table.run("asteroids shuttle-move", {"shuttle": 2}, user="ana")
    assert "shuttle 2 (aboard: recon squad) moves up to 3 red cells" in reply.text
    # die 1: "поражение атакующего шаттла (фишки в ремонт)"; the cargo shuttle moves 1 -> 2
    table.set_dice(ScriptedDice([1, 2]))
    reply = await table.run("asteroids raid", {"shuttle": 2}, user="ana")
    assert not reply.ephemeral, reply.text
    assert "with shuttle 2, 1 aboard: die 1, the attacking shuttle is defeated" in reply.text
    assert "Shuttle 2 is lost. To repair: recon squad." in reply.text
    books = await _civ(table, "green")
    assert [(s["number"], s["aboard"]) for s in books["shuttles"]] == [(1, ["engineer"])]
    assert (books["field"]["recon"], books["repair"]["recon"]) == (0, 1)
    # unloading the engineer empties shuttle 1: it leaves the board
    reply = await table.run("asteroids unload", user="ana")
    assert "Shuttle 1 is empty and leaves the board." in reply.text
    assert (await _civ(table, "green"))["shuttles"] == []
    status = await table.run("asteroids status", user="ana")
    assert "R1" in status.text  # the recon is in repair


async def test_disband_a_unit_of_your_own(table: Table) -> None:
    await _game(table)
    # the autocomplete offers the player's own units in the field
    got = await table.autocomplete("asteroids disband", {"unit": ""}, "unit", user="ana")
    assert got == [
        {"name": "engineer squad: 1 in the field", "value": "engineer"},
        {"name": "recon squad: 1 in the field", "value": "recon"},
    ]
    got = await table.autocomplete("asteroids disband", {"unit": "разв"}, "unit", user="oleg")
    assert got == []  # Violet has nothing in the field

    # refusals change nothing: another player, a unit not on the board
    before = await table.state()
    reply = await table.run("asteroids disband", {"unit": "engineer"}, user="oleg")
    assert reply.ephemeral
    assert reply.text.startswith("Сейчас ход цивилизации «Зелёная Анархия», не ваш")
    reply = await table.run(
        "asteroids disband", {"unit": "engineer", "civilisation": "green"}, user="oleg"
    )
    assert reply.ephemeral
    assert "действовать за «Зелёная Анархия» может только ведущий" in reply.text
    reply = await table.run("asteroids disband", {"unit": "assault"}, user="ana")
    assert reply.ephemeral
    assert reply.text == (
        "Green Anarchy has 0 assault squad in the field, not 1: only units on the board can be "
        "disbanded."
    )
    assert await table.state() == before

    reply = await table.run("asteroids disband", {"unit": "engineer"}, user="ana")
    assert not reply.ephemeral, reply.text
    assert (
        "Green Anarchy disbands 1 engineer squad: off the board, into repair (0 left in the "
        "field)." in reply.text
    )
    books = await _civ(table, "green")
    assert (books["field"]["engineer"], books["repair"]["engineer"]) == (0, 1)
    assert books["resources"] == 30
    history = await table.run("campaign history", user="gm")
    assert "/asteroids disband" in history.text and "disbands 1 engineer squad" in history.text

    # the game master may disband for a civilisation
    reply = await table.run(
        "asteroids disband", {"unit": "recon", "civilisation": "green"}, user="gm"
    )
    assert not reply.ephemeral, reply.text
    assert (await _civ(table, "green"))["field"]["recon"] == 0
