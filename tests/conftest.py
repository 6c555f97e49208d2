from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.testing.harness import Table, running_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    """The real bot in this process, connected to a fresh stand-in Discord and database."""
    async with running_table(tmp_path / "campaigns.sqlite3") as running:
        yield running
        # Every reply any test saw respects Discord's message and embed limits.
        assert running.discord.limit_violations == []
