"""The games a channel's campaign can play, and how to summarise each one's state."""

from __future__ import annotations

import importlib
import inspect
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

    def summarize(self, state: dict[str, Any], loc: str = "en") -> str:
        """One line about ``state`` in ``loc``, from the game's own rules module."""
        module = importlib.import_module(self.module)
        model = getattr(module, self.state_class).model_validate(state)
        if "loc" in inspect.signature(module.summarize).parameters:
            return str(module.summarize(model, loc=loc))
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


@dataclass(frozen=True)
class SetupHint:
    """The games' setup commands, as the reader's Discord names them (a catalog argument)."""

    def render(self, locale: str) -> str:
        from bot.catalog import CommandName, has, t

        parts = []
        for g in GAMES.values():
            title = t(locale, f"game-{g.key}") if has(locale, f"game-{g.key}") else g.title
            parts.append(f"{CommandName(g.setup_command.lstrip('/')).render(locale)} ({title})")
        return ", ".join(parts)

    def __str__(self) -> str:
        return self.render("en")


def setup_hint() -> SetupHint:
    return SetupHint()


def setup_command(key: str) -> Any:
    """A game's setup command as a catalog argument (rendered in the reader's language)."""
    from bot.catalog import CommandName

    return CommandName(GAMES[key].setup_command.lstrip("/"))
