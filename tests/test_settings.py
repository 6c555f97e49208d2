"""Settings through pydantic-settings: one typed model read from the environment and ``.env``."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from pydantic_settings import BaseSettings

from bot.config import ENV_NAMES, ConfigError, Settings, load_settings


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in ENV_NAMES.values():
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


def test_every_setting_has_its_variable() -> None:
    assert issubclass(Settings, BaseSettings)
    assert set(ENV_NAMES.values()) == {
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "DATABASE_POOL_SIZE",
        "DATABASE_TIMEOUT",
        "DISCORD_GUILD_ID",
        "LOG_LEVEL",
        "DISCORD_API_BASE_URL",
        "DISCORD_GATEWAY_URL",
        "HEARTBEAT_PATH",
        "SHARD_COUNT",
        "SHARD_IDS",
        "DICE_SEED",
        "METRICS_PORT",
        "METRICS_ADDRESS",
    }


def test_the_model_reads_the_environment_itself(env: pytest.MonkeyPatch) -> None:
    env.setenv("DISCORD_TOKEN", " tok ")
    env.setenv("DATABASE_POOL_SIZE", "7")
    env.setenv("SHARD_COUNT", "4")
    env.setenv("SHARD_IDS", "3,0-1")
    env.setenv("LOG_LEVEL", "debug")
    env.setenv("DICE_SEED", "")  # blank: unset
    settings = Settings()
    assert settings.discord_token.get_secret_value() == "tok"
    assert settings.database_pool_size == 7
    assert settings.shard_ids == (0, 1, 3)
    assert settings.log_level == "DEBUG"
    assert settings.dice_seed is None
    assert settings.database_path == Path("var") / "wargame-table.sqlite3"
    assert settings.database_timeout == 5.0


@pytest.mark.parametrize("value", ["0.4", "10.5", "soon"])
def test_the_database_timeout_stays_under_the_deadline_after_a_deferral(
    env: pytest.MonkeyPatch, value: str
) -> None:
    env.setenv("DISCORD_TOKEN", "tok")
    env.setenv("DATABASE_TIMEOUT", value)
    with pytest.raises(ConfigError, match="DATABASE_TIMEOUT"):
        load_settings()
    env.setenv("DATABASE_TIMEOUT", "2.5")
    assert load_settings().database_timeout == 2.5


def test_dot_env_is_read_without_leaking_into_the_environment(
    env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text(
        "# a comment\nDISCORD_TOKEN=from-file\nDISCORD_GUILD_ID=42\nLOG_LEVEL=\n"
        "SOMETHING_ELSE=ignored\nexport DICE_SEED=9\n"
    )
    env.setenv("DISCORD_GUILD_ID", "43")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == "from-file"
    assert settings.discord_guild_id == 43  # the environment wins over .env
    assert settings.log_level == "INFO"  # blank in .env: the default
    assert settings.dice_seed == 9
    # .env feeds the settings only; the process environment (and child processes) stay clean
    assert "DISCORD_TOKEN" not in os.environ
    assert "SOMETHING_ELSE" not in os.environ


def test_a_wrong_value_in_dot_env_is_one_line_naming_it(
    env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=t\nDATABASE_POOL_SIZE=lots\n")
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value).startswith("DATABASE_POOL_SIZE is not valid: ")
    assert "\n" not in str(caught.value)


def test_token_missing_is_the_first_thing_said(env: pytest.MonkeyPatch) -> None:
    env.setenv("LOG_LEVEL", "LOUD")
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN is not set: .*\.env"):
        load_settings(None)
    env.delenv("LOG_LEVEL")
    assert load_settings(None, require_token=False).log_level == "INFO"


def test_metrics_are_off_unless_a_port_is_set(env: pytest.MonkeyPatch) -> None:
    env.setenv("DISCORD_TOKEN", "t")
    env.setenv("METRICS_PORT", "")  # blank: unset
    settings = load_settings(None)
    assert settings.metrics_port is None
    assert settings.metrics_address == "0.0.0.0"
    env.setenv("METRICS_PORT", " 9108 ")
    env.setenv("METRICS_ADDRESS", "127.0.0.1")
    settings = load_settings(None)
    assert (settings.metrics_address, settings.metrics_port) == ("127.0.0.1", 9108)


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("0.0.0.0", "0.0.0.0"),
        ("::", "::"),
        ("[::1]", "::1"),
        ("0:0:0:0:0:0:0:1", "::1"),
        ("localhost", "localhost"),
        ("metrics.internal.example", "metrics.internal.example"),
    ],
)
def test_metrics_address_is_an_ip_address_or_host_name(given: str, kept: str) -> None:
    settings = Settings.model_validate({"discord_token": "t", "metrics_address": given})
    assert settings.metrics_address == kept


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("METRICS_PORT", "0"),
        ("METRICS_PORT", "65536"),
        ("METRICS_PORT", "ninety"),
        ("METRICS_ADDRESS", "http://0.0.0.0:9108"),
        ("METRICS_ADDRESS", "0.0.0.0:9108"),
        ("METRICS_ADDRESS", "-bad-.example"),
        ("METRICS_ADDRESS", "two words"),
    ],
)
def test_a_wrong_metrics_setting_is_one_line_naming_it(
    env: pytest.MonkeyPatch, name: str, value: str
) -> None:
    env.setenv("DISCORD_TOKEN", "t")
    env.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(None)
    assert str(caught.value).startswith(f"{name} is not valid: ")
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL is not valid: unknown log level 'LOUD'; use DEBUG"),
        ("SHARD_IDS", "5", "SHARD_IDS is not valid: shard 5 is out of range 0-1 (SHARD_COUNT=2)"),
        ("DATABASE_URL", "mysql://x", "DATABASE_URL is not valid: "),
        ("METRICS_ADDRESS", "two words", "METRICS_ADDRESS is not valid: 'two words' is not an IP"),
    ],
)
def test_a_wrong_setting_is_said_in_the_bots_own_words(
    env: pytest.MonkeyPatch, name: str, value: str, said: str
) -> None:
    """Our validators' reasons, without pydantic's "Value error, " in front of them."""
    env.setenv("DISCORD_TOKEN", "t")
    env.setenv("SHARD_COUNT", "2")
    env.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings(None)
    assert str(caught.value).startswith(said)
    assert "Value error" not in str(caught.value)


ROOT = Path(__file__).resolve().parent.parent


def test_every_setting_is_in_env_example_and_the_readmes_table(env: pytest.MonkeyPatch) -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    written = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", example, re.MULTILINE))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", readme, re.MULTILINE))
    settings = set(ENV_NAMES.values())
    assert settings - written == set(), ".env.example lacks them"
    assert settings - table == set(), "the README's settings table lacks them"
    assert table - settings == set(), "the README's table names settings the bot does not read"
    # what compose.yaml asks of .env besides the bot's settings
    compose = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    for name in re.findall(r"\$\{([A-Z_]+)", compose):
        assert name in written, f".env.example lacks {name}, which compose.yaml needs"
    # the template as it is, with a token, is a valid configuration of defaults
    (Path.cwd() / ".env").write_text(example.replace("DISCORD_TOKEN=\n", "DISCORD_TOKEN=t\n"))
    settings_read = load_settings()
    assert settings_read.database_url is None and settings_read.database_pool_size == 10
