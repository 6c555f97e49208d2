"""Weewar's exact odds: each side's loss distribution (hits are binomial over six dice per
striking sub unit, every six hits cost one sub unit). The cog's ``render.py`` shows them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.rules.weewar.battle import (
    DICE_PER_SUBUNIT,
    HITS_PER_LOSS,
    BattlePlan,
    BattleSetup,
    plan,
)


def loss_distribution(chance: Fraction, strikers: int, targets: int) -> tuple[Fraction, ...]:
    """P(target loses k sub units) for k = 0..targets, exactly.

    Hits ~ Binomial(6 × strikers, chance); losses = min(targets, hits // 6). Works in integers
    over the common denominator den^n and reduces once per outcome.
    """
    if strikers < 0 or targets < 0:
        raise ValueError("sub unit counts cannot be negative")
    if not 0 <= chance <= 1:
        raise ValueError("a chance lies in [0, 1]")
    n = DICE_PER_SUBUNIT * strikers
    num, den = chance.numerator, chance.denominator
    miss = den - num
    miss_pows = [1] * (n + 1)
    for i in range(1, n + 1):
        miss_pows[i] = miss_pows[i - 1] * miss
    weights = [0] * (targets + 1)
    binom = 1  # C(n, k)
    hit_pow = 1  # num^k
    for k in range(n + 1):
        weights[min(targets, k // HITS_PER_LOSS)] += binom * hit_pow * miss_pows[n - k]
        binom = binom * (n - k) // (k + 1)
        hit_pow *= num
    total = den**n
    return tuple(Fraction(w, total) for w in weights)


def _exact_sum(terms: Sequence[tuple[int, Fraction]]) -> Fraction:
    """Σ weight · q over one common denominator (fast even for 400-bit integers)."""
    if not terms:
        return Fraction(0)
    common = math.lcm(*(q.denominator for _, q in terms))
    return Fraction(sum(k * q.numerator * (common // q.denominator) for k, q in terms), common)


def expected(dist: Sequence[Fraction]) -> Fraction:
    """Σ k · P(k), exactly."""
    return _exact_sum(list(enumerate(dist)))


@dataclass(frozen=True, slots=True)
class BattleOdds:
    """Both sides' exact loss distributions (independent: both strikes use pre-battle counts)."""

    plan: BattlePlan
    attacker_losses: tuple[Fraction, ...]  # index k: P(attacker loses k)
    defender_losses: tuple[Fraction, ...]

    @property
    def expected_attacker_losses(self) -> Fraction:
        return expected(self.attacker_losses)

    @property
    def expected_defender_losses(self) -> Fraction:
        return expected(self.defender_losses)

    @property
    def defender_destroyed(self) -> Fraction:
        return self.defender_losses[-1]

    @property
    def attacker_destroyed(self) -> Fraction:
        return self.attacker_losses[-1]

    @property
    def attacker_unscathed(self) -> Fraction:
        """The chance the attacker takes no losses."""
        return self.attacker_losses[0]

    def as_json(self) -> dict[str, Any]:
        return {
            "attacker_losses": [str(q) for q in self.attacker_losses],
            "defender_losses": [str(q) for q in self.defender_losses],
            "expected_attacker_losses": float(self.expected_attacker_losses),
            "expected_defender_losses": float(self.expected_defender_losses),
            "defender_destroyed": float(self.defender_destroyed),
            "attacker_unscathed": float(self.attacker_unscathed),
        }


def plan_odds(battle: BattlePlan) -> BattleOdds:
    s = battle.setup
    defender = loss_distribution(battle.attack.chance, s.attackers, s.defenders)
    if battle.counter is None:
        attacker = (Fraction(1),) + (Fraction(0),) * s.attackers
    else:
        attacker = loss_distribution(battle.counter.chance, s.defenders, s.attackers)
    return BattleOdds(plan=battle, attacker_losses=attacker, defender_losses=defender)


def battle_odds(setup: BattleSetup) -> BattleOdds:
    """Exact odds of a battle, no dice rolled."""
    return plan_odds(plan(setup))
