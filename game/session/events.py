"""Session-level events: what happens between and around hands, for the UI and banter.

The table returns these mixed with the engine's hand events (translated to table seats).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action


@dataclass(frozen=True)
class HandStarted:
    number: int  #: 1-based hand number in the session
    button: int  #: table seat
    seats: tuple[int, ...]  #: table seats dealt in
    blinds: tuple[int, ...]  #: forced bets scheduled (small, big[, straddle])
    ante: int
    level: int  #: blind level index (0 = starting level)


@dataclass(frozen=True)
class Joined:
    seat: int
    name: str
    stack: int


@dataclass(frozen=True)
class WaitingForBigBlind:
    """A player who joined or returned is dealt in when the big blind reaches them."""

    seat: int


@dataclass(frozen=True)
class Rebought:
    seat: int
    amount: int
    stack: int
    auto: bool  #: an auto-rebuy (below the threshold) rather than a request


@dataclass(frozen=True)
class SatOut:
    seat: int


@dataclass(frozen=True)
class SatIn:
    seat: int


@dataclass(frozen=True)
class Busted:
    """Lost every chip: in a cash game they must rebuy or leave; in a freeze-out they are out."""

    seat: int
    place: int | None = None  #: finishing place in a freeze-out


@dataclass(frozen=True)
class Left:
    seat: int
    name: str
    reason: str  #: "left", "sat out too long", "busted", "eliminated"
    stack: int  #: chips taken off the table


@dataclass(frozen=True)
class LevelUp:
    level: int
    blinds: tuple[int, int]


@dataclass(frozen=True)
class TimeBankStarted:
    seat: int
    seconds: float  #: bank left when the action clock ran out


@dataclass(frozen=True)
class TimedOut:
    seat: int
    action: Action  #: check when it was free, else fold


@dataclass(frozen=True)
class SessionOver:
    winner: int | None  #: table seat holding every chip (freeze-out), None otherwise
    hands: int


SessionEvent = (
    HandStarted | Joined | WaitingForBigBlind | Rebought | SatOut | SatIn | Busted | Left
    | LevelUp | TimeBankStarted | TimedOut | SessionOver
)
