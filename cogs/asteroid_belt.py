"""/asteroids and /capture: Distant Galaxy, episode 7 "Asteroid Belt".

The players move their counters on their own board; the bot keeps the economy, the asteroids'
markers, the turn order, and settles every fight and raid. No game logic here: options are
parsed, the rules in :mod:`bot.rules.asteroid_belt` decide, the state is stored, a reply is
rendered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.catalog import SUMMARY_TAG, Msg, decimal, encode_summary, has, locale_of, summary_args, t
from bot.errors import InputError, NoCampaign, RuleError
from bot.games import GAMES
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Dice
from bot.storage import Tx
from bot.ui import EmbedBuilder, clip, undo_button

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
# Rendering: every reply comes from the catalogs (bot/locales/*/asteroid_belt.ftl) in the
# member's language; refusals are the rules' keyed errors
# ----------------------------------------------------------------------------------------------
def _t(loc: str, key: str, /, **args: Any) -> str:
    """Catalog message with rules-style arguments (civilisation ids, unit types, lists)."""
    return ab.text(loc, key, **args)


def event_key(event_key: str) -> str:
    """The catalog key of a rules event: ``mine.built`` -> ``ab-ev-mine-built``."""
    return "ab-ev-" + event_key.replace(".", "-").replace("_", "-")


def _derived(event: ab.Event) -> dict[str, Msg]:
    return _derived_args(event_key(event.key), event.args)


def _derived_args(key: str, a: Mapping[str, Any]) -> dict[str, Msg]:
    """Arguments a message ``key`` computes from its event's arguments (catalog key form)."""
    out: dict[str, Msg] = {}
    if key == "ab-ev-mine-built":
        penalty = int(str(a.get("penalty", 0)))
        out["penalty_text"] = (
            Msg.of("ab-mine-penalty", table=a["table"], penalty=penalty)
            if penalty
            else Msg("ab-empty")
        )
    elif key == "ab-ev-create-elite":
        out["ready_text"] = Msg(
            "ab-ready-next-turn" if a.get("ready") == "next_turn" else "ab-ready-now"
        )
    elif key == "ab-ev-move":
        out["base_text"] = (
            Msg.of("ab-move-from-base", base=a["base"]) if a.get("base") else Msg("ab-empty")
        )
    elif key == "ab-ev-shuttle":
        out["cost_text"] = (
            Msg("ab-shuttle-free") if a.get("own") else Msg.of("ab-shuttle-cost", cost=a["cost"])
        )
    elif key == "ab-ev-raid":
        out["result_text"] = Msg.of(f"ab-raid-{a['result']}", gain=a.get("gain", 0))
    elif key == "ab-ev-token":
        out["note_text"] = (
            Msg.of("ab-token-note", note=a["note"]) if a.get("note") else Msg("ab-empty")
        )
    elif key == "ab-hist-fight":
        at, dt = int(str(a["at"])), int(str(a["dt"]))
        result = "attacker" if at > dt else "defender" if at < dt else "draw"
        out["verdict"] = Msg(f"ab-verdict-{result}")
        out["attacker"], out["defender"] = ab.civ_msg(str(a["a"])), ab.civ_msg(str(a["d"]))
        out["aunit"], out["dunit"] = ab.unit_msg(str(a["au"])), ab.unit_msg(str(a["du"]))
    elif key in ("ab-history", "ab-history-game"):
        out["title"] = Msg(f"ab-title-{a['action']}")
        lines = [v for v in a.get("lines", []) if isinstance(v, Msg)]
        out["lines"] = ab.list_msg(lines, "ab-list-space") if lines else Msg("ab-empty")
    return out


#: arguments of the history messages (``ab-history*``, ``ab-hist-*``) that are computed from
#: the stored ones when shown
HISTORY_DERIVED = frozenset({"title", "lines", "verdict", "attacker", "aunit", "defender", "dunit"})


