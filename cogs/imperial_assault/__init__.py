"""/ia and /deploy-roll: the bot plays the Imperial side of an Imperial Assault mission.

No game logic here: options are parsed, :mod:`bot.rules.imperial_assault` decides, the new
state is stored, and the outcome is rendered (all reply text lives in this module).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import Msg, decimal, encode_summary, has, locale_of, t
from bot.errors import NoCampaign
from bot.games import setup_command
from bot.rules import imperial_assault as ia
from bot.rules.imperial_assault import ImperialAssaultState
from bot.storage import Campaign
from bot.ui import EmbedBuilder, undo_button

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = ia.GAME
TITLE = "Imperial Assault"
MAX_THREAT_CHANGE = 99
MAX_FIGURES = 10


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text comes from the catalogs, in the member's language ``loc``)
# ----------------------------------------------------------------------------------------------
def _figures(n: int) -> Msg:
    return Msg.of("ia-figures", n=n)


def _tier(gid: str) -> str:
    return ia.TIER_NAMES[ia.group(gid).tier]


def _dm(n: int) -> str:
    return f"{n:+d}"


def _yes(flag: bool) -> Msg:
    return Msg("ia-yes" if flag else "ia-no")


def _band(band: str) -> Msg:
    return Msg(f"ia-band-{band.lower()}")


def _difficulty(difficulty: str) -> Msg:
    return Msg(f"ia-difficulty-{difficulty}")


def _decimal(loc: str, text: str) -> str:
    """A preformatted decimal in the language's style (``0.7`` / ``0,7``)."""
    return decimal(loc, text)


def render_hand_draw(loc: str, draw: ia.HandDraw) -> list[str]:
    out: list[str] = []
    for tier in draw.tiers:
        if tier.wanted == 0:
            continue
        names = ", ".join(ia.label(gid) for gid in tier.drawn) or t(loc, "ia-none")
        name = ia.TIER_NAMES[tier.tier]
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
        out.append(t(loc, key, group=ia.label(v.group)))
    return out


def render_setup_public(
    loc: str, state: ImperialAssaultState, outcome: ia.SetupOutcome
) -> discord.Embed:
    titles = {e.code: e.title for e in ia.table().expansions}
    lines = [
        t(
            loc,
            "ia-setup-summary",
            difficulty=_difficulty(state.difficulty),
            level=state.threat_level,
            threat=state.threat,
            dm=_dm(state.dm),
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
                    tier=ia.TIER_NAMES[tier.tier],
                    wanted=tier.wanted,
                    available=tier.available,
                )
            )
    if state.earned_villains:
        rolls = ", ".join(ia.label(v.group) for v in outcome.hand.villains)
        lines.append(t(loc, "ia-setup-villains", names=rolls))
    builder = EmbedBuilder(t(loc, "ia-setup-title"), "\n".join(lines))
    builder.footer(t(loc, "ia-setup-footer"))
    return builder.build()


def render_hand(
    loc: str, state: ImperialAssaultState, draw: ia.HandDraw | None = None
) -> discord.Embed:
    lines: list[str] = []
    if not state.hand:
        lines.append(t(loc, "ia-hand-empty"))
    for gid in state.hand:
        g = ia.group(gid)
        lines.append(
            t(
                loc,
                "ia-hand-card-villain" if g.villain else "ia-hand-card",
                group=ia.label(gid),
                tier=ia.TIER_NAMES[g.tier],
                cost=g.cost,
                figures=_figures(g.size),
                priority=g.priority,
            )
        )
    builder = EmbedBuilder(t(loc, "ia-hand-title"), "\n".join(lines))
    if draw is not None:
        builder.long_field(t(loc, "ia-hand-how"), render_hand_draw(loc, draw))
    return builder.build()


def render_swap(loc: str, swap: ia.SwapRecord) -> str:
    key = "ia-swap-downgrade" if swap.kind == "downgrade" else "ia-swap-upgrade"
    return t(loc, key, group=ia.label(swap.candidate), happened=_yes(swap.happened))


def render_reinforce(loc: str, step: ia.ReinforceStep) -> str:
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
        group=ia.label(step.group),
        before=step.figures_before,
        after=step.figures_after,
        why=why,
        options=step.options,
        threat_before=step.threat_before,
        threat_after=step.threat_after,
    )


