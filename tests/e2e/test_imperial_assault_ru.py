"""Imperial Assault in Russian: the same scripted game as an English and a Russian member gives
the same state; the Russian replies are Russian (the stand-in checks Discord's limits on every
reply). Expected numbers are worked by hand as in test_imperial_assault_e2e.py."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.sandbox.harness import Table
from bot.sandbox.standin import Message, Reply

#: the database only keeps the campaigns here: these tests run on SQLite alone (see tests/conftest.py)
pytestmark = pytest.mark.any_database

EN_CHANNEL = 900000000000000101
RU_CHANNEL = 900000000000000202
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
# English words of the replies that must not appear in a Russian reply.
ENGLISH = re.compile(
    r"\b(threat|round|deployed|figures?|priority|picked|Reinforced|Calm|Landing|Onslaught|"
    r"Reinforcements|Activate|defeated|hand|Fame|awards?|ready|Tier|cost|Difficulty)\b"
)


async def followup(reply: Reply, timeout: float = 5.0) -> Message:
    for _ in range(int(timeout / 0.02)):
        if reply.followups:
            return reply.followups[0]
        await asyncio.sleep(0.02)
    raise AssertionError("no follow-up message arrived")


def russian(text: str) -> str:
    """``text`` is a Russian reply: Cyrillic, and no English reply words (group names such as
    "Stormtrooper (DG001)" stay as printed on the cards)."""
    assert CYRILLIC.search(text), text
    leftover = ENGLISH.findall(text)
    assert leftover == [], (leftover, text)
    return text


async def play(table: Table, locale: str, channel: int) -> list[str]:
    """A short mission: setup, a mission deployment, activations, losses, two deployment events,
    a defeat, a manual threat change, status and the hand. Returns every reply's text."""
    gm = table.user(f"gm-{locale}", locale=locale)
    player = table.user(f"ana-{locale}", locale=locale)
    texts: list[str] = []

    async def run(
        path: str, options: dict[str, Any] | None = None, *, by: Any = player, dice: Any = ()
    ) -> Reply:
        table.set_dice(ScriptedDice(list(dice)))
        reply = await table.run(path, options, user=by, channel_id=channel)
        texts.append(reply.text)
        return reply

    # Setup: hand DG004, DG011 (tier I), DG001, DG009 (tier II).
    reply = await run(
        "ia setup",
        {"difficulty": "medium", "threat-level": 3, "adaptive": True},
        by=gm,
        dice=[0, 2, 0, 4],
    )
    assert not reply.messages[0].ephemeral, reply.text
    texts[-1] = reply.messages[0].text  # the public summary (the hand follows privately)
    hand = await followup(reply)
    assert hand.ephemeral
    texts.append(hand.text)
    await run("ia deploy", {"group": "stormtrooper"}, by=gm)
    await run("ia activate")
    await run("ia figure-lost", {"group": "DG001"})
    # 2+3 = 5: Reinforcements; threat 3; Stormtrooper 2 -> 3 for 2 -> threat 1. DM 0 -> 1.
    await run("deploy-roll", dice=[2, 3])
    await run("ia activate")
    # 4+3+1 = 8: Landing; threat 5; Probe (index 1 of Officer, Probe) -> 2, Officer -> 0.
    await run("deploy-roll", dice=[4, 3, 1])
    # Ready: the Officer (priority 1), the Stormtrooper and the Probe (priority 2): 4/5, 1/10, 1/10.
    await run("ia status")
    # Officer (priority 1, roll 0.5 < 70 %), then Stormtrooper (index 0 of two priority 2).
    await run("ia activate", dice=[0.5])
    await run("ia activate", dice=[0])
    await run("ia defeat", {"group": "probe droid"})
    await run("ia threat", {"amount": -3}, by=gm)
    await run("ia status")
    await run("ia hand", by=gm)
    return texts


