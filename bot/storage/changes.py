"""What a history entry keeps so that ``/campaign undo`` can take it back: the change back from
the state after it to the state before it, as an RFC 6902 JSON Patch (``undo_patch``), instead of
the whole state before it.

- An entry that changed the state keeps the patch that turns the state after it back into the
  state before it. Undo only ever takes back the newest entry not undone yet, and the campaign's
  state is then exactly the state after that entry, so applying its patch to the current state
  gives the state before it, exactly.
- An entry that changed nothing (an aside: ``/roll`` or ``/battle`` noted in a campaign, or a
  command that left the state as it was) keeps no patch and is marked ``aside``: undo passes
  it by and takes back the newest entry that changed something.
- An entry with nothing before it (the one that started the campaign) keeps no patch and is no
  aside: undo stops there ("Nothing to undo").

Where the patch would not be smaller than the state itself, or would not give the state back
exactly (never seen; checked on every write all the same), the entry keeps the whole state
before it instead, as a patch of one operation that replaces the whole document. Entries
already undone keep what they had (undo never takes them back again).

:class:`Converter` turns a history that kept the whole state before every entry (schema 6 and
older, export files of version 1) into patches, oldest entry first, one entry in memory at a
time."""

from __future__ import annotations

import difflib
import json
from collections.abc import Hashable
from typing import Any

import jsonpatch
import jsonpointer

JsonDict = dict[str, Any]
Patch = list[JsonDict]

#: what goes wrong when a patch is read or applied
PatchError = (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException, TypeError)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def whole_state(before: JsonDict) -> Patch:
    """A patch that gives ``before`` back whatever it is applied to."""
    return [{"op": "replace", "path": "", "value": before}]