def _odds(loc: str, p: Fraction) -> Msg:
    """An exact probability: ``1/6 ≈ 16.7 %``, ``1/2 = 50 %``."""
    percent = p * 100
    exact = percent.denominator == 1
    shown = str(percent.numerator) if exact else _decimal(loc, f"{float(percent):.1f}")
    return Msg.of("ia-odds-exact" if exact else "ia-odds", fraction=str(p), percent=shown)


def _pick(loc: str, step: ia.DeployStep) -> Msg:
    """How the card was picked (GetFuzzyDeployable's pools and coin) and its exact chance."""
    odds = _odds(loc, step.chance)
    if step.coin is None:
        key = "ia-pick-high" if step.tier_three_options else "ia-pick-low"
        return Msg.of(key, n=step.options, odds=odds)
    key = "ia-pick-coin-low" if step.coin else "ia-pick-coin-high"
    return Msg.of(
        key, low=step.tier_low_options, high=step.tier_three_options, n=step.options, odds=odds
    )


def render_deploy(loc: str, step: ia.DeployStep) -> str:
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
    size = _figures(ia.group(step.deployed).size)
    common: dict[str, Any] = {
        "group": ia.label(step.deployed),
        "size": size,
        "why": why,
        "options": _pick(loc, step),
        "threat": threat,
    }
    if step.swap is not None and step.swap.happened:
        return t(
            loc,
            "ia-deployed-swapped",
            card=ia.label(step.card),
            swap=render_swap(loc, step.swap),
            **common,
        )
    if step.swap is not None:
        return t(loc, "ia-deployed-swap-roll", swap=render_swap(loc, step.swap), **common)
    return t(loc, "ia-deployed", **common)


_BAND_EXTRA = {"Calm": 0, "Reinforcements": 0, "Landing": 1, "Onslaught": 2}


def render_deploy_roll(loc: str, out: ia.DeployRollOutcome) -> discord.Embed:
    a, b = out.faces
    band = _band(out.band)
    lines = [
        t(
            loc,
            "ia-roll-dice",
            a=a,
            b=b,
            sign="+" if out.dm_before >= 0 else "−",
            dm=abs(out.dm_before),
            total=out.total,
            band=band,
        )
    ]
    extra = _BAND_EXTRA[out.band]
    base = Msg.of("ia-inc-level-plus", extra=extra) if extra else Msg("ia-inc-level")
    why = base
    if out.increase != out.increase_base:
        factor = _decimal(loc, "0.7" if out.difficulty == "easy" else "1.3")
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
            dm_before=_dm(out.dm_before),
            dm_after=_dm(out.dm_after),
            next=out.round_before + 1,
        )
    )
    return builder.build()


def history_deploy_roll(out: ia.DeployRollOutcome) -> str:
    """The history entry: a catalog message shown in the reader's language."""
    steps: list[Msg] = [
        Msg.of("ia-hist-reinforced", group=ia.label(r.group)) for r in out.reinforcements
    ]
    steps += [
        Msg.of("ia-hist-deployed", group=ia.label(d.deployed), fuzzy="yes" if d.fuzzy else "no")
        for d in out.deployments
    ]
    chain = Msg("ia-hist-none")
    for step in reversed(steps):
        chain = Msg.of("ia-hist-join", a=step, b=chain)
    return encode_summary(
        Msg.of(
            "ia-hist-roll",
            round=out.round_before,
            band=_band(out.band),
            a=out.faces[0],
            b=out.faces[1],
            dm=_dm(out.dm_before),
            total=out.total,
            steps=chain,
            before=out.threat_before,
            after=out.threat_after,
            dmafter=_dm(out.dm_after),
        )
    )


def render_activation(loc: str, out: ia.ActivationOutcome) -> discord.Embed:
    g = ia.group(out.group)
    if out.priority_roll is None:
        why = Msg.of("ia-act-picked", n=out.options)
    else:
        why = Msg.of(
            "ia-act-rolled",
            p1=out.ready_priority_1,
            p2=out.ready_priority_2,
            happened=_yes(out.priority_roll),
            n=out.options,
            chosen=1 if out.priority_roll else 2,
        )
    lines = [t(loc, "ia-act-priority", priority=g.priority, why=why)]
    if out.no_bonus is True:
        lines.append(t(loc, "ia-act-no-bonus"))
    elif out.no_bonus is False:
        lines.append(t(loc, "ia-act-bonus"))
    if out.remaining == 0:
        lines.append(t(loc, "ia-act-all-done"))
    else:
        lines.append(t(loc, "ia-act-remaining", n=out.remaining))
    title = t(loc, "ia-act-title", group=ia.label(out.group))
    return EmbedBuilder(title, "\n".join(lines)).build()


