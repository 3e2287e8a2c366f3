"""Properties of any session, whatever happens between hands (hypothesis).

Whatever players do — sit out, return, rebuy, leave, join, bust — every hand the button
sits on a dealt-in player, the blinds follow it (heads-up: the button posts the small
blind), nobody waiting for the big blind is dealt in on the small blind, and no chip is
created or lost.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bots.random_player import random_action
from game.engine.events import ForcedBet
from game.session.errors import NoHandError, SessionError
from game.session.events import HandStarted
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table

OPS = st.lists(st.tuples(st.sampled_from(["sit_out", "sit_in", "rebuy", "top_up", "leave",
                                          "join", "none"]),
                         st.integers(0, 5), st.integers(1, 1000)), max_size=60)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(2, 6), ops=OPS, seed=st.integers(0, 2**32))
def test_button_blinds_and_chips_hold_whatever_players_do(n, ops, seed):
    t = Table(HouseRules(), [SeatSpec(f"P{i}") for i in range(n)], seed=seed)
    rng = random.Random(seed)
    joined = 0
    for op, seat, amount in ops:
        seat %= n
        try:
            if op == "rebuy":
                t.rebuy(seat, amount)
            elif op == "join":
                joined += 1
                t.join(seat, SeatSpec(f"J{joined}"))
            elif op != "none":
                getattr(t, op)(seat)
        except SessionError:
            pass
        waiting = {i for i, p in enumerate(t.players) if p is not None and p.waiting}
        prev_button = t.button
        try:
            ev = t.start_hand()
        except NoHandError:
            continue
        hs = next(e for e in ev if isinstance(e, HandStarted))
        seats = hs.seats
        assert hs.button in seats
        assert len(seats) >= 2
        for s in seats:
            p = t.players[s]
            assert p is not None and not p.sitting_out
        if prev_button is not None:
            # one seat clockwise over the seats dealt in (a player entering on the big
            # blind does not take the button)
            order = sorted(set(seats) - waiting)
            if len(order) < 2:  # nobody waits when fewer than two could play without them
                order = sorted(seats)
            assert hs.button == next((s for s in order if s > prev_button), order[0])
        blinds = {e.kind: e.seat for e in ev if isinstance(e, ForcedBet)}
        if len(seats) == 2:
            assert blinds.get("small blind") == hs.button
        else:
            i = seats.index(hs.button)
            assert blinds.get("small blind") == seats[(i + 1) % len(seats)]
            assert blinds.get("big blind") == seats[(i + 2) % len(seats)]
            entered = waiting & set(seats)
            if sum(1 for s in seats if s not in waiting) >= 2:
                # a waiting player is dealt in only on the big blind
                assert entered <= {blinds.get("big blind")}
        while not t.hand.is_over:
            la = t.legal()
            t.act(la.seat, random_action(la, rng))
            t.check_chips()
        t.check_chips()
