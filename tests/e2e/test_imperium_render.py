"""The Imperium replies' text, rendered from rule outcomes (no Discord connection needed)."""

from __future__ import annotations

from typing import Any

import discord

from bot.rules import imperium as im
from bot.rules.dice import ScriptedDice
from cogs import imperium as cog


def text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def state_with(*ships: tuple[str, im.Side, im.TClass, dict[str, Any]]) -> im.ImperiumState:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=1)
    state, _ = im.begin_war(state)
    for name, side, tclass, extra in ships:
        state, _ = im.add_ship(
            state,
            name=name,
            side=side,
            type_name=extra.pop("type_name", tclass),
            tclass=tclass,
            maintenance=extra.pop("maintenance", 2),
            system="Sol",
            **extra,
        )
    return state


def test_first_round_text() -> None:
    state = state_with(("A", "terran", "capital", {}), ("B", "imperial", "other", {}))
    state, _ = im.set_phasing(state, "imperial")
    _, out = im.roll_initiative(state, "Sol", ScriptedDice([]))
    shown = text(cog.render_initiative(out, "en"))
    assert "Space combat at Sol, round 1" in shown
    assert "First round: the phasing player (Imperial) has the initiative, no roll." in shown
    assert "Terran places ships first; Imperial matches them and declares fire types first" in (
        shown
    )


def test_initiative_roll_text_with_every_modifier_and_odds() -> None:
    state = state_with(
        ("Fr", "terran", "freighter", {}),
        ("F", "terran", "fighter", {}),
        ("I1", "imperial", "capital", {}),
        ("I2", "imperial", "other", {}),
    )
    state.combats = [im.Combat(system="Sol", round=1, last_initiative="terran", range="long")]
    _, out = im.roll_initiative(state, "Sol", ScriptedDice([2, 4]))
    shown = text(cog.render_initiative(out, "en"))
    assert (
        "Terran: die 2 + slowest Fr tactical speed 1, fewer non-fighter ships +1, had the "
        "initiative last round +1 = 5"
    ) in shown
    assert "Imperial: die 4 + slowest I1 tactical speed 2 = 6" in shown
    # Terran wins on d_T >= d_I (21 of 36); Imperial on the other 15
    assert "Terran chance to win the initiative: 58.3 %" in shown
    assert "Imperial chance to win the initiative: 41.7 %" in shown
    assert "Imperial wins the initiative." in shown
    assert "Range is long; Imperial may choose short, long or disengage" in shown


def test_tie_and_not_holder_range_text() -> None:
    state = state_with(
        ("A", "terran", "other", {}),
        ("B", "imperial", "other", {}),
        ("B2", "imperial", "other", {}),
    )
    state.combats = [im.Combat(system="Sol", round=1, last_initiative="imperial", range="long")]
    _, out = im.roll_initiative(state, "Sol", ScriptedDice([4, 4]), range_choice="short")
    assert "Range stays long: locked by the tie (the requested short was not applied)." in text(
        cog.render_initiative(out, "en")
    )
    _, out = im.roll_initiative(
        state, "Sol", ScriptedDice([1, 6]), range_choice="short", may_choose={"terran"}
    )
    assert "only Imperial chooses the range" in text(cog.render_initiative(out, "en"))


def test_screen_step_and_fire_steps_text() -> None:
    state = state_with(("A", "terran", "capital", {"screen": 1}), ("B", "imperial", "other", {}))
    _, out = im.screen_roll(state, "A", ScriptedDice([]), "planetary defence fire")
    assert text(cog.render_screen(out, "en")).endswith(
        "Hit from planetary defence fire. A: destroyed (screen 1, below 2: no screen roll)"
    )
    state.combats = [im.Combat(system="Sol", round=2, last_initiative="terran", range="short")]
    shown = text(cog.render_fire_steps(im.fire_steps_info(state, "Sol"), "en"))
    assert "Fire steps at Sol, round 2 (range short)" in shown
    assert "Only Terran (initiative) may declare suicide attacks (beams)" in shown
    steps = [ln for ln in shown.splitlines() if ln[:2] in {"1.", "2.", "3.", "4.", "5."}]
    assert [ln[3:20] for ln in steps] == [
        "Defensive fire ag",
        "Suicide attacks (",
        "Normal beam attac",
        "Normal or short-r",
        "Time-on-target mi",
    ]
    _, step = im.apply_fire_step(state, "Sol", 4, ["B", "B"], ScriptedDice([]))
    shown = text(cog.render_step(step, "en"))
    assert "Step 4 at Sol: Normal or short-range missile fire" in shown
    assert "B: destroyed (hit 2 times in one step)" in shown


def test_maintenance_and_interwar_text() -> None:
    state = state_with(
        ("Mom", "terran", "capital", {"type_name": "mothership", "maintenance": None}),
        ("E1", "imperial", "other", {"disrupted": True}),
    )
    state, _ = im.set_rus(state, "terran", stock=5, income=7)
    _, out = im.maintain(state, "Sol", ScriptedDice([1]), overhaul=["Mom"])
    shown = text(cog.render_maintenance(out, "en"))
    assert "Terran pays 3 RU for overhauls." in shown
    assert "Mom: overhaul (3 RU) → undisrupted" in shown
    assert (
        "E1: frontier, maintenance 2, was disrupted, die 1 → destroyed "
        "(undisrupted 66.7 %, disrupted 16.7 %, destroyed 16.7 %)"
    ) in shown
    assert "Destroyed and removed: E1" in shown
    _, war_end = im.interwar(state)
    shown = text(cog.render_interwar(war_end, "en"))
    assert "Both sides receive a full turn's income: Terran +7 RU (now 12 RU)" in shown
    assert "routine maintenance limit" in shown


def test_list_autocomplete_completes_the_last_name() -> None:
    names = ["Victory", "Valour", "Hope"]
    assert [c.value for c in cog.list_choices(names, "hope, v", unique=True)] == [
        "hope, Valour",
        "hope, Victory",
    ]
    assert [c.value for c in cog.list_choices(names, "Hope, h", unique=False)] == ["Hope, Hope"]
    assert cog.list_choices(names, "Hope, h", unique=True) == []


def embed_size(embed: discord.Embed) -> int:
    return (
        len(embed.title or "")
        + len(embed.description or "")
        + sum(len(f.name or "") + len(f.value or "") for f in embed.fields)
    )


def test_russian_replies_of_a_large_fleet_fit_the_embed_limits() -> None:
    state, _ = im.new_campaign([1], [2])
    state, _ = im.set_system(state, "Sol", owner="terran", worlds=20, outposts=20)
    state, _ = im.begin_war(state)
    for n in range(120):
        state, _ = im.add_ship(
            state,
            name=f"Очень длинное имя корабля {n:03d}",
            side="terran" if n % 2 else "imperial",
            type_name="missile boat",
            tclass="other",
            system="Sol",
            strength=5,
            carries=3,
        )
    for embed in (cog.render_fleet(state, "Sol", "ru"), cog.render_status(state, "ru")):
        assert embed_size(embed) <= 6000
        assert len(embed.fields) <= 25
        assert all(len(f.value or "") <= 1024 for f in embed.fields)
    shown = text(cog.render_fleet(state, None, "ru"))
    assert "Империя · Очень длинное имя корабля 000 @ Sol: missile boat (прочий), обсл. 2" in shown
    _, out = im.maintain(state, "Sol", ScriptedDice([3] * 120), routine=[])
    embed = cog.render_maintenance(out, "ru")
    assert embed_size(embed) <= 6000 and len(embed.fields) <= 25
    assert embed.description == "Плановое обслуживание: занято 0/520 факторов."
