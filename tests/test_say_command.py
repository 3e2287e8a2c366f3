"""`holdem say "TEXT" --phh PARTIAL.phh --json`: the contract of docs/ARCHITECTURE.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.commands.say import load_situation, say_result, situation_from_history

KEYS = {"text", "intent", "action", "confirm", "reply", "error"}

PREFLOP = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KsKh", "d dh p3 7c2d"]
"""

FLOP_BET = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KsKh", "d dh p3 7c2d", "p3 cc", "p1 cc", "p2 cc",
           "d db Ah7h2s", "p1 cbr 40"]
"""

DECIMAL = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 KsKh"]
"""

FINISHED = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 KsKh", "p2 f"]
"""


@pytest.fixture
def phh(tmp_path: Path):
    def write(text: str, name: str = "hand.phh") -> str:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


def say(capsys, text: str, path: str, *extra: str) -> tuple[int, dict]:
    code = main(["say", text, "--phh", path, "--json", *extra])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else {}


def test_a_raise_prints_the_phh_action_of_the_actor(capsys, phh):
    code, got = say(capsys, "raise to two hundred", phh(PREFLOP))
    assert code == 0
    assert set(got) == KEYS
    assert got["action"] == "p3 cbr 200" and got["confirm"] is False and got["error"] is None


def test_call_and_fold_use_phh_words(capsys, phh):
    path = phh(PREFLOP)
    assert say(capsys, "call", path)[1]["action"] == "p3 cc"
    assert say(capsys, "fold", path)[1]["action"] == "p3 f"


def test_check_facing_a_bet_is_a_normal_answer_with_the_reason(capsys, phh):
    code, got = say(capsys, "check", phh(FLOP_BET))
    assert code == 0
    assert got["action"] is None
    assert got["error"] == "check is not possible: 40 to call"


def test_all_in_waits_for_yes(capsys, phh):
    code, got = say(capsys, "I'm all in", phh(FLOP_BET))
    assert got["action"] == "p2 cbr 980" and got["confirm"] is True
    assert got["reply"].endswith("Say yes or no.")


def test_questions_reply_without_acting(capsys, phh):
    path = phh(FLOP_BET)
    _, pot = say(capsys, "what's the pot", path)
    assert pot["reply"] == "the pot is 100" and pot["action"] is None
    _, mine = say(capsys, "what do I have", path)
    assert mine["reply"].startswith("king of spades and king of hearts: pair of kings")


def test_chit_chat_is_not_caught_and_names_the_closest_phrase(capsys, phh):
    _, got = say(capsys, "good luck everyone", phh(PREFLOP))
    assert got["action"] is None and got["error"].startswith("didn't catch that")


def test_deal_and_rebuy_mid_hand_are_refused_as_the_game_refuses_them(capsys, phh):
    """The speaker's hand is unfinished: the next hand and rebuys wait for its end."""
    path = phh(FLOP_BET)
    _, deal = say(capsys, "deal", path)
    assert deal["intent"] == "table: deal" and deal["action"] is None
    assert deal["error"] == "a hand is being played: the next one is dealt after it ends"
    for text in ("rebuy", "top up"):
        _, got = say(capsys, text, path)
        assert got["error"].endswith("rebuys happen between hands") and got["reply"] is None
    _, back = say(capsys, "I'm back", path)
    assert back["error"] == "You are not sitting out"


def test_pause_sit_out_and_options_are_done_by_the_game_mid_hand(capsys, phh):
    path = phh(FLOP_BET)
    for text in ("pause", "sit out", "options"):
        _, got = say(capsys, text, path)
        assert got["error"] is None and got["reply"].endswith("done by the game")


def test_low_confidence_asks_for_yes(capsys, phh):
    _, got = say(capsys, "call", phh(PREFLOP), "--confidence", "0.2")
    assert got["action"] == "p3 cc" and got["confirm"] is True


def test_decimal_hands_hear_amounts_in_their_own_units(capsys, phh):
    path = phh(DECIMAL)
    assert say(capsys, "raise to three", path)[1]["action"] == "p2 cbr 3.0"
    assert say(capsys, "raise to one and a half", path)[1]["error"] == (
        "minimum raise is to 2.0")


def test_decimal_hands_read_two_fifty_as_dollars_and_cents(capsys, phh):
    """At a 0.50/1 table "two fifty" is 2.50, as dealers say it — not 250."""
    path = phh(DECIMAL)
    assert say(capsys, "raise to two fifty", path)[1]["action"] == "p2 cbr 2.5"
    assert say(capsys, "make it twelve fifty", path)[1]["action"] == "p2 cbr 12.5"


