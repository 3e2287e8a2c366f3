"""Crash recovery: the journal replayed through the engine gives back the exact table.

docs/RULES.md §6.8: after a kill at any point — mid-hand too — the next start resumes
exactly, no chip created or lost, and a seeded session resumed after any number of kills
ends exactly as one run straight through.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from bots.random_player import random_action
from game.engine import Action
from game.engine.events import Acted
from game.session.errors import JournalError, NoHandError
from game.session.journal import Journal
from game.session.recovery import resume
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


def decision_seed(seed: int, hand: int, decision: int) -> int:
    return (seed << 48) ^ (hand << 16) ^ decision


SEATS = [SeatSpec(n) for n in ("Ann", "Bob", "Cy", "Dee")]
CASH = HouseRules(auto_rebuy=True)


def play(t: Table, hands: int) -> None:
    """Seeded random play: every decision drawn from (seed, hand, decision number)."""
    rng = random.Random()
    while True:
        h = t.hand
        if h is None or h.is_over:
            if t.hand_number >= hands or t.over:
                return
            try:
                t.start_hand()
            except NoHandError:
                return
            continue
        k = sum(1 for e in h.events if e.__class__ is Acted)
        rng.seed(decision_seed(t.seed, t.hand_number, k))
        la = t.legal()
        t.act(la.seat, random_action(la, rng))


def state(t: Table) -> tuple:
    return (t.hand_number, t.button, [None if p is None else (p.stack, p.rebuys, p.sitting_out)
                                      for p in t.players],
            t.ledger, t.places, t.level, t.over, t.rebuys_by_seat, t.actions,
            None if t.hand is None or t.hand.is_over else (repr(t.hand), t.hand.events),
            [vars(s) for s in t.stats.seats])


def truncated_copy(src, dst, keep: int) -> None:
    """The journal as a crash right after command ``keep`` would leave it."""
    shutil.copy(src, dst)
    for ext in ("-wal", "-shm"):
        if os.path.exists(str(src) + ext):
            shutil.copy(str(src) + ext, str(dst) + ext)
    c = sqlite3.connect(dst)
    hand = c.execute("SELECT hand FROM log WHERE id=?", (keep,)).fetchone()[0]
    c.execute("DELETE FROM log WHERE id > ?", (keep,))
    c.execute("DELETE FROM hands WHERE number > ?", (hand,))
    c.execute("UPDATE hands SET stacks_end=NULL WHERE number = ?", (hand,))
    c.execute("DELETE FROM snapshots WHERE log_id > ?", (keep,))
    c.commit()
    c.close()


@pytest.mark.parametrize("preset", ["Casual cash", "Tournament"])
def test_resume_after_a_crash_at_any_command_ends_as_the_straight_run(tmp_path, preset,
                                                                      monkeypatch):
    monkeypatch.setattr("game.session.table.SNAPSHOT_EVERY", 4)
    rules = HouseRules.preset(preset)
    if preset == "Casual cash":
        rules = rules.replace(auto_rebuy=True)
    straight = Table(rules, SEATS, seed=5, journal=Journal.open(tmp_path / "full.sqlite"))
    play(straight, 25)
    n = _rows(tmp_path / "full.sqlite")
    cuts = sorted(random.Random(1).sample(range(1, n + 1), min(12, n)))
    for keep in cuts:
        f = tmp_path / f"cut{keep}.sqlite"
        truncated_copy(tmp_path / "full.sqlite", f, keep)
        t = resume(Journal.open(f))
        t.check_chips()
        play(t, 25)
        assert state(t) == state(straight), f"cut after command {keep}"


def test_resume_restores_a_hand_in_progress_exactly(tmp_path):
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"))
    t.start_hand()
    for _ in range(3):
        t.act(t.to_act, Action.call())
    again = resume(Journal.open(tmp_path / "s.sqlite"))
    assert repr(again.hand) == repr(t.hand) and again.hand.events == t.hand.events
    assert again.to_act == t.to_act and again.legal() == t.legal()
    assert again.chips_in_play() == t.chips_in_play()


def test_resume_continues_journaling(tmp_path):
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"))
    play(t, 3)
    again = resume(Journal.open(tmp_path / "s.sqlite"))
    play(again, 6)
    third = resume(Journal.open(tmp_path / "s.sqlite"))
    assert state(third) == state(again)


def test_resume_rewrites_missing_phh_hands_once(tmp_path):
    h = tmp_path / "s.phhs"
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"), history=h)
    play(t, 5)
    text = h.read_text()
    cut = text.index("[5]")
    h.write_text(text[:cut])  # the crash came before hand 5 reached the file
    again = resume(Journal.open(tmp_path / "s.sqlite"), history=h)
    play(again, 6)
    heads = [ln for ln in h.read_text().splitlines() if ln.startswith("[")]
    assert heads == [f"[{i}]" for i in range(1, 7)]


def test_a_journal_that_does_not_replay_is_refused_with_the_entry(tmp_path):
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"))
    play(t, 2)
    c = sqlite3.connect(tmp_path / "s.sqlite")
    c.execute("UPDATE log SET action='raise', amount=3 WHERE id=(SELECT MAX(id) FROM log "
              "WHERE kind='act')")
    c.commit()
    with pytest.raises(JournalError, match="does not replay: .*raise"):
        resume(Journal.open(tmp_path / "s.sqlite"))


def _simulate(journal, hands: int, seed: int = 13) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "game.cli", "simulate", "--hands", str(hands), "--seed", str(seed),
         "--bots", "random,random,random,random", "--journal", str(journal)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _rows(journal) -> int:
    try:
        c = sqlite3.connect(journal, timeout=5)
        try:
            return c.execute("SELECT COUNT(*) FROM log").fetchone()[0]
        finally:
            c.close()
    except sqlite3.Error:
        return 0


def test_sigkill_at_random_points_resumes_exactly_with_no_chip_lost(tmp_path):
    hands = 1500
    p = _simulate(tmp_path / "straight.sqlite", hands)
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    want = json.loads(out)

    f = tmp_path / "killed.sqlite"
    rng = random.Random(7)
    mid_hand = 0
    kills = 0
    last_rows = 0
    while kills < 6 or (mid_hand == 0 and kills < 12):
        p = _simulate(f, hands)
        # Kill after a random number of new journal rows (machine-speed independent); the
        # exact instant within the command stream is wherever the process happens to be.
        target = last_rows + rng.randint(30, 700)
        deadline = time.monotonic() + 120
        while _rows(f) < target and p.poll() is None and time.monotonic() < deadline:
            time.sleep(0.005)
        if p.poll() is not None:
            break
        p.send_signal(signal.SIGKILL)
        p.wait()
        kills += 1
        last_rows = _rows(f)
        t = resume(Journal.open(f))  # checks every chip against the ledger
        mid_hand += t.hand is not None and not t.hand.is_over
        assert t.chips_in_play() == t.ledger.expected
        t.journal.close()
    assert kills >= 6
    assert mid_hand >= 1  # 12 kills all between hands: about 1 in a million
    p = _simulate(f, hands)
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    got = json.loads(out)
    for k in ("seconds", "hands_per_second", "decision_ms_p95"):
        want.pop(k)
        got.pop(k)
    assert got == want
    assert got["chips_end"] == got["chips_start"] + got["rebuy_chips"] - got["rake"]
    heads = [ln for ln in f.with_suffix(".phhs").read_text().splitlines() if ln.startswith("[")]
    assert heads == [f"[{i}]" for i in range(1, hands + 1)]


def chaos(t: Table, hands: int, seed: int) -> None:
    """Seeded play with random seat commands between hands (refusals are part of the game)."""
    from game.session.errors import SessionError

    rng = random.Random(seed)
    names = iter(f"Guest{i}" for i in range(1000))
    while t.hand_number < hands and not t.over:
        for _ in range(rng.randrange(4)):
            seat = rng.randrange(len(t.players))
            op = rng.choice(["sit_out", "sit_in", "rebuy", "top_up", "leave", "join", "auto"])
            try:
                if op == "rebuy":
                    t.rebuy(seat, rng.choice([50, 200, 500, 1000]))
                elif op == "join":
                    t.join(seat, SeatSpec(next(names)))
                elif op == "sit_in":
                    out = [i for i, p in enumerate(t.players) if p is not None and p.sitting_out]
                    t.sit_in(rng.choice(out) if out else seat)
                elif op == "auto":
                    t.set_auto_rebuy(seat, rng.random() < 0.5, rng.choice([None, 10, 60]))
                else:
                    getattr(t, op)(seat)
            except SessionError:
                pass
        try:
            t.start_hand()
        except NoHandError:
            seat = next((i for i, p in enumerate(t.players) if p is None), None)
            if seat is None:
                return
            t.join(seat, SeatSpec(next(names)))
            continue
        while not t.hand.is_over:
            la = t.legal()
            t.act(t.to_act, random_action(la, rng))
        t.check_chips()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_seat_command_replays_exactly(tmp_path, seed):
    t = Table(HouseRules(sit_out_hands=3), SEATS, seed=seed,
              journal=Journal.open(tmp_path / "s.sqlite"))
    chaos(t, 100, seed)
    kinds = {c.kind for c in Journal.open(tmp_path / "s.sqlite").commands()}
    assert {"sit_out", "sit_in", "rebuy", "leave", "join"} <= kinds
    again = resume(Journal.open(tmp_path / "s.sqlite"))
    assert state(again) == state(t)
    assert [None if p is None else p.name for p in again.players] == \
        [None if p is None else p.name for p in t.players]


def test_resume_from_a_snapshot_gives_the_table_a_full_replay_gives(tmp_path, monkeypatch):
    monkeypatch.setattr("game.session.table.SNAPSHOT_EVERY", 5)
    t = Table(HouseRules(sit_out_hands=3), SEATS, seed=4,
              journal=Journal.open(tmp_path / "s.sqlite"))
    chaos(t, 43, 4)
    j = Journal.open(tmp_path / "s.sqlite")
    assert j.latest_snapshot() is not None
    fast = resume(j)
    slow = resume(Journal.open(tmp_path / "s.sqlite"), full=True)
    assert state(fast) == state(slow) == state(t)
    play(fast, 50)
    play(slow, 50)
    assert state(fast) == state(slow)


def test_freeze_out_snapshot_keeps_places_and_levels(tmp_path, monkeypatch):
    monkeypatch.setattr("game.session.table.SNAPSHOT_EVERY", 3)
    rules = HouseRules.preset("Tournament").replace(level_up_hands=4)
    t = Table(rules, SEATS, seed=6, journal=Journal.open(tmp_path / "s.sqlite"))
    play(t, 10_000)
    assert t.over
    again = resume(Journal.open(tmp_path / "s.sqlite"))
    assert state(again) == state(t) and again.winner == t.winner


def test_kill_between_the_last_action_and_the_phh_append_at_a_snapshot_hand(tmp_path,
                                                                           monkeypatch):
    """The hand is over in the journal, its PHH entry and snapshot were never written, and
    a resume without the history file (a look at the table) comes first: the next resume
    with the history file still writes the hand."""
    monkeypatch.setattr("game.session.table.SNAPSHOT_EVERY", 5)
    h = tmp_path / "s.phhs"
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"), history=h)
    play(t, 10)
    text = h.read_text()
    h.write_text(text[:text.index("[10]\n")])
    c = sqlite3.connect(tmp_path / "s.sqlite")
    c.execute("DELETE FROM snapshots WHERE hand = 10")
    c.commit()
    c.close()
    resume(Journal.open(tmp_path / "s.sqlite"))  # no history file: must not snapshot hand 10
    again = resume(Journal.open(tmp_path / "s.sqlite"), history=h)
    assert state(again) == state(t)
    heads = [ln for ln in h.read_text().splitlines() if ln.startswith("[")]
    assert heads == [f"[{i}]" for i in range(1, 11)]


def test_kill_after_the_phh_append_before_the_last_action_commits(tmp_path):
    """The hand is in the PHH file but its last action never reached the journal: the
    resumed hand ends again without a second copy in the file."""
    h = tmp_path / "s.phhs"
    t = Table(CASH, SEATS, seed=8, journal=Journal.open(tmp_path / "s.sqlite"), history=h)
    play(t, 5)
    c = sqlite3.connect(tmp_path / "s.sqlite")
    c.execute("DELETE FROM log WHERE id = (SELECT MAX(id) FROM log)")
    c.execute("UPDATE hands SET stacks_end=NULL WHERE number = 5")
    c.commit()
    c.close()
    again = resume(Journal.open(tmp_path / "s.sqlite"), history=h)
    assert again.hand_number == 5 and not again.hand.is_over
    play(again, 6)
    straight = Table(CASH, SEATS, seed=8)
    play(straight, 6)
    assert state(again) == state(straight)
    heads = [ln for ln in h.read_text().splitlines() if ln.startswith("[")]
    assert heads == [f"[{i}]" for i in range(1, 7)]
