"""What happened in a hand, as typed records.

``Hand.apply`` returns these; the session journals them, the UI animates them, bots and
banter react to them.  They carry no hidden card except :class:`HoleDealt`, which a
``PlayerView`` filters.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .actions import Action
from .evaluator import HandValue


class Street(Enum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(frozen=True)
class ForcedBet:
    seat: int
    kind: str  #: "ante", "small blind", "big blind", "straddle", "blind"
    amount: int  #: chips actually posted (less than scheduled when short)
    all_in: bool


@dataclass(frozen=True)
class HoleDealt:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class BoardDealt:
    street: Street
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Acted:
    seat: int
    #: Normalised: ALL_IN never appears; BET/RAISE carry the street total.
    action: Action
    paid: int  #: chips this action moved from stack to the table
    all_in: bool
    #: Fixed limit: the raise completed a short all-in opening bet (the round's bet, not a
    #: raise; docs/RULES.md 3.6).
    completion: bool = False


@dataclass(frozen=True)
class StreetStarted:
    street: Street


@dataclass(frozen=True)
class Shown:
    seat: int
    cards: tuple[str, ...]
    #: The evaluated hand; its name and five cards are decoded only when asked for.
    value: HandValue

    @property
    def hand_name(self) -> str:
        return self.value.name

    @property
    def best_five(self) -> tuple[str, ...]:
        return tuple(self.value.cards)


@dataclass(frozen=True)
class Mucked:
    seat: int


@dataclass(frozen=True)
class Refunded:
    """An uncalled bet (or a layer only one player paid into) goes back."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Raked:
    amount: int


@dataclass(frozen=True)
class PotAwarded:
    index: int  #: 0 = main pot, 1.. = side pots
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]  #: chips to each winner, same order
    #: The winning hand; None when the pot was won without a showdown.
    value: HandValue | None = None

    @property
    def hand_name(self) -> str:
        """"two pair, kings and fives", or "" when won without showdown."""
        return self.value.name if self.value is not None else ""


@dataclass(frozen=True)
class HandEnded:
    stacks: tuple[int, ...]
    #: Net change of each seat over the hand (sums to minus the rake).
    net: tuple[int, ...]


Event = (
    ForcedBet | HoleDealt | BoardDealt | Acted | StreetStarted | Shown | Mucked | Refunded
    | Raked | PotAwarded | HandEnded
)
