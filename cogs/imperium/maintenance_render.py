"""GDW Imperium replies for /maintenance: each ship's care, die and fate, and the chances."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.catalog import percent, t
from bot.rules import imperium as im
from bot.ui import EmbedBuilder


class MaintenanceWords:
    """The words the ships' lines repeat, each rendered once per reply: the fate names, the
    percentages, and the chance list of each different set of odds (a few among any number
    of ships), found by ship name in :attr:`chances`."""

    def __init__(self, loc: str, ships: Sequence[im.ShipMaintenance]) -> None:
        self.fates = {fate: t(loc, "imp-fate", fate=fate) for fate in im.FATES}
        self.chances: dict[str, str] = {}
        lists: dict[tuple[tuple[int, int], ...], str] = {}
        percents: dict[tuple[int, int], str] = {}
        for s in ships:
            if s.care != "frontier":
                continue
            key = tuple((p.numerator, p.denominator) for p in s.odds.values())
            text = lists.get(key)
            if text is None:
                bits = []
                for fate, p, whole in zip(s.odds, s.odds.values(), key, strict=True):
                    if p:
                        if whole not in percents:
                            percents[whole] = percent(loc, p)
                        pct = percents[whole]
                        bits.append(t(loc, "imp-fate-chance", fate=self.fates[fate], pct=pct))
                text = lists[key] = ", ".join(bits)
            self.chances[s.name] = text


def maintenance_line(s: im.ShipMaintenance, loc: str, words: MaintenanceWords | None = None) -> str:
    words = words or MaintenanceWords(loc, [s])
    after = words.fates[s.after]
    if s.care == "overhaul":
        return t(loc, "imp-maint-overhaul", name=s.name, cost=s.maintenance, after=after)
    if s.care == "routine":
        return t(loc, "imp-maint-routine", name=s.name, factors=s.maintenance, after=after)
    return t(
        loc,
        "imp-maint-frontier",
        name=s.name,
        maintenance=s.maintenance,
        before=words.fates[s.before],
        die=s.die if s.die is not None else 0,
        after=after,
        chances=words.chances[s.name],
    )


def render_maintenance(out: im.MaintenanceOutcome, loc: str) -> discord.Embed:
    builder = EmbedBuilder(
        t(loc, "imp-title-maintenance", system=out.system),
        t(loc, "imp-maint-factors", used=out.factors_used, factors=out.factors),
    )
    paid = [t(loc, "imp-maint-paid", side=s, rus=out.paid[s]) for s in im.SIDES if out.paid[s]]
    words = MaintenanceWords(loc, out.ships)
    lines = paid + (
        [maintenance_line(s, loc, words) for s in out.ships] or [t(loc, "imp-no-ships-here")]
    )
    lost = [s.name for s in out.ships if s.after == "destroyed"]
    if lost:
        lines.append(t(loc, "imp-maint-destroyed", ships=", ".join(lost)))
    builder.long_field(t(loc, "imp-field-ships"), lines)
    return builder.build()
