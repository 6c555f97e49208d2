"""Message catalogs (Project Fluent ``.ftl`` files in ``bot/locales/<locale>/``).

Every reply the bot writes comes from here, in the invoking member's language: Russian for
Discord's ``ru`` locale, English otherwise. ``t("ru", "ping-reply", ms=42)``.
Pure: no Discord here. The rules name messages (:class:`bot.rules.msg.Msg`, refusals with a
key); this module is where they become text (:func:`render`, :func:`refusal`)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentType

from bot.games import read_history
from bot.rules.errors import BotError
from bot.rules.msg import Mention, Msg, Names, Signed

LOCALES = ("en", "ru")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locales"


def command_name(locale: str, qualified_name: str) -> str:
    """A slash command as the reader's Discord shows it, from the names synced for its
    language (``bot.translator``): ``/ia setup`` in English, ``/ia начать`` in Russian. The
    one place a reply gets a command's name: a catalog message writes ``{ COMMAND("ia setup") }``,
    code passes a :class:`CommandName`."""
    words = qualified_name.lstrip("/").split()
    shown = []
    for i in range(1, len(words) + 1):
        name = attribute(locale, command_key(" ".join(words[:i])), "name")
        shown.append(name or words[i - 1])
    return "/" + " ".join(shown)


def option_name(locale: str, qualified_name: str, option: str) -> str:
    """An option of a command as the reader's Discord shows it: ``threat-level`` of
    ``ia setup`` is ``уровень-угрозы`` in Russian. A catalog message writes
    ``{ OPTION("ia setup", "threat-level") }``, code passes an :class:`OptionName`."""
    key = option_key(qualified_name.lstrip("/"), option)
    return attribute(locale, key, "name") or option


def choice_name(locale: str, value: Any, name: str, key: str | None = None) -> str:
    """A fixed choice of an option as the reader's Discord shows it: its translation (the
    catalog message ``key``, else the value's own ``choice-{value}``), else its English
    ``name``."""
    key = key or choice_key(value)
    return t(locale, key) if locale != DEFAULT and has(locale, key) else name


class CommandName(NamedTuple):
    """An argument naming a slash command, shown as the reader's Discord shows it
    (``/ia setup`` in English, ``/ia начать`` in Russian)."""

    qualified_name: str

    def render(self, locale: str) -> str:
        return command_name(locale, self.qualified_name)


class OptionName(NamedTuple):
    """An argument naming a command's option, shown as the reader's Discord shows it
    (``threat-level``, ``уровень-угрозы``)."""

    qualified_name: str
    option: str

    def render(self, locale: str) -> str:
        return option_name(locale, self.qualified_name, self.option)


_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]+")


def _slug(text: str) -> str:
    return _UNSAFE.sub("-", text.strip()).strip("-").lower() or "x"


def _path(qualified_name: str) -> str:
    return "-".join(_slug(p) for p in qualified_name.split())


def command_key(qualified_name: str) -> str:
    """Catalog id of a command or group: ``cmd-ia-setup``."""
    return f"cmd-{_path(qualified_name)}"


def option_key(qualified_name: str, option: str) -> str:
    """Catalog id of an option: ``opt-ia-setup--threat-level``."""
    return f"opt-{_path(qualified_name)}--{_slug(option)}"


def choice_key(value: Any) -> str:
    """Catalog id of a choice value, shared by every command: ``choice-medium``."""
    return f"choice-{_slug(str(value))}"


def decimal(locale: str, text: str) -> str:
    """Numbers already written with a decimal point (``16.7 %``, ``p = 0.05 × 3 + 0.5``) in the
    reader's notation: Russian writes the decimal comma (``16,7 %``), English the point. Every
    game's replies go through this, so a Russian table sees one separator everywhere."""
    return text.replace(".", ",") if locale == "ru" else text


