"""The PokerKit cross-check's sorting of differences (benchmarks/replay/run.py): a refusal
counts as a rule difference only where docs/RULES.md says the game plays differently."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.phh import HandHistory, ReplayError, read_file
from game.phh.replay import replay

run = pytest.importorskip("benchmarks.replay.run")

DATA = Path(__file__).parent / "data" / "phh"


def history(name: str, number: int) -> HandHistory:
    found = list(read_file(DATA / name))[number - 1]
    assert isinstance(found, HandHistory)
    return found


def our_error(h: HandHistory) -> str:
    with pytest.raises(ReplayError) as refused:
        replay(h)
    return str(refused.value)


def pokerkit(h: HandHistory) -> dict:
    return {"finishing_stacks": h.finishing_stacks}


def test_a_short_all_in_that_did_not_reopen_no_limit_betting_is_a_rule_difference() -> None:
    h = history("pokerkit_rule_differences.phhs", 4)
    assert run.classify(h, {"error": our_error(h)}, pokerkit(h)) == "short_all_in_reopening"


def test_did_not_reopen_after_a_fixed_limit_all_in_of_half_a_bet_is_unexplained() -> None:
    """An all-in of half a bet reopens the betting (docs/RULES.md §3.6), so a refusal of
    p3's raise here must show as an engine bug, not as a rule difference."""
    h = history("pokerkit_short_all_ins.phhs", 1)
    old = ("action 7 'p3 cbr 5': raise is not possible: the short all-in did not reopen the"
           " betting (legal: call 1, fold)")
    assert run.classify(h, {"error": old}, pokerkit(h)) == "unexplained"


def test_did_not_reopen_after_short_all_ins_adding_up_to_a_full_raise_is_unexplained() -> None:
    h = history("pokerkit_short_all_ins.phhs", 3)
    old = ("action 16 'p4 cbr 431': raise is not possible: the short all-in did not reopen"
           " the betting (legal: call 211, fold)")
    assert run.classify(h, {"error": old}, pokerkit(h)) == "unexplained"


def test_a_completion_where_pokerkit_raises_is_a_rule_difference() -> None:
    h = history("pokerkit_short_all_ins.phhs", 2)
    assert run.classify(h, {"error": our_error(h)}, pokerkit(h)) == "fixed_limit_completion"


def test_a_short_big_blind_is_confirmed_by_replaying_it_pokerkits_way() -> None:
    h = history("pokerkit_rule_differences.phhs", 2)  # p2's big blind: 33 of 50
    assert run.classify(h, {"error": our_error(h)}, pokerkit(h)) == "short_big_blind"
