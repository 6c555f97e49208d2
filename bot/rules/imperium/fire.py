"""Space combat, continued: screens and the five fire steps.

The base game's own combat results tables are not part of the fix kit: the players roll those
on their printed tables; this module rolls and applies only what the fix kit defines."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import InputError, RuleError
from bot.rules.imperium.combat import CombatEnd, settle_combat
from bot.rules.imperium.state import (
    Combat,
    ImperiumState,
    Ship,
    combats_with,
    find_combat,
    find_ship,
    find_system,
    fold,
    is_at,
)
from bot.rules.imperium.tables import Side, tables
from bot.rules.msg import Msg


def screen_save_chance(ship: Ship) -> Fraction:
    """Chance a hit only disrupts the ship (die below its screen factor)."""
    if ship.disrupted or ship.screen < tables().screen_minimum:
        return Fraction(0)
    return Fraction(min(6, ship.screen - 1), 6)


HitReason = Literal["hit twice", "already disrupted", "weak screen", "screen held", "screen failed"]


@dataclass(frozen=True, slots=True)
class HitResult:
    ship: str
    side: Side
    hits: int
    was_disrupted: bool
    screen: int
    die: int | None
    save_chance: Fraction
    result: Literal["disrupted", "destroyed"]
    reason: HitReason


def _resolve_hit(ship: Ship, hits: int, dice: Dice) -> HitResult:
    """Fate of a ship hit ``hits`` times in one step, judged on its state at the step start."""

    def out(
        die: int | None, result: Literal["disrupted", "destroyed"], reason: HitReason
    ) -> HitResult:
        save = screen_save_chance(ship) if die is not None else Fraction(0)
        return HitResult(
            ship.name, ship.side, hits, ship.disrupted, ship.screen, die, save, result, reason
        )

    if hits >= 2:
        return out(None, "destroyed", "hit twice")
    if ship.disrupted:
        return out(None, "destroyed", "already disrupted")
    if ship.screen < tables().screen_minimum:
        return out(None, "destroyed", "weak screen")
    die = dice.d6()
    if die < ship.screen:
        return out(die, "disrupted", "screen held")
    return out(die, "destroyed", "screen failed")


def _ships_after_hits(ships: Sequence[Ship], results: Iterable[HitResult]) -> list[Ship]:
    """A new roster: destroyed ships gone, disrupted ones new copies, the rest shared."""
    fates = {fold(r.ship): r.result for r in results}
    out: list[Ship] = []
    for s in ships:
        fate = fates.get(fold(s.name))
        if fate is None:
            out.append(s)
        elif fate == "disrupted":
            out.append(s if s.disrupted else s.model_copy(update={"disrupted": True}))
    return out


def _screen_dice(results: Sequence[HitResult], source: Msg) -> tuple[Rolled, ...]:
    """The screen rolls among ``results``, in the order they were rolled."""
    return tuple(
        Rolled("d6", Msg.of("imp-die-screen", source=source, ship=r.ship), r.die)
        for r in results
        if r.die is not None
    )


@dataclass(frozen=True, slots=True)
class ScreenOutcome:
    result: HitResult
    source: str
    ended: tuple[CombatEnd, ...] = ()
    system: str | None = None  # where the ship was hit

    def history(self) -> Msg:
        return Msg.of(
            "imp-hist-hit",
            ship=self.result.ship,
            result=Msg.of("imp-fate", fate=self.result.result),
        )

    def dice(self) -> tuple[Rolled, ...]:
        source = Msg.of("imp-source", source=self.source.replace(" ", "-"))
        return _screen_dice([self.result], source)


def screen_roll(
    state: ImperiumState,
    ship_name: str,
    dice: Dice,
    source: Literal["space combat", "planetary defence fire"] = "space combat",
) -> tuple[ImperiumState, ScreenOutcome]:
    """One hit on one ship: the screen roll when it applies, and the roster updated."""
    ship = find_ship(state, ship_name)
    if ship.system is None:
        raise RuleError(key="imp-in-jump-space", ship=ship.name)
    result = _resolve_hit(ship, 1, dice)
    new = state.model_copy(update={"ships": _ships_after_hits(state.ships, [result])})
    new, ended = settle_combat(new, ship.system)
    combat = find_combat(state, ship.system)
    return new, ScreenOutcome(result, source, ended, combat.system if combat else ship.system)


FIRE_STEP_COUNT = 5


def fire_steps_info(state: ImperiumState, system: str) -> Combat:
    """The combat whose fire steps are asked about (refuses when there is none)."""
    where = find_system(state, system)
    combat = find_combat(state, where.name)
    if combat is None or combat.last_initiative is None:
        raise RuleError(key="imp-roll-initiative-first", system=where.name)
    return combat.model_copy()


@dataclass(frozen=True, slots=True)
class StepOutcome:
    system: str
    step: int
    results: tuple[HitResult, ...]
    ended: tuple[CombatEnd, ...] = ()

    def history(self) -> Msg:
        return Msg.of("imp-hist-fire-step", system=self.system, step=self.step, n=len(self.results))

    def dice(self) -> tuple[Rolled, ...]:
        return _screen_dice(self.results, Msg.of("imp-die-step", step=self.step))


def _target_refusal(ship: Ship, step: int, holder: Side) -> RuleError | None:
    """Why fire step ``step`` may not hit ``ship`` (None: it may): step 1 hits the initiative
    holder's side only, steps 2 and 5 the other side only."""
    if step == 1 and ship.side != holder:
        return RuleError(key="imp-step1-target", side=holder, ship=ship.name)
    if step in (2, 5) and ship.side == holder:
        return RuleError(key="imp-step-own-side", side=holder, step=step, ship=ship.name)
    return None


