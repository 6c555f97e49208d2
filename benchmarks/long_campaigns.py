"""Campaigns that last for years: undo and history at 100 000 entries, what an entry costs,
exports of a long campaign, and ``python -m bot migrate`` of a million history rows.

1. **Undo and history, 100 000 entries against 10**, on SQLite and on PostgreSQL: one
   ``python -m bot`` process against the stand-in Discord, two Imperial Assault campaigns in
   two channels — one of 10 history entries, played through the bot (setup, nine
   ``/ia threat``), and one played the same way whose history is then filled to 100 000
   entries by copying the small one's rows in SQL. Each round, in each channel: an untimed
   ``/ia threat amount:1``, a timed ``/campaign undo`` (it takes that change back), a timed
   ``/campaign history``; the channels' order swapped every round. Flat: the long campaign's
   p50 within 1.2x of the short one's.
2. **Bytes per history entry**, before (the whole state before it, schema 6) and after (the
   change back, schema 7), for each game's typical entries, played in process through the
   bot: the state-before of each entry is rebuilt by taking the changes back from the state.
3. **A 5 000-entry Asteroid Belt campaign**: two civilisations taking turns (move, a roll,
   end turn), played through the bot; the size and time of ``/campaign export`` and of
   ``python -m bot export``, against the file a bot of schema 6 wrote (rebuilt from it).
4. **migrate of 1 000 000 history rows** (10 000 campaigns of a 100-entry Imperial Assault
   template, as ``benchmarks/growth.py`` builds them) from SQLite into PostgreSQL: its time
   and peak resident set (VmHWM of the process).

Run alone: python -m benchmarks.long_campaigns [--entries 100000] [--count 100]
           [--ab-entries 5000] [--campaigns 10000]
           [--only bytes,undo,export,migrate,convert]
5. **Migration 7** (the whole state before each entry turned into changes back) on a SQLite
   database of schema 6 with ``campaigns / 5`` campaigns of 100 entries: its time.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

from benchmarks import growth
from benchmarks import scenarios as sc
from benchmarks.common import ANA, BO, GM, ROOT, bot_process, median, percentile
from bot.sandbox import databases
from bot.sandbox.harness import running_table
from bot.storage.changes import restore
from bot.storage.database import open_database

BIG, SMALL = 4_000_001, 4_000_002
AB = 4_000_010


def _fmt(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


# -- 1. undo and history -------------------------------------------------------------------
async def _fill(url: str, entries: int) -> float:
    """Copy the short campaign's rows 2..10 into the long one until it has ``entries``."""
    db = await open_database(url, wait=None)
    start = time.perf_counter()
    try:
        async with db.transaction() as conn:
            ids = {}
            for channel in (BIG, SMALL):
                row = await conn.fetchrow(
                    "SELECT campaign_id FROM campaigns WHERE channel_id = ?", channel
                )
                assert row is not None
                ids[channel] = int(row[0])
            await conn.execute("DELETE FROM history WHERE campaign_id = ? AND seq > 1", ids[BIG])
            await conn.execute(
                "WITH RECURSIVE g(n) AS (SELECT 2 UNION ALL SELECT n + 1 FROM g WHERE n < ?) "
                "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
                "actor_name, command, summary, dice, undo_patch, undone_by, undone_at, "
                "imported, aside) "
                "SELECT ?, g.n, ?, h.created_at, h.actor_id, h.actor_name, h.command, h.summary,"
                " h.dice, h.undo_patch, h.undone_by, h.undone_at, h.imported, h.aside "
                "FROM g JOIN history AS h ON h.campaign_id = ? AND h.seq = 2 + (g.n % 9)",
                entries,
                ids[BIG],
                BIG,
                ids[SMALL],
            )
            await conn.execute("ANALYZE")
    finally:
        await db.close()
    return time.perf_counter() - start


@asynccontextmanager
async def _database(backend: str, tmp: Path) -> AsyncIterator[tuple[str, dict[str, str]]]:
    if backend == "sqlite":
        path = tmp / "long.sqlite3"
        yield f"sqlite:///{path}", {"DATABASE_PATH": str(path)}
        return
    async with databases.fresh_schema(prefix="bench") as url:
        yield url, {"DATABASE_URL": url}


