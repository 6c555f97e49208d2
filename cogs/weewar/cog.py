"""/battle: a Weewar battle, rolled or as exact odds.

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.catalog import t
from bot.rules import weewar as ww
from bot.rules.dice import Dice
from bot.rules.errors import BotError
from bot.ui import begin_press, lang, pressed_label, report
from cogs.weewar.render import render_battle

if TYPE_CHECKING:
    from bot.app import TableBot

log = logging.getLogger(__name__)

MAX_GANG_UP = 10
MAX_DISTANCE = 10


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names[: ww.MAX_SUGGESTIONS]]


# ----------------------------------------------------------------------------------------------
# The cog
# ----------------------------------------------------------------------------------------------


class WeewarCog(commands.Cog):
    """Weewar battles: any channel; rolled battles join the channel campaign's history."""

    help_section = ww.GAME.title
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
        fought = ww.battle(
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
            dice=None if odds_only else self.bot.new_dice(),
        )
        if fought.rolled is None:
            await send(interaction, embed=render_battle(lang(interaction), fought))
            return
        await self.reply(interaction, fought)

    async def reply(self, interaction: discord.Interaction[Any], fought: ww.Battle) -> None:
        """Answer a rolled battle (the command, or a press of Roll again: the history shows the
        command either way); a channel with a campaign (of any game) keeps it in that
        campaign's history."""
        assert fought.rolled is not None
        loc = lang(interaction)
        setup = fought.plan.setup
        command = battle_command(setup)
        async with self.bot.aside(interaction, fought.rolled, command=command) as recorded:
            embed = render_battle(loc, fought, recorded)
        view = discord.ui.View(timeout=None)
        view.add_item(BattleAgain.of(setup, label=t(loc, "button-roll-again")))
        next_attack = NextAttack.after(fought, loc)
        if next_attack is not None:
            view.add_item(next_attack)
        await send(interaction, embed=embed, view=view)

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


def battle_command(setup: ww.BattleSetup) -> str:
    """What the history shows as typed for a rolled battle (the command or a press of Roll
    again): every option, as the command's own names."""
    gang = setup.gang_up
    return (
        f"/battle attacker:{setup.attacker.name} defender:{setup.defender.name} "
        f"attacker-terrain:{setup.attacker_terrain.name} "
        f"defender-terrain:{setup.defender_terrain.name} attackers:{setup.attackers} "
        f"defenders:{setup.defenders} distance:{setup.distance} ranged:{gang.ranged} "
        f"beside:{gang.beside} opposite:{gang.opposite} flank:{gang.flank} rules:{setup.rules}"
    )


RULES = ("published", "server")


class BattleAgain(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ww:(?P<setup>[0-9]{1,3}(?::[0-9]{1,3}){11})",
):
    """**Roll again** under a rolled battle: the battle's set-up is in the custom id (units and
    terrains by their place in the tables, the numbers as they are), so a press works after a
    restart and on any process. Anyone may press it; the battle is rolled again as
    ``/battle`` rolls it, checks and history entry included."""

    def __init__(self, numbers: tuple[int, ...], *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="🎲",
                custom_id="ww:" + ":".join(map(str, numbers)),
            )
        )
        self.numbers = numbers

    @classmethod
    def of(cls, setup: ww.BattleSetup, *, label: str) -> BattleAgain:
        return cls(setup_numbers(setup), label=label)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> BattleAgain:
        begin_press(interaction)
        numbers = tuple(map(int, match["setup"].split(":")))
        return cls(numbers, label=pressed_label(interaction, item, "button-roll-again"))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(WeewarCog.__cog_name__)
            assert isinstance(cog, WeewarCog)
            fought = battle_of(self.numbers, cog.bot.new_dice())
            await cog.reply(interaction, fought)
        except Exception as exc:
            await report(interaction, exc)


