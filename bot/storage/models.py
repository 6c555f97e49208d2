"""The rows the store reads and writes — a channel's campaign, its history entries — and one
command's unit of work (:class:`Tx`), with the SQL helpers both the store and the copy use."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.catalog import has
from bot.ids import fits_database
from bot.rules.dice import Draw
from bot.rules.errors import BotError, InputError
from bot.rules.msg import Msg
from bot.storage.database import Conn, Row, Step
from bot.storage.errors import ConcurrencyError

JsonDict = dict[str, Any]

CAMPAIGN_COLUMNS = (
    "channel_id, campaign_id, guild_id, game, state, version, created_by, created_at, updated_at, "
    "imported_by, imported_at"
)
HISTORY_COLUMNS = (
    "campaign_id, seq, channel_id, created_at, actor_id, actor_name, command, summary, dice, "
    "undo_patch, undone_by, undone_at, imported, aside"
)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def dump_json(value: Any) -> str:
    """Canonical JSON: the same value always gives the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_ids(*ids: int | None) -> None:
    """Refuse (with the project's own error, before any query) an id the databases' 64-bit
    columns cannot hold, rather than fail inside the driver (OverflowError, DataError). The
    commands refuse ids outside Discord's range before they get here (bot.ids)."""
    for value in ids:
        if value is not None and not fits_database(value):
            raise InputError(key="id-out-of-range", id=str(value)[:30])


def _state_dict(state: BaseModel | Mapping[str, Any]) -> JsonDict:
    if isinstance(state, BaseModel):
        return state.model_dump(mode="json")
    return dict(state)


def _dice_list(dice: Iterable[Draw | Mapping[str, Any]]) -> list[JsonDict]:
    return [d.as_json() if isinstance(d, Draw) else dict(d) for d in dice]


class Campaign(BaseModel):
    """A channel's campaign row."""

    model_config = ConfigDict(frozen=True)

    channel_id: int
    campaign_id: int
    guild_id: int | None
    game: str
    state: JsonDict
    version: int
    created_by: int
    created_at: str
    updated_at: str
    # set when the campaign came from a file (/campaign import): who imported it, and when
    imported_by: int | None = None
    imported_at: str | None = None


class HistoryEntry(BaseModel):
    """One committed command in a campaign's history."""

    model_config = ConfigDict(frozen=True)

    campaign_id: int
    seq: int
    channel_id: int
    created_at: str
    actor_id: int
    actor_name: str
    command: str
    summary: str
    dice: list[JsonDict]
    # the change back to the state before this entry (bot/storage/changes.py); None: nothing
    # to take back (the campaign's start, or an aside)
    undo_patch: list[JsonDict] | None
    undone_by: int | None = None
    undone_at: str | None = None
    imported: bool = False  # came with an imported file (its actors are the file's word)
    aside: bool = False  # changed nothing (a /roll noted in the campaign): undo passes it by


def campaign_of(row: Row) -> tuple[Campaign, str]:
    """The campaign of a row, and its state exactly as stored (canonical JSON text)."""
    data = {k: row[k] for k in CAMPAIGN_COLUMNS.split(", ")}
    text = data["state"]
    data["state"] = json.loads(text)
    return Campaign.model_validate(data), text


def entry_of(row: Row) -> HistoryEntry:
    data = dict(row)
    data["dice"] = json.loads(data["dice"])
    patch = data["undo_patch"]
    data["undo_patch"] = json.loads(patch) if patch is not None else None
    return HistoryEntry.model_validate(data)


