"""/battle end to end: the real bot against the stand-in Discord."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from bot.catalog import render_summary
from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

HIT = 0.0
MISS = 0.999


async def _make_campaign(table: Table, game: str = "imperium") -> dict[str, object]:
    """A campaign of another game in the default channel, written straight to the store."""
    state: dict[str, object] = {"turn": 3, "note": "whatever that game keeps"}
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user("gm").id, command="/setup"
    ) as tx:
        tx.create(game, state)
    return state


async def test_rolled_battle_shows_both_strikes_and_the_result(table: Table) -> None:
    # 2 Tanks vs 3 Troopers in Woods. Attack: p = 0.05 × ((10 + 0) − (6 + 3)) + 0.5 = 0.55;
    # 12 dice, 7 hits → 1 loss. Counter: p = 0.05 × ((3 + 2) − (10 + 0)) + 0.5 = 0.25;
    # 18 dice (all 3 Troopers strike back), 6 hits → 1 loss.
    table.set_dice(ScriptedDice([HIT] * 7 + [MISS] * 5 + [HIT] * 6 + [MISS] * 12))
    reply = await table.run(
        "battle",
        {
            "attacker": "tank",
            "defender": "TROOPER",
            "defender-terrain": "woods",
            "attackers": 2,
            "defenders": 3,
        },
        user="ana",
    )
    assert not reply.ephemeral
    text = reply.text
    assert "Tank attacks Trooper" in text
    assert "2 Tank on Plains → 3 Trooper on Woods, distance 1, published rules" in text
    assert "p = 0.05 × ((10 + 0) − (6 + 3) + 0) + 0.5 = 0.55" in text
    assert (
        "A 10 (Tank vs soft) · Ta +0 (Plains, hard) · D 6 (Trooper) · Td +3 (Woods, soft)" in text
    )
    assert "12 dice, hits per sub unit: 6 1 = **7 hits** → Trooper loses **1 sub unit**" in text
    assert "p = 0.05 × ((3 + 2) − (10 + 0) + 0) + 0.5 = 0.25" in text
    assert "18 dice, hits per sub unit: 6 0 0 = **6 hits** → Tank loses **1 sub unit**" in text
    assert "**Result:** Tank 2 → **1** · Trooper 3 → **2**" in text
    assert "Trooper's losses (exact odds)" in text
    assert "Tank's losses (exact odds)" in text
    # No campaign here: nothing stored, and the footer does not claim otherwise.
    assert await table.bot.store.get(table.channel_id) is None
    assert "recorded" not in text


async def test_odds_only_rolls_nothing_and_shows_the_exact_chart(table: Table) -> None:
    # 1 Tank vs 1 Tank with one earlier attack from the opposite hex: attack p = 0.5, so the
    # defender dies only if all six dice hit: 1/64 = 1.5625 % → 1.6 %; 63/64 → 98.4 %.
    # The counter (B = 0): p = 0.35, 0.35^6 = 0.18 % → 0.2 %.
    table.set_dice(ScriptedDice([]))  # any draw would raise
    reply = await table.run(
        "battle",
        {
            "attacker": "Tank",
            "defender": "Tank",
            "attackers": 1,
            "defenders": 1,
            "opposite": 1,
            "odds-only": True,
        },
    )
    assert not reply.ephemeral
    text = reply.text
    assert "Tank attacks Tank — odds" in text
    assert "Gang-up bonus B = 3 (1×3 opposite)" in text
    assert "98.4%" in text and "1.6%" in text
    assert "Chance to destroy the Tank: 1.6% · Tank takes no losses: 99.8%" in text
    assert "hits per sub unit" not in text


async def test_no_counter_strike_is_explained(table: Table) -> None:
    table.set_dice(Dice.seeded(11))
    reply = await table.run(
        "battle", {"attacker": "Light Artillery", "defender": "Tank", "distance": 2}
    )
    assert "No counter-strike: Tank fires at range 1; distance 2 is out of range" in reply.text
    # No counter-strike: the Light Artillery cannot lose anything.
    assert "**Result:** Light Artillery 10 → **10** · Tank 10 → " in reply.text
    assert "Tank's losses" in reply.text
    assert "Light Artillery's losses" not in reply.text


async def test_server_rules_option(table: Table) -> None:
    reply = await table.run(
        "battle", {"attacker": "Tank", "defender": "Tank", "rules": "server", "odds-only": True}
    )
    assert "= 0.35; server rule: hit if r < 0.34" in reply.text
    assert "server rules" in reply.text


async def test_refusals_are_one_ephemeral_line_and_change_nothing(table: Table) -> None:
    state = await _make_campaign(table)
    before = await table.bot.store.history(table.channel_id, limit=50)
    reply = await table.run("battle", {"attacker": "Submarine", "defender": "Tank"})
    assert reply.ephemeral
    assert reply.text == "Submarine cannot attack Tank: attack 0 against hard units"
    reply = await table.run(
        "battle", {"attacker": "Heavy Artillery", "defender": "Tank", "distance": 1}
    )
    assert reply.ephemeral
    assert reply.text == "Heavy Artillery fires at range 3–4; distance 1 is out of range"
    reply = await table.run("battle", {"attacker": "Tank", "defender": "Zeppelin"})
    assert reply.ephemeral
    assert reply.text.startswith("Unknown unit “Zeppelin”")
    reply = await table.run("battle", {"attacker": "Tank", "defender": "Tank", "attackers": 11})
    assert reply.ephemeral
    assert "attackers" in reply.text and "\n" not in reply.text
    assert await table.state() == state
    assert await table.bot.store.history(table.channel_id, limit=50) == before


async def test_autocomplete_units_and_terrains(table: Table) -> None:
    choices = await table.autocomplete("battle", {"attacker": "TANK"}, "attacker")
    assert [c["name"] for c in choices] == ["Tank", "Heavy Tank"]
    choices = await table.autocomplete(
        "battle", {"attacker": "Tank", "defender": "art"}, "defender"
    )
    assert [c["value"] for c in choices] == [
        "Light Artillery",
        "Assault Artillery",
        "Heavy Artillery",
    ]
    choices = await table.autocomplete("battle", {"attacker": ""}, "attacker")
    assert len(choices) == 19
    choices = await table.autocomplete(
        "battle", {"attacker": "Tank", "defender-terrain": "MOUN"}, "defender-terrain"
    )
    assert [c["name"] for c in choices] == ["Mountains"]


async def test_rolled_battle_goes_into_any_campaigns_history(table: Table) -> None:
    state = await _make_campaign(table, game="asteroid_belt")
    table.set_dice(Dice.seeded(5))
    reply = await table.run(
        "battle", {"attacker": "Tank", "defender": "Trooper", "attackers": 3, "defenders": 4}
    )
    assert not reply.ephemeral
    assert "recorded in this channel's campaign history" in reply.text
    history = await table.bot.store.history(table.channel_id, limit=5)
    entry = history[0]
    assert render_summary("en", entry.summary).startswith(
        "Weewar battle: 3 Tank (Plains) attacked 4 Trooper (Plains) at distance 1, B 0, "
        "published rules:"
    )
    assert entry.command.startswith("/battle")
    # One entry per strike, 6 dice per sub unit: 18 r for the 3 Tanks, 24 for the 4 Troopers
    # striking back, each cut (not rounded) to six decimals, in order.
    assert [(d["kind"], d["label"]) for d in entry.dice] == [
        ("uniform", "Tank → Trooper"),
        ("uniform", "Trooper → Tank"),
    ]
    rng = random.Random(5)  # the same seed, drawn by hand
    drawn = [rng.random() for _ in range(18 + 24)]
    cut = [math.floor(Fraction(r) * 10**6) / 10**6 for r in drawn]
    assert entry.dice[0]["value"] == cut[:18]
    assert entry.dice[1]["value"] == cut[18:]
    # Tank vs Trooper on Plains: p = 0.05 × ((10 + 0) − (6 + 0)) + 0.5 = 0.7;
    # Trooper vs Tank: p = 0.05 × ((3 + 0) − (10 + 0)) + 0.5 = 0.15.
    for d, p, rolls in ((entry.dice[0], 0.7, drawn[:18]), (entry.dice[1], 0.15, drawn[18:])):
        groups = [rolls[i : i + 6] for i in range(0, len(rolls), 6)]
        assert d["hits"] == [sum(r < p for r in g) for g in groups]
    assert await table.state() == state  # the other game's state is untouched
    # Odds only: nothing rolled, nothing recorded.
    await table.run("battle", {"attacker": "Tank", "defender": "Trooper", "odds-only": True})
    assert len(await table.bot.store.history(table.channel_id, limit=5)) == len(history)
