"""Asteroid Belt rules: the seed's tables and examples, case by case.

Expected numbers come from the seed (shared/seeds/distant-galaxy-asteroid-belt.ru.txt) or are
worked by hand in the comments, never computed by the code under test.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from bot.campaigns import history_row
from bot.catalog import percent, refusal, render
from bot.rules import asteroid_belt as ab
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.errors import InputError, NotAllowed, RuleError
from tests.refusals import raises_refusal

ALL3 = ("violet", "orange", "green")


def new_game(civs: tuple[str, ...] = ALL3, portal: int = 1, **kw: object) -> ab.AsteroidBeltState:
    state, _ = ab.setup(list(civs), ScriptedDice([portal]), **kw)  # type: ignore[arg-type]
    return state


def deploy(state: ab.AsteroidBeltState, civ: ab.CivId, **units: int) -> ab.AsteroidBeltState:
    """Test helper: put units straight into the field (from reserve, else new), no cost."""
    new = state.model_copy(deep=True)
    cs = new.civs[civ]
    for unit, n in units.items():
        u = ab.parse_unit(unit)
        take = min(n, cs.reserve[u])
        cs.reserve[u] -= take
        cs.field[u] += n
    return new


def set_res(state: ab.AsteroidBeltState, civ: ab.CivId, n: int) -> ab.AsteroidBeltState:
    new = state.model_copy(deep=True)
    new.civs[civ].resources = n
    return new


def flag(state: ab.AsteroidBeltState, label: str) -> ab.AsteroidBeltState:
    new = state.model_copy(deep=True)
    a = ab.find_asteroid(new, label)
    a.status, a.guards, a.phase, a.target_by = "flag", [], None, None
    return new


def dump(state: ab.AsteroidBeltState) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True)


# --------------------------------------------------------------------------------------------
# The seed's tables
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("number", "border", "prefix", "vp", "resources", "guards", "count", "shuttle", "income"),
    [
        (1, "red", "r", 1, 15, ("engineer",), 10, False, 0),
        (2, "yellow", "y", 2, 25, ("assault",), 6, False, 0),
        (3, "green", "g", 2, 25, ("engineer", "engineer"), 8, True, 0),
        (4, "blue", "b", 3, 35, ("engineer", "recon"), 4, False, 0),
        (5, "violet", "v", 4, 45, ("assault", "recon"), 5, False, 2),
    ],
)
def test_class_rows(
    number: int,
    border: str,
    prefix: str,
    vp: int,
    resources: int,
    guards: tuple[str, ...],
    count: int,
    shuttle: bool,
    income: int,
) -> None:
    row = ab.class_row(number)
    assert (row.border, row.prefix, row.vp, row.resources) == (border, prefix, vp, resources)
    assert row.guards == guards
    assert (row.count, row.shuttle, row.income) == (count, shuttle, income)
    assert row.name_ru == f"Класс {number}"


def test_class_russian_borders() -> None:
    assert [ab.class_row(n).border_ru for n in range(1, 6)] == [
        "красная граница",
        "жёлтая граница",
        "зелёная граница",
        "синяя граница",
        "фиолетовая граница",
    ]


@pytest.mark.parametrize(
    ("unit", "speed", "move_cost", "cost", "att", "dfn", "natives", "name_ru"),
    [
        ("engineer", 2, 1, 10, 0, 0, True, "Инженерный отряд"),
        ("assault", 4, 2, 20, 1, 1, True, "Штурмовой отряд"),
        ("recon", 2, 1, 20, 0, 0, True, "Разведывательный отряд"),
        ("elite", 3, 0, 40, 1, 1, False, "Элитный отряд"),
    ],
)
def test_unit_rows(
    unit: ab.UnitType,
    speed: int,
    move_cost: int,
    cost: int,
    att: int,
    dfn: int,
    natives: bool,
    name_ru: str,
) -> None:
    row = ab.unit_row(unit)
    assert (row.speed, row.move_cost, row.cost) == (speed, move_cost, cost)
    assert (row.attack_bonus, row.defence_bonus, row.natives) == (att, dfn, natives)
    assert row.name_ru == name_ru
    assert row.safe_attack is (unit == "recon")
    assert row.unique is (unit == "elite")


def test_markers_and_civilisations_in_russian() -> None:
    t = ab.tables()
    assert [t.markers[m].name_ru for m in ("target", "flag", "mine")] == ["Цель", "Флаг", "Шахта"]
    assert [ab.civ_row(c).name_ru for c in ALL3] == [
        "Фиолетовая Федерация",
        "Оранжевая Империя",
        "Зелёная Анархия",
    ]


@pytest.mark.parametrize(
    ("civ", "prices"),
    [
        ("violet", {"engineer": 10, "assault": 20, "recon": 17, "elite": 40}),
        ("orange", {"engineer": 10, "assault": 17, "recon": 20, "elite": 40}),
        ("green", {"engineer": 8, "assault": 20, "recon": 20, "elite": 40}),
    ],
)
def test_civilisation_prices(civ: ab.CivId, prices: dict[str, int]) -> None:
    assert {u: ab.price(civ, u) for u in ab.UNIT_TYPES} == prices


@pytest.mark.parametrize(
    ("civ", "reserve"),
    [
        # default 2 engineers, 1 assault, 1 recon, the elite; +1 of the civilisation's type
        ("violet", {"engineer": 2, "assault": 1, "recon": 2, "elite": 1}),
        ("orange", {"engineer": 2, "assault": 2, "recon": 1, "elite": 1}),
        ("green", {"engineer": 3, "assault": 1, "recon": 1, "elite": 1}),
    ],
)
def test_civilisation_start(civ: ab.CivId, reserve: dict[str, int]) -> None:
    state = new_game()
    cs = state.civs[civ]
    assert cs.reserve == reserve
    assert cs.field == {"engineer": 0, "assault": 0, "recon": 0, "elite": 0}
    assert cs.tokens_left == 3
    assert cs.vp == 0
    assert not cs.reinforcement_used


def test_start_resources_and_first_income() -> None:
    # 30 each; the first civilisation's turn starts with +2 from its class-5 base
    state = new_game()
    assert [state.civs[c].resources for c in ALL3] == [32, 30, 30]
    state, out = ab.end_turn(state)
    assert [state.civs[c].resources for c in ALL3] == [32, 32, 30]
    assert out.resources == {"orange": 2}


def test_setup_custom_force_bases_and_labels() -> None:
    state = new_game(("green", "orange"), engineers=0, assault=3, recon=0)
    assert state.order == ["green", "orange"]
    assert state.civs["green"].reserve == {"engineer": 1, "assault": 3, "recon": 0, "elite": 1}
    assert state.civs["orange"].reserve == {"engineer": 0, "assault": 4, "recon": 0, "elite": 1}
    labels = [a.label for a in state.asteroids]
    assert len(labels) == 10 + 6 + 8 + 4 + 5
    assert labels[:3] == ["r1", "r2", "r3"] and labels[-1] == "v5"
    assert state.civs["green"].base == "v1" and state.civs["orange"].base == "v2"
    v1 = ab.find_asteroid(state, "v1")
    assert (v1.status, v1.owner, v1.base) == ("mine", "green", True)
    assert ab.find_asteroid(state, "v3").status == "free"


def test_setup_other_board_counts() -> None:
    state = new_game(counts={1: 3, 5: 3})
    assert [a.label for a in state.asteroids if a.number in (1, 5)] == [
        "r1",
        "r2",
        "r3",
        "v1",
        "v2",
        "v3",
    ]
    with pytest.raises(InputError):
        new_game(counts={5: 2})  # three civilisations need three bases


@pytest.mark.parametrize(
    "kw",
    [
        {"civs": ("violet",)},
        {"civs": ("violet", "violet")},
        {"civs": ("violet", "purple")},
        {"variant": "easy"},
        {"goal": 0},
        {"variant": "fast", "goal": 4},
        {"portals": 0},
        {"engineers": -1},
    ],
)
def test_setup_refusals(kw: dict[str, object]) -> None:
    civs = kw.pop("civs", ALL3)
    with pytest.raises(InputError):
        ab.setup(list(civs), ScriptedDice([1]), **kw)  # type: ignore[arg-type, call-overload]


def test_setup_rolls_the_cargo_portal() -> None:
    state, out = ab.setup(["violet", "orange"], ScriptedDice([3]), portals=6)
    assert state.cargo_portal == 3
    assert [(r.label.key, r.label.kwargs, r.value) for r in out.rolls] == [
        ("ab-roll-cargo-start", {"again": "no"}, 3)
    ]
    assert [(render("en", r.label), r.value) for r in out.rolls] == [
        ("cargo shuttle's starting portal", 3)
    ]


# --------------------------------------------------------------------------------------------
# Fights
# --------------------------------------------------------------------------------------------
def test_assault_vs_engineer_odds_exact_and_shown() -> None:
    odds = ab.unit_odds("assault", "engineer")
    assert (odds.win, odds.draw, odds.lose) == (Fraction(7, 12), Fraction(5, 36), Fraction(10, 36))
    state = deploy(new_game(), "violet", assault=1)
    state = deploy(state, "orange", engineer=1)
    _, out = ab.fight(state, "violet", "assault", "orange", "engineer", ScriptedDice([3, 5]))
    assert out.fights[0].odds == ab.Odds(
        win=Fraction(7, 12), draw=Fraction(5, 36), lose=Fraction(10, 36)
    )
    assert [percent("en", p) for p in (Fraction(7, 12), Fraction(5, 36), Fraction(10, 36))] == [
        "58.3 %",
        "13.9 %",
        "27.8 %",
    ]


# attack/defence bonuses by hand: assault and elite +1 both ways; engineer, recon none
BONUS = {"engineer": 0, "assault": 1, "recon": 0, "elite": 1}
# counted by hand over the 36 face pairs: bonus difference -> (wins, draws, losses)
BY_DIFF = {0: (15, 6, 15), 1: (21, 5, 10), -1: (10, 5, 21)}


@pytest.mark.parametrize("att", ab.UNIT_TYPES)
@pytest.mark.parametrize("dfn", ab.UNIT_TYPES)
def test_every_bonus_combination(att: ab.UnitType, dfn: ab.UnitType) -> None:
    win, draw, lose = BY_DIFF[BONUS[att] - BONUS[dfn]]
    odds = ab.unit_odds(att, dfn)
    assert (odds.win, odds.draw, odds.lose) == (
        Fraction(win, 36),
        Fraction(draw, 36),
        Fraction(lose, 36),
    )
    state = deploy(new_game(), "violet", **{att: 1})
    state = deploy(state, "green", **{dfn: 1})
    # attack 4, defence 4: totals 4+bonus vs 4+bonus
    new, out = ab.fight(state, "violet", att, "green", dfn, ScriptedDice([4, 4]))
    rec = out.fights[0]
    assert (rec.attack_bonus, rec.defence_bonus) == (BONUS[att], BONUS[dfn])
    expected = {0: "draw", 1: "attacker", -1: "defender"}[BONUS[att] - BONUS[dfn]]
    assert rec.result == expected
    if expected == "attacker":
        assert new.civs["green"].repair[dfn] == 1 and new.civs["green"].field[dfn] == 0
    if expected == "defender":
        # a recon attacking without risk stays in the field; anything else goes to repair
        assert new.civs["violet"].repair[att] == (0 if att == "recon" else 1)
    if expected == "draw":
        assert new.civs["violet"].field[att] == 1 and new.civs["green"].field[dfn] == 1


@pytest.mark.parametrize(
    ("att_roll", "def_roll", "result"),
    [(6, 4, "attacker"), (2, 5, "defender"), (3, 3, "draw")],  # the seed's three examples
)
def test_seed_fight_examples(att_roll: int, def_roll: int, result: str) -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state = deploy(state, "orange", engineer=1)
    new, out = ab.fight(
        state, "violet", "engineer", "orange", "engineer", ScriptedDice([att_roll, def_roll])
    )
    assert out.fights[0].result == result
    v, o = new.civs["violet"], new.civs["orange"]
    assert (v.field["engineer"], v.repair["engineer"]) == (
        (0, 1) if result == "defender" else (1, 0)
    )
    assert (o.field["engineer"], o.repair["engineer"]) == (
        (0, 1) if result == "attacker" else (1, 0)
    )
    assert [(render("en", r.label), r.value) for r in out.rolls] == [
        ("attack: Violet Federation engineer squad", att_roll),
        ("defence: Orange Empire engineer squad", def_roll),
    ]


def test_recon_attacks_without_risk_but_has_no_defence_bonus() -> None:
    state = deploy(new_game(), "violet", recon=1)
    state = deploy(state, "orange", recon=1, assault=1)
    new, out = ab.fight(state, "violet", "recon", "orange", "assault", ScriptedDice([1, 6]))
    assert out.fights[0].result == "defender"
    assert new.civs["violet"].field["recon"] == 1 and new.civs["violet"].repair["recon"] == 0
    assert out.fights[0].safe_attack and not out.fights[0].attacker_removed
    # an assault attacking a recon: recon defends at +0, so 4+1 beats 4
    new, out = ab.fight(state, "orange", "assault", "violet", "recon", ScriptedDice([4, 4]))
    assert out.fights[0].defence_bonus == 0
    assert out.fights[0].result == "attacker"
    assert new.civs["violet"].repair["recon"] == 1


def test_fight_with_natives() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    _new, out = ab.fight(state, "natives", "assault", "violet", "engineer", ScriptedDice([2, 3]))
    assert out.fights[0].result == "draw"  # 2+1 vs 3
    with pytest.raises(InputError):
        ab.fight(state, "natives", "elite", "violet", "engineer", ScriptedDice([1, 1]))


def test_fight_refusals_roll_nothing() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    dice = ScriptedDice([])
    with raises_refusal(RuleError, match="no recon squad in the field"):
        ab.fight(state, "violet", "recon", "orange", "engineer", dice)
    with raises_refusal(RuleError, match="Orange Empire has no engineer squad in the field"):
        ab.fight(state, "violet", "engineer", "orange", "engineer", dice)
    with pytest.raises(InputError):
        ab.fight(state, "violet", "engineer", "violet", "engineer", dice)
    with pytest.raises(InputError):
        ab.fight(state, "violet", "tank", "orange", "engineer", dice)
    assert dice.draws == []


def test_shuttle_fight_more_aboard_gets_plus_one() -> None:
    state = deploy(new_game(), "violet", engineer=2, recon=1)
    state = deploy(state, "orange", assault=1)
    # 3 aboard vs 1: attacker +1 both ways; 3+1 vs 4 = draw; 4+1 vs 4 = win
    _, out = ab.shuttle_fight(
        state,
        "violet",
        ["engineer", "engineer", "recon"],
        "orange",
        ["assault"],
        ScriptedDice([3, 4]),
    )
    assert (out.fights[0].attack_bonus, out.fights[0].defence_bonus) == (1, 0)
    assert out.fights[0].result == "draw"
    new, out = ab.shuttle_fight(
        state,
        "violet",
        ["engineer", "engineer", "recon"],
        "orange",
        ["assault"],
        ScriptedDice([4, 4]),
    )
    assert out.fights[0].result == "attacker"
    assert new.civs["orange"].repair["assault"] == 1
    # the defender with more aboard gets the +1
    new, out = ab.shuttle_fight(
        state, "orange", ["assault"], "violet", ["engineer", "recon"], ScriptedDice([5, 4])
    )
    assert (out.fights[0].attack_bonus, out.fights[0].defence_bonus) == (0, 1)
    assert out.fights[0].result == "draw"


def test_monte_carlo_cross_check_assault_vs_engineer() -> None:
    state = deploy(new_game(), "violet", assault=1)
    state = deploy(state, "orange", engineer=1)
    dice = Dice.seeded(20261129)
    counts = {"attacker": 0, "draw": 0, "defender": 0}
    n = 6000
    for _ in range(n):
        _, out = ab.fight(state, "violet", "assault", "orange", "engineer", dice)
        counts[out.fights[0].result] += 1
        dice.take_draws()
    assert abs(counts["attacker"] / n - 7 / 12) < 0.03
    assert abs(counts["draw"] / n - 5 / 36) < 0.03
    assert abs(counts["defender"] / n - 10 / 36) < 0.03


def test_pct_rounding() -> None:
    assert percent("en", Fraction(7, 12)) == "58.3 %"
    assert percent("en", Fraction(5, 36)) == "13.9 %"
    assert percent("en", Fraction(10, 36)) == "27.8 %"
    assert percent("en", Fraction(1)) == "100.0 %"
    assert percent("en", Fraction(0)) == "0.0 %"


# --------------------------------------------------------------------------------------------
# Capture flow
# --------------------------------------------------------------------------------------------
def test_capture_flow_with_drawn_guard_fight_and_competitor_mine() -> None:
    state = new_game()
    # Violet: move the assault out of the base (2 resources) and target g1 (2 engineer guards)
    state, out = ab.move(state, "violet", "assault")
    assert state.civs["violet"].resources == 30
    state, out = ab.target(state, "violet", "G1")
    g1 = ab.find_asteroid(state, "g1")
    assert (g1.status, g1.target_by, g1.phase, g1.guards) == (
        "target",
        "violet",
        "marked",
        ["engineer", "engineer"],
    )
    # guards cannot attack before Violet's turn ends; Violet cannot attack them yet
    with raises_refusal(RuleError, match="only after"):
        ab.resolve_guards(state, "g1", ["assault", "assault"], ScriptedDice([]))
    with pytest.raises(RuleError):
        ab.attack_guards(state, "violet", "g1", "assault", ScriptedDice([]))
    state, out = ab.end_turn(state)
    assert out.event(ab.GuardsDue) == ab.GuardsDue(label="g1", civ="violet", player="orange")
    assert ab.find_asteroid(state, "g1").phase == "guards_due"
    g1_at = [a.label for a in state.asteroids].index("g1")
    assert [(i, a.label) for i, a in ab.targets_with_guards_due(state)] == [(g1_at, "g1")]
    assert ab.besieged_targets(state, "violet") == []
    # Orange plays the guards: guard 1 rolls 3 vs assault 2+1 = 3: draw;
    # guard 2 rolls 1 vs 4+1 = 5: the guard loses and is removed
    ab.require_guards_player(state, "g1", "orange")
    with pytest.raises(NotAllowed):
        ab.require_guards_player(state, "g1", "green")
    with pytest.raises(NotAllowed):
        ab.require_guards_player(state, "g1", "violet")
    state, out = ab.resolve_guards(state, "g1", ["assault", "assault"], ScriptedDice([3, 2, 1, 4]))
    assert [f.result for f in out.fights] == ["draw", "defender"]
    g1 = ab.find_asteroid(state, "g1")
    assert (g1.status, g1.phase, g1.guards) == ("target", "besieged", ["engineer"])
    assert ab.targets_with_guards_due(state) == []
    assert [a.label for _, a in ab.besieged_targets(state, "violet")] == ["g1"]
    assert ab.besieged_targets(state, "orange") == []
    assert state.civs["violet"].field["assault"] == 1
    with raises_refusal(RuleError, match="already attacked"):
        ab.resolve_guards(state, "g1", ["assault"], ScriptedDice([]))
    # Orange moves an engineer out (1) meanwhile, ends; Green ends; Violet attacks the guard
    state, _ = ab.move(state, "orange", "engineer")
    state, _ = ab.end_turn(state)
    state, out = ab.end_turn(state)
    assert out.event(ab.Besieged) == ab.Besieged(label="g1", civ="violet", guards=("engineer",))
    state, out = ab.attack_guards(state, "violet", "g1", "assault", ScriptedDice([4, 2]))
    assert out.fights[0].result == "attacker"  # 4+1 vs 2
    assert ab.find_asteroid(state, "g1").status == "flag"
    state, _ = ab.end_turn(state)
    # Orange, a competitor with a unit next to the flag, builds the mine and takes the reward
    before = state.civs["orange"].resources
    state, out = ab.build_mine(state, "orange", "g1")
    g1 = ab.find_asteroid(state, "g1")
    assert (g1.status, g1.owner, g1.stock) == ("mine", "orange", 25)
    assert state.civs["orange"].vp == 2
    assert state.civs["orange"].resources == before + 25
    assert state.civs["violet"].vp == 0
    # a mine is for good
    with raises_refusal(RuleError, match="already a mine of Orange Empire"):
        ab.build_mine(state, "violet", "g1")
    with raises_refusal(RuleError, match="already a mine"):
        ab.target(state, "violet", "g1")


def test_guards_win_and_invader_goes_to_repair() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state, _ = ab.target(state, "violet", "y1")
    state, _ = ab.end_turn(state)
    # the assault guard rolls 4+1 = 5 vs engineer 5: draw; stays besieged
    new, out = ab.resolve_guards(state, "y1", ["engineer"], ScriptedDice([4, 5]))
    assert out.fights[0].result == "draw"
    # rolls 5+1 = 6 vs 2: the engineer goes to repair, the guard stays
    new, out = ab.resolve_guards(state, "y1", ["engineer"], ScriptedDice([5, 2]))
    assert new.civs["violet"].repair["engineer"] == 1
    assert ab.find_asteroid(new, "y1").guards == ["assault"]
    # Violet now has no unit in the field to attack the guard with
    for _ in range(2):
        new, _ = ab.end_turn(new)
    with raises_refusal(RuleError, match="no engineer squad in the field"):
        ab.attack_guards(new, "violet", "y1", "engineer", ScriptedDice([]))


def test_guards_picks_must_match_and_be_in_field() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state, _ = ab.target(state, "violet", "b1")  # engineer + recon guards
    state, _ = ab.end_turn(state)
    dice = ScriptedDice([])
    with raises_refusal(InputError, match="one invading unit per guard"):
        ab.resolve_guards(state, "b1", ["engineer"], dice)
    with raises_refusal(RuleError, match="no assault squad in the field"):
        ab.resolve_guards(state, "b1", ["engineer", "assault"], dice)
    # the first guard beats the only engineer: the second finds nobody
    new, out = ab.resolve_guards(state, "b1", ["engineer", "engineer"], ScriptedDice([6, 1]))
    assert len(out.fights) == 1
    assert ab.find_asteroid(new, "b1").guards == ["engineer", "recon"]


def test_recon_guard_attacks_without_risk() -> None:
    state = deploy(new_game(), "violet", assault=2)
    state, _ = ab.target(state, "violet", "b2")  # engineer + recon guards
    state, _ = ab.end_turn(state)
    # engineer guard 1 vs 1+1: loses, removed; recon guard 1 vs 1+1: loses but stays
    new, out = ab.resolve_guards(state, "b2", ["assault", "assault"], ScriptedDice([1, 1, 1, 1]))
    assert [f.result for f in out.fights] == ["defender", "defender"]
    assert ab.find_asteroid(new, "b2").guards == ["recon"]
    # Violet attacks the recon guard: 2+1 vs 3 (no defence bonus for a recon) = draw; 3+1 wins
    for _ in range(2):
        new, _ = ab.end_turn(new)
    _, out = ab.attack_guards(new, "violet", "b2", "assault", ScriptedDice([2, 3]))
    assert out.fights[0].result == "draw"
    done, out = ab.attack_guards(new, "violet", "b2", "assault", ScriptedDice([3, 3]))
    assert ab.find_asteroid(done, "b2").status == "flag"


def test_target_replaces_another_civilisations_marker() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state = deploy(state, "orange", engineer=1)
    state, _ = ab.target(state, "violet", "r1")
    with raises_refusal(RuleError, match="already Violet Federation's target"):
        ab.target(state, "violet", "r1")
    state, _ = ab.end_turn(state)
    state, out = ab.target(state, "orange", "r1")
    a = ab.find_asteroid(state, "r1")
    assert (a.target_by, a.phase) == ("orange", "marked")
    assert out.event(ab.TargetReplaced) == ab.TargetReplaced("orange", "violet", "r1")
    state, out = ab.end_turn(state)
    # green plays the guards against orange
    assert ab.guards_player(state, "orange") == "green"
    assert out.event(ab.GuardsDue).player == "green"


def test_target_needs_a_unit_in_the_field() -> None:
    with raises_refusal(RuleError, match="needs a unit in the field"):
        ab.target(new_game(), "violet", "r1")


@pytest.mark.parametrize(
    ("label", "vp", "standard", "hard"),
    [("r1", 1, 15, 10), ("y1", 2, 25, 20), ("g1", 2, 25, 20), ("b1", 3, 35, 30), ("v4", 4, 45, 40)],
)
def test_mine_reward_per_class_and_variant(label: str, vp: int, standard: int, hard: int) -> None:
    for variant, gain in (("standard", standard), ("hard", hard)):
        state = deploy(new_game(variant=variant), "violet", engineer=1)
        state = flag(state, label)
        new, out = ab.build_mine(state, "violet", label)
        assert new.civs["violet"].vp == vp
        assert new.civs["violet"].resources == 32 + gain
        assert out.vp == {"violet": vp} and out.resources == {"violet": gain}


def test_mine_refusals() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    with raises_refusal(RuleError, match="no flag yet"):
        ab.build_mine(state, "violet", "r1")
    with raises_refusal(RuleError, match="already a mine of Orange Empire"):
        ab.build_mine(state, "violet", "v2")
    with raises_refusal(RuleError, match="needs a unit in the field"):
        ab.build_mine(flag(new_game(), "r1"), "violet", "r1")


def test_class5_income_counts_every_class5_mine() -> None:
    state = deploy(new_game(), "orange", engineer=1)
    state = flag(state, "v4")
    state, _ = ab.build_mine(state, "orange", "v4")
    res = state.civs["orange"].resources  # 30 + 45
    assert res == 75
    state, _ = ab.end_turn(state)  # orange's turn: base + v4 = +4
    assert state.civs["orange"].resources == 79
    state, _ = ab.end_turn(state)  # green: +2
    assert state.civs["green"].resources == 32


# --------------------------------------------------------------------------------------------
# Economy
# --------------------------------------------------------------------------------------------
def test_move_costs() -> None:
    state = new_game()  # violet 32
    state, _out = ab.move(state, "violet", "assault", moves=3)  # 3 x 2
    assert state.civs["violet"].resources == 26
    assert state.civs["violet"].field["assault"] == 1
    state, _ = ab.move(state, "violet", "engineer", moves=2)  # 2 x 1
    state, _ = ab.move(state, "violet", "recon")  # 1
    state, _ = ab.move(state, "violet", "elite", moves=5)  # free
    assert state.civs["violet"].resources == 23
    assert state.civs["violet"].reserve == {"engineer": 1, "assault": 0, "recon": 1, "elite": 0}
    assert state.civs["violet"].field == {"engineer": 1, "assault": 1, "recon": 1, "elite": 1}
    # a field unit moves by default; from_base brings out another one
    state, _ = ab.move(state, "violet", "engineer", from_base=True)
    assert state.civs["violet"].field["engineer"] == 2


def test_cant_afford_is_refused_with_numbers_and_changes_nothing() -> None:
    state = set_res(new_game(), "violet", 3)
    before = dump(state)
    with raises_refusal(RuleError, match="costs 4 resources; Violet Federation has 3"):
        ab.move(state, "violet", "assault", moves=2)
    with raises_refusal(RuleError, match="costs 10 resources; Violet Federation has 3"):
        ab.create(state, "violet", "engineer", ScriptedDice([]))
    assert dump(state) == before


def test_move_unit_not_in_field() -> None:
    state = new_game()
    state = state.model_copy(deep=True)
    state.civs["violet"].reserve["assault"] = 0
    with raises_refusal(RuleError, match="no assault squad in the field"):
        ab.move(state, "violet", "assault")


def test_create_at_base_brings_back_units_from_repair() -> None:
    state = deploy(new_game(), "violet", assault=1)
    state = deploy(state, "orange", engineer=1)
    state, _ = ab.fight(state, "violet", "assault", "orange", "engineer", ScriptedDice([1, 6]))
    assert state.civs["violet"].repair["assault"] == 1
    state, _out = ab.create(state, "violet", "assault", ScriptedDice([]))
    cs = state.civs["violet"]
    assert (cs.repair["assault"], cs.reserve["assault"], cs.resources) == (0, 1, 12)
    # two more assault squads: nothing left in repair, so 2 new counters, 40 resources
    state, _ = ab.create(
        set_res(state, "violet", 50), "violet", "assault", ScriptedDice([]), count=2
    )
    cs = state.civs["violet"]
    assert (cs.repair["assault"], cs.reserve["assault"], cs.resources) == (0, 3, 10)


def test_create_prices_each_civilisation() -> None:
    state = new_game()
    state = set_res(set_res(set_res(state, "violet", 100), "orange", 100), "green", 100)
    for civ, unit, left in (
        ("violet", "recon", 83),
        ("orange", "assault", 83),
        ("green", "engineer", 92),
        ("violet", "engineer", 90),
        ("orange", "recon", 80),
        ("green", "assault", 80),
    ):
        new, _ = ab.create(state, civ, unit, ScriptedDice([]))
        assert new.civs[civ].resources == left, (civ, unit)


def test_create_elite_only_from_repair() -> None:
    state = set_res(new_game(), "violet", 100)
    with raises_refusal(RuleError, match="elite is not in repair"):
        ab.create(state, "violet", "elite", ScriptedDice([]))
    state = deploy(state, "violet", elite=1)
    state = deploy(state, "orange", assault=1)
    state, _ = ab.fight(state, "orange", "assault", "violet", "elite", ScriptedDice([6, 1]))
    assert state.civs["violet"].repair["elite"] == 1
    state, _ = ab.create(state, "violet", "elite", ScriptedDice([]))
    assert state.civs["violet"].resources == 60
    assert state.civs["violet"].reserve["elite"] == 1


def test_create_next_to_a_mine_paid_from_that_mines_resources() -> None:
    state = deploy(new_game(), "orange", engineer=1)
    state = flag(state, "r1")
    state, _ = ab.build_mine(state, "orange", "r1")  # +15, stock 15
    state, _out = ab.create(state, "orange", "engineer", ScriptedDice([]), at="R1")
    r1 = ab.find_asteroid(state, "r1")
    assert r1.stock == 5
    assert state.civs["orange"].field["engineer"] == 2  # placed next to the mine
    assert state.civs["orange"].resources == 35
    with raises_refusal(RuleError, match="r1 has only 5 resources of its own left"):
        ab.create(state, "orange", "engineer", ScriptedDice([]), at="r1")
    with raises_refusal(RuleError, match="not Orange Empire's mine"):
        ab.create(state, "orange", "engineer", ScriptedDice([]), at="r2")


def test_elite_creation_orange_acts_next_turn() -> None:
    state = deploy(new_game(), "orange", elite=1)
    state, _ = ab.end_turn(state)  # orange: 32
    state, _out = ab.create(state, "orange", "assault", ScriptedDice([]), at="v2", by_elite=True)
    cs = state.civs["orange"]
    assert (cs.resources, cs.field["assault"], cs.not_ready["assault"]) == (15, 1, 1)
    with raises_refusal(RuleError, match="next turn"):
        ab.move(state, "orange", "assault", from_base=False)
    with raises_refusal(RuleError, match="already created units this turn"):
        ab.create(state, "orange", "assault", ScriptedDice([]), at="v2", by_elite=True)
    with raises_refusal(RuleError, match="creates only assault"):
        ab.create(state, "orange", "recon", ScriptedDice([]), at="v2", by_elite=True)
    for _ in range(3):
        state, _ = ab.end_turn(state)
    state, _ = ab.move(state, "orange", "assault", from_base=False)  # ready now
    assert state.civs["orange"].not_ready["assault"] == 0


def test_elite_creation_violet_acts_at_once() -> None:
    state = deploy(new_game(), "violet", elite=1)
    state, _ = ab.create(state, "violet", "recon", ScriptedDice([]), at="v1", by_elite=True)
    assert state.civs["violet"].resources == 15
    state, _ = ab.move(state, "violet", "recon")
    assert state.civs["violet"].resources == 14


def test_elite_creation_needs_the_elite_in_the_field() -> None:
    with raises_refusal(RuleError, match="no elite squad in the field"):
        ab.create(new_game(), "violet", "recon", ScriptedDice([]), at="v1", by_elite=True)


@pytest.mark.parametrize(("face", "made"), [(1, 1), (3, 1), (4, 2), (6, 2)])
def test_elite_creation_green_two_on_four_to_six(face: int, made: int) -> None:
    state = deploy(new_game(("green", "violet")), "green", elite=1)  # green 32
    dice = ScriptedDice([face])
    state, out = ab.create(state, "green", "engineer", dice, at="v1", by_elite=True, count=2)
    cs = state.civs["green"]
    assert cs.field["engineer"] == made
    assert cs.resources == 32 - 8 * made
    assert [r.value for r in out.rolls] == [face]


def test_elite_creation_green_single_rolls_nothing() -> None:
    state = deploy(new_game(("green", "violet")), "green", elite=1)
    state, out = ab.create(state, "green", "engineer", ScriptedDice([]), at="v1", by_elite=True)
    assert state.civs["green"].field["engineer"] == 1 and out.rolls == ()
    with raises_refusal(InputError, match="at most 1"):
        ab.create(
            deploy(new_game(), "violet", elite=1),
            "violet",
            "recon",
            ScriptedDice([]),
            at="v1",
            by_elite=True,
            count=2,
        )


def test_shuttle_activation() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state, out = ab.activate_shuttle(state, "violet", "g2")
    assert state.civs["violet"].resources == 29
    with raises_refusal(RuleError, match="class 1"):
        ab.activate_shuttle(state, "violet", "r2")
    state = flag(state, "g2")
    state, _ = ab.build_mine(state, "violet", "g2")  # 29 + 25
    state, out = ab.activate_shuttle(state, "violet", "g2")
    assert state.civs["violet"].resources == 54
    assert out.event(ab.ShuttleActivated).cost == 0 and out.event(ab.ShuttleActivated).own == 1


def test_tokens() -> None:
    state = new_game()
    for left in (2, 1, 0):
        state, _out = ab.use_token(state, "violet", "jump")
        assert state.civs["violet"].tokens_left == left
    with raises_refusal(RuleError, match="used all"):
        ab.use_token(state, "violet")


# --------------------------------------------------------------------------------------------
# Raids
# --------------------------------------------------------------------------------------------
# by the seed's table: (face, aboard) -> (resources gained, units to repair)
RAID = {
    (1, 1): (0, True),
    (2, 1): (0, True),
    (3, 1): (0, False),
    (4, 1): (0, False),
    (5, 1): (30, False),
    (6, 1): (40, False),
    (1, 3): (0, True),
    (2, 3): (0, False),
    (3, 3): (0, False),
    (4, 3): (0, False),
    (5, 3): (30, False),
    (6, 3): (40, False),
}


def shuttle_with(
    state: ab.AsteroidBeltState, civ: ab.CivId, *units: str, at: str = "g1"
) -> ab.AsteroidBeltState:
    """Test helper: the civilisation activates a shuttle at ``at`` with ``units`` aboard."""
    state, _ = ab.activate_shuttle(state, civ, at, list(units))
    return state


@pytest.mark.parametrize(("face", "aboard"), sorted(RAID))
def test_raid_faces(face: int, aboard: int) -> None:
    gain, defeated = RAID[(face, aboard)]
    state = deploy(new_game(portal=1), "violet", engineer=1, assault=1, recon=1)
    units = ["assault", "engineer", "recon"][:aboard]
    state = shuttle_with(state, "violet", *units)  # 32 - 3 for the shuttle
    # the cargo shuttle leaves portal 1: a d6 of 5 names no portal (re-roll), then 3
    new, out = ab.raid(state, "violet", ScriptedDice([face, 5, 3]))
    cs = new.civs["violet"]
    assert cs.resources == 29 + gain
    assert sum(cs.repair.values()) == (aboard if defeated else 0)
    assert sum(cs.field.values()) == 3 - (aboard if defeated else 0)
    # "поражение атакующего шаттла (фишки в ремонт)": a defeated shuttle leaves the board
    assert [s.aboard for s in cs.shuttles] == ([] if defeated else [units])
    assert new.cargo_portal == 3
    assert [r.value for r in out.rolls] == [face, 5, 3]


def test_raid_refusals() -> None:
    state = deploy(new_game(variant="hard"), "violet", engineer=1)
    with raises_refusal(RuleError, match="Hard variant"):
        ab.raid(state, "violet", ScriptedDice([]))


def test_a_raid_needs_your_own_shuttle() -> None:
    """The seed: "Для его атаки необходимо подойти вплотную своим шаттлом": no shuttle of your own, no
    raid; the refusal says how to get one, and nothing changes or is rolled."""
    state = deploy(new_game(), "violet", engineer=1, recon=1)
    dice = ScriptedDice([])
    with pytest.raises(RuleError) as refused:
        ab.raid(state, "violet", dice)
    assert refusal(refused.value) == (
        "Violet Federation has no shuttle to bring next to the cargo shuttle: activate one next "
        "to a class-3 asteroid with /asteroids shuttle (units-aboard: your units), bring it "
        "next to the cargo shuttle, then raid with it."
    )
    assert refusal(refused.value, "ru").startswith(
        "У Фиолетовой Федерации нет шаттла, чтобы подойти вплотную к грузовому"
    )
    assert dice.draws == []
    # another civilisation's shuttle is not yours
    orange = shuttle_with(deploy(state, "orange", engineer=1), "orange", "engineer")
    with raises_refusal(RuleError, match="Violet Federation has no shuttle"):
        ab.raid(orange, "violet", ScriptedDice([]))
    # an empty shuttle has no units to raid with
    empty = shuttle_with(state, "violet")
    with raises_refusal(RuleError, match="shuttle 1 carries no units: board 1 to 3"):
        ab.raid(empty, "violet", ScriptedDice([]))
    # two shuttles: name the one next to the cargo shuttle; a number that is not yours
    two = shuttle_with(shuttle_with(state, "violet", "engineer"), "violet", "recon", at="g2")
    assert [s.number for s in two.civs["violet"].shuttles] == [1, 2]
    with raises_refusal(InputError, match="has shuttles 1, 2: name the one"):
        ab.raid(two, "violet", ScriptedDice([]))
    with raises_refusal(RuleError, match="no shuttle 3: its shuttles are 1, 2"):
        ab.raid(two, "violet", ScriptedDice([]), shuttle=3)
    new, out = ab.raid(two, "violet", ScriptedDice([1, 2]), shuttle=2)
    assert out.event(ab.Raided).number == 2
    # face 1: shuttle 2 is lost, its recon to repair; shuttle 1 stays with its engineer
    cs = new.civs["violet"]
    assert [(s.number, s.aboard) for s in cs.shuttles] == [(1, ["engineer"])]
    assert cs.repair["recon"] == 1 and cs.field["recon"] == 0
    assert out.event(ab.RaidLost) == ab.RaidLost(civ="violet", units=("recon",), number=2)


def test_shuttles_are_created_boarded_moved_and_emptied() -> None:
    """The seed: "В шаттле могут поместится до 3 отрядов", "Скорость передвижения определяется кубиком -
    от 1 до 6", "Если в шаттле больше нет отрядов, он убирается с поля"."""
    state = deploy(new_game(), "violet", engineer=2, assault=1, recon=1)
    state, out = ab.activate_shuttle(state, "violet", "g1", ["engineer"])
    assert out.kinds() == [ab.ShuttleActivated, ab.Boarded]
    state, _ = ab.board(state, "violet", None, ["assault", "recon"])
    assert state.civs["violet"].shuttles[0].aboard == ["engineer", "assault", "recon"]
    with raises_refusal(RuleError, match="already carries 3: at most 3 aboard"):
        ab.board(state, "violet", 1, ["engineer"])
    # a unit already aboard cannot board a second shuttle
    state, _ = ab.activate_shuttle(state, "violet", "g2")
    with raises_refusal(RuleError, match="1 engineer squad in the field ready to act and not"):
        ab.board(state, "violet", 2, ["engineer", "engineer"])
    # the speed die, once per turn; moving costs nothing
    before = state.civs["violet"].resources
    state, out = ab.move_shuttle(state, "violet", 1, ScriptedDice([4]))
    assert out.event(ab.ShuttleMoved).speed == 4
    assert state.civs["violet"].resources == before
    with raises_refusal(RuleError, match=r"already moved this turn \(speed 4\)"):
        ab.move_shuttle(state, "violet", 1, ScriptedDice([6]))
    # unloading part, then the rest: the empty shuttle leaves the board
    state, out = ab.unload(state, "violet", 1, ["recon"])
    assert out.kinds() == [ab.Unloaded]
    state, out = ab.unload(state, "violet", 1)
    assert out.kinds() == [ab.Unloaded, ab.ShuttleGone]
    assert [s.number for s in state.civs["violet"].shuttles] == [2]
    # the next shuttle takes the lowest free number
    state, out = ab.activate_shuttle(state, "violet", "g3", ["recon"])
    assert out.event(ab.ShuttleActivated).number == 1


