"""Campaign storage (aiosqlite). No game logic lives here."""

from bot.storage.store import Campaign, HistoryEntry, Store, Tx, dump_json

__all__ = ["Campaign", "HistoryEntry", "Store", "Tx", "dump_json"]
