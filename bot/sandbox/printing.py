"""How ``python -m bot local`` prints the bot's replies: each message as plain text, with the
Discord markup a terminal can't show (mentions, timestamps) made readable."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from bot.sandbox.standin import Message, Reply

_MENTION = re.compile(r"<@!?(\d+)>")
_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")


def plain(text: str, names: dict[int, str] | None = None) -> str:
    """Discord markup a terminal can't show, made readable: mentions and timestamps."""
    names = names or {}

    def mention(m: re.Match[str]) -> str:
        return "@" + names.get(int(m.group(1)), m.group(1))

    def timestamp(m: re.Match[str]) -> str:
        when = datetime.fromtimestamp(int(m.group(1)))
        return when.strftime("%H:%M" if m.group(2) in ("t", None) else "%Y-%m-%d %H:%M")

    return _TIMESTAMP.sub(timestamp, _MENTION.sub(mention, text))


# where attachments (exported campaigns) are saved unless told otherwise; var/ is ignored by git
EXPORTS = Path("var") / "exports"


def render_message(
    message: Message,
    names: dict[int, str] | None = None,
    *,
    exports: Path = EXPORTS,
    tag: int | None = None,
) -> str:
    """``message`` as text; its attachments are saved in the folder ``exports``. ``tag``: the
    number the console gives a message with buttons or selects (``#3 1`` presses its first
    button later)."""
    lines: list[str] = []
    if message.ephemeral:
        lines.append("(only you can see this)")
    if message.content:
        lines.append(message.content)
    for embed in message.embeds:
        if embed.get("title"):
            lines.append(f"== {embed['title']} ==")
        if embed.get("description"):
            lines.append(str(embed["description"]))
        for f in embed.get("fields", []):
            lines.append(f"-- {f.get('name', '')} --")
            lines.append(str(f.get("value", "")))
        footer = (embed.get("footer") or {}).get("text")
        if footer:
            lines.append(f"({footer})")
    for name, data in message.attachments:
        exports.mkdir(parents=True, exist_ok=True)
        saved = exports / (Path(name).name or "attachment")  # never outside the folder
        saved.write_bytes(data)
        lines.append(f"[file saved: {saved.resolve()} — {len(data)} bytes]")
    if tag is not None and (message.buttons() or message.selects()):
        lines.append(f"(reply #{tag})")
    buttons = [b for b in message.buttons() if not b.get("disabled")]
    if buttons:
        lines.append("  ".join(f"[{i}] {b.get('label', '')}" for i, b in enumerate(buttons, 1)))
    for letter, select in zip(SELECT_LETTERS, message.selects(), strict=False):
        options = select.get("options", [])
        listed = "  ".join(f"{letter}{i}) {o.get('label', '')}" for i, o in enumerate(options, 1))
        lines.append(f"{select.get('placeholder', '')}  {listed}")
    return plain("\n".join(lines), names)


#: how the console names the selects of a reply: type the letter and an option's number
SELECT_LETTERS = "abcde"


def render_reply(
    reply: Reply,
    names: dict[int, str] | None = None,
    *,
    exports: Path = EXPORTS,
    tags: dict[int, int] | None = None,
) -> str:
    """``tags``: message id -> the console's number for it."""
    tags = tags or {}
    return "\n".join(
        render_message(m, names, exports=exports, tag=tags.get(m.id)) for m in reply.messages
    )
