"""Campaign files at any length: /campaign export fits what Discord accepts for the
interaction (compressed when it must be, refused with the way out when even that is too big),
old files import, the host's export and import take any length, and an export blocks no
writer."""

from __future__ import annotations

import asyncio
import copy
import gzip
import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.campaign_file import parse_campaign_file
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply
from bot.storage.changes import restore

OTHER = 900000000000000091


async def _ia_campaign(table: Table, asides: int = 0) -> None:
    gm = table.user("gm", manage_channels=True)
    setup = await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    assert not setup.ephemeral, setup.text
    campaign = await table.bot.store.get(table.channel_id)
    assert campaign is not None
    # the table's rolls, noted in the campaign (as the store writes an aside)
    rows = [
        (campaign.campaign_id, i + 2, table.channel_id, campaign.created_at, gm.id, "gm",
         f"/roll 1d6 #{i}", f"roll number {i}: {i * 7919 % 1000}", "[]", None, 0, 1)
        for i in range(asides)
    ]  # fmt: skip
    if rows:
        async with table.bot.store.db.transaction() as conn:
            await conn.executemany(
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "actor_name, command, summary, dice, undo_patch, imported, aside) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )


async def _export(table: Table) -> Reply:
    return await table.run("campaign export", user=table.user("gm", manage_channels=True))


async def _import(table: Table, name: str, content: bytes) -> str:
    gm = table.user("gm", manage_channels=True)
    ask = await table.run("campaign import", {"file": (name, content)}, user=gm, channel_id=OTHER)
    assert ask.message.buttons(), ask.text
    done = await table.click(ask.message, "Import", user=gm)
    return done.text


async def test_export_compresses_to_fit_and_refuses_with_the_way_out(table: Table) -> None:
    await _import_nothing_yet(table)
    await _ia_campaign(table, asides=300)
    plain = await _export(table)
    [(name, content)] = plain.message.attachments
    assert name == f"imperial_assault-campaign-{table.channel_id}.json"
    assert "Compressed" not in plain.text
    doc = json.loads(content)
    assert doc["version"] == 2 and len(doc["history"]) == 301
    # one entry a line: the file reads with line tools
    assert content.count(b"\n") == 301 + 2

    # Discord takes less here: the same file, compressed with gzip
    table.discord.attachment_size_limit = len(content) - 1
    packed = await _export(table)
    [(name, gz)] = packed.message.attachments
    assert name.endswith(".json.gz") and len(gz) < len(content) // 3
    assert gzip.decompress(gz) == content
    assert "Compressed with gzip to fit Discord's limit here" in packed.text
    # ... which /campaign import reads as it is
    done = await _import(table, name, gz)
    assert "Imported the Imperial Assault campaign with 301 history entries." in done
    assert await table.state(OTHER) == await table.state()

    # not even compressed: one line, nothing sent, and the way out
    table.discord.attachment_size_limit = len(gz) - 1
    refused = await _export(table)
    assert refused.ephemeral and not refused.message.attachments
    assert refused.text.startswith(
        "This campaign's file is larger than Discord lets the bot send here ("
    ), refused.text
    assert f"`python -m bot export --channel {table.channel_id} FILE`" in refused.text
    assert refused.text.endswith("Nothing was changed.") and "\n" not in refused.text
    ru = await table.run("campaign export", user=table.user("oleg", manage_channels=True,
                                                             locale="ru"))  # fmt: skip
    assert ru.text.startswith("Файл этой кампании больше, чем Discord позволяет"), ru.text
    assert ru.text.endswith("Ничего не изменено.")


async def _import_nothing_yet(table: Table) -> None:
    assert await table.state(OTHER) is None


async def test_a_version_1_file_imports_and_undoes_exactly(table: Table) -> None:
    gm = table.user("gm", manage_channels=True)
    await _ia_campaign(table)
    states = [await table.state()]
    for amount in (2, 3):
        changed = await table.run("ia threat", {"amount": amount}, user=gm)
        assert not changed.ephemeral, changed.text
        states.append(await table.state())
        if amount == 2:
            await table.run("roll", {"expression": "1d6"}, user=gm)
    reply = await _export(table)
    doc: dict[str, Any] = json.loads(reply.message.attachments[0][1])
    # the same campaign as a bot before version 2 wrote it: the whole state before each entry
    old = copy.deepcopy({**doc, "version": 1})
    state = doc["state"]
    befores: list[Any] = []
    for entry in reversed(doc["history"]):
        if entry["undo_patch"] is not None:
            state = restore(state, entry["undo_patch"])
        befores.append(None if entry["seq"] == 1 else state)
    for entry, before in zip(old["history"], reversed(befores), strict=True):
        entry["state_before"] = before
        del entry["undo_patch"], entry["aside"]
    assert [h["state_before"] for h in old["history"]] == [None, states[0], states[1], states[1]]

    done = await _import(table, "old.json", json.dumps(old, indent=2).encode())
    assert "Imported the Imperial Assault campaign with 4 history entries." in done
    history = await table.bot.store.history(OTHER, limit=None)
    assert [(h.seq, h.aside, h.undo_patch is None) for h in history] == [
        (4, False, False),
        (3, True, True),  # the roll
        (2, False, False),
        (1, False, True),
    ]
    for expected in (states[1], states[0]):
        undone = await table.run("campaign undo", user=gm, channel_id=OTHER)
        assert undone.text.startswith("Undid #"), undone.text
        assert await table.state(OTHER) == expected
    nothing = await table.run("campaign undo", user=gm, channel_id=OTHER)
    assert nothing.text.startswith("Nothing to undo"), nothing.text
    # and it exports as version 2, the same as the campaign it came from
    again = json.loads((await table.run("campaign export", user=gm, channel_id=OTHER))
                       .message.attachments[0][1])  # fmt: skip
    assert again["version"] == 2
    assert [h["aside"] for h in again["history"]] == [h["aside"] for h in doc["history"]]


async def _cli(*args: str, database: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, "--database", database,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "DISCORD_TOKEN": ""},
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_the_host_exports_and_imports_any_length(table: Table, tmp_path: Path) -> None:
    await _ia_campaign(table, asides=50)
    database = table.bot.store.db.url if table.bot.store.backend == "postgres" else (  # type: ignore[attr-defined]
        f"sqlite:///{table.bot.store.db.path}"  # type: ignore[attr-defined]
    )  # fmt: skip
    channel = str(table.channel_id)
    packed = tmp_path / "campaign.json.gz"
    code, out, err = await _cli("export", "--channel", channel, str(packed), database=database)
    assert (code, err) == (0, ""), err
    assert out.startswith(f"Wrote the imperial_assault campaign of channel {channel} "
                          "(51 history entries, ")  # fmt: skip
    discord_file = (await _export(table)).message.attachments[0][1]
    assert gzip.decompress(packed.read_bytes()) == discord_file  # the same file
    assert not _parts(tmp_path)

    code, out, err = await _cli("import", "--channel", str(OTHER), str(packed), database=database)
    assert (code, err) == (0, ""), err
    assert out == (f"Imported the imperial_assault campaign with 51 history entries into "
                   f"channel {OTHER}.\n")  # fmt: skip
    assert await table.state(OTHER) == await table.state()
    assert len(await table.bot.store.history(OTHER, limit=None)) == 51

    # refused, one line, nothing changed
    code, _, err = await _cli("import", "--channel", str(OTHER), str(packed), database=database)
    assert code == 1 and err == (
        f"error: channel {OTHER} holds a imperial_assault campaign; nothing was changed "
        "(add --replace to replace it)\n"
    )
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "wargame-table-campaign", "version": 2}')
    code, _, err = await _cli("import", "--channel", str(OTHER), str(broken), "--replace",
                              database=database)  # fmt: skip
    assert code == 1 and err.startswith(f"error: {broken}: The file is not valid: ")
    assert err.count("\n") == 1
    code, _, err = await _cli("export", "--channel", "900000000000000555", str(packed),
                              database=database)  # fmt: skip
    assert (
        code == 1
        and err == "error: channel 900000000000000555 has no campaign; nothing was written\n"
    )
    assert gzip.decompress(packed.read_bytes()) == discord_file  # the old file is untouched
    assert len(await table.bot.store.history(OTHER, limit=None)) == 51


