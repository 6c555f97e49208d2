"""Imperial Assault in two languages: the rules' refusals carry catalog keys and read the same
in English as before; in Russian they are Russian; the two catalogs match key for key and
variable for variable; the Russian plurals are right."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from bot.catalog import LOCALE_DIR, refusal, t
from bot.rules import imperial_assault as ia
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import BotError
from bot.rules.imperial_assault import DeployedGroup, ImperialAssaultState
from bot.rules.msg import Msg

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def mk(**kw: Any) -> ImperialAssaultState:
    base: dict[str, Any] = {"threat_level": 2, "difficulty": "medium"}
    base.update(kw)
    return ImperialAssaultState(**base)


TWO_TROOPERS = mk(
    hand=["DG014"],
    deployed=[DeployedGroup(id="DG001", figures=3), DeployedGroup(id="DG002", figures=3)],
)

# (what is tried, the English line, the Russian line): typed by hand.
REFUSALS: list[tuple[Callable[[], object], str, str]] = [
    (
        lambda: ia.group("DG999"),
        "Unknown deployment group id 'DG999'.",
        "Неизвестный номер отряда развёртывания «DG999».",
    ),
    (
        lambda: ia.hand_sizes(1),
        "Threat level must be at least 2.",
        "Уровень угрозы должен быть не меньше 2.",
    ),
    (
        lambda: ia.setup(Dice.seeded(0), threat_level=13),
        "Threat level must be from 2 to 12 (the mission sheet gives it).",
        "Уровень угрозы — от 2 до 12 (он указан в описании миссии).",
    ),
    (
        lambda: ia.setup(Dice.seeded(0), threat_level=3, threat=-1),
        "Starting threat cannot be negative; use 0 or more.",
        "Начальная угроза не может быть отрицательной; укажите 0 или больше.",
    ),
    (
        lambda: ia.setup(Dice.seeded(0), difficulty="nightmare", threat_level=3),
        "Difficulty must be easy, medium or hard.",
        "Сложность — одна из: Лёгкая, Средняя, Сложная.",
    ),
    (
        lambda: ia.setup(Dice.seeded(0), threat_level=3, expansions="Core, Naboo"),
        "Unknown expansion 'Naboo'; use some of: Core, Twin, Hoth, Bespin, Jabba, Empire, "
        "Lothal, Other.",
        "Неизвестное дополнение «Naboo»; возможные: Core, Twin, Hoth, Bespin, Jabba, Empire, "
        "Lothal, Other.",
    ),
    (
        lambda: ia.setup(Dice.seeded(0), threat_level=3, earned_villains="Bossk"),
        "Bossk comes with Bespin; add it to the expansions.",
        "Bossk входит в дополнение Bespin; добавьте его в список дополнений.",
    ),
    (
        lambda: ia.resolve_group("  ", ["DG001"], "villain"),
        "Name a villain.",
        "Назовите злодея.",
    ),
    (
        lambda: ia.defeat(mk(), "AT-ST"),
        "There is no deployed group to choose from.",
        "Выбирать не из чего: развёрнутых отрядов нет.",
    ),
    (
        lambda: ia.defeat(TWO_TROOPERS, "stormtrooper"),
        "'stormtrooper' is ambiguous: pick one of Stormtrooper (DG001), Stormtrooper (DG002).",
        "«stormtrooper» — неоднозначно: выберите одно из: Stormtrooper (DG001), "
        "Stormtrooper (DG002).",
    ),
    (
        lambda: ia.defeat(TWO_TROOPERS, "AT-ST"),
        "No deployed group called 'AT-ST'; try Stormtrooper (DG001), Stormtrooper (DG002).",
        "Нет развёрнутого отряда «AT-ST»; попробуйте: Stormtrooper (DG001), Stormtrooper (DG002).",
    ),
    (
        lambda: ia.manual_deploy(mk(), "Snowspeeder"),
        "No group to deploy called 'Snowspeeder'; try Stormtrooper (DG001), "
        "Stormtrooper (DG002), Stormtrooper (Elite).",
        "Нет отряда для развёртывания «Snowspeeder»; попробуйте: Stormtrooper (DG001), "
        "Stormtrooper (DG002), Stormtrooper (Elite).",
    ),
    (
        lambda: ia.activate(mk(), ScriptedDice([])),
        "No Imperial group is deployed; deploy one with /ia deploy first.",
        "Ни один имперский отряд не развёрнут; сначала разверните отряд командой /ia развернуть.",
    ),
    (
        lambda: ia.activate(
            mk(deployed=[DeployedGroup(id="DG001", figures=3, activated=True)]), ScriptedDice([])
        ),
        "Every Imperial group has already activated; end the round with /deploy-roll.",
        "Все имперские отряды уже активированы; завершите раунд командой /бросок-развертывания.",
    ),
    (
        lambda: ia.lose_figures(TWO_TROOPERS, "DG001", 4),
        "Stormtrooper (DG001) has 3 figures left; give a count from 1 to 3.",
        "Stormtrooper (DG001): осталось 3 фигурки; укажите количество от 1 до 3.",
    ),
    (
        lambda: ia.lose_figures(mk(deployed=[DeployedGroup(id="DG001", figures=1)]), "DG001", 2),
        "Stormtrooper (DG001) has 1 figure left; give a count from 1 to 1.",
        "Stormtrooper (DG001): осталась 1 фигурка; укажите количество от 1 до 1.",
    ),
    (
        lambda: ia.manual_deploy(TWO_TROOPERS, "dg002"),
        "Stormtrooper (DG002) is already deployed.",
        "Stormtrooper (DG002) уже на поле.",
    ),
    (
        lambda: ia.manual_deploy(mk(), "Snowtrooper"),
        "Snowtrooper comes with Return to Hoth, which this mission does not own.",
        "Snowtrooper входит в дополнение Return to Hoth, а его в этой миссии нет.",
    ),
    (
        lambda: ia.adjust_threat(mk(), 0),
        "Give a non-zero amount, e.g. 3 or -2.",
        "Укажите ненулевое число, например 3 или -2.",
    ),
]


@pytest.mark.parametrize(("attempt", "english", "russian"), REFUSALS)
def test_refusals_in_both_languages(
    attempt: Callable[[], object], english: str, russian: str
) -> None:
    with pytest.raises(BotError) as caught:
        attempt()
    error = caught.value
    assert error.key is not None and error.key.startswith("ia-")
    assert refusal(error) == english and refusal(error, "en") == english
    assert refusal(error, "ru") == russian
    assert "\n" not in russian and CYRILLIC.search(russian)


class _Vars(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)


def _messages(path: Path) -> dict[str, set[str]]:
    """Each message id of a catalog file with the variables it uses."""
    out: dict[str, set[str]] = {}
    for entry in FluentParser().parse(path.read_text(encoding="utf-8")).body:
        assert not isinstance(entry, ast.Junk), entry.content
        if isinstance(entry, ast.Message):
            visitor = _Vars()
            visitor.visit(entry)
            out[entry.id.name] = visitor.names
    return out


def test_catalogs_match_key_for_key_and_variable_for_variable() -> None:
    en = _messages(LOCALE_DIR / "en" / "imperial_assault.ftl")
    ru = _messages(LOCALE_DIR / "ru" / "imperial_assault.ftl")
    assert len(en) > 100
    assert sorted(en) == sorted(ru)
    # the game's own title and /help introduction live here too (see tests/test_games.py)
    record = {"game-imperial_assault", "help-game-intro-imperial_assault"}
    assert all(key.startswith("ia-") or key in record for key in en)
    assert {k: v for k, v in en.items() if ru[k] != v} == {}


def test_every_catalog_key_is_used() -> None:
    """No dead messages: each key appears in the cog or the rules (bands, difficulties and
    yes/no are built from their values)."""
    root = LOCALE_DIR.parents[1]
    packages = (root / "cogs" / "imperial_assault", root / "bot" / "rules" / "imperial_assault")
    code = "".join(f.read_text() for package in packages for f in sorted(package.glob("*.py")))
    built = {f"ia-band-{b.lower()}" for b in ia.BANDS} | {
        f"ia-difficulty-{d}" for d in ia.DIFFICULTIES
    }
    # the game's record's messages, named from its key by /help and the registry
    built |= {"game-imperial_assault", "help-game-intro-imperial_assault"}
    unused = [
        key
        for key in _messages(LOCALE_DIR / "en" / "imperial_assault.ftl")
        if f'"{key}"' not in code and key not in built
    ]
    assert unused == []


@pytest.mark.parametrize(
    ("n", "figures", "left"),
    [
        (1, "1 фигурка", "Осталась 1 из 3."),
        (2, "2 фигурки", "Осталось 2 из 3."),
        (5, "5 фигурок", "Осталось 5 из 3."),
        (11, "11 фигурок", "Осталось 11 из 3."),
        (21, "21 фигурка", "Осталась 21 из 3."),
    ],
)
def test_russian_plurals(n: int, figures: str, left: str) -> None:
    assert t("ru", "ia-figures", n=n) == figures
    assert t("ru", "ia-loss-left", left=n, size=3) == left


def test_nested_messages_render_in_the_same_language() -> None:
    why = Msg.of("ia-inc-scaled", base=Msg.of("ia-inc-level-plus", extra=1), raw=3, factor="0,7")
    assert t("ru", "ia-roll-threat", inc=2, why=why, before=20, after=22) == (
        "Угроза +2 (уровень угрозы + 1: 3 × 0,7, с округлением): 20 → 22"
    )
    assert t("en", "ia-new-award", n=1, total=2) == ("**New award!** The Rebels now have 2 awards.")
    assert (
        t("ru", "ia-new-award", n=1, total=2) == "**Новая награда!** У повстанцев теперь 2 награды."
    )


@pytest.mark.parametrize(
    ("n", "en_all", "ru_all", "ru_first"),
    [
        (1, "picked from all 1 ready group", "выбор из всех 1 готового отряда", "из 1 отряда"),
        (2, "picked from all 2 ready groups", "выбор из всех 2 готовых отрядов", "из 2 отрядов"),
        (5, "picked from all 5 ready groups", "выбор из всех 5 готовых отрядов", "из 5 отрядов"),
        (21, "picked from all 21 ready groups", "выбор из всех 21 готового отряда", "из 21 отряда"),
    ],
)
def test_activation_pools_in_both_languages(
    n: int, en_all: str, ru_all: str, ru_first: str
) -> None:
    assert t("en", "ia-act-pool-all", n=n) == en_all
    assert t("ru", "ia-act-pool-all", n=n) == ru_all
    assert t("ru", "ia-act-pool-priority-1", n=n) == f"выбор {ru_first} приоритета 1"


def test_activation_reply_in_both_languages() -> None:
    from cogs.imperial_assault.render import render_activation

    state = mk(
        difficulty="easy",
        deployed=[DeployedGroup(id="DG001", figures=3), DeployedGroup(id="DG055", figures=1)],
    )
    _, out = ia.activate(state, ScriptedDice([0.9, 0]))  # a failed roll, then the Clawdite
    assert out.group == "DG055" and out.chance == Fraction(17, 20)
    en = render_activation("en", out).description
    ru = render_activation("ru", out).description
    assert en is not None and ru is not None
    assert en.splitlines()[:2] == [
        "Priority 1 · 70 % roll for priority 1 (1 ready) over priority 2 (1 ready): no; "
        "picked from all 2 ready groups · chance 17/20 = 85 %",
        "Easy: no 25 % no-bonus roll, as this group has no bonus effects.",
    ]
    assert ru.splitlines()[:2] == [
        "Приоритет 1 · бросок 70 % за приоритет 1 (готово: 1) против приоритета 2 (готово: 1): "
        "нет; выбор из всех 2 готовых отрядов · шанс 17/20 = 85 %",
        "Лёгкая сложность: броска 25 % на «без бонуса» нет — у этого отряда нет бонусных эффектов.",
    ]


@pytest.mark.parametrize(
    ("dm", "en", "ru"),
    [
        (3, "2D6 **1 + 2** + DM 3 = **6** → Reinforcements", "2к6 **1 + 2** + МР 3 = **6**"),
        (0, "2D6 **1 + 2** + DM 0 = **3** → Calm", "2к6 **1 + 2** + МР 0 = **3**"),
        (-2, "2D6 **1 + 2** − DM 2 = **1** → Calm", "2к6 **1 + 2** − МР 2 = **1**"),
    ],
)
def test_the_dm_is_a_term_of_the_deployment_events_sum(dm: int, en: str, ru: str) -> None:
    from cogs.imperial_assault.render import render_deploy_roll

    _, out = ia.deploy_roll(mk(dm=dm), ScriptedDice([1, 2]))
    assert str(render_deploy_roll("en", out).fields[0].value).splitlines()[0] == en
    assert str(render_deploy_roll("ru", out).fields[0].value).startswith(ru)
