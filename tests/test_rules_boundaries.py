"""The boundaries inside ``bot/rules/``, found by walking each module's syntax tree: no module
imports a private name (``_name``) of a sibling — a name another module needs is public, or the
code lives where it is used — and no package ``__init__`` re-exports a private name."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "bot" / "rules"

#: module -> the private names it may still import, and why (an entry no longer needed fails)
STILL_ALLOWED: dict[str, tuple[frozenset[str], str]] = {}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_imports(rules: Path = RULES) -> dict[str, set[str]]:
    """Each module of ``bot/rules/`` and the private names it imports from ``bot.rules`` (an
    import spread over several lines, or relative, is one ``ImportFrom`` node all the same)."""
    out: dict[str, set[str]] = {}
    for path in sorted(rules.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level == 0 and not (node.module or "").startswith("bot.rules"):
                continue
            names = {a.name for a in node.names if _private(a.name)}
            if names:
                out.setdefault(path.relative_to(rules.parent.parent).as_posix(), set()).update(
                    names
                )
    return out


def test_the_walk_sees_every_form_of_import(tmp_path: Path) -> None:
    game = tmp_path / "bot" / "rules" / "game"
    game.mkdir(parents=True)
    (game / "a.py").write_text(
        "from bot.rules.game.b import (\n    public,\n    _hidden,\n)\n"
        "from .c import _relative\nfrom bot.rules.msg import Msg\nimport bot.rules.game.d\n"
    )
    found = private_imports(tmp_path / "bot" / "rules")
    assert found == {"bot/rules/game/a.py": {"_hidden", "_relative"}}


def test_no_rules_module_imports_a_private_name_of_a_sibling() -> None:
    found = private_imports()
    unexpected = {
        module: sorted(names - STILL_ALLOWED.get(module, (frozenset(), ""))[0])
        for module, names in found.items()
    }
    assert {m: n for m, n in unexpected.items() if n} == {}
    stale = {
        module: sorted(allowed - found.get(module, set()))
        for module, (allowed, _) in STILL_ALLOWED.items()
    }
    assert {m: n for m, n in stale.items() if n} == {}, "allowed but no longer imported"


def test_no_package_re_exports_a_private_name() -> None:
    leaks: list[str] = []
    for path in sorted(RULES.rglob("__init__.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
            ):
                values = node.value.elts if isinstance(node.value, ast.List | ast.Tuple) else []
                leaks += [
                    f"{path.relative_to(ROOT)}: __all__ lists {v.value}"
                    for v in values
                    if isinstance(v, ast.Constant) and _private(str(v.value))
                ]
    assert leaks == []
