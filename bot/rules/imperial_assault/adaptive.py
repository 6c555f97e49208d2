"""Imperial Assault: adaptive difficulty — fame, threat reimbursement and awards when groups
are defeated, threat by hand, and the Easy/Hard swaps of a deployed group."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.rules.dice import Dice, Rolled
from bot.rules.errors import InputError
from bot.rules.imperial_assault.state import (
    ImperialAssaultState,
    deployed_ids,
    fresh_copy,
    replace_group,
)
from bot.rules.imperial_assault.tables import (
    FAME_PER_AWARD,
    SWAP_CHANCE,
    group,
    label,
    resolve_group,
    scale_threat,
    table,
)
from bot.rules.msg import Msg


def awards_for(fame: int) -> int:
    return fame // FAME_PER_AWARD


# ---------------------------------------------------------------------------------------------
# Outcome records
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SwapRecord:
    """A difficulty swap roll: Easy downgrades an Elite group, Hard upgrades a regular one."""

    kind: Literal["downgrade", "upgrade"]
    planned: str
    candidate: str
    happened: bool
    options: int  # the twins it could become (a pick among them when more than one)

    def dice(self) -> tuple[Rolled, ...]:
        """The roll, then the pick of the twin when it happened and there was a choice."""
        roll = Rolled(
            "chance",
            Msg.of("ia-die-swap", kind=self.kind, group=label(self.planned)),
            self.happened,
        )
        if not self.happened or self.options == 1:
            return (roll,)
        pick = Rolled("choice", Msg.of("ia-die-swap-target", kind=self.kind), self.candidate)
        return (roll, pick)


@dataclass(frozen=True, slots=True)
class DefeatOutcome:
    round: int
    group: str
    adaptive: bool
    fame_gained: int
    fame_after: int
    new_awards: int
    awards_after: int
    reimbursement_base: int
    reimbursement: int
    threat_before: int
    threat_after: int
    back_to_hand: bool

    def history(self) -> Msg:
        return Msg.of("ia-hist-defeated", round=self.round, group=label(self.group))

    def dice(self) -> tuple[Rolled, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class FigureLossOutcome:
    round: int
    group: str
    lost: int
    figures_left: int
    defeat: DefeatOutcome | None

    def history(self) -> Msg:
        return Msg.of(
            "ia-hist-lost",
            round=self.round,
            group=label(self.group),
            count=self.lost,
            defeated="yes" if self.defeat is not None else "no",
        )

    def dice(self) -> tuple[Rolled, ...]:
        return ()


@dataclass(frozen=True, slots=True)
class ThreatOutcome:
    round: int
    threat_before: int
    amount: int
    threat_after: int
    clamped: bool

    def history(self) -> Msg:
        return Msg.of(
            "ia-hist-threat", round=self.round, before=self.threat_before, after=self.threat_after
        )

    def dice(self) -> tuple[Rolled, ...]:
        return ()


# ---------------------------------------------------------------------------------------------
# Swaps (a deployed card's Elite/regular twin)
# ---------------------------------------------------------------------------------------------
def difficulty_swap(state: ImperialAssaultState, planned: str, dice: Dice) -> SwapRecord | None:
    """The Easy/Hard swap roll for the card ``planned`` about to be deployed (the deployment
    event makes it): None when the difficulty swaps nothing or no twin can replace it."""
    g = group(planned)
    if g.villain:
        return None
    if state.difficulty == "easy" and g.elite:
        kind: Literal["downgrade", "upgrade"] = "downgrade"
        want_elite = False
    elif state.difficulty == "hard" and not g.elite:
        kind = "upgrade"
        want_elite = True
    else:
        return None
    # The planned card's twins of the other kind, owned, not deployed and not defeated.
    deployed = set(deployed_ids(state))
    base = g.base_name
    cands = [
        other.id
        for other in table().groups
        if other.elite == want_elite
        and not other.villain
        and other.base_name == base
        and other.id != planned
        and other.expansion in state.expansions
        and other.id not in deployed
        and other.id not in state.defeated
    ]
    if not cands:
        return None
    hit = dice.chance(SWAP_CHANCE)
    if not hit:
        return SwapRecord(
            kind=kind, planned=planned, candidate=cands[0], happened=False, options=len(cands)
        )
    target = cands[0] if len(cands) == 1 else dice.choice(cands)
    return SwapRecord(
        kind=kind, planned=planned, candidate=target, happened=True, options=len(cands)
    )


# ---------------------------------------------------------------------------------------------
# Defeats and threat by hand
# ---------------------------------------------------------------------------------------------
def _defeat(new: ImperialAssaultState, gid: str) -> DefeatOutcome:
    g = group(gid)
    new.deployed = [d for d in new.deployed if d.id != gid]
    threat_before = new.threat
    fame_gained = reimb = reimb_base = new_awards = 0
    if new.adaptive:
        fame_gained = g.original_cost
        reimb_base = g.reimbursement
        reimb = scale_threat(reimb_base, new.difficulty)
        before_awards = awards_for(new.fame)
        new.fame += fame_gained
        new.awards = awards_for(new.fame)
        new_awards = new.awards - before_awards
        new.threat += reimb
    # The companion app returns every defeated non-villain group to the hand, whatever the
    # difficulty settings; a defeated villain stays out for the rest of the mission.
    back = not g.villain
    if back:
        if gid not in new.hand:
            new.hand.append(gid)
    elif gid not in new.defeated:
        new.defeated.append(gid)
    return DefeatOutcome(
        round=new.round,
        group=gid,
        adaptive=new.adaptive,
        fame_gained=fame_gained,
        fame_after=new.fame,
        new_awards=new_awards,
        awards_after=new.awards,
        reimbursement_base=reimb_base,
        reimbursement=reimb,
        threat_before=threat_before,
        threat_after=new.threat,
        back_to_hand=back,
    )


def defeat(
    state: ImperialAssaultState, group_ref: str
) -> tuple[ImperialAssaultState, DefeatOutcome]:
    """A deployed group is defeated (fame and reimbursement when adaptive difficulty is on)."""
    gid = resolve_group(group_ref, deployed_ids(state), "deployed group")
    new = fresh_copy(state)
    return new, _defeat(new, gid)


def lose_figures(
    state: ImperialAssaultState, group_ref: str, count: int = 1
) -> tuple[ImperialAssaultState, FigureLossOutcome]:
    """Figures of a deployed group die; at 0 figures the group is defeated."""
    gid = resolve_group(group_ref, deployed_ids(state), "deployed group")
    d = state.deployed_group(gid)
    assert d is not None
    if count < 1 or count > d.figures:
        raise InputError(key="ia-bad-count", group=label(gid), left=d.figures)
    new = fresh_copy(state)
    left = d.figures - count
    if left == 0:
        return new, FigureLossOutcome(
            round=state.round, group=gid, lost=count, figures_left=0, defeat=_defeat(new, gid)
        )
    replace_group(new, gid, figures=left)
    return new, FigureLossOutcome(
        round=state.round, group=gid, lost=count, figures_left=left, defeat=None
    )


def adjust_threat(
    state: ImperialAssaultState, amount: int
) -> tuple[ImperialAssaultState, ThreatOutcome]:
    """The game master adds or removes threat by hand (never scaled; never below 0)."""
    if amount == 0:
        raise InputError(key="ia-zero-threat")
    new = fresh_copy(state)
    target = state.threat + amount
    new.threat = max(0, target)
    return new, ThreatOutcome(
        round=state.round,
        threat_before=state.threat,
        amount=amount,
        threat_after=new.threat,
        clamped=target < 0,
    )
