"""The scenario tables (data/asteroid_belt.json), the ids, the catalog arguments that name an
id as a message (data: the catalog renders it), and the parsers that turn words into ids."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from bot.datafiles import load_json
from bot.rules.errors import InputError, NotAllowed, RuleError
from bot.rules.msg import Mention, Msg
from bot.rules.names import closest

CivId = Literal["violet", "orange", "green"]
UnitType = Literal["engineer", "assault", "recon", "elite"]
Variant = Literal["standard", "fast", "hard"]
Status = Literal["free", "target", "flag", "mine"]
Phase = Literal["marked", "guards_due", "besieged"]
RaidKind = Literal["defeat", "escape", "gain"]
NATIVES: Literal["natives"] = "natives"
Owner = CivId | Literal["natives"]

CIV_IDS: tuple[CivId, ...] = get_args(CivId)
UNIT_TYPES: tuple[UnitType, ...] = get_args(UnitType)
VARIANTS: tuple[Variant, ...] = get_args(Variant)
STATUSES: tuple[Status, ...] = get_args(Status)
MAX_SUGGESTIONS = 25
MAX_COUNT = 10
MAX_MOVES = 50
MAX_PORTALS = 12


# --------------------------------------------------------------------------------------------
# Tables (data/asteroid_belt.json)
# --------------------------------------------------------------------------------------------
class _Row(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ClassRow(_Row):
    number: int = Field(ge=1, le=5)
    border: str
    border_ru: str
    prefix: str
    name_ru: str
    vp: int = Field(ge=0)
    resources: int = Field(ge=0)
    guards: tuple[UnitType, ...]
    count: int = Field(ge=0)
    shuttle: bool
    income: int = Field(ge=0)


class UnitRow(_Row):
    id: UnitType
    name: str
    name_ru: str
    aliases: tuple[str, ...]
    speed: int
    move_cost: int = Field(ge=0)
    cost: int = Field(ge=0)
    attack_bonus: int
    defence_bonus: int
    safe_attack: bool
    natives: bool
    unique: bool


class CivRow(_Row):
    id: CivId
    name: str
    name_ru: str
    aliases: tuple[str, ...]
    start_bonus: dict[UnitType, int]
    prices: dict[UnitType, int]
    elite_creates: UnitType
    elite_units_ready: Literal["now", "next_turn"]
    elite_double_on: int | None


class RaidFace(_Row):
    face: int = Field(ge=1, le=6)
    one: RaidKind
    more: RaidKind
    gain: int = Field(ge=0)


class Text(_Row):
    text: str
    text_ru: str


class Term(_Row):
    name: str
    name_ru: str


class VariantRow(Term):
    start_vp: int = Field(ge=0)
    capture_penalty: int = Field(ge=0)
    raids: bool


class GeneralRules(_Row):
    start_resources: int
    shuttle_cost: int
    shuttle_capacity: int
    elite_tokens: int
    reinforcement_resources: int
    default_start_force: dict[UnitType, int]
    default_goal: int
    default_portals: int


class Tables(_Row):
    source: str
    classes: tuple[ClassRow, ...]
    units: tuple[UnitRow, ...]
    civilisations: tuple[CivRow, ...]
    raid: tuple[RaidFace, ...]
    raid_results: dict[RaidKind, Text]
    markers: dict[str, Term]
    terms: dict[str, Term]
    variants: dict[Variant, VariantRow]
    rules: GeneralRules


@cache
def tables() -> Tables:
    """The asteroid belt's tables, validated once."""
    t = Tables.model_validate(load_json("asteroid_belt.json"))
    if [c.number for c in t.classes] != [1, 2, 3, 4, 5]:
        raise ValueError("asteroid_belt.json: classes must be 1..5 in order")
    if [f.face for f in t.raid] != [1, 2, 3, 4, 5, 6]:
        raise ValueError("asteroid_belt.json: the raid table needs faces 1..6 in order")
    if {u.id for u in t.units} != set(UNIT_TYPES):
        raise ValueError("asteroid_belt.json: one row per unit type")
    if {c.id for c in t.civilisations} != set(CIV_IDS):
        raise ValueError("asteroid_belt.json: one row per civilisation")
    return t


def class_row(number: int) -> ClassRow:
    return tables().classes[number - 1]


def unit_row(unit: UnitType) -> UnitRow:
    return next(u for u in tables().units if u.id == unit)


def civ_row(civ: CivId) -> CivRow:
    return next(c for c in tables().civilisations if c.id == civ)


def price(civ: CivId, unit: UnitType) -> int:
    """What ``civ`` pays to create one ``unit`` (its discount applied)."""
    return civ_row(civ).prices.get(unit, unit_row(unit).cost)


# --------------------------------------------------------------------------------------------
# Catalog arguments: ids become messages (data), rendered in the reader's language by the cog
# --------------------------------------------------------------------------------------------
#: argument names holding a civilisation id (or "natives"), a unit type, or lists of them
CIV_ARGS = frozenset(
    {"civ", "other", "player", "next", "owner", "winner", "now", "against", "side", "actor"}
    | {"held", "attacker", "defender"}
)
UNIT_ARGS = frozenset({"unit", "guard", "pick", "aunit", "dunit"})
UNIT_LIST_ARGS = frozenset({"units", "guards"})
CIV_LIST_ARGS = {"civs": "ab-list-arrow", "players": "ab-list-comma"}
_ID_ARGS = CIV_ARGS | UNIT_ARGS | UNIT_LIST_ARGS | set(CIV_LIST_ARGS) | {"variant", "member"}


def civ_msg(owner: str, case: str = "") -> Msg:
    """A civilisation's (or the natives') name; ``case="-gen"``: the Russian genitive."""
    return Msg(f"ab-civ-{owner}{case}")


