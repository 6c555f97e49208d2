"""The docs show a command's options as members meet them: an option written bare in a
signature (``/capture guards asteroid [picks]``) is one Discord requires, and one in brackets is
one it lets a member leave out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.sandbox.harness import Table
from tests.synced import leaf_commands
from tests.test_docs import mentions, resolve


def signature_problems(
    commands: Mapping[str, Any], found: list[tuple[str, str]] | None = None
) -> list[str]:
    """What is wrong with the signatures in ``found`` (page, words): every page's mentions."""
    leaves = leaf_commands(commands)
    wrong: list[str] = []
    for page, words in mentions() if found is None else found:
        typed = words.lstrip("/").split()
        path, problem = resolve(commands, typed)
        node = leaves.get(" ".join(path))
        if problem or node is None:
            continue  # test_docs says what is wrong with it
        options = {o["name"]: o for o in node.get("options") or []}
        for word in typed[len(path) :]:
            name = word.strip("[],")
            if ":" in word or name not in options:
                continue  # a value given (odds-only:true), or not an option's name
            bracketed = word.startswith("[") or word.endswith("]")
            required = bool(options[name].get("required"))
            if required and bracketed:
                wrong.append(f"{page}: `{words}`: {name} is required, not [{name}]")
            if not required and not bracketed:
                wrong.append(f"{page}: `{words}`: {name} is optional: write [{name}]")
    return wrong


async def test_bare_options_are_required_and_bracketed_ones_optional(table: Table) -> None:
    await table.discord.synced.wait()
    assert signature_problems(table.discord.commands) == []


def test_a_wrong_signature_is_caught() -> None:
    tree = {
        "capture": {
            "name": "capture",
            "options": [
                {
                    "name": "guards",
                    "type": 1,
                    "options": [
                        {"name": "asteroid", "type": 3, "required": True},
                        {"name": "picks", "type": 3},
                    ],
                }
            ],
        }
    }
    shown = ["/capture guards asteroid picks", "/capture guards [asteroid]", "/capture guards"]
    shown.append("/capture guards asteroid:r1 [picks] picks:assault")
    assert signature_problems(tree, [("p.md", words) for words in shown]) == [
        "p.md: `/capture guards asteroid picks`: picks is optional: write [picks]",
        "p.md: `/capture guards [asteroid]`: asteroid is required, not [asteroid]",
    ]
