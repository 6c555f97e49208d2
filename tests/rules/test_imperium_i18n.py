"""GDW Imperium catalog keys: every key the rules and the cog use exists in English and Russian,
and the rules' refusals render in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.catalog import has, refusal, t
from bot.rules import imperium as im
from bot.rules.dice import ScriptedDice
from bot.rules.errors import BotError, InputError, RuleError

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"""["'](imp-[a-z0-9-]+)["']""")
TEMPLATED = re.compile(r"""f["'](imp-[a-z0-9-]*)\{""")


def _used_keys() -> set[str]:
    keys: set[str] = set()
    for path in (
        *sorted((ROOT / "bot/rules/imperium").glob("*.py")),
        *sorted((ROOT / "cogs/imperium").glob("*.py")),
    ):
        source = path.read_text(encoding="utf-8")
        keys |= set(KEY.findall(source))
        assert not set(TEMPLATED.findall(source)) - {
            "imp-title-ship-",
            "imp-action-",
            "imp-fire-step-",
        }, "a new templated key: list its values below"
    keys |= {f"imp-title-ship-{w}" for w in ("added", "disrupted", "repaired")}
    keys |= {f"imp-action-{v}" for v in ("remove", "disrupt", "repair", "move")}
    keys |= {f"imp-fire-step-{i}" for i in range(1, im.FIRE_STEP_COUNT + 1)}
    return keys


def test_every_key_used_exists_in_both_languages() -> None:
    keys = _used_keys()
    assert len(keys) > 100
    assert sorted(k for k in keys if not has("en", k)) == []
    assert sorted(k for k in keys if not has("ru", k)) == []


def _refusal(fn: object, *args: object, **kw: object) -> BotError:
    with pytest.raises(BotError) as caught:
        fn(*args, **kw)  # type: ignore[operator]
    return caught.value


def test_rules_refusals_are_keyed_and_render_in_russian() -> None:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=1)
    err = _refusal(im.find_system, state, "Vega")
    assert isinstance(err, InputError) and err.key == "imp-no-system"
    assert refusal(err) == "No system called 'Vega'. Add it with /imperium system set."
    assert (
        refusal(err, "ru") == "Нет системы «Vega». Добавьте её командой /imperium система задать."
    )
    err = _refusal(im.interwar, state)
    assert isinstance(err, RuleError)
    assert refusal(err, "ru") == "Война не идёт; начните её командой /imperium война."
    state, _ = im.begin_war(state)
    state, _ = im.add_ship(
        state,
        name="A",
        side="terran",
        type_name="CR",
        tclass="capital",
        maintenance=4,
        system="Sol",
    )
    state, _ = im.add_ship(
        state,
        name="B",
        side="imperial",
        type_name="CR",
        tclass="capital",
        maintenance=4,
        system="Sol",
    )
    err = _refusal(im.roll_initiative, state, "Sol", ScriptedDice([]), range_choice="disengage")
    assert refusal(err, "ru") == "Выйти из боя можно со 2-го раунда; выберите ближнюю или дальнюю."
    state, _ = im.roll_initiative(state, "Sol", ScriptedDice([]))
    err = _refusal(im.choose_range, state, "Sol", "imperial", "short")
    assert refusal(err) == "Only the initiative holder (Terran) chooses the range."
    assert refusal(err, "ru") == "Дальность выбирает только сторона с инициативой (Терране)."
    err = _refusal(im.apply_fire_step, state, "Sol", 2, ["A"], ScriptedDice([]))
    assert refusal(err) == "Only Terran attacks in step 2; A is on that side."
    assert refusal(err, "ru") == "На этапе 2 атакуют только корабли Терран; A — из их числа."
    err = _refusal(im.maintain, state, "Sol", ScriptedDice([]), overhaul=["A"])
    assert refusal(err) == "The overhauls cost Terran 4 RU; it has 0 RU."
    assert refusal(err, "ru") == "Капремонт обойдётся Терранам в 4 RU, а в запасе 0 RU."
    err = _refusal(im.maintain, state, "Sol", ScriptedDice([]), routine=["B"])
    assert refusal(err, "ru") == (
        "B может получить плановое обслуживание только в системе своей стороны; "
        "Sol не принадлежит Империи."
    )


@pytest.mark.parametrize(
    ("count", "words"),
    [(1, "1 мир, 1 аванпост"), (3, "3 мира, 3 аванпоста"), (5, "5 миров, 5 аванпостов")],
)
def test_russian_plurals_for_worlds_and_outposts(count: int, words: str) -> None:
    assert f"{t('ru', 'imp-worlds', count=count)}, {t('ru', 'imp-outposts', count=count)}" == words
