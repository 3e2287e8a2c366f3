"""A clock that stops while the game is paused, for the session's action clock.

The session reads time through the clock it was given (``Table(clock=...)``); handing it
this one means a paused game does not eat the player's action clock or time bank.

>>> t = [100.0]
>>> c = PausableClock(lambda: t[0])
>>> c(); c.pause(); t[0] = 160.0; c()
100.0
100.0
>>> c.resume(); t[0] = 170.0; c()
110.0
"""

from __future__ import annotations

import time
from collections.abc import Callable


class PausableClock:
    def __init__(self, source: Callable[[], float] = time.monotonic) -> None:
        self.source = source
        self.paused_total = 0.0
        self._paused_at: float | None = None

    @property
    def paused(self) -> bool:
        return self._paused_at is not None

    def pause(self) -> None:
        if self._paused_at is None:
            self._paused_at = self.source()

    def resume(self) -> None:
        if self._paused_at is not None:
            self.paused_total += self.source() - self._paused_at
            self._paused_at = None

    def __call__(self) -> float:
        now = self._paused_at if self._paused_at is not None else self.source()
        return now - self.paused_total
