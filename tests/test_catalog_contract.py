"""The contract between the catalogs (``bot/locales/{en,ru}/*.ftl``) and the code that names
their messages.

A reply fails at run time when its message id is defined twice (Fluent keeps the first
definition, which may want other variables), when the code names a message that is not there,
or when the code passes fewer variables than the message uses — in a select expression, a
nested placeable, or a message the message refers to. These tests find all three without
running a command: the catalogs are read with ``fluent.syntax``, and every place in ``bot/`` and
``cogs/`` that names a message is found by walking the code's syntax tree (module ``ast``).

What counts as a place naming a message (a *call site*):

- the catalog's and the rules' own entry points: ``t(loc, "key", a=…)``, ``Msg.of("key", a=…)``,
  ``Msg("key", (("a", …), …))`` and every refusal (``RuleError(key="key", a=…)`` and the other
  :class:`bot.rules.errors.BotError` classes);
- any function that passes one of its own parameters on as the key of one of those — found
  here, not listed: ``tr``, ``_t``, ``rule_error``, ``RollLog.roll`` (an Asteroid Belt die: its
  key is the die's label), ``_bad``, ``listing``, ``list_msg``, ``bot.play(…, action="key")``…
  A call of such a function is a call site in its turn, with the arguments it passes on (its
  ``**kwargs``, through ``msg_args`` where it does that).

A key is a string, a choice between strings, a dict's values, a local variable bound to any of
those, a parameter's default, or a pattern (``f"game-{key}"``, ``"section-" + slug``): a
pattern stands for every message id of the catalog it matches (a ``Literal[…]`` parameter
stands for its values), and each of them must accept what the call passes. Passing more
variables than a message uses is fine; fewer is the bug. What cannot be seen statically is
listed, each entry with its reason, in :data:`UNRESOLVED_KEYS`, :data:`UNSEEN_ARGUMENTS`,
:data:`NOT_IN_FAMILY` and :data:`STORED_FORMS`; an entry no longer needed fails too.
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from fluent.syntax import FluentParser
from fluent.syntax import ast as fl

from bot.catalog import LOCALE_DIR, LOCALES, bundle
from bot.rules.asteroid_belt.tables import msg_args

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("bot", "cogs")

# ---------------------------------------------------------------------------------------------
# What the test cannot see, and why (each entry must still be needed: a stale one fails)
# ---------------------------------------------------------------------------------------------
#: (file, function) whose key is data made elsewhere: the key is checked where it is made
UNRESOLVED_KEYS: dict[tuple[str, str], str] = {
    ("bot/catalog.py", "render"): "renders a Msg; every Msg is checked where it is made",
    ("bot/catalog.py", "refusal"): "renders a refusal; every refusal is checked where it is raised",
    ("bot/catalog.py", "_msg"): "rebuilds a stored summary's Msg; checked where it was made",
    ("bot/rules/errors.py", "BotError.msg"): "a refusal as a Msg; checked where it is raised",
    ("bot/translator.py", "CatalogTranslator.translate"): (
        "a choice's key: the one its locale_str names, else choice-{value}; test_i18n checks "
        "every synced choice has its Russian name"
    ),
    ("bot/options.py", "_Choices.render"): (
        "the keys of an option's choices, read from the command tree (as the translator's)"
    ),
    ("cogs/general.py", "option_line"): (
        "the keys of an option's choices, read from the command tree (as the translator's)"
    ),
    ("bot/translator.py", "_shown_value"): (
        "the keys of an option's choices, read from the command tree (as the translator's)"
    ),
    ("bot/rules/asteroid_belt/events.py", "Event.stored"): (
        "an event's compact stored form (its KEY and fields); shown through its message(), "
        "checked there"
    ),
}

#: (file, function) passing ``**arguments`` the test cannot see to a key it can, and why
UNSEEN_ARGUMENTS: dict[tuple[str, str], str] = {}

#: (file, message id): a message a key pattern in that file matches but never names, and why
NOT_IN_FAMILY: dict[tuple[str, str], str] = {
    ("cogs/asteroid_belt/render.py", "ab-title-with-civ"): (
        "f'ab-title-{action}' names an action's title; no action is called 'with-civ'"
    ),
    ("bot/rules/asteroid_belt/events.py", "ab-title-with-civ"): (
        "f'ab-title-{action}' names an action's title; no action is called 'with-civ'"
    ),
}

#: (file, function) making a message in the compact form the history stores — ids, no computed
#: parts — that is never rendered as it is but read back first (each game's ``read_history``,
#: whose calls are checked), and why
STORED_FORMS: dict[tuple[str, str], str] = {
    ("bot/rules/asteroid_belt/events.py", "Outcome.history"): (
        "the action and its events' stored forms; read_history adds the title and the lines"
    ),
}

# ---------------------------------------------------------------------------------------------
# The catalogs
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Definition:
    locale: str
    path: str  # relative to the repository
    line: int
    id: str  # a term's id keeps its "-"
    node: fl.Message | fl.Term

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


@cache
def definitions(locale: str) -> tuple[Definition, ...]:
    """Every message and term of ``locale``, in the order the bundle reads them."""
    out: list[Definition] = []
    for path in sorted((LOCALE_DIR / locale).glob("*.ftl")):
        text = path.read_text(encoding="utf-8")
        resource = FluentParser().parse(text)
        for entry in resource.body:
            assert not isinstance(entry, fl.Junk), f"{path}: cannot parse {entry.content!r:.80}"
            if isinstance(entry, fl.Message | fl.Term):
                assert entry.span is not None
                line = text.count("\n", 0, entry.span.start) + 1
                ident = ("-" if isinstance(entry, fl.Term) else "") + entry.id.name
                rel = str(path.relative_to(ROOT))
                out.append(Definition(locale, rel, line, ident, entry))
    return tuple(out)


@cache
def catalog(locale: str) -> dict[str, Definition]:
    """What Fluent uses: the first definition of each id."""
    out: dict[str, Definition] = {}
    for d in definitions(locale):
        out.setdefault(d.id, d)
    return out


def message_ids(locale: str) -> set[str]:
    return {i for i in catalog(locale) if not i.startswith("-")}


def _children(node: fl.BaseNode) -> Iterator[fl.BaseNode]:
    for value in vars(node).values():
        if isinstance(value, fl.BaseNode):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, fl.BaseNode))


@dataclass
class Needs:
    variables: set[str] = field(default_factory=set)
    problems: set[str] = field(default_factory=set)  # broken references inside the catalog


def _collect(locale: str, node: fl.BaseNode, out: Needs, seen: frozenset[str]) -> None:
    if isinstance(node, fl.VariableReference):
        out.variables.add(node.id.name)
    elif isinstance(node, fl.MessageReference):
        attr = node.attribute.name if node.attribute else None
        inner = needs(locale, node.id.name, attr, seen)
        out.variables |= inner.variables
        out.problems |= inner.problems
        return
    elif isinstance(node, fl.TermReference):
        # a term sees only the arguments it is given: the caller's variables are in them
        if node.arguments is not None:
            _collect(locale, node.arguments, out, seen)
        given = {a.name.name for a in node.arguments.named} if node.arguments else set()
        attr = node.attribute.name if node.attribute else None
        inner = needs(locale, "-" + node.id.name, attr, seen)
        out.problems |= inner.problems
        for name in sorted(inner.variables - given):
            out.problems.add(f"term -{node.id.name} uses ${name}, not given at the reference")
        return
    for child in _children(node):
        _collect(locale, child, out, seen)


def needs(
    locale: str, ident: str, attribute: str | None = None, seen: frozenset[str] = frozenset()
) -> Needs:
    """The variables message ``ident`` (its value, or ``attribute``) uses in ``locale``, those of
    the messages it refers to included."""
    out = Needs()
    label = ident + (f".{attribute}" if attribute else "")
    if label in seen:
        out.problems.add(f"{label} refers to itself")
        return out
    definition = catalog(locale).get(ident)
    if definition is None:
        out.problems.add(f"refers to {ident}, which {locale} does not define")
        return out
    if attribute is None:
        pattern = definition.node.value
    else:
        pattern = next(
            (a.value for a in definition.node.attributes if a.id.name == attribute), None
        )
    if pattern is None:
        out.problems.add(f"refers to {label}, which has no such value")
        return out
    _collect(locale, pattern, out, seen | {label})
    return out


# ---------------------------------------------------------------------------------------------
# The code
# ---------------------------------------------------------------------------------------------
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass
class Module:
    name: str
    path: str
    tree: ast.Module
    imports: dict[str, str] = field(default_factory=dict)  # local name -> qualified name
    defs: dict[str, ast.AST] = field(default_factory=dict)  # top-level name -> its node


@dataclass
class Func:
    """A function (or a module's top-level code: ``node`` None) and where it lives."""

    qual: str  # bot.catalog.t, bot.rules.msg.Msg.of, cogs.imperium.cog (module level)
    short: str  # t, Msg.of, <module>: how the allow-lists name it
    module: Module
    node: FunctionNode | None
    cls: str | None = None  # the enclosing class's qualified name
    outer: Func | None = None  # the enclosing function of a nested one

    def params(self) -> list[ast.arg]:
        if self.node is None:
            return []
        a = self.node.args
        return [*a.posonlyargs, *a.args, *a.kwonlyargs]

    def param(self, name: str) -> ast.arg | None:
        return next((p for p in self.params() if p.arg == name), None)

    @property
    def kwarg(self) -> str | None:
        if self.node is None or self.node.args.kwarg is None:
            return None
        return self.node.args.kwarg.arg

    @cached_property
    def nodes(self) -> tuple[ast.AST, ...]:
        """This function's own nodes (not those of the functions and classes inside it)."""
        roots: list[ast.AST] = list(self.node.body if self.node else self.module.tree.body)
        if self.node is not None:
            roots += [d for d in self.node.args.defaults + self.node.args.kw_defaults if d]
        stack = [r for r in roots if not isinstance(r, FunctionNode | ast.ClassDef)]
        out: list[ast.AST] = []
        while stack:
            node = stack.pop()
            out.append(node)
            for child in ast.iter_child_nodes(node):
                if not isinstance(child, FunctionNode | ast.ClassDef):
                    stack.append(child)
        return tuple(out)

    @cached_property
    def names(self) -> frozenset[str]:
        """The names this function binds: parameters, assignments, loop variables, imports."""
        out = {p.arg for p in self.params()}
        if self.node is not None:
            for extra in (self.node.args.vararg, self.node.args.kwarg):
                if extra is not None:
                    out.add(extra.arg)
        for node in self.nodes:
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                out.add(node.id)
        return frozenset(out)

    @cached_property
    def imported(self) -> dict[str, str]:
        """``from x import name`` inside the function."""
        found: dict[str, str] = {}
        if self.node is not None:
            for node in self.nodes:
                if isinstance(node, ast.ImportFrom):
                    _imports(node, "", found)
        return found

    @cached_property
    def comprehensions(self) -> tuple[ast.AST, ...]:
        return tuple(n for n in self.nodes if isinstance(n, _COMPREHENSIONS))


@dataclass(frozen=True)
class Literal:
    key: str


@dataclass(frozen=True)
class Family:
    regex: str
    shown: str  # the expression, as written


@dataclass(frozen=True)
class Param:
    name: str


@dataclass(frozen=True)
class Unresolved:
    why: str


KeyValue = Literal | Family | Param | Unresolved
NameTransform = Callable[[frozenset[str]], frozenset[str]]


@dataclass(frozen=True)
class Passed:
    """The variables one call passes: names it gives, what it passes on of its own function's
    ``**kwargs`` (``forwards``: the transforms they go through; None: not passed on), and the
    ``**arguments`` nobody can see."""

    names: frozenset[str] = frozenset()
    forwards: tuple[NameTransform, ...] | None = None
    unseen: tuple[str, ...] = ()

    def __or__(self, other: Passed) -> Passed:
        forwards = self.forwards if other.forwards is None else other.forwards
        return Passed(self.names | other.names, forwards, self.unseen + other.unseen)


@dataclass(frozen=True)
class Sink:
    """A callable taking a catalog key: ``target`` (a function or class) gets the key in
    parameter ``param`` and the message gets ``passed`` plus, when ``passed.forwards`` is not
    None, the call's own keyword arguments."""

    target: str
    param: str
    passed: Passed = Passed(forwards=())
    key_transform: Callable[[str], str | None] | None = None  # None: not a message
    names_transform: Callable[[str, frozenset[str]], frozenset[str]] | None = None
    msg_tuple: bool = False  # Msg(key, (("name", value), …))
    via: tuple[str, ...] = ()  # the calls inside the wrappers, for the failure messages


@dataclass
class Site:
    """One call naming a message: where, which keys, and what it passes."""

    func: Func
    line: int
    keys: list[KeyValue]
    passed: Passed
    sink: Sink

    @property
    def where(self) -> str:
        return f"{self.func.module.path}:{self.line}"

    def names_for(self, key: str) -> frozenset[str]:
        names = self.passed.names
        if self.sink.names_transform is not None:
            names = self.sink.names_transform(key, names)
        return names

    def describe(self) -> str:
        via = "".join(f" → {v}" for v in self.sink.via)
        return f"{self.where} ({self.func.short}{via})"


def _msg_args_names(names: frozenset[str]) -> frozenset[str]:
    """The names ``msg_args`` turns rules-style arguments into (``civ`` → ``civ``, ``civ_gen``)."""
    return frozenset(msg_args(dict.fromkeys(names, "1")))


#: functions a call's ``**arguments`` may go through on the way to the catalog
NAME_TRANSFORMS: dict[str, NameTransform] = {
    "bot.rules.asteroid_belt.tables.msg_args": _msg_args_names,
}

#: the entry points; every other sink is found by following parameters into these
BASE_SINKS: tuple[Sink, ...] = (
    Sink("bot.catalog.t", "key"),
    Sink("bot.rules.msg.Msg.of", "key"),
    Sink("bot.rules.msg.Msg", "key", Passed(), msg_tuple=True),
    Sink("bot.rules.errors.BotError", "key"),
)


class Code:
    """Every module of ``bot/`` and ``cogs/``, indexed."""

    def __init__(self) -> None:
        self.modules: dict[str, Module] = {}
        self.funcs: dict[str, Func] = {}
        self.classes: dict[str, tuple[Module, ast.ClassDef]] = {}
        self.methods: dict[str, list[str]] = defaultdict(list)  # method name -> quals
        self._callees: dict[int, tuple[str | None, bool]] = {}
        for top in SOURCES:
            for path in sorted((ROOT / top).rglob("*.py")):
                rel = path.relative_to(ROOT)
                parts = list(rel.with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                name = ".".join(parts)
                tree = ast.parse(path.read_text(encoding="utf-8"), str(rel))
                self.modules[name] = Module(name, str(rel), tree)
        for module in self.modules.values():
            self._index(module)

    def _index(self, module: Module) -> None:
        is_package = module.path.endswith("__init__.py")
        package = module.name if is_package else module.name.rpartition(".")[0]
        statements = list(module.tree.body)
        for node in module.tree.body:  # imports under ``if TYPE_CHECKING:`` too
            if isinstance(node, ast.If):
                statements += node.body
        for node in statements:
            if isinstance(node, ast.ImportFrom):
                _imports(node, package, module.imports)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        module.imports[alias.asname] = alias.name
            elif isinstance(node, FunctionNode | ast.ClassDef):
                module.defs[node.name] = node
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        module.defs[target.id] = node.value
            elif (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.value is not None
            ):
                module.defs[node.target.id] = node.value
        self.funcs[module.name + ".<module>"] = Func(module.name, "<module>", module, None)
        self._walk_defs(module, module.tree.body, module.name, "", None, None)

    def _walk_defs(
        self,
        module: Module,
        body: Iterable[ast.AST],
        prefix: str,
        short: str,
        cls: str | None,
        outer: Func | None,
    ) -> None:
        for node in body:
            if isinstance(node, FunctionNode):
                func = Func(
                    f"{prefix}.{node.name}", f"{short}{node.name}", module, node, cls, outer
                )
                self.funcs[func.qual] = func
                if cls is not None:
                    self.methods[node.name].append(func.qual)
                self._walk_defs(module, _direct_defs(node), func.qual, f"{func.short}.", None, func)
            elif isinstance(node, ast.ClassDef):
                qual = f"{prefix}.{node.name}"
                self.classes[qual] = (module, node)
                self._walk_defs(module, node.body, qual, f"{short}{node.name}.", qual, outer)

    # -- names -------------------------------------------------------------------------------
    def resolve(self, qual: str) -> str:
        """Follow re-exports (``bot.rules.asteroid_belt.list_msg`` → ``….tables.list_msg``)."""
        for _ in range(10):
            if qual in self.funcs or qual in self.classes or qual in self.modules:
                return qual
            mod, _, name = qual.rpartition(".")
            if mod in self.modules and name in self.modules[mod].imports:
                qual = self.modules[mod].imports[name]
                continue
            if mod in self.classes:
                found = self.find_method(mod, name)
                if found:
                    return found
            return qual
        return qual

    def find_method(self, cls: str, name: str) -> str | None:
        if f"{cls}.{name}" in self.funcs:
            return f"{cls}.{name}"
        module, node = self.classes[cls]
        for base in node.bases:
            base_qual = self.global_name(module, base)
            if base_qual in self.classes:
                found = self.find_method(base_qual, name)
                if found:
                    return found
        return None

    def ancestors(self, cls: str) -> Iterator[str]:
        yield cls
        module, node = self.classes[cls]
        for base in node.bases:
            base_qual = self.global_name(module, base)
            if base_qual in self.classes:
                yield from self.ancestors(base_qual)

    def global_name(self, module: Module, expr: ast.AST) -> str | None:
        """The qualified name a module-level name or dotted name stands for."""
        if isinstance(expr, ast.Name):
            if expr.id in module.imports:
                return self.resolve(module.imports[expr.id])
            if expr.id in module.defs:
                return self.resolve(f"{module.name}.{expr.id}")
            return None
        if isinstance(expr, ast.Attribute):
            base = self.global_name(module, expr.value)
            return self.resolve(f"{base}.{expr.attr}") if base else None
        return None

    def local_import(self, func: Func, name: str) -> str | None:
        """What ``from x import name`` inside the function (or one around it) stands for."""
        f: Func | None = func
        while f is not None and f.node is not None:
            if name in f.imported:
                return f.imported[name]
            f = f.outer
        return None

    def local(self, func: Func, name: str) -> bool:
        f: Func | None = func
        while f is not None and f.node is not None:
            if name in f.names and name not in f.imported:
                return True
            f = f.outer
        return False

    def receiver_class(self, func: Func, expr: ast.AST) -> str | None:
        return self.class_of(func, expr) if isinstance(expr, ast.Name) else None

    def annotation(self, func: Func, expr: ast.AST) -> tuple[Module, ast.expr] | None:
        """The declared type of ``expr``: a parameter's annotation, a class field's, what a
        local variable was assigned."""
        if isinstance(expr, ast.Name):
            param = func.param(expr.id)
            if param is not None:
                return (func.module, param.annotation) if param.annotation else None
            values = reaching(func, expr.id, expr)
            if len(values) == 1 and isinstance(values[0], ast.expr):
                return self.annotation(func, values[0])
            return None
        if isinstance(expr, ast.Attribute):
            owner = self.class_of(func, expr.value)
            if owner is None:
                return None
            for cls in self.ancestors(owner):
                module, node = self.classes[cls]
                for item in node.body:
                    if (
                        isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)
                        and item.target.id == expr.attr
                    ):
                        return module, item.annotation
                    if (
                        isinstance(item, FunctionNode)
                        and item.name == expr.attr
                        and item.returns is not None
                        and any(ast.unparse(d) == "property" for d in item.decorator_list)
                    ):
                        return module, item.returns
        return None

    def class_of(self, func: Func, expr: ast.AST) -> str | None:
        if isinstance(expr, ast.Name) and expr.id in ("self", "cls") and func.cls:
            return func.cls
        if isinstance(expr, ast.Name) and func.param(expr.id) is None:
            values = reaching(func, expr.id, expr)
            if len(values) == 1 and isinstance(values[0], ast.Call):
                return self.class_of(func, values[0])
        if isinstance(expr, ast.Call):
            qual = self.global_name(func.module, expr.func)
            return qual if qual in self.classes else None
        declared = self.annotation(func, expr)
        if declared is None:
            return None
        module, annotation = declared
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.parse(annotation.value, mode="eval").body
        if isinstance(annotation, ast.BinOp):  # X | None
            annotation = annotation.left
        qual = self.global_name(module, annotation)
        return qual if qual in self.classes else None

    def literal_values(self, module: Module, annotation: ast.AST, depth: int = 0) -> list[str]:
        """``Literal["a", "b"]`` (written out, in a string, or through an alias) → a, b."""
        if depth > 5:
            return []
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.parse(annotation.value, mode="eval").body
        if isinstance(annotation, ast.Subscript) and ast.unparse(annotation.value) in (
            "Literal",
            "typing.Literal",
        ):
            items = annotation.slice
            elements = items.elts if isinstance(items, ast.Tuple) else [items]
            return [
                e.value
                for e in elements
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            ]
        if isinstance(annotation, ast.Name | ast.Attribute):
            qual = self.global_name(module, annotation)
            if qual is not None:
                mod, _, name = qual.rpartition(".")
                if mod in self.modules and isinstance(self.modules[mod].defs.get(name), ast.expr):
                    value = self.modules[mod].defs[name]
                    return self.literal_values(self.modules[mod], value, depth + 1)
        return []

    def callee(self, func: Func, expr: ast.AST) -> tuple[str | None, bool]:
        """What a call calls, and whether it is bound (a method on an instance or a class)."""
        key = id(expr)
        if key not in self._callees:
            self._callees[key] = self._callee(func, expr)
        return self._callees[key]

    def _callee(self, func: Func, expr: ast.AST) -> tuple[str | None, bool]:
        if isinstance(expr, ast.Name):
            imported = self.local_import(func, expr.id)
            if imported is not None:
                qual = self.resolve(imported)
                return qual, False
            if self.local(func, expr.id):
                return None, False
            return self.global_name(func.module, expr), False
        if not isinstance(expr, ast.Attribute):
            return None, False
        if not (isinstance(expr.value, ast.Name) and self.local(func, expr.value.id)):
            qual = self.global_name(func.module, expr)
            if qual in self.funcs or qual in self.classes:
                return qual, qual in self.funcs and self.funcs[qual].cls is not None
        cls = self.receiver_class(func, expr.value)
        if cls is not None:
            return self.find_method(cls, expr.attr), True
        candidates = self.methods.get(expr.attr, [])
        if len(candidates) == 1:  # one class in the code has it: that is the one
            return candidates[0], True
        return None, False


# ---------------------------------------------------------------------------------------------
# Keys and arguments, as the code writes them
# ---------------------------------------------------------------------------------------------
class Finder:
    """Finds every call site, following keys through parameters until nothing new turns up."""

    def __init__(self, code: Code) -> None:
        self.code = code
        self.sinks: dict[str, list[Sink]] = defaultdict(list)
        for sink in BASE_SINKS:
            self.sinks[sink.target].append(sink)
        self.sites: list[Site] = []
        self.seen_constants: set[int] = set()  # ids of the string constants used as keys

    # -- what a call calls ---------------------------------------------------------------------
    def sinks_for(self, qual: str | None) -> list[Sink]:
        if qual is None:
            return []
        if qual in self.code.classes:
            return [s for c in self.code.ancestors(qual) for s in self.sinks.get(c, [])]
        return self.sinks.get(qual, [])

    def signature(self, target: str) -> Func | None:
        if target in self.code.classes:
            init = self.code.find_method(target, "__init__")
            return self.code.funcs[init] if init else None
        return self.code.funcs.get(target)

    # -- the key -------------------------------------------------------------------------------
    def keys(self, func: Func, expr: ast.AST, depth: int = 0) -> list[KeyValue]:
        if depth > 12:
            return [Unresolved(ast.unparse(expr))]
        if isinstance(expr, ast.Constant):
            if expr.value is None or expr.value == "":
                return []  # no key: the code checks for one before it names a message
            if isinstance(expr.value, str):
                self.seen_constants.add(id(expr))
                return [Literal(expr.value)]
        if isinstance(expr, ast.IfExp):
            return self.keys(func, expr.body, depth + 1) + self.keys(func, expr.orelse, depth + 1)
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            return [k for v in expr.values for k in self.keys(func, v, depth + 1)]
        if isinstance(expr, ast.JoinedStr | ast.BinOp):
            regex = self.regex(func, expr, depth + 1)
            if regex is None:
                return [Unresolved(ast.unparse(expr))]
            return [Family(regex, ast.unparse(expr))]
        if isinstance(expr, ast.Subscript):
            table = self.dict_literal(func, expr.value)
            if table is not None:
                return [k for v in table.values for k in self.keys(func, v, depth + 1)]
        if isinstance(expr, ast.Name):
            return self.name_keys(func, expr.id, depth, expr)
        if isinstance(expr, ast.Call):
            returned = self.returned(func, expr)
            if returned is not None:
                callee, value = returned
                regex = self.regex(callee, value, depth + 1, wildcard_params=True)
                if regex is not None:
                    return [Family(regex, ast.unparse(expr))]
        return [Unresolved(ast.unparse(expr))]

    def name_keys(self, func: Func, name: str, depth: int, at: ast.AST) -> list[KeyValue]:
        out: list[KeyValue] = []
        for value in reaching(func, name, at):
            if value is ENTRY:
                if func.param(name) is not None:
                    out.append(Param(name))
                elif func.outer is not None:
                    out += self.name_keys(func.outer, name, depth + 1, func.node or at)
                elif isinstance(func.module.defs.get(name), ast.expr):
                    module_code = self.code.funcs[func.module.name + ".<module>"]
                    out += self.keys(module_code, func.module.defs[name], depth + 1)
                else:
                    out.append(Unresolved(name))
            elif isinstance(value, ast.For | ast.AsyncFor | ast.comprehension):
                items = self.sequence(func, value.iter)
                if items is None:
                    out.append(Unresolved(f"{name} in {ast.unparse(value.iter)}"))
                else:
                    out += [k for e in items for k in self.keys(func, e, depth + 1)]
            elif isinstance(value, ast.expr):
                out += self.keys(func, value, depth + 1)
            else:
                out.append(Unresolved(ast.unparse(value)))
        return out

    def sequence(self, func: Func, expr: ast.AST) -> list[ast.expr] | None:
        """The items of a literal tuple, list or set (or a module constant holding one)."""
        if isinstance(expr, ast.Name) and not self.code.local(func, expr.id):
            value = func.module.defs.get(expr.id)
            expr = value if value is not None else expr
        if isinstance(expr, ast.Tuple | ast.List | ast.Set):
            return list(expr.elts)
        return None

    def dict_literal(self, func: Func, expr: ast.AST) -> ast.Dict | None:
        if isinstance(expr, ast.Dict):
            return expr
        if isinstance(expr, ast.Name) and not self.code.local(func, expr.id):
            value = func.module.defs.get(expr.id)
            return value if isinstance(value, ast.Dict) else None
        return None

    def returned(self, func: Func, call: ast.Call) -> tuple[Func, ast.expr] | None:
        """A called function whose body is one ``return`` of a string expression."""
        qual, _ = self.code.callee(func, call.func)
        callee = self.code.funcs.get(qual or "")
        if callee is None or callee.node is None:
            return None
        body = [s for s in callee.node.body if not isinstance(s, ast.Expr)]  # skip a docstring
        if len(body) == 1 and isinstance(body[0], ast.Return) and body[0].value is not None:
            value = body[0].value
            if isinstance(value, ast.JoinedStr | ast.BinOp | ast.Constant):
                return callee, value
        return None

    def regex(
        self, func: Func, expr: ast.AST, depth: int, *, wildcard_params: bool = False
    ) -> str | None:
        """A pattern for a key built from pieces: constants as they are, a ``Literal[…]``
        parameter as its values, a local variable as the strings it is bound to, anything else
        as any text."""
        if depth > 12:
            return None
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
            return re.escape(expr.value)
        if isinstance(expr, ast.JoinedStr):
            parts = [self.regex(func, v, depth + 1, wildcard_params=wildcard_params) or ".*"
                     for v in expr.values]  # fmt: skip
            return "".join(parts)
        if isinstance(expr, ast.FormattedValue):
            return self.regex(func, expr.value, depth + 1, wildcard_params=wildcard_params)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            left = self.regex(func, expr.left, depth + 1, wildcard_params=wildcard_params)
            right = self.regex(func, expr.right, depth + 1, wildcard_params=wildcard_params)
            return (left or ".*") + (right or ".*")
        if isinstance(expr, ast.Name) and not (wildcard_params and func.param(expr.id)):
            values = reaching(func, expr.id, expr)
            alternatives: list[str] = []
            for value in values:
                if value is ENTRY:
                    typed = self.typed(func, expr)
                    if typed is None:
                        return None
                    alternatives.append(typed)
                elif isinstance(value, ast.For | ast.AsyncFor | ast.comprehension):
                    loop = self.loop_regex(func, value.iter)
                    if loop is None:
                        return None
                    alternatives.append(loop)
                elif isinstance(value, ast.Constant) and isinstance(value.value, str):
                    alternatives.append(re.escape(value.value))
                else:
                    return None
            return "(?:" + "|".join(alternatives) + ")" if alternatives else None
        if isinstance(expr, ast.Attribute | ast.Name):
            return self.typed(func, expr)
        if isinstance(expr, ast.IfExp):
            body = self.regex(func, expr.body, depth + 1, wildcard_params=wildcard_params)
            orelse = self.regex(func, expr.orelse, depth + 1, wildcard_params=wildcard_params)
            return f"(?:{body or '.*'}|{orelse or '.*'})"
        return None

    def typed(self, func: Func, expr: ast.AST) -> str | None:
        """A pattern for a value of a declared type: a ``Literal[…]`` its values, an int digits."""
        declared = self.code.annotation(func, expr)
        if declared is None:
            return None
        module, annotation = declared
        values = self.code.literal_values(module, annotation)
        if values:
            return "(?:" + "|".join(re.escape(v) for v in values) + ")"
        if isinstance(annotation, ast.Name) and annotation.id == "int":
            return "[0-9]+"
        return None

    def loop_regex(self, func: Func, items: ast.AST) -> str | None:
        """A pattern for a loop variable: the strings of a literal sequence, or digits for
        ``range(…)``."""
        if isinstance(items, ast.Call) and ast.unparse(items.func) == "range":
            return "[0-9]+"
        elements = self.sequence(func, items)
        if elements and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in elements
        ):
            strings = [e.value for e in elements if isinstance(e, ast.Constant)]
            return "(?:" + "|".join(re.escape(v) for v in strings) + ")"
        return None

    # -- the arguments -------------------------------------------------------------------------
    def star_names(self, func: Func, expr: ast.AST, depth: int = 0) -> Passed:
        """What ``**expr`` passes."""
        if depth > 8:
            return Passed(unseen=(ast.unparse(expr),))
        if isinstance(expr, ast.Name) and expr.id == func.kwarg:
            return Passed(forwards=())
        if isinstance(expr, ast.Dict):
            names: set[str] = set()
            out = Passed()
            for k, v in zip(expr.keys, expr.values, strict=True):
                if k is None:
                    out = out | self.star_names(func, v, depth + 1)
                elif isinstance(k, ast.Constant) and isinstance(k.value, str):
                    names.add(k.value)
                else:
                    out = out | Passed(unseen=(ast.unparse(expr),))
            return out | Passed(frozenset(names))
        if isinstance(expr, ast.Name):
            bound = reaching(func, expr.id, expr)
            dicts = [v for v in bound if isinstance(v, ast.Dict)]
            if dicts and len(dicts) == len(bound):
                out = Passed()
                for d in dicts:
                    out = out | self.star_names(func, d, depth + 1)
                # name["key"] = … later on
                extra = {
                    t.slice.value
                    for node in func.nodes
                    if isinstance(node, ast.Assign)
                    for t in node.targets
                    if isinstance(t, ast.Subscript)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == expr.id
                    and isinstance(t.slice, ast.Constant)
                }
                return out | Passed(frozenset(str(e) for e in extra))
        if isinstance(expr, ast.Call):
            qual, _ = self.code.callee(func, expr.func)
            if qual in NAME_TRANSFORMS and len(expr.args) == 1 and not expr.keywords:
                inner = self.star_names(func, expr.args[0], depth + 1)
                transform = NAME_TRANSFORMS[qual]
                forwards = None if inner.forwards is None else (*inner.forwards, transform)
                return Passed(transform(inner.names), forwards, inner.unseen)
            callee = self.code.funcs.get(qual or "")
            if callee is not None and callee.node is not None:
                returns = [n for n in ast.walk(callee.node) if isinstance(n, ast.Return)]
                if returns and all(isinstance(r.value, ast.Dict) for r in returns):
                    out = Passed()
                    for r in returns:
                        assert r.value is not None
                        out = out | self.star_names(callee, r.value, depth + 1)
                    return out
        return Passed(unseen=(ast.unparse(expr),))

    def msg_tuple_names(self, func: Func, expr: ast.AST | None) -> Passed:
        if expr is None:
            return Passed()
        if isinstance(expr, ast.Tuple):
            names: set[str] = set()
            for item in expr.elts:
                if (
                    isinstance(item, ast.Tuple)
                    and item.elts
                    and isinstance(item.elts[0], ast.Constant)
                    and isinstance(item.elts[0].value, str)
                ):
                    names.add(item.elts[0].value)
                else:
                    return Passed(unseen=(ast.unparse(expr),))
            return Passed(frozenset(names))
        return Passed(unseen=(ast.unparse(expr),))

    # -- one call ------------------------------------------------------------------------------
    def site(self, func: Func, call: ast.Call, sink: Sink, bound: bool) -> Site | None:
        if sink.msg_tuple:  # Msg(key, args): a NamedTuple, two fields
            key_expr: ast.AST | None = call.args[0] if call.args else None
            args_expr: ast.AST | None = call.args[1] if len(call.args) > 1 else None
            for kw in call.keywords:
                if kw.arg == "key":
                    key_expr = kw.value
                elif kw.arg == "args":
                    args_expr = kw.value
            if key_expr is None:
                return None
            passed = self.msg_tuple_names(func, args_expr)
            return Site(func, call.lineno, self.keys(func, key_expr), passed, sink)
        signature = self.signature(sink.target)
        assert signature is not None and signature.node is not None, sink.target
        positional = [*signature.node.args.posonlyargs, *signature.node.args.args]
        if bound or sink.target in self.code.classes:
            positional = positional[1:]  # self / cls
        named = {p.arg for p in signature.params()}
        key_expr: ast.AST | None = None
        starred: ast.Starred | None = None
        extra: set[str] = set()
        passed = Passed()
        for i, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                starred = arg
                break
            if i < len(positional) and positional[i].arg == sink.param:
                key_expr = arg
        for kw in call.keywords:
            if kw.arg is None:
                passed = passed | self.star_names(func, kw.value)
            elif kw.arg == sink.param:
                key_expr = kw.value
            elif kw.arg not in named:
                extra.add(kw.arg)
        defaults = _defaults(signature.node)
        if key_expr is not None:
            keys = self.keys(func, key_expr)
        elif starred is not None:
            keys = [Unresolved(ast.unparse(starred))]
        elif sink.param in defaults:
            keys = self.keys(signature, defaults[sink.param])
        else:
            return None
        if sink.passed.forwards is None:  # the call's own keywords go nowhere near the message
            return Site(func, call.lineno, keys, sink.passed, sink)
        names = frozenset(extra) | passed.names
        for transform in sink.passed.forwards:
            names = transform(names)
        # what this call passes on of its own function's **kwargs, through the sink's transforms
        forwards = None if passed.forwards is None else (*passed.forwards, *sink.passed.forwards)
        total = Passed(sink.passed.names | names, forwards, sink.passed.unseen + passed.unseen)
        return Site(func, call.lineno, keys, total, sink)

    def calls(self, func: Func) -> Iterator[ast.Call]:
        for node in func.nodes:
            if isinstance(node, ast.Call):
                yield node

    def run(self) -> list[Site]:
        derived: dict[tuple[str, str, str], Sink] = {}
        while True:
            sites: list[Site] = []
            found = 0
            for func in self.code.funcs.values():
                for call in self.calls(func):
                    qual, bound = self.code.callee(func, call.func)
                    for sink in self.sinks_for(qual):
                        site = self.site(func, call, sink, bound)
                        if site is None:
                            continue
                        sites.append(site)
                        for key in site.keys:
                            if isinstance(key, Param) and func.node is not None:
                                ident = (func.qual, key.name, site.where)
                                if ident not in derived:
                                    derived[ident] = Sink(
                                        func.qual,
                                        key.name,
                                        site.passed,
                                        sink.key_transform,
                                        sink.names_transform,
                                        via=(site.where, *sink.via),
                                    )
                                    self.sinks[func.qual].append(derived[ident])
                                    found += 1
            if not found:
                self.sites = sites
                return sites


