"""Whether the database answers, as far as this process knows: reported by whatever just used
it (a command, the bot's periodic check), read by the heartbeat (``python -m bot health``
prints it) and the ``wargame_table_database_reachable`` gauge.

The bot holds one as ``bot.database_state``::

    bot.database_state.ok()                   # a database call succeeded
    bot.database_state.unavailable(exc)       # one failed: connection refused, timed out, …

Cheap to call after every database call: only a change of state logs a line."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from bot import metrics
from bot.health import (
    DATABASE_OK,
    DATABASE_UNAVAILABLE,
    DATABASE_UNKNOWN,
    Heartbeat,
    duration,
    one_line,
)

log = logging.getLogger(__name__)


def describe(error: str | BaseException) -> str:
    """A short line saying why: the text as given, or an exception's message (its type's name
    when it has none), on one line."""
    if isinstance(error, BaseException):
        text = str(error).strip()
        if isinstance(error, TimeoutError) and not text:
            text = "timed out"
        error = text or type(error).__name__
    return one_line(error)


class DatabaseState:
    """``ok``, ``unavailable`` (with a reason) or, until the first report, ``unknown``; and
    since when (Unix time)."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.time,
        on_change: Callable[[bool], None] | None = metrics.set_database_reachable,
    ) -> None:
        self._clock = clock
        self._on_change = on_change
        self.state = DATABASE_UNKNOWN
        self.since = clock()
        self.reason = ""

    @property
    def is_ok(self) -> bool:
        return self.state == DATABASE_OK

    def ok(self) -> None:
        """A database call just succeeded."""
        if self.state == DATABASE_OK:
            return
        now = self._clock()
        if self.state == DATABASE_UNAVAILABLE:
            log.info("The database answers again (after %s)", duration(now - self.since))
        self.state, self.since, self.reason = DATABASE_OK, now, ""
        if self._on_change is not None:
            self._on_change(True)

    def unavailable(self, reason: str | BaseException, action: str = "") -> None:
        """A database call just failed because the database could not be used (not because
        of a rule or a conflict): ``reason`` is the exception or a short text; ``action`` what
        the host should do (said once, when the outage starts)."""
        self.reason = describe(reason)
        if self.state == DATABASE_UNAVAILABLE:
            return  # the outage goes on: keep its start, say the latest reason
        if action:
            log.warning("The database is unavailable: %s — %s", self.reason, action)
        else:
            log.warning("The database is unavailable: %s", self.reason)
        self.state, self.since = DATABASE_UNAVAILABLE, self._clock()
        if self._on_change is not None:
            self._on_change(False)

    def heartbeat(self, at: float | None = None) -> Heartbeat:
        """The heartbeat to write now, carrying this state."""
        return Heartbeat(
            at=self._clock() if at is None else at,
            database=self.state,
            database_since=self.since,
            reason=self.reason,
        )
