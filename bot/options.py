"""Check a command's options against the schema the bot synced, before the command runs.

Discord enforces the schema in its own client, but a stale client, a raw API call or a
replayed payload can still send anything. Every mismatch becomes one clear line."""

from __future__ import annotations

import weakref
from typing import Any, NamedTuple

import discord
from discord import app_commands

from bot.catalog import CommandName, OptionName, choice_name, command_name, option_name, refusal
from bot.discord_internals import choice_message_key
from bot.ids import is_discord_id
from bot.rules.errors import InputError
from bot.rules.msg import Msg

MAX_STRING = 6000
# catalog keys naming each option type ("opt-type-4" = "a whole number")
_TYPE_WORDS = {k: Msg(f"opt-type-{k}") for k in (3, 4, 5, 6, 7, 8, 9, 10, 11)}


def _bad(key: str, **args: Any) -> InputError:
    return InputError(key=key, **args)


class _Names(NamedTuple):
    """A command's options (or subcommands) in a refusal, as the reader's Discord names them."""

    qualified_name: str
    names: tuple[str, ...]
    subcommands: bool = False

    def render(self, locale: str) -> str:
        if self.subcommands:
            shown = [
                command_name(locale, f"{self.qualified_name} {n}").split()[-1] for n in self.names
            ]
        else:
            shown = [option_name(locale, self.qualified_name, n) for n in self.names]
        return ", ".join(f"`{n}`" for n in shown) or "—"


class _Choices(NamedTuple):
    """An option's fixed choices in a refusal, as the reader's Discord shows them."""

    choices: tuple[tuple[Any, str, str | None], ...]  # (value, English name, catalog key)

    def render(self, locale: str) -> str:
        return ", ".join(choice_name(locale, v, n, key) for v, n, key in self.choices)


_SCHEMAS: weakref.WeakKeyDictionary[Any, list[dict[str, Any]]] = weakref.WeakKeyDictionary()


def _command_schema(tree: app_commands.CommandTree[Any], command: Any) -> list[dict[str, Any]]:
    """The command's option schema as synced (built once per command object)."""
    schema = _SCHEMAS.get(command)
    if schema is None:
        schema = list(command.to_dict(tree).get("options", []))
        _SCHEMAS[command] = schema
    return schema


def _leaf_schema(
    tree: app_commands.CommandTree[Any], data: dict[str, Any]
) -> tuple[str, list[dict[str, Any]], list[Any]] | InputError | None:
    """(qualified name, schema options, given options) for the invoked (sub)command; an error
    when the subcommand path does not match the schema exactly (a subcommand must be the only
    item of its list); None for an unknown command."""
    command = tree.get_command(str(data.get("name", "")))
    if command is None:
        return None
    schema: list[dict[str, Any]] = _command_schema(tree, command)
    given = data.get("options") or []
    names = [command.name]
    while any(o.get("type") in (1, 2) for o in schema):
        qualified = "/" + " ".join(names)
        if not isinstance(given, list):
            return _bad("opt-unreadable", command=CommandName(qualified))
        if not given:
            return _bad("opt-need-subcommand", command=CommandName(qualified))
        sub = given[0]
        if len(given) != 1 or not isinstance(sub, dict):
            return _bad("opt-unreadable", command=CommandName(qualified))
        node = next(
            (o for o in schema if o.get("name") == sub.get("name") and o.get("type") in (1, 2)),
            None,
        )
        if node is None or node.get("type") != sub.get("type"):
            known = _Names(qualified, tuple(str(o.get("name")) for o in schema), subcommands=True)
            return _bad(
                "opt-unknown",
                command=CommandName(qualified),
                option=str(sub.get("name"))[:40],
                known=known,
            )
        names.append(str(node["name"]))
        schema = list(node.get("options", []))
        given = sub.get("options") or []
    if not isinstance(given, list):
        return _bad("opt-unreadable", command=CommandName(" ".join(names)))
    return "/" + " ".join(names), schema, given


