"""What the store reports when a change cannot be applied as asked."""

from __future__ import annotations


class ConcurrencyError(Exception):
    """Another writer changed the campaign first (optimistic version check failed)."""


class DuplicateInteraction(Exception):
    """This interaction has already been applied (by this or another process owning the same
    shard): the process that finds this stays silent, since the other one answers."""
