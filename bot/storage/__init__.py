"""Campaign storage: the only door to the database (SQLite or PostgreSQL). No game logic."""

from bot.storage.database import BadDatabaseUrl, check_url
from bot.storage.migrations import SCHEMA_VERSION
from bot.storage.models import Campaign, HistoryEntry, Tx, dump_json
from bot.storage.store import Store

__all__ = [
    "SCHEMA_VERSION",
    "BadDatabaseUrl",
    "Campaign",
    "HistoryEntry",
    "Store",
    "Tx",
    "check_url",
    "dump_json",
]
