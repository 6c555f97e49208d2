"""The one source of randomness for every rule.

Rules never call the :mod:`random` module's global functions. They take a :class:`Dice`, which
wraps a ``random.Random`` owned by the caller and records every draw, so a reply can show the
faces and the campaign history can keep them. Tests pass a seeded ``Dice`` or a
:class:`ScriptedDice` that returns given values.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

from bot.rules.msg import Msg

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Draw:
    """One recorded draw: what kind, why, and what came up."""

    kind: str  # "d6", "d{n}", "uniform", "chance", "choice"
    label: str
    value: int | float | str | bool

    def as_json(self) -> dict[str, object]:
        return {"kind": self.kind, "label": self.label, "value": self.value}


@dataclass(frozen=True, slots=True)
class Rolled:
    """A die as an outcome reports it for the history: its kind (``d6``, ``uniform``…), its label
    as a catalog message, what came up, and anything more the entry keeps (a Weewar strike: the
    hits of each sub unit). Where it is stored the label is written out in English."""

    kind: str
    label: Msg
    value: int | float | str | bool | tuple[float, ...]
    more: tuple[tuple[str, object], ...] = ()


@dataclass
class Dice:
    """Injectable dice. ``Dice()`` seeds itself from :mod:`secrets`; ``Dice.seeded(n)`` is exact."""

    rng: random.Random = field(default_factory=lambda: random.Random(secrets.randbits(64)))
    draws: list[Draw] = field(default_factory=list)

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        return cls(rng=random.Random(seed))

    # -- primitive draws (ScriptedDice overrides these three) -------------------------------
    def _int(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def _float(self) -> float:
        return self.rng.random()

    def _index(self, n: int) -> int:
        return self.rng.randrange(n)

    # -- public API ---------------------------------------------------------------------------
    def roll(self, sides: int, label: str = "") -> int:
        """One die with ``sides`` faces, 1..sides."""
        if sides < 1:
            raise ValueError("a die needs at least one face")
        value = self._int(1, sides)
        self.draws.append(Draw(f"d{sides}", label, value))
        return value

    def d6(self, label: str = "") -> int:
        return self.roll(6, label)

    def nd6(self, n: int, label: str = "") -> list[int]:
        return [self.roll(6, label) for _ in range(n)]

    def uniforms(self, count: int) -> tuple[float, ...]:
        """``count`` numbers r in [0, 1), for a rule whose outcome keeps every one of them (a
        Weewar strike): not recorded here one by one."""
        draw = self._float
        return tuple([draw() for _ in range(count)])

    def chance(self, p: Fraction | float, label: str = "") -> bool:
        """True with probability ``p`` (clamped to [0, 1])."""
        r = self._float()
        result = r < float(p)
        self.draws.append(Draw("chance", label, result))
        return result

    def choice(self, seq: Sequence[T], label: str = "") -> T:
        if not seq:
            raise ValueError("cannot choose from an empty sequence")
        item = seq[self._index(len(seq))]
        self.draws.append(Draw("choice", label, str(item)))
        return item

    def sample(self, seq: Sequence[T], k: int, label: str = "") -> list[T]:
        """``k`` distinct items (fewer if ``seq`` is shorter), drawn one by one."""
        pool = list(seq)
        picked: list[T] = []
        for _ in range(min(k, len(pool))):
            picked.append(pool.pop(self._index(len(pool))))
            self.draws.append(Draw("choice", label, str(picked[-1])))
        return picked

    # -- reporting ----------------------------------------------------------------------------
    def take_draws(self) -> list[Draw]:
        """The draws so far, and forget them (one command's record)."""
        out, self.draws = self.draws, []
        return out

    def faces(self) -> list[int]:
        """The die faces rolled so far (d-n rolls only), in order."""
        return [int(d.value) for d in self.draws if d.kind.startswith("d")]


class ScriptedDice(Dice):
    """Dice that return given values, in order: ints for dice, floats for uniform/chance,
    ints (indexes) for choice/sample. Running out raises, so a test notices an extra draw."""

    def __init__(self, values: Iterable[int | float] = ()) -> None:
        super().__init__(rng=random.Random(0))
        self.script: list[int | float] = list(values)

    def _next(self) -> int | float:
        if not self.script:
            raise AssertionError("ScriptedDice ran out of scripted values")
        return self.script.pop(0)

    def _int(self, low: int, high: int) -> int:
        value = int(self._next())
        if not low <= value <= high:
            raise AssertionError(f"scripted value {value} outside {low}..{high}")
        return value

    def _float(self) -> float:
        value = float(self._next())
        if not 0.0 <= value < 1.0:
            raise AssertionError(f"scripted value {value} outside [0, 1)")
        return value

    def _index(self, n: int) -> int:
        value = int(self._next())
        if not 0 <= value < n:
            raise AssertionError(f"scripted index {value} outside 0..{n - 1}")
        return value
