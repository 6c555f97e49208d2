"""/ia and /deploy-roll: the bot plays the Imperial side of an Imperial Assault mission.

No game logic here: options are parsed, :mod:`bot.rules.imperial_assault` decides, the new
state is stored, and the outcome is rendered (all reply text lives in this module).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import NoCampaign
from bot.games import GAMES, game_title
from bot.rules import imperial_assault as ia
from bot.rules.imperial_assault import ImperialAssaultState
from bot.storage import Campaign
from bot.ui import EmbedBuilder

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = ia.GAME
TITLE = "Imperial Assault"
MAX_THREAT_CHANGE = 99
MAX_FIGURES = 10


# ----------------------------------------------------------------------------------------------
# Rendering (all reply text lives here)
# ----------------------------------------------------------------------------------------------
def _figures(n: int) -> str:
    return f"{n} figure" if n == 1 else f"{n} figures"


def _tier(gid: str) -> str:
    return ia.TIER_NAMES[ia.group(gid).tier]


def _dm(n: int) -> str:
    return f"{n:+d}"


def render_hand_draw(draw: ia.HandDraw) -> list[str]:
    out: list[str] = []
    for t in draw.tiers:
        if t.wanted == 0:
            continue
        names = ", ".join(ia.label(gid) for gid in t.drawn) or "none"
        line = f"Tier {ia.TIER_NAMES[t.tier]}: {names}"
        if t.short:
            line += f" (wanted {t.wanted}, only {t.available} available)"
        out.append(line)
    for v in draw.villains:
        verdict = "added to the hand" if v.added else "not this mission"
        out.append(f"Earned villain {ia.label(v.group)}: 50 % roll, {verdict}")
    return out


def render_setup_public(state: ImperialAssaultState, outcome: ia.SetupOutcome) -> discord.Embed:
    titles = {e.code: e.title for e in ia.table().expansions}
    lines = [
        f"Difficulty **{state.difficulty.title()}** · threat level **{state.threat_level}** · "
        f"threat **{state.threat}** · DM **{_dm(state.dm)}**",
        "Expansions: " + ", ".join(titles[c] for c in state.expansions),
        f"Adaptive difficulty: {'on' if state.adaptive else 'off'}",
        f"The Empire holds a deployment hand of **{len(state.hand)}** cards "
        "(the game master sees it with /ia hand).",
    ]
    short = [t for t in outcome.hand.tiers if t.short]
    for t in short:
        lines.append(
            f"Tier {ia.TIER_NAMES[t.tier]} had too few groups: wanted {t.wanted}, "
            f"only {t.available} available."
        )
    if state.earned_villains:
        rolls = ", ".join(ia.label(v.group) for v in outcome.hand.villains)
        lines.append(f"Earned villains rolled for (50 % each): {rolls} — results are secret.")
    builder = EmbedBuilder(f"{TITLE}: the Empire is ready", "\n".join(lines))
    builder.footer("End each round with /deploy-roll · Imperial activations with /ia activate")
    return builder.build()


def render_hand(state: ImperialAssaultState, draw: ia.HandDraw | None = None) -> discord.Embed:
    lines: list[str] = []
    if not state.hand:
        lines.append("The deployment hand is empty.")
    for gid in state.hand:
        g = ia.group(gid)
        extra = " (villain)" if g.villain else ""
        lines.append(
            f"• {ia.label(gid)}{extra}: tier {ia.TIER_NAMES[g.tier]}, cost {g.cost}, "
            f"{_figures(g.size)}, priority {g.priority}"
        )
    builder = EmbedBuilder(f"{TITLE}: deployment hand (game master only)", "\n".join(lines))
    if draw is not None:
        builder.long_field("How it was drawn", render_hand_draw(draw))
    return builder.build()


def render_swap(swap: ia.SwapRecord) -> str:
    if swap.kind == "downgrade":
        rule = f"Easy: 15 % chance to downgrade to {ia.label(swap.candidate)}"
    else:
        rule = f"Hard: 15 % chance to upgrade to {ia.label(swap.candidate)}"
    return f"{rule}: {'yes' if swap.happened else 'no'}"


def render_reinforce(step: ia.ReinforceStep) -> str:
    why = f"cost {step.cost}"
    if step.discount:
        why += f" ({step.base_cost} − {step.discount} Onslaught discount, minimum 1)"
    return (
        f"Reinforced **{ia.label(step.group)}**: {step.figures_before} → {step.figures_after} "
        f"figures, {why}, picked from {step.options}; "
        f"threat {step.threat_before} → {step.threat_after}"
    )


def render_deploy(step: ia.DeployStep) -> str:
    why = f"tier {_tier(step.card)}, cost {step.cost}"
    if step.discount:
        why += f" ({step.base_cost} − {step.discount} Onslaught discount)"
    if step.fuzzy:
        short = step.cost - step.threat_before
        why += f", **fuzzy deployment**: {short} threat short, threat set to 0"
    threat = f"threat {step.threat_before} → {step.threat_after}"
    size = _figures(ia.group(step.deployed).size)
    if step.swap is not None and step.swap.happened:
        return (
            f"Drew {ia.label(step.card)} ({why}, picked from {step.options}); "
            f"{render_swap(step.swap)} → deployed **{ia.label(step.deployed)}** ({size}) "
            f"for the same cost, no refund; {ia.label(step.card)} goes back to the hand; {threat}"
        )
    out = f"Deployed **{ia.label(step.deployed)}** ({size}): {why}, picked from {step.options}; "
    out += threat
    if step.swap is not None:
        out += f"; {render_swap(step.swap)}"
    return out


def render_deploy_roll(out: ia.DeployRollOutcome) -> discord.Embed:
    a, b = out.faces
    sign = "+" if out.dm_before >= 0 else "−"
    lines = [f"2D6 **{a} + {b}** {sign} DM {abs(out.dm_before)} = **{out.total}** → {out.band}"]
    inc = f"Threat +{out.increase}"
    extra = {"Calm": "", "Reinforcements": "", "Landing": " + 1", "Onslaught": " + 2"}[out.band]
    inc += f" (threat level{extra}"
    if out.increase != out.increase_base:
        factor = "0.7" if out.difficulty == "easy" else "1.3"
        inc += f": {out.increase_base} × {factor}, rounded"
    inc += ")"
    lines.append(f"{inc}: {out.threat_before} → {out.threat_after_increase}")
    if out.band == "Calm":
        lines.append("Calm: no deployment.")
    lines.extend(render_reinforce(s) for s in out.reinforcements)
    if out.reinforce_stop == "all_full":
        lines.append("No deployed group is below full strength: nothing to reinforce.")
    elif out.reinforce_stop == "unaffordable":
        lines.append(f"No reinforcement affordable with {out.threat_after_reinforce} threat.")
    lines.extend(render_deploy(s) for s in out.deployments)
    if out.deploy_stop == "hand_empty":
        lines.append(f"The deployment hand is empty; {out.threat_after} threat carries over.")
    elif out.deploy_stop == "unaffordable":
        word = "else " if out.deployments else ""
        lines.append(f"Nothing {word}affordable; {out.threat_after} threat carries over.")
    builder = EmbedBuilder(f"End of round {out.round_before}: {out.band}")
    builder.long_field("Deployment event", lines)
    builder.footer(
        f"Threat {out.threat_after} · DM {_dm(out.dm_before)} → {_dm(out.dm_after)} · "
        f"round {out.round_before + 1} begins, every Imperial group is ready"
    )
    return builder.build()


def history_deploy_roll(out: ia.DeployRollOutcome) -> str:
    parts = [f"Round {out.round_before}: {out.band} ({out.faces[0]}+{out.faces[1]}"]
    parts[0] += f"{_dm(out.dm_before)} = {out.total})"
    for r in out.reinforcements:
        parts.append(f"reinforced {ia.label(r.group)}")
    for d in out.deployments:
        parts.append(f"deployed {ia.label(d.deployed)}" + (" (fuzzy)" if d.fuzzy else ""))
    parts.append(f"threat {out.threat_before}→{out.threat_after}, DM {_dm(out.dm_after)}")
    return " — ".join(parts)


def render_activation(out: ia.ActivationOutcome) -> discord.Embed:
    g = ia.group(out.group)
    plural = "s" if out.options != 1 else ""
    if out.priority_roll is None:
        why = f"picked from {out.options} ready group{plural}"
    else:
        chosen = 1 if out.priority_roll else 2
        why = (
            f"70 % roll for priority 1 ({out.ready_priority_1} ready) over priority 2 "
            f"({out.ready_priority_2} ready): {'yes' if out.priority_roll else 'no'}; "
            f"picked from {out.options} priority-{chosen} group{plural}"
        )
    lines = [f"Priority {g.priority} · {why}"]
    if out.no_bonus is True:
        lines.append("Easy: **no bonus effect** this activation (25 % roll).")
    elif out.no_bonus is False:
        lines.append("Easy: bonus effects apply (the 25 % no-bonus roll failed).")
    if out.remaining == 0:
        lines.append("Every Imperial group has now activated this round.")
    else:
        lines.append(f"{out.remaining} Imperial group(s) still to activate this round.")
    return EmbedBuilder(f"Activate {ia.label(out.group)}", "\n".join(lines)).build()


def render_defeat_lines(out: ia.DefeatOutcome) -> list[str]:
    lines = [f"**{ia.label(out.group)}** is defeated."]
    if out.adaptive:
        lines.append(f"Fame +{out.fame_gained} (original cost) → {out.fame_after}.")
        inc = f"Threat +{out.reimbursement} reimbursement"
        if out.reimbursement != out.reimbursement_base:
            inc += f" ({out.reimbursement_base} scaled by difficulty)"
        lines.append(f"{inc}: {out.threat_before} → {out.threat_after}.")
        if out.new_awards:
            s = "s" if out.new_awards > 1 else ""
            lines.append(
                f"**New award{s}!** The Rebels now have {out.awards_after} award"
                + ("s." if out.awards_after != 1 else ".")
            )
    if out.back_to_hand:
        lines.append("The group goes back into the deployment hand.")
    return lines


def render_defeat(out: ia.DefeatOutcome) -> discord.Embed:
    return EmbedBuilder(
        f"{ia.label(out.group)} defeated", "\n".join(render_defeat_lines(out))
    ).build()


def render_figure_loss(out: ia.FigureLossOutcome) -> discord.Embed:
    lost = f"{ia.label(out.group)} loses {_figures(out.lost)}"
    if out.defeat is not None:
        return EmbedBuilder(lost, "\n".join(render_defeat_lines(out.defeat))).build()
    size = ia.group(out.group).size
    return EmbedBuilder(lost, f"{out.figures_left} of {size} left.").build()


def render_manual_deploy(out: ia.ManualDeployOutcome) -> discord.Embed:
    where = "from the deployment hand" if out.from_hand else "from the pool"
    return EmbedBuilder(
        f"Mission deployment: {ia.label(out.group)}",
        f"{_figures(out.figures)} {where}; no threat paid. It is ready to activate.",
    ).build()


def render_threat(out: ia.ThreatOutcome) -> str:
    line = f"Threat {out.threat_before} → **{out.threat_after}** ({out.amount:+d} by hand"
    return line + (", stopped at 0)." if out.clamped else ").")


def render_status(state: ImperialAssaultState) -> discord.Embed:
    odds = ia.band_odds(state.dm)
    head = [
        f"Round **{state.round}** · threat **{state.threat}** (threat level "
        f"{state.threat_level}) · DM **{_dm(state.dm)}** · {state.difficulty.title()}"
        + (" · adaptive difficulty" if state.adaptive else ""),
        "Next deployment event: "
        + ", ".join(f"{b} {float(p) * 100:.1f} %" for b, p in odds.items() if p),
    ]
    builder = EmbedBuilder(f"{TITLE}: the Empire", "\n".join(head))
    deployed: list[str] = []
    for d in state.deployed:
        g = ia.group(d.id)
        mark = "✔ activated" if d.activated else "ready"
        deployed.append(
            f"• {ia.label(d.id)}: {d.figures}/{g.size} figures, priority {g.priority}, {mark}"
        )
    builder.long_field("Deployed groups", deployed or ["none"])
    if state.adaptive:
        builder.field("Fame and awards", f"Fame {state.fame} · awards {state.awards}")
    if state.defeated:
        builder.field("Defeated", ", ".join(ia.label(g) for g in state.defeated))
    builder.footer(f"Cards in the deployment hand: {len(state.hand)}")
    return builder.build()


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
            raise NoCampaign("Use this command in a server channel.")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(
                f"No {TITLE} campaign in this channel — start one with {GAMES[GAME].setup_command}."
            )
        if campaign.game != GAME:
            raise NoCampaign(
                f"This channel plays {game_title(campaign.game)}, not {TITLE} — "
                "use that game's commands here, or another channel for this one."
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
                f"{TITLE} mission started: {state.difficulty}, threat level {state.threat_level}, "
                f"{', '.join(state.expansions)}, hand of {len(state.hand)}",
                dice.draws,
            )
        await interaction.response.send_message(embed=render_setup_public(state, outcome))
        await interaction.followup.send(embed=render_hand(state, outcome.hand), ephemeral=True)

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
        await interaction.response.send_message(embed=render_deploy_roll(outcome))

    # -- /ia activate ----------------------------------------------------------------------------
    @ia_group.command(name="activate", description="The next Imperial activation")
    async def activate(self, interaction: discord.Interaction[Any]) -> None:
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.activate(state, dice)
            tx.set_state(new_state)
            tx.record(f"Round {state.round}: activated {ia.label(outcome.group)}", dice.draws)
        await interaction.response.send_message(embed=render_activation(outcome))

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
            tx.record(f"Round {state.round}: {ia.label(outcome.group)} defeated")
        await interaction.response.send_message(embed=render_defeat(outcome))

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
                f"Round {state.round}: {ia.label(outcome.group)} lost {_figures(count)}"
                + (" and is defeated" if outcome.defeat is not None else "")
            )
        await interaction.response.send_message(embed=render_figure_loss(outcome))

    @defeat.autocomplete("group")
    @figure_lost.autocomplete("group")
    async def _deployed_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self._state_or_none(interaction)
        if state is None:
            return []
        try:
            return _group_choices(ia.suggest_groups(current, ia.deployed_ids(state)))
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
            interaction, game=GAME, game_master=True, action="deploy a group by hand"
        ) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.manual_deploy(state, group)
            tx.set_state(new_state)
            tx.record(f"Round {state.round}: mission deployed {ia.label(outcome.group)}")
        await interaction.response.send_message(embed=render_manual_deploy(outcome))

    @deploy.autocomplete("group")
    async def _deployable_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self._state_or_none(interaction)
        if state is None:
            return []
        try:
            return _group_choices(ia.suggest_groups(current, ia.manual_deploy_ids(state)))
        except Exception:
            log.exception("group autocomplete failed")
            return []

    # -- /ia threat ------------------------------------------------------------------------------
    @ia_group.command(name="threat", description="Game master: add or remove threat by hand")
    @app_commands.describe(amount="Threat to add (negative to remove); never scaled by difficulty")
    async def threat(
        self,
        interaction: discord.Interaction[Any],
        amount: app_commands.Range[int, -MAX_THREAT_CHANGE, MAX_THREAT_CHANGE],
    ) -> None:
        async with self.bot.campaign_tx(
            interaction, game=GAME, game_master=True, action="change threat by hand"
        ) as tx:
            assert tx.campaign is not None
            state = ImperialAssaultState.model_validate(tx.campaign.state)
            new_state, outcome = ia.adjust_threat(state, amount)
            tx.set_state(new_state)
            tx.record(
                f"Round {state.round}: threat {outcome.threat_before}→{outcome.threat_after} "
                "by hand"
            )
        await interaction.response.send_message(render_threat(outcome))

    # -- /ia status, /ia hand --------------------------------------------------------------------
    @ia_group.command(name="status", description="Round, threat, DM, deployed groups, fame")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        _, state = await self._read_state(interaction)
        await interaction.response.send_message(embed=render_status(state))

    @ia_group.command(
        name="hand", description="Game master: the Empire's deployment hand (private)"
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        campaign, state = await self._read_state(interaction)
        await self.bot.ensure_game_master(interaction, campaign, "see the deployment hand")
        await interaction.response.send_message(embed=render_hand(state), ephemeral=True)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(ImperialAssaultCog(bot))
