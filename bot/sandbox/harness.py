"""The real bot, in this process, connected to a :class:`StandIn` over loopback.

Used by the end-to-end tests (with injected dice) and by the local console."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import SecretStr

from bot.app import TableBot
from bot.config import Settings
from bot.rules.dice import Dice
from bot.sandbox.standin import Message, Reply, StandIn, User
from bot.storage.opening import CannotOpen, open_store

T = TypeVar("T")


@dataclass
class Table:
    """A running bot + stand-in Discord, with members and a default channel."""

    discord: StandIn
    bot: TableBot
    users: dict[str, User] = field(default_factory=dict)
    channel_id: int = 900000000000000001

    def user(
        self,
        name: str,
        *,
        manage_channels: bool = False,
        locale: str = "en-US",
        id: int | None = None,
    ) -> User:
        """The member called ``name``, created on first use: with ``id``, else the next id in
        order of first use (stable per name within the table)."""
        if name not in self.users:
            self.users[name] = User(
                id=id if id is not None else 500000000000000000 + len(self.users) + 1,
                name=name,
                manage_channels=manage_channels,
                locale=locale,
            )
        return self.users[name]

    def set_dice(self, dice: Dice | Callable[[], Dice]) -> None:
        """Every following command uses ``dice`` (one shared object) or a factory's dice."""
        if isinstance(dice, Dice):
            self.bot.dice_factory = lambda: dice
        else:
            self.bot.dice_factory = dice

    async def run(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: str | User = "gm",
        channel_id: int | None = None,
        timeout: float = 10.0,
        guild_id: int | None = None,
    ) -> Reply:
        """``await table.run("battle", {"attacker": "Tank"}, user="ana")``."""
        who = user if isinstance(user, User) else self.user(user)
        reply = await self.discord.invoke(
            command,
            options,
            user=who,
            channel_id=channel_id or self.channel_id,
            timeout=timeout,
            guild_id=guild_id,
        )
        await self.bot.settled(reply.interaction_id, timeout)
        return reply

    async def autocomplete(
        self,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        user: str | User = "gm",
        channel_id: int | None = None,
        guild_id: int | None = None,
    ) -> list[dict[str, Any]]:
        who = user if isinstance(user, User) else self.user(user)
        return await self.discord.autocomplete(
            command,
            options,
            focused,
            user=who,
            channel_id=channel_id or self.channel_id,
            guild_id=guild_id,
        )

    async def click(
        self,
        message: Message,
        label: str,
        *,
        user: str | User = "gm",
        guild_id: int | None = None,
        timeout: float = 10.0,
    ) -> Reply:
        who = user if isinstance(user, User) else self.user(user)
        reply = await self.discord.click(
            message, label, user=who, guild_id=guild_id, timeout=timeout
        )
        await self.bot.settled(reply.interaction_id, timeout)
        return reply

    async def choose(
        self,
        message: Message,
        placeholder: str,
        *labels: str,
        user: str | User = "gm",
        timeout: float = 10.0,
    ) -> Reply:
        """Choose ``labels`` in the select ``placeholder`` of ``message``."""
        who = user if isinstance(user, User) else self.user(user)
        reply = await self.discord.choose(message, placeholder, labels, user=who, timeout=timeout)
        await self.bot.settled(reply.interaction_id, timeout)
        return reply

    async def state(self, channel_id: int | None = None) -> dict[str, Any] | None:
        """The channel's stored campaign state (None without a campaign)."""
        campaign = await self.bot.store.get(channel_id or self.channel_id)
        return campaign.state if campaign else None


def settings_for(discord: StandIn, database_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "discord_token": SecretStr(discord.token),
        "database_path": database_path,
        "discord_api_base_url": discord.api_url,
        "discord_gateway_url": discord.gateway_url,
        "heartbeat_path": database_path.parent / "heartbeat",
        "log_level": "WARNING",
    }
    values.update(overrides)
    return Settings.model_validate(values)


@contextlib.asynccontextmanager
async def running_table(
    database_path: Path,
    *,
    standin_shard_count: int | None = None,
    standin: StandIn | None = None,
    **overrides: Any,
) -> AsyncIterator[Table]:
    """Start a stand-in Discord and the bot against it; stop both afterwards.

    ``overrides`` are settings (``shard_count=2, shard_ids=(1,)`` among them); the stand-in runs
    ``standin_shard_count`` shards (default: the bot's ``shard_count``, else 1), or is
    ``standin`` (already started; the caller stops it). Returns once every shard the bot opens
    has a session."""
    settings_count = overrides.get("shard_count")
    shards = standin_shard_count or (int(settings_count) if settings_count else 1)
    async with contextlib.AsyncExitStack() as stack:
        if standin is None:
            standin = await stack.enter_async_context(StandIn(shard_count=shards))
        async with _bot_against(standin, database_path, overrides) as table:
            yield table


@contextlib.asynccontextmanager
async def _bot_against(
    discord: StandIn, database_path: Path, overrides: Mapping[str, Any]
) -> AsyncIterator[Table]:
    settings = settings_for(discord, database_path, **overrides)
    # opened first, as ``python -m bot`` does: a database that cannot be used is CannotOpen
    store = await open_store(
        settings.database_target,
        pool_size=settings.database_pool_size,
        wait=settings.database_timeout,
    )
    try:
        bot = TableBot(settings, store=store)  # the bot closes it
    except BaseException:
        await store.close()
        raise
    owned = settings.shard_ids or range(settings.shard_count or discord.shard_count)
    task = asyncio.create_task(bot.start(discord.token))
    try:
        waiter = asyncio.ensure_future(discord.wait_shards(owned, timeout=25))
        done, _ = await asyncio.wait(
            {waiter, task}, timeout=20, return_when=asyncio.FIRST_COMPLETED
        )
        if task in done:
            task.result()  # raises the bot's start-up error
        if waiter not in done:
            waiter.cancel()
            raise TimeoutError("the bot did not connect to the stand-in Discord")
        yield Table(discord=discord, bot=bot)
    finally:
        await bot.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(task, timeout=5)


class ThreadedTable:
    """A :class:`Table` running on its own event loop in a background thread, so synchronous
    code (a hypothesis test, a console prompt) can drive it with :meth:`call`."""

    def __init__(self, database_path: Path, **overrides: Any) -> None:
        self._database_path = database_path
        self._overrides = overrides
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="table-loop", daemon=True)
        self._error: BaseException | None = None
        self.table: Table | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._main())
        # views' timeout timers and the like: cancel what is left before the loop closes
        pending = [t for t in asyncio.all_tasks(self._loop) if not t.done()]
        for task in pending:
            task.cancel()
        if pending:
            self._loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        self._loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        try:
            async with running_table(self._database_path, **self._overrides) as table:
                self.table = table
                self._ready.set()
                await self._stop.wait()
        except BaseException as exc:
            self._error = exc
            self._ready.set()

    def __enter__(self) -> ThreadedTable:
        self._thread.start()
        self._ready.wait(60)
        if isinstance(self._error, CannotOpen):
            raise self._error  # its message says what to do
        if self._error is not None:
            raise RuntimeError("the table did not start") from self._error
        return self

    def __exit__(self, *exc: object) -> None:
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    def call(self, fn: Callable[[Table], Awaitable[T]], timeout: float = 30.0) -> T:
        """Run ``fn(table)`` on the table's loop and return its result."""
        assert self.table is not None
        future = asyncio.run_coroutine_threadsafe(_wrap(fn, self.table), self._loop)
        return future.result(timeout)


async def _wrap(fn: Callable[[Table], Awaitable[T]], table: Table) -> T:
    return await fn(table)
