"""Check a command's options against the schema the bot synced, before the command runs.

Discord enforces the schema in its own client, but a stale client, a raw API call or a
replayed payload can still send anything. Every mismatch becomes one clear line."""

from __future__ import annotations

import weakref
from typing import Any

import discord
from discord import app_commands

from bot.catalog import Msg
from bot.errors import InputError

MAX_STRING = 6000
# catalog keys naming each option type ("opt-type-4" = "a whole number")
_TYPE_WORDS = {k: Msg(f"opt-type-{k}") for k in (3, 4, 5, 6, 7, 8, 9, 10, 11)}


def _bad(key: str, **args: Any) -> InputError:
    return InputError(key=key, **args)


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
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]] | None:
    """(qualified name, schema options, given options) for the invoked (sub)command."""
    command = tree.get_command(str(data.get("name", "")))
    if command is None:
        return None
    schema: list[dict[str, Any]] = _command_schema(tree, command)
    given: list[dict[str, Any]] = list(data.get("options") or [])
    names = [command.name]
    while given and isinstance(given[0], dict) and given[0].get("type") in (1, 2):
        sub = given[0]
        node = next(
            (o for o in schema if o.get("name") == sub.get("name") and o.get("type") in (1, 2)),
            None,
        )
        if node is None:
            return None
        names.append(str(sub.get("name")))
        schema = list(node.get("options", []))
        given = list(sub.get("options") or [])
    return "/" + " ".join(names), schema, given


def _is_snowflake(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return 0 < value < 2**64
    return isinstance(value, str) and value.isdigit() and 0 < len(value) <= 20


def _check(opt: dict[str, Any], value: Any, resolved: dict[str, Any]) -> InputError | None:
    name = opt["name"]
    kind = opt["type"]
    wrong_type = _bad("opt-wrong-type", option=name, kind=_TYPE_WORDS.get(kind, Msg("opt-type-3")))
    if kind == 3:
        if not isinstance(value, str):
            return wrong_type
        shortest = int(opt.get("min_length", 0))
        longest = int(opt.get("max_length", MAX_STRING))
        if not shortest <= len(value) <= longest:
            return _bad(
                "opt-length", option=name, low=str(shortest), high=str(longest), got=str(len(value))
            )
    elif kind in (4, 10):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return wrong_type
        if kind == 4 and (isinstance(value, float) or abs(value) > 2**53):
            return wrong_type
        if value != value or value in (float("inf"), float("-inf")):
            return wrong_type
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                return _bad("opt-range", option=name, low=str(low), high=str(high), got=str(value))
            if low is not None:
                return _bad("opt-min", option=name, low=str(low), got=str(value))
            return _bad("opt-max", option=name, high=str(high), got=str(value))
    elif kind == 5:
        if not isinstance(value, bool):
            return wrong_type
    elif kind in (6, 7, 8, 9):
        if not _is_snowflake(value):
            return wrong_type
    elif kind == 11 and (
        not _is_snowflake(value) or str(value) not in (resolved.get("attachments") or {})
    ):
        return wrong_type
    choices = opt.get("choices")
    if choices and value not in [c.get("value") for c in choices]:
        allowed = ", ".join(str(c.get("name")) for c in choices[:10])
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
    qualified, schema, given = found
    resolved: dict[str, Any] = dict(data.get("resolved") or {})
    by_name = {o["name"]: o for o in schema if o.get("type") not in (1, 2)}
    seen: set[str] = set()
    for item in given:
        if not isinstance(item, dict) or "name" not in item:
            return _bad("opt-unreadable", command=qualified)
        name = str(item["name"])
        opt = by_name.get(name)
        if opt is None:
            known = ", ".join(f"`{n}`" for n in by_name) or "—"
            return _bad("opt-unknown", command=qualified, option=name[:40], known=known)
        if name in seen:
            return _bad("opt-twice", command=qualified, option=name)
        seen.add(name)
        if opt.get("type") != item.get("type"):
            return _bad(
                "opt-wrong-type", option=name, kind=_TYPE_WORDS.get(opt["type"], Msg("opt-type-3"))
            )
        problem = _check(opt, item.get("value"), resolved)
        if problem is not None:
            return problem
    if schema and any(o.get("type") in (1, 2) for o in schema):
        return _bad("opt-need-subcommand", command=qualified)
    for name, opt in by_name.items():
        if opt.get("required") and name not in seen:
            return _bad("opt-required", command=qualified, option=name)
    return None
