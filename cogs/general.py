"""/ping and /help."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import send, update
from bot.catalog import (
    CommandName,
    attribute,
    choice_key,
    choice_name,
    command_key,
    has,
    option_key,
    t,
)
from bot.discord_internals import choice_message_key
from bot.games import BY_TITLE, EVERY_GAME
from bot.rules.errors import BotError
from bot.rules.game import GameInfo
from bot.ui import (
    EMBED_DESCRIPTION,
    EmbedBuilder,
    begin_press,
    clip,
    lang,
    pager_view,
    report,
    tr,
)

if TYPE_CHECKING:
    from bot.app import TableBot

AnyCommand = app_commands.Command[Any, ..., Any]

# The games /help can explain one by one, from the games' records: the choice's value is the
# game's key, its English title the choice's name. A game's cogs name its title as their
# ``help_section``.
GAME_CHOICES = [app_commands.Choice(name=g.title, value=g.key) for g in EVERY_GAME]

# A page of a game's reference: the embed description, kept well under Discord's 4096.
PAGE_TEXT = 3000


def section_title(loc: str, section: str) -> str:
    """A help section's title: a game's own (``game-{key}``), else ``section-{name}``."""
    game = BY_TITLE.get(section)
    if game is not None:
        return t(loc, f"game-{game.key}")
    key = "section-" + section.lower().replace(" ", "_")
    return t(loc, key) if has(loc, key) else section


def shown(loc: str, qualified_name: str) -> str:
    """The command as the reader's Discord shows it: ``/ia setup``, ``/ia начать``."""
    return CommandName(qualified_name).render(loc)


def help_game(loc: str, game: str) -> str:
    """``/help game:Weewar`` as the reader types it (``/помощь игра:Weewar``)."""
    option = attribute(loc, option_key("help", "game"), "name") or "game"
    choice = next(c for c in GAME_CHOICES if c.value == game)
    ck = choice_key(game)
    name = t(loc, ck) if loc != "en" and has(loc, ck) else choice.name
    return f"{shown(loc, 'help')} {option}:{name}"


def command_description(loc: str, cmd: AnyCommand) -> str:
    return attribute(loc, command_key(cmd.qualified_name), "desc") or cmd.description


def option_line(loc: str, cmd: AnyCommand, param: app_commands.Parameter) -> str:
    """``• `threat-level` (required) — The mission's threat level, 2–12``."""
    key = option_key(cmd.qualified_name, param.display_name)
    name = attribute(loc, key, "name") or param.display_name
    description = attribute(loc, key, "desc") or param.description
    marker = t(loc, "help-option-required") if param.required else t(loc, "help-option-optional")
    line = f"• `{name}` ({marker}) — {description}"
    if param.choices:
        names = []
        for choice in param.choices:
            names.append(choice_name(loc, choice.value, choice.name, choice_message_key(choice)))
        line += " " + t(loc, "help-option-choices", choices=", ".join(names))
    return line


def command_block(loc: str, cmd: AnyCommand) -> str:
    lines = [f"**`{shown(loc, cmd.qualified_name)}`** — {command_description(loc, cmd)}"]
    lines += [option_line(loc, cmd, param) for param in cmd.parameters]
    return clip("\n".join(lines), EMBED_DESCRIPTION)


def game_commands(sections: dict[str, list[AnyCommand]], game: GameInfo) -> list[AnyCommand]:
    """The commands of ``game``: those of the cogs whose ``help_section`` is its title."""
    return sections.get(game.title, [])


def reading_order(cmds: list[AnyCommand]) -> list[AnyCommand]:
    """Commands grouped by their top-level name (in the order first met), and within a group
    the direct subcommands before those of nested groups: ``/ia setup`` … ``/ia hand``, then
    ``/deploy-roll``; ``/imperium setup`` … before ``/imperium ship add``."""
    tops: dict[str, list[AnyCommand]] = {}
    for cmd in cmds:
        tops.setdefault(cmd.qualified_name.split()[0], []).append(cmd)
    ordered: list[AnyCommand] = []
    for group in tops.values():
        ordered += sorted(group, key=lambda c: len(c.qualified_name.split()))
    return ordered


