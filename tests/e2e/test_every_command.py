"""Every command the bot syncs answers successfully at least once, in English and in Russian.

The commands are read from what the stand-in Discord received at sync (groups and subcommands
walked down to the leaves), so a new command is included without touching this file — and
fails here until a walk runs it: the commands of every table below, each game's in
``tests/e2e/walks/<its key>.py``. Each game is played in a channel of its own, in a
realistic order (the campaign set up first, the options a player would give), with injected
dice. A reply is *successful* when:

- the bot did not answer it as a refusal (its id is not in ``table.bot.refusals``, where every
  refusal and every unexpected error is noted);
- it is not the unexpected-error reply ("Something went wrong (ref …)", in either language);
- it is not ephemeral, unless the command answers privately by design
  (:data:`tests.e2e.walks.PRIVATE_REPLIES`): an ephemeral reply is what a refusal looks like;
- for a command that only asks for a confirmation (``/campaign end``, ``/campaign import``), the
  press of its button did what it says (the campaign deleted, the file's campaign stored).
"""

from __future__ import annotations

import importlib
import json

import pytest

from bot.catalog import t
from bot.games import EVERY_GAME
from bot.sandbox.harness import Table
from tests.e2e.walks import Walk, WalkStep
from tests.synced import leaf_commands

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

# ---------------------------------------------------------------------------------------------
# The commands every table has (each game's walks are in tests/e2e/walks/)
# ---------------------------------------------------------------------------------------------


async def general(w: Walk, channel: int) -> None:
    ana = w.member("ana")
    await w.run("ping", user=ana, channel=channel)
    await w.run("help", user=ana, channel=channel)
    await w.run("help", {"game": "imperium"}, user=ana, channel=channel)
    label = w.say("damage", "урон")
    await w.run("roll", {"expression": "2d6+1", "label": label}, user=ana, channel=channel)


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
    channel = table.channel_id
    await general(w, channel)
    first: dict[str, int] = {}  # each game's first channel
    for game in EVERY_GAME:
        walks: tuple[WalkStep, ...] = importlib.import_module(f"tests.e2e.walks.{game.key}").WALKS
        for walk in walks:
            channel += 1
            first.setdefault(game.key, channel)
            await walk(w, channel)
    await campaign(w, first["imperium"], elsewhere=channel + 1)

    commands = sorted(leaf_commands(table.discord.commands))
    assert len(commands) > 50
    missing = [c for c in commands if c not in w.succeeded]
    lines = []
    for command in missing:
        tried = w.failed.get(command)
        why = "; ".join(tried) if tried else "never run here: add it to a walk (tests/e2e/walks/)"
        lines.append(f"/{command}: {why}")
    assert not missing, f"commands with no successful reply ({locale}):\n" + "\n".join(lines)
