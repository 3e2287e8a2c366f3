"""What one player may see of a hand: no card they could not see at a real table.

Bots and the UI get a :class:`PlayerView`, never the :class:`Hand` itself, so a bot
cannot peek at an opponent's hole cards or the deck.  The arena's spectator mode asks
for ``reveal_all``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import LegalActions
from .config import HandConfig
from .events import Event, HoleDealt, Shown, Street

if TYPE_CHECKING:
    from .hand import Hand


@dataclass(frozen=True)
class SeatView:
    seat: int
    stack: int  #: chips behind
    committed: int  #: wagered on this street
    contributed: int  #: wagered in the whole hand
    folded: bool
    all_in: bool
    #: Hole cards when the viewer may see them (own, shown at showdown, or arena); else None.
    cards: tuple[str, ...] | None


@dataclass(frozen=True)
class PlayerView:
    viewer: int | None
    config: HandConfig
    n: int
    button: int
    sb_seat: int
    bb_seat: int
    street: Street
    board: tuple[str, ...]
    hole: tuple[str, ...] | None  #: the viewer's own cards
    seats: tuple[SeatView, ...]
    pot: int  #: everything wagered so far, street bets included
    current_bet: int
    last_full_raise: int
    actor: int | None
    #: The viewer's legal actions when it is their turn, else None.
    legal: LegalActions | None
    history: tuple[Event, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.viewer is not None and self.actor == self.viewer

    def position(self, seat: int | None = None) -> int:
        """Seats after the button: 0 = button, 1 = first left of it (the small blind)...

        Higher is *earlier* postflop; the button (0) acts last postflop.
        """
        s = self.viewer if seat is None else seat
        assert s is not None
        return (s - self.button) % self.n

    def opponents(self) -> list[SeatView]:
        return [v for v in self.seats if v.seat != self.viewer and not v.folded]


def player_view(hand: Hand, seat: int | None, reveal_all: bool = False) -> PlayerView:
    shown = {e.seat: e.cards for e in hand.events if isinstance(e, Shown)}

    def visible(s: int) -> tuple[str, ...] | None:
        cards = hand.hole[s]
        if cards is None:
            return None
        if reveal_all or s == seat:
            return tuple(cards)
        return shown.get(s)

    seats = tuple(
        SeatView(s, hand.stacks[s], hand.committed[s], hand.contributed[s], hand.folded[s],
                 hand.all_in[s], visible(s))
        for s in range(hand.n)
    )
    history = tuple(
        e for e in hand.events
        if not isinstance(e, HoleDealt) or reveal_all or e.seat == seat
    )
    legal = hand.legal_actions() if (seat is not None and hand.actor == seat) else None
    return PlayerView(
        viewer=seat, config=hand.config, n=hand.n, button=hand.button, sb_seat=hand.sb_seat,
        bb_seat=hand.bb_seat, street=hand.street, board=tuple(hand.board),
        hole=visible(seat) if seat is not None else None, seats=seats, pot=hand.pot_total,
        current_bet=hand.current_bet, last_full_raise=hand.last_full_raise, actor=hand.actor,
        legal=legal, history=history,
    )
