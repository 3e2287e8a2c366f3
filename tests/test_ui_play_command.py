"""`holdem play` per the command-line contract: spectated hands, frame stats JSON, and
bad arguments refused with exit status 2 and a one-line message."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")


def holdem(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.cli", "play", *args], env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def test_spectate_plays_n_hands_and_writes_frame_stats(tmp_path):
    out = tmp_path / "frames.json"
    r = holdem("--spectate", "--hands", "2", "--speed", "40", "--seed", "3",
               "--frame-stats", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    for key in ("frames", "seconds", "fps_mean", "frame_ms_p50", "frame_ms_p99", "startup_ms"):
        assert key in data
    assert data["frames"] > 10 and data["hands"] == 2
    assert json.loads(r.stdout.strip().splitlines()[-1]) == data


@pytest.mark.parametrize("args, words", [
    (["--seats", "9"], "--seats 9 is out of range: the table seats 2 to 6"),
    (["--speed", "0"], "--speed 0.0 must be above 0"),
    (["--hands", "0"], "--hands 0 must be at least 1"),
    (["--rules", "/nonexistent/rules.toml"], "rules.toml"),
    (["--voice", "siri"], "invalid choice"),
])
def test_bad_arguments_exit_2_with_one_line(args, words):
    r = holdem(*args, timeout=60)
    assert r.returncode == 2
    assert words in r.stderr
    assert len(r.stderr.strip().splitlines()) <= 2


def test_a_bad_rules_file_is_refused_naming_the_key(tmp_path):
    bad = tmp_path / "rules.toml"
    bad.write_text("[blinds]\nbig_blind = -10\n")
    r = holdem("--rules", str(bad), timeout=60)
    assert r.returncode == 2
    assert "big_blind" in r.stderr


def test_a_heads_up_table_from_the_command_line(tmp_path):
    out = tmp_path / "frames.json"
    r = holdem("--spectate", "--seats", "2", "--hands", "1", "--speed", "40", "--seed", "1",
               "--frame-stats", str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["hands"] == 1
