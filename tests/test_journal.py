"""The SQLite journal: WAL mode, one committed row per command, refuses what is not one."""

from __future__ import annotations

import sqlite3

import pytest

from game.engine import Action
from game.session.errors import JournalError
from game.session.journal import Journal, journal_exists
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


def new_table(path, **kw) -> Table:
    return Table(HouseRules(**kw), [SeatSpec("A"), SeatSpec("B", kind="human"), SeatSpec("C")],
                 seed=21, journal=Journal.open(path))


def test_journal_is_sqlite_in_wal_mode(tmp_path):
    j = Journal.open(tmp_path / "s.sqlite")
    assert j.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_session_records_rules_seating_and_seed(tmp_path):
    t = new_table(tmp_path / "s.sqlite", seats=3, bots=("rock", "tag"))
    rec = Journal.open(tmp_path / "s.sqlite").session()
    assert rec.rules == t.rules and rec.seed == 21
    assert rec.seats == t.initial_seats and rec.seats[1].kind == "human"


def test_every_action_is_a_committed_row_with_a_timestamp(tmp_path):
    t = new_table(tmp_path / "s.sqlite")
    t.start_hand()
    t.act(t.to_act, Action.raise_to(30))
    t.act(t.to_act, Action.call())
    # Another connection sees the rows at once: each command commits on its own.
    other = sqlite3.connect(tmp_path / "s.sqlite")
    rows = other.execute("SELECT kind, seat, action, amount, ts FROM log ORDER BY id").fetchall()
    assert [r[:4] for r in rows] == [("start", None, None, None), ("act", 0, "raise", 30),
                                     ("act", 1, "call", 0)]
    assert all(r[4] > 1e9 for r in rows)


def test_every_hand_records_its_deck_button_seats_and_stacks(tmp_path):
    t = new_table(tmp_path / "s.sqlite")
    t.start_hand()
    rec = Journal.open(tmp_path / "s.sqlite").hands()[1]
    assert rec.deck == tuple(t.deck) and len(set(rec.deck)) == 52
    assert (rec.button, rec.seats, rec.stacks) == (0, (0, 1, 2), (1000, 1000, 1000))
    assert rec.stacks_end is None
    while not t.hand.is_over:
        t.act(t.to_act, Action.fold())
    assert Journal.open(tmp_path / "s.sqlite").hands()[1].stacks_end == tuple(t.hand.stacks)


def test_between_hands_commands_are_journaled(tmp_path):
    t = new_table(tmp_path / "s.sqlite")
    t.start_hand()
    while not t.hand.is_over:
        t.act(t.to_act, Action.fold())
    t.top_up(1)
    t.sit_out(2)
    t.sit_in(2)
    t.leave(0)
    kinds = [c.kind for c in Journal.open(tmp_path / "s.sqlite").commands()]
    assert kinds[-4:] == ["top_up", "sit_out", "sit_in", "leave"]


def test_refused_actions_are_not_journaled(tmp_path):
    t = new_table(tmp_path / "s.sqlite")
    t.start_hand()
    with pytest.raises(ValueError):
        t.act(t.to_act, Action.raise_to(11))
    assert [c.kind for c in Journal.open(tmp_path / "s.sqlite").commands()] == ["start"]


def test_a_second_session_in_one_journal_is_refused(tmp_path):
    new_table(tmp_path / "s.sqlite")
    with pytest.raises(JournalError, match="already holds a session"):
        new_table(tmp_path / "s.sqlite")


def test_a_file_that_is_not_a_journal_is_refused(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("hello, this is not a database" * 100)
    with pytest.raises(JournalError, match="is not a session journal"):
        Journal.open(f)
    assert not journal_exists(f)


def test_journal_exists_only_with_a_session(tmp_path):
    Journal.open(tmp_path / "empty.sqlite").close()
    assert not journal_exists(tmp_path / "empty.sqlite")
    new_table(tmp_path / "s.sqlite")
    assert journal_exists(tmp_path / "s.sqlite")


def test_archiving_a_journal_frees_the_path_for_a_new_session(tmp_path):
    from game.session.journal import archive_journal

    f = tmp_path / "session.sqlite"
    t = new_table(f)
    t.journal.close()
    moved = archive_journal(f)
    assert moved is not None and moved.exists() and not f.exists()
    assert Journal.open(moved).has_session()
    new_table(f)  # a fresh session where the old one was
