"""/roll: any dice expression d20 reads (``2d6+1``, ``4d6kh3``, ``(1d8+4)*2``…), every die
shown, with the exact distribution of the total. A roll in a channel with a campaign (of any
game) joins that campaign's history, its state untouched; a private roll is seen by the roller
only and recorded nowhere."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.answers import answers_privately, send
from bot.catalog import DEFAULT, encode_summary, number, percent, percent_cell, t
from bot.rules import roll as rl
from bot.rules.msg import Msg
from bot.ui import EmbedBuilder, bar, begin_press, clip, lang, pressed_label, report

if TYPE_CHECKING:
    from bot.app import TableBot

LABEL_LIMIT = 60
#: Discord's limit on a component's custom id
CUSTOM_ID = 100
CHART_ROWS = 16
CHART_WIDTH = 16
SHOWN_LIMIT = 1500


def chart_rows(loc: str, odds: rl.Distribution, total: rl.Value) -> list[str]:
    """One row per total (``  7 │████████ 16.7%``), or per run of neighbouring totals when
    there are more than :data:`CHART_ROWS`; the row holding ``total`` is marked."""
    outcomes = odds.outcomes
    n = len(outcomes)
    groups: list[tuple[tuple[rl.Value, Fraction], ...]]
    if n <= CHART_ROWS:
        groups = [(o,) for o in outcomes]
    else:
        groups = [
            outcomes[n * i // CHART_ROWS : n * (i + 1) // CHART_ROWS] for i in range(CHART_ROWS)
        ]
    sums = [sum((p for _, p in g), Fraction(0)) for g in groups]
    peak = max(sums)
    labels = [
        shown(loc, g[0][0]) if len(g) == 1 else f"{shown(loc, g[0][0])}–{shown(loc, g[-1][0])}"
        for g in groups
    ]
    width = max(len(label) for label in labels)
    rows = []
    for group, label, q in zip(groups, labels, sums, strict=True):
        mark = any(v == total for v, _ in group)
        rows.append(
            t(
                loc,
                "roll-chart-row",
                range=f"{label:>{width}}",
                bar=bar(q / peak, CHART_WIDTH),
                percent=percent_cell(loc, q, bounded=True),
                mark=" " + t(loc, "roll-chart-mark") if mark else "",
            )
        )
    return rows


def shown(loc: str, value: rl.Value) -> str:
    """A total as people write it, in the reader's notation: ``7``, ``3.5`` (``3,5``)."""
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return number(loc, value, 2, trim=True)
    return str(value)


def render_odds(loc: str, odds: rl.Distribution, total: rl.Value) -> str:
    line = t(
        loc,
        "roll-odds-line",
        total=shown(loc, total),
        better=percent(loc, odds.at_least(total), space=False, bounded=True),
        exact=percent(loc, odds.chance(total), space=False, bounded=True),
        mean=number(loc, odds.mean, 2),
        low=shown(loc, odds.lowest),
        high=shown(loc, odds.highest),
    )
    return line + "\n```\n" + "\n".join(chart_rows(loc, odds, total)) + "\n```"


def render_roll(
    loc: str, who: str, outcome: rl.RollOutcome, label: str | None, recorded: bool
) -> discord.Embed:
    title_args = {"who": clip(who, 40), "expression": outcome.expression}
    title = (
        t(loc, "roll-title-label", label=label, **title_args)
        if label
        else t(loc, "roll-title", **title_args)
    )
    description = (
        clip(outcome.shown, SHOWN_LIMIT)
        + "\n"
        + t(loc, "roll-total", total=shown(loc, outcome.total))
    )
    builder = EmbedBuilder(title, description)
    builder.field(t(loc, "roll-field-odds"), render_odds(loc, outcome.odds, outcome.total))
    if recorded:
        builder.footer(t(loc, "roll-footer-recorded"))
    return builder.build()


