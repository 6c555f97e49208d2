"""Settings from the environment and a ``.env`` file (the environment wins)."""

from __future__ import annotations

import ipaddress
import logging
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.storage.database import BadDatabaseUrl, check_url

DEFAULT_API_BASE_URL = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"
DEFAULT_METRICS_ADDRESS = "0.0.0.0"
HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line for the person starting the bot."""


class Settings(BaseSettings):
    """Every setting the bot reads. See README.md, "Settings".

    ``Settings()`` reads the environment, then ``.env`` in the working directory (the
    environment wins); each field's variable is its name in capitals (``DISCORD_TOKEN``).
    ``Settings.model_validate({...})`` takes the given values only (tests, the local table)."""

    model_config = SettingsConfigDict(
        frozen=True,
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",  # other variables in .env are none of the bot's business
    )

    discord_token: SecretStr
    database_path: Path = Field(default_factory=lambda: Path("var") / "wargame-table.sqlite3")
    # postgresql://user@host:port/db or sqlite:///path; unset: SQLite at database_path
    database_url: str | None = None
    database_pool_size: int = Field(default=10, ge=3, le=100)
    # seconds one interaction may wait for the database in all (locks, a connection, its
    # statements) before the bot refuses "busy, nothing changed"
    database_timeout: float = Field(default=5.0, ge=0.5, le=10.0)
    discord_guild_id: int | None = None
    log_level: str = "INFO"
    discord_api_base_url: str = DEFAULT_API_BASE_URL
    discord_gateway_url: str = DEFAULT_GATEWAY_URL
    heartbeat_path: Path | None = None
    dice_seed: int | None = None
    # gateway shards: the total, and the ones this process opens (None: all of them); both
    # unset: the bot asks Discord how many shards to open
    shard_count: int | None = Field(default=None, ge=1)
    # "0,2-3" in the environment: parsed below, not as JSON
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # Prometheus metrics: unset, none served; the address is every interface, since in a
    # container that is the only one a published port (or the compose network) can reach
    metrics_port: int | None = Field(default=None, ge=1, le=65535)
    metrics_address: str = DEFAULT_METRICS_ADDRESS

    @model_validator(mode="before")
    @classmethod
    def _blank_is_unset(cls, data: Any) -> Any:
        """Values are trimmed; a blank one (``LOG_LEVEL=``) counts as unset."""
        if not isinstance(data, dict):
            return data
        cleaned: dict[str, Any] = {}
        for key, value in data.items():
            if isinstance(value, str):
                value = value.strip()
                if not value:
                    continue
            cleaned[key] = value
        return cleaned

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return check_url(value.strip())
        except BadDatabaseUrl as exc:
            raise ValueError(str(exc)) from None

    @property
    def database_target(self) -> str | Path:
        """Where the campaigns live: DATABASE_URL if set, else the SQLite file."""
        return self.database_url or self.database_path

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}; use DEBUG, INFO, WARNING or ERROR")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        return parse_shard_ids(value) if isinstance(value, str) else value

    @field_validator("shard_ids")
    @classmethod
    def _check_shard_ids(
        cls, value: tuple[int, ...] | None, info: ValidationInfo
    ) -> tuple[int, ...] | None:
        if value is None:
            return None
        if "shard_count" not in info.data:
            raise ValueError("SHARD_COUNT is not valid, so SHARD_IDS cannot be checked")
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("set SHARD_COUNT too (the total number of shards)")
        if not value:
            raise ValueError("no shard listed; use e.g. 0, 0,1 or 2-3")
        for shard in value:
            if not 0 <= shard < count:
                raise ValueError(
                    f"shard {shard} is out of range 0-{count - 1} (SHARD_COUNT={count})"
                )
        if len(set(value)) != len(value):
            twice = sorted({s for s in value if value.count(s) > 1})
            raise ValueError(f"shard {twice[0]} is listed twice")
        return tuple(sorted(value))

    @field_validator("metrics_address")
    @classmethod
    def _metrics_address(cls, value: str) -> str:
        bare = value.strip()
        if bare.startswith("[") and bare.endswith("]"):
            bare = bare[1:-1]  # [::1], as in a URL
        try:
            return str(ipaddress.ip_address(bare))
        except ValueError:
            pass
        if len(bare) <= 253 and HOST_NAME.fullmatch(bare):
            return bare
        raise ValueError(
            f"{value!r} is not an IP address or host name; use e.g. 0.0.0.0 (every interface), "
            "127.0.0.1 (this machine only) or ::"
        )

    @property
    def resolved_heartbeat_path(self) -> Path:
        if self.heartbeat_path is not None:
            return self.heartbeat_path
        return self.database_path.parent / "heartbeat"


# each setting's variable, for messages
ENV_NAMES = {name: name.upper() for name in Settings.model_fields}


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0"``, ``"0,1"``, ``"2-3"``, ``"0,2-3"`` -> the shard ids, in the order given."""
    ids: list[int] = []
    for part in text.split(","):
        part = part.strip()
        low, dash, high = part.partition("-")
        low, high = low.strip(), high.strip()
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ValueError(f"{part!r} is not a shard number or range; use e.g. 0, 0,1 or 2-3")
        first, last = int(low), int(high) if dash else int(low)
        if last - first >= 1 << 16:
            raise ValueError(f"range {part!r} is too long")
        if last < first:
            raise ValueError(f"range {part!r} runs backwards; write it as {last}-{first}")
        ids.extend(range(first, last + 1))
    return tuple(ids)


MISSING_TOKEN = (
    "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in a .env file "
    "here or in the environment (see docs/running.md, 'Discord application and invite')."
)


def load_settings(env_file: str | Path | None = ".env", *, require_token: bool = True) -> Settings:
    """The settings from the environment and ``env_file`` (the environment wins over it).

    Raises :class:`ConfigError` with one line naming the first wrong variable."""
    values: dict[str, Any] = {}
    while True:
        try:
            return Settings(_env_file=env_file, **values)
        except ValidationError as exc:
            errors = exc.errors()
        token_missing = any(
            e["type"] == "missing" and tuple(e["loc"]) == ("discord_token",) for e in errors
        )
        if token_missing and not require_token and not values:
            values["discord_token"] = "unused"
            continue
        if token_missing:
            raise ConfigError(MISSING_TOKEN)
        first = errors[0]
        field = str(first["loc"][0]) if first["loc"] else "?"
        env = ENV_NAMES.get(field, field.upper())
        raise ConfigError(f"{env} is not valid: {reason(first['msg'])}") from None


def reason(message: str) -> str:
    """pydantic's message without its "Value error, " prefix (our validators' own words)."""
    return message.removeprefix("Value error, ")
