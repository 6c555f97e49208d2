"""Numbered schema migrations as SQL files, one folder per backend.

``sqlite/0003_interactions.sql`` and ``postgres/0003_interactions.sql`` are the same step for
each database: the number is the schema version the step brings the database to, so both
backends always agree on what version N means. Add a step to both folders at once."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class Migration:
    number: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The script cut into single statements (SQLite runs one statement per call)."""
        out: list[str] = []
        current = ""
        for line in self.sql.splitlines(keepends=True):
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
