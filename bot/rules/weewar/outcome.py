"""A whole battle as /battle asks for it, in one call: the set-up checked once, both strikes'
terms, both sides' exact loss odds, and the roll (unless only the odds are asked for)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.dice import Dice
from bot.rules.weewar.battle import MAX_SUBUNITS, BattlePlan, make_setup, strikes
from bot.rules.weewar.odds import BattleOdds, plan_odds
from bot.rules.weewar.rolling import BattleOutcome, fight_plan


@dataclass(frozen=True, slots=True)
class Battle:
    """One battle: its plan, both sides' exact losses, and the roll (``None``: odds only)."""

    plan: BattlePlan
    odds: BattleOdds
    rolled: BattleOutcome | None


def battle(
    attacker: str,
    defender: str,
    attacker_terrain: str | None = None,
    defender_terrain: str | None = None,
    *,
    attackers: int = MAX_SUBUNITS,
    defenders: int = MAX_SUBUNITS,
    distance: int = 1,
    ranged: int = 0,
    beside: int = 0,
    opposite: int = 0,
    flank: int = 0,
    rules: str = "published",
    dice: Dice | None = None,
) -> Battle:
    """The battle /battle describes: refused (one line) if the rules do not allow it, else
    planned, its exact odds worked out and, with ``dice``, rolled."""
    setup = make_setup(
        attacker,
        defender,
        attacker_terrain,
        defender_terrain,
        attackers=attackers,
        defenders=defenders,
        distance=distance,
        ranged=ranged,
        beside=beside,
        opposite=opposite,
        flank=flank,
        rules=rules,
    )
    planned = strikes(setup)
    odds = plan_odds(planned)
    return Battle(planned, odds, fight_plan(planned, dice) if dice is not None else None)


def roll_again(earlier: Battle, dice: Dice) -> Battle:
    """The same battle rolled once more (its plan and odds as they were)."""
    return Battle(earlier.plan, earlier.odds, fight_plan(earlier.plan, dice))
