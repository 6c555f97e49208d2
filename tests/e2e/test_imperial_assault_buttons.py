"""Imperial Assault by buttons: Activate next and End round under each activation and
deployment event, the Defeated… and Figure lost… selects — each runs its command (rule,
refusals, history, Undo), in English and Russian, after a restart, and refuses a press of an
earlier round or an ended campaign in one line."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Reply, StandIn


def labels(reply: Reply) -> list[str]:
    return [b["label"] for b in reply.message.buttons()]


def selects(reply: Reply) -> list[tuple[str, list[str]]]:
    return [(s["placeholder"], [o["label"] for o in s["options"]]) for s in reply.message.selects()]


async def mission(table: Table) -> None:
    """A mission with two Stormtrooper groups deployed (DG001, DG002), round 1."""
    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 3})
    assert not setup.messages[0].ephemeral, setup.text
    for group in ("DG001", "DG002"):
        deployed = await table.run("ia deploy", {"group": group})
        assert not deployed.ephemeral, deployed.text


async def state(table: Table) -> dict[str, Any]:
    found = await table.state()
    assert found is not None
    return found


async def test_a_round_by_buttons(table: Table) -> None:
    await mission(table)
    table.set_dice(Dice(random.Random(7)))
    first = await table.run("ia activate", user="ana")
    assert labels(first) == ["Undo", "Activate next"]
    groups = ["Stormtrooper (DG001) (3 figures)", "Stormtrooper (DG002) (3 figures)"]
    assert selects(first) == [("Defeated…", groups), ("Figure lost…", groups)]
    assert all(len(c["custom_id"]) <= 100 for c in first.message.buttons())

    second = await table.click(first.message, "Activate next", user="bo")
    assert not second.ephemeral and "Activate Stormtrooper" in second.text, second.text
    assert "Every Imperial group has now activated" in second.text
    assert labels(second) == ["Undo", "End round"]
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert (history[0].command, history[0].actor_name) == ("/ia activate", "bo")

    # the same round, every group activated: the command's own refusal
    before = await state(table)
    again = await table.click(first.message, "Activate next", user="ana")
    assert again.ephemeral
    assert again.text == (
        "Every Imperial group has already activated; end the round with /deploy-roll."
    )
    assert await state(table) == before

    ended = await table.click(second.message, "End round", user="ana")
    assert not ended.ephemeral, ended.text
    assert (await state(table))["round"] == 2
    assert labels(ended) == ["Undo", "Activate next"]
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command == "/deploy-roll"

    # round 1's buttons no longer act
    round_two = await state(table)
    stale = await table.click(second.message, "End round", user="ana")
    assert stale.ephemeral
    assert stale.text == "Round 1 has ended; it is round 2 now. Nothing was changed."
    old_select = await table.choose(
        first.message, "Figure lost…", "Stormtrooper (DG001) (3 figures)", user="ana"
    )
    assert old_select.ephemeral and old_select.text.startswith("Round 1 has ended")
    assert await state(table) == round_two

    lost = await table.choose(
        ended.message, "Figure lost…", "Stormtrooper (DG001) (3 figures)", user="ana"
    )
    assert not lost.ephemeral, lost.text
    figures = [(d["id"], d["figures"]) for d in (await state(table))["deployed"]]
    assert figures == [("DG001", 2), ("DG002", 3)]
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command == "/ia figure-lost group:DG001 count:1"
    assert "Stormtrooper (DG001) (2 figures)" in selects(lost)[0][1]

    defeated = await table.choose(
        lost.message, "Defeated…", "Stormtrooper (DG002) (3 figures)", user="ana"
    )
    assert not defeated.ephemeral, defeated.text
    assert [d["id"] for d in (await state(table))["deployed"]] == ["DG001"]
    assert selects(defeated)[0][1] == ["Stormtrooper (DG001) (2 figures)"]
    undone = await table.click(defeated.message, "Undo", user="ana")
    assert undone.followups and undone.followups[-1].text.startswith("Undid #"), undone.messages
    assert len((await state(table))["deployed"]) == 2


async def test_buttons_in_russian_and_after_a_restart(tmp_path: Path) -> None:
    database = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        async with running_table(database, standin=discord) as table:
            await mission(table)
            table.set_dice(Dice(random.Random(3)))
            first = await table.run("ia activate", user="ana")
            users = table.users
        async with running_table(database, standin=discord) as table:
            table.users = users
            table.user("оля", locale="ru")
            table.set_dice(Dice(random.Random(4)))
            second = await table.click(first.message, "Activate next", user="оля")
            assert not second.ephemeral, second.text
            assert "Активация" in second.text
            assert labels(second) == ["Отменить", "Конец раунда"]
            assert [s[0] for s in selects(second)] == ["Разбит…", "Потеряна фигура…"]
            assert "Stormtrooper (DG001) (3 фигуры)" in selects(second)[0][1]
            stale = await table.click(first.message, "Activate next", user="оля")
            assert stale.ephemeral and "уже активированы" in stale.text, stale.text


async def test_round_buttons_of_an_ended_campaign_refuse(table: Table) -> None:
    await mission(table)
    table.set_dice(Dice(random.Random(5)))
    first = await table.run("ia activate", user="ana")
    ask = await table.run("campaign end")
    await table.click(ask.message, "End campaign")
    await mission(table)
    before = await state(table)
    pressed = await table.click(first.message, "Activate next", user="ana")
    assert pressed.ephemeral
    assert pressed.text == (
        "That campaign has ended — this button belonged to it; nothing was changed."
    )
    assert await state(table) == before


async def test_campaign_status_says_what_the_mission_waits_for(table: Table) -> None:
    await mission(table)
    status = await table.run("campaign status", user="ana")
    assert "Waiting for\nRound 1: 2 deployed groups still to activate." in status.text
    assert labels(status) == ["Activate next"]
    assert [s[0] for s in selects(status)] == ["Defeated…", "Figure lost…"]
    table.set_dice(Dice(random.Random(8)))
    first = await table.click(status.message, "Activate next", user="ana")
    assert not first.ephemeral and "Activate Stormtrooper" in first.text
    table.users["ana"].locale = "ru"
    ru = await table.run("campaign status", user="ana")
    assert "Раунд 1: ещё 1 отряд не активирован." in ru.text
    assert labels(ru) == ["Следующая активация"]


async def test_more_groups_than_a_select_holds_are_offered_in_pages(table: Table) -> None:
    """30 deployed groups: Defeated… and Figure lost… each come as two selects (groups 1–25
    and 26–30), every one with an id of its own; a choice in the second page defeats that
    group, in English and in Russian."""
    from bot.rules.imperial_assault.tables import groups_by_id

    await mission(table)
    stored = await state(table)
    ids = list(groups_by_id())[:30]
    stored["deployed"] = [{"id": g, "figures": 1, "activated": False} for g in ids]
    gm = table.user("gm", manage_channels=True)
    async with table.bot.store.transaction(
        table.channel_id, actor_id=gm.id, command="/ia deploy"
    ) as tx:
        tx.set_state(stored)
        tx.record("thirty groups")
    status = await table.run("campaign status", user="gm")
    shown = [(p, len(o)) for p, o in selects(status)]
    assert shown == [
        ("Defeated… (groups 1–25)", 25),
        ("Defeated… (groups 26–30)", 5),
        ("Figure lost… (groups 1–25)", 25),
        ("Figure lost… (groups 26–30)", 5),
    ]
    assert len({s["custom_id"] for s in status.message.selects()}) == 4
    last = selects(status)[1][1][-1]
    chosen = await table.choose(status.message, "Defeated… (groups 26–30)", last, user="gm")
    assert not chosen.ephemeral, chosen.text
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command.startswith("/ia defeat group:")
    assert [d["id"] for d in (await state(table))["deployed"]] == ids[:29]
    ru = table.user("oleg", locale="ru", manage_channels=True)
    status = await table.run("campaign status", user=ru)
    assert [p for p, _ in selects(status)][:2] == [
        "Разбит… (отряды 1–25)",
        "Разбит… (отряды 26–29)",
    ]
