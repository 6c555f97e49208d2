"""Fights: the exact odds of a d6-vs-d6 fight, and the fights on an asteroid and between
shuttles."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from bot.rules.asteroid_belt.events import (
    Event,
    FightRecord,
    Odds,
    Outcome,
    ShuttleDefeated,
)
from bot.rules.asteroid_belt.state import (
    AsteroidBeltState,
    CivState,
    RollLog,
    edit,
    lose_shuttle,
    need_field,
    to_repair,
)
from bot.rules.asteroid_belt.tables import (
    NATIVES,
    CivId,
    Owner,
    UnitType,
    input_error,
    parse_civ,
    parse_owner,
    parse_unit,
    rule_error,
    tables,
    unit_row,
)
from bot.rules.asteroid_belt.turns import (
    acting_civ,
    guards_player,
    require_may_act_for,
    require_open,
)
from bot.rules.dice import Dice


# --------------------------------------------------------------------------------------------
# Exact odds
# --------------------------------------------------------------------------------------------
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


def roll_fight(
    log: RollLog,
    attacker: Owner,
    a_unit: UnitType,
    defender: Owner,
    d_unit: UnitType,
) -> tuple[int, int, int, int]:
    """The two dice of a fight between units, and the bonuses: (attack die, attack bonus,
    defence die, defence bonus)."""
    ab, db = attack_bonus(a_unit), defence_bonus(d_unit)
    ar = log.d6("ab-roll-attack", attacker=attacker, aunit=a_unit)
    dr = log.d6("ab-roll-defence", defender=defender, dunit=d_unit)
    return ar, ab, dr, db


def fight_record(
    attacker: Owner,
    a_unit: UnitType,
    defender: Owner,
    d_unit: UnitType,
    rolls: tuple[int, int, int, int],
) -> FightRecord:
    """The fight :func:`roll_fight` rolled: the result and who leaves the field."""
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


# --------------------------------------------------------------------------------------------
# Fights
# --------------------------------------------------------------------------------------------


def fight_sides(
    state: AsteroidBeltState,
    member_civ: CivId | None,
    attacker_side: Owner | None,
    defender_side: Owner | None,
    *,
    gm: bool = False,
) -> tuple[Owner, Owner]:
    """Who attacks and who defends in /asteroids fight. The attacker defaults to the member's
    own civilisation (or the one a game master acts for); the defender to the only other
    civilisation. When the natives attack, by default they fight the civilisation whose guards
    this member plays, and the member must be allowed to play the natives against it."""
    att: Owner
    if attacker_side == NATIVES:
        att = NATIVES
        others = [c for c in state.order if guards_player(state, c) == member_civ]
    else:
        att = acting_civ(state, member_civ, gm=gm, requested=attacker_side)
        others = [c for c in state.order if c != att]
    dfn: Owner
    if defender_side is not None:
        dfn = defender_side
    elif len(others) == 1:
        dfn = others[0]
    else:
        raise input_error("ab-err-defender-side")
    if att == NATIVES:
        if dfn == NATIVES:
            raise input_error("ab-err-natives-each-other")
        require_may_act_for(state, member_civ, NATIVES, gm=gm, against=dfn)
    return att, dfn


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
        raise input_error("ab-err-same-side")
    if att == NATIVES and dfn == NATIVES:
        raise input_error("ab-err-natives-each-other")
    for side, unit in ((att, au), (dfn, du)):
        if side == NATIVES and not unit_row(unit).natives:
            raise input_error("ab-err-natives-no-unit", unit=unit)
    if att != NATIVES:
        need_field(state.civ(att), au, "attack")
    if dfn != NATIVES:
        dcs = state.civ(dfn)
        if dcs.field[du] < 1:
            raise rule_error("ab-err-no-defender", civ=dfn, unit=du)
    log = RollLog(dice)
    rec = fight_record(att, au, dfn, du, roll_fight(log, att, au, dfn, du))
    new = edit(state, civs=[side for side in (att, dfn) if side != NATIVES])
    if rec.attacker_removed and att != NATIVES:
        to_repair(new.civs[att], au)
    if rec.defender_removed and dfn != NATIVES:
        to_repair(new.civs[dfn], du)
    return new, Outcome(action="fight", civ=att, events=(rec,), rolls=tuple(log.rolls))


def shuttle_fight(
    state: AsteroidBeltState,
    attacker: CivId | str,
    attacker_aboard: Sequence[UnitType | str],
    defender: CivId | str,
    defender_aboard: Sequence[UnitType | str],
    dice: Dice,
) -> tuple[AsteroidBeltState, Outcome]:
    """(Long: the checks, the roll and the losses follow the seed's one paragraph in order.)
    Shuttle against shuttle: the one carrying more units gets +1 on attack and defence; the
    loser's units aboard go to repair (bot's choice: the seed only gives the bonus)."""
    require_open(state)
    att, dfn = parse_civ(attacker), parse_civ(defender)
    if att == dfn:
        raise input_error("ab-err-same-civ")
    cap = tables().rules.shuttle_capacity
    a_units = [parse_unit(u) for u in attacker_aboard]
    d_units = [parse_unit(u) for u in defender_aboard]
    for civ, units in ((att, a_units), (dfn, d_units)):
        if not 1 <= len(units) <= cap:
            raise input_error("ab-err-shuttle-capacity", cap=cap)
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
    events: list[Event | FightRecord] = [rec]
    if result == "draw":
        new = edit(state)
    else:
        loser, units = (dfn, d_units) if result == "attacker" else (att, a_units)
        new = edit(state, civs=[loser])
        lcs = new.civs[loser]
        # the loser's tracked shuttle carrying exactly these units leaves the board with them
        carrier = next((s for s in lcs.shuttles if sorted(s.aboard) == sorted(units)), None)
        if carrier is not None:
            lose_shuttle(lcs, carrier)
        else:
            for u in units:
                to_repair(lcs, u)
        events.append(ShuttleDefeated(civ=loser, units=tuple(units)))
    return new, Outcome(
        action="shuttle-fight", civ=att, events=tuple(events), rolls=tuple(log.rolls)
    )


def _need_aboard(cs: CivState, units: Sequence[UnitType]) -> None:
    for u in set(units):
        n = units.count(u)
        if cs.available(u) < n:
            raise rule_error("ab-err-not-enough", civ=cs.civ, have=cs.available(u), unit=u, n=n)
