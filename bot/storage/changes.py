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


def _prune(after: Any, before: Any) -> tuple[Any, Any]:
    """``after`` and ``before`` with every object member that is equal in both left out,
    recursively: a patch between the pruned pair is one between the whole pair (the paths are
    the same, and what was left out needs no operation), and it is made far faster — the diff
    then compares only what changed. Equal as Python values: 1, 1.0 and true are equal there
    and not in JSON, which the check of every patch against the whole state catches."""
    if not (isinstance(after, dict) and isinstance(before, dict)):
        return after, before
    kept_after: JsonDict = {}
    kept_before: JsonDict = {}
    for key in sorted(after.keys() | before.keys()):  # the same patch every time
        if key not in before:
            kept_after[key] = after[key]
        elif key not in after:
            kept_before[key] = before[key]
        elif after[key] != before[key]:
            kept_after[key], kept_before[key] = _prune(after[key], before[key])
    return kept_after, kept_before


def change_back(
    after: JsonDict,
    before: JsonDict,
    before_text: str | None = None,
    pruned: tuple[Any, Any] | None = None,
    after_text: str | None = None,
) -> Patch:
    """The patch that turns ``after`` into ``before`` (``before_text``, ``after_text``: their
    canonical JSON, ``pruned``: :func:`_prune` of the pair, if known): the smaller of a diff
    and the whole state, never one that misses."""
    whole = whole_state(before)
    if before_text is None:
        before_text = _text(before)
    pruned_after, pruned_before = pruned if pruned is not None else _prune(after, before)
    try:
        patch: Patch = jsonpatch.make_patch(pruned_after, pruned_before).patch
        # checked against the whole state, compared as text: 1, 1.0 and true are equal in
        # Python, not in JSON (applied to a copy made through JSON: far faster than deepcopy)
        copy = json.loads(after_text if after_text is not None else _text(after))
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
        pruned = _prune(after, before)
        text = _text(before)
        if pruned == ({}, {}) and text == _text(after):  # changed nothing
            return key, None, True
        return key, change_back(after, before, text, pruned), False
