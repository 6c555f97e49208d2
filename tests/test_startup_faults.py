"""Start-up faults of the database, tried as a host would meet them, with the real process.

A SQLite file the bot cannot use: ``python -m bot`` (run) and ``python -m bot local`` each exit
at once, non-zero, with one line saying what to do — no traceback, no process left hanging."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.sandbox.processes import bot_env, running_bot
from bot.sandbox.standin import StandIn
from bot.storage import Store

TOKEN = "MTIzNDU2Nzg5.startup-faults.xyz"
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
