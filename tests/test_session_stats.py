"""Session statistics: VPIP, PFR, aggression factor and bb/100, counted the standard way."""

from __future__ import annotations

from game.engine import Action
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


def test_vpip_pfr_and_aggression_of_one_scripted_hand():
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], seed=1)
    t.start_hand()                       # button 0 (first to act), SB 1, BB 2
    t.act(0, Action.raise_to(30))        # voluntary + preflop raise
    t.act(1, Action.call())              # voluntary
    t.act(2, Action.fold())              # posted the big blind only: not voluntary
    t.act(1, Action.check())
    t.act(0, Action.bet(40))
    t.act(1, Action.fold())
    s = t.stats.seats
    assert [x.hands for x in s] == [1, 1, 1]
    assert [x.vpip for x in s] == [1.0, 1.0, 0.0]
    assert [x.pfr for x in s] == [1.0, 0.0, 0.0]
    assert (s[0].bets_raises, s[0].calls, s[0].aggression) == (2, 0, 2.0)
    assert (s[1].bets_raises, s[1].calls, s[1].aggression) == (0, 1, 0.0)


def test_big_blind_checking_its_option_is_not_vpip():
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], seed=1)
    t.start_hand()
    t.act(0, Action.fold())
    t.act(1, Action.call())
    t.act(2, Action.check())
    while not t.hand.is_over:
        t.act(t.to_act, Action.check())
    assert t.stats.seats[2].vpip_hands == 0 and t.stats.seats[1].vpip_hands == 1


def test_bb_per_100_is_net_big_blinds_per_hundred_hands():
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B")], seed=1)
    for _ in range(4):
        t.start_hand()
        t.act(t.to_act, Action.fold())   # heads-up: the button folds its small blind
    # Each player was button twice (-5) and big blind twice (+5): net 0.
    assert [round(x.bb_per_100, 6) for x in t.stats.seats] == [0.0, 0.0]
    t.start_hand()
    t.act(t.to_act, Action.fold())      # seat 0 on the button loses 5 = half a big blind
    assert t.stats.seats[0].bb_per_100 == 100 * -0.5 / 5


def test_hands_won_counts_each_hand_with_a_share_of_a_pot():
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")], seed=1)
    t.start_hand()
    t.act(0, Action.raise_to(30))
    t.act(1, Action.fold())
    t.act(2, Action.fold())              # A wins the blinds uncontested
    t.start_hand()                       # button 1: C first
    t.act(t.to_act, Action.fold())
    t.act(t.to_act, Action.fold())       # the big blind wins
    won = [x.won for x in t.stats.seats]
    assert sum(won) == 2 and won[0] >= 1
    assert [x.hands for x in t.stats.seats] == [2, 2, 2]
