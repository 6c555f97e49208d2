"""How cogs reach a channel's campaign: the refusals (no campaign, another game, not the game
master), one command's unit of work (:meth:`CampaignAccess.campaign_tx`), a new campaign
(:meth:`CampaignAccess.start_campaign`), a rule run on a game's state (:meth:`CampaignAccess.play`), a
read-only look (:meth:`CampaignAccess.read_state`, :meth:`CampaignAccess.read_campaign`) and a
roll of no game's own noted in the channel's history (:meth:`CampaignAccess.aside`); and what the
history keeps of a rule's outcome (:func:`history_row`).
:class:`bot.app.TableBot` inherits these."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import discord
from pydantic import BaseModel

from bot.answers import answer_of
from bot.catalog import DEFAULT, encode_summary, has, render
from bot.games import GAMES, game_msg, setup_command, setup_hint
from bot.rules.dice import Draw
from bot.rules.errors import BotError, NoCampaign, NotAllowed
from bot.rules.game import Game, Outcome
from bot.rules.msg import Msg
from bot.storage import Campaign, Store, Tx

log = logging.getLogger(__name__)

S = TypeVar("S", bound=BaseModel)


def describe_invocation(interaction: discord.Interaction[Any]) -> str:
    """``/battle attacker:Tank defender:Trooper`` — what the person typed, for the history."""
    data: dict[str, Any] = dict(interaction.data or {})
    if "custom_id" in data:  # a button or a select under a message
        return f"button {str(data['custom_id'])[:100]}"
    words = [f"/{data.get('name', '?')}"]
    options: list[dict[str, Any]] = list(data.get("options", []))
    while options and options[0].get("type") in (1, 2):
        words.append(str(options[0]["name"]))
        options = list(options[0].get("options", []))
    for opt in options:
        words.append(f"{opt.get('name')}:{opt.get('value')}")
    return " ".join(words)[:300]


def channel_of(interaction: discord.Interaction[Any]) -> int:
    """The interaction's channel; a command used outside one is refused."""
    if interaction.channel_id is None:
        raise BotError(key="use-in-channel")
    return interaction.channel_id


def refuse_campaign(campaign: Campaign | None, *, game: str | None, require: bool = True) -> None:
    """Refuse a command the channel's campaign does not fit: none (when ``require``), or one of
    another game than ``game`` (``None``: any)."""
    if require and campaign is None:
        if game is not None and game in GAMES:
            raise NoCampaign(
                key="no-campaign-game",
                game=game_msg(game),
                hint=setup_command(game),
            )
        raise NoCampaign(key="no-campaign", hint=setup_hint())
    if game is not None and campaign is not None and campaign.game != game:
        raise NoCampaign(key="wrong-game", current=game_msg(campaign.game), game=game_msg(game))


def history_row(outcome: Outcome) -> tuple[str, list[dict[str, Any]]]:
    """What the history keeps of a rule's outcome: its message, encoded (each reader sees it in
    their language), and its dice, each label written out in English."""
    dice = []
    for d in outcome.dice():
        value = list(d.value) if isinstance(d.value, tuple) else d.value
        entry: dict[str, Any] = {"kind": d.kind, "label": render(DEFAULT, d.label), "value": value}
        entry.update((k, list(v) if isinstance(v, tuple) else v) for k, v in d.more)
        dice.append(entry)
    return encode_summary(outcome.history()), dice


@dataclass
class Play(Generic[S]):
    """One rule applied to the channel's campaign (see :meth:`TableBot.play`): the stored
    ``state`` as the game's model, and :meth:`commit` for the new one."""

    tx: Tx
    campaign: Campaign
    state: S

    def commit(self, new: S, outcome: Outcome) -> None:
        """Store ``new`` with the history row of the rule's ``outcome``."""
        self.tx.set_state(new)
        self.tx.record(*history_row(outcome))


@dataclass
class Start(Generic[S]):
    """A new campaign of ``game`` in the channel (see :meth:`TableBot.start_campaign`)."""

    tx: Tx
    game: Game[S]

    def commit(self, state: S, outcome: Outcome) -> None:
        """Create the campaign with ``state`` and the history row of the setup's ``outcome``."""
        self.tx.create(self.game.key, state)
        self.tx.record(*history_row(outcome))


