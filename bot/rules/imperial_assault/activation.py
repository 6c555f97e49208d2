"""Imperial Assault: activations — the next Imperial group to act.

The pick is the companion app's own (Imperial Commander 2, ``OnActivateImperial`` in
``Assets/Scripts/Screens/SagaController.cs`` and ``Assets/Scripts/MainGame/MainGameController.cs``
of GlowPuff/ImperialCommander2): among the groups not exhausted (not yet activated this round),
a roll towards priority 1; on success a uniform pick among the ready priority-1 groups, on
failure a uniform pick among *all* ready groups, priority 1 included. See
``docs/imperial-assault.md`` (Rules, Activation) for the source's lines and the rulings.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import RuleError
from bot.rules.imperial_assault.state import ImperialAssaultState, fresh_copy, replace_group
from bot.rules.imperial_assault.tables import NO_BONUS_CHANCE, PRIORITY_ONE_CHANCE, group, label
from bot.rules.msg import Msg


@dataclass(frozen=True, slots=True)
class ActivationPools:
    """The ready groups as the app sorts them before it picks: priority 1, then the rest (in
    the order they were deployed). :meth:`branches` is what the pick draws from, and the exact
    chances are computed from the same branches."""

    priority_1: tuple[str, ...]
    priority_2: tuple[str, ...]

    @property
    def ready(self) -> tuple[str, ...]:
        """Every ready group: the pool of a failed roll, and of a pick with no roll."""
        return self.priority_1 + self.priority_2

    @property
    def rolls(self) -> bool:
        """Whether the pick starts with the priority roll (both priorities ready)."""
        return bool(self.priority_1) and bool(self.priority_2)

    def branches(self) -> tuple[tuple[Fraction, tuple[str, ...]], ...]:
        """(probability, pool) pairs: the roll's success then its failure, or the one pool."""
        if self.rolls:
            return (
                (PRIORITY_ONE_CHANCE, self.priority_1),
                (1 - PRIORITY_ONE_CHANCE, self.ready),
            )
        return ((Fraction(1), self.ready),)

    def chance(self, group_id: str) -> Fraction:
        """The exact probability that ``group_id`` is the group picked."""
        return sum(
            (share * Fraction(pool.count(group_id), len(pool)) for share, pool in self.branches()),
            Fraction(0),
        )

    def chances(self) -> dict[str, Fraction]:
        """Each ready group's exact chance of being picked (they add up to 1)."""
        return {gid: self.chance(gid) for gid in self.ready}


def activation_pools(state: ImperialAssaultState) -> ActivationPools:
    """The ready (not yet activated) deployed groups, split by activation priority."""
    ready = [d.id for d in state.deployed if not d.activated]
    return ActivationPools(
        priority_1=tuple(gid for gid in ready if group(gid).priority == 1),
        priority_2=tuple(gid for gid in ready if group(gid).priority != 1),
    )


def next_activation_chances(state: ImperialAssaultState) -> dict[str, Fraction]:
    """Each ready group's exact chance of being the next activation (empty when none is ready)."""
    return activation_pools(state).chances()


@dataclass(frozen=True, slots=True)
class ActivationOutcome:
    round: int
    group: str
    ready_priority_1: int
    ready_priority_2: int
    priority_roll: bool | None  # None: one priority only, no roll
    options: int  # groups in the pool the pick came from
    no_bonus: bool | None  # Easy's 25 % roll; None: not Easy, or no roll (see below)
    remaining: int
    chance: Fraction  # the exact probability that this group was the one picked
    no_bonus_effects: bool = False  # Easy, but the group has no bonus effects: no roll

    def history(self) -> Msg:
        return Msg.of("ia-hist-activated", round=self.round, group=label(self.group))

    def dice(self) -> tuple[Rolled, ...]:
        """The draws :func:`activate` made, in order: the priority roll, the pick (with more
        than one group to pick from), Easy's no-bonus roll."""
        rolls: list[Rolled] = []
        if self.priority_roll is not None:
            rolls.append(Rolled("chance", Msg("ia-die-priority"), self.priority_roll))
        if self.options > 1:
            rolls.append(Rolled("choice", Msg("ia-die-activation"), self.group))
        if self.no_bonus is not None:
            rolls.append(Rolled("chance", Msg("ia-die-no-bonus"), self.no_bonus))
        return tuple(rolls)


# ---------------------------------------------------------------------------------------------
# Activations, defeats, manual changes
# ---------------------------------------------------------------------------------------------
def require_round(state: ImperialAssaultState, round_: int) -> None:
    """A button made in round ``round_`` acts in that round only: a later one refuses it."""
    if state.round != round_:
        raise RuleError(key="ia-round-passed", round=round_, now=state.round)


def activate(
    state: ImperialAssaultState, dice: Dice
) -> tuple[ImperialAssaultState, ActivationOutcome]:
    """The next Imperial activation: with both priorities ready, a 70 % roll picks among the
    ready priority-1 groups, and a failed roll among all ready groups; otherwise a uniform
    pick among the ready groups. On Easy, then, the 25 % roll that drops the bonus effect, for
    a group that has bonus effects (the app makes it only then, in ``ParseBonus``)."""
    if not state.deployed:
        raise RuleError(key="ia-none-deployed")
    pools = activation_pools(state)
    if not pools.ready:
        raise RuleError(key="ia-all-activated")
    branches = pools.branches()
    roll: bool | None = None
    if pools.rolls:
        roll = dice.chance(branches[0][0])
        pool = branches[0][1] if roll else branches[1][1]
    else:
        pool = branches[0][1]
    pick = pool[0] if len(pool) == 1 else dice.choice(pool)
    no_bonus: bool | None = None
    has_effects = group(pick).bonus_effects
    if state.difficulty == "easy" and has_effects:
        no_bonus = dice.chance(NO_BONUS_CHANCE)
    new = fresh_copy(state)
    replace_group(new, pick, activated=True)
    outcome = ActivationOutcome(
        round=state.round,
        group=pick,
        ready_priority_1=len(pools.priority_1),
        ready_priority_2=len(pools.priority_2),
        priority_roll=roll,
        options=len(pool),
        no_bonus=no_bonus,
        remaining=len(pools.ready) - 1,
        chance=pools.chance(pick),
        no_bonus_effects=state.difficulty == "easy" and not has_effects,
    )
    return new, outcome