#: in :func:`reaching`: the value a name has when the function starts (a parameter, a global)
ENTRY: Any = ast.Pass()
_TERMINATED: list[Any] = []  # a block that never falls through
_COMPREHENSIONS = ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp


def _inside(node: ast.AST, at: ast.AST) -> bool:
    if not hasattr(node, "lineno") or not hasattr(at, "lineno"):
        return False
    start = (node.lineno, node.col_offset)
    end = (node.end_lineno or node.lineno, node.end_col_offset or 0)
    at_end = (at.end_lineno or at.lineno, at.end_col_offset or 0)
    return start <= (at.lineno, at.col_offset) and at_end <= end


def _binds(target: ast.AST, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store)
        for n in ast.walk(target)
    )


def reaching(func: Func, name: str, at: ast.AST) -> list[Any]:
    """What ``name`` may hold where ``at`` is: the values assigned to it that reach that point
    (an ``ast.expr``; a ``For`` or comprehension binding it; another statement binding it in a
    way not followed), or :data:`ENTRY` (its value on entry). Branches that return or raise
    drop out, so ``if …: key = "a"; return …`` does not reach what follows."""
    # a comprehension around ``at`` binding the name
    for node in func.comprehensions:
        if _inside(node, at):
            for generator in node.generators:
                if _binds(generator.target, name):
                    return [generator]
    body = func.node.body if func.node else func.module.tree.body
    found = _flow_to(body, name, at, [ENTRY])
    return found if found is not None else [ENTRY]


