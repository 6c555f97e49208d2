"""Refusals: what a person asked for cannot be done, and why. Each becomes one short ephemeral
line in the member's language.

Raise them with a catalog key and its arguments — ``RuleError(key="ab-cannot-afford",
need=20, have=12)``. The rules only name the message; :func:`bot.catalog.refusal` renders it
(English for logs and tests, the reader's language in replies)."""

from __future__ import annotations

from typing import Any

from bot.rules.msg import Msg


class BotError(Exception):
    """A refusal a person can act on: the message says what is wrong and how to do it right."""

    def __init__(self, *, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fmt_args = args

    @property
    def msg(self) -> Msg:
        """The refusal as a catalog message."""
        return Msg(self.key, tuple(self.fmt_args.items()))

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.fmt_args.items())
        return f"{self.key}({shown})" if shown else self.key


class RuleError(BotError):
    """The game's rules forbid this (not affordable, out of range, wrong phase...)."""


class InputError(BotError):
    """Unknown name, out-of-range number, malformed option."""


class NoCampaign(BotError):
    """The channel has no campaign (or not of the game the command belongs to)."""


class NotAllowed(BotError):
    """The member may not do this (not the game master, not their turn...)."""
