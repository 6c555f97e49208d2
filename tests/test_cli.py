"""``python -m bot``: its subcommands, the stdlib-only health check, and the Dockerfile."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.config import ENV_NAMES, load_settings
from bot.health import heartbeat_path

ROOT = Path(__file__).resolve().parent.parent
SUBCOMMANDS = ["run", "local", "health", "migrate"]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES.values()}
    env.update(COLUMNS="80", **extra)
    return env


def bot(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_lists_every_subcommand_with_one_line_each(tmp_path: Path) -> None:
    result = bot("-m", "bot", "--help", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    for name in SUBCOMMANDS:
        own = [line for line in lines if line.split()[:1] == [name]]
        assert len(own) == 1, (name, result.stdout)
        assert len(own[0].split()) > 4, own  # a description on the same line
        index = lines.index(own[0])
        # the next line is another subcommand or the end of the list, never a wrapped rest
        following = lines[index + 1] if index + 1 < len(lines) else ""
        assert not following.startswith(" " * 10), result.stdout
    assert "(the default)" in result.stdout


@pytest.mark.parametrize(("typed", "hint"), [("helth", "did you mean 'health'"), ("frob", "")])
def test_an_unknown_subcommand_is_one_line_and_exit_2(
    tmp_path: Path, typed: str, hint: str
) -> None:
    result = bot("-m", "bot", typed, cwd=tmp_path)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert f"unknown subcommand {typed!r}" in lines[0] and hint in lines[0]
    assert "--help" in lines[0]


def test_help_is_a_subcommand_too(tmp_path: Path) -> None:
    """``python -m bot help`` is ``--help`` (not "did you mean 'health'?"), and
    ``help SUBCOMMAND`` is that subcommand's ``--help``."""
    plain = bot("-m", "bot", "--help", cwd=tmp_path)
    asked = bot("-m", "bot", "help", cwd=tmp_path)
    assert asked.returncode == 0 and asked.stderr == ""
    assert asked.stdout == plain.stdout
    assert "python -m bot help SUBCOMMAND" in asked.stdout
    for name in ("local", "migrate"):
        own = bot("-m", "bot", "help", name, cwd=tmp_path)
        assert own.returncode == 0, own.stderr
        assert own.stdout == bot("-m", "bot", name, "--help", cwd=tmp_path).stdout
        assert own.stdout.startswith(f"usage: python -m bot {name} ")
    wrong = bot("-m", "bot", "help", "loca", cwd=tmp_path)
    assert wrong.returncode == 2
    assert wrong.stderr.strip().splitlines() == [
        "error: python -m bot help takes one subcommand, not 'loca' — did you mean 'local'? "
        "one of run, local, health, migrate, export, import"
    ]


def test_unexpected_arguments_are_one_line_and_exit_2(tmp_path: Path) -> None:
    result = bot("-m", "bot", "health", "--now", cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "--now" in result.stderr


def test_run_is_the_default_and_accepted_explicitly(tmp_path: Path) -> None:
    for args in ((), ("run",)):
        result = bot("-m", "bot", *args, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("error: DISCORD_TOKEN is not set")


def test_health_check_imports_no_third_party_module(tmp_path: Path) -> None:
    probe = (
        "import json, runpy, sys\n"
        "before = set(sys.modules)\n"
        "try:\n"
        "    runpy.run_module('bot.health', run_name='__main__', alter_sys=True)\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        "print(json.dumps([code, sorted(set(sys.modules) - before)]))\n"
    )
    heartbeat = tmp_path / "hb"
    heartbeat.write_text("now")
    result = bot("-c", probe, cwd=tmp_path, HEARTBEAT_PATH=str(heartbeat))
    assert result.returncode == 0, result.stderr
    code, loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert code == 0
    assert "bot" in loaded  # it did run from the package
    outside = sorted(
        name
        for name in loaded
        if name.split(".")[0] not in sys.stdlib_module_names and name not in ("bot", "bot.health")
    )
    assert outside == [], "the health check loads more than the standard library"


def test_both_health_commands_read_the_heartbeat(tmp_path: Path) -> None:
    heartbeat = tmp_path / "db" / "heartbeat"
    heartbeat.parent.mkdir()
    (tmp_path / ".env").write_text(f"DATABASE_PATH='{tmp_path / 'db' / 'c.sqlite3'}'\n")
    for args in (("-m", "bot.health"), ("-m", "bot", "health")):
        if heartbeat.exists():
            heartbeat.unlink()
        missing = bot(*args, cwd=tmp_path)
        assert missing.returncode == 1 and str(heartbeat) in missing.stderr
        heartbeat.write_text("now")
        assert bot(*args, cwd=tmp_path).returncode == 0
        old = time.time() - 600
        os.utime(heartbeat, (old, old))
        assert bot(*args, cwd=tmp_path).returncode == 1


@pytest.mark.parametrize(
    ("environment", "dot_env"),
    [
        ({}, ""),
        ({"DATABASE_PATH": "/data/c.sqlite3"}, ""),
        ({}, "DATABASE_PATH=/srv/x/c.sqlite3\n"),
        ({"DATABASE_PATH": "/env/c.sqlite3"}, "DATABASE_PATH=/file/c.sqlite3\n"),
        ({"HEARTBEAT_PATH": "/run/hb"}, "DATABASE_PATH=/file/c.sqlite3\n"),
        ({}, 'export HEARTBEAT_PATH="/quoted/hb"\nDATABASE_PATH=/f/c # a comment\n'),
        ({"HEARTBEAT_PATH": "  "}, "HEARTBEAT_PATH=/file/hb\n"),
    ],
)
def test_the_health_check_finds_the_heartbeat_where_the_bot_writes_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, environment: dict[str, str], dot_env: str
) -> None:
    for name in ENV_NAMES.values():
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(dot_env)
    settings = load_settings(require_token=False)
    assert heartbeat_path() == settings.resolved_heartbeat_path


def test_dockerfile_installs_dependencies_before_the_code_and_checks_health_lightly() -> None:
    lines = [
        line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines() if line.strip()
    ]
    first_code = min(
        i for i, line in enumerate(lines) if line.startswith(("COPY bot", "COPY cogs"))
    )
    deps = [i for i, line in enumerate(lines) if "pip install" in line and "-r " in line]
    assert deps and deps[0] < first_code, "dependencies are installed before the code is copied"
    assert not any(line.startswith("COPY") and " . " in f"{line} " for line in lines)
    package = [line for line in lines[first_code:] if "pip install" in line]
    assert package and all("--no-deps" in line for line in package)
    healthcheck = next(i for i, line in enumerate(lines) if line.startswith("HEALTHCHECK"))
    assert '"bot.health"' in lines[healthcheck + 1]