def _union(*values: list[Any]) -> list[Any]:
    out: list[Any] = []
    for value in values:
        for v in value:
            if not any(v is o for o in out):
                out.append(v)
    return out


def _after(stmt: ast.stmt, name: str, current: list[Any]) -> list[Any]:
    """The values after ``stmt`` runs (``_TERMINATED`` when it never falls through)."""
    if isinstance(stmt, ast.Assign):
        if any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets):
            return [stmt.value]
        if any(_binds(t, name) for t in stmt.targets):
            return [stmt]
        return current
    if isinstance(stmt, ast.AnnAssign):
        if _binds(stmt.target, name):
            return [stmt.value] if stmt.value is not None else current
        return current
    if isinstance(stmt, ast.AugAssign):
        return [stmt] if _binds(stmt.target, name) else current
    if isinstance(stmt, ast.Return | ast.Raise | ast.Continue | ast.Break):
        return _TERMINATED
    if isinstance(stmt, ast.If):
        branches = [_block(stmt.body, name, current), _block(stmt.orelse, name, current)]
        live = [b for b in branches if b is not _TERMINATED]
        return _union(*live) if live else _TERMINATED
    if isinstance(stmt, ast.For | ast.AsyncFor | ast.While):
        start = [stmt] if not isinstance(stmt, ast.While) and _binds(stmt.target, name) else []
        inside = _block(stmt.body, name, _union(current, start))
        ran = [] if inside is _TERMINATED else inside
        return _union(current, start, ran, _block(stmt.orelse, name, current) or [])
    if isinstance(stmt, ast.With | ast.AsyncWith):
        bound = [i for i in stmt.items if i.optional_vars and _binds(i.optional_vars, name)]
        return _block(stmt.body, name, [bound[0]] if bound else current)
    if isinstance(stmt, ast.Try):
        tried = _block(stmt.body, name, current)
        handled = [_block(h.body, name, _union(current, tried or [])) for h in stmt.handlers]
        out = _union(*(v for v in [tried, *handled] if v is not _TERMINATED))
        return _block(stmt.finalbody, name, out) if stmt.finalbody else out
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return current
    walrus = [
        n.value for n in ast.walk(stmt) if isinstance(n, ast.NamedExpr) and _binds(n.target, name)
    ]
    return _union(current, walrus) if walrus else current


