"""/battle's reply: every embed, line and chart, in the reader's language (all reply text comes
from the catalogs: bot/locales/<loc>/weewar.ftl; numbers through the catalog's formatters).
"""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.catalog import DEFAULT, decimal, number, percent, percent_cell, render, signed, t
from bot.rules.msg import Msg
from bot.rules.weewar.battle import HITS_PER_LOSS, BattlePlan, GangUp, StrikeTerms, gang_up_bonus
from bot.rules.weewar.odds import BattleOdds, expected
from bot.rules.weewar.outcome import Battle
from bot.rules.weewar.rolling import BattleOutcome, Strike
from bot.rules.weewar.tables import class_name, class_of
from bot.ui import EmbedBuilder, bar

_GANG_UP_KINDS = ("ranged", "beside", "opposite", "flank")
#: the least chance a chart shows (it rounds half up to 0.1 %); smaller ones are summed up
_SHOWN = Fraction(1, 2000)


def _term(n: int) -> str:
    """A term of the formula: ``+ 3``, ``− 1``."""
    return signed(n, minus="−", space=True)


def _short(x: Fraction) -> str:
    """A whole number of hundredths without trailing zeros (0.55, 0.5, 1, -0.1), with a point:
    :func:`render_formula` writes the whole formula in the reader's notation at the end."""
    return number(DEFAULT, x, 2, trim=True)


def render_formula(loc: str, terms: StrikeTerms) -> str:
    """``p = 0.05 × ((7 + 0) − (6 + 3) + 2) + 0.5 = 0.5``, then why p is not the raw value."""
    text = (
        f"p = 0.05 × (({terms.a} {_term(terms.ta)}) − "
        f"({terms.d} {_term(terms.td)}) {_term(terms.b)}) + 0.5 = "
        f"{_short(terms.p)}"
    )
    if terms.unclamped != terms.p:
        text += " " + t(loc, "ww-clamped", value=_short(terms.unclamped))
    if terms.rules == "server":
        text += t(loc, "ww-server-hit", value=_short(terms.chance))
    return decimal(loc, text)


def render_terms(loc: str, terms: StrikeTerms) -> str:
    """The formula and where each number came from."""
    return "\n".join(
        [
            f"`{render_formula(loc, terms)}`",
            t(
                loc,
                "ww-terms",
                a=str(terms.a),
                striker=terms.striker,
                target_vs=class_of(terms.target_class),
                ta=signed(terms.ta, minus="−"),
                striker_terrain=terms.striker_terrain,
                striker_class=class_name(terms.striker_class),
                d=str(terms.d),
                target=terms.target,
                td=signed(terms.td, minus="−"),
                target_terrain=terms.target_terrain,
                target_class=class_name(terms.target_class),
                b=str(terms.b),
            ),
        ]
    )


def render_strike(loc: str, strike: Strike) -> str:
    """The strike's terms (:func:`render_terms`) and its dice: hits per sub unit, hits,
    losses."""
    terms = strike.terms
    capped = strike.hits // HITS_PER_LOSS > terms.targets
    rounding = Msg.of(
        "ww-rounding-capped" if capped else "ww-rounding",
        hits=strike.hits,
        per=str(HITS_PER_LOSS),
        targets=terms.targets,
    )
    return "\n".join(
        [
            render_terms(loc, terms),
            t(
                loc,
                "ww-strike",
                dice=terms.dice,
                per_unit=" ".join(map(str, strike.hits_per_subunit())),
                hits=strike.hits,
                target=terms.target,
                losses=strike.losses,
                rounding=rounding,
            ),
        ]
    )


def chart_rows(loc: str, dist: tuple[Fraction, ...], width: int = 16) -> list[str]:
    """One row per number of losses whose chance rounds to at least 0.1 %
    (``lose  3 │████▌   22.5%``); one more row sums up the outcomes left out, if any."""
    rows: list[str] = []
    hidden: list[Fraction] = []
    digits = len(str(len(dist) - 1))
    for k, q in enumerate(dist):
        if q >= _SHOWN:
            rows.append(
                t(
                    loc,
                    "ww-chart-row",
                    k=f"{k:>{digits}}",
                    bar=bar(q, width),
                    percent=percent_cell(loc, q),
                )
            )
        elif q > 0:
            hidden.append(q)
    if hidden:
        share = percent(loc, sum(hidden, Fraction(0)), space=False, bounded=True)
        rows.append(t(loc, "ww-chart-others", count=len(hidden), share=share))
    return rows