def test_a_lost_shuttle_fight_empties_the_shuttle() -> None:
    state = shuttle_with(deploy(new_game(), "violet", recon=1), "violet", "recon")
    state = deploy(state, "orange", assault=2)
    # Orange's shuttle (2 aboard, +1) beats Violet's (1 aboard): 1 vs 6+1
    new, _ = ab.shuttle_fight(
        state, "orange", ["assault", "assault"], "violet", ["recon"], ScriptedDice([6, 1])
    )
    cs = new.civs["violet"]
    assert cs.shuttles == [] and cs.repair["recon"] == 1


def test_old_states_load_without_shuttles() -> None:
    stored = json.loads(dump(new_game()))
    for cs in stored["civs"].values():
        del cs["shuttles"]
    state = ab.AsteroidBeltState.model_validate(stored)
    assert all(cs.shuttles == [] for cs in state.civs.values())


# --------------------------------------------------------------------------------------------
# Disbanding
# --------------------------------------------------------------------------------------------
def test_disband_own_unit() -> None:
    """The seed: "Если какой-то из своих отрядов занимает нужную клетку и мешает передвижению и
    достижению целей, его можно ликвидировать": the unit leaves the field (bot's choice: for
    repair, no refund)."""
    state = deploy(new_game(), "violet", engineer=2)
    new, out = ab.disband(state, "violet", "engineer")
    cs = new.civs["violet"]
    assert (cs.field["engineer"], cs.repair["engineer"]) == (1, 1)
    assert cs.resources == state.civs["violet"].resources
    assert out.event(ab.Disbanded) == ab.Disbanded(civ="violet", unit="engineer", count=1, field=1)
    with raises_refusal(RuleError, match="has 1 engineer squad in the field, not 2"):
        ab.disband(new, "violet", "engineer", 2)
    with raises_refusal(RuleError, match="has 0 assault squad in the field"):
        ab.disband(new, "violet", "assault")
    # a unit aboard goes last; the last one aboard empties its shuttle
    boarded = shuttle_with(new, "violet", "engineer")
    gone, _ = ab.disband(boarded, "violet", "engineer")
    assert gone.civs["violet"].shuttles == []
    # the disbanded elite may be created ("resurrected") again
    elite = deploy(state, "violet", elite=1)
    elite, _ = ab.disband(elite, "violet", "elite")
    assert elite.civs["violet"].repair["elite"] == 1