def _block(stmts: list[ast.stmt], name: str, current: list[Any]) -> list[Any]:
    for stmt in stmts:
        current = _after(stmt, name, current)
        if current is _TERMINATED:
            return _TERMINATED
    return current


def _flow_to(stmts: list[ast.stmt], name: str, at: ast.AST, current: list[Any]) -> list[Any] | None:
    """The values reaching ``at`` inside ``stmts`` (None: ``at`` is not in them)."""
    for stmt in stmts:
        if _inside(stmt, at):
            return _flow_into(stmt, name, at, current)
        current = _after(stmt, name, current)
        if current is _TERMINATED:
            current = []
    return None


def _flow_into(stmt: ast.stmt, name: str, at: ast.AST, current: list[Any]) -> list[Any]:
    if isinstance(stmt, ast.If | ast.While) and not _inside(stmt.test, at):
        for block in (stmt.body, stmt.orelse):
            found = _flow_to(block, name, at, current)
            if found is not None:
                return found
    if isinstance(stmt, ast.For | ast.AsyncFor) and not _inside(stmt.iter, at):
        start = [stmt] if _binds(stmt.target, name) else current
        found = _flow_to(stmt.body, name, at, start)
        if found is None:
            found = _flow_to(stmt.orelse, name, at, current)
        if found is not None:
            return found
    if isinstance(stmt, ast.With | ast.AsyncWith):
        bound = [i for i in stmt.items if i.optional_vars and _binds(i.optional_vars, name)]
        found = _flow_to(stmt.body, name, at, [bound[0]] if bound else current)
        if found is not None:
            return found
    if isinstance(stmt, ast.Try):
        blocks = [stmt.body, *(h.body for h in stmt.handlers), stmt.orelse, stmt.finalbody]
        for block in blocks:
            found = _flow_to(block, name, at, current)
            if found is not None:
                return found
    return current


