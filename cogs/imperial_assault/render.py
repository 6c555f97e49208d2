"""Imperial Assault replies: every embed and line the cog sends, built from the rules' outcome
records in the reader's language ``loc`` (all text comes from the catalogs; what the history
keeps, the outcomes say themselves)."""

from __future__ import annotations

from typing import Any

import discord

from bot.catalog import fraction_percent, number, percent, signed, t
from bot.rules.imperial_assault import activation, adaptive, deployment, tables
from bot.rules.imperial_assault.state import ImperialAssaultState
from bot.rules.msg import Msg
from bot.ui import EmbedBuilder


def _figures(n: int) -> Msg:
    return Msg.of("ia-figures", n=n)


def _tier(gid: str) -> str:
    return tables.TIER_NAMES[tables.group(gid).tier]


def _yes(flag: bool) -> Msg:
    return Msg("ia-yes" if flag else "ia-no")


def _band(band: str) -> Msg:
    return Msg(f"ia-band-{band.lower()}")


def _difficulty(difficulty: str) -> Msg:
    return Msg(f"ia-difficulty-{difficulty}")


def render_hand_draw(loc: str, draw: deployment.HandDraw) -> list[str]:
    out: list[str] = []
    for tier in draw.tiers:
        if tier.wanted == 0:
            continue
        names = ", ".join(tables.label(gid) for gid in tier.drawn) or t(loc, "ia-none")
        name = tables.TIER_NAMES[tier.tier]
        if tier.short:
            out.append(
                t(
                    loc,
                    "ia-draw-tier-short",
                    tier=name,
                    names=names,
                    wanted=tier.wanted,
                    available=tier.available,
                )
            )
        else:
            out.append(t(loc, "ia-draw-tier", tier=name, names=names))
    for v in draw.villains:
        key = "ia-draw-villain-added" if v.added else "ia-draw-villain-out"
        out.append(t(loc, key, group=tables.label(v.group)))
    return out


def render_setup_public(
    loc: str, state: ImperialAssaultState, outcome: deployment.SetupOutcome
) -> discord.Embed:
    titles = {e.code: e.title for e in tables.table().expansions}
    lines = [
        t(
            loc,
            "ia-setup-summary",
            difficulty=_difficulty(state.difficulty),
            level=state.threat_level,
            threat=state.threat,
            dm=signed(state.dm),
        ),
        t(loc, "ia-setup-expansions", list=", ".join(titles[c] for c in state.expansions)),
        t(loc, "ia-setup-adaptive-on" if state.adaptive else "ia-setup-adaptive-off"),
        t(loc, "ia-setup-hand", n=len(state.hand)),
    ]
    for tier in outcome.hand.tiers:
        if tier.short:
            lines.append(
                t(
                    loc,
                    "ia-setup-short-tier",
                    tier=tables.TIER_NAMES[tier.tier],
                    wanted=tier.wanted,
                    available=tier.available,
                )
            )
    if state.earned_villains:
        rolls = ", ".join(tables.label(v.group) for v in outcome.hand.villains)
        lines.append(t(loc, "ia-setup-villains", names=rolls))
    builder = EmbedBuilder(t(loc, "ia-setup-title"), "\n".join(lines))
    builder.footer(t(loc, "ia-setup-footer"))
    return builder.build()


def render_hand(
    loc: str, state: ImperialAssaultState, draw: deployment.HandDraw | None = None
) -> discord.Embed:
    lines: list[str] = []
    if not state.hand:
        lines.append(t(loc, "ia-hand-empty"))
    for gid in state.hand:
        g = tables.group(gid)
        lines.append(
            t(
                loc,
                "ia-hand-card-villain" if g.villain else "ia-hand-card",
                group=tables.label(gid),
                tier=tables.TIER_NAMES[g.tier],
                cost=g.cost,
                figures=_figures(g.size),
                priority=g.priority,
            )
        )
    builder = EmbedBuilder(t(loc, "ia-hand-title"), "\n".join(lines))
    if draw is not None:
        builder.long_field(t(loc, "ia-hand-how"), render_hand_draw(loc, draw))
    return builder.build()


def render_swap(loc: str, swap: adaptive.SwapRecord) -> str:
    key = "ia-swap-downgrade" if swap.kind == "downgrade" else "ia-swap-upgrade"
    return t(loc, key, group=tables.label(swap.candidate), happened=_yes(swap.happened))


def render_reinforce(loc: str, step: deployment.ReinforceStep) -> str:
    if step.discount:
        why = Msg.of(
            "ia-cost-reinforce-discount",
            cost=step.cost,
            base=step.base_cost,
            discount=step.discount,
        )
    else:
        why = Msg.of("ia-cost", cost=step.cost)
    return t(
        loc,
        "ia-reinforced",
        group=tables.label(step.group),
        before=step.figures_before,
        after=step.figures_after,
        why=why,
        options=step.options,
        threat_before=step.threat_before,
        threat_after=step.threat_after,
    )


