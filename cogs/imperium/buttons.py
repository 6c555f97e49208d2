"""GDW Imperium's combat by presses, under ``/initiative`` and each fire step's reply: for the
round's next fire step, a select of the ships that step may hit (each choice adds one hit to
the pending list the message shows: a ship twice is two hits), **Apply step N hits**
(``/imperium hits`` with the pending list), **No hits in step N** (the same with none), and,
once step 5 is applied, **Next round** (``/initiative`` again in that system, space combat, no
range choice). Each carries the campaign, the state's version, the system by its place and the
step in its custom id: once anything changed the campaign (another command, an undo) a press
refuses in one line — nothing is held in memory. The commands run in the cogs (found by name:
they build on this module)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.utils import MISSING

from bot.answers import update
from bot.catalog import t
from bot.rules import imperium as im
from bot.rules.errors import BotError
from bot.storage import Tx
from bot.ui import begin_press, lang, pressed_label, report, undo_button

HITS_COG = "ImperiumCog"
PHASES_COG = "ImperiumPhases"
#: Discord's limit on a select's options; more targets than this are not offered
SELECT_OPTIONS = 25
#: selects of the ships a fire step may hit, 25 ships each (the rows left beside the buttons):
#: up to 75 ships; more are hit with /imperium hits
HIT_SELECTS = 3
#: Discord's limit on a custom id
CUSTOM_ID = 100

IDS = r"(?P<campaign>[0-9]{1,19}):(?P<version>[0-9]{1,9}):(?P<sys>[0-9]{1,4})"
PENDING = r"(?P<pending>(?:[0-9]{1,4}\.[0-9]{1,2}(?:-[0-9]{1,4}\.[0-9]{1,2})*)?)"

#: what a press was made for: (campaign id, state version, system's place)
Press = tuple[int, int, int]


def check_press(campaign_id: int, version: int, press: Press | None) -> None:
    """Refuse a press made for another campaign or an earlier state (None: a command)."""
    if press is None:
        return
    if press[0] != campaign_id:
        raise BotError(key="campaign-ended")
    if press[1] != version:
        raise BotError(key="imp-buttons-stale")


def decode(pending: str) -> dict[int, int]:
    """``"3.2-5.1"``: ship 3 (its place in the roster) twice, ship 5 once."""
    out: dict[int, int] = {}
    for part in filter(None, pending.split("-")):
        ship, _, count = part.partition(".")
        out[int(ship)] = int(count)
    return out


def encode(pending: dict[int, int]) -> str:
    return "-".join(f"{ship}.{count}" for ship, count in sorted(pending.items()))


def hit_names(state: im.ImperiumState, pending: dict[int, int]) -> list[str]:
    """The pending hits as ``/imperium hits``'s ``ships``: a ship twice is two hits."""
    names = []
    for i, count in sorted(pending.items()):
        if not 0 <= i < len(state.ships):
            raise BotError(key="imp-buttons-stale")
        names += [state.ships[i].name] * count
    return names


def combat_view(
    loc: str,
    campaign_id: int,
    version: int,
    state: im.ImperiumState,
    system: str,
    view: discord.ui.View,
    pending: dict[int, int] | None = None,
) -> discord.ui.View:
    """``view`` with the controls of the next fire step in ``system`` (or Next round after
    step 5); nothing when no combat goes on there."""
    combat = im.find_combat(state, system)
    if combat is None or not (combat.last_initiative or combat.surface_last_initiative):
        return view
    sys_index = [s.name for s in state.systems].index(im.find_system(state, system).name)
    ids = f"{campaign_id}:{version}:{sys_index}"
    step = combat.fire_step + 1
    if (
        combat.last_initiative is not None
        and combat.round >= 1
        and combat.fire_step == 0
        and not combat.range_locked
        and not combat.range_changed
    ):
        choices = ("short", "long") if combat.round == 1 else im.RANGE_STEPS[combat.range or "long"]
        labels = {
            "short": t(loc, "imp-button-range-short"),
            "long": t(loc, "imp-button-range-long"),
            "disengage": t(loc, "imp-button-disengage"),
        }
        for choice in choices:
            view.add_item(RangeButton(ids, choice, label=labels[choice]))
    if step > im.FIRE_STEP_COUNT:
        # the fire steps are the surface combat's when no space combat goes on there
        surface = combat.last_initiative is None
        if not surface or combat.surface_round < im.tables().surface_rounds:
            label = t(loc, "imp-button-next-round")
            view.add_item(NextRound(ids, label=label, surface=surface))
        return view
    pending = pending or {}
    shown = encode(pending)
    count = sum(pending.values())
    view.add_item(ApplyHits(ids, step, shown, label=t(loc, "imp-button-apply", step=step, n=count)))
    view.add_item(NoHits(ids, step, label=t(loc, "imp-button-no-hits", step=step)))
    every = im.step_targets(state, combat.system, step)
    pages = [every[i : i + SELECT_OPTIONS] for i in range(0, len(every), SELECT_OPTIONS)]
    if len(f"imp-hp:{ids}:{step}:9:{shown}-9999.99") > CUSTOM_ID:
        return view
    for page, chunk in enumerate(pages[:HIT_SELECTS]):
        options = [
            discord.SelectOption(
                label=t(loc, "imp-hit-option", ship=ship.name, type=ship.type, n=pending.get(i, 0))[
                    :100
                ],
                value=str(i),
            )
            for i, ship in chunk
        ]
        if len(pages) == 1:
            placeholder = t(loc, "imp-hit-pick", step=step)
        else:
            first = page * SELECT_OPTIONS + 1
            placeholder = t(
                loc, "imp-hit-pick-page", step=step, first=first, last=first + len(chunk) - 1
            )
        view.add_item(
            HitPick(ids, step, shown, placeholder=placeholder, options=options, page=page)
        )
    return view