def _imports(node: ast.ImportFrom, package: str, into: dict[str, str]) -> None:
    base = node.module or ""
    if node.level:
        up = package.split(".")
        up = up[: len(up) - node.level + 1]
        base = ".".join([*up, base] if base else up)
    for alias in node.names:
        into[alias.asname or alias.name] = f"{base}.{alias.name}"


def _direct_defs(node: FunctionNode) -> list[FunctionNode]:
    """The functions defined directly inside ``node`` (not inside those)."""
    out: list[FunctionNode] = []
    stack: list[ast.AST] = list(node.body)
    while stack:
        child = stack.pop()
        if isinstance(child, FunctionNode):
            out.append(child)
        elif not isinstance(child, ast.ClassDef | ast.Lambda):
            stack.extend(ast.iter_child_nodes(child))
    return out


def _defaults(node: FunctionNode) -> dict[str, ast.expr]:
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    out = dict(
        zip(
            [p.arg for p in positional[len(positional) - len(a.defaults) :]],
            a.defaults,
            strict=True,
        )
    )
    out.update(
        {p.arg: d for p, d in zip(a.kwonlyargs, a.kw_defaults, strict=True) if d is not None}
    )
    return out


# ---------------------------------------------------------------------------------------------
# The tests
# ---------------------------------------------------------------------------------------------


