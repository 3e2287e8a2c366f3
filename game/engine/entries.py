"""Who entered a pot preflop: the one VPIP/PFR count the bots and the session share.

VPIP is putting chips in voluntarily preflop (a call, bet or raise; a blind, an ante or
the big blind checking its option is not voluntary); PFR is a preflop bet or raise.

>>> from game.engine import DECK, Action, Hand, HandConfig
>>> h = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0, deck=list(DECK))
>>> _ = h.apply(Action.raise_to(30)); _ = h.apply(Action.call()); _ = h.apply(Action.fold())
>>> preflop_entries(h.events)
PreflopEntries(vpip=frozenset({0, 1}), pfr=frozenset({0}))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import ActionKind
from .events import Acted, BoardDealt, Street, StreetStarted

_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True)
class PreflopEntries:
    """Engine seats that entered the pot preflop in one hand."""

    vpip: frozenset[int]  #: called, bet or raised preflop
    pfr: frozenset[int]  #: bet or raised preflop


def preflop_entries(events: Iterable[object]) -> PreflopEntries:
    """VPIP and PFR seats of one hand's events; reading stops at the first later street."""
    vpip: set[int] = set()
    pfr: set[int] = set()
    for e in events:
        if isinstance(e, Acted):
            kind = e.action.kind
            if kind in _VOLUNTARY:
                vpip.add(e.seat)
                if kind in _AGGRESSIVE:
                    pfr.add(e.seat)
        elif isinstance(e, BoardDealt) or (
            isinstance(e, StreetStarted) and e.street is not Street.PREFLOP
        ):
            break
    return PreflopEntries(frozenset(vpip), frozenset(pfr))
