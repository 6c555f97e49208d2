"""GDW Imperium fix kit rules: overhaul, routine and frontier maintenance and their exact
odds. Expected values come from the fix kit's text or are worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.campaigns import history_row
from bot.rules import imperium as im
from bot.rules.dice import ScriptedDice
from bot.rules.errors import RuleError
from tests.refusals import raises_refusal
from tests.rules.imperium_helpers import NO_DICE, add, campaign

# ------------------------------------------------------------------------------------------
# Maintenance
# ------------------------------------------------------------------------------------------


def test_alpha_centauri_two_worlds_maintain_ten_ships_of_four() -> None:
    state = campaign()
    for n in range(10):
        state = add(state, f"CR{n}", "terran", "capital", system="Alpha Centauri", maintenance=4)
    assert im.find_system(state, "Alpha Centauri").routine_factors == 40
    _new, out = im.maintain(state, "Alpha Centauri", ScriptedDice([]))
    assert [s.care for s in out.ships] == ["routine"] * 10
    assert out.factors_used == 40
    # an eleventh ship gets frontier maintenance
    state = add(state, "CR10", "terran", "capital", system="Alpha Centauri", maintenance=4)
    plan = im.plan_maintenance(state, "Alpha Centauri")
    assert [s.name for s in plan.ships if s.care == "frontier"] == ["CR9"]


def test_overhaul_costs_maintenance_number_in_rus() -> None:
    state = campaign(terran=10)
    state = add(
        state, "Mom", "terran", "capital", type_name="mothership", maintenance=None, disrupted=True
    )
    new, out = im.maintain(state, "Sol", NO_DICE, overhaul=["mom"])
    assert new.rus["terran"] == 7 and out.paid["terran"] == 3
    assert not im.find_ship(new, "Mom").disrupted
    assert out.ships[0].care == "overhaul" and out.ships[0].after == "undisrupted"
    poor, _ = im.set_rus(state, "terran", stock=2)
    with raises_refusal(RuleError, match="cost Terran 3 RU; it has 2 RU"):
        im.maintain(poor, "Sol", NO_DICE, overhaul=["Mom"])


def test_overhaul_needs_a_friendly_world() -> None:
    state = campaign(terran=10, imperial=10)
    state = add(state, "A", "terran", "capital", system="Barnard")  # outpost only
    state = add(state, "B", "imperial", "capital", system="Sol")
    with raises_refusal(RuleError, match="friendly world"):
        im.maintain(state, "Barnard", NO_DICE, overhaul=["A"])
    with raises_refusal(RuleError, match="only in a system its side owns"):
        im.maintain(state, "Sol", NO_DICE, overhaul=["B"])


@pytest.mark.parametrize(
    ("disrupted", "die", "after"),
    [
        (False, 1, "disrupted"),
        (False, 2, "disrupted"),
        (False, 3, "undisrupted"),
        (False, 6, "undisrupted"),
        (True, 1, "destroyed"),
        (True, 2, "disrupted"),
        (True, 3, "undisrupted"),
        (True, 6, "undisrupted"),
    ],
)
def test_frontier_maintenance_outcomes(disrupted: bool, die: int, after: str) -> None:
    state = campaign()
    # an Imperial missile boat (maintenance 2) in a Terran system gets frontier maintenance
    state = add(
        state,
        "MB",
        "imperial",
        "other",
        type_name="missile boat",
        maintenance=None,
        disrupted=disrupted,
    )
    dice = ScriptedDice([die])
    new, out = im.maintain(state, "Sol", dice)
    assert [d["label"] for d in history_row(out)[1]] == ["frontier maintenance: MB"]
    rec = out.ships[0]
    assert (rec.care, rec.die, rec.after) == ("frontier", die, after)
    if after == "destroyed":
        assert new.ships == []
    else:
        assert im.find_ship(new, "MB").disrupted is (after == "disrupted")


def test_frontier_odds_by_hand() -> None:
    assert im.frontier_odds(2, False) == {
        "undisrupted": Fraction(4, 6),
        "disrupted": Fraction(2, 6),
        "destroyed": 0,
    }
    assert im.frontier_odds(2, True) == {
        "undisrupted": Fraction(4, 6),
        "disrupted": Fraction(1, 6),
        "destroyed": Fraction(1, 6),
    }
    assert im.frontier_odds(6, True)["disrupted"] == Fraction(5, 6)


@pytest.mark.parametrize("disrupted", [False, True])
def test_frontier_odds_count_the_faces_the_roll_gives(disrupted: bool) -> None:
    """The odds shown are the faces of the die that give each fate when rolled."""
    for maintenance in range(21):
        ship = im.PlannedShip("F", "terran", maintenance, disrupted, "frontier")
        plan = im.MaintenancePlan("X", 0, None, (ship,), {"terran": 0, "imperial": 0})
        state, _ = im.new_campaign([1], [2])
        faces: dict[str, int] = {fate: 0 for fate in ("undisrupted", "disrupted", "destroyed")}
        for die in range(1, 7):
            _, out = im.apply_maintenance(state, plan, ScriptedDice([die]))
            faces[out.ships[0].after] += 1
        expected = {fate: Fraction(n, 6) for fate, n in faces.items()}
        assert im.frontier_odds(maintenance, disrupted) == expected
        assert out.ships[0].odds == expected


def test_routine_covers_highest_maintenance_first() -> None:
    state = campaign()
    # Barnard: one outpost, 6 factors. Maintenance 4 first (2 left), 3 does not fit,
    # the first 2 fits (0 left), the second 2 does not.
    state = add(state, "a4", "terran", "capital", system="Barnard", maintenance=4)
    state = add(state, "b3", "terran", "capital", system="Barnard", maintenance=3)
    state = add(state, "c2", "terran", "capital", system="Barnard", maintenance=2)
    state = add(state, "d2", "terran", "capital", system="Barnard", maintenance=2, disrupted=True)
    plan = im.plan_maintenance(state, "Barnard")
    care = {s.name: s.care for s in plan.ships}
    # among equal numbers the disrupted ship is maintained first
    assert care == {"a4": "routine", "b3": "frontier", "c2": "frontier", "d2": "routine"}
    # players may name the ships themselves
    plan = im.plan_maintenance(state, "Barnard", routine=["b3", "c2"])
    assert {s.name for s in plan.ships if s.care == "routine"} == {"b3", "c2"}
    with raises_refusal(RuleError, match="need 7 maintenance factors; Barnard gives 6"):
        im.plan_maintenance(state, "Barnard", routine=["a4", "b3"])


def test_maintenance_odds_are_exact() -> None:
    state = campaign()
    state = add(state, "E1", "imperial", "other", maintenance=2, disrupted=True)
    state = add(state, "E2", "imperial", "other", maintenance=2, disrupted=True)
    plan = im.plan_maintenance(state, "Sol")
    odds = im.maintenance_odds(plan)
    # each destroyed with 1/6: none 25/36, one 10/36, two 1/36
    assert odds.destroyed == (Fraction(25, 36), Fraction(10, 36), Fraction(1, 36))
    new, out = im.maintain(state, "Sol", ScriptedDice([1, 4]))
    assert out.ships[0].odds["destroyed"] == Fraction(1, 6)
    assert [(r.name, r.die, r.after) for r in out.ships] == [
        ("E1", 1, "destroyed"),
        ("E2", 4, "undisrupted"),
    ]
    assert [s.name for s in new.ships] == ["E2"]
    assert [s.name for s in state.ships] == ["E1", "E2"]


def test_maintenance_odds_with_ships_whose_fate_is_certain() -> None:
    ships = (
        im.PlannedShip("R", "terran", 2, True, "routine"),  # stays disrupted for sure
        im.PlannedShip("O", "terran", 2, True, "overhaul"),  # undisrupted for sure
        im.PlannedShip("F", "terran", 3, False, "frontier"),  # die 1-3 disrupted: 1/2
        im.PlannedShip("G", "terran", 6, True, "frontier"),  # die 1 destroyed, 2-6 disrupted
    )
    plan = im.MaintenancePlan("X", 0, "terran", ships, {"terran": 0, "imperial": 0})
    odds = im.maintenance_odds(plan)
    # disrupted afterwards: R always; F 1/2; G 5/6 -> one 1/2*1/6, two 1/2*1/6 + 1/2*5/6,
    # three 1/2*5/6
    assert odds.disrupted == (0, Fraction(1, 12), Fraction(1, 2), Fraction(5, 12), 0)
    assert odds.destroyed == (Fraction(5, 6), Fraction(1, 6), 0, 0, 0)
    assert odds.ships["O"] == {"undisrupted": 1, "disrupted": 0, "destroyed": 0}
    assert odds.ships["R"] == {"undisrupted": 0, "disrupted": 1, "destroyed": 0}


def test_maintenance_leaves_its_input_alone_and_applies_a_plan() -> None:
    state = campaign(terran=10)
    state = add(state, "A", "terran", "capital", maintenance=4)
    state = add(state, "B", "terran", "capital", maintenance=4, disrupted=True)
    state = add(state, "C", "terran", "capital", maintenance=4, disrupted=True)
    state = add(state, "D", "terran", "capital", maintenance=4)
    before = state.model_dump(mode="json")
    # no routine maintenance: A overhauled (4 RU); frontier: B (disrupted) die 1 destroyed,
    # C (disrupted) die 5 undisrupted, D die 2 (<= 4) disrupted
    new, out = im.maintain(state, "Sol", ScriptedDice([1, 5, 2]), overhaul=["A"], routine=[])
    assert state.model_dump(mode="json") == before
    assert [(s.name, s.disrupted) for s in new.ships] == [
        ("A", False),
        ("C", False),
        ("D", True),
    ]
    assert new.rus == {"terran": 6, "imperial": 0}
    assert [r.after for r in out.ships] == ["undisrupted", "destroyed", "undisrupted", "disrupted"]
    plan = im.plan_maintenance(state, "Sol", ["A"], [])
    again, out_again = im.apply_maintenance(state, plan, ScriptedDice([1, 5, 2]))
    assert again == new and out_again == out


# ------------------------------------------------------------------------------------------
# Properties and a sampling cross-check
# ------------------------------------------------------------------------------------------


@given(st.integers(0, 20), st.booleans())
def test_frontier_odds_sum_to_one(maintenance: int, disrupted: bool) -> None:
    odds = im.frontier_odds(maintenance, disrupted)
    assert sum(odds.values()) == 1 and all(v >= 0 for v in odds.values())
    if not disrupted:
        assert odds["destroyed"] == 0


@given(st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=12))
def test_maintenance_distributions_sum_to_one(ships: list[tuple[int, bool]]) -> None:
    plan = im.MaintenancePlan(
        system="X",
        factors=0,
        owner=None,
        ships=tuple(
            im.PlannedShip(f"s{i}", "terran", m, d, "frontier") for i, (m, d) in enumerate(ships)
        ),
        cost={"terran": 0, "imperial": 0},
    )
    odds = im.maintenance_odds(plan)
    assert sum(odds.destroyed) == 1 and sum(odds.disrupted) == 1
    assert len(odds.destroyed) == len(ships) + 1


@given(st.lists(st.tuples(st.integers(0, 8), st.booleans()), max_size=10), st.integers(0, 3))
def test_default_routine_fits_and_leaves_no_room_for_a_frontier_ship(
    ships: list[tuple[int, bool]], outposts: int
) -> None:
    state = campaign()
    state, _ = im.set_system(state, "Barnard", outposts=outposts)
    for n, (mnt, disrupted) in enumerate(ships):
        state = add(
            state,
            f"S{n}",
            "terran",
            "capital",
            system="Barnard",
            maintenance=mnt,
            disrupted=disrupted,
        )
    plan = im.plan_maintenance(state, "Barnard")
    assert plan.factors == 6 * outposts
    assert plan.factors_used <= plan.factors
    left = plan.factors - plan.factors_used
    assert all(s.maintenance > left for s in plan.ships if s.care == "frontier")
