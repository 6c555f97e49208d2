"""``python -m bot local`` for a newcomer: examples that run anywhere, members that stay who they
are, Discord's bare first option, suggestions for mistyped values, and the console's own edges."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.sandbox.harness import ThreadedTable
from bot.sandbox.local import LocalTable, handle, member_id

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadedTable]:
    with ThreadedTable(Path(tmp_path_factory.mktemp("first-hour")) / "db.sqlite3") as table:
        yield table


@pytest.fixture
def local(running: ThreadedTable, request: pytest.FixtureRequest) -> LocalTable:
    """A console at a channel of this test's own."""
    return LocalTable(running, channel=request.node.name[:80], player="gm", locale="en")


def lines_of(local: LocalTable, *typed: str) -> list[str]:
    out: list[str] = []
    for line in typed:
        handle(local, line, out.append)
    return "\n".join(out).splitlines()


def run_script(local: LocalTable, script: Path) -> int:
    """The script's lines as ``python -m bot local --script`` runs them; the refusals."""
    local.errors = 0
    for line in script.read_text(encoding="utf-8").splitlines():
        handle(local, line, lambda _text: None)
    return local.errors


# -- the examples -----------------------------------------------------------------------------
def test_the_examples_run_in_any_order_any_number_of_times(running: ThreadedTable) -> None:
    """On one database: in the order the pages come, again, and backwards."""
    for script in [*EXAMPLES, *EXAMPLES, *reversed(EXAMPLES)]:
        # each run of the script is a fresh console, as a new process would be
        local = LocalTable(running, channel="table", player="player", locale="en")
        assert run_script(local, script) == 0, script.name
    for script in EXAMPLES:
        text = script.read_text(encoding="utf-8")
        assert "any number of times, in any order" in text.splitlines()[1], script.name


def test_new_channel_moves_to_a_channel_with_no_campaign(local: LocalTable) -> None:
    out = lines_of(local, ".new-channel fresh", "/imperium setup", ".new-channel fresh")
    assert out[0] == "(now at #fresh, a channel with no campaign)"
    assert out[-1] == "(now at #fresh-2, a channel with no campaign)"
    assert local.channel == "fresh-2"
    lines_of(local, ".channel fresh")
    assert "GDW Imperium" in "\n".join(lines_of(local, "/campaign status"))


# -- members ----------------------------------------------------------------------------------
def local_script(database: Path, lines: str) -> subprocess.CompletedProcess[str]:
    script = database.parent / "script.txt"
    script.write_text(lines, encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "local",
            "--database",
            str(database),
            "--script",
            "script.txt",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=database.parent,
    )


def test_a_name_is_the_same_member_in_every_run(tmp_path: Path) -> None:
    database = tmp_path / "db.sqlite3"
    first = local_script(database, ".as gm\n/ia setup difficulty:medium threat-level:3\n")
    assert first.returncode == 0, first.stdout + first.stderr
    # another run: a member used first this time, then the game master of the first run
    second = local_script(database, ".as player\n/ia hand\n.as gm\n/ia hand\n")
    assert second.returncode == 1, second.stdout + second.stderr
    player, gm = second.stdout.split("gm@#table> /ia hand")
    assert "Only the game master may see the deployment hand" in player
    assert "deployment hand (game master only)" in gm and "Only the game master" not in gm
    assert "1 command(s) were refused" in second.stderr


def test_member_ids_come_from_names() -> None:
    assert member_id("gm") == member_id("gm") != member_id("player")
    assert 1 <= member_id("a much longer member name") < 2**63