def _diff(after: Any, before: Any, path: str, ops: Patch) -> None:
    """Append to ``ops`` the operations that turn ``after`` into ``before`` at ``path``: an
    object member by member, an array item by item (see :func:`_diff_arrays`), anything else
    replaced. Equal as Python values is left alone: 1, 1.0 and true are equal there and not in
    JSON, which the check of every patch against the whole state catches."""
    if after == before:
        return
    if isinstance(after, dict) and isinstance(before, dict):
        for key in sorted(after.keys() - before.keys()):
            ops.append({"op": "remove", "path": f"{path}/{jsonpointer.escape(key)}"})
        for key in sorted(after.keys() & before.keys()):
            if after[key] != before[key]:
                _diff(after[key], before[key], f"{path}/{jsonpointer.escape(key)}", ops)
        for key in sorted(before.keys() - after.keys()):
            ops.append(
                {"op": "add", "path": f"{path}/{jsonpointer.escape(key)}", "value": before[key]}
            )
    elif isinstance(after, list) and isinstance(before, list):
        _diff_arrays(after, before, path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": before})


def _diff_arrays(after: list[Any], before: list[Any], path: str, ops: Patch) -> None:
    """Items the same at both ends are left alone; between them, the items are matched by their
    ``repr`` (difflib; the items are parsed from canonical JSON, so their members come in the
    same order, and ``repr`` tells 1, 1.0 and true apart): runs changed in place are compared
    item by item, runs that differ in length are removed and added whole, and the operations go
    from the array's end backwards, so that each one's positions are still those of ``after``
    when it applies."""
    low, high_after, high_before = 0, len(after), len(before)
    while low < high_after and low < high_before and after[low] == before[low]:
        low += 1
    while (
        high_after > low and high_before > low and after[high_after - 1] == before[high_before - 1]
    ):
        high_after -= 1
        high_before -= 1
    matcher = difflib.SequenceMatcher(
        None,
        [repr(item) for item in after[low:high_after]],
        [repr(item) for item in before[low:high_before]],
        autojunk=False,
    )
    for tag, a1, a2, b1, b2 in reversed(matcher.get_opcodes()):
        if tag == "equal":
            continue
        if a2 - a1 == b2 - b1:
            for k in range(a2 - a1):
                item_after, item_before = after[low + a1 + k], before[low + b1 + k]
                if item_after != item_before:
                    _diff(item_after, item_before, f"{path}/{low + a1 + k}", ops)
            continue
        for k in reversed(range(a1, a2)):
            ops.append({"op": "remove", "path": f"{path}/{low + k}"})
        for k in range(b2 - b1):
            ops.append(
                {"op": "add", "path": f"{path}/{low + a1 + k}", "value": before[low + b1 + k]}
            )


def change_back(
    after: JsonDict,
    before: JsonDict,
    before_text: str | None = None,
    after_text: str | None = None,
    *,
    spare: bool = False,
) -> Patch:
    """The patch that turns ``after`` into ``before`` (``before_text``, ``after_text``: their
    canonical JSON, if known): the smaller of a diff and the whole state, never one that
    misses. ``spare``: the caller has no further use for ``after``, and the check may apply
    the patch to it instead of to a copy. (The diff is this module's: jsonpatch's own took 2–4 ms for a state of 40 ships,
    comparing whole arrays; this one looks only at what changed.)"""
    whole = whole_state(before)
    if before_text is None:
        before_text = _text(before)
    patch: Patch = []
    _diff(after, before, "", patch)
    try:
        # checked against the whole state, compared as text: 1, 1.0 and true are equal in
        # Python, not in JSON (applied to a copy made through JSON: far faster than deepcopy)
        copy = after if spare else json.loads(after_text or _text(after))
        exact = _text(jsonpatch.apply_patch(copy, patch, in_place=True)) == before_text
    except PatchError:
        return whole
    if not exact or len(_text(patch)) >= len(before_text):
        return whole
    return patch


def restore(state: JsonDict, patch: Patch) -> JsonDict:
    """``state`` with ``patch`` applied (a new object; ``state`` is left alone). Raises one of
    :data:`PatchError` when the patch does not fit the state."""
    result = jsonpatch.apply_patch(json.loads(_text(state)), patch, in_place=True)
    if not isinstance(result, dict):
        raise TypeError("the patch does not give a state (a JSON object)")
    return result


def check_patch(patch: Any) -> None:
    """Raise ValueError unless ``patch`` is a well-formed JSON Patch."""
    try:
        jsonpatch.JsonPatch(patch)
    except PatchError as exc:
        raise ValueError(f"not a JSON Patch: {exc}") from None


class Converter:
    """Turns entries that kept the whole state before them into patches.

    Feed the entries oldest first (:meth:`feed`: the entry's key, its state before — None for
    the entry that started the campaign — and whether it is undone), then :meth:`finish` with
    the campaign's current state. Each call returns the entries it settled, as
    ``(key, undo_patch, aside)``.

    The state after an entry not undone is the state before the next entry not undone (or the
    current state, for the newest): taking the patches back from the current state then gives
    every such entry's state before exactly as it was stored. An undone entry keeps its whole
    state before (undo never reads it again)."""

    def __init__(self) -> None:
        self._pending: tuple[Hashable, JsonDict | None] | None = None

    def feed(
        self, key: Hashable, before: JsonDict | None, undone: bool
    ) -> list[tuple[Hashable, Patch | None, bool]]:
        if undone:
            return [(key, whole_state(before) if before is not None else None, False)]
        out = []
        if self._pending is not None:
            out.append(self._settle(self._pending, before))
        self._pending = (key, before)
        return out

    def finish(self, current: JsonDict | None) -> list[tuple[Hashable, Patch | None, bool]]:
        pending, self._pending = self._pending, None
        return [self._settle(pending, current)] if pending is not None else []

    @staticmethod
    def _settle(
        pending: tuple[Hashable, JsonDict | None], after: JsonDict | None
    ) -> tuple[Hashable, Patch | None, bool]:
        key, before = pending
        if before is None:
            return key, None, False  # the start: nothing before it
        if after is None:
            return key, whole_state(before), False
        text = _text(before)
        if after == before and text == _text(after):  # changed nothing
            return key, None, True
        return key, change_back(after, before, text), False
