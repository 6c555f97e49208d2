"""The names nearest to what someone typed: the hint in a refusal of an unknown name.

Every game refuses an unknown unit, terrain, group, ship, system, asteroid or civilisation with
the closest names it knows ("did you mean Tank?"), so that a slip of the finger ("Tnak",
"Sool") costs one look, not a trip to the help pages. The names may be in any language the
game accepts (a Russian spelling is found for a Russian slip), and the hint shows them as they
are written in the table."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: how alike two spellings must be (difflib's ratio) for one to be offered for the other
CUTOFF = 0.6


def fold(text: str) -> str:
    """A spelling compared without case, spaces at either end, or ё/е."""
    return " ".join(text.casefold().replace("ё", "е").split())


def closest(text: str, names: Iterable[str], limit: int = 3) -> list[str]:
    """At most ``limit`` of ``names`` nearest to ``text``, best first: those starting with it,
    then those with a word starting with it, then those containing it, then those spelled
    nearly alike (a swapped, missing or extra letter: "Tnak" → "Tank"). Each name once, as
    written in ``names``; none when nothing is near."""
    key = fold(text)
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(fold(name), name)
    if not key or limit <= 0:
        return []
    starts = [n for f, n in seen.items() if f.startswith(key)]
    words = [
        n for f, n in seen.items() if n not in starts and any(w.startswith(key) for w in f.split())
    ]
    inside = [n for f, n in seen.items() if n not in starts and n not in words and key in f]
    found = starts + words + inside
    if len(found) < limit:
        near = difflib.get_close_matches(key, list(seen), n=limit, cutoff=CUTOFF)
        found += [seen[f] for f in near if seen[f] not in found]
    return found[:limit]