@cache
def finder() -> Finder:
    f = Finder(Code())
    f.run()
    return f


def call_sites() -> list[Site]:
    return finder().sites


def _allowed(table: Mapping[tuple[str, str], str], site: Site) -> bool:
    return (site.func.module.path, site.func.short) in table


def _literal(site: Site, key: Literal) -> str | None:
    return site.sink.key_transform(key.key) if site.sink.key_transform else key.key


def _family(site: Site, key: Family, locale: str) -> list[str]:
    pattern = re.compile(key.regex)
    path = site.func.module.path
    return [
        i
        for i in sorted(message_ids(locale))
        if pattern.fullmatch(i) and (path, i) not in NOT_IN_FAMILY
    ]


def _resolved(site: Site, locale: str) -> Iterator[str]:
    """The message ids a site may name in ``locale``."""
    for key in site.keys:
        if isinstance(key, Literal):
            ident = _literal(site, key)
            if ident is not None:
                yield ident
        elif isinstance(key, Family):
            yield from _family(site, key, locale)


def _checkable(site: Site) -> bool:
    return any(isinstance(k, Literal | Family) for k in site.keys)


def test_no_message_is_defined_twice() -> None:
    """Fluent keeps the first of two definitions of an id; the second is dead text at best, and
    at worst the first wants other variables than the code passes."""
    problems = []
    for locale in LOCALES:
        by_id: dict[str, list[Definition]] = defaultdict(list)
        for d in definitions(locale):
            by_id[d.id].append(d)
        for ident, defs in sorted(by_id.items()):
            if len(defs) > 1:
                where = ", ".join(d.where for d in defs)
                problems.append(f"[{locale}] {ident} is defined {len(defs)} times: {where}")
    assert not problems, "message ids defined twice (Fluent keeps the first):\n" + "\n".join(
        problems
    )


