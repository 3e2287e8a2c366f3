"""Table talk: which bot says what, when — with variety and restraint.

Players of banter-heavy poker games complain about repeated lines and too much talk, so:

* variety — no line is said twice within the last ``window`` lines of the session (a
  personality whose lines for a trigger are all recent borrows from the shared pool, and
  says nothing rather than repeat);
* restraint — a table-wide minimum gap between lines and a longer one per speaker, both
  set by the house-rule chat level (silent .. chatty), and a chance to speak scaled by
  the bot's chattiness and how remarkable the trigger is.

Lines live in ``banter_lines.json`` per personality and trigger.  Times come from an
injectable clock, so tests and replays do not depend on the wall clock.

>>> import random
>>> from bots.personalities import PERSONALITIES
>>> d = BanterDirector({1: PERSONALITIES["maniac"]}, random.Random(1), ChatLevel.CHATTY,
...                    clock=lambda: 100.0)
>>> line = d.react(Trigger.ALL_IN, 1)
>>> line.speaker, line.trigger
('Max', <Trigger.ALL_IN: 'all_in'>)
>>> d.react(Trigger.ALL_IN, 1) is None  # same instant: the rate limit holds it back
True
"""

from __future__ import annotations

import json
import random
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum, IntEnum
from importlib import resources

from .personalities import Personality, Voice


class Trigger(Enum):
    BIG_POT_WON = "big_pot_won"
    BAD_BEAT = "bad_beat"  #: the speaker lost with the best hand until late
    SUCKOUT = "suckout"  #: the speaker won from behind
    BLUFF_SHOWN = "bluff_shown"
    ALL_IN = "all_in"
    FOLD_TO_RAISE = "fold_to_raise"
    LONG_THINK = "long_think"  #: someone (usually the human) is taking long to act
    REBUY = "rebuy"
    HUMAN_STREAK = "human_streak"


class ChatLevel(IntEnum):
    """The house-rule slider, silent to chatty."""

    SILENT = 0
    QUIET = 1
    NORMAL = 2
    LIVELY = 3
    CHATTY = 4


#: Per level: (chance multiplier, seconds between any two lines, seconds per speaker).
RESTRAINT: Mapping[ChatLevel, tuple[float, float, float]] = {
    ChatLevel.SILENT: (0.0, float("inf"), float("inf")),
    ChatLevel.QUIET: (0.35, 20.0, 60.0),
    ChatLevel.NORMAL: (0.6, 8.0, 25.0),
    ChatLevel.LIVELY: (0.85, 4.0, 12.0),
    ChatLevel.CHATTY: (1.0, 1.5, 4.0),
}
#: How remarkable each trigger is (a bad beat nearly always earns a word, a fold rarely).
WEIGHT: Mapping[Trigger, float] = {
    Trigger.BIG_POT_WON: 0.8, Trigger.BAD_BEAT: 1.0, Trigger.SUCKOUT: 0.8,
    Trigger.BLUFF_SHOWN: 0.9, Trigger.ALL_IN: 0.5, Trigger.FOLD_TO_RAISE: 0.25,
    Trigger.LONG_THINK: 0.5, Trigger.REBUY: 0.9, Trigger.HUMAN_STREAK: 0.8,
}
#: Triggers about someone else: any bot may answer, the seat only names the subject.
ABOUT_OTHERS = {Trigger.LONG_THINK, Trigger.HUMAN_STREAK}


@dataclass(frozen=True)
class Line:
    """One thing a bot says: shown as a bubble at once, spoken if voices are on."""

    seat: int
    speaker: str
    personality: str
    trigger: Trigger
    text: str
    voice: Voice
    at: float  #: clock time of the triggering event


def load_lines() -> dict[str, dict[str, list[str]]]:
    text = resources.files(__package__).joinpath("banter_lines.json").read_text("utf-8")
    data = json.loads(text)
    return {k: v for k, v in data.items() if not k.startswith("_")}


class BanterDirector:
    """Decides, per event, whether a bot speaks and which line it says."""

    def __init__(
        self,
        cast: Mapping[int, Personality],
        rng: random.Random,
        level: ChatLevel = ChatLevel.NORMAL,
        clock: Callable[[], float] = time.monotonic,
        window: int = 40,
        lines: Mapping[str, Mapping[str, list[str]]] | None = None,
    ) -> None:
        self.cast = dict(cast)  #: seat -> personality, bots only
        self.rng = rng
        self.level = level
        self.clock = clock
        self.recent: deque[str] = deque(maxlen=window)
        self.lines = lines if lines is not None else load_lines()
        self._last_any = float("-inf")
        self._last_by_seat: dict[int, float] = {}

    def set_level(self, level: ChatLevel) -> None:
        self.level = ChatLevel(level)

    def react(self, trigger: Trigger, seat: int | None, at: float | None = None) -> Line | None:
        """A line for ``trigger`` concerning ``seat`` (the bot that won, lost, shoved...), or
        None when restraint or variety says nothing should be said."""
        now = self.clock() if at is None else at
        chance, gap_any, gap_seat = RESTRAINT[self.level]
        if chance <= 0 or now - self._last_any < gap_any:
            return None
        speaker = self._speaker(trigger, seat, now, gap_seat)
        if speaker is None:
            return None
        who = self.cast[speaker]
        if self.rng.random() >= chance * who.chattiness * WEIGHT[trigger]:
            return None
        text = self._pick(who.key, trigger)
        if text is None:
            return None
        self.recent.append(text)
        self._last_any = now
        self._last_by_seat[speaker] = now
        return Line(speaker, who.name, who.key, trigger, text, who.voice, now)

    def _speaker(self, trigger: Trigger, seat: int | None, now: float, gap: float) -> int | None:
        def rested(s: int) -> bool:
            return now - self._last_by_seat.get(s, float("-inf")) >= gap

        if trigger not in ABOUT_OTHERS and seat in self.cast:
            return seat if rested(seat) else None
        others = [s for s in sorted(self.cast) if s != seat and rested(s)]
        if not others:
            return None
        weights = [self.cast[s].chattiness for s in others]
        return self.rng.choices(others, weights)[0]

    def _pick(self, key: str, trigger: Trigger) -> str | None:
        for pool_key in (key, "any"):
            pool = [t for t in self.lines.get(pool_key, {}).get(trigger.value, [])
                    if t not in self.recent]
            if pool:
                return self.rng.choice(pool)
        return None


class StreakTracker:
    """Counts the human's consecutive wins; fires at 3, 5, 7... so bots notice a run.

    >>> s = StreakTracker()
    >>> [s.hand_result(won) for won in (True, True, True, False, True)]
    [False, False, True, False, False]
    """

    def __init__(self, first: int = 3, every: int = 2) -> None:
        self.first, self.every, self.run = first, every, 0

    def hand_result(self, human_won: bool) -> bool:
        self.run = self.run + 1 if human_won else 0
        return self.run >= self.first and (self.run - self.first) % self.every == 0
