"""A GDW Imperium campaign to test the rules on: four systems at war, ships added one call
each, a combat at a given round."""

from __future__ import annotations

from typing import Any

from bot.rules import imperium as im
from bot.rules.dice import ScriptedDice

NO_DICE = ScriptedDice([])


def campaign(**rus: int) -> im.ImperiumState:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=1, homeworld=True)
    state, _ = im.set_system(state, "Alpha Centauri", owner="terran", worlds=2)
    state, _ = im.set_system(state, "Barnard", owner="terran", outposts=1)
    state, _ = im.set_system(state, "Dingir", owner="imperial", worlds=1)
    state, _ = im.begin_war(state)
    for side, value in rus.items():
        state, _ = im.set_rus(state, side, stock=value)  # type: ignore[arg-type]
    return state


def add(
    state: im.ImperiumState,
    name: str,
    side: im.Side,
    tclass: im.TClass,
    system: str = "Sol",
    maintenance: int | None = 2,
    **kw: Any,
) -> im.ImperiumState:
    type_name = kw.pop("type_name", tclass)
    new, _ = im.add_ship(
        state,
        name=name,
        side=side,
        type_name=type_name,
        tclass=tclass,
        maintenance=maintenance,
        system=system,
        **kw,
    )
    return new


def at_round(state: im.ImperiumState, system: str, last: im.Side, rnd: int = 1, **kw: Any):
    new = state.model_copy(deep=True)
    combat = im.Combat(system=system, round=rnd, last_initiative=last, range="long", **kw)
    new.combats = [combat]
    return new
