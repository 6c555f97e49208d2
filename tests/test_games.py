"""A game registers itself: its rules package exports a ``GAME`` record, and everything that
lists the games — the registry, /help (its choices, its sections, each game's reference and
docs page), the refusals naming every setup command, the tests — reads that record. What a
game brings besides its packages is checked here, game by game: its catalog messages in its
own catalog files, its docs page, its example session, its commands (cogs whose help section
is its title) and its walk in the every-command test."""

from __future__ import annotations

import importlib.util
import pkgutil
from pathlib import Path

import pytest

import bot.rules
from bot.catalog import LOCALE_DIR, render, t
from bot.games import BY_TITLE, EVERY_GAME, GAMES, game_msg, game_name, read_history, setup_hint
from bot.rules.game import Game, GameInfo
from bot.rules.msg import Msg
from cogs.general import GAME_CHOICES
from tests.synced import GAME_TOPS

ROOT = Path(__file__).resolve().parent.parent
KEYS = [g.key for g in EVERY_GAME]


def test_every_rules_package_is_a_registered_game() -> None:
    packages = [m.name for m in pkgutil.iter_modules(bot.rules.__path__) if m.ispkg]
    assert sorted(packages) == sorted(KEYS)
    assert all(isinstance(g, GameInfo) for g in EVERY_GAME)
    assert list(GAMES) == [g.key for g in EVERY_GAME if isinstance(g, Game)]
    assert len({g.order for g in EVERY_GAME}) == len(EVERY_GAME), "one place each"
    assert {g.title: g for g in EVERY_GAME} == BY_TITLE


def test_the_order_of_the_games_is_the_one_every_list_shows() -> None:
    four = ["weewar", "imperial_assault", "imperium", "asteroid_belt"]
    assert [k for k in KEYS if k in four] == four  # as /help has always listed them
    assert [c.value for c in GAME_CHOICES] == KEYS
    assert [c.name for c in GAME_CHOICES] == [g.title for g in EVERY_GAME]
    hint = str(setup_hint())
    shown = [f"{g.setup_command} ({g.title})" for g in GAMES.values()]
    assert hint == ", ".join(shown)
    assert "/ia setup (Imperial Assault), /imperium setup (GDW Imperium), " in hint


def _defined_in(path: Path, key: str) -> bool:
    return any(line.startswith(f"{key} =") for line in path.read_text("utf-8").splitlines())


@pytest.mark.parametrize("game", EVERY_GAME, ids=KEYS)
def test_a_game_brings_its_own_messages_page_example_commands_and_walk(game: GameInfo) -> None:
    for loc in ("en", "ru"):
        own = LOCALE_DIR / loc / f"{game.key}.ftl"
        for key in (f"game-{game.key}", f"help-game-intro-{game.key}"):
            assert _defined_in(own, key), f"{key} belongs in {own.relative_to(ROOT)}"
    assert t("en", f"game-{game.key}") == game.title
    # the /help choice in Russian: the Russian title (Discord shows the English one otherwise)
    commands = LOCALE_DIR / "ru" / f"commands-{game.key}.ftl"
    assert _defined_in(commands, f"choice-{game.key}"), commands.relative_to(ROOT)
    assert t("ru", f"choice-{game.key}") == t("ru", f"game-{game.key}")
    assert (ROOT / game.docs).is_file(), game.docs
    assert (ROOT / "examples" / f"{game.key}.txt").is_file()
    assert GAME_TOPS[game.key], f"no cog has help_section = {game.title!r}"
    walk = f"tests.e2e.walks.{game.key}"
    assert importlib.util.find_spec(walk) is not None, f"no walk: add {walk.replace('.', '/')}.py"


def test_a_games_title_as_an_argument_is_its_message_or_the_key_it_is_stored_under() -> None:
    assert game_msg("asteroid_belt") == Msg("game-asteroid_belt")
    assert render("ru", Msg("game-asteroid_belt")) == "Пояс астероидов"
    assert game_msg("chess") == "chess"  # a campaign of a game the bot no longer plays
    assert game_name("ru", "asteroid_belt") == "Пояс астероидов"
    assert game_name("en", "chess") == "chess"


def test_stored_messages_are_read_back_by_their_own_game_only() -> None:
    plain = Msg.of("imp-hist-war", war=2)
    assert read_history(plain) is plain
    stored = Msg.of("ab-ev-flag", label="r1")
    assert read_history(stored) == Msg.of("ab-ev-flag", label="r1")
    join = Msg.of("ab-ev-join", civ="violet", member=5)
    assert render("en", read_history(join)) == "<@5> plays Violet Federation."
