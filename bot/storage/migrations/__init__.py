"""Numbered schema migrations as SQL files, one folder per backend.

``sqlite/0003_interactions.sql`` and ``postgres/0003_interactions.sql`` are the same step for
each database: the number is the schema version the step brings the database to, so both
backends always agree on what version N means. Add a step to both folders at once.

A step that SQL alone cannot do (rewriting stored values) has a line ``-- [python]`` in its
file: the statements above it run, then the step's function in :mod:`.steps` (on the same
connection, in the same transaction), then the statements below it."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

#: the line of a migration's SQL where its Python step runs
PYTHON_MARK = "-- [python]"


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str

    @property
    def parts(self) -> tuple[str, str]:
        """The SQL before the Python step and after it (all of it before, without one)."""
        before, _, after = self.sql.partition(PYTHON_MARK)
        return before, after

    def python_step(self) -> Callable[[Any], Awaitable[None]] | None:
        """The step's function (it takes the store's connection), if its SQL marks one."""
        if PYTHON_MARK not in self.sql:
            return None
        from bot.storage.migrations import steps

        step: Callable[[Any], Awaitable[None]] = steps.STEPS[self.number]
        return step

    def statements(self, sql: str | None = None) -> list[str]:
        """The script (or ``sql``, a part of it) cut into single statements (SQLite runs one
        statement per call)."""
        out: list[str] = []
        current = ""
        for line in (self.sql if sql is None else sql).splitlines(keepends=True):
            if not current and (not line.strip() or line.lstrip().startswith("--")):
                continue
            current += line
            if sqlite3.complete_statement(current):
                out.append(current.strip())
                current = ""
        if current.strip():
            raise ValueError(f"migration {self.number} ends in an unfinished statement")
        return out


def migrations(backend: str) -> list[Migration]:
    """The backend's migrations in order (``backend`` is "sqlite" or "postgres")."""
    folder = resources.files(__package__).joinpath(backend)
    found: list[Migration] = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        number, _, rest = entry.name.partition("_")
        found.append(Migration(int(number), rest.removesuffix(".sql"), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.number)
    if [m.number for m in found] != list(range(1, len(found) + 1)):
        raise RuntimeError(f"{backend} migrations are not numbered 1..N: {found}")
    return found


SCHEMA_VERSION = len(migrations("sqlite"))
if len(migrations("postgres")) != SCHEMA_VERSION:
    raise RuntimeError("the SQLite and PostgreSQL migrations must have the same steps")
