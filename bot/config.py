"""Settings from the environment and a ``.env`` file (the environment wins)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from dotenv import load_dotenv
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

DEFAULT_API_BASE_URL = "https://discord.com/api/v10"
DEFAULT_GATEWAY_URL = "wss://gateway.discord.gg/"


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one line for the person starting the bot."""


class Settings(BaseModel):
    """Every setting the bot reads. See README.md, "Settings"."""

    model_config = ConfigDict(frozen=True)

    discord_token: SecretStr
    database_path: Path = Field(default_factory=lambda: Path("var") / "wargame-table.sqlite3")
    discord_guild_id: int | None = None
    log_level: str = "INFO"
    discord_api_base_url: str = DEFAULT_API_BASE_URL
    discord_gateway_url: str = DEFAULT_GATEWAY_URL
    heartbeat_path: Path | None = None
    dice_seed: int | None = None

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.strip().upper()
        if value not in logging.getLevelNamesMapping():
            raise ValueError(f"unknown log level {value!r}; use DEBUG, INFO, WARNING or ERROR")
        return value

    @property
    def resolved_heartbeat_path(self) -> Path:
        if self.heartbeat_path is not None:
            return self.heartbeat_path
        return self.database_path.parent / "heartbeat"


ENV_NAMES = {
    "discord_token": "DISCORD_TOKEN",
    "database_path": "DATABASE_PATH",
    "discord_guild_id": "DISCORD_GUILD_ID",
    "log_level": "LOG_LEVEL",
    "discord_api_base_url": "DISCORD_API_BASE_URL",
    "discord_gateway_url": "DISCORD_GATEWAY_URL",
    "heartbeat_path": "HEARTBEAT_PATH",
    "dice_seed": "DICE_SEED",
}


def load_settings(env_file: str | Path | None = ".env", *, require_token: bool = True) -> Settings:
    """Read ``.env`` (without overriding the environment), then the environment."""
    if env_file is not None and Path(env_file).is_file():
        load_dotenv(env_file, override=False)
    raw: dict[str, str] = {}
    for field, env in ENV_NAMES.items():
        value = os.environ.get(env)
        if value is not None and value.strip() != "":
            raw[field] = value.strip()
    if "discord_token" not in raw:
        if require_token:
            raise ConfigError(
                "DISCORD_TOKEN is not set: put DISCORD_TOKEN=<your bot token> in a .env file "
                "here or in the environment (see README.md, 'Create the Discord application')."
            )
        raw["discord_token"] = "unused"
    try:
        return Settings.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "?"
        env = ENV_NAMES.get(field, field.upper())
        raise ConfigError(f"{env} is not valid: {first['msg']}") from None
