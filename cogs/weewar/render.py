"""/battle's reply: every embed, line and chart, in the reader's language (all reply text comes
from the catalogs: bot/locales/<loc>/weewar.ftl).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bot import catalog
from bot.catalog import decimal, encode_summary
from bot.rules.msg import Msg
from bot.rules.weewar import battle as ww_battle
from bot.rules.weewar import odds as ww_odds
from bot.rules.weewar.tables import class_name, class_of
from bot.ui import EmbedBuilder

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


def render_formula(loc: str, terms: ww_battle.StrikeTerms) -> str:
    """``p = 0.05 × ((7 + 0) − (6 + 3) + 2) + 0.5 = 0.5``, then why p is not the raw value."""
    text = (
        f"p = 0.05 × (({terms.a} {_signed_spaced(terms.ta)}) − "
        f"({terms.d} {_signed_spaced(terms.td)}) {_signed_spaced(terms.b)}) + 0.5 = "
        f"{ww_battle._dec(terms.p)}"
    )
    unclamped = Fraction(1, 20) * terms.raw + Fraction(1, 2)
    if unclamped != terms.p:
        text += " " + t(loc, "ww-clamped", value=ww_battle._dec(unclamped))
    if terms.rules == "server":
        text += t(loc, "ww-server-hit", value=ww_battle._dec(terms.chance))
    return decimal(loc, text)


def render_terms(loc: str, terms: ww_battle.StrikeTerms) -> str:
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
                ta=_signed(terms.ta),
                striker_terrain=terms.striker_terrain,
                striker_class=class_name(terms.striker_class),
                d=str(terms.d),
                target=terms.target,
                td=_signed(terms.td),
                target_terrain=terms.target_terrain,
                target_class=class_name(terms.target_class),
                b=str(terms.b),
            ),
        ]
    )


def render_strike(loc: str, strike: ww_battle.Strike, terms_text: str | None = None) -> str:
    """The strike's terms (``terms_text`` if given: :func:`render_terms` of them) and its
    dice: hits per sub unit, hits, losses."""
    terms = strike.terms
    per = ww_battle.HITS_PER_LOSS
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
        shown = ww_odds.percent(q)
        if shown != "0.0%":
            rows.append(
                t(
                    loc,
                    "ww-chart-row",
                    k=f"{k:>{digits}}",
                    bar=ww_odds.bar(q, width),
                    percent=decimal(loc, f"{shown:>6}"),
                )
            )
        elif q > 0:
            hidden.append(q)
    if hidden:
        together = ww_odds.percent(sum(hidden, Fraction(0)))
        share = "< 0.1%" if together == "0.0%" else together
        rows.append(t(loc, "ww-chart-others", count=len(hidden), share=decimal(loc, share)))
    return rows


def render_chart(loc: str, dist: tuple[Fraction, ...], left_of: int) -> str:
    expected = float(ww_odds.expected(dist))
    return (
        "```\n"
        + "\n".join(chart_rows(loc, dist))
        + "\n```\n"
        + t(
            loc,
            "ww-chart-summary",
            expected=decimal(loc, f"{expected:.2f}"),
            of=left_of,
            none=decimal(loc, ww_odds.percent(dist[0])),
            all=decimal(loc, ww_odds.percent(dist[-1])),
        )
    )


@lru_cache(maxsize=512)
def _chart_for(loc: str, chance: Fraction, strikers: int, targets: int) -> str:
    """The chart of one strike's exact losses (the same battle asked again costs nothing)."""
    return render_chart(loc, ww_odds.loss_distribution(chance, strikers, targets), targets)


def render_gang_up(loc: str, gang_up: ww_battle.GangUp) -> str:
    parts = [
        f"{count}×{ww_battle.gang_up_bonus(**{kind: 1})} {t(loc, f'ww-gang-up-{kind}')}"
        for kind in _GANG_UP_KINDS
        if (count := getattr(gang_up, kind))
    ]
    breakdown = " + ".join(parts) if parts else t(loc, "ww-gang-up-none")
    return t(loc, "ww-gang-up", bonus=str(gang_up.bonus), breakdown=breakdown)


@dataclass(frozen=True, slots=True)
class Frame:
    """Everything in a battle's reply that the dice do not change, rendered once."""

    title: str
    lines: tuple[str, ...]  # the description before the result line
    attack_name: str
    attack_terms: str
    counter_name: str
    counter_text: str  # the counter-strike's terms, or why there is none
    charts: tuple[tuple[str, str], ...]


def battle_frame(loc: str, battle: ww_battle.BattlePlan, rolled: bool) -> Frame:
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
    return Frame(
        title=title,
        lines=tuple(lines),
        attack_name=t(loc, "ww-field-attack", attacker=att, defender=dfn),
        attack_terms=render_terms(loc, battle.attack),
        counter_name=counter_name,
        counter_text=counter_text,
        charts=tuple(charts),
    )


def render_frame(loc: str, frame: Frame, outcome: ww_battle.BattleOutcome | None) -> EmbedBuilder:
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
    battle: ww_battle.BattlePlan,
    odds: ww_odds.BattleOdds,
    outcome: ww_battle.BattleOutcome | None,
) -> EmbedBuilder:
    """Everything but the footer (see :func:`battle_footer`)."""
    return render_frame(loc, battle_frame(loc, battle, outcome is not None), outcome)


def battle_footer(loc: str, odds: ww_odds.BattleOdds, recorded: bool) -> str:
    s = odds.plan.setup
    footer = t(
        loc,
        "ww-footer",
        defender=s.defender.name,
        destroyed=decimal(loc, ww_odds.percent(odds.defender_destroyed)),
        attacker=s.attacker.name,
        unscathed=decimal(loc, ww_odds.percent(odds.attacker_unscathed)),
    )
    if recorded:
        footer += " · " + t(loc, "ww-footer-recorded")
    return footer


# /battle's options as the command received them: attacker, defender, attacker-terrain,
def history_summary(outcome: ww_battle.BattleOutcome) -> str:
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