def step_targets(state: ImperiumState, system: str, step: int) -> list[tuple[int, Ship]]:
    """The ships fire step ``step`` may hit in ``system`` (the checks
    :func:`apply_fire_step` makes), with their places in the roster; none without a combat."""
    combat = find_combat(state, system)
    holder = (combat.last_initiative or combat.surface_last_initiative) if combat else None
    if holder is None:
        return []
    key = fold(system)
    return [
        (i, ship)
        for i, ship in enumerate(state.ships)
        if is_at(ship, system, key) and _target_refusal(ship, step, holder) is None
    ]


def apply_fire_step(
    state: ImperiumState, system: str, step: int, hits: Sequence[str], dice: Dice
) -> tuple[ImperiumState, StepOutcome]:
    """Apply one step's hits (a ship named twice was hit twice). Every target defends with its
    state at the step's start; effects land together at the step's end."""
    where = find_system(state, system)
    combat = find_combat(state, where.name)
    # a surface combat alone (the space combat over, or never fought) takes hits as well
    holder = (combat.last_initiative or combat.surface_last_initiative) if combat else None
    if combat is None or holder is None:
        raise RuleError(key="imp-roll-initiative-first", system=where.name)
    if not 1 <= step <= FIRE_STEP_COUNT:
        raise InputError(key="imp-step-range")
    if step <= combat.fire_step:
        raise RuleError(key="imp-step-done", step=combat.fire_step)
    counts: dict[str, int] = {}
    targets: dict[str, Ship] = {}
    for name in hits:
        ship = find_ship(state, name)
        if ship.system is None or fold(ship.system) != fold(where.name):
            raise RuleError(key="imp-not-at", ship=ship.name, system=where.name)
        refused = _target_refusal(ship, step, holder)
        if refused is not None:
            raise refused
        key = fold(ship.name)
        counts[key] = counts.get(key, 0) + 1
        targets[key] = ship
    results = tuple(
        _resolve_hit(targets[k], counts[k], dice)
        for k in sorted(targets, key=lambda k: targets[k].name.lower())
    )
    nc = combat.model_copy(update={"fire_step": step})  # only plain values inside
    new = state.model_copy(
        update={
            "ships": _ships_after_hits(state.ships, results),
            "combats": combats_with(state, nc, where.name),
        }
    )
    new, ended = settle_combat(new, where.name)
    return new, StepOutcome(where.name, step, results, ended)