def test_pick_portal() -> None:
    # a d6, re-rolled until it names another portal
    dice = ScriptedDice([6, 2, 4])
    log = ab.RollLog(dice)
    assert ab.pick_portal(log, 4, 2, "ab-roll-cargo-new") == 4
    # the history keeps the dice labelled in English
    draws = history_row(ab.Outcome(action="raid", rolls=tuple(log.rolls)))[1]
    assert [(d["kind"], d["label"], d["value"]) for d in draws] == [
        ("d6", "cargo shuttle's new portal", 6),
        ("d6", "cargo shuttle's new portal (re-roll)", 2),
        ("d6", "cargo shuttle's new portal (re-roll)", 4),
    ]
    assert [(d.kind, d.value) for d in dice.draws] == [(d["kind"], d["value"]) for d in draws]
    # the rolls keep their catalog key, so a reply can label them in Russian
    log = ab.RollLog(ScriptedDice([5, 3]))
    assert ab.pick_portal(log, 4, 1, "ab-roll-cargo-new") == 3
    assert [(r.label.key, r.label.kwargs, r.value) for r in log.rolls] == [
        ("ab-roll-cargo-new", {"again": "no"}, 5),
        ("ab-roll-cargo-new", {"again": "yes"}, 3),
    ]
    assert render("ru", log.rolls[1].label) == "новый портал грузового шаттла (переброс)"
    # two portals: the other one, no die
    dice = ScriptedDice([])
    assert ab.pick_portal(ab.RollLog(dice), 2, 1, "ab-roll-cargo-new") == 2 and dice.draws == []
    # more than 6 portals: one die over the other portals (a d9 of 9 is portal 10)
    dice = ScriptedDice([9])
    log = ab.RollLog(dice)
    assert ab.pick_portal(log, 10, 4, "ab-roll-cargo-new") == 10
    assert (
        dice.draws[0].kind == "d9"
        and history_row(ab.Outcome("raid", rolls=tuple(log.rolls)))[1][0]["kind"] == "d9"
    )