def _pick(loc: str, step: deployment.DeployStep) -> Msg:
    """How the card was picked (GetFuzzyDeployable's pools and coin) and its exact chance."""
    odds = fraction_percent(loc, step.chance)
    if step.coin is None:
        key = "ia-pick-high" if step.tier_three_options else "ia-pick-low"
        return Msg.of(key, n=step.options, odds=odds)
    key = "ia-pick-coin-low" if step.coin else "ia-pick-coin-high"
    return Msg.of(
        key, low=step.tier_low_options, high=step.tier_three_options, n=step.options, odds=odds
    )


def render_deploy(loc: str, step: deployment.DeployStep) -> str:
    tier = _tier(step.card)
    if step.discount:
        why = Msg.of(
            "ia-deploy-why-discount",
            tier=tier,
            cost=step.cost,
            base=step.base_cost,
            discount=step.discount,
        )
    else:
        why = Msg.of("ia-deploy-why", tier=tier, cost=step.cost)
    if step.fuzzy:
        why = Msg.of("ia-deploy-why-fuzzy", why=why, short=step.cost - step.threat_before)
    threat = Msg.of("ia-threat-change", before=step.threat_before, after=step.threat_after)
    size = _figures(tables.group(step.deployed).size)
    common: dict[str, Any] = {
        "group": tables.label(step.deployed),
        "size": size,
        "why": why,
        "options": _pick(loc, step),
        "threat": threat,
    }
    if step.swap is not None and step.swap.happened:
        return t(
            loc,
            "ia-deployed-swapped",
            card=tables.label(step.card),
            swap=render_swap(loc, step.swap),
            **common,
        )
    if step.swap is not None:
        return t(loc, "ia-deployed-swap-roll", swap=render_swap(loc, step.swap), **common)
    return t(loc, "ia-deployed", **common)


def render_deploy_roll(loc: str, out: deployment.DeployRollOutcome) -> discord.Embed:
    a, b = out.faces
    band = _band(out.band)
    # the DM as a term of the sum, written around its name: "+ DM 0", "− DM 2"
    sign, dm = signed(out.dm_before, minus="−", space=True).split(" ")
    lines = [t(loc, "ia-roll-dice", a=a, b=b, sign=sign, dm=dm, total=out.total, band=band)]
    extra = tables.BAND_THREAT_BONUS[out.band]
    base = Msg.of("ia-inc-level-plus", extra=extra) if extra else Msg("ia-inc-level")
    why = base
    if out.increase != out.increase_base:
        factor = number(loc, tables.THREAT_FACTOR[out.difficulty], 1)
        why = Msg.of("ia-inc-scaled", base=base, raw=out.increase_base, factor=factor)
    lines.append(
        t(
            loc,
            "ia-roll-threat",
            inc=out.increase,
            why=why,
            before=out.threat_before,
            after=out.threat_after_increase,
        )
    )
    if out.band == "Calm":
        lines.append(t(loc, "ia-roll-calm"))
    lines.extend(render_reinforce(loc, s) for s in out.reinforcements)
    if out.reinforce_stop == "all_full":
        lines.append(t(loc, "ia-roll-all-full"))
    elif out.reinforce_stop == "unaffordable":
        lines.append(t(loc, "ia-roll-no-reinforce", threat=out.threat_after_reinforce))
    lines.extend(render_deploy(loc, s) for s in out.deployments)
    if out.deploy_stop == "hand_empty":
        lines.append(t(loc, "ia-roll-hand-empty", threat=out.threat_after))
    elif out.deploy_stop == "unaffordable":
        key = "ia-roll-nothing-else" if out.deployments else "ia-roll-nothing"
        lines.append(t(loc, key, threat=out.threat_after))
    builder = EmbedBuilder(t(loc, "ia-roll-title", round=out.round_before, band=band))
    builder.long_field(t(loc, "ia-roll-field"), lines)
    builder.footer(
        t(
            loc,
            "ia-roll-footer",
            threat=out.threat_after,
            dm_before=signed(out.dm_before),
            dm_after=signed(out.dm_after),
            next=out.round_before + 1,
        )
    )
    return builder.build()


def render_activation(loc: str, out: activation.ActivationOutcome) -> discord.Embed:
    g = tables.group(out.group)
    if out.priority_roll is None:
        why = Msg.of("ia-act-picked", n=out.options)
    else:
        pool = "ia-act-pool-priority-1" if out.priority_roll else "ia-act-pool-all"
        why = Msg.of(
            "ia-act-roll",
            chance=percent(loc, tables.PRIORITY_ONE_CHANCE, 0),
            p1=out.ready_priority_1,
            p2=out.ready_priority_2,
            happened=_yes(out.priority_roll),
            pool=Msg.of(pool, n=out.options),
        )
    odds = fraction_percent(loc, out.chance)
    lines = [t(loc, "ia-act-priority", priority=g.priority, why=why, odds=odds)]
    if out.no_bonus is True:
        lines.append(t(loc, "ia-act-no-bonus"))
    elif out.no_bonus is False:
        lines.append(t(loc, "ia-act-bonus"))
    elif out.no_bonus_effects:
        lines.append(t(loc, "ia-act-no-bonus-effects"))
    if out.remaining == 0:
        lines.append(t(loc, "ia-act-all-done"))
    else:
        lines.append(t(loc, "ia-act-remaining", n=out.remaining))
    title = t(loc, "ia-act-title", group=tables.label(out.group))
    return EmbedBuilder(title, "\n".join(lines)).build()


