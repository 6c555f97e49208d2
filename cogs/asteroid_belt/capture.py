"""/capture: target an asteroid, the guards' attack, attacking the guards left, the mine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send, update
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Dice
from bot.rules.errors import BotError
from bot.ui import lang, undo_button
from cogs.asteroid_belt.base import GAME, AsteroidBeltBase, UnitOpt
from cogs.asteroid_belt.buttons import without_guard_controls
from cogs.asteroid_belt.render import render_outcome

if TYPE_CHECKING:
    from bot.app import TableBot


class CaptureCog(AsteroidBeltBase, commands.Cog):
    """Asteroid Belt: target -> guards -> flag -> mine."""

    help_section = ab.GAME.title
    help_order = 51

    capture = app_commands.Group(
        name="capture", description="Asteroid Belt: target, guards, attack, mine"
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @capture.command(name="target", description="Put your Target marker on an asteroid")
    @app_commands.describe(
        asteroid="Asteroid within 2 cells of a unit of yours",
        civilisation="GM: act for this civilisation",
    )
    async def target(
        self,
        interaction: discord.Interaction[Any],
        asteroid: str,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.target(s, c, asteroid))

    @target.autocomplete("asteroid")
    async def _target_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, ["free", "target"])

    @capture.command(
        name="guards", description="Guards' player: the natives attack the invaders of a target"
    )
    @app_commands.describe(
        asteroid="The target whose guards attack",
        picks="Per guard in order, the invader it attacks, e.g. 'assault engineer'",
    )
    async def guards(
        self,
        interaction: discord.Interaction[Any],
        asteroid: str,
        picks: app_commands.Range[str, 0, 80] = "",
    ) -> None:
        await self.guards_of(interaction, asteroid, picks)

    async def guards_of(
        self,
        interaction: discord.Interaction[Any],
        asteroid: str | None,
        picks: str,
        *,
        campaign_id: int | None = None,
        press: tuple[int, str] | None = None,
    ) -> None:
        """The guards of ``asteroid`` attack (the command; or a press of Guards attack, made
        under campaign ``campaign_id`` for the asteroid at place ``press[0]`` targeted by
        ``press[1]``: the guard controls then leave the pressed message)."""
        dice = self.bot.new_dice()
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            if press is not None:
                if campaign_id is not None and play.campaign.campaign_id != campaign_id:
                    raise BotError(key="campaign-ended")
                asteroid = ab.guards_due(state, *press).label
                play.tx.command = f"/capture guards asteroid:{asteroid}" + (
                    f" picks:{picks}" if picks else ""
                )
            assert asteroid is not None
            member_civ, gm = await self._who(interaction, play.campaign, state)
            ab.require_guards_player(state, asteroid, member_civ, gm=gm)
            units = ab.parse_units(picks) if picks.strip() else []
            new, outcome = ab.resolve_guards(state, asteroid, units, dice)
            play.commit(new, outcome)
            embed = render_outcome(lang(interaction), new, outcome)
        if press is not None:
            await update(interaction, view=without_guard_controls(interaction.message))
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

    @guards.autocomplete("asteroid")
    async def _guards_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, ["target"])

    @capture.command(name="attack", description="Attack a target's remaining guards with a unit")
    @app_commands.describe(
        asteroid="Your target with guards left",
        unit="Your attacking unit (in the field)",
        guard="Which guard (default: the first one left)",
        civilisation="GM: act for this civilisation",
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        asteroid: str,
        unit: UnitOpt,
        guard: Literal["engineer", "assault", "recon"] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(
            interaction,
            civilisation,
            lambda s, c, d: ab.attack_guards(s, c, asteroid, unit, d, guard=guard),
        )

    async def attack_of(
        self,
        interaction: discord.Interaction[Any],
        campaign_id: int,
        ast: int,
        civ: str,
        unit: str,
        guard: str,
    ) -> None:
        """A choice in Attack a guard: ``/capture attack`` on the asteroid at place ``ast`` for
        ``civ`` (the besieger), made under campaign ``campaign_id``."""

        def step(
            s: ab.AsteroidBeltState, c: ab.CivId, d: Dice
        ) -> tuple[ab.AsteroidBeltState, ab.Outcome]:
            label = ab.besieged_by(s, ast, c)
            return ab.attack_guards(s, c, label, unit, d, guard=guard)

        state = await self.bot.read_state(interaction, GAME)
        label = ab.besieged_by(state, ast, civ)
        await self._act(
            interaction,
            civ,
            step,
            campaign_id=campaign_id,
            command=(
                f"/capture attack asteroid:{label} unit:{unit} guard:{guard} civilisation:{civ}"
            ),
        )

    @attack.autocomplete("asteroid")
    async def _attack_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, ["target"], own=True)

    @capture.command(
        name="mine", description="Build a mine on a flagged asteroid: its VP and resources"
    )
    @app_commands.describe(
        asteroid="Flagged asteroid next to a unit of yours",
        civilisation="GM: act for this civilisation",
    )
    async def mine(
        self,
        interaction: discord.Interaction[Any],
        asteroid: str,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.build_mine(s, c, asteroid))

    @mine.autocomplete("asteroid")
    async def _mine_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, ["flag"])

    @target.autocomplete("civilisation")
    @attack.autocomplete("civilisation")
    @mine.autocomplete("civilisation")
    async def _civ_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self._civ_choices(interaction, current)
