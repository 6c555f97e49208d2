"""Every command the bot syncs answers successfully at least once, in English and in Russian.

The commands are read from what the stand-in Discord received at sync (groups and subcommands
walked down to the leaves), so a new command is included without touching this file — and
fails here until a walk below runs it. Each game is played in a channel of its own, in a
realistic order (the campaign set up first, the options a player would give), with injected
dice. A reply is *successful* when:

- the bot did not answer it as a refusal (its id is not in ``table.bot.refusals``, where every
  refusal and every unexpected error is noted);
- it is not the unexpected-error reply ("Something went wrong (ref …)", in either language);
- it is not ephemeral, unless the command answers privately by design
  (:data:`PRIVATE_REPLIES`): an ephemeral reply is what a refusal looks like;
- for a command that only asks for a confirmation (``/campaign end``, ``/campaign import``), the
  press of its button did what it says (the campaign deleted, the file's campaign stored).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.catalog import t
from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply, User
from tests.synced import leaf_commands

#: commands whose successful reply is ephemeral by design, and why
PRIVATE_REPLIES: dict[str, str] = {
    "help": "the help is for the member who asked",
    "campaign gm list": "who may run the campaign is the asker's business",
    "campaign export": "the file goes to the game master who asked",
    "campaign end": "asks its game master to confirm",
    "campaign import": "asks its game master to confirm",
    "ia hand": "the Imperial deployment hand is secret",
}


def _unexpected(locale: str) -> re.Pattern[str]:
    """The unexpected-error reply in ``locale``, whatever its reference."""
    marker = "REF0REF"
    head, _, tail = t(locale, "error-unexpected", ref=marker).partition(marker)
    return re.compile(re.escape(head) + r"\S+" + re.escape(tail))


UNEXPECTED = [_unexpected(locale) for locale in ("en", "ru")]


@dataclass
class Walk:
    """Runs commands as the members of one table, noting which commands answered successfully
    and, for the others, what they answered."""

    table: Table
    locale: str
    succeeded: set[str] = field(default_factory=set)
    failed: dict[str, list[str]] = field(default_factory=dict)

    @property
    def loc(self) -> str:
        return "ru" if self.locale.startswith("ru") else "en"

    def say(self, english: str, russian: str) -> str:
        """What a member types in a free-text option, in their language."""
        return russian if self.loc == "ru" else english

    def member(self, name: str, *, gm: bool = False) -> User:
        return self.table.user(name, manage_channels=gm, locale=self.locale)

    def problem(self, command: str, reply: Reply) -> str | None:
        """Why ``reply`` is not a successful answer to ``command`` (None: it is)."""
        if not reply.messages:
            return "no message"
        text = "\n".join(m.text for m in reply.messages)
        if reply.interaction_id in self.table.bot.refusals:
            return f"refused: {text!r}"
        if any(p.search(text) for p in UNEXPECTED):
            return f"the unexpected-error reply: {text!r}"
        if reply.messages[0].ephemeral and command not in PRIVATE_REPLIES:
            return f"an ephemeral reply: {text!r}"
        return None

    def note(self, command: str, problem: str | None) -> None:
        if problem is None:
            self.succeeded.add(command)
        else:
            self.failed.setdefault(command, []).append(problem)

    async def send(
        self,
        command: str,
        options: Mapping[str, Any] | None,
        user: User,
        channel: int,
        dice: list[int | float] | None,
    ) -> Reply:
        if dice is not None:
            self.table.set_dice(ScriptedDice(dice))
        else:
            self.table.set_dice(lambda: Dice(rng=random.Random(7)))
        return await self.table.run(command, dict(options or {}), user=user, channel_id=channel)

    async def run(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User,
        channel: int,
        dice: list[int | float] | None = None,
    ) -> Reply:
        reply = await self.send(command, options, user, channel, dice)
        self.note(command, self.problem(command, reply))
        return reply

    async def confirm(
        self,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        user: User,
        channel: int,
        button: str,
        done: str,
        effect: Callable[[], Awaitable[bool]],
    ) -> None:
        """A command that asks first: it succeeds when its question is answered, pressing the
        question's ``button`` (a catalog key) answers ``done`` and ``effect()`` holds."""
        ask = await self.send(command, options, user, channel, None)
        problem = self.problem(command, ask)
        if problem is None:
            label = t(self.loc, button)
            pressed = await self.table.click(ask.message, label, user=user)
            if pressed.text != done or not await effect():
                problem = f"pressing {label!r} answered {pressed.text!r}"
        self.note(command, problem)