def render_chart(loc: str, dist: tuple[Fraction, ...], left_of: int) -> str:
    return (
        "```\n"
        + "\n".join(chart_rows(loc, dist))
        + "\n```\n"
        + t(
            loc,
            "ww-chart-summary",
            expected=number(loc, expected(dist), 2),
            of=left_of,
            none=percent(loc, dist[0], space=False),
            all=percent(loc, dist[-1], space=False),
        )
    )


def render_gang_up(loc: str, gang_up: GangUp) -> str:
    parts = [
        f"{count}×{gang_up_bonus(**{kind: 1})} {t(loc, f'ww-gang-up-{kind}')}"
        for kind in _GANG_UP_KINDS
        if (count := getattr(gang_up, kind))
    ]
    breakdown = " + ".join(parts) if parts else t(loc, "ww-gang-up-none")
    return t(loc, "ww-gang-up", bonus=str(gang_up.bonus), breakdown=breakdown)


def _description(loc: str, battle: BattlePlan, outcome: BattleOutcome | None) -> str:
    """Who fights whom where, the gang-up bonus if any, and the result once rolled."""
    s = battle.setup
    lines = [
        t(
            loc,
            "ww-setup",
            attackers=s.attackers,
            attacker=s.attacker.name,
            attacker_terrain=s.attacker_terrain.name,
            defenders=s.defenders,
            defender=s.defender.name,
            defender_terrain=s.defender_terrain.name,
            distance=s.distance,
            rules=Msg(f"ww-rules-{s.rules}"),
        )
    ]
    if s.gang_up.bonus:
        lines.append(render_gang_up(loc, s.gang_up))
    if outcome is not None:
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
    return "\n".join(lines)


def render_battle(loc: str, fought: Battle, recorded: bool = False) -> discord.Embed:
    """The reply to /battle: the set-up, both strikes (their terms, and their dice once rolled),
    both sides' exact losses, and the footer (the odds in short; whether the roll went into the
    channel campaign's history)."""
    battle, odds, outcome = fought.plan, fought.odds, fought.rolled
    s = battle.setup
    att, dfn = s.attacker.name, s.defender.name
    title = t(loc, "ww-title" if outcome else "ww-title-odds", attacker=att, defender=dfn)
    builder = EmbedBuilder(title, _description(loc, battle, outcome))
    builder.field(
        t(loc, "ww-field-attack", attacker=att, defender=dfn),
        render_strike(loc, outcome.attack) if outcome else render_terms(loc, battle.attack),
    )
    if battle.counter is None:
        why = battle.no_counter or Msg("ww-no-counter")
        builder.field(t(loc, "ww-field-no-counter"), render(loc, why))
    else:
        builder.field(
            t(loc, "ww-field-counter", attacker=att, defender=dfn),
            render_strike(loc, outcome.counter)
            if outcome and outcome.counter
            else render_terms(loc, battle.counter),
        )
    builder.field(
        t(loc, "ww-field-losses", unit=dfn), render_chart(loc, odds.defender_losses, s.defenders)
    )
    if battle.counter is not None:
        builder.field(
            t(loc, "ww-field-losses", unit=att),
            render_chart(loc, odds.attacker_losses, s.attackers),
        )
    builder.footer(battle_footer(loc, odds, recorded))
    return builder.build()


def battle_footer(loc: str, odds: BattleOdds, recorded: bool) -> str:
    s = odds.plan.setup
    footer = t(
        loc,
        "ww-footer",
        defender=s.defender.name,
        destroyed=percent(loc, odds.defender_destroyed, space=False),
        attacker=s.attacker.name,
        unscathed=percent(loc, odds.attacker_unscathed, space=False),
    )
    if recorded:
        footer += " · " + t(loc, "ww-footer-recorded")
    return footer
