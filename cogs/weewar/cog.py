"""/battle: a Weewar battle, rolled or as exact odds.

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.campaigns import describe_invocation
from bot.rules import weewar as ww
from bot.ui import ReplyButtons, lang
from cogs.weewar.render import render_battle

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_GANG_UP = 10
MAX_DISTANCE = 10


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names[: ww.MAX_SUGGESTIONS]]


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------


class WeewarCog(commands.Cog):
    """Weewar battles: any channel; rolled battles join the channel campaign's history."""

    help_section = ww.GAME.title
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
        attackers: app_commands.Range[int, 1, ww.MAX_SUBUNITS] = ww.MAX_SUBUNITS,
        defenders: app_commands.Range[int, 1, ww.MAX_SUBUNITS] = ww.MAX_SUBUNITS,
        distance: app_commands.Range[int, 1, MAX_DISTANCE] = 1,
        ranged: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        beside: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        opposite: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        flank: app_commands.Range[int, 0, MAX_GANG_UP] = 0,
        rules: Literal["published", "server"] = "published",
        odds_only: bool = False,
    ) -> None:
        fought = ww.battle(
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
            dice=None if odds_only else self.bot.new_dice(),
        )
        if fought.rolled is None:
            await send(interaction, embed=render_battle(lang(interaction), fought))
            return
        await self.reply(interaction, fought, describe_invocation(interaction))

    async def reply(
        self, interaction: discord.Interaction[Any], fought: ww.Battle, command: str
    ) -> None:
        """Answer a rolled battle (the command, or a press of Roll again: ``command`` is what
        the history shows); a channel with a campaign (of any game) keeps it in that campaign's
        history."""
        assert fought.rolled is not None
        loc = lang(interaction)
        async with self.bot.aside(interaction, fought.rolled, command=command) as recorded:
            embed = render_battle(loc, fought, recorded)

        async def again(pressed: discord.Interaction[Any]) -> None:
            await self.reply(pressed, ww.roll_again(fought, self.bot.new_dice()), command)

        await send(interaction, embed=embed, view=ReplyButtons(loc, again=again))

    @battle.autocomplete("attacker")
    @battle.autocomplete("defender")
    async def _unit_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _choices(ww.suggest_units(current))
        except Exception:
            log.exception("unit autocomplete failed")
            return []

    @battle.autocomplete("attacker_terrain")
    @battle.autocomplete("defender_terrain")
    async def _terrain_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _choices(ww.suggest_terrains(current))
        except Exception:
            log.exception("terrain autocomplete failed")
            return []
