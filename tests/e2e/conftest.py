"""End-to-end tests fail when the bot logged an error: an ERROR (or worse) record from the bot's
loggers, discord.py or the libraries under it, while the test ran (its fixtures' set-up and
tear-down included) — unless :data:`ALLOWED_ERRORS` says the test provokes it on purpose."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

#: the loggers watched: the bot's own and what it runs on
WATCHED = ("bot", "cogs", "discord", "aiohttp", "asyncio", "aiosqlite", "asyncpg")


@dataclass(frozen=True)
class AllowedError:
    """An error record a test provokes on purpose: from ``logger`` (or a child), with a message
    matching ``pattern`` (``re.search``), in a test whose node id contains ``test``."""

    logger: str
    pattern: str
    test: str
    why: str

    def allows(self, record: logging.LogRecord, nodeid: str) -> bool:
        return (
            (record.name == self.logger or record.name.startswith(self.logger + "."))
            and re.search(self.pattern, record.getMessage()) is not None
            and self.test in nodeid
        )


ALLOWED_ERRORS: tuple[AllowedError, ...] = (
    AllowedError(
        logger="bot.app",
        pattern=r"^Cannot serve metrics on 127\.0\.0\.1 port \d+ .*address already in use",
        test="test_a_metrics_port_in_use_is_logged_and_the_bot_runs",
        why="the test takes the metrics port first: a host's misconfiguration, logged as an "
        "error once while the bot carries on without metrics",
    ),
)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in WATCHED:
            self.records.append(record)


def _shown(record: logging.LogRecord) -> str:
    text = f"{record.levelname} {record.name}: {record.getMessage()}"
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        text += f"\n    {type(error).__name__}: {error}"
    return text


@pytest.fixture(autouse=True)
def no_error_logged(request: pytest.FixtureRequest) -> Iterator[None]:
    handler = _Errors()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
    nodeid = request.node.nodeid
    unexpected = [
        r for r in handler.records if not any(a.allows(r, nodeid) for a in ALLOWED_ERRORS)
    ]
    if unexpected:
        pytest.fail(
            "the bot logged errors during this test (allow one it provokes on purpose in "
            "tests/e2e/conftest.py ALLOWED_ERRORS, with the reason):\n"
            + "\n".join(_shown(r) for r in unexpected),
            pytrace=False,
        )
