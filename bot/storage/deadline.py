"""How long the database may keep an interaction waiting: one deadline per interaction.

The bot sets it when an interaction arrives (:func:`deadline_at`); every wait on the database
in that task — a lock in this process, a connection from the pool, the database's own locks
and statements — is cut at it, and the store refuses with :class:`DatabaseBusy` rather than
keep a member waiting past it. Work outside an interaction (start-up, command sync, the
hourly clean-up, ``python -m bot migrate``) has no deadline here; the backends bound its waits
with their own defaults."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar

_deadline: ContextVar[float | None] = ContextVar("database_deadline", default=None)


def remaining(default: float) -> float:
    """Seconds left before this task's deadline (``default`` when it has none; never more)."""
    at = _deadline.get()
    if at is None:
        return default
    return min(default, at - time.monotonic())


def has_deadline() -> bool:
    return _deadline.get() is not None


@contextmanager
def deadline_at(at: float | None) -> Iterator[None]:
    """Within the block, the database must be done by ``at`` (``time.monotonic()``; ``None``:
    no deadline)."""
    token = _deadline.set(at)
    try:
        yield
    finally:
        _deadline.reset(token)


def deadline_in(seconds: float) -> AbstractContextManager[None]:
    """Within the block, the database must be done within ``seconds`` from now."""
    return deadline_at(time.monotonic() + seconds)


def set_deadline(at: float | None) -> None:
    """From now on in this task (an interaction's handler), the database must be done by
    ``at``; the task's context ends with it."""
    _deadline.set(at)
