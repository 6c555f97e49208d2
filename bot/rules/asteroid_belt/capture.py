"""Capture: target -> guards -> flag -> mine."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.asteroid_belt.events import (
    Event,
    FightRecord,
    Flagged,
    GuardIdle,
    GuardRedirected,
    GuardsAttack,
    GuardsRemaining,
    GuardsStay,
    MineBuilt,
    MineIncome,
    Outcome,
    Targeted,
    TargetReplaced,
)
from bot.rules.asteroid_belt.fights import fight_record, roll_fight
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    AsteroidState,
    CivState,
    RollLog,
    asteroid_index,
    edit,
    need_any_field,
    need_field,
    to_repair,
)
from bot.rules.asteroid_belt.tables import (
    NATIVES,
    UNIT_TYPES,
    CivId,
    UnitType,
    class_row,
    input_error,
    parse_civ,
    parse_unit,
    rule_error,
    tables,
)
from bot.rules.asteroid_belt.turns import check_victory, guards_player, require_open
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
    i = asteroid_index(state, label)
    a = state.asteroids[i]
    cs = state.civ(c)
    if a.status == "mine":
        assert a.owner is not None
        raise rule_error("ab-err-mine-taken", label=a.label, owner=a.owner)
    if a.status == "flag":
        raise rule_error("ab-err-already-flag", label=a.label)
    if a.status == "target" and a.target_by == c:
        raise rule_error("ab-err-already-target", label=a.label, civ=c)
    need_any_field(cs, "target")
    new = edit(state, asteroids=[i])
    a = new.asteroids[i]
    events: list[Event] = []
    if a.status == "target":
        assert a.target_by is not None
        events.append(TargetReplaced(civ=c, other=a.target_by, label=a.label))
    else:
        a.guards = list(class_row(a.number).guards)
    a.status, a.target_by, a.phase = "target", c, "marked"
    events.append(
        Targeted(
            civ=c,
            label=a.label,
            number=a.number,
            guards=tuple(a.guards),
            player=guards_player(new, c),
        )
    )
    return new, Outcome(action="target", civ=c, events=tuple(events))


def guards_due(state: AsteroidBeltState, index: int, civ: CivId | str) -> AsteroidState:
    """The asteroid at place ``index`` if its guards are still to attack ``civ``'s invaders (a
    button's custom id names it so); else the refusal ``/capture guards`` gives, or that the
    moment has passed."""
    require_open(state)
    if not 0 <= index < len(state.asteroids):
        raise rule_error("ab-err-guards-gone")
    a = state.asteroids[index]
    if a.status != "target" or a.target_by != civ:
        raise rule_error("ab-err-guards-gone")
    if a.phase == "besieged":
        raise rule_error("ab-err-guards-done", label=a.label, civ=civ)
    if a.phase != "guards_due":
        raise rule_error("ab-err-guards-later", label=a.label, civ=civ)
    return a


def targets_with_guards_due(state: AsteroidBeltState) -> list[tuple[int, AsteroidState]]:
    """The targets whose guards are still to attack their invaders, with their places."""
    return [
        (i, a)
        for i, a in enumerate(state.asteroids)
        if a.status == "target" and a.phase == "guards_due" and a.target_by is not None
    ]


def besieged_targets(state: AsteroidBeltState, civ: CivId | str) -> list[tuple[int, AsteroidState]]:
    """``civ``'s targets whose guards have attacked and still stand (``/capture attack``'s), with
    their places."""
    return [
        (i, a)
        for i, a in enumerate(state.asteroids)
        if a.status == "target" and a.target_by == civ and a.phase == "besieged" and a.guards
    ]


def besieged_by(state: AsteroidBeltState, index: int, civ: CivId | str) -> str:
    """The label of the asteroid at place ``index`` if ``civ`` besieges it, guards standing (a
    button's custom id names it so); else that the moment has passed."""
    require_open(state)
    if not 0 <= index < len(state.asteroids):
        raise rule_error("ab-err-siege-gone")
    a = state.asteroids[index]
    if a.status != "target" or a.target_by != civ or a.phase != "besieged" or not a.guards:
        raise rule_error("ab-err-siege-gone")
    return a.label


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
    i = asteroid_index(state, label)
    a = state.asteroids[i]
    if a.status != "target" or a.target_by is None:
        raise rule_error("ab-err-not-target", label=a.label)
    invader = a.target_by
    if a.phase == "marked":
        raise rule_error("ab-err-guards-later", label=a.label, civ=invader)
    if a.phase == "besieged":
        raise rule_error("ab-err-guards-done", label=a.label, civ=invader)
    units = [parse_unit(p) for p in picks]
    new = edit(state, civs=[invader], asteroids=[i])
    a = new.asteroids[i]
    cs = new.civ(invader)
    log = RollLog(dice)
    events: list[Event | FightRecord] = [GuardsAttack(label=a.label, civ=invader)]
    standing: list[UnitType] = []
    _check_picks(cs, a, units)
    for i, guard in enumerate(a.guards):
        target_unit: UnitType | None = units[i] if i < len(units) else None
        if target_unit is None or cs.field[target_unit] < 1:
            # the pick was beaten by an earlier guard: attack another invader in the field
            target_unit = next((u for u in UNIT_TYPES if cs.field[u] >= 1), None)
            if target_unit is None:
                standing.append(guard)
                events.append(GuardIdle(guard=guard))
                continue
            events.append(GuardRedirected(guard=guard, unit=target_unit))
        rec = fight_record(
            NATIVES,
            guard,
            invader,
            target_unit,
            roll_fight(log, NATIVES, guard, invader, target_unit),
        )
        events.append(rec)
        if rec.defender_removed:
            to_repair(cs, target_unit)
        if not rec.attacker_removed:
            standing.append(guard)
    a.guards = standing
    if standing:
        a.phase = "besieged"
        events.append(GuardsStay(label=a.label, guards=tuple(standing), civ=invader))
    else:
        _flag(a)
        events.append(Flagged(label=a.label))
    return new, Outcome(action="guards", civ=NATIVES, events=tuple(events), rolls=tuple(log.rolls))


def _check_picks(cs: CivState, a: AsteroidState, units: Sequence[UnitType]) -> None:
    """The whole plan of :func:`resolve_guards`, checked before anything is rolled: a refused
    command rolls nothing."""
    if any(cs.field[u] for u in UNIT_TYPES):
        if len(units) != len(a.guards):
            raise input_error(
                "ab-err-picks",
                label=a.label,
                n=len(a.guards),
                guards=list(a.guards),
                got=len(units),
            )
        for i, pick in enumerate(units):
            if cs.field[pick] < 1:
                raise rule_error("ab-err-pick-missing", civ=cs.civ, unit=pick, n=i + 1)


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
    i = asteroid_index(state, label)
    new = edit(state, civs=[c], asteroids=[i])
    a = new.asteroids[i]
    if a.status != "target" or a.target_by != c:
        raise rule_error("ab-err-not-your-target", label=a.label, civ=c)
    if a.phase == "marked":
        raise rule_error("ab-err-guards-not-yet", label=a.label, civ=c)
    if a.phase == "guards_due":
        raise rule_error("ab-err-guards-first", player=guards_player(new, c), label=a.label)
    if guard is None:
        g = a.guards[0]
    else:
        g = parse_unit(guard)
        if g not in a.guards:
            raise rule_error("ab-err-no-such-guard", label=a.label, guard=g, guards=list(a.guards))
    cs = new.civ(c)
    need_field(cs, u, "attack")
    log = RollLog(dice)
    rec = fight_record(c, u, NATIVES, g, roll_fight(log, c, u, NATIVES, g))
    events: list[Event | FightRecord] = [rec]
    if rec.attacker_removed:
        to_repair(cs, u)
    if rec.defender_removed:
        a.guards.remove(g)
        if not a.guards:
            _flag(a)
            events.append(Flagged(label=a.label))
        else:
            events.append(GuardsRemaining(label=a.label, guards=tuple(a.guards)))
    return new, Outcome(action="attack", civ=c, events=tuple(events), rolls=tuple(log.rolls))


def build_mine(
    state: AsteroidBeltState, civ: CivId | str, label: str
) -> tuple[AsteroidBeltState, Outcome]:
    """Any civilisation with a unit next to a Flag builds the mine: the asteroid's VP and
    resources (hard variant: 5 fewer), and it owns the asteroid for good."""
    require_open(state)
    c = parse_civ(civ)
    i = asteroid_index(state, label)
    new = edit(state, civs=[c], asteroids=[i])
    a = new.asteroids[i]
    if a.status == "mine":
        assert a.owner is not None
        raise rule_error("ab-err-already-mine", label=a.label, owner=a.owner)
    if a.status != "flag":
        raise rule_error("ab-err-no-flag", label=a.label)
    cs = new.civ(c)
    need_any_field(cs, "flag")
    row = class_row(a.number)
    penalty = tables().variants[new.variant].capture_penalty
    gained = max(0, row.resources - penalty)
    a.status, a.owner, a.target_by, a.stock = "mine", c, None, gained
    cs.vp += row.vp
    cs.resources += gained
    events: list[Event] = [
        MineBuilt(
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
        events.append(MineIncome(income=row.income))
    winner = check_victory(new, c, events)
    return new, Outcome(
        action="mine",
        civ=c,
        events=tuple(events),
        resources={c: gained},
        vp={c: row.vp},
        winner=winner,
    )
