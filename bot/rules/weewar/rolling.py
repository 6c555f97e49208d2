"""Weewar battles rolled: every r drawn for both strikes, the hits and the losses.

Each striking sub unit draws six numbers r in [0, 1) from the injected dice; an r below the
strike's hit chance is a hit, and every six hits cost the target one sub unit (never more than
it has). The attack is rolled first, then the counter-strike, both from the counts before the
battle (:mod:`bot.rules.weewar.battle` works out their terms).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.rules.dice import Dice, Draw, Rolled
from bot.rules.msg import Msg
from bot.rules.weewar.battle import (
    DICE_PER_SUBUNIT,
    HITS_PER_LOSS,
    BattlePlan,
    BattleSetup,
    StrikeTerms,
    plan,
)


def float_threshold(chance: Fraction) -> float:
    """The float t with ``r < t`` ⟺ ``r < chance`` for every float r (exact, but fast)."""
    t = float(chance)
    if Fraction(t) < chance:
        t = math.nextafter(t, math.inf)
    return t


@dataclass(frozen=True, slots=True)
class Strike:
    """One rolled strike: its terms, every r drawn (six per striking sub unit), hits, losses."""

    terms: StrikeTerms
    rolls: tuple[float, ...]
    hits: int
    losses: int
    subunit_hits: tuple[int, ...] = ()  # hits of each striking sub unit ((): count them)

    def rolls_by_subunit(self) -> list[tuple[float, ...]]:
        return [
            self.rolls[i : i + DICE_PER_SUBUNIT]
            for i in range(0, len(self.rolls), DICE_PER_SUBUNIT)
        ]

    def hits_per_subunit(self) -> list[int]:
        if self.subunit_hits or not self.rolls:
            return list(self.subunit_hits)
        return list(_hits_per_subunit(self.rolls, float_threshold(self.terms.chance)))

    def rolled(self) -> Rolled:
        """This strike's draws as one history entry: every r cut to six decimals (in order),
        and the hits of each sub unit. Cut, not rounded: each p is a whole number of hundredths,
        so a recorded r is below p exactly when the drawn one was."""
        return Rolled(
            "uniform",
            strike_label(self.terms),
            tuple([six_decimals(r) for r in self.rolls]),
            (("hits", self.hits_per_subunit()),),
        )

    def as_json(self) -> dict[str, Any]:
        return {
            **self.terms.as_json(),
            "rolls": list(self.rolls),
            "hits": self.hits,
            "losses": self.losses,
        }


def _hits_per_subunit(rolls: Sequence[float], threshold: float) -> tuple[int, ...]:
    return tuple(
        [
            sum([r < threshold for r in rolls[i : i + DICE_PER_SUBUNIT]])
            for i in range(0, len(rolls), DICE_PER_SUBUNIT)
        ]
    )


def six_decimals(r: float) -> float:
    """``r`` in [0, 1) cut (not rounded) to six decimals: floor(r × 10⁶) / 10⁶, exactly."""
    scaled = r * 1_000_000.0
    n = int(scaled)
    if n and scaled == n and Fraction(r) * 1_000_000 < n:
        n -= 1  # the float product rounded up onto a whole number
    return n / 1_000_000


def losses_from_hits(hits: int, targets: int) -> int:
    """Every six hits cost one sub unit (rounded down), never more than the target has."""
    return min(targets, hits // HITS_PER_LOSS)


def strike_label(terms: StrikeTerms) -> Msg:
    """What a strike's draws are labelled with: ``Tank → Trooper``."""
    return Msg.of("ww-die-strike", striker=terms.striker, target=terms.target)


