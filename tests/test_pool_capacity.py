"""At start-up on PostgreSQL, ``python -m bot`` says in one WARNING line when its pool
(``DATABASE_POOL_SIZE``) cannot fit what the server has left of ``max_connections`` — checked
with the real process against a private server whose limit the test sets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg

from bot.capacity import Room, problem
from bot.sandbox.pgcluster import PgCluster
from bot.sandbox.processes import bot_env, running_bot
from bot.sandbox.standin import StandIn
from tests.conftest import need_private_postgres

TOKEN = "MTIzNDU2Nzg5.pool-capacity.xyz"
MAX_CONNECTIONS = 12
HELD = 4  # connections the test keeps open: "in use by others"


async def start_log(url: str, pool_size: int, cwd: Path) -> str:
    """The log of ``python -m bot`` started on ``url`` until it has connected, then stopped."""
    async with StandIn(token=TOKEN) as discord:
        env = bot_env(
            discord, DATABASE_URL=url, DATABASE_POOL_SIZE=str(pool_size), LOG_LEVEL="INFO"
        )
        async with running_bot(env, cwd) as run:
            try:
                await asyncio.wait_for(discord.identified.wait(), timeout=30)
            except TimeoutError:
                raise AssertionError(run.log()) from None
            assert await run.stop(timeout=10) == 0, run.log()
        return run.log()


def warnings_about_the_pool(log: str) -> list[str]:
    return [line for line in log.splitlines() if "DATABASE_POOL_SIZE is" in line]


async def test_a_pool_that_cannot_fit_is_one_warning_line(tmp_path: Path) -> None:
    need_private_postgres()
    async with PgCluster(settings={"max_connections": str(MAX_CONNECTIONS)}) as cluster:
        await cluster.start()
        admin = await asyncpg.connect(cluster.url)
        await admin.execute("CREATE ROLE player LOGIN")
        await admin.execute("CREATE DATABASE play OWNER player")
        held = [await asyncpg.connect(cluster.url) for _ in range(HELD - 1)]
        try:
            # a superuser may use every place: 12 − (4 held + its own) + its own = 8 fit
            assert warnings_about_the_pool(await start_log(cluster.url, 8, tmp_path)) == []
            log = await start_log(cluster.url, 9, tmp_path)
            (line,) = warnings_about_the_pool(log)
            assert " WARNING " in line and "Traceback" not in log
            assert line.endswith(
                f"DATABASE_POOL_SIZE is 9 but PostgreSQL at 127.0.0.1:{cluster.port}/postgres "
                f"has room for 8 more connection(s) of this process (max_connections 12, "
                f"{HELD} in use by others): commands will wait for a connection and be refused "
                "when the table is busy — lower DATABASE_POOL_SIZE or raise max_connections; "
                "every process's pool, and one more process's during a rolling restart, must "
                "fit (docs/running.md, 'Connections')"
            )
            # another role cannot take the 3 places kept for superusers: 5 left for it
            player = cluster.url.replace("postgres@", "player@").replace("/postgres", "/play")
            log = await start_log(player, 8, tmp_path)
            (line,) = warnings_about_the_pool(log)
            assert "has room for 5 more connection(s)" in line
            assert "(max_connections 12, 3 reserved, 4 in use by others)" in line
        finally:
            for conn in [*held, admin]:
                await conn.close()


def test_nothing_is_said_when_the_pool_fits() -> None:
    room = Room(max_connections=100, reserved=3, in_use=20)
    assert room.left == 78
    assert problem(room, 78, "PostgreSQL at db:5432/table") is None
    line = problem(room, 79, "PostgreSQL at db:5432/table")
    assert line is not None and line.startswith("DATABASE_POOL_SIZE is 79 but PostgreSQL")
    full = Room(max_connections=100, reserved=3, in_use=110)
    assert problem(full, 3, "x") is not None and "room for 0 more" in str(problem(full, 3, "x"))
