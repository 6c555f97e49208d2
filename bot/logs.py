"""Logging set-up that never lets a secret through."""

from __future__ import annotations

import logging
import sys


class RedactingFormatter(logging.Formatter):
    """Formats as usual, then blanks out every secret (the bot token) wherever it appears."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt, datefmt="%Y-%m-%d %H:%M:%S")
        self._secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        for secret in self._secrets:
            text = text.replace(secret, "[redacted]")
        return text


class _NoVoiceWarning(logging.Filter):
    """This bot never joins voice; discord.py's "voice will NOT be supported" lines are noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "voice will NOT be supported" not in record.getMessage()


def configure_logging(level: str, secrets: list[str]) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(_NoVoiceWarning())
    handler.setFormatter(
        RedactingFormatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s", secrets)
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # discord.py's HTTP debug lines are noisy but harmless; keep them at the chosen level.
    logging.getLogger("discord").setLevel(level)
