"""Distant Galaxy, episode 7: "Asteroid Belt" (Пояс астероидов).

The players move their counters on their own board; this module keeps the economy (resources,
victory points), the units in the field / reserve / repair, the asteroids' markers (free,
Target, Flag, Mine), the turn order, and settles every fight and cargo-shuttle raid with
:class:`bot.rules.dice.Dice`.

Every rule function takes the state and returns a NEW state plus an :class:`Outcome` that says
what happened (each die, each modifier, why). The input state is never changed, and a refused
action raises :class:`bot.errors.RuleError` / :class:`InputError` / :class:`NotAllowed` with one
line, before anything is rolled where that is possible. Every sentence and refusal is a catalog
key (``bot/locales/{en,ru}/asteroid_belt.ftl``) with ids as arguments (:func:`msg_args` turns
them into names in the reader's language), so replies come out in English or Russian.

Choices where the seed is silent are marked "(bot's choice)" and listed in docs/asteroid-belt.md
("House rulings").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, Literal, cast, get_args

from pydantic import BaseModel, ConfigDict, Field

from bot.catalog import DEFAULT, Msg, t
from bot.datafiles import load_json
from bot.errors import InputError, NotAllowed, RuleError
from bot.rules.dice import Dice

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


def civ_name(owner: Owner, locale: str = DEFAULT) -> str:
    return t(locale, f"ab-civ-{owner}")


def unit_name(unit: UnitType | Literal["shuttle"], locale: str = DEFAULT) -> str:
    return t(locale, f"ab-unit-{unit}")


def price(civ: CivId, unit: UnitType) -> int:
    """What ``civ`` pays to create one ``unit`` (its discount applied)."""
    return civ_row(civ).prices.get(unit, unit_row(unit).cost)


# --------------------------------------------------------------------------------------------
# Catalog arguments: ids become messages, rendered in the reader's language
# --------------------------------------------------------------------------------------------
#: argument names holding a civilisation id (or "natives"), a unit type, or lists of them
CIV_ARGS = frozenset(
    {"civ", "other", "player", "next", "owner", "winner", "now", "against", "side", "actor"}
    | {"held", "attacker", "defender"}
)
UNIT_ARGS = frozenset({"unit", "guard", "pick", "aunit", "dunit"})
UNIT_LIST_ARGS = frozenset({"units", "guards"})
CIV_LIST_ARGS = {"civs": "ab-list-arrow", "players": "ab-list-comma"}


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
    """Event, roll and error arguments for the catalog: civilisation ids and unit types become
    messages (each also as ``<name>_gen``, its genitive), lists become joined messages, a
    member id a mention; anything else is passed as it is."""
    out: dict[str, Any] = {}
    for name, value in args.items():
        if name in CIV_ARGS and isinstance(value, str):
            out[name], out[f"{name}_gen"] = civ_msg(value), civ_msg(value, "-gen")
        elif name in UNIT_ARGS and isinstance(value, str):
            out[name], out[f"{name}_gen"] = unit_msg(value), unit_msg(value, "-gen")
        elif name in UNIT_LIST_ARGS and isinstance(value, list):
            out[name] = list_msg([unit_msg(str(v)) for v in value])
        elif name in CIV_LIST_ARGS and isinstance(value, list):
            out[name] = list_msg([civ_msg(str(v)) for v in value], CIV_LIST_ARGS[name])
        elif name == "variant" and isinstance(value, str):
            out[name] = Msg(f"ab-variant-{value}")
        elif name == "member":
            out[name] = f"<@{value}>"
        else:
            out[name] = value
    return out


class _ListArg(tuple[Any, ...]):
    """A list argument, frozen so that :func:`text` can memoise it (and tell it from a
    :class:`Msg`, which is a tuple too)."""

    __slots__ = ()


def text(locale: str, key: str, /, **args: Any) -> str:
    """Catalog message ``key`` with rules-style arguments (ids), in ``locale``.

    Memoised (a pure function of its arguments): replies and roll labels repeat the same
    sentences with the same ids, and turning ids into messages for every one of them cost
    more than the rules."""
    try:
        return _text_cached(locale, key, tuple(args.items()))
    except TypeError:  # a list argument (or one that can't be hashed at all)
        pass
    try:
        frozen = tuple(
            (name, _ListArg(value) if isinstance(value, list) else value)
            for name, value in args.items()
        )
        return _text_cached(locale, key, frozen)
    except TypeError:  # an argument that can't be hashed: render without the cache
        return t(locale, key, **msg_args(args))


@lru_cache(maxsize=8192)
def _text_cached(locale: str, key: str, frozen: tuple[tuple[str, Any], ...]) -> str:
    args = {name: list(v) if type(v) is _ListArg else v for name, v in frozen}
    return t(locale, key, **msg_args(args))


def _rule(key: str, **args: Any) -> RuleError:
    return RuleError(key=key, **msg_args(args))


def _input(key: str, **args: Any) -> InputError:
    return InputError(key=key, **msg_args(args))


def _denied(key: str, **args: Any) -> NotAllowed:
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


def parse_unit(text: str) -> UnitType:
    unit = _unit_names().get(_norm(text))
    if unit is None:
        raise _input("ab-err-unknown-unit", text=text)
    return unit


def parse_units(text: str) -> list[UnitType]:
    """'assault, recon recon' -> ['assault', 'recon', 'recon']; '2 engineer' repeats."""
    out: list[UnitType] = []
    repeat = 1
    for word in text.replace(",", " ").replace("+", " ").split():
        if word.isdigit():
            repeat = int(word)
            if not 1 <= repeat <= MAX_COUNT:
                raise _input("ab-err-unit-count", text=text, max=MAX_COUNT)
            continue
        out.extend([parse_unit(word)] * repeat)
        repeat = 1
    if not out:
        raise _input("ab-err-no-units")
    return out


def parse_civ(text: str) -> CivId:
    civ = _civ_names().get(_norm(text))
    if civ is None:
        raise _input("ab-err-unknown-civ", text=text)
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


# --------------------------------------------------------------------------------------------
# Campaign state
# --------------------------------------------------------------------------------------------
def _zero() -> dict[UnitType, int]:
    return dict.fromkeys(UNIT_TYPES, 0)


class ShuttleState(BaseModel):
    """One of a civilisation's shuttles on the board: its number (the civilisation's shuttles
    are numbered 1, 2, ... in the order activated, the lowest free number first), the class-3
    asteroid it was activated at, and the units aboard (part of the units in the field)."""

    number: int = Field(ge=1)
    at: str
    aboard: list[UnitType] = Field(default_factory=list)
    moved_turn: int = 0  # the game turn of its last move (one speed die per turn)
    speed: int = 0  # that move's speed die


class CivState(BaseModel):
    """One civilisation's books."""

    civ: CivId
    member_id: int | None = None
    # the player's reply language ("en"/"ru") as last seen when they joined or ended a turn:
    # the end-turn ping speaks it (Discord tells the bot only the invoking member's language)
    locale: str | None = None
    base: str
    resources: int = Field(ge=0)
    vp: int = Field(ge=0)
    field: dict[UnitType, int] = Field(default_factory=_zero)
    reserve: dict[UnitType, int] = Field(default_factory=_zero)
    repair: dict[UnitType, int] = Field(default_factory=_zero)
    not_ready: dict[UnitType, int] = Field(default_factory=_zero)
    tokens_left: int = Field(ge=0)
    reinforcement_used: bool = False
    elite_created_this_turn: bool = False
    # shuttles on the board (states stored before shuttles were tracked load with none)
    shuttles: list[ShuttleState] = Field(default_factory=list)

    def available(self, unit: UnitType) -> int:
        """Units of this type in the field that may act this turn."""
        return self.field[unit] - self.not_ready[unit]

    def aboard(self, unit: UnitType) -> int:
        """Units of this type aboard this civilisation's shuttles."""
        return sum(s.aboard.count(unit) for s in self.shuttles)

    def shuttle(self, number: int) -> ShuttleState | None:
        return next((s for s in self.shuttles if s.number == number), None)

    def units_left(self) -> int:
        return sum(self.field.values()) + sum(self.reserve.values())


