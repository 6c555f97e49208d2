"""The games a channel's campaign can play: the registry of each rules package's ``GAME``."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.rules import asteroid_belt, imperial_assault, imperium
from bot.rules.game import Game

log = logging.getLogger(__name__)

# WeeWar keeps no campaign state (its rolls stand alone), so it has no entry here.
GAMES: dict[str, Game[Any]] = {
    game.key: game for game in (imperial_assault.GAME, imperium.GAME, asteroid_belt.GAME)
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
