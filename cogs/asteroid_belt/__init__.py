"""/asteroids and /capture: Distant Galaxy, episode 7 "Asteroid Belt".

The players move their counters on their own board; the bot keeps the economy, the asteroids'
markers, the turn order, and settles every fight and raid. No game logic here: options are
parsed, the rules in :mod:`bot.rules.asteroid_belt` decide, the state is stored, a reply is
rendered: /asteroids in :mod:`.cog`, /capture in :mod:`.capture` (sharing :mod:`.base`), every
reply in :mod:`.render`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.asteroid_belt import GAME
from cogs.asteroid_belt.buttons import dynamic_items, waiting
from cogs.asteroid_belt.capture import CaptureCog
from cogs.asteroid_belt.cog import AsteroidBeltCog
from cogs.asteroid_belt.render import (
    render_asteroid,
    render_fight,
    render_lines,
    render_odds,
    render_outcome,
    render_roll,
)

if TYPE_CHECKING:
    from bot.app import TableBot

__all__ = [
    "AsteroidBeltCog",
    "CaptureCog",
    "render_asteroid",
    "render_fight",
    "render_lines",
    "render_odds",
    "render_outcome",
    "render_roll",
    "setup",
]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(AsteroidBeltCog(bot))
    await bot.add_cog(CaptureCog(bot))
    bot.add_dynamic_items(*dynamic_items())
    bot.waiting[GAME.key] = waiting