def test_references_inside_the_catalogs_resolve() -> None:
    """A message refers only to messages (and terms) its own locale defines, with a value."""
    problems = []
    for locale in LOCALES:
        for ident, d in sorted(catalog(locale).items()):
            for problem in sorted(needs(locale, ident).problems if d.node.value else ()):
                problems.append(f"{d.where} [{locale}] {ident}: {problem}")
    assert not problems, "\n".join(problems)


def test_the_finder_sees_the_known_call_sites() -> None:
    """The walk finds the entry points and the helpers: a guard against it finding nothing."""
    sites = call_sites()
    by_sink = {s.sink.target for s in sites}
    for target in (
        "bot.catalog.t",
        "bot.ui.tr",
        "bot.rules.msg.Msg.of",
        "bot.rules.msg.Msg",
        "bot.rules.errors.BotError",
        "bot.rules.asteroid_belt.state.RollLog.roll",
        "bot.rules.asteroid_belt.tables.rule_error",
        "bot.options._bad",
        "bot.campaigns.CampaignAccess.play",
        "bot.rules.asteroid_belt.tables.list_msg",
        "cogs.asteroid_belt.render._t",
    ):
        assert target in by_sink, f"no call site of {target} was found"
    literal = {k.key for s in sites for k in s.keys if isinstance(k, Literal)}
    assert {"imp-combat-ended", "not-game-master-action", "imp-action-begin-war"} <= literal
    assert len(sites) > 500


