"""``python -m bot migrate``: a SQLite table's campaigns moved into PostgreSQL read back the
same, reply for reply."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.rules.dice import Dice
from bot.sandbox.harness import Table, running_table
from tests.conftest import need_postgres

FIRST, SECOND = 900000000000000001, 900000000000000002


async def play(table: Table) -> None:
    for name in ("gm", "ana", "bo"):
        table.user(name)
    table.set_dice(Dice.seeded(11))
    await table.run("ia setup", {"difficulty": "medium", "threat-level": 3}, channel_id=FIRST)
    await table.run("ia threat", {"amount": 4}, channel_id=FIRST)
    await table.run("deploy-roll", user="ana", channel_id=FIRST)
    await table.run("campaign gm add", {"member": table.user("ana")}, channel_id=FIRST)
    await table.run("asteroids setup", {"civilisations": "green violet"}, channel_id=SECOND)
    await table.run("asteroids join", {"civilisation": "green"}, user="ana", channel_id=SECOND)
    await table.run("asteroids join", {"civilisation": "violet"}, user="bo", channel_id=SECOND)


async def readings(table: Table) -> list[tuple[str, object, object]]:
    for name in ("gm", "ana", "bo"):
        table.user(name)
    out: list[tuple[str, object, object]] = []
    for channel in (FIRST, SECOND):
        for command in ("campaign status", "campaign history", "campaign gm list"):
            reply = await table.run(command, user="bo", channel_id=channel)
            out.append((command, reply.message.content, reply.message.embeds))
    return out


async def run_migrate(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "migrate",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_sqlite_to_postgres_reads_back_the_same(tmp_path: Path, postgres_url: str) -> None:
    need_postgres()
    path = tmp_path / "before.sqlite3"
    async with running_table(path) as table:
        await play(table)
        before = await readings(table)
    assert any("Imperial Assault" in str(embeds) for _, _, embeds in before)

    code, out, err = await run_migrate("--from", f"sqlite:///{path}", "--to", postgres_url)
    assert code == 0, err
    assert out.startswith("Copied 2 campaigns, 6 history rows and 1 game masters from SQLite")
    assert "PostgreSQL at 127.0.0.1:5432" in out

    async with running_table(tmp_path / "unused.sqlite3", database_url=postgres_url) as table:
        assert await readings(table) == before
        # and the moved campaigns go on from where they were
        reply = await table.run("ia threat", {"amount": 1}, channel_id=FIRST)
        assert not reply.ephemeral, reply.text
        history = await table.bot.store.history(FIRST, limit=1)
        assert history[0].seq == 4

    # a second copy into the now non-empty target is refused, and changes nothing
    code, out, err = await run_migrate("--from", f"sqlite:///{path}", "--to", postgres_url)
    assert code == 2 and out == ""
    assert err.strip() == (
        "error: the target already holds 2 campaigns; nothing was copied "
        "(add --replace to delete them first)"
    )
    code, out, err = await run_migrate(
        "--from", f"sqlite:///{path}", "--to", postgres_url, "--replace"
    )
    assert code == 0, err
    async with running_table(tmp_path / "unused.sqlite3", database_url=postgres_url) as table:
        assert await readings(table) == before


async def test_migrate_refusals_are_one_line(tmp_path: Path) -> None:
    code, _, err = await run_migrate(
        "--from", f"sqlite:///{tmp_path / 'missing.sqlite3'}", "--to", "sqlite:///x.sqlite3"
    )
    assert (
        code == 2 and err.strip() == f"error: there is no SQLite file at {tmp_path}/missing.sqlite3"
    )
    code, _, err = await run_migrate("--from", "mysql://x/y", "--to", "sqlite:///x.sqlite3")
    assert code == 2 and err.count("\n") == 1 and "use postgresql://" in err
    assert not (tmp_path / "missing.sqlite3").exists()
