"""/roll: dice expressions read by d20 (Avrae's dice library), rolled through our dice, with
the exact distribution of the total.

d20 draws from the :mod:`random` module's global functions, so it never rolls here: d20 parses
the expression and its evaluator applies the operators (``kh3``, ``ro1``, ``mi2``…), but every
die it asks for comes from our :class:`~bot.rules.dice.Dice` (recorded; ``DICE_SEED`` replays).

The exact distribution is computed from the same parsed tree: independent parts are combined by
convolution; a pool of dice with operators is weighed multiset by multiset (the operators only
look at values, so the order the dice fell in never matters), running d20's own evaluator on
each with every reroll branched over all its faces. The work is counted, and an expression whose
odds take more than :data:`WORK_LIMIT` steps is refused before anything is rolled.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import d20
import lark
from d20 import diceast as ast

from bot.rules.dice import Dice
from bot.rules.errors import InputError

#: the longest expression /roll reads
EXPRESSION_LIMIT = 100
#: the most dice one roll may throw (d20's own limit, rerolls included)
DICE_LIMIT = 1000
#: the most faces a die may have
FACES_LIMIT = 1000
#: the most work the exact distribution may take, in steps of about a microsecond: one pair of
#: partial totals combined, a fifth of a die run through d20's evaluator while weighing a pool
#: with operators, ten totals carried in a plain sum of dice. Keeps the odds under ~0.3 s.
WORK_LIMIT = 200_000
# steps per unit of work: one die through d20's evaluator; faces added in a convolution
EVAL_STEPS = 5
PLAIN_STEPS = 10
#: operators that may roll without end (explode, reroll until): no finite distribution
UNBOUNDED = {"e": "e", "rr": "rr"}
EXAMPLES = "`2d6+1`, `4d6kh3`, `2d20kl1`, `1d6ro1`, `(1d8+4)*2`, `1d20+5>=15`"

Value = int | float


class TooLarge(Exception):
    """The exact distribution would take more than the work limit."""


class _NeedDraw(Exception):
    def __init__(self, size: int) -> None:
        self.size = size


# ----------------------------------------------------------------------------------------------
# d20's evaluator, fed by our dice
# ----------------------------------------------------------------------------------------------


class _Context(d20.RollContext):
    """d20's roll counter, carrying where the faces come from (``draw(sides)`` → 1..sides)."""

    def __init__(self, draw: Callable[[int], int]) -> None:
        super().__init__(max_rolls=DICE_LIMIT)
        self.draw = draw


def faces(size: int | str) -> int:
    """A die's number of faces. ``d%`` is read as players read it, one d100 (1–100), not as
    d20 reads it alone (a tens die: 0, 10, …, 90)."""
    return 100 if size == "%" else int(size)


class _Die(d20.Die):
    def _add_roll(self) -> None:
        context: _Context = self._context
        context.count_roll()
        self.values.append(d20.Literal(context.draw(faces(self.size))))


class _Dice(d20.Dice):
    @classmethod
    def new(cls, num: int, size: int | str, context: _Context | None = None) -> _Dice:
        return cls(
            num, size, [_Die.new(size, context=context) for _ in range(num)], context=context
        )

    def roll_another(self) -> None:
        self.values.append(_Die.new(self.size, context=self._context))


class _Roller(d20.Roller):
    def _eval_dice(self, node: ast.Dice) -> _Dice:
        return _Dice.new(node.num, node.size, context=self.context)


class _Shown(d20.MarkdownStringifier):
    """d20's rendering (``4d6kh3 (5, 4, ~~2~~, 5) = `14` ``), knowing our dice classes."""

    def __init__(self) -> None:
        super().__init__()
        self._nodes[_Dice] = self._nodes[d20.Dice]
        self._nodes[_Die] = self._nodes[d20.Die]


def _evaluate(tree: Any, draw: Callable[[int], int]) -> Any:
    """d20's evaluation of ``tree`` (a parsed node), each die drawn by ``draw``."""
    roller = _Roller(_Context(draw))
    return roller._eval(tree)


# ----------------------------------------------------------------------------------------------
# Reading an expression
# ----------------------------------------------------------------------------------------------


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in node.children:
        yield from _nodes(child)


#: the die as Russian tables write it, «к» (``2к6+1``, ``к20``, ``к%``): a «к» or «К» no letter
#: comes before and a number or ``%`` comes after is read as ``d`` (one letter for one, so a
#: refusal's position still points into what was typed)
RUSSIAN_DIE = re.compile(r"(?<![^\W\d])[кК](?=[\d%])")


