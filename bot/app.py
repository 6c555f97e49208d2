"""The bot: a ``commands.Bot`` that opens storage, loads every cog, syncs commands when they
changed, answers every interaction (errors included), and shuts down cleanly."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import importlib.util
import logging
import pkgutil
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, TypeVar

import discord
import yarl
from discord import app_commands
from discord.ext import commands, tasks
from pydantic import BaseModel

from bot import answers, discord_internals, metrics
from bot.answers import answer_of
from bot.campaigns import CampaignAccess, describe_invocation
from bot.capacity import check_pool
from bot.catalog import LOCALES, CommandName, bundle, locale_of, refusal, t
from bot.config import Settings
from bot.dbstate import DatabaseState
from bot.health import write_heartbeat
from bot.ids import is_discord_id
from bot.options import autocomplete_problem, validate_options
from bot.rules.dice import Dice
from bot.rules.errors import BotError
from bot.storage import Store, dump_json
from bot.storage.deadline import deadline_in, set_deadline
from bot.storage.errors import (
    ConcurrencyError,
    DatabaseBusy,
    DatabaseUnavailable,
    DuplicateInteraction,
    OutcomeUnknown,
)
from bot.storage.outage import RateLimitedLog
from bot.translator import CatalogTranslator
from bot.ui import CONFIRM_PREFIX, Waiting, dynamic_items

log = logging.getLogger(__name__)

S = TypeVar("S", bound=BaseModel)

SYNC_HASH_KEY = "command_sync_hash"
# where the commands were last synced: a guild id, or "" for globally
SYNC_GUILD_KEY = "command_sync_guild"
# what the README asks for when inviting the bot
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True
)
INVITE_SCOPES = ("bot", "applications.commands")
# Discord's error code for a second callback to one interaction
ALREADY_ACKNOWLEDGED = answers.ALREADY_ACKNOWLEDGED
#: how long a clean stop waits for the interactions in flight, beyond the database's limit
SHUTDOWN_MARGIN = 2.0


def cog_extensions() -> list[str]:
    """Every module in the ``cogs`` package (skipping private ``_name`` modules). Found by name,
    not imported: the cogs sit above the bot and are loaded as discord.py extensions."""
    spec = importlib.util.find_spec("cogs")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the cogs package is missing")
    return sorted(
        f"cogs.{m.name}"
        for m in pkgutil.iter_modules(spec.submodule_search_locations)
        if not m.name.startswith("_")
    )


class TableTree(app_commands.CommandTree["TableBot"]):
    """Checks every option against the synced schema before a command runs, counts commands in
    flight for a clean shutdown, and sends every error to one handler."""

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        bot = self.client
        loc = locale_of(interaction.locale)
        outside = next(
            (
                value
                for value in (
                    interaction.id,
                    interaction.channel_id,
                    interaction.guild_id,
                    interaction.user.id,
                )
                if value is not None and not is_discord_id(value)
            ),
            None,
        )
        if outside is not None:
            log.debug("Interaction carries an id outside Discord's range: %s", outside)
            await bot.send_ephemeral(
                interaction, t(loc, "id-out-of-range", id=str(outside)[:30]), refusal=True
            )
            return False
        if interaction.type is discord.InteractionType.application_command:
            problem = validate_options(self, interaction)
            if problem is not None:
                await bot.send_ephemeral(interaction, refusal(problem, loc), refusal=True)
                return False
        elif interaction.type is discord.InteractionType.autocomplete:
            reason = autocomplete_problem(self, interaction)
            if reason is not None:
                # nothing a person typed: a stale client or a forged request; an empty list
                log.debug("Autocomplete %s answered empty: %s", interaction.id, reason)
                await bot.send_ephemeral(interaction, "")
                return False
        return True

    async def _call(self, interaction: discord.Interaction[Any]) -> None:
        bot = self.client
        answer = bot.begin(interaction)
        bot.inflight += 1
        try:
            await super()._call(interaction)
        finally:
            bot.inflight -= 1
            bot.finish(interaction, answer)

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await self.client.report_error(interaction, error)


class TableBot(CampaignAccess, commands.AutoShardedBot):
    """The table assistant. ``setup_hook`` opens storage, loads cogs and syncs commands.

    One gateway session per owned shard (``SHARD_COUNT``/``SHARD_IDS``; both unset: discord.py
    asks ``GET /gateway/bot`` how many shards to open and opens them all)."""

    # Discord allows ``max_concurrency`` IDENTIFYs per this many seconds, one per bucket
    # ``shard_id % max_concurrency``.
    IDENTIFY_WINDOW = 5.0
    # how long the heartbeat's database check (SELECT 1) waits before calling it unavailable
    DATABASE_CHECK_TIMEOUT = 5.0

    def __init__(
        self, settings: Settings, *, load_cogs: bool = True, store: Store | None = None
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            tree_cls=TableTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            # None (all shards) is discord.py's own default; its type hints omit it
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # type: ignore[arg-type]
        )
        # shards whose session is up (READY or RESUMED since their last disconnect)
        self._shards_up: set[int] = set()
        # when this process last sent IDENTIFY for each shard, and Discord's max_concurrency
        self._identified_at: dict[int, float] = {}
        self._max_concurrency: int | None = None
        self._identify_lock = asyncio.Lock()
        self.settings = settings
        self._load_cogs = load_cogs
        # opened by the caller (closed with the bot), else by setup_hook
        self._store: Store | None = store
        # whether the database answers: report with .ok() / .unavailable(reason) after a
        # database call; the heartbeat carries it and bot.metrics shows it
        self.database_state = DatabaseState()
        self._metrics_server: metrics.MetricsServer | None = None
        self.inflight = 0
        # the tasks handling interactions right now (a clean stop waits for them)
        self._in_flight: dict[int, asyncio.Task[Any]] = {}
        # seconds after arrival at which an unanswered interaction is deferred
        self.defer_after = answers.DEFER_AFTER
        self.shutting_down = False
        # one WARNING line per kind of database outage every 30 s, not one per command
        self.outage_log = RateLimitedLog(log)
        self.started_at = time.monotonic()
        self.synced_at: float | None = None
        self._shared_rng = (
            random.Random(settings.dice_seed) if settings.dice_seed is not None else None
        )
        self.dice_factory: Callable[[], Dice] = self._default_dice
        # ids of the latest interactions answered with a refusal (the local console reads it)
        self.refusals: deque[int] = deque(maxlen=256)
        # game key -> what its campaign waits for and the buttons for it (/campaign status);
        # a game's cog registers its own
        self.waiting: dict[str, Waiting] = {}
        discord_internals.point_at(settings.discord_api_base_url, settings.discord_gateway_url)

    # -- plumbing ------------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("storage is not open yet")
        return self._store

    def _default_dice(self) -> Dice:
        if self._shared_rng is not None:
            return Dice(rng=self._shared_rng)
        return Dice()

    def new_dice(self) -> Dice:
        """A fresh dice source for one command (tests replace ``dice_factory``)."""
        return self.dice_factory()

    async def setup_hook(self) -> None:
        await self.start_metrics()
        if self._store is None:
            self._store = await Store.open(
                self.settings.database_target,
                pool_size=self.settings.database_pool_size,
                wait=self.settings.database_timeout,
            )
        self.database_state.ok()
        pool_in_use = getattr(self._store.db, "pool_in_use", None)
        metrics.set_pool_probe(pool_in_use)
        log.info("Campaigns are stored in %s", self._store.description)
        await check_pool(self._store, self.settings.database_pool_size)
        log.info("Invite the bot with %s", self.invite_url())
        await self._store.prune_interactions()
        await self.tree.set_translator(CatalogTranslator())
        if self._load_cogs:
            for name in cog_extensions():
                await self.load_extension(name)
        self.add_dynamic_items(*dynamic_items())
        # the command labels the metrics accept (any other name counts as "other")
        metrics.register_commands(c.qualified_name for c in self.tree.walk_commands())
        await self.sync_commands()
        self.heartbeat.start()
        self.prune_claims.start()
        # the catalogs are parsed now, not inside the first command that speaks each language
        for locale in LOCALES:
            bundle(locale)
        # Everything loaded so far (cogs, tables, catalogs, the command tree) lives as long as
        # the bot: move it out of the garbage collector's sight so that full collections, which
        # would otherwise walk all of it in the middle of some command, stay short.
        gc.collect()
        gc.freeze()

    async def start_metrics(self) -> None:
        """Serve the Prometheus metrics if METRICS_PORT is set. An address that cannot be
        bound is logged, not fatal: the tables matter more than their statistics."""
        port = self.settings.metrics_port
        if port is None or self._metrics_server is not None:
            return
        address = self.settings.metrics_address
        try:
            self._metrics_server = await metrics.start_server(address, port)
        except OSError as exc:
            log.error(
                "Cannot serve metrics on %s port %d (%s); carrying on without them",
                address,
                port,
                exc,
            )
            return
        log.info("Serving Prometheus metrics at %s", self._metrics_server.url)

    def invite_url(self) -> str:
        """This application's invite link, with exactly the permissions the bot needs."""
        client_id = self.application.id if self.application else self.application_id
        return discord.utils.oauth_url(
            client_id or 0, permissions=INVITE_PERMISSIONS, scopes=INVITE_SCOPES
        )

    async def sync_commands(self) -> bool:
        """Sync the command tree if its JSON differs from the last synced one. True if synced."""
        guild = (
            discord.Object(id=self.settings.discord_guild_id)
            if self.settings.discord_guild_id
            else None
        )
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        tree = self.tree
        commands_ = discord_internals.commands_to_sync(tree, guild)
        translator = tree.translator
        if translator is not None:
            payload = [await c.get_translated_payload(tree, translator) for c in commands_]
        else:
            payload = [c.to_dict(tree) for c in commands_]
        digest = hashlib.sha256(
            dump_json(
                {
                    "api": self.settings.discord_api_base_url,
                    "application": self.application_id,
                    "guild": guild.id if guild else None,
                    "commands": payload,
                }
            ).encode()
        ).hexdigest()
        # Several processes may start together (one per shard range): the lock makes the
        # first one sync and the others find its hash.
        async with self.store.exclusive("command-sync"):
            if await self.store.get_meta(SYNC_HASH_KEY) == digest:
                log.info("Application commands unchanged since the last sync; not syncing")
                self.synced_at = time.monotonic()
                return False
            synced = await tree.sync(guild=guild)
            await self._clear_other_sync_mode(guild)
            await self.store.set_meta(SYNC_HASH_KEY, digest)
        self.synced_at = time.monotonic()
        where = f"guild {guild.id}" if guild else "globally"
        log.info("Synced %d application commands %s", len(synced), where)
        return True

    async def _clear_other_sync_mode(self, guild: discord.Object | None) -> None:
        """Guild and global commands both show in the picker: after a sync to a guild, clear
        the global commands (unless the last sync went to this guild already); after either,
        clear the guild the last sync went to, if another. Records where this sync went."""
        previous = await self.store.get_meta(SYNC_GUILD_KEY)  # None: not known
        current = str(guild.id) if guild is not None else ""
        app_id = self.application_id
        if app_id is not None and previous != current:
            if guild is not None:
                await self.http.bulk_upsert_global_commands(app_id, payload=[])
                log.info("Cleared the global commands (commands now go to guild %s)", guild.id)
            if previous:
                try:
                    await self.http.bulk_upsert_guild_commands(app_id, int(previous), payload=[])
                    log.info("Cleared the commands synced to guild %s before", previous)
                except (discord.Forbidden, discord.NotFound):
                    log.warning("Could not clear the commands of guild %s (left it?)", previous)
        await self.store.set_meta(SYNC_GUILD_KEY, current)

    # -- heartbeat for the container health check -----------------------------------------------
    def touch_heartbeat(self) -> None:
        path: Path = self.settings.resolved_heartbeat_path
        try:
            write_heartbeat(path, self.database_state.heartbeat())
        except OSError:
            log.warning("Could not write the heartbeat file %s", path)

    def owned_shards(self) -> list[int]:
        """The shard ids this process opens sessions for (empty until the count is known)."""
        if self.shard_ids is not None:
            return list(self.shard_ids)
        return list(range(self.shard_count or 0))

    def all_shards_connected(self) -> bool:
        """Every owned shard's session is up (READY or RESUMED) and its websocket open."""
        owned = self.owned_shards()
        if not owned or self.is_closed():
            return False
        for shard_id in owned:
            shard = self.get_shard(shard_id)
            if shard_id not in self._shards_up or shard is None or shard.is_closed():
                return False
        return True

    @tasks.loop(minutes=10)
    async def prune_claims(self) -> None:
        """Forget old interaction claims (kept an hour to catch a second delivery)."""
        try:
            await self.store.prune_interactions()
        except Exception:
            log.warning("Could not prune old interaction claims", exc_info=True)

    async def check_database(self) -> bool:
        """``SELECT 1`` within ``DATABASE_CHECK_TIMEOUT``, reported to ``database_state`` (so
        the state recovers by itself when no command runs). True if the database answered."""
        store, timeout = self._store, self.DATABASE_CHECK_TIMEOUT
        if store is None:
            return False
        try:
            async with asyncio.timeout(timeout):
                with deadline_in(timeout):
                    await store.ping()
        except (TimeoutError, DatabaseBusy):
            self.database_state.unavailable(f"no answer to SELECT 1 within {timeout:g} s")
            return False
        except DatabaseUnavailable as exc:
            self.database_state.unavailable(exc.reason)
            return False
        except Exception as exc:  # whatever stops a SELECT 1 means the database is away
            self.database_state.unavailable(exc)
            return False
        self.database_state.ok()
        return True

    def count_shards(self) -> None:
        """The shard gauges: sessions up among the shards this process owns."""
        owned = self.owned_shards()
        metrics.set_shards(len(self._shards_up.intersection(owned)), len(owned))

    @tasks.loop(seconds=15)
    async def heartbeat(self) -> None:
        await self.check_database()
        self.count_shards()
        if self.all_shards_connected():
            self.touch_heartbeat()

    @heartbeat.before_loop
    async def _before_heartbeat(self) -> None:
        await self.wait_until_ready()

    async def on_ready(self) -> None:
        if self.all_shards_connected():
            self.touch_heartbeat()
        log.info("Connected as %s", self.user)

    # discord.py dispatches these per shard (``on_resumed`` comes before ``on_shard_resumed``, so
    # resuming touches the heartbeat here, once the resumed shard is counted as up).
    async def on_shard_connect(self, shard_id: int) -> None:
        self._shards_up.add(shard_id)
        self.count_shards()
        if self.all_shards_connected():
            self.touch_heartbeat()

    async def on_shard_resumed(self, shard_id: int) -> None:
        await self.on_shard_connect(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._shards_up.discard(shard_id)
        self.count_shards()

    # -- gateway shards ------------------------------------------------------------------------
    async def launch_shard(
        self, gateway: yarl.URL, shard_id: int, *, initial: bool = False
    ) -> None:
        # discord.py 2.7 opens each shard at the URL GET /gateway/bot returned when SHARD_COUNT
        # is unset (at DiscordWebSocket.DEFAULT_GATEWAY otherwise; reconnects use that or
        # READY's resume_gateway_url). DISCORD_GATEWAY_URL, set as DEFAULT_GATEWAY in __init__,
        # wins in both cases: every shard goes where the settings say.
        if initial:
            log.info(
                "Opening gateway sessions for shards %s of %s",
                ", ".join(map(str, self.owned_shards())),
                self.shard_count,
            )
        await super().launch_shard(discord_internals.gateway_url(), shard_id, initial=initial)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py's default sleeps 5 s before every IDENTIFY but the process's first, so N
        # shards take 5·(N-1) s to open. Discord's actual rule: one IDENTIFY per 5 s in each
        # bucket shard_id % max_concurrency (GET /gateway/bot). Wait only for that.
        shard = shard_id or 0
        async with self._identify_lock:
            if self._identified_at:
                if self._max_concurrency is None:
                    try:
                        limits = await self.fetch_session_start_limits()
                        self._max_concurrency = max(1, limits.max_concurrency)
                    except discord.GatewayNotFound:
                        self._max_concurrency = 1
                per = self._max_concurrency
                same_bucket = [
                    at for s, at in self._identified_at.items() if s % per == shard % per
                ]
                last = max(same_bucket, default=None)
                if last is not None:
                    wait = last + self.IDENTIFY_WINDOW - time.monotonic()
                    if wait > 0:
                        await asyncio.sleep(wait)
            self._identified_at[shard] = time.monotonic()

    # -- answering every interaction in time ---------------------------------------------------
    def begin(self, interaction: discord.Interaction[Any]) -> answers.Answer:
        """An interaction's handler starts: its answer is watched (deferred if late), its
        database work must end by its deadline, and a clean stop waits for it."""
        answer = answer_of(interaction)
        answer.on_expired = self._expired
        answer.watch(self.defer_after)
        self._track(interaction.id)
        # the database's deadline for the rest of this handler's task
        set_deadline(answer.received + self.settings.database_timeout)
        return answer

    def _track(self, interaction_id: int) -> None:
        """The current task handles ``interaction_id``: a clean stop waits for it."""
        task = asyncio.current_task()
        if task is None or self._in_flight.get(interaction_id) is task:
            return
        self._in_flight[interaction_id] = task

        def done(_: asyncio.Task[Any]) -> None:
            if self._in_flight.get(interaction_id) is task:
                del self._in_flight[interaction_id]

        task.add_done_callback(done)

    async def settled(self, interaction_id: int, timeout: float = 15.0) -> None:
        """Wait until this process has sent everything it will send for ``interaction_id``
        (the stand-in's tests and the local table: a reply can be followed by more)."""
        task = self._in_flight.get(interaction_id)
        if task is not None and task is not asyncio.current_task():
            await asyncio.wait({task}, timeout=timeout)

    def begin_press(self, interaction: discord.Interaction[Any]) -> answers.Answer:
        """A handler took a button press (see :meth:`begin`)."""
        answer = self.begin(interaction)
        answer.taken = True
        return answer

    def finish(self, interaction: discord.Interaction[Any], answer: answers.Answer) -> None:
        """A command's handler ended: its metrics. The watchdog stops: the handler answered,
        or it stays silent on purpose (another process applied the interaction)."""
        answer.cancel()
        if interaction.type is discord.InteractionType.application_command:
            try:
                command = interaction.command
                name = command.qualified_name if command is not None else "other"
            except Exception:  # a payload too malformed to name a command
                name = "other"
            metrics.command_finished(name, answer.outcome, time.monotonic() - answer.received)
        if answer.applied:
            self.database_state.ok()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # The bot's only "interaction" listener (on_interaction) acts on button presses: for
        # the rest (every slash command, autocomplete) discord.py would start a task that
        # does nothing
        if (
            event_name == "interaction"
            and args
            and getattr(args[0], "type", None) is not discord.InteractionType.component
            and not self.extra_events.get("on_interaction")
        ):
            return
        super().dispatch(event_name, *args, **kwargs)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """A button press no handler takes (an old message's view) is answered "expired"."""
        if interaction.type is discord.InteractionType.component:
            answer = answer_of(interaction)
            answer.on_expired = self._expired
            answer.watch(self.defer_after)

    async def _expired(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a press nobody took "expired" — after claiming it, so that no other process
        (one holding the old view, in a rolling restart) applies it meanwhile."""
        self._track(interaction.id)
        mine = True
        if interaction.channel_id is not None:
            try:
                with deadline_in(self.settings.database_timeout):
                    mine = await self.store.claim_refusal(interaction.id, interaction.channel_id)
            except DatabaseUnavailable:
                mine = True  # nothing can be applied anywhere while the database is away
        if mine:
            data: dict[str, Any] = dict(interaction.data or {})
            custom_id = str(data.get("custom_id", ""))
            key = "confirm-expired" if custom_id.startswith(CONFIRM_PREFIX) else "button-expired"
            await self.send_ephemeral(
                interaction, t(locale_of(interaction.locale), key), refusal=True
            )

    # -- shutdown ------------------------------------------------------------------------------
    async def shutdown(self, grace: float | None = None) -> None:
        """Stop taking interactions, let those in flight finish, close.

        The gateway sessions close first, so no new interaction reaches this process (in a
        rolling restart Discord delivers them to the other session of the shard); those
        already here finish, each within its database deadline (``grace`` s at most: by
        default that deadline plus a margin)."""
        self.shutting_down = True
        if grace is None:
            grace = self.settings.database_timeout + SHUTDOWN_MARGIN
        for shard in list(self.shards.values()):
            with suppress(Exception):
                await shard.disconnect()
        self._shards_up.clear()
        pending = {t for t in self._in_flight.values() if not t.done()}
        if pending:
            log.info("Finishing %d interaction(s) in flight", len(pending))
            await asyncio.wait(pending, timeout=grace)
        await self.close()

    async def close(self) -> None:
        if self.heartbeat.is_running():
            self.heartbeat.cancel()
        if self.prune_claims.is_running():
            self.prune_claims.cancel()
        if self._metrics_server is not None:
            await self._metrics_server.stop()
            self._metrics_server = None
        await super().close()
        if self._store is not None:
            metrics.set_pool_probe(None)
            await self._store.close()
            self._store = None

    # -- replies and errors --------------------------------------------------------------------
    async def send_ephemeral(
        self, interaction: discord.Interaction[Any], message: str, *, refusal: bool = False
    ) -> None:
        if refusal:
            self.refusals.append(interaction.id)
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    await interaction.response.autocomplete([])
                return
            await answers.send(interaction, message, ephemeral=True)
        except discord.HTTPException as exc:
            if exc.code == ALREADY_ACKNOWLEDGED:
                log.debug("Interaction %s was answered by another process", interaction.id)
                return
            log.warning("Could not send a reply to interaction %s", interaction.id)

    async def report_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        original: BaseException = error
        while isinstance(original, app_commands.CommandInvokeError | app_commands.TransformerError):
            cause = original.__cause__ or getattr(original, "original", None)
            if cause is None:
                break
            original = cause
        if isinstance(original, DuplicateInteraction) or (
            isinstance(original, discord.HTTPException) and original.code == ALREADY_ACKNOWLEDGED
        ):
            # Another process owning the same shard got this interaction too and answered it
            # (a rolling restart): stay silent, it is not an error — and defer nothing.
            answer_of(interaction).cancel()
            log.debug("Interaction %s is handled by another process", interaction.id)
            return
        loc = locale_of(interaction.locale)
        answer = answer_of(interaction)
        answer.outcome = "refused"
        refused = _refusal_text(original, loc) if isinstance(original, BotError) else None
        if refused is not None:
            message = refused
        elif isinstance(original, DatabaseUnavailable):
            answer.outcome = "unavailable"
            if isinstance(original, DatabaseBusy):
                metrics.database_error("busy")
                self.outage_log.warning(
                    "busy",
                    "The database is busy (%s): %s — %s",
                    original.reason,
                    describe_invocation(interaction),
                    original.action or "it may be locked by another session, or slow",
                )
                message = t(loc, "db-busy")
            else:
                # one line when the outage starts (and one when it ends), not one per command
                metrics.database_error("unavailable")
                self.database_state.unavailable(original.reason, original.action)
                message = t(loc, "db-unavailable")
        elif isinstance(original, OutcomeUnknown):
            answer.outcome = "unavailable"
            metrics.database_error("other")
            self.outage_log.warning(
                "unknown",
                "The database connection failed while committing, and the outcome could not "
                "be read back (%s): %s",
                original.reason,
                describe_invocation(interaction),
            )
            message = t(loc, "db-outcome-unknown", history=CommandName("campaign history"))
        elif isinstance(original, ConcurrencyError):
            message = t(loc, "error-concurrency")
        elif isinstance(error, app_commands.CommandNotFound):
            message = t(loc, "error-command-unknown")
        elif isinstance(error, app_commands.TransformerError):
            message = t(loc, "error-transformer", value=str(error.value)[:50], kind=error.type.name)
        elif isinstance(error, app_commands.MissingPermissions):
            message = t(loc, "error-missing-permissions")
        elif isinstance(error, app_commands.CheckFailure):
            message = t(loc, "error-check-failed")
        else:
            answer.outcome = "error"
            ref = secrets.token_hex(3).upper()
            log.error(
                "Unexpected error (ref %s) in %s",
                ref,
                describe_invocation(interaction),
                exc_info=(type(original), original, original.__traceback__),
            )
            message = t(loc, "error-unexpected", ref=ref)
        if answer.deferred is not None and answer.outcome == "refused":
            # the member watched "thinking…" before this: say plainly that nothing happened
            message = f"{message} {t(loc, 'refusal-nothing-changed')}"
        await self.send_ephemeral(interaction, message[:1900], refusal=True)


def _refusal_text(error: BotError, loc: str) -> str | None:
    """A refusal's line, or None when it cannot be rendered (a bug: answered as unexpected)."""
    try:
        return refusal(error, loc)
    except (KeyError, TypeError, ValueError):
        log.exception("Could not render the refusal %s", error)
        return None
