"""Economy: resources, creating and moving units, disbanding, the elite's tokens and the
once-per-game reinforcement."""

from __future__ import annotations

from typing import Literal

from bot.rules.asteroid_belt.events import (
    CreatedAtBase,
    CreatedAtMine,
    CreatedByElite,
    Disbanded,
    EliteRoll,
    Event,
    Moved,
    Outcome,
    Reinforced,
    TokenUsed,
)
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    AsteroidState,
    CivState,
    RollLog,
    asteroid_index,
    edit,
    need_field,
    pay,
    to_repair,
    units_msg,
)
from bot.rules.asteroid_belt.tables import (
    MAX_COUNT,
    MAX_MOVES,
    UNIT_TYPES,
    CivId,
    UnitType,
    civ_row,
    input_error,
    msg_args,
    parse_civ,
    parse_unit,
    price,
    rule_error,
    tables,
    unit_row,
)
from bot.rules.asteroid_belt.turns import (
    require_open,
)
from bot.rules.dice import Dice
from bot.rules.msg import Msg


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
        raise input_error("ab-err-create-count", max=MAX_COUNT)
    state.civ(c)  # refuses a civilisation not in the game
    mine: AsteroidState | None = None
    where: list[int] = []
    if at is not None and at.strip() and at.strip().lower() not in ("base", "база"):
        where.append(asteroid_index(state, at))
        mine = state.asteroids[where[0]]
        if mine.status != "mine" or mine.owner != c:
            raise rule_error("ab-err-not-your-mine", label=mine.label, civ=c)
        if mine.base and not by_elite:
            mine, where = None, []
    new = edit(state, civs=[c], asteroids=where)
    cs = new.civs[c]
    if where:
        mine = new.asteroids[where[0]]
    if u == "elite":
        if count != 1:
            raise input_error("ab-err-one-elite")
        if cs.repair["elite"] < 1:
            raise rule_error("ab-err-elite-not-in-repair", civ=c)
    if by_elite:
        return new, _create_by_elite(cs, c, u, count, mine, RollLog(dice))
    return new, _create_paid(cs, c, u, count, mine)


def _create_by_elite(
    cs: CivState, c: CivId, u: UnitType, count: int, mine: AsteroidState | None, log: RollLog
) -> Outcome:
    """:func:`create` by the elite next to its own mine, on the copied books ``cs``."""
    p = price(c, u)
    events: list[Event] = []
    row = civ_row(c)
    if u != row.elite_creates:
        raise rule_error("ab-err-elite-creates-only", civ=c, unit=row.elite_creates)
    if mine is None:
        raise input_error("ab-err-elite-where", civ=c)
    need_field(cs, "elite", "create")
    if cs.elite_created_this_turn:
        raise rule_error("ab-err-elite-done", civ=c)
    limit = 2 if row.elite_double_on is not None else 1
    if count > limit:
        raise input_error("ab-err-elite-limit", civ=c, limit=limit)
    if p * count > cs.resources:
        raise rule_error(
            "ab-err-elite-cost", count=count, unit=u, cost=p * count, civ=c, have=cs.resources
        )
    made = count
    if count == 2 and row.elite_double_on is not None:
        face = log.d6("ab-roll-elite", civ=c, unit=u, needed=row.elite_double_on)
        made = 2 if face >= row.elite_double_on else 1
        events.append(EliteRoll(face=face, made=made, unit=u, needed=row.elite_double_on))
    cost = p * made
    cs.resources -= cost
    cs.elite_created_this_turn = True
    _bring(cs, u, made, "field")
    if row.elite_units_ready == "next_turn":
        cs.not_ready[u] += made
    events.append(
        CreatedByElite(
            civ=c,
            count=made,
            unit=u,
            label=mine.label,
            cost=cost,
            left=cs.resources,
            ready=row.elite_units_ready,
        )
    )
    return Outcome(
        action="create",
        civ=c,
        events=tuple(events),
        rolls=tuple(log.rolls),
        resources={c: -cost},
    )