def _history_args(key: str, args: dict[str, Any]) -> dict[str, Any]:
    """A stored Asteroid Belt history message's arguments, in the reader's language: the ids
    it keeps become names (see :func:`bot.catalog.summary_args`)."""
    derived = _derived_args(key, args)
    plain = {n: v for n, v in args.items() if n not in derived and n != "lines"}
    return {**ab.msg_args(plain), **derived}


summary_args("ab-", _history_args)


def render_event(loc: str, event: ab.Event) -> str:
    key = event_key(event.key)
    if not has(loc, key):
        return event.key
    return ab.text(loc, key, **event.args, **_derived(event))


def _plus(n: int) -> str:
    return f"+{n}" if n > 0 else (str(n) if n < 0 else "")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def pct(loc: str, p: Fraction) -> str:
    """A percentage with one decimal, in the member's notation (58.3 % / 58,3 %)."""
    return decimal(loc, ab.pct(p))


def render_fight(loc: str, rec: ab.FightRecord) -> list[str]:
    return list(_render_fight(loc, rec))


@lru_cache(maxsize=2048)
def _render_fight(loc: str, rec: ab.FightRecord) -> tuple[str, ...]:
    """A fight's lines (memoised: a fight record is frozen, and the same fights recur)."""
    why: list[Msg] = []
    shuttle = rec.attacker_unit == "shuttle"
    if rec.attack_bonus:
        why.append(
            Msg("ab-why-shuttle-attack")
            if shuttle
            else Msg.of("ab-why-attack", unit=ab.unit_msg(rec.attacker_unit), n=rec.attack_bonus)
        )
    if rec.defence_bonus:
        why.append(
            Msg("ab-why-shuttle-defence")
            if shuttle
            else Msg.of("ab-why-defence", unit=ab.unit_msg(rec.defender_unit), n=rec.defence_bonus)
        )
    if rec.defender_unit == "recon":
        why.append(Msg("ab-why-recon-defends"))
    if rec.safe_attack:
        why.append(Msg("ab-why-recon-safe"))
    head = _t(
        loc,
        "ab-fight-head",
        attacker=rec.attacker,
        aunit=rec.attacker_unit,
        defender=rec.defender,
        dunit=rec.defender_unit,
        ar=rec.attack_roll,
        abonus=_plus(rec.attack_bonus),
        at=rec.attack_total,
        dr=rec.defence_roll,
        dbonus=_plus(rec.defence_bonus),
        dt=rec.defence_total,
        verdict=Msg(f"ab-verdict-{rec.result}"),
        why=(
            Msg.of("ab-fight-why", reasons=ab.list_msg(why, "ab-list-semicolon"))
            if why
            else Msg("ab-empty")
        ),
    )
    odds = rec.odds
    lines = [
        _cap(head),
        _t(
            loc,
            "ab-fight-odds",
            win=pct(loc, odds.win),
            draw=pct(loc, odds.draw),
            lose=pct(loc, odds.lose),
        ),
    ]
    if not shuttle:
        for owner, unit, gone in (
            (rec.attacker, rec.attacker_unit, rec.attacker_removed),
            (rec.defender, rec.defender_unit, rec.defender_removed),
        ):
            if not gone:
                continue
            if owner == ab.NATIVES:
                lines.append(_t(loc, "ab-fight-natives-removed", unit=unit))
            else:
                lines.append(_t(loc, "ab-fight-to-repair", civ=owner, unit=unit))
    return tuple(lines)


def render_lines(loc: str, outcome: ab.Outcome) -> list[str]:
    lines: list[str] = []
    for event in outcome.events:
        if event.key == "fight":
            lines.extend(render_fight(loc, outcome.fights[int(str(event.args["n"]))]))
        else:
            lines.append(render_event(loc, event))
    return lines


def render_roll(loc: str, roll: ab.Roll) -> str:
    label = _t(loc, roll.key, **roll.args) if roll.key and has(loc, roll.key) else roll.label
    return f"{label}: **{roll.value}**"


