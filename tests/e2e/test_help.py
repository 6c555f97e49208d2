"""/help through the real client: the overview on one page with one field per game, and
``/help game:…`` as each game's full reference (every command, its description and options,
in the reader's language), paged with ◀ / ▶."""

from __future__ import annotations

from typing import Any

import pytest

from bot.catalog import t
from bot.games import EVERY_GAME
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply
from tests.synced import GAME_TOPS, leaf_commands, localized, localized_path

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

LOCALES = {"en": "en-US", "ru": "ru"}
#: each game's field in the overview: its title in the reader's language
GAME_FIELD = {loc: {g.key: t(loc, f"game-{g.key}") for g in EVERY_GAME} for loc in LOCALES}
PREVIOUS = {"en": "◀ Previous", "ru": "◀ Назад"}
NEXT = {"en": "Next ▶", "ru": "Дальше ▶"}


def game_of(qualified_name: str) -> str | None:
    top = qualified_name.split()[0]
    return next((game for game, tops in GAME_TOPS.items() if top in tops), None)


def button(reply: Reply, label: str) -> dict[str, Any]:
    return next(b for b in reply.message.buttons() if b["label"] == label)


@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_overview_is_one_page_with_one_field_per_game(table: Table, lang: str) -> None:
    await table.discord.synced.wait()
    synced = table.discord.commands
    reply = await table.run("help", user=table.user(f"reader-{lang}", locale=LOCALES[lang]))
    assert reply.ephemeral
    assert len(reply.embeds) == 1 and reply.message.buttons() == []
    fields = {f["name"]: f["value"] for f in reply.embeds[0]["fields"]}
    assert len(fields) == len(reply.embeds[0]["fields"]), "no section split into two fields"
    for game, name in GAME_FIELD[lang].items():
        block = fields[name]
        for qualified in leaf_commands(synced):
            if game_of(qualified) == game:
                assert f"`/{localized_path(synced, qualified, lang)}`" in block, qualified
    # the commands every table uses, one line each with their description
    others = "\n".join(v for n, v in fields.items() if n not in GAME_FIELD[lang].values())
    for qualified, node in leaf_commands(synced).items():
        if game_of(qualified) is None:
            shown = f"`/{localized_path(synced, qualified, lang)}` — "
            assert shown + localized(node, "description", lang) in others, qualified


async def test_overview_names_each_games_reference_command(table: Table) -> None:
    en = await table.run("help")
    assert "Every option: `/help game:Asteroid Belt`" in en.text
    ru = await table.run("help", user=table.user("oleg", locale="ru"))
    assert "Все параметры: `/помощь игра:Пояс астероидов`" in ru.text
    assert "`/imperium корабль добавить`" in ru.text


async def read_all_pages(table: Table, reply: Reply, lang: str, user: Any) -> list[str]:
    """Every page's text, pressing ▶ until it is disabled; checks the buttons on the way."""
    pages = [reply.embeds[0]["description"]]
    buttons = reply.message.buttons()
    if not buttons:
        return pages
    assert button(reply, PREVIOUS[lang])["disabled"] is True
    current = reply
    while not button(current, NEXT[lang]).get("disabled"):
        current = await table.click(current.message, NEXT[lang], user=user)
        pages.append(current.embeds[0]["description"])
        assert button(current, PREVIOUS[lang]).get("disabled") is False
    return pages


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", list(GAME_TOPS))
async def test_game_reference_shows_every_command_with_its_options(
    table: Table, game: str, lang: str
) -> None:
    await table.discord.synced.wait()
    synced = table.discord.commands
    user = table.user(f"reader-{lang}", locale=LOCALES[lang])
    reply = await table.run("help", {"game": game}, user=user)
    assert reply.ephemeral
    title = reply.embeds[0]["title"]
    assert title.startswith(GAME_FIELD[lang][game])
    pages = await read_all_pages(table, reply, lang, user)
    text = "\n".join(pages)
    mine = {q: n for q, n in leaf_commands(synced).items() if game_of(q) == game}
    assert mine
    for qualified, node in mine.items():
        path = localized_path(synced, qualified, lang)
        assert f"**`/{path}`** — {localized(node, 'description', lang)}" in text, qualified
        for option in node.get("options") or []:
            line = f"• `{localized(option, 'name', lang)}` ("
            assert line in text, f"{qualified} {option['name']}"
            assert localized(option, "description", lang) in text
            for choice in option.get("choices") or []:
                assert localized(choice, "name", lang) in text
    # commands of other games are not in this reference
    for qualified in leaf_commands(synced):
        if game_of(qualified) not in (game, None):
            assert f"`/{localized_path(synced, qualified, lang)}`" not in text


async def test_reference_pages_back_and_forth_with_footers(table: Table) -> None:
    reply = await table.run("help", {"game": "asteroid_belt"}, user="ana")
    first = reply.embeds[0]
    pages = int(first["footer"]["text"].split(" of ")[1].split(" ")[0])
    assert pages >= 2
    assert first["footer"]["text"].startswith(f"Page 1 of {pages} · ")
    assert "docs/asteroid-belt.md" in first["footer"]["text"]
    second = await table.click(reply.message, "Next ▶", user="ana")
    assert second.embeds[0]["footer"]["text"].startswith(f"Page 2 of {pages}")
    back = await table.click(second.message, "◀ Previous", user="ana")
    assert back.embeds[0]["description"] == first["description"]
    ru = await table.run("help", {"game": "imperium"}, user=table.user("oleg", locale="ru"))
    assert ru.embeds[0]["footer"]["text"].startswith("Страница 1 из ")
    assert "**`/imperium начать`** — " in ru.embeds[0]["description"]


async def test_a_short_reference_is_one_page_without_buttons(table: Table) -> None:
    reply = await table.run("help", {"game": "weewar"})
    assert reply.message.buttons() == []
    text = reply.embeds[0]["description"]
    assert "**`/battle`** — " in text
    assert "• `rules` (optional) — " in text and "one of: published, server" in text
    assert reply.embeds[0]["footer"]["text"].startswith("Page 1 of 1 · ")
