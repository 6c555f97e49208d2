"""The command tree as the stand-in Discord received it at sync, walked down to the commands a
member can run (``ia setup``, ``campaign gm add``, ``battle``)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from discord.ext import commands

from bot.app import cog_extensions
from bot.games import BY_TITLE, EVERY_GAME

SUBCOMMAND, GROUP = 1, 2


def game_tops() -> dict[str, tuple[str, ...]]:
    """Each game's top-level commands (``{"weewar": ("battle",), …}``): those of the cogs
    whose ``help_section`` is the game's title, read from the cog classes (no bot needed)."""
    tops: dict[str, list[str]] = {g.key: [] for g in EVERY_GAME}
    seen: set[type] = set()
    for name in cog_extensions():
        for obj in list(vars(importlib.import_module(name)).values()):
            if not (isinstance(obj, type) and issubclass(obj, commands.Cog)) or obj in seen:
                continue
            seen.add(obj)
            game = BY_TITLE.get(str(getattr(obj, "help_section", "")))
            if game is None:
                continue
            if obj.__cog_is_app_commands_group__:
                tops[game.key].append(obj.__cog_group_name__)
            else:
                tops[game.key] += [c.name for c in obj.__cog_app_commands__]
    return {key: tuple(names) for key, names in tops.items()}


#: each game's top-level commands, as synced
GAME_TOPS = game_tops()


def leaf_commands(commands: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """``{"ia setup": node, "battle": node, …}``: every runnable command or subcommand."""
    out: dict[str, dict[str, Any]] = {}

    def walk(node: Mapping[str, Any], path: str) -> None:
        children = [o for o in node.get("options") or [] if o["type"] in (SUBCOMMAND, GROUP)]
        if not children:
            out[path] = dict(node)
        for child in children:
            walk(child, f"{path} {child['name']}")

    for command in commands.values():
        walk(command, command["name"])
    return out


def localized(node: Mapping[str, Any], field: str, locale: str) -> str:
    """``node[field]`` in ``locale`` (``name`` → ``name_localizations``), English if missing."""
    if locale != "en":
        value = (node.get(f"{field}_localizations") or {}).get(locale)
        if value:
            return str(value)
    return str(node[field])


def localized_path(
    commands: Mapping[str, Mapping[str, Any]], qualified_name: str, locale: str
) -> str:
    """``ia setup`` as a member in ``locale`` sees it (``ia начать``)."""
    words = qualified_name.split()
    node: Mapping[str, Any] = commands[words[0]]
    shown = [localized(node, "name", locale)]
    for word in words[1:]:
        node = next(o for o in node["options"] if o["name"] == word)
        shown.append(localized(node, "name", locale))
    return " ".join(shown)