def parse(expression: str) -> Any:
    """The parsed tree of ``expression``, or an :class:`InputError` that says what is wrong and
    shows examples."""
    text = expression.strip()
    if not text:
        raise InputError(key="roll-empty", examples=EXAMPLES)
    if len(text) > EXPRESSION_LIMIT:
        raise InputError(key="roll-too-long", limit=EXPRESSION_LIMIT, examples=EXAMPLES)
    try:
        tree = d20.parse(RUSSIAN_DIE.sub("d", text))
    except d20.RollSyntaxError as exc:
        got = str(exc.got).strip()[:20]
        if not got or got == "$END":
            raise InputError(key="roll-syntax-end", examples=EXAMPLES) from None
        raise InputError(
            key="roll-syntax", position=int(exc.col), got=got, examples=EXAMPLES
        ) from None
    except (d20.RollError, lark.LarkError):
        raise InputError(key="roll-syntax-end", examples=EXAMPLES) from None
    dice = 0
    for node in _nodes(tree):
        if isinstance(node, ast.Dice):
            if node.size != "%" and int(node.size) < 1:
                raise InputError(key="roll-no-faces", examples=EXAMPLES)
            if node.size != "%" and int(node.size) > FACES_LIMIT:
                raise InputError(key="roll-too-many-faces", limit=FACES_LIMIT)
            dice += node.num
        if isinstance(node, ast.OperatedSet):
            for op in node.operations:
                if op.op in UNBOUNDED:
                    raise InputError(key="roll-unbounded", op=op.op, examples=EXAMPLES)
                if not isinstance(node, ast.OperatedDice) and op.op not in ("k", "p"):
                    raise InputError(key="roll-set-op", op=op.op, examples=EXAMPLES)
                for sel in op.sels:
                    if op.op in ("mi", "ma") and sel.cat is not None:
                        raise InputError(key="roll-min-max", op=op.op, examples=EXAMPLES)
    if dice > DICE_LIMIT:
        raise InputError(key="roll-too-many-dice", limit=DICE_LIMIT)
    return tree


# ----------------------------------------------------------------------------------------------
# The exact distribution
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Distribution:
    """The exact chance of each total, lowest total first."""

    outcomes: tuple[tuple[Value, Fraction], ...]

    @property
    def mean(self) -> Fraction:
        return sum((Fraction(v) * p for v, p in self.outcomes), Fraction(0))

    def at_least(self, total: Value) -> Fraction:
        """P(total ≥ ``total``): this result or better."""
        return sum((p for v, p in self.outcomes if v >= total), Fraction(0))

    def chance(self, total: Value) -> Fraction:
        return sum((p for v, p in self.outcomes if v == total), Fraction(0))

    @property
    def lowest(self) -> Value:
        return self.outcomes[0][0]

    @property
    def highest(self) -> Value:
        return self.outcomes[-1][0]


class _Work:
    def __init__(self, limit: int) -> None:
        self.left = limit

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise TooLarge


_Dist = dict[Value, Fraction]


