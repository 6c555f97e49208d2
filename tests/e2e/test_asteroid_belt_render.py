"""Asteroid Belt replies: every event the rules can produce has a sentence, and fights read
right (the cog's render functions, without Discord)."""

from __future__ import annotations

import inspect
import re

from bot.catalog import has
from bot.rules import asteroid_belt as ab
from bot.rules.dice import ScriptedDice
from cogs import asteroid_belt as cog


def test_every_event_key_has_a_sentence_in_both_languages() -> None:
    source = inspect.getsource(ab)
    keys = set(re.findall(r'_ev\(\s*"([a-z_.]+)"', source))
    assert "fight" in keys and len(keys) > 30
    for key in keys - {"fight"}:
        assert has("en", cog.event_key(key)) and has("ru", cog.event_key(key)), key


def test_every_refusal_and_roll_key_exists() -> None:
    source = inspect.getsource(ab) + inspect.getsource(cog)
    keys = set(re.findall(r'"(ab-(?:err|roll|action)-[a-z0-9-]+)"', source))
    assert len(keys) > 60
    for key in keys:
        assert has("en", key) and has("ru", key), key


def _game() -> ab.AsteroidBeltState:
    state, _ = ab.setup(["violet", "orange"], ScriptedDice([1]), variant="hard", goal=5)
    state = state.model_copy(deep=True)
    for civ in ("violet", "orange"):
        cs = state.civs[civ]  # type: ignore[index]
        for u in ab.UNIT_TYPES:
            cs.field[u], cs.reserve[u] = cs.reserve[u], 0
    return state


def test_sentences() -> None:
    state = _game()
    state, out = ab.target(state, "violet", "b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation targets b1 (class 4). Guards: engineer squad, recon squad. When its "
        "turn ends, Orange Empire plays them (/capture guards b1)."
    ]
    state, out = ab.end_turn(state)
    assert cog.render_lines("en", out) == [
        "Violet Federation ends its turn. Turn 2: Orange Empire to play.",
        "+2 resources from 1 class-5 mine(s) (32).",
        "Guards to play: b1 (target of Violet Federation) — /capture guards b1.",
    ]
    # engineer guard 2 vs assault 1+1: draw; recon guard 1 vs recon 3: loses, stays
    state, out = ab.resolve_guards(state, "b1", ["assault", "recon"], ScriptedDice([2, 1, 1, 3]))
    assert cog.render_lines("en", out) == [
        "The natives of b1 attack Violet Federation's invaders.",
        "The natives engineer squad attacks Violet Federation assault squad: attack 2 = 2 vs "
        "defence 1+1 = 2: draw: both stay (assault squad +1 defence)",
        "Odds for the attacker were win 27.8 %, draw 13.9 %, lose 58.3 %.",
        "The natives recon squad attacks Violet Federation recon squad: attack 1 = 1 vs defence "
        "3 = 3: the defender wins (a recon gets no bonus defending; a recon attacks without "
        "risk: it stays)",
        "Odds for the attacker were win 41.7 %, draw 16.7 %, lose 41.7 %.",
        "Guards left on b1: engineer squad, recon squad. Everything stays until Violet "
        "Federation's turn (/capture attack b1).",
    ]
    state, out = ab.end_turn(state)
    state, out = ab.attack_guards(state, "violet", "b1", "elite", ScriptedDice([6, 1]))
    assert cog.render_lines("en", out)[-2:] == [
        "The natives' engineer squad is removed.",
        "Guards left on b1: recon squad.",
    ]
    state, out = ab.attack_guards(state, "violet", "b1", "elite", ScriptedDice([6, 1]))
    assert cog.render_lines("en", out)[-1] == "No guard is left: the Target on b1 becomes a Flag."
    # Violet: 32 at the start, +2 on turn 3, +35 − 5 for b1 = 64; then a move of 4, a recon 17
    state, out = ab.build_mine(state, "violet", "b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation builds a mine on b1 (class 4): +3 VP (3/5), +30 resources "
        "(35 − 5, hard variant) (64)."
    ]
    state, out = ab.move(state, "violet", "assault", moves=2)
    assert cog.render_lines("en", out) == [
        "Violet Federation moves assault squad: 2 move(s) × 2 = 4 resources (60 left)."
    ]
    state, out = ab.create(state, "violet", "recon", ScriptedDice([]), at="b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation creates 1 recon squad next to b1 for 17 resources (43 left; 13 of "
        "that mine's own left)."
    ]
    state, out = ab.use_token(state, "violet", "hyperjump")
    assert cog.render_lines("en", out) == [
        "Violet Federation uses an elite ability token: hyperjump (2 left)."
    ]


def test_raid_and_shuttle_fight_sentences() -> None:
    state, _ = ab.setup(["green", "orange"], ScriptedDice([4]), portals=4)
    state = state.model_copy(deep=True)
    state.civs["green"].field["engineer"] = 1
    state.civs["orange"].field["assault"] = 1
    _, out = ab.raid(state, "green", ["engineer"], ScriptedDice([2, 3]))
    assert cog.render_lines("en", out) == [
        "Green Anarchy raids the cargo shuttle with 1 aboard: die 2, the attacking shuttle is "
        "defeated: its units go to repair.",
        "To repair: engineer squad.",
        "The cargo shuttle moves from portal 4 to portal 3.",
    ]
    _, out = ab.shuttle_fight(
        state, "green", ["engineer"], "orange", ["assault"], ScriptedDice([5, 2])
    )
    assert cog.render_lines("en", out) == [
        "Green Anarchy shuttle attacks Orange Empire shuttle: attack 5 = 5 vs defence 2 = 2: "
        "the attacker wins",
        "Odds for the attacker were win 41.7 %, draw 16.7 %, lose 41.7 %.",
        "Orange Empire's shuttle is defeated: assault squad go to repair.",
    ]


def test_asteroid_lines_fit_autocomplete() -> None:
    state, _ = ab.setup(["violet", "orange", "green"], ScriptedDice([1]))
    for a in state.asteroids:
        line = cog.render_asteroid("en", state, a)
        assert line.startswith(a.label) and len(line) <= 100
    assert cog.render_asteroid("en", state, ab.find_asteroid(state, "v2")) == (
        "v2 (class 5, violet): base of Orange Empire"
    )
