"""The one object the game window needs for bot talk: events in, bubbles out, voices queued.

The UI (or session) calls ``hand_events`` with each hand's events and ``rebuy`` /
``long_think`` / ``human_result`` for what the engine cannot see; every call returns the
:class:`~bots.banter.Line` objects to show as speech bubbles *now*, and hands the same
lines to the speech worker, which renders them off-thread and calls the playback
callback.  Voices off, or speech broken, changes nothing but the sound.

>>> import random
>>> from bots.personalities import PERSONALITIES
>>> talk = TableTalk({1: PERSONALITIES["tag"]}, random.Random(1), ChatLevel.SILENT,
...                  voices=False)
>>> talk.rebuy(1)  # the slider at silent: no bubble, no voice
[]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping

from .banter import BanterDirector, ChatLevel, Line, StreakTracker, Trigger
from .banter_triggers import triggers_from_events
from .personalities import Personality
from .speech import Rendered, SpeechWorker


class TableTalk:
    def __init__(
        self,
        cast: Mapping[int, Personality],
        rng: random.Random,
        level: ChatLevel = ChatLevel.NORMAL,
        voices: bool = True,
        on_audio: Callable[[Rendered], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.director = BanterDirector(cast, rng, level, clock=clock)
        self.clock = clock
        self.streak = StreakTracker()
        self.speech = SpeechWorker(on_audio=on_audio, enabled=voices, clock=clock)

    # --- settings ----------------------------------------------------------------------
    def set_chat_level(self, level: ChatLevel) -> None:
        self.director.set_level(level)

    def set_voices(self, on: bool) -> None:
        self.speech.enabled = on

    # --- what happened -----------------------------------------------------------------
    def hand_events(self, events: Iterable[object], big_blind: int) -> list[Line]:
        """Lines prompted by a (finished or running) hand's public events."""
        return self._say(triggers_from_events(events, big_blind))

    def rebuy(self, seat: int) -> list[Line]:
        return self._say([(Trigger.REBUY, seat)])

    def long_think(self, seat: int) -> list[Line]:
        """Someone (usually the human) is taking long: a bot may needle them."""
        return self._say([(Trigger.LONG_THINK, seat)])

    def human_result(self, human_seat: int, won: bool) -> list[Line]:
        if self.streak.hand_result(won):
            return self._say([(Trigger.HUMAN_STREAK, human_seat)])
        return []

    def close(self) -> None:
        self.speech.stop()

    def _say(self, triggers: list[tuple[Trigger, int]]) -> list[Line]:
        lines = []
        for trigger, seat in triggers:
            line = self.director.react(trigger, seat, at=self.clock())
            if line is not None:
                lines.append(line)
                self.speech.say(line.text, line.voice, event_at=line.at, tag=line)
        return lines
