"""DISCORD_GUILD_ID on and off: the picker never shows a command twice, and an unchanged tree
is still not synced again."""

from __future__ import annotations

from pathlib import Path

from bot.sandbox.harness import running_table
from bot.sandbox.standin import StandIn

GUILD = 777000000000000001
OTHER_GUILD = 777000000000000002


def no_duplicates(discord: StandIn, guild: int) -> list[str]:
    picker = discord.picker(guild)
    assert len(picker) == len(set(picker)), f"duplicates in guild {guild}'s picker: {picker}"
    return picker


async def test_switching_between_guild_and_global_sync_leaves_no_duplicates(
    tmp_path: Path,
) -> None:
    db = tmp_path / "campaigns.sqlite3"
    async with StandIn(guild_ids=[GUILD, OTHER_GUILD]) as discord:
        # 1. globally
        async with running_table(db, standin=discord):
            pass
        every = sorted(discord.commands)
        assert {"ping", "campaign"} <= set(every)
        assert discord.guild_commands == {}

        # 2. to a guild: its commands, and the global ones cleared
        async with running_table(db, standin=discord, discord_guild_id=GUILD) as table:
            assert sorted(discord.guild_commands[GUILD]) == every
            assert discord.commands == {}
            assert no_duplicates(discord, GUILD) == every
            reply = await table.run("ping")  # the guild's commands work
            assert reply.text.startswith("Pong!")

        # 3. to another guild: the first guild's commands cleared
        async with running_table(db, standin=discord, discord_guild_id=OTHER_GUILD):
            assert set(discord.guild_commands) == {OTHER_GUILD}
            assert discord.commands == {}
            assert no_duplicates(discord, GUILD) == []
            assert no_duplicates(discord, OTHER_GUILD) == every

        # 4. globally again: the guild's commands cleared
        async with running_table(db, standin=discord):
            assert sorted(discord.commands) == every
            assert discord.guild_commands == {}
            for guild in (GUILD, OTHER_GUILD):
                assert no_duplicates(discord, guild) == every

        # 5. unchanged: nothing is put at all
        puts = len(discord.command_puts)
        async with running_table(db, standin=discord):
            pass
        assert len(discord.command_puts) == puts


async def test_the_same_guild_again_does_not_clear_anything(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        async with running_table(db, standin=discord, discord_guild_id=GUILD):
            pass
        # a database that never synced globally: the global commands are cleared once
        assert discord.command_puts == [(GUILD, list(discord.guild_commands[GUILD])), (None, [])]
        async with running_table(db, standin=discord, discord_guild_id=GUILD) as table:
            table.bot.tree.add_command(_extra_command())
            assert await table.bot.sync_commands()
        # a changed tree synced to the same guild: one PUT, no clearing
        assert [guild for guild, _ in discord.command_puts] == [GUILD, None, GUILD]
        assert "extra" in discord.guild_commands[GUILD]


def _extra_command() -> object:
    from discord import Interaction, app_commands

    @app_commands.command(name="extra", description="a command added later")
    async def extra(interaction: Interaction) -> None:
        await interaction.response.send_message("extra")

    return extra