# -- everything an interaction sends is printed -------------------------------------------------
def test_a_private_second_message_and_the_line_after_undo_are_printed(tmp_path: Path) -> None:
    """A script run prints every message an interaction sends: /ia setup's public reply and
    its private hand, and the line an Undo press adds after editing its own message."""
    result = local_script(
        tmp_path / "db.sqlite3",
        ".as gm\n/ia setup difficulty:medium threat-level:3\n/ia threat amount:4\n1\n",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    setup, threat, press = result.stdout.split("gm@#table> ")[1:]
    assert "the Empire is ready" in setup
    assert "(only you can see this)\n== Imperial Assault: deployment hand" in setup
    assert "[1] Undo" in threat
    assert press.startswith("1\n") and "Undid #2 by gm (`/ia threat amount:4`" in press


# -- Discord's bare first option ----------------------------------------------------------------
def test_the_first_required_option_may_be_given_bare(local: LocalTable) -> None:
    assert local.parse("/roll 2d6+1").options == {"expression": "2d6+1"}
    assert local.parse("/roll 4d6kh3 label:stats").options == {
        "expression": "4d6kh3",
        "label": "stats",
    }
    assert local.parse("/battle Heavy Tank defender:Trooper").options == {
        "attacker": "Heavy Tank",
        "defender": "Trooper",
    }
    with pytest.raises(ValueError, match="expression: is given twice"):
        local.parse("/roll 2d6 expression:1d6")
    with pytest.raises(ValueError, match="options are written name:value — /ping takes no"):
        local.parse("/ping now")
    text = "\n".join(lines_of(local, "/roll 2d6+1"))
    assert "gm rolls 2d6+1" in text and "**Total:" in text


def test_the_readmes_first_examples_run_in_the_console(local: LocalTable) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`/roll 2d6+1`" in readme
    errors = local.errors
    lines_of(local, "/roll 2d6+1", "/battle attacker:Tank defender:Trooper defenders:6")
    assert local.errors == errors


# -- mistyped values ----------------------------------------------------------------------------
def test_a_mistyped_unit_gets_the_closest_names(local: LocalTable) -> None:
    out = lines_of(local, "/battle attacker:Tnak defender:Trooper")
    # the bot's own refusal names it; the console adds no second hint
    assert out[-1] == "Unknown unit “Tnak”; did you mean Tank?"
    assert not any(line.startswith("!") for line in out)
    assert local.errors >= 1


def test_a_mistyped_system_gets_the_closest_name_or_every_name(local: LocalTable) -> None:
    lines_of(
        local,
        "/imperium setup terran:@gm imperial:@ivan",
        "/imperium system set name:Sol owner:terran worlds:2",
        "/imperium system set name:Alpha Centauri owner:imperial worlds:1",
    )
    assert lines_of(local, "/initiative system:Sool")[-1] == (
        "No system called 'Sool'. Did you mean Sol? Add it with /imperium system set."
    )
    # nothing close: every name, each whole
    assert lines_of(local, "/initiative system:Xyzzy")[-1] == (
        "! system:Xyzzy is none of Alpha Centauri, Sol"
    )
    # a new name where new names are welcome is not second-guessed
    out = lines_of(local, "/imperium system set name:Soul owner:terran worlds:1")
    assert not any(line.startswith("!") for line in out)


def test_a_value_none_of_the_choices_is_refused_with_the_closest(local: LocalTable) -> None:
    with pytest.raises(ValueError, match=r"difficulty:hardd is not a choice — did you mean "):
        local.parse("/ia setup difficulty:hardd threat-level:3")
    with pytest.raises(ValueError) as caught:
        local.parse("/ia setup difficulty:zzz threat-level:3")
    assert str(caught.value).endswith("difficulty: is one of easy, medium, hard")


def test_tab_completes_group_names_as_a_member_types_them(local: LocalTable) -> None:
    lines_of(local, "/ia setup difficulty:medium threat-level:3")
    assert "/ia deploy group:Stormtrooper (DG001)" in local.complete("/ia deploy group:Sto")
    assert "/ia deploy group:DG001" in local.complete("/ia deploy group:DG00")
    lines_of(local, "/ia deploy group:Stormtrooper (DG001)")
    assert local.complete("/ia figure-lost group:") == [
        "/ia figure-lost group:Stormtrooper (DG001)"
    ]


# -- the console's own edges --------------------------------------------------------------------
def test_console_commands_say_what_they_need(local: LocalTable) -> None:
    errors = local.errors
    assert lines_of(local, ".as") == ["! .as needs a member's name: .as NAME"]
    assert lines_of(local, ".channel") == ["! .channel needs a channel's name: .channel NAME"]
    assert lines_of(local, ".locle ru") == [
        "! unknown console command .locle — did you mean .locale?"
    ]
    assert local.errors == errors + 3


def test_an_unsupported_locale_is_said_and_the_supported_ones_listed(local: LocalTable) -> None:
    (line,) = lines_of(local, ".locale de")
    assert line.startswith("! German (de) is not supported")
    assert ".locale en (English) or .locale ru (Russian)" in line
    assert local.locale == "en"
    assert lines_of(local, ".locale ru") == ["(replies in Russian)"]
    assert lines_of(local, ".locale en-GB") == ["(replies in English)"]


def test_an_empty_member_is_refused_before_it_reaches_the_bot(local: LocalTable) -> None:
    lines_of(local, "/imperium setup")
    for typed in ("/campaign gm add member:", "/campaign gm add member:@"):
        (line,) = lines_of(local, typed)
        assert line.startswith("! member: "), line
    assert "is now a game master" not in "\n".join(lines_of(local, "/campaign gm list"))


def test_pressing_a_button_that_is_not_there(local: LocalTable) -> None:
    lines_of(local, "/roll 1d6")
    assert lines_of(local, "0") == ["! there is no button 0: press its only button, 1 (Roll again)"]
    lines_of(local, "/imperium setup", "/campaign end")
    assert lines_of(local, "3") == [
        "! there is no button 3: press one of its buttons, 1 (End campaign), 2 (Cancel)"
    ]


def test_exports_are_saved_where_git_ignores_them(
    local: LocalTable, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = "\n".join(lines_of(local, "/imperium setup", "/campaign export"))
    saved = next(tmp_path.glob("var/exports/imperium-campaign-*.json"))
    assert f"[file saved: {saved.resolve()} — " in out
    assert list(tmp_path.glob("*.json")) == []
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", f"var/exports/{saved.name}"], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, "var/exports/ is ignored by git"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "saved in `var/exports/` under the current folder" in readme
