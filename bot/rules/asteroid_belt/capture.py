"""Capture: target -> guards -> flag -> mine."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.asteroid_belt.fights import (
    _add_fight,
    _fight_record,
    _roll_fight,
)
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    AsteroidState,
    CivState,
    Event,
    FightRecord,
    Outcome,
    RollLog,
    _asteroid_index,
    _edit,
    _ev,
    _need_any_field,
    _need_field,
    _to_repair,
)
from bot.rules.asteroid_belt.tables import (
    NATIVES,
    UNIT_TYPES,
    CivId,
    UnitType,
    _input,
    _rule,
    class_row,
    parse_civ,
    parse_unit,
    tables,
)
from bot.rules.asteroid_belt.turns import (
    _check_victory,
    guards_player,
    require_open,
)
from bot.rules.dice import Dice


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
    _check_picks(cs, a, units)
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


def _check_picks(cs: CivState, a: AsteroidState, units: Sequence[UnitType]) -> None:
    """The whole plan of :func:`resolve_guards`, checked before anything is rolled: a refused
    command rolls nothing."""
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
                raise _rule("ab-err-pick-missing", civ=cs.civ, unit=pick, n=i + 1)


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
    winner = _check_victory(new, c, events)
    return new, Outcome(
        action="mine", civ=c, events=events, resources={c: gained}, vp={c: row.vp}, winner=winner
    )