class AsteroidState(BaseModel):
    label: str
    number: int = Field(ge=1, le=5)  # its class
    status: Status = "free"
    target_by: CivId | None = None
    phase: Phase | None = None
    guards: list[UnitType] = Field(default_factory=list)  # guards still standing
    owner: CivId | None = None
    base: bool = False
    stock: int = 0  # resources from this mine not yet spent on units next to it


class AsteroidBeltState(BaseModel):
    game: Literal["asteroid_belt"] = "asteroid_belt"
    variant: Variant = "standard"
    goal: int = Field(ge=1)
    portals: int = Field(ge=1)
    cargo_portal: int = Field(ge=1)
    order: list[CivId]
    current: int = 0
    turn: int = 1
    civs: dict[CivId, CivState]
    asteroids: list[AsteroidState]
    start_force: dict[UnitType, int]
    winner: CivId | None = None

    # -- small reads --------------------------------------------------------------------------
    def civ(self, civ: CivId) -> CivState:
        try:
            return self.civs[civ]
        except KeyError:
            raise _input("ab-err-civ-not-playing", civ=civ, players=list(self.order)) from None

    def asteroid(self, label: str) -> AsteroidState:
        return find_asteroid(self, label)

    @property
    def round(self) -> int:
        return (self.turn - 1) // len(self.order) + 1


# --------------------------------------------------------------------------------------------
# Outcome records
# --------------------------------------------------------------------------------------------
Arg = str | int | list[str]


class Roll(BaseModel):
    """One die: its English label (as in the history), value, and catalog key + arguments."""

    model_config = ConfigDict(frozen=True)
    label: str
    value: int
    key: str = ""
    args: dict[str, Arg] = Field(default_factory=dict)


class Odds(BaseModel):
    """Exact chances of a fight, from the attacker's side."""

    model_config = ConfigDict(frozen=True)
    win: Fraction
    draw: Fraction
    lose: Fraction


class FightRecord(BaseModel):
    model_config = ConfigDict(frozen=True)
    attacker: Owner
    attacker_unit: UnitType | Literal["shuttle"]
    defender: Owner
    defender_unit: UnitType | Literal["shuttle"]
    attack_roll: int
    attack_bonus: int
    defence_roll: int
    defence_bonus: int
    result: Literal["attacker", "defender", "draw"]
    odds: Odds
    attacker_removed: bool
    defender_removed: bool
    safe_attack: bool = False  # a recon attacked, lost, and stays
    aboard: tuple[int, int] | None = None  # shuttle fights: units aboard each

    @property
    def attack_total(self) -> int:
        return self.attack_roll + self.attack_bonus

    @property
    def defence_total(self) -> int:
        return self.defence_roll + self.defence_bonus


class Event(BaseModel):
    """One thing that happened, as a message key and its arguments (civilisation ids, unit
    types, labels, numbers). The cog turns events into sentences; a fight is ``fight`` with
    ``n``, the index into :attr:`Outcome.fights`."""

    model_config = ConfigDict(frozen=True)
    key: str
    args: dict[str, Arg] = Field(default_factory=dict)


def _ev(key: str, **args: Arg) -> Event:
    return Event(key=key, args=args)


class Outcome(BaseModel):
    """What one command did: events for a person, and the numbers for tests and history."""

    action: str
    civ: Owner | None = None
    events: list[Event] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    fights: list[FightRecord] = Field(default_factory=list)
    resources: dict[CivId, int] = Field(default_factory=dict)  # change per civilisation
    vp: dict[CivId, int] = Field(default_factory=dict)
    winner: CivId | None = None

    def keys(self) -> list[str]:
        return [e.key for e in self.events]

    def event(self, key: str) -> Event:
        """The first event with this key (tests and renderers)."""
        return next(e for e in self.events if e.key == key)


@lru_cache(maxsize=1024)
def pct(p: Fraction) -> str:
    """A probability as a percentage with one decimal: Fraction(7, 12) -> '58.3 %'."""
    tenths = (p * 1000 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10} %"