class Tx:
    """One command's unit of work on one channel (see :meth:`Store.transaction`)."""

    def __init__(self, campaign: Campaign | None, conn: Conn | None = None) -> None:
        self.campaign = campaign
        self._conn = conn
        self._new_game: str | None = None
        self._new_state: JsonDict | None = None
        self._delete = False
        self._summary: str | None = None
        self._dice: list[JsonDict] = []
        self.seq: int | None = None  # the history sequence number, once committed
        self.changed = (
            False  # whether the committed entry changed the state (undo can take it back)
        )
        self.now: str | None = None  # the database's clock when the transaction began
        self._stored_text: str | None = None  # the state's JSON text as read
        # what the history shows as typed, when only the transaction knows it (a button that
        # names an asteroid by its place); None: the command given to the transaction
        self.command: str | None = None

    @property
    def state(self) -> JsonDict | None:
        """The state as it will be committed (the new one if set, else the stored one)."""
        if self._new_state is not None:
            return self._new_state
        return self.campaign.state if self.campaign else None

    async def game_masters(self) -> list[int]:
        """The campaign's added game masters, read inside this transaction."""
        if self.campaign is None or self._conn is None:
            return []
        return await read_game_masters(self._conn, self.campaign.channel_id)

    def create(self, game: str, state: BaseModel | Mapping[str, Any]) -> None:
        if self.campaign is not None:
            game = self.campaign.game
            title = Msg(f"game-{game}") if has("en", f"game-{game}") else game
            raise BotError(key="campaign-exists", game=title)
        self._new_game = game
        self._new_state = _state_dict(state)

    def set_state(self, state: BaseModel | Mapping[str, Any]) -> None:
        if self.campaign is None and self._new_game is None:
            raise BotError(key="no-campaign-yet")
        self._new_state = _state_dict(state)

    def delete(self) -> None:
        if self.campaign is None:
            raise BotError(key="no-campaign-yet")
        self._delete = True

    def record(self, summary: str, dice: Iterable[Draw | Mapping[str, Any]] = ()) -> None:
        """The one-line summary and dice for the history row."""
        self._summary = summary[:500]
        self._dice = _dice_list(dice)

    @property
    def has_work(self) -> bool:
        if self._delete or self._new_game is not None:
            return True
        if self.campaign is None:
            return False
        return self._new_state is not None or self._summary is not None


async def read_game_masters(conn: Conn, channel_id: int) -> list[int]:
    rows = await conn.fetch(
        "SELECT user_id FROM game_masters WHERE channel_id = ? ORDER BY added_at, user_id",
        channel_id,
    )
    return [int(r[0]) for r in rows]


async def insert_campaign(
    conn: Conn,
    channel_id: int,
    guild_id: int | None,
    game: str,
    state_text: str,
    created_by: int,
    created_at: str,
    updated_at: str,
    imported_by: int | None = None,
    imported_at: str | None = None,
) -> int:
    """Insert a campaign row at version 1 under the next campaign id; returns the id."""
    row = await conn.fetchrow(
        "UPDATE counters SET value = value + 1 WHERE name = 'campaign_id' RETURNING value"
    )
    assert row is not None
    campaign_id = int(row[0])
    await conn.execute(
        f"INSERT INTO campaigns ({CAMPAIGN_COLUMNS}) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
        channel_id,
        campaign_id,
        guild_id,
        game,
        state_text,
        created_by,
        created_at,
        updated_at,
        imported_by,
        imported_at,
    )
    return campaign_id


def state_step(campaign: Campaign, state_text: str, now: str) -> Step:
    """The statement that writes a new state over ``campaign`` (ConcurrencyError if its
    version moved)."""
    return Step(
        "UPDATE campaigns SET state = ?, version = version + 1, updated_at = ? "
        "WHERE channel_id = ? AND version = ? RETURNING version",
        (state_text, now, campaign.channel_id, campaign.version),
        missing=ConcurrencyError(campaign.channel_id),
    )


async def write_state(conn: Conn, campaign: Campaign, state_text: str, now: str) -> None:
    """Write a new state over ``campaign`` now (:func:`state_step`)."""
    step = state_step(campaign, state_text, now)
    if await conn.fetchrow(step.sql, *step.args) is None:
        assert step.missing is not None
        raise step.missing
