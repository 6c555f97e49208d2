"""The check of what the bot sends against Discord's OpenAPI document finds what Discord would
refuse (and only that)."""

from __future__ import annotations

import json
from typing import Any

from tests import discord_spec

CALLBACK = "/interactions/1577489534566793256/tok-en/callback"


def reply(components: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": 4, "data": {"content": "hi", "components": components}}


def button(**fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Roll again", "custom_id": "roll:0:3:1d6", **fields}


def test_the_cut_names_its_source_commit() -> None:
    info = json.loads(discord_spec.SPEC_FILE.read_text(encoding="utf-8"))["info"]
    assert len(info["x-commit"]) == 40 and info["x-commit"] in info["x-source"]


def test_a_reply_with_a_button_conforms() -> None:
    body = reply([{"type": 1, "components": [button()]}])
    assert discord_spec.problems("POST", CALLBACK, body) == []


def test_snowflakes_as_numbers_are_accepted_as_discord_does() -> None:
    body = {"content": "<@5>", "allowed_mentions": {"parse": [], "users": [500000000000000001]}}
    assert discord_spec.problems("POST", "/webhooks/1/tok-en", body) == []


def test_what_discord_refuses_is_found() -> None:
    too_long = reply([{"type": 1, "components": [button(custom_id="x" * 101)]}])
    assert discord_spec.problems("POST", CALLBACK, too_long)
    label = reply([{"type": 1, "components": [button(label="y" * 81)]}])
    assert discord_spec.problems("POST", CALLBACK, label)
    six = reply([{"type": 1, "components": [button(custom_id=f"b{n}") for n in range(6)]}])
    assert discord_spec.problems("POST", CALLBACK, six)
    options = [{"label": f"o{n}", "value": str(n)} for n in range(26)]
    select = reply([{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": options}]}])
    assert discord_spec.problems("POST", CALLBACK, select)
    edit = {"content": 5}
    assert discord_spec.problems("PATCH", "/webhooks/1/tok-en/messages/@original", edit)


def test_an_operation_outside_the_cut_is_not_judged() -> None:
    assert discord_spec.problems("POST", "/guilds/1/roles", {"anything": 1}) == []
