"""VPIP and PFR are counted once, in game.engine.entries, for the bots and the session alike."""

from __future__ import annotations

import random

from bots.opponents import OpponentModel
from game.engine import Action, preflop_entries
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table


def test_bots_and_session_count_the_same_preflop_entries():
    t = Table(HouseRules(), [SeatSpec(n) for n in "ABCD"], seed=7)
    model = OpponentModel()
    rng = random.Random(7)
    want_vpip = [0] * 4
    want_pfr = [0] * 4
    for _ in range(30):
        t.start_hand()
        hand = t.hand
        while not hand.is_over:
            la = hand.legal_actions()
            picks = [Action.fold()] if la.can_fold else []
            picks += [Action.check()] if la.can_check else [Action.call()] * la.can_call
            if la.can_raise or la.can_bet:
                kind = Action.raise_to if la.can_raise else Action.bet
                picks.append(kind(la.min_to))
            t.act(t.to_act, rng.choice(picks))
        model.observe(hand.events)
        entered = preflop_entries(hand.events)
        for i, s in enumerate(t.hand_seats):
            want_vpip[s] += i in entered.vpip
            want_pfr[s] += i in entered.pfr
    assert [s.vpip_hands for s in t.stats.seats] == want_vpip
    assert [s.pfr_hands for s in t.stats.seats] == want_pfr
    assert sum(want_vpip) > sum(want_pfr) > 0
    # the bots' model counts engine seats; with four seats that never bust they match
    assert [model.counts[s].vpip for s in range(4)] == want_vpip
    assert [model.counts[s].pfr for s in range(4)] == want_pfr


def test_a_blind_and_a_big_blind_check_are_not_entries():
    from game.engine import DECK, Hand, HandConfig

    h = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0, deck=list(DECK))
    h.apply(Action.call())
    h.apply(Action.fold())
    h.apply(Action.check())
    h.apply(Action.bet(10))  # flop: not preflop
    entered = preflop_entries(h.events)
    assert entered.vpip == {0} and entered.pfr == frozenset()
