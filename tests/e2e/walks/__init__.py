"""The every-command test's walks (:mod:`tests.e2e.test_every_command`): :class:`Walk` runs
commands as the members of one table and notes which answered successfully; each game's own
walks are in the module named by its key (``tests/e2e/walks/asteroid_belt.py``), a tuple
``WALKS`` of coroutines ``walk(w, channel)``, each played in a channel of its own. A new game
adds its module here; a registered game without one fails ``tests/test_games.py``."""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.catalog import t
from bot.rules.dice import Dice, ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Reply, User

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


WalkStep = Callable[[Walk, int], Awaitable[None]]
