"""The campaign export file: what ``/campaign export`` writes and ``/campaign import`` reads."""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from collections.abc import Callable, Hashable
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    ValidationError,
    field_validator,
    model_validator,
)

from bot.games import GAMES
from bot.ids import MAX_ID, MIN_ID
from bot.rules.errors import InputError
from bot.storage.changes import Converter, PatchError, check_patch, restore
from bot.storage.transfer import Exported, exported_entry

FORMAT = "wargame-table-campaign"
#: 1: every history entry with the whole state before it; 2: the change back instead
#: (bot/storage/changes.py). Both import.
FILE_VERSION = 2
# Limits of an imported file (README, "Campaign"): its size, and how deeply its arrays and
# objects may nest. A real export nests about ten levels; the limit keeps a hostile file from
# exhausting the parser's recursion.
#: the largest file ``/campaign import`` takes as Discord delivers it, and the most
#: ``/campaign export`` sends: Discord's largest attachment (a server boosted to level 3)
MAX_FILE_BYTES = 100 * 1024 * 1024
#: the largest campaign JSON ``/campaign import`` reads (a compressed file unpacked), and the
#: most ``/campaign export`` writes through Discord
MAX_JSON_BYTES = 256 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"
MAX_DEPTH = 64

# A Discord id (user): a whole number in the snowflake range, never a string or a bool.
DiscordId = Annotated[int, Field(strict=True, ge=MIN_ID, le=MAX_ID)]
#: the largest history number a file may carry: the databases' 64-bit columns hold far more,
#: and this leaves room for 2^62 further entries after it (docs/campaign.md, "Export and import")
MAX_SEQ = 2**62
# A history sequence number: it has to fit the database's 64-bit column, with room to grow.
Seq = Annotated[int, Field(strict=True, ge=1, le=MAX_SEQ)]


def _iso(value: str) -> str:
    datetime.fromisoformat(value)  # raises ValueError with a clear message
    return value


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seq: Seq
    created_at: str
    actor_id: DiscordId
    actor_name: str
    command: str
    summary: str
    dice: list[dict[str, Any]]


class ExportedEntry(_Entry):
    """A history entry of a version 2 file: the change back to the state before it
    (``undo_patch``, an RFC 6902 JSON Patch; None: nothing to take back), and whether it
    changed nothing (``aside``: undo passes it by)."""

    undo_patch: list[dict[str, Any]] | None = None
    aside: StrictBool = False
    undone_by: DiscordId | None = None
    undone_at: str | None = None

    _check_time = field_validator("created_at")(_iso)


class ExportedEntryV1(_Entry):
    """A history entry of a version 1 file: the whole state before it."""

    state_before: dict[str, Any] | None
    undone_by: DiscordId | None = None
    undone_at: str | None = None

    _check_time = field_validator("created_at")(_iso)


