"""What the Asteroid Belt cogs share: the option types, who acts for which civilisation, the
usual act-store-reply shape, and the autocompletes (asteroids, civilisations)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.answers import send
from bot.catalog import t
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Dice
from bot.rules.errors import BotError
from bot.storage import Campaign
from bot.ui import clip, lang
from cogs.asteroid_belt.buttons import turn_buttons
from cogs.asteroid_belt.render import render_asteroid, render_outcome

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = ab.GAME
UnitOpt = Literal["engineer", "assault", "recon", "elite"]
CivOpt = Literal["violet", "orange", "green"]
SideOpt = Literal["violet", "orange", "green", "natives"]

Step = Callable[[ab.AsteroidBeltState, ab.CivId, Dice], tuple[ab.AsteroidBeltState, ab.Outcome]]


class AsteroidBeltBase:
    """The plumbing of the /asteroids and /capture cogs."""

    bot: TableBot

    async def _who(
        self, interaction: discord.Interaction[Any], campaign: Campaign, state: ab.AsteroidBeltState
    ) -> tuple[ab.CivId | None, bool]:
        gm = await self.bot.is_game_master(interaction, campaign)
        return ab.civ_of_member(state, interaction.user.id), gm

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        civilisation: str | None,
        step: Step,
        *,
        campaign_id: int | None = None,
        command: str | None = None,
    ) -> None:
        """The usual shape: check who acts for which civilisation, apply ``step(state, civ,
        dice)``, store, reply. A button passes the campaign it was made for (another one
        refuses) and what the history shows as typed."""
        dice = self.bot.new_dice()
        async with self.bot.play(interaction, GAME, command=command) as play:
            state = play.state
            if campaign_id is not None and play.campaign.campaign_id != campaign_id:
                raise BotError(key="campaign-ended")
            member_civ, gm = await self._who(interaction, play.campaign, state)
            civ = ab.acting_civ(state, member_civ, gm=gm, requested=civilisation)
            new, outcome = step(state, civ, dice)
            play.commit(new, outcome)
            embed = render_outcome(lang(interaction), new, outcome)
        await send(interaction, embed=embed, view=turn_buttons(interaction, play.tx, new, civ))

    async def _suggest(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        statuses: Iterable[ab.Status] | None = None,
        *,
        own: bool = False,
        classes: Iterable[int] | None = None,
    ) -> list[app_commands.Choice[str]]:
        try:
            state = await self.bot.state_or_none(interaction, GAME)
            if state is None:
                return []
            civ = ab.civ_of_member(state, interaction.user.id) if own else None
            labels = ab.suggest_asteroids(state, current, statuses, civ=civ, classes=classes)
            by_label = {a.label: a for a in state.asteroids}
            loc = lang(interaction)
            return [
                app_commands.Choice(
                    name=clip(render_asteroid(loc, state, by_label[label]), 100), value=label
                )
                for label in labels
            ]
        except Exception:
            log.exception("asteroid autocomplete failed")
            return []

    async def _own_books(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[str, ab.CivState] | None:
        """The reader's language and the books of the civilisation this member plays (or, for
        a member who plays none, of whose turn it is)."""
        state = await self.bot.state_or_none(interaction, GAME)
        if state is None:
            return None
        civ = ab.civ_of_member(state, interaction.user.id) or ab.current_civ(state)
        return lang(interaction), state.civs[civ]

    @staticmethod
    def _civ_choices(
        interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The civilisations whose id or name (in either language) contains what was typed."""
        try:
            key = current.strip().lower().replace("ё", "е")
            loc = lang(interaction)
            out = []
            for c in ab.CIV_IDS:
                name = t(loc, f"ab-civ-{c}")
                names = (c, ab.civ_row(c).name, ab.civ_row(c).name_ru, name)
                if any(key in n.lower().replace("ё", "е") for n in names):
                    out.append(app_commands.Choice(name=name, value=c))
            return out
        except Exception:
            log.exception("civilisation autocomplete failed")
            return []