def _create_paid(
    cs: CivState, c: CivId, u: UnitType, count: int, mine: AsteroidState | None
) -> Outcome:
    """:func:`create` at the base (paid from stock, into reserve) or next to a mine (paid from
    what that mine brought in, into the field), on the copied books ``cs``."""
    p = price(c, u)
    event: Event
    cost = p * count
    if mine is None:
        pay(cs, cost, units_msg(count, u, price(c, u)))
        _bring(cs, u, count, "reserve")
        event = CreatedAtBase(
            civ=c, count=count, unit=u, label=cs.base, cost=cost, left=cs.resources
        )
    else:
        if cost > mine.stock:
            raise rule_error(
                "ab-err-mine-stock",
                count=count,
                unit=u,
                cost=cost,
                label=mine.label,
                stock=mine.stock,
            )
        pay(cs, cost, units_msg(count, u, price(c, u)))
        mine.stock -= cost
        _bring(cs, u, count, "field")
        event = CreatedAtMine(
            civ=c,
            count=count,
            unit=u,
            label=mine.label,
            cost=cost,
            left=cs.resources,
            stock=mine.stock,
        )
    return Outcome(action="create", civ=c, events=(event,), resources={c: -cost})


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
        raise input_error("ab-err-moves", max=MAX_MOVES)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    deploy = from_base if from_base is not None else cs.available(u) < 1 and cs.reserve[u] >= 1
    if deploy:
        if cs.reserve[u] < 1:
            raise rule_error("ab-err-no-reserve", civ=c, unit=u)
    else:
        need_field(cs, u, "move")
    row = unit_row(u)
    cost = row.move_cost * moves
    pay(
        cs,
        cost,
        Msg.of("ab-pay-moves", **msg_args({"moves": moves, "unit": u, "per": row.move_cost})),
    )
    if deploy:
        cs.reserve[u] -= 1
        cs.field[u] += 1
    event = Moved(
        civ=c,
        unit=u,
        moves=moves,
        per_move=row.move_cost,
        cost=cost,
        left=cs.resources,
        base=cs.base if deploy else "",
    )
    return new, Outcome(action="move", civ=c, events=(event,), resources={c: -cost})


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
        raise input_error("ab-err-disband-count", max=MAX_COUNT)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    if cs.field[u] < count:
        raise rule_error("ab-err-disband-none", civ=c, unit=u, have=cs.field[u], n=count)
    for _ in range(count):
        to_repair(cs, u)
    event = Disbanded(civ=c, unit=u, count=count, field=cs.field[u])
    return new, Outcome(action="disband", civ=c, events=(event,))


def use_token(
    state: AsteroidBeltState, civ: CivId | str, note: str = ""
) -> tuple[AsteroidBeltState, Outcome]:
    """Spend one of the elite's 3 one-use ability tokens (moved to repair)."""
    require_open(state)
    c = parse_civ(civ)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    if cs.tokens_left < 1:
        raise rule_error("ab-err-no-tokens", civ=c)
    cs.tokens_left -= 1
    event = TokenUsed(civ=c, note=note.strip()[:200], left=cs.tokens_left)
    return new, Outcome(action="token", civ=c, events=(event,))


def cheapest_price(civ: CivId) -> int:
    return min(price(civ, u) for u in UNIT_TYPES)


def reinforce(state: AsteroidBeltState, civ: CivId | str) -> tuple[AsteroidBeltState, Outcome]:
    """Once per game, for a civilisation with no units left (field and reserve empty) and not
    enough resources to create one: 1 unit of every type and 20 resources at the base."""
    require_open(state)
    c = parse_civ(civ)
    new = edit(state, civs=[c])
    cs = new.civ(c)
    if cs.reinforcement_used:
        raise rule_error("ab-err-reinforced", civ=c)
    if cs.units_left():
        raise rule_error("ab-err-reinforce-units", civ=c, n=cs.units_left())
    cheapest = cheapest_price(c)
    if cs.resources >= cheapest:
        raise rule_error("ab-err-reinforce-resources", civ=c, have=cs.resources, cheapest=cheapest)
    cs.reinforcement_used = True
    for u in UNIT_TYPES:
        if u == "elite" and cs.repair["elite"] < 1:
            continue
        _bring(cs, u, 1, "reserve")
    gained = tables().rules.reinforcement_resources
    cs.resources += gained
    event = Reinforced(civ=c, label=cs.base, gained=gained, resources=cs.resources)
    return new, Outcome(action="reinforce", civ=c, events=(event,), resources={c: gained})
