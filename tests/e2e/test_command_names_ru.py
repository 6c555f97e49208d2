"""Commands, options and choices in replies are named as the reader's Discord shows them: a
Russian member reads ``/астероиды вступить`` where an English one reads ``/asteroids join``,
both from the names the bot synced (never a literal in a catalog)."""

from __future__ import annotations

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table
from tests.synced import localized_path

EN_CHANNEL = 900000000000002701
RU_CHANNEL = 900000000000002702


async def test_a_reply_names_the_command_as_the_readers_discord_does(table: Table) -> None:
    await table.discord.synced.wait()
    # the names come from what Discord received at sync
    join = localized_path(table.discord.commands, "asteroids join", "ru")
    assert join == "астероиды вступить"
    for locale, channel, shown in (
        ("en", EN_CHANNEL, "`/asteroids join`"),
        ("ru", RU_CHANNEL, f"`/{join}`"),
    ):
        gm = table.user(f"gm-{locale}", locale=locale, manage_channels=True)
        table.set_dice(ScriptedDice([2]))
        reply = await table.run(
            "asteroids setup", {"civilisations": "violet orange"}, user=gm, channel_id=channel
        )
        assert shown in reply.text, reply.text
        player = table.user(f"ana-{locale}", locale=locale)
        reply = await table.run(
            "capture target", {"asteroid": "r1"}, user=player, channel_id=channel
        )
        assert reply.ephemeral
        if locale == "ru":
            assert reply.text.startswith(
                "Вы ещё не выбрали цивилизацию: сначала /астероиды вступить."
            )
            assert "/asteroids" not in reply.text
        else:
            assert reply.text.startswith(
                "You have not claimed a civilisation here: use /asteroids join first."
            )


async def test_nothing_to_undo_and_the_campaign_refusals(table: Table) -> None:
    ru = table.user("olga", locale="ru", manage_channels=True)
    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    await table.run("ia setup", {"difficulty": "easy", "threat-level": 3}, user=ru)
    reply = await table.run("campaign undo", user=ru)
    assert reply.ephemeral and "(удалить её — /кампания завершить)" in reply.text
    reply = await table.run("imperium setup", user=ru)
    assert reply.ephemeral and "сначала завершите её командой /кампания завершить" in reply.text
    en = table.user("oliver", locale="en-GB", manage_channels=True)
    reply = await table.run("campaign undo", user=en)
    assert "(use /campaign end to remove it)" in reply.text


async def test_option_checks_name_options_and_choices_in_the_readers_language(
    table: Table,
) -> None:
    ru = table.user("olga", locale="ru", manage_channels=True)
    en = table.user("oliver", locale="en-US", manage_channels=True)
    reply = await table.run("ia setup", {"difficulty": "extreme", "threat-level": 3}, user=ru)
    assert reply.ephemeral
    assert reply.text.startswith("`сложность` — одно из: Лёгкая, Средняя, Сложная.")
    reply = await table.run("ia setup", {"difficulty": "extreme", "threat-level": 3}, user=en)
    assert reply.text.startswith("`difficulty` must be one of: easy, medium, hard.")
    reply = await table.run("asteroids setup", {"civilisations": "violet", "variant": "x"}, user=ru)
    assert reply.text.startswith("`вариант` — одно из: Стандартный, Ускоренный, Усложнённый.")
    reply = await table.run("ia setup", {"difficulty": "easy"}, user=ru)
    assert reply.text.startswith("/ia начать: нужен параметр `уровень-угрозы`.")
    reply = await table.run("ia setup", {"difficulty": "easy"}, user=en)
    assert reply.text.startswith("/ia setup needs `threat-level`.")
    reply = await table.run(
        "battle", {"attacker": "Tank", "defender": "Trooper", "distance": 0}, user=ru
    )
    assert reply.text.startswith("`дистанция` должен быть")
    assert await table.state() is None
