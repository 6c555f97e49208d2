"""The whole benchmark suite: latency, throughput, growth and memory, start-up, exact odds.

Run: python -m benchmarks            (full size: a few minutes on 2 cores)
     python -m benchmarks --quick    (a short smoke run; numbers are only indicative)
     python -m benchmarks --only latency,odds --markdown out.md

Each part can also run alone: python -m benchmarks.latency (or .throughput, .scaleout, .growth,
.startup, .odds). See benchmarks/RESULTS.md for measured numbers and what they mean.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks import growth, latency, odds, scaleout, startup, throughput
from benchmarks.common import ROOT, machine

PARTS = ("latency", "throughput", "scaleout", "growth", "startup", "odds")

FULL = {
    "count": 300,
    "seconds": 20.0,
    "channels": 50,
    "scaleout_channels": 40,
    "campaigns": 10_000,
    "active": 1000,
    "runs": 2000,
    "startups": 5,
}
QUICK = {
    "count": 30,
    "seconds": 3.0,
    "channels": 50,
    "scaleout_channels": 20,
    "campaigns": 500,
    "active": 100,
    "runs": 200,
    "startups": 1,
}


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
        )
        return out.stdout.strip() or "?"
    except OSError:
        return "?"


def _summary(results: dict[str, Any]) -> list[str]:
    lines = []
    if "latency" in results:
        rows = results["latency"]
        r50, r99 = latency.TARGETS["reads"]
        c50, c99 = latency.TARGETS["commits"]
        for form in latency.FORMS:
            games = [r for r in rows if r["target"] and r["form"] == form]
            if not games:
                continue
            missed = [r["command"] for r in games if r["target"] != "met"]
            lines.append(
                f"latency, {form} forms: {len(games) - len(missed)} of {len(games)} game "
                f"commands on target (writing nothing: {r50}x / {r99}x /ping; committing: "
                f"{c50}x / {c99}x /ping + one durable commit)"
                + (f" (missed: {', '.join(missed)})" if missed else "")
            )
    if "throughput" in results:
        r = results["throughput"]
        lines.append(
            f"throughput: {r['bot']['rate']:.0f} commands/s = {r['ratio']:.2f} of the bare-commit "
            f"ceiling ({r['bare']['rate']:.0f}/s): {'met' if r['ratio'] >= 0.5 else 'MISSED'}"
        )
    if "growth" in results:
        r = results["growth"]
        flat = r["status ratio"] <= 1.2 and r["roll ratio"] <= 1.2
        lines.append(
            f"growth: /campaign status {r['status ratio']:.2f}x, /deploy-roll "
            f"{r['roll ratio']:.2f}x: {'met' if flat else 'MISSED'}; memory "
            f"{r['rss_active_mb']:.0f} MiB: {'met' if r['rss_active_mb'] * 2**20 < 150e6 else 'MISSED'}"
        )
    if "startup" in results:
        r = results["startup"]
        lines.append(
            f"start-up: {r['synced_median']:.2f} s: "
            f"{'met' if r['synced_max'] < startup.TARGET_SECONDS else 'MISSED'}"
        )
    return lines


def run(parts: list[str], size: dict[str, Any], markdown: Path | None) -> None:
    header = [
        f"machine: {machine()}",
        f"commit {_commit()}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
        f"load average before: {os.getloadavg()[0]:.2f}",
    ]
    print("\n".join(header), flush=True)
    sections: list[tuple[str, str]] = []
    results: dict[str, Any] = {}
    started = time.perf_counter()
    for part in parts:
        t0 = time.perf_counter()
        if part == "latency":
            rows = latency.rows(asyncio.run(latency.measure(size["count"])))
            results[part] = rows
            text = latency.table(rows)
            title = f"Latency ({size['count']} round trips each, after 20 warm-up rounds)"
        elif part == "throughput":
            results[part] = asyncio.run(throughput.measure(size["seconds"], size["channels"]))
            text = throughput.table(results[part])
            title = "Throughput"
        elif part == "scaleout":
            results[part] = asyncio.run(
                scaleout.measure(size["seconds"] * 0.75, size["scaleout_channels"])
            )
            text = scaleout.table(results[part])
            title = "Scale-out: SQLite, PostgreSQL, two processes"
        elif part == "growth":
            results[part] = asyncio.run(
                growth.measure(size["campaigns"], size["count"], size["active"])
            )
            text = growth.table(results[part])
            title = "Growth and memory"
        elif part == "startup":
            results[part] = asyncio.run(startup.measure(size["startups"]))
            text = startup.table(results[part])
            title = "Start-up"
        elif part == "odds":
            results[part] = odds.measure(size["runs"])
            text = odds.table(results[part])
            title = f"Exact odds (in process, median of {size['runs']} calls)"
        else:
            raise SystemExit(f"unknown part {part!r}; parts: {', '.join(PARTS)}")
        title += f" — {time.perf_counter() - t0:.0f} s"
        sections.append((title, text))
        print(f"\n## {title}\n{text}", flush=True)
    summary = _summary(results)
    total = time.perf_counter() - started
    print("\n## Targets\n" + "\n".join(summary) + f"\n\n(total {total:.0f} s)")
    if markdown is not None:
        body = ["\n".join(f"{line}  " for line in header), ""]
        for title, text in sections:
            body += [f"### {title}", "", "```", text, "```", ""]
        body += ["### Targets", "", *(f"- {line}" for line in summary), ""]
        markdown.write_text("\n".join(body))


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description=__doc__,
        formatter_class=argparse.RawTextHelpFormatter,
    )
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument(
        "--only", default=",".join(PARTS), help=f"comma-separated: {','.join(PARTS)}"
    )
    parser.add_argument("--markdown", type=Path, help="also write the tables to this file")
    args = parser.parse_args()
    parts = [p.strip() for p in args.only.split(",") if p.strip()]
    run(parts, QUICK if args.quick else FULL, args.markdown)


if __name__ == "__main__":
    main()
