"""Start-up faults of the database, tried as a host would meet them, with the real process.

A SQLite file the bot cannot use: ``python -m bot`` (run) and ``python -m bot local`` each exit
at once, non-zero, with one line saying what to do — no traceback, no process left hanging.
PostgreSQL down at start-up: ``python -m bot`` waits for it, a line per attempt, and goes on
when it appears; a wrong URL or a newer schema is still one line at once."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.sandbox.pgcluster import PgCluster, free_port
from bot.sandbox.processes import bot_env, running_bot
from bot.sandbox.standin import StandIn, User
from bot.storage import SCHEMA_VERSION, Store

TOKEN = "MTIzNDU2Nzg5.startup-faults.xyz"
CHANNEL = 910000000000000001
FAULTS = ["damaged", "unwritable", "folder", "unwritable-folder"]


def expected_line(fault: str, path: Path) -> str:
    what = {
        "damaged": f"the file is not a SQLite database) — restore {path} from a backup "
        "(or point the bot at another file)",
        "unwritable": "the file is read-only) — check the file's permissions: the bot's user "
        f"must be able to write {path} and its folder",
        "folder": "the path is a folder, not a file) — name a file, not a folder "
        f"(e.g. {path}/campaigns.sqlite3)",
        "unwritable-folder": f"the file cannot be opened) — check that {path.parent} exists "
        "and the bot's user may write it",
    }[fault]
    return f"error: cannot use the database (SQLite at {path}: {what}"


async def a_campaign_database(path: Path) -> None:
    """A database as the bot leaves it (migrated, WAL), closed."""
    store = await Store.open(path)
    await store.close()


def make_unwritable(path: Path) -> None:
    """As root a 0444 file (or a 0555 folder) is still writable: make it immutable instead
    (``chattr +i``, which root cannot write through either). Not root: take the write
    permission away."""
    if os.geteuid() != 0:
        path.chmod(0o555 if path.is_dir() else 0o444)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("running as root without chattr: no way to make a file root cannot write")
    result = subprocess.run([chattr, "+i", str(path)], capture_output=True, text=True)
    if result.returncode != 0:
        pytest.skip(f"running as root and chattr +i is refused here: {result.stderr.strip()}")


def make_writable_again(path: Path) -> None:
    if os.geteuid() != 0:
        path.chmod(0o755 if path.is_dir() else 0o644)
    elif shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)


@pytest.fixture(params=FAULTS)
async def faulty(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[str, Path]]:
    """(the fault, DATABASE_PATH showing it)."""
    fault = str(request.param)
    path = tmp_path / "data" / "campaigns.sqlite3"
    path.parent.mkdir()
    if fault == "damaged":
        path.write_bytes(os.urandom(16384))  # what a half-copied or overwritten file looks like
    elif fault == "unwritable":
        await a_campaign_database(path)
        make_unwritable(path)
        with pytest.raises(PermissionError):  # really: not even root may write it
            path.open("ab").close()
    elif fault == "folder":
        path.mkdir()
    else:  # no file yet, in a folder the bot may not create it in
        make_unwritable(path.parent)
        with pytest.raises(PermissionError):
            path.touch()
    try:
        yield fault, path
    finally:
        for made in (path, path.parent):
            if made.exists():
                make_writable_again(made)


def one_line(log: str) -> str:
    assert "Traceback" not in log, log
    lines = log.strip().splitlines()
    assert len(lines) == 1, log
    return lines[0]


async def test_run_exits_at_once_with_one_line(faulty: tuple[str, Path], tmp_path: Path) -> None:
    fault, path = faulty
    async with StandIn(token=TOKEN) as discord:
        env = bot_env(discord, DATABASE_PATH=str(path))  # LOG_LEVEL: the default, INFO
        started = time.perf_counter()
        async with running_bot(env, tmp_path) as run:
            code = await run.wait(timeout=20)  # before the fix: never exited
        elapsed = time.perf_counter() - started
        assert code == 1
        assert elapsed < 5, f"took {elapsed:.1f} s"
        assert one_line(run.log()) == expected_line(fault, path)
        # the database is opened before Discord is contacted: nothing was synced
        assert discord.sync_count == 0 and not discord.identified.is_set()


async def test_local_exits_at_once_with_one_line(faulty: tuple[str, Path], tmp_path: Path) -> None:
    fault, path = faulty
    script = tmp_path / "session.txt"
    script.write_text("/ping\n")
    env = bot_env(DATABASE_PATH=str(path))  # no token: the local table needs none
    started = time.perf_counter()
    async with running_bot(env, tmp_path, "local", "--script", str(script)) as run:
        code = await run.wait(timeout=20)
    elapsed = time.perf_counter() - started
    assert code == 1
    assert elapsed < 5, f"took {elapsed:.1f} s"
    assert one_line(run.log()) == expected_line(fault, path)


# -- the database down at start-up ------------------------------------------------------------------
def nowhere() -> dict[str, str]:
    """Discord at a port where nothing listens: a bot that got that far would retry Discord."""
    port = free_port()
    return {
        "DISCORD_TOKEN": TOKEN,
        "DISCORD_API_BASE_URL": f"http://127.0.0.1:{port}/api/v10",
        "DISCORD_GATEWAY_URL": f"ws://127.0.0.1:{port}/gateway",
    }


def database_lines(log: str) -> list[str]:
    return [line for line in log.splitlines() if "cannot reach the database" in line]


async def test_run_waits_for_the_database_then_connects(
    private_postgres: PgCluster, tmp_path: Path
) -> None:
    cluster = private_postgres
    await cluster.stop()  # nothing listens on its port now
    async with StandIn(token=TOKEN) as discord:
        env = bot_env(discord, DATABASE_URL=cluster.url, LOG_LEVEL="INFO")
        async with running_bot(env, tmp_path) as run:
            deadline = time.monotonic() + 15
            while len(database_lines(run.log())) < 2 and time.monotonic() < deadline:
                assert run.proc.returncode is None, run.log()
                await asyncio.sleep(0.05)
            lines = database_lines(run.log())
            assert len(lines) == 2, run.log()
            where = f"PostgreSQL at 127.0.0.1:{cluster.port}/postgres"
            for n, delay in ((1, 1), (2, 2)):
                assert lines[n - 1].endswith(
                    f"ERROR   bot: cannot reach the database ({where}: connection refused) — "
                    "check that PostgreSQL is running and DATABASE_URL; "
                    f"retrying in {delay} s (attempt {n} of 11)"
                ), lines[n - 1]
            assert discord.sync_count == 0  # Discord waits for the database

            await cluster.start()  # the database appears: the next attempt goes on
            await asyncio.wait_for(discord.identified.wait(), timeout=15)
            assert {"ping", "campaign"} <= set(discord.commands)
            reply = await discord.invoke(
                "campaign status", user=User(id=600000000000000001, name="ana"), channel_id=CHANNEL
            )
            assert reply.text.startswith("No campaign in this channel")
            assert await run.stop(timeout=5) == 0
        log = run.log()
        assert f"Campaigns are stored in {where}" in log
        assert "Traceback" not in log and TOKEN not in log


async def test_sigterm_while_waiting_for_the_database_stops_at_once(tmp_path: Path) -> None:
    url = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    env = bot_env(**nowhere(), DATABASE_URL=url)
    async with running_bot(env, tmp_path) as run:
        deadline = time.monotonic() + 15
        while not database_lines(run.log()) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert database_lines(run.log()), run.log()
        started = time.perf_counter()
        assert await run.stop(timeout=5) == 0
        assert time.perf_counter() - started < 2
    assert "Traceback" not in run.log() and "cannot reach Discord" not in run.log()


async def test_a_wrong_url_or_a_newer_schema_is_one_line_at_once(
    private_postgres: PgCluster, tmp_path: Path
) -> None:
    port = private_postgres.port
    conn = await asyncpg.connect(private_postgres.url)
    await conn.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at TIMESTAMPTZ NOT NULL DEFAULT now());"
        "INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')"
    )
    await conn.close()
    cases = [
        (
            f"postgresql://postgres@127.0.0.1:{port}/no_such_database",
            2,
            f"error: cannot use the database (PostgreSQL at 127.0.0.1:{port}/no_such_database): "
            'InvalidCatalogNameError: database "no_such_database" does not exist — '
            "check DATABASE_URL",
        ),
        (
            private_postgres.url,
            1,
            f"error: cannot use the database (PostgreSQL at 127.0.0.1:{port}/postgres): "
            f"the database schema is version 999, newer than this bot's {SCHEMA_VERSION}; "
            "upgrade the bot",
        ),
    ]
    for url, code, line in cases:
        started = time.perf_counter()
        async with running_bot(bot_env(**nowhere(), DATABASE_URL=url), tmp_path) as run:
            assert await run.wait(timeout=20) == code, run.log()
        assert time.perf_counter() - started < 5
        assert one_line(run.log()) == line


async def test_gives_up_after_the_last_attempt(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    from pydantic import SecretStr

    from bot.__main__ import run
    from bot.config import Settings

    port = free_port()
    settings = Settings.model_validate(
        {
            "discord_token": SecretStr(TOKEN),
            "database_url": f"postgresql://postgres@127.0.0.1:{port}/postgres",
        }
    )
    assert await run(settings, delays=(0.01, 0.01)) == 1
    problem = (
        f"cannot reach the database (PostgreSQL at 127.0.0.1:{port}/postgres: connection "
        "refused) — check that PostgreSQL is running and DATABASE_URL"
    )
    assert [r.getMessage() for r in caplog.records if r.name == "bot"] == [
        f"{problem}; retrying in 0 s (attempt 1 of 3)",
        f"{problem}; retrying in 0 s (attempt 2 of 3)",
    ]
    assert capsys.readouterr().err == f"error: {problem}; gave up after 3 attempts\n"