def test_raid_single_portal_stays() -> None:
    state = shuttle_with(deploy(new_game(portals=1), "violet", engineer=1), "violet", "engineer")
    new, out = ab.raid(state, "violet", ScriptedDice([3]))
    assert new.cargo_portal == 1 and len(out.rolls) == 1


# --------------------------------------------------------------------------------------------
# Reinforcement, variants, victory
# --------------------------------------------------------------------------------------------
def wiped(civ: ab.CivId = "violet", resources: int = 5) -> ab.AsteroidBeltState:
    state = new_game().model_copy(deep=True)
    cs = state.civs[civ]
    for u in ab.UNIT_TYPES:
        cs.repair[u] = cs.reserve[u]
        cs.reserve[u] = 0
    cs.resources = resources
    return state


def test_reinforcement_conditions() -> None:
    state, _out = ab.reinforce(wiped(resources=9), "violet")
    cs = state.civs["violet"]
    assert cs.resources == 29
    assert cs.reserve == {"engineer": 1, "assault": 1, "recon": 1, "elite": 1}
    assert cs.repair == {"engineer": 1, "assault": 0, "recon": 1, "elite": 0}
    assert cs.reinforcement_used
    # once per game
    again = state.model_copy(deep=True)
    again.civs["violet"].reserve = dict.fromkeys(ab.UNIT_TYPES, 0)
    again.civs["violet"].resources = 0
    with raises_refusal(RuleError, match="already had"):
        ab.reinforce(again, "violet")
    # not while units are left
    with raises_refusal(RuleError, match="no units left"):
        ab.reinforce(set_res(new_game(), "violet", 0), "violet")
    # not while a unit is affordable (10 for an engineer)
    with raises_refusal(RuleError, match="has 10 resources and the cheapest unit costs 10"):
        ab.reinforce(wiped(resources=10), "violet")
    # Green's engineers cost 8
    with raises_refusal(RuleError, match="cheapest unit costs 8"):
        ab.reinforce(wiped("green", resources=8), "green")
    ab.reinforce(wiped("green", resources=7), "green")


