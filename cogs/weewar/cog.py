"""/battle: a Weewar battle, rolled or as exact odds.

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot import catalog
from bot.app import describe_invocation
from bot.catalog import Msg, decimal, encode_summary, locale_of
from bot.rules import weewar as ww
from bot.ui import EmbedBuilder, ReplyButtons

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_GANG_UP = 10
MAX_DISTANCE = 10


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text comes from the catalogs: bot/locales/<loc>/weewar.ftl)
# ----------------------------------------------------------------------------------------------

_GANG_UP_KINDS = ("ranged", "beside", "opposite", "flank")
_SLOT = "\x00"  # stands for the per-sub-unit hits in a cached strike line


@lru_cache(maxsize=4096)
def _message(loc: str, key: str, args: tuple[tuple[str, Any], ...]) -> str:
    return catalog.t(loc, key, **dict(args))


def t(loc: str, key: str, /, **args: Any) -> str:
    """Catalog message ``key`` in ``loc`` (cached: the same words cost nothing the second time)."""
    return _message(loc, key, tuple(sorted(args.items())))


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def _signed_spaced(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"− {-n}"


def render_formula(loc: str, terms: ww.StrikeTerms) -> str:
    """``p = 0.05 × ((7 + 0) − (6 + 3) + 2) + 0.5 = 0.5``, then why p is not the raw value."""
    text = (
        f"p = 0.05 × (({terms.a} {_signed_spaced(terms.ta)}) − "
        f"({terms.d} {_signed_spaced(terms.td)}) {_signed_spaced(terms.b)}) + 0.5 = "
        f"{ww._dec(terms.p)}"
    )
    unclamped = Fraction(1, 20) * terms.raw + Fraction(1, 2)
    if unclamped != terms.p:
        text += " " + t(loc, "ww-clamped", value=ww._dec(unclamped))
    if terms.rules == "server":
        text += t(loc, "ww-server-hit", value=ww._dec(terms.chance))
    return decimal(loc, text)


def render_terms(loc: str, terms: ww.StrikeTerms) -> str:
    """The formula and where each number came from."""
    return "\n".join(
        [
            f"`{render_formula(loc, terms)}`",
            t(
                loc,
                "ww-terms",
                a=str(terms.a),
                striker=terms.striker,
                target_vs=ww.class_of(terms.target_class),
                ta=_signed(terms.ta),
                striker_terrain=terms.striker_terrain,
                striker_class=ww.class_name(terms.striker_class),
                d=str(terms.d),
                target=terms.target,
                td=_signed(terms.td),
                target_terrain=terms.target_terrain,
                target_class=ww.class_name(terms.target_class),
                b=str(terms.b),
            ),
        ]
    )


def render_strike(loc: str, strike: ww.Strike, terms_text: str | None = None) -> str:
    """The strike's terms (``terms_text`` if given: :func:`render_terms` of them) and its
    dice: hits per sub unit, hits, losses."""
    terms = strike.terms
    per = ww.HITS_PER_LOSS
    capped = strike.hits // per > terms.targets
    rounding = Msg.of(
        "ww-rounding-capped" if capped else "ww-rounding",
        hits=strike.hits,
        per=str(per),
        targets=terms.targets,
    )
    return "\n".join(
        [
            render_terms(loc, terms) if terms_text is None else terms_text,
            t(
                loc,
                "ww-strike",
                dice=terms.dice,
                per_unit=_SLOT,
                hits=strike.hits,
                target=terms.target,
                losses=strike.losses,
                rounding=rounding,
            ).replace(_SLOT, " ".join(map(str, strike.hits_per_subunit()))),
        ]
    )


def chart_rows(loc: str, dist: tuple[Fraction, ...], width: int = 16) -> list[str]:
    """One row per number of losses whose chance rounds to at least 0.1 %
    (``lose  3 │████▌   22.5%``); one more row sums up the outcomes left out, if any."""
    rows: list[str] = []
    hidden: list[Fraction] = []
    digits = len(str(len(dist) - 1))
    for k, q in enumerate(dist):
        shown = ww.percent(q)
        if shown != "0.0%":
            rows.append(
                t(
                    loc,
                    "ww-chart-row",
                    k=f"{k:>{digits}}",
                    bar=ww.bar(q, width),
                    percent=decimal(loc, f"{shown:>6}"),
                )
            )
        elif q > 0:
            hidden.append(q)
    if hidden:
        together = ww.percent(sum(hidden, Fraction(0)))
        share = "< 0.1%" if together == "0.0%" else together
        rows.append(t(loc, "ww-chart-others", count=len(hidden), share=decimal(loc, share)))
    return rows


def render_chart(loc: str, dist: tuple[Fraction, ...], left_of: int) -> str:
    expected = float(ww.expected(dist))
    return (
        "```\n"
        + "\n".join(chart_rows(loc, dist))
        + "\n```\n"
        + t(
            loc,
            "ww-chart-summary",
            expected=decimal(loc, f"{expected:.2f}"),
            of=left_of,
            none=decimal(loc, ww.percent(dist[0])),
            all=decimal(loc, ww.percent(dist[-1])),
        )
    )


@lru_cache(maxsize=512)
def _chart_for(loc: str, chance: Fraction, strikers: int, targets: int) -> str:
    """The chart of one strike's exact losses (the same battle asked again costs nothing)."""
    return render_chart(loc, ww.loss_distribution(chance, strikers, targets), targets)


