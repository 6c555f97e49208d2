"""Asteroid Belt replies: every event the rules can produce has a sentence, and fights read
right (the cog's render functions, without Discord)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from types import ModuleType

import pytest

from bot.campaigns import history_row
from bot.catalog import LOCALE_DIR, has, refusal, render_summary, t
from bot.rules import asteroid_belt as ab
from bot.rules.asteroid_belt.events import STORED
from bot.rules.dice import ScriptedDice
from cogs import asteroid_belt as cog


def _source(package: ModuleType) -> str:
    """The source of a package and of every module in it (or of a plain module)."""
    modules = [package]
    for info in pkgutil.iter_modules(getattr(package, "__path__", [])):
        modules.append(importlib.import_module(f"{package.__name__}.{info.name}"))
    return "\n".join(inspect.getsource(m) for m in modules)


def test_every_kind_of_event_has_a_sentence_in_both_languages() -> None:
    # (a dataclass with slots is a new class: its first draft stays among the subclasses)
    kinds = {(kind.KEY, kind.__name__) for kind in ab.Event.__subclasses__()}
    assert len(kinds) > 40
    stored = {(key, kind.__name__) for key, kind in STORED.items()}
    assert kinds == stored, "every kind of event can be read back from the history"
    for key, _ in kinds:
        assert has("en", key) and has("ru", key), key


def test_every_refusal_and_roll_key_exists() -> None:
    source = _source(ab) + _source(cog)
    keys = set(re.findall(r'"(ab-(?:err|roll|action)-[a-z0-9-]+)"', source))
    assert len(keys) > 60
    for key in keys:
        assert has("en", key) and has("ru", key), key


def _game() -> ab.AsteroidBeltState:
    state, _ = ab.setup(["violet", "orange"], ScriptedDice([1]), variant="hard", goal=5)
    state = state.model_copy(deep=True)
    for civ in ("violet", "orange"):
        cs = state.civs[civ]  # type: ignore[index]
        for u in ab.UNIT_TYPES:
            cs.field[u], cs.reserve[u] = cs.reserve[u], 0
    return state


def test_sentences() -> None:
    state = _game()
    state, out = ab.target(state, "violet", "b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation targets b1 (class 4). Guards: engineer squad, recon squad. When its "
        "turn ends, Orange Empire plays them (/capture guards b1)."
    ]
    state, out = ab.end_turn(state)
    assert cog.render_lines("en", out) == [
        "Violet Federation ends its turn. Turn 2: Orange Empire to play.",
        "+2 resources from 1 class-5 mine (32).",
        "Guards to play: b1 (target of Violet Federation) — /capture guards b1.",
    ]
    # engineer guard 2 vs assault 1+1: draw; recon guard 1 vs recon 3: loses, stays
    state, out = ab.resolve_guards(state, "b1", ["assault", "recon"], ScriptedDice([2, 1, 1, 3]))
    assert cog.render_lines("en", out) == [
        "The natives of b1 attack Violet Federation's invaders.",
        "The natives engineer squad attacks Violet Federation assault squad: attack 2 = 2 vs "
        "defence 1+1 = 2: draw: both stay (assault squad +1 defence)",
        "Odds for the attacker were win 27.8 %, draw 13.9 %, lose 58.3 %.",
        "The natives recon squad attacks Violet Federation recon squad: attack 1 = 1 vs defence "
        "3 = 3: the defender wins (a recon gets no bonus defending; a recon attacks without "
        "risk: it stays)",
        "Odds for the attacker were win 41.7 %, draw 16.7 %, lose 41.7 %.",
        "Guards left on b1: engineer squad, recon squad. Everything stays until Violet "
        "Federation's turn (/capture attack b1).",
    ]
    state, out = ab.end_turn(state)
    state, out = ab.attack_guards(state, "violet", "b1", "elite", ScriptedDice([6, 1]))
    assert cog.render_lines("en", out)[-2:] == [
        "The natives' engineer squad is removed.",
        "Guards left on b1: recon squad.",
    ]
    state, out = ab.attack_guards(state, "violet", "b1", "elite", ScriptedDice([6, 1]))
    assert cog.render_lines("en", out)[-1] == "No guard is left: the Target on b1 becomes a Flag."
    # Violet: 32 at the start, +2 on turn 3, +35 − 5 for b1 = 64; then a move of 4, a recon 17
    state, out = ab.build_mine(state, "violet", "b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation builds a mine on b1 (class 4): +3 VP (3/5), +30 resources "
        "(35 − 5, hard variant) (64)."
    ]
    state, out = ab.move(state, "violet", "assault", moves=2)
    assert cog.render_lines("en", out) == [
        "Violet Federation moves assault squad: 2 moves × 2 = 4 resources (60 left)."
    ]
    state, out = ab.create(state, "violet", "recon", ScriptedDice([]), at="b1")
    assert cog.render_lines("en", out) == [
        "Violet Federation creates 1 recon squad next to b1 for 17 resources (43 left; 13 of "
        "that mine's own left)."
    ]
    state, out = ab.use_token(state, "violet", "hyperjump")
    assert cog.render_lines("en", out) == [
        "Violet Federation uses an elite ability token: hyperjump (2 left)."
    ]


def test_raid_and_shuttle_fight_sentences() -> None:
    state, _ = ab.setup(["green", "orange"], ScriptedDice([4]), portals=4)
    state = state.model_copy(deep=True)
    state.civs["green"].field["engineer"] = 1
    state.civs["orange"].field["assault"] = 1
    raider, out = ab.activate_shuttle(state, "green", "g1", ["engineer"])
    assert cog.render_lines("en", out) == [
        "Green Anarchy activates shuttle 1 at g1: 3 resources (29 left).",
        "Aboard Green Anarchy's shuttle 1: engineer squad.",
    ]
    _, out = ab.raid(raider, "green", ScriptedDice([2, 3]))
    assert cog.render_lines("en", out) == [
        "Green Anarchy raids the cargo shuttle with shuttle 1, 1 aboard: die 2, the attacking "
        "shuttle is defeated: its units go to repair.",
        "Shuttle 1 is lost. To repair: engineer squad.",
        "The cargo shuttle moves from portal 4 to portal 3.",
    ]
    _, out = ab.shuttle_fight(
        state, "green", ["engineer"], "orange", ["assault"], ScriptedDice([5, 2])
    )
    assert cog.render_lines("en", out) == [
        "Green Anarchy shuttle attacks Orange Empire shuttle: attack 5 = 5 vs defence 2 = 2: "
        "the attacker wins",
        "Odds for the attacker were win 41.7 %, draw 16.7 %, lose 41.7 %.",
        "Orange Empire's shuttle is defeated: assault squad go to repair.",
    ]


def test_asteroid_lines_fit_autocomplete() -> None:
    state, _ = ab.setup(["violet", "orange", "green"], ScriptedDice([1]))
    for a in state.asteroids:
        line = cog.render_asteroid("en", state, a)
        assert line.startswith(a.label) and len(line) <= 100
    assert cog.render_asteroid("en", state, ab.find_asteroid(state, "v2")) == (
        "v2 (class 5, violet): base of Orange Empire"
    )


def _variables(locale: str) -> dict[str, set[str]]:
    """Per Asteroid Belt message, the variables it uses (selectors included)."""
    from fluent.syntax import FluentParser, ast
    from fluent.syntax.visitor import Visitor

    class Collect(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.names: set[str] = set()

        def visit_VariableReference(self, node: ast.VariableReference) -> None:
            self.names.add(node.id.name)

    path = LOCALE_DIR / locale / "asteroid_belt.ftl"
    out: dict[str, set[str]] = {}
    for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
        assert not isinstance(entry, ast.Junk), entry.content
        if isinstance(entry, ast.Message):
            collect = Collect()
            collect.visit(entry)
            out[entry.id.name] = collect.names
    return out


def test_russian_messages_use_only_arguments_the_code_passes() -> None:
    en, ru = _variables("en"), _variables("ru")
    assert en.keys() == ru.keys()
    assert en["ab-err-cost"] == {"what", "amount", "civ", "have"}
    assert ru["ab-err-cost"] == {"what", "amount", "civ_gen", "have"}
    for key, names in ru.items():
        # the Russian text may use the genitive (<name>_gen) of any civilisation/unit argument
        given = en[key] | {f"{n}_gen" for n in en[key]}
        assert names <= given, (key, names - given)


def test_name_families_exist_in_both_languages() -> None:
    keys = [f"ab-civ-{c}{g}" for c in (*ab.CIV_IDS, "natives") for g in ("", "-gen")]
    keys += [f"ab-unit-{u}{g}" for u in (*ab.UNIT_TYPES, "shuttle") for g in ("", "-gen")]
    keys += [f"ab-short-{u}" for u in ab.UNIT_TYPES]
    keys += [f"ab-border-{n}" for n in range(1, 6)] + [f"ab-variant-{v}" for v in ab.VARIANTS]
    keys += [f"ab-what-{w}" for w in ("act", "attack", "move", "create")]
    keys += [f"ab-raid-{k}" for k in ("defeat", "escape", "gain")]
    keys += [f"ab-verdict-{v}" for v in ("attacker", "defender", "draw")]
    keys += [f"ab-err-need-unit-{w}" for w in ("target", "flag", "asteroid")]
    actions = ["setup", "join", "fight", "shuttle-fight", "target", "guards", "attack", "mine"]
    actions += ["create", "move", "shuttle", "raid", "token", "reinforce", "end-turn"]
    actions += ["board", "unload", "shuttle-move", "disband"]
    keys += [f"ab-title-{a}" for a in actions]
    for key in keys:
        assert has("en", key) and has("ru", key), key
    assert t("ru", "ab-unit-recon") == "разведывательный отряд"
    assert t("ru", "ab-civ-natives") == "Аборигены"


def test_russian_sentences_and_refusals() -> None:
    state = _game()
    state, out = ab.target(state, "violet", "b1")
    assert cog.render_lines("ru", out) == [
        "Фиолетовая Федерация ставит фишку «Цель» на b1 (класс 4). Охрана: инженерный отряд, "
        "разведывательный отряд. После хода Фиолетовой Федерации за неё играет Оранжевая "
        "Империя (/захват охрана b1)."
    ]
    state, _ = ab.end_turn(state)
    with pytest.raises(ab.RuleError) as refused:
        ab.attack_guards(state, "violet", "b1", "elite", ScriptedDice([]))
    assert refused.value.key == "ab-err-guards-first"
    assert refusal(refused.value) == ("Orange Empire must play the guards' attack on b1 first.")
    assert refusal(refused.value, "ru") == (
        "Сначала атакует охрана на b1: за неё играет Оранжевая Империя."
    )
    with pytest.raises(ab.RuleError) as refused:
        ab.move(state, "orange", "engineer", moves=50)
    assert refusal(refused.value, "ru") == (
        "Стоимость — 50 (передвижение: инженерный отряд, 50 × 1), а у Оранжевой Империи только 32."
    )
    # engineer guard 6 vs assault 1+1: the assault goes to repair; recon guard 1 vs elite 6+1
    state, out = ab.resolve_guards(state, "b1", ["assault", "elite"], ScriptedDice([6, 1, 1, 6]))
    lines = cog.render_lines("ru", out)
    assert lines[1] == (
        "Инженерный отряд (Аборигены) атакует штурмовой отряд (Фиолетовая Федерация): атака 6 = "
        "6 против защиты 1+1 = 2: атакующий побеждает (штурмовой отряд: +1 к защите)"
    )
    assert lines[2] == "Шансы атакующего были: победа 27,8 %, ничья 13,9 %, поражение 58,3 %."
    assert lines[3] == "Отряд Фиолетовой Федерации уходит в ремонт: штурмовой отряд."
    assert [cog.render_roll("ru", r) for r in out.rolls][:2] == [
        "атака: инженерный отряд (Аборигены): **6**",
        "защита: штурмовой отряд (Фиолетовая Федерация): **1**",
    ]


def test_every_catalog_call_passes_the_arguments_its_message_uses() -> None:
    """Scans the rules and the cog for calls naming a catalog key (refusals, dice labels,
    sentences, events) and checks that each message, in both languages, uses only the keyword
    arguments passed (a civilisation's or unit's genitive comes with it)."""
    import ast as pyast

    en, ru = _variables("en"), _variables("ru")
    #: what read_history computes from a stored history message's ids (the stored form lacks it)
    shown = {"title", "lines", "verdict", "attacker", "aunit", "defender", "dunit"}
    checked = 0
    for module in (ab, cog):
        for node in pyast.walk(pyast.parse(_source(module))):
            if not isinstance(node, pyast.Call):
                continue
            given = {k.arg for k in node.keywords if k.arg}
            unseen = False
            for k in node.keywords:
                if k.arg is not None:
                    continue
                value = k.value  # **msg_args({"civ": …}) names its arguments; other ** do not
                if (
                    isinstance(value, pyast.Call)
                    and getattr(value.func, "id", "") == "msg_args"
                    and value.args
                    and isinstance(value.args[0], pyast.Dict)
                ):
                    given |= {
                        str(d.value) for d in value.args[0].keys if isinstance(d, pyast.Constant)
                    }
                else:
                    unseen = True
            if unseen:
                continue
            keys: list[str] = []
            for arg in node.args[:3]:
                options = [arg.body, arg.orelse] if isinstance(arg, pyast.IfExp) else [arg]
                for option in options:
                    if (
                        isinstance(option, pyast.Constant)
                        and isinstance(option.value, str)
                        and option.value in en
                        and not option.value.startswith("ab-list-")
                    ):
                        keys.append(option.value)
            for key in keys:
                allowed = given | {f"{g}_gen" for g in given}
                if key.startswith(("ab-history", "ab-hist-")):
                    allowed |= shown
                assert en[key] <= allowed, (key, en[key] - allowed)
                assert ru[key] <= allowed, (key, ru[key] - allowed)
                checked += 1
    assert checked > 120


def test_the_reply_and_the_history_say_the_same_in_each_language() -> None:
    state = _game()
    state, _ = ab.target(state, "violet", "b1")
    state, _ = ab.end_turn(state)
    # engineer guard 2 vs assault 1+1: draw; recon guard 1 vs recon 3: loses, stays
    new, out = ab.resolve_guards(state, "b1", ["assault", "recon"], ScriptedDice([2, 1, 1, 3]))
    en = cog.render_lines("en", out)
    assert cog.render_outcome("en", new, out).description == "\n".join(en)
    ru = cog.render_outcome("ru", new, out).description
    assert ru == "\n".join(cog.render_lines("ru", out))
    assert ru is not None and ru.startswith(
        "Аборигены с b1 атакуют захватчиков Фиолетовой Федерации.\n"
    )
    stored, dice = history_row(out)
    assert render_summary("en", stored).startswith(
        "The guards attack: The natives of b1 attack Violet Federation's invaders. Fight: "
    )
    assert render_summary("ru", stored).startswith(
        "Охрана атакует: Аборигены с b1 атакуют захватчиков Фиолетовой Федерации. Бой: "
    )
    assert [d["label"] for d in dice][:2] == [
        "attack: the natives engineer squad",
        "defence: Violet Federation assault squad",
    ]
    # memoised fight lines come back as a fresh list each time
    first = cog.render_fight("en", out.fights[0])
    first.append("x")
    assert cog.render_fight("en", out.fights[0]) == en[1:3]
