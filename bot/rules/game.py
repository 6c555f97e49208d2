"""The record of a game, one per game, that /help, the registry (:mod:`bot.games`) and the tests
read: each rules package exports its record as ``GAME`` — a :class:`GameInfo`, or, for a game
the bot keeps a campaign of, a :class:`Game` (its state model, its setup command and how one
line summarises a state). And what every rule returns besides the new state: an
:class:`Outcome`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel

from bot.rules.dice import Rolled
from bot.rules.msg import Msg

S = TypeVar("S", bound=BaseModel)


class Outcome(Protocol):
    """What a rule says happened (a frozen record of the game's own), as the history keeps it:
    one message (shown in each reader's language) and the dice, each labelled with a catalog
    message."""

    def history(self) -> Msg: ...

    def dice(self) -> Sequence[Rolled]: ...


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """A game the bot plays.

    - ``key``: its id — a campaign's ``game``, the value of its /help choice, and the names of
      the messages its own catalog files define: ``game-{key}`` (its title, both languages),
      ``help-game-intro-{key}`` (what its /help reference opens with, both languages) and, in
      Russian, ``choice-{key}`` (its /help choice).
    - ``title``: its English title; its cogs name it as their ``help_section``.
    - ``order``: where it comes among the games (the /help choices, a refusal naming every
      game's setup command): Weewar 20, Imperial Assault 30, GDW Imperium 40, Asteroid Belt
      50 — as its cogs' ``help_order`` places its commands in /help.
    - ``read_history``: for a game whose stored history messages keep ids rather than names
      (Asteroid Belt), how a stored message whose key starts with ``prefix`` is shown.
    """

    key: str
    title: str
    order: int
    read_history: Callable[[Msg], Msg] | None = None
    prefix: str = ""

    @property
    def docs(self) -> str:
        """Its page of the docs: ``docs/asteroid-belt.md``."""
        return f"docs/{self.key.replace('_', '-')}.md"


@dataclass(frozen=True, kw_only=True)
class Game(GameInfo, Generic[S]):
    """A game the bot keeps a campaign of."""

    state_model: type[S]
    setup_command: str
    summarize: Callable[[S], Msg]

    def load(self, stored: Mapping[str, Any]) -> S:
        """The stored state, validated as this game's model."""
        return self.state_model.model_validate(stored)

    def summarize_stored(self, stored: Mapping[str, Any]) -> Msg:
        """One line about a stored state."""
        return self.summarize(self.load(stored))
