"""Turn order, permissions (pure: the cog passes the acting member's civilisation), setup and
joining, victory and the end of a turn, and the one-line summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from bot.rules.asteroid_belt.events import (
    Besieged,
    Event,
    GuardsDue,
    Joined,
    Outcome,
    SetupCargo,
    SetupIncome,
    SetupNoRaids,
    SetupOrder,
    SetupStart,
    TurnEnded,
    TurnIncome,
    Victory,
)
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    AsteroidState,
    CivState,
    RollLog,
    default_labels,
    edit,
    find_asteroid,
    income_of,
    pick_portal,
    zero_units,
)
from bot.rules.asteroid_belt.tables import (
    MAX_COUNT,
    MAX_PORTALS,
    NATIVES,
    STATUSES,
    VARIANTS,
    CivId,
    Owner,
    Status,
    UnitType,
    Variant,
    civ_row,
    denied,
    input_error,
    list_msg,
    msg_args,
    parse_civ,
    rule_error,
    tables,
)
from bot.rules.dice import Dice
from bot.rules.msg import Msg


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
        raise rule_error("ab-err-game-over", winner=state.winner)


def require_turn(state: AsteroidBeltState, actor: CivId | None, *, gm: bool = False) -> CivId:
    """The civilisation acting now; refuses anyone but the player whose turn it is (or the GM).
    Returns the civilisation whose turn it is."""
    require_open(state)
    now = current_civ(state)
    if gm:
        return now
    if actor is None:
        raise denied("ab-err-not-joined")
    if actor != now:
        raise denied("ab-err-not-your-turn", now=now)
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
        raise denied("ab-err-not-joined")
    if side == NATIVES:
        if against is None:
            raise input_error("ab-err-natives-against")
        player = guards_player(state, against)
        if actor != player:
            raise denied("ab-err-not-guards-player", player=player, against=against)
        return
    if actor != side:
        raise denied("ab-err-not-your-civ", actor=actor, side=side)
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
        raise denied("ab-err-not-joined")
    if civ != member_civ:
        raise denied("ab-err-gm-only-civ", actor=member_civ, civ=civ)
    now = current_civ(state)
    if civ != now:
        raise denied("ab-err-not-your-turn-gm" if gm else "ab-err-not-your-turn", now=now)
    return civ


def require_guards_player(
    state: AsteroidBeltState, label: str, actor: CivId | None, *, gm: bool = False
) -> None:
    require_open(state)
    a = find_asteroid(state, label)
    if a.status != "target" or a.target_by is None:
        raise rule_error("ab-err-not-target", label=a.label)
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
    """(Long: the seed's set-up is one sequence — bases, forces, cargo shuttle, first income —
    read best in one place.) A new campaign: turn order as given, 30 resources each, the starting force in reserve at
    each base (a class-5 asteroid already mined: v1 for the first civilisation, v2 for the
    second...), the cargo shuttle in a portal chosen by a die, and the first turn's income."""
    t = tables()
    order, var, goal, portals, force, labels = _setup_options(
        civilisations, variant, goal, portals, engineers, assault, recon, counts
    )
    vrow = t.variants[var]

    log = RollLog(dice)
    asteroids = [AsteroidState(label=lab, number=c) for lab, c in labels]
    civs: dict[CivId, CivState] = {}
    class5 = [a for a in asteroids if a.number == 5]
    for i, civ in enumerate(order):
        base = class5[i]
        base.status, base.owner, base.base = "mine", civ, True
        reserve = zero_units()
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
    income = income_of(state, order[0])
    state.civs[order[0]].resources += income
    events: list[Event] = [
        SetupOrder(variant=var, civs=tuple(order), goal=goal),
        SetupStart(resources=t.rules.start_resources, vp=vrow.start_vp),
        SetupCargo(portal=cargo, portals=portals),
    ]
    if income:
        events.append(SetupIncome(civ=order[0], income=income))
    if not vrow.raids:
        events.append(SetupNoRaids())
    return state, Outcome(
        action="setup",
        events=tuple(events),
        rolls=tuple(log.rolls),
        resources={order[0]: income} if income else {},
    )


def _setup_options(
    civilisations: Sequence[CivId | str],
    variant: Variant | str,
    goal: int | None,
    portals: int | None,
    engineers: int | None,
    assault: int | None,
    recon: int | None,
    counts: dict[int, int] | None,
) -> tuple[list[CivId], Variant, int, int, dict[UnitType, int], list[tuple[str, int]]]:
    """:func:`setup`'s options, checked in order, with the tables' defaults filled in: the turn
    order, the variant, the goal, the portals, the starting force and the asteroids' labels."""
    t = tables()
    order = [parse_civ(c) for c in civilisations]
    if not 2 <= len(order) <= 3:
        raise input_error("ab-err-setup-count")
    if len(set(order)) != len(order):
        raise input_error("ab-err-setup-twice")
    if variant not in VARIANTS:
        raise input_error("ab-err-variant", text=variant)
    var: Variant = variant
    vrow = t.variants[var]
    goal = t.rules.default_goal if goal is None else goal
    if goal <= vrow.start_vp or goal > 200:
        raise input_error("ab-err-goal", start=vrow.start_vp)
    portals = t.rules.default_portals if portals is None else portals
    if not 1 <= portals <= MAX_PORTALS:
        raise input_error("ab-err-portals", max=MAX_PORTALS)
    force = dict(t.rules.default_start_force)
    for unit, n in (("engineer", engineers), ("assault", assault), ("recon", recon)):
        if n is not None:
            if not 0 <= n <= MAX_COUNT:
                raise input_error("ab-err-start-force", unit=unit, max=MAX_COUNT)
            force[cast(UnitType, unit)] = n
    counts = dict(counts or {})
    for number, n in counts.items():
        if number not in (1, 2, 3, 4, 5) or not 0 <= n <= 30:
            raise input_error("ab-err-board-counts")
    labels = default_labels(counts)
    n_class5 = sum(1 for _, c in labels if c == 5)
    if n_class5 < len(order):
        raise input_error("ab-err-bases", n=len(order))
    return order, var, goal, portals, force, labels