def number(locale: str, value: Fraction | float, digits: int = 1, *, trim: bool = False) -> str:
    """``value`` rounded half up to ``digits`` decimals (exactly, for a :class:`Fraction`), in
    the reader's notation: ``number("ru", Fraction(7, 3), 2)`` is ``2,33``; ``trim`` drops
    trailing zeros (``0.5``, ``1``). Every game's numbers with decimals go through this one
    formatter."""
    text = _fixed(DEFAULT, value, 10**digits, digits)
    if trim and digits:
        text = text.rstrip("0").rstrip(".")
    return decimal(locale, text)


def signed(n: int, *, minus: str = "-", space: bool = False, zero: str | None = None) -> str:
    """A number with its sign, the one way every reply writes a modifier: ``+2``, ``-1``,
    ``+0``. ``minus="−"``: the typographic minus of a formula; ``space=True``: a term inside a
    formula (``+ 3``, ``− 1``); ``zero``: what a nought is instead (``""``: a bonus left out)."""
    if n == 0 and zero is not None:
        return zero
    gap = " " if space else ""
    return f"+{gap}{n}" if n >= 0 else f"{minus}{gap}{-n}"


def percent(
    locale: str,
    p: Fraction | float,
    digits: int = 1,
    *,
    space: bool = True,
    bounded: bool = False,
) -> str:
    """A probability as a percentage: ``16.7 %`` (``16,7 %`` in Russian); ``space=False`` for
    the tight form of the English charts (``16.7%``) — Russian always writes the space
    (``62,5 %``, as Russian typography does); ``bounded``: a chance that is neither 0 nor 1
    never shows as 0 or 100 (``< 0.1%``, ``> 99.9%`` instead)."""
    space = space or locale == "ru"
    if bounded:
        least = Fraction(1, 2 * 100 * 10**digits)  # the least chance that rounds up to 0.1 %
        if 0 < p < least:
            return "< " + percent(locale, least * 2, digits, space=space)
        if 1 - least <= p < 1:
            return "> " + percent(locale, 1 - least * 2, digits, space=space)
    return _fixed(locale, p, 100 * 10**digits, digits) + (" %" if space else "%")


def percent_cell(locale: str, p: Fraction | float, *, bounded: bool = False) -> str:
    """A percentage in a chart's column, right-aligned to the widest one
    (``100.0%``, ``100,0 %``)."""
    shown = percent(locale, p, space=False, bounded=bounded)
    return shown.rjust(len(percent(locale, Fraction(1), space=False)))


def fraction_percent(locale: str, p: Fraction) -> str:
    """An exact probability as its fraction and its percentage, in the reader's notation:
    ``1/6 ≈ 16.7 %`` (``1/6 ≈ 16,7 %``), ``1/2 = 50 %``, ``3/40 = 7.5 %`` — ``=`` when the
    percentage shown is the exact value (whole, or exact to one decimal), ``≈`` when it is
    rounded; a certainty is ``1/1 = 100 %``."""
    digits = 0 if (100 * p).denominator == 1 else 1
    exact = (100 * 10**digits * p).denominator == 1
    shown = percent(locale, p, digits)
    return f"{p.numerator}/{p.denominator} {'=' if exact else '≈'} {shown}"


def _fixed(locale: str, value: Fraction | float, scale: int, digits: int) -> str:
    num, den = value.as_integer_ratio()  # exact for a Fraction, an int and a float alike
    n = (2 * num * scale + den) // (2 * den)  # floor(value × scale + 1/2), in integers
    sign = "-" if n < 0 else ""
    whole, part = divmod(abs(n), 10**digits)
    text = f"{sign}{whole}.{part:0{digits}d}" if digits else f"{sign}{whole}"
    return text.replace(".", ",") if locale == "ru" else text


def locale_of(discord_locale: object) -> str:
    """``"ru"`` for Discord's Russian locale, else ``"en"``."""
    value = str(getattr(discord_locale, "value", discord_locale) or "")
    return "ru" if value.lower().startswith("ru") else DEFAULT


class _Word(FluentType):
    """A plain word a catalog function returns."""

    def __init__(self, text: str) -> None:
        self.text = text

    def format(self, locale: object) -> str:
        return self.text