def render_asteroid(loc: str, state: ab.AsteroidBeltState, a: ab.AsteroidState) -> str:
    head = _t(
        loc, "ab-ast-head", label=a.label, number=a.number, border=Msg(f"ab-border-{a.number}")
    )
    if a.status == "mine" and a.owner is not None:
        return _t(loc, "ab-ast-base" if a.base else "ab-ast-mine", head=head, owner=a.owner)
    if a.status == "flag":
        return _t(loc, "ab-ast-flag", head=head)
    if a.status == "target" and a.target_by is not None:
        if a.phase == "marked":
            when = _t(loc, "ab-when-marked", civ=a.target_by)
        elif a.phase == "guards_due":
            when = _t(loc, "ab-when-due", player=ab.guards_player(state, a.target_by))
        else:
            when = _t(loc, "ab-when-besieged", civ=a.target_by)
        return _t(
            loc, "ab-ast-target", head=head, civ=a.target_by, guards=list(a.guards), when=when
        )
    return _t(loc, "ab-ast-free", head=head)


def render_outcome(
    loc: str,
    state: ab.AsteroidBeltState,
    outcome: ab.Outcome,
    en_lines: list[str] | None = None,
) -> discord.Embed:
    """The reply to a rule's outcome; ``en_lines``: its lines already rendered in English (for
    the history), used as they are when the reader's language is English."""
    key = f"ab-title-{outcome.action}"
    title = t(loc, key) if has(loc, key) else outcome.action
    if outcome.civ is not None and outcome.action not in ("setup", "end-turn"):
        title = _t(loc, "ab-title-with-civ", title=title, civ=outcome.civ)
    colour = (
        WIN_COLOUR
        if outcome.winner
        else CIV_COLOURS.get(str(outcome.civ), discord.Colour.dark_teal())
    )
    lines = en_lines if en_lines is not None and loc == "en" else render_lines(loc, outcome)
    builder = EmbedBuilder(title, "\n".join(lines), colour=colour)
    if outcome.rolls:
        builder.field(
            t(loc, "ab-field-dice"),
            "\n".join(render_roll(loc, r) for r in outcome.rolls),
            inline=False,
        )
    if outcome.winner:
        builder.field(t(loc, "ab-field-winner"), _t(loc, "ab-winner", civ=outcome.winner))
    builder.footer(ab.summary_text(loc, state))
    return builder.build()


def render_your_turn(loc: str, state: ab.AsteroidBeltState, member_id: int) -> str:
    return _t(loc, "ab-your-turn", member=member_id, civ=ab.current_civ(state))


def _units(loc: str, d: dict[ab.UnitType, int]) -> str:
    return _units_text(loc, tuple(d[u] for u in ab.UNIT_TYPES))


@lru_cache(maxsize=1024)
def _units_text(loc: str, counts: tuple[int, ...]) -> str:
    return " ".join(
        f"{t(loc, f'ab-short-{u}')}{n}" for u, n in zip(ab.UNIT_TYPES, counts, strict=True) if n
    ) or t(loc, "ab-dash")


def _count(units: list[ab.UnitType]) -> dict[ab.UnitType, int]:
    return {u: units.count(u) for u in ab.UNIT_TYPES}


