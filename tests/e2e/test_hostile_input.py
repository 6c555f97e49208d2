"""Hostile input: INTERACTION_CREATE payloads built by hypothesis from the command schema the bot
synced — wrong types, out-of-range numbers, empty and 6000-character strings, unknown names,
unicode, missing or unknown options, other games' commands, second setups. Every one gets exactly
one answer, never a traceback, and a refusal (ephemeral) changes nothing."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.sandbox.harness import Table, ThreadedTable
from bot.sandbox.standin import Reply, User

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

FUZZ_EXAMPLES = 2000
INTERNAL = re.compile(
    r"Traceback|File \"|Error\b|Exception\b|KeyError|TypeError|ValueError|AttributeError|"
    r"AssertionError|NoneType|pydantic|discord\.|aiosqlite|sqlite3"
)
KNOWN_WORDS = [
    "Tank", "Trooper", "Helicopter", "Plains", "Mountains", "AT-ST", "Stormtrooper", "Royal Guard",
    "r1", "v1", "g3", "engineer", "assault", "recon", "elite", "Sol", "Alpha Centauri", "violet",
    "orange", "green", "terran", "imperial", "Core", "medium", "hard", "space", "surface",
    "long", "short", "disengage", "CR1",
]  # fmt: skip

CHANNELS = {
    "ia": 800000000000000001,
    "imperium": 800000000000000002,
    "asteroids": 800000000000000003,
    "empty": 800000000000000004,
}


async def _prepare(table: Table) -> dict[str, Any]:
    """Campaigns of each game in their own channels, a plain member and a game master."""
    gm = table.user("gm", manage_channels=True)
    setups = [
        ("ia setup", {"difficulty": "medium", "threat-level": 4}, "ia"),
        ("imperium setup", {}, "imperium"),
        ("asteroids setup", {"civilisations": "violet, orange"}, "asteroids"),
    ]
    for path, options, channel in setups:
        reply = await table.run(path, options, user=gm, channel_id=CHANNELS[channel])
        assert not reply.ephemeral, reply.text
    return {"commands": list(table.discord.commands.values())}


@pytest.fixture(scope="module")
def fuzz_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedTable]:
    path = Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.sqlite3"
    with ThreadedTable(path) as running:
        running.schema = running.call(_prepare)  # type: ignore[attr-defined]
        yield running
    # after the fuzzer: it really sent its payloads, and many were refused
    if STATS["payloads"]:
        print(f"fuzzer: {STATS['payloads']} payloads, {STATS['refusals']} refusals, 0 unanswered")
        assert STATS["payloads"] >= FUZZ_EXAMPLES * 0.9
        assert STATS["refusals"] > STATS["payloads"] * 0.3


# -- strategies ----------------------------------------------------------------------------------
def strings() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(KNOWN_WORDS),
        st.text(max_size=40),
        st.just(""),
        st.just("x" * 6000),
        st.text(alphabet="АБВгдеёжз🚀✨\u200b\u202e<@&>`*_~|", max_size=30),
        st.integers(-5, 5),
        st.none(),
    )


def value_for(option: dict[str, Any]) -> st.SearchStrategy[Any]:
    kind = option["type"]
    wrong = st.one_of(st.text(max_size=8), st.booleans(), st.floats(allow_nan=True), st.none(),
                      st.lists(st.integers(), max_size=2))  # fmt: skip
    if kind == 3:
        good = strings()
        if option.get("choices"):
            good = st.one_of(st.sampled_from([c["value"] for c in option["choices"]]), good)
        return st.one_of(good, good, wrong)
    if kind in (4, 10):
        low = option.get("min_value", -100)
        high = option.get("max_value", 100)
        good = st.integers(int(low) - 2, int(high) + 2)
        if option.get("choices"):
            good = st.one_of(st.sampled_from([c["value"] for c in option["choices"]]), good)
        huge = st.sampled_from([2**63, -(2**63), 10**30, 0, -1])
        return st.one_of(good, good, huge, wrong)
    if kind == 5:
        return st.one_of(st.booleans(), st.booleans(), wrong)
    if kind in (6, 7, 8, 9):
        return st.one_of(st.sampled_from(["USER_GM", "USER_PLAIN"]), st.text(max_size=20), wrong)
    return st.one_of(st.text(max_size=20), wrong)


@st.composite
def options_for(draw: st.DrawFn, schema: list[dict[str, Any]]) -> list[dict[str, Any]]:
    chosen: list[dict[str, Any]] = []
    for option in schema:
        if option.get("required"):
            if draw(st.integers(0, 9)) == 0:
                continue  # a missing required option
        elif draw(st.booleans()):
            continue
        kind = option["type"]
        if draw(st.integers(0, 19)) == 0:
            kind = draw(st.sampled_from([3, 4, 5, 10]))  # the wrong option type
        chosen.append({"name": option["name"], "type": kind, "value": draw(value_for(option))})
    if draw(st.integers(0, 14)) == 0:
        chosen.append({"name": draw(st.text(min_size=1, max_size=10)), "type": 3, "value": "?"})
    if chosen and draw(st.integers(0, 14)) == 0:
        chosen.append(dict(chosen[0]))  # the same option twice
    return chosen


@st.composite
def command_data(draw: st.DrawFn, commands: list[dict[str, Any]]) -> dict[str, Any]:
    cmd = draw(st.sampled_from(commands))
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
    container = data
    schema = cmd.get("options", [])
    while schema and schema[0]["type"] in (1, 2):
        sub = draw(st.sampled_from(schema))
        if draw(st.integers(0, 29)) == 0:
            sub = {"name": draw(st.text(min_size=1, max_size=8)), "type": 1, "options": []}
        entry: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
        container["options"] = [entry]
        container = entry
        schema = sub.get("options", [])
    container["options"] = draw(options_for(schema))
    if draw(st.integers(0, 49)) == 0:
        data["name"] = draw(st.text(min_size=1, max_size=12))  # a command that does not exist
    return data


def _resolve_users(data: dict[str, Any], users: dict[str, User]) -> dict[str, Any]:
    resolved: dict[str, Any] = {}

    def walk(options: list[dict[str, Any]]) -> None:
        for opt in options:
            if opt.get("type") in (1, 2):
                walk(opt.get("options", []))
            elif opt.get("value") in ("USER_GM", "USER_PLAIN"):
                user = users[opt["value"]]
                opt["value"] = str(user.id)
                resolved.setdefault("users", {})[str(user.id)] = user.payload()
                resolved.setdefault("members", {})[str(user.id)] = {
                    "roles": [], "joined_at": "2025-01-01T00:00:00+00:00", "deaf": False,
                    "mute": False, "flags": 0, "permissions": str(user.permissions),
                }  # fmt: skip

    walk(data.get("options", []))
    return resolved


async def _snapshot(table: Table, channel_id: int) -> tuple[Any, int]:
    campaign = await table.bot.store.get(channel_id)
    if campaign is None:
        return None, 0
    history = await table.bot.store.history(channel_id, limit=1)
    return (campaign.game, campaign.state), (history[0].seq if history else 0)


STATS: Counter[str] = Counter()


@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_every_hostile_payload_gets_one_clean_answer(
    fuzz_table: ThreadedTable, data: st.DataObject
) -> None:
    commands = fuzz_table.schema["commands"]  # type: ignore[attr-defined]
    payload_data = data.draw(command_data(commands))
    channel = data.draw(st.sampled_from(sorted(CHANNELS.values())))
    as_gm = data.draw(st.booleans())
    plain_name = data.draw(st.sampled_from(["pat", "sam"]))

    async def send(table: Table) -> tuple[Reply, Any, Any]:
        users = {"USER_GM": table.user("gm", manage_channels=True), "USER_PLAIN": table.user("pat")}
        user = users["USER_GM"] if as_gm else table.user(plain_name)
        before = await _snapshot(table, channel)
        payload = table.discord._base_payload(2, user, channel)
        payload["data"] = payload_data
        resolved = _resolve_users(payload_data, users)
        if resolved:
            payload_data["resolved"] = resolved
        reply = await table.discord.send(payload)
        await table.discord.wait(reply, timeout=10)
        await _wait_quiet(reply)
        after = await _snapshot(table, channel)
        return reply, before, after

    reply, before, after = fuzz_table.call(send)
    STATS["payloads"] += 1
    assert reply.callbacks == 1, f"{reply.callbacks} callbacks for {payload_data}"
    assert reply.callback_type in (4, 5), reply.callback_type
    for message in reply.messages:
        assert not INTERNAL.search(message.text), message.text
    first = reply.messages[0]
    if first.ephemeral:
        STATS["refusals"] += 1
        assert after == before, f"a refused command changed the campaign: {first.text}"
    assert fuzz_table.table is not None
    assert fuzz_table.table.discord.limit_violations == []


async def _wait_quiet(reply: Reply) -> None:
    """Give a reply's follow-ups (e.g. a private hand after a setup) a moment to arrive."""
    import asyncio

    if reply.callback_type == 5:
        for _ in range(100):
            if reply.original and reply.original.text:
                break
            await asyncio.sleep(0.01)


