"""``python -m bot.health`` (and ``python -m bot health``): exit 0 if the running bot wrote
its heartbeat file within the last minute, i.e. every gateway session it owns is up; print one
line saying so and what the bot last knew of the database.

The heartbeat is a small JSON object (:func:`write_heartbeat`): when it was written and the
database's state (``ok`` or ``unavailable`` since when, and why). A database outage does NOT
make the check fail: restarting the bot would drop its gateway sessions and bring the database
back no sooner. Only the gateway decides the exit status. An older bot's heartbeat (a plain
number) is still read, by the file's modification time.

The container runs this every 30 s, so it uses the standard library only: it reads
``HEARTBEAT_PATH`` and ``DATABASE_PATH`` the way the settings do (the environment, then ``.env``
in the working directory; a blank value counts as unset) and nothing else."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

HEALTHY_WITHIN_SECONDS = 60.0
# the same default as bot.config.Settings.database_path
DEFAULT_DATABASE_PATH = Path("var") / "wargame-table.sqlite3"
NAMES = ("HEARTBEAT_PATH", "DATABASE_PATH")

# the database's states in the heartbeat ("unknown": not checked yet, or an older bot)
DATABASE_OK = "ok"
DATABASE_UNAVAILABLE = "unavailable"
DATABASE_UNKNOWN = "unknown"
DATABASE_STATES = (DATABASE_OK, DATABASE_UNAVAILABLE, DATABASE_UNKNOWN)
# a reason is one line of at most this many characters
REASON_LENGTH = 200


def read_dot_env(path: str | Path) -> dict[str, str]:
    """``NAME=value`` lines of a ``.env`` file (``export``, quotes and ``#`` comments allowed)."""
    values: dict[str, str] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return values
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        name, equals, value = line.partition("=")
        name = name.strip()
        if not equals or not name or name.startswith("#"):
            continue
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        else:
            value = value.split(" #", 1)[0].strip()
        values[name] = value
    return values


def heartbeat_path(
    environ: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Path:
    """Where the bot writes its heartbeat: ``HEARTBEAT_PATH``, else next to ``DATABASE_PATH``."""
    environ = os.environ if environ is None else environ
    values = read_dot_env(env_file) if env_file is not None else {}
    for name in NAMES:
        if name in environ:  # the environment wins over .env
            values[name] = environ[name]
    heartbeat = values.get("HEARTBEAT_PATH", "").strip()
    if heartbeat:
        return Path(heartbeat)
    database = values.get("DATABASE_PATH", "").strip()
    return (Path(database) if database else DEFAULT_DATABASE_PATH).parent / "heartbeat"


@dataclass(frozen=True)
class Heartbeat:
    """What the bot last wrote: when (Unix time) and what it knew of the database."""

    at: float
    database: str = DATABASE_UNKNOWN
    database_since: float | None = None
    reason: str = ""


def one_line(text: str, limit: int = REASON_LENGTH) -> str:
    """``text`` on one line, at most ``limit`` characters."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def write_heartbeat(path: Path, heartbeat: Heartbeat) -> None:
    """Replace the heartbeat file in one step (a reader never sees half of it).

    Raises OSError if the file cannot be written."""
    record: dict[str, object] = {"at": heartbeat.at, "database": heartbeat.database}
    if heartbeat.database_since is not None:
        record["database_since"] = heartbeat.database_since
    if heartbeat.reason:
        record["reason"] = one_line(heartbeat.reason)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(json.dumps(record), encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _number(value: object) -> float | None:
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def read_heartbeat(path: Path) -> Heartbeat:
    """The heartbeat at ``path``: the JSON object, or (an older bot's plain number, anything
    unreadable) the file's modification time with the database unknown.

    Raises OSError if there is no file."""
    modified = path.stat().st_mtime
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        record = None
    if not isinstance(record, dict):
        return Heartbeat(at=modified)
    at = _number(record.get("at"))
    database = record.get("database")
    reason = record.get("reason")
    return Heartbeat(
        at=modified if at is None else at,
        database=database if database in DATABASE_STATES else DATABASE_UNKNOWN,
        database_since=_number(record.get("database_since")),
        reason=one_line(reason) if isinstance(reason, str) else "",
    )


def duration(seconds: float) -> str:
    """``42 s``, ``5 min``, ``3 h``."""
    seconds = max(0.0, seconds)
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 120 * 60:
        return f"{seconds // 60:.0f} min"
    return f"{seconds // 3600:.0f} h"


def database_words(heartbeat: Heartbeat, now: float) -> str:
    """``database ok``, ``database unavailable for 42 s (connection refused)``, …"""
    if heartbeat.database == DATABASE_OK:
        return "database ok"
    if heartbeat.database == DATABASE_UNAVAILABLE:
        words = "database unavailable"
        if heartbeat.database_since is not None:
            words += f" for {duration(now - heartbeat.database_since)}"
        return f"{words} ({heartbeat.reason})" if heartbeat.reason else words
    return "database state unknown"


def check(path: Path, now: float | None = None) -> tuple[int, str]:
    """The exit status and the line to print: 0 while the gateway is up, whatever the
    database's state (which the line reports); 1 when it is not."""
    now = time.time() if now is None else now
    try:
        heartbeat = read_heartbeat(path)
    except OSError:
        return 1, f"unhealthy: no heartbeat at {path}"
    age = now - heartbeat.at
    if age > HEALTHY_WITHIN_SECONDS:
        return 1, f"unhealthy: gateway down (last heartbeat {duration(age)} ago)"
    return 0, f"ok: gateway up; {database_words(heartbeat, now)}"


def main() -> int:
    status, line = check(heartbeat_path())
    print(line, file=sys.stdout if status == 0 else sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
