"""What a rule says happened: one typed, frozen record per kind of event, a fight's record, and
the :class:`Outcome` a rule returns (its events, its dice, the changes to the books).

Each event is data — civilisation ids, unit types, labels, numbers — and says itself two ways:
:meth:`Event.message`, the catalog message the reply and the history show (names in the
reader's language, computed parts such as "free next to its own mine" added), and
:meth:`Event.stored`, the compact form the history keeps (the ids and numbers alone: a summary
must fit in 500 characters). :func:`read_history` turns a stored message back into what is
shown — for entries stored now and for those stored before events were typed, whose arguments
are the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any, ClassVar, Literal, TypeVar

from bot.rules.asteroid_belt.tables import (
    NATIVES,
    CivId,
    Owner,
    RaidKind,
    UnitType,
    Variant,
    civ_msg,
    list_msg,
    msg_args,
    unit_msg,
)
from bot.rules.dice import Rolled
from bot.rules.msg import Msg

Fighter = UnitType | Literal["shuttle"]


def _stored(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


class Event:
    """One thing that happened. A subclass is a frozen dataclass whose fields are the stored
    arguments of its catalog message ``KEY`` (``ab-ev-…``)."""

    __slots__ = ()
    KEY: ClassVar[str]
    #: False: a reminder of what is due, not something that happened (left out of the history)
    IN_HISTORY: ClassVar[bool] = True

    def message(self) -> Msg:
        """The catalog message shown (in the reply and, read back, in the history)."""
        raise NotImplementedError

    def stored(self) -> Msg:
        """The compact message the history keeps: the fields, ids as they are."""
        return Msg(self.KEY, tuple((f.name, _stored(getattr(self, f.name))) for f in fields(self)))  # type: ignore[arg-type]


# -- set-up and joining ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SetupOrder(Event):
    KEY = "ab-ev-setup-order"
    variant: Variant
    civs: tuple[CivId, ...]
    goal: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-setup-order",
            **msg_args({"variant": self.variant, "civs": self.civs, "goal": self.goal}),
        )


@dataclass(frozen=True, slots=True)
class SetupStart(Event):
    KEY = "ab-ev-setup-start"
    resources: int
    vp: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-setup-start", resources=self.resources, vp=self.vp)


@dataclass(frozen=True, slots=True)
class SetupCargo(Event):
    KEY = "ab-ev-setup-cargo"
    portal: int
    portals: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-setup-cargo", portal=self.portal, portals=self.portals)


@dataclass(frozen=True, slots=True)
class SetupIncome(Event):
    KEY = "ab-ev-setup-income"
    civ: CivId
    income: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-setup-income", **msg_args({"civ": self.civ}), income=self.income)


@dataclass(frozen=True, slots=True)
class SetupNoRaids(Event):
    KEY = "ab-ev-setup-no-raids"

    def message(self) -> Msg:
        return Msg("ab-ev-setup-no-raids")


@dataclass(frozen=True, slots=True)
class Joined(Event):
    KEY = "ab-ev-join"
    civ: CivId
    member: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-join", **msg_args({"civ": self.civ, "member": self.member}))


# -- economy --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class EliteRoll(Event):
    KEY = "ab-ev-elite-roll"
    face: int
    made: int
    unit: UnitType
    needed: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-elite-roll",
            **msg_args({"face": self.face, "made": self.made, "unit": self.unit}),
            needed=self.needed,
        )


@dataclass(frozen=True, slots=True)
class CreatedByElite(Event):
    KEY = "ab-ev-create-elite"
    civ: CivId
    count: int
    unit: UnitType
    label: str
    cost: int
    left: int
    ready: Literal["now", "next_turn"]

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-create-elite",
            **msg_args(
                {
                    "civ": self.civ,
                    "count": self.count,
                    "unit": self.unit,
                    "label": self.label,
                    "cost": self.cost,
                    "left": self.left,
                    "ready": self.ready,
                }
            ),
            ready_text=Msg.of(
                "ab-ready-next-turn" if self.ready == "next_turn" else "ab-ready-now",
                count=self.count,
            ),
        )


@dataclass(frozen=True, slots=True)
class CreatedAtBase(Event):
    KEY = "ab-ev-create-base"
    civ: CivId
    count: int
    unit: UnitType
    label: str
    cost: int
    left: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-create-base",
            **msg_args(
                {
                    "civ": self.civ,
                    "count": self.count,
                    "unit": self.unit,
                    "label": self.label,
                    "cost": self.cost,
                    "left": self.left,
                }
            ),
        )


@dataclass(frozen=True, slots=True)
class CreatedAtMine(Event):
    KEY = "ab-ev-create-mine"
    civ: CivId
    count: int
    unit: UnitType
    label: str
    cost: int
    left: int
    stock: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-create-mine",
            **msg_args(
                {
                    "civ": self.civ,
                    "count": self.count,
                    "unit": self.unit,
                    "label": self.label,
                    "cost": self.cost,
                    "left": self.left,
                    "stock": self.stock,
                }
            ),
        )


@dataclass(frozen=True, slots=True)
class Moved(Event):
    KEY = "ab-ev-move"
    civ: CivId
    unit: UnitType
    moves: int
    per_move: int
    cost: int
    left: int
    base: str  # the base a unit left first ("": none did)

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-move",
            **msg_args(
                {
                    "civ": self.civ,
                    "unit": self.unit,
                    "moves": self.moves,
                    "per_move": self.per_move,
                    "cost": self.cost,
                    "left": self.left,
                    "base": self.base,
                }
            ),
            base_text=(
                Msg.of("ab-move-from-base", base=self.base) if self.base else Msg("ab-empty")
            ),
        )


@dataclass(frozen=True, slots=True)
class Disbanded(Event):
    KEY = "ab-ev-disband"
    civ: CivId
    unit: UnitType
    count: int
    field: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-disband",
            **msg_args(
                {"civ": self.civ, "unit": self.unit, "count": self.count, "field": self.field}
            ),
        )


@dataclass(frozen=True, slots=True)
class TokenUsed(Event):
    KEY = "ab-ev-token"
    civ: CivId
    note: str
    left: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-token",
            **msg_args({"civ": self.civ, "note": self.note, "left": self.left}),
            note_text=Msg.of("ab-token-note", note=self.note) if self.note else Msg("ab-empty"),
        )


@dataclass(frozen=True, slots=True)
class Reinforced(Event):
    KEY = "ab-ev-reinforce"
    civ: CivId
    label: str
    gained: int
    resources: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-reinforce",
            **msg_args(
                {
                    "civ": self.civ,
                    "label": self.label,
                    "gained": self.gained,
                    "resources": self.resources,
                }
            ),
        )


# -- capture --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TargetReplaced(Event):
    KEY = "ab-ev-target-replaced"
    civ: CivId
    other: CivId
    label: str

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-target-replaced",
            **msg_args({"civ": self.civ, "other": self.other, "label": self.label}),
        )


@dataclass(frozen=True, slots=True)
class Targeted(Event):
    KEY = "ab-ev-target-marked"
    civ: CivId
    label: str
    number: int
    guards: tuple[UnitType, ...]
    player: CivId

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-target-marked",
            **msg_args(
                {
                    "civ": self.civ,
                    "label": self.label,
                    "number": self.number,
                    "guards": self.guards,
                    "player": self.player,
                }
            ),
        )


@dataclass(frozen=True, slots=True)
class GuardsAttack(Event):
    KEY = "ab-ev-guards-start"
    label: str
    civ: CivId

    def message(self) -> Msg:
        return Msg.of("ab-ev-guards-start", **msg_args({"label": self.label, "civ": self.civ}))


@dataclass(frozen=True, slots=True)
class GuardIdle(Event):
    KEY = "ab-ev-guards-idle"
    guard: UnitType

    def message(self) -> Msg:
        return Msg.of("ab-ev-guards-idle", **msg_args({"guard": self.guard}))


@dataclass(frozen=True, slots=True)
class GuardRedirected(Event):
    KEY = "ab-ev-guards-redirect"
    guard: UnitType
    unit: UnitType

    def message(self) -> Msg:
        return Msg.of("ab-ev-guards-redirect", **msg_args({"guard": self.guard, "unit": self.unit}))


@dataclass(frozen=True, slots=True)
class GuardsStay(Event):
    KEY = "ab-ev-guards-left"
    label: str
    guards: tuple[UnitType, ...]
    civ: CivId

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-guards-left",
            **msg_args({"label": self.label, "guards": self.guards, "civ": self.civ}),
        )


@dataclass(frozen=True, slots=True)
class GuardsRemaining(Event):
    KEY = "ab-ev-guards-remaining"
    label: str
    guards: tuple[UnitType, ...]

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-guards-remaining", **msg_args({"label": self.label, "guards": self.guards})
        )


@dataclass(frozen=True, slots=True)
class Flagged(Event):
    KEY = "ab-ev-flag"
    label: str

    def message(self) -> Msg:
        return Msg.of("ab-ev-flag", label=self.label)


@dataclass(frozen=True, slots=True)
class MineBuilt(Event):
    KEY = "ab-ev-mine-built"
    civ: CivId
    label: str
    number: int
    vp: int
    total_vp: int
    goal: int
    gained: int
    table: int  # the resources the table gives
    penalty: int  # the hard variant's cut (0: none)
    resources: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-mine-built",
            **msg_args(
                {
                    "civ": self.civ,
                    "label": self.label,
                    "number": self.number,
                    "vp": self.vp,
                    "total_vp": self.total_vp,
                    "goal": self.goal,
                    "gained": self.gained,
                    "table": self.table,
                    "penalty": self.penalty,
                    "resources": self.resources,
                }
            ),
            penalty_text=(
                Msg.of("ab-mine-penalty", table=self.table, penalty=self.penalty)
                if self.penalty
                else Msg("ab-empty")
            ),
        )


@dataclass(frozen=True, slots=True)
class MineIncome(Event):
    KEY = "ab-ev-mine-income"
    income: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-mine-income", income=self.income)


@dataclass(frozen=True, slots=True)
class Victory(Event):
    KEY = "ab-ev-victory"
    civ: CivId
    vp: int
    goal: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-victory", **msg_args({"civ": self.civ, "vp": self.vp, "goal": self.goal})
        )


# -- shuttles and raids ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ShuttleActivated(Event):
    KEY = "ab-ev-shuttle"
    civ: CivId
    label: str
    cost: int
    left: int
    own: int  # 1: next to its own mine, free
    number: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-shuttle",
            **msg_args(
                {
                    "civ": self.civ,
                    "label": self.label,
                    "cost": self.cost,
                    "left": self.left,
                    "own": self.own,
                    "number": self.number,
                }
            ),
            cost_text=(
                Msg("ab-shuttle-free") if self.own else Msg.of("ab-shuttle-cost", cost=self.cost)
            ),
        )


@dataclass(frozen=True, slots=True)
class Boarded(Event):
    KEY = "ab-ev-shuttle-board"
    civ: CivId
    number: int
    units: tuple[UnitType, ...]  # everything aboard now

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-shuttle-board",
            **msg_args({"civ": self.civ, "number": self.number, "units": self.units}),
        )


@dataclass(frozen=True, slots=True)
class ShuttleEmpty(Event):
    KEY = "ab-ev-shuttle-empty"
    civ: CivId
    number: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-shuttle-empty", **msg_args({"civ": self.civ, "number": self.number}))


@dataclass(frozen=True, slots=True)
class Unloaded(Event):
    KEY = "ab-ev-shuttle-unload"
    civ: CivId
    number: int
    units: tuple[UnitType, ...]

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-shuttle-unload",
            **msg_args({"civ": self.civ, "number": self.number, "units": self.units}),
        )


@dataclass(frozen=True, slots=True)
class ShuttleGone(Event):
    KEY = "ab-ev-shuttle-gone"
    civ: CivId
    number: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-shuttle-gone", **msg_args({"civ": self.civ, "number": self.number}))


@dataclass(frozen=True, slots=True)
class ShuttleMoved(Event):
    KEY = "ab-ev-shuttle-move"
    civ: CivId
    number: int
    speed: int
    units: tuple[UnitType, ...]

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-shuttle-move",
            **msg_args(
                {"civ": self.civ, "number": self.number, "speed": self.speed, "units": self.units}
            ),
        )


@dataclass(frozen=True, slots=True)
class ShuttleDefeated(Event):
    KEY = "ab-ev-shuttle-defeated"
    civ: CivId
    units: tuple[UnitType, ...]

    def message(self) -> Msg:
        return Msg.of("ab-ev-shuttle-defeated", **msg_args({"civ": self.civ, "units": self.units}))


@dataclass(frozen=True, slots=True)
class Raided(Event):
    KEY = "ab-ev-raid"
    civ: CivId
    aboard: int
    face: int
    result: RaidKind
    gain: int  # what the face gives on a gain
    number: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-raid",
            **msg_args(
                {
                    "civ": self.civ,
                    "aboard": self.aboard,
                    "face": self.face,
                    "result": self.result,
                    "gain": self.gain,
                    "number": self.number,
                }
            ),
            result_text=Msg.of(f"ab-raid-{self.result}", gain=self.gain),
        )


@dataclass(frozen=True, slots=True)
class RaidLost(Event):
    KEY = "ab-ev-raid-repair"
    civ: CivId
    units: tuple[UnitType, ...]
    number: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-raid-repair",
            **msg_args({"civ": self.civ, "units": self.units, "number": self.number}),
        )


@dataclass(frozen=True, slots=True)
class RaidGain(Event):
    KEY = "ab-ev-raid-gain"
    civ: CivId
    resources: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-raid-gain", **msg_args({"civ": self.civ, "resources": self.resources}))


@dataclass(frozen=True, slots=True)
class CargoMoved(Event):
    KEY = "ab-ev-cargo-moved"
    old: int
    new: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-cargo-moved", old=self.old, new=self.new)


@dataclass(frozen=True, slots=True)
class CargoStays(Event):
    KEY = "ab-ev-cargo-stays"
    portal: int

    def message(self) -> Msg:
        return Msg.of("ab-ev-cargo-stays", portal=self.portal)


# -- the turn -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    KEY = "ab-ev-turn-end"
    civ: CivId
    turn: int
    next: CivId

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-turn-end", **msg_args({"civ": self.civ, "turn": self.turn, "next": self.next})
        )


@dataclass(frozen=True, slots=True)
class TurnIncome(Event):
    KEY = "ab-ev-turn-income"
    civ: CivId
    income: int
    mines: int
    resources: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-turn-income",
            **msg_args(
                {
                    "civ": self.civ,
                    "income": self.income,
                    "mines": self.mines,
                    "resources": self.resources,
                }
            ),
        )


@dataclass(frozen=True, slots=True)
class GuardsDue(Event):
    KEY = "ab-ev-turn-guards-due"
    IN_HISTORY = False
    label: str
    civ: CivId
    player: CivId

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-turn-guards-due",
            **msg_args({"label": self.label, "civ": self.civ, "player": self.player}),
        )


@dataclass(frozen=True, slots=True)
class Besieged(Event):
    KEY = "ab-ev-turn-besieged"
    IN_HISTORY = False
    label: str
    civ: CivId
    guards: tuple[UnitType, ...]

    def message(self) -> Msg:
        return Msg.of(
            "ab-ev-turn-besieged",
            **msg_args({"label": self.label, "civ": self.civ, "guards": self.guards}),
        )


# -- fights ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Odds:
    """Exact chances of a fight, from the attacker's side."""

    win: Fraction
    draw: Fraction
    lose: Fraction