def _article(noun: object) -> _Word:
    """``ARTICLE($game)`` in the English catalog: "an" before a vowel, else "a"
    ("an Imperial Assault campaign", "a GDW Imperium campaign")."""
    return _Word("an" if str(noun)[:1].lower() in "aeiou" else "a")


@cache
def bundle(locale: str) -> FluentBundle:
    def command(qualified_name: object) -> _Word:
        """``COMMAND("asteroids join")``: the command as this language's Discord shows it."""
        return _Word(command_name(locale, str(qualified_name)))

    def option(qualified_name: object, name: object) -> _Word:
        """``OPTION("asteroids shuttle", "units-aboard")``: its option, likewise."""
        return _Word(option_name(locale, str(qualified_name), str(name)))

    functions: dict[str, Any] = {"ARTICLE": _article, "COMMAND": command, "OPTION": option}
    result = FluentBundle([locale], use_isolating=False, functions=functions)
    for path in sorted((LOCALE_DIR / locale).glob("*.ftl")):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


@cache
def message_ids(locale: str, *, prefix: str = "") -> frozenset[str]:
    """Every message id in the locale's catalog files (for completeness tests)."""
    from fluent.syntax import FluentParser, ast

    ids: set[str] = set()
    for path in sorted((LOCALE_DIR / locale).glob(f"{prefix}*.ftl")):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{path}: cannot parse {(entry.content or '')[:80]!r}")
            if isinstance(entry, ast.Message):
                ids.add(entry.id.name)
    return frozenset(ids)


def has(locale: str, key: str) -> bool:
    return bundle(locale).has_message(key)


def t(locale: str, key: str, /, **args: Any) -> str:
    """The message ``key`` in ``locale`` (falling back to English), with ``args`` filled in."""
    frozen = tuple(sorted(args.items()))
    try:
        return _render_cached(locale, key, frozen)
    except TypeError:  # an argument that can't be hashed: render without the cache
        return _render(locale, key, args)


@lru_cache(maxsize=8192)
def _render_cached(locale: str, key: str, frozen: tuple[tuple[str, Any], ...]) -> str:
    # Rendering is a pure function of its arguments, and replies repeat the same phrases with
    # the same numbers all the time; Fluent's number formatting and plural rules are slow.
    return _render(locale, key, dict(frozen))


def render(locale: str, msg: Msg) -> str:
    """A rules message (:class:`Msg`) in ``locale``."""
    return t(locale, msg.key, **dict(msg.args))


#: the longest text a refusal repeats back (a name someone typed): a refusal stays one short
#: line even when the option held Discord's 6 000 characters
ECHO_LIMIT = 100
#: the longest argument Fluent accepts in a placeable; anything longer is cut to fit
PLACEABLE_LIMIT = 1000


def refusal(error: BotError, locale: str = DEFAULT) -> str:
    """A refusal's one line in ``locale`` (English by default: logs and tests). Text it repeats
    back is cut to :data:`ECHO_LIMIT` characters."""
    args = {k: _clip(v, ECHO_LIMIT) for k, v in error.fmt_args.items()}
    return t(locale, error.key, **args)


def _clip(value: Any, limit: int) -> Any:
    """``value`` cut to ``limit`` characters, at the end of a word where there is one in its
    second half (a name is never cut in the middle)."""
    if isinstance(value, str) and len(value) > limit:
        head = value[: limit - 1]
        space = max(head.rfind(" "), head.rfind(","))
        if space > limit // 2:
            head = head[:space].rstrip(" ,;")
        return head + "…"
    return value


def _arg(locale: str, value: Any) -> Any:
    if isinstance(value, Signed):
        return signed(value.n)
    if isinstance(value, Mention):
        return f"<@{value.id}>"
    if isinstance(value, Names):
        return ", ".join(value.items)
    if isinstance(value, Msg):
        value = render(locale, value)
    elif hasattr(value, "render"):
        value = value.render(locale)
    return _clip(value, PLACEABLE_LIMIT)