# ---------------------------------------------------------------------------------------------
# The walks, one per game and one for the campaign commands
# ---------------------------------------------------------------------------------------------


async def general(w: Walk, channel: int) -> None:
    ana = w.member("ana")
    await w.run("ping", user=ana, channel=channel)
    await w.run("help", user=ana, channel=channel)
    await w.run("help", {"game": "imperium"}, user=ana, channel=channel)
    label = w.say("damage", "урон")
    await w.run("roll", {"expression": "2d6+1", "label": label}, user=ana, channel=channel)
    await w.run(
        "battle",
        {"attacker": "tank", "defender": "trooper", "attackers": 2, "defenders": 3},
        user=ana,
        channel=channel,
    )


async def imperial_assault(w: Walk, channel: int) -> None:
    gm, ana = w.member("gm", gm=True), w.member("ana")
    # a hand of DG004, DG011, DG001 (Stormtrooper), DG009
    await w.run(
        "ia setup",
        {"difficulty": "medium", "threat-level": 3},
        user=gm,
        channel=channel,
        dice=[0, 2, 0, 4],
    )
    await w.run("ia hand", user=gm, channel=channel)
    await w.run("ia deploy", {"group": "stormtrooper"}, user=gm, channel=channel, dice=[])
    await w.run("ia status", user=ana, channel=channel)
    await w.run("ia activate", user=ana, channel=channel, dice=[])
    await w.run("ia figure-lost", {"group": "DG001"}, user=ana, channel=channel)
    await w.run("ia threat", {"amount": 2}, user=gm, channel=channel)
    await w.run("deploy-roll", user=ana, channel=channel, dice=[2, 3])
    await w.run("ia defeat", {"group": "stormtrooper"}, user=ana, channel=channel)


async def imperium(w: Walk, channel: int) -> None:
    gm, ana, bo, cy = w.member("gm", gm=True), w.member("ana"), w.member("bo"), w.member("cy")
    run = w.run
    await run("imperium setup", {"terran": ana, "imperial": bo}, user=gm, channel=channel)
    await run("imperium join", {"side": "terran"}, user=cy, channel=channel)
    for system in (
        {"name": "Sol", "owner": "terran", "worlds": 1, "homeworld": True},
        {"name": "Alpha Centauri", "owner": "terran", "worlds": 2},
    ):
        await run("imperium system set", system, user=gm, channel=channel)
    await run(
        "imperium rus", {"side": "terran", "stock": 10, "income": 5}, user=gm, channel=channel
    )
    await run("imperium phasing", {"side": "terran"}, user=gm, channel=channel)
    await run("imperium war", {"phasing": "terran"}, user=gm, channel=channel)
    ships = [
        (
            ana,
            {"name": "Victory", "type": "CR", "tclass": "capital", "maintenance": 4, "screen": 3},
        ),
        (ana, {"name": "Hope", "type": "CR", "tclass": "capital", "maintenance": 4, "screen": 2}),
        (ana, {"name": "Scout", "type": "scout", "tclass": "other", "maintenance": 1}),
        (bo, {"name": "MB1", "type": "missile boat", "tclass": "other"}),
        (bo, {"name": "MB2", "type": "missile boat", "tclass": "other"}),
    ]
    for who, ship in ships:
        await run("imperium ship add", {**ship, "system": "Sol"}, user=who, channel=channel)
    await run("imperium ship disrupt", {"ship": "Scout"}, user=ana, channel=channel)
    await run("imperium ship repair", {"ship": "Scout"}, user=ana, channel=channel)
    await run(
        "imperium ship move",
        {"ship": "Scout", "system": "Alpha Centauri"},
        user=ana,
        channel=channel,
    )
    await run("imperium ship remove", {"ship": "Scout"}, user=ana, channel=channel)
    await run("imperium status", user=bo, channel=channel)
    await run("imperium fleet", {"system": "Sol"}, user=bo, channel=channel)
    # round 1: the phasing player (Terran) has the initiative, no roll
    await run("initiative", {"system": "Sol"}, user=ana, channel=channel, dice=[])
    await run("imperium range", {"system": "Sol", "range": "long"}, user=ana, channel=channel)
    await run("imperium fire-steps", {"system": "Sol"}, user=bo, channel=channel)
    await run("imperium screen", {"ship": "Victory"}, user=ana, channel=channel, dice=[6])
    await run(
        "imperium hits",
        {"system": "Sol", "step": 3, "ships": "MB1"},
        user=ana,
        channel=channel,
        dice=[],
    )
    await run("imperium combat-end", {"system": "Sol"}, user=ana, channel=channel)
    await run("maintenance", {"system": "Sol"}, user=ana, channel=channel, dice=[6, 6])
    await run("imperium interwar", user=gm, channel=channel)