def render_status(loc: str, state: ab.AsteroidBeltState) -> discord.Embed:
    builder = EmbedBuilder(t(loc, "ab-status-title"), ab.summary_text(loc, state))
    dash = t(loc, "ab-dash")
    groups = ab.asteroids_by_status(state)
    now = ab.current_civ(state)
    for civ in state.order:
        cs = state.civs[civ]
        mines = [
            _t(loc, "ab-status-base", label=a.label) if a.base else a.label
            for a in groups["mine"]
            if a.owner == civ
        ]
        who = f"<@{cs.member_id}>" if cs.member_id else t(loc, "ab-status-unclaimed")
        turn = t(loc, "ab-status-to-play") if civ == now and state.winner is None else ""
        builder.field(
            f"{t(loc, f'ab-civ-{civ}')}{turn}",
            "\n".join(
                [
                    who,
                    _t(loc, "ab-status-books", resources=cs.resources, vp=cs.vp, goal=state.goal),
                    _t(
                        loc,
                        "ab-status-units",
                        field=_units(loc, cs.field),
                        reserve=_units(loc, cs.reserve),
                        repair=_units(loc, cs.repair),
                    ),
                    _t(
                        loc,
                        "ab-status-tokens",
                        tokens=cs.tokens_left,
                        used="yes" if cs.reinforcement_used else "no",
                    ),
                    _t(loc, "ab-status-mines", mines=", ".join(mines) or dash),
                    _t(
                        loc,
                        "ab-status-shuttles",
                        shuttles="; ".join(
                            f"{sh.number}: {_units(loc, _count(sh.aboard))}" for sh in cs.shuttles
                        )
                        or dash,
                    ),
                ]
            ),
            inline=True,
        )
    busy = [render_asteroid(loc, state, a) for a in groups["target"] + groups["flag"]]
    builder.long_field(t(loc, "ab-field-busy"), busy or [dash])
    builder.field(
        t(loc, "ab-field-mines"),
        ", ".join(
            _t(loc, "ab-mine-entry", label=a.label, owner=a.owner)
            for a in groups["mine"]
            if a.owner
        )
        or dash,
    )
    builder.field(
        _t(loc, "ab-field-free", n=len(groups["free"])),
        ", ".join(a.label for a in groups["free"]) or dash,
    )
    rules = ab.tables().variants[state.variant]
    builder.footer(
        _t(
            loc,
            "ab-status-footer",
            variant=state.variant,
            portal=state.cargo_portal,
            portals=state.portals,
            inactive=Msg("ab-empty") if rules.raids else Msg("ab-status-inactive"),
        )
    )
    return builder.build()


def render_odds(loc: str, attacker: ab.UnitType, defender: ab.UnitType) -> discord.Embed:
    odds = ab.unit_odds(attacker, defender)
    text = _t(
        loc,
        "ab-odds-text",
        aunit=attacker,
        abonus=f"{ab.attack_bonus(attacker):+d}",
        dunit=defender,
        dbonus=f"{ab.defence_bonus(defender):+d}",
        win=pct(loc, odds.win),
        winf=str(odds.win),
        draw=pct(loc, odds.draw),
        drawf=str(odds.draw),
        lose=pct(loc, odds.lose),
        losef=str(odds.lose),
    )
    return EmbedBuilder(t(loc, "ab-odds-title"), text).build()


def history_line(outcome: ab.Outcome, en_lines: list[str] | None = None) -> str:
    """The outcome as English text (the form kept when the stored message would not fit)."""
    who = t("en", f"ab-civ-{outcome.civ}") if outcome.civ else "Asteroid Belt"
    lines = render_lines("en", outcome) if en_lines is None else en_lines
    return clip(f"{who} — {outcome.action}: " + " ".join(lines), 300)


#: reminders of what is due, not things that happened: left out of the history
HISTORY_SKIPS = frozenset({"turn.guards_due", "turn.besieged"})


def history_msg(outcome: ab.Outcome) -> Msg:
    """What happened, as a catalog message with compact arguments (ids, numbers): the history
    shows it in the reader's language. A fight is kept as its sides, units, totals and result
    (``a``, ``au``, ``at``, ``d``, ``du``, ``dt``: a guards' attack has two or three)."""
    lines: list[Msg] = []
    for event in outcome.events:
        if event.key == "fight":
            rec = outcome.fights[int(str(event.args["n"]))]
            lines.append(
                Msg.of(
                    "ab-hist-fight",
                    a=rec.attacker,
                    au=rec.attacker_unit,
                    at=rec.attack_total,
                    d=rec.defender,
                    du=rec.defender_unit,
                    dt=rec.defence_total,
                )
            )
        elif event.key in HISTORY_SKIPS:
            continue
        else:
            lines.append(Msg(event_key(event.key), tuple(event.args.items())))
    if outcome.civ in (None, ab.NATIVES):
        return Msg.of("ab-history-game", action=outcome.action, lines=lines)
    return Msg.of("ab-history", civ=outcome.civ, action=outcome.action, lines=lines)