def unit_msg(unit: str, case: str = "") -> Msg:
    """A unit type's name (``"shuttle"`` too); ``case="-gen"``: the Russian genitive."""
    return Msg(f"ab-unit-{unit}{case}")


def list_msg(items: Sequence[Msg], joiner: str = "ab-list-comma") -> Msg:
    """Items joined in the reader's language ("none" when empty)."""
    if not items:
        return Msg("ab-none")
    out = items[-1]
    for item in reversed(items[:-1]):
        out = Msg.of(joiner, a=item, b=out)
    return out


def msg_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Rules-style arguments (ids) as catalog arguments: civilisation ids and unit types become
    messages (each also as ``<name>_gen``, its genitive), lists become joined messages, a
    member id a :class:`Mention`; anything else is passed as it is. The one way ids become
    names: for refusals, the summary, the events' messages and the dice's labels (the history
    keeps the ids, and :func:`bot.rules.asteroid_belt.events.read_history` names them)."""
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name not in _ID_ARGS:
            out[name] = value
        elif name in CIV_ARGS and isinstance(value, str):
            out[name], out[f"{name}_gen"] = civ_msg(value), civ_msg(value, "-gen")
        elif name in UNIT_ARGS and isinstance(value, str):
            out[name], out[f"{name}_gen"] = unit_msg(value), unit_msg(value, "-gen")
        elif name in UNIT_LIST_ARGS and isinstance(value, list | tuple):
            out[name] = list_msg([unit_msg(str(v)) for v in value])
        elif name in CIV_LIST_ARGS and isinstance(value, list | tuple):
            out[name] = list_msg([civ_msg(str(v)) for v in value], CIV_LIST_ARGS[name])
        elif name == "variant" and isinstance(value, str):
            out[name] = Msg(f"ab-variant-{value}")
        elif name == "member":
            out[name] = Mention(int(value))
        else:
            out[name] = value
    return out


def rule_error(key: str, **args: Any) -> RuleError:
    """A refusal by the rules, with rules-style arguments (ids; see :func:`msg_args`)."""
    return RuleError(key=key, **msg_args(args))


def input_error(key: str, **args: Any) -> InputError:
    """A refusal of what was typed, with rules-style arguments."""
    return InputError(key=key, **msg_args(args))


def denied(key: str, **args: Any) -> NotAllowed:
    """A refusal of who asked, with rules-style arguments."""
    return NotAllowed(key=key, **msg_args(args))


def _norm(text: str) -> str:
    return " ".join(text.strip().lower().replace("ё", "е").replace("-", " ").split())


@cache
def _unit_names() -> dict[str, UnitType]:
    """Every accepted spelling of a unit type (id, aliases, English name), normalised; the
    first row naming a spelling wins."""
    out: dict[str, UnitType] = {}
    for row in tables().units:
        for name in (row.id, *(_norm(a) for a in row.aliases), _norm(row.name)):
            out.setdefault(name, row.id)
    return out


@cache
def _civ_names() -> dict[str, CivId]:
    """Every accepted spelling of a civilisation (id, aliases, English name), normalised."""
    out: dict[str, CivId] = {}
    for row in tables().civilisations:
        for name in (row.id, *(_norm(a) for a in row.aliases), _norm(row.name)):
            out.setdefault(name, row.id)
    return out


def _one_per_kind(spellings: list[str], kinds: Mapping[str, str], limit: int = 3) -> list[str]:
    """The first of ``spellings`` for each thing they name, at most ``limit``."""
    seen: dict[str, str] = {}
    for spelling in spellings:
        seen.setdefault(kinds[spelling], spelling)
    return list(seen.values())[:limit]


def parse_unit(text: str) -> UnitType:
    unit = _unit_names().get(_norm(text))
    if unit is None:
        near = _one_per_kind(closest(text, _unit_names(), 12), _unit_names())
        if near:
            raise input_error("ab-err-unknown-unit-hint", text=text, near=" / ".join(near))
        raise input_error("ab-err-unknown-unit", text=text)
    return unit


def parse_units(text: str) -> list[UnitType]:
    """'assault, recon recon' -> ['assault', 'recon', 'recon']; '2 engineer' repeats."""
    out: list[UnitType] = []
    repeat = 1
    for word in text.replace(",", " ").replace("+", " ").split():
        if word.isdigit():
            repeat = int(word)
            if not 1 <= repeat <= MAX_COUNT:
                raise input_error("ab-err-unit-count", text=text, max=MAX_COUNT)
            continue
        out.extend([parse_unit(word)] * repeat)
        repeat = 1
    if not out:
        raise input_error("ab-err-no-units")
    return out


def parse_civ(text: str) -> CivId:
    civ = _civ_names().get(_norm(text))
    if civ is None:
        near = _one_per_kind(closest(text, _civ_names(), 12), _civ_names())
        if near:
            raise input_error("ab-err-unknown-civ-hint", text=text, near=" / ".join(near))
        raise input_error("ab-err-unknown-civ", text=text)
    return civ


def parse_owner(text: str) -> Owner:
    if _norm(text) in {"natives", "native", "аборигены", "абориген", "guards", "охрана"}:
        return NATIVES
    return parse_civ(text)


def parse_civs(text: str) -> list[CivId]:
    """'violet orange green', 'Violet Federation, Green Anarchy', 'Зелёная Анархия violet'."""
    if "," in text or ";" in text:
        return [parse_civ(p) for p in text.replace(";", ",").split(",") if p.strip()]
    words = text.split()
    out: list[CivId] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words):
            try:
                out.append(parse_civ(f"{words[i]} {words[i + 1]}"))
                i += 2
                continue
            except InputError:
                pass
        out.append(parse_civ(words[i]))
        i += 1
    return out
