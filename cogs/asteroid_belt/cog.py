"""/asteroids: the campaign, the turn, the economy, shuttles and raids, and fights of Distant
Galaxy, episode 7 "Asteroid Belt" (/capture is in :mod:`cogs.asteroid_belt.capture`).

Options are parsed, permissions checked, the rules in :mod:`bot.rules.asteroid_belt` decide, the
state is stored, and :mod:`cogs.asteroid_belt.render` builds the reply.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.catalog import t
from bot.rules import asteroid_belt as ab
from bot.rules.errors import BotError, InputError
from bot.translator import keyed_choices
from bot.ui import lang, undo_button
from cogs.asteroid_belt.base import GAME, AsteroidBeltBase, CivOpt, SideOpt, UnitOpt
from cogs.asteroid_belt.buttons import turn_buttons, with_guards
from cogs.asteroid_belt.render import (
    render_odds,
    render_outcome,
    render_setup,
    render_shuttle_choice,
    render_status,
    render_unit_choice,
    render_your_turn,
)

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)


class AsteroidBeltCog(AsteroidBeltBase, commands.Cog):
    """Distant Galaxy "Asteroid Belt": campaign, turns, economy, shuttles, raids, fights."""

    help_section = ab.GAME.title
    help_order = 50

    asteroids = app_commands.Group(
        name="asteroids", description="Distant Galaxy 'Asteroid Belt': economy, fights, turns"
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    # -- /asteroids setup, join, status -------------------------------------------------------
    @asteroids.command(name="setup", description="Start an Asteroid Belt campaign in this channel")
    @app_commands.choices(variant=keyed_choices("variant", ("standard", "fast", "hard")))
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
        variant: str = "standard",
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
        async with self.bot.start_campaign(interaction, GAME) as start:
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
            start.commit(state, outcome)
            embed = render_setup(lang(interaction), state, outcome)
        await send(interaction, embed=embed)

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
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            target_id = interaction.user.id
            if member is not None and member.id != interaction.user.id:
                await self.bot.ensure_game_master(interaction, play.campaign, "ab-action-give-civ")
                target_id = member.id
            new, outcome = ab.join(state, civilisation, target_id)
            joined = new.civs.get(ab.parse_civ(civilisation))
            if target_id == interaction.user.id and joined is not None:
                joined.locale = lang(interaction)
            play.commit(new, outcome)
            embed = render_outcome(lang(interaction), new, outcome)
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

    @asteroids.command(name="status", description="Resources, VP, units and asteroids")
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        state = await self.bot.read_state(interaction, GAME)
        await send(interaction, embed=render_status(lang(interaction), state))

    # -- turn ---------------------------------------------------------------------------------
    @asteroids.command(name="end-turn", description="End your turn: the next civilisation plays")
    @app_commands.describe(civilisation="GM: end this civilisation's turn")
    async def end_turn(
        self,
        interaction: discord.Interaction[Any],
        civilisation: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        await self.end_turn_of(interaction, civilisation)

    async def end_turn_of(
        self,
        interaction: discord.Interaction[Any],
        civilisation: str | None,
        *,
        campaign_id: int | None = None,
        turn: int | None = None,
        command: str | None = None,
    ) -> None:
        """End ``civilisation``'s turn (the command, or a press of End turn: made under
        campaign ``campaign_id`` on turn ``turn``, another campaign or a later turn refuses;
        ``command`` what the history shows)."""
        async with self.bot.play(interaction, GAME, command=command) as play:
            state = play.state
            if campaign_id is not None and play.campaign.campaign_id != campaign_id:
                raise BotError(key="campaign-ended")
            if turn is not None:
                ab.require_turn_number(state, turn)
            member_civ, gm = await self._who(interaction, play.campaign, state)
            civ = ab.acting_civ(state, member_civ, gm=gm, requested=civilisation)
            new, outcome = ab.end_turn(state, civ)
            loc = lang(interaction)
            if member_civ is not None and new.civs[member_civ].member_id == interaction.user.id:
                new.civs[member_civ].locale = loc
            play.commit(new, outcome)
            pinged = new.civs[ab.current_civ(new)]
            member = pinged.member_id
            embed = render_outcome(loc, new, outcome)
            # The ping speaks the pinged player's language as the bot last saw it; never seen
            # (a civilisation given by the game master, not played yet): the language of whoever
            # ended the turn, the table's language as far as the bot knows, like the embed.
            ping = render_your_turn(pinged.locale or loc, new, member) if member else None
        await send(
            interaction,
            ping,
            embed=embed,
            view=with_guards(
                turn_buttons(interaction, play.tx, new, ab.current_civ(new)),
                interaction,
                play.tx,
                new,
                outcome.events,
            ),
            mention=member,
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
                app_commands.Choice(name=render_shuttle_choice(loc, sh), value=sh.number)
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
                out.append(
                    app_commands.Choice(name=render_unit_choice(loc, u, cs.field[u]), value=u)
                )
            return out
        except Exception:
            log.exception("disband autocomplete failed")
            return []

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
        loc = lang(interaction)
        if odds_only:
            await send(interaction, embed=render_odds(loc, attacker, defender))
            return
        dice = self.bot.new_dice()
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            member_civ, gm = await self._who(interaction, play.campaign, state)
            att, dfn = ab.fight_sides(state, member_civ, attacker_side, defender_side, gm=gm)
            new, outcome = ab.fight(state, att, attacker, dfn, defender, dice)
            play.commit(new, outcome)
            embed = render_outcome(loc, new, outcome)
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

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

    @end_turn.autocomplete("civilisation")
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
    async def _civ_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return self._civ_choices(interaction, current)
