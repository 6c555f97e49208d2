"""A stand-in Discord on 127.0.0.1: enough REST and gateway for the real discord.py client.

It serves the login and application endpoints, takes command syncs, runs a gateway websocket
(HELLO, IDENTIFY -> READY, heartbeats, RESUME) with shards, sends INTERACTION_CREATE events built
from the synced command schema exactly as Discord would, and records every reply the bot makes.
The end-to-end tests, the benchmarks and ``python -m bot local`` all use it.

The parts: the gateway's sessions and shards (:mod:`bot.sandbox.gateway`), the REST API and what
it records (:mod:`bot.sandbox.rest`), the members, messages and replies
(:mod:`bot.sandbox.messages`), the interaction payloads (:mod:`bot.sandbox.payloads`); here, the
server's lifecycle and the test's side: sending commands, autocomplete and button presses.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from aiohttp import web

from bot.sandbox import payloads
from bot.sandbox.gateway import GatewaySession
from bot.sandbox.messages import (
    EPHEMERAL,
    MANAGE_CHANNELS,
    MEMBER_PERMISSIONS,
    OPTION_TYPES,
    Message,
    Reply,
    User,
    limit_problems,
)
from bot.sandbox.rest import Rest

__all__ = [
    "EPHEMERAL",
    "MANAGE_CHANNELS",
    "MEMBER_PERMISSIONS",
    "OPTION_TYPES",
    "CommandNotSynced",
    "GatewaySession",
    "Message",
    "Reply",
    "StandIn",
    "User",
    "limit_problems",
    "new_users",
]


class CommandNotSynced(LookupError):
    pass


class StandIn(Rest):
    """Run with ``async with StandIn() as discord:``; point the bot at ``api_url`` and
    ``gateway_url``."""

    def __init__(
        self,
        *,
        token: str = "standin-token",
        application_id: int = 424242,
        shard_count: int = 1,
        guild_ids: Iterable[int] | None = None,
    ) -> None:
        super().__init__(
            token=token, application_id=application_id, shard_count=shard_count, guild_ids=guild_ids
        )
        self.channel_guilds: dict[int, int] = {}  # each channel belongs to one guild
        self._runner: web.AppRunner | None = None

    # -- lifecycle -----------------------------------------------------------------------------
    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self, port: int = 0) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{key}/{name}", self._attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None)
        assert sockets
        self.port = int(sockets[0].getsockname()[1])

    async def stop(self) -> None:
        self.held_shards.clear()
        self._changed()
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def bot_env(self) -> dict[str, str]:
        """Environment variables that point a bot process here."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE_URL": self.api_url,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # -- sending interactions ------------------------------------------------------------------
    def guild_of(self, channel_id: int, guild_id: int | None = None) -> int:
        """The guild ``channel_id`` belongs to: the one it was first used in (``guild_id``, or
        the default guild); using it in another guild is a mistake in the test."""
        known = self.channel_guilds.get(channel_id)
        if guild_id is None:
            guild_id = known if known is not None else self.guild_id
        elif known is not None and known != guild_id:
            raise ValueError(f"channel {channel_id} belongs to guild {known}, not {guild_id}")
        self.channel_guilds[channel_id] = guild_id
        if guild_id not in self.guild_ids:
            self.guild_ids.append(guild_id)
        return guild_id

    def _base_payload(
        self, kind: int, user: User, channel_id: int, guild_id: int | None = None
    ) -> dict[str, Any]:
        interaction_id = self._ids.next()
        guild_id = self.guild_of(channel_id, guild_id)
        payload = payloads.interaction(
            interaction_id, self.application_id, kind, user, channel_id, guild_id
        )
        payload["attachment_size_limit"] = self.attachment_size_limit
        return payload

    def build_options(
        self, path: str, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The ``data`` of an application-command interaction for ``/path`` with ``options``
        typed from the synced schema, plus ``resolved`` entries for users and attachments."""
        names = path.strip().lstrip("/").split()
        cmd = self.command_named(names[0]) if names else None
        if cmd is None:
            raise CommandNotSynced(f"/{path} is not among the synced commands")
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        resolved: dict[str, Any] = {}
        node_schema: list[dict[str, Any]] = cmd.get("options", [])
        container = data
        for name in names[1:]:
            sub = next((o for o in node_schema if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None:
                raise CommandNotSynced(f"/{path}: no subcommand {name!r}")
            entry: dict[str, Any] = {"name": name, "type": sub["type"], "options": []}
            container.setdefault("options", []).append(entry)
            container = entry
            node_schema = sub.get("options", [])
        leaf: list[dict[str, Any]] = container.setdefault("options", [])
        for key, value in (options or {}).items():
            schema = next((o for o in node_schema if o["name"] == key), None)
            kind = schema["type"] if schema else 3
            leaf.append(self._option(key, kind, value, resolved))
        return data, resolved

    def _option(self, name: str, kind: int, value: Any, resolved: dict[str, Any]) -> dict[str, Any]:
        if kind == 6 and isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.payload()
            resolved.setdefault("members", {})[str(value.id)] = payloads.member(value)
            return {"name": name, "type": 6, "value": str(value.id)}
        if kind == 11 and isinstance(value, tuple):
            filename, content = value
            att_id = self._ids.next()
            key = str(att_id)
            self.attachments[key] = bytes(content)
            url = f"http://127.0.0.1:{self.port}/attachments/{key}/{filename}"
            resolved.setdefault("attachments", {})[key] = {
                "id": key,
                "filename": filename,
                "size": len(content),
                "url": url,
                "proxy_url": url,
                "content_type": "application/json",
            }
            return {"name": name, "type": 11, "value": key}
        return {"name": name, "type": kind, "value": value}

    async def send(self, payload: dict[str, Any]) -> Reply:
        """Send a prepared INTERACTION_CREATE payload to every session of its guild's shard;
        returns its (pending) Reply. ConnectionError when no session has that shard."""
        shard_id = self.shard_of(int(payload.get("guild_id") or self.guild_id))
        sessions = self.sessions_for(shard_id)
        if not sessions:
            raise ConnectionError(f"the bot is not connected to the gateway on shard {shard_id}")
        interaction_id = int(payload["id"])
        reply = Reply(interaction_id=interaction_id, sent_at=time.perf_counter())
        self.replies[interaction_id] = reply
        self._by_token[payload["token"]] = reply
        self._payloads[interaction_id] = payload
        for session in sessions:
            reply.deliveries.append((shard_id, session.number))
            await self._send_event(session, "INTERACTION_CREATE", payload)
        return reply

    def command_payload(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User,
        channel_id: int,
        kind: int = 2,
        guild_id: int | None = None,
    ) -> dict[str, Any]:
        payload = self._base_payload(kind, user, channel_id, guild_id)
        data, resolved = self.build_options(path, options)
        if resolved:
            data["resolved"] = resolved
        payload["data"] = data
        return payload

    async def invoke(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User,
        channel_id: int,
        timeout: float = 10.0,
        guild_id: int | None = None,
    ) -> Reply:
        """Run ``/path`` as ``user`` in ``channel_id`` and wait for the bot's answer."""
        payload = self.command_payload(
            path, options, user=user, channel_id=channel_id, guild_id=guild_id
        )
        reply = await self.send(payload)
        await self.wait(reply, timeout)
        return reply

    async def autocomplete(
        self,
        path: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        user: User,
        channel_id: int,
        timeout: float = 10.0,
        guild_id: int | None = None,
    ) -> list[dict[str, Any]]:
        """Ask for suggestions for option ``focused`` (its current text is in ``options``)."""
        payload = self.command_payload(
            path, options, user=user, channel_id=channel_id, kind=4, guild_id=guild_id
        )
        node = payload["data"]
        while node.get("options") and node["options"] and node["options"][0]["type"] in (1, 2):
            node = node["options"][0]
        for opt in node.get("options", []):
            if opt["name"] == focused:
                opt["focused"] = True
        reply = await self.send(payload)
        await self.wait(reply, timeout)
        return reply.choices or []

    async def click(
        self,
        message: Message,
        label: str,
        *,
        user: User,
        timeout: float = 10.0,
        guild_id: int | None = None,
    ) -> Reply:
        """Press the button labelled ``label`` on ``message`` (in its channel's guild)."""
        button = next((b for b in message.buttons() if b.get("label") == label), None)
        if button is None:
            labels = [b.get("label") for b in message.buttons()]
            raise AssertionError(f"no button {label!r} on the message (has {labels})")
        payload = self._base_payload(3, user, message.channel_id, guild_id)
        payload["data"] = {"custom_id": button["custom_id"], "component_type": 2}
        payload["message"] = message.payload(self.bot_user)
        reply = await self.send(payload)
        await self.wait(reply, timeout)
        return reply

    async def choose(
        self,
        message: Message,
        placeholder: str,
        labels: Sequence[str],
        *,
        user: User,
        timeout: float = 10.0,
        guild_id: int | None = None,
    ) -> Reply:
        """Choose the options labelled ``labels`` in the select whose placeholder is
        ``placeholder`` on ``message``."""
        select = next((s for s in message.selects() if s.get("placeholder") == placeholder), None)
        if select is None:
            shown = [s.get("placeholder") for s in message.selects()]
            raise AssertionError(f"no select {placeholder!r} on the message (has {shown})")
        by_label = {o["label"]: o["value"] for o in select.get("options", [])}
        missing = [label for label in labels if label not in by_label]
        if missing:
            raise AssertionError(f"no option {missing} in {placeholder!r} (has {list(by_label)})")
        payload = self._base_payload(3, user, message.channel_id, guild_id)
        payload["data"] = {
            "custom_id": select["custom_id"],
            "component_type": 3,
            "values": [by_label[label] for label in labels],
        }
        payload["message"] = message.payload(self.bot_user)
        reply = await self.send(payload)
        await self.wait(reply, timeout)
        return reply

    async def wait(self, reply: Reply, timeout: float = 10.0) -> Reply:
        try:
            await asyncio.wait_for(reply.answered.wait(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"interaction {reply.interaction_id} was not answered within {timeout} s"
            ) from None
        return reply


def new_users(names: Iterable[str], *, start: int = 100) -> dict[str, User]:
    """Handy members for tests: ``{"ana": User(...), ...}``."""
    return {name: User(id=start + i, name=name) for i, name in enumerate(names)}