def test_unreadable_file_exits_2_with_one_line(capsys, tmp_path):
    code = main(["say", "call", "--phh", str(tmp_path / "missing.phh"), "--json"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "missing.phh" in err


def test_a_finished_hand_exits_2(capsys, phh):
    code = main(["say", "call", "--phh", phh(FINISHED), "--json"])
    assert code == 2 and "over" in capsys.readouterr().err


def test_not_phh_exits_2(capsys, phh):
    code = main(["say", "call", "--phh", phh("this is = not [ phh"), "--json"])
    assert code == 2


def test_say_result_serves_listen_and_the_benchmark_without_argparse(phh):
    situation = load_situation(phh(PREFLOP))
    results = [say_result(t, situation) for t in ("call", "three x", "half pot")]
    assert [r["action"] for r in results] == ["p3 cc", "p3 cbr 60", "p3 cbr 45"]


@pytest.mark.slow
def test_the_installed_command_line_runs(phh):
    proc = subprocess.run(
        [sys.executable, "-m", "game", "say", "min raise", "--phh", phh(PREFLOP), "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["action"] == "p3 cbr 40"


POT_LIMIT = """variant = "PT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KsKh", "d dh p3 7c2d"]
"""

FIXED_LIMIT = """variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AcAd", "d dh p2 KsKh", "d dh p3 7c2d"]
"""


def test_pot_limit_hand_caps_at_the_pot(capsys, phh):
    path = phh(POT_LIMIT)
    assert say(capsys, "pot", path)[1]["action"] == "p3 cbr 35"
    assert say(capsys, "raise to 100", path)[1]["error"] == (
        "pot limit: the most you can raise to is 35")


def test_fixed_limit_hand_raises_by_the_fixed_amount(capsys, phh):
    path = phh(FIXED_LIMIT)
    assert say(capsys, "raise", path)[1]["action"] == "p3 cbr 20"
    assert say(capsys, "raise to 40", path)[1]["error"] == (
        "fixed limit: the most you can raise to is 20")


def test_the_voice_corpus_expectations_hold_for_the_typed_text(tmp_path):
    """The voice benchmark's hand-written outcomes, from the exact words (no recognizer)."""
    corpus = pytest.importorskip("benchmarks.voice.corpus")
    outcome = pytest.importorskip("benchmarks.voice.outcome")
    situations = {}
    for name, text in corpus.SITUATIONS.items():
        path = tmp_path / f"{name}.phh"
        path.write_text(text, encoding="utf-8")
        situations[name] = load_situation(path)
    wrong = [
        (p.text, p.expected, outcome.label(say_result(p.text, situations[p.situation])))
        for p in corpus.PHRASES
        if outcome.label(say_result(p.text, situations[p.situation])) != p.expected
    ]
    assert wrong == []


def test_say_actions_replay_in_the_hand_history_they_were_said_for():
    """Fuzz end to end: a random real hand written as PHH (integer or decimal amounts), a
    random phrase; any action `say` prints must replay as the next line of that history."""
    from dataclasses import replace

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from game.phh.amounts import Scale
    from game.phh.export import history_from_hand
    from game.phh.replay import replay_partial

    from .test_voice_resolver_fuzz import salad, situation

    @settings(max_examples=150, deadline=None)
    @given(text=salad, seed=st.integers(0, 10_000), places=st.sampled_from([0, 0, 2]))
    def check(text, seed, places):
        h = situation(seed)
        if h is None:
            return
        history = history_from_hand(h, scale=Scale(places))
        got = say_result(text, situation_from_history(history))
        assert set(got) == KEYS
        if got["action"] is not None:
            replay_partial(replace(history, actions=[*history.actions, got["action"]]))

    check()


def test_odds_and_table_questions_are_answered_from_the_hand(capsys, phh):
    """p2 (KsKh) faces p1's 40 on Ah7h2s: equity against the two players left, pot odds."""
    path = phh(FLOP_BET)
    _, odds = say(capsys, "what are my odds", path)
    assert odds["intent"] == "question: odds" and odds["action"] is None
    reply = odds["reply"]
    assert reply.startswith("about ") and " percent against two players; " in reply
    assert reply.endswith("you need 40 to call 100, so 29 percent")
    _, outs = say(capsys, "how many outs", path)
    assert outs["reply"] == "2 outs to three of a kind, about 8 percent by the river"
    _, raised = say(capsys, "who raised", path)
    assert raised["reply"] == "seat 1 bet 40"
    _, seat = say(capsys, "what did seat 3 do", path)
    assert seat["reply"] == "seat 3 called 20 preflop"
    _, minimum = say(capsys, "what's the minimum raise", path)
    assert minimum["reply"] == "the minimum raise is to 80"
    _, blinds = say(capsys, "what are the blinds", path)
    assert blinds["reply"] == "the blinds are 10 and 20"


def test_what_did_a_named_player_do_uses_the_historys_player_names(capsys, phh):
    path = phh(FLOP_BET + 'players = ["Leo", "Tess", "Max"]\n')
    _, got = say(capsys, "what did Leo do", path)
    assert got["reply"] == "Leo called 20 preflop, then bet 40 on the flop"
