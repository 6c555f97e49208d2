"""What the store reports when a change cannot be applied as asked."""

from __future__ import annotations


class ConcurrencyError(Exception):
    """Another writer changed the campaign first (optimistic version check failed)."""


class DuplicateInteraction(Exception):
    """This interaction has already been applied (by this or another process owning the same
    shard): the process that finds this stays silent, since the other one answers."""


class DatabaseUnavailable(Exception):
    """The database cannot be used right now (unreachable, shutting down, full, read-only…):
    nothing was applied, and the same command may work in a moment. ``reason`` says why in a
    few words; ``action`` what the host must do (both for the log, never for members)."""

    def __init__(self, reason: str, action: str = "", *, kind: str = "unavailable") -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action
        self.kind = kind
        # a connection that died: worth one more try at once on a fresh one
        self.transient = False


class DatabaseBusy(DatabaseUnavailable):
    """The database did not answer within the interaction's time (a lock held elsewhere, a slow
    statement, every connection in use): rolled back, nothing was applied."""

    def __init__(self, reason: str, action: str = "") -> None:
        super().__init__(reason, action, kind="busy")


class OutcomeUnknown(Exception):
    """The connection failed while the change was being committed, and whether it was committed
    could not be looked up either: the member is told exactly that."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CommitFailed(Exception):
    """Raised by a backend when COMMIT itself failed with ``cause``: the change may or may not
    be in the database (the store looks the interaction's claim up)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause
