"""Campaigns set up through the bot's own commands, ready for the command being measured.

Each ``setup_*`` runs the commands a table would run to reach the state where the measured
command makes sense, in one channel."""

from __future__ import annotations

from typing import Any

from benchmarks.common import ANA, BO, GM, BotProcess

BATTLE: dict[str, Any] = {
    "attacker": "Tank",
    "defender": "Trooper",
    "defender-terrain": "Woods",
    "attackers": 10,
    "defenders": 10,
}

# Deployed by hand so that /ia activate always has priority-1 and priority-2 groups ready.
IA_DEPLOYED = ("DG001", "DG004", "DG007", "DG011", "DG009")


async def setup_imperial_assault(bot: BotProcess, channel: int, deploy: bool = True) -> None:
    """A medium mission at threat level 5, five groups deployed, one deployment event done."""
    await bot.run(
        "ia setup", {"difficulty": "medium", "threat-level": 5, "threat": 6}, channel_id=channel
    )
    if deploy:
        for group in IA_DEPLOYED:
            await bot.run("ia deploy", {"group": group}, channel_id=channel)
        await bot.run("deploy-roll", channel_id=channel)


IMPERIUM_SYSTEM = "Alpha Centauri"


async def setup_imperium(bot: BotProcess, channel: int) -> None:
    """Two sides, a system with 20 ships (14 Terran, 6 Imperial), 100 Terran RU, at war, and a
    space combat there in its first round (the next /initiative is a rolled round 2)."""
    await bot.run("imperium setup", {"terran": ANA, "imperial": BO}, channel_id=channel)
    await bot.run(
        "imperium system set",
        {"name": IMPERIUM_SYSTEM, "owner": "terran", "worlds": 1, "outposts": 1},
        channel_id=channel,
    )
    await bot.run("imperium rus", {"side": "terran", "stock": 100}, channel_id=channel)
    await bot.run("imperium war", {"phasing": "terran"}, channel_id=channel)
    classes = ["capital", "other", "freighter", "fighter", "tanker"]
    for n in range(20):
        options: dict[str, Any] = {
            "name": f"S{n:02d}",
            "type": f"type {n % 5}",
            "system": IMPERIUM_SYSTEM,
            "side": "terran" if n < 14 else "imperial",
            "tclass": classes[n % 5],
            "maintenance": 1 + n % 5,
            "screen": n % 4,
            "disrupted": n % 3 == 0,
        }
        await bot.run("imperium ship add", options, channel_id=channel)


async def setup_imperium_combat(bot: BotProcess, channel: int) -> None:
    await setup_imperium(bot, channel)
    await bot.run("initiative", {"system": IMPERIUM_SYSTEM}, channel_id=channel)


MAINTENANCE: dict[str, Any] = {"system": IMPERIUM_SYSTEM, "overhaul": "S00, S01"}


async def setup_asteroid_belt(bot: BotProcess, channel: int) -> None:
    """Violet (ana) has targeted r1 and ended its turn: Orange (bo) plays r1's guards."""
    await bot.run("asteroids setup", {"civilisations": "violet orange"}, channel_id=channel)
    await bot.run("asteroids join", {"civilisation": "violet"}, user=ANA, channel_id=channel)
    await bot.run("asteroids join", {"civilisation": "orange"}, user=BO, channel_id=channel)
    await bot.run("asteroids move", {"unit": "assault"}, user=ANA, channel_id=channel)
    await bot.run("capture target", {"asteroid": "r1"}, user=ANA, channel_id=channel)
    await bot.run("asteroids end-turn", user=ANA, channel_id=channel)


GUARDS: dict[str, Any] = {"asteroid": "r1", "picks": "assault"}

__all__ = ["ANA", "BO", "GM"]
