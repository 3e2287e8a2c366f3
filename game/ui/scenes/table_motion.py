"""The table's motions: each event's cards and chips fly, flip and gather (``Animator``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.events import Acted, BoardDealt, ForcedBet, HoleDealt, PotAwarded, Shown
from game.session.events import HandStarted

from .. import card_art, chips, theme
from ..animation import Animator, Flight, Flip

if TYPE_CHECKING:
    from .table import TableScene


def _flip(card: str, width: int) -> Callable[[float], pygame.Surface]:
    return lambda p: card_art.flipped(card, width, p)


class TableMotion:
    def __init__(self, scene: TableScene, speed: float) -> None:
        self.scene = scene
        self.anim = Animator(speed)
        self._street_bets: dict[int, int] = {}  #: chips each seat put in on this street

    def _deal_order(self, seat: int) -> int:
        seats = self.scene.c.table.hand_seats
        return seats.index(seat) if seat in seats else 0

    def on_event(self, e: object) -> None:
        if isinstance(e, HandStarted):
            self._street_bets.clear()
        scene = self.scene
        renderer = scene.renderer
        lay = renderer.layout
        if lay is None:
            return
        now = scene.now
        a = self.anim
        size = lay.size
        if isinstance(e, (ForcedBet, Acted)):
            paid = e.amount if isinstance(e, ForcedBet) else e.paid
            if paid > 0:
                self._street_bets[e.seat] = self._street_bets.get(e.seat, 0) + paid
        if isinstance(e, (BoardDealt, PotAwarded)) and self._street_bets:
            for seat, amount in self._street_bets.items():  # the street's bets are gathered
                sp = renderer.spot(seat)
                if amount > 0 and sp is not None:
                    img = chips.stack(amount, theme.scale(10, size))
                    a.add(Flight(img, sp.bet, lay.pot, now, a.duration(0.3)))
            self._street_bets.clear()
            now += a.duration(0.3)  # the pot goes to the winner after it is gathered
        if isinstance(e, HoleDealt):
            sp = renderer.spot(e.seat)
            if sp is None:
                return
            human = e.seat == scene.c.human
            dst = renderer.cards_centre(sp, human)
            img = card_art.back(renderer.card_width(human))
            order = self._deal_order(e.seat)
            a.add(Flight(img, lay.board, dst, now + a.duration(0.06) * order,
                         a.duration(0.28), key=f"hole{e.seat}"))
        elif isinstance(e, BoardDealt):
            hand = scene.c.table.hand
            first = len(hand.board if hand is not None else ()) - len(e.cards)
            for i, card in enumerate(e.cards):
                slot = first + i
                a.add(Flip(_flip(card, lay.card_w), renderer.board_slot(slot),
                           now + a.duration(0.12) * i, a.duration(0.32), key=f"board{slot}"))
        elif isinstance(e, Acted) and e.paid > 0:
            sp = renderer.spot(e.seat)
            if sp is not None:
                img = chips.stack(e.paid, theme.scale(10, size))
                a.add(Flight(img, sp.plate, sp.bet, now, a.duration(0.25)))
        elif isinstance(e, Shown) and e.seat != scene.c.human and not scene.spectate:
            sp = renderer.spot(e.seat)
            if sp is not None:
                cw = renderer.card_width(False)
                cx, cy = renderer.cards_centre(sp, False)
                overlap = int(cw * 0.62)
                for i, card in enumerate(e.cards):
                    x = int(cx + (i - (len(e.cards) - 1) / 2) * overlap)
                    a.add(Flip(_flip(card, cw), (x, cy), now + a.duration(0.1) * i,
                               a.duration(0.35), key=f"hole{e.seat}"))
        elif isinstance(e, PotAwarded):
            for w, share in zip(e.winners, e.shares, strict=False):
                sp = renderer.spot(w)
                if sp is not None and share > 0:
                    img = chips.stack(share, theme.scale(11, size))
                    a.add(Flight(img, lay.pot, sp.plate, now + a.duration(0.35) * e.index,
                                 a.duration(0.6)))
