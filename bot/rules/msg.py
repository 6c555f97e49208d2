"""What the rules say, as data: a catalog message named by its key, with its arguments.

The rules never render text. A refusal, a dice label, a summary or a reason is a :class:`Msg`
(``Msg.of("ab-err-cannot-afford", need=20, have=12)``) whose arguments are numbers, ids,
strings, further messages, a :class:`Signed` number or a :class:`Mention`; :mod:`bot.catalog`
renders it in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple


class Msg(NamedTuple):
    """A catalog message and its arguments (an argument may itself be a :class:`Msg`)."""

    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, /, **args: Any) -> Msg:
        return cls(key, tuple(args.items()))

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.args)


class Signed(NamedTuple):
    """A number shown with its sign (``+2``, ``-1``, ``+0``): a modifier, as the games print
    them."""

    n: int


class Mention(NamedTuple):
    """A member, by id: the catalog writes the chat's mention of them (the rules know no chat
    markup)."""

    id: int


class Names(NamedTuple):
    """A list of names the rules offer ("Tank, Trooper, Jet"): shown whole, comma-separated,
    never cut like text repeated back from a member."""

    items: tuple[str, ...]

    @classmethod
    def of(cls, names: Iterable[str]) -> Names:
        return cls(tuple(names))
