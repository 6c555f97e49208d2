"""Asteroid Belt end to end: the real bot against the stand-in Discord.

Expected resources and VP are worked by hand in the comments from the seed's numbers."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


async def run(
    table: Table, path: str, options: dict[str, Any] | None, user: str, ok: bool = True
) -> str:
    reply = await table.run(path, options or {}, user=user)
    assert reply.ephemeral is (not ok), reply.text
    return reply.text


async def books(table: Table) -> dict[str, tuple[int, int]]:
    state = await table.state()
    assert state is not None
    return {c: (state["civs"][c]["resources"], state["civs"][c]["vp"]) for c in state["order"]}


async def test_three_player_game(table: Table) -> None:
    # 1-4: setup by the game master, three players claim their civilisations
    table.set_dice(ScriptedDice([2]))  # the cargo shuttle starts at portal 2
    text = await run(
        table,
        "asteroids setup",
        {"civilisations": "violet orange green", "goal": 6, "portals": 4},
        "gm",
    )
    assert "portal 2 of 4" in text and "goal 6 VP" in text
    await run(table, "asteroids join", {"civilisation": "violet"}, "ana")
    await run(table, "asteroids join", {"civilisation": "orange"}, "bo")
    await run(table, "asteroids join", {"civilisation": "green"}, "cy")
    assert await books(table) == {"violet": (32, 0), "orange": (30, 0), "green": (30, 0)}

    # 5: not Orange's turn: refused, nothing changes
    before = await table.state()
    text = await run(table, "asteroids move", {"unit": "assault"}, "bo", ok=False)
    assert text == "It is Violet Federation's turn, not yours: wait for /asteroids end-turn."
    assert await table.state() == before

    # 6-9: Violet moves an assault (2) and an engineer twice (2), targets r1, ends: 32 - 4 = 28
    await run(table, "asteroids move", {"unit": "assault"}, "ana")
    await run(table, "asteroids move", {"unit": "engineer", "moves": 2}, "ana")
    text = await run(table, "capture target", {"asteroid": "R1"}, "ana")
    assert "Orange Empire plays them" in text
    text = await run(table, "asteroids end-turn", None, "ana")
    assert "Guards to play: r1" in text  # Orange starts its turn with +2: 32
    assert f"<@{table.user('bo').id}>, Orange Empire is yours to play." in text

    # 10: Green is not the guards' player against Violet
    text = await run(
        table, "capture guards", {"asteroid": "r1", "picks": "engineer"}, "cy", ok=False
    )
    assert "Orange Empire plays the natives against Violet Federation" in text

    # 11: Orange plays the engineer guard: 1 vs 4, the guard is removed, r1 has a flag
    table.set_dice(ScriptedDice([1, 4]))
    text = await run(table, "capture guards", {"asteroid": "r1", "picks": "engineer"}, "bo")
    assert "becomes a Flag" in text
    # 12-15: Orange moves an assault (2), builds the mine on Violet's flag (+15, 1 VP): 45,
    # targets y1, ends
    await run(table, "asteroids move", {"unit": "assault"}, "bo")
    text = await run(table, "capture mine", {"asteroid": "r1"}, "bo")
    assert "+1 VP" in text and "+15 resources" in text
    await run(table, "capture target", {"asteroid": "y1"}, "bo")
    await run(table, "asteroids end-turn", None, "bo")  # Green: 32

    # 16: Green plays y1's assault guard: 3+1 vs 2+1: Orange's assault goes to repair
    table.set_dice(ScriptedDice([3, 2]))
    text = await run(table, "capture guards", {"asteroid": "y1", "picks": "assault"}, "cy")
    assert "Orange Empire's assault squad goes to repair" in text
    # 17-21: Green moves an engineer 3 times (3), moves a recon (1), activates a shuttle at g1
    # with both aboard (3): 25; raids the cargo shuttle with it: 5 = +30: 55; the cargo
    # shuttle goes from portal 2 to 1
    await run(table, "asteroids move", {"unit": "engineer", "moves": 3}, "cy")
    await run(table, "asteroids move", {"unit": "recon"}, "cy")
    await run(table, "asteroids shuttle", {"at": "g1", "units-aboard": "engineer recon"}, "cy")
    table.set_dice(ScriptedDice([5, 1]))
    text = await run(table, "asteroids raid", {"shuttle": 1}, "cy")
    assert "a haul of 30 resources" in text and "from portal 2 to portal 1" in text
    await run(table, "asteroids end-turn", None, "cy")  # Violet: 30

    # 22: Violet's assault attacks Green's engineer: 4+1 vs 4, the engineer goes to repair
    table.set_dice(ScriptedDice([4, 4]))
    text = await run(
        table,
        "asteroids fight",
        {"attacker": "assault", "defender": "engineer", "defender-side": "green"},
        "ana",
    )
    assert "win 58.3 %, draw 13.9 %, lose 27.8 %" in text
    assert "Green Anarchy's engineer squad goes to repair" in text
    # 23-25: Violet targets g2, creates a recon at its base (17): 13, ends
    await run(table, "capture target", {"asteroid": "g2"}, "ana")
    await run(table, "asteroids create", {"unit": "recon"}, "ana")
    text = await run(table, "asteroids end-turn", None, "ana")  # Orange: 47
    assert "Guards to play: g2" in text and "Guards still stand on y1" in text

    # 26: Orange plays g2's two engineer guards: 1 vs 2+1 (removed), 2 vs 2 (a draw)
    table.set_dice(ScriptedDice([1, 2, 2, 2]))
    text = await run(table, "capture guards", {"asteroid": "g2", "picks": "assault engineer"}, "bo")
    assert "draw: both stay" in text and "Guards left on g2: engineer squad" in text
    # 27: Orange has no assault in the field (it is in repair)
    text = await run(table, "capture attack", {"asteroid": "y1", "unit": "assault"}, "bo", ok=False)
    assert text.startswith("Orange Empire has no assault squad in the field")
    # 28-31: Orange moves its other assault out (2): 45, beats y1's guard 5+1 vs 3+1, builds the
    # mine (+25, 2 VP): 70 and 3 VP; ends
    await run(table, "asteroids move", {"unit": "assault"}, "bo")
    table.set_dice(ScriptedDice([5, 3]))
    await run(table, "capture attack", {"asteroid": "y1", "unit": "assault"}, "bo")
    await run(table, "capture mine", {"asteroid": "y1"}, "bo")
    await run(table, "asteroids end-turn", None, "bo")  # Green: 57
    await run(table, "asteroids end-turn", None, "cy")  # Violet: 15

    # 33-36: Violet beats g2's last guard 6+1 vs 1, builds the mine (+25, 2 VP): 40; ends
    table.set_dice(ScriptedDice([6, 1]))
    await run(table, "capture attack", {"asteroid": "g2", "unit": "assault"}, "ana")
    await run(table, "capture mine", {"asteroid": "g2"}, "ana")
    text = await run(table, "asteroids status", None, "ana")
    assert "40** resources · **2/6** VP" in text
    await run(table, "asteroids end-turn", None, "ana")  # Orange: 72

    # 37-41: Orange targets v4 (assault + recon guards); Green plays them: the assault guard
    # 1+1 vs 6+1 is removed, the recon guard 1 vs 6+1 loses but stays (it attacked)
    await run(table, "capture target", {"asteroid": "v4"}, "bo")
    await run(table, "asteroids end-turn", None, "bo")  # Green: 59
    table.set_dice(ScriptedDice([1, 6, 1, 6]))
    text = await run(table, "capture guards", {"asteroid": "v4", "picks": "assault assault"}, "cy")
    assert "Guards left on v4: recon squad" in text
    await run(table, "asteroids end-turn", None, "cy")  # Violet: 42
    await run(table, "asteroids end-turn", None, "ana")  # Orange: 74

    # 42-43: Orange's assault beats the recon guard 3+1 vs 3+0; the mine (+45, 4 VP): 7 VP wins
    table.set_dice(ScriptedDice([3, 3]))
    await run(
        table, "capture attack", {"asteroid": "v4", "unit": "assault", "guard": "recon"}, "bo"
    )
    text = await run(table, "capture mine", {"asteroid": "v4"}, "bo")
    assert "Orange Empire reaches 7 of 6 VP and wins" in text

    # 44-45: the campaign is locked; status still works
    text = await run(table, "asteroids end-turn", None, "bo", ok=False)
    assert text.startswith("The game is over: Orange Empire won")
    text = await run(table, "asteroids status", None, "cy")
    assert "Orange Empire won" in text

    assert await books(table) == {"violet": (42, 2), "orange": (119, 7), "green": (59, 0)}
    state = await table.state()
    assert state is not None
    assert state["winner"] == "orange"
    mines = {a["label"]: a["owner"] for a in state["asteroids"] if a["status"] == "mine"}
    assert mines == {
        "r1": "orange",
        "y1": "orange",
        "g2": "violet",
        "v1": "violet",
        "v2": "orange",
        "v3": "green",
        "v4": "orange",
    }
    assert state["cargo_portal"] == 1
    assert state["civs"]["green"]["repair"]["engineer"] == 1
    assert state["civs"]["orange"]["repair"]["assault"] == 1
    text = await run(table, "campaign status", None, "cy")
    assert "Asteroid Belt (standard): Orange Empire won" in text

    # the history keeps every die with its English label
    history = await table.bot.store.history(table.channel_id, limit=100)
    dice = {h.command.split()[1]: h.dice for h in reversed(history) if h.dice}
    assert dice["setup"] == [{"kind": "d6", "label": "cargo shuttle's starting portal", "value": 2}]
    assert dice["raid"] == [
        {"kind": "d6", "label": "cargo shuttle raid (2 aboard)", "value": 5},
        {"kind": "d6", "label": "cargo shuttle's new portal", "value": 1},
    ]
    assert dice["fight"] == [
        {"kind": "d6", "label": "attack: Violet Federation assault squad", "value": 4},
        {"kind": "d6", "label": "defence: Green Anarchy engineer squad", "value": 4},
    ]


async def _two_player(table: Table, **options: Any) -> None:
    table.set_dice(ScriptedDice([1]))
    await run(table, "asteroids setup", {"civilisations": "green violet", **options}, "gm")
    await run(table, "asteroids join", {"civilisation": "green"}, "ana")
    await run(table, "asteroids join", {"civilisation": "violet"}, "bo")


async def test_refusals_change_nothing(table: Table) -> None:
    await _two_player(table, variant="hard")
    before = await table.state()
    refusals = [
        ("asteroids move", {"unit": "engineer", "moves": 40}, "ana", "costs 40 resources"),
        ("capture target", {"asteroid": "v2"}, "ana", "already a mine of Violet Federation"),
        ("capture target", {"asteroid": "x7"}, "ana", "No asteroid 'x7'"),
        ("capture mine", {"asteroid": "r1"}, "ana", "has no flag yet"),
        ("asteroids raid", {}, "ana", "Hard variant"),
        ("asteroids create", {"unit": "elite"}, "ana", "elite is not in repair"),
        (
            "asteroids move",
            {"unit": "engineer", "civilisation": "violet"},
            "ana",
            "only the game master",
        ),
        ("asteroids end-turn", None, "bo", "It is Green Anarchy's turn"),
        ("asteroids end-turn", None, "zed", "use /asteroids join first"),
        ("asteroids reinforce", None, "ana", "no units left"),
        ("asteroids join", {"civilisation": "orange"}, "zed", "not in this game"),
        ("asteroids join", {"civilisation": "violet"}, "ana", "already play Green Anarchy"),
        ("asteroids setup", {"civilisations": "violet orange"}, "gm", "already runs"),
    ]
    for path, options, user, expected in refusals:
        text = await run(table, path, options, user, ok=False)
        assert expected in text, (path, text)
        assert "\n" not in text
        assert await table.state() == before, path


async def test_game_master_acts_for_anyone(table: Table) -> None:
    await _two_player(table)
    # the creator is the game master: acts for whose turn it is, or for anyone named
    await run(table, "asteroids move", {"unit": "assault"}, "gm")  # Green: 32 - 2
    await run(table, "asteroids move", {"unit": "recon", "civilisation": "violet"}, "gm")  # 30 - 1
    assert await books(table) == {"green": (30, 0), "violet": (29, 0)}
    await run(table, "asteroids end-turn", None, "gm")
    assert await books(table) == {"green": (30, 0), "violet": (31, 0)}
    # the game master can give a civilisation to a member; a player cannot
    text = await run(
        table,
        "asteroids join",
        {"civilisation": "violet", "member": table.user("zed").id},
        "ana",
        ok=False,
    )
    assert "Only the game master" in text


async def test_two_players_fight_default_defender_and_natives(table: Table) -> None:
    await _two_player(table)
    await run(table, "asteroids move", {"unit": "engineer"}, "ana")  # Green: 31
    await run(table, "asteroids end-turn", None, "ana")  # Violet: 32
    await run(table, "asteroids move", {"unit": "recon"}, "bo")  # Violet: 31
    # a recon that attacks and loses stays in the field
    table.set_dice(ScriptedDice([1, 6]))
    text = await run(table, "asteroids fight", {"attacker": "recon", "defender": "engineer"}, "bo")
    assert "without risk" in text
    state = await table.state()
    assert state is not None and state["civs"]["violet"]["field"]["recon"] == 1
    # the natives against Violet are played by Green, against Green by Violet; by default
    # Green's natives fight Violet: engineer 2 vs recon 2, a draw
    table.set_dice(ScriptedDice([2, 2]))
    text = await run(
        table,
        "asteroids fight",
        {"attacker": "engineer", "attacker-side": "natives", "defender": "recon"},
        "ana",
    )
    assert "The natives engineer squad attacks Violet Federation recon squad" in text
    assert "draw: both stay" in text
    table.set_dice(ScriptedDice([6, 1]))
    text = await run(
        table,
        "asteroids fight",
        {
            "attacker": "assault",
            "attacker-side": "natives",
            "defender": "recon",
            "defender-side": "violet",
        },
        "ana",
    )
    assert "Violet Federation's recon squad goes to repair" in text
    text = await run(
        table,
        "asteroids fight",
        {
            "attacker": "assault",
            "attacker-side": "natives",
            "defender": "engineer",
            "defender-side": "green",
        },
        "ana",
        ok=False,
    )
    assert "Violet Federation plays the natives against Green Anarchy" in text


async def test_odds_and_autocomplete(table: Table) -> None:
    text = await run(
        table,
        "asteroids fight",
        {"attacker": "assault", "defender": "engineer", "odds-only": True},
        "ana",
    )
    assert "win **58.3 %** (7/12) · draw **13.9 %** (5/36) · lose **27.8 %** (5/18)" in text
    # no campaign: suggestions are empty, commands refuse in one line
    assert await table.autocomplete("capture target", {"asteroid": "r"}, "asteroid") == []
    text = await run(table, "asteroids status", None, "ana", ok=False)
    assert "start one with /asteroids setup" in text
    await _two_player(table)
    got = await table.autocomplete("capture target", {"asteroid": "R1"}, "asteroid", user="ana")
    assert [c["value"] for c in got] == ["r1", "r10"]
    got = await table.autocomplete("capture target", {"asteroid": ""}, "asteroid", user="ana")
    assert len(got) == 25 and all(len(c["name"]) <= 100 for c in got)
    got = await table.autocomplete("asteroids shuttle", {"at": ""}, "at", user="ana")
    assert [c["value"] for c in got] == [f"g{i}" for i in range(1, 9)]
    got = await table.autocomplete(
        "asteroids create", {"unit": "engineer", "at": ""}, "at", user="ana"
    )
    assert [c["value"] for c in got] == ["v1"]
    got = await table.autocomplete("capture mine", {"asteroid": ""}, "asteroid", user="ana")
    assert got == []


async def test_elite_and_reinforcement_flow(table: Table) -> None:
    await _two_player(table)
    # Green's elite next to its base creates engineers: a 4 gives 2 for 16
    await run(table, "asteroids move", {"unit": "elite"}, "ana")  # free
    table.set_dice(ScriptedDice([4]))
    text = await run(
        table,
        "asteroids create",
        {"unit": "engineer", "count": 2, "at": "v1", "by-elite": True},
        "ana",
    )
    assert "creates 2 engineer squad" in text
    assert await books(table) == {"green": (16, 0), "violet": (30, 0)}
    text = await run(table, "asteroids token", {"note": "jump"}, "ana")
    assert "2 left" in text