def test_fast_variant_starts_with_four_vp() -> None:
    state = new_game(variant="fast")
    assert [state.civs[c].vp for c in ALL3] == [4, 4, 4]
    state = deploy(state, "violet", engineer=1)
    state, _ = ab.build_mine(flag(state, "r1"), "violet", "r1")
    assert state.civs["violet"].vp == 5


def test_victory_locks_the_campaign() -> None:
    state = deploy(new_game(goal=3), "violet", engineer=1)
    state, out = ab.build_mine(flag(state, "y1"), "violet", "y1")
    assert state.winner is None and out.winner is None
    state, out = ab.build_mine(flag(state, "r1"), "violet", "r1")
    assert state.winner == "violet" and out.winner == "violet"
    assert out.event(ab.Victory) == ab.Victory(civ="violet", vp=3, goal=3)
    assert "Violet Federation won" in render("en", ab.summarize(state))
    with raises_refusal(RuleError, match="game is over"):
        ab.end_turn(state)
    with raises_refusal(RuleError, match="game is over"):
        ab.move(state, "violet", "engineer")
    with raises_refusal(RuleError, match="game is over"):
        ab.require_turn(state, "violet")
    assert ab.suggest_asteroids(state, "y", ["mine"]) == ["y1"]  # reading still works


# --------------------------------------------------------------------------------------------
# Turns and permissions
# --------------------------------------------------------------------------------------------
def test_turn_order_and_permissions() -> None:
    state = new_game()
    assert ab.current_civ(state) == "violet"
    assert ab.require_turn(state, "violet") == "violet"
    with raises_refusal(NotAllowed, match="It is Violet Federation's turn"):
        ab.require_turn(state, "orange")
    with raises_refusal(NotAllowed, match="join"):
        ab.require_turn(state, None)
    assert ab.require_turn(state, None, gm=True) == "violet"
    ab.require_may_act_for(state, "violet", "violet")
    with pytest.raises(NotAllowed):
        ab.require_may_act_for(state, "violet", "orange")
    # the natives against Violet are played by Orange, against Green by Violet
    ab.require_may_act_for(state, "orange", "natives", against="violet")
    ab.require_may_act_for(state, "violet", "natives", against="green")
    with raises_refusal(NotAllowed, match="Orange Empire plays the natives"):
        ab.require_may_act_for(state, "green", "natives", against="violet")
    ab.require_may_act_for(state, "green", "orange", gm=True)
    state, _ = ab.end_turn(state)
    state, _ = ab.end_turn(state)
    state, _out = ab.end_turn(state)
    assert ab.current_civ(state) == "violet" and state.turn == 4 and state.round == 2