# -- shapes the schema fuzzer above does not draw --------------------------------------------------
async def _ia_table(table: Table) -> User:
    gm = table.user("gm", manage_channels=True)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    return gm


async def _history_seq(table: Table, channel_id: int | None = None) -> int:
    entries = await table.bot.store.history(channel_id or table.channel_id, limit=1)
    return entries[0].seq if entries else 0


def _threat(amount: Any = 3) -> dict[str, Any]:
    return {
        "name": "threat",
        "type": 1,
        "options": [{"name": "amount", "type": 4, "value": amount}],
    }


async def test_malformed_option_lists_are_refused_whole(table: Table) -> None:
    gm = await _ia_table(table)
    before = (await table.state(), await _history_seq(table))
    amount = {"name": "amount", "type": 4, "value": 3}
    shapes: list[Any] = [
        [_threat(), "garbage"],  # a stray non-dict item next to the subcommand
        [_threat(), _threat(5)],  # two subcommands
        [_threat(), amount],  # an option next to the subcommand
        [{**_threat(), "type": 2}],  # the subcommand typed as a group
        [{**_threat(), "options": [amount, 7]}],  # a non-dict option
        [{**_threat(), "options": [amount, amount]}],  # an option twice
        [{**_threat(), "options": [amount, {"name": "extra", "type": 4, "value": 1}]}],
        [{**_threat(), "options": {"amount": 3}}],  # options as an object
        [{**_threat(), "options": [{"name": "amount", "type": 3, "value": "3"}]}],
        [{**_threat(), "options": [{"name": "amount", "type": 4, "value": True}]}],
        "garbage",  # options as a string
        [],  # no subcommand at all
    ]
    for options in shapes:
        payload = table.discord._base_payload(2, gm, table.channel_id)
        payload["data"] = {"id": table.discord.commands["ia"]["id"], "name": "ia", "type": 1}
        payload["data"]["options"] = options
        reply = await table.discord.wait(await table.discord.send(payload))
        assert reply.callbacks == 1 and reply.ephemeral, (options, reply.text)
        assert "\n" not in reply.text and not INTERNAL.search(reply.text), reply.text
        assert (await table.state(), await _history_seq(table)) == before, options
    # the well-formed payload still runs
    done = await table.run("ia threat", {"amount": 3}, user=gm)
    assert not done.ephemeral, done.text
    assert await _history_seq(table) == before[1] + 1


