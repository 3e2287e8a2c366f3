"""Spoken table: eyes-free narration for the human, and the bots' banter.

Narration says every event the human needs to play without looking — their cards, the
board, each action, the amount to call when it is their turn, who won with what — in
short sentences (:func:`narrate` is pure and tested).  Banter comes from the bots'
``TableTalk`` (which moments earn a line; variety, rate limits, chat level) and shows as a
bubble at once; both
are spoken by the bots' ``SpeechWorker`` (pyttsx3/espeak-ng on a worker thread), with the
bot's own voice, panned to its seat.  If speech fails the bubbles and HUD text remain.
"""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, TypeVar

from game.engine.actions import ActionKind
from game.engine.cards import card_name
from game.engine.events import Acted, BoardDealt, ForcedBet, HoleDealt, PotAwarded, Street
from game.session.events import Busted, HandStarted, TimeBankStarted

from .snapshot_builder import hand_words

if TYPE_CHECKING:
    # types only: bots' speech and table talk (and pygame's mixer) are imported when a
    # table starts talking
    from pygame.mixer import Channel

    from bots.banter import Line as BanterLine
    from bots.personalities import Personality, Voice
    from bots.speech import Rendered, SpeechWorker, Utterance
    from bots.table_talk import TableTalk

    from .seams import Session, TableHost
    from .settings import UiSettings

#: Lines waiting beyond which stale narration (bots' actions, banter) is dropped.
BEHIND = 2

#: Seconds a line may be with the speech worker before the narrator stops waiting for it.
IN_FLIGHT_SECONDS = 10.0


class Priority(IntEnum):
    """Where a narrator line goes in the speech queue."""

    STALE = 0  #: bots' actions and banter: worthless once the game has moved on
    NORMAL = 1  #: cards, board, results, the human's own actions: said in order
    URGENT = 2  #: replies, refusals, confirmation prompts, "your turn": to the front


@dataclass(frozen=True)
class Line:
    """One line for the speech worker; its ``tag`` (a banter line) gives the seat to pan to."""

    text: str
    voice: Voice
    priority: Priority = Priority.NORMAL
    tag: BanterLine | None = None
    #: said again, whole, if the player talks over it (their cards, their turn)
    repeat: bool = False

    @property
    def seat(self) -> int | None:
        return self.tag.seat if self.tag is not None else None


T = TypeVar("T")


def schedule(waiting: list[T], item: T, priority: Callable[[T], Priority],
             behind: int = BEHIND + 1) -> list[T]:
    """The queue after ``item`` arrives: urgent lines go ahead of everything but earlier
    urgent lines; when more than ``behind`` lines wait (the new one included), stale ones
    are dropped, oldest first (so "your turn" is not heard seconds late behind "Rocco calls
    40").

    >>> p = lambda s: {"!": Priority.URGENT, "~": Priority.STALE}.get(s[0], Priority.NORMAL)
    >>> schedule(["cards", "~bot calls"], "!the pot is 150", p)
    ['!the pot is 150', 'cards', '~bot calls']
    >>> schedule(['!the pot is 150', 'cards', '~bot calls'], "!your turn", p)
    ['!the pot is 150', '!your turn', 'cards']
    >>> schedule(["~a calls", "~b folds", "flop"], "~c bets", p)
    ['~b folds', 'flop', '~c bets']
    """
    out = list(waiting)
    if priority(item) is Priority.URGENT:
        at = next((i for i, x in enumerate(out) if priority(x) is not Priority.URGENT),
                  len(out))
        out.insert(at, item)
    else:
        out.append(item)
    while len(out) > behind:
        stale = next((i for i, x in enumerate(out) if priority(x) is Priority.STALE), None)
        if stale is None:
            break
        del out[stale]
    return out


def _line_priority(line: Line) -> Priority:
    return line.priority


def _rendered_priority(rendered: Rendered) -> Priority:
    tag = rendered.utterance.tag
    return tag.priority if isinstance(tag, Line) else Priority.NORMAL