def roll_strike(terms: StrikeTerms, dice: Dice) -> Strike:
    """Six numbers r per striking sub unit, drawn at once: the strike keeps every one of them
    (the dice do not record them one by one)."""
    threshold = float_threshold(terms.chance)
    rolls = dice.uniforms(terms.dice)
    per_subunit = _hits_per_subunit(rolls, threshold)
    hits = sum(per_subunit)
    return Strike(
        terms=terms,
        rolls=rolls,
        hits=hits,
        losses=losses_from_hits(hits, terms.targets),
        subunit_hits=per_subunit,
    )


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """A rolled battle. Losses are removed only at the end: both strikes use pre-battle counts."""

    plan: BattlePlan
    attack: Strike
    counter: Strike | None

    @property
    def setup(self) -> BattleSetup:
        return self.plan.setup

    @property
    def attacker_losses(self) -> int:
        return self.counter.losses if self.counter else 0

    @property
    def defender_losses(self) -> int:
        return self.attack.losses

    @property
    def attackers_left(self) -> int:
        return self.setup.attackers - self.attacker_losses

    @property
    def defenders_left(self) -> int:
        return self.setup.defenders - self.defender_losses

    def draws(self) -> list[Draw]:
        """Every number drawn, in order, each labelled with its strike's catalog key."""
        out: list[Draw] = []
        for strike in (self.attack, self.counter):
            if strike is not None:
                label = strike_label(strike.terms).key
                out.extend(Draw("uniform", label, r) for r in strike.rolls)
        return out

    def dice(self) -> tuple[Rolled, ...]:
        """The draws for the campaign history, compactly: one entry per strike (see
        :meth:`Strike.rolled`), the attack first."""
        return tuple([s.rolled() for s in (self.attack, self.counter) if s is not None])

    def history(self) -> Msg:
        """The campaign history's line about this battle."""
        s = self.setup
        counter = (
            Msg.of("ww-history-counter", attacker=s.attacker.name, losses=self.attacker_losses)
            if self.counter is not None
            else Msg.of("ww-history-no-counter")
        )
        return Msg.of(
            "ww-history",
            attackers=s.attackers,
            attacker=s.attacker.name,
            attacker_terrain=s.attacker_terrain.name,
            defenders=s.defenders,
            defender=s.defender.name,
            defender_terrain=s.defender_terrain.name,
            distance=s.distance,
            bonus=s.gang_up.bonus,
            rules=Msg.of(f"ww-rules-{s.rules}"),
            defender_losses=self.defender_losses,
            counter=counter,
            attackers_left=self.attackers_left,
            defenders_left=self.defenders_left,
        )

    def as_json(self) -> dict[str, Any]:
        s = self.setup
        return {
            "kind": "weewar_battle",
            "attacker": s.attacker.name,
            "defender": s.defender.name,
            "attacker_terrain": s.attacker_terrain.name,
            "defender_terrain": s.defender_terrain.name,
            "attackers": s.attackers,
            "defenders": s.defenders,
            "distance": s.distance,
            "gang_up": {
                "ranged": s.gang_up.ranged,
                "beside": s.gang_up.beside,
                "opposite": s.gang_up.opposite,
                "flank": s.gang_up.flank,
                "B": s.gang_up.bonus,
            },
            "rules": s.rules,
            "attack": self.attack.as_json(),
            "counter": self.counter.as_json() if self.counter else None,
            "no_counter": _msg_json(self.plan.no_counter),
            "attackers_left": self.attackers_left,
            "defenders_left": self.defenders_left,
        }


def _msg_json(msg: Msg | None) -> dict[str, Any] | None:
    """A catalog message as JSON: its key and arguments (a message argument the same way)."""
    if msg is None:
        return None
    args = {n: _msg_json(v) if isinstance(v, Msg) else v for n, v in msg.args}
    return {"key": msg.key, "args": args}


def fight(setup: BattleSetup, dice: Dice) -> BattleOutcome:
    """Roll the attack, then the counter-strike (if any), from pre-battle counts."""
    return fight_plan(plan(setup), dice)


def fight_plan(battle: BattlePlan, dice: Dice) -> BattleOutcome:
    """:func:`fight` for a battle already planned (and so already checked)."""
    attack = roll_strike(battle.attack, dice)
    counter = roll_strike(battle.counter, dice) if battle.counter else None
    return BattleOutcome(plan=battle, attack=attack, counter=counter)
