"""Imperial Assault's commands, for the every-command test."""

from __future__ import annotations

from tests.e2e.walks import Walk, WalkStep


async def imperial_assault(w: Walk, channel: int) -> None:
    gm, ana = w.member("gm", gm=True), w.member("ana")
    # a hand of DG004, DG011, DG001 (Stormtrooper), DG009
    await w.run(
        "ia setup",
        {"difficulty": "medium", "threat-level": 3},
        user=gm,
        channel=channel,
        dice=[0, 2, 0, 4],
    )
    await w.run("ia hand", user=gm, channel=channel)
    await w.run("ia deploy", {"group": "stormtrooper"}, user=gm, channel=channel, dice=[])
    await w.run("ia status", user=ana, channel=channel)
    await w.run("ia activate", user=ana, channel=channel, dice=[])
    await w.run("ia figure-lost", {"group": "DG001"}, user=ana, channel=channel)
    await w.run("ia threat", {"amount": 2}, user=gm, channel=channel)
    await w.run("deploy-roll", user=ana, channel=channel, dice=[2, 3])
    await w.run("ia defeat", {"group": "stormtrooper"}, user=ana, channel=channel)


WALKS: tuple[WalkStep, ...] = (imperial_assault,)
