"""Action clock + time bank (docs/RULES.md §3.9: 30 s per action, +15 s bank per hand,
then check or fold)."""

from __future__ import annotations

from game.engine import Action
from game.engine.actions import ActionKind
from game.session.events import TimeBankStarted, TimedOut
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(clock: FakeClock, n: int = 3, **rules) -> Table:
    return Table(HouseRules(**rules), [SeatSpec(f"P{i}") for i in range(n)], seed=4,
                 clock=clock)


def test_nothing_happens_before_the_action_clock_runs_out():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    assert t.tick(c.now + 29.9) == []
    assert t.clock_left(c.now + 10).action_left == 20.0


def test_time_bank_starts_when_the_action_clock_runs_out():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    seat = t.to_act
    assert t.tick(c.now + 31) == [TimeBankStarted(seat, 15.0)]
    assert t.tick(c.now + 32) == []  # announced once


def test_expiry_folds_when_facing_a_bet():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    seat = t.to_act                       # under the gun faces the big blind
    ev = t.tick(c.now + 45.0)
    assert TimedOut(seat, Action.fold()) in ev
    assert t.hand.folded[t.engine_seat(seat)]


def test_expiry_checks_when_checking_is_free():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    t.act(t.to_act, Action.call())        # button calls
    t.act(t.to_act, Action.call())        # small blind completes
    seat = t.to_act                       # big blind may check
    ev = t.tick(c.now + 45.0)
    assert TimedOut(seat, Action.check()) in ev
    acted = [e for e in ev if getattr(e, "seat", None) == seat and hasattr(e, "action")]
    assert acted[-1].action.kind is ActionKind.CHECK
    assert not t.hand.folded[t.engine_seat(seat)]


def test_time_bank_spent_in_one_action_is_gone_for_the_rest_of_the_hand():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    first = t.to_act
    c.now += 40.0                         # 10 s of the 15 s bank used
    t.act(first, Action.call())
    t.act(t.to_act, Action.call())
    t.act(t.to_act, Action.check())       # flop comes; the first seat acts again later
    while t.to_act != first:
        t.act(t.to_act, Action.check())
    assert t.clock_left(c.now + 30.0).bank_left == 5.0
    ev = t.tick(c.now + 35.0)
    assert TimedOut(first, Action.check()) in ev


def test_time_bank_refills_each_hand():
    c = FakeClock()
    t = table(c)
    t.start_hand()
    seat = t.to_act
    t.tick(c.now + 45.0)                  # bank spent, folded
    while not t.hand.is_over:
        la = t.legal()
        t.act(la.seat, Action.check() if la.can_check else Action.fold())
    c.now += 100
    t.start_hand()
    while t.to_act != seat:
        t.act(t.to_act, Action.fold())
        if t.hand.is_over:
            t.start_hand()
    assert t.clock_left(c.now + 30.0).bank_left == 15.0


def test_a_player_who_timed_out_has_no_bank_left_that_hand():
    c = FakeClock()
    t = table(c, n=2)
    t.start_hand()
    seat = t.to_act                       # heads-up: the button acts first
    t.act(seat, Action.call())
    t.tick(c.now + 45.0)                  # big blind times out: checks (free)
    assert t.hand.street.value == "flop"
    other = t.to_act                      # the big blind acts first after the flop
    assert other != seat
    assert t.clock_left(c.now + 30.0).bank_left == 0.0


def test_no_clock_when_the_action_clock_is_off():
    c = FakeClock()
    t = table(c, action_seconds=0)
    t.start_hand()
    assert t.tick(c.now + 10_000) == []
    assert t.clock_left() is None


def test_timeout_action_is_journaled_like_any_other(tmp_path):
    from game.session.journal import Journal
    from game.session.recovery import resume

    c = FakeClock()
    j = Journal.open(tmp_path / "s.sqlite")
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], seed=4, journal=j,
              clock=c)
    t.start_hand()
    t.tick(c.now + 45.0)
    again = resume(Journal.open(tmp_path / "s.sqlite"), clock=c)
    assert again.hand.folded == t.hand.folded