def test_join() -> None:
    state = new_game()
    state, _out = ab.join(state, "Orange Empire", 111)
    assert state.civs["orange"].member_id == 111
    assert ab.civ_of_member(state, 111) == "orange"
    with raises_refusal(RuleError, match="already play"):
        ab.join(state, "green", 111)
    with raises_refusal(RuleError, match="already claimed"):
        ab.join(state, "orange", 222)
    with pytest.raises(InputError):
        ab.join(new_game(("violet", "orange")), "green", 5)


# --------------------------------------------------------------------------------------------
# Lookups and autocomplete
# --------------------------------------------------------------------------------------------
def test_asteroid_lookup_case_insensitive() -> None:
    state = new_game()
    assert ab.find_asteroid(state, " Y3 ").label == "y3"
    assert ab.find_asteroid(state, "V1").number == 5
    with raises_refusal(InputError, match="No asteroid 'x9'"):
        ab.find_asteroid(state, "x9")
    with raises_refusal(InputError, match="No asteroid 'r11'"):
        ab.find_asteroid(state, "r11")


def test_suggestions() -> None:
    state = new_game()
    assert len(ab.suggest_asteroids(state)) == 25
    assert ab.suggest_asteroids(state, "R1") == ["r1", "r10"]
    assert ab.suggest_asteroids(state, "b") == ["b1", "b2", "b3", "b4"]
    assert ab.suggest_asteroids(state, "v", ["mine"]) == ["v1", "v2", "v3"]
    assert ab.suggest_asteroids(state, "v", ["free"]) == ["v4", "v5"]
    assert ab.suggest_asteroids(state, "", ["mine"], civ="orange") == ["v2"]
    assert ab.suggest_asteroids(state, "3") == ["r3", "y3", "g3", "b3", "v3"]
    assert ab.suggest_asteroids(state, "zz") == []


