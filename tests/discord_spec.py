"""What the bot sends to Discord, checked against Discord's own OpenAPI document (a cut of it
in ``tests/data/discord-openapi.json``, with the commit it came from; remake it with
``tests/data/trim_discord_spec.py``). The stand-in hands every JSON body it receives to
:func:`check`; the test suite fails a test in which one does not conform (checked when the
test ends, :func:`pending_problems`).

One leniency, as Discord's own: discord.py sends a few snowflakes as JSON numbers (the ids in
``allowed_mentions``, for instance), which Discord accepts although its document says string."""

from __future__ import annotations

import copy
import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema_rs import Draft202012Validator

SPEC_FILE = Path(__file__).parent / "data" / "discord-openapi.json"

#: the bodies sent since the test began, each once (JSON text -> method, path): checked when
#: the test ends, off the stand-in's event loop (a check takes a few microseconds)
PENDING: dict[str, tuple[str, str]] = {}
#: at most this many distinct bodies are checked per test (a load test sends hundreds alike)
CHECKED_PER_TEST = 200


@cache
def _spec() -> dict[str, Any]:
    spec: dict[str, Any] = json.loads(SPEC_FILE.read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    # Discord accepts a snowflake as a number too
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return spec


@cache
def _routes() -> list[tuple[re.Pattern[str], str, str, Draft202012Validator]]:
    """(path pattern, method, template, validator), literal paths before templated ones."""
    spec = _spec()
    routes = []
    for template, operations in spec["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template)) + "$")
        for method, operation in operations.items():
            content = operation["requestBody"]["content"]
            if "application/json" not in content:
                continue
            root = {
                "components": copy.deepcopy(spec["components"]),
                "request": content["application/json"]["schema"],
                "$ref": "#/request",
            }
            routes.append((pattern, method, template, Draft202012Validator(root)))
    routes.sort(key=lambda r: r[2].count("{"))
    return routes


def problems(method: str, path: str, body: Any) -> list[str]:
    """How ``body``, sent as ``method path``, breaks Discord's schema (empty: it conforms, or
    the operation is not in the cut)."""
    for pattern, verb, template, validator in _routes():
        if verb == method.lower() and pattern.match(path):
            return [
                f"{method} {template}: {'/'.join(map(str, e.instance_path)) or '(body)'}: "
                f"{e.message[:300]}"
                for e in validator.iter_errors(body)
            ]
    return []


def check(method: str, path: str, body: Any) -> None:
    """The stand-in's hook: keep the body to be checked when the test ends."""
    if len(PENDING) < CHECKED_PER_TEST:
        PENDING.setdefault(json.dumps(body, sort_keys=True), (method, path))


def pending_problems() -> list[str]:
    """Check the bodies kept since the test began (and forget them)."""
    found = []
    for text, (method, path) in PENDING.items():
        found += problems(method, path, json.loads(text))
    PENDING.clear()
    return found