async def test_same_game_in_english_and_russian(table: Table) -> None:
    en = await play(table, "en-US", EN_CHANNEL)
    ru = await play(table, "ru", RU_CHANNEL)
    en_state = await table.state(EN_CHANNEL)
    ru_state = await table.state(RU_CHANNEL)
    assert en_state is not None and ru_state is not None
    assert en_state == ru_state
    # Hand-worked: round 3; threat 0 after round 2, +1 reimbursement for the Probe Droid, then
    # -3 stops at 0; DM 2; fame 3 (the Probe's original cost); the Probe back in the hand.
    assert (ru_state["round"], ru_state["threat"], ru_state["dm"], ru_state["fame"]) == (3, 0, 2, 3)
    assert ru_state["hand"] == ["DG009", "DG011"]

    assert len(en) == len(ru)
    for text in ru:
        russian(text)
    (
        setup,
        hand,
        deploy,
        act1,
        loss,
        roll1,
        _,
        roll2,
        ready,
        act3,
        act4,
        defeat,
        threat,
        status,
        _,
    ) = ru
    assert "Imperial Assault: Империя готова" in setup
    assert "Сложность **Средняя**" in setup and "**4** карты" in setup
    assert "Stormtrooper (DG001)" in hand and "рука развёртывания (только для ведущего)" in hand
    assert "3 фигурки из руки развёртывания" in deploy
    assert "Активация: Stormtrooper (DG001)" in act1
    assert "Приоритет 2 · выбор из 1 готового отряда · шанс 1/1 = 100 %" in act1
    assert "Все имперские отряды в этом раунде уже активированы." in act1
    assert "Осталось 2 из 3." in loss
    assert "Конец раунда 1: Подкрепления" in roll1 and "2к6 **2 + 3** + МР 0 = **5**" in roll1
    assert "Подкрепление **Stormtrooper (DG001)**: 2 → 3 фигурки" in roll1
    assert "Угроза +3 (уровень угрозы): 0 → 3" in roll1
    assert "Конец раунда 2: Высадка" in roll2 and "Угроза +4 (уровень угрозы + 1): 1 → 5" in roll2
    assert "Развёрнут **Probe Droid (DG011)** (1 фигурка): ранг I, стоимость 3" in roll2
    assert (
        "Imperial Officer (DG004): 1/1 фиг., приоритет 1, готов, "
        "шанс активироваться следующим 4/5 = 80 %"
    ) in ready
    assert (
        "Stormtrooper (DG001): 3/3 фиг., приоритет 2, готов, "
        "шанс активироваться следующим 1/10 = 10 %"
    ) in ready
    assert (
        "Следующая активация: бросок 70 % за приоритет 1 (готово: 1) против приоритета 2 "
        "(готово: 2); при неудачном броске — выбор из всех 3 готовых отрядов."
    ) in ready
    assert (
        "Приоритет 1 · бросок 70 % за приоритет 1 (готово: 1) против приоритета 2 (готово: 2): "
        "да; выбор из 1 отряда приоритета 1 · шанс 4/5 = 80 %"
    ) in act3
    assert "Приоритет 2 · выбор из 2 готовых отрядов · шанс 1/2 = 50 %" in act4
    assert "Слава +3 (исходная стоимость) → 3." in defeat
    assert "Угроза +1 (возмещение): 0 → 1." in defeat
    assert "Отряд возвращается в руку развёртывания." in defeat
    assert "Угроза 1 → **0** (-3 вручную, остановлено на 0)." in threat
    assert "Раунд **3**" in status and "МР **+2**" in status and "сложность: Средняя" in status
    assert "Stormtrooper (DG001): 3/3 фиг., приоритет 2, ✔ активирован" in status
    # Landing with DM +2: 2D6 of 6, 7 or 8 = 16/36; Russian uses a decimal comma.
    assert "Высадка 44,4 %" in status
    # The English game said the same things in English.
    assert "End of round 1: Reinforcements" in en[5]
    assert "Imperial Officer (DG004): 1/1 figures, priority 1, ready, chance to activate" in en[8]
    assert "chance to activate next 4/5 = 80 %" in en[8]
    assert "picked from 1 priority-1 group · chance 4/5 = 80 %" in en[9]
    assert "Threat 1 → **0** (-3 by hand, stopped at 0)." in en[12]
    assert "Landing 44.4 %" in en[13]


