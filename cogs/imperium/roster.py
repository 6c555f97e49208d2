"""/imperium system and /imperium ship: the systems and the fleet roster, the commands of
:class:`cogs.imperium.cog.ImperiumCog` (which inherits them from here) that change them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send
from bot.catalog import t
from bot.rules import imperium as im
from bot.rules.errors import InputError
from bot.ui import lang, tr, undo_button
from cogs.imperium.base import GAME, ImperiumBase, OwnerOpt, SideOpt, tclass_value
from cogs.imperium.render import render_ship, system_line


class ImperiumRoster(ImperiumBase, commands.Cog):
    """The /imperium group's ``system`` and ``ship`` subgroups (listed first in the group)."""

    ship = app_commands.Group(name="ship", description="The fleet roster")
    system = app_commands.Group(name="system", description="Systems")

    # -- systems -------------------------------------------------------------------------------
    @system.command(name="set", description="GM: create or change a system")
    @app_commands.describe(
        name="System (new or existing)",
        owner="Owner",
        worlds="Worlds",
        outposts="Outposts",
        homeworld="One world is a homeworld",
    )
    async def system_set(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        owner: OwnerOpt | None = None,
        worlds: app_commands.Range[int, 0, 20] | None = None,
        outposts: app_commands.Range[int, 0, 20] | None = None,
        homeworld: bool | None = None,
    ) -> None:
        async with self.bot.play(
            interaction, GAME, game_master=True, action="imp-action-change-systems"
        ) as play:
            state = play.state
            own: im.Side | Literal["keep"] | None = (
                "keep" if owner is None else None if owner == "none" else owner
            )
            new, out = im.set_system(
                state, name, owner=own, worlds=worlds, outposts=outposts, homeworld=homeworld
            )
            play.commit(new, out)
            content = system_line(out.system, lang(interaction))
        await send(interaction, content, view=undo_button(interaction, play.tx))

    system_set.autocomplete("name")(ImperiumBase.system_autocomplete)

    # -- ships ---------------------------------------------------------------------------------
    @ship.command(name="add", description="Add a ship counter")
    @app_commands.describe(
        name="Unique name or label",
        type="Type as printed: CR, missile boat, scout…",
        system="Where it is",
        side="Whose (default: your side)",
        tclass="Tactical class (unless the type names one)",
        maintenance="Printed maintenance number (fix-kit types: none)",
        screen="Printed screen factor",
        jump="Jump capable (default: not fighters/PDS)",
        disrupted="Starts disrupted",
        strength="Troops: printed strength",
        carries="Motherships: fighters carried",
    )
    async def ship_add(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        type: str,
        system: str,
        side: SideOpt | None = None,
        tclass: str | None = None,
        maintenance: app_commands.Range[int, 0, 20] | None = None,
        screen: app_commands.Range[int, 0, 6] = 0,
        jump: bool | None = None,
        disrupted: bool = False,
        strength: app_commands.Range[int, 0, 99] = 0,
        carries: app_commands.Range[int, 0, 99] = 0,
    ) -> None:
        # Long (~65 lines): one option per counter field, handed straight to im.add_ship.
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            whose = side or im.side_of_member(state, interaction.user.id)
            if whose is None:
                raise InputError(key="imp-whose-ship")
            await self.require_side(
                interaction, play.campaign, state, whose, "imp-action-add-ships"
            )
            new, added = im.add_ship(
                state,
                name=name,
                side=whose,
                type_name=type,
                system=system,
                tclass=im.as_tclass(tclass_value(tclass)),
                maintenance=maintenance,
                screen=screen,
                jump=jump,
                disrupted=disrupted,
                strength=strength,
                carries=carries,
            )
            play.commit(new, added)
            embed = render_ship(added.ship, "added", lang(interaction))
        await send(interaction, embed=embed, view=undo_button(interaction, play.tx))

    ship_add.autocomplete("system")(ImperiumBase.system_autocomplete)

    @ship_add.autocomplete("tclass")
    async def _tclass_ac(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        loc = lang(interaction)
        shown = {t(loc, "imp-tclass-choice", tclass=c): c for c in im.TCLASSES}
        # by its name in the reader's language, else by the value it sends (``cap``)
        typed = current.strip().lower()
        names = im.suggest(shown, current) or [n for n, c in shown.items() if c.startswith(typed)]
        return [app_commands.Choice(name=n, value=shown[n]) for n in names]

    async def _ship_change(
        self,
        interaction: discord.Interaction[Any],
        name: str,
        verb: str,
        change: Callable[[im.ImperiumState, str], tuple[im.ImperiumState, im.ShipChanged]],
        reply: Callable[[im.Ship], dict[str, Any]],
    ) -> None:
        """Change one ship and answer with ``reply(changed ship)`` (send's arguments), rendered
        before the change is committed, with the Undo button."""
        async with self.bot.play(interaction, GAME) as play:
            state = play.state
            ship = im.find_ship(state, name)
            await self.require_side(
                interaction, play.campaign, state, ship.side, f"imp-action-{verb}"
            )
            new, changed = change(state, ship.name)
            play.commit(new, changed)
            answer = reply(changed.ship)
        await send(interaction, **answer, view=undo_button(interaction, play.tx))

    @ship.command(name="remove", description="Take a ship off the roster")
    @app_commands.describe(ship="The ship")
    async def ship_remove(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._ship_change(
            interaction,
            ship,
            "remove",
            im.remove_ship,
            lambda gone: {"content": tr(interaction, "imp-ship-removed", ship=gone.name)},
        )

    @ship.command(name="disrupt", description="Mark a ship disrupted")
    @app_commands.describe(ship="The ship")
    async def ship_disrupt(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._ship_change(
            interaction,
            ship,
            "disrupt",
            lambda s, n: im.set_disrupted(s, n, True),
            lambda changed: {"embed": render_ship(changed, "disrupted", lang(interaction))},
        )

    @ship.command(name="repair", description="Mark a ship undisrupted")
    @app_commands.describe(ship="The ship")
    async def ship_repair(self, interaction: discord.Interaction[Any], ship: str) -> None:
        await self._ship_change(
            interaction,
            ship,
            "repair",
            lambda s, n: im.set_disrupted(s, n, False),
            lambda changed: {"embed": render_ship(changed, "repaired", lang(interaction))},
        )

    @ship.command(name="move", description="Move a ship to another system")
    @app_commands.describe(ship="The ship", system="Where it goes")
    async def ship_move(
        self, interaction: discord.Interaction[Any], ship: str, system: str
    ) -> None:
        await self._ship_change(
            interaction,
            ship,
            "move",
            lambda s, n: im.move_ship(s, n, system),
            lambda changed: {
                "content": tr(
                    interaction, "imp-ship-moved", ship=changed.name, system=changed.system or "—"
                )
            },
        )

    for _cmd in (ship_remove, ship_disrupt, ship_repair, ship_move):
        _cmd.autocomplete("ship")(ImperiumBase.ship_autocomplete)
    del _cmd
    ship_move.autocomplete("system")(ImperiumBase.system_autocomplete)
