"""The parts of an INTERACTION_CREATE payload that are the same in every interaction, as
Discord builds them: the channel, the member who acts, the interaction around its data."""

from __future__ import annotations

from typing import Any

from bot.sandbox.messages import MEMBER_PERMISSIONS, User

JOINED_AT = "2025-01-01T00:00:00.000000+00:00"


def member(user: User) -> dict[str, Any]:
    """``user`` as a guild member (without the user object: a resolved option's member)."""
    return {
        "roles": [],
        "joined_at": JOINED_AT,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
        "avatar": None,
        "premium_since": None,
        "pending": False,
        "permissions": str(user.permissions),
    }


def text_channel(channel_id: int, guild_id: int) -> dict[str, Any]:
    return {
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
    }


def interaction(
    interaction_id: int,
    application_id: int,
    kind: int,
    user: User,
    channel_id: int,
    guild_id: int,
) -> dict[str, Any]:
    """An interaction of ``kind`` (2 command, 3 component, 4 autocomplete) without its data."""
    return {
        "id": str(interaction_id),
        "application_id": str(application_id),
        "type": kind,
        "guild_id": str(guild_id),
        "channel_id": str(channel_id),
        "channel": text_channel(channel_id, guild_id),
        "member": {
            "user": user.payload(),
            **member(user),
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
