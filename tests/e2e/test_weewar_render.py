"""The Weewar reply's text, rendered from rule outcomes (no Discord connection needed): the
formula, the gang-up breakdown, the charts and their percentages."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.catalog import percent
from bot.rules import weewar as w
from bot.ui import bar
from cogs.weewar.render import chart_rows, render_formula, render_gang_up


def test_formula_mid_value() -> None:
    # Tank (A 10 vs soft) on Plains against Trooper (D 6) in Woods (Td soft +3).
    terms = w.plan(w.make_setup("Tank", "Trooper", "Plains", "Woods")).attack
    assert render_formula("en", terms) == "p = 0.05 × ((10 + 0) − (6 + 3) + 0) + 0.5 = 0.55"
    assert render_formula("ru", terms) == "p = 0,05 × ((10 + 0) − (6 + 3) + 0) + 0,5 = 0,55"


def test_formula_clamped() -> None:
    terms = w.plan(w.make_setup("Trooper", "Berserker", "Swamp", "Plains")).attack
    assert "(clamped from -0.1)" in render_formula("en", terms)
    terms = w.plan(w.make_setup("Helicopter", "Trooper", "Airfield", "Bridge")).attack
    assert render_formula("en", terms).endswith("= 1 (clamped from 1.25)")


def test_formula_server_rule() -> None:
    terms = w.plan(w.make_setup("Tank", "Trooper", "Plains", "Woods", rules="server")).attack
    assert render_formula("en", terms).endswith("= 0.55; server rule: hit if r < 0.54")


def test_gang_up_breakdown() -> None:
    assert render_gang_up("en", w.GangUp(opposite=1, flank=1)) == (
        "Gang-up bonus B = 5 (1×3 opposite + 1×2 flank)"
    )


@pytest.mark.parametrize(
    ("q", "text"),
    [
        (Fraction(1, 3), "33.3%"),
        (Fraction(1, 2000), "0.1%"),  # 0.05 % rounds half up
        (Fraction(1, 2001), "0.0%"),
        (Fraction(1999, 2000), "100.0%"),
        (Fraction(1, 64), "1.6%"),
        (Fraction(0), "0.0%"),
    ],
)
def test_chart_percent(q: Fraction, text: str) -> None:
    assert percent("en", q, space=False) == text


def test_bar_in_eighths() -> None:
    assert bar(Fraction(1, 2), 4) == "██  "
    assert bar(Fraction(1, 64), 8) == "▏" + " " * 7
    assert bar(Fraction(1), 3) == "███"


def test_loss_chart_rows() -> None:
    rows = chart_rows("en", (Fraction(63, 64), Fraction(1, 64)), width=8)
    # 63/64 of 8 cells = 7.875 = 7 full + 7/8; 1/64 of 8 cells = 1/8
    assert rows == ["lose 0 │" + "█" * 7 + "▉" + "  98.4%", "lose 1 │▏" + " " * 7 + "   1.6%"]
    tiny = chart_rows(
        "en", (Fraction(1, 2), Fraction(1, 2) - Fraction(1, 10**6), Fraction(1, 10**6))
    )
    assert len(tiny) == 3
    assert tiny[-1] == "1 other outcome: < 0.1% together"
    assert (
        chart_rows("ru", (Fraction(1, 2), Fraction(1, 2) - Fraction(1, 10**6), Fraction(1, 10**6)))[
            -1
        ].count("< 0,1 %")
        == 1
    )
