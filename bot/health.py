"""``python -m bot.health`` (and ``python -m bot health``): exit 0 if the running bot touched
its heartbeat file within the last minute, i.e. every gateway session it owns is up.

The container runs this every 30 s, so it uses the standard library only: it reads
``HEARTBEAT_PATH`` and ``DATABASE_PATH`` the way the settings do (the environment, then ``.env``
in the working directory; a blank value counts as unset) and nothing else."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from pathlib import Path

HEALTHY_WITHIN_SECONDS = 60.0
# the same default as bot.config.Settings.database_path
DEFAULT_DATABASE_PATH = Path("var") / "wargame-table.sqlite3"
NAMES = ("HEARTBEAT_PATH", "DATABASE_PATH")


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


def main() -> int:
    path = heartbeat_path()
    try:
        age = time.time() - path.stat().st_mtime
    except OSError:
        print(f"unhealthy: no heartbeat at {path}", file=sys.stderr)
        return 1
    if age > HEALTHY_WITHIN_SECONDS:
        print(f"unhealthy: last heartbeat {age:.0f} s ago", file=sys.stderr)
        return 1
    print(f"healthy: heartbeat {age:.0f} s ago")
    return 0


if __name__ == "__main__":
    sys.exit(main())
