"""What the table scene draws, as plain frozen records built from the session each frame.

The renderer reads only these, never the engine directly, so drawing cannot change the
game and a test can build a snapshot by hand.  Hidden cards never reach a snapshot: the
human's own cards come from ``table.view(human)`` and others' only once shown (or, in
spectate mode, from the spectator's all-seeing view: every hand face up).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.actions import LegalActions


@dataclass(frozen=True)
class SeatSnap:
    seat: int
    name: str
    initials: str
    colour: tuple[int, int, int]
    stack: int
    bet: int = 0  #: chips in front of the seat on this street
    #: None: no cards (not dealt in / folded away); "??" entries are face down.
    cards: tuple[str, ...] | None = None
    folded: bool = False
    all_in: bool = False
    sitting_out: bool = False
    empty: bool = False
    is_human: bool = False
    last_action: str = ""
    hand_name: str = ""  #: shown at showdown
    status: str = ""  #: why the seat is not in the hand ("waits for the big blind"...)


@dataclass(frozen=True)
class ClockSnap:
    seat: int
    fraction: float  #: 1 = full action clock, 0 = spent
    in_bank: bool  #: the time bank is running
    seconds: float


@dataclass(frozen=True)
class TableSnap:
    seats: tuple[SeatSnap, ...]
    board: tuple[str, ...] = ()
    pots: tuple[int, ...] = ()  #: main pot first, then side pots (chips already collected)
    pot_total: int = 0  #: everything wagered, street bets included
    button: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    actor: int | None = None
    human: int | None = None
    legal: LegalActions | None = None
    street: str = ""
    hand_number: int = 0
    blinds: tuple[int, int] = (0, 0)
    clock: ClockSnap | None = None
    winners: tuple[int, ...] = ()
    winning_cards: tuple[str, ...] = ()
    winning_name: str = ""
    your_hand: str = ""  #: "You have: two pair"
    notice: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    @property
    def to_call(self) -> int:
        return self.legal.to_call if self.legal else 0
