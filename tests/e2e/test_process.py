"""The bot as a host runs it: ``python -m bot`` in a subprocess, against the stand-in Discord."""

from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.sandbox.processes import BotRun, bot_env, running_bot
from bot.sandbox.standin import StandIn, User

TOKEN = "MTIzNDU2Nzg5.secret-token-that-must-never-be-logged.xyz"
PLAYER = User(id=600000000000000001, name="ana")
CHANNEL = 910000000000000001


def clean_env(**extra: str) -> dict[str, str]:
    return bot_env(**extra)


@dataclass
class BotProcess:
    discord: StandIn
    run: BotRun
    started: float

    @property
    def stderr(self) -> bytearray:
        return self.run.stderr

    async def stop(self) -> int:
        return await self.run.stop(timeout=5)


@pytest.fixture
async def bot_process(tmp_path: Path) -> AsyncIterator[BotProcess]:
    async with StandIn(token=TOKEN) as discord:
        env = bot_env(
            discord,
            DATABASE_PATH=str(tmp_path / "db" / "campaigns.sqlite3"),
            LOG_LEVEL="DEBUG",
        )
        started = time.perf_counter()
        # any working directory: the tables ship with the package
        async with running_bot(env, tmp_path) as run:
            yield BotProcess(discord, run, started)


async def test_registers_answers_reconnects_and_stops_cleanly(bot_process: BotProcess) -> None:
    discord = bot_process.discord
    await asyncio.wait_for(discord.synced.wait(), timeout=5)
    assert time.perf_counter() - bot_process.started < 5, "commands registered within 5 s"
    assert {"ping", "help", "campaign"} <= set(discord.commands)
    await asyncio.wait_for(discord.identified.wait(), timeout=5)

    ping = await discord.invoke("ping", user=PLAYER, channel_id=CHANNEL)
    assert (ping.text.startswith("Pong! Gateway latency:") and ping.text.endswith("ms.")) or (
        "unknown yet" in ping.text
    )
    assert not ping.ephemeral

    status = await discord.invoke("campaign status", user=PLAYER, channel_id=CHANNEL)
    assert status.ephemeral
    assert status.text.startswith("No campaign in this channel — start one with")

    # a short session of every game, so the DEBUG log below covers real work
    gm = User(id=600000000000000009, name="gm", manage_channels=True)
    for path, options, channel in [
        ("ia setup", {"difficulty": "hard", "threat-level": 4}, CHANNEL),
        ("deploy-roll", {}, CHANNEL),
        ("battle", {"attacker": "Tank", "defender": "Trooper"}, CHANNEL),
        ("campaign history", {}, CHANNEL),
        ("imperium setup", {}, CHANNEL + 1),
        ("asteroids setup", {"civilisations": "violet, green"}, CHANNEL + 2),
        ("asteroids status", {}, CHANNEL + 2),
    ]:
        reply = await discord.invoke(path, options, user=gm, channel_id=channel)
        assert not reply.ephemeral, f"/{path}: {reply.text}"

    # Discord drops the gateway: the bot resumes and keeps answering.
    await discord.drop_connection()
    await asyncio.wait_for(discord.identified.wait(), timeout=15)
    assert discord.resume_count + discord.identify_count >= 2
    again = await discord.invoke("ping", user=PLAYER, channel_id=CHANNEL)
    assert again.text.startswith("Pong!")

    t0 = time.perf_counter()
    code = await bot_process.stop()
    assert code == 0
    assert time.perf_counter() - t0 < 5
    # At DEBUG level, through a whole session, the token never reaches the log.
    log_text = bot_process.stderr.decode(errors="replace")
    assert "Synced" in log_text  # the log was captured
    assert TOKEN not in log_text
    assert "Traceback" not in log_text


