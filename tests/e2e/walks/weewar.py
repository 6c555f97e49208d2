"""Weewar's commands, for the every-command test."""

from __future__ import annotations

from tests.e2e.walks import Walk, WalkStep


async def battle(w: Walk, channel: int) -> None:
    ana = w.member("ana")
    await w.run(
        "battle",
        {"attacker": "tank", "defender": "trooper", "attackers": 2, "defenders": 3},
        user=ana,
        channel=channel,
    )


WALKS: tuple[WalkStep, ...] = (battle,)