def _verdict(attack: int, defence: int) -> Literal["attacker", "defender", "draw"]:
    return "attacker" if attack > defence else "defender" if attack < defence else "draw"


@dataclass(frozen=True, slots=True)
class FightLine(Event):
    """A fight as the history keeps it: sides, units and totals (a guards' attack has two or
    three)."""

    KEY = "ab-hist-fight"
    a: Owner
    au: Fighter
    at: int
    d: Owner
    du: Fighter
    dt: int

    def message(self) -> Msg:
        return Msg.of(
            "ab-hist-fight",
            a=self.a,
            au=self.au,
            at=self.at,
            d=self.d,
            du=self.du,
            dt=self.dt,
            attacker=civ_msg(self.a),
            aunit=unit_msg(self.au),
            defender=civ_msg(self.d),
            dunit=unit_msg(self.du),
            dunit_gen=unit_msg(self.du, "-gen"),
            verdict=Msg(f"ab-verdict-{_verdict(self.at, self.dt)}"),
        )


@dataclass(frozen=True, slots=True)
class FightRecord:
    """One fight, with everything the reply explains: the dice, the bonuses, the odds, who
    left the field."""

    attacker: Owner
    attacker_unit: Fighter
    defender: Owner
    defender_unit: Fighter
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

    IN_HISTORY: ClassVar[bool] = True

    @property
    def attack_total(self) -> int:
        return self.attack_roll + self.attack_bonus

    @property
    def defence_total(self) -> int:
        return self.defence_roll + self.defence_bonus

    def line(self) -> FightLine:
        return FightLine(
            self.attacker,
            self.attacker_unit,
            self.attack_total,
            self.defender,
            self.defender_unit,
            self.defence_total,
        )

    def stored(self) -> Msg:
        return self.line().stored()