class CampaignAccess:
    """The campaign helpers of the bot; the class using it provides ``store``."""

    @property
    def store(self) -> Store:
        raise NotImplementedError

    async def is_game_master(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign | None,
        *,
        game_masters: list[int] | None = None,
    ) -> bool:
        """The campaign's creator, an added game master, or a Manage Channels holder
        (``game_masters``: the added ones, when the caller has read them already)."""
        perms = interaction.permissions
        if perms.manage_channels or perms.administrator:
            return True
        if campaign is None:
            return False
        if interaction.user.id == campaign.created_by:
            return True
        if game_masters is None:
            game_masters = await self.store.game_masters(campaign.channel_id)
        return interaction.user.id in game_masters

    async def ensure_game_master(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign | None,
        action: str = "",
        *,
        game_masters: list[int] | None = None,
    ) -> None:
        """Refuse non-game-masters; ``action`` is a catalog key naming what they tried."""
        if not await self.is_game_master(interaction, campaign, game_masters=game_masters):
            if action and has("en", action):
                raise NotAllowed(key="not-game-master-action", action=Msg(action))
            raise NotAllowed(key="not-game-master")

    @asynccontextmanager
    async def campaign_tx(
        self,
        interaction: discord.Interaction[Any],
        *,
        game: str | None,
        require: bool = True,
        game_master: bool = False,
        action: str = "",
        command: str | None = None,
    ) -> AsyncIterator[Tx]:
        """One command's unit of work on the interaction's channel.

        ``game``: the campaign must play this game (``None``: any or none). ``require``: refuse
        when the channel has no campaign. ``game_master``: refuse non-game-masters. The commit
        happens when the block exits; reply after it. ``command``: what the history shows as
        typed (default: the interaction's own command; a button repeating one passes it).
        """
        async with self.store.transaction(
            channel_of(interaction),
            actor_id=interaction.user.id,
            actor_name=interaction.user.display_name,
            command=command or describe_invocation(interaction),
            guild_id=interaction.guild_id,
            interaction_id=interaction.id,
        ) as tx:
            campaign = tx.campaign
            refuse_campaign(campaign, game=game, require=require)
            if game_master:
                await self.ensure_game_master(
                    interaction, campaign, action, game_masters=await tx.game_masters()
                )
            yield tx
        if tx.has_work:
            # committed: this process answers for it, even where another one deferred it
            answer_of(interaction).applied = True

    @asynccontextmanager
    async def play(
        self,
        interaction: discord.Interaction[Any],
        game: Game[S],
        *,
        game_master: bool = False,
        action: str = "",
        command: str | None = None,
    ) -> AsyncIterator[Play[S]]:
        """Run a rule on the channel's campaign of ``game``: the refusals and the transaction of
        :meth:`campaign_tx`, with the stored state validated as the game's model."""
        async with self.campaign_tx(
            interaction, game=game.key, game_master=game_master, action=action, command=command
        ) as tx:
            assert tx.campaign is not None
            yield Play(tx, tx.campaign, game.load(tx.campaign.state))

    @asynccontextmanager
    async def start_campaign(
        self, interaction: discord.Interaction[Any], game: Game[S]
    ) -> AsyncIterator[Start[S]]:
        """Start a campaign of ``game`` in the interaction's channel: refused when the channel
        runs one already (before the setup rule rolls anything), created by
        :meth:`Start.commit` and committed when the block exits."""
        async with self.campaign_tx(interaction, game=None, require=False) as tx:
            if tx.campaign is not None:
                raise BotError(key="campaign-exists", game=game_msg(tx.campaign.game))
            yield Start(tx, game)

    async def read_state(
        self,
        interaction: discord.Interaction[Any],
        game: Game[S],
        *,
        game_master: bool = False,
        action: str = "",
    ) -> S:
        """The state of the channel's campaign of ``game``, read only (see
        :meth:`read_campaign`)."""
        campaign = await self.read_campaign(
            interaction, game=game.key, game_master=game_master, action=action
        )
        return game.load(campaign.state)

    async def read_campaign(
        self,
        interaction: discord.Interaction[Any],
        *,
        game: str | None = None,
        game_master: bool = False,
        action: str = "",
    ) -> Campaign:
        """The channel's campaign, read only: the same refusals as :meth:`campaign_tx` (none;
        another game than ``game``, ``None``: any; ``game_master``: refuse non-game-masters,
        ``action`` naming what they tried), no transaction."""
        campaign = await self.store.get(channel_of(interaction))
        refuse_campaign(campaign, game=game)
        assert campaign is not None
        if game_master:
            await self.ensure_game_master(interaction, campaign, action)
        return campaign

    @asynccontextmanager
    async def aside(
        self,
        interaction: discord.Interaction[Any],
        outcome: Outcome | str,
        dice: Iterable[Draw | Mapping[str, Any]] = (),
        *,
        command: str | None = None,
    ) -> AsyncIterator[bool]:
        """Note a roll that belongs to no campaign (/battle, /roll) in the history of the
        channel's campaign, of any game, its state untouched: a rule's ``outcome`` (or a
        summary and its ``dice``). Yields whether it is noted (the channel has a campaign;
        nothing is written otherwise): render the reply inside the block; the note is
        committed when it exits. ``command`` as in :meth:`campaign_tx`."""
        if interaction.channel_id is None:
            yield False
            return
        async with self.campaign_tx(interaction, game=None, require=False, command=command) as tx:
            if tx.campaign is not None:
                if isinstance(outcome, str):
                    tx.record(outcome, dice)
                else:
                    tx.record(*history_row(outcome))
            yield tx.campaign is not None

    async def state_or_none(self, interaction: discord.Interaction[Any], game: Game[S]) -> S | None:
        """For autocomplete: the channel's state of ``game``, or None (never raises)."""
        try:
            if interaction.channel_id is None:
                return None
            campaign = await self.store.get(interaction.channel_id)
            if campaign is None or campaign.game != game.key:
                return None
            return game.load(campaign.state)
        except Exception:
            log.exception("autocomplete could not read the campaign")
            return None