def render_gang_up(loc: str, gang_up: ww.GangUp) -> str:
    parts = [
        f"{count}×{ww.gang_up_bonus(**{kind: 1})} {t(loc, f'ww-gang-up-{kind}')}"
        for kind in _GANG_UP_KINDS
        if (count := getattr(gang_up, kind))
    ]
    breakdown = " + ".join(parts) if parts else t(loc, "ww-gang-up-none")
    return t(loc, "ww-gang-up", bonus=str(gang_up.bonus), breakdown=breakdown)


@dataclass(frozen=True, slots=True)
class _Frame:
    """Everything in a battle's reply that the dice do not change, rendered once."""

    title: str
    lines: tuple[str, ...]  # the description before the result line
    attack_name: str
    attack_terms: str
    counter_name: str
    counter_text: str  # the counter-strike's terms, or why there is none
    charts: tuple[tuple[str, str], ...]


def _frame(loc: str, battle: ww.BattlePlan, rolled: bool) -> _Frame:
    s = battle.setup
    att, dfn = s.attacker.name, s.defender.name
    title = t(loc, "ww-title" if rolled else "ww-title-odds", attacker=att, defender=dfn)
    lines = [
        t(
            loc,
            "ww-setup",
            attackers=s.attackers,
            attacker=att,
            attacker_terrain=s.attacker_terrain.name,
            defenders=s.defenders,
            defender=dfn,
            defender_terrain=s.defender_terrain.name,
            distance=s.distance,
            rules=Msg(f"ww-rules-{s.rules}"),
        )
    ]
    if s.gang_up.bonus:
        lines.append(render_gang_up(loc, s.gang_up))
    if battle.counter is None:
        why = battle.no_counter_msg
        counter_name = t(loc, "ww-field-no-counter")
        counter_text = (
            t(loc, why.key, **dict(why.args)) if why is not None else t(loc, "ww-no-counter")
        )
    else:
        counter_name = t(loc, "ww-field-counter", attacker=att, defender=dfn)
        counter_text = render_terms(loc, battle.counter)
    charts = [
        (
            t(loc, "ww-field-losses", unit=dfn),
            _chart_for(loc, battle.attack.chance, s.attackers, s.defenders),
        )
    ]
    if battle.counter is not None:
        charts.append(
            (
                t(loc, "ww-field-losses", unit=att),
                _chart_for(loc, battle.counter.chance, s.defenders, s.attackers),
            )
        )
    return _Frame(
        title=title,
        lines=tuple(lines),
        attack_name=t(loc, "ww-field-attack", attacker=att, defender=dfn),
        attack_terms=render_terms(loc, battle.attack),
        counter_name=counter_name,
        counter_text=counter_text,
        charts=tuple(charts),
    )