async def test_russian_activation_chances(table: Table) -> None:
    """Two priority-1 groups (Imperial Officer, Royal Guard) and two priority-2 groups
    (Stormtrooper, Probe Droid) ready: 7/10 · 1/2 + 3/10 · 1/4 = 17/40 for each priority-1
    group, 3/10 · 1/4 = 3/40 for each priority-2 group. A failed roll (0.9) picks among all
    four, priority 1 first: index 3 = the Probe Droid."""
    gm = table.user("oleg", locale="ru")
    en = table.user("ann", locale="en-US")
    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    await table.run("ia setup", {"difficulty": "medium", "threat-level": 3}, user=gm)
    for gid in ("DG004", "DG009", "DG001", "DG011"):
        await table.run("ia deploy", {"group": gid}, user=gm)
    reply = await table.run("ia status", user=gm)
    text = russian(reply.text)
    assert (
        "Royal Guard: 2/2 фиг., приоритет 1, готов, шанс активироваться следующим 17/40 = 42,5 %"
        in text
    )
    assert (
        "Probe Droid (DG011): 1/1 фиг., приоритет 2, готов, шанс активироваться следующим 3/40 = 7,5 %"
        in text
    )
    table.set_dice(ScriptedDice([0.9, 3]))
    reply = await table.run("ia activate", user=gm)
    text = russian(reply.text)
    assert "Активация: Probe Droid (DG011)" in text
    assert (
        "Приоритет 2 · бросок 70 % за приоритет 1 (готово: 2) против приоритета 2 (готово: 2): "
        "нет; выбор из всех 4 готовых отрядов · шанс 3/40 = 7,5 %"
    ) in text
    # The history shows the pick in each reader's language, and the Undo button takes it back.
    activation = reply
    reply = await table.run("campaign history", {"count": 1}, user=en)
    assert "Round 1: activated Probe Droid (DG011)" in reply.text
    reply = await table.run("campaign history", {"count": 1}, user=gm)
    assert "Раунд 1: активирован Probe Droid (DG011)" in reply.text
    undone = await table.click(activation.message, "Отменить", user=gm)
    assert undone.followups and undone.followups[-1].text.startswith("Отменено #")
    assert "`/ia активация`" in undone.followups[-1].text  # as the reader's Discord names it
    state = await table.state()
    assert state is not None and not any(d["activated"] for d in state["deployed"])


async def test_russian_refusals_change_nothing(table: Table) -> None:
    gm = table.user("oleg", locale="ru")
    ana = table.user("anya", locale="ru")
    reply = await table.run("deploy-roll", user=ana)
    assert reply.ephemeral and "В этом канале нет кампании «Imperial Assault»" in reply.text
    reply = await table.run("ia status", user=ana)
    assert reply.ephemeral and "/ia начать" in russian(reply.text)  # as the Russian picker names it
    reply = await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 3, "expansions": "Core, Naboo"}, user=gm
    )
    assert reply.ephemeral and "Неизвестное дополнение «Naboo»" in reply.text
    reply = await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 3, "earned-villains": "Bossk"}, user=gm
    )
    assert reply.ephemeral and "Bossk входит в дополнение Bespin" in reply.text
    assert await table.state() is None

    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    await table.run("ia setup", {"difficulty": "hard", "threat-level": 3}, user=gm)
    before = await table.state()
    table.set_dice(ScriptedDice([]))
    reply = await table.run("ia activate", user=ana)
    assert reply.ephemeral
    assert "Ни один имперский отряд не развёрнут" in russian(reply.text)
    reply = await table.run("ia defeat", {"group": "Darth Vader"}, user=ana)
    assert reply.ephemeral and "Выбирать не из чего: развёрнутых отрядов нет." in reply.text
    for path, options, action in (
        ("ia threat", {"amount": 5}, "изменять угрозу вручную"),
        ("ia deploy", {"group": "AT-ST"}, "разворачивать отряды вручную"),
        ("ia hand", {}, "смотреть руку развёртывания"),
    ):
        reply = await table.run(path, options, user=ana)
        assert reply.ephemeral and f"Только ведущий может {action}" in reply.text, path
    assert await table.state() == before

    await table.run("ia deploy", {"group": "DG001"}, user=gm)
    await table.run("ia deploy", {"group": "DG002"}, user=gm)
    mid = await table.state()
    reply = await table.run("ia defeat", {"group": "stormtrooper"}, user=ana)
    assert reply.ephemeral and "«stormtrooper» — неоднозначно" in reply.text
    assert "\n" not in reply.text
    reply = await table.run("ia figure-lost", {"group": "DG001", "count": 4}, user=ana)
    assert reply.ephemeral
    assert "Stormtrooper (DG001): осталось 3 фигурки; укажите количество от 1 до 3." in reply.text
    reply = await table.run("ia deploy", {"group": "dg001"}, user=gm)
    assert reply.ephemeral and "Stormtrooper (DG001) уже на поле." in reply.text
    reply = await table.run("ia deploy", {"group": "Snowtrooper"}, user=gm)
    assert reply.ephemeral and "Snowtrooper входит в дополнение Return to Hoth" in reply.text
    reply = await table.run("ia threat", {"amount": 0}, user=gm)
    assert reply.ephemeral and "Укажите ненулевое число" in reply.text
    assert await table.state() == mid