async def waiting(
    interaction: discord.Interaction[Any], campaign_id: int, version: int, stored: dict[str, Any]
) -> tuple[str, discord.ui.View | None]:
    """What the campaign waits for (``/campaign status``): each combat going on, its round
    and next fire step; and the buttons of the first one. ``version`` is the campaign's, read
    with ``stored``: the buttons act on the campaign as shown, or refuse once it changed."""
    state = im.GAME.load(stored)
    loc = lang(interaction)
    going = [c for c in state.combats if c.last_initiative or c.surface_last_initiative]
    if not going:
        return t(loc, "imp-waiting-none"), None
    lines = []
    for c in going:
        step = c.fire_step + 1
        if step > im.FIRE_STEP_COUNT:
            lines.append(t(loc, "imp-waiting-next-round", system=c.system, round=c.round))
        else:
            lines.append(t(loc, "imp-waiting-step", system=c.system, round=c.round, step=step))
    view = combat_view(
        loc, campaign_id, version, state, going[0].system, discord.ui.View(timeout=None)
    )
    return "\n".join(lines), view


def fire_buttons(
    interaction: discord.Interaction[Any], tx: Tx, state: im.ImperiumState, system: str
) -> discord.ui.View:
    """Undo and the combat's controls under a reply that committed ``tx``."""
    view = undo_button(interaction, tx)
    if tx.campaign is None:
        return view
    if view is MISSING:
        view = discord.ui.View(timeout=None)
    version = tx.campaign.version + 1  # the state written by the commit
    return combat_view(lang(interaction), tx.campaign.campaign_id, version, state, system, view)


def _ids(match: re.Match[str]) -> tuple[str, Press]:
    campaign, version, sys = int(match["campaign"]), int(match["version"]), int(match["sys"])
    return f"{campaign}:{version}:{sys}", (campaign, version, sys)


class HitPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"imp-hp:{IDS}:(?P<step>[1-5]):(?:(?P<page>[0-9]):)?{PENDING}",
):
    """A hit on the chosen ship, added to the pending list the message shows; nothing is
    stored. Only a player (or a game master) may choose, as for ``/imperium hits``."""

    def __init__(
        self,
        ids: str,
        step: int,
        pending: str,
        *,
        placeholder: str,
        options: list[discord.SelectOption],
        page: int = 0,
    ) -> None:
        # the first page keeps the id without a page number (as before there were pages)
        where = f"{page}:" if page else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"imp-hp:{ids}:{step}:{where}{pending}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.step, self.pending = step, decode(pending)
        self.ids = ids

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HitPick:
        begin_press(interaction)
        ids, _ = _ids(match)
        picked = cls(
            ids,
            int(match["step"]),
            match["pending"],
            placeholder=getattr(item, "placeholder", None) or "",
            options=list(getattr(item, "options", [])),
            page=int(match["page"] or 0),
        )
        picked.press = _ids(match)[1]
        return picked

    press: Press

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(HITS_COG)
            campaign = await cog.bot.read_campaign(interaction, game=im.GAME.key)
            check_press(campaign.campaign_id, campaign.version, self.press)
            state = im.GAME.load(campaign.state)
            await cog.require_player(interaction, campaign, state, "imp-action-apply-hits")
            if not 0 <= self.press[2] < len(state.systems):
                raise BotError(key="imp-buttons-stale")
            system = state.systems[self.press[2]].name
            ship = int(self.item.values[0])
            pending = dict(self.pending)
            pending[ship] = min(pending.get(ship, 0) + 1, 99)
            keep = discord.ui.View(timeout=None)
            if interaction.message is not None:
                shown = discord.ui.View.from_message(interaction.message, timeout=None)
                for child in shown.children:
                    if not str(getattr(child, "custom_id", "")).startswith("imp-"):
                        keep.add_item(child)
            view = combat_view(
                lang(interaction),
                self.press[0],
                self.press[1],
                state,
                system,
                keep,
                pending,
            )
            await update(interaction, view=view)
        except Exception as exc:
            await report(interaction, exc)


