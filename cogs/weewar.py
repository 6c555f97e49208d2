"""/battle: a Weewar battle, rolled or as exact odds.

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

import asyncio
import logging
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.rules import weewar as ww
from bot.ui import EmbedBuilder

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_GANG_UP = 10
MAX_DISTANCE = 10


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text lives here)
# ----------------------------------------------------------------------------------------------


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _losses_word(n: int) -> str:
    return f"{n} sub unit" if n == 1 else f"{n} sub units"


def render_terms(terms: ww.StrikeTerms) -> str:
    """The formula and where each number came from."""
    return "\n".join(
        [
            f"`{terms.formula()}`",
            f"A {terms.a} ({terms.striker} vs {terms.target_class}) · "
            f"Ta {_signed(terms.ta)} ({terms.striker_terrain}, {terms.striker_class}) · "
            f"D {terms.d} ({terms.target}) · "
            f"Td {_signed(terms.td)} ({terms.target_terrain}, {terms.target_class}) · "
            f"B {terms.b}",
        ]
    )


def render_strike(strike: ww.Strike) -> str:
    terms = strike.terms
    per_unit = strike.hits_per_subunit()
    return "\n".join(
        [
            render_terms(terms),
            f"{terms.dice} dice, hits per sub unit: {' '.join(map(str, per_unit))} "
            f"= **{strike.hits} hits** → {terms.target} loses "
            f"**{_losses_word(strike.losses)}** ({strike.hits} ÷ 6, rounded down"
            + (f", at most {terms.targets})" if strike.hits // 6 > terms.targets else ")"),
        ]
    )


def render_chart(dist: tuple[Fraction, ...], left_of: int) -> str:
    rows = ww.loss_chart(dist, width=16)
    expected = float(ww.expected(dist))
    return (
        "```\n"
        + "\n".join(rows)
        + "\n```\n"
        + f"expected losses **{expected:.2f}** of {left_of} · "
        f"no losses {ww.percent(dist[0])} · wiped out {ww.percent(dist[-1])}"
    )


@lru_cache(maxsize=512)
def _chart_for(chance: Fraction, strikers: int, targets: int) -> str:
    """The chart of one strike's exact losses (the same battle asked again costs nothing)."""
    return render_chart(ww.loss_distribution(chance, strikers, targets), targets)


def render_battle(
    battle: ww.BattlePlan,
    odds: ww.BattleOdds,
    outcome: ww.BattleOutcome | None,
) -> EmbedBuilder:
    """Everything but the footer (see :func:`battle_footer`)."""
    s = battle.setup
    att, dfn = s.attacker.name, s.defender.name
    title = f"{att} attacks {dfn}" + (" — odds" if outcome is None else "")
    lines = [
        f"{s.attackers} {att} on {s.attacker_terrain.name} → {s.defenders} {dfn} on "
        f"{s.defender_terrain.name}, distance {s.distance}, {s.rules} rules",
    ]
    if s.gang_up.bonus:
        lines.append(f"Gang-up bonus B = {s.gang_up.bonus} ({s.gang_up.breakdown})")
    if outcome is not None:
        lines.append(
            f"**Result:** {att} {s.attackers} → **{outcome.attackers_left}** · "
            f"{dfn} {s.defenders} → **{outcome.defenders_left}**"
        )
    builder = EmbedBuilder(title, "\n".join(lines))

    attack_name = f"Attack: {att} → {dfn}"
    if outcome is not None:
        builder.field(attack_name, render_strike(outcome.attack))
    else:
        builder.field(attack_name, render_terms(battle.attack))

    if battle.counter is None:
        builder.field("Counter-strike", battle.no_counter or "No counter-strike")
    else:
        counter_name = f"Counter-strike: {dfn} → {att} (counts before the battle, B = 0)"
        if outcome is not None and outcome.counter is not None:
            builder.field(counter_name, render_strike(outcome.counter))
        else:
            builder.field(counter_name, render_terms(battle.counter))

    builder.field(
        f"{dfn}'s losses (exact odds)",
        _chart_for(battle.attack.chance, s.attackers, s.defenders),
    )
    if battle.counter is not None:
        builder.field(
            f"{att}'s losses (exact odds)",
            _chart_for(battle.counter.chance, s.defenders, s.attackers),
        )
    return builder


def battle_footer(odds: ww.BattleOdds, recorded: bool) -> str:
    s = odds.plan.setup
    footer = (
        f"Chance to destroy the {s.defender.name}: {ww.percent(odds.defender_destroyed)} · "
        f"{s.attacker.name} takes no losses: {ww.percent(odds.attacker_unscathed)}"
    )
    if recorded:
        footer += " · recorded in this channel's campaign history"
    return footer


def history_summary(outcome: ww.BattleOutcome) -> str:
    s = outcome.setup
    att, dfn = s.attacker.name, s.defender.name
    counter = (
        f"{att} lost {outcome.attacker_losses}"
        if outcome.counter is not None
        else "no counter-strike"
    )
    return (
        f"Weewar battle: {s.attackers} {att} ({s.attacker_terrain.name}) attacked "
        f"{s.defenders} {dfn} ({s.defender_terrain.name}) at distance {s.distance}, "
        f"B {s.gang_up.bonus}, {s.rules} rules: {dfn} lost {outcome.defender_losses}, {counter} "
        f"— {outcome.attackers_left} {att} and {outcome.defenders_left} {dfn} left"
    )


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names[: ww.MAX_SUGGESTIONS]]


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
        setup = ww.make_setup(
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
        battle = ww.plan(setup)
        odds = ww.plan_odds(battle)
        if odds_only:
            builder = render_battle(battle, odds, None)
            builder.footer(battle_footer(odds, recorded=False))
            await interaction.response.send_message(embed=builder.build())
            return

        # Does the channel have a campaign (any game)? Ask the database now and roll and render
        # while it answers; without a campaign there is nothing to commit before replying.
        pending = (
            asyncio.ensure_future(self.bot.store.get(interaction.channel_id))
            if interaction.channel_id is not None
            else None
        )
        try:
            await asyncio.sleep(0)  # let the read reach the database thread
            dice = self.bot.new_dice()
            # The outcome keeps every number drawn; the history gets them from there.
            recording, dice.record_uniform = dice.record_uniform, False
            try:
                outcome = ww.fight_plan(battle, dice)
            finally:
                dice.record_uniform = recording
            await asyncio.sleep(0)
            builder = render_battle(battle, odds, outcome)
            campaign = await pending if pending is not None else None
        except BaseException:
            if pending is not None:
                pending.cancel()
            raise
        recorded = False
        if campaign is not None:
            async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
                if tx.campaign is not None:
                    # Any game's campaign: history only, the state stays as it is.
                    tx.record(history_summary(outcome), [*dice.draws, *outcome.draws()])
                    recorded = True
        builder.footer(battle_footer(odds, recorded))
        await interaction.response.send_message(embed=builder.build())

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


async def setup(bot: TableBot) -> None:
    await bot.add_cog(WeewarCog(bot))
