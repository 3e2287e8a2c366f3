"""Remembers what the table scene shows but the engine does not keep: each seat's last
action label, cards shown at showdown, and the winners with their hand.

It is an event listener (table seats), so it sees the same stream as narration and the HUD.

>>> from game.engine.actions import Action
>>> from game.engine.events import Acted, StreetStarted, Street
>>> t = SeatMemory()
>>> t.on_event(Acted(2, Action.raise_to(60), 50, False)); t.last_action[2]
'Raise to 60'
>>> t.on_event(StreetStarted(Street.FLOP)); 2 in t.last_action
False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.actions import ActionKind
from game.engine.events import (
    Acted,
    BoardDealt,
    ForcedBet,
    HandEnded,
    PotAwarded,
    Shown,
    StreetStarted,
)

from .captions import caption


def action_label(e: Acted) -> str:
    """The label under a seat: "Fold", "Check", "Call 40", "Bet 60", "Raise to 120", "All-in"."""
    k = e.action.kind
    if k is ActionKind.CALL:  # a call all in shows no amount: it is what the stack held
        return caption(k, 0 if e.all_in else e.paid, all_in=e.all_in)
    return caption(k, e.action.amount, all_in=e.all_in, completion=e.completion)


@dataclass
class SeatMemory:
    last_action: dict[int, str] = field(default_factory=dict)
    shown: dict[int, tuple[str, ...]] = field(default_factory=dict)
    shown_name: dict[int, str] = field(default_factory=dict)
    best_five: dict[int, tuple[str, ...]] = field(default_factory=dict)
    winners: list[int] = field(default_factory=list)
    winning_name: str = ""
    hand_over: bool = False
    timed_out: set[int] = field(default_factory=set)

    def reset(self) -> None:
        self.last_action.clear()
        self.shown.clear()
        self.shown_name.clear()
        self.best_five.clear()
        self.winners.clear()
        self.winning_name = ""
        self.hand_over = False

    def on_event(self, e: object) -> None:
        name = type(e).__name__
        if name == "HandStarted":
            self.reset()
        elif isinstance(e, ForcedBet):
            if e.kind != "ante":
                self.last_action[e.seat] = e.kind.title()
        elif name == "TimedOut":
            self.timed_out.add(getattr(e, "seat", -1))
        elif isinstance(e, Acted):
            label = action_label(e)
            if e.seat in self.timed_out:
                self.timed_out.discard(e.seat)
                label = f"Time: {label.lower()}"
            self.last_action[e.seat] = label
        elif isinstance(e, (StreetStarted, BoardDealt)):
            for seat in list(self.last_action):
                if not self.last_action[seat].startswith(("Fold", "All-in")):
                    del self.last_action[seat]
        elif isinstance(e, Shown):
            self.shown[e.seat] = tuple(e.cards)
            self.shown_name[e.seat] = e.hand_name
            self.best_five[e.seat] = tuple(e.best_five)
        elif isinstance(e, PotAwarded):
            for w in e.winners:
                if w not in self.winners:
                    self.winners.append(w)
            if e.index == 0 or not self.winning_name:
                self.winning_name = _banner(e, self)
        elif isinstance(e, HandEnded):
            self.hand_over = True

    def winning_cards(self) -> tuple[str, ...]:
        out: list[str] = []
        for w in self.winners[:1]:
            out.extend(self.best_five.get(w, ()))
        return tuple(out)


def _banner(e: PotAwarded, mem: SeatMemory) -> str:
    """ "Rocco wins 840 with two pair" — names are filled in by the scene (seat numbers here)."""
    who = "+".join(f"@{w}" for w in e.winners)
    if e.hand_name:
        return f"{who} wins {e.amount:,} with {e.hand_name}"
    return f"{who} wins {e.amount:,}"
