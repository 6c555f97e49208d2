"""compose.yaml: PostgreSQL with a volume and a health check, and bot processes whose shard
ranges cover every shard exactly once, each starting after PostgreSQL is healthy."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import yaml

from bot.config import parse_shard_ids
from bot.storage import check_url

ROOT = Path(__file__).resolve().parent.parent


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return data


def test_postgres_keeps_its_data_and_reports_health() -> None:
    pg = compose()["services"]["postgres"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in pg["volumes"])
    assert "pg_isready" in " ".join(pg["healthcheck"]["test"])
    assert "pgdata" in compose()["volumes"]


def test_bot_processes_cover_every_shard_once_on_one_database() -> None:
    services = compose()["services"]
    bots = {name: s for name, s in services.items() if name.startswith("bot")}
    assert len(bots) == 2
    counts = {int(b["environment"]["SHARD_COUNT"]) for b in bots.values()}
    assert len(counts) == 1
    (count,) = counts
    owned = [i for b in bots.values() for i in parse_shard_ids(b["environment"]["SHARD_IDS"])]
    assert sorted(owned) == list(range(count))  # every shard, none twice
    urls = {b["environment"]["DATABASE_URL"] for b in bots.values()}
    assert len(urls) == 1
    (url,) = urls
    assert check_url(url.replace("${POSTGRES_PASSWORD}", "secret")).startswith("postgresql://")
    assert "@postgres:5432/" in url
    for bot in bots.values():
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert bot["build"] == "." and bot["stop_signal"] == "SIGTERM"


def section(page: str, heading: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    start = text.index(f"\n{heading}\n")
    end = text.find("\n### ", start + 1)
    return text[start : end if end != -1 else None]


def shell_lines(text: str) -> list[str]:
    """The commands of the ```sh blocks, continuation lines joined, comments dropped."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    joined = "\n".join(blocks).replace("\\\n", " ")
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in joined.splitlines()]
    return [" ".join(line.split()) for line in lines if line and not line.startswith("#")]


def test_the_docs_migrate_with_compose_as_compose_runs() -> None:
    """Compose does not publish PostgreSQL and keeps no SQLite file: the migration runs on the
    compose network, reads the single container's volume and writes to the services' URL."""
    data = compose()
    assert "ports" not in data["services"]["postgres"]  # not reachable as localhost:5432
    moving = section("docs/running.md", "### Moving a SQLite file into PostgreSQL")
    assert "localhost" not in moving
    runs = [line for line in shell_lines(moving) if line.startswith("docker compose run")]
    assert len(runs) == 1, runs
    words = shlex.split(runs[0])
    service = next(w for w in words[3:] if not w.startswith("-") and ":" not in w)
    assert (
        service in data["services"] and "DATABASE_URL" in data["services"][service]["environment"]
    )
    volume = words[words.index("-v") + 1]
    # the volume the single container keeps its file on, as the docs and README run it
    container = section("docs/running.md", "## Running in a container")
    assert f"-v {volume}" in " ".join(shell_lines(container))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    path = re.search(r"DATABASE_PATH=(\S+)", dockerfile)
    assert path is not None and path.group(1).startswith(volume.split(":")[1] + "/")
    command = words[-1]
    assert f"--from sqlite:///{path.group(1)}" in command
    assert '--to "$DATABASE_URL"' in command  # the service's own, expanded in the container
    # the page says which is which: compose's PostgreSQL volume by its real name
    assert f"`{data['name']}_pgdata`" in moving and "no SQLite file" in moving
    assert "In the container: `/data/campaigns.sqlite3` (a volume)" in readme
