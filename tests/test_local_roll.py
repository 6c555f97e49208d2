"""/roll and its Roll again button in ``python -m bot local``, replayed by DICE_SEED."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.rules import roll as rl
from bot.rules.dice import Dice
from bot.sandbox.harness import ThreadedTable
from bot.sandbox.local import LocalTable, handle


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalTable]:
    path = Path(tmp_path_factory.mktemp("local-roll")) / "db.sqlite3"
    with ThreadedTable(path, dice_seed=7) as running:
        yield LocalTable(running, channel="table", player="ana", locale="en")


def test_roll_and_roll_again_at_the_local_table(local: LocalTable) -> None:
    seeded = Dice.seeded(7)
    first = rl.roll("3d6kh2+1", seeded)
    second = rl.roll("3d6kh2+1", seeded)
    out: list[str] = []
    handle(local, "/roll expression:3d6kh2+1 label:stealth", out.append)
    text = "\n".join(out)
    assert "ana rolls 3d6kh2+1 — stealth" in text
    assert f"**Total: {first.total}**" in text
    assert "or better" in text and "[1] Roll again" in text
    out.clear()
    handle(local, ".as bo", out.append)
    handle(local, "1", out.append)
    text = "\n".join(out)
    assert "bo rolls 3d6kh2+1 — stealth" in text
    assert f"**Total: {second.total}**" in text


def test_a_bad_expression_at_the_local_table(local: LocalTable) -> None:
    out: list[str] = []
    handle(local, "/roll expression:2d", out.append)
    text = "\n".join(out)
    assert "Can't read" in text and "`2d6+1`" in text