def _render(locale: str, key: str, args: dict[str, Any]) -> str:
    args = {k: _arg(locale, v) for k, v in args.items()}
    for loc in (locale, DEFAULT):
        b = bundle(loc)
        if b.has_message(key):
            message = b.get_message(key)
            if message.value is None:
                break
            text, errors = b.format_pattern(message.value, args)
            if errors:
                raise KeyError(f"{loc}/{key}: {errors[0]}")
            return str(text)
    raise KeyError(f"no message {key!r} in the catalogs")


def attribute(locale: str, key: str, name: str) -> str | None:
    """An attribute (``.name``, ``.desc``) of message ``key`` in ``locale`` only, or None."""
    b = bundle(locale)
    if not b.has_message(key):
        return None
    message = b.get_message(key)
    pattern = message.attributes.get(name)
    if pattern is None:
        return None
    text, errors = b.format_pattern(pattern, {})
    return None if errors else str(text)


# ---------------------------------------------------------------------------------------------
# History summaries: what happened, stored as a catalog message, shown in the reader's language
# ---------------------------------------------------------------------------------------------
# A history row's summary is a string the store keeps up to 500 characters. A summary that is
# a catalog message is stored as SUMMARY_TAG + compact JSON ``{"k": key, "a": {name: value}}``,
# where a value is a number, a string (a :class:`Signed` number as :func:`signed` writes it),
# another such object (a :class:`Msg` argument) or a list of them; ``/campaign history``
# renders it in the reader's language, through its game's record where the game stores ids
# rather than names (:func:`bot.games.read_history`).
# Entries stored as plain text (before this, or too long to encode) are shown as they are.
SUMMARY_TAG = "⁣msg:"  # an invisible separator no typed summary starts with
SUMMARY_LIMIT = 500


def _value(key: str, name: str, value: Any) -> Any:
    if isinstance(value, Msg):
        return _tree(value)
    if isinstance(value, Signed):  # kept as it is written: "+2", "-1", "+0"
        return signed(value.n)
    if isinstance(value, (list, tuple)):
        return [_value(key, name, v) for v in value]
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TypeError(f"{key}: argument {name!r} cannot be stored: {value!r}")
    return value


def _tree(msg: Msg) -> dict[str, Any]:
    args = {name: _value(msg.key, name, value) for name, value in msg.args}
    return {"k": msg.key, "a": args} if args else {"k": msg.key}


def _decoded(value: Any) -> Any:
    if isinstance(value, dict):
        return _msg(value)
    if isinstance(value, list):
        return [_decoded(v) for v in value]
    return value


def _msg(tree: Any) -> Msg:
    if not isinstance(tree, dict) or not isinstance(tree.get("k"), str):
        raise ValueError("not a stored message")
    args = tree.get("a", {})
    if not isinstance(args, dict):
        raise ValueError("not a stored message")
    return Msg(tree["k"], tuple((n, _decoded(v)) for n, v in args.items()))


def _shown(tree: Any) -> Msg:
    """A stored message tree as the catalog renders it."""
    return read_history(_msg(tree))


def encode_summary(msg: Msg) -> str:
    """The history summary for ``msg``: the encoded message when it fits the store's limit,
    else its English text."""
    tree = _tree(msg)
    encoded = SUMMARY_TAG + json.dumps(tree, ensure_ascii=False, separators=(",", ":"))
    if len(encoded) <= SUMMARY_LIMIT:
        return encoded
    # rendered as it would be shown (a game's stored ids made names)
    return render(DEFAULT, _shown(tree))[:SUMMARY_LIMIT]


def render_summary(locale: str, summary: str) -> str:
    """A stored summary in ``locale``: an encoded message rendered, plain text as it is."""
    if not summary.startswith(SUMMARY_TAG):
        return summary
    try:
        return render(locale, _shown(json.loads(summary[len(SUMMARY_TAG) :])))
    except (ValueError, KeyError, TypeError):
        return summary[len(SUMMARY_TAG) :]
