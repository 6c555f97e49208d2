"""Shared fixtures. Everything that touches storage runs twice: on a SQLite file and on the
PostgreSQL server (``TEST_POSTGRES_URL``, default postgresql://postgres@127.0.0.1:5432/postgres),
each test in a schema of its own — except a module marked ``any_database``
(``pytestmark = pytest.mark.any_database``): its tests only keep campaigns in the database (a
game's commands, their replies and languages, /help, permissions), so they run on SQLite
alone. Storage, outage, deadline, claim and scale-out tests are never marked: they run on both.

Without a PostgreSQL server the PostgreSQL half is skipped and the run says so at the end;
with ``REQUIRE_POSTGRES=1`` (CI) a missing server fails those tests instead. The same holds for
``private_postgres``, a cluster of the test's own made with this machine's PostgreSQL binaries
(for tests that stop and start the database)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.sandbox import databases, pgcluster
from bot.sandbox.harness import Table, running_table
from bot.sandbox.pgcluster import PgCluster
from bot.sandbox.rest import Rest
from tests import discord_spec

# every body the bot sends to the stand-in is checked against Discord's published schema
Rest.check_body = discord_spec.check

BACKENDS = ["sqlite", "postgres"]

_pg_problem: str | bool | None = False  # False: not checked yet
_pg_skipped = 0


def postgres_problem() -> str | None:
    """Why the PostgreSQL server can't be used (None: it can). Checked once per run."""
    global _pg_problem
    if _pg_problem is False:
        # in a thread of its own: this may be called while a test's event loop runs
        with ThreadPoolExecutor(1) as pool:
            _pg_problem = pool.submit(asyncio.run, databases.reachable()).result()
    assert _pg_problem is not False
    return _pg_problem


def need_postgres() -> None:
    global _pg_skipped
    problem = postgres_problem()
    if problem is None:
        return
    message = f"PostgreSQL at {databases.server_url()} is not reachable ({problem})"
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(message + " and REQUIRE_POSTGRES=1", pytrace=False)
    _pg_skipped += 1
    pytest.skip(message)


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A URL of an empty PostgreSQL schema of this test's own."""
    need_postgres()
    async with databases.fresh_schema() as url:
        yield url


def need_private_postgres() -> None:
    """Skip (fail with REQUIRE_POSTGRES=1) when no private cluster can be made here."""
    global _pg_skipped
    problem = pgcluster.missing()
    if problem is None:
        return
    message = f"no private PostgreSQL cluster: {problem}"
    if os.environ.get("REQUIRE_POSTGRES") == "1":
        pytest.fail(message + " and REQUIRE_POSTGRES=1", pytrace=False)
    _pg_skipped += 1
    pytest.skip(message)


@pytest.fixture
async def private_postgres() -> AsyncIterator[PgCluster]:
    """A started PostgreSQL cluster of this test's own (``.url``), which the test may stop,
    start and restart; deleted afterwards."""
    need_private_postgres()
    async with PgCluster() as cluster:
        await cluster.start()
        yield cluster


@pytest.fixture(autouse=True)
def bodies_conform_to_discords_schema() -> Iterator[None]:
    """A test fails when the bot sent Discord a body its published schema refuses."""
    discord_spec.PENDING.clear()
    yield
    found = discord_spec.pending_problems()
    if found:
        pytest.fail(
            "bodies sent to Discord that its OpenAPI schema refuses:\n" + "\n".join(found[:20]),
            pytrace=False,
        )


def pytest_sessionfinish(session: pytest.Session) -> None:
    """No private cluster outlives the run. A pytest-xdist worker hands its count of skipped
    PostgreSQL tests to the controller, which writes the note."""
    pgcluster.stop_all()
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["pg_skipped"] = _pg_skipped


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """(pytest-xdist, in the controller) a worker ended: add up its skipped PostgreSQL tests."""
    global _pg_skipped
    _pg_skipped += int(getattr(node, "workeroutput", {}).get("pg_skipped", 0))


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test using ``backend`` runs once per backend; one marked ``any_database`` on
    SQLite alone."""
    if "backend" in metafunc.fixturenames:
        any_database = metafunc.definition.get_closest_marker("any_database") is not None
        metafunc.parametrize("backend", ["sqlite"] if any_database else BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    if request.param == "postgres":
        need_postgres()
    return str(request.param)


@pytest.fixture
async def database_url(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """A fresh database of each backend, as a DATABASE_URL."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'campaigns.sqlite3'}"
        return
    async with databases.fresh_schema() as url:
        yield url


@pytest.fixture
async def table(database_url: str, tmp_path: Path) -> AsyncIterator[Table]:
    """The real bot in this process, connected to a fresh stand-in Discord and database."""
    async with running_table(tmp_path / "campaigns.sqlite3", database_url=database_url) as running:
        yield running
        # Every reply any test saw respects Discord's message and embed limits.
        assert running.discord.limit_violations == []


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say plainly that the PostgreSQL half did not run (each skip's reason says why too)."""
    if _pg_skipped:
        terminalreporter.section("PostgreSQL", yellow=True, bold=True)
        terminalreporter.write_line(
            f"NOTE: the PostgreSQL half was skipped ({_pg_skipped} tests): "
            f"no server at {databases.server_url()}, or no PostgreSQL binaries for a private "
            "cluster (each skip says which). Start one (or set TEST_POSTGRES_URL, install "
            "PostgreSQL) to run it; CI runs it with REQUIRE_POSTGRES=1.",
            yellow=True,
            bold=True,
        )
