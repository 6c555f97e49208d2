"""Russian names and descriptions for every command, option and choice (Discord shows them in
the member's language), looked up in the ``commands`` catalog.

Catalog entries (``bot/locales/ru/commands.ftl``)::

    cmd-ia-setup =               # the command (or group) /ia setup
        .name = настройка
        .desc = Начать миссию Imperial Assault в этом канале
    opt-ia-setup--threat-level = # its option "threat-level"
        .name = уровень-угрозы
        .desc = Уровень угрозы миссии, 2–12
    choice-medium = Средняя      # a choice value, shared by every command
"""

from __future__ import annotations

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
            key = choice_key(data.value)
            return t(loc, key) if has(loc, key) else None
        return None


__all__ = ["LOCALES", "CatalogTranslator", "choice_key", "command_key", "option_key"]
