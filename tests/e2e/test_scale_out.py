"""Several ``python -m bot`` processes, each owning gateway shards, on one PostgreSQL database,
through a sharded stand-in Discord: every interaction answered once, no update lost or applied
twice, a killed process loses nothing acknowledged, two processes starting together sync once."""

from __future__ import annotations

import asyncio
import json
import signal
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.sandbox.processes import BotRun, bot_env, start_bot
from bot.sandbox.standin import Reply, StandIn, User
from bot.storage import SCHEMA_VERSION
from tests.conftest import need_postgres

GM = User(id=610000000000000001, name="gm", manage_channels=True)
BASE_THREAT = 6


async def spawn(
    discord: StandIn, url: str, tmp: Path, name: str, shards: str, count: int = 2
) -> BotRun:
    env = bot_env(
        discord,
        DATABASE_URL=url,
        SHARD_COUNT=str(count),
        SHARD_IDS=shards,
        LOG_LEVEL="INFO",
        HEARTBEAT_PATH=str(tmp / f"{name}.heartbeat"),
    )
    return await start_bot(env, tmp)


@asynccontextmanager
async def cluster(
    discord: StandIn, url: str, tmp: Path, *shards: str
) -> AsyncIterator[list[BotRun]]:
    procs = [await spawn(discord, url, tmp, f"bot{i}", s) for i, s in enumerate(shards)]
    try:
        await discord.wait_shards(range(discord.shard_count), timeout=60)
        await asyncio.wait_for(discord.synced.wait(), 60)
        yield procs
    finally:
        for p in procs:
            await p.stop()


def clean(p: BotRun) -> None:
    """No traceback and no error reply ever reached the log."""
    log = p.log()
    assert "Traceback" not in log, log[-3000:]
    assert "Unexpected error" not in log, log[-3000:]
    assert "Could not send a reply" not in log, log[-3000:]


async def threat_of(url: str, channels: Iterable[int]) -> dict[int, int]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT channel_id, state FROM campaigns WHERE channel_id = ANY($1::bigint[])",
            list(channels),
        )
    finally:
        await conn.close()
    return {r["channel_id"]: json.loads(r["state"])["threat"] for r in rows}


