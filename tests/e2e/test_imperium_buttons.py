"""GDW Imperium's combat by presses: the next fire step's hits picked ship by ship (a ship
twice is two hits), Apply / No hits, Next round after step 5 — each runs its command's rule,
permissions and history; a press after the campaign changed refuses in one line; in English
and Russian."""

from __future__ import annotations

import random

from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply
from tests.e2e.test_imperium_e2e import add, start, war_at_sol


def labels(reply: Reply) -> list[tuple[str, bool]]:
    return [(b["label"], bool(b.get("disabled"))) for b in reply.message.buttons()]


def options(reply: Reply) -> list[str]:
    [select] = reply.message.selects()
    return [o["label"] for o in select["options"]]


async def last_command(table: Table) -> str:
    return (await table.bot.store.history(table.channel_id, limit=1))[0].command


async def test_a_combat_round_by_presses(table: Table) -> None:
    _gm, ana, bo = await war_at_sol(table)
    table.set_dice(ScriptedDice([]))
    first = await table.run("initiative", {"system": "Sol"}, user=ana)
    assert not first.ephemeral, first.text
    assert labels(first) == [
        ("Undo", False),
        ("Apply step 1 hits (0)", True),
        ("No hits in step 1", False),
        ("Range: short", False),
        ("Range: long", False),
    ]
    # step 1 hits the initiative holder's side (Terran) only
    assert options(first) == ["Victory (CR): 0 hits so far", "Hope (CR): 0 hits so far"]

    stranger = await table.click(first.message, "No hits in step 1", user="cy")
    assert stranger.ephemeral and "players" in stranger.text, stranger.text

    step1 = await table.click(first.message, "No hits in step 1", user=bo)
    assert not step1.ephemeral, step1.text
    assert await last_command(table) == "/imperium hits system:Sol step:1"
    assert options(step1) == ["MB1 (missile boat): 0 hits so far"]  # step 2: the other side
    stale = await table.click(first.message, "No hits in step 1", user=bo)
    assert stale.ephemeral
    assert stale.text == (
        "The combat changed since these buttons were made: nothing was changed; use the "
        "latest message or the command."
    )
    step2 = await table.click(step1.message, "No hits in step 2", user=ana)

    before = await table.state()
    picked = await table.choose(
        step2.message, "Step 3: a hit on…", "Hope (CR): 0 hits so far", user=bo
    )
    assert picked.callback_type == 7 and await table.state() == before
    picked = await table.choose(
        picked.message, "Step 3: a hit on…", "Hope (CR): 1 hit so far", user=bo
    )
    assert "Hope (CR): 2 hits so far" in options(picked)
    assert ("Apply step 3 hits (2)", False) in labels(picked)
    table.set_dice(Dice(random.Random(2)))
    step3 = await table.click(picked.message, "Apply step 3 hits (2)", user=bo)
    assert not step3.ephemeral, step3.text
    assert await last_command(table) == "/imperium hits system:Sol step:3 ships:Hope, Hope"
    assert "Hope" in step3.text

    step4 = await table.click(step3.message, "No hits in step 4", user=bo)
    step5 = await table.click(step4.message, "No hits in step 5", user=bo)
    assert labels(step5) == [("Undo", False), ("Next round", False)]
    table.set_dice(Dice(random.Random(3)))
    round2 = await table.click(step5.message, "Next round", user=ana)
    assert not round2.ephemeral, round2.text
    assert await last_command(table) == "/initiative system:Sol"
    state = await table.state()
    assert state is not None and state["combats"][0]["round"] == 2
    holder = state["combats"][0]["last_initiative"]
    range_now = state["combats"][0]["range"] or "long"
    shown = [label for label, _ in labels(round2)]
    assert not state["combats"][0]["range_locked"]  # these dice make no tie
    # the holder's choices as the fix kit allows them from the current range
    steps = {
        "long": ["Range: short", "Range: long", "Disengage"],
        "short": ["Range: short", "Range: long"],
    }
    assert [x for x in shown if x.startswith(("Range", "Disengage"))] == steps[range_now], shown
    other = bo if holder == "terran" else ana
    mine = ana if holder == "terran" else bo
    choice = steps[range_now][0]
    refused = await table.click(round2.message, choice, user=other)
    assert refused.ephemeral, refused.text
    chosen = await table.click(round2.message, choice, user=mine)
    assert not chosen.ephemeral, chosen.text
    assert (await last_command(table)).startswith("/imperium range system:Sol range:")
    assert not any(x.startswith("Range") for x, _ in labels(chosen))
    assert ("No hits in step 1", False) in labels(chosen)