async def test_an_export_blocks_no_writer(table: Table) -> None:
    await _ia_campaign(table, asides=1_200)  # more than one batch
    store = table.bot.store
    async with store.exporting(table.channel_id, seconds=30) as exported:
        assert exported is not None
        first = await anext(exported.history)
        # a command lands while the export is half read: it waits for nothing
        async with asyncio.timeout(3):
            async with store.transaction(table.channel_id, actor_id=1, command="/roll") as tx:
                tx.record("rolled meanwhile")
        rest = [entry for batch in [b async for b in exported.history] for entry in batch]
    # the export is one snapshot: the entry made meanwhile is not in it
    assert len(first) + len(rest) == 1_201
    assert len(await store.history(table.channel_id, limit=None)) == 1_202


def _parts(folder: Path) -> list[Path]:
    return list(folder.glob("*.part"))


def test_a_file_that_unpacks_too_large_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import campaign_file
    from bot.rules.errors import InputError

    monkeypatch.setattr(campaign_file, "MAX_JSON_BYTES", 10_000)
    with pytest.raises(InputError) as refused:
        parse_campaign_file(gzip.compress(b" " * 10_001))
    assert refused.value.key == "import-too-large-unpacked"
    with pytest.raises(InputError) as read:  # at the limit it is unpacked and read
        parse_campaign_file(gzip.compress(b" " * 10_000))
    assert read.value.key == "import-not-json"
    with pytest.raises(InputError) as cut:
        parse_campaign_file(gzip.compress(b"{}" * 100)[:-12])
    assert cut.value.key == "import-not-json" and "cut short" in str(cut.value.fmt_args)


def test_the_host_commands_refuse_mistakes_in_one_line(tmp_path: Path) -> None:
    import subprocess

    missing = tmp_path / "none.sqlite3"
    cases = [
        (["export", "--channel", "abc", "f.json"], 2,
         "error: python -m bot export: argument --channel: not a channel id: 'abc' — see "
         "python -m bot export --help\n"),
        (["export", "--channel", "123", str(tmp_path / "f.json"), "--database",
          f"sqlite:///{missing}"], 1,
         f"error: there is no SQLite file at {missing} (--database, or DATABASE_PATH)\n"),
        (["import", "--channel", "123", str(tmp_path / "f.json"), "--database",
          f"sqlite:///{missing}"], 1,
         f"error: there is no SQLite file at {missing} (--database, or DATABASE_PATH)\n"),
    ]  # fmt: skip
    for args, code, line in cases:
        done = subprocess.run(
            [sys.executable, "-m", "bot", *args],
            capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path,
            env={**os.environ, "DISCORD_TOKEN": ""},
        )  # fmt: skip
        assert (done.returncode, done.stdout, done.stderr) == (code, "", line)
    assert not missing.exists()  # never created
