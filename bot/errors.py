"""The project's own error types. Each becomes a short ephemeral reply; nothing else leaks."""

from __future__ import annotations


class BotError(Exception):
    """A refusal a person can act on: the message says what is wrong and how to do it right."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RuleError(BotError):
    """The game's rules forbid this (not affordable, out of range, wrong phase...)."""


class InputError(BotError):
    """Unknown name, out-of-range number, malformed option."""


class NoCampaign(BotError):
    """The channel has no campaign (or not of the game the command belongs to)."""


class NotAllowed(BotError):
    """The member may not do this (not the game master, not their turn...)."""


class ConcurrencyError(Exception):
    """Another writer changed the campaign first (optimistic version check failed)."""
