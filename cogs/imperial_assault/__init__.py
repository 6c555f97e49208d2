"""Imperial Assault on Discord: :mod:`.cog` holds the commands, :mod:`.render` every reply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.imperial_assault import GAME
from cogs.imperial_assault.buttons import dynamic_items, waiting
from cogs.imperial_assault.cog import ImperialAssaultCog

if TYPE_CHECKING:
    from bot.app import TableBot

__all__ = ["ImperialAssaultCog", "setup"]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(ImperialAssaultCog(bot))
    bot.add_dynamic_items(*dynamic_items())
    bot.waiting[GAME.key] = waiting
