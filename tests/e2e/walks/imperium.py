"""GDW Imperium's commands, for the every-command test (its campaign is also the one the
campaign commands are walked on)."""

from __future__ import annotations

from tests.e2e.walks import Walk, WalkStep


async def imperium(w: Walk, channel: int) -> None:
    gm, ana, bo, cy = w.member("gm", gm=True), w.member("ana"), w.member("bo"), w.member("cy")
    run = w.run
    await run("imperium setup", {"terran": ana, "imperial": bo}, user=gm, channel=channel)
    await run("imperium join", {"side": "terran"}, user=cy, channel=channel)
    for system in (
        {"name": "Sol", "owner": "terran", "worlds": 1, "homeworld": True},
        {"name": "Alpha Centauri", "owner": "terran", "worlds": 2},
    ):
        await run("imperium system set", system, user=gm, channel=channel)
    await run(
        "imperium rus", {"side": "terran", "stock": 10, "income": 5}, user=gm, channel=channel
    )
    await run("imperium phasing", {"side": "terran"}, user=gm, channel=channel)
    await run("imperium war", {"phasing": "terran"}, user=gm, channel=channel)
    ships = [
        (
            ana,
            {"name": "Victory", "type": "CR", "tclass": "capital", "maintenance": 4, "screen": 3},
        ),
        (ana, {"name": "Hope", "type": "CR", "tclass": "capital", "maintenance": 4, "screen": 2}),
        (ana, {"name": "Scout", "type": "scout", "tclass": "other", "maintenance": 1}),
        (bo, {"name": "MB1", "type": "missile boat", "tclass": "other"}),
        (bo, {"name": "MB2", "type": "missile boat", "tclass": "other"}),
    ]
    for who, ship in ships:
        await run("imperium ship add", {**ship, "system": "Sol"}, user=who, channel=channel)
    await run("imperium ship disrupt", {"ship": "Scout"}, user=ana, channel=channel)
    await run("imperium ship repair", {"ship": "Scout"}, user=ana, channel=channel)
    await run(
        "imperium ship move",
        {"ship": "Scout", "system": "Alpha Centauri"},
        user=ana,
        channel=channel,
    )
    await run("imperium ship remove", {"ship": "Scout"}, user=ana, channel=channel)
    await run("imperium status", user=bo, channel=channel)
    await run("imperium fleet", {"system": "Sol"}, user=bo, channel=channel)
    # round 1: the phasing player (Terran) has the initiative, no roll
    await run("initiative", {"system": "Sol"}, user=ana, channel=channel, dice=[])
    await run("imperium range", {"system": "Sol", "range": "long"}, user=ana, channel=channel)
    await run("imperium fire-steps", {"system": "Sol"}, user=bo, channel=channel)
    await run("imperium screen", {"ship": "Victory"}, user=ana, channel=channel, dice=[6])
    await run(
        "imperium hits",
        {"system": "Sol", "step": 3, "ships": "MB1"},
        user=ana,
        channel=channel,
        dice=[],
    )
    await run("imperium combat-end", {"system": "Sol"}, user=ana, channel=channel)
    await run("maintenance", {"system": "Sol"}, user=ana, channel=channel, dice=[6, 6])
    await run("imperium interwar", user=gm, channel=channel)


WALKS: tuple[WalkStep, ...] = (imperium,)
