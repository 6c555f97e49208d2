"""Weewar's unit and terrain tables: loading them (``data/weewar.json``) and finding a unit or a
terrain by name (case-insensitive, a unique prefix is enough), with autocomplete suggestions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Literal, TypeVar, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from bot.datafiles import load_json
from bot.rules.errors import InputError
from bot.rules.msg import Msg, Names
from bot.rules.names import closest

UnitClass = Literal["hard", "soft", "sub", "boat", "amphibic", "air", "speedboat"]
CLASSES: tuple[UnitClass, ...] = get_args(UnitClass)

CANNOT_ENTER = 99
MAX_SUGGESTIONS = 25
DEFAULT_TERRAIN = "Plains"


# ----------------------------------------------------------------------------------------------
# Tables
# ----------------------------------------------------------------------------------------------


class PerClass(BaseModel):
    """One number for each of the seven unit classes (all seven required)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    hard: int
    soft: int
    sub: int
    boat: int
    amphibic: int
    air: int
    speedboat: int

    def of(self, unit_class: UnitClass) -> int:
        value: int = getattr(self, unit_class)
        return value


class Unit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    unit_class: UnitClass
    attack: PerClass
    defence: int = Field(ge=0)
    mobility: int = Field(ge=1)
    mobility_after_attack: int = Field(ge=0)
    range_min: int = Field(ge=1)
    range_max: int = Field(ge=1)
    can_capture: bool
    credits: int = Field(ge=0)

    @model_validator(mode="after")
    def _range_ordered(self) -> Unit:
        if self.range_min > self.range_max:
            raise ValueError(
                f"{self.name}: range_min {self.range_min} > range_max {self.range_max}"
            )
        return self

    def in_range(self, distance: int) -> bool:
        return self.range_min <= distance <= self.range_max

    @property
    def range_text(self) -> str:
        if self.range_min == self.range_max:
            return str(self.range_min)
        return f"{self.range_min}–{self.range_max}"


class Terrain(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1)
    can_be_captured: bool
    generates_income: bool
    attack: PerClass
    defence: PerClass
    movement_cost: PerClass

    def can_hold(self, unit_class: UnitClass) -> bool:
        return self.movement_cost.of(unit_class) < CANNOT_ENTER


class WeewarTables(BaseModel):
    """The tables as loaded, with each unit and terrain by its name's key (see :func:`_norm`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    notes: str = ""
    classes: tuple[UnitClass, ...]
    units: tuple[Unit, ...] = Field(min_length=1)
    terrains: tuple[Terrain, ...] = Field(min_length=1)
    _units_by_key: dict[str, Unit] = PrivateAttr(default_factory=dict)
    _terrains_by_key: dict[str, Terrain] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> WeewarTables:
        if self.classes != CLASSES:
            raise ValueError(f"classes must be exactly {list(CLASSES)}")
        self._units_by_key = {_norm(u.name): u for u in self.units}
        self._terrains_by_key = {_norm(t.name): t for t in self.terrains}
        for kind, count, keys in (
            ("unit", len(self.units), self._units_by_key),
            ("terrain", len(self.terrains), self._terrains_by_key),
        ):
            if len(keys) != count:
                raise ValueError(f"duplicate {kind} names in weewar.json")
        if _norm(DEFAULT_TERRAIN) not in self._terrains_by_key:
            raise ValueError(f"the default terrain {DEFAULT_TERRAIN} is missing")
        return self

    @property
    def units_by_key(self) -> Mapping[str, Unit]:
        return self._units_by_key

    @property
    def terrains_by_key(self) -> Mapping[str, Terrain]:
        return self._terrains_by_key


@cache
def tables() -> WeewarTables:
    return WeewarTables.model_validate(load_json("weewar.json"))


def unit_names() -> list[str]:
    return [u.name for u in tables().units]


def terrain_names() -> list[str]:
    return [t.name for t in tables().terrains]


# ----------------------------------------------------------------------------------------------
# Names: case-insensitive lookup and autocomplete suggestions
# ----------------------------------------------------------------------------------------------


def _norm(text: str) -> str:
    """Case-folded, hyphens/underscores as spaces, runs of blanks collapsed."""
    return " ".join(text.replace("-", " ").replace("_", " ").casefold().split())


def _suggest(names: Sequence[str], text: str, limit: int = MAX_SUGGESTIONS) -> list[str]:
    """Names starting with ``text`` first, then names with a word starting with it, then names
    containing it anywhere; table order inside each group; at most ``limit``."""
    key = _norm(text)
    if not key:
        return list(names[:limit])
    starts: list[str] = []
    word_starts: list[str] = []
    contains: list[str] = []
    for name in names:
        norm = _norm(name)
        if norm.startswith(key):
            starts.append(name)
        elif any(word.startswith(key) for word in norm.split()):
            word_starts.append(name)
        elif key in norm or key.replace(" ", "") in norm.replace(" ", ""):
            contains.append(name)
    return (starts + word_starts + contains)[:limit]


def suggest_units(prefix: str) -> list[str]:
    """Autocomplete for unit names (case-insensitive prefix, then substring; at most 25)."""
    return _suggest(unit_names(), prefix)


def suggest_terrains(prefix: str) -> list[str]:
    """Autocomplete for terrain names (case-insensitive prefix, then substring; at most 25)."""
    return _suggest(terrain_names(), prefix)


def _or_list(names: Sequence[str]) -> str | Msg:
    """``A``, or ``A, B or C`` (the "or" in the reader's language)."""
    if len(names) == 1:
        return names[0]
    return Msg.of("ww-or-list", head=", ".join(names[:-1]), last=names[-1])


def class_name(unit_class: UnitClass) -> Msg:
    """A unit class as a catalog message ("hard"; in Russian a noun)."""
    return Msg(f"ww-class-{unit_class}")


def class_of(unit_class: UnitClass) -> Msg:
    """A unit class after "against"/"for" ("hard"; in Russian the genitive)."""
    return Msg(f"ww-class-{unit_class}-of")


Named = TypeVar("Named", Unit, Terrain)


def _lookup(kind: str, by_key: Mapping[str, Named], names: Sequence[str], text: str) -> Named:
    """The item called ``text``, else the one item whose name starts with it. ``kind`` is
    "unit" or "terrain" (each refusal has its own catalog key)."""
    key = _norm(text)
    if not key:
        raise InputError(key=f"ww-give-{kind}", example=names[0])
    if key in by_key:
        return by_key[key]
    prefixed = [n for n in names if _norm(n).startswith(key)]
    if len(prefixed) == 1:
        return by_key[_norm(prefixed[0])]
    if prefixed:
        raise InputError(key=f"ww-ambiguous-{kind}", text=text, names=_or_list(prefixed))
    close = closest(text, names, limit=3)
    if close:
        raise InputError(key=f"ww-unknown-{kind}", text=text, names=_or_list(close))
    raise InputError(key=f"ww-unknown-{kind}-all", text=text, names=Names.of(names))


def find_unit(name: str) -> Unit:
    """The unit called ``name`` (case-insensitive; a unique prefix is enough)."""
    return _lookup("unit", tables().units_by_key, unit_names(), name)


def find_terrain(name: str) -> Terrain:
    """The terrain called ``name`` (case-insensitive; a unique prefix is enough)."""
    return _lookup("terrain", tables().terrains_by_key, terrain_names(), name)
