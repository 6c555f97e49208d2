"""Every place the bot leans on discord.py beyond its documented API, in one module.

discord.py 2.7 has no public setting for the REST base URL or the gateway URL (a rate-limit
proxy in production, the loopback stand-in in tests), and no public way to list the commands a
sync would send. These helpers touch the internals; ``tests/test_discord_internals.py`` fails
loudly if an upgrade of discord.py moves any of them."""

from __future__ import annotations

from typing import Any

import discord
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route


def point_at(api_base_url: str, gateway_url: str) -> None:
    """Send every REST request to ``api_base_url`` and open every gateway session at
    ``gateway_url`` (``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``)."""
    Route.BASE = api_base_url.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def gateway_url() -> yarl.URL:
    """The gateway URL set by :func:`point_at` (discord.py's default otherwise)."""
    return DiscordWebSocket.DEFAULT_GATEWAY


def commands_to_sync(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu]:
    """The commands ``tree.sync(guild=guild)`` would send (``CommandTree._get_all_commands``)."""
    return list(tree._get_all_commands(guild=guild))


def choice_message_key(choice: app_commands.Choice[Any]) -> str | None:
    """The catalog key a choice names for its translations (``locale_str(…, key=…)``), if any:
    discord.py keeps a choice's :class:`~discord.app_commands.locale_str` private."""
    name = getattr(choice, "_locale_name", None)
    key = name.extras.get("key") if name is not None else None
    return str(key) if key else None
