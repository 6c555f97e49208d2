"""``python -m bot local``: try every command in a terminal, no Discord account or token needed.

The real bot runs against the built-in stand-in Discord on 127.0.0.1; you type slash commands
as in Discord (``/battle attacker:Tank defender:Trooper defenders:6``) with tab completion of
commands, options and the bot's own autocomplete, and replies print as text."""

from __future__ import annotations

import argparse
import difflib
import hashlib
import logging
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.config import ConfigError, load_settings
from bot.sandbox.harness import Table, ThreadedTable
from bot.sandbox.printing import EXPORTS, SELECT_LETTERS, render_reply
from bot.sandbox.standin import CommandNotSynced, Message, Reply
from bot.storage import BadDatabaseUrl, check_url
from bot.storage.opening import CannotOpen, from_database
from bot.storage.outage import describe_outage

PROMPT_HELP = """\
Type slash commands as in Discord, e.g.  /battle attacker:Tank defender:Trooper defenders:6
  Tab completes commands, options and values.  Values with spaces need no quotes; the first
  required option may be given bare, as in Discord:  /roll 2d6+1
  1, 2, …           press that button of the last reply
  a1, b2, …         choose option 1 in the last reply's first select (a), 2 in its second…
  #3 1, #3 a2       the same in an earlier reply: the one shown as (reply #3)
  .as NAME          act as another member (the same member in every run; game-master rules
                    follow who started a campaign)
  .channel NAME     move to another channel (another table)
  .new-channel NAME move to a channel with no campaign: NAME, else NAME-2, NAME-3, …
  .locale en|ru     reply language
  .help             this text          .quit   leave (or Ctrl-D)"""

# the languages the bot answers in; every other Discord language gets English
LOCALES = {"en": "English", "ru": "Russian"}

#: how many replies with buttons or selects the console keeps numbered
KEPT_REPLIES = 200
#: "#3 1" (press button 1 of reply #3) or "#3 a2" (choose a2 in it)
EARLIER = re.compile(r"#(?P<reply>[0-9]{1,6})\s+(?P<what>[0-9]{1,2}|[a-e][0-9]{1,2})")

TRUE_WORDS = {"true", "yes", "y", "1", "on", "да"}
FALSE_WORDS = {"false", "no", "n", "0", "off", "нет"}


# "name:" as Discord's option names are written (lower case, digits, - and _; Latin or
# Cyrillic, as the reader's Discord shows them), not "http://"
OPTION_LIKE = re.compile(r"(?:^|\s)([a-z0-9_\u0430-\u044f\u0451-]+):(?!//)")


def did_you_mean(word: str, names: Sequence[str], *, prefix: str = "", suffix: str = "") -> str:
    """`` — did you mean /battle?`` for the closest of ``names`` to ``word`` (or "")."""
    close = difflib.get_close_matches(word, names, n=2, cutoff=0.6)
    if not close:
        return ""
    return " — did you mean " + " or ".join(f"{prefix}{c}{suffix}" for c in close) + "?"


def channel_id(name: str) -> int:
    """A stable channel id for a channel name."""
    return 10**17 + int(hashlib.sha256(name.encode()).hexdigest()[:12], 16)


def member_id(name: str) -> int:
    """A stable member id for a member name: the same member in every run, on any database."""
    return 2 * 10**17 + int(hashlib.sha256(b"member:" + name.encode()).hexdigest()[:12], 16)


def typed_form(name: str, value: str) -> str:
    """What a member types for an autocomplete choice shown as ``name`` that sends ``value``.

    A name that describes its value (``r1 — free, 2 mines`` for ``r1``, ``assault: 2 in the
    field``) gives the value; a name the bot reads as well as the id it stands for
    (``Stormtrooper (DG001)`` for ``DG001``, ``Nexu``) gives the name."""
    if name.casefold() == value.casefold() or not value.strip():
        return value
    describes = re.search(rf"(?<!\w){re.escape(value)}(?!\w)", name, re.IGNORECASE)
    if describes and not name.endswith(f"({value})"):
        return value
    return name


def shown_name(node: dict[str, Any], locale: str) -> str:
    """A command's, option's or choice's name as a member in ``locale`` sees it: the name
    synced for that language (``name_localizations``), else its own."""
    if locale != "en":
        localized = (node.get("name_localizations") or {}).get(locale)
        if localized:
            return str(localized)
    return str(node["name"])


