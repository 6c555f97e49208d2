"""The campaign export file: what ``/campaign export`` writes and ``/campaign import`` reads."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bot.errors import InputError
from bot.games import GAMES

FORMAT = "wargame-table-campaign"
FILE_VERSION = 1
MAX_FILE_BYTES = 8 * 1024 * 1024


def _iso(value: str) -> str:
    datetime.fromisoformat(value)  # raises ValueError with a clear message
    return value


class ExportedEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: int = Field(ge=1)
    created_at: str
    actor_id: int
    actor_name: str
    command: str
    summary: str
    dice: list[dict[str, Any]]
    state_before: dict[str, Any] | None
    undone_by: int | None = None
    undone_at: str | None = None

    _check_time = field_validator("created_at")(_iso)


class ExportedGameMaster(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: int
    added_by: int
    added_at: str


class CampaignFile(BaseModel):
    """One campaign, whole: game, state, creator, game masters and history (oldest first)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["wargame-table-campaign"]
    version: int
    game: str
    state: dict[str, Any]
    created_by: int
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
        model = GAMES[self.game].state_model()
        self.state = _game_state(model, self.state, "state").model_dump(mode="json")
        seqs = [h.seq for h in self.history]
        if seqs != sorted(set(seqs)):
            raise ValueError("history sequence numbers must be unique and increasing")
        for entry in self.history:
            if entry.state_before is not None:
                _game_state(model, entry.state_before, f"history #{entry.seq} state_before")
        return self


def _game_state(model: Any, data: dict[str, Any], where: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        inner = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{where}.{inner}: {first['msg']}") from None


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring an older file up to :data:`FILE_VERSION` (there is only version 1 so far)."""
    return data


def parse_campaign_file(raw: bytes) -> CampaignFile:
    """Validate an uploaded export; refuse with the first problem found, in one line."""
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(key="import-too-large", size=str(len(raw)), limit=str(MAX_FILE_BYTES))
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(key="import-not-json", problem=str(exc)[:200]) from None
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
