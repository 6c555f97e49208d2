"""Where the game tables live: ``bot/_data`` in an installed wheel, the repository's ``data/``
in a checkout or editable install."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parent


@cache
def data_dir() -> Path:
    for candidate in (_HERE / "_data", _HERE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the game tables (data/) are missing from this installation")


def load_json(name: str) -> Any:
    """Parse ``data/<name>`` (e.g. ``"weewar.json"``)."""
    with (data_dir() / name).open(encoding="utf-8") as fh:
        return json.load(fh)
