"""Russian names and descriptions for every command, option and choice (Discord shows them in
the member's language), looked up in the ``commands`` catalog.

Catalog entries (``bot/locales/ru/commands.ftl``)::

    cmd-ia-setup =               # the command (or group) /ia setup
        .name = начать
        .desc = Начать миссию Imperial Assault в этом канале
    opt-ia-setup--threat-level = # its option "threat-level"
        .name = уровень-угрозы
        .desc = Уровень угрозы миссии, 2–12
    choice-terran = Терране      # a choice value, shared by every option offering it
    choice-difficulty-medium = Средняя  # a choice keyed by its option (locale_str key=…)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.catalog import DEFAULT, LOCALES, attribute, choice_key, command_key, has, option_key, t


def catalog_locale(locale: discord.Locale) -> str | None:
    """The catalog for a Discord locale, or None where the bot has no translation."""
    if locale.value.startswith("ru"):
        return "ru"
    return None


def keyed_choices(option: str, values: Sequence[str]) -> list[app_commands.Choice[str]]:
    """An option's fixed choices whose words are its own (``choice-{option}-{value}``), for a
    value another option offers with another meaning: Imperial Assault's difficulty ``hard``
    (``choice-difficulty-hard``, «Сложная») is not Asteroid Belt's variant ``hard``
    (``choice-variant-hard``, «Усложнённый»). Shown in English as the value itself."""
    return [
        app_commands.Choice(
            name=app_commands.locale_str(value, key=choice_key(f"{option}-{value}")), value=value
        )
        for value in values
    ]


class CatalogTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        loc = catalog_locale(locale)
        if loc is None or loc == DEFAULT:
            return None
        where = context.location
        data = context.data
        if where in (Where.command_name, Where.group_name):
            return attribute(loc, command_key(data.qualified_name), "name")
        if where in (Where.command_description, Where.group_description):
            return attribute(loc, command_key(data.qualified_name), "desc")
        if where in (Where.parameter_name, Where.parameter_description):
            # the name Discord shows (``attacker-terrain``), not the Python parameter's
            key = option_key(data.command.qualified_name, data.display_name)
            return attribute(loc, key, "name" if where is Where.parameter_name else "desc")
        if where is Where.choice_name:
            # a choice whose word is its option's own names its key (``choice-variant-hard``);
            # else the value's key, shared by every option offering that value
            key = str(string.extras.get("key") or choice_key(data.value))
            return t(loc, key) if has(loc, key) else None
        return None


__all__ = [
    "LOCALES",
    "CatalogTranslator",
    "choice_key",
    "command_key",
    "keyed_choices",
    "option_key",
]
