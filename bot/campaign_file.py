"""The campaign export file: what ``/campaign export`` writes and ``/campaign import`` reads."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from bot.games import GAMES
from bot.ids import MAX_ID, MIN_ID
from bot.rules.errors import InputError

FORMAT = "wargame-table-campaign"
FILE_VERSION = 1
# Limits of an imported file (README, "Campaign"): its size, and how deeply its arrays and
# objects may nest. A real export nests about ten levels; the limit keeps a hostile file from
# exhausting the parser's recursion.
MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64

# A Discord id (user): a whole number in the snowflake range, never a string or a bool.
DiscordId = Annotated[int, Field(strict=True, ge=MIN_ID, le=MAX_ID)]
# A history sequence number: it has to fit the database's 64-bit column too.
Seq = Annotated[int, Field(strict=True, ge=1, le=MAX_ID)]


def _iso(value: str) -> str:
    datetime.fromisoformat(value)  # raises ValueError with a clear message
    return value


class ExportedEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: Seq
    created_at: str
    actor_id: DiscordId
    actor_name: str
    command: str
    summary: str
    dice: list[dict[str, Any]]
    state_before: dict[str, Any] | None
    undone_by: DiscordId | None = None
    undone_at: str | None = None

    _check_time = field_validator("created_at")(_iso)


class ExportedGameMaster(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: DiscordId
    added_by: DiscordId
    added_at: str


class CampaignFile(BaseModel):
    """One campaign, whole: game, state, creator, game masters and history (oldest first)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["wargame-table-campaign"]
    version: StrictInt  # "1" (a string) is a wrong file, not version 1
    game: str
    state: dict[str, Any]
    created_by: DiscordId
    created_at: str
    updated_at: str
    game_masters: list[ExportedGameMaster] = []
    history: list[ExportedEntry] = []

    _check_times = field_validator("created_at", "updated_at")(_iso)

    @field_validator("version")
    @classmethod
    def _version(cls, value: int) -> int:
        if value > FILE_VERSION:
            raise ValueError(f"made by a newer bot (file version {value}); upgrade the bot")
        if value < 1:
            raise ValueError("must be 1 or more")
        return value

    @field_validator("game")
    @classmethod
    def _game(cls, value: str) -> str:
        if value not in GAMES:
            raise ValueError(f"unknown game {value!r}; known: {', '.join(GAMES)}")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> CampaignFile:
        model = GAMES[self.game].state_model
        self.state = _game_state(model, self.state, "state").model_dump(mode="json")
        seqs = [h.seq for h in self.history]
        if seqs != sorted(set(seqs)):
            raise ValueError("history sequence numbers must be unique and increasing")
        for entry in self.history:
            if entry.state_before is not None:
                _game_state(model, entry.state_before, f"history #{entry.seq} state_before")
        return self


def _game_state(model: Any, data: dict[str, Any], where: str) -> Any:
    """``data`` as the game's state model, refusing keys the model does not know (stored
    states are read leniently; a file must match exactly — a state of another game, or one
    carrying extra keys, is refused rather than silently reduced to a default)."""
    try:
        return model.model_validate(data, extra="forbid")
    except ValidationError as exc:
        first = exc.errors()[0]
        inner = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{where}.{inner}: {first['msg']}") from None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older file up to :data:`FILE_VERSION` (there is only version 1 so far)."""
    return data


# a JSON string (escapes included), and everything that is neither an opening nor a closing
# bracket of an array or object
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")


def nesting_deeper_than(raw: bytes, limit: int) -> bool:
    """True when the JSON text ``raw`` nests arrays/objects more than ``limit`` levels deep.

    Works on the bytes without parsing (so without recursion): strings are blanked, every
    other byte but brackets dropped, and innermost pairs peeled off ``limit`` times; a pair
    still left means something is nested deeper."""
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKET)
    brackets = brackets.replace(b"{", b"[").replace(b"}", b"]")
    for _ in range(limit):
        peeled = brackets.replace(b"[]", b"")
        if peeled == brackets:
            return False
        brackets = peeled
    return b"[]" in brackets


def parse_campaign_file(raw: bytes) -> CampaignFile:
    """Validate an uploaded export; refuse with the first problem found, in one line."""
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(key="import-too-large", size=len(raw), limit=MAX_FILE_BYTES)
    if nesting_deeper_than(raw, MAX_DEPTH):
        raise InputError(key="import-too-deep", limit=MAX_DEPTH)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(key="import-not-json", problem=str(exc)[:200]) from None
    except RecursionError:  # cannot happen below MAX_DEPTH; refuse all the same
        raise InputError(key="import-too-deep", limit=MAX_DEPTH) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InputError(key="import-not-export")
    try:
        return CampaignFile.model_validate(migrate(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        message = str(first["msg"]).removeprefix("Value error, ")
        where = ".".join(str(p) for p in first["loc"])
        text = f"{where}: {message}" if where else message
        raise InputError(key="import-invalid", problem=text[:250]) from None


def render_campaign_file(data: dict[str, Any]) -> bytes:
    """The export as canonical, human-readable JSON (the same campaign gives the same bytes)."""
    document = {"format": FORMAT, "version": FILE_VERSION, **data}
    return (json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
