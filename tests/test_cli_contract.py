"""The command-line contract of docs/ARCHITECTURE.md, end to end through the `holdem`
console script.

Benchmarks and acceptance checks drive the game only through these commands, so every
line of the contract table and the exit-status rule has a test here, run the way a user
runs it: the installed ``holdem`` script (next to this Python, ``.venv/bin/holdem``) in a
subprocess, reading what it prints.  Each command's own tests (test_phh_command.py,
test_simulate.py, test_say_command.py, ...) go deeper; these pin the shape of the answer.

Exit status: 0 when the command ran (a rejected phrase or hand is a normal answer), 2 for
bad arguments or unreadable files, with ONE line on stderr naming the problem.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data" / "contract"
HOLDEM = Path(sys.executable).with_name("holdem")

REPLAY_KEYS = {"index", "finishing_stacks"}
REPLAY_ERROR_KEYS = {"index", "error"}
SIMULATE_KEYS = {
    "hands", "actions", "seconds", "hands_per_second", "chips_start", "rebuy_chips", "rake",
    "chips_end", "players", "decision_ms_p95",
}
PLAYER_KEYS = {"name", "style", "level", "vpip", "pfr", "aggression", "bb_per_100", "rebuys",
               "stack"}
TIMING_KEYS = {"seconds", "hands_per_second", "decision_ms_p95"}
STYLES = ("random", "station", "rock", "tag", "lag", "maniac")
LEVELS = ("easy", "normal", "hard")
SAY_KEYS = {"text", "intent", "action", "confirm", "reply", "error"}
LISTEN_KEYS = SAY_KEYS | {"transcript", "engine", "decode_ms"}
FRAME_KEYS = {"frames", "seconds", "fps_mean", "frame_ms_p50", "frame_ms_p99", "startup_ms"}
#: A PHH action string for the player to act (p3 in the contract fixtures).
PHH_ACTION = re.compile(r"^p3 (f|cc|cbr \d+(\.\d+)?)$")

#: A hand with p3 to act preflop facing the big blind of 20 (1000 behind each).
PREFLOP = DATA / "preflop_three_way.phh"
#: A hand with p2 to act on the flop facing a bet of 40.
FLOP_BET = DATA / "flop_facing_bet.phh"


def holdem(*args: str | Path, timeout: float = 60, env: dict[str, str] | None = None,
           cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``holdem ARGS`` as a user would; headless (no screen, no sound card here)."""
    assert HOLDEM.exists(), f"{HOLDEM} is missing: install the game with `make test-venv`"
    full_env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                **(env or {})}
    return subprocess.run([str(HOLDEM), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env=full_env, cwd=cwd)


def ran(result: subprocess.CompletedProcess[str]) -> str:
    """The command ran (exit 0); its stdout."""
    assert result.returncode == 0, (
        f"exit {result.returncode}, expected 0\nstdout: {result.stdout}\nstderr: {result.stderr}")
    return result.stdout


def json_of(result: subprocess.CompletedProcess[str]) -> dict:
    """Exit 0 and exactly one JSON object printed."""
    out = ran(result).strip()
    assert out, f"nothing printed; stderr: {result.stderr}"
    lines = out.splitlines()
    assert len(lines) == 1, f"expected one JSON line, got {len(lines)}:\n{out}"
    got = json.loads(lines[0])
    assert isinstance(got, dict)
    return got


def refused(result: subprocess.CompletedProcess[str], *named: str) -> str:
    """Exit 2, nothing on stdout, and ONE line on stderr that names each of ``named``."""
    assert result.returncode == 2, (
        f"exit {result.returncode}, expected 2\nstdout: {result.stdout}\nstderr: {result.stderr}")
    assert result.stdout == "", f"a refusal prints no result, got: {result.stdout!r}"
    message = result.stderr.strip()
    assert message, "exit 2 needs a message naming the problem"
    assert "\n" not in message, f"the message must be one line, got:\n{result.stderr}"
    assert "Traceback" not in message
    for name in named:
        assert name in message, f"the message should name {name!r}: {message}"
    return message


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


# --- holdem replay FILE.phh|FILE.phhs ---------------------------------------------------


def test_replay_phh_prints_one_object_with_index_and_finishing_stacks():
    out = ran(holdem("replay", DATA / "heads_up.phh"))
    assert [json.loads(line) for line in out.splitlines()] == [
        {"index": 0, "finishing_stacks": [101, 99]}]


def test_replay_phhs_prints_one_object_per_hand_per_line_in_file_order():
    lines = ran(holdem("replay", DATA / "replay_three_hands.phhs")).splitlines()
    hands = [json.loads(line) for line in lines]
    assert [h["index"] for h in hands] == [0, 1, 2]
    assert set(hands[0]) == REPLAY_KEYS and hands[0]["finishing_stacks"] == [970, 990, 1040]
    assert set(hands[2]) == REPLAY_KEYS and hands[2]["finishing_stacks"] == [51, 49]


def test_replay_a_rejected_hand_prints_index_and_error_and_the_command_goes_on():
    result = holdem("replay", DATA / "replay_three_hands.phhs")
    hands = [json.loads(line) for line in ran(result).splitlines()]
    assert set(hands[1]) == REPLAY_ERROR_KEYS
    assert hands[1]["index"] == 1
    assert "minimum raise is to 50" in hands[1]["error"]
    assert "finishing_stacks" in hands[2]  # the hand after the rejected one is replayed


def test_replay_decimal_amounts_print_as_written():
    out = ran(holdem("replay", DATA / "decimals.phh"))
    assert out == '{"index": 0, "finishing_stacks": [49.75, 54.00, 46.25]}\n'
    assert json.loads(out)["finishing_stacks"] == [49.75, 54.0, 46.25]


def test_replay_accepts_json_flag():
    out = ran(holdem("replay", DATA / "heads_up.phh", "--json"))
    assert out == '{"index": 0, "finishing_stacks": [101, 99]}\n'


def test_replay_missing_file_exits_2_naming_it(tmp_path):
    missing = tmp_path / "no_such_hand.phh"
    refused(holdem("replay", missing), "no_such_hand.phh")


def test_replay_unreadable_file_exits_2_naming_it(tmp_path):
    binary = tmp_path / "garbage.phhs"
    binary.write_bytes(bytes(range(128, 256)) * 4)
    refused(holdem("replay", binary), "garbage.phhs")
    folder = tmp_path / "folder.phh"
    folder.mkdir()
    refused(holdem("replay", folder), "folder.phh")


def test_replay_bad_arguments_exit_2():
    refused(holdem("replay"))
    refused(holdem("replay", DATA / "heads_up.phh", "--no-such-option"), "--no-such-option")


# --- holdem simulate --hands N [--seed S] [--bots SPEC] [--rules FILE] [--journal FILE] ----


def test_simulate_prints_exactly_the_contract_keys():
    got = json_of(holdem("simulate", "--hands", "5", "--seed", "1", "--bots", "tag,lag,rock",
                         "--json"))
    assert set(got) == SIMULATE_KEYS
    assert got["hands"] == 5
    assert [p["style"] for p in got["players"]] == ["tag", "lag", "rock"]
    for player in got["players"]:
        assert set(player) == PLAYER_KEYS
    for key in SIMULATE_KEYS - {"players"}:
        assert isinstance(got[key], (int, float)) and not isinstance(got[key], bool), key
    for key in ("hands", "actions", "chips_start", "rebuy_chips", "rake", "chips_end"):
        assert isinstance(got[key], int), f"{key} is chips or a count: an integer"


def test_simulate_needs_only_hands_seed_and_bots_are_optional():
    got = json_of(holdem("simulate", "--hands", "2"))
    assert set(got) == SIMULATE_KEYS and got["hands"] == 2
    assert len(got["players"]) >= 2


def test_simulate_chips_end_is_chips_start_plus_rebuys_minus_rake():
    got = json_of(holdem("simulate", "--hands", "30", "--seed", "2", "--bots",
                         "maniac,station,random,lag", "--rules", DATA / "raked_rules.toml",
                         "--json"))
    assert got["rake"] > 0, "the raked rules file should rake something in 30 hands"
    assert got["chips_end"] == got["chips_start"] + got["rebuy_chips"] - got["rake"]
    assert got["chips_end"] == sum(p["stack"] for p in got["players"])


@pytest.mark.parametrize("level", LEVELS)
def test_simulate_accepts_every_style_at_every_level(level):
    spec = ",".join(f"{style}:{level}" for style in STYLES)
    got = json_of(holdem("simulate", "--hands", "3", "--seed", "3", "--bots", spec, "--json"))
    assert [(p["style"], p["level"]) for p in got["players"]] == [(s, level) for s in STYLES]
    assert got["chips_end"] == got["chips_start"] + got["rebuy_chips"] - got["rake"]


@pytest.mark.parametrize("spec", ["tag,wizard", "tag,lag:expert", "tag,,lag", "tag:"])
def test_simulate_bad_bot_spec_exits_2(spec):
    refused(holdem("simulate", "--hands", "3", "--bots", spec, "--json"))


def test_simulate_bad_arguments_and_unreadable_rules_exit_2(tmp_path):
    refused(holdem("simulate", "--hands", "many"), "--hands")
    refused(holdem("simulate", "--hands", "-1"), "-1")
    refused(holdem("simulate", "--hands", "3", "--rules", tmp_path / "nope.toml"), "nope.toml")
    refused(holdem("simulate", "--hands", "3", "--rules", DATA / "bad_rules.toml"),
            "rake_percent")
    not_a_journal = tmp_path / "notes.sqlite"
    not_a_journal.write_text("not a database\n")
    refused(holdem("simulate", "--hands", "3", "--journal", not_a_journal), "notes.sqlite")


def test_simulate_same_seed_gives_the_same_result():
    args = ("simulate", "--hands", "12", "--seed", "7", "--bots", "tag:hard,lag:easy,random",
            "--json")
    first, second = json_of(holdem(*args)), json_of(holdem(*args))
    assert without_timing(first) == without_timing(second)


def test_simulate_journal_resumed_after_sigkill_ends_as_the_straight_run(tmp_path):
    args = ["simulate", "--hands", "400", "--seed", "11", "--bots", "random,random,random",
            "--json"]
    straight = json_of(holdem(*args))
    journal = tmp_path / "session.sqlite"
    history = journal.with_suffix(".phhs")  # every finished hand is appended there as PHH
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([str(HOLDEM), *args, "--journal", str(journal)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    journal_seen: float | None = None
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if history.exists() and history.read_text(errors="replace").count("\n[") >= 10:
                break  # ten hands are in
            if journal.exists():  # whatever the history file holds, kill soon after it starts
                journal_seen = journal_seen or time.monotonic()
                if time.monotonic() - journal_seen > 0.5:
                    break
            time.sleep(0.005)
        assert proc.poll() is None, "the session ended before it could be killed: raise --hands"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()
    resumed = json_of(holdem(*args, "--journal", journal))
    assert without_timing(resumed) == without_timing(straight)


# --- holdem say "TEXT" --phh PARTIAL.phh ------------------------------------------------


@pytest.mark.parametrize("phrase, action", [
    ("raise to two hundred", "p3 cbr 200"),
    ("call", "p3 cc"),
    ("fold", "p3 f"),
])
def test_say_prints_the_phh_action_of_the_player_to_act(phrase, action):
    got = json_of(holdem("say", phrase, "--phh", PREFLOP, "--json"))
    assert set(got) == SAY_KEYS
    assert got["text"] == phrase
    assert got["action"] == action
    assert got["confirm"] is False and got["error"] is None


def test_say_check_facing_a_bet_is_an_error_with_no_action_and_exit_0():
    got = json_of(holdem("say", "check", "--phh", FLOP_BET, "--json"))
    assert set(got) == SAY_KEYS
    assert got["action"] is None
    assert got["error"] and "40" in got["error"], "the reason should say what is to call"


def test_say_all_in_waits_for_yes():
    got = json_of(holdem("say", "all in", "--phh", PREFLOP, "--json"))
    assert got["action"] == "p3 cbr 1000"
    assert got["confirm"] is True


def test_say_a_question_gets_a_spoken_reply_and_no_action():
    got = json_of(holdem("say", "what's the pot", "--phh", PREFLOP, "--json"))
    assert got["action"] is None and got["error"] is None
    assert got["reply"] and "30" in got["reply"]


def test_say_chit_chat_is_a_normal_answer_with_no_action():
    got = json_of(holdem("say", "nice weather we are having", "--phh", PREFLOP, "--json"))
    assert set(got) == SAY_KEYS
    assert got["action"] is None and got["confirm"] is False
    assert got["error"]


def test_say_missing_hand_or_arguments_exit_2(tmp_path):
    refused(holdem("say", "call", "--phh", tmp_path / "gone.phh", "--json"), "gone.phh")
    refused(holdem("say", "call", "--json"), "--phh")
    refused(holdem("say", "--phh", PREFLOP, "--json"))
    refused(holdem("say", "call", "--phh", DATA / "heads_up.phh", "--json"))  # nobody to act


# --- holdem listen FILE.wav --phh PARTIAL.phh [--engine vosk|pocketsphinx] -----------------


@pytest.fixture(scope="module")
def spoken(tmp_path_factory):
    """Speech rendered by espeak-ng, resampled by sox to the 16 kHz mono WAV listen takes."""
    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        pytest.fail("espeak-ng and sox are needed (scripts/system-deps.sh test installs them)")
    folder = tmp_path_factory.mktemp("speech")

    def render(text: str) -> Path:
        raw = folder / f"{text.replace(' ', '_')}.raw.wav"
        wav = raw.with_name(raw.name.replace(".raw", ""))
        if not wav.exists():
            subprocess.run(["espeak-ng", "-w", str(raw), text], check=True, capture_output=True)
            subprocess.run(["sox", "-R", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(wav)],
                           check=True, capture_output=True)
        return wav

    return render


def test_listen_prints_the_say_object_plus_transcript_engine_and_decode_ms(spoken):
    got = json_of(holdem("listen", spoken("raise to two hundred"), "--phh", PREFLOP,
                         "--engine", "pocketsphinx", "--json"))
    assert set(got) == LISTEN_KEYS
    assert got["engine"] == "pocketsphinx"
    assert isinstance(got["transcript"], str) and got["transcript"]
    assert isinstance(got["decode_ms"], (int, float)) and got["decode_ms"] >= 0
    assert got["action"] is None or PHH_ACTION.match(got["action"]), got["action"]
    assert got["action"] == "p3 cbr 200", f"heard {got['transcript']!r}"


def test_listen_missing_or_unreadable_wav_exits_2(tmp_path):
    refused(holdem("listen", tmp_path / "silence.wav", "--phh", PREFLOP, "--engine",
                   "pocketsphinx", "--json"), "silence.wav")
    not_wav = tmp_path / "notes.wav"
    not_wav.write_text("not audio at all\n")
    refused(holdem("listen", not_wav, "--phh", PREFLOP, "--engine", "pocketsphinx", "--json"),
            "notes.wav")


def test_listen_bad_arguments_exit_2(spoken):
    wav = spoken("call")
    refused(holdem("listen", wav, "--phh", PREFLOP, "--engine", "siri", "--json"), "siri")
    refused(holdem("listen", wav, "--json"), "--phh")


# --- holdem models [list|download NAME] ---------------------------------------------------

#: No network: every proxy points at a closed port, so a download fails fast offline.
OFFLINE = {key: "http://127.0.0.1:9" for key in
           ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy")}


def test_models_list_runs():
    assert ran(holdem("models", "list")).strip()
    assert ran(holdem("models")).strip()


def test_models_list_json_prints_json():
    out = ran(holdem("models", "list", "--json"))
    json.loads(out)


def test_models_download_offline_exits_2_with_a_message(tmp_path):
    refused(holdem("models", "download", "x", env=OFFLINE, cwd=tmp_path), "x")


def test_models_bad_arguments_exit_2():
    refused(holdem("models", "erase"), "erase")
    refused(holdem("models", "download"), "NAME")


# --- holdem play --spectate --hands N --speed F --frame-stats FILE ---------------------------


def test_play_spectating_one_hand_writes_the_frame_stats(tmp_path):
    stats = tmp_path / "frames.json"
    ran(holdem("play", "--spectate", "--hands", "1", "--speed", "20", "--seed", "1",
               "--voice", "off", "--frame-stats", stats, timeout=120))
    got = json.loads(stats.read_text())
    assert FRAME_KEYS <= set(got), f"missing {FRAME_KEYS - set(got)}"
    assert got["frames"] > 0 and got["seconds"] > 0 and got["fps_mean"] > 0
    assert 0 < got["frame_ms_p50"] <= got["frame_ms_p99"]
    assert got["startup_ms"] > 0


def test_play_bad_arguments_exit_2(tmp_path):
    refused(holdem("play", "--seats", "9", "--hands", "1"), "--seats")
    refused(holdem("play", "--speed", "0", "--hands", "1"), "--speed")
    refused(holdem("play", "--voice", "siri", "--hands", "1"), "siri")
    refused(holdem("play", "--rules", tmp_path / "nope.toml", "--hands", "1"), "nope.toml")


def test_holdem_alone_means_holdem_play():
    message = refused(holdem("--seats", "9", "--hands", "1"), "--seats")
    assert message.startswith("holdem play"), message


# --- exit status --------------------------------------------------------------------------


def test_an_unknown_command_exits_2_naming_it():
    refused(holdem("shuffle"), "shuffle")


@pytest.mark.parametrize("args", [
    ("simulate", "--hands", "3", "--seed", "1", "--json"),
    ("replay", Path(__file__).parent / "data" / "phh" / "pokerkit_generated.phhs", "--json"),
    ("say", "call", "--phh", PREFLOP, "--json"),
    ("models", "list", "--json"),
], ids=["simulate", "replay", "say", "models"])
def test_a_reader_that_goes_away_ends_the_command_quietly(args):
    """`holdem simulate --json | head -c 100`: like a Unix tool, no traceback when the
    reader of stdout closes; the status is a shell's for SIGPIPE."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([str(HOLDEM), *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the command has written anything: every write fails
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141, stderr
    assert stderr == ""
