"""``pytest.raises`` for refusals, matched against their English text as a person reads it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.catalog import refusal
from bot.rules.errors import BotError


@contextmanager
def raises_refusal(
    kind: type[BotError] | tuple[type[BotError], ...], match: str
) -> Iterator[pytest.ExceptionInfo[BotError]]:
    """Expect a refusal of ``kind`` whose English line matches ``match`` (``re.search``)."""
    with pytest.raises(kind) as caught:
        yield caught
    text = refusal(caught.value)
    assert re.search(match, text), f"{match!r} not in the refusal {text!r}"
