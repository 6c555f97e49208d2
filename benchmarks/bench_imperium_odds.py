"""Median time of the Imperium fix kit's exact odds, in process.

1. Initiative: the exact chance each side wins the next initiative roll for a system with
   20 ships (modifiers found from the roster, then d6+mods against d6+mods with the tie rule).
2. Maintenance: the maintenance plan for a system with 20 ships (overhaul, routine by highest
   maintenance number, frontier for the rest) and the exact per-ship fate probabilities plus the
   distributions of ships destroyed and ships disrupted.

Run: python benchmarks/bench_imperium_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rules import imperium as im

RUNS = 2000


def _median_us(call: Callable[[], object], runs: int = RUNS) -> float:
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(times)


def _system_with_20_ships() -> im.ImperiumState:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Alpha Centauri", owner="terran", worlds=1, outposts=1)
    state, _ = im.begin_war(state)
    state, _ = im.set_rus(state, "terran", stock=100)
    classes: list[im.TClass] = ["capital", "other", "freighter", "fighter", "tanker"]
    for n in range(20):
        side: im.Side = "terran" if n < 14 else "imperial"
        state, _ = im.add_ship(
            state,
            name=f"S{n:02d}",
            side=side,
            type_name=f"type {n % 5}",
            tclass=classes[n % 5],
            maintenance=1 + n % 5,
            screen=n % 4,
            disrupted=n % 3 == 0,
            system="Alpha Centauri",
        )
    state.combats = [
        im.Combat(system="Alpha Centauri", round=1, last_initiative="terran", range="long")
    ]
    return state


def main() -> None:
    state = _system_with_20_ships()
    _, _, odds = im.initiative_preview(state, "Alpha Centauri")
    assert sum(odds.values()) == 1
    plan = im.plan_maintenance(state, "Alpha Centauri", overhaul=["S00", "S01"])
    mo = im.maintenance_odds(plan)
    assert sum(mo.destroyed) == 1 and len(plan.ships) == 20
    frontier = sum(1 for s in plan.ships if s.care == "frontier")

    def initiative() -> None:
        im.initiative_preview(state, "Alpha Centauri")

    def maintenance() -> None:
        im.maintenance_odds(im.plan_maintenance(state, "Alpha Centauri", overhaul=["S00", "S01"]))

    t_init = _median_us(initiative)
    t_raw = _median_us(lambda: im.initiative_odds(4, 3, True))
    t_maint = _median_us(maintenance)
    t_odds = _median_us(lambda: im.maintenance_odds(plan))
    print(f"imperium initiative odds, 20 ships (roster + exact odds): median {t_init:.1f} µs")
    print(f"imperium initiative odds, d6+mods only:                    median {t_raw:.1f} µs")
    print(
        f"imperium maintenance plan + exact odds, 20 ships ({frontier} frontier): "
        f"median {t_maint:.1f} µs"
    )
    print(f"imperium maintenance exact odds only, 20 ships:             median {t_odds:.1f} µs")


if __name__ == "__main__":
    main()
