"""The discord.py internals the bot relies on (``bot/discord_internals.py`` and the overrides in
``bot/app.py``) are still where they were: an upgrade that moves one fails here, by name."""

from __future__ import annotations

import inspect

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot import discord_internals


def test_rest_base_and_gateway_url_are_settable() -> None:
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    try:
        discord_internals.point_at("http://127.0.0.1:1/api/v10/", "ws://127.0.0.1:1/gateway")
        assert Route("GET", "/users/@me").url == "http://127.0.0.1:1/api/v10/users/@me"
        assert discord_internals.gateway_url() == yarl.URL("ws://127.0.0.1:1/gateway")
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway


def test_the_commands_a_sync_sends_can_be_listed() -> None:
    client = discord.Client(intents=discord.Intents.none())
    tree = app_commands.CommandTree(client)

    @tree.command(name="ping", description="Pong")
    async def ping(interaction: discord.Interaction) -> None:  # pragma: no cover - never run
        raise AssertionError

    listed = discord_internals.commands_to_sync(tree, None)
    assert [c.name for c in listed] == ["ping"]


def test_the_overridden_hooks_keep_their_signatures() -> None:
    # TableTree._call counts commands in flight for a clean shutdown
    assert list(inspect.signature(app_commands.CommandTree._call).parameters) == [
        "self",
        "interaction",
    ]
    # TableBot.launch_shard points every shard at DISCORD_GATEWAY_URL
    params = inspect.signature(commands.AutoShardedBot.launch_shard).parameters
    assert list(params) == ["self", "gateway", "shard_id", "initial"]
    # TableBot.before_identify_hook paces IDENTIFYs per max_concurrency bucket
    params = inspect.signature(commands.AutoShardedBot.before_identify_hook).parameters
    assert list(params) == ["self", "shard_id", "initial"]
