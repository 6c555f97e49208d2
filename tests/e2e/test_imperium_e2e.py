"""GDW Imperium fix kit, end to end through the stand-in Discord."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import User

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database


async def start(table: Table, first_war: bool = False) -> tuple[User, User, User]:
    gm = table.user("gm", manage_channels=True)
    ana = table.user("ana")  # Terran
    bo = table.user("bo")  # Imperial
    options: dict[str, Any] = {"terran": ana, "imperial": bo}
    if first_war:
        options["first-war"] = True
    reply = await table.run("imperium setup", options, user=gm)
    assert not reply.ephemeral, reply.text
    reply = await table.run(
        "imperium system set",
        {"name": "Sol", "owner": "terran", "worlds": 1, "homeworld": True},
        user=gm,
    )
    assert not reply.ephemeral, reply.text
    return gm, ana, bo


async def ok(table: Table, path: str, options: dict[str, Any] | None, user: User) -> str:
    reply = await table.run(path, options, user=user)
    assert not reply.ephemeral, reply.text
    return reply.text


async def refused(
    table: Table, path: str, options: dict[str, Any] | None, user: User, words: str
) -> None:
    before = await table.state()
    reply = await table.run(path, options, user=user)
    assert reply.ephemeral, reply.text
    assert words in reply.text, reply.text
    assert "\n" not in reply.text.strip()
    assert await table.state() == before


async def add(table: Table, user: User, **options: Any) -> str:
    return await ok(table, "imperium ship add", options, user)


async def test_setup_first_war_and_the_war_start_limit(table: Table) -> None:
    gm, _ana, bo = await start(table, first_war=True)
    state = await table.state()
    assert state is not None
    names = {s["name"] for s in state["systems"]}
    assert {"Dingir", "Tau Ceti", "Epsilon Eridani", "Dushaam", "Enki Kalamma"} <= names
    # Shulgi is one outpost: 6 factors, three missile boats (maintenance 2 each) fit
    for n in range(3):
        await add(table, bo, name=f"MB{n}", type="missile boat", system="shulgi", tclass="other")
    await refused(
        table,
        "imperium ship add",
        {"name": "MB3", "type": "Missile Boat", "system": "Shulgi", "tclass": "other"},
        bo,
        "routine maintenance limit",
    )
    # "Epsilon Eridari" is the seed's spelling
    text = await add(
        table, bo, name="E1", type="scout", system="Epsilon Eridari", tclass="other", maintenance=1
    )
    assert "@ Epsilon Eridani" in text
    await refused(table, "imperium setup", {}, gm, "already runs")
    text = await ok(table, "imperium war", {"phasing": "imperial"}, gm)
    assert "War 1 begins" in text and "Imperial is the phasing player" in text


async def test_roster_commands_and_permissions(table: Table) -> None:
    gm, ana, bo = await start(table)
    text = await add(
        table,
        ana,
        name="Mom",
        type="Mothership",
        system="sol",
        tclass="capital",
        carries=2,
        screen=2,
    )
    assert "Terran · Mom @ Sol: Mothership (capital), maint 3, screen 2" in text
    await refused(
        table,
        "imperium ship add",
        {
            "name": "X",
            "type": "CR",
            "system": "Sol",
            "tclass": "capital",
            "maintenance": 4,
            "side": "terran",
        },
        bo,
        "Only Terran's players or the game master",
    )
    await refused(
        table,
        "imperium ship add",
        {"name": "X", "type": "CR", "system": "Sol", "tclass": "capital"},
        ana,
        "maintenance number printed",
    )
    await refused(
        table,
        "imperium ship add",
        {"name": "X", "type": "CR", "system": "Sol", "tclass": "battleship", "maintenance": 4},
        ana,
        "`tclass` must be one of: freighter, tanker, capital, fighter, troop, other.",
    )
    choices = await table.autocomplete("imperium ship add", {"tclass": "CA"}, "tclass", user=ana)
    assert [c["value"] for c in choices] == ["capital"]
    await refused(table, "imperium ship disrupt", {"ship": "mom"}, bo, "Only Terran's")
    assert ", disrupted, jump" in await ok(table, "imperium ship disrupt", {"ship": "mom"}, ana)
    assert ", ready, jump" in await ok(table, "imperium ship repair", {"ship": "MOM"}, ana)
    await ok(
        table, "imperium system set", {"name": "Barnard", "owner": "terran", "outposts": 1}, gm
    )
    await refused(table, "imperium system set", {"name": "Vega"}, ana, "Only the game master")
    assert "Mom is now at Barnard" in await ok(
        table, "imperium ship move", {"ship": "Mom", "system": "barnard"}, ana
    )
    fleet = await ok(table, "imperium fleet", {"system": "Barnard"}, bo)
    assert "Mom @ Barnard" in fleet and "carries 2" in fleet
    await refused(
        table, "imperium ship move", {"ship": "Mo", "system": "Sol"}, ana, "Did you mean Mom?"
    )
    assert "off the roster" in await ok(table, "imperium ship remove", {"ship": "mom"}, ana)
    state = await table.state()
    assert state is not None and state["ships"] == []


async def war_at_sol(table: Table) -> tuple[User, User, User]:
    gm, ana, bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await add(
        table,
        ana,
        name="Victory",
        type="CR",
        system="Sol",
        tclass="capital",
        maintenance=4,
        screen=3,
    )
    await add(
        table, ana, name="Hope", type="CR", system="Sol", tclass="capital", maintenance=4, screen=2
    )
    await add(table, bo, name="MB1", type="missile boat", system="Sol", tclass="other")
    return gm, ana, bo


async def test_initiative_rounds_odds_ties_and_range(table: Table) -> None:
    gm, ana, bo = await war_at_sol(table)
    table.set_dice(ScriptedDice([]))  # round 1 rolls nothing
    text = await ok(table, "initiative", {"system": "sol", "range": "short"}, ana)
    assert "First round: the phasing player (Terran) has the initiative, no roll." in text
    assert "Range: short" in text
    assert "Imperial places ships first; Terran matches them and declares fire types first" in text
    # Round 2: Terran d4 + capital 2 + held 1 = 7, Imperial d6 + 3 + fewer ships 1 = 10.
    # Terran (mod 3) wins only on d_T - d_I >= 2: 10 of 36; a tie (d_T = d_I + 1) goes to
    # Imperial, who did not hold it: Imperial 26 of 36.
    table.set_dice(ScriptedDice([4, 6]))
    text = await ok(table, "initiative", {"system": "Sol", "range": "long"}, ana)
    assert (
        "Terran: die 4 + slowest Hope tactical speed 2, had the initiative last round +1 = 7"
        in (text)
    )
    assert "Imperial: die 6 + slowest MB1 tactical speed 3, fewer non-fighter ships +1 = 10" in text
    assert "Imperial chance to win the initiative: 72.2 %" in text
    assert "Terran chance to win the initiative: 27.8 %" in text
    assert "only Imperial chooses the range" in text  # ana asked, Imperial holds it
    await refused(
        table, "imperium range", {"system": "Sol", "range": "long"}, ana, "Only Imperial's players"
    )
    text = await ok(table, "imperium range", {"system": "Sol", "range": "long"}, bo)
    assert "Imperial moves the range at Sol: short → long" in text
    # Round 3: a tie. Terran 5 + 2 = 7, Imperial 2 + 3 + 1 + 1 (held) = 7: Terran gets it,
    # range locked. Terran (d_T + 2) vs Imperial (d_I + 5), Imperial held: Terran needs
    # d_T >= d_I + 4: 3 ways, plus ties d_T = d_I + 3: 3 ways = 6/36 = 16.7 %.
    table.set_dice(ScriptedDice([5, 2]))
    text = await ok(table, "initiative", {"system": "Sol"}, gm)
    assert "Tie: the initiative passes to Terran" in text
    assert "Terran chance to win the initiative: 16.7 %" in text
    assert "Imperial chance to win the initiative: 83.3 %" in text
    await refused(
        table, "imperium range", {"system": "Sol", "range": "short"}, ana, "range cannot change"
    )
    state = await table.state()
    assert state is not None
    assert state["combats"][0]["round"] == 3 and state["combats"][0]["range"] == "long"


async def test_disengage_jumps_out_and_ends_combat(table: Table) -> None:
    gm, ana, _bo = await war_at_sol(table)
    await ok(
        table, "imperium system set", {"name": "Alpha Centauri", "owner": "terran", "worlds": 2}, gm
    )
    await add(table, ana, name="F1", type="fighter", system="Sol", maintenance=1)
    await ok(table, "initiative", {"system": "Sol"}, ana)
    # Terran 6 + 2 + 1 = 9 beats Imperial 1 + 3 + 1 = 5
    table.set_dice(ScriptedDice([6, 1]))
    text = await ok(
        table,
        "initiative",
        {"system": "Sol", "range": "disengage", "jump-to": "alpha centauri"},
        ana,
    )
    assert "Terran disengages: jump out to Alpha Centauri: Victory, Hope" in text
    assert "Left behind (no room or cannot jump): F1" in text
    state = await table.state()
    assert state is not None
    where = {s["name"]: s["system"] for s in state["ships"]}
    assert where == {
        "Victory": "Alpha Centauri",
        "Hope": "Alpha Centauri",
        "F1": "Sol",
        "MB1": "Sol",
    }


async def test_surface_initiative(table: Table) -> None:
    gm, ana, _bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await ok(table, "imperium system set", {"name": "Dingir", "owner": "imperial", "worlds": 1}, gm)
    await add(table, ana, name="Marines", type="troops", system="Dingir", strength=4, maintenance=1)
    await ok(table, "initiative", {"system": "Dingir", "mode": "surface"}, ana)
    table.set_dice(ScriptedDice([1, 1]))
    text = await ok(table, "initiative", {"system": "Dingir", "mode": "surface"}, ana)
    # Terran 1 + troops 2 + held 1 = 4 (one unit each side: no fewer bonus); Imperial
    # 1 + world 0 = 1
    assert (
        "Terran: die 1 + slowest Marines surface speed 2, had the initiative last round +1 = 4"
        in (text)
    )
    assert "Imperial: die 1 + slowest world surface speed 0 = 1" in text
    assert "Surface combat lasts 3 rounds" in text
    assert "Terran surface strengths: Marines 4" in text
    assert "Imperial surface strengths: world 4" in text
    await refused(
        table,
        "initiative",
        {"system": "Dingir", "mode": "surface", "range": "short"},
        ana,
        "no range",
    )


async def test_screen_rolls_and_fire_steps(table: Table) -> None:
    _gm, ana, bo = await war_at_sol(table)
    await refused(table, "imperium fire-steps", {"system": "Sol"}, ana, "roll /initiative first")
    await ok(table, "initiative", {"system": "Sol"}, ana)
    text = await ok(table, "imperium fire-steps", {"system": "Sol"}, bo)
    assert "Only Terran (initiative) may declare suicide attacks" in text
    assert "5. Time-on-target missile attacks (+1 to hit" in text
    # Victory, screen 3: die 2 -> only disrupted (2 of 6 = 33.3 %)
    table.set_dice(ScriptedDice([2]))
    text = await ok(table, "imperium screen", {"ship": "victory"}, bo)
    assert "Victory: screen 3, die 2 → disrupted" in text and "33.3 %" in text
    # step 3: Hope (screen 2) rolls 2 -> destroyed; Victory starts the step disrupted ->
    # destroyed without a roll
    table.set_dice(ScriptedDice([2]))
    text = await ok(
        table, "imperium hits", {"system": "Sol", "step": 3, "ships": "Hope, Victory"}, bo
    )
    assert "Hope: screen 2, die 2 → destroyed" in text
    assert "Victory: destroyed (already disrupted)" in text
    # Terran has no ship left at Sol: the combat ends by itself, as a disengagement ends it
    assert "The space combat at Sol ends: Terran has no ships left there." in text
    await refused(
        table,
        "imperium hits",
        {"system": "Sol", "step": 4, "ships": "MB1"},
        ana,
        "roll /initiative first",
    )
    state = await table.state()
    assert state is not None and [s["name"] for s in state["ships"]] == ["MB1"]


async def test_maintenance_end_to_end(table: Table) -> None:
    gm, ana, bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await ok(
        table, "imperium system set", {"name": "Alpha Centauri", "owner": "terran", "worlds": 2}, gm
    )
    await ok(table, "imperium rus", {"side": "terran", "stock": 10}, gm)
    for n in range(10):
        await add(
            table,
            ana,
            name=f"CR{n}",
            type="CR",
            system="Alpha Centauri",
            tclass="capital",
            maintenance=4,
        )
    table.set_dice(ScriptedDice([]))
    text = await ok(table, "maintenance", {"system": "alpha centauri"}, ana)
    assert "Routine 40/40 factors used" in text
    # overhaul one (4 RU), an Imperial intruder gets frontier maintenance: die 1 -> disrupted
    await add(table, bo, name="MB1", type="missile boat", system="Alpha Centauri", tclass="other")
    await refused(
        table,
        "maintenance",
        {"system": "Alpha Centauri", "overhaul": "MB1"},
        bo,
        "only in a system its side owns",
    )
    await refused(
        table,
        "maintenance",
        {"system": "Alpha Centauri", "overhaul": "CR0"},
        bo,
        "Only Terran's players or the game master may spend Terran RUs",
    )
    table.set_dice(ScriptedDice([1]))
    text = await ok(table, "maintenance", {"system": "Alpha Centauri", "overhaul": "cr0"}, ana)
    assert "Terran pays 4 RU for overhauls." in text
    assert "MB1: frontier, maintenance 2, was undisrupted, die 1 → disrupted" in text
    assert "disrupted 33.3 %" in text
    state = await table.state()
    assert state is not None and state["rus"]["terran"] == 6
    mb = next(s for s in state["ships"] if s["name"] == "MB1")
    assert mb["disrupted"] is True
    # a disrupted ship that rolls 1 is destroyed
    table.set_dice(ScriptedDice([1]))
    text = await ok(table, "maintenance", {"system": "Alpha Centauri"}, ana)
    assert "MB1: frontier, maintenance 2, was disrupted, die 1 → destroyed" in text
    assert "Destroyed and removed: MB1" in text


async def test_interwar_and_status(table: Table) -> None:
    gm, ana, _bo = await start(table)
    await ok(table, "imperium rus", {"side": "imperial", "stock": 5, "income": 30}, gm)
    await refused(table, "imperium interwar", None, gm, "No war is being fought")
    await ok(table, "imperium war", None, gm)
    await refused(table, "imperium interwar", None, ana, "Only the game master")
    text = await ok(table, "imperium interwar", None, gm)
    assert "Imperial +30 RU (now 35 RU)" in text
    status = await ok(table, "imperium status", None, ana)
    assert "setting up war 2" in status and "Imperial (<@" in status
    campaign = await ok(table, "campaign status", None, ana)
    assert "GDW Imperium (setting up war 2" in campaign


async def test_autocomplete_is_case_insensitive_and_capped(table: Table) -> None:
    gm, ana, bo = await start(table)
    for n in range(30):
        await ok(table, "imperium system set", {"name": f"Star {n:02d}"}, gm)
    choices = await table.autocomplete("initiative", {"system": "STAR"}, "system", user=ana)
    assert len(choices) == 25 and choices[0]["value"] == "Star 00"
    choices = await table.autocomplete("initiative", {"system": "so"}, "system", user=ana)
    assert [c["value"] for c in choices] == ["Sol"]
    await add(table, ana, name="Victory", type="CR", system="Sol", tclass="capital", maintenance=4)
    await add(table, ana, name="Valour", type="CR", system="Sol", tclass="capital", maintenance=4)
    choices = await table.autocomplete("imperium screen", {"ship": "VIC"}, "ship", user=bo)
    assert [c["value"] for c in choices] == ["Victory"]
    choices = await table.autocomplete(
        "maintenance", {"system": "Sol", "overhaul": "Victory, v"}, "overhaul", user=ana
    )
    assert [c["value"] for c in choices] == ["Victory, Valour"]


async def test_wrong_channel_refusals(table: Table) -> None:
    ana = table.user("ana")
    reply = await table.run("initiative", {"system": "Sol"}, user=ana)
    assert reply.ephemeral and "No GDW Imperium campaign in this channel" in reply.text
    reply = await table.run("imperium status", None, user=ana)
    assert reply.ephemeral and "/imperium setup" in reply.text
    choices = await table.autocomplete("initiative", {"system": "s"}, "system", user=ana)
    assert choices == []


async def test_routine_none_sends_every_ship_to_frontier_maintenance(table: Table) -> None:
    gm, ana, _bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await add(table, ana, name="CR1", type="CR", system="Sol", tclass="capital", maintenance=4)
    table.set_dice(ScriptedDice([5]))
    text = await ok(table, "maintenance", {"system": "Sol", "routine": "none"}, ana)
    assert "Routine 0/20 factors used" in text
    assert "CR1: frontier, maintenance 4, was undisrupted, die 5 → undisrupted" in text
    await refused(
        table,
        "maintenance",
        {"system": "Sol", "routine": "CR1"},
        table.user("bo"),
        "Only Terran's players or the game master may choose",
    )


async def wolf(table: Table) -> tuple[User, User, User]:
    """At Wolf, 1 Terran cruiser and 2 troops against 2 Imperial CAs."""
    gm, ana, bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await ok(table, "imperium system set", {"name": "Wolf"}, gm)
    await add(table, ana, name="Cruiser", type="CR", system="Wolf", tclass="capital", maintenance=4)
    await add(
        table,
        ana,
        name="Marines",
        type="troops",
        system="Wolf",
        tclass="troop",
        strength=4,
        maintenance=1,
    )
    await add(
        table,
        ana,
        name="Legion",
        type="troops",
        system="Wolf",
        tclass="troop",
        strength=3,
        maintenance=1,
    )
    for n in (1, 2):
        await add(
            table, bo, name=f"CA{n}", type="CA", system="Wolf", tclass="capital", maintenance=4
        )
    return gm, ana, bo


async def test_wolf_troops_are_not_ships_in_space_initiative(table: Table) -> None:
    # The fix kit: "the tactical speed of his slowest ship", "A player with fewer non-fighter
    # ships than his opponent adds one to his roll". Round 2 at Wolf: the Terran side has one
    # ship against two and gets the +1; its troops neither count nor set its speed.
    _gm, ana, _bo = await wolf(table)
    table.set_dice(ScriptedDice([]))
    text = await ok(table, "initiative", {"system": "Wolf"}, ana)
    assert "First round: the phasing player (Terran) has the initiative, no roll." in text
    table.set_dice(ScriptedDice([2, 4]))
    text = await ok(table, "initiative", {"system": "Wolf"}, ana)
    assert (
        "Terran: die 2 + slowest Cruiser tactical speed 2, fewer non-fighter ships +1, "
        "had the initiative last round +1 = 6"
    ) in text
    assert "Imperial: die 4 + slowest CA1 tactical speed 2 = 6" in text
    assert "fewer non-fighter ships +1, had" in text and "Marines" not in text


async def test_combat_ends_by_itself_when_a_side_is_wiped_out(table: Table) -> None:
    _gm, ana, bo = await wolf(table)
    table.set_dice(ScriptedDice([]))
    await ok(table, "initiative", {"system": "Wolf"}, ana)
    text = await ok(table, "imperium hits", {"system": "Wolf", "step": 3, "ships": "Cruiser"}, bo)
    assert "Cruiser: destroyed" in text
    assert "The space combat at Wolf ends: Terran has no ships left there." in text
    state = await table.state()
    assert state is not None and state["combats"] == []
    # a newly arriving Terran fleet starts a new combat: round 1 is the phasing player's
    await add(table, ana, name="Relief", type="CR", system="Wolf", tclass="capital", maintenance=4)
    text = await ok(table, "initiative", {"system": "Wolf"}, ana)
    assert "round 1" in text
    assert "First round: the phasing player (Terran) has the initiative, no roll." in text


async def test_surface_combat_ends_by_itself(table: Table) -> None:
    # "Surface combat continues for three rounds or until all units with surface combat
    # factors on one side are eliminated."
    gm, ana, bo = await start(table)
    await ok(table, "imperium war", None, gm)
    await ok(table, "imperium system set", {"name": "Wolf"}, gm)
    await add(
        table,
        ana,
        name="Marines",
        type="troops",
        system="Wolf",
        tclass="troop",
        strength=4,
        maintenance=1,
    )
    await add(
        table,
        bo,
        name="Guard",
        type="troops",
        system="Wolf",
        tclass="troop",
        strength=2,
        maintenance=1,
    )
    await ok(table, "initiative", {"system": "Wolf", "mode": "surface"}, ana)
    text = await ok(table, "imperium hits", {"system": "Wolf", "step": 4, "ships": "Guard"}, ana)
    assert (
        "The surface combat at Wolf ends: Imperial has no units with surface combat factors "
        "left there."
    ) in text
    state = await table.state()
    assert state is not None and state["combats"] == []