def _render(loc: str, frame: _Frame, outcome: ww.BattleOutcome | None) -> EmbedBuilder:
    lines = list(frame.lines)
    if outcome is not None:
        s = outcome.setup
        lines.append(
            t(
                loc,
                "ww-result",
                attacker=s.attacker.name,
                attackers=s.attackers,
                attackers_left=outcome.attackers_left,
                defender=s.defender.name,
                defenders=s.defenders,
                defenders_left=outcome.defenders_left,
            )
        )
    builder = EmbedBuilder(frame.title, "\n".join(lines))
    if outcome is not None:
        builder.field(frame.attack_name, render_strike(loc, outcome.attack, frame.attack_terms))
    else:
        builder.field(frame.attack_name, frame.attack_terms)
    if outcome is not None and outcome.counter is not None:
        builder.field(frame.counter_name, render_strike(loc, outcome.counter, frame.counter_text))
    else:
        builder.field(frame.counter_name, frame.counter_text)
    for name, chart in frame.charts:
        builder.field(name, chart)
    return builder


def render_battle(
    loc: str,
    battle: ww.BattlePlan,
    odds: ww.BattleOdds,
    outcome: ww.BattleOutcome | None,
) -> EmbedBuilder:
    """Everything but the footer (see :func:`battle_footer`)."""
    return _render(loc, _frame(loc, battle, outcome is not None), outcome)


def battle_footer(loc: str, odds: ww.BattleOdds, recorded: bool) -> str:
    s = odds.plan.setup
    footer = t(
        loc,
        "ww-footer",
        defender=s.defender.name,
        destroyed=decimal(loc, ww.percent(odds.defender_destroyed)),
        attacker=s.attacker.name,
        unscathed=decimal(loc, ww.percent(odds.attacker_unscathed)),
    )
    if recorded:
        footer += " · " + t(loc, "ww-footer-recorded")
    return footer


# /battle's options as the command received them: attacker, defender, attacker-terrain,
# defender-terrain, attackers, defenders, distance, ranged, beside, opposite, flank, rules.
_Options = tuple[str, str, str | None, str | None, int, int, int, int, int, int, int, str]


@lru_cache(maxsize=1024)
def _planned(options: _Options) -> tuple[ww.BattlePlan, ww.BattleOdds]:
    """The checked battle and its exact odds (the tables never change: the same options give
    the same plan; a refusal is raised every time, never cached)."""
    attacker, defender, attacker_terrain, defender_terrain, *counts, rules = options
    attackers, defenders, distance, ranged, beside, opposite, flank = counts
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
    return battle, ww.plan_odds(battle)


@lru_cache(maxsize=1024)
def _frame_for(loc: str, options: _Options, rolled: bool) -> _Frame:
    return _frame(loc, _planned(options)[0], rolled)


@lru_cache(maxsize=1024)
def _footer_for(loc: str, options: _Options, recorded: bool) -> str:
    return battle_footer(loc, _planned(options)[1], recorded)


def history_summary(outcome: ww.BattleOutcome) -> str:
    """The campaign history's line: stored as a catalog message, so ``/campaign history``
    shows it in the reader's language."""
    s = outcome.setup
    counter = (
        Msg.of("ww-history-counter", attacker=s.attacker.name, losses=outcome.attacker_losses)
        if outcome.counter is not None
        else Msg.of("ww-history-no-counter")
    )
    return encode_summary(
        Msg.of(
            "ww-history",
            attackers=s.attackers,
            attacker=s.attacker.name,
            attacker_terrain=s.attacker_terrain.name,
            defenders=s.defenders,
            defender=s.defender.name,
            defender_terrain=s.defender_terrain.name,
            distance=s.distance,
            bonus=s.gang_up.bonus,
            rules=Msg.of(f"ww-rules-{s.rules}"),
            defender_losses=outcome.defender_losses,
            counter=counter,
            attackers_left=outcome.attackers_left,
            defenders_left=outcome.defenders_left,
        )
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
        loc = locale_of(interaction.locale)
        if odds_only:
            builder = _render(loc, _frame_for(loc, options, False), None)
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
        loc = locale_of(interaction.locale)
        dice = self.bot.new_dice()
        # The outcome keeps every number drawn; the history gets them from there, compactly.
        recording, dice.record_uniform = dice.record_uniform, False
        try:
            outcome = ww.fight_plan(battle, dice)
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
        builder = _render(loc, _frame_for(loc, options, True), outcome)
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
