"""The stand-in Discord's REST API: login and application endpoints, command syncs, the
interaction callbacks and webhooks the bot answers with, channel messages and attachments.
Every reply is recorded (:class:`~bot.sandbox.messages.Reply`) and checked against Discord's
message limits."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any

from aiohttp import BodyPartReader, web

from bot.sandbox.gateway import Gateway
from bot.sandbox.messages import JSON, Message, Reply, Snowflakes, limit_problems

BodyCheck = Callable[[str, str, Any], None]


class Rest(Gateway):
    """The gateway plus the REST API, and what the REST side keeps: the synced commands, the
    reply to each interaction, the messages."""

    #: called with every JSON body the bot sends (method, path, body): the test suite checks
    #: each against Discord's published schema (tests/discord_spec.py); None: not checked
    check_body: BodyCheck | None = None

    def __init__(self, **identity: Any) -> None:
        super().__init__(**identity)
        self._ids = Snowflakes()
        self.commands: dict[str, dict[str, Any]] = {}  # the global commands
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}  # guild id -> its own
        # every command PUT: (guild id, None for the global ones; the names put)
        self.command_puts: list[tuple[int | None, list[str]]] = []
        self.sync_count = 0
        self.synced = asyncio.Event()
        self.replies: dict[int, Reply] = {}
        self._by_token: dict[str, Reply] = {}
        self._payloads: dict[int, dict[str, Any]] = {}  # interaction id -> what was sent
        self.messages: dict[int, Message] = {}
        self.channel_messages: list[Message] = []
        self.attachments: dict[str, bytes] = {}
        self.limit_violations: list[str] = []
        #: what every interaction says the bot may attach (Discord: 10 MiB without boosts)
        self.attachment_size_limit = 10 * 1024 * 1024
        self.unknown_requests: list[str] = []
        self.gateway_bot_requests = 0
        self.max_concurrency = 16  # GET /gateway/bot's session_start_limit.max_concurrency
        self.advertised_gateway_url: str | None = None  # GET /gateway/bot's url (None: ours)

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
                    if len(raw) > self.attachment_size_limit:
                        # Discord refuses the whole request (413, code 40005)
                        self.limit_violations.append(
                            f"{part.filename}: {len(raw)} bytes, over the interaction's "
                            f"attachment_size_limit {self.attachment_size_limit}"
                        )
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
        if Rest.check_body is not None and method in ("POST", "PUT", "PATCH"):
            Rest.check_body(method, path, body)

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

    def _callback(
        self, interaction_id: int, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]
    ) -> web.Response:
        reply = self.replies.get(interaction_id)
        if reply is None or self._by_token.get(token) is not reply:
            return self._json({"message": "Unknown interaction", "code": 10062}, 404)
        reply.callbacks += 1
        reply.requests.append(("callback", _recorded(body, files)))
        self._changed()
        if reply.callback_type is not None:
            return self._json(
                {"message": "Interaction has already been acknowledged.", "code": 40060}, 400
            )
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        reply.callback_type = kind
        reply.acknowledged_at = time.perf_counter()
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
            reply.requests.append(("followup", _recorded(body, files)))
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
                reply.requests.append(("edit", _recorded(body, files)))
                target.update(body)
                if files:
                    target.attachments = files
                self._answer(reply)
                return self._json(target.payload(self.bot_user))
            if method == "GET":
                return self._json(target.payload(self.bot_user))
            if method == "DELETE":
                reply.requests.append(("delete", {}))
                # the message is gone; what answers the interaction comes after (a follow-up)
                if reply.original is target:
                    reply.original = None
                self.messages.pop(target.id, None)
                reply.deleted.append(target)
                return web.Response(status=204)
        return self._json({"message": "404: Not Found", "code": 0}, 404)

    async def _attachment(self, request: web.Request) -> web.Response:
        key = request.match_info["key"]
        data = self.attachments.get(key)
        if data is None:
            return web.Response(status=404)
        return web.Response(body=data, headers={"Content-Type": "application/octet-stream"})


def _recorded(body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
    """A request's body as the bot sent it, noting the files it attached."""
    return {**body, "files": [name for name, _ in files]} if files else body