def history_summary(outcome: rl.RollOutcome, label: str | None) -> str:
    args: dict[str, Any] = {
        "expression": outcome.expression,
        "total": shown(DEFAULT, outcome.total),
    }
    if label:
        return encode_summary(Msg.of("roll-history-label", label=label, **args))
    return encode_summary(Msg.of("roll-history", **args))


class RollCog(commands.Cog):
    """Dice expressions with exact odds, in any channel."""

    help_section = "Dice"
    help_order = 15

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="roll", description="Roll dice (2d6+1, 4d6kh3, 2d20kl1…) with the exact odds"
    )
    @app_commands.describe(
        expression="Dice as d20 reads them: 2d6+1, 4d6kh3, 2d20kl1, 1d6ro1, (1d8+4)*2, 1d20>10",
        label="What the roll is for, e.g. attack",
        private="True: only you see the reply (and the roll is not recorded)",
    )
    async def roll(
        self,
        interaction: discord.Interaction[Any],
        expression: app_commands.Range[str, 1, rl.EXPRESSION_LIMIT],
        label: app_commands.Range[str, 1, LABEL_LIMIT] | None = None,
        private: bool = False,
    ) -> None:
        await self.roll_as(interaction, expression, label, private)

    async def roll_as(
        self,
        interaction: discord.Interaction[Any],
        expression: str,
        label: str | None,
        private: bool,
    ) -> None:
        """Roll ``expression`` for the member behind ``interaction`` (the command, or a press
        of Roll again under an earlier roll: the history shows the command either way)."""
        loc = lang(interaction)
        dice = self.bot.new_dice()
        start = len(dice.draws)
        outcome = rl.roll(expression, dice)
        who = interaction.user.display_name
        if private:
            answers_privately(interaction)
            embed = render_roll(loc, who, outcome, label, False)
        else:
            command = roll_command(expression, label)
            async with self.bot.aside(
                interaction, history_summary(outcome, label), dice.draws[start:], command=command
            ) as recorded:
                embed = render_roll(loc, who, outcome, label, recorded)
        view = RollAgain.under(expression, label, private, t(loc, "button-roll-again"))
        await send(interaction, embed=embed, view=view, ephemeral=private)


def roll_command(expression: str, label: str | None) -> str:
    """What the history shows as typed for a roll (the command or a press of Roll again)."""
    return f"/roll expression:{expression}" + (f" label:{label}" if label else "")


class RollAgain(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=re.compile(r"roll:(?P<private>[01]):(?P<n>[0-9]{1,3}):(?P<rest>.*)", re.DOTALL),
):
    """**Roll again** under a roll: the expression and label are in the custom id, so a press
    works after a restart and on any process; anyone at the table may press it, and the roll
    is theirs. A roll whose expression and label do not fit a custom id (100 characters) has
    no button."""

    def __init__(self, expression: str, label: str | None, private: bool, *, text: str) -> None:
        custom_id = f"roll:{int(private)}:{len(expression)}:{expression}{label or ''}"
        super().__init__(
            discord.ui.Button(
                label=text, style=discord.ButtonStyle.primary, emoji="🎲", custom_id=custom_id
            )
        )
        self.expression, self.label, self.private = expression, label, private

    @staticmethod
    def under(
        expression: str, label: str | None, private: bool, text: str
    ) -> discord.ui.View | None:
        """The view under a roll: Roll again, or none when the roll does not fit a custom id."""
        if len(f"roll:0:{len(expression)}:{expression}{label or ''}") > CUSTOM_ID:
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(RollAgain(expression, label, private, text=text))
        return view

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RollAgain:
        begin_press(interaction)
        n, rest = int(match["n"]), match["rest"]
        text = pressed_label(interaction, item, "button-roll-again")
        return cls(rest[:n], rest[n:] or None, match["private"] == "1", text=text)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(RollCog.__cog_name__)
            assert isinstance(cog, RollCog)
            await cog.roll_as(interaction, self.expression, self.label, self.private)
        except Exception as exc:
            await report(interaction, exc)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(RollCog(bot))
    bot.add_dynamic_items(RollAgain)
