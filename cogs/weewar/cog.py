"""/battle: a Weewar battle, rolled or as exact odds.

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaigns import describe_invocation
from bot.rules.weewar import battle as ww_battle
from bot.rules.weewar import odds as ww_odds
from bot.rules.weewar.tables import MAX_SUGGESTIONS, suggest_terrains, suggest_units
from bot.ui import ReplyButtons, lang
from cogs.weewar.render import (
    Frame,
    battle_footer,
    battle_frame,
    history_summary,
    render_frame,
)

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_GANG_UP = 10
MAX_DISTANCE = 10

# /battle's options as the command received them: attacker, defender, attacker-terrain,
# defender-terrain, attackers, defenders, distance, ranged, beside, opposite, flank, rules.
_Options = tuple[str, str, str | None, str | None, int, int, int, int, int, int, int, str]


@lru_cache(maxsize=1024)
def _planned(options: _Options) -> tuple[ww_battle.BattlePlan, ww_odds.BattleOdds]:
    """The checked battle and its exact odds (the tables never change: the same options give
    the same plan; a refusal is raised every time, never cached)."""
    attacker, defender, attacker_terrain, defender_terrain, *counts, rules = options
    attackers, defenders, distance, ranged, beside, opposite, flank = counts
    setup = ww_battle.make_setup(
        attacker,
        defender,
        attacker_terrain,
        defender_terrain,
        attackers=attackers,
        defenders=defenders,
        distance=distance,
        ranged=ranged,
        beside=beside,
        opposite=opposite,
        flank=flank,
        rules=rules,
    )
    battle = ww_battle.plan(setup)
    return battle, ww_odds.plan_odds(battle)


@lru_cache(maxsize=1024)
def _frame_for(loc: str, options: _Options, rolled: bool) -> Frame:
    return battle_frame(loc, _planned(options)[0], rolled)


@lru_cache(maxsize=1024)
def _footer_for(loc: str, options: _Options, recorded: bool) -> str:
    return battle_footer(loc, _planned(options)[1], recorded)


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names[:MAX_SUGGESTIONS]]


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------


class WeewarCog(commands.Cog):
    """Weewar battles: any channel; rolled battles join the channel campaign's history."""

    help_section = "Weewar"
    help_order = 20

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="battle", description="Weewar: roll an attack and its counter-strike, with exact odds"
    )
    @app_commands.rename(
        attacker_terrain="attacker-terrain",
        defender_terrain="defender-terrain",
        odds_only="odds-only",
    )
    @app_commands.describe(
        attacker="The attacking unit, e.g. Tank",
        defender="The unit attacked, e.g. Trooper",
        attacker_terrain="Terrain the attacker stands on (default Plains)",
        defender_terrain="Terrain the defender stands on (default Plains)",
        attackers="Attacking sub units, 1–10 (default 10)",
        defenders="Defending sub units, 1–10 (default 10)",
        distance="Distance between the two in hexes (default 1)",
        ranged="Earlier attacks on this defender this turn from a distance (+1 each)",
        beside="Earlier attacks from a hex adjacent to both attacker and defender (+1 each)",
        opposite="Earlier attacks from the hex on the defender's opposite side (+3 each)",
        flank="Earlier attacks from any other hex adjacent to the defender (+2 each)",
        rules="published formula (default) or server: a die hits only if r < p − 0.01",
        odds_only="True: show the exact odds without rolling",
    )
    async def battle(
        self,
        interaction: discord.Interaction[Any],
        attacker: str,
        defender: str,
        attacker_terrain: str | None = None,
        defender_terrain: str | None = None,
        attackers: app_commands.Range[int, 1, ww_battle.MAX_SUBUNITS] = ww_battle.MAX_SUBUNITS,
        defenders: app_commands.Range[int, 1, ww_battle.MAX_SUBUNITS] = ww_battle.MAX_SUBUNITS,
        distance: app_commands.Range[int, 1, MAX_DISTANCE] = 1,
        ranged: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        beside: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        opposite: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        flank: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        rules: Literal["published", "server"] = "published",
        odds_only: bool = False,
    ) -> None:
        options: _Options = (
            attacker,
            defender,
            attacker_terrain,
            defender_terrain,
            attackers,
            defenders,
            distance,
            ranged,
            beside,
            opposite,
            flank,
            rules,
        )
        _planned(options)  # refuses a battle that can't be fought, before anything else
        loc = lang(interaction)
        if odds_only:
            builder = render_frame(loc, _frame_for(loc, options, False), None)
            builder.footer(_footer_for(loc, options, False))
            await interaction.response.send_message(embed=builder.build())
            return
        await self.fight(interaction, options, describe_invocation(interaction))

    async def fight(
        self, interaction: discord.Interaction[Any], options: _Options, command: str
    ) -> None:
        """Roll the battle ``options`` describe for the member behind ``interaction`` (the
        command, or a press of Roll again: ``command`` is what the history shows)."""
        battle, _odds = _planned(options)
        loc = lang(interaction)
        dice = self.bot.new_dice()
        # The outcome keeps every number drawn; the history gets them from there, compactly.
        recording, dice.record_uniform = dice.record_uniform, False
        try:
            outcome = ww_battle.fight_plan(battle, dice)
        finally:
            dice.record_uniform = recording
        recorded = False
        if interaction.channel_id is not None:
            async with self.bot.campaign_tx(
                interaction, game=None, require=False, command=command
            ) as tx:
                if tx.campaign is not None:
                    # Any game's campaign: history only, the state stays as it is.
                    tx.record(history_summary(outcome), [*dice.draws, *outcome.history_dice()])
                    recorded = True
        builder = render_frame(loc, _frame_for(loc, options, True), outcome)
        builder.footer(_footer_for(loc, options, recorded))

        async def again(pressed: discord.Interaction[Any]) -> None:
            await self.fight(pressed, options, command)

        await interaction.response.send_message(
            embed=builder.build(), view=ReplyButtons(loc, again=again)
        )

    @battle.autocomplete("attacker")
    @battle.autocomplete("defender")
    async def _unit_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _choices(suggest_units(current))
        except Exception:
            log.exception("unit autocomplete failed")
            return []

    @battle.autocomplete("attacker_terrain")
    @battle.autocomplete("defender_terrain")
    async def _terrain_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _choices(suggest_terrains(current))
        except Exception:
            log.exception("terrain autocomplete failed")
            return []