async def asteroid_belt(w: Walk, channel: int) -> None:
    gm, ana, bo = w.member("gm", gm=True), w.member("ana"), w.member("bo")
    run = w.run
    engineer, recon = w.say("engineer", "инженер"), w.say("recon", "разведчик")
    # Green (ana) plays first, then Violet (bo); the cargo shuttle starts at portal 2 of 4
    await run(
        "asteroids setup",
        {"civilisations": w.say("green violet", "зелёные фиолетовые"), "portals": 4},
        user=gm,
        channel=channel,
        dice=[2],
    )
    await run("asteroids join", {"civilisation": "green"}, user=ana, channel=channel)
    await run("asteroids join", {"civilisation": "violet"}, user=bo, channel=channel)
    await run("asteroids status", user=ana, channel=channel)
    # Green: units out of the base, a new engineer, r1 targeted
    for unit in ("engineer", "assault", "recon"):
        await run("asteroids move", {"unit": unit}, user=ana, channel=channel)
    await run("asteroids create", {"unit": "engineer"}, user=ana, channel=channel)
    await run("capture target", {"asteroid": "r1"}, user=ana, channel=channel)
    await run("asteroids token", {"note": w.say("jump", "прыжок")}, user=ana, channel=channel)
    await run("asteroids end-turn", user=ana, channel=channel)
    # Violet plays r1's engineer guard against Green: 1 against 6, r1 becomes a Flag
    await run(
        "capture guards",
        {"asteroid": "r1", "picks": engineer},
        user=bo,
        channel=channel,
        dice=[1, 6],
    )
    # Violet: two engineers and an assault out of the base, y1 targeted
    await run("asteroids move", {"unit": "engineer"}, user=bo, channel=channel)
    await run("asteroids move", {"unit": "engineer", "from-base": True}, user=bo, channel=channel)
    await run("asteroids move", {"unit": "assault"}, user=bo, channel=channel)
    await run("capture target", {"asteroid": "y1"}, user=bo, channel=channel)
    await run("asteroids end-turn", user=bo, channel=channel)
    # Green plays y1's guard against a Violet engineer: 6 against 1, the guard stays
    await run(
        "capture guards",
        {"asteroid": "y1", "picks": engineer},
        user=ana,
        channel=channel,
        dice=[6, 1],
    )
    await run("capture mine", {"asteroid": "r1"}, user=ana, channel=channel)
    await run(
        "asteroids fight",
        {"attacker": "assault", "defender": "engineer", "defender-side": "violet"},
        user=ana,
        channel=channel,
        dice=[1, 6],
    )
    await run(
        "asteroids shuttle",
        {"at": "g1", "units-aboard": engineer},
        user=ana,
        channel=channel,
    )
    await run("asteroids board", {"units": recon, "shuttle": 1}, user=ana, channel=channel)
    await run("asteroids unload", {"shuttle": 1, "units": recon}, user=ana, channel=channel)
    await run("asteroids shuttle-move", {"shuttle": 1}, user=ana, channel=channel, dice=[3])
    await run("asteroids raid", {"shuttle": 1}, user=ana, channel=channel, dice=[5, 1])
    await run(
        "asteroids shuttle-fight",
        {"defender": "violet", "attacker-aboard": engineer, "defender-aboard": engineer},
        user=ana,
        channel=channel,
        dice=[3, 3],
    )
    await run("asteroids disband", {"unit": "recon"}, user=ana, channel=channel)
    await run("asteroids end-turn", user=ana, channel=channel)
    # Violet's assault takes y1 from its last guard: 6 + 1 against 1 + 1
    await run(
        "capture attack",
        {"asteroid": "y1", "unit": "assault"},
        user=bo,
        channel=channel,
        dice=[6, 1],
    )


