"""History entries stored before one command shape read as they did: every summary in
``tests/data/stored_history.json`` (stored by the bot at commit 4a467a0 — Asteroid Belt's
events kept as ids with arguments the reader side computed, Imperium's and Weewar's catalog
messages, Imperial Assault's, /roll's, and plain English text) renders in English and in
Russian exactly as ``/campaign history`` shows it — with nothing but the catalog and the
games' records imported (no cog needs to have registered anything). The texts changed on
purpose once (counts agreeing with their nouns, commands as the reader's Discord names them, a
fight's entry saying «Бой:» once: see the file's ``about``); what an entry stores did not. The
same summaries are what old export files hold, so an import reads them the same way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.catalog import render_summary

STORED = json.loads((Path(__file__).parent / "data" / "stored_history.json").read_text("utf-8"))
ENTRIES: list[dict[str, Any]] = STORED["entries"]


def _id(entry: dict[str, Any]) -> str:
    return entry["en"][:60]


@pytest.mark.parametrize("entry", ENTRIES, ids=[_id(e) for e in ENTRIES])
def test_a_stored_summary_reads_as_it_did(entry: dict[str, Any]) -> None:
    assert render_summary("en", entry["summary"]) == entry["en"]
    assert render_summary("ru", entry["summary"]) == entry["ru"]


def test_the_stored_summaries_cover_every_kind_of_entry() -> None:
    text = "\n".join(e["summary"] for e in ENTRIES)
    for key in ("ab-history", "ab-history-game", "ab-hist-fight", "ab-ev-guards-redirect"):
        assert f'"k":"{key}"' in text
    for prefix in ('"k":"imp-hist-', '"k":"ww-history"', '"k":"roll-history', '"k":"ia-hist-'):
        assert prefix in text
    assert any(not e["summary"].startswith("\u2063") for e in ENTRIES), "a plain-text entry"
