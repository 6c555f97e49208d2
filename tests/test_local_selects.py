"""Selects at the local table: printed with a letter and numbered options, chosen by typing
``b1`` (the second select's first option)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.sandbox.harness import ThreadedTable
from bot.sandbox.local import LocalTable, handle


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalTable]:
    path = Path(tmp_path_factory.mktemp("local-selects")) / "db.sqlite3"
    with ThreadedTable(path, dice_seed=7) as running:
        yield LocalTable(running, channel="selects", player="gm", locale="en")


def test_choose_in_a_select_of_the_last_reply(local: LocalTable) -> None:
    out: list[str] = []
    for line in (
        "/ia setup difficulty:medium threat-level:3",
        "/ia deploy group:DG001",
        "/ia activate",
    ):
        handle(local, line, out.append)
    text = "\n".join(out)
    assert "Defeated…  a1) Stormtrooper (DG001) (3 figures)" in text, text
    assert "Figure lost…  b1) Stormtrooper (DG001) (3 figures)" in text
    out.clear()
    handle(local, "b1", out.append)
    text = "\n".join(out)
    assert "Figure lost…  b1) Stormtrooper (DG001) (2 figures)" in text, text
    out.clear()
    handle(local, "c1", out.append)
    assert out == ["! there is no select c: the last reply has a–b"]
    out.clear()
    handle(local, "b7", out.append)
    assert out == ["! there is no option b7: choose b1–b1"]
