"""Selects at the local table: printed with a letter and numbered options, chosen by typing
``b1`` (the second select's first option)."""

from __future__ import annotations

import re
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


def test_press_and_choose_in_an_earlier_reply(local: LocalTable) -> None:
    out: list[str] = []
    handle(local, ".channel earlier", out.append)
    for line in (
        "/ia setup difficulty:medium threat-level:3",
        "/ia deploy group:DG001",
        "/ia deploy group:DG002",
        "/ia activate",
    ):
        handle(local, line, out.append)
    text = "\n".join(out)
    tag = re.findall(r"\(reply #(\d+)\)", text)[-1]  # the activation's
    out.clear()
    handle(local, "/roll expression:1d6", out.append)  # a later reply with buttons
    out.clear()
    handle(local, f"#{tag} b2", out.append)  # Figure lost… of the second group
    text = "\n".join(out)
    assert "Stormtrooper (DG002) (2 figures)" in text, text
    out.clear()
    handle(local, f"#{tag} 2", out.append)  # Activate next under the activation
    assert "Activate Stormtrooper" in "\n".join(out), out
    out.clear()
    handle(local, "#999 1", out.append)
    assert out == ["! there is no reply #999 with buttons or selects"]
    out.clear()
    handle(local, "# a comment", out.append)
    assert out == []
