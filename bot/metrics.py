"""Prometheus metrics: what the bot counts, and the HTTP endpoint that serves them.

Off unless ``METRICS_PORT`` is set (then ``bot.app`` calls :func:`start_server`). The counting
functions cost a few microseconds and work whether or not anything is served, so call them
unconditionally::

    from bot import metrics

    metrics.command_finished("ia setup", "ok", 0.042)   # once per answered command
    metrics.database_error("timeout")                   # once per failed database call
    metrics.set_pool_probe(lambda: (in_use, size))      # storage: read at each scrape

Every metric lives in the registry of :func:`current` (not prometheus_client's global one);
tests call :func:`reset` for a fresh one. docs/running.md, "Metrics", lists them all and says
what to alert on."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal, get_args

from aiohttp import web
from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    disable_created_metrics,
)
from prometheus_client.aiohttp import make_aiohttp_handler
from prometheus_client.core import GaugeMetricFamily, Metric

log = logging.getLogger(__name__)

# No ``…_created`` series next to every counter and histogram: they would double the series
# count and no alert or dashboard here reads them.
disable_created_metrics()

PREFIX = "wargame_table"
PATH = "/metrics"

Outcome = Literal["ok", "refused", "unavailable", "error"]
"""How a command ended: ``ok`` answered as asked; ``refused`` answered with a refusal (a rule
said no, a wrong option: the player's side); ``unavailable`` the database could not be used;
``error`` anything else that went wrong (an unexpected exception, no answer in time)."""
OUTCOMES: tuple[str, ...] = get_args(Outcome)

DatabaseErrorKind = Literal["unavailable", "timeout", "busy", "other"]
"""``unavailable`` no connection (refused, DNS, closed); ``timeout`` no answer in time;
``busy`` locked or the pool exhausted; ``other`` anything else."""
DATABASE_ERROR_KINDS: tuple[str, ...] = get_args(DatabaseErrorKind)

# the label every name outside the known set is counted under
OTHER = "other"
# at most this many distinct command labels, whatever is registered
MAX_COMMANDS = 400

# Discord wants the first answer (or a deferral) within 3 s: buckets fine below a second,
# with edges at 2 s (the alert) and 3 s (the deadline).
COMMAND_SECONDS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)

PoolProbe = Callable[[], tuple[int, int]]
"""Returns ``(connections in use, pool size)``; called at each scrape, on the event loop."""


class _PoolCollector:
    """The database pool's gauges, read from the storage's probe at scrape time (absent while
    no probe is set, e.g. on SQLite)."""

    def __init__(self, owner: Metrics) -> None:
        self._owner = owner

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily(
                f"{PREFIX}_database_connections_in_use",
                "Database pool connections in use (checked out by a command or a check).",
            ),
            GaugeMetricFamily(
                f"{PREFIX}_database_connections_max",
                "Database pool size: connections this process may open (DATABASE_POOL_SIZE).",
            ),
        )

    def describe(self) -> Iterable[Metric]:
        return self._families()

    def collect(self) -> Iterator[Metric]:
        probe = self._owner.pool_probe
        if probe is None:
            return
        try:
            in_use, size = probe()
        except Exception:
            log.debug("The database pool probe failed", exc_info=True)
            return
        used, total = self._families()
        used.add_metric([], float(in_use))
        total.add_metric([], float(size))
        yield used
        yield total


class Metrics:
    """One set of the bot's metrics in a registry of its own (``self.registry``)."""

    def __init__(self, *, process_collectors: bool = True) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.commands = Counter(
            f"{PREFIX}_commands",
            "Commands answered, by command (qualified name, e.g. 'ia setup'; 'other' for a "
            "name the bot does not have) and outcome (ok, refused, unavailable, error).",
            ["command", "outcome"],
            registry=r,
        )
        self.command_seconds = Histogram(
            f"{PREFIX}_command_seconds",
            "Seconds from receiving a command to its answer, by command.",
            ["command"],
            buckets=COMMAND_SECONDS_BUCKETS,
            registry=r,
        )
        self.database_errors = Counter(
            f"{PREFIX}_database_errors",
            "Database calls that failed, by kind (unavailable, timeout, busy, other).",
            ["kind"],
            registry=r,
        )
        self.database_reachable = Gauge(
            f"{PREFIX}_database_reachable",
            "1 if the last database call or check succeeded, 0 if it failed (or none yet).",
            registry=r,
        )
        self.shards_connected = Gauge(
            f"{PREFIX}_gateway_shards_connected",
            "Gateway shards of this process whose session is up.",
            registry=r,
        )
        self.shards_owned = Gauge(
            f"{PREFIX}_gateway_shards_owned",
            "Gateway shards this process opens sessions for (0 until Discord says how many).",
            registry=r,
        )
        self.pool_probe: PoolProbe | None = None
        r.register(_PoolCollector(self))
        if process_collectors:
            # process_* (memory, CPU, open files) and python_* (garbage collector, version)
            ProcessCollector(registry=r)
            GCCollector(registry=r)
            PlatformCollector(registry=r)
        self._commands: set[str] = set()

    # -- the bot's own command names ----------------------------------------------------------
    def register_commands(self, names: Iterable[str]) -> None:
        """Allow these names as ``command`` labels (adds to those already allowed). The bot
        registers its command tree's qualified names at start-up; any other name is counted as
        ``other``, so a label's values stay bounded whatever arrives."""
        for name in names:
            if len(self._commands) >= MAX_COMMANDS:
                log.warning(
                    "More than %d command names for metrics; the rest count as %r",
                    MAX_COMMANDS,
                    OTHER,
                )
                return
            self._commands.add(name)

    def command_label(self, name: str) -> str:
        """``name`` if it is a registered command name, else ``other``."""
        return name if name in self._commands else OTHER

    # -- what the bot reports -----------------------------------------------------------------
    def command_finished(self, name: str, outcome: Outcome, seconds: float) -> None:
        label = self.command_label(name)
        if outcome not in OUTCOMES:
            log.debug("Unknown command outcome %r counted as 'error'", outcome)
            outcome = "error"
        self.commands.labels(command=label, outcome=outcome).inc()
        self.command_seconds.labels(command=label).observe(max(0.0, seconds))

    def database_error(self, kind: DatabaseErrorKind) -> None:
        if kind not in DATABASE_ERROR_KINDS:
            log.debug("Unknown database error kind %r counted as 'other'", kind)
            kind = "other"
        self.database_errors.labels(kind=kind).inc()

    def set_database_reachable(self, reachable: bool) -> None:
        self.database_reachable.set(1 if reachable else 0)

    def set_shards(self, connected: int, owned: int) -> None:
        self.shards_connected.set(connected)
        self.shards_owned.set(owned)

    def set_pool_probe(self, probe: PoolProbe | None) -> None:
        self.pool_probe = probe


_current = Metrics()


def current() -> Metrics:
    """The metrics the functions below update and the endpoint serves."""
    return _current


def reset(*, process_collectors: bool = False) -> Metrics:
    """Start again from a fresh registry (tests). The endpoint serves the new one."""
    global _current
    _current = Metrics(process_collectors=process_collectors)
    return _current


# -- the functions the bot calls (module level, so no object needs passing around) -------------
def command_finished(name: str, outcome: Outcome, seconds: float) -> None:
    """A command was answered: ``name`` is its qualified name (``"ia setup"``, as
    ``interaction.command.qualified_name``), ``outcome`` how it ended, ``seconds`` from receiving
    the interaction to the answer. Counts ``wargame_table_commands_total`` and observes
    ``wargame_table_command_seconds``."""
    _current.command_finished(name, outcome, seconds)


def database_error(kind: DatabaseErrorKind) -> None:
    """A database call failed (counted in ``wargame_table_database_errors_total``)."""
    _current.database_error(kind)


def set_pool_probe(probe: PoolProbe | None) -> None:
    """Storage: ``probe()`` returns ``(connections in use, pool size)``, read at each scrape on
    the event loop (so it may read the pool's own counters). None removes it (pool closed)."""
    _current.set_pool_probe(probe)


def register_commands(names: Iterable[str]) -> None:
    """Allow these command names as labels (see :meth:`Metrics.register_commands`)."""
    _current.register_commands(names)


def set_database_reachable(reachable: bool) -> None:
    """Fed by :class:`bot.dbstate.DatabaseState`: report there, not here."""
    _current.set_database_reachable(reachable)


def set_shards(connected: int, owned: int) -> None:
    _current.set_shards(connected, owned)


# -- the endpoint ------------------------------------------------------------------------------
@dataclass
class MetricsServer:
    """The running endpoint: ``http://{host}:{port}/metrics``. Stop it with :meth:`stop`."""

    runner: web.AppRunner
    host: str
    port: int

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}{PATH}"

    async def stop(self) -> None:
        await self.runner.cleanup()


async def _serve(request: web.Request) -> web.StreamResponse:
    # the registry of the moment (reset() swaps it); collected here, on the event loop
    return await make_aiohttp_handler(_current.registry)(request)


async def start_server(address: str, port: int) -> MetricsServer:
    """Serve the metrics at ``http://address:port/metrics`` on this event loop (port 0: a free
    one, see ``.port``). Raises OSError if the address cannot be bound."""
    app = web.Application()
    app.router.add_get(PATH, _serve)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    try:
        site = web.TCPSite(runner, address, port)
        await site.start()
    except BaseException:
        await runner.cleanup()
        raise
    bound = runner.addresses[0]
    return MetricsServer(runner=runner, host=str(bound[0]), port=int(bound[1]))
