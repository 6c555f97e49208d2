"""Asteroid Belt in Russian: the same scripted three-player game played by English-speaking
members in one channel and by Russian-speaking members in another ends in the same state; every
Russian reply is in Russian (the stand-in checks each reply against Discord's limits)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

EN_CHANNEL = 900000000000000101
RU_CHANNEL = 900000000000000102

# (command, options, member, dice for this command) — the game of test_asteroid_belt.py
SCRIPT: list[tuple[str, dict[str, Any], str, list[int]]] = [
    ("asteroids setup", {"civilisations": "violet orange green", "goal": 6}, "gm", [2]),
    ("asteroids join", {"civilisation": "violet"}, "ana", []),
    ("asteroids join", {"civilisation": "orange"}, "bo", []),
    ("asteroids join", {"civilisation": "green"}, "cy", []),
    ("asteroids move", {"unit": "assault"}, "ana", []),
    ("asteroids move", {"unit": "engineer", "moves": 2}, "ana", []),
    ("capture target", {"asteroid": "r1"}, "ana", []),
    ("asteroids end-turn", {}, "ana", []),
    ("capture guards", {"asteroid": "r1", "picks": "engineer"}, "bo", [1, 4]),
    ("asteroids move", {"unit": "assault"}, "bo", []),
    ("capture mine", {"asteroid": "r1"}, "bo", []),
    ("capture target", {"asteroid": "y1"}, "bo", []),
    ("asteroids end-turn", {}, "bo", []),
    ("capture guards", {"asteroid": "y1", "picks": "assault"}, "cy", [3, 2]),
    ("asteroids move", {"unit": "engineer", "moves": 3}, "cy", []),
    ("asteroids move", {"unit": "recon"}, "cy", []),
    ("asteroids shuttle", {"at": "g1", "units-aboard": "engineer recon"}, "cy", []),
    ("asteroids raid", {}, "cy", [5, 1]),
    ("asteroids end-turn", {}, "cy", []),
    (
        "asteroids fight",
        {"attacker": "assault", "defender": "engineer", "defender-side": "green"},
        "ana",
        [4, 4],
    ),
    ("capture target", {"asteroid": "g2"}, "ana", []),
    ("asteroids create", {"unit": "recon"}, "ana", []),
    ("asteroids token", {"note": "прыжок"}, "ana", []),
    ("asteroids end-turn", {}, "ana", []),
    ("capture guards", {"asteroid": "g2", "picks": "assault engineer"}, "bo", [1, 2, 2, 2]),
    ("asteroids move", {"unit": "assault"}, "bo", []),
    ("capture attack", {"asteroid": "y1", "unit": "assault"}, "bo", [5, 3]),
    ("capture mine", {"asteroid": "y1"}, "bo", []),
    ("asteroids end-turn", {}, "bo", []),
    ("asteroids end-turn", {}, "cy", []),
    ("capture attack", {"asteroid": "g2", "unit": "assault"}, "ana", [6, 1]),
    ("capture mine", {"asteroid": "g2"}, "ana", []),
    ("asteroids status", {}, "ana", []),
    ("asteroids end-turn", {}, "ana", []),
    ("capture target", {"asteroid": "v4"}, "bo", []),
    ("asteroids end-turn", {}, "bo", []),
    ("capture guards", {"asteroid": "v4", "picks": "assault assault"}, "cy", [1, 6, 1, 6]),
    ("asteroids end-turn", {}, "cy", []),
    ("asteroids end-turn", {}, "ana", []),
    ("capture attack", {"asteroid": "v4", "unit": "assault", "guard": "recon"}, "bo", [3, 3]),
    ("capture mine", {"asteroid": "v4"}, "bo", []),
    ("asteroids status", {}, "cy", []),
]

# Latin words a Russian reply may hold: command paths, asteroid labels, the dice notation
COMMANDS = re.compile(r"/(asteroids|capture)( [a-z-]+)?|<@\d+>|`[^`]*`")
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


def _play_as(table: Table, locale: str) -> None:
    for name in ("gm", "ana", "bo", "cy"):
        table.user(name, manage_channels=name == "gm").locale = locale


async def _play(table: Table, locale: str, channel: int) -> list[str]:
    _play_as(table, locale)
    texts: list[str] = []
    for path, options, user, dice in SCRIPT:
        table.set_dice(ScriptedDice(dice))
        reply = await table.run(path, options, user=user, channel_id=channel)
        assert not reply.ephemeral, (path, reply.text)
        texts.append(reply.text)
    return texts


async def test_the_same_game_in_both_languages_ends_in_the_same_state(table: Table) -> None:
    english = await _play(table, "en-US", EN_CHANNEL)
    russian = await _play(table, "ru", RU_CHANNEL)
    en_state, ru_state = await table.state(EN_CHANNEL), await table.state(RU_CHANNEL)
    assert en_state is not None and en_state["winner"] == "orange"
    assert ru_state is not None
    # the same game; only each player's remembered language (for the end-turn ping) differs
    assert {c["locale"] for c in en_state["civs"].values()} == {"en"}
    assert {c["locale"] for c in ru_state["civs"].values()} == {"ru"}
    for civs in (en_state["civs"], ru_state["civs"]):
        for civ in civs.values():
            del civ["locale"]
    assert ru_state == en_state

    assert "Orange Empire reaches 7 of 6 VP and wins" in english[-2]
    assert "Оранжевая Империя набирает 7 из 6 ОП и побеждает" in russian[-2]
    assert "Грузовой шаттл ждёт у портала 2 из 4" in russian[0]
    assert "Оранжевая Империя ставит фишку «Цель» на y1 (класс 2)" in russian[11]
    assert "Охраны не осталось: фишка «Цель» на r1 меняется на «Флаг»" in russian[8]
    assert "кубик 5, добыча — 30 ресурсов" in russian[17]
    assert "Грузовой шаттл переходит из портала 2 в портал 1" in russian[17]
    assert "победа 58,3 %, ничья 13,9 %, поражение 27,8 %" in russian[19]
    assert "Отряд Зелёной Анархии уходит в ремонт: инженерный отряд" in russian[19]
    assert "**40** ресурсов · **2/6** ОП" in russian[32]
    for path_and_text in zip(SCRIPT, russian, strict=True):
        (path, _, _, _), text = path_and_text
        assert re.search("[а-яё]", text, re.IGNORECASE), (path, text)
        words = set(LATIN_WORD.findall(COMMANDS.sub("", text))) - {"Distant", "Galaxy"}
        assert words == set(), (path, words, text)


async def test_russian_refusals_autocomplete_and_odds(table: Table) -> None:
    _play_as(table, "ru")
    table.set_dice(ScriptedDice([1]))
    await table.run("asteroids setup", {"civilisations": "green violet"}, user="gm")
    await table.run("asteroids join", {"civilisation": "green"}, user="ana")
    await table.run("asteroids join", {"civilisation": "violet"}, user="bo")
    before = await table.state()
    refusals = [
        ("asteroids move", {"unit": "engineer"}, "bo", "Сейчас ход цивилизации «Зелёная Анархия»"),
        ("asteroids move", {"unit": "engineer", "moves": 40}, "ana", "а у Зелёной Анархии только"),
        ("capture target", {"asteroid": "v2"}, "ana", "уже шахта цивилизации «Фиолетовая Федерация»"),
        ("capture target", {"asteroid": "x7"}, "ana", "На поле нет астероида «x7»"),
        ("capture mine", {"asteroid": "r1"}, "ana", "ещё нет флага"),
        ("asteroids create", {"unit": "elite"}, "ana", "Элитный отряд Зелёной Анархии не в ремонте"),
        ("asteroids end-turn", {}, "zed", "Вы ещё не выбрали цивилизацию"),
        ("asteroids setup", {"civilisations": "violet orange"}, "gm", "уже идёт кампания"),
        ("asteroids join", {"civilisation": "violet"}, "zed", "уже выбрал другой участник"),
    ]  # fmt: skip
    table.user("zed").locale = "ru"
    for path, options, user, expected in refusals:
        reply = await table.run(path, options, user=user)
        assert reply.ephemeral, (path, reply.text)
        assert expected in reply.text, (path, reply.text)
        assert "\n" not in reply.text
        assert await table.state() == before, path

    reply = await table.run(
        "asteroids join",
        {"civilisation": "violet", "member": table.user("zed").id},
        user="ana",
    )
    assert reply.ephemeral and "отдавать цивилизацию другому участнику" in reply.text

    reply = await table.run(
        "asteroids fight", {"attacker": "assault", "defender": "engineer", "odds-only": True}
    )
    assert reply.text.startswith("Шансы в сражении")
    assert "победа **58,3 %** (7/12) · ничья **13,9 %** (5/36)" in reply.text

    got = await table.autocomplete("capture target", {"asteroid": "v"}, "asteroid", user="ana")
    assert [c["name"] for c in got] == [
        "v3 (класс 5, фиолетовая граница): свободен",
        "v4 (класс 5, фиолетовая граница): свободен",
        "v5 (класс 5, фиолетовая граница): свободен",
    ]
    got = await table.autocomplete(
        "asteroids create", {"unit": "engineer", "at": ""}, "at", user="ana"
    )
    assert got == [
        {
            "name": "v1 (класс 5, фиолетовая граница): стартовая база — Зелёная Анархия",
            "value": "v1",
        }
    ]
    got = await table.autocomplete(
        "asteroids move", {"unit": "engineer", "civilisation": "фиол"}, "civilisation"
    )
    assert got == [{"name": "Фиолетовая Федерация", "value": "violet"}]

    # a Russian member's unit names are understood in free-text options
    await table.run("asteroids move", {"unit": "engineer"}, user="ana")
    await table.run("asteroids end-turn", user="ana")
    await table.run("asteroids move", {"unit": "recon"}, user="bo")
    reply = await table.run(
        "asteroids shuttle", {"at": "g1", "units-aboard": "разведчик"}, user="bo"
    )
    assert not reply.ephemeral, reply.text
    table.set_dice(ScriptedDice([5, 4]))
    reply = await table.run("asteroids raid", user="bo")
    assert not reply.ephemeral
    assert (
        "Фиолетовая Федерация нападает на грузовой шаттл шаттлом 1, на борту 1: кубик 5"
        in reply.text
    )
    assert "нападение на грузовой шаттл, на борту 1: **5**" in reply.text


async def test_help_lists_the_game_in_russian(table: Table) -> None:
    reply = await table.run("help", user=table.user("oleg", locale="ru"))
    fields = [f["name"] for f in reply.embeds[0]["fields"]]
    assert "Пояс астероидов" in fields
    assert "`/астероиды начать`" in reply.text
    reference = await table.run(
        "help", {"game": "asteroid_belt"}, user=table.user("oleg", locale="ru")
    )
    assert (
        "**`/астероиды начать`** — Начать кампанию «Пояс астероидов» в этом канале"
        in reference.embeds[0]["description"]
    )


async def test_end_turn_ping_speaks_the_pinged_players_language(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    ana = table.user("ana")  # English
    oleg = table.user("oleg", locale="ru")
    await table.run("asteroids setup", {"civilisations": "violet orange green", "goal": 6}, user=gm)
    await table.run("asteroids join", {"civilisation": "violet"}, user=ana)
    await table.run("asteroids join", {"civilisation": "orange"}, user=oleg)
    # green is given to a member by the game master: the bot has not seen their language yet
    cy = table.user("cy")
    await table.run("asteroids join", {"civilisation": "green", "member": cy}, user=gm)

    # Ana (English) ends her turn: Oleg is pinged in Russian, the embed stays Ana's English
    reply = await table.run("asteroids end-turn", None, user=ana)
    assert reply.text.startswith(f"<@{oleg.id}>, ваш ход:"), reply.text
    assert "Orange Empire" not in reply.text.split("\n")[0]
    # Oleg (Russian) ends his: Cy was never seen, so the ping follows the table as the bot
    # knows it, the language of whoever ended the turn
    reply = await table.run("asteroids end-turn", None, user=oleg)
    assert reply.text.startswith(f"<@{cy.id}>, ваш ход:"), reply.text
    # the game master ends Cy's turn in English: Ana is pinged in English, her own language
    reply = await table.run("asteroids end-turn", None, user=gm)
    assert reply.text.startswith(f"<@{ana.id}>, "), reply.text
    assert "is yours to play" in reply.text.split("\n")[0]