async def test_combat_buttons_in_russian(table: Table) -> None:
    _gm, ana, _bo = await war_at_sol(table)
    ana.locale = "ru"
    table.set_dice(ScriptedDice([]))
    first = await table.run("initiative", {"system": "Sol"}, user=ana)
    assert labels(first) == [
        ("Отменить", False),
        ("Попадания этапа 1 (0)", True),
        ("Нет попаданий на этапе 1", False),
        ("Дальность: ближняя", False),
        ("Дальность: дальняя", False),
    ]
    assert options(first)[0] == "Victory (CR): отмечено 0"
    assert [s["placeholder"] for s in first.message.selects()] == ["Этап 1: попадание в…"]


async def test_campaign_status_says_which_fire_step_is_next(table: Table) -> None:
    _gm, ana, bo = await war_at_sol(table)
    quiet = await table.run("campaign status", user=ana)
    assert "Waiting for\nNo combat is going on." in quiet.text
    assert quiet.message.buttons() == []
    table.set_dice(ScriptedDice([]))
    await table.run("initiative", {"system": "Sol", "range": "long"}, user=ana)
    status = await table.run("campaign status", user=bo)
    assert "Sol: round 1, fire step 1 next." in status.text
    assert labels(status) == [("Apply step 1 hits (0)", True), ("No hits in step 1", False)]
    step1 = await table.click(status.message, "No hits in step 1", user=bo)
    assert not step1.ephemeral, step1.text
    assert await last_command(table) == "/imperium hits system:Sol step:1"
    bo.locale = "ru"
    ru = await table.run("campaign status", user=bo)
    assert "Sol: раунд 1, следующий этап огня — 2." in ru.text


async def test_more_ships_than_a_select_holds_are_offered_in_pages(table: Table) -> None:
    """30 Terran ships at Sol: step 1's hits are picked from two selects (ships 1–25 and
    26–30), each in its own row with an id of its own; a pick in the second one counts."""
    _gm, ana, _bo = await war_at_sol(table)
    for n in range(28):
        await add(
            table, ana, name=f"MB-T{n + 1}", type="missile boat", system="Sol", tclass="other"
        )
    table.set_dice(ScriptedDice([]))
    first = await table.run("initiative", {"system": "Sol"}, user=ana)
    selects = first.message.selects()
    assert [s["placeholder"] for s in selects] == [
        "Step 1: a hit on… (ships 1–25)",
        "Step 1: a hit on… (ships 26–30)",
    ]
    assert [len(s["options"]) for s in selects] == [25, 5]
    assert len({s["custom_id"] for s in selects}) == 2
    last = selects[1]["options"][-1]["label"]
    picked = await table.choose(first.message, "Step 1: a hit on… (ships 26–30)", last, user=ana)
    assert not picked.ephemeral, picked.text
    assert ("Apply step 1 hits (1)", False) in labels(picked)
    again = picked.message.selects()[1]
    assert again["options"][-1]["label"] == last.replace("0 hits so far", "1 hit so far")
    ana.locale = "ru"
    ru = await table.run("campaign status", user=ana)
    assert [s["placeholder"] for s in ru.message.selects()][1] == (
        "Этап 1: попадание в… (корабли 26–30)"
    )


async def test_a_surface_combat_round_by_presses(table: Table) -> None:
    """Marines against an Imperial world, no space combat: the fire steps are the surface
    combat's, Next round rolls its next round (`/initiative … mode:surface`), and after its
    third round there is no Next round to press."""
    gm, ana, _bo = await start(table)
    await table.run("imperium war", None, user=gm)
    await table.run(
        "imperium system set", {"name": "Dingir", "owner": "imperial", "worlds": 1}, user=gm
    )
    await add(table, ana, name="Marines", type="troops", system="Dingir", strength=4, maintenance=1)
    table.set_dice(Dice(random.Random(5)))
    reply = await table.run("initiative", {"system": "Dingir", "mode": "surface"}, user=ana)
    assert not reply.ephemeral, reply.text
    for rnd in (1, 2, 3):
        for step in range(1, 6):
            reply = await table.click(reply.message, f"No hits in step {step}", user=ana)
            assert not reply.ephemeral, reply.text
        if rnd == 3:
            break
        assert ("Next round", False) in labels(reply)
        reply = await table.click(reply.message, "Next round", user=ana)
        assert not reply.ephemeral, reply.text
        assert await last_command(table) == "/initiative system:Dingir mode:surface"
        assert f"round {rnd + 1}" in reply.text.lower(), reply.text
    state = await table.state()
    assert state is not None and state["combats"][0]["surface_round"] == 3
    assert "Next round" not in [label for label, _ in labels(reply)]
