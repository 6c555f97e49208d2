"""Discord ids (snowflakes): what the bot accepts as a channel, guild, user or interaction id.

Discord's ids are 64-bit numbers that, in practice and by its documentation, fit a signed
64-bit integer — the column type both databases use. Anything outside 1 … 2^63 − 1 is no
Discord id, and would not even fit the database."""

from __future__ import annotations

from typing import Any

MIN_ID = 1
MAX_ID = 2**63 - 1


def is_discord_id(value: Any) -> bool:
    """An int (not a bool) within Discord's snowflake range."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_ID <= value <= MAX_ID


def fits_database(value: Any) -> bool:
    """An int (not a bool) both databases can store as a 64-bit signed integer. The storage
    layer refuses anything else (test data may use 0 or negative ids; Discord never does)."""
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_ID - 1 <= value <= MAX_ID