async def test_russian_onslaught_fuzzy_and_easy_swap(table: Table) -> None:
    # As test_fuzzy_deployment_reply: Onslaught, Royal Guard (Elite) fuzzy-deployed.
    gm = table.user("oleg", locale="ru")
    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    await table.run("ia setup", {"difficulty": "medium", "threat-level": 4}, user=gm)
    await table.run("ia threat", {"amount": 3}, user=gm)
    table.set_dice(ScriptedDice([5, 6, 0.9]))
    reply = await table.run("deploy-roll", user=gm)
    text = russian(reply.text)
    assert "выпал на ранг III, затем 1 из 1, шанс 1/2 = 50 %" in text
    assert "Конец раунда 1: Натиск" in text
    assert "стоимость 10 (12 − 2, скидка Натиска)" in text
    assert "**развёртывание с недостачей**: не хватало угрозы 1, угроза обнулена" in text
    assert "Больше ничего не по карману; угроза 0 переходит дальше." in text
    assert "МР +0 → -2" in text

    # As test_easy_downgrade_swap_is_shown, in another channel.
    other = 900000000000000303
    table.set_dice(ScriptedDice([0, 0, 2, 0]))
    await table.run(
        "ia setup", {"difficulty": "easy", "threat-level": 2}, user=gm, channel_id=other
    )
    await table.run("ia threat", {"amount": 20}, user=gm, channel_id=other)
    table.set_dice(ScriptedDice([4, 4, 2, 0.1, 1, 0]))
    reply = await table.run("deploy-roll", user=gm, channel_id=other)
    text = russian(reply.text)
    assert "Угроза +2 (уровень угрозы + 1: 3 × 0,7, с округлением): 20 → 22" in text
    assert "Сложность «Лёгкая»: шанс 15 % заменить на Stormtrooper (DG002): да" in text
    assert "развёрнут **Stormtrooper (DG002)** (3 фигурки) за ту же стоимость" in text
    state = await table.state(other)
    assert state is not None and state["threat"] == 12


async def test_a_group_may_be_named_in_russian(table: Table) -> None:
    """A Russian member types a group as the Imperial Commander app's Russian translation
    names it; the reply names it as printed on the English card."""
    gm = table.user("olga", locale="ru", manage_channels=True)
    table.set_dice(ScriptedDice([0, 0, 0, 0]))
    await table.run(
        "ia setup",
        {"difficulty": "medium", "threat-level": 3, "expansions": "Core, Twin"},
        user=gm,
    )
    choices = await table.autocomplete("ia deploy", {"group": "тяжел"}, "group", user=gm)
    assert [c["value"] for c in choices] == ["DG019", "DG020"]  # and its elite
    reply = await table.run("ia deploy", {"group": "Тяжёлый штурмовик"}, user=gm)
    assert not reply.ephemeral and "Развёртывание по миссии: Heavy Stormtrooper" in reply.text
    state = await table.state()
    assert state is not None and [d["id"] for d in state["deployed"]] == ["DG019"]
