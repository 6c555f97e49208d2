"""The heartbeat carries the database's state; the health check reports it but fails only when
the gateway is down (a database outage must not get the bot restarted)."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import metrics
from bot.dbstate import DatabaseState, describe
from bot.health import Heartbeat, check, duration, read_heartbeat, write_heartbeat

NOW = 1_700_000_000.0


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "heartbeat"


def test_gateway_up_and_database_ok(path: Path) -> None:
    write_heartbeat(path, Heartbeat(at=NOW - 10, database="ok", database_since=NOW - 3600))
    assert check(path, now=NOW) == (0, "ok: gateway up; database ok")
    assert json.loads(path.read_text()) == {
        "at": NOW - 10,
        "database": "ok",
        "database_since": NOW - 3600,
    }
    assert [p.name for p in path.parent.iterdir()] == ["heartbeat"]  # no temporary file left


def test_a_database_outage_is_reported_but_healthy(path: Path) -> None:
    write_heartbeat(
        path,
        Heartbeat(
            at=NOW - 5, database="unavailable", database_since=NOW - 42, reason="connection refused"
        ),
    )
    assert check(path, now=NOW) == (
        0,
        "ok: gateway up; database unavailable for 42 s (connection refused)",
    )
    write_heartbeat(path, Heartbeat(at=NOW, database="unavailable", database_since=NOW - 7300))
    assert check(path, now=NOW) == (0, "ok: gateway up; database unavailable for 2 h")


def test_gateway_down_is_unhealthy_whatever_the_database(path: Path) -> None:
    for database in ("ok", "unavailable"):
        write_heartbeat(path, Heartbeat(at=NOW - 600, database=database, database_since=NOW))
        assert check(path, now=NOW) == (1, "unhealthy: gateway down (last heartbeat 10 min ago)")
    assert check(path.with_name("missing"), now=NOW) == (
        1,
        f"unhealthy: no heartbeat at {path.with_name('missing')}",
    )


def test_an_older_bots_plain_number_is_read_by_its_modification_time(path: Path) -> None:
    path.parent.mkdir()
    path.write_text(str(time.time()))
    status, line = check(path)
    assert (status, line) == (0, "ok: gateway up; database state unknown")
    old = time.time() - 600
    os.utime(path, (old, old))
    assert check(path)[0] == 1


@pytest.mark.parametrize(
    "text", ["", "now", '{"at": "soon"', "[1, 2]", '{"at": NaN}', '{"database": "fine"}']
)
def test_an_unreadable_heartbeat_falls_back_to_its_modification_time(path: Path, text: str) -> None:
    path.parent.mkdir()
    path.write_text(text)
    heartbeat = read_heartbeat(path)
    assert heartbeat.at == path.stat().st_mtime
    assert heartbeat.database == "unknown"
    assert check(path)[0] == 0


def test_the_reason_is_one_short_line(path: Path) -> None:
    reason = "could not connect:\n  " + "x" * 500
    write_heartbeat(path, Heartbeat(at=NOW, database="unavailable", reason=reason))
    kept = read_heartbeat(path).reason
    assert "\n" not in kept and kept.startswith("could not connect: xxx") and len(kept) <= 200


def test_durations() -> None:
    assert [duration(s) for s in (-3, 0, 42.4, 119, 120, 3599, 7199, 7200, 90000)] == [
        "0 s",
        "0 s",
        "42 s",
        "119 s",
        "2 min",
        "59 min",
        "119 min",
        "2 h",
        "25 h",
    ]


def test_python_m_bot_health_stays_green_through_a_database_outage(tmp_path: Path) -> None:
    heartbeat = tmp_path / "hb"
    now = time.time()
    write_heartbeat(
        heartbeat,
        Heartbeat(at=now, database="unavailable", database_since=now - 90, reason="timed out"),
    )
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_PATH",)}
    env["HEARTBEAT_PATH"] = str(heartbeat)
    result = subprocess.run(
        [sys.executable, "-m", "bot", "health"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok: gateway up; database unavailable for 90 s (timed out)"


# -- bot.dbstate -------------------------------------------------------------------------------
class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def gauge() -> Iterator[metrics.Metrics]:
    yield metrics.reset()
    metrics.reset()


def reachable() -> float | None:
    return metrics.current().registry.get_sample_value("wargame_table_database_reachable")


def test_database_state_keeps_an_outages_start_and_feeds_the_gauge(
    gauge: metrics.Metrics, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    state = DatabaseState(clock=clock)
    assert state.heartbeat().database == "unknown"
    state.ok()
    assert state.is_ok and reachable() == 1
    clock.now += 100
    with caplog.at_level(logging.INFO, logger="bot.dbstate"):
        state.unavailable(ConnectionRefusedError(111, "Connect call failed"))
        clock.now += 30
        state.unavailable(TimeoutError())
        clock.now += 12
        state.unavailable("connection refused")
        state.ok()
        state.ok()
    assert [r.levelname for r in caplog.records] == ["WARNING", "INFO"]  # only the changes
    assert caplog.records[1].getMessage() == "The database answers again (after 42 s)"
    assert reachable() == 1
    clock.now += 1
    state.unavailable("connection refused")
    assert reachable() == 0
    clock.now += 8
    state.unavailable(TimeoutError())
    heartbeat = state.heartbeat()
    assert heartbeat == Heartbeat(
        at=NOW + 151, database="unavailable", database_since=NOW + 143, reason="timed out"
    )


def test_a_reason_from_an_exception_says_what_happened() -> None:
    assert describe(ConnectionRefusedError(111, "Connect call failed")) == (
        "[Errno 111] Connect call failed"
    )
    assert describe(TimeoutError()) == "timed out"
    assert describe(RuntimeError()) == "RuntimeError"
    assert describe(" two\nlines ") == "two lines"
