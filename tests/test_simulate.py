"""`holdem simulate`: the command-line contract of docs/ARCHITECTURE.md."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from game.cli import main

KEYS = {"hands", "actions", "seconds", "hands_per_second", "chips_start", "rebuy_chips", "rake",
        "chips_end", "players", "decision_ms_p95"}
PLAYER_KEYS = {"name", "style", "level", "vpip", "pfr", "aggression", "bb_per_100", "rebuys",
               "stack"}


def run(*args: str) -> tuple[int, dict | None, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(["simulate", *args])
        except SystemExit as e:  # argparse
            rc = int(e.code or 0)
    text = out.getvalue()
    return rc, json.loads(text) if rc == 0 else None, err.getvalue()


def timeless(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("seconds", "hands_per_second",
                                                    "decision_ms_p95")}


def test_summary_has_every_field_of_the_contract_and_conserves_chips():
    rc, d, _ = run("--hands", "200", "--seed", "4", "--bots", "random,random,random,random")
    assert rc == 0
    assert set(d) == KEYS
    assert d["hands"] == 200 and d["actions"] > 200
    assert d["chips_end"] == d["chips_start"] + d["rebuy_chips"] - d["rake"]
    assert d["chips_start"] == 4000
    assert len(d["players"]) == 4
    for p in d["players"]:
        assert set(p) == PLAYER_KEYS
        assert p["style"] == "random" and p["level"] == "normal"
        assert 0 <= p["pfr"] <= p["vpip"] <= 1
    assert sum(p["stack"] for p in d["players"]) == d["chips_end"]


def test_same_seed_same_session():
    a = run("--hands", "150", "--seed", "9", "--bots", "random,random,random")[1]
    b = run("--hands", "150", "--seed", "9", "--bots", "random,random,random")[1]
    c = run("--hands", "150", "--seed", "10", "--bots", "random,random,random")[1]
    assert timeless(a) == timeless(b) != timeless(c)


def test_bot_styles_and_levels_come_from_the_spec():
    rc, d, _ = run("--hands", "20", "--seed", "1", "--bots", "rock:easy,maniac:hard,station")
    assert rc == 0
    assert [(p["style"], p["level"]) for p in d["players"]] == [
        ("rock", "easy"), ("maniac", "hard"), ("station", "normal")]


def test_rake_is_accounted_for(tmp_path):
    f = tmp_path / "rake.toml"
    f.write_text("[game]\nrake_percent = 5.0\nrake_cap = 15\n")
    rc, d, _ = run("--hands", "200", "--seed", "2", "--bots", "random,random,random,random",
                   "--rules", str(f))
    assert rc == 0 and d["rake"] > 0
    assert d["chips_end"] == d["chips_start"] + d["rebuy_chips"] - d["rake"]


def test_freeze_out_stops_when_one_player_has_every_chip(tmp_path):
    f = tmp_path / "t.toml"
    f.write_text('preset = "Tournament"\n[blinds]\nlevel_up_hands = 3\n')
    rc, d, _ = run("--hands", "100000", "--seed", "3", "--bots", "maniac,maniac,maniac",
                   "--rules", str(f))
    assert rc == 0 and d["hands"] < 100000
    assert d["rebuy_chips"] == 0
    assert sorted(p["stack"] for p in d["players"]) == [0, 0, 3000]


def test_journal_resumes_an_unfinished_session_until_n_hands_in_total(tmp_path):
    j = str(tmp_path / "s.sqlite")
    straight = run("--hands", "120", "--seed", "6", "--bots", "random,tag,random")[1]
    first = run("--hands", "50", "--seed", "6", "--bots", "random,tag,random", "--journal", j)[1]
    assert first["hands"] == 50
    second = run("--hands", "120", "--seed", "6", "--journal", j)[1]
    assert timeless(second) == timeless(straight)
    heads = [ln for ln in (tmp_path / "s.phhs").read_text().splitlines() if ln.startswith("[")]
    assert heads == [f"[{i}]" for i in range(1, 121)]


@pytest.mark.parametrize("args, words", [
    (["--bots", "shark"], "shark"),
    (["--hands", "-1"], "negative"),
    (["--rules", "/nonexistent/rules.toml"], "cannot read rules file"),
])
def test_bad_arguments_exit_2_with_one_line(args, words):
    rc, _, err = run(*args)
    assert rc == 2
    assert words in err and err.count("\n") == 1


def test_a_file_that_is_not_a_journal_exits_2(tmp_path):
    f = tmp_path / "x.sqlite"
    f.write_text("not a database" * 200)
    rc, _, err = run("--hands", "1", "--journal", str(f))
    assert rc == 2 and "not a session journal" in err


def test_resume_mid_hand_with_thinking_bots_ends_as_the_straight_run(tmp_path):
    """A crash mid-hand: the hand's rng is brought back by replaying its decisions."""
    import sqlite3

    lineup = "tag:hard,random,maniac:easy,station"
    straight = run("--hands", "40", "--seed", "8", "--bots", lineup)[1]
    j = tmp_path / "s.sqlite"
    run("--hands", "25", "--seed", "8", "--bots", lineup, "--journal", str(j))
    c = sqlite3.connect(j)
    # Cut the journal three actions into hand 20, as a SIGKILL there would leave it.
    first = c.execute("SELECT MIN(id) FROM log WHERE hand=20 AND kind='act'").fetchone()[0]
    c.execute("DELETE FROM log WHERE id > ?", (first + 2,))
    c.execute("DELETE FROM hands WHERE number > 20")
    c.execute("UPDATE hands SET stacks_end=NULL WHERE number=20")
    c.commit()
    c.close()
    (tmp_path / "s.phhs").write_text("")
    from game.session.journal import Journal
    from game.session.recovery import resume

    cut = resume(Journal.open(j))
    assert cut.hand_number == 20 and not cut.hand.is_over  # really mid-hand
    cut.journal.close()
    resumed = run("--hands", "40", "--journal", str(j))[1]
    assert timeless(resumed) == timeless(straight)


def test_classic_limit_rules_play_a_fixed_limit_freeze_out(tmp_path):
    f = tmp_path / "classic.toml"
    f.write_text('preset = "Classic limit"\n')
    rc, d, _ = run("--hands", "300", "--seed", "5", "--bots", "random,station,maniac",
                   "--rules", str(f))
    assert rc == 0 and d["rebuy_chips"] == 0 and d["chips_start"] == 3000
    assert d["chips_end"] == 3000 - d["rake"]


def test_hand_history_of_a_simulated_session_replays_with_holdem_replay(tmp_path):
    j = tmp_path / "s.sqlite"
    rc, d, _ = run("--hands", "60", "--seed", "3", "--bots", "random,lag,rock", "--journal",
                   str(j))
    assert rc == 0
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["replay", str(tmp_path / "s.phhs")]) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(lines) == 60 and not any("error" in x for x in lines)
    # The last hand's finishing stacks are the players' stacks at the end.
    assert sorted(lines[-1]["finishing_stacks"]) == sorted(p["stack"] for p in d["players"])