def test_parse_names() -> None:
    assert ab.parse_unit("Штурмовой отряд") == "assault"
    assert ab.parse_unit("ENGINEER") == "engineer"
    assert ab.parse_civ("Зелёная Анархия") == "green"
    assert ab.parse_civ("зеленая") == "green"
    assert ab.parse_units("assault, 2 recon") == ["assault", "recon", "recon"]
    assert ab.parse_owner("Natives") == "natives"
    assert ab.parse_civs("violet orange green") == ["violet", "orange", "green"]
    assert ab.parse_civs("Зелёная Анархия violet") == ["green", "violet"]
    assert ab.parse_civs("Orange Empire, Violet Federation") == ["orange", "violet"]
    assert ab.parse_civs("green Violet Federation") == ["green", "violet"]
    with pytest.raises(InputError):
        ab.parse_units("")


# --------------------------------------------------------------------------------------------
# State hygiene
# --------------------------------------------------------------------------------------------
def test_rule_functions_do_not_mutate_their_input() -> None:
    state = deploy(new_game(), "violet", engineer=1, assault=1)
    state = deploy(state, "orange", engineer=1)
    before = dump(state)
    ab.move(state, "violet", "engineer")
    ab.target(state, "violet", "r1")
    ab.fight(state, "violet", "assault", "orange", "engineer", ScriptedDice([6, 1]))
    ab.raid(shuttle_with(state, "violet", "engineer"), "violet", ScriptedDice([1, 2]))
    ab.disband(state, "violet", "engineer")
    ab.create(state, "violet", "engineer", ScriptedDice([]))
    ab.use_token(state, "violet")
    ab.end_turn(state)
    ab.build_mine(flag(state, "r2"), "violet", "r2")
    assert dump(state) == before


