"""/battle in Russian: the same battle gives the same numbers and history in both languages."""

from __future__ import annotations

import re

import pytest

from bot.catalog import render_summary
from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

HIT = 0.0
MISS = 0.999
NUMBER = re.compile(r"\d+(?:\.\d+)?%?")
RUSSIAN_NUMBER = re.compile(r"\d+(?:,\d+)?(?: %)?")  # the decimal comma, a space before %


def same_numbers(en: str, ru: str) -> bool:
    """The same numbers in the same order, each in its language's notation."""
    english = NUMBER.findall(en)
    russian = [n.replace(",", ".").replace(" ", "") for n in RUSSIAN_NUMBER.findall(ru)]
    return english == russian and not any("." in n for n in NUMBER.findall(ru))


# 2 Tanks vs 3 Troopers in Woods, one earlier attack from the opposite hex (B = 3).
BATTLE: dict[str, object] = {
    "attacker": "tank",
    "defender": "trooper",
    "defender-terrain": "woods",
    "attackers": 2,
    "defenders": 3,
    "opposite": 1,
}
# Attack p = 0.05 × ((10 + 0) − (6 + 3) + 3) + 0.5 = 0.7: 12 dice, 7 hits → 1 loss.
# Counter p = 0.25: 18 dice, 6 hits → 1 loss.
SCRIPT = [HIT] * 7 + [MISS] * 5 + [HIT] * 6 + [MISS] * 12
ENGLISH_WORDS = ("attacks", "Result", "Attack:", "Counter-strike", "losses", "dice", "hits")


async def _campaign(table: Table, channel: int) -> None:
    async with table.bot.store.transaction(
        channel, actor_id=table.user("gm").id, command="/setup"
    ) as tx:
        tx.create("imperium", {"turn": 1})


async def test_same_battle_same_numbers_and_history_in_english_and_russian(table: Table) -> None:
    ana, oleg = table.user("ana"), table.user("oleg", locale="ru")
    en_channel, ru_channel = 700000000000000001, 700000000000000002
    await _campaign(table, en_channel)
    await _campaign(table, ru_channel)

    table.set_dice(ScriptedDice(SCRIPT))
    en = await table.run("battle", BATTLE, user=ana, channel_id=en_channel)
    table.set_dice(ScriptedDice(SCRIPT))
    ru = await table.run("battle", BATTLE, user=oleg, channel_id=ru_channel)
    assert not en.ephemeral and not ru.ephemeral

    # Every number, in the same order, and the same embed shape.
    assert same_numbers(en.text, ru.text)
    assert len(en.embeds[0]["fields"]) == len(ru.embeds[0]["fields"]) == 4

    # The English reply, as before.
    assert "Tank attacks Trooper" in en.text
    assert "**Result:** Tank 2 → **1** · Trooper 3 → **2**" in en.text
    assert "Gang-up bonus B = 3 (1×3 opposite)" in en.text
    # The Russian reply is in Russian; unit and terrain names stay as printed.
    text = ru.text
    assert ru.embeds[0]["title"] == "Tank атакует Trooper"
    assert "2 Tank (Plains) → 3 Trooper (Woods), дистанция 1, правила: опубликованные" in text
    assert "Бонус за окружение B = 3 (1×3 напротив)" in text
    assert "**Итог:** Tank 2 → **1** · Trooper 3 → **2**" in text
    assert "p = 0,05 × ((10 + 0) − (6 + 3) + 3) + 0,5 = 0,7" in text
    assert (
        "A 10 (Tank против пехоты) · Ta +0 (Plains, бронетехника) · D 6 (Trooper) · "
        "Td +3 (Woods, пехота) · B 3"
    ) in text
    assert (
        "12 бросков, попадания по единицам: 6 1 = **7 попаданий** → Trooper теряет "
        "**1 единицу** (7 ÷ 6 с округлением вниз)"
    ) in text
    assert "18 бросков, попадания по единицам: 6 0 0 = **6 попаданий** → Tank теряет" in text
    assert "Ответный удар: Trooper → Tank (численность до боя, B = 0)" in text
    assert "Потери Trooper (точные шансы)" in text
    assert "потери 1 │" in text
    assert "записано в историю кампании этого канала" in text
    for word in ENGLISH_WORDS:
        assert word not in text, word

    # The same history entry (one stored message, shown in the reader's language) and the
    # same dice, in both channels.
    en_history = await table.bot.store.history(en_channel, limit=5)
    ru_history = await table.bot.store.history(ru_channel, limit=5)
    assert len(en_history) == len(ru_history) == 2  # the setup, then the battle
    assert en_history[0].summary == ru_history[0].summary
    english = render_summary("en", en_history[0].summary)
    assert english.startswith("Weewar battle: 2 Tank (Plains) attacked 3 Trooper")
    assert english.endswith("Trooper lost 1, Tank lost 1 — 1 Tank and 2 Trooper left")
    russian = render_summary("ru", ru_history[0].summary)
    assert russian.startswith("Бой Weewar: 2 Tank (Plains) атаковали 3 Trooper (Woods)")
    assert russian.endswith("Tank теряет 1 — осталось 1 Tank и 2 Trooper")
    assert en_history[0].dice == ru_history[0].dice
    # One entry per strike: its r values cut to six decimals (the double nearest 0.999 lies
    # just below it: 0.998999…), and the hits of each sub unit.
    cut_miss = 0.998999
    assert ru_history[0].dice == [
        {
            "kind": "uniform",
            "label": "Tank → Trooper",
            "value": [0.0] * 7 + [cut_miss] * 5,
            "hits": [6, 1],
        },
        {
            "kind": "uniform",
            "label": "Trooper → Tank",
            "value": [0.0] * 6 + [cut_miss] * 12,
            "hits": [6, 0, 0],
        },
    ]
    en_state = await table.state(channel_id=en_channel)
    assert en_state == await table.state(channel_id=ru_channel) == {"turn": 1}


