"""Every finished hand appended as PHH; the file replays through the engine to the same stacks."""

from __future__ import annotations

import random

import pytest

from bots.random_player import random_action
from game.phh.reader import read_file
from game.phh.replay import replay
from game.session.errors import NoHandError
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


def play(t: Table, hands: int, seed: int = 3) -> None:
    rng = random.Random(seed)
    for _ in range(hands):
        if t.over:
            return
        try:
            t.start_hand()
        except NoHandError:
            return
        while not t.hand.is_over:
            la = t.legal()
            t.act(la.seat, random_action(la, rng))


@pytest.mark.parametrize("rules", [
    HouseRules(auto_rebuy=True),
    HouseRules(auto_rebuy=True, structure="PL", antes=True, ante=2),
    HouseRules(auto_rebuy=True, straddle=True, rake_percent=5, rake_cap=20),
    HouseRules(auto_rebuy=True, structure="FL", check_raise=False),
    HouseRules(auto_rebuy=True, structure="FL", raise_cap=0),
    HouseRules.preset("Classic limit"),
    HouseRules.preset("Tournament"),
], ids=["NL", "PL-antes", "NL-straddle-rake", "FL-no-check-raise", "FL-uncapped", "classic",
        "tournament"])
def test_history_file_replays_to_the_finishing_stacks(tmp_path, rules):
    f = tmp_path / "h.phhs"
    seats = [SeatSpec(n) for n in ("Ann", "Bob", "Cy", "Dee")]
    t = Table(rules, seats, seed=12, history=f)
    play(t, 60)
    hands = list(read_file(f))
    assert len(hands) == t.hand_number
    for h in hands:
        assert not isinstance(h, Exception), h
        assert replay(h).chips == list(h.finishing_stacks)


def test_heads_up_hands_are_written_with_phh_heads_up_order(tmp_path):
    f = tmp_path / "h.phhs"
    t = Table(HouseRules(auto_rebuy=True), [SeatSpec("Ann"), SeatSpec("Bob")], seed=2, history=f)
    play(t, 30)
    for h in read_file(f):
        assert replay(h).chips == list(h.finishing_stacks)


def test_hand_number_and_player_names_are_recorded(tmp_path):
    f = tmp_path / "h.phhs"
    t = Table(HouseRules(), [SeatSpec("Ann"), None, SeatSpec("Cy"), SeatSpec("Dee")], seed=2,
              history=f)
    play(t, 2)
    first, second = list(read_file(f))[:2]
    assert first.extra["hand"] == 1 and second.extra["hand"] == 2
    # p1 is left of the button; the button (seat 0 in hand 1) is last.
    assert first.extra["players"] == ["Cy", "Dee", "Ann"]


def test_a_history_file_a_crash_left_untidy_is_made_whole_and_ordered(tmp_path):
    from game.session.history import HistoryFile

    f = tmp_path / "h.phhs"
    t = Table(HouseRules(auto_rebuy=True), [SeatSpec("Ann"), SeatSpec("Bob")], seed=2, history=f)
    play(t, 4)
    text = f.read_text()
    entries = text.split("\n\n")[:-1]
    assert len(entries) == 4
    # a duplicate, hands out of order and a last entry cut short by a kill
    f.write_text("\n\n".join([entries[0], entries[2], entries[1], entries[1]]) + "\n\n"
                 + entries[3][:40])
    assert HistoryFile(f).tidy() == {1, 2, 3}
    assert f.read_text() == "\n\n".join(entries[:3]) + "\n\n"


def test_a_glued_entry_after_a_broken_line_is_dropped(tmp_path):
    from game.session.history import HistoryFile

    f = tmp_path / "h.phhs"
    t = Table(HouseRules(auto_rebuy=True), [SeatSpec("Ann"), SeatSpec("Bob")], seed=2, history=f)
    play(t, 3)
    entries = f.read_text().split("\n\n")[:-1]
    f.write_text(entries[0] + "\n\n" + entries[1][:30] + entries[2] + "\n\n")
    assert HistoryFile(f).tidy() == {1}