def test_no_rule_changes_its_input_or_an_earlier_state() -> None:
    """Rules copy only what they change and share the rest with their input: a whole game's
    worth of states, each dumped when made, must still read the same at the end."""
    states: list[tuple[ab.AsteroidBeltState, str]] = []

    def keep(state: ab.AsteroidBeltState) -> ab.AsteroidBeltState:
        states.append((state, dump(state)))
        return state

    state = keep(deploy(new_game(), "violet", assault=2, engineer=1))
    state = keep(deploy(state, "orange", engineer=2, assault=1))
    state = keep(ab.join(state, "violet", 11)[0])
    state = keep(ab.join(state, "orange", 22)[0])
    state = keep(ab.target(state, "violet", "b1")[0])  # engineer + recon guards
    state = keep(ab.move(state, "violet", "recon", from_base=True)[0])
    state = keep(ab.use_token(state, "violet", "scan")[0])
    state = keep(ab.create(state, "violet", "engineer", ScriptedDice([]))[0])
    state = keep(ab.activate_shuttle(state, "violet", "g1", ["engineer"])[0])
    # assault 6+1 beats engineer 1: the engineer goes to repair
    state = keep(
        ab.fight(state, "violet", "assault", "orange", "engineer", ScriptedDice([6, 1]))[0]
    )
    state = keep(ab.raid(state, "violet", ScriptedDice([1, 2]))[0])
    # Violet's shuttle (2 aboard, +1) beats Orange's (1 aboard): 6+1 vs 1; Orange's to repair
    state = keep(
        ab.shuttle_fight(
            state, "violet", ["assault", "recon"], "orange", ["engineer"], ScriptedDice([6, 1])
        )[0]
    )
    state = keep(ab.end_turn(state)[0])  # b1's guards are due
    # guard engineer 1 vs recon 6: removed; guard recon 1 vs assault 6+1: loses, stays
    state = keep(
        ab.resolve_guards(state, "b1", ["recon", "assault"], ScriptedDice([1, 6, 1, 6]))[0]
    )
    state = keep(ab.end_turn(state)[0])
    state = keep(ab.end_turn(state)[0])
    # Violet's assault 6+1 beats the recon guard's 1: the flag goes up
    state = keep(ab.attack_guards(state, "violet", "b1", "assault", ScriptedDice([6, 1]))[0])
    assert ab.find_asteroid(state, "b1").status == "flag"
    state = keep(ab.build_mine(state, "violet", "b1")[0])
    state = keep(ab.create(state, "violet", "engineer", ScriptedDice([]), at="b1")[0])
    state = keep(ab.end_turn(state)[0])
    for i, (old, text) in enumerate(states):
        assert dump(old) == text, f"state {i} changed later"


def test_json_round_trip_after_play() -> None:
    state = deploy(new_game(), "violet", engineer=1)
    state, _ = ab.target(state, "violet", "b1")
    state, _ = ab.end_turn(state)
    state, _ = ab.join(state, "violet", 42)
    raw = json.loads(json.dumps(state.model_dump(mode="json")))
    back = ab.AsteroidBeltState.model_validate(raw)
    assert back == state
    assert dump(back) == dump(state)


def test_summarize() -> None:
    state = new_game()
    line = render("en", ab.summarize(state))
    assert "\n" not in line
    assert line.startswith("Asteroid Belt (standard), turn 1: Violet Federation to play")
    assert "Orange Empire 0/20 VP 30 res" in line


def test_acting_civ() -> None:
    state = new_game()
    # a player acts for itself, on its own turn only
    assert ab.acting_civ(state, "violet") == "violet"
    with raises_refusal(NotAllowed, match="It is Violet Federation's turn"):
        ab.acting_civ(state, "orange")
    with raises_refusal(NotAllowed, match="only the game master may act for Violet"):
        ab.acting_civ(state, "orange", requested="violet")
    with raises_refusal(NotAllowed, match="join"):
        ab.acting_civ(state, None)
    # the game master: whose turn it is by default, anyone on request
    assert ab.acting_civ(state, None, gm=True) == "violet"
    assert ab.acting_civ(state, "violet", gm=True, requested="green") == "green"
    # a game master who also plays acts for itself, on its own turn, unless it names another
    assert ab.acting_civ(state, "violet", gm=True) == "violet"
    with raises_refusal(NotAllowed, match="name the civilisation to act out of turn"):
        ab.acting_civ(state, "orange", gm=True)
    assert ab.acting_civ(state, "orange", gm=True, requested="orange") == "orange"
    with raises_refusal(InputError, match="not in this game"):
        ab.acting_civ(new_game(("violet", "orange")), None, gm=True, requested="green")


def test_suggestions_by_class() -> None:
    state = new_game()
    assert ab.suggest_asteroids(state, "", classes=[3]) == [f"g{i}" for i in range(1, 9)]
    assert ab.suggest_asteroids(state, "4", classes=[3, 4]) == ["g4", "b4"]


# --------------------------------------------------------------------------------------------
# Refusals carry a catalog key: the same refusal reads in English and in Russian
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "key", "russian"),
    [
        (
            lambda s: ab.acting_civ(s, "orange"),
            "ab-err-not-your-turn",
            "Сейчас ход цивилизации «Фиолетовая Федерация», не ваш: дождитесь /астероиды конец-хода.",
        ),
        (
            lambda s: ab.parse_unit("танк"),
            "ab-err-unknown-unit",
            "Неизвестный отряд «танк»: укажите инженер, штурмовик, разведчик или элита.",
        ),
        (
            lambda s: ab.move(s, "violet", "recon", moves=40),
            "ab-err-cost",
            "Стоимость — 40 (передвижение: разведывательный отряд, 40 × 1), а у Фиолетовой "
            "Федерации только 32.",
        ),
        (
            lambda s: ab.target(s, "violet", "r1"),
            "ab-err-need-unit-target",
            "Фиолетовая Федерация должна иметь отряд в поле в радиусе 2 клеток от астероида.",
        ),
        (
            lambda s: ab.build_mine(s, "violet", "v2"),
            "ab-err-already-mine",
            "v2 — уже шахта цивилизации «Оранжевая Империя».",
        ),
        (
            lambda s: ab.fight(s, "violet", "assault", "orange", "engineer", ScriptedDice([])),
            "ab-err-no-field-reserve",
            "У Фиолетовой Федерации нет в поле ни одного штурмового отряда: в резерве на базе — 1 "
            "(сначала выведите отряд).",
        ),
    ],
)
def test_refusals_are_keyed_and_read_in_russian(action: object, key: str, russian: str) -> None:
    state = new_game()
    with pytest.raises((RuleError, InputError, NotAllowed)) as refused:
        action(state)  # type: ignore[operator]
    assert refused.value.key == key
    assert refusal(refused.value, "ru") == russian
    assert refusal(refused.value, "en") == refusal(refused.value)


def test_cost_refusal_says_squads_in_the_plural() -> None:
    state = set_res(new_game(), "violet", 0)
    price = ab.price("violet", "assault")
    with pytest.raises(RuleError) as one:
        ab.create(state, "violet", "assault", Dice.seeded(1), count=1)
    assert f"1 assault squad at {price} each" in refusal(one.value)
    with pytest.raises(RuleError) as two:
        ab.create(state, "violet", "assault", Dice.seeded(1), count=2)
    assert f"2 assault squads at {price} each" in refusal(two.value)


def test_campaign_exists_takes_an_before_a_vowel() -> None:
    from bot.catalog import Msg, t

    text = t("en", "campaign-exists", game=Msg("game-imperial_assault"))
    assert text.startswith("This channel already runs an Imperial Assault campaign")
    assert "runs a GDW Imperium campaign" in t("en", "campaign-exists", game=Msg("game-imperium"))


def test_russian_by_elite_description_says_the_elite_creates_the_unit() -> None:
    from bot.catalog import attribute

    desc = attribute("ru", "opt-asteroids-create--by-elite", "desc")
    assert (
        desc is not None and "элитный отряд" in desc and "создаёт отряд вашей цивилизации" in desc
    )
