"""The action clock and time bank: 30 s per action plus a 15 s bank per hand
(docs/RULES.md §3.9).

Pure arithmetic over times handed in by the caller — nothing here sleeps or reads a clock,
so tests drive it with plain numbers and the game loop with ``time.monotonic()``.

>>> c = ActionClock(action_seconds=30, bank_seconds=15)
>>> c.new_hand([0, 1]); c.start_turn(0, now=100.0)
>>> c.state(now=120.0)
ClockState(seat=0, action_left=10.0, bank_left=15.0)
>>> c.state(now=140.0)                  # action clock out, 10 s of the bank used
ClockState(seat=0, action_left=0.0, bank_left=5.0)
>>> c.expired(now=145.0)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class ClockState:
    seat: int
    action_left: float
    bank_left: float


class ActionClock:
    """Per-turn action clock plus a per-hand bank for each seat (the bank refills each hand)."""

    def __init__(self, action_seconds: float, bank_seconds: float) -> None:
        self.action_seconds = float(action_seconds)
        self.bank_seconds = float(bank_seconds)
        self.bank: dict[int, float] = {}
        self.seat: int | None = None
        self.started = 0.0
        self.bank_announced = False

    @property
    def enabled(self) -> bool:
        return self.action_seconds > 0

    def new_hand(self, seats: Iterable[int]) -> None:
        self.bank = {s: self.bank_seconds for s in seats}
        self.seat = None

    def start_turn(self, seat: int | None, now: float) -> None:
        self.seat = seat
        self.started = now
        self.bank_announced = False

    def state(self, now: float) -> ClockState | None:
        if self.seat is None or not self.enabled:
            return None
        used = max(0.0, now - self.started)
        action_left = max(0.0, self.action_seconds - used)
        over = max(0.0, used - self.action_seconds)
        bank_left = max(0.0, self.bank.get(self.seat, 0.0) - over)
        return ClockState(self.seat, action_left, bank_left)

    def in_bank(self, now: float) -> bool:
        """The action clock has run out and the bank is being spent."""
        st = self.state(now)
        return st is not None and st.action_left == 0.0

    def expired(self, now: float) -> bool:
        """Both the action clock and the bank are spent."""
        st = self.state(now)
        return st is not None and st.action_left == 0.0 and st.bank_left == 0.0

    def acted(self, now: float) -> None:
        """The seat acted: charge the bank for any time used beyond the action clock."""
        if now - self.started <= self.action_seconds:  # the common case: bank untouched
            self.seat = None
            return
        st = self.state(now)
        if st is not None:
            self.bank[st.seat] = st.bank_left
        self.seat = None
