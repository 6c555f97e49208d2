"""History times come from the database's clock, and the five-minute "your own change" undo
window is measured on it: processes on hosts whose clocks disagree still agree on both."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

import bot.storage.models
import bot.ui
from bot.rules.dice import Dice
from bot.sandbox.harness import Table

SKEW = timedelta(minutes=10)


class _SkewedClock(datetime):
    """``datetime`` on a host whose clock runs ten minutes ahead."""

    @classmethod
    def now(cls, tz: object = None) -> _SkewedClock:  # type: ignore[override]
        real = datetime.now(UTC) + SKEW
        return cls.fromtimestamp(real.timestamp(), tz=UTC)  # type: ignore[return-value]


def ago(backend: str, minutes: int) -> str:
    """SQL for the database's clock ``minutes`` ago, written as the store writes times."""
    if backend == "sqlite":
        return f"strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now', '-{minutes} minutes')"
    return (
        f"to_char((clock_timestamp() - interval '{minutes} minutes') AT TIME ZONE 'UTC', "
        "'YYYY-MM-DD\"T\"HH24:MI:SS.MS') || '+00:00'"
    )


async def test_the_undo_window_runs_on_the_databases_clock(
    table: Table, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot.ui, "datetime", _SkewedClock)
    monkeypatch.setattr(bot.storage.models, "datetime", _SkewedClock)
    table.set_dice(lambda: Dice(random.Random(21)))
    await table.run("ia setup", {"difficulty": "medium", "threat-level": 3}, user="gm")
    await table.run("ia deploy", {"group": "Stormtrooper (DG001)"}, user="gm")
    activation = await table.run("ia activate", user="ana")
    assert not activation.ephemeral, activation.text

    # the entry's time is the database's, not this host's (ten minutes ahead)
    entry = (await table.bot.store.history(table.channel_id, limit=1))[0]
    made = datetime.fromisoformat(entry.created_at)
    assert abs(made - datetime.now(UTC)) < timedelta(minutes=1), entry.created_at

    # six minutes old by the database's clock: past the window for its maker
    db = table.bot.store.db
    async with db.transaction() as conn:
        await conn.execute(
            f"UPDATE history SET created_at = {ago(backend, 6)} WHERE seq = ?", entry.seq
        )
    refused = await table.click(activation.message, "Undo", user="ana")
    assert refused.ephemeral and refused.text.startswith("Only the game master"), refused.text

    # four minutes old: within it, although this host's clock says fourteen
    async with db.transaction() as conn:
        await conn.execute(
            f"UPDATE history SET created_at = {ago(backend, 4)} WHERE seq = ?", entry.seq
        )
    undone = await table.click(activation.message, "Undo", user="ana")
    assert undone.followups and undone.followups[-1].text.startswith("Undid #"), undone.messages
