"""The project's own error types. Each becomes a short ephemeral reply; nothing else leaks.

Raise them with a catalog key and its arguments — ``RuleError(key="ab-cannot-afford",
need=20, have=12)`` — so the reply comes out in the member's language; ``message`` is the
English text. A plain ``RuleError("text")`` still works (English only)."""

from __future__ import annotations

from typing import Any

from bot.catalog import DEFAULT, t


class BotError(Exception):
    """A refusal a person can act on: the message says what is wrong and how to do it right."""

    def __init__(self, message: str | None = None, *, key: str | None = None, **args: Any) -> None:
        self.key = key
        self.fmt_args = args
        if message is None:
            if key is None:
                raise TypeError("a BotError needs a message or a catalog key")
            message = t(DEFAULT, key, **args)
        super().__init__(message)
        self.message = message

    def localized(self, locale: str) -> str:
        """The message in ``locale`` ("en" or "ru")."""
        if self.key is None:
            return self.message
        return t(locale, self.key, **self.fmt_args)


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


class DuplicateInteraction(Exception):
    """This interaction has already been applied (by this or another process owning the same
    shard): the process that finds this stays silent, since the other one answers."""
