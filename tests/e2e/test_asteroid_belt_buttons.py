"""Asteroid Belt's turn by buttons: ``/asteroids end-turn`` names the civilisation whose turn
it ends (a second run refuses, never ending the next player's turn), and **End turn** under
the replies of the player whose turn it is runs it — in English and Russian, after a restart,
refused to a member who may not and on a turn that has passed."""

from __future__ import annotations

import copy
from pathlib import Path

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Reply, StandIn


def labels(reply: Reply) -> list[str]:
    return [b["label"] for b in reply.message.buttons()]


async def two_players(table: Table, gm: str = "gm") -> None:
    table.set_dice(ScriptedDice([1]))  # the cargo shuttle's portal
    setup = await table.run("asteroids setup", {"civilisations": "violet orange"}, user=gm)
    assert not setup.ephemeral, setup.text
    for civ, who in (("violet", "ana"), ("orange", "bo")):
        joined = await table.run("asteroids join", {"civilisation": civ}, user=who)
        assert not joined.ephemeral, joined.text


async def turn(table: Table) -> tuple[int, str]:
    state = await table.state()
    assert state is not None
    return state["turn"], state["order"][state["current"]]


async def test_a_game_master_who_plays_ends_one_turn_however_often(table: Table) -> None:
    await two_players(table, gm="ana")  # ana sets up and plays Violet
    first = await table.run("asteroids end-turn", user="ana")
    assert not first.ephemeral, first.text
    after = await turn(table)
    assert after[1] == "orange"
    again = await table.run("asteroids end-turn", user="ana")
    assert again.ephemeral
    assert again.text == (
        "It is Orange Empire's turn, not yours: as game master, name the civilisation to act "
        "out of turn."
    )
    assert await turn(table) == after


async def test_a_named_civilisation_whose_turn_it_is_not_is_refused(table: Table) -> None:
    await two_players(table)
    done = await table.run("asteroids end-turn", {"civilisation": "violet"}, user="gm")
    assert not done.ephemeral, done.text
    after = await turn(table)
    twice = await table.run("asteroids end-turn", {"civilisation": "violet"}, user="gm")
    assert twice.ephemeral
    assert twice.text == "It is Orange Empire's turn, not Violet Federation's: nothing was changed."
    assert await turn(table) == after
    table.users["gm"].locale = "ru"
    ru = await table.run("asteroids end-turn", {"civilisation": "violet"}, user="gm")
    assert ru.text == (
        "Сейчас ход цивилизации «Оранжевая Империя», а не «Фиолетовая Федерация»: "
        "ничего не изменилось."
    )


async def test_end_turn_under_the_current_players_replies(table: Table) -> None:
    await two_players(table)
    moved = await table.run("asteroids move", {"unit": "engineer"}, user="ana")
    assert labels(moved) == ["Undo", "End turn"]
    # the game master acting for Orange out of turn: not Orange's turn, no End turn
    other = await table.run("asteroids move", {"unit": "engineer", "civilisation": "orange"})
    assert labels(other) == ["Undo"]
    before = await table.state()

    refused = await table.click(moved.message, "End turn", user="bo")
    assert refused.ephemeral
    assert (
        refused.text
        == "You play Orange Empire: only the game master may act for Violet Federation."
    )
    stranger = await table.click(moved.message, "End turn", user="cy")
    assert stranger.ephemeral and "join" in stranger.text, stranger.text
    assert await table.state() == before

    ended = await table.click(moved.message, "End turn", user="ana")
    assert not ended.ephemeral, ended.text
    assert f"<@{table.user('bo').id}>, Orange Empire is yours to play." in ended.text
    assert labels(ended) == ["Undo", "End turn"]  # Orange's End turn, under the ping
    assert await turn(table) == (2, "orange")
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command == "/asteroids end-turn civilisation:violet"
    assert history[0].actor_name == "ana"

    stale = await table.click(moved.message, "End turn", user="ana")
    assert stale.ephemeral
    assert stale.text == "That turn has ended; it is Orange Empire's turn now. Nothing was changed."
    assert await turn(table) == (2, "orange")

    # Undo of the press undoes the end of the turn, as under the command
    undone = await table.click(ended.message, "Undo", user="ana")
    assert undone.followups and undone.followups[-1].text.startswith("Undid #"), undone.messages
    assert await turn(table) == (1, "violet")


async def test_end_turn_after_a_restart_in_russian(tmp_path: Path) -> None:
    database = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        async with running_table(database, standin=discord) as table:
            await two_players(table)
            table.users["ana"].locale = "ru"
            moved = await table.run("asteroids move", {"unit": "engineer"}, user="ana")
            assert labels(moved) == ["Отменить", "Закончить ход"]
            users = table.users
        async with running_table(database, standin=discord) as table:
            table.users = users
            table.users["bo"].locale = "ru"
            refused = await table.click(moved.message, "Закончить ход", user="bo")
            assert refused.ephemeral
            assert refused.text == (
                "Вы играете за цивилизацию «Оранжевая Империя»: действовать за "
                "«Фиолетовая Федерация» может только ведущий."
            )
            ended = await table.click(moved.message, "Закончить ход", user="ana")
            assert not ended.ephemeral, ended.text
            assert "Оранжевая Империя" in ended.text
            assert await turn(table) == (2, "orange")


