"""What the GDW Imperium commands share: option types, option parsing, the channel's campaign,
who speaks for which side, and autocomplete."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.catalog import LOCALES, t
from bot.rules import imperium as im
from bot.rules.errors import NotAllowed
from bot.rules.msg import Msg
from bot.storage import Campaign

if TYPE_CHECKING:
    from bot.app import TableBot


GAME = im.GAME


SideOpt = Literal["terran", "imperial"]


OwnerOpt = Literal["terran", "imperial", "none"]


RangeOpt = Literal["short", "long", "disengage"]


ModeOpt = Literal["space", "surface"]


SourceOpt = Literal["space combat", "planetary defence fire"]


NONE_WORDS = {"none", "-", "nobody", "no", "нет", "никто", "никому", "—"}


def split_names(text: str | None) -> list[str]:
    if text is None:
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


def tclass_value(text: str | None) -> str | None:
    """A tactical class as typed: the English value, or its name in any catalog language."""
    if text is None:
        return None
    key = " ".join(text.strip().lower().split())
    for tclass in im.TCLASSES:
        names = {t(loc, "imp-tclass", tclass=tclass).lower() for loc in LOCALES}
        names |= {t(loc, "imp-tclass-choice", tclass=tclass).lower() for loc in LOCALES}
        if key in names:
            return tclass
    return text


def list_choices(
    names: Sequence[str], current: str, unique: bool
) -> list[app_commands.Choice[str]]:
    """Complete the last name of a comma-separated list."""
    head, comma, last = current.rpartition(",")
    done = [p.strip() for p in head.split(",") if p.strip()] if comma else []
    taken = {d.lower() for d in done}
    prefix = ", ".join(done) + ", " if done else ""
    out: list[app_commands.Choice[str]] = []
    for name in im.suggest(names, last):
        if unique and name.lower() in taken:
            continue
        value = prefix + name
        if len(value) > 100:
            continue
        out.append(app_commands.Choice(name=value, value=value))
        if len(out) >= im.SUGGESTION_LIMIT:
            break
    return out


class ImperiumBase:
    bot: TableBot

    async def state_for_autocomplete(
        self, interaction: discord.Interaction[Any]
    ) -> im.ImperiumState | None:
        return await self.bot.state_or_none(interaction, GAME)

    async def speaks_for(
        self, interaction: discord.Interaction[Any], campaign: Campaign, state: im.ImperiumState
    ) -> set[im.Side]:
        if await self.bot.is_game_master(interaction, campaign):
            return set(im.SIDES)
        side = im.side_of_member(state, interaction.user.id)
        return {side} if side else set()

    async def require_side(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign,
        state: im.ImperiumState,
        side: im.Side,
        action: str,
    ) -> None:
        """Refuse unless the member speaks for ``side``; ``action`` is an ``imp-action-`` key."""
        if side not in await self.speaks_for(interaction, campaign, state):
            raise NotAllowed(key="imp-only-side", side=side, action=Msg(action))

    async def require_player(
        self,
        interaction: discord.Interaction[Any],
        campaign: Campaign,
        state: im.ImperiumState,
        action: str,
    ) -> set[im.Side]:
        sides = await self.speaks_for(interaction, campaign, state)
        if not sides:
            raise NotAllowed(key="imp-only-players", action=Msg(action))
        return sides

    async def ship_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        system = getattr(interaction.namespace, "system", None)
        names = im.ship_suggestions(state, current)
        if isinstance(system, str) and system:
            here = im.ship_suggestions(state, current, system=system)
            names = here or names
        return [app_commands.Choice(name=n, value=n) for n in names]

    async def system_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        return [app_commands.Choice(name=n, value=n) for n in im.system_suggestions(state, current)]

    async def ships_list_autocomplete(
        self, interaction: discord.Interaction[Any], current: str, unique: bool = True
    ) -> list[app_commands.Choice[str]]:
        state = await self.state_for_autocomplete(interaction)
        if state is None:
            return []
        system = getattr(interaction.namespace, "system", None)
        ships = [s.name for s in state.ships]
        if isinstance(system, str) and system:
            here = [s.name for s in im.ships_in(state, system)]
            ships = here or ships
        return list_choices(ships, current, unique)