class ApplyHits(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"imp-ha:{IDS}:(?P<step>[1-5]):{PENDING}",
):
    """**Apply step N hits (n)**: ``/imperium hits`` of step N with the pending hits."""

    def __init__(self, ids: str, step: int, pending: str, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                custom_id=f"imp-ha:{ids}:{step}:{pending}",
                disabled=not pending,
            )
        )
        self.step, self.pending = step, decode(pending)

    press: Press

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ApplyHits:
        begin_press(interaction)
        ids, press = _ids(match)
        label = getattr(item, "label", None) or ""  # the label the message shows
        made = cls(ids, int(match["step"]), match["pending"], label=label)
        made.press = press
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(HITS_COG)
            await cog.hits_of(interaction, None, self.step, None, self.press, self.pending)
        except Exception as exc:
            await report(interaction, exc)


class NoHits(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"imp-hn:{IDS}:(?P<step>[1-5])",
):
    """**No hits in step N**: ``/imperium hits`` of step N with no ship."""

    def __init__(self, ids: str, step: int, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"imp-hn:{ids}:{step}",
            )
        )
        self.step = step

    press: Press

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NoHits:
        begin_press(interaction)
        ids, press = _ids(match)
        made = cls(ids, int(match["step"]), label=getattr(item, "label", None) or "")
        made.press = press
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(HITS_COG)
            await cog.hits_of(interaction, None, self.step, None, self.press, {})
        except Exception as exc:
            await report(interaction, exc)


class NextRound(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"imp-nr:{IDS}(?P<surface>:s)?",
):
    """**Next round**: ``/initiative`` again in that system — of the space combat (no range
    choice: the holder chooses with the command), or of the surface combat (``:s``) where no
    space combat goes on; none after the surface combat's last round."""

    def __init__(self, ids: str, *, label: str, surface: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="🎲",
                custom_id=f"imp-nr:{ids}{':s' if surface else ''}",
            )
        )
        self.surface = surface

    press: Press

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> NextRound:
        begin_press(interaction)
        ids, press = _ids(match)
        label = pressed_label(interaction, item, "imp-button-next-round")
        made = cls(ids, label=label, surface=bool(match["surface"]))
        made.press = press
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(PHASES_COG)
            mode = "surface" if self.surface else "space"
            await cog.initiative_of(interaction, None, mode, press=self.press)
        except Exception as exc:
            await report(interaction, exc)


RANGES = ("short", "long", "disengage")


class RangeButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"imp-rg:{IDS}:(?P<choice>[0-2])",
):
    """**Range: short / long** or **Disengage** for the initiative holder, while the fix kit
    lets them choose (before the round's first fire step, no tie, not chosen yet):
    ``/imperium range`` (a disengagement jumps into jump space; to name a system, use the
    command's ``jump-to``)."""

    def __init__(self, ids: str, choice: str, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"imp-rg:{ids}:{RANGES.index(choice)}",
            ),
            row=1,
        )
        self.choice = choice

    press: Press

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RangeButton:
        begin_press(interaction)
        ids, press = _ids(match)
        made = cls(ids, RANGES[int(match["choice"])], label=getattr(item, "label", None) or "")
        made.press = press
        return made

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            cog = interaction.client.get_cog(HITS_COG)
            await cog.range_of(interaction, None, self.choice, press=self.press)
        except Exception as exc:
            await report(interaction, exc)


def dynamic_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    return [HitPick, ApplyHits, NoHits, NextRound, RangeButton]
