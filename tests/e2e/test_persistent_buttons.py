"""Every button under a reply needs nothing held in memory: Roll again (/roll, /battle), the
history and help pagers, and the confirmations of /campaign end and /campaign undo are pressed
after the bot restarts on the same database, in English and Russian, and by a member who may
not; each does what its command does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table, running_table
from bot.sandbox.standin import Message, StandIn, User


class Restarts:
    """A stand-in Discord and a database the bot is started against, again and again."""

    def __init__(self, discord: StandIn, database: Path) -> None:
        self.discord = discord
        self.database = database
        self.users: dict[str, User] = {}

    @asynccontextmanager
    async def bot(self) -> AsyncIterator[Table]:
        async with running_table(self.database, standin=self.discord) as table:
            table.users = self.users
            yield table


@asynccontextmanager
async def restarts(tmp_path: Path) -> AsyncIterator[Restarts]:
    async with StandIn() as discord:
        yield Restarts(discord, tmp_path / "campaigns.sqlite3")


def labels(message: Message) -> list[tuple[str, bool]]:
    return [(b["label"], bool(b.get("disabled"))) for b in message.buttons()]


async def imperium(table: Table) -> None:
    gm = table.user("gm")
    ana, bo = table.user("ana"), table.user("bo")
    options: dict[str, Any] = {"terran": ana, "imperial": bo}
    assert not (await table.run("imperium setup", options, user=gm)).ephemeral


async def test_roll_again_after_a_restart_in_english_and_russian(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            await imperium(table)
            table.set_dice(ScriptedDice([3, 5]))
            first = await table.run("roll", {"expression": "2d6+1", "label": "attack"}, user="ana")
            table.user("оля", locale="ru")
        async with world.bot() as table:
            table.set_dice(ScriptedDice([6, 6]))
            again = await table.click(first.message, "Roll again", user="bo")
            assert not again.ephemeral
            assert "bo rolls 2d6+1 — attack" in again.text and "**Total: 13**" in again.text
            assert labels(again.message) == [("Roll again", False)]
            table.set_dice(ScriptedDice([1, 2]))
            ru = await table.click(first.message, "Roll again", user="оля")
            assert "оля бросает 2d6+1 — attack" in ru.text, ru.text
            assert labels(ru.message) == [("Бросить ещё", False)]
            history = await table.bot.store.history(table.channel_id, limit=2)
            assert [h.command for h in history] == ["/roll expression:2d6+1 label:attack"] * 2
            assert [h.actor_name for h in history] == ["оля", "bo"]


async def test_a_roll_too_long_for_a_custom_id_has_no_button(table: Table) -> None:
    expression = "+".join(["1d6"] * 24)  # 95 characters
    table.set_dice(ScriptedDice([1] * 24))
    reply = await table.run("roll", {"expression": expression})
    assert "**Total: 24**" in reply.text
    assert reply.message.buttons() == []
    table.set_dice(ScriptedDice([2]))
    short = await table.run("roll", {"expression": "1d6", "label": "x" * 60})
    assert labels(short.message) == [("Roll again", False)]
    assert all(len(b["custom_id"]) <= 100 for b in short.message.buttons())


async def test_battle_roll_again_after_a_restart(tmp_path: Path) -> None:
    options = {
        "attacker": "Tank",
        "defender": "Trooper",
        "defender-terrain": "Mountains",
        "attackers": 7,
        "flank": 1,
    }
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            first = await table.run("battle", options, user="ana")
            assert not first.ephemeral, first.text
            table.user("оля", locale="ru")
        async with world.bot() as table:
            again = await table.click(first.message, "Roll again", user="bo")
            assert not again.ephemeral
            # the same battle: the same set-up in the reply as under the command
            assert again.text.split("\n")[0] == first.text.split("\n")[0]
            ru = await table.click(first.message, "Roll again", user="оля")
            assert labels(ru.message) == [("Бросить ещё", False)]
            assert all(len(b["custom_id"]) <= 100 for b in ru.message.buttons())


async def test_history_pages_after_a_restart_and_a_later_change(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            await imperium(table)
            for n in range(1, 13):
                await table.run("roll", {"expression": f"{n}d1"}, user="ana")
            shown = await table.run("campaign history", {"count": 12}, user="bo")
            assert labels(shown.message) == [("◀ Newer", True), ("Older ▶", False)]
            table.user("оля", locale="ru")
        async with world.bot() as table:
            await table.run("roll", {"expression": "99d1"}, user="ana")  # after the question
            older = await table.click(shown.message, "Older ▶", user="оля")
            page = older.message
            # the 12 entries as they were asked for (#13 to #2): the second page, in Russian
            assert "история" in page.text and "99d1" not in page.text
            assert "**#3**" in page.text and "**#2**" in page.text
            assert "**#4**" not in page.text and "**#1**" not in page.text
            assert labels(page) == [("◀ Новее", False), ("Старше ▶", True)]
            newer = await table.click(page, "◀ Новее", user="bo")
            assert "**#13**" in newer.message.text and "**#14**" not in newer.message.text
            assert labels(newer.message) == [("◀ Newer", True), ("Older ▶", False)]


async def test_help_pages_after_a_restart(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            first = await table.run("help", {"game": "imperium"}, user="ana")
            assert labels(first.message)[1] == ("Next ▶", False)
            table.user("оля", locale="ru")
        async with world.bot() as table:
            second = await table.click(first.message, "Next ▶", user="оля")
            assert "Страница 2 из 2 · правила и домашние правила" in second.message.text
            assert labels(second.message) == [("◀ Назад", False), ("Дальше ▶", True)]


async def test_end_confirmation_after_a_restart_for_its_asker_only(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            await imperium(table)
            ask = await table.run("campaign end", user="gm")
            assert labels(ask.message) == [("End campaign", False), ("Cancel", False)]
        async with world.bot() as table:
            other = await table.click(ask.message, "End campaign", user="ana")
            assert other.ephemeral and other.text == "Only the member who asked can answer this."
            assert await table.state() is not None
            done = await table.click(ask.message, "End campaign", user="gm")
            assert "has ended" in done.text and done.message.buttons() == []
            assert await table.state() is None


async def test_cancel_after_a_restart_in_russian(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            await imperium(table)
            table.users["gm"].locale = "ru"
            ask = await table.run("campaign end", user="gm")
            assert labels(ask.message) == [("Завершить кампанию", False), ("Отмена", False)]
        async with world.bot() as table:
            done = await table.click(ask.message, "Отмена", user="gm")
            assert done.text == "Отменено — ничего не изменилось."
            assert await table.state() is not None


async def test_undo_confirmation_after_a_restart(tmp_path: Path) -> None:
    async with restarts(tmp_path) as world:
        async with world.bot() as table:
            await imperium(table)
            before = await table.state()
            await table.run("imperium phasing", {"side": "imperial"}, user="ana")
            mod = table.user("mod", manage_channels=True)
            ask = await table.run("campaign undo", user=mod)
            assert "Undo ana's change #2" in ask.text, ask.text
        async with world.bot() as table:
            refused = await table.click(ask.message, "Undo it", user="ana")
            assert refused.ephemeral and "Only the member who asked" in refused.text
            done = await table.click(ask.message, "Undo it", user="mod")
            assert done.text.startswith("Undid #2"), done.text
            assert await table.state() == before


async def test_a_press_delivered_to_two_processes_is_applied_once(tmp_path: Path) -> None:
    """A rolling restart: two processes own the shard and share the database, so Discord
    delivers every press to both; each press is claimed once, like a command."""
    database = tmp_path / "campaigns.sqlite3"
    async with (
        StandIn() as discord,
        running_table(database, standin=discord) as old,
        running_table(database, standin=discord) as new,
    ):
        new.users = old.users
        await discord.wait_until(lambda: len(discord.sessions_for(0)) == 2)
        table = old
        table.set_dice(ScriptedDice([1]))
        new.set_dice(ScriptedDice([1]))
        setup = await table.run("asteroids setup", {"civilisations": "violet orange"})
        assert not setup.ephemeral, setup.text
        for civ, who in (("violet", "ana"), ("orange", "bo")):
            assert not (
                await table.run("asteroids join", {"civilisation": civ}, user=who)
            ).ephemeral
        moved = await table.run("asteroids move", {"unit": "engineer"}, user="ana")
        assert len(moved.deliveries) == 2
        ended = await table.click(moved.message, "End turn", user="ana")
        assert len(ended.deliveries) == 2
        await new.bot.settled(ended.interaction_id)
        state = await table.state()
        assert state is not None and state["turn"] == 2
        history = await table.bot.store.history(table.channel_id, limit=None)
        assert [h.command for h in history].count("/asteroids end-turn civilisation:violet") == 1
        assert not ended.ephemeral and len([m for m in ended.messages if not m.ephemeral]) == 1

        table.set_dice(ScriptedDice([2, 2]))
        new.set_dice(ScriptedDice([2, 2]))
        rolled = await table.run("roll", {"expression": "1d6"}, user="ana")
        again = await table.click(rolled.message, "Roll again", user="bo")
        await new.bot.settled(again.interaction_id)
        history = await table.bot.store.history(table.channel_id, limit=None)
        assert [h.actor_name for h in history if h.command.startswith("/roll")] == ["bo", "ana"]
