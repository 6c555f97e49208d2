"""GDW Imperium with the fix kit: /imperium (roster, systems, screens, fire steps, status),
/initiative and /maintenance. The rules live in :mod:`bot.rules.imperium`; the commands in
:mod:`.cog` (with :mod:`.roster`) and :mod:`.phases` (sharing :mod:`.base`), every reply in
:mod:`.render`, :mod:`.combat_render` and :mod:`.maintenance_render`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.imperium import GAME
from cogs.imperium.base import list_choices
from cogs.imperium.buttons import dynamic_items, waiting
from cogs.imperium.cog import ImperiumCog
from cogs.imperium.combat_render import (
    render_fire_steps,
    render_initiative,
    render_screen,
    render_step,
)
from cogs.imperium.maintenance_render import render_maintenance
from cogs.imperium.phases import ImperiumPhases
from cogs.imperium.render import render_fleet, render_interwar, render_status

if TYPE_CHECKING:
    from bot.app import TableBot

__all__ = [
    "list_choices",
    "render_fire_steps",
    "render_fleet",
    "render_initiative",
    "render_interwar",
    "render_maintenance",
    "render_screen",
    "render_status",
    "render_step",
    "setup",
]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(ImperiumCog(bot))
    await bot.add_cog(ImperiumPhases(bot))
    bot.add_dynamic_items(*dynamic_items())
    bot.waiting[GAME.key] = waiting