def test_every_call_site_passes_every_variable_its_message_uses() -> None:
    problems = []
    for site in call_sites():
        if not _checkable(site) or _allowed(STORED_FORMS, site):
            continue
        if site.passed.unseen and not _allowed(UNSEEN_ARGUMENTS, site):
            shown = ", ".join(f"**{u}" for u in site.passed.unseen)
            problems.append(f"{site.describe()}: passes {shown}, which the test cannot see")
            continue
        if site.passed.unseen:
            continue
        for locale in LOCALES:
            for ident in _resolved(site, locale):
                definition = catalog(locale).get(ident)
                if definition is None or definition.node.value is None:
                    continue  # test_every_key_named_in_the_code_exists says so
                passed = site.names_for(ident)
                missing = sorted(needs(locale, ident).variables - passed)
                if missing:
                    shown = ", ".join(sorted(passed)) or "nothing"
                    problems.append(
                        f"{site.describe()}: {ident} [{locale}, {definition.where}] "
                        f"needs ${', $'.join(missing)}; the call passes {shown}"
                    )
    assert not problems, "call sites passing fewer variables than their message uses:\n" + (
        "\n".join(problems)
    )


def test_every_key_named_in_the_code_exists() -> None:
    """Every literal key is an English message with a value, and a Russian one; every pattern
    matches some message; every key the test cannot follow is allow-listed."""
    problems = []
    for site in call_sites():
        for key in site.keys:
            if isinstance(key, Literal):
                ident = _literal(site, key)
                if ident is None:
                    continue
                for locale in LOCALES:
                    definition = catalog(locale).get(ident)
                    if definition is None:
                        problems.append(f"{site.describe()}: no message {ident} in [{locale}]")
                    elif definition.node.value is None:
                        problems.append(
                            f"{site.describe()}: {ident} [{locale}, {definition.where}] has "
                            "no value (only attributes)"
                        )
            elif isinstance(key, Family):
                if not any(_family(site, key, locale) for locale in LOCALES):
                    problems.append(f"{site.describe()}: no message matches {key.shown}")
            elif isinstance(key, Unresolved) and not _allowed(UNRESOLVED_KEYS, site):
                problems.append(f"{site.describe()}: cannot tell which key {key.why} is")
    assert not problems, "\n".join(problems)


def test_every_catalog_key_in_the_code_is_at_a_call_site() -> None:
    """A string in the code that is a message id is seen as the key of some call: otherwise a
    helper taking keys escaped the walk (and its calls are not checked). Strings only compared
    with a key (``exc.key == "campaign-changed"``) are not names of messages to render, nor is
    an Asteroid Belt event's ``KEY`` (the key its stored form is read back by; its message()
    names the message at a call site)."""
    f = finder()
    ids = message_ids("en") | message_ids("ru")
    problems = []
    for module in f.code.modules.values():
        compared = {
            id(c)
            for node in ast.walk(module.tree)
            if isinstance(node, ast.Compare)
            for c in ast.walk(node)
        }
        compared |= {
            id(node.value)
            for node in ast.walk(module.tree)
            if isinstance(node, ast.Assign)
            and [getattr(t, "id", None) for t in node.targets] == ["KEY"]
        }
        for node in ast.walk(module.tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in ids
                and id(node) not in f.seen_constants
                and id(node) not in compared
            ):
                problems.append(f"{module.path}:{node.lineno}: {node.value!r}")
    assert not problems, "catalog keys the test does not see used at a call site:\n" + (
        "\n".join(problems)
    )


def test_the_allow_lists_are_needed() -> None:
    sites = call_sites()
    unresolved = {
        (s.func.module.path, s.func.short)
        for s in sites
        if any(isinstance(k, Unresolved) for k in s.keys)
    }
    unseen = {
        (s.func.module.path, s.func.short) for s in sites if s.passed.unseen and _checkable(s)
    }
    assert sorted(set(UNRESOLVED_KEYS) - unresolved) == [], "UNRESOLVED_KEYS entries not needed"
    assert sorted(set(UNSEEN_ARGUMENTS) - unseen) == [], "UNSEEN_ARGUMENTS entries not needed"
    matched = {
        (s.func.module.path, i)
        for s in sites
        for k in s.keys
        if isinstance(k, Family)
        for locale in LOCALES
        for i in message_ids(locale)
        if re.fullmatch(k.regex, i)
    }
    assert sorted(set(NOT_IN_FAMILY) - matched) == [], "NOT_IN_FAMILY entries not needed"
    stored = {(s.func.module.path, s.func.short) for s in sites if _checkable(s)}
    assert sorted(set(STORED_FORMS) - stored) == [], "STORED_FORMS entries not needed"


def test_every_call_site_renders_without_errors() -> None:
    """The same, by the Fluent runtime itself: every message a call site names, rendered with the
    variables the call passes (each 1), gives no error in either language."""
    problems = []
    for site in call_sites():
        if site.passed.unseen or not _checkable(site) or _allowed(STORED_FORMS, site):
            continue
        for locale in LOCALES:
            b = bundle(locale)
            for ident in _resolved(site, locale):
                if not b.has_message(ident):
                    continue
                message = b.get_message(ident)
                if message.value is None:
                    continue
                args = dict.fromkeys(site.names_for(ident), 1)
                _, errors = b.format_pattern(message.value, args)
                if errors:
                    problems.append(f"{site.describe()}: {ident} [{locale}]: {errors[0]}")
    assert not problems, "\n".join(problems)