def render_defeat_lines(loc: str, out: ia.DefeatOutcome) -> list[str]:
    lines = [t(loc, "ia-defeated", group=ia.label(out.group))]
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


def render_defeat(loc: str, out: ia.DefeatOutcome) -> discord.Embed:
    return EmbedBuilder(
        t(loc, "ia-defeat-title", group=ia.label(out.group)),
        "\n".join(render_defeat_lines(loc, out)),
    ).build()


def render_figure_loss(loc: str, out: ia.FigureLossOutcome) -> discord.Embed:
    lost = t(loc, "ia-loss-title", group=ia.label(out.group), figures=_figures(out.lost))
    if out.defeat is not None:
        return EmbedBuilder(lost, "\n".join(render_defeat_lines(loc, out.defeat))).build()
    size = ia.group(out.group).size
    return EmbedBuilder(lost, t(loc, "ia-loss-left", left=out.figures_left, size=size)).build()


def render_manual_deploy(loc: str, out: ia.ManualDeployOutcome) -> discord.Embed:
    key = "ia-manual-from-hand" if out.from_hand else "ia-manual-from-pool"
    return EmbedBuilder(
        t(loc, "ia-manual-title", group=ia.label(out.group)),
        t(loc, key, figures=_figures(out.figures)),
    ).build()


def render_threat(loc: str, out: ia.ThreatOutcome) -> str:
    key = "ia-threat-by-hand-clamped" if out.clamped else "ia-threat-by-hand"
    return t(loc, key, before=out.threat_before, after=out.threat_after, amount=f"{out.amount:+d}")


def render_status(loc: str, state: ImperialAssaultState) -> discord.Embed:
    odds = ia.band_odds(state.dm)
    summary = "ia-status-summary-adaptive" if state.adaptive else "ia-status-summary"
    chances = ", ".join(
        t(loc, "ia-status-odd", band=_band(b), percent=_decimal(loc, f"{float(p) * 100:.1f}"))
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
            dm=_dm(state.dm),
            difficulty=_difficulty(state.difficulty),
        ),
        t(loc, "ia-status-odds", odds=chances),
    ]
    builder = EmbedBuilder(t(loc, "ia-status-title"), "\n".join(head))
    deployed: list[str] = []
    for d in state.deployed:
        g = ia.group(d.id)
        deployed.append(
            t(
                loc,
                "ia-status-group-activated" if d.activated else "ia-status-group-ready",
                group=ia.label(d.id),
                figures=d.figures,
                size=g.size,
                priority=g.priority,
            )
        )
    builder.long_field(t(loc, "ia-status-deployed"), deployed or [t(loc, "ia-none")])
    if state.adaptive:
        builder.field(
            t(loc, "ia-status-fame-field"),
            t(loc, "ia-status-fame", fame=state.fame, awards=state.awards),
        )
    if state.defeated:
        builder.field(t(loc, "ia-status-defeated"), ", ".join(ia.label(g) for g in state.defeated))
    builder.footer(t(loc, "ia-status-footer", n=len(state.hand)))
    return builder.build()


def _loc(interaction: discord.Interaction[Any]) -> str:
    return locale_of(interaction.locale)


def _group_choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=name[:100], value=value)
        for name, value in pairs[: ia.MAX_SUGGESTIONS]
    ]