def render_defeat_lines(loc: str, out: adaptive.DefeatOutcome) -> list[str]:
    lines = [t(loc, "ia-defeated", group=tables.label(out.group))]
    if out.adaptive:
        lines.append(t(loc, "ia-fame", gained=out.fame_gained, after=out.fame_after))
        common: dict[str, Any] = {
            "amount": out.reimbursement,
            "before": out.threat_before,
            "after": out.threat_after,
        }
        if out.reimbursement != out.reimbursement_base:
            lines.append(t(loc, "ia-reimbursed-scaled", base=out.reimbursement_base, **common))
        else:
            lines.append(t(loc, "ia-reimbursed", **common))
        if out.new_awards:
            lines.append(t(loc, "ia-new-award", n=out.new_awards, total=out.awards_after))
    if out.back_to_hand:
        lines.append(t(loc, "ia-back-to-hand"))
    return lines


def render_defeat(loc: str, out: adaptive.DefeatOutcome) -> discord.Embed:
    return EmbedBuilder(
        t(loc, "ia-defeat-title", group=tables.label(out.group)),
        "\n".join(render_defeat_lines(loc, out)),
    ).build()


def render_figure_loss(loc: str, out: adaptive.FigureLossOutcome) -> discord.Embed:
    lost = t(loc, "ia-loss-title", group=tables.label(out.group), figures=_figures(out.lost))
    if out.defeat is not None:
        return EmbedBuilder(lost, "\n".join(render_defeat_lines(loc, out.defeat))).build()
    size = tables.group(out.group).size
    return EmbedBuilder(lost, t(loc, "ia-loss-left", left=out.figures_left, size=size)).build()


def render_manual_deploy(loc: str, out: deployment.ManualDeployOutcome) -> discord.Embed:
    key = "ia-manual-from-hand" if out.from_hand else "ia-manual-from-pool"
    return EmbedBuilder(
        t(loc, "ia-manual-title", group=tables.label(out.group)),
        t(loc, key, figures=_figures(out.figures)),
    ).build()


def render_threat(loc: str, out: adaptive.ThreatOutcome) -> str:
    key = "ia-threat-by-hand-clamped" if out.clamped else "ia-threat-by-hand"
    return t(loc, key, before=out.threat_before, after=out.threat_after, amount=signed(out.amount))


def render_status(loc: str, state: ImperialAssaultState) -> discord.Embed:
    odds = tables.band_odds(state.dm)
    summary = "ia-status-summary-adaptive" if state.adaptive else "ia-status-summary"
    chances = ", ".join(
        t(loc, "ia-status-odd", band=_band(b), percent=percent(loc, p))
        for b, p in odds.items()
        if p
    )
    head = [
        t(
            loc,
            summary,
            round=state.round,
            threat=state.threat,
            level=state.threat_level,
            dm=signed(state.dm),
            difficulty=_difficulty(state.difficulty),
        ),
        t(loc, "ia-status-odds", odds=chances),
    ]
    builder = EmbedBuilder(t(loc, "ia-status-title"), "\n".join(head))
    pools = activation.activation_pools(state)
    next_odds = pools.chances()
    deployed: list[str] = []
    for d in state.deployed:
        g = tables.group(d.id)
        common: dict[str, Any] = {
            "group": tables.label(d.id),
            "figures": d.figures,
            "size": g.size,
            "priority": g.priority,
        }
        if d.activated:
            deployed.append(t(loc, "ia-status-group-activated", **common))
        else:
            chance = fraction_percent(loc, next_odds[d.id])
            deployed.append(t(loc, "ia-status-group-ready", odds=chance, **common))
    if pools.rolls:
        deployed.append(
            t(
                loc,
                "ia-status-next-roll",
                chance=percent(loc, tables.PRIORITY_ONE_CHANCE, 0),
                p1=len(pools.priority_1),
                p2=len(pools.priority_2),
                n=len(pools.ready),
            )
        )
    builder.long_field(t(loc, "ia-status-deployed"), deployed or [t(loc, "ia-none")])
    if state.adaptive:
        builder.field(
            t(loc, "ia-status-fame-field"),
            t(loc, "ia-status-fame", fame=state.fame, awards=state.awards),
        )
    if state.defeated:
        builder.field(
            t(loc, "ia-status-defeated"), ", ".join(tables.label(g) for g in state.defeated)
        )
    builder.footer(t(loc, "ia-status-footer", n=len(state.hand)))
    return builder.build()