def _names(cards: tuple[str, ...] | list[str]) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def narrate(e: object, name_of: Callable[[int], str], human: int | None,
            hole: tuple[str, ...] | None = None, board: tuple[str, ...] = ()) -> str | None:
    """The sentence to speak for ``e`` (None: nothing worth saying).

    >>> from game.engine.actions import Action
    >>> names = {0: "you", 1: "Rocco"}.get
    >>> narrate(Acted(1, Action.raise_to(120), 110, False), names, 0)
    'Rocco raises to 120.'
    >>> narrate(HoleDealt(0, ("Ah", "Kh")), names, 0)
    'Your cards: ace of hearts and king of hearts. Ace-king suited.'
    >>> narrate(BoardDealt(Street.FLOP, ("Qh", "Jh", "2c")), names, 0, ("Ah", "Kh"),
    ...         ("Qh", "Jh", "2c"))
    'Flop: queen of hearts, jack of hearts and two of clubs. You have high card, ace.'
    """
    if isinstance(e, HoleDealt):
        if e.seat != human:
            return None
        return f"Your cards: {_names(e.cards)}. {hand_words(tuple(e.cards), ()).capitalize()}."
    if isinstance(e, BoardDealt):
        head = {Street.FLOP: "Flop", Street.TURN: "Turn", Street.RIVER: "River"}.get(
            e.street, "Board")
        s = f"{head}: {_names(e.cards)}."
        if hole and board:
            s += f" You have {hand_words(tuple(hole), tuple(board))}."
        return s
    if isinstance(e, Acted):
        who = "You" if e.seat == human else name_of(e.seat)
        verb = {"You": {ActionKind.FOLD: "fold", ActionKind.CHECK: "check",
                        ActionKind.CALL: "call", ActionKind.BET: "bet",
                        ActionKind.RAISE: "raise to"}}.get(who, {
            ActionKind.FOLD: "folds", ActionKind.CHECK: "checks", ActionKind.CALL: "calls",
            ActionKind.BET: "bets", ActionKind.RAISE: "raises to"})
        k = e.action.kind
        s = f"{who} {verb[k]}"
        if e.completion:
            s = f"{who} {'complete' if who == 'You' else 'completes'} to"
        if k is ActionKind.CALL:
            s += f" {e.paid}"
        elif k in (ActionKind.BET, ActionKind.RAISE):
            s += f" {e.action.amount}"
        if e.all_in and k is not ActionKind.FOLD:
            s += ", all in"
        return s + "."
    if isinstance(e, PotAwarded):
        who = " and ".join("you" if w == human else name_of(w) for w in e.winners)
        win = "win" if len(e.winners) > 1 or human in e.winners else "wins"
        side = "" if e.index == 0 else " the side pot of"
        s = f"{who.capitalize()} {win}{side} {e.amount}"
        return s + (f" with {e.hand_name}." if e.hand_name else ".")
    if isinstance(e, ForcedBet) and e.seat == human:
        return f"You post the {e.kind}, {e.amount}."
    if isinstance(e, HandStarted):
        return f"Hand {e.number}."
    if isinstance(e, TimeBankStarted) and e.seat == human:
        return "Your time bank is running."
    if isinstance(e, Busted) and e.seat == human:
        return "You are out of chips. Say rebuy to buy in again."
    return None


def your_turn_sentence(to_call: int, pot: int, can_check: bool) -> str:
    """What narration says when the action comes to the human.

    >>> your_turn_sentence(40, 150, False)
    'Your turn: 40 to call, the pot is 150.'
    """
    if can_check:
        return f"Your turn: you can check, the pot is {pot}."
    return f"Your turn: {to_call} to call, the pot is {pot}."


