"""What the stand-in Discord keeps and hands out: members, the messages the bot posts, the reply
to each interaction, and Discord's message and embed limits, checked on every reply."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

JSON = "application/json"
DISCORD_EPOCH = 1420070400000
EPHEMERAL = 1 << 6

# Permission bits
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_CHANNELS = 1 << 4
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
MEMBER_PERMISSIONS |= USE_APPLICATION_COMMANDS

OPTION_TYPES = {
    1: "subcommand",
    2: "group",
    3: "string",
    4: "integer",
    5: "boolean",
    6: "user",
    7: "channel",
    8: "role",
    9: "mentionable",
    10: "number",
    11: "attachment",
}


class Snowflakes:
    def __init__(self) -> None:
        self._counter = itertools.count(1)

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


@dataclass
class User:
    id: int
    name: str
    manage_channels: bool = False
    locale: str = "en-US"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": False,
            "public_flags": 0,
        }

    @property
    def permissions(self) -> int:
        return MEMBER_PERMISSIONS | (MANAGE_CHANNELS if self.manage_channels else 0)


@dataclass
class Message:
    """A message the bot created or edited, as Discord would store it."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    attachments: list[tuple[str, bytes]] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def text(self) -> str:
        """Everything a person reads: content, then each embed's parts."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            for key in ("title", "description"):
                if embed.get(key):
                    parts.append(str(embed[key]))
            for f in embed.get("fields", []):
                parts.append(f"{f.get('name', '')}\n{f.get('value', '')}")
            footer = embed.get("footer") or {}
            if footer.get("text"):
                parts.append(str(footer["text"]))
        return "\n".join(parts)

    def buttons(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for row in self.components:
            for comp in row.get("components", []):
                if comp.get("type") == 2:
                    out.append(comp)
        return out

    def selects(self) -> list[dict[str, Any]]:
        """The message's string selects (each with its ``options``), in order."""
        return [
            comp
            for row in self.components
            for comp in row.get("components", [])
            if comp.get("type") == 3
        ]

    def update(self, data: Mapping[str, Any]) -> None:
        if "content" in data:
            self.content = data["content"] or ""
        if "embeds" in data:
            self.embeds = list(data["embeds"] or [])
        if "components" in data:
            self.components = list(data["components"] or [])
        if "flags" in data and data["flags"] is not None:
            self.flags = int(data["flags"])

    def payload(self, bot_user: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 20,
            "content": self.content,
            "author": bot_user,
            "embeds": self.embeds,
            "components": self.components,
            "attachments": [
                {
                    "id": str(i + 1),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.invalid/{name}",
                    "proxy_url": f"https://cdn.invalid/{name}",
                }
                for i, (name, data) in enumerate(self.attachments)
            ],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00.000000+00:00",
            "edited_timestamp": None,
            "flags": self.flags,
        }


@dataclass
class Reply:
    """What the bot answered to one interaction."""

    interaction_id: int
    callback_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    sent_at: float = 0.0
    # the first callback Discord accepted (an answer or a deferral): due within 3 s
    acknowledged_at: float | None = None
    answered_at: float | None = None
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    callbacks: int = 0  # every callback attempt, the refused (40060) ones included
    # messages of this interaction the bot deleted (a "thinking…" placeholder)
    deleted: list[Message] = field(default_factory=list)
    # (shard id, session number) of every gateway session the interaction was sent to
    deliveries: list[tuple[int, int]] = field(default_factory=list)
    # every request the bot made for this interaction, in order, as it sent it: ("callback",
    # the callback's body), ("followup", a webhook message's body), ("edit", an edit's body),
    # ("delete", {}); with ``files`` when it attached any (the benchmark's echo replays these)
    requests: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @property
    def messages(self) -> list[Message]:
        return ([self.original] if self.original else []) + self.followups

    @property
    def message(self) -> Message:
        """The answer: the interaction's own response message (a reply, a deferred reply
        filled in, a pressed button's message updated) when there is one; else the last
        message the bot sent for it (the private line that replaced a "thinking…"
        placeholder, or what followed a button's silent deferred update)."""
        if self.original is not None and self.callback_type in (4, 5, 7):
            return self.original
        msgs = self.messages
        if not msgs:
            raise AssertionError(f"interaction {self.interaction_id} has no message")
        return msgs[-1]

    @property
    def text(self) -> str:
        return self.message.text

    @property
    def ephemeral(self) -> bool:
        return self.message.ephemeral

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.message.embeds

    @property
    def latency(self) -> float:
        """Seconds from sending the interaction to its answer (after a deferral: to the answer
        that followed it)."""
        if self.answered_at is None:
            return float("inf")
        return self.answered_at - self.sent_at

    @property
    def first_latency(self) -> float:
        """Seconds from sending the interaction to its first callback (an answer or a
        deferral): Discord drops an interaction that has none within 3 s."""
        if self.acknowledged_at is None:
            return float("inf")
        return self.acknowledged_at - self.sent_at

    @property
    def deferred(self) -> bool:
        """The first callback was a deferral ("thinking…" or a deferred update)."""
        return self.callback_type in (5, 6)


def limit_problems(message: Message) -> list[str]:
    """Where ``message`` breaks Discord's message and embed limits (empty when it fits)."""
    problems: list[str] = []
    if len(message.content) > 2000:
        problems.append(f"content has {len(message.content)} characters (max 2000)")
    if len(message.embeds) > 10:
        problems.append(f"{len(message.embeds)} embeds (max 10)")
    total = 0
    for embed in message.embeds:
        title = str(embed.get("title") or "")
        description = str(embed.get("description") or "")
        fields = list(embed.get("fields") or [])
        footer = str((embed.get("footer") or {}).get("text") or "")
        author = str((embed.get("author") or {}).get("name") or "")
        if len(title) > 256:
            problems.append(f"embed title has {len(title)} characters (max 256)")
        if len(description) > 4096:
            problems.append(f"embed description has {len(description)} characters (max 4096)")
        if len(fields) > 25:
            problems.append(f"embed has {len(fields)} fields (max 25)")
        for f in fields:
            name, value = str(f.get("name") or ""), str(f.get("value") or "")
            if not 1 <= len(name) <= 256:
                problems.append(f"field name has {len(name)} characters (1-256)")
            if not 1 <= len(value) <= 1024:
                problems.append(f"field value has {len(value)} characters (1-1024)")
            total += len(name) + len(value)
        if len(footer) > 2048:
            problems.append(f"embed footer has {len(footer)} characters (max 2048)")
        total += len(title) + len(description) + len(footer) + len(author)
    if total > 6000:
        problems.append(f"embeds total {total} characters (max 6000)")
    for row in message.components:
        if len(row.get("components", [])) > 5:
            problems.append("an action row has more than 5 components")
    if len(message.components) > 5:
        problems.append("more than 5 action rows")
    return problems
