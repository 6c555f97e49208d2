"""The running bot: METRICS_PORT serves the metrics, the shard gauges follow the sessions, and
the heartbeat's database check reports an outage (and the recovery) by itself."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import metrics
from bot.health import check
from bot.sandbox.harness import running_table
from bot.storage.database import Conn


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    metrics.reset()
    yield
    metrics.reset()


async def eventually(condition: Callable[[], bool], timeout: float = 5.0) -> None:
    """Wait for a condition on the bot's side (the stand-in's ``wait_until`` watches its own)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not met within the timeout")
        await asyncio.sleep(0.02)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def scrape(port: int) -> dict[str, float]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        text = await response.text()
    return {
        s.name + "".join(f"{{{k}={v}}}" for k, v in sorted(s.labels.items())): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


async def test_metrics_port_serves_the_bots_metrics(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    port = free_port()
    with caplog.at_level(logging.INFO, logger="bot.app"):
        async with running_table(
            tmp_path / "db.sqlite3", shard_count=2, metrics_port=port, metrics_address="127.0.0.1"
        ) as table:
            await eventually(table.bot.all_shards_connected)
            samples = await scrape(port)
            assert samples["wargame_table_gateway_shards_owned"] == 2
            assert samples["wargame_table_gateway_shards_connected"] == 2
            assert samples["wargame_table_database_reachable"] == 1
            # the bot's own command names are the labels; anything else is "other"
            assert metrics.current().command_label("ia setup") == "ia setup"
            assert metrics.current().command_label("no such command") == "other"

            # a shard drops: the gauge follows
            table.discord.hold(1)
            await table.discord.drop_connection(1)
            await table.discord.wait_until(lambda: table.discord.waiting.get(1, 0) > 0)
            assert (await scrape(port))["wargame_table_gateway_shards_connected"] == 1
            table.discord.release(1)
            await eventually(table.bot.all_shards_connected)
            assert (await scrape(port))["wargame_table_gateway_shards_connected"] == 2
    lines = [r.getMessage() for r in caplog.records if "Prometheus" in r.getMessage()]
    assert lines == [f"Serving Prometheus metrics at http://127.0.0.1:{port}/metrics"]
    with pytest.raises(aiohttp.ClientConnectionError):  # stopped with the bot
        await scrape(port)


async def test_no_metrics_port_serves_nothing(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3") as table:
        assert table.bot.settings.metrics_port is None
        assert table.bot._metrics_server is None


async def test_a_metrics_port_in_use_is_logged_and_the_bot_runs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        async with running_table(
            tmp_path / "db.sqlite3", metrics_port=port, metrics_address="127.0.0.1"
        ) as table:
            reply = await table.run("ping")
            assert reply.text.startswith("Pong!")
    errors = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and errors[0].startswith(
        f"Cannot serve metrics on 127.0.0.1 port {port}"
    )


async def test_the_heartbeat_check_reports_an_outage_and_the_recovery(tmp_path: Path) -> None:
    async with running_table(tmp_path / "db.sqlite3") as table:
        bot = table.bot
        heartbeat = bot.settings.resolved_heartbeat_path
        registry = metrics.current().registry
        db = bot.store.db
        working = db.reading

        @contextlib.asynccontextmanager
        async def refused() -> AsyncIterator[Conn]:
            raise ConnectionRefusedError(111, "Connect call failed ('10.0.0.5', 5432)")
            yield  # type: ignore[unreachable]

        @contextlib.asynccontextmanager
        async def hanging() -> AsyncIterator[Any]:
            await asyncio.sleep(30)
            yield None

        await bot.heartbeat()
        assert check(heartbeat) == (0, "ok: gateway up; database ok")
        assert registry.get_sample_value("wargame_table_database_reachable") == 1

        db.reading = refused  # type: ignore[method-assign]
        await bot.heartbeat()  # one round of the 15 s loop
        status, line = check(heartbeat)
        assert status == 0  # a database outage never makes the container unhealthy
        assert line == (
            "ok: gateway up; database unavailable for 0 s "
            "([Errno 111] Connect call failed ('10.0.0.5', 5432))"
        )
        assert registry.get_sample_value("wargame_table_database_reachable") == 0

        bot.DATABASE_CHECK_TIMEOUT = 0.05
        db.reading = hanging  # type: ignore[method-assign]
        await asyncio.wait_for(bot.heartbeat(), 5)
        assert check(heartbeat)[1].endswith("(no answer to SELECT 1 within 0.05 s)")

        db.reading = working  # type: ignore[method-assign]
        await bot.heartbeat()
        assert check(heartbeat) == (0, "ok: gateway up; database ok")
        assert registry.get_sample_value("wargame_table_database_reachable") == 1