E = TypeVar("E", bound=Event)


# -- the outcome ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Outcome:
    """What one command did: its events (fights among them) for the reply and the history, its
    dice, and the changes to the books (for tests)."""

    action: str
    civ: Owner | None = None
    events: tuple[Event | FightRecord, ...] = ()
    rolls: tuple[Rolled, ...] = ()
    resources: Mapping[CivId, int] = field(default_factory=dict)  # change per civilisation
    vp: Mapping[CivId, int] = field(default_factory=dict)
    winner: CivId | None = None

    @property
    def fights(self) -> tuple[FightRecord, ...]:
        return tuple(e for e in self.events if isinstance(e, FightRecord))

    def event(self, kind: type[E]) -> E:
        """The first event of this kind (tests)."""
        return next(e for e in self.events if isinstance(e, kind))

    def kinds(self) -> list[type[Event | FightRecord]]:
        return [type(e) for e in self.events]

    def dice(self) -> tuple[Rolled, ...]:
        return self.rolls

    def history(self) -> Msg:
        """What the history keeps: the action and its events, compact (see
        :func:`read_history`)."""
        lines = [e.stored() for e in self.events if e.IN_HISTORY]
        if self.civ in (None, NATIVES):
            return Msg.of("ab-history-game", action=self.action, lines=lines)
        return Msg.of("ab-history", civ=self.civ, action=self.action, lines=lines)


