"""/campaign history in the reader's language: a summary stored as a catalog message renders in
Russian for a Russian reader and in English for the others; entries stored as plain text show as
they are."""

from __future__ import annotations

import pytest

from bot.catalog import SUMMARY_TAG, encode_summary, render_summary
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.msg import Msg
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

BATTLE: dict[str, object] = {"attacker": "tank", "defender": "trooper", "attackers": 2}


async def test_history_speaks_the_readers_language(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    oleg = table.user("oleg", locale="ru")
    async with table.bot.store.transaction(table.channel_id, actor_id=gm.id, command="/x") as tx:
        tx.create("imperium", {"turn": 1})
        tx.record("Campaign started (an old entry, stored as text)")
    table.set_dice(Dice.seeded(7))
    reply = await table.run("battle", BATTLE, user=oleg)
    assert not reply.ephemeral, reply.text

    english = (await table.run("campaign history", None, user=gm)).text
    russian = (await table.run("campaign history", None, user=oleg)).text
    assert "Weewar battle: 2 Tank (Plains) attacked" in english
    assert "Бой Weewar: 2 Tank (Plains) атаковали" in russian
    assert "Weewar battle" not in russian and SUMMARY_TAG not in russian + english
    # the old plain-text entry, as it was
    assert "Campaign started (an old entry, stored as text)" in english
    assert "Campaign started (an old entry, stored as text)" in russian


def test_summary_encoding_round_trips_and_falls_back() -> None:
    msg = Msg.of("ww-history-counter", attacker="Tank", losses=3)
    stored = encode_summary(msg)
    assert stored.startswith(SUMMARY_TAG) and len(stored) <= 500
    assert render_summary("en", stored) == "Tank lost 3"
    assert render_summary("ru", stored) == "Tank теряет 3"
    assert render_summary("ru", "plain text") == "plain text"
    # too long to encode within the store's 500 characters: the English text is stored
    long = encode_summary(Msg.of("ww-history-counter", attacker="T" * 600, losses=1))
    assert not long.startswith(SUMMARY_TAG) and len(long) == 500
    # damaged JSON shows what is there rather than failing
    assert render_summary("en", SUMMARY_TAG + "{oops") == "{oops"


async def test_asteroid_belt_history_in_the_readers_language(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    oleg = table.user("oleg", locale="ru")
    table.set_dice(ScriptedDice([2]))
    await table.run("asteroids setup", {"civilisations": "orange violet"}, user=gm)
    await table.run("asteroids join", {"civilisation": "violet"}, user=oleg)
    await table.run("asteroids move", {"unit": "engineer", "civilisation": "orange"}, user=gm)
    await table.run("asteroids end-turn", None, user=gm)
    await table.run("asteroids move", {"unit": "assault"}, user=oleg)
    table.set_dice(ScriptedDice([5, 3]))
    await table.run("asteroids fight", {"attacker": "assault", "defender": "engineer"}, user=oleg)
    english = (await table.run("campaign history", None, user=gm)).text
    russian = (await table.run("campaign history", None, user=oleg)).text
    assert "Violet Federation — Move: Violet Federation moves assault squad out of v2" in english
    assert "Фиолетовая Федерация — Передвижение: Фиолетовая Федерация передвигает" in russian
    assert (
        "Fight: assault squad of Violet Federation (6) against engineer squad of Orange "
        "Empire (3): the attacker wins." in english
    )
    assert (
        "Бой: штурмовой отряд (Фиолетовая Федерация) с атакой 6 против инженерного отряда "
        "(Оранжевая Империя) с защитой 3: атакующий побеждает." in russian
    )
    assert "Asteroid Belt — a new campaign: " in english
    assert "Пояс астероидов — новая кампания: " in russian
    assert "Violet" not in russian and SUMMARY_TAG not in russian + english


async def test_imperial_assault_history_in_the_readers_language(table: Table) -> None:
    from tests.e2e.test_imperial_assault_ru import RU_CHANNEL, play, russian

    await play(table, "ru", RU_CHANNEL)
    oleg = table.user("oleg-history", locale="ru")
    ana = table.user("ana-history")
    options = {"count": 20}
    ru = (await table.run("campaign history", options, user=oleg, channel_id=RU_CHANNEL)).text
    en = (await table.run("campaign history", options, user=ana, channel_id=RU_CHANNEL)).text
    assert SUMMARY_TAG not in ru + en and '"k":' not in ru + en
    # every kind of entry, in each reader's language
    for english, rus in [
        ("mission deployed", "миссия развернула"),
        (": activated ", ": активирован "),
        ("lost 1 figure", "теряет 1 фигурку"),
        ("Round 2: Landing (4+3+1 = 8) — deployed ", "Раунд 2: Высадка (4+3+1 = 8) — развёрнут "),
        ("— threat ", "— угроза "),
        ("by hand", "вручную"),
    ]:
        assert english in en, (english, en)
        assert rus in ru, (rus, ru)
    entries = [line for line in ru.splitlines() if line.startswith("**#")]
    assert len(entries) == 10
    for line in entries:
        russian(line.split(" — ", 2)[2])
    # the first entry: the mission's start
    gm = table.user("gm-history", manage_channels=True)
    table.set_dice(Dice.seeded(3))
    setup = {"difficulty": "medium", "threat-level": 3}
    assert not (await table.run("ia setup", setup, user=gm)).messages[0].ephemeral
    en = (await table.run("campaign history", None, user=ana)).text
    ru = (await table.run("campaign history", None, user=oleg)).text
    assert "Imperial Assault mission started: Medium, threat level 3, Core, hand of" in en
    assert "Миссия Imperial Assault начата: сложность Средняя, уровень угрозы 3, Core, " in ru


async def test_imperium_history_in_the_readers_language(table: Table) -> None:
    from tests.e2e.test_imperium_ru import RU_CHANNEL, play

    await play(table, "ru", RU_CHANNEL)
    oleg = table.user("oleg-history", locale="ru")
    ana = table.user("ana-history")
    options = {"count": 10}
    ru = (await table.run("campaign history", options, user=oleg, channel_id=RU_CHANNEL)).text
    en = (await table.run("campaign history", options, user=ana, channel_id=RU_CHANNEL)).text
    assert SUMMARY_TAG not in ru + en and '"k":' not in ru + en
    for english, rus in [
        ("Maintenance at Sol: 3 ships, 0 destroyed", "Техобслуживание в системе Sol: кораблей 3"),
        ("Hit on Victory: disrupted", "Попадание по Victory: дезорганизован"),
        ("Sol: range short → long", "Sol: дальность ближняя → дальняя"),
        (
            "Space combat at Sol, round 2: Imperial has the initiative",
            "Космический бой в системе Sol, раунд 2: инициатива у стороны Империя",
        ),
        ("Ship added: MB1 (missile boat, Imperial, ready) at Sol", "Корабль добавлен: MB1"),
        ("War 1 begins", "Начинается война 1"),
        ("Terran RUs: 10, income 5", "Терране: RU 10, доход 5"),
    ]:
        assert english in en, (english, en)
        assert rus in ru, (rus, ru)
    # an entry older than the ten shown: a system set
    from bot.campaigns import history_row
    from bot.rules import imperium as im

    system = im.StarSystem(name="Sol", owner="terran", worlds=1, homeworld=True)
    stored, _ = history_row(im.SystemSet(system))
    assert render_summary("en", stored).startswith(
        "System Sol: Terran, 1 world, 0 outposts, homeworld, "
    )
    assert render_summary("ru", stored).startswith(
        "Система Sol: Терране, 1 мир, 0 аванпостов, родной мир, факторов обслуживания: "
    )


async def test_history_and_undo_name_the_command_as_the_readers_discord_does(
    table: Table,
) -> None:
    """Each entry's command as the reader's Discord shows it — the stored (English) form, read
    against the synced names: an entry stored before this reads the same way."""
    gm = table.user("gm", manage_channels=True)
    oleg = table.user("oleg", locale="ru", manage_channels=True)
    async with table.bot.store.transaction(
        table.channel_id, actor_id=gm.id, command="/ia setup difficulty:medium threat-level:3"
    ) as tx:
        tx.create("imperial_assault", {"round": 1})
        tx.record("Mission started (an old entry, stored as text)")
    async with table.bot.store.transaction(
        table.channel_id, actor_id=gm.id, command="/roll expression:2d6+1 private:True"
    ) as tx:
        tx.record("an old roll")
    async with table.bot.store.transaction(
        table.channel_id, actor_id=gm.id, command="/old-command x:1"
    ) as tx:
        tx.record("a command the bot no longer has")
    async with table.bot.store.transaction(
        table.channel_id, actor_id=gm.id, command="/ia threat amount:-2"
    ) as tx:
        tx.set_state({"round": 1, "threat": 0})  # a change, so undo reaches it
        tx.record("threat by hand")
    english = (await table.run("campaign history", None, user=gm)).text
    russian = (await table.run("campaign history", None, user=oleg)).text
    assert "`/ia setup difficulty:medium threat-level:3`" in english
    assert "`/ia начать сложность:Средняя уровень-угрозы:3`" in russian
    assert "`/бросок выражение:2d6+1 скрытно:да`" in russian
    assert "`/roll expression:2d6+1 private:True`" in english
    assert "`/old-command x:1`" in russian  # shown as stored
    assert "/ia" in russian and "/roll" not in russian and "difficulty" not in russian
    # the undo question and its answer name it the same way
    reply = await table.run("campaign undo", None, user=oleg)
    assert "(`/ia угроза величина:-2` — threat by hand)?" in reply.text
