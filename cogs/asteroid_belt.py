"""/asteroids and /capture: Distant Galaxy, episode 7 "Asteroid Belt".

The players move their counters on their own board; the bot keeps the economy, the asteroids'
markers, the turn order, and settles every fight and raid. No game logic here: options are
parsed, the rules in :mod:`bot.rules.asteroid_belt` decide, the state is stored, a reply is
rendered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import InputError, NoCampaign, RuleError
from bot.games import GAMES, game_title
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Dice
from bot.storage import Tx
from bot.ui import EmbedBuilder, clip

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

GAME = "asteroid_belt"
UnitOpt = Literal["engineer", "assault", "recon", "elite"]
CivOpt = Literal["violet", "orange", "green"]
SideOpt = Literal["violet", "orange", "green", "natives"]
VariantOpt = Literal["standard", "fast", "hard"]

CIV_COLOURS = {
    "violet": discord.Colour.purple(),
    "orange": discord.Colour.orange(),
    "green": discord.Colour.green(),
}
WIN_COLOUR = discord.Colour.gold()
Step = Callable[[ab.AsteroidBeltState, ab.CivId, Dice], tuple[ab.AsteroidBeltState, ab.Outcome]]


# ----------------------------------------------------------------------------------------------
# Rendering: all reply text lives here (refusals are the rules' one-line errors)
# ----------------------------------------------------------------------------------------------
TITLES = {
    "setup": "Asteroid Belt — a new campaign",
    "join": "Asteroid Belt — a civilisation is claimed",
    "fight": "Fight",
    "shuttle-fight": "Shuttle fight",
    "target": "Target",
    "guards": "The guards attack",
    "attack": "Attack on the guards",
    "mine": "Mine built",
    "create": "Units created",
    "move": "Move",
    "shuttle": "Shuttle activated",
    "raid": "Cargo shuttle raid",
    "token": "Elite ability token",
    "reinforce": "Reinforcement",
    "end-turn": "End of turn",
}


# One English sentence per event key of the rules' outcomes. Arguments named civ, other,
# player, next are civilisation ids; unit, guard unit types; units, guards lists of unit types;
# civs a list of civilisation ids. The other arguments are shown as they are, and the
# *_text ones are made by :func:`_derived`.
TEMPLATES: dict[str, str] = {
    "setup.order": "Asteroid Belt, {variant} variant: {civs}; goal {goal} VP.",
    "setup.start": "Each starts with {resources} resources and {vp} VP.",
    "setup.cargo": "The cargo shuttle waits at portal {portal} of {portals}.",
    "setup.income": "{civ} opens with +{income} from its class-5 mines.",
    "setup.no_raids": "Hard variant: the cargo shuttle is inactive (no raids).",
    "join": "<@{member}> plays {civ}.",
    "victory": "🏆 {civ} reaches {vp} of {goal} VP and wins! The campaign is locked.",
    "shuttle.defeated": "{civ}'s shuttle is defeated: {units} go to repair.",
    "target.replaced": "{civ} removes {other}'s Target marker from {label}.",
    "target.marked": "{civ} targets {label} (class {number}). Guards: {guards}. When its turn "
    "ends, {player} plays them (/capture guards {label}).",
    "guards.start": "The natives of {label} attack {civ}'s invaders.",
    "guards.idle": "The {guard} guard finds no invader in the field.",
    "guards.redirect": "The picked unit is gone: the {guard} guard attacks a {unit} instead.",
    "guards.left": "Guards left on {label}: {guards}. Everything stays until {civ}'s turn "
    "(/capture attack {label}).",
    "guards.remaining": "Guards left on {label}: {guards}.",
    "flag": "No guard is left: the Target on {label} becomes a Flag.",
    "mine.built": "{civ} builds a mine on {label} (class {number}): +{vp} VP "
    "({total_vp}/{goal}), +{gained} resources{penalty_text} ({resources}).",
    "mine.income": "It yields +{income} resources at the start of each of its owner's turns.",
    "elite.roll": "Die {face} (2 on {needed}–6): the elite creates {made}.",
    "create.elite": "{civ}'s elite creates {count} {unit} next to {label} for {cost} resources "
    "({left} left); {ready_text}.",
    "create.base": "{civ} creates {count} {unit} at its base ({label}) for {cost} resources "
    "({left} left); in reserve.",
    "create.mine": "{civ} creates {count} {unit} next to {label} for {cost} resources ({left} "
    "left; {stock} of that mine's own left).",
    "move": "{civ} moves {unit}{base_text}: {moves} move(s) × {per_move} = {cost} resources "
    "({left} left).",
    "shuttle": "{civ} activates a shuttle at {label}: {cost_text} ({left} left).",
    "raid": "{civ} raids the cargo shuttle with {aboard} aboard: die {face}, {result_text}.",
    "raid.repair": "To repair: {units}.",
    "raid.gain": "{civ} now has {resources} resources.",
    "cargo.moved": "The cargo shuttle moves from portal {old} to portal {new}.",
    "cargo.stays": "The cargo shuttle stays at the only portal ({portal}).",
    "token": "{civ} uses an elite ability token{note_text} ({left} left).",
    "reinforce": "{civ} receives its one reinforcement at {label}: 1 unit of every type and "
    "{gained} resources ({resources}).",
    "turn.end": "{civ} ends its turn. Turn {turn}: {next} to play.",
    "turn.income": "+{income} resources from {mines} class-5 mine(s) ({resources}).",
    "turn.guards_due": "Guards to play: {label} (target of {civ}) — /capture guards {label}.",
    "turn.besieged": "Guards still stand on {label} ({guards}): attack them with "
    "/capture attack {label}.",
}
CIV_ARGS = {"civ", "other", "player", "next"}
UNIT_ARGS = {"unit", "guard"}
UNIT_LIST_ARGS = {"units", "guards"}


def _arg_text(name: str, value: ab.Arg) -> str:
    if isinstance(value, list):
        if name == "civs":
            return " → ".join(ab.civ_name(ab.parse_civ(c)) for c in value)
        if name in UNIT_LIST_ARGS:
            return ", ".join(ab.unit_name(ab.parse_unit(u)) for u in value) or "none"
        return ", ".join(value)
    if name in CIV_ARGS:
        return ab.civ_name(ab.parse_owner(str(value)))
    if name in UNIT_ARGS:
        return ab.unit_name(ab.parse_unit(str(value)))
    return str(value)


def _derived(event: ab.Event) -> dict[str, str]:
    a = event.args
    out: dict[str, str] = {}
    if event.key == "mine.built":
        penalty = int(str(a.get("penalty", 0)))
        out["penalty_text"] = f" ({a['table']} − {penalty}, hard variant)" if penalty else ""
    elif event.key == "create.elite":
        out["ready_text"] = (
            "they act from its next turn"
            if a.get("ready") == "next_turn"
            else "they may act at once"
        )
    elif event.key == "move":
        out["base_text"] = f" out of {a['base']}" if a.get("base") else ""
    elif event.key == "shuttle":
        out["cost_text"] = (
            "free next to its own class-3 mine" if a.get("own") else f"{a['cost']} resources"
        )
    elif event.key == "raid":
        kind = next(k for k in ab.tables().raid_results if k == a["result"])
        text = ab.tables().raid_results[kind].text
        out["result_text"] = text.format(gain=a.get("gain", 0))
    elif event.key == "token":
        out["note_text"] = f": {a['note']}" if a.get("note") else ""
    return out


def render_event(event: ab.Event) -> str:
    template = TEMPLATES.get(event.key)
    if template is None:
        return event.key
    values = {k: _arg_text(k, v) for k, v in event.args.items()}
    values.update(_derived(event))
    return template.format(**values)


def _side(owner: ab.Owner, unit: str) -> str:
    what = "shuttle" if unit == "shuttle" else ab.unit_name(ab.parse_unit(unit))
    return f"{ab.civ_name(owner)} {what}"


def _plus(n: int) -> str:
    return f"+{n}" if n > 0 else (str(n) if n < 0 else "")


def render_fight(rec: ab.FightRecord) -> list[str]:
    why: list[str] = []
    shuttle = rec.attacker_unit == "shuttle"
    if rec.attack_bonus:
        why.append(
            "more units aboard: attacker +1"
            if shuttle
            else f"{_side_unit(rec.attacker_unit)} +{rec.attack_bonus} attack"
        )
    if rec.defence_bonus:
        why.append(
            "more units aboard: defender +1"
            if shuttle
            else f"{_side_unit(rec.defender_unit)} +{rec.defence_bonus} defence"
        )
    if rec.defender_unit == "recon":
        why.append("a recon gets no bonus defending")
    if rec.safe_attack:
        why.append("a recon attacks without risk: it stays")
    verdict = {
        "draw": "draw: both stay",
        "attacker": "the attacker wins",
        "defender": "the defender wins",
    }[rec.result]
    head = (
        f"{_side(rec.attacker, rec.attacker_unit)} attacks {_side(rec.defender, rec.defender_unit)}: "
        f"attack {rec.attack_roll}{_plus(rec.attack_bonus)} = {rec.attack_total} vs defence "
        f"{rec.defence_roll}{_plus(rec.defence_bonus)} = {rec.defence_total}: {verdict}"
        + (f" ({'; '.join(why)})" if why else "")
    )
    odds = rec.odds
    lines = [
        head[:1].upper() + head[1:],
        f"Odds for the attacker were win {ab.pct(odds.win)}, draw {ab.pct(odds.draw)}, "
        f"lose {ab.pct(odds.lose)}.",
    ]
    if not shuttle:
        for owner, unit, gone in (
            (rec.attacker, rec.attacker_unit, rec.attacker_removed),
            (rec.defender, rec.defender_unit, rec.defender_removed),
        ):
            if not gone:
                continue
            if owner == ab.NATIVES:
                lines.append(f"The natives' {_side_unit(unit)} is removed.")
            else:
                lines.append(f"{ab.civ_name(owner)}'s {_side_unit(unit)} goes to repair.")
    return lines


def _side_unit(unit: str) -> str:
    return "shuttle" if unit == "shuttle" else ab.unit_name(ab.parse_unit(unit))


def render_lines(outcome: ab.Outcome) -> list[str]:
    lines: list[str] = []
    for event in outcome.events:
        if event.key == "fight":
            lines.extend(render_fight(outcome.fights[int(str(event.args["n"]))]))
        else:
            lines.append(render_event(event))
    return lines


def render_asteroid(state: ab.AsteroidBeltState, a: ab.AsteroidState) -> str:
    row = ab.class_row(a.number)
    head = f"{a.label} (class {a.number}, {row.border})"
    if a.status == "mine" and a.owner is not None:
        return f"{head}: {'base' if a.base else 'mine'} of {ab.civ_name(a.owner)}"
    if a.status == "flag":
        return f"{head}: flag, any civilisation next to it may build the mine"
    if a.status == "target" and a.target_by is not None:
        guards = ", ".join(ab.unit_name(g) for g in a.guards) or "none"
        if a.phase == "marked":
            when = f"guards attack when {ab.civ_name(a.target_by)}'s turn ends"
        elif a.phase == "guards_due":
            player = ab.guards_player(state, a.target_by)
            when = f"{ab.civ_name(player)} must play the guards' attack"
        else:
            when = f"{ab.civ_name(a.target_by)} may attack the guards on its turn"
        return f"{head}: target of {ab.civ_name(a.target_by)}, guards {guards}; {when}"
    return f"{head}: free"


def render_outcome(state: ab.AsteroidBeltState, outcome: ab.Outcome) -> discord.Embed:
    title = TITLES.get(outcome.action, outcome.action)
    if outcome.civ is not None and outcome.action not in ("setup", "end-turn"):
        title = f"{title} — {ab.civ_name(outcome.civ)}"
    colour = (
        WIN_COLOUR
        if outcome.winner
        else CIV_COLOURS.get(str(outcome.civ), discord.Colour.dark_teal())
    )
    builder = EmbedBuilder(title, "\n".join(render_lines(outcome)), colour=colour)
    if outcome.rolls:
        builder.field(
            "Dice", "\n".join(f"{r.label}: **{r.value}**" for r in outcome.rolls), inline=False
        )
    if outcome.winner:
        builder.field("Winner", f"🏆 {ab.civ_name(outcome.winner)}")
    builder.footer(ab.summarize(state))
    return builder.build()


def render_your_turn(state: ab.AsteroidBeltState, member_id: int) -> str:
    return f"<@{member_id}>, {ab.civ_name(ab.current_civ(state))} is yours to play."


def render_status(state: ab.AsteroidBeltState) -> discord.Embed:
    builder = EmbedBuilder("Asteroid Belt — status", ab.summarize(state))
    for civ in state.order:
        cs = state.civs[civ]
        mines = [
            a.label + (" (base)" if a.base else "")
            for a in state.asteroids
            if a.status == "mine" and a.owner == civ
        ]
        who = f"<@{cs.member_id}>" if cs.member_id else "unclaimed — /asteroids join"
        turn = " ◀ to play" if civ == ab.current_civ(state) and state.winner is None else ""
        builder.field(
            f"{ab.civ_name(civ)}{turn}",
            "\n".join(
                [
                    who,
                    f"**{cs.resources}** resources · **{cs.vp}/{state.goal}** VP",
                    f"field {_units(cs.field)} · reserve {_units(cs.reserve)} · "
                    f"repair {_units(cs.repair)}",
                    f"ability tokens {cs.tokens_left} · reinforcement "
                    + ("used" if cs.reinforcement_used else "available"),
                    f"mines: {', '.join(mines) or '—'}",
                ]
            ),
            inline=True,
        )
    groups = ab.asteroids_by_status(state)
    busy = [render_asteroid(state, a) for a in groups["target"] + groups["flag"]]
    builder.long_field("Targets and flags", busy or ["—"])
    builder.field(
        "Mines",
        ", ".join(f"{a.label} ({ab.civ_row(a.owner).name})" for a in groups["mine"] if a.owner)
        or "—",
    )
    builder.field(
        f"Free asteroids ({len(groups['free'])})",
        ", ".join(a.label for a in groups["free"]) or "—",
    )
    rules = ab.tables().variants[state.variant]
    builder.footer(
        f"{rules.name} variant · cargo shuttle at portal {state.cargo_portal} of "
        f"{state.portals}"
        + ("" if rules.raids else " (inactive: no raids)")
        + " · E engineer, A assault, R recon, El elite"
    )
    return builder.build()


def render_odds(attacker: ab.UnitType, defender: ab.UnitType) -> discord.Embed:
    odds = ab.unit_odds(attacker, defender)
    ab_, db = ab.attack_bonus(attacker), ab.defence_bonus(defender)
    text = (
        f"Attacking {ab.unit_name(attacker)} ({ab_:+d}) against defending "
        f"{ab.unit_name(defender)} ({db:+d}), one d6 each:\n"
        f"win **{ab.pct(odds.win)}** ({odds.win}) · draw **{ab.pct(odds.draw)}** ({odds.draw}) "
        f"· lose **{ab.pct(odds.lose)}** ({odds.lose})"
    )
    return EmbedBuilder("Fight odds", text).build()


def _units(d: dict[ab.UnitType, int]) -> str:
    short = {"engineer": "E", "assault": "A", "recon": "R", "elite": "El"}
    return " ".join(f"{short[u]}{d[u]}" for u in ab.UNIT_TYPES if d[u]) or "—"


def history_line(outcome: ab.Outcome) -> str:
    who = ab.civ_name(outcome.civ) if outcome.civ else "Asteroid Belt"
    return clip(f"{who} — {outcome.action}: " + " ".join(render_lines(outcome)), 300)


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------
class AsteroidBeltCog(commands.Cog):
    """Distant Galaxy "Asteroid Belt": economy, capture flow, fights, raids, victory."""

    help_section = "Asteroid Belt (Distant Galaxy)"
    help_order = 50

    asteroids = app_commands.Group(
        name="asteroids", description="Distant Galaxy 'Asteroid Belt': economy, fights, turns"
    )
    capture = app_commands.Group(
        name="capture", description="Asteroid Belt: target, guards, attack, mine"
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    # -- plumbing ---------------------------------------------------------------------------
    @staticmethod
    def _state(tx: Tx) -> ab.AsteroidBeltState:
        assert tx.campaign is not None
        return ab.AsteroidBeltState.model_validate(tx.campaign.state)

    async def _who(
        self, interaction: discord.Interaction[Any], tx: Tx, state: ab.AsteroidBeltState
    ) -> tuple[ab.CivId | None, bool]:
        gm = await self.bot.is_game_master(interaction, tx.campaign)
        return ab.civ_of_member(state, interaction.user.id), gm

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        civilisation: str | None,
        step: Step,
    ) -> None:
        """The usual shape: check who acts for which civilisation, apply ``step(state, civ,
        dice)``, store, reply."""
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            member_civ, gm = await self._who(interaction, tx, state)
            civ = ab.acting_civ(state, member_civ, gm=gm, requested=civilisation)
            new, outcome = step(state, civ, dice)
            tx.set_state(new)
            tx.record(history_line(outcome), dice.draws)
        await interaction.response.send_message(embed=render_outcome(new, outcome))

    async def _load(self, interaction: discord.Interaction[Any]) -> ab.AsteroidBeltState:
        if interaction.channel_id is None:
            raise NoCampaign("Use this command in a server channel.")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(
                f"No Asteroid Belt campaign in this channel — start one with "
                f"{GAMES[GAME].setup_command}."
            )
        if campaign.game != GAME:
            raise NoCampaign(
                f"This channel plays {GAMES[campaign.game].title if campaign.game in GAMES else campaign.game}, "
                "not Asteroid Belt — use another channel for it."
            )
        return ab.AsteroidBeltState.model_validate(campaign.state)

    async def _suggest(
        self,
        interaction: discord.Interaction[Any],
        current: str,
        statuses: Iterable[ab.Status] | None = None,
        *,
        own: bool = False,
        classes: Iterable[int] | None = None,
    ) -> list[app_commands.Choice[str]]:
        try:
            if interaction.channel_id is None:
                return []
            campaign = await self.bot.store.get(interaction.channel_id)
            if campaign is None or campaign.game != GAME:
                return []
            state = ab.AsteroidBeltState.model_validate(campaign.state)
            civ = ab.civ_of_member(state, interaction.user.id) if own else None
            labels = ab.suggest_asteroids(state, current, statuses, civ=civ, classes=classes)
            by_label = {a.label: a for a in state.asteroids}
            return [
                app_commands.Choice(
                    name=clip(render_asteroid(state, by_label[label]), 100), value=label
                )
                for label in labels
            ]
        except Exception:
            log.exception("asteroid autocomplete failed")
            return []

    # -- /asteroids setup, join, status -------------------------------------------------------
    @asteroids.command(name="setup", description="Start an Asteroid Belt campaign in this channel")
    @app_commands.describe(
        civilisations="Turn order, 2 or 3 of violet orange green, e.g. 'orange violet'",
        variant="standard; fast: start with 4 VP; hard: −5 per capture, no raids",
        goal="VP that win: your track's end (default 20)",
        portals="Portals on your board (default 4)",
        engineers="Starting engineers per base, before bonuses (default 2)",
        assault="Starting assault squads per base (default 1)",
        recon="Starting recon squads per base (default 1)",
        board="Asteroids of class 1-5, default '10 6 8 4 5'",
    )
    async def setup_(
        self,
        interaction: discord.Interaction[Any],
        civilisations: str,
        variant: VariantOpt = "standard",
        goal: app_commands.Range[int, 2, 200] | None = None,
        portals: app_commands.Range[int, 1, ab.MAX_PORTALS] | None = None,
        engineers: app_commands.Range[int, 0, ab.MAX_COUNT] | None = None,
        assault: app_commands.Range[int, 0, ab.MAX_COUNT] | None = None,
        recon: app_commands.Range[int, 0, ab.MAX_COUNT] | None = None,
        board: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        counts: dict[int, int] | None = None
        if board:
            parts = board.replace(",", " ").split()
            if len(parts) != 5 or not all(p.isdigit() for p in parts):
                raise InputError(
                    "Board: five numbers, asteroids of class 1 to 5, e.g. '10 6 8 4 5'."
                )
            counts = {i + 1: int(p) for i, p in enumerate(parts)}
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
            if tx.campaign is not None:
                raise RuleError(
                    f"This channel already runs a {game_title(tx.campaign.game)} campaign — "
                    "end it first with /campaign end."
                )
            state, outcome = ab.setup(
                ab.parse_civs(civilisations),
                dice,
                variant=variant,
                goal=goal,
                portals=portals,
                engineers=engineers,
                assault=assault,
                recon=recon,
                counts=counts,
            )
            tx.create(GAME, state)
            tx.record(history_line(outcome), dice.draws)
        embed = render_outcome(state, outcome)
        embed.add_field(
            name="Next",
            value="Each player claims a civilisation with `/asteroids join`. "
            f"{ab.civ_name(state.order[0])} plays first.",
            inline=False,
        )
        await interaction.response.send_message(embed=embed)

    @asteroids.command(name="join", description="Claim a civilisation of this campaign")
    @app_commands.describe(
        civilisation="The civilisation you play",
        member="Game master only: give the civilisation to this member instead",
    )
    async def join(
        self,
        interaction: discord.Interaction[Any],
        civilisation: CivOpt,
        member: discord.Member | discord.User | None = None,
    ) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            target_id = interaction.user.id
            if member is not None and member.id != interaction.user.id:
                await self.bot.ensure_game_master(
                    interaction, tx.campaign, "give a civilisation to another member"
                )
                target_id = member.id
            new, outcome = ab.join(state, civilisation, target_id)
            tx.set_state(new)
            tx.record(history_line(outcome))
        await interaction.response.send_message(embed=render_outcome(new, outcome))

    @asteroids.command(name="status", description="Resources, VP, units and asteroids")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        state = await self._load(interaction)
        await interaction.response.send_message(embed=render_status(state))

    # -- turn ---------------------------------------------------------------------------------
    @asteroids.command(name="end-turn", description="End your turn: the next civilisation plays")
    async def end_turn(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            member_civ, gm = await self._who(interaction, tx, state)
            ab.require_turn(state, member_civ, gm=gm)
            new, outcome = ab.end_turn(state)
            tx.set_state(new)
            tx.record(history_line(outcome))
        member = new.civs[ab.current_civ(new)].member_id
        if member is None:
            await interaction.response.send_message(embed=render_outcome(new, outcome))
            return
        await interaction.response.send_message(
            render_your_turn(new, member),
            embed=render_outcome(new, outcome),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=member)]),
        )

    # -- economy ------------------------------------------------------------------------------
    @asteroids.command(name="create", description="Create units at the base or next to a mine")
    @app_commands.rename(by_elite="by-elite")
    @app_commands.describe(
        unit="Unit type (units in repair come back this way)",
        count="How many (default 1)",
        at="Next to this mine of yours (its resources pay); empty: at the base",
        by_elite="Your elite at mine 'at' creates your own unit type",
        civilisation="GM: act for this civilisation",
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        unit: UnitOpt,
        count: app_commands.Range[int, 1, ab.MAX_COUNT] = 1,
        at: str | None = None,
        by_elite: bool = False,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(
            interaction,
            civilisation,
            lambda s, c, d: ab.create(s, c, unit, d, count=count, at=at, by_elite=by_elite),
        )

    @create.autocomplete("at")
    async def _create_at(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, ["mine"], own=True)

    @asteroids.command(
        name="move", description="Pay for moving units (engineer/recon 1, assault 2)"
    )
    @app_commands.rename(from_base="from-base")
    @app_commands.describe(
        unit="The unit type moved",
        moves="How many moves to pay for (default 1)",
        from_base="A unit leaves the base (default: if none in the field)",
        civilisation="GM: act for this civilisation",
    )
    async def move(
        self,
        interaction: discord.Interaction[Any],
        unit: UnitOpt,
        moves: app_commands.Range[int, 1, ab.MAX_MOVES] = 1,
        from_base: bool | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(
            interaction,
            civilisation,
            lambda s, c, d: ab.move(s, c, unit, moves=moves, from_base=from_base),
        )

    @asteroids.command(name="shuttle", description="Activate a shuttle next to a class-3 asteroid")
    @app_commands.describe(
        at="The class-3 asteroid (g…): 3 resources, free if it is your mine",
        civilisation="GM: act for this civilisation",
    )
    async def shuttle(
        self,
        interaction: discord.Interaction[Any],
        at: str,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.activate_shuttle(s, c, at))

    @shuttle.autocomplete("at")
    async def _shuttle_at(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, classes=[3])

    @asteroids.command(
        name="raid",
        description="Raid the cargo shuttle with your shuttle (hard variant: it is inactive, no raids)",
    )
    @app_commands.rename(units_aboard="units-aboard")
    @app_commands.describe(
        units_aboard="1-3 units in your shuttle, e.g. 'assault recon'",
        civilisation="GM: act for this civilisation",
    )
    async def raid(
        self,
        interaction: discord.Interaction[Any],
        units_aboard: app_commands.Range[str, 1, 80],
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        aboard = ab.parse_units(units_aboard)
        await self._act(interaction, civilisation, lambda s, c, d: ab.raid(s, c, aboard, d))

    @asteroids.command(name="token", description="Use one of your elite's 3 ability tokens")
    @app_commands.describe(
        note="What it is used for",
        civilisation="GM: act for this civilisation",
    )
    async def token(
        self,
        interaction: discord.Interaction[Any],
        note: app_commands.Range[str, 0, 200] = "",
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.use_token(s, c, note))

    @asteroids.command(
        name="reinforce", description="Once per game, with no units and no resources: reinforcement"
    )
    @app_commands.describe(civilisation="GM: act for this civilisation")
    async def reinforce(
        self,
        interaction: discord.Interaction[Any],
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.reinforce(s, c))

    # -- fights -------------------------------------------------------------------------------
    @asteroids.command(name="fight", description="One fight between two units, with exact odds")
    @app_commands.rename(
        attacker_side="attacker-side", defender_side="defender-side", odds_only="odds-only"
    )
    @app_commands.describe(
        attacker="The attacking unit type",
        defender="The defending unit type",
        attacker_side="Who attacks (default: you)",
        defender_side="Who defends (default: the other of 2 players)",
        odds_only="True: only show the exact odds",
    )
    async def fight(
        self,
        interaction: discord.Interaction[Any],
        attacker: UnitOpt,
        defender: UnitOpt,
        attacker_side: SideOpt | None = None,
        defender_side: SideOpt | None = None,
        odds_only: bool = False,
    ) -> None:
        if odds_only:
            await interaction.response.send_message(embed=render_odds(attacker, defender))
            return
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            member_civ, gm = await self._who(interaction, tx, state)
            att: ab.Owner
            if attacker_side == ab.NATIVES:
                att = ab.NATIVES
                # by default the natives fight the civilisation whose guards this member plays
                others = [c for c in state.order if ab.guards_player(state, c) == member_civ]
            else:
                att = ab.acting_civ(state, member_civ, gm=gm, requested=attacker_side)
                others = [c for c in state.order if c != att]
            dfn: ab.Owner
            if defender_side is not None:
                dfn = defender_side
            elif len(others) == 1:
                dfn = others[0]
            else:
                raise InputError("Say who defends: the defender-side option.")
            if att == ab.NATIVES:
                if dfn == ab.NATIVES:
                    raise InputError("The natives do not fight each other.")
                ab.require_may_act_for(state, member_civ, ab.NATIVES, gm=gm, against=dfn)
            new, outcome = ab.fight(state, att, attacker, dfn, defender, dice)
            tx.set_state(new)
            tx.record(history_line(outcome), dice.draws)
        await interaction.response.send_message(embed=render_outcome(new, outcome))

    @asteroids.command(name="shuttle-fight", description="Your shuttle attacks another shuttle")
    @app_commands.rename(attacker_aboard="attacker-aboard", defender_aboard="defender-aboard")
    @app_commands.describe(
        defender="The civilisation whose shuttle is attacked",
        attacker_aboard="Units aboard yours, e.g. 'assault recon'",
        defender_aboard="Units aboard theirs",
        civilisation="GM: act for this civilisation",
    )
    async def shuttle_fight(
        self,
        interaction: discord.Interaction[Any],
        defender: CivOpt,
        attacker_aboard: app_commands.Range[str, 1, 80],
        defender_aboard: app_commands.Range[str, 1, 80],
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        mine, theirs = ab.parse_units(attacker_aboard), ab.parse_units(defender_aboard)
        await self._act(
            interaction,
            civilisation,
            lambda s, c, d: ab.shuttle_fight(s, c, mine, defender, theirs, d),
        )

    # -- /capture -----------------------------------------------------------------------------
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
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            member_civ, gm = await self._who(interaction, tx, state)
            ab.require_guards_player(state, asteroid, member_civ, gm=gm)
            units = ab.parse_units(picks) if picks.strip() else []
            new, outcome = ab.resolve_guards(state, asteroid, units, dice)
            tx.set_state(new)
            tx.record(history_line(outcome), dice.draws)
        await interaction.response.send_message(embed=render_outcome(new, outcome))

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

    @create.autocomplete("civilisation")
    @move.autocomplete("civilisation")
    @shuttle.autocomplete("civilisation")
    @raid.autocomplete("civilisation")
    @token.autocomplete("civilisation")
    @reinforce.autocomplete("civilisation")
    @shuttle_fight.autocomplete("civilisation")
    @target.autocomplete("civilisation")
    @attack.autocomplete("civilisation")
    @mine.autocomplete("civilisation")
    async def _civ_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            key = current.strip().lower()
            return [
                app_commands.Choice(name=ab.civ_row(c).name, value=c)
                for c in ab.CIV_IDS
                if key in c or key in ab.civ_row(c).name.lower()
            ]
        except Exception:
            log.exception("civilisation autocomplete failed")
            return []


async def setup(bot: TableBot) -> None:
    await bot.add_cog(AsteroidBeltCog(bot))
