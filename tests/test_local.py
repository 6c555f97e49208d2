"""``python -m bot local``: the console table, its parsing, completion and scripts."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.sandbox.harness import ThreadedTable
from bot.sandbox.local import LocalTable, handle, render_reply

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalTable]:
    with ThreadedTable(Path(tmp_path_factory.mktemp("local")) / "db.sqlite3") as running:
        yield LocalTable(running, channel="table", player="ana", locale="en")


def test_completes_commands_options_and_autocomplete_values(local: LocalTable) -> None:
    assert local.complete("/bat") == ["/battle "]
    assert "/campaign history " in local.complete("/campaign h")
    assert "/battle attacker:" in local.complete("/battle att")
    values = local.complete("/battle attacker:Heli")
    assert values == ["/battle attacker:Helicopter"]
    assert "/battle attacker:Tank rules:published" in local.complete(
        "/battle attacker:Tank rules:p"
    )


def test_completes_values_with_spaces_then_the_next_option(local: LocalTable) -> None:
    assert local.complete("/battle attacker:Heavy T") == [
        "/battle attacker:Heavy Trooper",
        "/battle attacker:Heavy Tank",
    ]
    after = local.complete("/battle attacker:Heavy Tank def")
    assert after == [
        "/battle attacker:Heavy Tank defender:",
        "/battle attacker:Heavy Tank defender-terrain:",
        "/battle attacker:Heavy Tank defenders:",
    ]
    assert local.complete("/ia setup difficulty:") == [
        "/ia setup difficulty:easy",
        "/ia setup difficulty:medium",
        "/ia setup difficulty:hard",
    ]


def test_parses_values_with_spaces_and_types(local: LocalTable) -> None:
    parsed = local.parse("/battle attacker:Heavy Tank defender:Trooper defenders:6 odds-only:yes")
    assert parsed.path == "/battle"
    assert parsed.options == {
        "attacker": "Heavy Tank",
        "defender": "Trooper",
        "defenders": 6,
        "odds-only": True,
    }
    with pytest.raises(ValueError, match="whole number"):
        local.parse("/battle attacker:Tank defender:Trooper defenders:six")
    with pytest.raises(ValueError, match="unknown command"):
        local.parse("/nonsense x:1")


def test_replies_print_as_text_and_refusals_count(local: LocalTable) -> None:
    out: list[str] = []
    handle(local, "/battle attacker:Tank defender:Trooper odds-only:true", out.append)
    assert "Tank attacks Trooper" in out[-1]
    errors = local.errors
    handle(local, "/battle attacker:Submarine defender:Tank", out.append)
    assert (
        out[-1]
        == "(only you can see this)\nSubmarine cannot attack Tank: attack 0 against hard units"
    )
    assert local.errors == errors + 1


def test_channels_players_and_buttons(local: LocalTable, tmp_path: Path) -> None:
    out: list[str] = []
    handle(local, ".channel side-table", out.append)
    handle(local, ".as gm", out.append)
    handle(local, "/imperium setup", out.append)
    handle(local, "/campaign end", out.append)
    assert "[1] End campaign  [2] Cancel" in out[-1]
    handle(local, "2", out.append)
    assert "Cancelled — nothing changed." in out[-1]
    handle(local, "/campaign end", out.append)
    handle(local, "1", out.append)
    assert "has ended and was deleted" in out[-1]


def test_russian_replies(local: LocalTable) -> None:
    out: list[str] = []
    handle(local, ".locale ru", out.append)
    handle(local, "/ping", out.append)
    handle(local, ".locale en", out.append)
    assert out[1].startswith("Понг!")


def test_russian_command_option_and_choice_names(local: LocalTable) -> None:
    """The names a Russian member's Discord shows are taken as the command's own, whatever
    language the console answers in; Tab offers those of the console's language."""
    parsed = local.parse("/бой атакующий:Heavy Tank защитник:Trooper число-защитников:6")
    assert parsed.path == "/battle"
    assert parsed.options == {"attacker": "Heavy Tank", "defender": "Trooper", "defenders": 6}
    parsed = local.parse("/кампания ведущие список")
    assert parsed.path == "/campaign gm list"
    parsed = local.parse("/астероиды начать violet orange вариант:Ускоренный")
    assert parsed.options == {"civilisations": "violet orange", "variant": "fast"}
    with pytest.raises(ValueError, match="did you mean /бой"):
        local.parse("/бйо атакующий:Tank")
    with pytest.raises(ValueError, match="/asteroids has no subcommand 'вступит'"):
        local.parse("/астероиды вступит")
    out: list[str] = []
    handle(local, ".locale ru", out.append)
    try:
        assert local.complete("/бо") == ["/бой "]
        assert "/кампания история " in local.complete("/кампания и")
        assert "/бой атакующий:" in local.complete("/бой ат")
        assert local.complete("/ia начать сложность:") == [
            "/ia начать сложность:Лёгкая",
            "/ia начать сложность:Средняя",
            "/ia начать сложность:Сложная",
        ]
        handle(local, ".channel no-campaign-here", out.append)
        handle(local, "/кампания отменить", out.append)
        assert "/астероиды начать (Пояс астероидов)" in out[-1] and "/asteroids" not in out[-1]
        handle(local, "/ia start", out.append)
    finally:
        handle(local, ".locale en", out.append)
        handle(local, ".channel table", out.append)
    assert out[-3] == "! /ia has no subcommand 'start' — did you mean /ia status?"


