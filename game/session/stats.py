"""Session statistics per seat: VPIP, PFR, aggression factor, bb/100.

Counted from the engine's events of each finished hand, the standard way:

* VPIP — share of hands dealt where the player put chips in voluntarily preflop
  (a call, bet or raise; posting a blind or checking the big blind is not voluntary);
* PFR — share of hands dealt with a preflop bet or raise;
* aggression factor — (bets + raises) / calls over all streets (bets + raises when the
  player never called);
* bb/100 — net chips won, in big blinds of the hand they were won in, per 100 hands dealt;
* hands won — hands in which the player took a share of any pot ("how many hands have I
  won", asked aloud).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.engine import Hand, preflop_entries
from game.engine.actions import ActionKind
from game.engine.events import Acted, PotAwarded

_CALL = ActionKind.CALL
_AGGRO = (ActionKind.BET, ActionKind.RAISE)


@dataclass
class SeatStats:
    hands: int = 0
    vpip_hands: int = 0
    pfr_hands: int = 0
    bets_raises: int = 0
    calls: int = 0
    net: int = 0  #: chips won minus lost
    net_bb: float = 0.0
    won: int = 0  #: hands with a share of a pot (a split pot counts)

    @property
    def vpip(self) -> float:
        return self.vpip_hands / self.hands if self.hands else 0.0

    @property
    def pfr(self) -> float:
        return self.pfr_hands / self.hands if self.hands else 0.0

    @property
    def aggression(self) -> float:
        return self.bets_raises / self.calls if self.calls else float(self.bets_raises)

    @property
    def bb_per_100(self) -> float:
        return 100.0 * self.net_bb / self.hands if self.hands else 0.0


class SessionStats:
    """Per table seat counters; a new occupant of a chair continues that chair's line."""

    def __init__(self, n_seats: int) -> None:
        self.seats = [SeatStats() for _ in range(n_seats)]

    def record(self, hand: Hand, hand_seats: Sequence[int]) -> None:
        """Count one finished engine ``hand`` whose engine seat i is table seat hand_seats[i]."""
        seats = self.seats
        winners: set[int] = set()
        for e in hand.events:
            if isinstance(e, PotAwarded):
                winners.update(w for w, share in zip(e.winners, e.shares, strict=False)
                               if share > 0)
            elif isinstance(e, Acted):
                k = e.action.kind
                if k is _CALL:
                    seats[hand_seats[e.seat]].calls += 1
                elif k in _AGGRO:
                    seats[hand_seats[e.seat]].bets_raises += 1
        entered = preflop_entries(hand.events)
        bb = hand.config.big_blind
        start = hand.starting_stacks
        for i, s in enumerate(hand_seats):
            st = seats[s]
            st.hands += 1
            st.vpip_hands += i in entered.vpip
            st.pfr_hands += i in entered.pfr
            st.won += i in winners
            net = hand.stacks[i] - start[i]
            st.net += net
            st.net_bb += net / bb