def history_summary(outcome: ab.Outcome, en_lines: list[str] | None = None) -> str:
    """The stored history summary: :func:`history_msg` encoded, or, when that would not fit,
    the English text."""
    stored = encode_summary(history_msg(outcome))
    if stored.startswith(SUMMARY_TAG):
        return stored
    return history_line(outcome, en_lines)


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------
class AsteroidBeltCog(commands.Cog):
    """Distant Galaxy "Asteroid Belt": economy, capture flow, fights, raids, victory."""

    help_section = "Asteroid Belt"
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
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines), dice.draws)
        await interaction.response.send_message(
            embed=render_outcome(locale_of(interaction.locale), new, outcome, lines),
            view=undo_button(interaction, tx),
        )

    async def _load(self, interaction: discord.Interaction[Any]) -> ab.AsteroidBeltState:
        if interaction.channel_id is None:
            raise NoCampaign(key="use-in-channel")
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None:
            raise NoCampaign(
                key="no-campaign-game",
                game=Msg(f"game-{GAME}"),
                hint=GAMES[GAME].setup_command,
            )
        if campaign.game != GAME:
            current = f"game-{campaign.game}"
            raise NoCampaign(
                key="wrong-game",
                current=Msg(current) if has("en", current) else campaign.game,
                game=Msg(f"game-{GAME}"),
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
            loc = locale_of(interaction.locale)
            return [
                app_commands.Choice(
                    name=clip(render_asteroid(loc, state, by_label[label]), 100), value=label
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
                raise InputError(key="ab-err-board")
            counts = {i + 1: int(p) for i, p in enumerate(parts)}
        dice = self.bot.new_dice()
        async with self.bot.campaign_tx(interaction, game=None, require=False) as tx:
            if tx.campaign is not None:
                running = f"game-{tx.campaign.game}"
                raise RuleError(
                    key="campaign-exists",
                    game=Msg(running) if has("en", running) else tx.campaign.game,
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
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines), dice.draws)
        loc = locale_of(interaction.locale)
        embed = render_outcome(loc, state, outcome, lines)
        embed.add_field(
            name=t(loc, "ab-field-next"),
            value=ab.text(loc, "ab-next-setup", civ=state.order[0]),
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
                await self.bot.ensure_game_master(interaction, tx.campaign, "ab-action-give-civ")
                target_id = member.id
            new, outcome = ab.join(state, civilisation, target_id)
            joined = new.civs.get(ab.parse_civ(civilisation))
            if target_id == interaction.user.id and joined is not None:
                joined.locale = locale_of(interaction.locale)
            tx.set_state(new)
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines))
        await interaction.response.send_message(
            embed=render_outcome(locale_of(interaction.locale), new, outcome, lines),
            view=undo_button(interaction, tx),
        )

    @asteroids.command(name="status", description="Resources, VP, units and asteroids")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        state = await self._load(interaction)
        await interaction.response.send_message(
            embed=render_status(locale_of(interaction.locale), state)
        )

    # -- turn ---------------------------------------------------------------------------------
    @asteroids.command(name="end-turn", description="End your turn: the next civilisation plays")
    async def end_turn(self, interaction: discord.Interaction[Any]) -> None:
        async with self.bot.campaign_tx(interaction, game=GAME) as tx:
            state = self._state(tx)
            member_civ, gm = await self._who(interaction, tx, state)
            ab.require_turn(state, member_civ, gm=gm)
            new, outcome = ab.end_turn(state)
            loc = locale_of(interaction.locale)
            if member_civ is not None and new.civs[member_civ].member_id == interaction.user.id:
                new.civs[member_civ].locale = loc
            tx.set_state(new)
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines))
        pinged = new.civs[ab.current_civ(new)]
        member = pinged.member_id
        if member is None:
            await interaction.response.send_message(
                embed=render_outcome(loc, new, outcome, lines), view=undo_button(interaction, tx)
            )
            return
        # The ping speaks the pinged player's language as the bot last saw it; never seen (a
        # civilisation given by the game master, not played yet): the language of whoever
        # ended the turn, the table's language as far as the bot knows, like the embed below.
        await interaction.response.send_message(
            render_your_turn(pinged.locale or loc, new, member),
            embed=render_outcome(loc, new, outcome, lines),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=member)]),
            view=undo_button(interaction, tx),
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
    @app_commands.rename(units_aboard="units-aboard")
    @app_commands.describe(
        at="The class-3 asteroid (g…): 3 resources, free if it is your mine",
        units_aboard="Units of yours in the field boarding it, e.g. 'assault recon' (up to 3)",
        civilisation="GM: act for this civilisation",
    )
    async def shuttle(
        self,
        interaction: discord.Interaction[Any],
        at: str,
        units_aboard: app_commands.Range[str, 1, 80] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        aboard = ab.parse_units(units_aboard) if units_aboard else []
        await self._act(
            interaction, civilisation, lambda s, c, d: ab.activate_shuttle(s, c, at, aboard)
        )

    @shuttle.autocomplete("at")
    async def _shuttle_at(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, current, classes=[3])

    @asteroids.command(name="board", description="Units in the field board one of your shuttles")
    @app_commands.describe(
        units="Units of yours in the field, e.g. 'assault recon' (up to 3 aboard)",
        shuttle="Your shuttle's number (default: your only one)",
        civilisation="GM: act for this civilisation",
    )
    async def board(
        self,
        interaction: discord.Interaction[Any],
        units: app_commands.Range[str, 1, 80],
        shuttle: app_commands.Range[int, 1, 99] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        boarding = ab.parse_units(units)
        await self._act(
            interaction, civilisation, lambda s, c, d: ab.board(s, c, shuttle, boarding)
        )

    @asteroids.command(
        name="unload", description="Units leave one of your shuttles; an empty one leaves the board"
    )
    @app_commands.describe(
        shuttle="Your shuttle's number (default: your only one)",
        units="Which units leave, e.g. 'recon' (default: all aboard)",
        civilisation="GM: act for this civilisation",
    )
    async def unload(
        self,
        interaction: discord.Interaction[Any],
        shuttle: app_commands.Range[int, 1, 99] | None = None,
        units: app_commands.Range[str, 1, 80] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        leaving = ab.parse_units(units) if units else []
        await self._act(
            interaction, civilisation, lambda s, c, d: ab.unload(s, c, shuttle, leaving)
        )

    @asteroids.command(
        name="shuttle-move",
        description="Roll your shuttle's speed (a d6) for this turn: moving is free",
    )
    @app_commands.describe(
        shuttle="Your shuttle's number (default: your only one)",
        civilisation="GM: act for this civilisation",
    )
    async def shuttle_move(
        self,
        interaction: discord.Interaction[Any],
        shuttle: app_commands.Range[int, 1, 99] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(
            interaction, civilisation, lambda s, c, d: ab.move_shuttle(s, c, shuttle, d)
        )

    @asteroids.command(
        name="raid",
        description="Raid the cargo shuttle with your shuttle next to it (hard variant: no raids)",
    )
    @app_commands.describe(
        shuttle="Your shuttle next to the cargo shuttle (default: your only one)",
        civilisation="GM: act for this civilisation",
    )
    async def raid(
        self,
        interaction: discord.Interaction[Any],
        shuttle: app_commands.Range[int, 1, 99] | None = None,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.raid(s, c, d, shuttle))

    @board.autocomplete("shuttle")
    @unload.autocomplete("shuttle")
    @shuttle_move.autocomplete("shuttle")
    @raid.autocomplete("shuttle")
    async def _shuttle_ac(
        self, interaction: discord.Interaction[Any], current: int | str
    ) -> list[app_commands.Choice[int]]:
        try:
            found = await self._own_books(interaction)
            if found is None:
                return []
            loc, cs = found
            typed = str(current or "").strip()
            return [
                app_commands.Choice(
                    name=clip(
                        _t(
                            loc,
                            "ab-choice-shuttle",
                            number=sh.number,
                            units=list(sh.aboard),
                            label=sh.at,
                        ),
                        100,
                    ),
                    value=sh.number,
                )
                for sh in cs.shuttles
                if str(sh.number).startswith(typed)
            ][: ab.MAX_SUGGESTIONS]
        except Exception:
            log.exception("shuttle autocomplete failed")
            return []

    @asteroids.command(
        name="disband",
        description="Disband a unit of yours that blocks the way (it goes to repair)",
    )
    @app_commands.describe(
        unit="Your unit type in the field",
        count="How many (default 1)",
        civilisation="GM: act for this civilisation",
    )
    async def disband(
        self,
        interaction: discord.Interaction[Any],
        unit: app_commands.Range[str, 1, 40],
        count: app_commands.Range[int, 1, ab.MAX_COUNT] = 1,
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self._act(interaction, civilisation, lambda s, c, d: ab.disband(s, c, unit, count))

    @disband.autocomplete("unit")
    async def _disband_unit_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            found = await self._own_books(interaction)
            if found is None:
                return []
            loc, cs = found
            key = current.strip().lower().replace("ё", "е")
            out = []
            for u in ab.UNIT_TYPES:
                if cs.field[u] < 1:
                    continue
                name = t(loc, f"ab-unit-{u}")
                if key and not any(key in n.lower().replace("ё", "е") for n in (u, name)):
                    continue
                label = _t(loc, "ab-choice-unit", unit=u, n=cs.field[u])
                out.append(app_commands.Choice(name=clip(label, 100), value=u))
            return out
        except Exception:
            log.exception("disband autocomplete failed")
            return []

    async def _own_books(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[str, ab.CivState] | None:
        """The reader's language and the books of the civilisation this member plays (or, for
        a member who plays none, of whose turn it is)."""
        if interaction.channel_id is None:
            return None
        campaign = await self.bot.store.get(interaction.channel_id)
        if campaign is None or campaign.game != GAME:
            return None
        state = ab.AsteroidBeltState.model_validate(campaign.state)
        civ = ab.civ_of_member(state, interaction.user.id) or ab.current_civ(state)
        return locale_of(interaction.locale), state.civs[civ]

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
        loc = locale_of(interaction.locale)
        if odds_only:
            await interaction.response.send_message(embed=render_odds(loc, attacker, defender))
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
                raise InputError(key="ab-err-defender-side")
            if att == ab.NATIVES:
                if dfn == ab.NATIVES:
                    raise InputError(key="ab-err-natives-each-other")
                ab.require_may_act_for(state, member_civ, ab.NATIVES, gm=gm, against=dfn)
            new, outcome = ab.fight(state, att, attacker, dfn, defender, dice)
            tx.set_state(new)
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines), dice.draws)
        await interaction.response.send_message(
            embed=render_outcome(loc, new, outcome, lines), view=undo_button(interaction, tx)
        )

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
            lines = render_lines("en", outcome)
            tx.record(history_summary(outcome, lines), dice.draws)
        await interaction.response.send_message(
            embed=render_outcome(locale_of(interaction.locale), new, outcome, lines),
            view=undo_button(interaction, tx),
        )

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
    @board.autocomplete("civilisation")
    @unload.autocomplete("civilisation")
    @shuttle_move.autocomplete("civilisation")
    @disband.autocomplete("civilisation")
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
            key = current.strip().lower().replace("ё", "е")
            loc = locale_of(interaction.locale)
            out = []
            for c in ab.CIV_IDS:
                name = t(loc, f"ab-civ-{c}")
                names = (c, ab.civ_row(c).name, ab.civ_row(c).name_ru, name)
                if any(key in n.lower().replace("ё", "е") for n in names):
                    out.append(app_commands.Choice(name=name, value=c))
            return out
        except Exception:
            log.exception("civilisation autocomplete failed")
            return []


async def setup(bot: TableBot) -> None:
    await bot.add_cog(AsteroidBeltCog(bot))