def listed(names: Sequence[str]) -> str:
    """``A, B, C``: every name whole (a list is never cut inside a name)."""
    return ", ".join(names)


@dataclass
class ParsedCommand:
    path: str
    options: dict[str, Any] = field(default_factory=dict)


class LocalTable:
    """The console's view of a running table: who, where, and the last reply's buttons."""

    def __init__(self, running: ThreadedTable, *, channel: str, player: str, locale: str) -> None:
        self.running = running
        self.channel = channel
        self.player = player
        self.locale = locale
        self.last_buttons: Message | None = None
        # the replies with buttons or selects, numbered from 1 (the latest ones kept)
        self.numbered: dict[int, Message] = {}
        self.errors = 0
        # where exported campaign files are saved (var/ is ignored by git)
        self.exports = EXPORTS

    # -- schema --------------------------------------------------------------------------------
    @property
    def commands(self) -> dict[str, dict[str, Any]]:
        assert self.running.table is not None
        return self.running.table.discord.commands

    def command_paths(self, locale: str = "en") -> list[str]:
        """Every runnable command, as a member in ``locale`` sees it (``/ia setup``,
        ``/ia начать``)."""
        return sorted(self.localized_paths(locale))

    def localized_paths(self, locale: str) -> dict[str, str]:
        """``{"/астероиды вступить": "/asteroids join", …}``: every runnable command as a
        member in ``locale`` sees it (the names synced for that language), to its own path."""
        paths: dict[str, str] = {}

        def walk(shown: str, path: str, options: list[dict[str, Any]]) -> bool:
            subs = [o for o in options if o.get("type") in (1, 2)]
            for sub in subs:
                here = (f"{shown} {shown_name(sub, locale)}", f"{path} {sub['name']}")
                if not walk(*here, sub.get("options", [])):
                    paths[here[0]] = here[1]
            return bool(subs)

        for name, cmd in sorted(self.commands.items()):
            top = (f"/{shown_name(cmd, locale)}", f"/{name}")
            if not walk(*top, cmd.get("options", [])):
                paths[top[0]] = top[1]
        return paths

    def known_paths(self) -> dict[str, str]:
        """Every way of writing a runnable command the console takes, to its own path: the
        English names and those of every language the bot speaks (``/бой`` is ``/battle``)."""
        known: dict[str, str] = {}
        for code in LOCALES:
            known.update(self.localized_paths(code))
        return known

    def option_aliases(self, path: str) -> dict[str, str]:
        """The names an option of ``path`` may be written by (its own, and as a member in each
        language the bot speaks sees it), to its own name."""
        aliases: dict[str, str] = {}
        for option in self.leaf_options(path):
            for code in LOCALES:
                aliases.setdefault(shown_name(option, code), option["name"])
        return aliases

    def leaf_options(self, path: str) -> list[dict[str, Any]]:
        names = path.lstrip("/").split()
        node = self.commands.get(names[0]) if names else None
        if node is None:
            return []
        options: list[dict[str, Any]] = node.get("options", [])
        for name in names[1:]:
            sub = next((o for o in options if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None:
                return []
            options = sub.get("options", [])
        return [o for o in options if o.get("type") not in (1, 2)]

    # -- parsing -------------------------------------------------------------------------------
    def split_path(self, line: str) -> tuple[str, str]:
        """The longest known command path at the start of ``line`` (its own path, whichever
        language it was written in), and the rest."""
        words = line.strip().split()
        known = self.known_paths()
        best = ""
        for paths_len in range(len(words), 0, -1):
            candidate = " ".join(words[:paths_len])
            if candidate in known:
                best = candidate
                break
        if not best:
            raise ValueError(self._unknown_path(words))
        rest = line.strip()[len(best) :].strip()
        return known[best], rest

    def _unknown_path(self, words: list[str]) -> str:
        """Why ``words`` name no command: the first wrong word, and what it may have meant."""
        if not words:
            return "unknown command '' — Tab lists them"
        top = words[0].lstrip("/")
        tops = {shown_name(c, code): name for name, c in self.commands.items() for code in LOCALES}
        top = tops.get(top, top)
        node = self.commands.get(top)
        if node is None:
            return f"unknown command {words[0]!r}" + did_you_mean(
                words[0].lstrip("/"), list(tops), prefix="/"
            )
        path = f"/{top}"
        options: list[dict[str, Any]] = node.get("options", [])
        for word in words[1:]:
            subs = [o["name"] for o in options if o.get("type") in (1, 2)]
            match = next(
                (
                    o
                    for o in options
                    if word in {shown_name(o, code) for code in LOCALES} and o["type"] in (1, 2)
                ),
                None,
            )
            if match is None:
                return f"{path} has no subcommand {word!r}" + did_you_mean(
                    word, subs, prefix=f"{path} "
                )
            path = f"{path} {match['name']}"
            options = match.get("options", [])
        subs = [o["name"] for o in options if o.get("type") in (1, 2)]
        return f"{path} needs a subcommand: " + ", ".join(f"{path} {n}" for n in subs)

    def parse(self, line: str) -> ParsedCommand:
        path, rest = self.split_path(line)
        own = {o["name"]: o for o in self.leaf_options(path)}
        aliases = self.option_aliases(path)
        # an option by any of its names (attacker:, атакующий:), to its own schema
        schema = {alias: own[name] for alias, name in aliases.items()}
        parsed = ParsedCommand(path=path)
        if not rest:
            return parsed
        takes = ", ".join(f"{shown_name(o, self.locale)}:" for o in own.values()) or "no options"
        # every "word:" that looks like an option name; known names split the values
        for found in OPTION_LIKE.finditer(rest):
            word = found.group(1)
            if word in schema:
                continue
            close = did_you_mean(word, list(schema), suffix=":")
            # an unknown word is refused where an option must start, or when it looks like a
            # misspelt option; elsewhere it is part of a value ("note:" in a free text)
            if close or not rest[: found.start()].strip():
                raise ValueError(
                    f"{path} has no option {word}:" + (close or f" — it takes {takes}")
                )
        names = sorted(schema, key=len, reverse=True)
        pattern = (
            re.compile(r"(?:^|\s)(" + "|".join(re.escape(n) for n in names) + r"):")
            if names
            else None
        )
        matches = list(pattern.finditer(rest)) if pattern else []
        # text before the first option: the first required option's value, given bare as
        # Discord's own input takes it (/roll 2d6+1)
        bare = rest[: matches[0].start()] if matches else rest
        if bare.strip():
            first = next((o for o in schema.values() if o.get("required")), None)
            if first is None:
                raise ValueError(f"options are written name:value — {path} takes {takes}")
            if any(aliases[m.group(1)] == first["name"] for m in matches):
                raise ValueError(f"{first['name']}: is given twice — each option is given once")
            parsed.options[first["name"]] = self._value(first, bare)
        for i, match in enumerate(matches):
            name = aliases[match.group(1)]
            if name in parsed.options:
                raise ValueError(f"{name}: is given twice — each option is given once")
            end = matches[i + 1].start() if i + 1 < len(matches) else len(rest)
            parsed.options[name] = self._value(schema[name], rest[match.end() : end])
        return parsed

    def _value(self, option: dict[str, Any], text: str) -> Any:
        value = text.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if not value:
            # Discord sends no empty option: a required one must be filled in
            raise ValueError(f"{option['name']}: has no value — write {option['name']}:VALUE")
        return self.convert(option, value)

    def convert(self, option: dict[str, Any], value: str) -> Any:
        kind = option["type"]
        if kind == 4:
            try:
                return int(value)
            except ValueError:
                raise ValueError(f"{option['name']} needs a whole number") from None
        if kind == 10:
            try:
                return float(value)
            except ValueError:
                raise ValueError(f"{option['name']} needs a number") from None
        if kind == 5:
            lowered = value.lower()
            if lowered in TRUE_WORDS:
                return True
            if lowered in FALSE_WORDS:
                return False
            raise ValueError(f"{option['name']} needs true or false")
        if kind == 6:
            name = value.lstrip("@").strip()
            if not name:
                raise ValueError(f"{option['name']}: needs a member's name, e.g. @ana")
            return self.member(name)
        if kind == 11:
            path = Path(value).expanduser()
            try:
                return (path.name, path.read_bytes())
            except OSError as exc:
                raise ValueError(f"cannot read {path}: {exc.strerror}") from None
        choices = option.get("choices") or []
        for choice in choices:
            names = {shown_name(choice, code).lower() for code in LOCALES}
            if value.lower() in names | {str(choice["value"]).lower()}:
                return choice["value"]
        if choices:
            # Discord lets a member pick only one of these
            allowed = [str(c["value"]) for c in choices]
            hint = did_you_mean(value.lower(), allowed, prefix=f"{option['name']}:")
            raise ValueError(
                f"{option['name']}:{value} is not a choice"
                + (hint or f" — {option['name']}: is one of {listed(allowed)}")
            )
        return value

    # -- running -------------------------------------------------------------------------------
    @property
    def table(self) -> Table:
        assert self.running.table is not None
        return self.running.table

    def _discord_locale(self) -> str:
        return "ru" if self.locale == "ru" else "en-US"

    def member(self, name: str) -> Any:
        """The member called ``name``, with the id that name has in every run."""
        return self.table.user(name, id=member_id(name), locale=self._discord_locale())

    def _user(self) -> Any:
        user = self.member(self.player)
        user.locale = self._discord_locale()
        return user

    def run_command(self, line: str) -> Reply:
        parsed = self.parse(line)
        user = self._user()
        channel = channel_id(self.channel)

        async def go(table: Table) -> Reply:
            reply = await table.discord.invoke(
                parsed.path, parsed.options, user=user, channel_id=channel
            )
            # print what follows the first answer too (a private hand, a line after Undo)
            await table.bot.settled(reply.interaction_id)
            return reply

        return self.running.call(go)

    def number(self, message: Message) -> int:
        """The console's number for ``message`` (given on first sight)."""
        for n, known in self.numbered.items():
            if known.id == message.id:
                return n
        n = max(self.numbered, default=0) + 1
        self.numbered[n] = message
        if len(self.numbered) > KEPT_REPLIES:
            del self.numbered[min(self.numbered)]
        return n

    def earlier(self, number: int) -> Message:
        """Reply ``#number`` (with buttons or selects), to press or choose in."""
        found = self.numbered.get(number)
        if found is None:
            raise ValueError(f"there is no reply #{number} with buttons or selects")
        return found

    def press(self, number: int, message: Message | None = None) -> Reply:
        message = message or self.last_buttons
        if message is None:
            raise ValueError("the last reply has no buttons")
        buttons = [b for b in message.buttons() if not b.get("disabled")]
        if not buttons:
            raise ValueError("the last reply has no buttons left to press")
        if not 1 <= number <= len(buttons):
            labels = listed([f"{i} ({b.get('label', '')})" for i, b in enumerate(buttons, 1)])
            which = "its only button" if len(buttons) == 1 else "one of its buttons"
            raise ValueError(f"there is no button {number}: press {which}, {labels}")
        label = buttons[number - 1].get("label", "")
        user = self._user()

        async def go(table: Table) -> Reply:
            reply = await table.discord.click(message, label, user=user)
            await table.bot.settled(reply.interaction_id)
            return reply

        return self.running.call(go)

    def choose(self, letter: str, number: int, message: Message | None = None) -> Reply:
        """Choose option ``number`` in select ``letter`` (a, b, …) of ``message``, by default
        the last reply that had buttons or selects."""
        message = message or self.last_buttons
        selects = message.selects() if message is not None else []
        index = SELECT_LETTERS.find(letter)
        if message is None or not selects:
            raise ValueError("the last reply has no selects")
        if not 0 <= index < len(selects):
            raise ValueError(
                f"there is no select {letter}: the last reply has a–{SELECT_LETTERS[len(selects) - 1]}"
            )
        select = selects[index]
        options = select.get("options", [])
        if not 1 <= number <= len(options):
            raise ValueError(
                f"there is no option {letter}{number}: choose {letter}1–{letter}{len(options)}"
            )
        label = str(options[number - 1].get("label", ""))
        placeholder = str(select.get("placeholder", ""))
        user = self._user()

        async def go(table: Table) -> Reply:
            reply = await table.discord.choose(message, placeholder, [label], user=user)
            await table.bot.settled(reply.interaction_id)
            return reply

        return self.running.call(go)

    def is_refusal(self, reply: Reply) -> bool:
        return reply.interaction_id in self.table.bot.refusals

    def suggestions(self, path: str, option: str, typed: dict[str, Any]) -> list[str]:
        """The bot's autocomplete for ``option`` (its text so far in ``typed``), each as a
        member would type it (:func:`typed_form`)."""
        return [typed_form(name, value) for name, value in self.choices(path, option, typed)]

    def choices(self, path: str, option: str, typed: dict[str, Any]) -> list[tuple[str, str]]:
        """The bot's autocomplete for ``option``: (name shown, value sent) pairs."""
        user = self._user()
        channel = channel_id(self.channel)

        async def go(table: Table) -> list[dict[str, Any]]:
            return await table.discord.autocomplete(
                path, typed, option, user=user, channel_id=channel
            )

        try:
            return [(str(c["name"]), str(c["value"])) for c in self.running.call(go, timeout=5)]
        except Exception:
            return []

    def value_hints(self, line: str, refusal: str) -> list[str]:
        """After the bot refused ``line``: for each value the refusal names that none of the
        bot's own suggestions for its option match, the closest suggestions (or, with none
        close, all of them)."""
        try:
            parsed = self.parse(line)
        except ValueError:
            return []
        schema = {o["name"]: o for o in self.leaf_options(parsed.path)}
        said = refusal.casefold()
        hints: list[str] = []
        for name, value in parsed.options.items():
            if not schema[name].get("autocomplete") or not isinstance(value, str):
                continue
            parts = [p.strip() for p in value.split(",")] if "," in value else [value.strip()]
            for part in parts:
                if not part or part.casefold() not in said:
                    continue
                hint = self._value_hint(parsed, name, part, said)
                if hint:
                    hints.append(hint)
        return hints

    def _value_hint(self, parsed: ParsedCommand, name: str, part: str, said: str) -> str:
        """The hint for one refused value; none where the refusal (``said``, folded) already
        names every name the hint would."""
        forms: dict[str, str] = {}  # a way of writing a choice (folded) -> what to type
        for prefix in ("", part[:1], part[:3]):
            typed = dict(parsed.options, **{name: prefix})
            for shown, value in self.choices(parsed.path, name, typed):
                form = typed_form(shown, value)
                for way in (form, shown, value, re.sub(r"\s*\([^)]*\)$", "", shown)):
                    forms.setdefault(way.casefold(), form)
        if not forms or part.casefold() in forms:
            return ""
        close = difflib.get_close_matches(part.casefold(), list(forms), n=4, cutoff=0.6)
        best = list(dict.fromkeys(forms[c] for c in close))[:2]
        if best:
            if all(b.casefold() in said for b in best):
                return ""
            return f"{name}:{part} — did you mean " + " or ".join(f"{name}:{b}" for b in best) + "?"
        every = list(dict.fromkeys(forms.values()))
        if all(e.casefold() in said for e in every):
            return ""
        return f"{name}:{part} is none of {listed(every)}"

    # -- completion ----------------------------------------------------------------------------
    def complete(self, line: str) -> list[str]:
        """Completions for the whole ``line`` typed so far (each a full replacement line)."""
        paths = self.command_paths(self.locale)
        if not line.startswith("/"):
            return []
        try:
            path, rest = self.split_path(line)
        except ValueError:
            path, rest = "", ""
        if not path or (
            not rest
            and not line.endswith(" ")
            and any(p.startswith(line) and p != line for p in paths)
        ):
            return [p + " " for p in paths if p.startswith(line.rstrip())] or []
        schema = {shown_name(o, self.locale): o for o in self.leaf_options(path)}
        # Are we inside the last option's value? Values may contain spaces ("Heavy Tank").
        names = sorted(schema, key=len, reverse=True)
        last = None
        if names:
            pattern = r"(?:^|\s)(" + "|".join(re.escape(n) for n in names) + r"):"
            found = list(re.finditer(pattern, rest))
            last = found[-1] if found else None
        if last is not None:
            name, partial = last.group(1), rest[last.end() :]
            before = line[: len(line) - len(partial)]
            values = self._values(path, schema[name], rest[: last.start()], partial)
            fitting = [v for v in values if v.lower().startswith(partial.lower())]
            if fitting and partial not in fitting:
                return [before + v for v in fitting]
            if fitting and " " not in partial and not line.endswith(" "):
                return [before + v for v in fitting]
        head, _, current = line.rpartition(" ")
        used = set(re.findall(r"(?:^|\s)([\w-]+):", rest))
        return [f"{head} {n}:" for n in schema if n.startswith(current) and n not in used]

    def _values(
        self, path: str, option: dict[str, Any], typed_before: str, partial: str
    ) -> list[str]:
        """The values an option may take: its choices, true/false, or the bot's autocomplete
        (asked with the options typed so far)."""
        if option.get("choices"):
            return [shown_name(c, self.locale) for c in option["choices"]]
        if option.get("type") == 5:
            return ["true", "false"]
        if option.get("autocomplete"):
            try:
                typed = self.parse(f"{path} {typed_before}".strip()).options
            except ValueError:
                typed = {}
            typed[option["name"]] = partial
            # what a member would type (a group's name), or the id if that is what fits
            out = []
            for name, value in self.choices(path, option["name"], typed):
                form = typed_form(name, value)
                fits = form.lower().startswith(partial.lower())
                out.append(
                    value if not fits and value.lower().startswith(partial.lower()) else form
                )
            return out
        return []

    def fresh_channel(self, name: str) -> str:
        """``name``, else the first of ``name-2``, ``name-3``, … with no campaign."""
        candidates = [name, *(f"{name}-{n}" for n in range(2, 1000))]

        async def first_free(table: Table) -> str | None:
            for candidate in candidates:
                if await table.bot.store.get(channel_id(candidate)) is None:
                    return candidate
            return None

        found = self.running.call(first_free)
        if found is None:
            raise ValueError(f"every channel from #{name} to #{candidates[-1]} has a campaign")
        return found


# -- the loop ------------------------------------------------------------------------------------
def handle(local: LocalTable, line: str, out: Callable[[str], None]) -> bool:
    """Run one console line; False when the console should stop."""
    line = line.strip()
    if not line or (line.startswith("#") and EARLIER.fullmatch(line) is None):
        return True  # a comment (but "#3 1" presses a button of reply #3)
    if line in (".quit", ".exit"):
        return False
    try:
        if line.startswith("."):
            console_command(local, line, out)
            return True
        earlier = EARLIER.fullmatch(line)
        if earlier is not None:
            message = local.earlier(int(earlier["reply"]))
            what = earlier["what"]
            if what.isdigit():
                reply = local.press(int(what), message)
            else:
                reply = local.choose(what[0], int(what[1:]), message)
        elif line.isdigit():
            reply = local.press(int(line))
        elif len(line) > 1 and line[0] in SELECT_LETTERS and line[1:].isdigit():
            reply = local.choose(line[0], int(line[1:]))
        elif line.startswith("/"):
            reply = local.run_command(line)
        else:
            raise ValueError("commands start with / — .help lists what you can type")
    except (ValueError, CommandNotSynced) as exc:
        local.errors += 1
        out(f"! {exc}")
        return True
    except AssertionError as exc:
        local.errors += 1
        out(f"! {exc}")
        return True
    with_buttons = [m for m in reply.messages if m.buttons() or m.selects()]
    local.last_buttons = with_buttons[-1] if with_buttons else local.last_buttons
    tags = {m.id: local.number(m) for m in with_buttons}
    names = {user.id: user.name for user in local.table.users.values()}
    out(render_reply(reply, names, exports=local.exports, tags=tags))
    if local.is_refusal(reply):
        local.errors += 1
        if line.startswith("/"):
            for hint in local.value_hints(line, reply.text):
                out(f"! {hint}")
    return True


CONSOLE_COMMANDS = (".as", ".channel", ".new-channel", ".locale", ".help", ".quit", ".exit")


def console_command(local: LocalTable, line: str, out: Callable[[str], None]) -> None:
    """A line starting with a dot: the console's own commands (ValueError when wrong)."""
    word, _, argument = line.partition(" ")
    argument = argument.strip()
    if word not in CONSOLE_COMMANDS:
        hint = did_you_mean(word, list(CONSOLE_COMMANDS))
        raise ValueError(f"unknown console command {word}{hint or ' — .help lists them'}")
    if word == ".help":
        out(PROMPT_HELP)
    elif word in (".as", ".channel", ".new-channel") and not argument:
        what = "a member's name" if word == ".as" else "a channel's name"
        raise ValueError(f"{word} needs {what}: {word} NAME")
    elif word == ".as":
        local.player = argument.lstrip("@")
        out(f"(you are now {local.player})")
    elif word == ".channel":
        local.channel = argument.lstrip("#") or local.channel
        local.last_buttons = None
        out(f"(now at #{local.channel})")
    elif word == ".new-channel":
        local.channel = local.fresh_channel(argument.lstrip("#"))
        local.last_buttons = None
        out(f"(now at #{local.channel}, a channel with no campaign)")
    elif word == ".locale":
        local.locale = locale_named(argument)
        out(f"(replies in {LOCALES[local.locale]})")


def locale_named(text: str) -> str:
    """``en`` or ``ru`` for ``en``, ``en-GB``, ``ru``, ``Russian``…; ValueError otherwise."""
    given = text.strip()
    lowered = given.lower()
    for code, language in LOCALES.items():
        if lowered == language.lower() or lowered.split("-")[0] == code:
            return code
    supported = " or ".join(f".locale {c} ({language})" for c, language in LOCALES.items())
    if not given:
        raise ValueError(f".locale needs a language: {supported}")
    known = {loc.value.lower(): loc for loc in discord.Locale}
    found = known.get(lowered) or known.get(lowered.split("-")[0])
    if found is None:
        raise ValueError(f"{given!r} is not a language Discord has — {supported}")
    language = found.name.replace("_", " ").title()
    raise ValueError(
        f"{language} ({given}) is not supported: the bot answers it in English — {supported}"
    )


def _install_completion(local: LocalTable) -> None:
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    matches: list[str] = []

    def completer(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            line = readline.get_line_buffer()[: readline.get_endidx()]
            start = readline.get_begidx()
            matches = [m[start:] for m in local.complete(line)]
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" ")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")
    readline.parse_and_bind("set show-all-if-ambiguous on")  # one Tab lists the choices


class _Refused(Exception):
    """What :func:`main` prints as ``error: ...`` before it exits with status 2."""


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot local",
        description="Try the bot in a terminal: the real bot against a built-in Discord stand-in.",
    )
    parser.add_argument("--channel", default="table", help="channel (table) name, default 'table'")
    parser.add_argument("--as", dest="player", default="player", help="your member name")
    parser.add_argument("--locale", choices=["en", "ru"], default="en", help="reply language")
    parser.add_argument(
        "--database",
        help="a SQLite file, or a database URL (default: DATABASE_URL, else DATABASE_PATH)",
    )
    parser.add_argument("--script", type=Path, help="run the commands in FILE, then exit")
    return parser.parse_args(argv)


def _database(given: str | None) -> tuple[Path, dict[str, str]]:
    """The SQLite file the table runs on, and the settings for a database URL instead (the file
    then only gets the heartbeat): ``--database``, else the settings' database."""
    database: str | Path | None = given
    if database is None:
        try:
            database = load_settings(require_token=False).database_target
        except ConfigError as exc:
            raise _Refused(str(exc)) from None
    if "://" not in str(database):
        return Path(database), {}
    try:
        url = check_url(str(database))
    except BadDatabaseUrl as exc:
        raise _Refused(f"--database: {exc}") from None
    # only the heartbeat file goes next to this path
    heartbeat_only = Path(tempfile.gettempdir()) / "wargame-table-local" / "unused.sqlite3"
    return heartbeat_only, {"database_url": url}


def _script(path: Path | None) -> list[str] | None:
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise _Refused(f"cannot read {path}: {exc.strerror}") from None


def _run_script(local: LocalTable, lines: list[str]) -> int:
    """Each line as if typed (echoed after the prompt); 1 if any command was refused."""
    for line in lines:
        if line.strip() and not line.strip().startswith("#"):
            print(f"{local.player}@#{local.channel}> {line.strip()}")
        if not handle(local, line, print):
            break
    if local.errors:
        print(f"{local.errors} command(s) were refused or failed", file=sys.stderr)
    return 1 if local.errors else 0


def _prompt(local: LocalTable) -> int:
    print("Wargame table bot — local table (no Discord needed). .help for help.")
    _install_completion(local)
    while True:
        try:
            line = input(f"{local.player}@#{local.channel}> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        if not handle(local, line, print):
            return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    logging.basicConfig(level=logging.ERROR)
    try:
        database, overrides = _database(args.database)
        script = _script(args.script)
    except _Refused as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    target = overrides.get("database_url") or database
    running = ThreadedTable(database, log_level="ERROR", **overrides)
    try:
        running.__enter__()
    except CannotOpen as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except RuntimeError as exc:
        cause = exc.__cause__
        if cause is None or not from_database(cause) or describe_outage(cause) is None:
            raise
        # the database failed after it opened (a damaged page read at start-up)
        problem = CannotOpen(target, cause)
        print(f"error: {problem}", file=sys.stderr)
        return problem.exit_code
    try:
        local = LocalTable(running, channel=args.channel, player=args.player, locale=args.locale)
        return _prompt(local) if script is None else _run_script(local, script)
    finally:
        running.__exit__(None, None, None)
