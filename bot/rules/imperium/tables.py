"""GDW Imperium fix kit facts: the sides, classes and fates, and the kit's tables (speeds,
surface defence, maintenance numbers, initiative bonuses, the first war) loaded from
``data/imperium.json``."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.datafiles import load_json
from bot.rules.errors import InputError
from bot.rules.msg import Msg

Side = Literal["terran", "imperial"]


TClass = Literal["freighter", "tanker", "capital", "fighter", "troop", "other"]


Range = Literal["short", "long", "disengage"]


Mode = Literal["space", "surface"]


Fate = Literal["undisrupted", "disrupted", "destroyed"]


Care = Literal["overhaul", "routine", "frontier"]


SIDES: tuple[Side, Side] = ("terran", "imperial")


FATES: tuple[Fate, Fate, Fate] = ("undisrupted", "disrupted", "destroyed")


TCLASSES: tuple[TClass, ...] = ("freighter", "tanker", "capital", "fighter", "troop", "other")


SUGGESTION_LIMIT = 25


PDS = "pds"


def side_name(side: Side) -> str:
    return "Terran" if side == "terran" else "Imperial"


def other_side(side: Side) -> Side:
    return "imperial" if side == "terran" else "terran"


def side_msg(side: Side) -> Msg:
    """A side's name as a catalog message."""
    return Msg.of("imp-side", side=side)


class FirstWar(BaseModel):
    model_config = ConfigDict(frozen=True)
    imperial_worlds: list[str]
    imperial_outposts: list[str]
    spellings: dict[str, str]


class InitiativeBonuses(BaseModel):
    model_config = ConfigDict(frozen=True)
    fewer_ships_bonus: int
    held_last_round_bonus: int


class ImperiumTables(BaseModel):
    model_config = ConfigDict(frozen=True)
    tactical_speed: dict[TClass, int]
    disrupted_speed_loss: int
    surface_speed: dict[TClass, int]
    surface_defence: dict[str, int]
    surface_rounds: int
    maintenance_factors: dict[Literal["outpost", "world"], int]
    production_cost: dict[str, int]
    maintenance_numbers: dict[str, int]
    type_aliases: dict[str, str]
    screen_minimum: int
    initiative: InitiativeBonuses
    first_war: FirstWar


@cache
def tables() -> ImperiumTables:
    raw = load_json("imperium.json")
    raw.pop("_source", None)
    return ImperiumTables.model_validate(raw)


def as_tclass(text: str | None) -> TClass | None:
    """A tactical class typed by a person (any case), or None."""
    if text is None:
        return None
    key = text.strip().lower()
    for tclass in TCLASSES:
        if tclass == key:
            return tclass
    raise InputError(key="imp-bad-tclass", choices=", ".join(TCLASSES))


def canonical_type(type_name: str) -> str:
    """Lower-case ship type with the fix kit's aliases folded in ('MB' -> 'missile boat')."""
    key = " ".join(type_name.strip().lower().split())
    return tables().type_aliases.get(key, key)


D6 = range(1, 7)
