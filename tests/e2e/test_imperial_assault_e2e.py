"""Imperial Assault end to end: the real bot against the stand-in Discord.

The full mission uses scripted dice; every expected number below was worked by hand from the
issue's rules (see the comments) and the card data (costs, sizes, priorities).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Message, Reply

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


async def followup(reply: Reply, timeout: float = 5.0) -> Message:
    """The first follow-up message of ``reply`` (waits for it to arrive)."""
    for _ in range(int(timeout / 0.02)):
        if reply.followups:
            return reply.followups[0]
        await asyncio.sleep(0.02)
    raise AssertionError("no follow-up message arrived")


def deployed(state: dict[str, Any]) -> list[tuple[str, int, bool]]:
    return [(d["id"], d["figures"], d["activated"]) for d in state["deployed"]]


def core(state: dict[str, Any]) -> tuple[int, int, int, int, int]:
    return (state["round"], state["threat"], state["dm"], state["fame"], state["awards"])


async def start(table: Table, dice: list[int | float], **options: Any) -> Reply:
    table.set_dice(ScriptedDice(dice))
    opts: dict[str, Any] = {"difficulty": "medium", "threat-level": 3}
    opts.update(options)
    reply = await table.run("ia setup", opts, user=table.user("gm"))
    assert not reply.messages[0].ephemeral, reply.text
    return reply


async def test_full_mission_of_eight_rounds(table: Table) -> None:
    gm = table.user("gm")
    # Setup, threat level 3, Core: hand 2 tier I + 2 tier II, drawn by index from the Core
    # pools in table order. Tier I: [Officer DG004, Officer DG005, Officer (Elite), Probe DG011,
    # ...] -> index 0 = DG004, then index 2 of the rest = DG011. Tier II: [DG001, DG002, DG003,
    # E-Web, E-Web (Elite), Royal Guard DG009, ...] -> index 0 = DG001, then index 4 = DG009.
    reply = await start(table, [0, 2, 0, 4], adaptive=True)
    public = reply.messages[0]
    assert "Imperial Assault" in public.text and "hand of **4** cards" in public.text
    assert "Royal Guard" not in public.text  # the hand stays secret
    private = await followup(reply)
    assert private.ephemeral
    for name in ("Imperial Officer (DG004)", "Probe Droid (DG011)", "Stormtrooper (DG001)"):
        assert name in private.text
    state = await table.state()
    assert state is not None
    assert state["hand"] == ["DG004", "DG011", "DG001", "DG009"]
    assert core(state) == (1, 0, 0, 0, 0)

    # The mission deploys a Stormtrooper group: the hand's card first, free.
    table.set_dice(ScriptedDice([]))
    reply = await table.run("ia deploy", {"group": "stormtrooper"}, user=gm)
    assert "Stormtrooper (DG001)" in reply.text and "from the deployment hand" in reply.text
    state = await table.state()
    assert state is not None
    assert deployed(state) == [("DG001", 3, False)] and state["threat"] == 0

    # Round 1: one activation (one group ready: no draw); a Stormtrooper dies.
    reply = await table.run("ia activate", user="ana")
    assert "Activate Stormtrooper (DG001)" in reply.text
    assert "Priority 2 · picked from 1 ready group · chance 1/1 = 100 %" in reply.text
    assert "Every Imperial group has now activated" in reply.text
    reply = await table.run("ia figure-lost", {"group": "DG001"}, user="ana")
    assert "2 of 3 left" in reply.text
    # 2+3 = 5: Reinforcements. Threat 0 + 3 = 3; Stormtrooper 2 -> 3 for 2 -> threat 1;
    # second pick: every group at full strength. DM 0 -> 1.
    table.set_dice(ScriptedDice([2, 3]))
    reply = await table.run("deploy-roll", user="ana")
    assert "End of round 1: Reinforcements" in reply.text
    assert "2 + 3" in reply.text and "Reinforced **Stormtrooper (DG001)**: 2 → 3" in reply.text
    assert "nothing to reinforce" in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (2, 1, 1, 0, 0)
    assert deployed(state) == [("DG001", 3, False)]

    # Round 2: 4+3+1 = 8: Landing. Threat 1 + 4 = 5. Affordable: Officer (2), Probe (3); pick
    # index 1 = Probe -> 2; then only the Officer (2) -> 0. DM 1 -> 2.
    table.set_dice(ScriptedDice([]))
    await table.run("ia activate", user="ana")
    table.set_dice(ScriptedDice([4, 3, 1]))
    reply = await table.run("deploy-roll", user="ana")
    assert "Landing" in reply.text
    assert "1 of 2 tier I/II candidates, chance 1/2 = 50 %" in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (3, 0, 2, 0, 0)
    assert deployed(state) == [("DG001", 3, False), ("DG011", 1, False), ("DG004", 1, False)]
    assert state["hand"] == ["DG009"]

    # Round 3: three activations. Priority 1 ready (Officer) and priority 2 (Stormtrooper,
    # Probe): the Officer comes up with 7/10 + 3/10 · 1/3 = 4/5, each other group with
    # 3/10 · 1/3 = 1/10. 0.5 < 70 % -> the Officer. Then only priority 2: index 0 =
    # Stormtrooper (1/2). Then the Probe, the only one left (1/1).
    reply = await table.run("ia status", user="ana")
    assert (
        "Imperial Officer (DG004): 1/1 figures, priority 1, ready, chance to activate next 4/5 = 80 %"
        in reply.text
    )
    assert (
        "Probe Droid (DG011): 1/1 figures, priority 2, ready, chance to activate next 1/10 = 10 %"
        in reply.text
    )
    assert (
        "Next activation: a 70 % roll for priority 1 (1 ready) over priority 2 (2 ready); "
        "on a failed roll, a pick among all 3 ready groups."
    ) in reply.text
    table.set_dice(ScriptedDice([0.5, 0]))
    reply = await table.run("ia activate", user="ana")
    assert "Activate Imperial Officer (DG004)" in reply.text
    assert (
        "Priority 1 · 70 % roll for priority 1 (1 ready) over priority 2 (2 ready): yes; "
        "picked from 1 priority-1 group · chance 4/5 = 80 %"
    ) in reply.text
    reply = await table.run("ia activate", user="ana")
    assert "Activate Stormtrooper (DG001)" in reply.text
    assert "Priority 2 · picked from 2 ready groups · chance 1/2 = 50 %" in reply.text
    reply = await table.run("ia activate", user="ana")
    assert "Activate Probe Droid (DG011)" in reply.text and "chance 1/1 = 100 %" in reply.text
    table.set_dice(ScriptedDice([]))
    reply = await table.run("ia activate", user="ana")
    assert reply.ephemeral and "already activated" in reply.text
    # Adaptive: the Probe Droid (original cost 3, reimbursement 1) is defeated, back to the hand.
    reply = await table.run("ia defeat", {"group": "probe droid"}, user="ana")
    assert "Fame +3" in reply.text and "Threat +1 reimbursement: 0 → 1" in reply.text
    # 1+1+2 = 4: Calm. Threat 1 + 3 = 4. DM 2 -> 4.
    table.set_dice(ScriptedDice([1, 1]))
    reply = await table.run("deploy-roll", user="ana")
    assert "Calm: no deployment." in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (4, 4, 4, 3, 0)
    assert state["hand"] == ["DG009", "DG011"]
    assert deployed(state) == [("DG001", 3, False), ("DG004", 1, False)]

    # Round 4: the Officer (original 2, reimbursement 1) is defeated: fame 5, threat 5.
    reply = await table.run("ia defeat", {"group": "Imperial Officer"}, user="ana")
    assert "Imperial Officer (DG004)" in reply.text
    # 6+5+4 = 15: Onslaught. Threat 5 + 5 = 10. Reinforce: all at full strength. Deploy with
    # discounts: Royal Guard (tier II) 8 - 1 = 7, Probe 3, Officer 2: index 0 = Royal Guard
    # -> 3; then Probe 3 and Officer 2: index 1 = Officer -> 1; Probe (3) not affordable.
    table.set_dice(ScriptedDice([6, 5, 0, 1]))
    reply = await table.run("deploy-roll", user="ana")
    assert "Onslaught" in reply.text
    assert "cost 7 (8 − 1 Onslaught discount)" in reply.text
    assert "Nothing else affordable; 1 threat carries over." in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (5, 1, -2, 5, 0)
    assert deployed(state) == [("DG001", 3, False), ("DG009", 2, False), ("DG004", 1, False)]
    assert state["hand"] == ["DG011"]

    # Round 5: both Royal Guards die: defeated (original 8, reimbursement 4): fame 13 -> award.
    reply = await table.run("ia figure-lost", {"group": "Royal Guard", "count": 2}, user="ana")
    assert "New award" in reply.text and "Threat +4 reimbursement: 1 → 5" in reply.text
    # 3+3-2 = 4: Calm. Threat 5 + 3 = 8. DM -2 -> 0.
    table.set_dice(ScriptedDice([3, 3]))
    reply = await table.run("deploy-roll", user="ana")
    assert "− DM 2 = **4**" in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (6, 8, 0, 13, 1)
    assert state["hand"] == ["DG011", "DG009"]

    # Round 6: the game master removes 3 threat (not scaled). 2+2 = 4: Calm, threat 5 + 3 = 8.
    reply = await table.run("ia threat", {"amount": -3}, user=gm)
    assert "Threat 8 → **5**" in reply.text
    table.set_dice(ScriptedDice([2, 2]))
    await table.run("deploy-roll", user="ana")
    state = await table.state()
    assert state is not None
    assert core(state) == (7, 8, 2, 13, 1)

    # Round 7: 3+4+2 = 9: Landing. Threat 8 + 4 = 12: Probe (3) and Royal Guard (8) affordable:
    # index 1 = Royal Guard -> 4; then Probe -> 1. DM 2 -> 3.
    table.set_dice(ScriptedDice([3, 4, 1]))
    await table.run("deploy-roll", user="ana")
    state = await table.state()
    assert state is not None
    assert core(state) == (8, 1, 3, 13, 1)
    assert deployed(state) == [
        ("DG001", 3, False),
        ("DG004", 1, False),
        ("DG009", 2, False),
        ("DG011", 1, False),
    ]
    assert state["hand"] == []

    # Round 8: one activation: 0.9 is not below 70 % -> a pick among all four ready groups,
    # priority 1 first (Officer, Royal Guard, Stormtrooper, Probe): index 1 = the Royal Guard,
    # a priority-1 group on a failed roll. Its chance: 7/10 · 1/2 + 3/10 · 1/4 = 17/40.
    # 1+2+3 = 6: Reinforcements; threat 1 + 3 = 4; all at full strength.
    table.set_dice(ScriptedDice([0.9, 1]))
    reply = await table.run("ia activate", user="ana")
    assert "Activate Royal Guard" in reply.text
    assert (
        "Priority 1 · 70 % roll for priority 1 (2 ready) over priority 2 (2 ready): no; "
        "picked from all 4 ready groups · chance 17/40 = 42.5 %"
    ) in reply.text
    table.set_dice(ScriptedDice([1, 2]))
    reply = await table.run("deploy-roll", user="ana")
    assert "Reinforcements" in reply.text
    state = await table.state()
    assert state is not None
    assert core(state) == (9, 4, 4, 13, 1)
    assert all(not activated for _, _, activated in deployed(state))

    reply = await table.run("ia status", user="ana")
    assert not reply.ephemeral
    assert "Round **9**" in reply.text and "Fame 13 · awards 1" in reply.text
    # Two priority-1 and two priority-2 groups ready: 17/40 each, and 3/40 each.
    assert (
        "Royal Guard: 2/2 figures, priority 1, ready, chance to activate next 17/40 = 42.5 %"
        in reply.text
    )
    assert (
        "Stormtrooper (DG001): 3/3 figures, priority 2, ready, chance to activate next 3/40 = 7.5 %"
        in reply.text
    )
    reply = await table.run("campaign status", user="ana")
    assert "round 9 · threat 4 (level 3) · DM +4" in reply.text


async def test_setup_twice_is_refused(table: Table) -> None:
    await start(table, [0, 0, 0, 0])
    before = await table.state()
    dice = ScriptedDice([0, 0, 0, 0])
    table.set_dice(dice)
    reply = await table.run("ia setup", {"difficulty": "hard", "threat-level": 4}, user="gm")
    assert reply.ephemeral and "already runs" in reply.text
    assert await table.state() == before
    assert dice.draws == [] and len(dice.script) == 4  # refused before the hand is drawn
    # An option the setup refuses is still named first, as before.
    options = {"difficulty": "hard", "threat-level": 4, "expansions": "Naboo"}
    reply = await table.run("ia setup", options, user="gm")
    assert reply.ephemeral and "Unknown expansion 'Naboo'" in reply.text


async def test_setup_refusals_change_nothing(table: Table) -> None:
    reply = await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 3, "expansions": "Core, Naboo"}
    )
    assert reply.ephemeral and "Unknown expansion 'Naboo'" in reply.text
    reply = await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 3, "earned-villains": "Bossk"}
    )
    assert reply.ephemeral and "Bossk comes with Bespin" in reply.text
    reply = await table.run("ia setup", {"difficulty": "easy", "threat-level": 1})
    assert reply.ephemeral and "threat-level" in reply.text
    assert await table.state() is None


async def test_hard_setup_with_villains_and_short_tier(table: Table) -> None:
    # Twin Shadows alone: tier I has 1 group (Tusken Raider), tier II 3, tier III none.
    # Threat level 5 wants 1/2/2. Draws: tier I index 0; tier II 0, 0; villain rolls.
    reply = await start(
        table,
        [0, 0, 0, 0.2, 0.7],
        difficulty="hard",
        **{"threat-level": 5, "expansions": "twin", "earned-villains": "Kayn Somos, boba fett"},
    )
    public = reply.messages[0]
    assert "Tier III had too few groups: wanted 2, only 0 available." in public.text
    assert "DM **+2**" in public.text
    private = await followup(reply)
    assert "Earned villain Kayn Somos: 50 % roll, added to the hand" in private.text
    assert "Earned villain Boba Fett: 50 % roll, not this mission" in private.text
    state = await table.state()
    assert state is not None
    assert state["hand"] == ["DG021", "DG019", "DG020", "DG075"]
    assert state["dm"] == 2 and state["difficulty"] == "hard"


async def test_manual_deploy_from_the_pool(table: Table) -> None:
    await start(table, [0, 0, 0, 0])  # hand: Officers DG004, DG005; Stormtroopers DG001, DG002
    gm = table.user("gm")
    await table.run("ia threat", {"amount": 10}, user=gm)
    reply = await table.run("ia deploy", {"group": "AT-ST"}, user=gm)
    assert "from the pool" in reply.text
    reply = await table.run("ia deploy", {"group": "at-st"}, user=gm)
    assert reply.ephemeral and "AT-ST is already deployed." in reply.text


async def test_fuzzy_deployment_reply(table: Table) -> None:
    # Threat level 4 wants 1/2/1 cards; index 0 each time (Core tier III: DG010, DG014, DG016).
    await start(table, [0, 0, 0, 0], **{"threat-level": 4})
    state = await table.state()
    assert state is not None
    assert state["hand"] == ["DG004", "DG001", "DG002", "DG010"]  # Royal Guard (Elite), 12
    gm = table.user("gm")
    await table.run("ia threat", {"amount": 3}, user=gm)
    # 5+6 = 11: Onslaught, threat 3 + 6 = 9. Affordable: Officer 2, Stormtroopers 5 each,
    # Royal Guard (Elite) 12 - 2 = 10, short by 1 -> fuzzy. GetFuzzyDeployable's coin between
    # the three tier I/II cards and the one tier III card falls to tier III (0.9): Royal Guard
    # (Elite), threat 0; nothing else affordable.
    table.set_dice(ScriptedDice([5, 6, 0.9]))
    reply = await table.run("deploy-roll", user="ana")
    assert (
        "50/50 coin between the tier I/II candidates (3) and the tier III ones (1) fell to "
        "tier III, "
        "then 1 of 1, chance 1/2 = 50 %"
    ) in reply.text
    assert "**fuzzy deployment**: 1 threat short, threat set to 0" in reply.text
    assert "cost 10 (12 − 2 Onslaught discount)" in reply.text
    state = await table.state()
    assert state is not None
    assert state["threat"] == 0 and deployed(state) == [("DG010", 2, False)]


async def test_game_master_only_commands(table: Table) -> None:
    await start(table, [0, 0, 0, 0])
    before = await table.state()
    for path, options in (
        ("ia threat", {"amount": 5}),
        ("ia deploy", {"group": "AT-ST"}),
        ("ia hand", {}),
    ):
        reply = await table.run(path, options, user="ana")
        assert reply.ephemeral and "Only the game master" in reply.text, path
    assert await table.state() == before
    reply = await table.run("ia hand", user="gm")
    assert reply.ephemeral and "deployment hand (game master only)" in reply.text


async def test_refusals_are_one_line_and_change_nothing(table: Table) -> None:
    reply = await table.run("deploy-roll", user="ana")
    assert reply.ephemeral and "No Imperial Assault campaign" in reply.text
    reply = await table.run("ia status", user="ana")
    assert reply.ephemeral and "/ia setup" in reply.text
    await start(table, [0, 0, 0, 0])
    before = await table.state()
    table.set_dice(ScriptedDice([]))
    reply = await table.run("ia activate", user="ana")
    assert reply.ephemeral and "No Imperial group is deployed" in reply.text
    reply = await table.run("ia defeat", {"group": "Darth Vader"}, user="ana")
    assert reply.ephemeral and "There is no deployed group" in reply.text
    await table.run("ia deploy", {"group": "DG001"}, user="gm")
    await table.run("ia deploy", {"group": "DG002"}, user="gm")
    mid = await table.state()
    reply = await table.run("ia defeat", {"group": "stormtrooper"}, user="ana")
    assert reply.ephemeral and "ambiguous" in reply.text and "\n" not in reply.text
    reply = await table.run("ia figure-lost", {"group": "DG001", "count": 4}, user="ana")
    assert reply.ephemeral and "count from 1 to 3" in reply.text
    reply = await table.run("ia threat", {"amount": 0}, user="gm")
    assert reply.ephemeral
    assert await table.state() == mid
    assert before != mid


async def test_autocomplete(table: Table) -> None:
    choices = await table.autocomplete("ia setup", {"expansions": "core, ho"}, "expansions")
    assert [c["value"] for c in choices] == ["core, Hoth"]
    choices = await table.autocomplete(
        "ia setup", {"expansions": "Core", "earned-villains": ""}, "earned-villains"
    )
    assert [c["value"] for c in choices] == [
        "IG-88",
        "Darth Vader",
        "General Weiss",
        "Royal Guard Champion",
    ]
    # No campaign: no suggestions, no error.
    assert await table.autocomplete("ia defeat", {"group": ""}, "group") == []
    await start(table, [0, 0, 0, 0], expansions=",".join(["Core", "Hoth", "Jabba", "Empire"]))
    gm = table.user("gm")
    choices = await table.autocomplete("ia deploy", {"group": ""}, "group", user=gm)
    assert len(choices) == 25
    choices = await table.autocomplete("ia deploy", {"group": "STORM"}, "group", user=gm)
    names = [c["name"] for c in choices]
    assert names[:3] == ["Stormtrooper (DG001)", "Stormtrooper (DG002)", "Stormtrooper (Elite)"]
    assert "Snowtrooper" not in names and "Heavy Stormtrooper" not in names  # Twin not owned
    await table.run("ia deploy", {"group": choices[1]["value"]}, user=gm)
    choices = await table.autocomplete("ia defeat", {"group": "st"}, "group")
    assert choices == [{"name": "Stormtrooper (DG002)", "value": "DG002"}]
    choices = await table.autocomplete("ia figure-lost", {"group": ""}, "group")
    assert [c["value"] for c in choices] == ["DG002"]


async def test_channels_are_separate(table: Table) -> None:
    reply = await table.run("ia status", user="ana", channel_id=900000000000000777)
    assert reply.ephemeral
    # A seeded run in another channel plays independently of the default channel.
    table.set_dice(Dice.seeded(3))
    reply = await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 2}, channel_id=900000000000000777
    )
    assert not reply.messages[0].ephemeral
    assert await table.state() is None
    other = await table.state(900000000000000777)
    assert other is not None and other["difficulty"] == "easy"


async def test_easy_downgrade_swap_is_shown(table: Table) -> None:
    # Threat level 2: tier I index 0, 0 -> Officers DG004, DG005; tier II index 2 -> Stormtrooper
    # (Elite) DG003, then index 0 -> DG001.
    await start(table, [0, 0, 2, 0], difficulty="easy", **{"threat-level": 2})
    await table.run("ia threat", {"amount": 20}, user=table.user("gm"))
    # 4+4 = 8: Landing; +3 x 0.7 = 2.1 -> 2: threat 22. Pick index 2 = Stormtrooper (Elite),
    # cost 8 -> 14. Easy swap roll 0.1 < 15 %: regular Stormtroopers DG001 (in the hand) and
    # DG002 -> index 1 = DG002. The Elite card goes back to the hand. Second pick: index 0 =
    # Officer DG004, cost 2 -> 12 (a regular group: no Easy roll).
    table.set_dice(ScriptedDice([4, 4, 2, 0.1, 1, 0]))
    reply = await table.run("deploy-roll", user="ana")
    assert "Threat +2 (threat level + 1: 3 × 0.7, rounded): 20 → 22" in reply.text
    assert "Easy: 15 % chance to downgrade to Stormtrooper (DG002): yes" in reply.text
    assert "deployed **Stormtrooper (DG002)** (3 figures) for the same cost" in reply.text
    state = await table.state()
    assert state is not None
    assert deployed(state) == [("DG002", 3, False), ("DG004", 1, False)]
    assert state["threat"] == 12
    assert state["hand"] == ["DG005", "DG001", "DG003"]