def setup_numbers(setup: ww.BattleSetup, **changed: int) -> tuple[int, ...]:
    """A battle's set-up as a custom id carries it: units and terrains by their place in the
    tables, the numbers as they are (``changed``: some of them replaced, by option name)."""
    units, terrains = ww.unit_names(), ww.terrain_names()
    gang = setup.gang_up
    numbers = {
        "attacker": units.index(setup.attacker.name),
        "defender": units.index(setup.defender.name),
        "attacker_terrain": terrains.index(setup.attacker_terrain.name),
        "defender_terrain": terrains.index(setup.defender_terrain.name),
        "attackers": setup.attackers,
        "defenders": setup.defenders,
        "distance": setup.distance,
        "ranged": gang.ranged,
        "beside": gang.beside,
        "opposite": gang.opposite,
        "flank": gang.flank,
        "rules": RULES.index(setup.rules),
    }
    numbers.update(changed)
    return tuple(numbers.values())


def battle_of(numbers: tuple[int, ...], dice: Dice) -> ww.Battle:
    """The battle a custom id's numbers describe, rolled as /battle rolls it."""
    a, d, at, dt, na, nd, dist, r, b, o, f, rules = numbers
    units, terrains = ww.unit_names(), ww.terrain_names()
    if max(a, d) >= len(units) or max(at, dt) >= len(terrains) or rules >= len(RULES):
        raise BotError(key="button-expired")
    return ww.battle(
        units[a],
        units[d],
        terrains[at],
        terrains[dt],
        attackers=na,
        defenders=nd,
        distance=dist,
        ranged=r,
        beside=b,
        opposite=o,
        flank=f,
        rules=RULES[rules],
        dice=dice,
    )


#: the seed's gang-up cases: where the attack just rolled stands, seen from the next one
GANG_UP = ("ranged", "beside", "opposite", "flank")


class NextAttack(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"wn:(?P<setup>[0-9]{1,3}(?::[0-9]{1,3}){11})",
):
    """**Next attack on this defender…** beside Roll again: where the attack just rolled
    stands as seen from the next attacker (from a distance, beside, opposite, another side).
    The same attacker type, as many sub units, then attacks the defender's survivors with every
    earlier attack of the chain counted in B: the custom id carries the next battle's set-up,
    the choice adds the attack just rolled to its case."""

    def __init__(
        self, numbers: tuple[int, ...], *, placeholder: str, options: list[discord.SelectOption]
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id="wn:" + ":".join(map(str, numbers)),
                placeholder=placeholder,
                options=options,
            )
        )
        self.numbers = numbers

    @classmethod
    def after(cls, fought: ww.Battle, loc: str) -> NextAttack | None:
        """The select under a rolled battle (None: the defender was wiped out)."""
        assert fought.rolled is not None
        left = fought.rolled.defenders_left
        if left < 1:
            return None
        setup = fought.plan.setup
        gang = setup.gang_up
        labels = {
            "ranged": t(loc, "weewar-next-ranged"),
            "beside": t(loc, "weewar-next-beside"),
            "opposite": t(loc, "weewar-next-opposite"),
            "flank": t(loc, "weewar-next-flank"),
        }
        options = [
            discord.SelectOption(label=labels[case], value=case)
            for case in GANG_UP
            if getattr(gang, case) < MAX_GANG_UP
        ]
        if not options:
            return None
        numbers = setup_numbers(setup, defenders=left)
        return cls(numbers, placeholder=t(loc, "weewar-next-attack", n=left), options=options)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NextAttack:
        begin_press(interaction)
        return cls(
            tuple(map(int, match["setup"].split(":"))),
            placeholder=getattr(item, "placeholder", None) or "",
            options=list(getattr(item, "options", [])),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(WeewarCog.__cog_name__)
            assert isinstance(cog, WeewarCog)
            case = str(self.item.values[0])
            if case not in GANG_UP:
                raise BotError(key="button-expired")
            numbers = list(self.numbers)
            numbers[7 + GANG_UP.index(case)] += 1
            await cog.reply(interaction, battle_of(tuple(numbers), cog.bot.new_dice()))
        except Exception as exc:
            await report(interaction, exc)
