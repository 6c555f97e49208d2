"""The games a channel's campaign can play, and how to summarise each one's state."""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameInfo:
    key: str
    title: str
    module: str
    state_class: str
    setup_command: str

    def state_model(self) -> Any:
        return getattr(importlib.import_module(self.module), self.state_class)

    def summarize(self, state: dict[str, Any]) -> str:
        """One line about ``state``, from the game's own rules module."""
        module = importlib.import_module(self.module)
        model = getattr(module, self.state_class).model_validate(state)
        return str(module.summarize(model))


GAMES: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo(
            "imperial_assault",
            "Imperial Assault",
            "bot.rules.imperial_assault",
            "ImperialAssaultState",
            "/ia setup",
        ),
        GameInfo(
            "imperium", "GDW Imperium", "bot.rules.imperium", "ImperiumState", "/imperium setup"
        ),
        GameInfo(
            "asteroid_belt",
            "Asteroid Belt",
            "bot.rules.asteroid_belt",
            "AsteroidBeltState",
            "/asteroids setup",
        ),
    )
}


def game_title(key: str) -> str:
    info = GAMES.get(key)
    return info.title if info else key


def setup_hint() -> str:
    return ", ".join(f"{g.setup_command} ({g.title})" for g in GAMES.values())
