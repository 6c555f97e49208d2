"""Median time of the exact odds of a 10-vs-10 Weewar battle, in process.

Prints the cold time (the loss-distribution cache cleared before every call: the full exact
binomial arithmetic for both strikes) and the warm time (cache hit). Target: under 1 ms.

Run: python benchmarks/bench_weewar_odds.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.rules import weewar as w

RUNS = 2000


def _median_us(call: Callable[[], object], runs: int = RUNS, clear: bool = False) -> float:
    times: list[float] = []
    for _ in range(runs):
        if clear:
            w.loss_distribution.cache_clear()
        start = time.perf_counter_ns()
        call()
        times.append((time.perf_counter_ns() - start) / 1000)
    return statistics.median(times)


def main() -> None:
    # Tank vs Trooper, 10 v 10, both strike: 60 dice each way.
    setup = w.make_setup("Tank", "Trooper", attackers=10, defenders=10)
    odds = w.battle_odds(setup)
    assert sum(odds.defender_losses) == 1 and sum(odds.attacker_losses) == 1

    def run() -> None:
        w.battle_odds(setup)

    cold = _median_us(run, clear=True)
    warm = _median_us(run)
    print(f"weewar exact odds 10v10 (cold, no cache): median {cold:.1f} µs")
    print(f"weewar exact odds 10v10 (warm, cached):   median {warm:.1f} µs")
    print(f"target < 1000 µs: {'met' if cold < 1000 else 'MISSED'}")


if __name__ == "__main__":
    main()