def _is_snowflake(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return is_discord_id(value)
    return (
        isinstance(value, str)
        and value.isascii()
        and value.isdigit()
        and len(value) <= 20
        and is_discord_id(int(value))
    )


def _wrong_type(name: OptionName, kind: int) -> InputError:
    return _bad("opt-wrong-type", option=name, kind=_TYPE_WORDS.get(kind, Msg("opt-type-3")))


def _choice_keys(
    tree: app_commands.CommandTree[Any], qualified: str, option: str
) -> dict[Any, str | None]:
    """The catalog key each of an option's fixed choices is translated by (the key the choice
    carries, else the value's own), by value."""
    words = qualified.lstrip("/").split()
    command: Any = tree.get_command(words[0]) if words else None
    for word in words[1:]:
        command = command.get_command(word) if isinstance(command, app_commands.Group) else None
    if not isinstance(command, app_commands.Command):
        return {}
    param = next((p for p in command.parameters if p.display_name == option), None)
    return {c.value: choice_message_key(c) for c in (param.choices if param else [])}


def _check(
    opt: dict[str, Any],
    value: Any,
    resolved: dict[str, Any],
    qualified: str = "",
    keys: dict[Any, str | None] | None = None,
) -> InputError | None:
    kind = opt["type"]
    name = OptionName(qualified, opt["name"])
    if kind == 3:
        if not isinstance(value, str):
            return _wrong_type(name, kind)
        shortest = int(opt.get("min_length", 0))
        longest = int(opt.get("max_length", MAX_STRING))
        if not shortest <= len(value) <= longest:
            return _bad("opt-length", option=name, low=shortest, high=longest, got=len(value))
    elif kind in (4, 10):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return _wrong_type(name, kind)
        if kind == 4 and (isinstance(value, float) or abs(value) > 2**53):
            return _wrong_type(name, kind)
        if value != value or value in (float("inf"), float("-inf")):
            return _wrong_type(name, kind)
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                return _bad("opt-range", option=name, low=str(low), high=str(high), got=str(value))
            if low is not None:
                return _bad("opt-min", option=name, low=str(low), got=str(value))
            return _bad("opt-max", option=name, high=str(high), got=str(value))
    elif kind == 5:
        if not isinstance(value, bool):
            return _wrong_type(name, kind)
    elif kind in (6, 7, 8, 9):
        if not _is_snowflake(value):
            return _wrong_type(name, kind)
    elif kind == 11 and (
        not _is_snowflake(value) or str(value) not in (resolved.get("attachments") or {})
    ):
        return _wrong_type(name, kind)
    choices = opt.get("choices")
    if choices and value not in [c.get("value") for c in choices]:
        keys = keys or {}
        allowed = _Choices(
            tuple(
                (c.get("value"), str(c.get("name")), keys.get(c.get("value"))) for c in choices[:10]
            )
        )
        return _bad("opt-choices", option=name, allowed=allowed)
    return None


def validate_options(
    tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]
) -> InputError | None:
    """None when the options fit the command's schema, else the error saying what is wrong."""
    data: dict[str, Any] = dict(interaction.data or {})
    found = _leaf_schema(tree, data)
    if found is None:
        return None  # the tree reports unknown commands itself
    if isinstance(found, InputError):
        return found
    qualified, schema, given = found
    resolved: dict[str, Any] = dict(data.get("resolved") or {})
    by_name = {o["name"]: o for o in schema if o.get("type") not in (1, 2)}
    seen: set[str] = set()
    command = CommandName(qualified)
    for item in given:
        if not isinstance(item, dict) or "name" not in item:
            return _bad("opt-unreadable", command=command)
        name = str(item["name"])
        opt = by_name.get(name)
        if opt is None:
            known = _Names(qualified, tuple(by_name))
            return _bad("opt-unknown", command=command, option=name[:40], known=known)
        if name in seen:
            return _bad("opt-twice", command=command, option=OptionName(qualified, name))
        seen.add(name)
        if opt.get("type") != item.get("type"):
            kind = _TYPE_WORDS.get(opt["type"], Msg("opt-type-3"))
            return _bad("opt-wrong-type", option=OptionName(qualified, name), kind=kind)
        keys = _choice_keys(tree, qualified, name) if opt.get("choices") else None
        problem = _check(opt, item.get("value"), resolved, qualified, keys)
        if problem is not None:
            return problem
    for name, opt in by_name.items():
        if opt.get("required") and name not in seen:
            return _bad("opt-required", command=command, option=OptionName(qualified, name))
    return None


def autocomplete_problem(
    tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]
) -> str | None:
    """None when an autocomplete request fits the command's schema — exactly one focused option,
    one that has suggestions, with a value of its type; else a short reason (for a DEBUG line:
    such a request only ever gets an empty list)."""
    data: dict[str, Any] = dict(interaction.data or {})
    found = _leaf_schema(tree, data)
    if found is None:
        return "unknown command"
    if isinstance(found, InputError):
        return refusal(found)
    qualified, schema, given = found
    resolved: dict[str, Any] = dict(data.get("resolved") or {})
    by_name = {o["name"]: o for o in schema if o.get("type") not in (1, 2)}
    seen: set[str] = set()
    focused: list[str] = []
    for item in given:
        if not isinstance(item, dict) or str(item.get("name")) not in by_name:
            return f"{qualified}: an option not in its schema"
        name = str(item["name"])
        opt = by_name[name]
        if name in seen or opt.get("type") != item.get("type"):
            return f"{qualified}: `{name}` given twice or with the wrong type"
        seen.add(name)
        value = item.get("value")
        if item.get("focused") is True:
            focused.append(name)
            if not opt.get("autocomplete"):
                return f"{qualified}: `{name}` has no suggestions"
            # the text typed so far: a string (a number's too, while it is typed)
            if isinstance(value, bool) or not isinstance(value, str | int | float):
                return f"{qualified}: `{name}` is focused with a {type(value).__name__}"
            if opt["type"] == 3 and not isinstance(value, str):
                return f"{qualified}: `{name}` is focused with a {type(value).__name__}"
            if isinstance(value, str) and len(value) > MAX_STRING:
                return f"{qualified}: `{name}` is too long"
        elif item.get("focused") not in (None, False):
            return f"{qualified}: `{name}` has a strange focus flag"
        else:
            problem = _check(opt, value, resolved)
            if problem is not None and problem.key == "opt-wrong-type":
                return f"{qualified}: `{name}` has the wrong type"
    if len(focused) != 1:
        return f"{qualified}: {len(focused)} focused options"
    return None