async def db_rows(url: str, sql: str, *args: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def setup_channels(discord: StandIn, guilds: dict[int, list[int]]) -> None:
    for guild, channels in guilds.items():
        for channel in channels:
            reply = await discord.invoke(
                "ia setup",
                {"difficulty": "medium", "threat-level": 3, "threat": BASE_THREAT},
                user=GM,
                channel_id=channel,
                guild_id=guild,
                timeout=30,
            )
            assert not reply.messages[0].ephemeral, reply.text


async def threat_burst(
    discord: StandIn, guild: int, channel: int, count: int, timeout: float = 30
) -> list[Reply]:
    """``count`` concurrent ``/ia threat amount:1`` in one channel."""
    replies = [
        await discord.send(
            discord.command_payload(
                "ia threat", {"amount": 1}, user=GM, channel_id=channel, guild_id=guild
            )
        )
        for _ in range(count)
    ]
    await asyncio.gather(*(discord.wait(r, timeout) for r in replies))
    return replies


def acknowledged(reply: Reply) -> bool:
    return reply.answered.is_set() and not reply.ephemeral and "Threat" in reply.text


async def test_two_processes_two_shards_every_interaction_answered_once(
    tmp_path: Path, postgres_url: str
) -> None:
    need_postgres()
    async with StandIn(shard_count=2) as discord:
        guilds = {discord.guild_on_shard(0): [], discord.guild_on_shard(1): []}
        for n, guild in enumerate(guilds):
            guilds[guild] = [920000000000000000 + 100 * n + c for c in range(10)]
        async with cluster(discord, postgres_url, tmp_path, "0", "1") as procs:
            await setup_channels(discord, guilds)
            bursts = await asyncio.gather(
                *(
                    threat_burst(discord, guild, channel, 20)
                    for guild, channels in guilds.items()
                    for channel in channels
                )
            )
            replies = [r for burst in bursts for r in burst]
            assert len(replies) == 400
            assert all(r.callbacks == 1 for r in replies)  # answered exactly once
            assert all(acknowledged(r) for r in replies), [r.text for r in replies][:5]
            # each process answered only its own shard's guild
            for burst, (guild, _) in zip(
                bursts, [(g, c) for g, cs in guilds.items() for c in cs], strict=True
            ):
                assert {d[0] for r in burst for d in r.deliveries} == {discord.shard_of(guild)}
            threats = await threat_of(postgres_url, [c for cs in guilds.values() for c in cs])
            assert threats == {c: BASE_THREAT + 20 for cs in guilds.values() for c in cs}
        assert discord.sync_count == 1
        for p in procs:
            clean(p)


async def test_a_killed_process_loses_nothing_acknowledged(
    tmp_path: Path, postgres_url: str
) -> None:
    need_postgres()
    async with StandIn(shard_count=2) as discord:
        g0, g1 = discord.guild_on_shard(0), discord.guild_on_shard(1)
        c0, c1 = 930000000000000001, 930000000000000002
        async with cluster(discord, postgres_url, tmp_path, "0", "1") as procs:
            await setup_channels(discord, {g0: [c0], g1: [c1]})
            sent: list[Reply] = []
            others: list[Reply] = []
            killed = False
            for i in range(60):
                if i == 20:
                    procs[0].proc.send_signal(signal.SIGKILL)  # mid-burst
                    killed = True
                try:
                    sent.append(
                        await discord.send(
                            discord.command_payload(
                                "ia threat", {"amount": 1}, user=GM, channel_id=c0, guild_id=g0
                            )
                        )
                    )
                except ConnectionError:
                    assert killed  # nobody owns shard 0 any more
                other = await discord.invoke(
                    "ia threat", {"amount": 1}, user=GM, channel_id=c1, guild_id=g1, timeout=30
                )
                others.append(other)  # the other process answers throughout
                await asyncio.sleep(0.005)
            await procs[0].stop()
            procs[0] = await spawn(discord, postgres_url, tmp_path, "bot0-again", "0")
            await discord.wait_shards([0], timeout=60)
            after = await threat_burst(discord, g0, c0, 5)
            assert all(acknowledged(r) for r in after)
            assert all(acknowledged(r) for r in others) and len(others) == 60

            acked = [r.interaction_id for r in sent + after if acknowledged(r)]
            assert len(acked) >= 20
            claims = {
                r[0]
                for r in await db_rows(
                    postgres_url,
                    "SELECT interaction_id FROM interactions WHERE channel_id = $1",
                    c0,
                )
            }
            assert set(acked) <= claims  # every acknowledged command was committed
            history = await db_rows(
                postgres_url,
                "SELECT COUNT(*) FROM history WHERE channel_id = $1 AND command LIKE '/ia threat%'",
                c0,
            )
            threats = await threat_of(postgres_url, [c0, c1])
            # nothing half-applied: the state, the history and the claims (the setup's and one
            # per applied threat change) agree
            assert threats[c0] == BASE_THREAT + history[0][0] == BASE_THREAT + len(claims) - 1
            assert threats[c1] == BASE_THREAT + 60
        clean(procs[1])
        clean(procs[0])


async def test_two_processes_on_one_shard_apply_each_command_once(
    tmp_path: Path, postgres_url: str
) -> None:
    """A rolling restart: a third process owns shard 0 too, so Discord delivers every shard-0
    interaction to both; commands on one channel interleave with the shard-1 process's."""
    need_postgres()
    async with StandIn(shard_count=2) as discord:
        g0, g1 = discord.guild_on_shard(0), discord.guild_on_shard(1)
        channel, other = 940000000000000001, 940000000000000002
        async with cluster(discord, postgres_url, tmp_path, "0", "1", "0") as procs:
            await discord.wait_until(lambda: len(discord.sessions_for(0)) == 2, timeout=30)
            await setup_channels(discord, {g0: [channel], g1: [other]})
            replies = await threat_burst(discord, g0, channel, 40)
            others = await threat_burst(discord, g1, other, 10)
            assert all(len(r.deliveries) == 2 for r in replies)  # both processes got each one
            assert all(r.callbacks == 1 for r in replies + others)  # one answer, no second try
            assert all(acknowledged(r) for r in replies + others)
            threats = await threat_of(postgres_url, [channel, other])
            assert threats == {channel: BASE_THREAT + 40, other: BASE_THREAT + 10}
            # reads are answered by both; the second answer is refused by Discord, silently
            status = await discord.invoke(
                "campaign status", user=GM, channel_id=channel, guild_id=g0
            )
            assert not status.ephemeral and "Imperial Assault" in status.text
            await asyncio.sleep(0.5)  # let the slower process's refused callback land
            assert status.callbacks in (1, 2)
            # the setup and the 40 changes, each claimed once; both shard-0 processes won some
            claimers = await db_rows(
                postgres_url,
                "SELECT claimed_by, COUNT(*) FROM interactions WHERE channel_id = $1 GROUP BY 1",
                channel,
            )
            pids = {int(str(r[0]).rsplit(":", 1)[1]): r[1] for r in claimers}
            assert sum(pids.values()) == 41
            assert set(pids) == {procs[0].pid, procs[2].pid}, pids
        for p in procs:
            clean(p)
        assert "Interaction has already been acknowledged" not in procs[0].log() + procs[2].log()


async def test_two_processes_starting_together_make_one_schema_and_sync_once(
    tmp_path: Path,
) -> None:
    need_postgres()
    from bot.sandbox.databases import fresh_database

    async with fresh_database() as url, StandIn(shard_count=2) as discord:
        async with cluster(discord, url, tmp_path, "0", "1") as procs:
            g1 = discord.guild_on_shard(1)
            reply = await discord.invoke(
                "ping", user=GM, channel_id=950000000000000001, guild_id=g1, timeout=30
            )
            assert reply.text
        assert discord.sync_count == 1
        versions = await db_rows(url, "SELECT version FROM schema_migrations ORDER BY version")
        assert [v[0] for v in versions] == list(range(1, SCHEMA_VERSION + 1))
        for p in procs:
            clean(p)


async def test_a_draining_process_never_says_restarting_for_what_another_applies(
    tmp_path: Path, postgres_url: str
) -> None:
    """A rolling restart as ``docs/running.md`` describes it: two processes own shard 0, and
    one of them is stopped (SIGTERM) in the middle of a stream of commands. It closes its
    gateway session first and finishes what it already has; the other takes the rest. Every
    command gets one answer, and every answer is what the database holds."""
    need_postgres()
    async with StandIn(shard_count=2) as discord:
        guild = discord.guild_on_shard(0)
        channel = 950000000000000001
        # procs 0 and 2 own shard 0, proc 1 shard 1; proc 0 is the one restarted
        async with cluster(discord, postgres_url, tmp_path, "0", "1", "0") as procs:
            await discord.wait_until(lambda: len(discord.sessions_for(0)) == 2, timeout=30)
            await setup_channels(discord, {guild: [channel]})
            replies: list[Reply] = []

            async def stream() -> None:
                for _ in range(60):
                    payload = discord.command_payload(
                        "ia threat", {"amount": 1}, user=GM, channel_id=channel, guild_id=guild
                    )
                    replies.append(await discord.send(payload))
                    await asyncio.sleep(0.03)

            async def drain() -> int:
                await asyncio.sleep(0.6)
                return await procs[0].stop(signal.SIGTERM, timeout=15)

            _, code = await asyncio.gather(stream(), drain())
            assert code == 0
            await asyncio.gather(*(discord.wait(r, 20) for r in replies))
            texts = [r.text for r in replies]
            assert not any("restarting" in t.lower() for t in texts), texts
            assert all(acknowledged(r) for r in replies), [t for t in texts if "Threat" not in t]
            # the stream was shared between the two shard-0 processes (the stopped one usually
            # won some before it left); the one that stays applied the rest
            claimers = await db_rows(
                postgres_url,
                "SELECT claimed_by, COUNT(*) FROM interactions WHERE channel_id = $1 GROUP BY 1",
                channel,
            )
            pids = {int(str(r[0]).rsplit(":", 1)[1]) for r in claimers}
            assert procs[2].pid in pids and pids <= {procs[0].pid, procs[2].pid}, pids
            threats = await threat_of(postgres_url, [channel])
            assert threats == {channel: BASE_THREAT + len(replies)}
        for p in procs:
            clean(p)