def _text_choices(values: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=v[:100], value=v[:100]) for v in values[: ia.MAX_SUGGESTIONS]]


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------
class ImperialAssaultCog(commands.Cog):
    """Imperial Assault: the bot plays the Empire like the Imperial Commander app."""

    help_section = "Imperial Assault"
    help_order = 30

    ia_group = app_commands.Group(
        name="ia", description="Imperial Assault: the bot plays the Empire"
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    # -- helpers -----------------------------------------------------------------------------
    async def _read_state(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[Campaign, ImperialAssaultState]:
        if interaction.channel_id is None:
            raise NoCampaign(key="use-in-channel")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(
                key="no-campaign-game",
                game=Msg(f"game-{GAME}"),
                hint=setup_command(GAME),
            )
        if campaign.game != GAME:
            other = f"game-{campaign.game}"
            raise NoCampaign(
                key="wrong-game",
                current=Msg(other) if has("en", other) else campaign.game,
                game=Msg(f"game-{GAME}"),
            )
        return campaign, ImperialAssaultState.model_validate(campaign.state)

    async def _state_or_none(
        self, interaction: discord.Interaction[Any]
    ) -> ImperialAssaultState | None:
        """For autocomplete: the channel's state, or None (never raises)."""
        try:
            if interaction.channel_id is None:
                return None
            campaign = await self.bot.store.get(interaction.channel_id)
            if campaign is None or campaign.game != GAME:
                return None
            return ImperialAssaultState.model_validate(campaign.state)
        except Exception:
            log.exception("autocomplete could not read the campaign")
            return None

    # -- /ia setup -------------------------------------------------------------------------------
    @ia_group.command(name="setup", description="Start this channel's Imperial Assault mission")
    @app_commands.rename(threat_level="threat-level", earned_villains="earned-villains")
    @app_commands.describe(
        difficulty="Easy (threat ×0.7), Medium, or Hard (threat ×1.3, DM starts at 2)",
        threat_level="The mission's threat level, 2–12",
        expansions="Owned expansions, comma-separated (default: Core)",
        adaptive="Adaptive difficulty: fame, threat reimbursement and awards (default off)",
        earned_villains="Villains the Empire earned, comma-separated (50 % each to join the hand)",
        threat="Starting threat (default 0)",
    )
    async def setup_cmd(
        self,
        interaction: discord.Interaction[Any],
        difficulty: Literal["easy", "medium", "hard"],
        threat_level: app_commands.Range[int, ia.MIN_THREAT_LEVEL, ia.MAX_THREAT_LEVEL],
        expansions: app_commands.Range[str, 0, 200] | None = None,
        adaptive: bool = False,
        earned_villains: app_commands.Range[str, 0, 300] | None = None,
        threat: app_commands.Range[int, 0, MAX_THREAT_CHANGE] = 0,
    ) -> None:
        dice = self.bot.new_dice()
        state, outcome = ia.setup(
            dice,
            difficulty=difficulty,
            threat_level=threat_level,
            expansions=expansions,
            adaptive=adaptive,
            earned_villains=earned_villains,
            threat=threat,
        )
        async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
            tx.create(GAME, state)
            tx.record(
                encode_summary(
                    Msg.of(
                        "ia-hist-setup",
                        difficulty=Msg(f"ia-difficulty-{state.difficulty}"),
                        level=state.threat_level,
                        expansions=", ".join(state.expansions),
                        hand=len(state.hand),
                    )
                ),
                dice.draws,
            )
        loc = locale_of(interaction.locale)
        await interaction.response.send_message(embed=render_setup_public(loc, state, outcome))
        await interaction.followup.send(embed=render_hand(loc, state, outcome.hand), ephemeral=True)

    @setup_cmd.autocomplete("expansions")
    async def _expansions_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            return _text_choices(ia.suggest_expansions(current))
        except Exception:
            log.exception("expansion autocomplete failed")
            return []

    @setup_cmd.autocomplete("earned_villains")
    async def _villains_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            owned: list[str] | None = None
            given = getattr(interaction.namespace, "expansions", None)
            if isinstance(given, str):
                try:
                    owned = ia.parse_expansions(given)
                except Exception:
                    owned = None
            return _text_choices(ia.suggest_villains(current, owned))
        except Exception:
            log.exception("villain autocomplete failed")
            return []

    # -- /deploy-roll ----------------------------------------------------------------------------
    @app_commands.command(
        name="deploy-roll", description="Imperial Assault: end the round — the deployment event"
    )
    async def deploy_roll(self, interaction: discord.Interaction[Any]) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.deploy_roll(state, dice)
            tx.set_state(new_state)
            tx.record(history_deploy_roll(outcome), dice.draws)
        await interaction.response.send_message(
            embed=render_deploy_roll(_loc(interaction), outcome), view=undo_button(interaction, tx)
        )

    # -- /ia activate ----------------------------------------------------------------------------
    @ia_group.command(name="activate", description="The next Imperial activation")
    async def activate(self, interaction: discord.Interaction[Any]) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.activate(state, dice)
            tx.set_state(new_state)
            tx.record(
                encode_summary(
                    Msg.of("ia-hist-activated", round=state.round, group=ia.label(outcome.group))
                ),
                dice.draws,
            )
        await interaction.response.send_message(
            embed=render_activation(_loc(interaction), outcome), view=undo_button(interaction, tx)
        )

    # -- /ia defeat ------------------------------------------------------------------------------
    @ia_group.command(name="defeat", description="A deployed Imperial group is defeated")
    @app_commands.describe(group="The defeated group (deployed groups autocomplete)")
    async def defeat(
        self, interaction: discord.Interaction[Any], group: app_commands.Range[str, 1, 100]
    ) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.defeat(state, group)
            tx.set_state(new_state)
            tx.record(
                encode_summary(
                    Msg.of("ia-hist-defeated", round=state.round, group=ia.label(outcome.group))
                )
            )
        await interaction.response.send_message(
            embed=render_defeat(_loc(interaction), outcome), view=undo_button(interaction, tx)
        )

    # -- /ia figure-lost -------------------------------------------------------------------------
    @ia_group.command(name="figure-lost", description="Figures of a deployed Imperial group die")
    @app_commands.describe(
        group="The group that lost figures (deployed groups autocomplete)",
        count="How many figures died (default 1); at 0 figures the group is defeated",
    )
    async def figure_lost(
        self,
        interaction: discord.Interaction[Any],
        group: app_commands.Range[str, 1, 100],
        count: app_commands.Range[int, 1, MAX_FIGURES] = 1,
    ) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.lose_figures(state, group, count)
            tx.set_state(new_state)
            tx.record(
                encode_summary(
                    Msg.of(
                        "ia-hist-lost",
                        round=state.round,
                        group=ia.label(outcome.group),
                        count=count,
                        defeated="yes" if outcome.defeat is not None else "no",
                    )
                )
            )
        await interaction.response.send_message(
            embed=render_figure_loss(_loc(interaction), outcome), view=undo_button(interaction, tx)
        )

    @defeat.autocomplete("group")
    @figure_lost.autocomplete("group")
    async def _deployed_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._groups_ac(interaction, current, ia.deployed_ids)

    async def _groups_ac(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        ids: Callable[[ImperialAssaultState], Any],
    ) -> list[app_commands.Choice[str]]:
        """Groups whose ids ``ids(state)`` gives, matching what was typed (never raises)."""
        state = await self._state_or_none(interaction)
        if state is None:
            return []
        try:
            return _group_choices(ia.suggest_groups(current, ids(state)))
        except Exception:
            log.exception("group autocomplete failed")
            return []

    # -- /ia deploy ------------------------------------------------------------------------------
    @ia_group.command(name="deploy", description="Game master: the mission deploys a group")
    @app_commands.describe(group="The group to deploy (hand first, then the owned pool)")
    async def deploy(
        self, interaction: discord.Interaction[Any], group: app_commands.Range[str, 1, 100]
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="ia-action-deploy"
        ) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.manual_deploy(state, group)
            tx.set_state(new_state)
            tx.record(
                encode_summary(
                    Msg.of("ia-hist-manual", round=state.round, group=ia.label(outcome.group))
                )
            )
        await interaction.response.send_message(
            embed=render_manual_deploy(_loc(interaction), outcome),
            view=undo_button(interaction, tx),
        )

    @deploy.autocomplete("group")
    async def _deployable_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._groups_ac(interaction, current, ia.manual_deploy_ids)

    # -- /ia threat ------------------------------------------------------------------------------
    @ia_group.command(name="threat", description="Game master: add or remove threat by hand")
    @app_commands.describe(amount="Threat to add (negative to remove); never scaled by difficulty")
    async def threat(
        self,
        interaction: discord.Interaction[Any],
        amount: app_commands.Range[int, -MAX_THREAT_CHANGE, MAX_THREAT_CHANGE],
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="ia-action-threat"
        ) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.adjust_threat(state, amount)
            tx.set_state(new_state)
            tx.record(
                encode_summary(
                    Msg.of(
                        "ia-hist-threat",
                        round=state.round,
                        before=outcome.threat_before,
                        after=outcome.threat_after,
                    )
                )
            )
        await interaction.response.send_message(
            render_threat(_loc(interaction), outcome), view=undo_button(interaction, tx)
        )

    # -- /ia status, /ia hand --------------------------------------------------------------------
    @ia_group.command(name="status", description="Round, threat, DM, deployed groups, fame")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self._read_state(interaction)
        await interaction.response.send_message(embed=render_status(_loc(interaction), state))

    @ia_group.command(
        name="hand", description="Game master: the Empire's deployment hand (private)"
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        campaign, state = await self._read_state(interaction)
        await self.bot.ensure_game_master(interaction, campaign, "ia-action-hand")
        await interaction.response.send_message(
            embed=render_hand(_loc(interaction), state), ephemeral=True
        )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(ImperialAssaultCog(bot))