def run_script(script: Path, database: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "local",
            "--database",
            str(database),
            "--script",
            str(script),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=database.parent,
    )


@pytest.mark.parametrize("script", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_sample_scripts_run_without_a_refusal(script: Path, tmp_path: Path) -> None:
    result = run_script(script, tmp_path / "db.sqlite3")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    page = ROOT / "docs" / (script.stem.replace("_", "-") + ".md")
    text = page.read_text(encoding="utf-8")
    assert script.read_text(encoding="utf-8").strip() in text, f"{page.name} shows the script"


def test_a_script_with_a_refusal_exits_non_zero(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("/ping\n/battle attacker:Submarine defender:Tank\n")
    result = run_script(script, tmp_path / "db.sqlite3")
    assert result.returncode == 1
    assert "Submarine cannot attack Tank" in result.stdout
    assert "1 command(s) were refused" in result.stderr


def test_render_marks_ephemeral_and_buttons() -> None:
    from bot.sandbox.standin import Message, Reply

    message = Message(
        id=1,
        channel_id=1,
        content="Sure?",
        flags=64,
        embeds=[{"title": "T", "fields": [{"name": "F", "value": "V"}], "footer": {"text": "f"}}],
        components=[{"type": 1, "components": [{"type": 2, "label": "Yes", "custom_id": "y"}]}],
    )
    text = render_reply(Reply(interaction_id=1, original=message))
    assert text == "(only you can see this)\nSure?\n== T ==\n-- F --\nV\n(f)\n[1] Yes"


async def test_a_script_runs_on_postgresql_too(tmp_path: Path, postgres_url: str) -> None:
    script = ROOT / "examples" / "imperial_assault.txt"
    result = await asyncio.to_thread(run_script_at, script, postgres_url, tmp_path)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    conn = await asyncpg.connect(postgres_url)
    try:
        games = [r[0] for r in await conn.fetch("SELECT game FROM campaigns")]
    finally:
        await conn.close()
    assert games == ["imperial_assault"]


def run_script_at(script: Path, database: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "local", "--database", database, "--script", str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
    )


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("/batle attacker:Tank", ["unknown command '/batle'", "did you mean /battle?"]),
        ("/ia setpu", ["/ia has no subcommand 'setpu'", "did you mean /ia setup"]),
        ("/campaign histroy", ["did you mean /campaign history"]),
        ("/ia", ["/ia needs a subcommand: ", "/ia setup"]),
        (
            "/battle attacker:Tank defender:Trooper defendrs:6",
            ["/battle has no option defendrs:", "did you mean defenders:"],
        ),
        ("/battle atacker:Tank", ["/battle has no option atacker:", "did you mean attacker:"]),
        ("/battle colour:red attacker:Tank", ["/battle has no option colour: — it takes "]),
    ],
)
def test_misspellings_are_refused_with_what_was_meant(
    local: LocalTable, line: str, words: list[str]
) -> None:
    with pytest.raises(ValueError) as caught:
        local.parse(line)
    for part in words:
        assert part in str(caught.value)


def test_a_repeated_option_is_refused(local: LocalTable) -> None:
    with pytest.raises(ValueError, match="attacker: is given twice"):
        local.parse("/battle attacker:Tank defender:Trooper attacker:Heavy Tank")


def test_a_misspelt_option_counts_as_a_refusal(local: LocalTable) -> None:
    out: list[str] = []
    errors = local.errors
    handle(local, "/battle attacker:Tank defender:Trooper defendrs:6", out.append)
    assert out[-1].startswith("! /battle has no option defendrs:")
    assert local.errors == errors + 1
