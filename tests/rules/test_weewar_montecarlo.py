"""Seeded Monte Carlo cross-check: 20 000 rolled battles against the exact distributions.

The exact distributions themselves are pinned by the exact-odds tests (test_weewar_rules.py,
worked by hand); this only checks that rolling battles agrees with them. At 20 000 battles a
bias of one outcome by 1.4 percentage points (four standard errors of a 50 % outcome) or more
fails."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from bot.rules import weewar as w
from bot.rules.dice import Dice

BATTLES = 20_000

MATCHUPS = [
    # Tank vs Trooper, 10 v 10 on Plains: attack p = 0.7, counter p = 0.15
    pytest.param({"attacker": "Tank", "defender": "Trooper"}, 11, id="tank-trooper-10v10"),
    # Heavy Tank in Woods vs Heavy Tank on Plains, 5 v 7, one flank attack earlier, server rule
    pytest.param(
        {
            "attacker": "Heavy Tank",
            "defender": "Heavy Tank",
            "attacker_terrain": "Woods",
            "attackers": 5,
            "defenders": 7,
            "flank": 1,
            "rules": "server",
        },
        12,
        id="heavytank-5v7-server",
    ),
    # Heavy Artillery at distance 3 vs Raider in Woods: no counter-strike
    pytest.param(
        {
            "attacker": "Heavy Artillery",
            "defender": "Raider",
            "defender_terrain": "Woods",
            "distance": 3,
        },
        13,
        id="heavyartillery-raider-ranged",
    ),
]


def _agrees(counts: Counter[int], exact: tuple[Fraction, ...]) -> None:
    """Every outcome expected at least 10 times lies within 4 standard errors; the rarer ones
    together too; and the mean loss lies within 4 standard errors of the exact expectation."""
    rare_p = 0.0
    rare_seen = 0
    for k, q in enumerate(exact):
        p = float(q)
        seen = counts.get(k, 0)
        if p * BATTLES >= 10:
            se = math.sqrt(p * (1 - p) / BATTLES)
            assert abs(seen / BATTLES - p) <= 4 * se, (k, seen / BATTLES, p)
        else:
            rare_p += p
            rare_seen += seen
            if q == 0:
                assert seen == 0, (k, seen)
    rare_se = math.sqrt(max(rare_p * (1 - rare_p), 1 / BATTLES) / BATTLES)
    assert abs(rare_seen / BATTLES - rare_p) <= 4 * rare_se
    mean = float(w.expected(exact))
    var = float(sum(q * (k - w.expected(exact)) ** 2 for k, q in enumerate(exact)))
    observed = sum(k * c for k, c in counts.items()) / BATTLES
    assert abs(observed - mean) <= 4 * math.sqrt(var / BATTLES) + 1e-12


@pytest.mark.parametrize(("options", "seed"), MATCHUPS)
def test_monte_carlo_agrees_with_exact_odds(options: dict[str, object], seed: int) -> None:
    setup = w.make_setup(**options)  # type: ignore[arg-type]
    odds = w.battle_odds(setup)
    dice = Dice(rng=random.Random(seed))
    attacker_losses: Counter[int] = Counter()
    defender_losses: Counter[int] = Counter()
    for _ in range(BATTLES):
        out = w.fight(setup, dice)
        attacker_losses[out.attacker_losses] += 1
        defender_losses[out.defender_losses] += 1
    _agrees(defender_losses, odds.defender_losses)
    _agrees(attacker_losses, odds.attacker_losses)
