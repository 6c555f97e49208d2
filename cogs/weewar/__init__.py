"""/battle: a Weewar battle, rolled or as exact odds (cog.py: the command; render.py: the reply).

Weewar has no campaign of its own: /battle works in any channel. When the channel has a
campaign (of any game) a rolled battle goes into that campaign's history, its state untouched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.weewar.cog import BattleAgain, NextAttack, WeewarCog
from cogs.weewar.render import render_battle, render_chart

if TYPE_CHECKING:
    from bot.app import TableBot

__all__ = ["WeewarCog", "render_battle", "render_chart", "setup"]


async def setup(bot: TableBot) -> None:
    await bot.add_cog(WeewarCog(bot))
    bot.add_dynamic_items(BattleAgain, NextAttack)
