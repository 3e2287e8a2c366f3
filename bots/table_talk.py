"""What the bots say and when: the game's events in, banter lines out.

The window feeds every event of the session to :meth:`TableTalk.on_event` and gets the
lines to show as speech bubbles at once (and to speak, when bot voices are on). Each kind
of banter has its moment:

* a hand's public events — a big pot, an all-in, a fold to a raise, a bluff turned over,
  a bad beat and the suckout that caused it (:mod:`bots.banter_triggers`);
* a rebuy (the session's ``Rebought`` event);
* someone thinking long: their action clock ran out and the time bank started (the
  session's ``TimeBankStarted``);
* the human's winning streak, counted from each hand's result (``HandEnded``).

Events are matched by their field names, not their classes, so this module needs nothing
from the session or the window; the seats are table seats.

>>> import random
>>> from bots.personalities import PERSONALITIES
>>> talk = TableTalk({1: PERSONALITIES["tag"]}, random.Random(1), ChatLevel.SILENT)
>>> talk.rebuy(1)  # the slider at silent: no line
[]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping

from game.engine.events import HoleDealt

from .banter import BanterDirector, ChatLevel, Line, StreakTracker, Trigger
from .banter_triggers import triggers_from_events
from .personalities import Personality


class TableTalk:
    """One table's banter: chooses lines with variety and restraint (:mod:`bots.banter`)."""

    def __init__(
        self,
        cast: Mapping[int, Personality],
        rng: random.Random,
        level: ChatLevel = ChatLevel.NORMAL,
        clock: Callable[[], float] = time.monotonic,
        human: int | None = None,
    ) -> None:
        self.director = BanterDirector(cast, rng, level, clock=clock)
        self.clock = clock
        self.human = human
        self.streak = StreakTracker()
        self._hand: list[object] = []  #: the running hand's events
        self._triggers_seen = 0

    def set_chat_level(self, level: ChatLevel) -> None:
        self.director.set_level(level)

    # --- the game's events ---------------------------------------------------------------
    def on_event(self, e: object, big_blind: int) -> list[Line]:
        """The lines one event of the session prompts (often none)."""
        name = type(e).__name__
        if name == "HandStarted":
            self._hand, self._triggers_seen = [], 0
            return []
        if name == "Rebought":
            return self.rebuy(e.seat)  # type: ignore[attr-defined]
        if name == "TimeBankStarted":
            return self.long_think(e.seat)  # type: ignore[attr-defined]
        self._hand.append(e)
        found = triggers_from_events(self._hand, big_blind)
        new, self._triggers_seen = found[self._triggers_seen:], len(found)
        lines = self._say(new)
        if name == "HandEnded" and self.human is not None:
            net = e.net  # type: ignore[attr-defined]
            if self.human < len(net) and self._dealt_in(self.human):
                lines += self.human_result(self.human, net[self.human] > 0)
        return lines

    def hand_events(self, events: Iterable[object], big_blind: int) -> list[Line]:
        """Lines prompted by a whole hand's public events at once."""
        return self._say(triggers_from_events(events, big_blind))

    # --- what the engine cannot see ------------------------------------------------------
    def rebuy(self, seat: int) -> list[Line]:
        return self._say([(Trigger.REBUY, seat)])

    def long_think(self, seat: int) -> list[Line]:
        """Someone (usually the human) is taking long: a bot may needle them."""
        return self._say([(Trigger.LONG_THINK, seat)])

    def human_result(self, human_seat: int, won: bool) -> list[Line]:
        if self.streak.hand_result(won):
            return self._say([(Trigger.HUMAN_STREAK, human_seat)])
        return []

    def _dealt_in(self, seat: int) -> bool:
        """Whether ``seat`` was dealt into the running hand (a sitting-out hand is no loss)."""
        return any(isinstance(e, HoleDealt) and e.seat == seat for e in self._hand)

    def _say(self, triggers: list[tuple[Trigger, int]]) -> list[Line]:
        lines = []
        for trigger, seat in triggers:
            line = self.director.react(trigger, seat, at=self.clock())
            if line is not None:
                lines.append(line)
        return lines