async def reinforcement(w: Walk, channel: int) -> None:
    """A civilisation with no units left and too little to create one gets its once-a-game
    reinforcement: Violet starts with a recon and its elite only (32 resources), spends 23 on
    the recon's moves and disbands both."""
    gm, ana = w.member("gm", gm=True), w.member("ana")
    run = w.run
    await run(
        "asteroids setup",
        {
            "civilisations": w.say("violet green", "фиолетовые зелёные"),
            "engineers": 0,
            "assault": 0,
            "recon": 0,
        },
        user=gm,
        channel=channel,
        dice=[1],
    )
    await run("asteroids join", {"civilisation": "violet"}, user=ana, channel=channel)
    await run("asteroids move", {"unit": "recon", "moves": 23}, user=ana, channel=channel)
    await run("asteroids move", {"unit": "elite"}, user=ana, channel=channel)
    for unit in ("recon", "elite"):
        await run("asteroids disband", {"unit": unit}, user=ana, channel=channel)
    await run("asteroids reinforce", user=ana, channel=channel)


async def campaign(w: Walk, channel: int, elsewhere: int) -> None:
    """The campaign commands on the Imperium campaign of ``channel``; its export is imported
    into ``elsewhere`` and that campaign ended there."""
    gm, ana, dee = w.member("gm", gm=True), w.member("ana"), w.member("dee")
    run = w.run
    await run("campaign status", user=ana, channel=channel)
    await run("campaign history", {"count": 5}, user=ana, channel=channel)
    await run("campaign gm add", {"member": dee}, user=gm, channel=channel)
    await run("campaign gm list", user=gm, channel=channel)
    await run("campaign gm remove", {"member": dee}, user=gm, channel=channel)
    await run("imperium rus", {"side": "imperial", "stock": 3}, user=gm, channel=channel)
    await run("campaign undo", user=gm, channel=channel)

    exported = await run("campaign export", user=gm, channel=channel)
    files = exported.message.attachments if exported.messages else []
    if not files:
        w.note("campaign export", "no file attached")
        return
    name, raw = files[0]
    stored = json.loads(raw)
    game = t(w.loc, "game-imperium")

    async def imported() -> bool:
        return await w.table.state(elsewhere) == stored["state"]

    async def ended() -> bool:
        return await w.table.state(elsewhere) is None

    await w.confirm(
        "campaign import",
        {"file": (name, raw)},
        user=gm,
        channel=elsewhere,
        button="import-button",
        done=t(w.loc, "import-done", game=game, count=str(len(stored["history"]))),
        effect=imported,
    )
    await w.confirm(
        "campaign end",
        user=gm,
        channel=elsewhere,
        button="campaign-end-button",
        done=t(w.loc, "campaign-end-done", game=game),
        effect=ended,
    )


@pytest.mark.parametrize("locale", ["en-US", "ru"])
async def test_every_command_answers_successfully(table: Table, locale: str) -> None:
    w = Walk(table, locale)
    base = table.channel_id
    await general(w, base)
    await imperial_assault(w, base + 1)
    await imperium(w, base + 2)
    await asteroid_belt(w, base + 3)
    await reinforcement(w, base + 4)
    await campaign(w, base + 2, elsewhere=base + 5)

    commands = sorted(leaf_commands(table.discord.commands))
    assert len(commands) > 50
    missing = [c for c in commands if c not in w.succeeded]
    lines = []
    for command in missing:
        tried = w.failed.get(command)
        why = "; ".join(tried) if tried else "never run here: add it to a walk in this file"
        lines.append(f"/{command}: {why}")
    assert not missing, f"commands with no successful reply ({locale}):\n" + "\n".join(lines)
