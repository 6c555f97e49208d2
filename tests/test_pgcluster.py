"""The private PostgreSQL cluster the outage tests stop and start (``private_postgres``)."""

from __future__ import annotations

import os
import time

import asyncpg
import pytest

from bot.sandbox import pgcluster
from bot.sandbox.pgcluster import PgCluster
from bot.storage.outage import describe_outage, waiting_helps


async def test_start_connect_stop_and_start_again(private_postgres: PgCluster) -> None:
    cluster = private_postgres
    assert cluster.running and cluster.url.startswith("postgresql://postgres@127.0.0.1:")
    conn = await asyncpg.connect(cluster.url)
    await conn.execute("CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)")
    assert await conn.fetchval("SELECT current_user") == "postgres"
    if os.geteuid() == 0:  # PostgreSQL refuses root: the server runs as someone else
        owner = os.stat(cluster.data).st_uid
        assert owner != 0
        assert os.stat(f"/proc/{cluster.pid}").st_uid == owner

    started = time.perf_counter()
    await cluster.stop("fast")
    assert time.perf_counter() - started < 5
    assert not cluster.running
    with pytest.raises(asyncpg.InterfaceError) as closed:
        await conn.fetchval("SELECT 1")  # its session ended with the server
    assert describe_outage(closed.value) == "the connection was closed"
    with pytest.raises(OSError) as refused:
        await asyncpg.connect(cluster.url, timeout=5)
    assert describe_outage(refused.value) == "connection refused"
    assert waiting_helps(refused.value)

    await cluster.start()  # same port, same data
    conn = await asyncpg.connect(cluster.url)
    assert await conn.fetchval("SELECT x FROM kept") == 7
    await conn.close()


async def test_an_immediate_stop_recovers_at_the_next_start(private_postgres: PgCluster) -> None:
    conn = await asyncpg.connect(private_postgres.url)
    await conn.execute("CREATE TABLE t (x int); INSERT INTO t VALUES (1)")
    await private_postgres.stop("immediate")  # as if it crashed
    await private_postgres.restart()
    conn = await asyncpg.connect(private_postgres.url)
    assert await conn.fetchval("SELECT count(*) FROM t") == 1
    await conn.close()


async def test_cleanup_leaves_no_server_and_no_folder() -> None:
    if pgcluster.missing():
        pytest.skip(f"no private PostgreSQL cluster: {pgcluster.missing()}")
    async with PgCluster() as cluster:
        await cluster.start()
        pid, folder = cluster.pid, cluster.folder
        assert pid is not None and folder is not None and folder.is_dir()
    assert not folder.exists()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
