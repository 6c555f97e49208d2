"""Cut Discord's OpenAPI document (github.com/discord/discord-api-spec, specs/openapi.json,
MIT licence) down to what the bot sends: the request bodies of the operations below and every
schema they refer to, written to ``discord-openapi.json`` beside this script with the commit
it came from.

    python tests/data/trim_discord_spec.py path/to/openapi.json <commit>
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

#: the operations whose bodies the bot sends (the stand-in records each one)
OPERATIONS = [
    ("put", "/applications/{application_id}/commands"),
    ("put", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("post", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("post", "/webhooks/{webhook_id}/{webhook_token}"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("patch", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("post", "/channels/{channel_id}/messages"),
    ("patch", "/channels/{channel_id}/messages/{message_id}"),
]

REF = "#/components/schemas/"


def refs(node: Any, found: set[str]) -> None:
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            found.add(ref[len(REF) :])
        for value in node.values():
            refs(value, found)
    elif isinstance(node, list):
        for value in node:
            refs(value, found)


def trim(spec: dict[str, Any], commit: str) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for method, path in OPERATIONS:
        operation = spec["paths"][path][method]
        body = operation.get("requestBody", {}).get("content", {})
        paths.setdefault(path, {})[method] = {
            "operationId": operation.get("operationId"),
            "requestBody": {"content": {k: v for k, v in body.items() if "json" in k}},
        }
    schemas = spec["components"]["schemas"]
    wanted: set[str] = set()
    refs(paths, wanted)
    done: set[str] = set()
    while wanted - done:
        name = (wanted - done).pop()
        done.add(name)
        refs(schemas[name], wanted)
    return {
        "openapi": spec["openapi"],
        "info": {
            "title": spec["info"]["title"],
            "version": spec["info"]["version"],
            "x-source": "https://github.com/discord/discord-api-spec/blob/"
            f"{commit}/specs/openapi.json (MIT licence), cut by trim_discord_spec.py",
            "x-commit": commit,
        },
        "paths": paths,
        "components": {"schemas": {name: schemas[name] for name in sorted(done)}},
    }


def main() -> None:
    source, commit = sys.argv[1], sys.argv[2]
    spec = json.loads(Path(source).read_text(encoding="utf-8"))
    out = Path(__file__).with_name("discord-openapi.json")
    out.write_text(json.dumps(trim(spec, commit), indent=1, sort_keys=True) + "\n", "utf-8")


if __name__ == "__main__":
    main()
