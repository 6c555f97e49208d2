"""Logging set-up that never lets a secret through."""

from __future__ import annotations

import logging
import re
import sys

REDACTED = "[redacted]"

# What lets someone act as the bot, wherever discord.py (or anything else) prints it:
# - an interaction's token, in gateway payloads (``"token": "…"``, ``'token': '…'``);
# - the same token in the URLs that answer it: ``/interactions/<id>/<token>/callback`` and the
#   webhook URLs of follow-ups ``/webhooks/<application>/<token>/…``;
# - a Bot authorisation header.
_PATTERNS = [
    (
        re.compile(r"""(["']token["']\s*:\s*)(["'])(?:(?!\2).)*\2""", re.IGNORECASE),
        rf"\1\2{REDACTED}\2",
    ),
    (re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/\s'\"?#&]+"), rf"\1{REDACTED}"),
    (re.compile(r"(\bBot\s+)[\w.\-]{20,}"), rf"\1{REDACTED}"),
]


def redact(text: str, secrets: list[str] | tuple[str, ...] = ()) -> str:
    """``text`` with every known secret and every interaction token or webhook URL blanked."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactingFormatter(logging.Formatter):
    """Formats as usual (message, traceback and all), then blanks out every secret: the bot
    token, interaction tokens and webhook URLs, whichever logger wrote the line."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt, datefmt="%Y-%m-%d %H:%M:%S")
        self._secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record), self._secrets)


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
    # discord.py's loggers write through the root handler above (so through the redaction) at
    # the chosen level: never a handler of their own.
    for name in ("discord", "aiohttp", "asyncpg", "aiosqlite"):
        logger = logging.getLogger(name)
        logger.handlers[:] = []
        logger.propagate = True
    logging.getLogger("discord").setLevel(level)
