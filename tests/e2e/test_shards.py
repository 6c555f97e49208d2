"""Gateway shards: one session per owned shard, each guild's events only to its shard."""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.app import TableBot
from bot.sandbox.harness import running_table
from bot.sandbox.processes import bot_env, running_bot
from bot.sandbox.standin import StandIn, User

TOKEN = "MTIzNDU2Nzg5.secret-token-that-must-never-be-logged.xyz"
PLAYER = User(id=600000000000000001, name="ana")


def clean_env(**extra: str) -> dict[str, str]:
    return bot_env(**extra)


async def eventually(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition on the bot's side (the stand-in's own state has ``wait_until``)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met within the timeout")
        await asyncio.sleep(0.02)


async def test_two_shards_two_sessions_each_guild_answered(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3", shard_count=2) as table:
        discord = table.discord
        assert discord.shard_count == 2
        assert sorted(s.shard_id for s in discord.sessions if s.identified) == [0, 1]
        # what the bot said at IDENTIFY
        assert sorted(p["shard"] for p in discord.identify_payloads) == [[0, 2], [1, 2]]
        assert discord.gateway_bot_requests <= 1  # the count was given: no need to ask
        for shard, channel in ((0, 910000000000000010), (1, 910000000000000011)):
            guild = discord.guild_on_shard(shard)
            assert discord.shard_of(guild) == shard
            reply = await table.run("ping", user=PLAYER, channel_id=channel, guild_id=guild)
            assert reply.text.startswith("Pong!")
            (session,) = discord.sessions_for(shard)
            assert reply.deliveries == [(shard, session.number)]
            assert reply.callbacks == 1


async def test_bot_owning_shard_1_only(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3", shard_count=2, shard_ids=(1,)) as table:
        discord = table.discord
        assert [p["shard"] for p in discord.identify_payloads] == [[1, 2]]
        assert len(discord.sessions_for(1)) == 1
        assert discord.sessions_for(0) == []
        assert table.bot.owned_shards() == [1]
        mine = await table.run(
            "ping", user=PLAYER, channel_id=910000000000000021, guild_id=discord.guild_on_shard(1)
        )
        assert mine.text.startswith("Pong!")
        with pytest.raises(ConnectionError):
            await table.run(
                "ping",
                user=PLAYER,
                channel_id=910000000000000020,
                guild_id=discord.guild_on_shard(0),
            )


async def test_dropped_shard_resumes_and_answers(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3", shard_count=2) as table:
        discord = table.discord
        (other,) = discord.sessions_for(1)
        await discord.drop_connection(0)
        assert discord.sessions_for(0) == []
        await discord.wait_shards({0})
        assert discord.resume_count == 1
        assert discord.identify_count == 2  # resumed, not identified again
        assert discord.sessions_for(1) == [other]  # the other shard was left alone
        reply = await table.run(
            "ping", user=PLAYER, channel_id=910000000000000030, guild_id=discord.guild_on_shard(0)
        )
        assert reply.text.startswith("Pong!")
        assert reply.deliveries[0][0] == 0


async def test_heartbeat_only_while_every_owned_shard_is_up(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3", shard_count=2) as table:
        bot, discord = table.bot, table.discord
        heartbeat = bot.settings.resolved_heartbeat_path
        await eventually(bot.all_shards_connected)
        assert heartbeat.exists()  # touched once the last shard came up

        # shard 1 drops and its RESUME goes unanswered for now
        discord.hold(1)
        await discord.drop_connection(1)
        await discord.wait_until(lambda: discord.waiting.get(1, 0) > 0)
        heartbeat.unlink()
        assert not bot.all_shards_connected()
        await bot.heartbeat()  # one round of the 15 s loop
        await bot.on_ready()
        assert not heartbeat.exists()

        discord.release(1)
        await eventually(heartbeat.exists)  # RESUMED: touched again
        assert bot.all_shards_connected()
        heartbeat.unlink()
        await bot.heartbeat()
        assert heartbeat.exists()


async def test_unset_shards_ask_discord_and_open_what_it_recommends(tmp_path: Path) -> None:
    async with StandIn(shard_count=2) as discord:
        # Discord's answer names another gateway: DISCORD_GATEWAY_URL must win
        discord.advertised_gateway_url = "ws://127.0.0.1:9/elsewhere"
        async with running_table(tmp_path / "db.sqlite3", standin=discord) as table:
            assert discord.gateway_bot_requests >= 1
            assert table.bot.shard_count == 2
            assert table.bot.owned_shards() == [0, 1]
            assert sorted(p["shard"] for p in discord.identify_payloads) == [[0, 2], [1, 2]]
            for shard, channel in ((0, 910000000000000040), (1, 910000000000000041)):
                reply = await table.run(
                    "ping", user=PLAYER, channel_id=channel, guild_id=discord.guild_on_shard(shard)
                )
                assert reply.text.startswith("Pong!")


async def test_default_single_shard_still_works(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3") as table:
        assert [p.get("shard") for p in table.discord.identify_payloads] == [[0, 1]]
        assert table.bot.owned_shards() == [0]
        reply = await table.run("ping", user=PLAYER)
        assert reply.text.startswith("Pong!")


@pytest.mark.parametrize(("max_concurrency", "waits"), [(1, True), (2, False)])
async def test_identify_waits_only_within_a_concurrency_bucket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, max_concurrency: int, waits: bool
) -> None:
    monkeypatch.setattr(TableBot, "IDENTIFY_WINDOW", 1.0)
    async with StandIn(shard_count=2) as discord:
        discord.max_concurrency = max_concurrency
        async with running_table(tmp_path / "db.sqlite3", standin=discord, shard_count=2):
            first, second = discord.identify_times
            if waits:  # shards 0 and 1 share bucket 0: one IDENTIFY per window
                assert second - first >= 0.95
            else:
                assert second - first < 0.5


async def test_two_processes_on_one_shard_answer_once(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A rolling restart: old and new process both own shard 1 for a moment."""
    caplog.set_level(logging.WARNING, logger="bot.app")
    async with StandIn(shard_count=2) as discord:
        owning_1 = {"shard_count": 2, "shard_ids": (1,)}
        async with (
            running_table(tmp_path / "old.sqlite3", standin=discord, **owning_1) as old,
            running_table(tmp_path / "new.sqlite3", standin=discord, **owning_1) as new,
        ):
            await discord.wait_until(lambda: len(discord.sessions_for(1)) == 2)
            reply = await discord.invoke(
                "ping",
                user=PLAYER,
                channel_id=910000000000000050,
                guild_id=discord.guild_on_shard(1),
            )
            assert len({number for _, number in reply.deliveries}) == 2
            # both processes answer; Discord takes the first and refuses the other (40060)
            await discord.wait_until(lambda: reply.callbacks >= 2)
            assert reply.text.startswith("Pong!")
            assert len(reply.messages) == 1
            # the refused process takes 40060 quietly: no error report, no second attempt
            await eventually(lambda: old.bot.inflight == 0 and new.bot.inflight == 0)
            assert reply.callbacks == 2
            assert "Unexpected error" not in caplog.text


async def test_process_with_two_shards_answers_in_each(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN, shard_count=2) as discord:
        env = clean_env(
            **discord.bot_env(),
            DATABASE_PATH=str(tmp_path / "db" / "campaigns.sqlite3"),
            SHARD_COUNT="2",
            SHARD_IDS="0-1",
            LOG_LEVEL="INFO",
        )
        async with running_bot(env, tmp_path) as run:
            await discord.wait_shards({0, 1}, timeout=15)
            for shard, channel in ((0, 910000000000000060), (1, 910000000000000061)):
                reply = await discord.invoke(
                    "ping", user=PLAYER, channel_id=channel, guild_id=discord.guild_on_shard(shard)
                )
                assert reply.text.startswith("Pong!")
            assert await run.stop(timeout=5) == 0
            log_text = run.log()
            assert "Opening gateway sessions for shards 0, 1 of 2" in log_text
            assert "Traceback" not in log_text


async def test_process_with_a_shard_discord_refuses_stops_with_one_line(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN, shard_count=2) as discord:
        env = clean_env(
            **discord.bot_env(),
            DATABASE_PATH=str(tmp_path / "db" / "campaigns.sqlite3"),
            SHARD_COUNT="3",  # the stand-in runs 2: it closes the session with 4010
            SHARD_IDS="2",
            LOG_LEVEL="CRITICAL",  # stderr: the one error line only
        )
        async with running_bot(env, tmp_path) as run:
            assert await run.wait(timeout=20) == 1
        lines = run.log().strip().splitlines()
        assert len(lines) == 1, lines
        assert "SHARD_COUNT" in lines[0] and "4010" in lines[0]


def test_bad_shard_ids_is_one_line_and_exit_2(tmp_path: Path) -> None:
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean_env(DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="1-2"),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: SHARD_IDS is not valid") and "out of range" in lines[0]
