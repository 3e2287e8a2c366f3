"""The facts a bot decides from, read off a ``PlayerView`` once per decision.

A ``PlayerView`` carries no hidden card; this module only reshapes it (positions, who is
still live, prices in big blinds, this hand's actions per street) so the policy reads
like poker and not like attribute plumbing.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import ActionKind, LegalActions
from game.engine.cards import card_index
from game.engine.events import Acted, BoardDealt, Street, StreetStarted


@dataclass(frozen=True)
class PastAction:
    street: Street
    seat: int
    kind: ActionKind
    amount: int  #: street total for bets/raises
    all_in: bool


@dataclass(frozen=True)
class Situation:
    seat: int
    n: int
    button: int
    hole: tuple[str, str]
    board: tuple[str, ...]
    street: Street
    stacks: tuple[int, ...]  #: chips behind
    committed: tuple[int, ...]  #: this street
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    legal: LegalActions
    history: tuple[PastAction, ...]  #: this hand, blinds excluded
    big_blind: int
    bb_seat: int

    # --- who is where ---------------------------------------------------------------
    @property
    def opponents(self) -> list[int]:
        """Seats still in the hand besides ours."""
        return [s for s in range(self.n) if s != self.seat and not self.folded[s]]

    @property
    def opponents_who_can_act(self) -> list[int]:
        return [s for s in self.opponents if not self.all_in[s]]

    def _order_after(self, start: int) -> list[int]:
        return [(start + i) % self.n for i in range(1, self.n + 1)]

    @property
    def players_behind(self) -> int:
        """Live players who act after us on this street's first pass (position)."""
        if self.street is Street.PREFLOP:
            bb = self.bb_seat
            order = self._order_after(bb)  # UTG first, BB last
        else:
            order = self._order_after(self.button)
        after = order[order.index(self.seat) + 1 :]
        return sum(1 for s in after if not self.folded[s] and not self.all_in[s])

    @property
    def in_position(self) -> bool:
        """Last to act postflop among the players who can still bet."""
        order = self._order_after(self.button)
        live = [s for s in order if not self.folded[s] and not self.all_in[s]]
        return bool(live) and live[-1] == self.seat

    # --- money -------------------------------------------------------------------------
    @property
    def pot(self) -> int:
        return self.legal.pot

    @property
    def to_call(self) -> int:
        return self.legal.to_call

    @property
    def effective_stack(self) -> int:
        """Chips that can really be won or lost: ours against the deepest live opponent."""
        mine = self.stacks[self.seat] + self.committed[self.seat]
        theirs = max((self.stacks[s] + self.committed[s] for s in self.opponents), default=0)
        return min(mine, theirs)

    @property
    def effective_bb(self) -> float:
        return self.effective_stack / max(1, self.big_blind)

    # --- what happened ----------------------------------------------------------------
    def actions_on(self, street: Street) -> list[PastAction]:
        return [a for a in self.history if a.street is street]

    @property
    def raises_this_street(self) -> int:
        return sum(1 for a in self.actions_on(self.street)
                   if a.kind in (ActionKind.BET, ActionKind.RAISE))

    @property
    def preflop_raiser(self) -> int | None:
        raisers = [a.seat for a in self.actions_on(Street.PREFLOP) if a.kind is ActionKind.RAISE]
        return raisers[-1] if raisers else None

    @property
    def hole_indices(self) -> tuple[int, int]:
        return card_index(self.hole[0]), card_index(self.hole[1])

    @property
    def board_indices(self) -> list[int]:
        return [card_index(c) for c in self.board]


def history_from_events(events) -> tuple[PastAction, ...]:
    """This hand's voluntary actions with their street, from public events."""
    street = Street.PREFLOP
    out: list[PastAction] = []
    for e in events:
        if isinstance(e, (StreetStarted, BoardDealt)):
            street = e.street
        elif isinstance(e, Acted):
            out.append(PastAction(street, e.seat, e.action.kind, e.action.amount, e.all_in))
    return tuple(out)


def situation_from_view(view) -> Situation:
    """Read a ``PlayerView`` (game/engine/view.py) into a :class:`Situation`."""
    legal = view.legal
    if legal is None or view.hole is None:
        raise ValueError(f"seat {view.viewer} is not to act: a bot decides only on its turn")
    seats = view.seats
    return Situation(
        seat=view.viewer,
        n=view.n,
        button=view.button,
        hole=(view.hole[0], view.hole[1]),
        board=tuple(view.board),
        street=view.street,
        stacks=tuple(s.stack for s in seats),
        committed=tuple(s.committed for s in seats),
        folded=tuple(s.folded for s in seats),
        all_in=tuple(s.all_in for s in seats),
        legal=legal,
        history=history_from_events(view.history),
        big_blind=legal.big_blind,
        bb_seat=view.bb_seat,
    )