def _plain_dice(num: int, size: int | str, work: _Work) -> _Dist:
    """``num`` dice without operators: their sum, by convolution in whole counts (a die of
    faces 1..n adds a sliding window sum: one step per total)."""
    sides = faces(size)
    counts = [1]  # counts[i]: ways to make the sum num + i
    for _ in range(num):
        work.spend(len(counts) // PLAIN_STEPS + 1)
        out = [0] * (len(counts) + sides - 1)
        window = 0
        for i in range(len(out)):
            if i < len(counts):
                window += counts[i]
            if i >= sides:
                window -= counts[i - sides]
            out[i] = window
        counts = out
    whole = sides**num
    return {num + i: Fraction(n, whole) for i, n in enumerate(counts) if n}


def _operated_dice(node: Any, work: _Work) -> _Dist:
    """A pool with operators: every multiset of first faces (weighted by its permutations),
    every reroll branched over its faces, each path through d20's own evaluator."""
    dice: ast.Dice = node.value
    sides = faces(dice.size)
    num = dice.num
    multisets = math.comb(num + sides - 1, num) if num else 1
    # at least one evaluation per multiset: refuse before starting what could not finish
    work.spend(multisets * max(1, num) * EVAL_STEPS)
    out: defaultdict[Value, Fraction] = defaultdict(Fraction)
    first = Fraction(1, sides**num)
    for combo in combinations_with_replacement(range(1, sides + 1), num):
        weight = math.factorial(num)
        for n in Counter(combo).values():
            weight //= math.factorial(n)
        paths: list[tuple[list[int], Fraction]] = [(list(combo), first * weight)]
        while paths:
            prefix, p = paths.pop()
            if len(prefix) > num:  # a reroll's path (the first one was paid above)
                work.spend(len(prefix) * EVAL_STEPS)
            script = iter(prefix)

            def draw(size: int, script: Iterator[int] = script) -> int:
                value = next(script, None)
                if value is None:
                    raise _NeedDraw(size)
                return value

            try:
                total = _evaluate(node, draw).total
            except _NeedDraw as need:
                paths.extend(([*prefix, v], p / need.size) for v in range(1, need.size + 1))
                continue
            out[total] += p
    return dict(out)


def _combine(a: _Dist, b: _Dist, op: Callable[[Any, Any], Value], work: _Work) -> _Dist:
    work.spend(len(a) * len(b))
    out: defaultdict[Value, Fraction] = defaultdict(Fraction)
    for x, p in a.items():
        for y, q in b.items():
            try:
                value = op(x, y)
            except (ZeroDivisionError, d20.RollValueError):
                raise InputError(key="roll-divide-by-zero", examples=EXAMPLES) from None
            out[value] += p * q
    return dict(out)


def _operated_set(node: Any, work: _Work) -> _Dist:
    """``(1d6, 1d8, 3)kh1``: every combination of the members' totals, kept or dropped by d20's
    own set operators."""
    members = [_dist(v, work) for v in node.value.values]
    size = 1
    for m in members:
        size *= len(m)
    work.spend(size * max(1, len(members)))
    out: defaultdict[Value, Fraction] = defaultdict(Fraction)

    def walk(i: int, chosen: list[Value], p: Fraction) -> None:
        if i == len(members):
            the_set = d20.Set([d20.Literal(v) for v in chosen])
            for op in node.operations:
                d20.SetOperator.from_ast(op).operate(the_set)
            out[the_set.total] += p
            return
        for v, q in members[i].items():
            walk(i + 1, [*chosen, v], p * q)

    walk(0, [], Fraction(1))
    return dict(out)


def _dist(node: Any, work: _Work) -> _Dist:
    if isinstance(node, ast.Expression):
        return _dist(node.roll, work)
    if isinstance(node, (ast.AnnotatedNumber, ast.Parenthetical)):
        return _dist(node.value, work)
    if isinstance(node, ast.Literal):
        return {node.value: Fraction(1)}
    if isinstance(node, ast.UnOp):
        fn = d20.UnOp.UNARY_OPS[node.op]
        inner = _dist(node.value, work)
        out: defaultdict[Value, Fraction] = defaultdict(Fraction)
        for v, p in inner.items():
            out[fn(v)] += p
        return dict(out)
    if isinstance(node, ast.BinOp):
        return _combine(
            _dist(node.left, work), _dist(node.right, work), d20.BinOp.BINARY_OPS[node.op], work
        )
    if isinstance(node, ast.Dice):
        return _plain_dice(node.num, node.size, work)
    if isinstance(node, ast.OperatedDice):
        return _operated_dice(node, work)
    if isinstance(node, ast.OperatedSet):
        return _operated_set(node, work)
    if isinstance(node, ast.NumberSet):
        result: _Dist = {0: Fraction(1)}
        for member in node.values:
            result = _combine(result, _dist(member, work), d20.BinOp.BINARY_OPS["+"], work)
        return result
    raise InputError(key="roll-syntax-end", examples=EXAMPLES)


def distribution(tree: Any, limit: int = WORK_LIMIT) -> Distribution:
    """The exact distribution of the total of a parsed expression (:class:`TooLarge` beyond
    ``limit`` steps of work)."""
    dist = _dist(tree, _Work(limit))
    return Distribution(tuple(sorted((v, p) for v, p in dist.items() if p)))


# ----------------------------------------------------------------------------------------------
# Rolling
# ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RollOutcome:
    expression: str  # as typed, trimmed
    shown: str  # d20's rendering: every die, dropped ones struck through
    total: Value
    faces: tuple[int, ...]  # every face our dice drew, in order (a d% die as its d10)
    odds: Distribution


def roll_tree(tree: Any, dice: Dice, label: str = "roll") -> Any:
    """d20's roll of a parsed expression (its ``RollResult``), every die drawn from ``dice``."""
    roller = _Roller(_Context(lambda sides: dice.roll(sides, label)))
    try:
        return roller.roll(tree, stringifier=_Shown())
    except d20.TooManyRolls:
        raise InputError(key="roll-too-many-dice", limit=DICE_LIMIT) from None
    except (ZeroDivisionError, d20.RollValueError):
        raise InputError(key="roll-divide-by-zero", examples=EXAMPLES) from None


def roll(expression: str, dice: Dice, label: str = "roll") -> RollOutcome:
    """Read ``expression``, work out its exact distribution (refusing one too large), then roll
    it through ``dice``. Nothing is drawn for a refused expression."""
    tree = parse(expression)
    try:
        odds = distribution(tree)
    except TooLarge:
        raise InputError(key="roll-too-large", limit=WORK_LIMIT, examples=EXAMPLES) from None
    start = len(dice.draws)
    result = roll_tree(tree, dice, label)
    faces = tuple(int(d.value) for d in dice.draws[start:])
    return RollOutcome(
        expression=expression.strip(),
        shown=result.result,
        total=result.expr.total,
        faces=faces,
        odds=odds,
    )
