"""bot.metrics: each function the bot calls, bounded labels, and the endpoint serving them."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import metrics
from bot.metrics import OTHER, Metrics


@pytest.fixture(autouse=True)
def fresh() -> Iterator[Metrics]:
    """Every test starts from an empty registry (the module-level functions use it)."""
    yield metrics.reset()
    metrics.reset()


def value(name: str, **labels: str) -> float | None:
    return metrics.current().registry.get_sample_value(name, labels)


def test_command_finished_counts_by_command_and_outcome_and_times_it() -> None:
    metrics.register_commands(["roll", "ia setup"])
    metrics.command_finished("roll", "ok", 0.004)
    metrics.command_finished("roll", "ok", 0.3)
    metrics.command_finished("roll", "refused", 0.02)
    metrics.command_finished("ia setup", "unavailable", 2.5)
    metrics.command_finished("ia setup", "error", 12.0)
    assert value("wargame_table_commands_total", command="roll", outcome="ok") == 2
    assert value("wargame_table_commands_total", command="roll", outcome="refused") == 1
    assert value("wargame_table_commands_total", command="ia setup", outcome="unavailable") == 1
    assert value("wargame_table_commands_total", command="ia setup", outcome="error") == 1
    assert value("wargame_table_command_seconds_count", command="roll") == 3
    assert value("wargame_table_command_seconds_sum", command="roll") == pytest.approx(0.324)
    assert value("wargame_table_command_seconds_bucket", command="roll", le="0.005") == 1
    assert value("wargame_table_command_seconds_bucket", command="roll", le="0.025") == 2
    # the alert's edge (2 s) and Discord's deadline (3 s) are bucket edges
    assert value("wargame_table_command_seconds_bucket", command="ia setup", le="2.0") == 0
    assert value("wargame_table_command_seconds_bucket", command="ia setup", le="3.0") == 1
    assert value("wargame_table_command_seconds_bucket", command="ia setup", le="10.0") == 1
    assert value("wargame_table_command_seconds_bucket", command="ia setup", le="+Inf") == 2


def test_labels_stay_bounded_whatever_arrives() -> None:
    metrics.register_commands(["roll"])
    metrics.command_finished("roll", "ok", 0.01)
    metrics.command_finished("ROLL", "ok", 0.01)
    metrics.command_finished("drop table campaigns", "ok", 0.01)
    metrics.command_finished("roll", "exploded", -1.0)  # type: ignore[arg-type]
    assert value("wargame_table_commands_total", command="roll", outcome="ok") == 1
    assert value("wargame_table_commands_total", command=OTHER, outcome="ok") == 2
    assert value("wargame_table_commands_total", command="roll", outcome="error") == 1
    assert value("wargame_table_command_seconds_bucket", command="roll", le="0.005") == 1
    families = {f.name: f for f in metrics.current().registry.collect()}
    commands = {s.labels["command"] for s in families["wargame_table_commands"].samples}
    assert commands == {"roll", OTHER}


def test_the_known_names_are_capped(fresh: Metrics) -> None:
    fresh.register_commands(f"c{i}" for i in range(metrics.MAX_COMMANDS + 50))
    assert fresh.command_label(f"c{metrics.MAX_COMMANDS - 1}") != OTHER
    assert fresh.command_label(f"c{metrics.MAX_COMMANDS}") == OTHER


def test_database_errors_count_by_kind() -> None:
    metrics.database_error("unavailable")
    metrics.database_error("unavailable")
    metrics.database_error("timeout")
    metrics.database_error("busy")
    metrics.database_error("disk on fire")  # type: ignore[arg-type]
    assert value("wargame_table_database_errors_total", kind="unavailable") == 2
    assert value("wargame_table_database_errors_total", kind="timeout") == 1
    assert value("wargame_table_database_errors_total", kind="busy") == 1
    assert value("wargame_table_database_errors_total", kind="other") == 1


def test_the_pool_gauges_are_read_from_the_probe_at_scrape_time() -> None:
    assert value("wargame_table_database_connections_in_use") is None  # no probe: absent
    pool = {"in_use": 3, "size": 10}
    metrics.set_pool_probe(lambda: (pool["in_use"], pool["size"]))
    assert value("wargame_table_database_connections_in_use") == 3
    assert value("wargame_table_database_connections_max") == 10
    pool["in_use"] = 7
    assert value("wargame_table_database_connections_in_use") == 7

    def broken() -> tuple[int, int]:
        raise RuntimeError("pool closed")

    metrics.set_pool_probe(broken)
    assert value("wargame_table_database_connections_in_use") is None
    metrics.set_pool_probe(None)
    assert value("wargame_table_database_connections_max") is None


def test_gateway_and_database_gauges() -> None:
    assert value("wargame_table_database_reachable") == 0  # nothing known yet
    metrics.set_database_reachable(True)
    assert value("wargame_table_database_reachable") == 1
    metrics.set_database_reachable(False)
    assert value("wargame_table_database_reachable") == 0
    metrics.set_shards(3, 4)
    assert value("wargame_table_gateway_shards_connected") == 3
    assert value("wargame_table_gateway_shards_owned") == 4


def test_each_set_of_metrics_has_a_registry_of_its_own() -> None:
    one, two = Metrics(process_collectors=False), Metrics()
    one.database_error("busy")
    assert one.registry.get_sample_value("wargame_table_database_errors_total", {"kind": "busy"})
    assert (
        two.registry.get_sample_value("wargame_table_database_errors_total", {"kind": "busy"})
        is None
    )
    assert two.registry.get_sample_value("process_open_fds") is not None
    assert one.registry.get_sample_value("process_open_fds") is None


async def test_the_endpoint_serves_the_text_format() -> None:
    metrics.register_commands(["battle"])
    server = await metrics.start_server("127.0.0.1", 0)
    try:
        assert server.port > 0 and server.url == f"http://127.0.0.1:{server.port}/metrics"
        metrics.command_finished("battle", "ok", 0.08)
        metrics.command_finished("battle", "refused", 0.01)
        metrics.database_error("timeout")
        metrics.set_shards(1, 1)
        metrics.set_database_reachable(True)
        async with aiohttp.ClientSession() as http:
            async with http.get(server.url) as response:
                assert response.status == 200
                assert response.headers["Content-Type"].startswith("text/plain")
                text = await response.text()
            async with http.get(server.url.replace("/metrics", "/")) as other:
                assert other.status == 404
            openmetrics = {"Accept": "application/openmetrics-text; version=1.0.0"}
            async with http.get(server.url, headers=openmetrics) as response:
                assert response.headers["Content-Type"].startswith("application/openmetrics-text")
        samples = {
            (s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text)
            for s in family.samples
        }
        ok = (("command", "battle"), ("outcome", "ok"))
        assert samples[("wargame_table_commands_total", ok)] == 1
        count = ("wargame_table_command_seconds_count", (("command", "battle"),))
        assert samples[count] == 2
        timeout = ("wargame_table_database_errors_total", (("kind", "timeout"),))
        assert samples[timeout] == 1
        assert samples[("wargame_table_gateway_shards_connected", ())] == 1
        assert samples[("wargame_table_database_reachable", ())] == 1
        assert not any(name.endswith("_created") for name, _ in samples)
    finally:
        await server.stop()
    with socket.socket() as probe:  # the port is free again
        probe.bind(("127.0.0.1", server.port))


async def test_a_port_in_use_is_an_os_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            await metrics.start_server("127.0.0.1", taken.getsockname()[1])
