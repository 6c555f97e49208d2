"""Campaigns set up through the bot's own commands, ready for the command being measured.

Each ``setup_*`` runs the commands a table would run to reach the state where the measured
command makes sense, in one channel. :func:`matchup` gives the heavy form of ``/battle``: a
different 10 v 10 battle with a counter-strike every time it is asked."""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

from benchmarks.common import ANA, BO, GM, ROOT, BotProcess

BATTLE: dict[str, Any] = {
    "attacker": "Tank",
    "defender": "Trooper",
    "defender-terrain": "Woods",
    "attackers": 10,
    "defenders": 10,
}

CANNOT_ENTER = 99  # a movement cost this high: the unit cannot stand on that terrain
MATCHUP_SEED = 20261201


@cache
def matchups() -> tuple[dict[str, Any], ...]:
    """Every 10 v 10 /battle in which the defender strikes back, in a fixed shuffled order.

    Read from ``data/weewar.json`` directly (not through the bot's tables). A pair qualifies
    as the rules decide it (``bot/rules/weewar/battle.py``: ``check_setup`` and ``plan``): the
    attacker's attack against the defender's class is above 0, the defender's against the
    attacker's class too, and both are in range at the distance (the shortest distance in
    both units' ranges; 1 for most pairs, more when artillery is involved). Each side stands
    on a terrain it can enter (movement cost below 99), every such pair of terrains given by
    name. About 14 000 battles: far more than the rounds of a run, so no battle is asked
    twice and no memo of a rendered phrase can hold a whole reply."""
    data = json.loads((ROOT / "data" / "weewar.json").read_text(encoding="utf-8"))
    units: list[dict[str, Any]] = data["units"]
    terrains: list[dict[str, Any]] = data["terrains"]

    def holds(unit: dict[str, Any]) -> list[str]:
        return [
            t["name"] for t in terrains if t["movement_cost"][unit["unit_class"]] < CANNOT_ENTER
        ]

    out: list[dict[str, Any]] = []
    for att in units:
        for dfn in units:
            if att["attack"][dfn["unit_class"]] <= 0 or dfn["attack"][att["unit_class"]] <= 0:
                continue
            low = max(att["range_min"], dfn["range_min"])
            if low > min(att["range_max"], dfn["range_max"]):
                continue
            for att_terrain in holds(att):
                for dfn_terrain in holds(dfn):
                    out.append(
                        {
                            "attacker": att["name"],
                            "defender": dfn["name"],
                            "attacker-terrain": att_terrain,
                            "defender-terrain": dfn_terrain,
                            "attackers": 10,
                            "defenders": 10,
                            "distance": low,
                        }
                    )
    random.Random(MATCHUP_SEED).shuffle(out)
    return tuple(out)


def matchup(n: int) -> dict[str, Any]:
    """The ``n``-th battle of :func:`matchups` (cycling)."""
    battles = matchups()
    return battles[n % len(battles)]


# Deployed by hand so that /ia activate always has priority-1 and priority-2 groups ready.
IA_DEPLOYED = ("DG001", "DG004", "DG007", "DG011", "DG009")


async def setup_imperial_assault(
    bot: BotProcess,
    channel: int,
    deploy: bool = True,
    *,
    difficulty: str = "medium",
    threat_level: int = 5,
) -> None:
    """A mission (medium, threat level 5 unless told) at threat 6; with ``deploy``, five
    groups deployed and one deployment event done."""
    await bot.run(
        "ia setup",
        {"difficulty": difficulty, "threat-level": threat_level, "threat": 6},
        channel_id=channel,
    )
    if deploy:
        for group in IA_DEPLOYED:
            await bot.run("ia deploy", {"group": group}, channel_id=channel)
        await bot.run("deploy-roll", channel_id=channel)


async def setup_imperial_assault_hard(bot: BotProcess, channel: int) -> None:
    """Hard, threat level 12, threat 6: the deployment event raises threat by 16–18 (×1.3)
    and Hard's DM of 2 makes Landing and Onslaught likely, so the event deploys from the hand
    and reinforces. Five groups deployed by hand, the Stormtroopers (DG001) and the Royal
    Guards (DG009) one figure short each, so there is something to reinforce. No deployment
    event yet: every timed /deploy-roll ends round 1 from the same threat and DM."""
    await setup_imperial_assault(bot, channel, deploy=False, difficulty="hard", threat_level=12)
    for group in IA_DEPLOYED:
        await bot.run("ia deploy", {"group": group}, channel_id=channel)
    for group in ("DG001", "DG009"):
        await bot.run("ia figure-lost", {"group": group, "count": 1}, channel_id=channel)


async def setup_history(bot: BotProcess, channel: int, entries: int = 200) -> None:
    """An Imperial Assault campaign with ``entries`` history entries: the setup, then
    ``/ia threat amount:1`` with every fifth entry a rolled ``/battle`` recorded in the
    campaign (so the newest page shows dice lists too). The battle is :data:`BATTLE`, the
    repeated form's, so that building this history renders none of the heavy matchups."""
    await bot.run(
        "ia setup", {"difficulty": "medium", "threat-level": 5, "threat": 0}, channel_id=channel
    )
    for n in range(2, entries + 1):
        if n % 5 == 0:
            await bot.run("battle", BATTLE, channel_id=channel)
        else:
            await bot.run("ia threat", {"amount": 1}, channel_id=channel)
    newest = await bot.run("campaign history", {"count": 1}, channel_id=channel)
    if f"#{entries}" not in newest.text:
        raise AssertionError(f"expected {entries} history entries: {newest.text[:200]}")


IMPERIUM_SYSTEM = "Alpha Centauri"


async def setup_imperium(bot: BotProcess, channel: int, ships: int = 20) -> None:
    """Two sides, a system with ``ships`` ships (70 % Terran: 14 of 20, 28 of 40; the rest
    Imperial), 100 Terran RU, at war."""
    await bot.run("imperium setup", {"terran": ANA, "imperial": BO}, channel_id=channel)
    await bot.run(
        "imperium system set",
        {"name": IMPERIUM_SYSTEM, "owner": "terran", "worlds": 1, "outposts": 1},
        channel_id=channel,
    )
    await bot.run("imperium rus", {"side": "terran", "stock": 100}, channel_id=channel)
    await bot.run("imperium war", {"phasing": "terran"}, channel_id=channel)
    classes = ["capital", "other", "freighter", "fighter", "tanker"]
    terran = ships * 7 // 10
    for n in range(ships):
        options: dict[str, Any] = {
            "name": f"S{n:02d}",
            "type": f"type {n % 5}",
            "system": IMPERIUM_SYSTEM,
            "side": "terran" if n < terran else "imperial",
            "tclass": classes[n % 5],
            "maintenance": 1 + n % 5,
            "screen": n % 4,
            "disrupted": n % 3 == 0,
        }
        await bot.run("imperium ship add", options, channel_id=channel)


async def setup_imperium_combat(bot: BotProcess, channel: int, ships: int = 20) -> None:
    """:func:`setup_imperium` and a space combat there in its first round (the next
    /initiative is a rolled round 2)."""
    await setup_imperium(bot, channel, ships)
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