def join(
    state: AsteroidBeltState, civ: CivId | str, member_id: int
) -> tuple[AsteroidBeltState, Outcome]:
    require_open(state)
    c = parse_civ(civ)
    cs = state.civ(c)
    held = civ_of_member(state, member_id)
    if held is not None and held != c:
        raise rule_error("ab-err-already-play", held=held)
    if cs.member_id is not None and cs.member_id != member_id:
        raise rule_error("ab-err-claimed", civ=c)
    new = edit(state, civs=[c])
    new.civs[c].member_id = member_id
    return new, Outcome(action="join", civ=c, events=(Joined(civ=c, member=member_id),))


def check_victory(state: AsteroidBeltState, civ: CivId, events: list[Event]) -> CivId | None:
    """``civ`` wins (on the copied ``state``) when it has reached the goal first: the winner,
    with the victory added to ``events``."""
    if state.winner is None and state.civs[civ].vp >= state.goal:
        state.winner = civ
        events.append(Victory(civ=civ, vp=state.civs[civ].vp, goal=state.goal))
        return civ
    return None


def require_turn_number(state: AsteroidBeltState, turn: int) -> None:
    """A button made on turn ``turn`` acts on that turn only: a later one refuses it."""
    require_open(state)
    if state.turn != turn:
        raise rule_error("ab-err-turn-passed", now=current_civ(state))


def end_turn(
    state: AsteroidBeltState, civ: CivId | None = None
) -> tuple[AsteroidBeltState, Outcome]:
    """The next civilisation's turn: the ending civilisation's fresh Targets now await their
    guards, the next one gets +2 resources for every class-5 mine (bases included) and is
    reminded of the guards it must play. ``civ``: the civilisation whose turn is ended (the
    command's civilisation); a turn that is not running is refused, so ending one turn twice
    never ends the next one."""
    require_open(state)
    ending = current_civ(state)
    if civ is not None and civ != ending:
        raise rule_error("ab-err-turn-not-running", civ=civ, now=ending)
    marked = [
        i
        for i, a in enumerate(state.asteroids)
        if a.status == "target" and a.target_by == ending and a.phase == "marked"
    ]
    new = edit(state, civs=[ending, next_civ(state, ending)], asteroids=marked)
    ecs = new.civs[ending]
    ecs.not_ready = zero_units()
    ecs.elite_created_this_turn = False
    for a in new.asteroids:
        if a.status == "target" and a.target_by == ending and a.phase == "marked":
            a.phase = "guards_due"
    new.current = (new.current + 1) % len(new.order)
    new.turn += 1
    now = current_civ(new)
    income = income_of(new, now)
    new.civs[now].resources += income
    events: list[Event] = [TurnEnded(civ=ending, turn=new.turn, next=now)]
    if income:
        mines = sum(
            1 for a in new.asteroids if a.status == "mine" and a.owner == now and a.number == 5
        )
        events.append(
            TurnIncome(civ=now, income=income, mines=mines, resources=new.civs[now].resources)
        )
    for a in new.asteroids:
        if a.status != "target" or a.target_by is None:
            continue
        if a.phase == "guards_due" and guards_player(new, a.target_by) == now:
            events.append(GuardsDue(label=a.label, civ=a.target_by, player=now))
        elif a.phase == "besieged" and a.target_by == now:
            events.append(Besieged(label=a.label, civ=now, guards=tuple(a.guards)))
    return new, Outcome(
        action="end-turn",
        civ=ending,
        events=tuple(events),
        resources={now: income} if income else {},
    )


# --------------------------------------------------------------------------------------------
# Reporting
# --------------------------------------------------------------------------------------------
def asteroids_by_status(state: AsteroidBeltState) -> dict[Status, list[AsteroidState]]:
    out: dict[Status, list[AsteroidState]] = {s: [] for s in STATUSES}
    for a in state.asteroids:
        out[a.status].append(a)
    return out


def summarize(state: AsteroidBeltState) -> Msg:
    """One line: variant, turn, who plays, each civilisation's VP and resources."""
    scores = list_msg(
        [
            Msg.of(
                "ab-summary-score",
                **msg_args(
                    {
                        "civ": c,
                        "vp": state.civs[c].vp,
                        "goal": state.goal,
                        "resources": state.civs[c].resources,
                    }
                ),
            )
            for c in state.order
        ]
    )
    if state.winner is not None:
        won: dict[str, object] = {"variant": state.variant, "winner": state.winner}
        return Msg.of("ab-summary-won", **msg_args(won), scores=scores)
    turn: dict[str, object] = {"variant": state.variant, "turn": state.turn}
    turn["now"] = current_civ(state)
    return Msg.of("ab-summary-turn", **msg_args(turn), scores=scores)
