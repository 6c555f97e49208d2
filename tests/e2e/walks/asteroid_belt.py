"""Asteroid Belt's commands, for the every-command test."""

from __future__ import annotations

from tests.e2e.walks import Walk, WalkStep


async def asteroid_belt(w: Walk, channel: int) -> None:
    gm, ana, bo = w.member("gm", gm=True), w.member("ana"), w.member("bo")
    run = w.run
    engineer, recon = w.say("engineer", "инженер"), w.say("recon", "разведчик")
    # Green (ana) plays first, then Violet (bo); the cargo shuttle starts at portal 2 of 4
    await run(
        "asteroids setup",
        {"civilisations": w.say("green violet", "зелёные фиолетовые"), "portals": 4},
        user=gm,
        channel=channel,
        dice=[2],
    )
    await run("asteroids join", {"civilisation": "green"}, user=ana, channel=channel)
    await run("asteroids join", {"civilisation": "violet"}, user=bo, channel=channel)
    await run("asteroids status", user=ana, channel=channel)
    # Green: units out of the base, a new engineer, r1 targeted
    for unit in ("engineer", "assault", "recon"):
        await run("asteroids move", {"unit": unit}, user=ana, channel=channel)
    await run("asteroids create", {"unit": "engineer"}, user=ana, channel=channel)
    await run("capture target", {"asteroid": "r1"}, user=ana, channel=channel)
    await run("asteroids token", {"note": w.say("jump", "прыжок")}, user=ana, channel=channel)
    await run("asteroids end-turn", user=ana, channel=channel)
    # Violet plays r1's engineer guard against Green: 1 against 6, r1 becomes a Flag
    await run(
        "capture guards",
        {"asteroid": "r1", "picks": engineer},
        user=bo,
        channel=channel,
        dice=[1, 6],
    )
    # Violet: two engineers and an assault out of the base, y1 targeted
    await run("asteroids move", {"unit": "engineer"}, user=bo, channel=channel)
    await run("asteroids move", {"unit": "engineer", "from-base": True}, user=bo, channel=channel)
    await run("asteroids move", {"unit": "assault"}, user=bo, channel=channel)
    await run("capture target", {"asteroid": "y1"}, user=bo, channel=channel)
    await run("asteroids end-turn", user=bo, channel=channel)
    # Green plays y1's guard against a Violet engineer: 6 against 1, the guard stays
    await run(
        "capture guards",
        {"asteroid": "y1", "picks": engineer},
        user=ana,
        channel=channel,
        dice=[6, 1],
    )
    await run("capture mine", {"asteroid": "r1"}, user=ana, channel=channel)
    await run(
        "asteroids fight",
        {"attacker": "assault", "defender": "engineer", "defender-side": "violet"},
        user=ana,
        channel=channel,
        dice=[1, 6],
    )
    await run(
        "asteroids shuttle",
        {"at": "g1", "units-aboard": engineer},
        user=ana,
        channel=channel,
    )
    await run("asteroids board", {"units": recon, "shuttle": 1}, user=ana, channel=channel)
    await run("asteroids unload", {"shuttle": 1, "units": recon}, user=ana, channel=channel)
    await run("asteroids shuttle-move", {"shuttle": 1}, user=ana, channel=channel, dice=[3])
    await run("asteroids raid", {"shuttle": 1}, user=ana, channel=channel, dice=[5, 1])
    await run(
        "asteroids shuttle-fight",
        {"defender": "violet", "attacker-aboard": engineer, "defender-aboard": engineer},
        user=ana,
        channel=channel,
        dice=[3, 3],
    )
    await run("asteroids disband", {"unit": "recon"}, user=ana, channel=channel)
    await run("asteroids end-turn", user=ana, channel=channel)
    # Violet's assault takes y1 from its last guard: 6 + 1 against 1 + 1
    await run(
        "capture attack",
        {"asteroid": "y1", "unit": "assault"},
        user=bo,
        channel=channel,
        dice=[6, 1],
    )


async def reinforcement(w: Walk, channel: int) -> None:
    """A civilisation with no units left and too little to create one gets its once-a-game
    reinforcement: Violet starts with a recon and its elite only (32 resources), spends 23 on
    the recon's moves and disbands both."""
    gm, ana = w.member("gm", gm=True), w.member("ana")
    run = w.run
    await run(
        "asteroids setup",
        {
            "civilisations": w.say("violet green", "фиолетовые зелёные"),
            "engineers": 0,
            "assault": 0,
            "recon": 0,
        },
        user=gm,
        channel=channel,
        dice=[1],
    )
    await run("asteroids join", {"civilisation": "violet"}, user=ana, channel=channel)
    await run("asteroids move", {"unit": "recon", "moves": 23}, user=ana, channel=channel)
    await run("asteroids move", {"unit": "elite"}, user=ana, channel=channel)
    for unit in ("recon", "elite"):
        await run("asteroids disband", {"unit": unit}, user=ana, channel=channel)
    await run("asteroids reinforce", user=ana, channel=channel)


WALKS: tuple[WalkStep, ...] = (
    asteroid_belt,
    reinforcement,
)
