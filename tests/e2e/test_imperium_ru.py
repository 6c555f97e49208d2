"""GDW Imperium in Russian: the same scripted game gives the same state in both languages, the
replies and refusals come out in the member's language, and /help shows one Imperium section."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply, User

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

EN_CHANNEL = 900000000000000101
RU_CHANNEL = 900000000000000102
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def members(table: Table, locale: str) -> tuple[User, User, User]:
    """The same three members (same ids) speaking ``locale``."""
    gm = table.user("gm", manage_channels=True)
    ana = table.user("ana")
    bo = table.user("bo")
    return tuple(  # type: ignore[return-value]
        User(id=u.id, name=u.name, manage_channels=u.manage_channels, locale=locale)
        for u in (gm, ana, bo)
    )


async def play(table: Table, locale: str, channel: int) -> list[Reply]:
    """Set-up, systems, ships, two initiative rounds, a range choice, a screen roll and a
    maintenance phase; returns every reply."""
    gm, ana, bo = members(table, locale)
    capital = "линейный" if locale == "ru" else "capital"  # the class as the member types it
    steps: list[tuple[str, dict[str, Any] | None, User, list[int] | None]] = [
        ("imperium setup", {"terran": ana, "imperial": bo}, gm, None),
        (
            "imperium system set",
            {"name": "Sol", "owner": "terran", "worlds": 1, "homeworld": True},
            gm,
            None,
        ),
        ("imperium rus", {"side": "terran", "stock": 10, "income": 5}, gm, None),
        ("imperium war", None, gm, None),
        (
            "imperium ship add",
            {
                "name": "Victory",
                "type": "CR",
                "system": "Sol",
                "tclass": capital,
                "maintenance": 4,
                "screen": 3,
            },
            ana,
            None,
        ),
        (
            "imperium ship add",
            {
                "name": "Hope",
                "type": "CR",
                "system": "sol",
                "tclass": capital,
                "maintenance": 4,
                "screen": 2,
            },
            ana,
            None,
        ),
        (
            "imperium ship add",
            {"name": "MB1", "type": "missile boat", "system": "Sol", "tclass": "other"},
            bo,
            None,
        ),
        ("initiative", {"system": "sol", "range": "short"}, ana, []),
        # Terran d4 + 2 + held 1 = 7, Imperial d6 + 3 + fewer 1 = 10: Imperial wins
        ("initiative", {"system": "Sol", "range": "long"}, ana, [4, 6]),
        ("imperium range", {"system": "Sol", "range": "long"}, bo, None),
        ("imperium fire-steps", {"system": "Sol"}, bo, None),
        ("imperium screen", {"ship": "victory"}, bo, [2]),  # screen 3, die 2: disrupted
        # overhaul Victory (4 RU), Hope gets routine, MB1 frontier: die 1 -> disrupted
        ("maintenance", {"system": "Sol", "overhaul": "Victory"}, ana, [1]),
        ("imperium status", None, bo, None),
    ]
    replies: list[Reply] = []
    for path, options, user, dice in steps:
        if dice is not None:
            table.set_dice(ScriptedDice(dice))
        reply = await table.run(path, options, user=user, channel_id=channel)
        assert not reply.ephemeral, (path, reply.text)
        replies.append(reply)
    return replies


async def test_same_game_in_english_and_russian_gives_the_same_state(table: Table) -> None:
    english = await play(table, "en-US", EN_CHANNEL)
    russian = await play(table, "ru", RU_CHANNEL)
    en_state = await table.state(EN_CHANNEL)
    ru_state = await table.state(RU_CHANNEL)
    assert en_state is not None and en_state == ru_state
    # the script did what it says
    assert en_state["rus"]["terran"] == 6
    ships = {s["name"]: s for s in en_state["ships"]}
    assert ships["Victory"]["disrupted"] is False  # overhauled
    assert ships["Hope"]["tclass"] == "capital"
    assert ships["MB1"]["disrupted"] is True
    assert en_state["combats"][0]["last_initiative"] == "imperial"
    # every Russian reply is Russian; the English ones are English
    for en, ru in zip(english, russian, strict=True):
        assert CYRILLIC.search(ru.text), ru.text
        assert not CYRILLIC.search(en.text), en.text
        assert len(ru.embeds) == len(en.embeds)
    setup, *_ = russian
    assert "Кампания GDW Imperium начата" in setup.text
    assert "Дальше: /imperium система задать" in setup.text
    text = "\n".join(r.text for r in russian)
    assert "Sol: Терране, 1 мир, 0 аванпостов, родной мир, факторов обслуживания: 20" in text
    assert "Терране: в запасе 10 RU, доход 5 RU." in text
    assert "Война 1 началась" in text and "Активная сторона — Терране." in text
    assert "Терране · Hope @ Sol: CR (линейный), обсл. 4, экран 2, в строю, прыжковый" in text
    assert "Первый раунд: инициатива у активной стороны (Терране), без броска." in text
    assert "Дальность: ближняя (выбор Терран на первый раунд)." in text
    assert (
        "Терране: кубик 4 + тактическая скорость самого медленного (Hope) 2, "
        "инициатива в прошлом раунде +1 = 7"
    ) in text
    assert "Шанс Империи выиграть инициативу: 72,2 %" in text
    assert "Шанс Терран выиграть инициативу: 27,8 %" in text
    assert "Инициативу выигрывает Империя." in text
    assert "дальность выбирает только сторона с инициативой — Империя" in text
    assert "Дальность в системе Sol: ближняя → дальняя (изменена Империей)." in text
    assert "Объявлять самоубийственные атаки" in text
    assert "Victory: экран 3, кубик 2 → дезорганизован" in text and "33,3 %" in text
    assert "Терране платят 4 RU за капремонт." in text
    assert "Victory: капремонт (4 RU) → в строю" in text
    assert "Hope: плановое (факторов: 4) → без изменений: в строю" in text
    assert "MB1: полевое, обслуживание 2, был: в строю, кубик 1 → дезорганизован" in text
    assert "GDW Imperium (война 1, активная сторона — Терране)" in text
    # and the English run kept its wording
    assert "Imperial wins the initiative." in "\n".join(r.text for r in english)


async def refused_ru(table: Table, path: str, options: dict[str, Any] | None, user: User) -> str:
    before = await table.state(RU_CHANNEL)
    reply = await table.run(path, options, user=user, channel_id=RU_CHANNEL)
    assert reply.ephemeral, reply.text
    assert "\n" not in reply.text.strip()
    assert CYRILLIC.search(reply.text), reply.text
    assert await table.state(RU_CHANNEL) == before
    return reply.text


async def test_russian_refusals_from_rules_cog_and_core(table: Table) -> None:
    gm, ana, bo = members(table, "ru")
    text = await refused_ru(table, "imperium status", None, ana)
    assert text.startswith("В этом канале нет кампании «GDW Imperium»")
    await table.run(
        "imperium setup", {"terran": ana, "imperial": bo}, user=gm, channel_id=RU_CHANNEL
    )
    await table.run(
        "imperium system set",
        {"name": "Sol", "owner": "terran", "worlds": 1},
        user=gm,
        channel_id=RU_CHANNEL,
    )
    assert await refused_ru(table, "imperium war", None, ana) == (
        "Только ведущий может начинать войну — участник, начавший кампанию, добавленный "
        "ведущий или тот, у кого есть право «Управлять каналами»."
    )
    assert await refused_ru(table, "imperium fire-steps", {"system": "Sol"}, ana) == (
        "В системе Sol нет космического боя: сначала определите инициативу командой /инициатива."
    )
    assert await refused_ru(table, "imperium fleet", {"system": "So"}, ana) == (
        "Нет системы «So». Может быть, Sol? Добавьте её командой /imperium система задать."
    )
    await table.run(
        "imperium ship add",
        {"name": "Victory", "type": "CR", "system": "Sol", "tclass": "capital", "maintenance": 4},
        user=ana,
        channel_id=RU_CHANNEL,
    )
    assert await refused_ru(table, "imperium ship disrupt", {"ship": "victory"}, bo) == (
        "Только игроки Терран или ведущий могут дезорганизовать его."
    )
    assert await refused_ru(
        table,
        "imperium ship add",
        {"name": "X", "type": "CR", "system": "Sol", "tclass": "линкор", "maintenance": 4},
        ana,
    ) == ("`класс` — одно из: грузовой, танкер, линейный, истребитель, десант или прочий.")
    assert await refused_ru(
        table,
        "imperium ship add",
        {"name": "V2", "type": "CR", "system": "Sol", "tclass": "capital", "maintenance": 20},
        ana,
    ) == (
        "До войны ни в одной системе не может быть больше кораблей, чем позволяет её лимит "
        "планового обслуживания (Sol: кораблям Терран нужно факторов обслуживания: 24, "
        "система даёт им 20)."
    )
    # an English member gets the same refusal in English
    english_bo = table.user("bo")
    reply = await table.run(
        "imperium ship disrupt", {"ship": "victory"}, user=english_bo, channel_id=RU_CHANNEL
    )
    assert reply.ephemeral and reply.text == (
        "Only Terran's players or the game master may disrupt it."
    )


async def test_russian_autocomplete_shows_class_names_and_sends_the_value(table: Table) -> None:
    _gm, ana, _bo = members(table, "ru")
    choices = await table.autocomplete(
        "imperium ship add", {"tclass": "лин"}, "tclass", user=ana, channel_id=RU_CHANNEL
    )
    assert choices == [{"name": "линейный", "value": "capital"}]
    choices = await table.autocomplete(
        "imperium ship add", {"tclass": "cap"}, "tclass", user=ana, channel_id=RU_CHANNEL
    )
    assert [c["value"] for c in choices] == ["capital"]


async def test_help_shows_one_imperium_section(table: Table) -> None:
    for locale in ("en-US", "ru"):
        gm, _ana, _bo = members(table, locale)
        reply = await table.run("help", user=gm)
        names = [f["name"] for e in reply.embeds for f in e.get("fields", [])]
        imperium = [i for i, n in enumerate(names) if n.startswith("GDW Imperium")]
        assert names.count("GDW Imperium") == 1, names
        assert imperium == list(range(imperium[0], imperium[0] + len(imperium))), names
        block = "\n".join(
            f["value"]
            for e in reply.embeds
            for f in e.get("fields", [])
            if f["name"].startswith("GDW Imperium")
        )
        commands = ("/imperium setup", "/initiative", "/maintenance", "/imperium ship add")
        if locale == "ru":
            commands = (
                "/imperium начать",
                "/инициатива",
                "/техобслуживание",
                "/imperium корабль добавить",
            )
        for command in commands:
            assert f"`{command}`" in block