async def test_end_turn_of_an_ended_campaign_refuses(table: Table) -> None:
    await two_players(table)
    moved = await table.run("asteroids move", {"unit": "engineer"}, user="ana")
    ask = await table.run("campaign end", user="gm")
    await table.click(ask.message, "End campaign", user="gm")
    await two_players(table)
    before = await table.state()
    pressed = await table.click(moved.message, "End turn", user="ana")
    assert pressed.ephemeral
    assert pressed.text == (
        "That campaign has ended — this button belonged to it; nothing was changed."
    )
    assert await table.state() == before


async def target_r1(table: Table) -> Reply:
    """Violet moves in and targets r1, then ends its turn: the reply pings Orange, whose
    player plays r1's guards."""
    for options in ({"unit": "assault"}, {"unit": "engineer", "moves": 2}):
        moved = await table.run("asteroids move", options, user="ana")
        assert not moved.ephemeral, moved.text
    targeted = await table.run("capture target", {"asteroid": "R1"}, user="ana")
    assert not targeted.ephemeral, targeted.text
    return await table.run("asteroids end-turn", user="ana")


def selects(reply: Reply) -> list[tuple[str, list[tuple[str, bool]]]]:
    return [
        (s["placeholder"], [(o["label"], bool(o.get("default"))) for o in s["options"]])
        for s in reply.message.selects()
    ]


async def test_the_guards_player_picks_and_attacks_by_buttons(table: Table) -> None:
    await two_players(table)
    ended = await target_r1(table)
    state = await table.state()
    assert state is not None
    r1 = next(a for a in state["asteroids"] if a["label"] == "r1")
    assert r1["guards"] == ["engineer"] and r1["phase"] == "guards_due"
    assert selects(ended) == [
        (
            "Guard 1 (engineer squad) of r1 attacks…",
            [("engineer squad (1 in the field)", False), ("assault squad (1 in the field)", False)],
        )
    ]
    go = next(b for b in ended.message.buttons() if b["label"] == "Guards attack")
    assert go.get("disabled") is True
    assert all(len(c["custom_id"]) <= 100 for c in ended.message.buttons())

    # only the guards' player (or a game master) may pick
    refused = await table.choose(
        ended.message,
        "Guard 1 (engineer squad) of r1 attacks…",
        "assault squad (1 in the field)",
        user="ana",
    )
    assert refused.ephemeral
    assert refused.text == "Orange Empire plays the natives against Violet Federation, not you."

    picked = await table.choose(
        ended.message,
        "Guard 1 (engineer squad) of r1 attacks…",
        "assault squad (1 in the field)",
        user="bo",
    )
    assert picked.callback_type == 7  # the message shows the pick; nothing is stored
    assert selects(picked)[0][1] == [
        ("engineer squad (1 in the field)", False),
        ("assault squad (1 in the field)", True),
    ]
    assert labels(picked) == ["Undo", "End turn", "Guards attack"]
    assert not any(b.get("disabled") for b in picked.message.buttons())
    assert await table.state() == state
    before_press = copy.deepcopy(picked.message)

    table.set_dice(ScriptedDice([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))
    attacked = await table.click(picked.message, "Guards attack", user="bo")
    assert attacked.followups, attacked.messages
    result = attacked.followups[-1]
    assert not result.ephemeral and "The guards attack" in result.text, result.text
    # the guard controls leave the pressed message
    assert [b["label"] for b in attacked.message.buttons()] == ["Undo", "End turn"]
    assert attacked.message.selects() == []
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command == "/capture guards asteroid:r1 picks:assault"
    assert history[0].actor_name == "bo"

    again = await table.click(before_press, "Guards attack", user="bo")
    assert again.ephemeral
    assert again.text == (
        "Those guards have already attacked, or that target is gone: nothing was changed."
    )


async def test_guard_controls_speak_the_guards_players_language(table: Table) -> None:
    await two_players(table)
    table.users["bo"].locale = "ru"
    joined = await table.run("asteroids status", user="bo")  # the bot learns bo's language
    assert not joined.ephemeral
    await table.run("asteroids end-turn", user="ana")
    await table.run("asteroids end-turn", user="bo")  # bo's language is stored with Orange
    ended = await target_r1(table)
    assert [s[0] for s in selects(ended)] == ["Охранник 1 (инженерный отряд) астероида r1 атакует…"]
    assert "Охрана атакует" in labels(ended)


async def besiege_r1(table: Table) -> Reply:
    """Violet besieges r1, its engineer guard standing, and Violet's turn begins: the reply
    to Orange's end-turn pings Violet's player."""
    await target_r1(table)
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user("gm").id, command="/test"
    ) as tx:
        state = dict(tx.state or {})
        for a in state["asteroids"]:
            if a["label"] == "r1":
                a["phase"], a["guards"] = "besieged", ["engineer"]
        tx.set_state(state)
        tx.record("test: r1 besieged")
    return await table.run("asteroids end-turn", user="bo")


