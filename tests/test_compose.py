"""compose.yaml: PostgreSQL with a volume and a health check, and bot processes whose shard
ranges cover every shard exactly once, each starting after PostgreSQL is healthy."""

from __future__ import annotations

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