async def test_debug_log_carries_no_token_interaction_token_or_webhook_url(
    bot_process: BotProcess,
) -> None:
    """A whole example session at LOG_LEVEL=DEBUG — commands, a follow-up (a webhook), a
    confirmation button, autocompletes, refusals — and then the whole log is searched for the
    bot token and every interaction token the stand-in issued."""
    discord = bot_process.discord
    await asyncio.wait_for(discord.identified.wait(), timeout=10)
    gm = User(id=600000000000000009, name="gm", manage_channels=True)
    for path, options, channel in [
        ("ping", {}, CHANNEL),
        ("ia setup", {"difficulty": "hard", "threat-level": 4}, CHANNEL),  # + a follow-up
        ("deploy-roll", {}, CHANNEL),
        ("ia threat", {"amount": 2}, CHANNEL),
        ("battle", {"attacker": "Tank", "defender": "Trooper"}, CHANNEL),
        ("campaign history", {}, CHANNEL),
        ("imperium setup", {}, CHANNEL + 1),
        ("asteroids setup", {"civilisations": "violet, green"}, CHANNEL + 2),
        ("campaign export", {}, CHANNEL),
    ]:
        reply = await discord.invoke(path, options, user=gm, channel_id=channel)
        assert reply.callbacks >= 1, path
    assert await discord.autocomplete(
        "ia deploy", {"group": ""}, "group", user=gm, channel_id=CHANNEL
    )
    await discord.invoke("ia threat", {"amount": 999}, user=gm, channel_id=CHANNEL)  # refused
    await discord.invoke("ia threat", {"amount": 1}, user=PLAYER, channel_id=CHANNEL)  # refused
    ask = await discord.invoke("campaign undo", user=PLAYER, channel_id=CHANNEL)
    undo = await discord.invoke("campaign undo", user=gm, channel_id=CHANNEL)
    if undo.message.buttons():
        await discord.click(undo.message, "Undo it", user=gm)
    assert ask.callbacks == 1
    await discord.drop_connection()  # a reconnect: IDENTIFY or RESUME carries the bot token
    await asyncio.wait_for(discord.identified.wait(), timeout=15)
    await discord.invoke("ping", user=PLAYER, channel_id=CHANNEL)
    assert await bot_process.stop() == 0

    log_text = bot_process.stderr.decode(errors="replace")
    tokens = list(discord._by_token)
    assert len(tokens) >= 15 and "Synced" in log_text
    assert "WebSocket Event" in log_text  # discord.py's DEBUG gateway payloads were logged
    assert "webhooks/" in log_text  # ... and the follow-up's request
    assert TOKEN not in log_text
    leaked = [token for token in tokens if token in log_text]
    assert leaked == [], f"{len(leaked)} interaction tokens in the log"
    for line in log_text.splitlines():
        for match in re.finditer(r"/(?:webhooks|interactions)/\d+/([^/\s'\"]+)", line):
            assert match.group(1) == "[redacted]", line
        assert not re.search(r"""["']token["']\s*:\s*["'](?!\[redacted\])""", line), line
    assert "Traceback" not in log_text


async def test_unchanged_commands_are_not_synced_again(tmp_path: Path) -> None:
    db = tmp_path / "campaigns.sqlite3"
    port = 0
    for expected_syncs in (1, 0):
        discord = StandIn(token=TOKEN)
        await discord.start(port)  # the same Discord (same URL) both times
        port = discord.port
        try:
            async with running_bot(bot_env(discord, DATABASE_PATH=str(db)), tmp_path) as run:
                await asyncio.wait_for(discord.identified.wait(), timeout=10)
                assert await run.stop(timeout=5) == 0
            assert discord.sync_count == expected_syncs
        finally:
            await discord.stop()


def test_missing_token_is_one_line_and_exit_2(tmp_path: Path) -> None:
    import subprocess

    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]
    assert "Traceback" not in result.stderr


def test_env_file_is_read_and_environment_wins(tmp_path: Path) -> None:
    from bot.config import load_settings

    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=from-file\nLOG_LEVEL=debug\nDISCORD_GUILD_ID=42\n"
    )
    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(clean_env(LOG_LEVEL="WARNING"))
        settings = load_settings(tmp_path / ".env")
        assert settings.discord_token.get_secret_value() == "from-file"
        assert settings.log_level == "WARNING"  # the environment wins over .env
        assert settings.discord_guild_id == 42
        assert "from-file" not in repr(settings)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def test_health_check(tmp_path: Path) -> None:
    import subprocess

    heartbeat = tmp_path / "hb"
    env = clean_env(HEARTBEAT_PATH=str(heartbeat))
    run = lambda: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "bot", "health"], cwd=tmp_path, env=env, capture_output=True
    )
    assert run().returncode == 1  # no heartbeat yet
    heartbeat.write_text("now")
    assert run().returncode == 0
    old = time.time() - 600
    os.utime(heartbeat, (old, old))
    assert run().returncode == 1


