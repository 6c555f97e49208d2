"""A mistyped name, through the real bot: one private line naming the closest names, in the
member's language, and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest

from bot.sandbox.harness import Table

CASES: list[tuple[str, dict[str, Any], str, str]] = [
    (
        "battle",
        {"attacker": "Tnak", "defender": "Trooper"},
        "Unknown unit “Tnak”; did you mean Tank?",
        "Неизвестный юнит «Tnak»; может быть, Tank?",
    ),
    (
        "battle",
        {"attacker": "Tank", "defender": "Trooper", "defender-terrain": "Wods"},
        "Unknown terrain “Wods”; did you mean Woods?",
        "Неизвестная местность «Wods»; может быть, Woods?",
    ),
    (
        "ia setup",
        {"difficulty": "medium", "threat-level": 3, "expansions": "Core, Jaba"},
        "Unknown expansion 'Jaba'; did you mean Jabba?",
        "Неизвестное дополнение «Jaba»; может быть, Jabba?",
    ),
    (
        "asteroids setup",
        {"civilisations": "violte orange", "goal": 6},
        "Unknown civilisation 'violte': did you mean violet? "
        "Civilisations are violet, orange, green.",
        "Неизвестная цивилизация «violte»: может быть, violet? "
        "Цивилизации: фиолетовая, оранжевая, зелёная.",
    ),
]


@pytest.mark.parametrize(("path", "options", "english", "russian"), CASES)
async def test_a_slip_is_answered_with_the_closest_name(
    table: Table, path: str, options: dict[str, Any], english: str, russian: str
) -> None:
    for locale, expected, channel in (("en-US", english, 1001), ("ru", russian, 1002)):
        member = table.user(f"gm-{locale}", manage_channels=True, locale=locale)
        reply = await table.run(path, options, user=member, channel_id=channel)
        assert reply.ephemeral
        assert reply.text == expected
        assert await table.state(channel) is None


async def test_an_imperium_system_slip_names_the_system(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    await table.run("imperium setup", {"terran": gm, "imperial": table.user("bo")}, user=gm)
    await table.run("imperium system set", {"name": "Sol", "owner": "terran", "worlds": 1}, user=gm)
    before = await table.state()
    reply = await table.run("imperium fleet", {"system": "Sool"}, user=gm)
    assert reply.ephemeral
    assert (
        reply.text == "No system called 'Sool'. Did you mean Sol? Add it with /imperium system set."
    )
    ru = table.user("ru", locale="ru")
    reply = await table.run("imperium fleet", {"system": "Sool"}, user=ru)
    assert reply.text.startswith("Нет системы «Sool». Может быть, Sol?")
    assert await table.state() == before