async def test_attack_a_guard_under_the_besiegers_replies(table: Table) -> None:
    await two_players(table)
    ping = await besiege_r1(table)
    assert selects(ping) == [
        (
            "Attack a guard of r1…",
            [
                ("engineer squad attacks the engineer squad", False),
                ("assault squad attacks the engineer squad", False),
            ],
        )
    ]
    before = await table.state()
    refused = await table.choose(
        ping.message, "Attack a guard of r1…", "assault squad attacks the engineer squad", user="bo"
    )
    assert refused.ephemeral
    assert (
        refused.text
        == "You play Orange Empire: only the game master may act for Violet Federation."
    )
    assert await table.state() == before

    table.set_dice(ScriptedDice([6] * 12 + [1] * 12))
    attacked = await table.choose(
        ping.message,
        "Attack a guard of r1…",
        "assault squad attacks the engineer squad",
        user="ana",
    )
    assert not attacked.ephemeral, attacked.text
    assert "Attack on the guards" in attacked.text, attacked.text
    history = await table.bot.store.history(table.channel_id, limit=1)
    assert history[0].command == (
        "/capture attack asteroid:r1 unit:assault guard:engineer civilisation:violet"
    )
    after = await table.state()
    assert after is not None and after != before
    r1 = next(a for a in after["asteroids"] if a["label"] == "r1")
    if r1["status"] != "target":  # the guard fell: the siege is over, a later choice says so
        stale = await table.choose(
            ping.message,
            "Attack a guard of r1…",
            "engineer squad attacks the engineer squad",
            user="ana",
        )
        assert stale.ephemeral
        assert stale.text == (
            "That siege is over (no guards left, or the target is gone): nothing was changed."
        )
        assert await table.state() == after


async def test_attack_a_guard_in_russian(table: Table) -> None:
    await two_players(table)
    table.users["ana"].locale = "ru"
    ping = await besiege_r1(table)
    # the ping's buttons are in the language of who ended the turn (bo: English); ana's own
    # replies carry hers
    moved = await table.run("asteroids move", {"unit": "recon"}, user="ana")
    assert not moved.ephemeral, moved.text
    assert [s[0] for s in selects(moved)] == ["Атаковать охранника r1…"]
    assert ("инженерный отряд → охранник: инженерный отряд", False) in selects(moved)[0][1]
    assert labels(moved) == ["Отменить", "Закончить ход"]
    assert selects(ping)[0][0] == "Attack a guard of r1…"


async def test_campaign_status_says_what_the_game_waits_for(table: Table) -> None:
    await two_players(table)
    await target_r1(table)  # Orange's turn; Orange plays r1's guards
    status = await table.run("campaign status", user="cy")
    assert not status.ephemeral
    bo = table.user("bo").id
    assert f"Waiting for\nOrange Empire to play (<@{bo}>): its turn ends with End turn." in (
        status.text
    )
    assert "Guards of r1 to play: Orange Empire." in status.text
    assert labels(status) == ["End turn", "Guards attack"]
    assert [s[0] for s in selects(status)] == ["Guard 1 (engineer squad) of r1 attacks…"]
    ended = await table.click(status.message, "End turn", user="bo")
    assert not ended.ephemeral, ended.text
    assert await turn(table) == (3, "violet")
    table.users["cy"].locale = "ru"
    ru = await table.run("campaign status", user="cy")
    assert "Ждём" in ru.text and "Фиолетовая Федерация" in ru.text
    assert "Закончить ход" in labels(ru)


async def test_a_full_message_leaves_the_guards_to_the_command(table: Table) -> None:
    """Orange starts its turn besieging three targets (three Attack selects) while it must
    also play two guards of Violet's target: five rows cannot hold both, so the ping keeps
    Orange's own selects and the guards are played with /capture guards."""
    await two_players(table)
    for options in ({"unit": "assault"}, {"unit": "engineer", "moves": 2}):
        assert not (await table.run("asteroids move", options, user="ana")).ephemeral
    assert not (await table.run("capture target", {"asteroid": "R1"}, user="ana")).ephemeral
    async with table.bot.store.transaction(
        table.channel_id, actor_id=table.user("gm").id, command="/test"
    ) as tx:
        state = dict(tx.state or {})
        state["civs"]["orange"]["field"]["engineer"] = 1
        sieges = [a for a in state["asteroids"] if a["status"] == "free"][:3]
        for a in sieges:
            a.update(status="target", target_by="orange", phase="besieged", guards=["engineer"])
        for a in state["asteroids"]:
            if a["label"] == "r1":
                a["guards"] = ["engineer", "recon"]
        tx.set_state(state)
        tx.record("test: three sieges")
    ping = await table.run("asteroids end-turn", user="ana")
    assert not ping.ephemeral, ping.text
    shown = [s[0] for s in selects(ping)]
    assert len(shown) == 3 and all(p.startswith("Attack a guard of ") for p in shown), shown
    assert labels(ping) == ["Undo", "End turn"]
    assert len(ping.message.components) <= 5
