"""A game the bot keeps a campaign of: its key, its state model, its setup command and how
one line summarises a state (a catalog message). Each rules package exports one :class:`Game`
as ``GAME``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from bot.rules.msg import Msg

S = TypeVar("S", bound=BaseModel)


@dataclass(frozen=True)
class Game(Generic[S]):
    key: str
    title: str
    state_model: type[S]
    setup_command: str
    summarize: Callable[[S], Msg]

    def load(self, stored: Mapping[str, Any]) -> S:
        """The stored state, validated as this game's model."""
        return self.state_model.model_validate(stored)

    def summarize_stored(self, stored: Mapping[str, Any]) -> Msg:
        """One line about a stored state."""
        return self.summarize(self.load(stored))
