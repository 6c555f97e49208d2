"""Imperial Assault: activations — the next Imperial group to act."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.dice import Dice
from bot.rules.errors import RuleError
from bot.rules.imperial_assault.state import ImperialAssaultState, _fresh, _replace_group
from bot.rules.imperial_assault.tables import NO_BONUS_CHANCE, PRIORITY_ONE_CHANCE, group


@dataclass(frozen=True, slots=True)
class ActivationOutcome:
    group: str
    ready_priority_1: int
    ready_priority_2: int
    priority_roll: bool | None
    options: int
    no_bonus: bool | None
    remaining: int


# ---------------------------------------------------------------------------------------------
# Activations, defeats, manual changes
# ---------------------------------------------------------------------------------------------
def activate(
    state: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, ActivationOutcome]:
    """The next Imperial activation, weighted 70 % towards ready priority-1 groups."""
    if not state.deployed:
        raise RuleError(key="ia-none-deployed")
    ready = [d.id for d in state.deployed if not d.activated]
    if not ready:
        raise RuleError(key="ia-all-activated")
    p1 = [gid for gid in ready if group(gid).priority == 1]
    p2 = [gid for gid in ready if group(gid).priority == 2]
    roll: bool | None = None
    if p1 and p2:
        roll = dice.chance(PRIORITY_ONE_CHANCE, "priority 1 activation")
        pool = p1 if roll else p2
    else:
        pool = ready
    pick = pool[0] if len(pool) == 1 else dice.choice(pool, "activation")
    no_bonus: bool | None = None
    if state.difficulty == "easy":
        no_bonus = dice.chance(NO_BONUS_CHANCE, "easy: no bonus effect")
    new = _fresh(state)
    _replace_group(new, pick, activated=True)
    outcome = ActivationOutcome(
        group=pick,
        ready_priority_1=len(p1),
        ready_priority_2=len(p2),
        priority_roll=roll,
        options=len(pool),
        no_bonus=no_bonus,
        remaining=len(ready) - 1,
    )
    return new, outcome
