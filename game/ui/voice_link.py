"""The voice path for the human seat: phrase -> parser -> resolver/confirmation -> table.

Phrases come from the microphone listener (a worker thread, polled here without waiting)
or typed into the HUD; both go through ``voice.confirm.respond`` with the table's legal
actions, so voice can only do what the engine has validated, through ``Controller.submit``
— the same door as a click.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .listen_mode import switch as switch_listener
from .seams import HumanSeat, Listener

if TYPE_CHECKING:
    from game.engine.actions import Action, LegalActions
    from voice.confirm import ConfirmationGate
    from voice.intents import Question, TableCommand, TableKind
    from voice.questions import TableFacts

    from .seams import Session


@dataclass(frozen=True)
class CommandReply:
    """What a spoken table command did, said back to the player (eyes-free: never only shown).

    ``refused`` marks a refusal (the session's reason); otherwise ``speech`` is the result,
    e.g. "Rebought to 1,000".
    """

    speech: str
    refused: bool = False
    #: The reply asks "yes or no?" (leaving the table): the recognizer listens for the answer.
    asks: bool = False


@dataclass
class VoiceState:
    """What the HUD shows (the last phrase and what became of it)."""

    mode: str = "off"  #: "off", "starting", "idle", "listening", "no microphone", "error"
    engine: str = ""
    level: float = 0.0  #: microphone level 0..1
    heard: str = ""  #: the last transcript
    confidence: float | None = None
    resolved: str = ""  #: what it did ("raise to 200") or answered
    refusal: str = ""  #: why nothing was done
    prompt: str = ""  #: a confirmation question waiting for yes/no
    notice: str = ""  #: degraded-mode message
    push_to_talk: bool = True
    talking: bool = False  #: Space held
    history: list[str] = field(default_factory=list)


class NoTableError(RuntimeError):
    """Asked for the table while none is open (the start screen's voice has no seat)."""


class NoSeat:
    """The voice link's seat while no table is open (the start screen): nobody to act for,
    so questions about the table and actions are answered with why nothing is done."""

    @property
    def table(self) -> Session:
        raise NoTableError("no table is open")

    @property
    def human(self) -> int | None:
        return None

    def human_legal(self) -> LegalActions | None:
        return None

    def submit(self, action: Action, now: float) -> str | None:
        return "no game is open"


#: The seat of a voice link that no table holds.
NO_SEAT = NoSeat()

#: The longest the game holds its speech for a player who is talking (a phrase is a few
#: seconds; the VAD ends any utterance long before this).
HOLD_SECONDS = 8.0


class VoiceLink:
    """Connects a listener (or typed text) to the controller's human seat."""

    def __init__(self, controller: HumanSeat, mode: str = "auto", confirm_seconds: float = 8.0,
                 confirm_fraction: float = 0.5, push_to_talk: bool = True,
                 device: str = "default", room_file: str | None = None,
                 talk_over: bool = False,
                 open_listener: Callable[[str], Listener] | None = None) -> None:
        self.c = controller
        #: opens the listener for an engine (None: the microphone, in its own process);
        #: a test puts a room of synthesized speech there
        self.open_listener = open_listener
        #: "Talk over the bots": ask the listener for echo cancellation
        self.talk_over = talk_over
        #: the listener's echo canceller, once it said it hears ("": none, mute instead)
        self.echo = ""
        #: the player began speaking over the game's playback (the scene stops the line)
        self.barge_in: float | None = None
        #: stops the game's line now, from any thread, True if one was playing (set by the
        #: scene): a listener in its own process calls it as the barge-in arrives
        #: (``ListenerProcess.on_barge_in``), and the frame finds the line stopped
        self.stop_line: Callable[[], bool] | None = None
        self._stopped_for: float | None = None  #: the barge-in :attr:`stop_line` answered
        #: after a barge-in the game's lines wait until then for the utterance to begin
        #: (the listener gives up on a cue that long without one: its ``TALK_CONFIRM_S``)
        self._cue_until = 0.0
        #: the "Push to talk" setting: at the table the player is heard only while Space is
        #: held (:meth:`set_push_to_talk` changes it while the listener runs)
        self.push_to_talk_mode = push_to_talk
        #: the scene hears the player without Space whatever the setting (the start screen,
        #: where Space selects: :meth:`set_hands_free`); let go of with the scene
        self.hands_free = False
        self.device = device
        #: where the recognizer keeps the microphone's and room's sound between games
        self.room_file = room_file
        self.state = VoiceState(mode="off" if mode == "off" else "starting", engine=mode,
                                push_to_talk=push_to_talk)
        self.confirm_seconds = confirm_seconds
        self._gate: ConfirmationGate | None = None
        self.confirm_fraction = confirm_fraction
        self.listener: Listener | None = None
        self.phrases: queue.Queue[tuple[str, float | None]] = queue.Queue()
        #: says a line to the player (narration / TTS), set by the scene
        self.speak: Callable[[str], None] | None = None
        #: what a spoken table command did, set by the scene
        self.on_table_command: Callable[[TableKind], CommandReply | None] | None = None
        #: the table command being handled, with its amount ("rebuy five hundred")
        self.command: TableCommand | None = None
        #: a "yes" (True) or "no" for an open dialog when no action waits for one, set by
        #: the scene (leaving the table asks first)
        self.on_dialog_answer: Callable[[bool], CommandReply | None] | None = None
        #: a question for the scene itself (the start screen's "help"), or None: the
        #: table's answer
        self.on_question: Callable[[Question], CommandReply | None] | None = None
        #: whether the scene has a menu or dialog open, set by the scene (None: none is):
        #: the recognizer listens for the moves in a menu only then
        self.menu_open: Callable[[], bool] | None = None
        self._told_menu: tuple[Listener, bool] | None = None  #: what the listener was told
        self.last_reply = ""
        self._muted = False
        self._speech_began: float | None = None
        self._ready = False  #: the listener has said it hears (ListenerReady)
        if mode != "off":
            threading.Thread(target=self._start_listener, args=(mode,), daemon=True,
                             name="voice-start").start()

    @property
    def gate(self) -> ConfirmationGate:
        """The confirmation gate (voice modules load on first use: fast start-up)."""
        if self._gate is None:
            from voice.confirm import ConfirmationGate

            self._gate = ConfirmationGate(timeout=self.confirm_seconds, clock=time.monotonic)
        return self._gate

    # ----- listener (off the render thread) -----------------------------------------
    def _start_listener(self, mode: str) -> None:
        """Start the microphone listener (voice.listener, in a child process) from a helper
        thread; nothing here runs on the render thread.  Any failure leaves mouse and
        keys, with a notice."""
        try:
            from voice.recognizers import choose_engine

            from .listener_process import ListenerProcess
        except ImportError as e:
            self.state.mode = "no microphone"
            self.state.notice = f"voice unavailable ({e}); use mouse and keys, or T to type"
            return
        try:
            engine = choose_engine(mode)
            if engine is None:
                self.state.mode = "off"
                return
            self.state.engine = engine
            device = None if self.device in ("", "default") else self.device
            if self.open_listener is not None:
                self.listener = self.open_listener(engine)
                return
            # the recognizer holds the GIL while it loads and decodes: its own process
            process = ListenerProcess(engine, device=device, push_to_talk=self.needs_space,
                                      room_file=self.room_file, talk_over=self.talk_over)
            process.on_barge_in = self._barge_in_now
            self.listener = process
            # "starting" until the listener says it hears (ListenerReady): the recognizer
            # takes seconds to load, and speech before the detector has learned the room
            # is not heard
        except Exception as e:  # noqa: BLE001 - no microphone must not stop the game
            self.state.mode = "no microphone"
            self.state.notice = f"no microphone ({e}); mouse and keys work, T types a phrase"

    def _poll_listener(self) -> None:
        lst = self.listener
        if lst is None:
            return
        self._tell_listener()  # opened after the scene asked, or opened by a test
        # loaded already: the listener that sends these is running
        from voice.audio import MicStatus
        from voice.listener import (
            Heard,
            ListenerError,
            ListenerReady,
            SpeechBegan,
            TalkingOver,
            barge_in_at,
        )

        self.state.level = float(lst.level or 0.0)
        for ev in lst.poll():
            began = barge_in_at(ev)
            if began is not None and self.talking_over:
                self._hold_lines_after(began)
                if began != self._stopped_for:  # not stopped already, as it arrived
                    self.barge_in = began
            if isinstance(ev, Heard):
                self._cue_until = 0.0
                self.state.engine = ev.engine or self.state.engine
                self.phrases.put((ev.text, float(ev.confidence)))
                if self.needs_space and not self.state.talking:
                    self.state.mode = "idle"
            elif isinstance(ev, MicStatus):
                if ev.ok:
                    self.state.mode = self._ready_mode()
                    self.state.notice = ""
                else:
                    self.state.mode = "no microphone"
                    self.state.notice = f"{ev.message} — mouse and keys work, T types a phrase"
            elif isinstance(ev, ListenerError):
                self.state.mode = "error"
                self.state.notice = f"{ev.message} — mouse and keys work"
            elif isinstance(ev, ListenerReady):
                self._ready = True
                self.echo = getattr(ev, "echo", "") if self.talk_over else ""
                if self.talking_over and self._muted:
                    self._muted = False
                    lst.unmute()
                self.state.engine = ev.engine or self.state.engine
                if ev.notice:
                    self.state.notice = ev.notice
                if self.state.mode == "starting":
                    self.state.mode = self._ready_mode()
            elif isinstance(ev, SpeechBegan):
                self.state.mode = "listening"
                self._speech_began = time.monotonic()
            elif isinstance(ev, TalkingOver):  # the line stops; the utterance may follow
                continue
            if not isinstance(ev, SpeechBegan):  # heard, or the microphone/listener changed
                self._speech_began = None

    def _ready_mode(self) -> str:
        """What the HUD shows while the microphone works: "starting" until the listener
        hears, then "idle" (push-to-talk, Space up) or "listening"."""
        if not self._ready:
            return "starting"
        return "idle" if self.needs_space else "listening"

    # ----- push-to-talk -----------------------------------------------------------------
    @property
    def needs_space(self) -> bool:
        """The player is heard only while Space is held: the setting is on and the scene
        did not ask to hear them without it."""
        return self.push_to_talk_mode and not self.hands_free

    def set_push_to_talk(self, on: bool) -> None:
        """The "Push to talk" setting changed (the options closed): the listener keeps
        running, its detector switched — reopening it would reload the recognizer."""
        self.push_to_talk_mode = on
        self._listen_mode_changed()

    def set_hands_free(self, on: bool) -> None:
        """The scene hears the player without Space (``on``), or as the setting says."""
        self.hands_free = on
        self._listen_mode_changed()

    def _listen_mode_changed(self) -> None:
        st = self.state
        st.push_to_talk = self.needs_space
        if not self.needs_space:
            st.talking = False  # a Space still held at the table no longer counts
        if st.mode in ("idle", "listening"):
            st.mode = self._ready_mode()
        self._tell_listener()

    def _tell_listener(self) -> None:
        """Switch the running listener's detector to what is needed now, if it differs."""
        if self.listener is not None:
            switch_listener(self.listener, self.needs_space, self._muted)

    def push_to_talk(self, down: bool) -> None:
        self.state.talking = down
        lst = self.listener
        if lst is not None:
            (lst.press if down else lst.release)()
        if self.state.mode in ("idle", "listening") and self.needs_space:
            self.state.mode = "listening" if down else "idle"

    def player_speaking(self, now: float) -> bool:
        """The listener heard speech start and has not finished it (at most
        :data:`HOLD_SECONDS`, in case the end never comes): the game holds its lines."""
        began = self._speech_began
        return began is not None and now - began < HOLD_SECONDS

    def holds_lines(self, now: float) -> bool:
        """The game's lines wait: the player is speaking, or talked over a line less than
        the listener's ``TALK_CONFIRM_S`` ago and the utterance has not begun yet (the
        next line must not start over them; a cue nobody follows lets the game go on)."""
        return self.player_speaking(now) or now < self._cue_until

    def _hold_lines_after(self, at: float) -> None:
        """A barge-in at ``at``: the game's lines wait for the utterance (:meth:`holds_lines`)."""
        from voice.listener import TALK_CONFIRM_S

        self._cue_until = max(self._cue_until, at + TALK_CONFIRM_S)

    def _barge_in_now(self, at: float) -> None:
        """The player began talking over the game at ``at``: from the thread that takes
        in the listener's events, stop the line now and tell the listener (the window's
        frame, up to 17 ms away, finds it done)."""
        stop = self.stop_line
        if not self.talking_over or stop is None:
            return
        self._hold_lines_after(at)
        if stop():
            self.cut(time.monotonic())
        self._stopped_for = at

    @property
    def talking_over(self) -> bool:
        """The player may talk over the game: asked for, and the listener cancels echo."""
        return self.talk_over and bool(self.echo) and self.listener is not None

    def playing(self, path: str, at: float, gain: float = 1.0) -> None:
        """The game started playing ``path`` at ``at``: the echo canceller's reference."""
        lst = self.listener
        if self.talking_over and lst is not None and hasattr(lst, "play"):
            lst.play(path, at, gain)

    def cut(self, at: float) -> None:
        """The game's line was stopped at ``at`` (barge-in)."""
        lst = self.listener
        if self.talking_over and lst is not None and hasattr(lst, "cut"):
            lst.cut(at)

    def set_muted(self, muted: bool) -> None:
        """Mute the recognizer while the game speaks, so it does not hear the bots (not
        when talking over them: the echo canceller takes their voices out)."""
        muted = muted and not self.talking_over
        if muted == self._muted:
            return
        self._muted = muted
        lst = self.listener
        if lst is not None:
            (lst.mute if muted else lst.unmute)()

    def hold_confirmation(self, held: bool) -> None:
        """Stop a pending "yes or no?"'s clock while the game still has speech to be heard:
        it waits only on the player's time.  Wider than muting: a line held back while the
        player speaks (the question itself, say) does not mute the microphone, but until
        it has played nobody has been asked."""
        if self._gate is not None:
            self._gate.hold(held)

    # ----- phrases --------------------------------------------------------------------
    def hear(self, text: str, confidence: float | None = None) -> None:
        """Queue a phrase (from a typed line or a test)."""
        self.phrases.put((text, confidence))

    def update(self, now: float) -> None:
        """Handle every phrase that has arrived; never waits."""
        self._poll_listener()
        self._tell_menu()
        if self._gate is None and self.phrases.empty():
            return
        dropped = self.gate.tick()
        if dropped is not None:
            self.state.prompt = ""
            self.state.refusal = "too late: say it again"
            if self.speak is not None:
                self.speak(self.state.refusal)
        while True:
            try:
                text, conf = self.phrases.get_nowait()
            except queue.Empty:
                break
            self.handle_phrase(text, conf, now)

    def _tell_menu(self) -> None:
        """Tell the listener when a menu opens or closes (a spoken "options", a key, a
        dialog done): its moves are listened for only while one is open."""
        lst = self.listener
        if lst is None:
            return
        menu = self.menu_open is not None and self.menu_open()
        if self._told_menu != (lst, menu):
            lst.expect_menu(menu)
            self._told_menu = (lst, menu)

    def facts(self) -> TableFacts | None:
        from bots.equity import equity_against_random
        from voice.questions import TableFacts, facts_from_hand

        if self.c.human is None:
            return None
        t = self.c.table
        player, record = t.players[self.c.human], t.stats.seats[self.c.human]
        won, played = record.won, record.hands
        hand = t.hand
        eseat = t.engine_seat(self.c.human) if hand is not None else None
        if hand is None or eseat is None:  # between hands or sitting out: what the session knows
            return TableFacts(pot=0, to_call=0, stack=player.stack if player is not None else 0,
                              last_reply=self.last_reply, hands_won=won, hands_played=played)
        names = [p.name if (p := t.players[s]) is not None else "" for s in t.hand_seats]
        names = ["you" if s == self.c.human else n for s, n in zip(t.hand_seats, names,
                                                                  strict=False)]
        return facts_from_hand(hand, eseat, names, last_reply=self.last_reply,
                               estimate=equity_against_random, hands_won=won,
                               hands_played=played)

    def handle_phrase(self, text: str, confidence: float | None, now: float) -> None:
        from voice.confirm import NothingPending, respond
        from voice.intents import Confirm, Question, TableCommand
        from voice.parser import parse
        from voice.resolver import ResolveContext
        from voice.vocabulary import confusions_for

        st = self.state
        st.heard, st.confidence = text, confidence
        st.refusal = st.resolved = ""
        intent = parse(text)
        legal = self.c.human_legal()
        ctx = ResolveContext(confirm_fraction=self.confirm_fraction, confidence=confidence,
                             confusions=confusions_for(self.state.engine))
        resp = respond(self.gate, intent, legal, facts=self.facts(), context=ctx)
        reply = resp.speech
        st.prompt = resp.speech if resp.waiting and resp.action is None else ""
        if self.listener is not None:
            self.listener.expect_confirmation(bool(st.prompt))
        if resp.action is not None:
            err = self.c.submit(resp.action, now)
            if err:
                st.refusal = reply = err  # the refusal is what is said, not the action
            else:
                st.resolved = resp.speech
        elif resp.rejection is not None or resp.speech.startswith(("didn't", "it is not")):
            st.refusal = resp.speech
        elif not st.prompt:
            st.resolved = resp.speech
        done: CommandReply | None = None
        if isinstance(intent, Question) and self.on_question is not None:
            done = self.on_question(intent)
        elif isinstance(intent, TableCommand) and self.on_table_command is not None:
            self.command = intent
            done = self.on_table_command(intent.kind)
            self.command = None
        elif (isinstance(intent, Confirm) and self.on_dialog_answer is not None
              and resp.speech == NothingPending().reply):  # no action waited for it
            done = self.on_dialog_answer(intent.yes)
        if isinstance(done, CommandReply):
            reply = done.speech
            st.refusal, st.resolved = (reply, "") if done.refused else ("", reply)
            if done.asks:
                st.prompt, st.resolved = reply, ""
                if self.listener is not None:
                    self.listener.expect_confirmation(True)
        self.last_reply = reply
        st.history.append(f"“{text}” → {reply}")
        del st.history[:-6]
        if self.speak is not None and reply:
            self.speak(reply)

    def acted_by_hand(self) -> None:
        """The player used mouse/keys: a pending voice confirmation no longer applies."""
        if self._gate is not None:
            self._gate.clear()
        self.state.prompt = ""

    def seat(self, controller: HumanSeat) -> None:
        """Speak for ``controller``'s human from now on (a table opened, or ``NO_SEAT``:
        back to the start screen), keeping the listener: the window has one microphone
        and one recognizer, loaded once.  What was waiting for a "yes" is dropped."""
        self.release()
        self.c = controller

    def drain(self) -> None:
        """Take in what the listener sent while nobody listened (a table of bots was being
        watched) and drop the phrases: words said then were not meant for the scene that
        takes the link now."""
        self._poll_listener()
        while True:
            try:
                self.phrases.get_nowait()
            except queue.Empty:
                return

    def release(self) -> None:
        """Let go of the scene that used this link (its hooks, a pending "yes?", a muted
        microphone), without stopping the listener: the next scene takes the link over."""
        self.on_table_command = self.on_dialog_answer = self.on_question = None
        self.menu_open = None
        self.speak = None
        self.stop_line = None
        self.barge_in = None
        self.acted_by_hand()
        self.state.heard = self.state.resolved = self.state.refusal = ""
        self.c = NO_SEAT
        lst = self.listener
        if lst is not None:
            lst.expect_confirmation(False)
        self.set_muted(False)
        self.set_hands_free(False)  # the next scene hears as the setting says, or asks

    def close(self) -> None:
        """Stop the listener without making the window wait for the microphone to close."""
        lst, self.listener = self.listener, None
        if lst is None:
            return

        def stop() -> None:
            try:
                lst.stop(timeout=0.5)
            except Exception:  # noqa: BLE001 - closing must not fail the exit
                pass

        threading.Thread(target=stop, daemon=True, name="voice-stop").start()