#: every kind of stored event, by its message key
STORED: dict[str, type[Event]] = {
    kind.KEY: kind
    for kind in (
        SetupOrder,
        SetupStart,
        SetupCargo,
        SetupIncome,
        SetupNoRaids,
        Joined,
        EliteRoll,
        CreatedByElite,
        CreatedAtBase,
        CreatedAtMine,
        Moved,
        Disbanded,
        TokenUsed,
        Reinforced,
        TargetReplaced,
        Targeted,
        GuardsAttack,
        GuardIdle,
        GuardRedirected,
        GuardsStay,
        GuardsRemaining,
        Flagged,
        MineBuilt,
        MineIncome,
        Victory,
        ShuttleActivated,
        Boarded,
        ShuttleEmpty,
        Unloaded,
        ShuttleGone,
        ShuttleMoved,
        ShuttleDefeated,
        Raided,
        RaidLost,
        RaidGain,
        CargoMoved,
        CargoStays,
        TurnEnded,
        TurnIncome,
        GuardsDue,
        Besieged,
        FightLine,
    )
}


#: actions whose entry is a fight's line, which says "Fight:" itself
FIGHT_ACTIONS = frozenset({"fight", "shuttle-fight"})


def read_history(msg: Msg) -> Msg:
    """A stored Asteroid Belt history message (see :meth:`Outcome.history`) as it is shown:
    the ids named in the reader's language, the parts computed from the numbers added."""
    args: dict[str, Any] = msg.kwargs
    if msg.key in ("ab-history", "ab-history-game"):
        action = str(args.get("action", ""))
        stored: Sequence[object] = args.get("lines") or ()
        lines = [read_history(m) for m in stored if isinstance(m, Msg)]
        title = Msg(f"ab-title-{action}")
        shown = list_msg(lines, "ab-list-space") if lines else Msg("ab-empty")
        if msg.key == "ab-history-game":
            return Msg.of("ab-history-game", action=action, title=title, lines=shown)
        if action in FIGHT_ACTIONS:  # the fight's line names it: no title before it
            return Msg.of("ab-history-fight", **msg_args({"civ": args.get("civ")}), lines=shown)
        return Msg.of(
            "ab-history",
            **msg_args({"civ": args.get("civ")}),
            action=action,
            title=title,
            lines=shown,
        )
    kind = STORED.get(msg.key)
    return kind(**args).message() if kind is not None else msg
