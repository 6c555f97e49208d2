"""Exact odds for the largest cases, in process: median µs per call.

Uses the games' own odds benchmarks (``bench_weewar_odds.py``, ``bench_imperium_odds.py``):
- Weewar 10 v 10 (Tank against Trooper, both strike: 60 dice each way): the exact loss
  distributions of both strikes.
- Imperium initiative for a system with 20 ships (modifiers from the roster + exact odds).
- Imperium maintenance of 20 ships (the plan + exact per-ship fates and distributions).
- /roll at its size limit (100d6, 40d100, 10d6kh3, 2d100kh1): the expression read, its exact
  distribution and the roll.

Run alone: python -m benchmarks.odds [--runs 2000]
"""

from __future__ import annotations

import argparse
from typing import Any

from benchmarks import bench_imperium_odds as bim
from benchmarks import bench_weewar_odds as bww
from bot.rules import imperium as im
from bot.rules import roll as rl
from bot.rules import weewar as w
from bot.rules.dice import Dice


def measure(runs: int) -> list[dict[str, Any]]:
    setup = w.make_setup("Tank", "Trooper", attackers=10, defenders=10)
    odds = w.battle_odds(setup)
    assert sum(odds.defender_losses) == 1 and sum(odds.attacker_losses) == 1

    def battle() -> None:
        w.battle_odds(setup)

    state = bim._system_with_20_ships()
    system = "Alpha Centauri"
    _, _, initiative_odds = im.initiative_preview(state, system)
    assert sum(initiative_odds.values()) == 1
    plan = im.plan_maintenance(state, system, overhaul=["S00", "S01"])
    assert len(plan.ships) == 20 and sum(im.maintenance_odds(plan).destroyed) == 1

    def initiative() -> None:
        im.initiative_preview(state, system)

    def maintenance() -> None:
        im.maintenance_odds(im.plan_maintenance(state, system, overhaul=["S00", "S01"]))

    def largest_roll(expression: str) -> dict[str, Any]:
        dice = Dice.seeded(1)
        return {
            "case": f"/roll {expression} (at the size limit)",
            "us": bww._median_us(lambda: rl.roll(expression, dice), max(1, runs // 100)),
        }

    return [
        {"case": "Weewar 10 v 10", "us": bww._median_us(battle, runs)},
        *(largest_roll(e) for e in ("100d6", "40d100", "10d6kh3", "2d100kh1")),
        {"case": "Imperium initiative, 20 ships", "us": bim._median_us(initiative, runs)},
        {
            "case": "Imperium maintenance plan + odds, 20 ships",
            "us": bim._median_us(maintenance, runs),
        },
    ]


def table(result: list[dict[str, Any]]) -> str:
    return "\n".join(f"{r['case']:<44} median {r['us']:8.1f} µs" for r in result)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    print(table(measure(args.runs)))


if __name__ == "__main__":
    main()
