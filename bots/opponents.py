"""What a bot remembers about the others over a session: VPIP, PFR, fold to c-bet.

Fed only with public events (actions, boards, shown cards; a ``HoleDealt`` is ignored
whoever it belongs to), so the model can never learn a hidden card.  Estimates are
shrunk toward a population prior until enough hands are seen, so three hands of a
tight player do not make him look like a rock.

>>> m = OpponentModel()
>>> round(m.stats(3).vpip, 2)  # no hands seen: the prior
0.28
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine import preflop_entries
from game.engine.actions import ActionKind
from game.engine.events import Acted, BoardDealt, ForcedBet, HandEnded, Street, StreetStarted

#: Population priors and how many hands of evidence they are worth.
PRIOR_VPIP, PRIOR_PFR, PRIOR_FOLD_CBET, PRIOR_AGG = 0.28, 0.16, 0.45, 0.45
PRIOR_HANDS = 12


@dataclass
class Counts:
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    cbet_faced: int = 0
    cbet_folded: int = 0
    aggressive: int = 0  #: bets + raises after the preflop
    passive: int = 0  #: calls after the preflop


@dataclass(frozen=True)
class Stats:
    """Shrunk estimates for one opponent (all shares 0..1)."""

    hands: int
    vpip: float
    pfr: float
    fold_to_cbet: float
    aggression: float  #: bets+raises / (bets+raises+calls) postflop


def _shrink(k: int, n: int, prior: float, weight: int = PRIOR_HANDS) -> float:
    return (k + prior * weight) / (n + weight)


@dataclass
class _HandTrack:
    street: Street = Street.PREFLOP
    preflop: list[Acted] = field(default_factory=list)
    preflop_raiser: int | None = None
    flop_bet_by_raiser: bool = False
    flop_raised_after_cbet: bool = False
    faced: set[int] = field(default_factory=set)
    acted: bool = False


class OpponentModel:
    """Per-seat counts over a session, updated from each hand's public events."""

    def __init__(self) -> None:
        self.counts: dict[int, Counts] = {}
        self._hand: _HandTrack | None = None

    def stats(self, seat: int) -> Stats:
        c = self.counts.get(seat, Counts())
        post = c.aggressive + c.passive
        return Stats(
            hands=c.hands,
            vpip=_shrink(c.vpip, c.hands, PRIOR_VPIP),
            pfr=_shrink(c.pfr, c.hands, PRIOR_PFR),
            fold_to_cbet=_shrink(c.cbet_folded, c.cbet_faced, PRIOR_FOLD_CBET, 6),
            aggression=_shrink(c.aggressive, post, PRIOR_AGG, 10),
        )

    def observe(self, events: Iterable[object]) -> None:
        for e in events:
            self._observe(e)

    def _observe(self, e: object) -> None:
        if isinstance(e, ForcedBet):
            h = self._hand
            if h is None or h.acted or h.street is not Street.PREFLOP:
                self._hand = _HandTrack()  # blinds open a new hand
            return
        if isinstance(e, HandEnded):
            if self._hand is not None:
                self._finish(self._hand, len(e.stacks))
            self._hand = None
            return
        h = self._hand
        if h is None:
            h = self._hand = _HandTrack()
        if isinstance(e, (StreetStarted, BoardDealt)):
            h.street = e.street
        elif isinstance(e, Acted):
            self._acted(h, e)

    def _acted(self, h: _HandTrack, e: Acted) -> None:
        kind, seat = e.action.kind, e.seat
        h.acted = True
        aggressive = kind in (ActionKind.BET, ActionKind.RAISE)
        if h.street is Street.PREFLOP:
            h.preflop.append(e)
            if aggressive:
                h.preflop_raiser = seat
            return
        c = self.counts.setdefault(seat, Counts())
        if aggressive:
            c.aggressive += 1
        elif kind is ActionKind.CALL:
            c.passive += 1
        if h.street is not Street.FLOP:
            return
        if seat == h.preflop_raiser and kind is ActionKind.BET:
            h.flop_bet_by_raiser = True
        elif h.flop_bet_by_raiser and not h.flop_raised_after_cbet and seat not in h.faced:
            h.faced.add(seat)
            c.cbet_faced += 1
            if kind is ActionKind.FOLD:
                c.cbet_folded += 1
            if kind is ActionKind.RAISE:
                h.flop_raised_after_cbet = True

    def _finish(self, h: _HandTrack, n: int) -> None:
        entered = preflop_entries(h.preflop)
        for seat in range(n):
            c = self.counts.setdefault(seat, Counts())
            c.hands += 1
            c.vpip += seat in entered.vpip
            c.pfr += seat in entered.pfr