async def test_start_up_logs_the_invite_url_with_exactly_the_needed_permissions(
    bot_process: BotProcess,
) -> None:
    from urllib.parse import parse_qs, urlsplit

    discord = bot_process.discord
    await asyncio.wait_for(discord.identified.wait(), timeout=10)
    lines = [
        line
        for line in bot_process.stderr.decode(errors="replace").splitlines()
        if "Invite the bot with " in line
    ]
    assert len(lines) == 1, bot_process.stderr.decode(errors="replace")[-2000:]
    url = lines[0].split("Invite the bot with ", 1)[1].strip()
    parts = urlsplit(url)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "discord.com", "/oauth2/authorize")
    query = parse_qs(parts.query)
    assert query["client_id"] == [str(discord.application_id)]
    assert query["scope"] == ["bot applications.commands"]
    # View Channels, Send Messages, Embed Links, Attach Files — and nothing else
    assert int(query["permissions"][0]) == (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15)
    assert await bot_process.stop() == 0


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_unreachable_discord_is_retried_with_one_line_per_attempt(tmp_path: Path) -> None:
    port = free_port()
    discord = StandIn(token=TOKEN)
    env = clean_env(
        DISCORD_TOKEN=TOKEN,
        DISCORD_API_BASE_URL=f"http://127.0.0.1:{port}/api/v10",
        DISCORD_GATEWAY_URL=f"ws://127.0.0.1:{port}/gateway",
        DATABASE_PATH=str(tmp_path / "campaigns.sqlite3"),
        LOG_LEVEL="INFO",
    )
    try:
        async with running_bot(env, tmp_path) as run:
            proc, stderr = run.proc, run.stderr

            def failures() -> list[str]:
                text = stderr.decode(errors="replace")
                return [line for line in text.splitlines() if "cannot reach Discord" in line]

            # Discord is down: the bot neither exits nor stays silent; one line per attempt
            deadline = time.monotonic() + 15
            while len(failures()) < 2 and time.monotonic() < deadline:
                assert proc.returncode is None, stderr.decode(errors="replace")
                await asyncio.sleep(0.05)
            lines = failures()
            assert len(lines) == 2, stderr.decode(errors="replace")
            for n, line in enumerate(lines, 1):
                assert "check the network connection and DISCORD_API_BASE_URL" in line
                assert f"http://127.0.0.1:{port}/api/v10" in line
                assert f"attempt {n} of " in line
            assert "retrying in 1 s" in lines[0] and "retrying in 2 s" in lines[1]
            assert proc.returncode is None

            # Discord comes back: the next attempt connects and registers the commands
            await discord.start(port)
            await asyncio.wait_for(discord.identified.wait(), timeout=15)
            assert {"ping", "campaign"} <= set(discord.commands)
            assert discord.auth_failures == 0
            assert await run.stop(timeout=5) == 0
            text = run.log()
            assert "Traceback" not in text and TOKEN not in text
    finally:
        await discord.stop()


async def test_a_refused_token_exits_2_at_once(tmp_path: Path) -> None:
    async with StandIn(token=TOKEN) as discord:
        env = clean_env(
            **{**discord.bot_env(), "DISCORD_TOKEN": "not-" + TOKEN},
            DATABASE_PATH=str(tmp_path / "campaigns.sqlite3"),
            LOG_LEVEL="CRITICAL",  # stderr: the one error line only
        )
        started = time.perf_counter()
        async with running_bot(env, tmp_path) as run:
            assert await run.wait(timeout=20) == 2
        lines = run.log().strip().splitlines()
        assert len(lines) == 1, lines
        assert "Discord refused DISCORD_TOKEN" in lines[0]
        assert discord.auth_failures == 1  # not retried
        assert time.perf_counter() - started < 10


def test_what_counts_as_discord_unreachable() -> None:
    from types import SimpleNamespace

    import aiohttp
    import discord

    from bot.__main__ import unreachable

    down = discord.DiscordServerError(SimpleNamespace(status=502, reason="Bad Gateway"), "")
    assert unreachable(down) == "Discord answered HTTP 502"
    key = SimpleNamespace(host="discord.invalid", port=443, ssl=True)
    dns = aiohttp.ClientConnectorDNSError(key, OSError(-2, "Name or service not known"))
    assert unreachable(dns) == "DNS lookup of discord.invalid failed"
    refused = aiohttp.ClientConnectorError(key, ConnectionRefusedError(111, "Connection refused"))
    assert unreachable(refused) == "connecting to discord.invalid:443 failed: Connection refused"
    assert unreachable(aiohttp.ServerTimeoutError("read timed out")) == "timed out"
    assert unreachable(discord.LoginFailure("bad token")) is None
    assert unreachable(ValueError("a bug")) is None
    assert unreachable(ConnectionRefusedError("the database")) is None
