"""The games the bot plays: the registry of the ``GAME`` record every package of ``bot.rules``
exports (found, not listed: a game registers itself by being a rules package with a ``GAME``),
and what is read from it — the setup commands named in a refusal, a game's title as a catalog
argument, and how a stored history message of a game is shown."""

from __future__ import annotations

import importlib
import logging
import pkgutil
from dataclasses import dataclass
from typing import Any

import bot.rules
from bot.rules.game import Game, GameInfo
from bot.rules.msg import Msg

log = logging.getLogger(__name__)


def _found() -> tuple[GameInfo, ...]:
    games = []
    for info in pkgutil.iter_modules(bot.rules.__path__):
        if info.ispkg:
            record = getattr(importlib.import_module(f"bot.rules.{info.name}"), "GAME", None)
            if isinstance(record, GameInfo):
                games.append(record)
    return tuple(sorted(games, key=lambda g: (g.order, g.key)))


#: every game, in its order (:attr:`GameInfo.order`)
EVERY_GAME: tuple[GameInfo, ...] = _found()

#: the games that keep a campaign, by key (Weewar keeps none: its rolls stand alone)
GAMES: dict[str, Game[Any]] = {g.key: g for g in EVERY_GAME if isinstance(g, Game)}

#: every game by its English title: the ``help_section`` its cogs give
BY_TITLE: dict[str, GameInfo] = {g.title: g for g in EVERY_GAME}


def game_msg(key: str) -> Msg | str:
    """A game's title as a catalog argument (``game-{key}``); a key no registered game has
    (a campaign of a game the bot no longer plays) as it is."""
    return Msg(f"game-{key}") if any(g.key == key for g in EVERY_GAME) else key


def game_name(locale: str, key: str) -> str:
    """A game's title in ``locale`` (see :func:`game_msg`)."""
    from bot.catalog import render

    title = game_msg(key)
    return render(locale, title) if isinstance(title, Msg) else title


def read_history(msg: Msg) -> Msg:
    """A stored history message as it is shown: named by its game where the game stores ids
    (see :attr:`GameInfo.read_history`), else as stored."""
    for game in EVERY_GAME:
        if game.read_history is not None and msg.key.startswith(game.prefix):
            return game.read_history(msg)
    return msg


@dataclass(frozen=True)
class SetupHint:
    """The games' setup commands, as the reader's Discord names them (a catalog argument)."""

    def render(self, locale: str) -> str:
        from bot.catalog import CommandName

        return ", ".join(
            f"{CommandName(g.setup_command.lstrip('/')).render(locale)} "
            f"({game_name(locale, g.key)})"
            for g in GAMES.values()
        )

    def __str__(self) -> str:
        return self.render("en")


def setup_hint() -> SetupHint:
    return SetupHint()


def setup_command(key: str) -> Any:
    """A game's setup command as a catalog argument (rendered in the reader's language)."""
    from bot.catalog import CommandName

    return CommandName(GAMES[key].setup_command.lstrip("/"))
