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

import re
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.catalog import (
    DEFAULT,
    LOCALES,
    attribute,
    choice_key,
    choice_name,
    command_key,
    command_name,
    has,
    option_key,
    option_name,
    t,
)
from bot.discord_internals import choice_message_key


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


_OPTION_START = r"(?:^|\s)({names}):"


def shown_invocation(tree: app_commands.CommandTree[Any], locale: str, text: str) -> str:
    """A history entry's command (what :func:`describe_invocation` stored: the English names,
    the values as sent) as a member in ``locale`` would have typed it in their Discord:
    ``/ia figure-lost group:DG001 count:1`` is ``/ia потеря-фигурок отряд:DG001 количество:1``
    in Russian, a choice by its word there (``сложность:Средняя``), true/false as «да»/«нет».
    Entries stored before this read the same way (the stored form never changed); a command the
    bot no longer has, a button press, or English, shows as stored."""
    if locale == DEFAULT or not text.startswith("/"):
        return text
    words = text[1:].split(" ")
    command: Any = tree.get_command(words[0])
    used = 1
    while isinstance(command, app_commands.Group) and used < len(words):
        command = command.get_command(words[used])
        used += 1
    if not isinstance(command, app_commands.Command):
        return text
    qualified = command.qualified_name
    rest = " ".join(words[used:])
    params = {p.display_name: p for p in command.parameters}
    shown = [command_name(locale, qualified)]
    if params and rest:
        names = "|".join(re.escape(n) for n in sorted(params, key=len, reverse=True))
        starts = list(re.finditer(_OPTION_START.format(names=names), rest))
        if not starts or rest[: starts[0].start()].strip():
            return text
        for i, found in enumerate(starts):
            end = starts[i + 1].start() if i + 1 < len(starts) else len(rest)
            param = params[found.group(1)]
            value = _shown_value(locale, param, rest[found.end() : end].strip())
            shown.append(f"{option_name(locale, qualified, param.display_name)}:{value}")
    elif rest:
        return text
    return " ".join(shown)


def _shown_value(locale: str, param: app_commands.Parameter, value: str) -> str:
    for choice in param.choices:
        if str(choice.value) == value:
            return choice_name(locale, choice.value, choice.name, choice_message_key(choice))
    if param.type is discord.AppCommandOptionType.boolean and value in ("True", "False"):
        return t(locale, "option-true" if value == "True" else "option-false")
    return value


__all__ = [
    "LOCALES",
    "CatalogTranslator",
    "choice_key",
    "command_key",
    "keyed_choices",
    "option_key",
    "shown_invocation",
]