async def test_seeded_odds_and_server_rules_match_in_both_languages(table: Table) -> None:
    oleg = table.user("oleg", locale="ru")
    options: dict[str, object] = {
        "attacker": "Helicopter",
        "defender": "Tank",
        "rules": "server",
        "flank": 2,
    }
    table.set_dice(Dice.seeded(3))
    en = await table.run("battle", options, user="ana")
    table.set_dice(Dice.seeded(3))
    ru = await table.run("battle", options, user=oleg)
    assert same_numbers(en.text, ru.text)
    assert "; серверное правило: попадание, если r < 0,69" in ru.text
    assert "правила: серверные" in ru.text
    assert "(2×2 с фланга)" in ru.text
    assert "Ответного удара нет: у Tank атака 0 против авиации" in ru.text
    assert "No counter-strike: Tank has attack 0 against air units" in en.text
    # Helicopter vs 10 Tanks: some loss counts round below 0.1 % and are summed in one row.
    assert re.search(r"ещё \d+ исход(а|ов)?: вместе", ru.text)
    assert re.search(r"\d+ other outcomes?: ", en.text)

    table.set_dice(ScriptedDice([]))
    odds = await table.run("battle", {**options, "odds-only": True}, user=oleg)
    assert odds.embeds[0]["title"] == "Helicopter атакует Tank — шансы"
    assert "попадания по единицам" not in odds.text