class General(commands.Cog):
    """Bot-wide commands."""

    help_section = "General"

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check the bot is alive: gateway latency in ms")
    async def ping(self, interaction: discord.Interaction[Any]) -> None:
        latency = self.bot.latency
        if math.isnan(latency) or math.isinf(latency):
            text = tr(interaction, "ping-unknown")
        else:
            text = tr(interaction, "ping-reply", ms=f"{latency * 1000:.0f}")
        await send(interaction, text)

    @app_commands.command(
        name="help", description="Every command of the bot, or one game's full reference"
    )
    @app_commands.describe(game="One game's commands with every option, page by page")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction[Any], game: str | None = None) -> None:
        loc = lang(interaction)
        if game is None:
            await send(interaction, embed=self.overview(loc), ephemeral=True)
            return
        pages = self.reference(loc, game)
        if len(pages) == 1:
            await send(interaction, embed=pages[0], ephemeral=True)
            return
        view = HelpPager.pager(game, 0, len(pages), loc)
        await send(interaction, embed=pages[0], view=view, ephemeral=True)

    def sections(self) -> dict[str, list[AnyCommand]]:
        """Every slash command by help section (the cogs' ``help_section``), in help order."""
        sections: dict[str, list[AnyCommand]] = {}
        for cog in sorted(self.bot.cogs.values(), key=lambda c: getattr(c, "help_order", 50)):
            section = str(getattr(cog, "help_section", cog.qualified_name))
            for cmd in cog.walk_app_commands():
                if isinstance(cmd, app_commands.Command):
                    sections.setdefault(section, []).append(cmd)
        return sections

    def overview(self, loc: str) -> discord.Embed:
        """One page: each game one field with its commands' names, the other sections (the
        campaign commands, /ping, /help) one line per command."""
        builder = EmbedBuilder(t(loc, "help-title"), t(loc, "help-intro"))
        for section, cmds in self.sections().items():
            title = section_title(loc, section)
            game = BY_TITLE.get(section)
            if game is not None:
                names = " · ".join(f"`{shown(loc, c.qualified_name)}`" for c in reading_order(cmds))
                more = t(loc, "help-game-more", command=f"`{help_game(loc, game.key)}`")
                builder.field(title, f"{names}\n{more}")
            else:
                builder.field(
                    title,
                    "\n".join(
                        f"`{shown(loc, c.qualified_name)}` — {command_description(loc, c)}"
                        for c in cmds
                    ),
                )
        return builder.build()

    def reference(self, loc: str, game: str) -> list[discord.Embed]:
        """The game's every command with its description and options, cut into pages at
        command boundaries."""
        record = next(g for g in EVERY_GAME if g.key == game)
        cmds = game_commands(self.sections(), record)
        title = t(loc, "help-game-title", game=t(loc, f"game-{record.key}"))
        intro = t(loc, f"help-game-intro-{record.key}")
        texts: list[str] = []
        current = intro
        for cmd in reading_order(cmds):
            block = command_block(loc, cmd)
            if current and len(current) + 2 + len(block) > PAGE_TEXT:
                texts.append(current)
                current = block
            else:
                current = f"{current}\n\n{block}" if current else block
        texts.append(current)
        pages = []
        for number, text in enumerate(texts, start=1):
            builder = EmbedBuilder(title, text)
            builder.footer(
                t(loc, "help-game-footer", page=number, pages=len(texts), doc=record.docs)
            )
            pages.append(builder.build())
        return pages


class HelpPager(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"help:(?P<game>[a-z_]{1,40}):(?P<page>[0-9]{1,2}):(?P<way>[01])",
):
    """◀ / ▶ through a game's reference (``/help game:``): page ``page`` of game ``game``,
    made again in the presser's language on each press — nothing held in memory."""

    def __init__(self, game: str, page: int, way: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"help:{game}:{page}:{way}",
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HelpPager:
        begin_press(interaction)
        label = getattr(item, "label", None) or ""
        return cls(match["game"], int(match["page"]), int(match["way"]), label=label)

    @staticmethod
    def pager(game: str, page: int, count: int, loc: str) -> discord.ui.View:
        return pager_view(
            lambda target, way, label: HelpPager(game, target, way, label=label),
            page,
            count,
            (t(loc, "help-page-previous"), t(loc, "help-page-next")),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(General.__cog_name__)
            if not isinstance(cog, General) or all(g.key != self.game for g in EVERY_GAME):
                raise BotError(key="button-expired")
            loc = lang(interaction)
            pages = cog.reference(loc, self.game)
            page = min(self.page, len(pages) - 1)
            view = self.pager(self.game, page, len(pages), loc)
            await update(interaction, embed=pages[page], view=view)
        except Exception as exc:
            await report(interaction, exc)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(General(bot))
    bot.add_dynamic_items(HelpPager)