class RollLog:
    """The dice one command draws, each labelled from the catalog (English in the history)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.rolls: list[Roll] = []

    def roll(self, sides: int, key: str, **args: Arg) -> int:
        label = text(DEFAULT, key, **args)
        value = int(self.dice.roll(sides, label))
        self.rolls.append(Roll(label=label, value=value, key=key, args=dict(args)))
        return value

    def d6(self, key: str, **args: Arg) -> int:
        return self.roll(6, key, **args)


# --------------------------------------------------------------------------------------------
# Exact odds
# --------------------------------------------------------------------------------------------
@cache
def fight_odds(attack_bonus: int, defence_bonus: int) -> Odds:
    """P(attack d6 + bonus > / = / < defence d6 + bonus), exactly."""
    win = draw = lose = 0
    for a in range(1, 7):
        for d in range(1, 7):
            at, de = a + attack_bonus, d + defence_bonus
            if at > de:
                win += 1
            elif at == de:
                draw += 1
            else:
                lose += 1
    return Odds(win=Fraction(win, 36), draw=Fraction(draw, 36), lose=Fraction(lose, 36))


def attack_bonus(unit: UnitType) -> int:
    return unit_row(unit).attack_bonus


def defence_bonus(unit: UnitType) -> int:
    """A recon has no bonus when defending (the seed); assault and elite +1."""
    return unit_row(unit).defence_bonus


def unit_odds(attacker: UnitType, defender: UnitType) -> Odds:
    return fight_odds(attack_bonus(attacker), defence_bonus(defender))


# --------------------------------------------------------------------------------------------
# Asteroids: lookup and suggestions
# --------------------------------------------------------------------------------------------
def default_labels(counts: dict[int, int] | None = None) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for row in tables().classes:
        n = row.count if counts is None or row.number not in counts else counts[row.number]
        out.extend((f"{row.prefix}{i}", row.number) for i in range(1, n + 1))
    return out


def find_asteroid(state: AsteroidBeltState, text: str) -> AsteroidState:
    return state.asteroids[_asteroid_index(state, text)]


def _asteroid_index(state: AsteroidBeltState, text: str) -> int:
    """Where the asteroid labelled ``text`` is in ``state.asteroids``; refuses an unknown label
    (with near labels as a hint)."""
    key = text.strip().lower()
    for i, a in enumerate(state.asteroids):
        if a.label == key:
            return i
    near = [s for s in suggest_asteroids(state, key[:1]) if s][:5]
    if near:
        raise _input("ab-err-no-asteroid-hint", text=text, near=", ".join(near))
    raise _input("ab-err-no-asteroid", text=text)


def suggest_asteroids(
    state: AsteroidBeltState,
    current: str = "",
    statuses: Iterable[Status] | None = None,
    *,
    civ: CivId | None = None,
    classes: Iterable[int] | None = None,
    limit: int = MAX_SUGGESTIONS,
) -> list[str]:
    """Labels for autocomplete: those starting with what was typed first, then those
    containing it; optionally only asteroids in the given states (and, with ``civ``, only that
    civilisation's targets / mines). Never more than ``limit`` (Discord allows 25)."""
    key = current.strip().lower()
    wanted = set(statuses) if statuses is not None else None
    numbers = set(classes) if classes is not None else None
    pool = [
        a
        for a in state.asteroids
        if (wanted is None or a.status in wanted)
        and (numbers is None or a.number in numbers)
        and (
            civ is None
            or (a.status == "target" and a.target_by == civ)
            or (a.status == "mine" and a.owner == civ)
            or a.status in ("free", "flag")
        )
    ]
    first = [a.label for a in pool if a.label.startswith(key)]
    then = [a.label for a in pool if key and key in a.label and not a.label.startswith(key)]
    return (first + then)[: max(0, min(limit, MAX_SUGGESTIONS))]


# --------------------------------------------------------------------------------------------
# Turn order and permissions (pure: the cog passes the acting member's civilisation)
# --------------------------------------------------------------------------------------------
def _next(civ: CivId, order: Sequence[CivId]) -> CivId:
    return order[(order.index(civ) + 1) % len(order)] if order else civ


def current_civ(state: AsteroidBeltState) -> CivId:
    return state.order[state.current]


def next_civ(state: AsteroidBeltState, civ: CivId) -> CivId:
    return _next(civ, state.order)


def guards_player(state: AsteroidBeltState, targeter: CivId) -> CivId:
    """Who plays the natives against ``targeter``: the next civilisation in turn order."""
    return next_civ(state, targeter)


def civ_of_member(state: AsteroidBeltState, member_id: int) -> CivId | None:
    for c in state.order:
        if state.civs[c].member_id == member_id:
            return c
    return None


def require_open(state: AsteroidBeltState) -> None:
    if state.winner is not None:
        raise _rule("ab-err-game-over", winner=state.winner)


def require_turn(state: AsteroidBeltState, actor: CivId | None, *, gm: bool = False) -> CivId:
    """The civilisation acting now; refuses anyone but the player whose turn it is (or the GM).
    Returns the civilisation whose turn it is."""
    require_open(state)
    now = current_civ(state)
    if gm:
        return now
    if actor is None:
        raise _denied("ab-err-not-joined")
    if actor != now:
        raise _denied("ab-err-not-your-turn", now=now)
    return now


def require_may_act_for(
    state: AsteroidBeltState,
    actor: CivId | None,
    side: Owner,
    *,
    gm: bool = False,
    against: CivId | None = None,
) -> None:
    """May the member playing ``actor`` act for ``side``?  A civilisation acts for itself on its
    own turn; the natives are played by the guards' player of the civilisation they fight
    (``against``); the game master may act for anyone."""
    require_open(state)
    if gm:
        return
    if actor is None:
        raise _denied("ab-err-not-joined")
    if side == NATIVES:
        if against is None:
            raise _input("ab-err-natives-against")
        player = guards_player(state, against)
        if actor != player:
            raise _denied("ab-err-not-guards-player", player=player, against=against)
        return
    if actor != side:
        raise _denied("ab-err-not-your-civ", actor=actor, side=side)
    require_turn(state, actor)


def acting_civ(
    state: AsteroidBeltState,
    member_civ: CivId | None,
    *,
    gm: bool = False,
    requested: CivId | str | None = None,
) -> CivId:
    """The civilisation a command acts for, checked.

    A player acts for its own civilisation on its own turn. The game master acts for the
    civilisation it names (``requested``), at any time; a game master who plays no civilisation
    acts by default for whose turn it is; a game master who also plays acts by default for its
    own civilisation, on its own turn only (naming a civilisation is the explicit override)."""
    require_open(state)
    explicit = requested is not None and bool(str(requested).strip())
    civ: CivId
    if explicit:
        civ = parse_civ(str(requested))
    elif member_civ is not None:
        civ = member_civ
    else:
        civ = current_civ(state)
    state.civ(civ)  # refuses a civilisation that is not in this game
    if gm and (explicit or member_civ is None):
        return civ
    if member_civ is None:
        raise _denied("ab-err-not-joined")
    if civ != member_civ:
        raise _denied("ab-err-gm-only-civ", actor=member_civ, civ=civ)
    now = current_civ(state)
    if civ != now:
        raise _denied("ab-err-not-your-turn-gm" if gm else "ab-err-not-your-turn", now=now)
    return civ


def require_guards_player(
    state: AsteroidBeltState, label: str, actor: CivId | None, *, gm: bool = False
) -> None:
    require_open(state)
    a = find_asteroid(state, label)
    if a.status != "target" or a.target_by is None:
        raise _rule("ab-err-not-target", label=a.label)
    require_may_act_for(state, actor, NATIVES, gm=gm, against=a.target_by)


# --------------------------------------------------------------------------------------------
# Setup and joining
# --------------------------------------------------------------------------------------------
def setup(
    civilisations: Sequence[CivId | str],
    dice: Dice,
    *,
    variant: Variant | str = "standard",
    goal: int | None = None,
    portals: int | None = None,
    engineers: int | None = None,
    assault: int | None = None,
    recon: int | None = None,
    counts: dict[int, int] | None = None,
) -> tuple[AsteroidBeltState, Outcome]:
    """A new campaign: turn order as given, 30 resources each, the starting force in reserve at
    each base (a class-5 asteroid already mined: v1 for the first civilisation, v2 for the
    second...), the cargo shuttle in a portal chosen by a die, and the first turn's income."""
    t = tables()
    order = [parse_civ(c) for c in civilisations]
    if not 2 <= len(order) <= 3:
        raise _input("ab-err-setup-count")
    if len(set(order)) != len(order):
        raise _input("ab-err-setup-twice")
    if variant not in VARIANTS:
        raise _input("ab-err-variant", text=variant)
    var: Variant = variant
    vrow = t.variants[var]
    goal = t.rules.default_goal if goal is None else goal
    if goal <= vrow.start_vp or goal > 200:
        raise _input("ab-err-goal", start=vrow.start_vp)
    portals = t.rules.default_portals if portals is None else portals
    if not 1 <= portals <= MAX_PORTALS:
        raise _input("ab-err-portals", max=MAX_PORTALS)
    force = dict(t.rules.default_start_force)
    for unit, n in (("engineer", engineers), ("assault", assault), ("recon", recon)):
        if n is not None:
            if not 0 <= n <= MAX_COUNT:
                raise _input("ab-err-start-force", unit=unit, max=MAX_COUNT)
            force[cast(UnitType, unit)] = n
    counts = dict(counts or {})
    for number, n in counts.items():
        if number not in (1, 2, 3, 4, 5) or not 0 <= n <= 30:
            raise _input("ab-err-board-counts")
    labels = default_labels(counts)
    n_class5 = sum(1 for _, c in labels if c == 5)
    if n_class5 < len(order):
        raise _input("ab-err-bases", n=len(order))

    log = RollLog(dice)
    asteroids = [AsteroidState(label=lab, number=c) for lab, c in labels]
    civs: dict[CivId, CivState] = {}
    class5 = [a for a in asteroids if a.number == 5]
    for i, civ in enumerate(order):
        base = class5[i]
        base.status, base.owner, base.base = "mine", civ, True
        reserve = _zero()
        for unit, n in force.items():
            reserve[unit] += n
        for unit, n in civ_row(civ).start_bonus.items():
            reserve[unit] += n
        civs[civ] = CivState(
            civ=civ,
            base=base.label,
            resources=t.rules.start_resources,
            vp=vrow.start_vp,
            reserve=reserve,
            tokens_left=t.rules.elite_tokens,
        )
    cargo = pick_portal(log, portals, None, "ab-roll-cargo-start")
    state = AsteroidBeltState(
        variant=var,
        goal=goal,
        portals=portals,
        cargo_portal=cargo,
        order=order,
        civs=civs,
        asteroids=asteroids,
        start_force=force,
    )
    income = _income(state, order[0])
    state.civs[order[0]].resources += income
    events = [
        _ev("setup.order", variant=var, civs=list(order), goal=goal),
        _ev("setup.start", resources=t.rules.start_resources, vp=vrow.start_vp),
        _ev("setup.cargo", portal=cargo, portals=portals),
    ]
    if income:
        events.append(_ev("setup.income", civ=order[0], income=income))
    if not vrow.raids:
        events.append(_ev("setup.no_raids"))
    return state, Outcome(
        action="setup",
        events=events,
        rolls=log.rolls,
        resources={order[0]: income} if income else {},
    )


def join(
    state: AsteroidBeltState, civ: CivId | str, member_id: int
) -> tuple[AsteroidBeltState, Outcome]:
    require_open(state)
    c = parse_civ(civ)
    cs = state.civ(c)
    held = civ_of_member(state, member_id)
    if held is not None and held != c:
        raise _rule("ab-err-already-play", held=held)
    if cs.member_id is not None and cs.member_id != member_id:
        raise _rule("ab-err-claimed", civ=c)
    new = _edit(state, civs=[c])
    new.civs[c].member_id = member_id
    return new, Outcome(action="join", civ=c, events=[_ev("join", civ=c, member=member_id)])


# --------------------------------------------------------------------------------------------
# Copy on write: a rule copies only what it changes
# --------------------------------------------------------------------------------------------
def _copy_civ(cs: CivState) -> CivState:
    return cs.model_copy(
        update={
            "field": dict(cs.field),
            "reserve": dict(cs.reserve),
            "repair": dict(cs.repair),
            "not_ready": dict(cs.not_ready),
            "shuttles": [sh.model_copy(update={"aboard": list(sh.aboard)}) for sh in cs.shuttles],
        }
    )


def _edit(
    state: AsteroidBeltState, civs: Iterable[CivId] = (), asteroids: Iterable[int] = ()
) -> AsteroidBeltState:
    """A new state for a rule to change: fresh copies of the books of ``civs`` and of the
    asteroids at the indices ``asteroids`` (in fresh containers), its own top-level fields;
    everything else is shared with ``state`` and must not be changed. (A deep copy of the whole
    state cost more than the rest of a command.) A civilisation not in the game is not copied:
    ``new.civ(c)`` still refuses it."""
    update: dict[str, Any] = {}
    wanted = [c for c in dict.fromkeys(civs) if c in state.civs]
    if wanted:
        books = dict(state.civs)
        for c in wanted:
            books[c] = _copy_civ(books[c])
        update["civs"] = books
    where = set(asteroids)
    if where:
        rocks = list(state.asteroids)
        for i in where:
            rocks[i] = rocks[i].model_copy(update={"guards": list(rocks[i].guards)})
        update["asteroids"] = rocks
    return state.model_copy(update=update)


# --------------------------------------------------------------------------------------------
# Helpers on a copied state
# --------------------------------------------------------------------------------------------
def _income(state: AsteroidBeltState, civ: CivId) -> int:
    return sum(
        class_row(a.number).income for a in state.asteroids if a.status == "mine" and a.owner == civ
    )


def _need_field(
    cs: CivState, unit: UnitType, what: Literal["act", "attack", "move", "create"] = "act"
) -> None:
    if cs.available(unit) >= 1:
        return
    if cs.field[unit] >= 1:
        raise _rule("ab-err-just-created", civ=cs.civ, unit=unit, what=Msg(f"ab-what-{what}"))
    key = "ab-err-no-field"
    if cs.reserve[unit] and cs.repair[unit]:
        key = "ab-err-no-field-both"
    elif cs.reserve[unit]:
        key = "ab-err-no-field-reserve"
    elif cs.repair[unit]:
        key = "ab-err-no-field-repair"
    raise _rule(key, civ=cs.civ, unit=unit, reserve=cs.reserve[unit], repair=cs.repair[unit])


def _need_any_field(cs: CivState, where: Literal["target", "flag", "asteroid"]) -> None:
    if not any(cs.available(u) for u in UNIT_TYPES):
        raise _rule(f"ab-err-need-unit-{where}", civ=cs.civ)


def _pay(cs: CivState, amount: int, what: Msg) -> None:
    if amount > cs.resources:
        raise _rule("ab-err-cost", what=what, amount=amount, civ=cs.civ, have=cs.resources)
    cs.resources -= amount


def _units_msg(count: int, unit: UnitType, each: int) -> Msg:
    """``2 assault squads at 20 each`` (the unit's plural when more than one)."""
    name = unit_msg(unit, "" if count == 1 else "-pl")
    return Msg.of("ab-pay-units", count=count, unit=name, price=each)


def _to_repair(cs: CivState, unit: UnitType) -> None:
    _leave_field(cs, unit)
    cs.repair[unit] += 1


def _leave_field(cs: CivState, unit: UnitType) -> None:
    """One unit of this type leaves the field. A unit not aboard a shuttle goes first; when
    only units aboard are left, one leaves the highest-numbered shuttle carrying it (a shuttle
    left empty leaves the board, as the seed has it)."""
    cs.field[unit] -= 1
    if cs.not_ready[unit] > cs.field[unit]:
        cs.not_ready[unit] = cs.field[unit]
    if cs.aboard(unit) > cs.field[unit]:
        carrier = max((s for s in cs.shuttles if unit in s.aboard), key=lambda s: s.number)
        carrier.aboard.remove(unit)
        if not carrier.aboard:
            cs.shuttles.remove(carrier)


def _lose_shuttle(cs: CivState, shuttle: ShuttleState) -> list[UnitType]:
    """A defeated shuttle: its units go to repair and it leaves the board."""
    units = list(shuttle.aboard)
    cs.shuttles = [s for s in cs.shuttles if s.number != shuttle.number]
    for u in units:
        cs.field[u] -= 1
        if cs.not_ready[u] > cs.field[u]:
            cs.not_ready[u] = cs.field[u]
        cs.repair[u] += 1
    return units


def _check_victory(state: AsteroidBeltState, civ: CivId, out: Outcome) -> None:
    if state.winner is None and state.civs[civ].vp >= state.goal:
        state.winner = civ
        out.winner = civ
        out.events.append(_ev("victory", civ=civ, vp=state.civs[civ].vp, goal=state.goal))


def _roll_fight(
    log: RollLog,
    attacker: Owner,
    a_unit: UnitType,
    defender: Owner,
    d_unit: UnitType,
) -> tuple[int, int, int, int]:
    ab, db = attack_bonus(a_unit), defence_bonus(d_unit)
    ar = log.d6("ab-roll-attack", attacker=attacker, aunit=a_unit)
    dr = log.d6("ab-roll-defence", defender=defender, dunit=d_unit)
    return ar, ab, dr, db


def _fight_record(
    attacker: Owner,
    a_unit: UnitType,
    defender: Owner,
    d_unit: UnitType,
    rolls: tuple[int, int, int, int],
) -> FightRecord:
    ar, ab, dr, db = rolls
    total_a, total_d = ar + ab, dr + db
    result: Literal["attacker", "defender", "draw"]
    if total_a > total_d:
        result = "attacker"
    elif total_a < total_d:
        result = "defender"
    else:
        result = "draw"
    safe = result == "defender" and unit_row(a_unit).safe_attack
    return FightRecord(
        attacker=attacker,
        attacker_unit=a_unit,
        defender=defender,
        defender_unit=d_unit,
        attack_roll=ar,
        attack_bonus=ab,
        defence_roll=dr,
        defence_bonus=db,
        result=result,
        odds=fight_odds(ab, db),
        attacker_removed=result == "defender" and not safe,
        defender_removed=result == "attacker",
        safe_attack=safe,
    )


def _add_fight(fights: list[FightRecord], events: list[Event], rec: FightRecord) -> None:
    events.append(_ev("fight", n=len(fights)))
    fights.append(rec)


# --------------------------------------------------------------------------------------------
# Fights
# --------------------------------------------------------------------------------------------
def fight(
    state: AsteroidBeltState,
    attacker: Owner | str,
    attacker_unit: UnitType | str,
    defender: Owner | str,
    defender_unit: UnitType | str,
    dice: Dice,
) -> tuple[AsteroidBeltState, Outcome]:
    """One fight between two units: each side rolls a d6, assault and elite add +1 (a recon
    defending gets nothing); higher wins, the loser goes to repair (natives are removed; a
    recon that attacks and loses stays); a tie leaves both."""
    require_open(state)
    att = parse_owner(attacker)
    dfn = parse_owner(defender)
    au, du = parse_unit(attacker_unit), parse_unit(defender_unit)
    if att == dfn:
        raise _input("ab-err-same-side")
    if att == NATIVES and dfn == NATIVES:
        raise _input("ab-err-natives-each-other")
    for side, unit in ((att, au), (dfn, du)):
        if side == NATIVES and not unit_row(unit).natives:
            raise _input("ab-err-natives-no-unit", unit=unit)
    if att != NATIVES:
        _need_field(state.civ(att), au, "attack")
    if dfn != NATIVES:
        dcs = state.civ(dfn)
        if dcs.field[du] < 1:
            raise _rule("ab-err-no-defender", civ=dfn, unit=du)
    log = RollLog(dice)
    rec = _fight_record(att, au, dfn, du, _roll_fight(log, att, au, dfn, du))
    new = _edit(state, civs=[side for side in (att, dfn) if side != NATIVES])
    if rec.attacker_removed and att != NATIVES:
        _to_repair(new.civs[att], au)
    if rec.defender_removed and dfn != NATIVES:
        _to_repair(new.civs[dfn], du)
    out = Outcome(
        action="fight",
        civ=att,
        events=[_ev("fight", n=0)],
        rolls=log.rolls,
        fights=[rec],
    )
    return new, out


def shuttle_fight(
    state: AsteroidBeltState,
    attacker: CivId | str,
    attacker_aboard: Sequence[UnitType | str],
    defender: CivId | str,
    defender_aboard: Sequence[UnitType | str],
    dice: Dice,
) -> tuple[AsteroidBeltState, Outcome]:
    """Shuttle against shuttle: the one carrying more units gets +1 on attack and defence; the
    loser's units aboard go to repair (bot's choice: the seed only gives the bonus)."""
    require_open(state)
    att, dfn = parse_civ(attacker), parse_civ(defender)
    if att == dfn:
        raise _input("ab-err-same-civ")
    cap = tables().rules.shuttle_capacity
    a_units = [parse_unit(u) for u in attacker_aboard]
    d_units = [parse_unit(u) for u in defender_aboard]
    for civ, units in ((att, a_units), (dfn, d_units)):
        if not 1 <= len(units) <= cap:
            raise _input("ab-err-shuttle-capacity", cap=cap)
        _need_aboard(state.civ(civ), units)
    ab = 1 if len(a_units) > len(d_units) else 0
    db = 1 if len(d_units) > len(a_units) else 0
    log = RollLog(dice)
    ar = log.d6("ab-roll-shuttle-attack", attacker=att, n=len(a_units))
    dr = log.d6("ab-roll-shuttle-defence", defender=dfn, n=len(d_units))
    result: Literal["attacker", "defender", "draw"] = (
        "attacker" if ar + ab > dr + db else "defender" if ar + ab < dr + db else "draw"
    )
    rec = FightRecord(
        attacker=att,
        attacker_unit="shuttle",
        defender=dfn,
        defender_unit="shuttle",
        attack_roll=ar,
        attack_bonus=ab,
        defence_roll=dr,
        defence_bonus=db,
        result=result,
        odds=fight_odds(ab, db),
        attacker_removed=result == "defender",
        defender_removed=result == "attacker",
        aboard=(len(a_units), len(d_units)),
    )
    events = [_ev("fight", n=0)]
    if result == "draw":
        new = _edit(state)
    else:
        loser, units = (dfn, d_units) if result == "attacker" else (att, a_units)
        new = _edit(state, civs=[loser])
        lcs = new.civs[loser]
        # the loser's tracked shuttle carrying exactly these units leaves the board with them
        carrier = next((s for s in lcs.shuttles if sorted(s.aboard) == sorted(units)), None)
        if carrier is not None:
            _lose_shuttle(lcs, carrier)
        else:
            for u in units:
                _to_repair(lcs, u)
        events.append(_ev("shuttle.defeated", civ=loser, units=list(units)))
    return new, Outcome(
        action="shuttle-fight", civ=att, events=events, rolls=log.rolls, fights=[rec]
    )


def _need_aboard(cs: CivState, units: Sequence[UnitType]) -> None:
    for u in set(units):
        n = units.count(u)
        if cs.available(u) < n:
            raise _rule("ab-err-not-enough", civ=cs.civ, have=cs.available(u), unit=u, n=n)


# --------------------------------------------------------------------------------------------
# Capture: target -> guards -> flag -> mine
# --------------------------------------------------------------------------------------------
def target(
    state: AsteroidBeltState, civ: CivId | str, label: str
) -> tuple[AsteroidBeltState, Outcome]:
    """Put a Target marker on an asteroid (a unit of ``civ`` is within 2 cells of it). Another
    civilisation's Target marker is replaced; guards already beaten stay beaten (bot's choice)."""
    require_open(state)
    c = parse_civ(civ)
    i = _asteroid_index(state, label)
    a = state.asteroids[i]
    cs = state.civ(c)
    if a.status == "mine":
        assert a.owner is not None
        raise _rule("ab-err-mine-taken", label=a.label, owner=a.owner)
    if a.status == "flag":
        raise _rule("ab-err-already-flag", label=a.label)
    if a.status == "target" and a.target_by == c:
        raise _rule("ab-err-already-target", label=a.label, civ=c)
    _need_any_field(cs, "target")
    new = _edit(state, asteroids=[i])
    a = new.asteroids[i]
    events: list[Event] = []
    if a.status == "target":
        assert a.target_by is not None
        events.append(_ev("target.replaced", civ=c, other=a.target_by, label=a.label))
    else:
        a.guards = list(class_row(a.number).guards)
    a.status, a.target_by, a.phase = "target", c, "marked"
    events.append(
        _ev(
            "target.marked",
            civ=c,
            label=a.label,
            number=a.number,
            guards=list(a.guards),
            player=guards_player(new, c),
        )
    )
    return new, Outcome(action="target", civ=c, events=events)


def resolve_guards(
    state: AsteroidBeltState,
    label: str,
    picks: Sequence[UnitType | str],
    dice: Dice,
) -> tuple[AsteroidBeltState, Outcome]:
    """The guards' attack: the guards' player picks, for each guard in turn, an invading unit
    (in the field) for it to attack. Guards that lose are removed (a recon guard attacks without
    risk, as any recon); if none is left the Target becomes a Flag."""
    require_open(state)
    i = _asteroid_index(state, label)
    a = state.asteroids[i]
    if a.status != "target" or a.target_by is None:
        raise _rule("ab-err-not-target", label=a.label)
    invader = a.target_by
    if a.phase == "marked":
        raise _rule("ab-err-guards-later", label=a.label, civ=invader)
    if a.phase == "besieged":
        raise _rule("ab-err-guards-done", label=a.label, civ=invader)
    units = [parse_unit(p) for p in picks]
    new = _edit(state, civs=[invader], asteroids=[i])
    a = new.asteroids[i]
    cs = new.civ(invader)
    log = RollLog(dice)
    fights: list[FightRecord] = []
    events = [_ev("guards.start", label=a.label, civ=invader)]
    standing: list[UnitType] = []
    # Validate the whole plan before rolling anything: a refused command rolls nothing.
    if any(cs.field[u] for u in UNIT_TYPES):
        if len(units) != len(a.guards):
            raise _input(
                "ab-err-picks",
                label=a.label,
                n=len(a.guards),
                guards=list(a.guards),
                got=len(units),
            )
        for i, pick in enumerate(units):
            if cs.field[pick] < 1:
                raise _rule("ab-err-pick-missing", civ=invader, unit=pick, n=i + 1)
    for i, guard in enumerate(a.guards):
        target_unit: UnitType | None = units[i] if i < len(units) else None
        if target_unit is None or cs.field[target_unit] < 1:
            # the pick was beaten by an earlier guard: attack another invader in the field
            target_unit = next((u for u in UNIT_TYPES if cs.field[u] >= 1), None)
            if target_unit is None:
                standing.append(guard)
                events.append(_ev("guards.idle", guard=guard))
                continue
            events.append(_ev("guards.redirect", guard=guard, unit=target_unit))
        rec = _fight_record(
            NATIVES,
            guard,
            invader,
            target_unit,
            _roll_fight(log, NATIVES, guard, invader, target_unit),
        )
        _add_fight(fights, events, rec)
        if rec.defender_removed:
            _to_repair(cs, target_unit)
        if not rec.attacker_removed:
            standing.append(guard)
    a.guards = standing
    if standing:
        a.phase = "besieged"
        events.append(_ev("guards.left", label=a.label, guards=list(standing), civ=invader))
    else:
        _flag(a)
        events.append(_ev("flag", label=a.label))
    return new, Outcome(action="guards", civ=NATIVES, events=events, rolls=log.rolls, fights=fights)


def _flag(a: AsteroidState) -> None:
    a.status, a.phase, a.guards, a.target_by = "flag", None, [], None


def attack_guards(
    state: AsteroidBeltState,
    civ: CivId | str,
    label: str,
    unit: UnitType | str,
    dice: Dice,
    guard: UnitType | str | None = None,
) -> tuple[AsteroidBeltState, Outcome]:
    """On its own turn, the targeting civilisation attacks one remaining guard with one unit."""
    require_open(state)
    c = parse_civ(civ)
    u = parse_unit(unit)
    i = _asteroid_index(state, label)
    new = _edit(state, civs=[c], asteroids=[i])
    a = new.asteroids[i]
    if a.status != "target" or a.target_by != c:
        raise _rule("ab-err-not-your-target", label=a.label, civ=c)
    if a.phase == "marked":
        raise _rule("ab-err-guards-not-yet", label=a.label, civ=c)
    if a.phase == "guards_due":
        raise _rule("ab-err-guards-first", player=guards_player(new, c), label=a.label)
    if guard is None:
        g = a.guards[0]
    else:
        g = parse_unit(guard)
        if g not in a.guards:
            raise _rule("ab-err-no-such-guard", label=a.label, guard=g, guards=list(a.guards))
    cs = new.civ(c)
    _need_field(cs, u, "attack")
    log = RollLog(dice)
    rec = _fight_record(c, u, NATIVES, g, _roll_fight(log, c, u, NATIVES, g))
    events = [_ev("fight", n=0)]
    if rec.attacker_removed:
        _to_repair(cs, u)
    if rec.defender_removed:
        a.guards.remove(g)
        if not a.guards:
            _flag(a)
            events.append(_ev("flag", label=a.label))
        else:
            events.append(_ev("guards.remaining", label=a.label, guards=list(a.guards)))
    return new, Outcome(action="attack", civ=c, events=events, rolls=log.rolls, fights=[rec])


def build_mine(
    state: AsteroidBeltState, civ: CivId | str, label: str
) -> tuple[AsteroidBeltState, Outcome]:
    """Any civilisation with a unit next to a Flag builds the mine: the asteroid's VP and
    resources (hard variant: 5 fewer), and it owns the asteroid for good."""
    require_open(state)
    c = parse_civ(civ)
    i = _asteroid_index(state, label)
    new = _edit(state, civs=[c], asteroids=[i])
    a = new.asteroids[i]
    if a.status == "mine":
        assert a.owner is not None
        raise _rule("ab-err-already-mine", label=a.label, owner=a.owner)
    if a.status != "flag":
        raise _rule("ab-err-no-flag", label=a.label)
    cs = new.civ(c)
    _need_any_field(cs, "flag")
    row = class_row(a.number)
    penalty = tables().variants[new.variant].capture_penalty
    gained = max(0, row.resources - penalty)
    a.status, a.owner, a.target_by, a.stock = "mine", c, None, gained
    cs.vp += row.vp
    cs.resources += gained
    events = [
        _ev(
            "mine.built",
            civ=c,
            label=a.label,
            number=a.number,
            vp=row.vp,
            total_vp=cs.vp,
            goal=new.goal,
            gained=gained,
            table=row.resources,
            penalty=penalty,
            resources=cs.resources,
        )
    ]
    if row.income:
        events.append(_ev("mine.income", income=row.income))
    out = Outcome(action="mine", civ=c, events=events, resources={c: gained}, vp={c: row.vp})
    _check_victory(new, c, out)
    return new, out


# --------------------------------------------------------------------------------------------
# Economy
# --------------------------------------------------------------------------------------------
def create(
    state: AsteroidBeltState,
    civ: CivId | str,
    unit: UnitType | str,
    dice: Dice,
    *,
    count: int = 1,
    at: str | None = None,
    by_elite: bool = False,
) -> tuple[AsteroidBeltState, Outcome]:
    """Create units (units in repair come back this way).

    - at the base (``at`` empty or the base): paid from stock, they wait in reserve;
    - next to a mine (``at`` = its label): paid from the resources that mine brought in (and
      not yet spent there), placed in the field;
    - ``by_elite``: the elite standing next to its own mine creates its civilisation's unit type,
      once per turn, paid from stock (Green: 2 engineers on a d6 of 4-6 when asking for 2;
      Orange's new assault acts only from its next turn)."""
    require_open(state)
    c = parse_civ(civ)
    u = parse_unit(unit)
    if not 1 <= count <= MAX_COUNT:
        raise _input("ab-err-create-count", max=MAX_COUNT)
    state.civ(c)  # refuses a civilisation not in the game
    p = price(c, u)
    mine: AsteroidState | None = None
    where: list[int] = []
    if at is not None and at.strip() and at.strip().lower() not in ("base", "база"):
        where.append(_asteroid_index(state, at))
        mine = state.asteroids[where[0]]
        if mine.status != "mine" or mine.owner != c:
            raise _rule("ab-err-not-your-mine", label=mine.label, civ=c)
        if mine.base and not by_elite:
            mine, where = None, []
    new = _edit(state, civs=[c], asteroids=where)
    cs = new.civs[c]
    if where:
        mine = new.asteroids[where[0]]
    if u == "elite":
        if count != 1:
            raise _input("ab-err-one-elite")
        if cs.repair["elite"] < 1:
            raise _rule("ab-err-elite-not-in-repair", civ=c)
    log = RollLog(dice)
    events: list[Event] = []
    if by_elite:
        row = civ_row(c)
        if u != row.elite_creates:
            raise _rule("ab-err-elite-creates-only", civ=c, unit=row.elite_creates)
        if mine is None:
            raise _input("ab-err-elite-where", civ=c)
        _need_field(cs, "elite", "create")
        if cs.elite_created_this_turn:
            raise _rule("ab-err-elite-done", civ=c)
        limit = 2 if row.elite_double_on is not None else 1
        if count > limit:
            raise _input("ab-err-elite-limit", civ=c, limit=limit)
        if p * count > cs.resources:
            raise _rule(
                "ab-err-elite-cost", count=count, unit=u, cost=p * count, civ=c, have=cs.resources
            )
        made = count
        if count == 2 and row.elite_double_on is not None:
            face = log.d6("ab-roll-elite", civ=c, unit=u, needed=row.elite_double_on)
            made = 2 if face >= row.elite_double_on else 1
            events.append(
                _ev("elite.roll", face=face, made=made, unit=u, needed=row.elite_double_on)
            )
        cost = p * made
        cs.resources -= cost
        cs.elite_created_this_turn = True
        _bring(cs, u, made, "field")
        if row.elite_units_ready == "next_turn":
            cs.not_ready[u] += made
        events.append(
            _ev(
                "create.elite",
                civ=c,
                count=made,
                unit=u,
                label=mine.label,
                cost=cost,
                left=cs.resources,
                ready=row.elite_units_ready,
            )
        )
        return new, Outcome(
            action="create", civ=c, events=events, rolls=log.rolls, resources={c: -cost}
        )
    cost = p * count
    if mine is None:
        _pay(cs, cost, _units_msg(count, u, price(c, u)))
        _bring(cs, u, count, "reserve")
        events.append(
            _ev(
                "create.base",
                civ=c,
                count=count,
                unit=u,
                label=cs.base,
                cost=cost,
                left=cs.resources,
            )
        )
    else:
        if cost > mine.stock:
            raise _rule(
                "ab-err-mine-stock",
                count=count,
                unit=u,
                cost=cost,
                label=mine.label,
                stock=mine.stock,
            )
        _pay(cs, cost, _units_msg(count, u, price(c, u)))
        mine.stock -= cost
        _bring(cs, u, count, "field")
        events.append(
            _ev(
                "create.mine",
                civ=c,
                count=count,
                unit=u,
                label=mine.label,
                cost=cost,
                left=cs.resources,
                stock=mine.stock,
            )
        )
    return new, Outcome(action="create", civ=c, events=events, resources={c: -cost})


def _bring(cs: CivState, unit: UnitType, n: int, where: Literal["field", "reserve"]) -> None:
    back = min(n, cs.repair[unit])
    cs.repair[unit] -= back
    getattr(cs, where)[unit] += n


def move(
    state: AsteroidBeltState,
    civ: CivId | str,
    unit: UnitType | str,
    *,
    moves: int = 1,
    from_base: bool | None = None,
) -> tuple[AsteroidBeltState, Outcome]:
    """Pay for ``moves`` moves of units of this type (engineer/recon 1 each, assault 2, elite
    0). ``from_base`` moves one unit out of the reserve into the field first; by default that
    happens only when none of this type is in the field."""
    require_open(state)
    c = parse_civ(civ)
    u = parse_unit(unit)
    if not 1 <= moves <= MAX_MOVES:
        raise _input("ab-err-moves", max=MAX_MOVES)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    deploy = from_base if from_base is not None else cs.available(u) < 1 and cs.reserve[u] >= 1
    if deploy:
        if cs.reserve[u] < 1:
            raise _rule("ab-err-no-reserve", civ=c, unit=u)
    else:
        _need_field(cs, u, "move")
    row = unit_row(u)
    cost = row.move_cost * moves
    _pay(
        cs,
        cost,
        Msg.of("ab-pay-moves", **msg_args({"moves": moves, "unit": u, "per": row.move_cost})),
    )
    if deploy:
        cs.reserve[u] -= 1
        cs.field[u] += 1
    event = _ev(
        "move",
        civ=c,
        unit=u,
        moves=moves,
        per_move=row.move_cost,
        cost=cost,
        left=cs.resources,
        base=cs.base if deploy else "",
    )
    return new, Outcome(action="move", civ=c, events=[event], resources={c: -cost})


def activate_shuttle(
    state: AsteroidBeltState,
    civ: CivId | str,
    at: str,
    aboard: Sequence[UnitType | str] = (),
) -> tuple[AsteroidBeltState, Outcome]:
    """Activate a shuttle next to a class-3 asteroid: 3 resources, free next to your own. It
    gets the civilisation's lowest free shuttle number; ``aboard``: units in the field boarding
    it at once (up to 3; more may board later with :func:`board`)."""
    require_open(state)
    c = parse_civ(civ)
    a = find_asteroid(state, at)
    if not class_row(a.number).shuttle:
        raise _rule("ab-err-not-class-3", label=a.label, number=a.number)
    units = [parse_unit(x) for x in aboard]
    cap = tables().rules.shuttle_capacity
    if len(units) > cap:
        raise _input("ab-err-shuttle-capacity", cap=cap)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    _need_any_field(cs, "asteroid")
    _need_free(cs, units)
    own = a.status == "mine" and a.owner == c
    cost = 0 if own else tables().rules.shuttle_cost
    _pay(cs, cost, Msg("ab-pay-shuttle"))
    taken = {s.number for s in cs.shuttles}
    number = next(n for n in range(1, len(taken) + 2) if n not in taken)
    cs.shuttles = sorted(
        [*cs.shuttles, ShuttleState(number=number, at=a.label, aboard=list(units))],
        key=lambda s: s.number,
    )
    events = [
        _ev(
            "shuttle",
            civ=c,
            label=a.label,
            cost=cost,
            left=cs.resources,
            own=int(own),
            number=number,
        )
    ]
    if units:
        events.append(_ev("shuttle.board", civ=c, number=number, units=list(units)))
    else:
        events.append(_ev("shuttle.empty", civ=c, number=number))
    return new, Outcome(action="shuttle", civ=c, events=events, resources={c: -cost})


def _need_free(cs: CivState, units: Sequence[UnitType]) -> None:
    """Units ready to act in the field and not already aboard a shuttle, enough for ``units``."""
    for u in dict.fromkeys(units):
        n = units.count(u)
        free = cs.available(u) - cs.aboard(u)
        if free < n:
            raise _rule("ab-err-not-free", civ=cs.civ, unit=u, have=max(0, free), n=n)


def _need_shuttle(cs: CivState, number: int | None) -> ShuttleState:
    """The civilisation's shuttle ``number``; with no number, its only shuttle."""
    if not cs.shuttles:
        raise _rule("ab-err-no-shuttles", civ=cs.civ)
    numbers = ", ".join(str(s.number) for s in cs.shuttles)
    if number is None:
        if len(cs.shuttles) > 1:
            raise _input("ab-err-which-shuttle", civ=cs.civ, numbers=numbers)
        return cs.shuttles[0]
    found = cs.shuttle(number)
    if found is None:
        raise _rule("ab-err-no-such-shuttle", civ=cs.civ, number=number, numbers=numbers)
    return found


def board(
    state: AsteroidBeltState,
    civ: CivId | str,
    shuttle: int | None,
    units: Sequence[UnitType | str],
) -> tuple[AsteroidBeltState, Outcome]:
    """Units in the field (ready to act, not aboard another shuttle) board one of the
    civilisation's shuttles, up to 3 aboard."""
    require_open(state)
    c = parse_civ(civ)
    boarding = [parse_unit(x) for x in units]
    if not boarding:
        raise _input("ab-err-no-units")
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    cap = tables().rules.shuttle_capacity
    if len(sh.aboard) + len(boarding) > cap:
        raise _rule(
            "ab-err-shuttle-full", number=sh.number, cap=cap, n=len(sh.aboard), more=len(boarding)
        )
    _need_free(cs, boarding)
    sh.aboard.extend(boarding)
    event = _ev("shuttle.board", civ=c, number=sh.number, units=list(sh.aboard))
    return new, Outcome(action="board", civ=c, events=[event])


def unload(
    state: AsteroidBeltState,
    civ: CivId | str,
    shuttle: int | None,
    units: Sequence[UnitType | str] = (),
) -> tuple[AsteroidBeltState, Outcome]:
    """Units leave a shuttle into the field (all of them by default); a shuttle left empty
    leaves the board."""
    require_open(state)
    c = parse_civ(civ)
    leaving = [parse_unit(x) for x in units]
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    if not leaving:
        leaving = list(sh.aboard)
    for u in dict.fromkeys(leaving):
        if sh.aboard.count(u) < leaving.count(u):
            raise _rule(
                "ab-err-not-aboard",
                number=sh.number,
                unit=u,
                have=sh.aboard.count(u),
                n=leaving.count(u),
            )
    for u in leaving:
        sh.aboard.remove(u)
    events = [_ev("shuttle.unload", civ=c, number=sh.number, units=list(leaving))]
    if not sh.aboard:
        cs.shuttles = [s for s in cs.shuttles if s.number != sh.number]
        events.append(_ev("shuttle.gone", civ=c, number=sh.number))
    return new, Outcome(action="unload", civ=c, events=events)


def move_shuttle(
    state: AsteroidBeltState, civ: CivId | str, shuttle: int | None, dice: Dice
) -> tuple[AsteroidBeltState, Outcome]:
    """A shuttle moves over red cells for free; its speed is a d6, rolled once per turn."""
    require_open(state)
    c = parse_civ(civ)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    sh = _need_shuttle(cs, shuttle)
    if sh.moved_turn == new.turn:
        raise _rule("ab-err-shuttle-moved", civ=c, number=sh.number, speed=sh.speed)
    log = RollLog(dice)
    face = log.d6("ab-roll-shuttle-speed", civ=c, number=sh.number)
    sh.moved_turn, sh.speed = new.turn, face
    event = _ev("shuttle.move", civ=c, number=sh.number, speed=face, units=list(sh.aboard))
    return new, Outcome(action="shuttle-move", civ=c, events=[event], rolls=log.rolls)


def disband(
    state: AsteroidBeltState, civ: CivId | str, unit: UnitType | str, count: int = 1
) -> tuple[AsteroidBeltState, Outcome]:
    """Disband units of one's own in the field (one that blocks the way, or a mine): they leave
    the board for the repair section, with no refund, and can be created again like any lost
    unit (bot's choice: the seed says only that they may be disbanded). A unit not aboard a
    shuttle goes first."""
    require_open(state)
    c = parse_civ(civ)
    u = parse_unit(unit)
    if not 1 <= count <= MAX_COUNT:
        raise _input("ab-err-disband-count", max=MAX_COUNT)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    if cs.field[u] < count:
        raise _rule("ab-err-disband-none", civ=c, unit=u, have=cs.field[u], n=count)
    for _ in range(count):
        _to_repair(cs, u)
    event = _ev("disband", civ=c, unit=u, count=count, field=cs.field[u])
    return new, Outcome(action="disband", civ=c, events=[event])


def pick_portal(dice: Dice | RollLog, portals: int, exclude: int | None, key: str) -> int:
    """A random portal other than ``exclude``, the way a table does it: a d6, re-rolled until it
    names one of them (with more than 6 portals, one die with as many faces as the choices).
    With a single choice nothing is rolled. ``key`` is the catalog label of the die (with
    ``again``: "yes" for a re-roll)."""
    log = dice if isinstance(dice, RollLog) else RollLog(dice)
    options = [p for p in range(1, portals + 1) if p != exclude]
    if not options:
        raise ValueError("no portal to move to")
    if len(options) == 1:
        return options[0]
    if portals <= 6:
        again = "no"
        for _ in range(200):
            face = log.d6(key, again=again)
            if face in options:
                return face
            again = "yes"
    return options[log.roll(len(options), key, again="no") - 1]


def raid(
    state: AsteroidBeltState,
    civ: CivId | str,
    dice: Dice,
    shuttle: int | None = None,
) -> tuple[AsteroidBeltState, Outcome]:
    """Attack the cargo shuttle with one of your own shuttles, brought next to it: ``shuttle``
    is its number (default: your only shuttle). It must carry 1-3 units. One d6 on the seed's
    table; on a defeat the shuttle's units go to repair and it leaves the board. Afterwards the
    cargo shuttle moves to another portal, chosen by a die, whatever the result. Hard variant:
    the cargo shuttle is inactive."""
    require_open(state)
    c = parse_civ(civ)
    t = tables()
    if not t.variants[state.variant].raids:
        raise _rule("ab-err-no-raids")
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    if not cs.shuttles:
        raise _rule("ab-err-raid-no-shuttle", civ=c)
    sh = _need_shuttle(cs, shuttle)
    if not sh.aboard:
        raise _rule("ab-err-raid-empty-shuttle", civ=c, number=sh.number)
    units = list(sh.aboard)
    log = RollLog(dice)
    face = log.d6("ab-roll-raid", n=len(units))
    row = t.raid[face - 1]
    kind = row.one if len(units) == 1 else row.more
    events = [
        _ev(
            "raid",
            civ=c,
            aboard=len(units),
            face=face,
            result=kind,
            gain=row.gain,
            number=sh.number,
        ),
    ]
    gained = 0
    if kind == "defeat":
        lost: list[str] = list(_lose_shuttle(cs, sh))
        events.append(_ev("raid.repair", civ=c, units=lost, number=sh.number))
    elif kind == "gain":
        gained = row.gain
        cs.resources += gained
        events.append(_ev("raid.gain", civ=c, resources=cs.resources))
    old = new.cargo_portal
    if new.portals > 1:
        new.cargo_portal = pick_portal(log, new.portals, old, "ab-roll-cargo-new")
        events.append(_ev("cargo.moved", old=old, new=new.cargo_portal))
    else:
        events.append(_ev("cargo.stays", portal=old))
    return new, Outcome(
        action="raid",
        civ=c,
        events=events,
        rolls=log.rolls,
        resources={c: gained} if gained else {},
    )


def use_token(
    state: AsteroidBeltState, civ: CivId | str, note: str = ""
) -> tuple[AsteroidBeltState, Outcome]:
    """Spend one of the elite's 3 one-use ability tokens (moved to repair)."""
    require_open(state)
    c = parse_civ(civ)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    if cs.tokens_left < 1:
        raise _rule("ab-err-no-tokens", civ=c)
    cs.tokens_left -= 1
    event = _ev("token", civ=c, note=note.strip()[:200], left=cs.tokens_left)
    return new, Outcome(action="token", civ=c, events=[event])


def cheapest_price(civ: CivId) -> int:
    return min(price(civ, u) for u in UNIT_TYPES)


def reinforce(state: AsteroidBeltState, civ: CivId | str) -> tuple[AsteroidBeltState, Outcome]:
    """Once per game, for a civilisation with no units left (field and reserve empty) and not
    enough resources to create one: 1 unit of every type and 20 resources at the base."""
    require_open(state)
    c = parse_civ(civ)
    new = _edit(state, civs=[c])
    cs = new.civ(c)
    if cs.reinforcement_used:
        raise _rule("ab-err-reinforced", civ=c)
    if cs.units_left():
        raise _rule("ab-err-reinforce-units", civ=c, n=cs.units_left())
    cheapest = cheapest_price(c)
    if cs.resources >= cheapest:
        raise _rule("ab-err-reinforce-resources", civ=c, have=cs.resources, cheapest=cheapest)
    cs.reinforcement_used = True
    for u in UNIT_TYPES:
        if u == "elite" and cs.repair["elite"] < 1:
            continue
        _bring(cs, u, 1, "reserve")
    gained = tables().rules.reinforcement_resources
    cs.resources += gained
    event = _ev("reinforce", civ=c, label=cs.base, gained=gained, resources=cs.resources)
    return new, Outcome(action="reinforce", civ=c, events=[event], resources={c: gained})


def end_turn(state: AsteroidBeltState) -> tuple[AsteroidBeltState, Outcome]:
    """The next civilisation's turn: the ending civilisation's fresh Targets now await their
    guards, the next one gets +2 resources for every class-5 mine (bases included) and is
    reminded of the guards it must play."""
    require_open(state)
    ending = current_civ(state)
    marked = [
        i
        for i, a in enumerate(state.asteroids)
        if a.status == "target" and a.target_by == ending and a.phase == "marked"
    ]
    new = _edit(state, civs=[ending, next_civ(state, ending)], asteroids=marked)
    ecs = new.civs[ending]
    ecs.not_ready = _zero()
    ecs.elite_created_this_turn = False
    for a in new.asteroids:
        if a.status == "target" and a.target_by == ending and a.phase == "marked":
            a.phase = "guards_due"
    new.current = (new.current + 1) % len(new.order)
    new.turn += 1
    now = current_civ(new)
    income = _income(new, now)
    new.civs[now].resources += income
    events = [_ev("turn.end", civ=ending, turn=new.turn, next=now)]
    if income:
        mines = sum(
            1 for a in new.asteroids if a.status == "mine" and a.owner == now and a.number == 5
        )
        events.append(
            _ev(
                "turn.income",
                civ=now,
                income=income,
                mines=mines,
                resources=new.civs[now].resources,
            )
        )
    for a in new.asteroids:
        if a.status != "target" or a.target_by is None:
            continue
        if a.phase == "guards_due" and guards_player(new, a.target_by) == now:
            events.append(_ev("turn.guards_due", label=a.label, civ=a.target_by, player=now))
        elif a.phase == "besieged" and a.target_by == now:
            events.append(_ev("turn.besieged", label=a.label, civ=now, guards=list(a.guards)))
    return new, Outcome(
        action="end-turn", civ=ending, events=events, resources={now: income} if income else {}
    )


# --------------------------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------------------------
def asteroids_by_status(state: AsteroidBeltState) -> dict[Status, list[AsteroidState]]:
    out: dict[Status, list[AsteroidState]] = {s: [] for s in STATUSES}
    for a in state.asteroids:
        out[a.status].append(a)
    return out


def summary_text(locale: str, state: AsteroidBeltState) -> str:
    """One line: variant, turn, who plays, each civilisation's VP and resources."""
    scores = ", ".join(
        text(
            locale,
            "ab-summary-score",
            civ=c,
            vp=state.civs[c].vp,
            goal=state.goal,
            resources=state.civs[c].resources,
        )
        for c in state.order
    )
    if state.winner is not None:
        return text(
            locale, "ab-summary-won", variant=state.variant, winner=state.winner, scores=scores
        )
    return text(
        locale,
        "ab-summary-turn",
        variant=state.variant,
        turn=state.turn,
        now=current_civ(state),
        scores=scores,
    )


def summarize(state: AsteroidBeltState) -> str:
    """One line for /campaign status."""
    return summary_text(DEFAULT, state)
