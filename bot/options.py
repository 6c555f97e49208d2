"""Check a command's options against the schema the bot synced, before the command runs.

Discord enforces the schema in its own client, but a stale client, a raw API call or a
replayed payload can still send anything. Every mismatch becomes one clear line."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

MAX_STRING = 6000
_TYPE_WORDS = {
    3: "text",
    4: "whole number",
    5: "true or false",
    6: "member",
    7: "channel",
    8: "role",
    9: "member or role",
    10: "number",
    11: "file",
}


def _leaf_schema(
    tree: app_commands.CommandTree[Any], data: dict[str, Any]
) -> tuple[str, list[dict[str, Any]], list[dict[str, Any]]] | None:
    """(qualified name, schema options, given options) for the invoked (sub)command."""
    command = tree.get_command(str(data.get("name", "")))
    if command is None:
        return None
    schema: list[dict[str, Any]] = list(command.to_dict(tree).get("options", []))
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


def _check(opt: dict[str, Any], value: Any, resolved: dict[str, Any]) -> str | None:
    name = opt["name"]
    kind = opt["type"]
    word = _TYPE_WORDS.get(kind, "value")
    if kind == 3:
        if not isinstance(value, str):
            return f"`{name}` must be {word}."
        shortest = int(opt.get("min_length", 0))
        longest = int(opt.get("max_length", MAX_STRING))
        if not shortest <= len(value) <= longest:
            return f"`{name}` must be {shortest}–{longest} characters long (got {len(value)})."
    elif kind in (4, 10):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"`{name}` must be a {word}."
        if kind == 4 and (isinstance(value, float) or abs(value) > 2**53):
            return f"`{name}` must be a {word}."
        if value != value or value in (float("inf"), float("-inf")):
            return f"`{name}` must be a {word}."
        low, high = opt.get("min_value"), opt.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            if low is not None and high is not None:
                return f"`{name}` must be from {low} to {high} (got {value})."
            if low is not None:
                return f"`{name}` must be at least {low} (got {value})."
            return f"`{name}` must be at most {high} (got {value})."
    elif kind == 5:
        if not isinstance(value, bool):
            return f"`{name}` must be true or false."
    elif kind in (6, 7, 8, 9):
        if not _is_snowflake(value):
            return f"`{name}` must be a {word}."
    elif kind == 11 and (
        not _is_snowflake(value) or str(value) not in (resolved.get("attachments") or {})
    ):
        return f"`{name}` must be an attached file."
    choices = opt.get("choices")
    if choices and value not in [c.get("value") for c in choices]:
        allowed = ", ".join(str(c.get("name")) for c in choices[:10])
        return f"`{name}` must be one of: {allowed}."
    return None


def validate_options(
    tree: app_commands.CommandTree[Any], interaction: discord.Interaction[Any]
) -> str | None:
    """None when the options fit the command's schema, else one line saying what is wrong."""
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
            return f"{qualified}: an option could not be read — try the command again."
        name = str(item["name"])
        opt = by_name.get(name)
        if opt is None:
            known = ", ".join(f"`{n}`" for n in by_name) or "none"
            return f"{qualified} has no option `{name[:40]}` (options: {known})."
        if name in seen:
            return f"{qualified}: `{name}` was given twice."
        seen.add(name)
        if opt.get("type") != item.get("type"):
            return f"`{name}` must be a {_TYPE_WORDS.get(opt['type'], 'value')}."
        problem = _check(opt, item.get("value"), resolved)
        if problem is not None:
            return problem
    if schema and any(o.get("type") in (1, 2) for o in schema):
        return f"{qualified} needs a subcommand — pick one from the list."
    for name, opt in by_name.items():
        if opt.get("required") and name not in seen:
            return f"{qualified} needs `{name}` — {opt.get('description', '')}".rstrip(" —")
    return None