class TableVoice:
    """Speaks narration and banter through one speech worker; shows banter as bubbles.

    Lines are ordered here (:func:`schedule`), both before rendering and before playing:
    replies, refusals, prompts and "your turn" first, stale bots' lines dropped when behind.
    """

    def __init__(self, *, narration: bool, bot_voices: bool, chat_level: int,
                 cast: dict[int, Personality], seed: int, speech: bool = True,
                 human: int | None = None,
                 clock: Callable[[], float] = time.monotonic, replies: bool = False) -> None:
        """``replies``: speak :meth:`say`'s replies even with ``speech`` off (a table of
        bots watched: no narration and no bots' voices, but the player is answered)."""
        self.narration = narration
        self.bot_voices = bot_voices
        self.worker: SpeechWorker | None = None
        self.talk: TableTalk | None = None
        self.cast = cast
        self._ready: deque[Rendered] = deque()  #: rendered lines waiting to be played, in order
        #: lines not yet handed to the worker, which gets one at a time: the order (and what
        #: is dropped) is decided here, by :func:`schedule`, until the line is rendered
        self._pending: list[Line] = []
        self._in_flight_since: float | None = None
        self._lock = threading.Lock()
        if (speech and (narration or bot_voices)) or replies:
            try:
                from bots.speech import SpeechWorker

                self.worker = SpeechWorker(on_audio=self._play, on_error=self._failed).start()
            except Exception:  # noqa: BLE001 - no speech: bubbles and text remain
                self.worker = None
        if cast:
            from bots.banter import ChatLevel
            from bots.table_talk import TableTalk

            self.talk = TableTalk(cast, random.Random(seed), ChatLevel(chat_level), clock=clock,
                                  human=human)
        self.pan: dict[int, tuple[float, float]] = {}
        self._narrator_voice: Voice | None = None
        self._channel: Channel | None = None
        #: The player is speaking (set by the scene every frame): no new line starts, so
        #: the game never talks over them and the microphone stays open; waiting lines play
        #: once they are done.
        self.hold = False
        #: told of every line as it starts (its WAV, ``time.monotonic()``, gain): the
        #: listener's echo canceller takes exactly that out of the microphone
        self.on_play: Callable[[str, float, float], None] | None = None
        self._current: Rendered | None = None  #: the rendered line on the channel
        #: the frame starts lines; a barge-in stops them from the listener's thread
        self._channel_lock = threading.Lock()
        self._in_flight: Line | None = None  #: the line the worker is rendering
        #: the player is leaving: a line handed to the worker before then is not played
        self._unwanted: Line | None = None

    @classmethod
    def start(cls, settings: UiSettings, table: Session, human: int | None, seed: int,
              spectate: bool, clock: Callable[[], float] = time.monotonic) -> TableVoice:
        from bots.personalities import PERSONALITIES

        cast: dict[int, Personality] = {}
        for seat, p in enumerate(table.players):
            if p is not None and seat != human and p.spec.kind == "bot":
                pers = PERSONALITIES.get(p.spec.style)
                if pers is not None:
                    cast[seat] = pers
        # watching the bots nothing is narrated and no bot talks, but with narration on
        # what the player says by voice is answered aloud ("Leave the table?")
        return cls(narration=bool(settings.narration) and not spectate,
                   bot_voices=bool(settings.bot_voices) and not spectate,
                   chat_level=int(settings.chat_level),
                   cast=cast, seed=seed, speech=not spectate, human=human, clock=clock,
                   replies=spectate and bool(settings.narration))

    def narrator_voice(self) -> Voice:
        if self._narrator_voice is None:
            from bots.personalities import Voice

            self._narrator_voice = Voice("gmw/en-us", 175, 50)
        return self._narrator_voice

    def _play(self, rendered: Rendered) -> None:
        """Speech worker callback (its thread): queue the file; the game loop plays it."""
        with self._lock:
            tag = rendered.utterance.tag
            if tag is None or tag is not self._unwanted:
                self._ready = deque(schedule(list(self._ready), rendered, _rendered_priority))
            self._in_flight_since = None
        self._feed()

    def _failed(self, utterance: Utterance, exc: Exception) -> None:
        """Speech worker callback: that line is lost (bubbles and text remain); go on."""
        with self._lock:
            self._in_flight_since = None
        self._feed()

    def _queue(self, text: str, voice: Voice, priority: Priority, tag: BanterLine | None = None,
               repeat: bool = False) -> None:
        if self.worker is None or not text:
            return
        with self._lock:
            self._pending = schedule(self._pending, Line(text, voice, priority, tag, repeat),
                                     _line_priority)
        self._feed()

    def _feed(self) -> None:
        """Hand the next line to the worker when it has none (any thread)."""
        with self._lock:
            since = self._in_flight_since
            if since is not None and time.monotonic() - since < IN_FLIGHT_SECONDS:
                return
            self._in_flight_since = None
            while self._pending and self.worker is not None:
                line = self._pending.pop(0)
                if self.worker.say(line.text, line.voice, tag=line):
                    self._in_flight_since = time.monotonic()
                    self._in_flight = line
                    return

    def pump(self) -> None:
        """Play queued speech one line at a time (called by the scene every update).

        Narration has its own mixer channel so lines never talk over each other; a bot's
        line plays on the next free channel, panned to its seat.
        """
        self._feed()
        if not self._ready:
            return
        import pygame

        if not pygame.mixer.get_init():
            self._ready.clear()
            return
        if self._channel is None:
            pygame.mixer.set_reserved(1)
            self._channel = pygame.mixer.Channel(0)
        if self._channel.get_busy() or self.hold:
            return
        with self._lock:
            rendered = self._ready.popleft()
        try:
            sound = pygame.mixer.Sound(str(rendered.path))
        except pygame.error:
            return
        tag = rendered.utterance.tag
        seat = tag.seat if isinstance(tag, Line) else None
        volume = self.pan[seat] if seat is not None and seat in self.pan else (1.0, 1.0)
        with self._channel_lock:
            if self.hold:  # the player talked over the game meanwhile (:meth:`barge_in`)
                with self._lock:
                    self._ready.appendleft(rendered)
                return
            self._channel.set_volume(*volume)
            self._channel.play(sound)
            self._current = rendered
        if self.on_play is not None:
            self.on_play(str(rendered.path), time.monotonic(), sum(volume) / 2)

    def barge_in(self) -> bool:
        """The player started talking over the game: stop the line playing now (True if
        one was).  It is not said again unless it was the player's cards or turn; then it
        goes back to the front, and plays whole once the player has finished.  Any
        thread: no line starts until the scene next sets :attr:`hold`."""
        with self._channel_lock:
            self.hold = True
            channel = self._playing_channel()
            if channel is None:
                return False
            channel.stop()
            rendered, self._current = self._current, None
        if rendered is not None:
            tag = rendered.utterance.tag
            if isinstance(tag, Line) and tag.repeat:
                with self._lock:
                    self._ready.appendleft(rendered)
        return True

    @property
    def speaking(self) -> bool:
        """True while the game's own speech plays or is about to (the microphone should not
        hear it); lines held back while the player speaks do not count until they play."""
        if self.hold:
            return self._playing
        return self.busy

    @property
    def busy(self) -> bool:
        """Some of the game's speech is still to be heard: queued, being rendered, held back
        while the player speaks, or playing.  A question waiting here has not been asked
        yet, so the time to answer it must not run (:meth:`VoiceLink.hold_confirmation`)."""
        return (bool(self._ready) or bool(self._pending) or self._in_flight_since is not None
                or self._playing)

    @property
    def _playing(self) -> bool:
        return self._playing_channel() is not None

    def _playing_channel(self) -> Channel | None:
        """The narration's mixer channel while a line plays on it, else None."""
        channel = self._channel
        return channel if channel is not None and channel.get_busy() else None

    def say(self, text: str) -> None:
        """Speak a reply, refusal or prompt to the human: ahead of any narration waiting."""
        self._queue(text, self.narrator_voice(), Priority.URGENT)

    def farewell(self) -> None:
        """The player leaves the table: nothing more is narrated or said by the bots, the
        lines waiting are dropped and the one playing is stopped, so that what is said to
        the player from now on (the answer to leaving) is heard next, and whole —
        :attr:`busy` tells the scene when it has been."""
        self.narration = self.bot_voices = False
        with self._lock:
            self._pending.clear()
            self._ready.clear()
            if self._in_flight_since is not None:
                self._unwanted = self._in_flight
        channel = self._playing_channel()
        if channel is not None:
            channel.stop()
        self._current = None

    def set_chat_level(self, level: int) -> None:
        if self.talk is not None:
            from bots.banter import ChatLevel

            self.talk.set_chat_level(ChatLevel(level))

    def on_event(self, e: object, scene: TableHost) -> None:
        if self.narration and self.worker is not None:
            t = scene.c.table
            human = scene.c.human
            hole = board = None
            if t.hand is not None and human is not None and t.engine_seat(human) is not None:
                hole = t.view(human).hole
                board = tuple(t.hand.board)

            def name_of(seat: int) -> str:
                p = t.players[seat] if 0 <= seat < len(t.players) else None
                return p.name if p is not None else f"seat {seat + 1}"

            line = narrate(e, name_of, human, hole, board or ())
            if line:
                bots_move = isinstance(e, Acted) and e.seat != human
                self._queue(line, self.narrator_voice(),
                            Priority.STALE if bots_move else Priority.NORMAL,
                            repeat=isinstance(e, HoleDealt))
        self._banter(e, scene)

    def your_turn(self, to_call: int, pot: int, can_check: bool) -> None:
        if self.narration and self.worker is not None:
            self._queue(your_turn_sentence(to_call, pot, can_check), self.narrator_voice(),
                        Priority.URGENT, repeat=True)

    def _banter(self, e: object, scene: TableHost) -> None:
        """Every line the bots' table talk has for this event: a bubble now, a voice later."""
        if self.talk is None:
            return
        hand = scene.c.table.hand
        bb = hand.config.big_blind if hand is not None else 10
        for line in self.talk.on_event(e, bb):
            scene.say(line.seat, line.text)
            lay = scene.renderer.layout
            sp = scene.renderer.spot(line.seat) if lay is not None else None
            if sp is not None and lay is not None:
                from .sound import pan

                self.pan[line.seat] = pan(sp.plate[0], lay.size[0])
            if self.bot_voices and self.worker is not None:
                self._queue(line.text, line.voice, Priority.STALE, tag=line)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.enabled = False
            try:
                self.worker.stop(timeout=0.2)
            except Exception:  # noqa: BLE001
                pass