async def test_hostile_autocompletes_answer_an_empty_list_quietly(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    gm = await _ia_table(table)
    good = await table.autocomplete("ia deploy", {"group": ""}, "group", user=gm)
    assert good, "the real autocomplete still suggests"

    def deploy(options: list[Any]) -> dict[str, Any]:
        payload = table.discord._base_payload(4, gm, table.channel_id)
        payload["data"] = {
            "id": table.discord.commands["ia"]["id"],
            "name": "ia",
            "type": 1,
            "options": [{"name": "deploy", "type": 1, "options": options}],
        }
        return payload

    threat = table.discord._base_payload(4, gm, table.channel_id)
    threat["data"] = {
        "id": table.discord.commands["ia"]["id"],
        "name": "ia",
        "type": 1,
        "options": [
            {**_threat(), "options": [{"name": "amount", "type": 4, "value": 3, "focused": True}]}
        ],
    }
    hostile = [
        deploy([{"name": "group", "type": 3, "value": 5, "focused": True}]),  # a number
        deploy([{"name": "group", "type": 3, "value": None, "focused": True}]),
        deploy([{"name": "group", "type": 3, "value": "x"}]),  # nothing focused
        deploy([{"name": "nope", "type": 3, "value": "x", "focused": True}]),  # unknown option
        threat,  # an option without autocomplete
        deploy([{"name": "group", "type": 3, "value": "x", "focused": True}, "garbage"]),
    ]
    caplog.set_level(logging.DEBUG)
    for payload in hostile:
        caplog.clear()
        reply = await table.discord.wait(await table.discord.send(payload))
        assert reply.callbacks == 1 and reply.callback_type == 8, payload["data"]
        assert reply.choices == []
        await asyncio.sleep(0.05)
        ours = [
            r for r in caplog.records if not r.name.startswith(("discord.", "aiosqlite", "asyncio"))
        ]
        assert len(ours) <= 1 and all(r.levelno == logging.DEBUG for r in ours), [
            (r.name, r.getMessage()) for r in ours
        ]
        assert not [r for r in caplog.records if r.levelno > logging.DEBUG or r.exc_info]
        assert "Traceback" not in caplog.text


async def test_ids_outside_discords_range_are_refused_before_storage(table: Table) -> None:
    from bot.rules.errors import InputError

    gm = await _ia_table(table)
    before = (await table.state(), await _history_seq(table))
    huge = 2**63
    for where in ("channel_id", "guild_id", "user", "id"):
        payload = table.discord.command_payload(
            "ia threat", {"amount": 3}, user=gm, channel_id=table.channel_id
        )
        if where == "channel_id":
            payload["channel_id"] = payload["channel"]["id"] = str(huge + 5)
        elif where == "guild_id":
            payload["guild_id"] = str(2**64 - 1)
        elif where == "user":
            payload["member"]["user"] = {**payload["member"]["user"], "id": str(huge)}
        else:
            payload["id"] = str(huge + 1)
        reply = await table.discord.wait(await table.discord.send(payload))
        assert reply.callbacks == 1 and reply.ephemeral, (where, reply.text)
        assert "id Discord never issues" in reply.text and "\n" not in reply.text, reply.text
    # a member option out of range
    options = {"member": table.user("pat")}
    payload = table.discord.command_payload(
        "campaign gm add", options, user=gm, channel_id=table.channel_id
    )
    leaf = payload["data"]["options"][0]["options"][0]["options"][0]
    leaf["value"] = str(huge + 7)
    reply = await table.discord.wait(await table.discord.send(payload))
    assert reply.ephemeral and "must be a member" in reply.text, reply.text
    assert (await table.state(), await _history_seq(table)) == before
    # the storage layer refuses such ids itself, on either database, with the project's error
    store = table.bot.store
    for call in (
        lambda: store.get(huge),
        lambda: store.latest_undoable(2**70),
        lambda: store.game_masters(-(2**63) - 1),
        lambda: store.undo(table.channel_id, 1, huge),
        lambda: store.add_game_master(table.channel_id, huge, gm.id),
        lambda: store.remove_game_master(table.channel_id, huge),
    ):
        with pytest.raises(InputError):
            await call()
    with pytest.raises(InputError):
        async with store.transaction(huge, actor_id=gm.id, command="/x"):
            pass
    with pytest.raises(InputError):
        async with store.transaction(
            table.channel_id, actor_id=gm.id, command="/x", interaction_id=huge
        ):
            pass
    assert (await table.state(), await _history_seq(table)) == before
