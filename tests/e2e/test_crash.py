"""Crash: the bot process is killed with SIGKILL in the middle of a burst of commands, then
restarted on the same database."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path

from bot.sandbox.standin import Reply, StandIn, User
from bot.storage.changes import restore

GM = User(id=610000000000000001, name="gm", manage_channels=True)
CHANNELS = [920000000000000001, 920000000000000002, 920000000000000003]
PER_CHANNEL = 60


async def start_bot(discord: StandIn, database: Path) -> asyncio.subprocess.Process:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    env.update(discord.bot_env(), DATABASE_PATH=str(database), LOG_LEVEL="WARNING")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", env=env, cwd=database.parent,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    await asyncio.wait_for(discord.identified.wait(), timeout=20)
    return proc


async def test_sigkill_mid_burst_loses_no_acknowledged_command(tmp_path: Path) -> None:
    database = tmp_path / "campaigns.sqlite3"
    async with StandIn() as discord:
        proc = await start_bot(discord, database)
        for channel in CHANNELS:
            reply = await discord.invoke(
                "ia setup", {"difficulty": "medium", "threat-level": 3}, user=GM, channel_id=channel
            )
            assert not reply.ephemeral, reply.text

        sent: list[tuple[int, int, Reply]] = []

        async def burst() -> None:
            for amount in range(1, PER_CHANNEL + 1):
                for channel in CHANNELS:
                    payload = discord.command_payload(
                        "ia threat", {"amount": amount}, user=GM, channel_id=channel
                    )
                    try:
                        sent.append((channel, amount, await discord.send(payload)))
                    except ConnectionError:
                        return  # the bot is gone
                    await asyncio.sleep(0.001)

        sender = asyncio.create_task(burst())
        while sum(r.answered.is_set() for _, _, r in sent) < 60:
            await asyncio.sleep(0.001)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await sender
        acknowledged = [(c, a) for c, a, r in sent if r.answered.is_set()]
        assert 60 <= len(acknowledged) < len(CHANNELS) * PER_CHANNEL, "killed mid-burst"

        # the database is intact, and every acknowledged command is in history with its effect
        with sqlite3.connect(database) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        proc = await start_bot(discord, database)
        try:
            status = await discord.invoke("ia status", user=GM, channel_id=CHANNELS[0])
            assert "Imperial Assault" in status.text
        finally:
            proc.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(proc.wait(), timeout=5) == 0

    with sqlite3.connect(database) as conn:
        found = 0
        for channel in CHANNELS:
            (campaign_id, state) = conn.execute(
                "SELECT campaign_id, state FROM campaigns WHERE channel_id = ?", (channel,)
            ).fetchone()
            rows = conn.execute(
                "SELECT seq, command, undo_patch FROM history WHERE campaign_id = ? ORDER BY seq",
                (campaign_id,),
            ).fetchall()
            assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
            committed = [int(cmd.rsplit("amount:", 1)[1]) for _, cmd, _ in rows[1:]]
            for c, amount in acknowledged:
                if c == channel:
                    assert amount in committed, f"acknowledged amount {amount} lost in {channel}"
                    found += 1
            # the state after setup: the current one with every later change taken back
            start = json.loads(state)
            for _, _, patch in reversed(rows[1:]):
                start = restore(start, json.loads(patch))
            assert json.loads(state)["threat"] == start["threat"] + sum(committed)
        assert found == len(acknowledged)
    print(f"crash: {len(acknowledged)} commands acknowledged, {found} found after restart")
