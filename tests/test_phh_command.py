"""`holdem replay FILE` as a whole command: JSON lines, going on after bad hands, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

DATA = Path(__file__).parent / "data" / "phh"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "replay", *args],
                          capture_output=True, text=True, timeout=60)


def test_the_installed_command_prints_one_json_line_per_hand_and_goes_on_after_errors() -> None:
    done = run(str(DATA / "mixed.phhs"))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert rows[0] == {"index": 0, "finishing_stacks": [970, 990, 1040]}
    assert rows[1]["index"] == 1 and "minimum raise is to 50" in rows[1]["error"]
    assert rows[2]["index"] == 2 and "not Texas Hold'em" in rows[2]["error"]
    assert rows[3] == {"index": 3, "finishing_stacks": [51, 49]}


def test_decimal_stacks_are_printed_as_decimals_not_floats(capsys) -> None:
    assert main(["replay", str(DATA / "nt_decimals.phh")]) == 0
    line = capsys.readouterr().out.strip()
    assert line == '{"index": 0, "finishing_stacks": [49.75, 54.00, 46.25]}'
    assert json.loads(line)["finishing_stacks"][1] == 54


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.phh")))
def test_each_sample_hand_replays_to_its_recorded_finishing_stacks(name: str, capsys) -> None:
    assert main(["replay", str(DATA / name)]) == 0
    printed = capsys.readouterr().out.strip()
    recorded = (DATA / name).read_text().split("finishing_stacks = ")[1].splitlines()[0]
    assert printed == f'{{"index": 0, "finishing_stacks": {recorded}}}'


def test_the_pokerkit_generated_file_agrees_hand_by_hand(capsys) -> None:
    assert main(["replay", str(DATA / "pokerkit_generated.phhs")]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 40 and all("finishing_stacks" in r for r in rows)


def test_a_missing_file_exits_2_with_a_one_line_message(tmp_path: Path) -> None:
    done = run(str(tmp_path / "nope.phh"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "cannot read" in done.stderr
    assert "No such file" in done.stderr


def test_a_directory_is_not_a_readable_file(tmp_path: Path, capsys) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_binary_file_is_reported_as_unreadable(tmp_path: Path, capsys) -> None:
    path = tmp_path / "hand.phh"
    path.write_bytes(b"\xff\xfe\x00variant")
    assert main(["replay", str(path)]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_phh_file_that_is_not_toml_prints_an_error_line_for_its_hand(
    tmp_path: Path, capsys
) -> None:
    path = tmp_path / "hand.phh"
    path.write_text("this is not = = toml\n")
    assert main(["replay", str(path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["index"] == 0 and "not valid TOML" in row["error"]


def test_fields_before_the_first_table_of_a_phhs_make_the_file_unreadable(
    tmp_path: Path, capsys
) -> None:
    path = tmp_path / "hands.phhs"
    path.write_text('variant = "NT"\n[1]\nvariant = "NT"\n')
    assert main(["replay", str(path)]) == 2
    assert "found fields before the first" in capsys.readouterr().err


def test_a_missing_file_argument_is_a_usage_error() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "replay"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "file" in done.stderr


def test_an_unexpected_failure_in_one_hand_is_reported_and_the_others_still_replay(
    monkeypatch, capsys
) -> None:
    import game.commands.replay as command

    real = command.replay

    def flaky(history):
        if history.variant == "FT":
            raise ZeroDivisionError("boom")
        return real(history)

    monkeypatch.setattr(command, "replay", flaky)
    assert main(["replay", str(DATA / "mixed.phhs")]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert "finishing_stacks" in rows[0]
    assert rows[3]["error"].startswith("internal error (ZeroDivisionError): boom")
