"""Imperial Assault: the campaign state model, the copies rules change, candidate lists,
and the one-line summary for /campaign status."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.imperial_assault.tables import (
    MAX_THREAT_LEVEL,
    MIN_THREAT_LEVEL,
    Difficulty,
    table,
)
from bot.rules.msg import Msg, Signed


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class DeployedGroup(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    figures: int = Field(ge=1)
    activated: bool = False


class ImperialAssaultState(BaseModel):
    """One channel's mission as the Imperial player sees it."""

    model_config = ConfigDict(extra="forbid")

    game: Literal["imperial_assault"] = "imperial_assault"
    difficulty: Difficulty = "medium"
    threat_level: int = Field(ge=MIN_THREAT_LEVEL, le=MAX_THREAT_LEVEL)
    threat: int = Field(default=0, ge=0)
    dm: int = 0
    round: int = Field(default=1, ge=1)
    expansions: list[str] = Field(default_factory=lambda: ["Core"])
    adaptive: bool = False
    hand: list[str] = Field(default_factory=list)
    deployed: list[DeployedGroup] = Field(default_factory=list)
    defeated: list[str] = Field(default_factory=list)
    earned_villains: list[str] = Field(default_factory=list)
    fame: int = Field(default=0, ge=0)
    awards: int = Field(default=0, ge=0)

    def deployed_group(self, group_id: str) -> DeployedGroup | None:
        for d in self.deployed:
            if d.id == group_id:
                return d
        return None

    def is_deployed(self, group_id: str) -> bool:
        return self.deployed_group(group_id) is not None


def fresh_copy(state: ImperialAssaultState) -> ImperialAssaultState:
    """A copy for a rule to change, much cheaper than a deep copy: every list is new, the
    deployed groups are shared. Rules never change a :class:`DeployedGroup` in place: they put
    a changed copy in the new list (:func:`replace_group`), so the input is never touched."""
    return state.model_copy(
        update={
            "expansions": list(state.expansions),
            "hand": list(state.hand),
            "deployed": list(state.deployed),
            "defeated": list(state.defeated),
            "earned_villains": list(state.earned_villains),
        }
    )


def replace_group(state: ImperialAssaultState, group_id: str, **changes: Any) -> DeployedGroup:
    """Put a changed copy of the deployed group ``group_id`` in ``state`` (a :func:`fresh_copy`
    copy) and return it."""
    for i, d in enumerate(state.deployed):
        if d.id == group_id:
            state.deployed[i] = d.model_copy(update=changes)
            return state.deployed[i]
    raise AssertionError(f"{group_id} is not deployed")


# ---------------------------------------------------------------------------------------------
# Candidate lists (for lookups and autocomplete)
# ---------------------------------------------------------------------------------------------
def owned_ids(state: ImperialAssaultState) -> list[str]:
    return [g.id for g in table().groups if g.expansion in state.expansions]


def deployed_ids(state: ImperialAssaultState) -> list[str]:
    return [d.id for d in state.deployed]


def manual_deploy_ids(state: ImperialAssaultState) -> list[str]:
    """Groups a mission may deploy by hand: the hand first, then the rest of the owned pool."""
    deployed = set(deployed_ids(state))
    rest = [gid for gid in owned_ids(state) if gid not in state.hand]
    return [gid for gid in [*state.hand, *rest] if gid not in deployed]


# ---------------------------------------------------------------------------------------------
# Reports
# ---------------------------------------------------------------------------------------------
def summarize(state: ImperialAssaultState) -> Msg:
    """One line for /campaign status."""
    line = Msg.of(
        "ia-summary",
        round=state.round,
        threat=state.threat,
        level=state.threat_level,
        dm=Signed(state.dm),
        difficulty=Msg(f"ia-difficulty-{state.difficulty}"),
        groups=len(state.deployed),
    )
    if state.adaptive:
        line = Msg.of("ia-summary-adaptive", line=line, fame=state.fame, awards=state.awards)
    return line
