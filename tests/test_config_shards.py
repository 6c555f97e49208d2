"""SHARD_COUNT and SHARD_IDS: parsing and validation."""

from __future__ import annotations

import pytest

from bot.config import ENV_NAMES, ConfigError, Settings, load_settings, parse_shard_ids


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in ENV_NAMES.values():
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "token")
    return monkeypatch


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("0", (0,)),
        ("0,1", (0, 1)),
        ("2-3", (2, 3)),
        ("0,2-3", (0, 2, 3)),
        (" 5 , 1-2 ", (5, 1, 2)),
        ("4-4", (4,)),
    ],
)
def test_parse_shard_ids(text: str, ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(text) == ids


@pytest.mark.parametrize("text", ["", "a", "1,", "-1", "1-", "3-2", "1-2-3", "1.5", "0-70000"])
def test_parse_shard_ids_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_shard_ids(text)


def test_unset_lets_the_bot_decide(env: pytest.MonkeyPatch) -> None:
    settings = load_settings(None)
    assert settings.shard_count is None and settings.shard_ids is None


def test_count_alone_means_every_shard(env: pytest.MonkeyPatch) -> None:
    env.setenv("SHARD_COUNT", "4")
    settings = load_settings(None)
    assert settings.shard_count == 4 and settings.shard_ids is None


def test_count_and_ids(env: pytest.MonkeyPatch) -> None:
    env.setenv("SHARD_COUNT", "4")
    env.setenv("SHARD_IDS", "3,0-1")
    settings = load_settings(None)
    assert settings.shard_count == 4
    assert settings.shard_ids == (0, 1, 3)


def test_tuple_given_in_code() -> None:
    settings = Settings.model_validate({"discord_token": "t", "shard_count": 2, "shard_ids": (1,)})
    assert settings.shard_ids == (1,)


@pytest.mark.parametrize(
    ("count", "ids", "variable", "words"),
    [
        ("0", None, "SHARD_COUNT", "greater than or equal to 1"),
        ("two", None, "SHARD_COUNT", "integer"),
        (None, "0", "SHARD_IDS", "SHARD_COUNT"),
        ("2", "2", "SHARD_IDS", "out of range 0-1"),
        ("4", "1,0-2", "SHARD_IDS", "shard 1 is listed twice"),
        ("4", "3-1", "SHARD_IDS", "backwards"),
        ("4", "x", "SHARD_IDS", "not a shard number"),
        ("0", "0", "SHARD_COUNT", "greater than or equal to 1"),
    ],
)
def test_errors_are_one_line_naming_the_variable(
    env: pytest.MonkeyPatch, count: str | None, ids: str | None, variable: str, words: str
) -> None:
    if count is not None:
        env.setenv("SHARD_COUNT", count)
    if ids is not None:
        env.setenv("SHARD_IDS", ids)
    with pytest.raises(ConfigError) as caught:
        load_settings(None)
    message = str(caught.value)
    assert message.startswith(f"{variable} is not valid")
    assert words in message
    assert "\n" not in message
