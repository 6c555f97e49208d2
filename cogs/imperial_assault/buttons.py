"""Imperial Assault's buttons and selects, under ``/deploy-roll`` and each activation (and the
replies to a defeat or a lost figure): **Activate next** (``/ia activate``) while a deployed
group is ready, **End round** (``/deploy-roll``) once every one has activated, and the
**Defeated…** and **Figure lost…** selects of the deployed groups (``/ia defeat``, ``/ia
figure-lost`` of one figure). Each carries its campaign and round in its custom id: a press in a
later round, or under an ended campaign, refuses in one line; nothing is held in memory. The
commands run in the cog (found by name: it builds on this module)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.utils import MISSING

from bot.catalog import t
from bot.rules.errors import BotError
from bot.rules.imperial_assault import GAME, activation, tables
from bot.rules.imperial_assault.state import ImperialAssaultState
from bot.storage import Tx
from bot.ui import begin_press, lang, pressed_label, report, undo_button

COG = "ImperialAssaultCog"
#: Discord's limit on a select's options
SELECT_OPTIONS = 25
#: selects of each kind (Defeated…, Figure lost…), 25 groups each, in the rows left beside the
#: buttons: up to 50 deployed groups; more are named with the commands
PAGES = 2

#: what a press was made for: (campaign id, round)
Press = tuple[int, int]


def check_press(campaign_id: int, state: ImperialAssaultState, press: Press | None) -> None:
    """Refuse a press made for another campaign or an earlier round (None: a command)."""
    if press is None:
        return
    if press[0] != campaign_id:
        raise BotError(key="campaign-ended")
    activation.require_round(state, press[1])


class RoundButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ia-(?P<what>act|end):(?P<campaign>[0-9]{1,19}):(?P<round>[0-9]{1,6})",
):
    """**Activate next** (``ia-act``) or **End round** (``ia-end``) in round ``round``."""

    def __init__(self, what: str, campaign_id: int, round_: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="▶️" if what == "act" else "🎲",
                custom_id=f"ia-{what}:{campaign_id}:{round_}",
            )
        )
        self.what, self.press = what, (campaign_id, round_)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RoundButton:
        begin_press(interaction)
        if match["what"] == "act":
            label = pressed_label(interaction, item, "ia-button-activate")
        else:
            label = pressed_label(interaction, item, "ia-button-end-round")
        return cls(match["what"], int(match["campaign"]), int(match["round"]), label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(COG)
            if self.what == "act":
                await cog.activate_of(interaction, self.press)
            else:
                await cog.deploy_roll_of(interaction, self.press)
        except Exception as exc:
            await report(interaction, exc)


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=(
        r"ia-(?P<what>def|fig):(?P<campaign>[0-9]{1,19}):(?P<round>[0-9]{1,6})(?::(?P<page>[0-9]))?"
    ),
):
    """**Defeated…** (``ia-def``) or **Figure lost…** (``ia-fig``): the deployed groups of
    round ``round``; a choice runs ``/ia defeat`` or ``/ia figure-lost`` (one figure)."""

    def __init__(
        self,
        what: str,
        campaign_id: int,
        round_: int,
        *,
        placeholder: str,
        options: list[discord.SelectOption],
        page: int = 0,
    ) -> None:
        # the first page keeps the id without a page number (as before there were pages)
        where = f":{page}" if page else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"ia-{what}:{campaign_id}:{round_}{where}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.what, self.press = what, (campaign_id, round_)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GroupSelect:
        begin_press(interaction)
        return cls(
            match["what"],
            int(match["campaign"]),
            int(match["round"]),
            placeholder=getattr(item, "placeholder", None) or "",
            options=list(getattr(item, "options", [])),
            page=int(match["page"] or 0),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(COG)
            group = str(self.item.values[0])
            if self.what == "def":
                await cog.defeat_of(interaction, group, self.press)
            else:
                await cog.figure_lost_of(interaction, group, 1, self.press)
        except Exception as exc:
            await report(interaction, exc)


def round_view(
    interaction: discord.Interaction[Any], tx: Tx, state: ImperialAssaultState
) -> discord.ui.View:
    """Undo, then Activate next (a deployed group is ready) or End round, and the Defeated…
    and Figure lost… selects of the deployed groups."""
    view = undo_button(interaction, tx)
    if tx.campaign is None:
        return view
    if view is MISSING:
        view = discord.ui.View(timeout=None)
    return round_controls(lang(interaction), tx.campaign.campaign_id, state, view)


def round_controls(
    loc: str, campaign_id: int, state: ImperialAssaultState, view: discord.ui.View
) -> discord.ui.View:
    """``view`` with Activate next or End round, and the Defeated… and Figure lost… selects."""
    round_ = state.round
    if any(not d.activated for d in state.deployed):
        button = RoundButton("act", campaign_id, round_, label=t(loc, "ia-button-activate"))
    else:
        button = RoundButton("end", campaign_id, round_, label=t(loc, "ia-button-end-round"))
    view.add_item(button)
    deployed = state.deployed
    pages = [deployed[i : i + SELECT_OPTIONS] for i in range(0, len(deployed), SELECT_OPTIONS)]
    for what in ("def", "fig"):
        key = "ia-select-defeated" if what == "def" else "ia-select-figure-lost"
        paged = "ia-select-defeated-page" if what == "def" else "ia-select-figure-lost-page"
        for page, chunk in enumerate(pages[:PAGES]):
            options = [
                discord.SelectOption(
                    label=t(loc, "ia-select-group", group=tables.label(d.id), n=d.figures)[:100],
                    value=d.id,
                )
                for d in chunk
            ]
            if len(pages) == 1:
                placeholder = t(loc, key)
            else:
                first = page * SELECT_OPTIONS + 1
                placeholder = t(loc, paged, first=first, last=first + len(chunk) - 1)
            view.add_item(
                GroupSelect(
                    what, campaign_id, round_, placeholder=placeholder, options=options, page=page
                )
            )
    return view


async def waiting(
    interaction: discord.Interaction[Any], campaign_id: int, version: int, stored: dict[str, Any]
) -> tuple[str, discord.ui.View | None]:
    """What the mission waits for (``/campaign status``): the round's activations or its end;
    and the buttons for it."""
    state = GAME.load(stored)
    loc = lang(interaction)
    ready = sum(not d.activated for d in state.deployed)
    if ready:
        text = t(loc, "ia-waiting-activate", round=state.round, n=ready)
    else:
        text = t(loc, "ia-waiting-end-round", round=state.round)
    return text, round_controls(loc, campaign_id, state, discord.ui.View(timeout=None))


def dynamic_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    return [RoundButton, GroupSelect]
