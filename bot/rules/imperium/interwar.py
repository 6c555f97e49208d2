"""Interwar and set-up: a new campaign (the first war's set-up), routine maintenance limits,
the war's start, and the interwar income."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.rules.errors import InputError, RuleError
from bot.rules.imperium.state import (
    ImperiumState,
    NoDice,
    StarSystem,
    find_system,
    fold,
    ships_in,
)
from bot.rules.imperium.tables import SIDES, Side, tables
from bot.rules.msg import Msg


@dataclass(frozen=True, slots=True)
class CampaignStarted(NoDice):
    first_war: bool

    def history(self) -> Msg:
        return Msg.of("imp-hist-setup", first="yes" if self.first_war else "no")


def new_campaign(
    terran: Sequence[int] = (), imperial: Sequence[int] = (), first_war: bool = False
) -> tuple[ImperiumState, CampaignStarted]:
    """A new campaign with its players (and, with ``first_war``, the first war's Imperial
    worlds and outposts)."""
    state = ImperiumState(
        players={"terran": list(terran), "imperial": list(imperial)},
        first_war_setup=first_war,
    )
    if first_war:
        fw = tables().first_war
        state.systems = [StarSystem(name=n, owner="imperial", worlds=1) for n in fw.imperial_worlds]
        state.systems += [
            StarSystem(name=n, owner="imperial", outposts=1) for n in fw.imperial_outposts
        ]
    return state, CampaignStarted(first_war)


@dataclass(frozen=True, slots=True)
class LimitProblem:
    """One side's ships in one system need more routine maintenance than it gives them."""

    system: str
    side: Side
    need: int
    have: int

    def args(self) -> dict[str, Any]:
        """Catalog arguments for the ``imp-limit-problem`` message."""
        return {"system": self.system, "side": self.side, "need": self.need, "have": self.have}


def routine_limit_problems(state: ImperiumState, only: str | None = None) -> list[LimitProblem]:
    """Systems whose ships need more routine maintenance than the system gives their side."""
    problems: list[LimitProblem] = []
    names = {s.system for s in state.ships if s.system is not None}
    for name in sorted(names, key=str.lower):
        if only is not None and fold(name) != fold(only):
            continue
        try:
            system: StarSystem | None = find_system(state, name)
        except InputError:
            system = None
        for side in SIDES:
            need = sum(s.maintenance for s in ships_in(state, name, side) if not s.is_pds)
            have = system.routine_factors if system and system.owner == side else 0
            if need > have:
                problems.append(LimitProblem(name, side, need, have))
    return problems


def check_limits_if_setting_up(state: ImperiumState, system: str) -> None:
    """Before a war, refuse a change that leaves ``system`` over its routine maintenance
    limit."""
    if state.at_war:
        return
    problems = routine_limit_problems(state, only=system)
    if problems:
        raise RuleError(key="imp-limit-before-war", **problems[0].args())


@dataclass(frozen=True, slots=True)
class WarBegun(NoDice):
    war: int
    phasing: Side

    def history(self) -> Msg:
        return Msg.of("imp-hist-war", war=self.war)


def begin_war(state: ImperiumState, phasing: Side | None = None) -> tuple[ImperiumState, WarBegun]:
    """Start the war: every system within its routine maintenance limit."""
    if state.at_war:
        raise RuleError(key="imp-war-already")
    problems = routine_limit_problems(state)
    if problems:
        raise RuleError(key="imp-war-cannot-begin", **problems[0].args())
    new = state.model_copy(update={"at_war": True, "phasing": phasing or state.phasing})
    return new, WarBegun(new.war, new.phasing)


@dataclass(frozen=True, slots=True)
class InterwarOutcome(NoDice):
    income: dict[Side, int]
    rus: dict[Side, int]
    war: int

    def history(self) -> Msg:
        return Msg.of("imp-hist-interwar", war=self.war)


def interwar(state: ImperiumState) -> tuple[ImperiumState, InterwarOutcome]:
    """End the war: both sides receive a full turn's income; combats end; set-up begins."""
    if not state.at_war:
        raise RuleError(key="imp-no-war")
    rus = dict(state.rus)
    for side in SIDES:
        rus[side] += state.income[side]
    new = state.model_copy(
        update={"rus": rus, "at_war": False, "war": state.war + 1, "combats": []}
    )
    return new, InterwarOutcome(dict(new.income), dict(new.rus), new.war)
