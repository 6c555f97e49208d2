"""The stand-in Discord's gateway: websocket sessions on shards, and the events sent on them.

Every websocket connection is a :class:`GatewaySession` (HELLO, IDENTIFY -> READY, heartbeats,
RESUME). IDENTIFY's ``shard: [id, count]`` (absent: shard 0 of 1) puts it on a shard, RESUME puts
it back on its session's shard. A guild's events go to every session identified for the guild's
shard ``(guild_id >> 22) % shard_count`` -- as Discord does when two processes briefly own the
same shard: both get each interaction, the first callback wins and the other gets error 40060.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web


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


class Gateway:
    """The bot's identity (token, application, user, guilds) and the gateway's sessions and
    shards. :class:`bot.sandbox.rest.Rest` adds the REST API on the same port,
    :class:`bot.sandbox.standin.StandIn` the test's side."""

    def __init__(
        self, *, token: str, application_id: int, shard_count: int, guild_ids: Iterable[int] | None
    ) -> None:
        if shard_count < 1:
            raise ValueError("shard_count must be at least 1")
        self.token = token
        self.application_id = application_id
        self.shard_count = shard_count
        # the guilds the bot is in; the first is the default for interactions
        self.guild_ids: list[int] = list(guild_ids or [777000000000000001])
        self.guild_id = self.guild_ids[0]
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
        self.port = 0
        self.auth_failures = 0
        self.identified = asyncio.Event()
        self.identify_count = 0
        self.resume_count = 0
        self.sessions: list[GatewaySession] = []  # open websocket connections
        self._session_numbers = itertools.count(1)
        self._resumable: dict[str, tuple[int, int]] = {}  # session_id -> (shard id, last seq)
        self.identify_payloads: list[dict[str, Any]] = []  # IDENTIFY's "d", token masked
        self.identify_times: list[float] = []  # time.monotonic() of each, in the same order
        self.held_shards: set[int] = set()  # IDENTIFY/RESUME for these wait (see hold())
        self.waiting: dict[int, int] = {}  # shard id -> IDENTIFY/RESUME requests held
        self._change = asyncio.Event()

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

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
