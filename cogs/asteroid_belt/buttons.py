"""Asteroid Belt's buttons and selects: **End turn** under the replies of the player whose turn
it is; on the message that pings the guards' player, a select per guard (the invader it
attacks) and **Guards attack** (``/capture guards``). Everything a press needs is in its custom
id (the campaign, a turn or an asteroid by its place, the picks so far as digits) and the
database; the commands themselves run in the cogs (found by name: they build on this module)."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.utils import MISSING

from bot.answers import update
from bot.catalog import t
from bot.rules import asteroid_belt as ab
from bot.rules.errors import BotError
from bot.storage import Tx
from bot.ui import begin_press, lang, pressed_label, report, undo_button

#: the two cogs, by name (cog.py and capture.py import this module)
ASTEROIDS_COG = "AsteroidBeltCog"
CAPTURE_COG = "CaptureCog"
GUARD_PICK = "ab-gp:"
GUARDS_GO = "ab-ga:"


class EndTurnButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ab-end:(?P<campaign>[0-9]{1,19}):(?P<turn>[0-9]{1,7}):(?P<civ>[a-z]{1,12})",
):
    """**End turn** under the replies of the player whose turn it is: runs
    ``/asteroids end-turn civilisation:<civ>`` on turn ``turn`` of campaign ``campaign`` (its
    permissions and refusals; a later turn or another campaign refuses). Nothing held in
    memory: a press works after a restart and on any process."""

    def __init__(self, campaign_id: int, turn: int, civ: str, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                emoji="⏭️",
                custom_id=f"ab-end:{campaign_id}:{turn}:{civ}",
            )
        )
        self.campaign_id, self.turn, self.civ = campaign_id, turn, civ

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> EndTurnButton:
        begin_press(interaction)
        label = pressed_label(interaction, item, "ab-button-end-turn")
        return cls(int(match["campaign"]), int(match["turn"]), match["civ"], label=label)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            # the /asteroids cog (cog.py, which builds on this module) ends the turn
            end_turn_of = interaction.client.get_cog(ASTEROIDS_COG).end_turn_of
            await end_turn_of(
                interaction,
                self.civ,
                campaign_id=self.campaign_id,
                turn=self.turn,
                command=f"/asteroids end-turn civilisation:{self.civ}",
            )
        except Exception as exc:
            await report(interaction, exc)


def turn_buttons(
    interaction: discord.Interaction[Any], tx: Tx, state: ab.AsteroidBeltState, civ: str | None
) -> discord.ui.View:
    """The buttons under a reply: Undo, and End turn when it is ``civ``'s turn (the game still
    running)."""
    view = undo_button(interaction, tx)
    if (
        civ is None
        or tx.campaign is None
        or state.winner is not None
        or civ != ab.current_civ(state)
    ):
        return view
    if view is MISSING:
        view = discord.ui.View(timeout=None)
    return turn_controls(lang(interaction), tx.campaign.campaign_id, state, civ, view)


def turn_controls(
    loc: str, campaign_id: int, state: ab.AsteroidBeltState, civ: ab.CivId, view: discord.ui.View
) -> discord.ui.View:
    """``view`` with End turn for ``civ`` (whose turn it is) and its Attack a guard selects."""
    view.add_item(EndTurnButton(campaign_id, state.turn, civ, label=t(loc, "ab-button-end-turn")))
    # the besieger's targets whose guards stand: a select each (a message holds 5 rows)
    field = state.civs[civ].field
    units = [u for u in ab.UNIT_TYPES if field[u] >= 1]
    besieged = ab.besieged_targets(state, civ)
    for i, a in besieged[:MAX_ATTACK_SELECTS] if units else []:
        options = [
            discord.SelectOption(
                label=t(loc, "ab-attack-option", unit=ab.unit_msg(u), guard=ab.unit_msg(g)),
                value=f"{u}:{g}",
            )
            for u in units
            for g in dict.fromkeys(a.guards)
        ]
        placeholder = t(loc, "ab-attack-pick", label=a.label)
        view.add_item(AttackGuard(campaign_id, i, civ, placeholder=placeholder, options=options))
    return view


async def waiting(
    interaction: discord.Interaction[Any], campaign_id: int, version: int, stored: dict[str, Any]
) -> tuple[str, discord.ui.View | None]:
    """What the game waits for (``/campaign status``): whose turn, which guards are due; and
    the buttons for it."""
    state = ab.GAME.load(stored)
    loc = lang(interaction)
    if state.winner is not None:
        return t(loc, "ab-waiting-over"), None
    now = ab.current_civ(state)
    member = state.civs[now].member_id
    lines = [
        t(loc, "ab-waiting-turn", civ=ab.civ_msg(now), member=f"<@{member}>" if member else "—")
    ]
    due = ab.targets_with_guards_due(state)
    for _, a in due:
        assert a.target_by is not None
        lines.append(
            t(
                loc,
                "ab-waiting-guards",
                label=a.label,
                player=ab.civ_msg(ab.guards_player(state, a.target_by)),
            )
        )
    view = turn_controls(loc, campaign_id, state, now, discord.ui.View(timeout=None))
    if due and fits_guards(view, len(due[0][1].guards)):
        view = guard_controls(loc, campaign_id, state, due[0][0], keep=view)
    return "\n".join(lines), view


#: at most this many Attack a guard selects under one reply (with the buttons' row: 4 rows)
MAX_ATTACK_SELECTS = 3


class AttackGuard(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ab-at:(?P<campaign>[0-9]{1,19}):(?P<ast>[0-9]{1,3}):(?P<civ>[a-z]{1,12})",
):
    """**Attack a guard of …** under the besieger's replies: a unit of theirs in the field
    against a guard left, ``/capture attack asteroid:<it> unit:<u> guard:<g>`` with the
    besieger as the civilisation — its permissions, refusals, dice, history entry and Undo."""

    def __init__(
        self,
        campaign_id: int,
        ast: int,
        civ: str,
        *,
        placeholder: str,
        options: list[discord.SelectOption],
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ab-at:{campaign_id}:{ast}:{civ}",
                placeholder=placeholder,
                options=options,
            )
        )
        self.campaign_id, self.ast, self.civ = campaign_id, ast, civ

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> AttackGuard:
        begin_press(interaction)
        return cls(
            int(match["campaign"]),
            int(match["ast"]),
            match["civ"],
            placeholder=getattr(item, "placeholder", None) or "",
            options=list(getattr(item, "options", [])),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            unit, _, guard = str(self.item.values[0]).partition(":")
            attack_of = interaction.client.get_cog(CAPTURE_COG).attack_of
            await attack_of(interaction, self.campaign_id, self.ast, self.civ, unit, guard)
        except Exception as exc:
            await report(interaction, exc)


def _picks_text(picks: str) -> str:
    """``picks`` (a digit per guard: 0 none yet, else the unit type's place from 1) as
    ``/capture guards``'s ``picks`` option."""
    return " ".join(ab.UNIT_TYPES[int(p) - 1] for p in picks if p != "0")


class GuardPick(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ab-gp:(?P<campaign>[0-9]{1,19}):(?P<ast>[0-9]{1,3}):(?P<civ>[a-z]{1,12})"
    r":(?P<guard>[0-9]):(?P<picks>[0-4]{1,9})",
):
    """The select of guard ``guard`` of asteroid ``ast`` (by its place) targeted by ``civ``:
    the invader it attacks. Choosing changes nothing stored: it shows the pick, and **Guards
    attack** carries every pick so far. Only the guards' player (or a game master) may choose,
    as for ``/capture guards``."""

    def __init__(
        self,
        campaign_id: int,
        ast: int,
        civ: str,
        guard: int,
        picks: str,
        *,
        placeholder: str,
        options: list[discord.SelectOption],
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"ab-gp:{campaign_id}:{ast}:{civ}:{guard}:{picks}",
                placeholder=placeholder,
                options=options,
                min_values=1,
                max_values=1,
            )
        )
        self.campaign_id, self.ast, self.civ, self.guard, self.picks = (
            campaign_id,
            ast,
            civ,
            guard,
            picks,
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GuardPick:
        begin_press(interaction)
        return cls(
            int(match["campaign"]),
            int(match["ast"]),
            match["civ"],
            int(match["guard"]),
            match["picks"],
            placeholder=getattr(item, "placeholder", None) or "",
            options=list(getattr(item, "options", [])),
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            bot = interaction.client
            state = await bot.read_state(interaction, ab.GAME)
            campaign = await bot.store.get(interaction.channel_id)
            if campaign is None or campaign.campaign_id != self.campaign_id:
                raise BotError(key="ab-err-guards-gone")
            asteroid = ab.guards_due(state, self.ast, self.civ)
            member_civ = ab.civ_of_member(state, interaction.user.id)
            gm = await bot.is_game_master(interaction, campaign)
            ab.require_guards_player(state, asteroid.label, member_civ, gm=gm)
            chosen = str(ab.UNIT_TYPES.index(self.values[0]) + 1)
            picks = self.picks[: self.guard] + chosen + self.picks[self.guard + 1 :]
            view = guard_controls(
                lang(interaction),
                self.campaign_id,
                state,
                self.ast,
                picks,
                keep=without_guard_controls(interaction.message),
            )
            await update(interaction, view=view)
        except Exception as exc:
            await report(interaction, exc)

    @property
    def values(self) -> list[str]:
        return list(self.item.values)


class GuardsAttack(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ab-ga:(?P<campaign>[0-9]{1,19}):(?P<ast>[0-9]{1,3}):(?P<civ>[a-z]{1,12})"
    r":(?P<picks>[0-4]{0,9})",
):
    """**Guards attack**: ``/capture guards`` on asteroid ``ast`` (targeted by ``civ``) with
    the picks chosen in the selects — its permissions, refusals, dice, history entry and Undo.
    The guard controls leave the message once the attack is made."""

    def __init__(self, campaign_id: int, ast: int, civ: str, picks: str, *, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.danger,
                emoji="⚔️",
                custom_id=f"ab-ga:{campaign_id}:{ast}:{civ}:{picks}",
                disabled="0" in picks,
            )
        )
        self.campaign_id, self.ast, self.civ, self.picks = campaign_id, ast, civ, picks

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> GuardsAttack:
        begin_press(interaction)
        label = pressed_label(interaction, item, "ab-button-guards")
        return cls(
            int(match["campaign"]), int(match["ast"]), match["civ"], match["picks"], label=label
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            guards_of = interaction.client.get_cog(CAPTURE_COG).guards_of
            await guards_of(
                interaction,
                None,
                _picks_text(self.picks),
                campaign_id=self.campaign_id,
                press=(self.ast, self.civ),
            )
        except Exception as exc:
            await report(interaction, exc)


def guard_controls(
    loc: str,
    campaign_id: int,
    state: ab.AsteroidBeltState,
    ast: int,
    picks: str | None = None,
    *,
    keep: discord.ui.View | None = None,
) -> discord.ui.View:
    """The selects of asteroid ``ast``'s guards (the invader each attacks; the options are the
    invader's unit types in the field) and **Guards attack**, after the items of ``keep``
    that are not guard controls (Undo, End turn)."""
    a = state.asteroids[ast]
    civ = a.target_by
    assert civ is not None
    picks = picks or "0" * len(a.guards)
    field = state.civs[civ].field
    in_field = [u for u in ab.UNIT_TYPES if field[u] >= 1]
    view = discord.ui.View(timeout=None)
    for item in keep.children if keep is not None else []:
        custom_id = str(getattr(item, "custom_id", "") or "")
        if not custom_id.startswith((GUARD_PICK, GUARDS_GO)):
            view.add_item(item)
    if not in_field:
        picks = ""  # no invader in the field: the guards find no one (one press)
    for n, guard in enumerate(a.guards if in_field else []):
        chosen = int(picks[n]) - 1 if picks[n] != "0" else None
        options = [
            discord.SelectOption(
                label=t(loc, "ab-guard-option", unit=ab.unit_msg(u), n=field[u]),
                value=u,
                default=chosen is not None and ab.UNIT_TYPES[chosen] == u,
            )
            for u in in_field
        ]
        placeholder = t(loc, "ab-guard-pick", n=n + 1, guard=ab.unit_msg(guard), label=a.label)
        view.add_item(
            GuardPick(campaign_id, ast, civ, n, picks, placeholder=placeholder, options=options)
        )
    view.add_item(GuardsAttack(campaign_id, ast, civ, picks, label=t(loc, "ab-button-guards")))
    return view


def without_guard_controls(message: discord.Message | None) -> discord.ui.View | None:
    """The pressed message's items but the guard controls (None: it had none else)."""
    if message is None:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    rest = discord.ui.View(timeout=None)
    for item in view.children:
        custom_id = str(getattr(item, "custom_id", "") or "")
        if not custom_id.startswith((GUARD_PICK, GUARDS_GO)):
            rest.add_item(item)
    return rest if rest.children else None


def fits_guards(view: discord.ui.View, guards: int) -> bool:
    """Whether ``guards`` selects (a row each) fit beside ``view``'s items: a message holds
    five rows, the buttons share one."""
    selects = sum(isinstance(getattr(c, "item", c), discord.ui.Select) for c in view.children)
    return 1 + selects + guards <= 5


def with_guards(
    view: discord.ui.View,
    interaction: discord.Interaction[Any],
    tx: Tx,
    state: ab.AsteroidBeltState,
    events: tuple[Any, ...],
) -> discord.ui.View:
    """``view`` and, when ``events`` say guards are due, the controls of the first target
    whose guards must attack (one at a time: a message holds 5 rows)."""
    due = next((e for e in events if isinstance(e, ab.GuardsDue)), None)
    if due is None or tx.campaign is None:
        return view
    ast = [a.label for a in state.asteroids].index(due.label)
    if view is not MISSING and not fits_guards(view, len(state.asteroids[ast].guards)):
        return view  # the player's own selects fill the message: /capture guards
    # in the guards' player's language, as the ping (else the language of the one who asked)
    loc = state.civs[due.player].locale or lang(interaction)
    return guard_controls(
        loc,
        tx.campaign.campaign_id,
        state,
        ast,
        keep=view if view is not MISSING else None,
    )


def dynamic_items() -> list[type[discord.ui.DynamicItem[Any]]]:
    return [EndTurnButton, GuardPick, GuardsAttack, AttackGuard]


__all__ = [
    "AttackGuard",
    "EndTurnButton",
    "GuardPick",
    "GuardsAttack",
    "dynamic_items",
    "guard_controls",
    "turn_buttons",
    "waiting",
    "with_guards",
    "without_guard_controls",
]