async def undo_and_history(backend: str, entries: int, count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        async with (
            _database(backend, tmp) as (url, env),
            bot_process(tmp / "unused.sqlite3", env=env) as bot,
        ):
            for channel in (BIG, SMALL):
                await sc.setup_imperial_assault(bot, channel, deploy=False)
                for _ in range(9):
                    await bot.run("ia threat", {"amount": 1}, channel_id=channel)
            fill = await _fill(url, entries)
            times: dict[tuple[int, str], list[float]] = {}
            for r in range(count + 5):
                for channel in (BIG, SMALL) if r % 2 else (SMALL, BIG):
                    await bot.run("ia threat", {"amount": 1}, channel_id=channel)
                    for command in ("campaign undo", "campaign history"):
                        start = time.perf_counter()
                        reply = await bot.run(command, channel_id=channel)
                        took = time.perf_counter() - start
                        if command == "campaign undo" and "Undid #" not in reply.text:
                            raise AssertionError(reply.text[:200])
                        if r >= 5:  # warm-up
                            times.setdefault((channel, command), []).append(took)
    out: dict[str, Any] = {"backend": backend, "entries": entries, "fill": fill, "count": count}
    for command in ("campaign undo", "campaign history"):
        big, small = times[(BIG, command)], times[(SMALL, command)]
        out[command] = {
            "big_p50": median(big),
            "big_p99": percentile(big, 0.99),
            "small_p50": median(small),
            "small_p99": percentile(small, 0.99),
            "ratio": median(big) / median(small),
        }
    return out


# -- 2. bytes per entry --------------------------------------------------------------------
async def _row_bytes(table: Any, channel: int) -> list[tuple[str, int, int, int]]:
    """(command, bytes of the old state_before, bytes of the new undo_patch, bytes of the rest
    of the row) for each entry of the channel's campaign but the first."""
    store = table.bot.store
    history = list(reversed(await store.history(channel, limit=None)))
    state = await table.state(channel)
    befores: dict[int, Any] = {}
    for entry in reversed(history):
        if entry.undone_at is not None:
            continue
        if entry.undo_patch is not None:
            state = restore(state, entry.undo_patch)
        befores[entry.seq] = state
    out = []
    for entry in history[1:]:
        if entry.seq not in befores:
            continue
        old = len(json.dumps(befores[entry.seq], sort_keys=True, separators=(",", ":")))
        new = (
            0
            if entry.undo_patch is None
            else len(json.dumps(entry.undo_patch, separators=(",", ":")))
        )
        rest = len(entry.summary) + len(json.dumps(entry.dice)) + len(entry.command) + 60
        label = (
            " ".join(entry.command.split()[:2])
            if entry.command.startswith(("/ia", "/imperium", "/asteroids"))
            else entry.command.split()[0]
        )
        out.append((label, old, new, rest))
    return out


async def bytes_per_entry() -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as d:
        async with running_table(Path(d) / "bytes.sqlite3") as table:
            gm, ana, bo = (
                table.user("gm", manage_channels=True),
                table.user("ana"),
                table.user("bo"),
            )
            table.user("gm2")
            ia, imp, ab = 4_100_001, 4_100_002, 4_100_003
            await table.run(
                "ia setup",
                {"difficulty": "medium", "threat-level": 5, "threat": 6},
                user=gm,
                channel_id=ia,
            )
            for group in sc.IA_DEPLOYED:
                await table.run("ia deploy", {"group": group}, user=gm, channel_id=ia)
            for _ in range(10):
                await table.run("deploy-roll", user=gm, channel_id=ia)
                await table.run("battle", sc.BATTLE, user=gm, channel_id=ia)  # an aside
            await table.run(
                "imperium setup", {"terran": ana, "imperial": bo}, user=gm, channel_id=imp
            )
            await table.run(
                "imperium system set",
                {"name": sc.IMPERIUM_SYSTEM, "owner": "terran", "worlds": 1, "outposts": 1},
                user=gm,
                channel_id=imp,
            )
            await table.run("imperium war", {"phasing": "terran"}, user=gm, channel_id=imp)
            for n in range(20):
                await table.run(
                    "imperium ship add",
                    {
                        "name": f"S{n:02d}",
                        "type": "type 1",
                        "system": sc.IMPERIUM_SYSTEM,
                        "side": "terran" if n < 14 else "imperial",
                        "tclass": "capital",
                        "maintenance": 2,
                        "screen": 1,
                    },
                    user=gm,
                    channel_id=imp,
                )
            for _ in range(5):
                await table.run(
                    "initiative", {"system": sc.IMPERIUM_SYSTEM}, user=gm, channel_id=imp
                )
            await table.run(
                "asteroids setup", {"civilisations": "violet orange"}, user=gm, channel_id=ab
            )
            await table.run("asteroids join", {"civilisation": "violet"}, user=ana, channel_id=ab)
            await table.run("asteroids join", {"civilisation": "orange"}, user=bo, channel_id=ab)
            for i in range(10):
                who = ana if i % 2 == 0 else bo
                await table.run("asteroids move", {"unit": "assault"}, user=who, channel_id=ab)
                await table.run("roll", {"expression": "2d6"}, user=who, channel_id=ab)
                await table.run("asteroids end-turn", user=who, channel_id=ab)
            out = []
            for game, channel in (
                ("Imperial Assault", ia),
                ("GDW Imperium", imp),
                ("Asteroid Belt", ab),
            ):
                rows = await _row_bytes(table, channel)
                by_command: dict[str, list[tuple[int, int, int]]] = {}
                for command, old, new, rest in rows:
                    by_command.setdefault(command, []).append((old, new, rest))
                for command, values in sorted(by_command.items()):
                    out.append(
                        {
                            "game": game,
                            "command": command,
                            "entries": len(values),
                            "old": sum(v[0] for v in values) / len(values),
                            "new": sum(v[1] for v in values) / len(values),
                            "rest": sum(v[2] for v in values) / len(values),
                        }
                    )
    return out


# -- 3. a long Asteroid Belt campaign's export ---------------------------------------------
def _old_file(doc: dict[str, Any]) -> bytes:
    """The same campaign as a bot of schema 6 exported it (the whole state before each entry,
    indented JSON)."""
    state = doc["state"]
    befores: dict[int, Any] = {}
    for entry in reversed(doc["history"]):
        if entry["undone_at"] is None and entry["undo_patch"] is not None:
            state = restore(state, entry["undo_patch"])
        befores[entry["seq"]] = None if entry["seq"] == 1 else state
    history = []
    for entry in doc["history"]:
        old = {k: v for k, v in entry.items() if k not in ("undo_patch", "aside")}
        old["state_before"] = befores[entry["seq"]]
        history.append(old)
    document = {**doc, "version": 1, "history": history}
    return (json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()


async def long_export(entries: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        path = tmp / "ab.sqlite3"
        async with bot_process(path) as bot:
            await bot.run("asteroids setup", {"civilisations": "violet orange"}, channel_id=AB)
            await bot.run("asteroids join", {"civilisation": "violet"}, user=ANA, channel_id=AB)
            await bot.run("asteroids join", {"civilisation": "orange"}, user=BO, channel_id=AB)
            made, turn = 3, 0
            start = time.perf_counter()
            while made < entries:
                who = ANA if turn % 2 == 0 else BO
                for command, options in (("asteroids move", {"unit": "assault"}),
                                         ("roll", {"expression": "2d6"}),
                                         ("asteroids end-turn", None)):  # fmt: skip
                    if made < entries:
                        await bot.run(command, options, user=who, channel_id=AB)
                        made += 1
                turn += 1
            played = time.perf_counter() - start
            times = []
            for _ in range(5):
                start = time.perf_counter()
                reply = await bot.run("campaign export", user=GM, channel_id=AB, ok=False)
                times.append(time.perf_counter() - start)
            [(name, content)] = reply.message.attachments
            doc = json.loads(gzip.decompress(content) if name.endswith(".gz") else content)
            assert len(doc["history"]) == entries, len(doc["history"])
            out_file = tmp / "ab.json.gz"
            cli = []
            for _ in range(3):
                start = time.perf_counter()
                proc = await asyncio.create_subprocess_exec(
                    sys.executable, "-m", "bot", "export", "--channel", str(AB), str(out_file),
                    "--database", f"sqlite:///{path}",
                    env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.DEVNULL,
                )  # fmt: skip
                assert await proc.wait() == 0
                cli.append(time.perf_counter() - start)
            start = time.perf_counter()
            reply = await bot.run("campaign history", user=GM, channel_id=AB)
            history_time = time.perf_counter() - start
        old = _old_file(doc)
    return {
        "entries": entries,
        "played": played,
        "file": name,
        "size": len(content),
        "json": len(gzip.decompress(content)) if name.endswith(".gz") else len(content),
        "export_p50": median(times),
        "cli_p50": median(cli),
        "old_size": len(old),
        "old_gz": len(gzip.compress(old)),
        "history": history_time,
    }


# -- 4. migrate a million rows --------------------------------------------------------------
def _hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def migrate_million(campaigns: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        template, history = await growth.play_template(tmp)
        source = tmp / "source.sqlite3"
        built = growth.build(source, campaigns, template, history)
        async with databases.fresh_database(prefix="bench_migrate") as url:
            start = time.perf_counter()
            proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "migrate", "--from", f"sqlite:///{source}",
                "--to", url, env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            )  # fmt: skip
            peak = 0.0
            while proc.returncode is None:
                with suppress(OSError):
                    peak = max(peak, _hwm_mb(proc.pid))
                with suppress(TimeoutError):
                    await asyncio.wait_for(proc.wait(), 0.1)
            took = time.perf_counter() - start
            out, err = await proc.communicate()
            if proc.returncode != 0:
                raise AssertionError(err.decode())
    return {
        "campaigns": campaigns,
        "rows": campaigns * len(history),
        "built": built,
        "seconds": took,
        "peak_mb": peak,
        "said": out.decode().strip(),
    }


# -- 5. migration 7 on an older database ----------------------------------------------------
def _schema_6(path: Path, template: dict[str, Any], campaigns: int, per: int) -> None:
    """A database as a bot of schema 6 left it: ``campaigns`` copies of the template
    campaign, each with ``per`` entries keeping the whole state before them (the threat and
    round moving on from entry to entry, every tenth entry a roll that changed nothing)."""
    import sqlite3

    from bot.storage.migrations import migrations

    state = json.loads(template["state"])
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=OFF")
        for migration in migrations("sqlite")[:6]:
            db.executescript(
                f"BEGIN;\n{migration.sql}\nPRAGMA user_version={migration.number};\nCOMMIT;"
            )
        db.execute("BEGIN")

        def states() -> list[str]:
            out, s = [], dict(state)
            for j in range(per + 1):
                if j % 10 != 9:
                    s = {**s, "threat": j, "round": 1 + j // 7}
                out.append(json.dumps(s, sort_keys=True, separators=(",", ":")))
            return out

        texts = states()
        db.executemany(
            "INSERT INTO campaigns (channel_id, campaign_id, game, state, created_by, "
            "created_at, updated_at) VALUES (?, ?, ?, ?, 1, '', '')",
            ((5_000_000 + i, i + 1, template["game"], texts[per]) for i in range(campaigns)),
        )
        db.executemany(
            "INSERT INTO history (campaign_id, seq, channel_id, created_at, actor_id, "
            "command, summary, state_before) VALUES (?, ?, ?, '', 1, '/x', 'x', ?)",
            (
                (i + 1, j + 1, 5_000_000 + i, None if j == 0 else texts[j])
                for i in range(campaigns)
                for j in range(per)
            ),
        )
        db.execute("COMMIT")
    finally:
        db.close()


async def convert(campaigns: int, per: int = 100) -> dict[str, Any]:
    from bot.storage import Store

    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        template, _ = await growth.play_template(tmp)
        path = tmp / "schema6.sqlite3"
        _schema_6(path, template, campaigns, per)
        before = path.stat().st_size
        start = time.perf_counter()
        store = await Store.open(path, wait=None)
        took = time.perf_counter() - start
        await store.close()
        after = path.stat().st_size
    return {
        "rows": campaigns * per,
        "seconds": took,
        "state": len(template["state"]),
        "before_mb": before / 2**20,
        "after_mb": after / 2**20,
    }


# -- the report -----------------------------------------------------------------------------
def report(results: dict[str, Any]) -> str:
    lines = []
    for run in results.get("undo", []):
        lines.append(
            f"{run['backend']}: {run['entries']} entries (filled in {run['fill']:.1f} s) "
            f"against 10, {run['count']} rounds"
        )
        for command in ("campaign undo", "campaign history"):
            c = run[command]
            lines.append(
                f"  /{command}: p50 {_fmt(c['big_p50'])} against {_fmt(c['small_p50'])} "
                f"({c['ratio']:.2f}x; target 1.2x), p99 {_fmt(c['big_p99'])} against "
                f"{_fmt(c['small_p99'])}"
            )
    if "bytes" in results:
        lines.append("bytes per history entry (mean): state before (schema 6) -> undo_patch "
                     "(schema 7); the rest of the row alike")  # fmt: skip
        for row in results["bytes"]:
            lines.append(
                f"  {row['game']}, {row['command']} ({row['entries']}): {row['old']:.0f} -> "
                f"{row['new']:.0f} B (rest of the row {row['rest']:.0f} B)"
            )
    if "export" in results:
        e = results["export"]
        lines.append(
            f"Asteroid Belt, {e['entries']} entries (played in {e['played']:.0f} s): "
            f"/campaign export p50 {e['export_p50'] * 1000:.0f} ms, {e['file']} of "
            f"{e['size'] / 2**20:.2f} MiB ({e['json'] / 2**20:.2f} MiB of JSON); "
            f"python -m bot export p50 {e['cli_p50'] * 1000:.0f} ms; the same campaign in "
            f"schema 6's file: {e['old_size'] / 2**20:.1f} MiB ({e['old_gz'] / 2**20:.2f} MiB "
            f"gzipped); /campaign history {e['history'] * 1000:.1f} ms"
        )
    if "migrate" in results:
        m = results["migrate"]
        lines.append(
            f"migrate {m['rows']} history rows ({m['campaigns']} campaigns; source built in "
            f"{m['built']:.0f} s) SQLite -> PostgreSQL: {m['seconds']:.1f} s, peak RSS "
            f"{m['peak_mb']:.0f} MiB (target < 200 MiB) — {m['said']}"
        )
    if "convert" in results:
        c = results["convert"]
        lines.append(
            f"migration 7 on SQLite: {c['rows']} history rows of a {c['state']}-byte state "
            f"converted in {c['seconds']:.1f} s ({c['rows'] / c['seconds']:.0f} rows/s); the "
            f"file {c['before_mb']:.0f} MiB before (VACUUM not run)"
        )
    return "\n".join(lines)


async def main_async(ns: argparse.Namespace) -> dict[str, Any]:
    parts = set(ns.only.split(","))
    results: dict[str, Any] = {}
    if "bytes" in parts:
        results["bytes"] = await bytes_per_entry()
        print(report({"bytes": results["bytes"]}), flush=True)
    if "undo" in parts:
        results["undo"] = []
        for backend in ("sqlite", "postgres"):
            run = await undo_and_history(backend, ns.entries, ns.count)
            results["undo"].append(run)
            print(report({"undo": [run]}), flush=True)
    if "export" in parts:
        results["export"] = await long_export(ns.ab_entries)
        print(report({"export": results["export"]}), flush=True)
    if "migrate" in parts:
        results["migrate"] = await migrate_million(ns.campaigns)
        print(report({"migrate": results["migrate"]}), flush=True)
    if "convert" in parts:
        results["convert"] = await convert(ns.campaigns // 5)
        print(report({"convert": results["convert"]}), flush=True)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.long_campaigns")
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--ab-entries", type=int, default=5_000)
    parser.add_argument("--campaigns", type=int, default=10_000)
    parser.add_argument("--only", default="bytes,undo,export,migrate")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