class ExportedGameMaster(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: DiscordId
    added_by: DiscordId
    added_at: str


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["wargame-table-campaign"]
    version: StrictInt  # "1" (a string) is a wrong file, not version 1
    game: str
    state: dict[str, Any]
    created_by: DiscordId
    created_at: str
    updated_at: str
    game_masters: list[ExportedGameMaster] = []

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

    def _check_state(self) -> Any:
        """The file's state checked against its game (and written as the game writes it);
        returns the game's state model."""
        model = GAMES[self.game].state_model
        self.state = _game_state(model, self.state, "state").model_dump(mode="json")
        return model


def _check_seqs(seqs: list[int]) -> None:
    if seqs != sorted(set(seqs)):
        raise ValueError("history sequence numbers must be unique and increasing")


class CampaignFile(_File):
    """One campaign, whole: game, state, creator, game masters and history (oldest first)."""

    history: list[ExportedEntry] = []

    @model_validator(mode="after")
    def _consistent(self) -> CampaignFile:
        model = self._check_state()
        _check_seqs([h.seq for h in self.history])
        # Undo takes the entries back newest first from the file's state: each change back
        # must fit the state after it and give a state of the game.
        state: dict[str, Any] | None = self.state
        for entry in reversed(self.history):
            where = f"history #{entry.seq} undo_patch"
            if entry.undo_patch is not None:
                if entry.aside:
                    raise ValueError(f"{where}: an aside keeps no change")
                try:
                    check_patch(entry.undo_patch)
                except ValueError as exc:
                    raise ValueError(f"{where}: {exc}") from None
            if state is None or entry.undone_at is not None or entry.aside:
                continue
            if entry.undo_patch is None:
                state = None  # the start: nothing before it is undone
                continue
            try:
                state = restore(state, entry.undo_patch)
            except PatchError as exc:
                raise ValueError(f"{where}: does not fit the state after it ({exc})") from None
            _game_state(model, state, where)
        return self


class CampaignFileV1(_File):
    """A version 1 file: every history entry with the whole state before it."""

    history: list[ExportedEntryV1] = []

    @model_validator(mode="after")
    def _consistent(self) -> CampaignFileV1:
        model = self._check_state()
        _check_seqs([h.seq for h in self.history])
        for entry in self.history:
            if entry.state_before is not None:
                _game_state(model, entry.state_before, f"history #{entry.seq} state_before")
        return self

    def upgraded(self) -> dict[str, Any]:
        """The same campaign as version 2 data (bot/storage/changes.py's Converter)."""
        converter = Converter()
        settled: dict[Hashable, tuple[Any, bool]] = {}
        for entry in self.history:
            for seq, patch, aside in converter.feed(
                entry.seq, entry.state_before, entry.undone_at is not None
            ):
                settled[seq] = (patch, aside)
        for seq, patch, aside in converter.finish(self.state):
            settled[seq] = (patch, aside)
        data = self.model_dump(mode="json", exclude={"history"})
        data["version"] = FILE_VERSION
        data["history"] = [
            {
                **entry.model_dump(mode="json", exclude={"state_before"}),
                "undo_patch": settled[entry.seq][0],
                "aside": settled[entry.seq][1],
            }
            for entry in self.history
        ]
        return data


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
    """Bring an older file up to :data:`FILE_VERSION`: a version 1 file (the whole state before
    every entry) is checked as such, then its states become changes back."""
    version = data.get("version")
    if type(version) is int and version == 1:
        return CampaignFileV1.model_validate(data).upgraded()
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


def _unpack(raw: bytes, cap: int | None) -> bytes:
    """A gzip file's content (at most ``cap`` bytes of it: a larger one is refused before it
    is unpacked further)."""
    unpacker = zlib.decompressobj(wbits=31)  # gzip's header and trailer
    try:
        text = unpacker.decompress(raw, cap + 1 if cap is not None else 0)
    except zlib.error as exc:
        raise InputError(key="import-not-json", problem=f"not a gzip file: {exc}"[:200]) from None
    if cap is not None and len(text) > cap:
        raise InputError(key="import-too-large-unpacked", limit=cap)
    if not unpacker.eof:
        raise InputError(key="import-not-json", problem="the gzip file is cut short")
    return text


def parse_campaign_file(raw: bytes, *, limit: int | None = MAX_FILE_BYTES) -> CampaignFile:
    """Validate an uploaded export (JSON, or JSON compressed with gzip); refuse with the first
    problem found, in one line. ``limit``: the largest file taken (and then
    :data:`MAX_JSON_BYTES` the largest content unpacked); None: no limit (a file on the host).

    Pass the bytes straight in (``parse_campaign_file(await file.read())``): the raw file, the
    unpacked text and the parsed data are each let go as soon as the next one is made."""
    if limit is not None and len(raw) > limit:
        raise InputError(key="import-too-large", size=len(raw), limit=limit)
    if raw[:2] == GZIP_MAGIC:
        raw = _unpack(raw, MAX_JSON_BYTES if limit is not None else None)
    if nesting_deeper_than(raw, MAX_DEPTH):
        raise InputError(key="import-too-deep", limit=MAX_DEPTH)
    try:
        text = raw.decode("utf-8")
        del raw
        data = json.loads(text)
        del text
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


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


async def write_campaign_file(exported: Exported, write: Callable[[bytes], Any]) -> int:
    """Write ``exported`` as a campaign file through ``write``, piece by piece while its
    history is read; returns how many history entries it holds.

    The file is one JSON object, its keys in order, compact, with each history entry on a line
    of its own (``jq``, ``grep`` and a diff read it; the same campaign gives the same bytes)::

        {"created_at":…,"created_by":…,"format":"wargame-table-campaign","game":…,
        "game_masters":[…],"history":[
        {"actor_id":…,"seq":1,…},
        {"actor_id":…,"seq":2,…}
        ],"state":{…},"updated_at":…,"version":2}
    """
    campaign = exported.campaign
    head = {
        "created_at": campaign.created_at,
        "created_by": campaign.created_by,
        "format": FORMAT,
        "game": campaign.game,
        "game_masters": exported.game_masters,
    }
    write(_dump(head)[:-1] + b',"history":[')
    count = 0
    async for batch in exported.history:
        pieces: list[bytes] = []
        for entry in batch:
            pieces += (b",\n" if count else b"\n", _dump(exported_entry(entry)))
            count += 1
        write(b"".join(pieces))
    tail = {"state": campaign.state, "updated_at": campaign.updated_at, "version": FILE_VERSION}
    write(b"\n]," + _dump(tail)[1:] + b"\n")
    return count


class FileTooLarge(Exception):
    """The campaign's file would be larger than the place it goes to takes."""


class DiscordFile:
    """Where ``/campaign export`` writes a campaign file (:func:`write_campaign_file`'s
    ``write``) to send it through Discord, at most ``limit`` bytes: the JSON as it is while it
    fits, else compressed with gzip; :class:`FileTooLarge` as soon as neither can fit (or the
    JSON passes :data:`MAX_JSON_BYTES`, what ``/campaign import`` reads), so a campaign far too
    large is not read to its end. Holds at most twice ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0  # of the JSON
        self._plain: io.BytesIO | None = io.BytesIO()
        self._packed = io.BytesIO()
        self._gzip = gzip.GzipFile(fileobj=self._packed, mode="wb", mtime=0)

    def write(self, data: bytes) -> None:
        self.size += len(data)
        if self._plain is not None:
            if self.size <= self.limit:
                self._plain.write(data)
            else:
                self._plain = None
        self._gzip.write(data)
        if self._plain is None and (self._packed.tell() > self.limit or self.size > MAX_JSON_BYTES):
            raise FileTooLarge

    def finish(self) -> tuple[bytes, bool]:
        """The file's bytes, and whether they are compressed."""
        self._gzip.close()
        if self._plain is not None:
            return self._plain.getvalue(), False
        if self._packed.tell() > self.limit:
            raise FileTooLarge
        return self._packed.getvalue(), True
