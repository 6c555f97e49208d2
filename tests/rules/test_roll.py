"""/roll's pure part: d20 reads the expression, our dice roll it, and the exact distribution
matches brute-force enumeration of every sequence of faces."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.catalog import refusal
from bot.rules import roll as rl
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError


class _OutOfFaces(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Path(Dice):
    """Dice that follow ``faces`` and stop at the first draw beyond them."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__()
        self.script = list(faces)

    def _int(self, low: int, high: int) -> int:
        if not self.script:
            raise _OutOfFaces(high)
        return self.script.pop(0)


def brute_force(expression: str) -> dict[rl.Value, Fraction]:
    """Every sequence of faces the roll can draw, each rolled through our dice, weighed."""
    tree = rl.parse(expression)
    out: dict[rl.Value, Fraction] = defaultdict(Fraction)
    stack: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while stack:
        faces, p = stack.pop()
        try:
            total = rl.roll_tree(tree, _Path(faces)).expr.total
        except _OutOfFaces as more:
            stack.extend(([*faces, f], p / more.sides) for f in range(1, more.sides + 1))
            continue
        out[total] += p
    return {v: p for v, p in out.items() if p}


def exact(expression: str) -> dict[rl.Value, Fraction]:
    return dict(rl.distribution(rl.parse(expression)).outcomes)


_OPS = ["", "kh1", "kl1", "ph1", "pl1", "ro1", "ro<2", "ra6", "mi2", "ma3", "k>2", "p<2"]


@st.composite
def dice_term(draw: st.DrawFn) -> str:
    n = draw(st.integers(1, 3))
    sides = draw(st.sampled_from([1, 2, 3, 4, 6]))
    op = draw(st.sampled_from(_OPS if n > 1 else ["", "ro1", "ra6", "mi2", "ma3"]))
    return f"{n}d{sides}{op}"


@st.composite
def small_expression(draw: st.DrawFn) -> str:
    left = draw(dice_term())
    shape = draw(st.integers(0, 5))
    if shape == 0:
        return left
    if shape == 1:
        return f"{left}{draw(st.sampled_from(['+', '-', '*']))}{draw(st.integers(0, 5))}"
    if shape == 2:
        return f"({left}+{draw(st.integers(0, 4))})*2"
    if shape == 3:
        return f"{left}{draw(st.sampled_from(['>', '>=', '==', '<']))}{draw(st.integers(1, 6))}"
    if shape == 4:
        return f"({left}, 1d{draw(st.sampled_from([2, 4, 6]))})kh1"
    return f"1d{draw(st.sampled_from([2, 3, 4]))}+{left}"


@settings(max_examples=80, deadline=None)
@given(small_expression())
def test_exact_distribution_matches_brute_force(expression: str) -> None:
    assert exact(expression) == brute_force(expression), expression


@pytest.mark.parametrize(
    "expression",
    ["2d6+1", "4d6kh3", "2d20kl1", "1d6ro1", "(1d8+4)*2", "1d20>10", "1d%", "3d4ro<3", "2d4/2"],
)
def test_the_issues_examples_match_brute_force(expression: str) -> None:
    assert exact(expression) == brute_force(expression)


def test_known_values() -> None:
    odds = rl.distribution(rl.parse("4d6kh3"))
    assert odds.mean == Fraction(15869, 1296)  # 12.2446…, the well-known figure
    assert odds.at_least(18) == Fraction(21, 1296)
    two = rl.distribution(rl.parse("2d6+1"))
    assert two.at_least(8) == Fraction(21, 36)  # 2d6 ≥ 7
    assert two.at_least(9) == Fraction(15, 36)
    assert two.mean == 8
    adv = rl.distribution(rl.parse("2d20kh1"))
    assert adv.at_least(20) == Fraction(39, 400)


@pytest.mark.parametrize(
    ("russian", "latin"),
    [("2к6+1", "2d6+1"), ("к20", "d20"), ("2К6", "2d6"), ("4к6kh3", "4d6kh3"), ("к%", "d%")],
)
def test_russian_dice_notation_reads_as_the_latin(russian: str, latin: str) -> None:
    """«2к6+1» is what a Russian table writes for 2d6+1 (docs/glossary-ru.md)."""
    assert rl.distribution(rl.parse(russian)) == rl.distribution(rl.parse(latin))
    assert rl.roll(russian, Dice.seeded(5)).total == rl.roll(latin, Dice.seeded(5)).total


def test_a_k_inside_a_word_stays_what_it_is() -> None:
    with pytest.raises(InputError) as refused:
        rl.parse("2кк6")
    assert refused.value.key == "roll-syntax"
    assert refused.value.fmt_args["position"] == 2  # the place in what was typed


def test_rolls_through_our_dice_and_records_every_die() -> None:
    dice = ScriptedDice([1, 3, 5, 6])
    outcome = rl.roll("4d6kh3", dice)
    assert outcome.total == 14
    assert outcome.faces == (1, 3, 5, 6)
    assert [d.kind for d in dice.draws] == ["d6"] * 4
    assert "~~**1**~~" in outcome.shown
    # a reroll draws once more: 1 is rerolled into 4
    dice = ScriptedDice([1, 4])
    outcome = rl.roll("1d6ro1", dice)
    assert outcome.total == 4 and outcome.faces == (1, 4)


def test_a_seed_replays_the_same_roll() -> None:
    first = rl.roll("3d20kh2+5", Dice.seeded(42))
    again = rl.roll("3d20kh2+5", Dice.seeded(42))
    assert first.faces == again.faces and first.total == again.total


@pytest.mark.parametrize(
    ("expression", "key"),
    [
        ("2d6+", "roll-syntax-end"),
        ("2x6", "roll-syntax"),
        ("", "roll-empty"),
        ("1d0", "roll-no-faces"),
        ("1d6e6", "roll-unbounded"),
        ("2d6rr1", "roll-unbounded"),
        ("1d20/(1d2-1)", "roll-divide-by-zero"),
        ("1001d1", "roll-too-many-dice"),
        ("1d1001", "roll-too-many-faces"),
        ("5d20kh1", "roll-too-large"),
        ("1000d6", "roll-too-large"),
        ("1d6" + "+1" * 60, "roll-too-long"),
    ],
)
def test_refusals_draw_nothing(expression: str, key: str) -> None:
    dice = ScriptedDice([])  # any draw would raise
    with pytest.raises(InputError) as caught:
        rl.roll(expression, dice)
    assert caught.value.key == key
    assert "\n" not in refusal(caught.value)


@pytest.mark.parametrize(
    "expression", ["100d6", "50d20", "40d100", "4d20kh1", "10d6kh3", "2d100kh1"]
)
def test_the_largest_allowed_rolls_have_exact_odds(expression: str) -> None:
    """Just inside the size limit, a roll still gets its whole exact distribution (its time is
    measured by ``python -m benchmarks.odds``, not here)."""
    outcome = rl.roll(expression, Dice.seeded(1))
    assert sum(p for _, p in outcome.odds.outcomes) == 1
    assert outcome.odds.chance(outcome.total) > 0
