"""A stand-in Discord on 127.0.0.1: enough REST and gateway for the real discord.py client.

It serves the login and application endpoints, takes command syncs, runs a gateway websocket
(HELLO, IDENTIFY -> READY, heartbeats, RESUME) with shards, sends INTERACTION_CREATE events built
from the synced command schema exactly as Discord would, and records every reply the bot makes.
The end-to-end tests, the benchmarks and ``python -m bot local`` all use it.

Shards: the stand-in runs ``shard_count`` shards. Every websocket connection is a
:class:`GatewaySession`; IDENTIFY's ``shard: [id, count]`` (absent: shard 0 of 1) puts it on a
shard, RESUME puts it back on its session's shard. A guild's events go to every session
identified for the guild's shard ``(guild_id >> 22) % shard_count`` -- as Discord does when two
processes briefly own the same shard: both get each interaction, the first callback wins and the
other gets error 40060.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from bot.sandbox.messages import (
    EPHEMERAL,
    JSON,
    MANAGE_CHANNELS,
    MEMBER_PERMISSIONS,
    OPTION_TYPES,
    Message,
    Reply,
    Snowflakes,
    User,
    limit_problems,
)

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


@dataclass
class GatewaySession:
    """One gateway websocket connection; ``shard_id`` and ``session_id`` once it is identified
    (IDENTIFY -> READY) or resumed (RESUME -> RESUMED)."""

    number: int  # 1, 2, ... in the order the connections were opened
    ws: web.WebSocketResponse
    shard_id: int | None = None
    session_id: str | None = None
    dropped: bool = False

    @property
    def identified(self) -> bool:
        return self.session_id is not None and not self.dropped and not self.ws.closed


class StandIn:
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
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        self.token = token
        self.application_id = application_id
        self.shard_count = shard_count
        # the guilds the bot is in; the first is the default for interactions
        self.guild_ids: list[int] = list(guild_ids or [777000000000000001])
        self.guild_id = self.guild_ids[0]
        self.channel_guilds: dict[int, int] = {}  # each channel belongs to one guild
        self._ids = Snowflakes()
        self.bot_user = {
            "id": str(application_id),
            "username": "Table Bot",
            "global_name": None,
            "discriminator": "0000",
            "avatar": None,
            "bot": True,
            "public_flags": 0,
            "flags": 0,
        }
        self.commands: dict[str, dict[str, Any]] = {}  # the global commands
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}  # guild id -> its own
        # every command PUT: (guild id, None for the global ones; the names put)
        self.command_puts: list[tuple[int | None, list[str]]] = []
        self.sync_count = 0
        self.synced = asyncio.Event()
        self.identified = asyncio.Event()
        self.identify_count = 0
        self.resume_count = 0
        self.replies: dict[int, Reply] = {}
        self._by_token: dict[str, Reply] = {}
        self.messages: dict[int, Message] = {}
        self.channel_messages: list[Message] = []
        self.unknown_requests: list[str] = []
        self.auth_failures = 0
        self.sessions: list[GatewaySession] = []  # open websocket connections
        self._session_numbers = itertools.count(1)
        self._resumable: dict[str, tuple[int, int]] = {}  # session_id -> (shard id, last seq)
        self.identify_payloads: list[dict[str, Any]] = []  # IDENTIFY's "d", token masked
        self.identify_times: list[float] = []  # time.monotonic() of each, in the same order
        self.gateway_bot_requests = 0
        self.max_concurrency = 16  # GET /gateway/bot's session_start_limit.max_concurrency
        self.advertised_gateway_url: str | None = None  # GET /gateway/bot's url (None: ours)
        self.held_shards: set[int] = set()  # IDENTIFY/RESUME for these wait (see hold())
        self.waiting: dict[int, int] = {}  # shard id -> IDENTIFY/RESUME requests held
        self._change = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.attachments: dict[str, bytes] = {}
        self._payloads: dict[int, dict[str, Any]] = {}
        self.limit_violations: list[str] = []

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

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def bot_env(self) -> dict[str, str]:
        """Environment variables that point a bot process here."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE_URL": self.api_url,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # -- gateway -------------------------------------------------------------------------------
    def shard_of(self, guild_id: int) -> int:
        """The shard that gets ``guild_id``'s events, as Discord computes it."""
        return (guild_id >> 22) % self.shard_count

    def guild_on_shard(self, shard_id: int, n: int = 0) -> int:
        """The ``n``-th guild id (0: the first) whose events go to ``shard_id``; the bot is in it
        from now on. Ids are stable: the default guild's, with the timestamp part moved on."""
        if not 0 <= shard_id < self.shard_count:
            raise ValueError(f"shard {shard_id} is not among 0-{self.shard_count - 1}")
        base, low = self.guild_id >> 22, self.guild_id & 0x3FFFFF
        found = -1
        for step in itertools.count():
            candidate = ((base + step) << 22) | low
            if self.shard_of(candidate) == shard_id:
                found += 1
                if found == n:
                    if candidate not in self.guild_ids:
                        self.guild_ids.append(candidate)
                    return candidate
        raise AssertionError("unreachable")

    def sessions_for(self, shard_id: int) -> list[GatewaySession]:
        """The sessions identified (or resumed) for ``shard_id`` right now."""
        return [s for s in self.sessions if s.identified and s.shard_id == shard_id]

    def _changed(self) -> None:
        """Wake everything waiting in :meth:`wait_until` (the gateway's state changed, or a
        callback came in)."""
        if any(s.identified for s in self.sessions):
            self.identified.set()
        else:
            self.identified.clear()
        change, self._change = self._change, asyncio.Event()
        change.set()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float | None = 10.0) -> None:
        """Return once ``predicate()`` holds; it is checked whenever the gateway's state changes
        (a session opens, is identified, resumed, dropped or closed; a request is held) and at
        every interaction callback."""

        async def until() -> None:
            while not predicate():
                await self._change.wait()

        await asyncio.wait_for(until(), timeout)

    async def wait_shards(self, shard_ids: Iterable[int], timeout: float = 10.0) -> None:
        """Return once every shard in ``shard_ids`` has an identified session."""
        wanted = set(shard_ids)
        try:
            await self.wait_until(lambda: all(self.sessions_for(s) for s in wanted), timeout)
        except TimeoutError:
            missing = sorted(s for s in wanted if not self.sessions_for(s))
            raise AssertionError(f"no session for shards {missing} within {timeout} s") from None

    def hold(self, shard_id: int) -> None:
        """Let IDENTIFY and RESUME for ``shard_id`` wait unanswered until :meth:`release`."""
        self.held_shards.add(shard_id)

    def release(self, shard_id: int) -> None:
        self.held_shards.discard(shard_id)
        self._changed()

    async def _gate(self, shard_id: int) -> None:
        if shard_id not in self.held_shards:
            return
        self.waiting[shard_id] = self.waiting.get(shard_id, 0) + 1
        self._changed()
        try:
            await self.wait_until(lambda: shard_id not in self.held_shards, timeout=None)
        finally:
            self.waiting[shard_id] -= 1

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(number=next(self._session_numbers), ws=ws)
        self.sessions.append(session)
        self._changed()
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
            async for msg in ws:
                try:
                    data = json.loads(msg.data)
                except (TypeError, ValueError):
                    continue
                op = data.get("op")
                d = data.get("d") or {}
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif op in (2, 6) and d.get("token") != self.token:
                    self.auth_failures += 1
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                elif op == 2:
                    if not await self._identify(session, d):
                        break
                elif op == 6 and not await self._resume(session, d):
                    break
        finally:
            self.sessions.remove(session)
            self._changed()
        return ws

    async def _identify(self, session: GatewaySession, d: dict[str, Any]) -> bool:
        """IDENTIFY: put the session on its shard and send READY. False: the socket closed."""
        ws = session.ws
        shard = d.get("shard", [0, 1])
        self.identify_payloads.append({**d, "token": "***"})
        self.identify_times.append(time.monotonic())
        if (
            not isinstance(shard, list)
            or len(shard) != 2
            or not all(isinstance(x, int) for x in shard)
            or shard[1] != self.shard_count
            or not 0 <= shard[0] < self.shard_count
        ):
            # Discord takes any big enough count; the stand-in routes by its own
            await ws.close(code=4010, message=b"Invalid shard.")
            return False
        await self._gate(shard[0])
        if ws.closed:
            return False
        self.identify_count += 1
        session.session_id = f"session-{self.identify_count}"
        session.shard_id = shard[0]
        self._resumable[session.session_id] = (shard[0], 0)
        guilds = [g for g in self.guild_ids if self.shard_of(g) == shard[0]]
        await self._send_event(
            session,
            "READY",
            {
                "v": 10,
                "user": self.bot_user,
                # as Discord does: unavailable until GUILD_CREATE (never sent here; discord.py
                # waits 2 s for it either way, then reports ready)
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "shard": [shard[0], self.shard_count],
            },
        )
        self._changed()
        return True

    async def _resume(self, session: GatewaySession, d: dict[str, Any]) -> bool:
        """RESUME: back on the session's shard, RESUMED (op 9 for an unknown session). False: the
        socket closed."""
        known = self._resumable.get(str(d.get("session_id")))
        if known is None:
            await session.ws.send_str(json.dumps({"op": 9, "d": False}))
            return True
        await self._gate(known[0])
        if session.ws.closed:
            return False
        self.resume_count += 1
        session.session_id = str(d["session_id"])
        session.shard_id = known[0]
        await self._send_event(session, "RESUMED", {})
        self._changed()
        return True

    async def _send_event(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        assert session.session_id is not None
        shard_id, seq = self._resumable[session.session_id]
        self._resumable[session.session_id] = (shard_id, seq + 1)
        message = {"op": 0, "t": event, "s": seq + 1, "d": data}
        await session.ws.send_str(json.dumps(message))

    async def drop_connection(self, shard_id: int | None = None) -> None:
        """Close the gateway sockets (all, or ``shard_id``'s) as Discord does when it wants a
        reconnect; the sessions stay resumable."""
        dropped = [s for s in self.sessions if shard_id is None or s.shard_id == shard_id]
        for session in dropped:
            session.dropped = True
        self._changed()
        for session in dropped:
            await session.ws.close(code=4000, message=b"Unknown error")

    @property
    def connected(self) -> bool:
        return any(not s.ws.closed for s in self.sessions)

    # -- REST ----------------------------------------------------------------------------------
    @staticmethod
    def _json(data: Any, status: int = 200) -> web.Response:
        # discord.py wants exactly "application/json" (no charset) to parse the body.
        return web.Response(
            body=json.dumps(data).encode(), status=status, headers={"Content-Type": JSON}
        )

    async def _read_body(
        self, request: web.Request
    ) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        files: list[tuple[str, bytes]] = []
        if request.content_type.startswith("multipart/"):
            payload: dict[str, Any] = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                raw = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(raw)
                elif part.filename:
                    files.append((part.filename, bytes(raw)))
            return payload, files
        if request.can_read_body:
            text = await request.text()
            return (json.loads(text) if text else {}), files
        return {}, files

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        method = request.method
        auth = request.headers.get("Authorization", "")
        parts = [p for p in path.split("/") if p]
        if parts[:1] not in (["interactions"], ["webhooks"]) and auth != f"Bot {self.token}":
            self.auth_failures += 1
            return self._json({"message": "401: Unauthorized", "code": 0}, 401)
        body, files = await self._read_body(request)

        if method == "GET" and (fixed := self._fixed_get(path)) is not None:
            return self._json(fixed)
        if parts[:1] == ["applications"] and parts[-1] == "commands":
            answer = self._commands(method, parts, body)
            if answer is not None:
                return answer
        if parts[:1] == ["interactions"] and parts[-1] == "callback":
            return self._callback(int(parts[1]), parts[2], body, files)
        if parts[:1] == ["webhooks"]:
            return self._webhook(method, parts, body, files)
        if parts[:1] == ["channels"] and parts[-1] == "messages" and method == "POST":
            msg = Message(id=self._ids.next(), channel_id=int(parts[1]), attachments=files)
            msg.update(body)
            self.messages[msg.id] = msg
            self.channel_messages.append(msg)
            return self._json(msg.payload(self.bot_user))
        self.unknown_requests.append(f"{method} {path}")
        return self._json({"message": "404: Not Found", "code": 0}, 404)

    def _fixed_get(self, path: str) -> Any:
        """The answer to a GET of the bot's user, the gateway and the application (None: not
        one of those)."""
        if path == "/users/@me":
            return self.bot_user
        if path == "/gateway":
            return {"url": self.gateway_url}
        if path == "/gateway/bot":
            self.gateway_bot_requests += 1
            return {
                "url": self.advertised_gateway_url or self.gateway_url,
                "shards": self.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 86_400_000,
                    "max_concurrency": self.max_concurrency,
                },
            }
        if path == "/oauth2/applications/@me":
            return {
                "id": str(self.application_id),
                "name": "Table Bot",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {**self.bot_user, "bot": False, "username": "owner"},
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "rpc_origins": [],
            }
        return None

    def _commands(self, method: str, parts: list[str], body: Any) -> web.Response | None:
        """/applications/{app}/commands and /applications/{app}/guilds/{guild}/commands."""
        guild = int(parts[3]) if len(parts) == 5 and parts[2] == "guilds" else None
        if method == "PUT":
            synced = []
            table: dict[str, dict[str, Any]] = {}
            raw_cmds: list[dict[str, Any]] = body if isinstance(body, list) else []
            for raw_cmd in raw_cmds:
                cmd: dict[str, Any] = {
                    **raw_cmd,
                    "id": str(self._ids.next()),
                    "application_id": str(self.application_id),
                    "version": "1",
                }
                if guild is not None:
                    cmd["guild_id"] = str(guild)
                table[cmd["name"]] = cmd
                synced.append(cmd)
            if guild is None:
                self.commands = table
            elif table:
                self.guild_commands[guild] = table
            else:
                self.guild_commands.pop(guild, None)
            self.command_puts.append((guild, list(table)))
            self.sync_count += 1
            self.synced.set()
            return self._json(synced)
        if method == "GET":
            shown = self.commands if guild is None else self.guild_commands.get(guild, {})
            return self._json(list(shown.values()))
        return None

    def _callback(
        self, interaction_id: int, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> web.Response:
        reply = self.replies.get(interaction_id)
        if reply is None or self._by_token.get(token) is not reply:
            return self._json({"message": "Unknown interaction", "code": 10062}, 404)
        reply.callbacks += 1
        self._changed()
        if reply.callback_type is not None:
            return self._json(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        reply.callback_type = kind
        interaction = {"id": str(interaction_id), "type": self._payloads[interaction_id]["type"]}
        result: dict[str, Any] = {"interaction": interaction}
        payload = self._payloads[interaction_id]
        channel_id = int(payload["channel_id"])
        if kind in (4, 5):  # message (or deferred message)
            msg = Message(id=self._ids.next(), channel_id=channel_id, attachments=files)
            msg.update(data)
            reply.original = msg
            self.messages[msg.id] = msg
            interaction.update(
                response_message_id=str(msg.id),
                response_message_loading=kind == 5,
                response_message_ephemeral=msg.ephemeral,
            )
            result["resource"] = {"type": kind, "message": msg.payload(self.bot_user)}
            if kind == 4:
                self._answer(reply)
        elif kind in (6, 7):  # component: deferred update / update message
            source = payload.get("message")
            if source is not None:
                edited = self.messages.get(int(source["id"]))
                if edited is not None:
                    if kind == 7:
                        edited.update(data)
                        edited.attachments = files or edited.attachments
                    reply.original = edited
                    interaction["response_message_id"] = str(edited.id)
                    result["resource"] = {"type": kind, "message": edited.payload(self.bot_user)}
            if kind == 7:
                self._answer(reply)
        elif kind == 8:  # autocomplete result
            reply.choices = list(data.get("choices", []))
            self._answer(reply)
        elif kind == 9:  # modal
            self._answer(reply)
        return self._json(result)

    def _answer(self, reply: Reply) -> None:
        for message in reply.messages:
            for problem in limit_problems(message):
                self.limit_violations.append(f"interaction {reply.interaction_id}: {problem}")
        if reply.answered_at is None:
            reply.answered_at = time.perf_counter()
        reply.answered.set()

    def _webhook(
        self, method: str, parts: list[str], body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> web.Response:
        # /webhooks/{app}/{token}[/messages/{id|@original}]
        token = parts[2] if len(parts) > 2 else ""
        reply = self._by_token.get(token)
        if reply is None:
            return self._json({"message": "Unknown Webhook", "code": 10015}, 404)
        channel_id = int(self._payloads[reply.interaction_id]["channel_id"])
        if len(parts) == 3 and method == "POST":
            msg = Message(id=self._ids.next(), channel_id=channel_id, attachments=files)
            msg.update(body)
            reply.followups.append(msg)
            self.messages[msg.id] = msg
            self._answer(reply)
            return self._json(msg.payload(self.bot_user))
        if len(parts) == 5 and parts[3] == "messages":
            target: Message | None = (
                reply.original if parts[4] == "@original" else self.messages.get(int(parts[4]))
            )
            if target is None:
                return self._json({"message": "Unknown Message", "code": 10008}, 404)
            if method == "PATCH":
                target.update(body)
                if files:
                    target.attachments = files
                self._answer(reply)
                return self._json(target.payload(self.bot_user))
            if method == "GET":
                return self._json(target.payload(self.bot_user))
            if method == "DELETE":
                self._answer(reply)
                return web.Response(status=204)
        return self._json({"message": "404: Not Found", "code": 0}, 404)

    async def _attachment(self, request: web.Request) -> web.Response:
        key = request.match_info["key"]
        data = self.attachments.get(key)
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, headers={"Content-Type": "application/octet-stream"})

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
        return {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "guild_id": str(guild_id),
            "channel_id": str(channel_id),
            "channel": {
                "id": str(channel_id),
                "type": 0,
                "guild_id": str(guild_id),
                "name": f"table-{channel_id}",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "flags": 0,
                "topic": None,
                "last_message_id": None,
                "rate_limit_per_user": 0,
            },
            "member": {
                "user": user.payload(),
                "roles": [],
                "flags": 0,
                "joined_at": "2025-01-01T00:00:00.000000+00:00",
                "deaf": False,
                "mute": False,
                "nick": None,
                "avatar": None,
                "premium_since": None,
                "pending": False,
                "permissions": str(user.permissions),
                "communication_disabled_until": None,
            },
            "token": f"itoken-{interaction_id}",
            "version": 1,
            "app_permissions": str(MEMBER_PERMISSIONS),
            "locale": user.locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id)},
            "context": 0,
            "attachment_size_limit": 26214400,
        }

    def picker(self, guild_id: int | None = None) -> list[str]:
        """The command names a member of ``guild_id`` (default: the default guild) sees in the
        picker: the global ones and the guild's own; a name twice is a duplicate entry."""
        guild = self.guild_id if guild_id is None else guild_id
        return sorted([*self.commands, *self.guild_commands.get(guild, {})])

    def command_named(self, name: str) -> dict[str, Any] | None:
        """A synced command: a global one, else one synced to a guild."""
        if name in self.commands:
            return self.commands[name]
        for table in self.guild_commands.values():
            if name in table:
                return table[name]
        return None

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
            resolved.setdefault("members", {})[str(value.id)] = {
                "roles": [],
                "joined_at": "2025-01-01T00:00:00.000000+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "nick": None,
                "avatar": None,
                "premium_since": None,
                "pending": False,
                "permissions": str(value.permissions),
            }
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