async def test_refusals_in_russian_change_nothing(table: Table) -> None:
    await _campaign(table, table.channel_id)
    before = await table.bot.store.history(table.channel_id, limit=50)
    oleg = table.user("oleg", locale="ru")
    cases: list[tuple[dict[str, object], str]] = [
        (
            {"attacker": "Submarine", "defender": "Tank"},
            "Submarine не может атаковать Tank: атака 0 против бронетехники",
        ),
        (
            {"attacker": "Heavy Artillery", "defender": "Tank", "distance": 1},
            "Heavy Artillery стреляет на дальность 3–4; дистанция 1 вне досягаемости",
        ),
        (
            {"attacker": "Tank", "defender": "Tank", "defender-terrain": "Water"},
            "Tank не может стоять на Water: местность недоступна для бронетехники "
            "(стоимость движения 99)",
        ),
        (
            {"attacker": "Tank", "defender": "heavy"},
            "«heavy» может означать Heavy Trooper, Heavy Artillery или Heavy Tank: "
            "укажите юнит полностью.",
        ),
        (
            {"attacker": "Tank", "defender": "Tank", "attacker-terrain": "ood"},
            "Неизвестная местность «ood»; может быть, Woods?",
        ),
    ]
    for options, expected in cases:
        reply = await table.run("battle", options, user=oleg)
        assert reply.ephemeral
        assert reply.text == expected
    # The English wording is unchanged.
    reply = await table.run("battle", {"attacker": "Submarine", "defender": "Tank"}, user="ana")
    assert reply.text == "Submarine cannot attack Tank: attack 0 against hard units"
    assert await table.state() == {"turn": 1}
    assert await table.bot.store.history(table.channel_id, limit=50) == before


def test_every_russian_battle_reply_fits_discords_embed_limits_unclipped() -> None:
    """Every legal matchup at every distance in range, 10 v 10, server rules, every gang-up
    count at 10 (so p is clamped): the Russian (and English) reply is never clipped."""
    from bot.rules import weewar as w
    from bot.rules.errors import BotError
    from cogs.weewar import render_battle

    checked = 0
    for attacker in w.unit_names():
        unit = w.find_unit(attacker)
        for defender in w.unit_names():
            for distance in range(unit.range_min, unit.range_max + 1):
                try:
                    setup = w.make_setup(
                        attacker, defender, distance=distance, ranged=10, beside=10,
                        opposite=10, flank=10, rules="server",
                    )  # fmt: skip
                except BotError:
                    continue
                battle = w.plan(setup)
                fought = w.Battle(
                    battle, w.plan_odds(battle), w.fight_plan(battle, ScriptedDice([HIT] * 120))
                )
                for loc in ("ru", "en"):
                    embed = render_battle(loc, fought, recorded=True).to_dict()
                    fields = embed.get("fields", [])
                    assert len(fields) == (4 if battle.counter else 3)
                    texts = [embed["title"], embed.get("description", "")]
                    texts += [f["name"] for f in fields] + [f["value"] for f in fields]
                    texts.append(embed["footer"]["text"])
                    assert not any(text.endswith("…") for text in texts)
                    assert all(len(f["value"]) <= 1024 for f in fields)
                    assert sum(len(text) for text in texts) <= 6000
                checked += 1
    assert checked > 200


async def test_losses_capped_at_the_defenders_count_in_russian(table: Table) -> None:
    # 3 Tanks vs 1 Trooper, every die a hit: 18 hits would be 3 losses, but there is 1 Trooper.
    table.set_dice(ScriptedDice([HIT] * 18 + [MISS] * 6))
    options: dict[str, object] = {
        "attacker": "Tank",
        "defender": "Trooper",
        "attackers": 3,
        "defenders": 1,
    }
    ru = await table.run("battle", options, user=table.user("oleg", locale="ru"))
    assert (
        "18 бросков, попадания по единицам: 6 6 6 = **18 попаданий** → Trooper теряет "
        "**1 единицу** (18 ÷ 6 с округлением вниз, но не больше 1)"
    ) in ru.text
    assert "6 бросков, попадания по единицам: 0 = **0 попаданий** → Tank теряет **0 единиц**" in (
        ru.text
    )
    table.set_dice(ScriptedDice([HIT] * 18 + [MISS] * 6))
    en = await table.run("battle", options, user="ana")
    assert "(18 ÷ 6, rounded down, at most 1)" in en.text
    assert "6 dice, hits per sub unit: 0 = **0 hits** → Tank loses **0 sub units**" in en.text
    assert same_numbers(en.text, ru.text)
