"""The microphone listener in its own process, so recognition never stalls a frame.

``voice.listener.Listener`` already keeps audio and decoding off the render thread, but
PocketSphinx builds its decoders and decodes in C while holding the GIL: measured here,
building the recognizer on a thread froze the game loop for up to 1.3 s at a time over
~5 s.  This wrapper runs the very same Listener (microphone, VAD, push-to-talk,
recognizer) in a spawned process and passes its events (Heard, MicStatus, ListenerError,
SpeechBegan, ListenerReady) back over a queue; the level meter is a shared double.  The
game side keeps the Listener's API: ``poll()``, ``level``, ``press()``/``release()``,
``mute()``/``unmute()``, ``expect_confirmation()``, ``expect_menu()``, ``stop()``, the
``push_to_talk`` attribute (set: the child's listener switches detector,
``game.ui.listen_mode``); and, with ``talk_over``, ``play(path, at, gain)``/``cut(at)``:
the game's speech as the echo canceller's reference (the child reads the WAV the game
plays; the time goes with it, one clock for both).  Where the sound server is PulseAudio
(or PipeWire's pulse server) the reference is the default sink's monitor instead, what the
speakers really play (``voice.monitor``); the timeline then only says whether the game is
speaking.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.queues import Queue
    from multiprocessing.sharedctypes import Synchronized

    from voice.listener import ListenerEvent

    #: A device as sounddevice names one: its index, (part of) its name, or the default.
    Device = int | str | None
    #: What the game tells the child: a listener method's name and its arguments.
    Control = tuple[str, tuple[object, ...]]

#: Microphone chunk with echo cancellation: 10 ms, so the player's first words reach the
#: voice detector, and the game's line stops, well within 150 ms (100 ms chunks alone
#: would take up to 100 ms of that; 20 ms chunks arrive 9 ms later at the median than
#: 10 ms ones: benchmarks.voice.audio_path, RESULTS.md issue 25 §1, session 30).
TALK_OVER_BLOCK = 160
#: how long the child's relay waits for the listener's next event at a time
RELAY_WAIT_S = 0.5
#: How much lower than the window's the child's CPU priority is (its niceness above the
#: window's).  The game's listener (the table fit, PocketSphinx and the plain model)
#: decoding a command every 2 s beside the spectated game put the window's frame p99 at
#: 19.9 ms at the same priority, 18.9 at 5 and 17.8 at 10 (alone 16.9), with its decodes
#: as long at each (p50 790 / 790 / 773 ms): on two cores the window takes little of one,
#: so the listener loses nothing to it (``benchmarks.voice.frames --nice``;
#: benchmarks/voice/RESULTS.md, session 66).
LISTENER_NICENESS = 10


def yield_to_window(niceness: int = LISTENER_NICENESS) -> None:
    """Lower this process's CPU priority by ``niceness``, before any thread starts, so that
    all of the child's threads (microphone, decoders) inherit it; where the platform has no
    ``os.nice`` the child keeps the window's priority."""
    try:
        os.nice(niceness)
    except (AttributeError, OSError):
        pass


def _serve(engine: str, device: Device, push_to_talk: bool, events: Queue[ListenerEvent],
           control: Queue[Control], level: Synchronized[float], room_file: str | None = None,
           talk_over: bool = False) -> None:
    """The child process: run a Listener and relay it until told to stop."""
    yield_to_window()
    try:
        from voice.audio import BLOCK, Microphone
        from voice.echo import open_canceller
        from voice.listener import Listener
        from voice.monitor import open_monitor
        from voice.recognizers import Recognizer, open_recognizer

        def recognizer() -> Recognizer:
            rec = open_recognizer(engine, room_file=room_file)
            assert rec is not None  # the engine is chosen already: never "off" here
            return rec

        block = TALK_OVER_BLOCK if talk_over else BLOCK
        lst = Listener(recognizer, source=Microphone(device=device, block=block),
                       push_to_talk=push_to_talk,
                       canceller=open_canceller if talk_over else None,
                       monitor=open_monitor if talk_over else None,
                       monitor_required=True).start()
    except Exception as e:  # noqa: BLE001 - reported to the game, which carries on
        try:
            from voice.listener import ListenerError

            events.put(ListenerError(f"voice is off: {e}"))
        except Exception:  # noqa: BLE001
            pass
        return
    def relay() -> None:  # as each event comes: "speaking over you" must not wait a loop
        while True:
            ev = lst.next_event(RELAY_WAIT_S)
            if ev is not None:
                events.put(ev)

    threading.Thread(target=relay, name="listener-relay", daemon=True).start()
    while True:
        try:
            cmd = control.get(timeout=0.02)
        except queue.Empty:
            cmd = None
        except (EOFError, OSError):
            cmd = ("stop", ())
        if cmd is not None:
            name, args = cmd
            if name == "stop":
                lst.stop(timeout=0.5)
                return
            fn = getattr(lst, name, None)
            if name == "push_to_talk":  # an attribute, read by the listener per chunk
                lst.push_to_talk = bool(args[0])
            elif fn is not None:
                try:
                    fn(*args)
                except (OSError, ValueError, EOFError):  # a line's WAV gone or unreadable
                    pass
        level.value = float(lst.level)


class ListenerProcess:
    """Game-side handle of a listener running in a child process."""

    def __init__(self, engine: str, device: Device = None, push_to_talk: bool = True,
                 room_file: str | None = None, talk_over: bool = False) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        self.engine = engine
        self._push_to_talk = push_to_talk
        self._events = ctx.Queue()
        self._control = ctx.Queue()
        self._level = ctx.Value("d", 0.0, lock=False)
        self.proc = ctx.Process(
            target=_serve, name="voice-listener",
            args=(engine, device, push_to_talk, self._events, self._control, self._level,
                  room_file, talk_over),
            daemon=True)
        self.proc.start()
        #: called at once, on the thread that takes in the child's events, with when the
        #: player began talking over the game (``voice.listener.barge_in_at``): the game's
        #: line stops then, not at the window's next frame (up to 17 ms later at 60 FPS)
        self.on_barge_in: Callable[[float], None] | None = None
        #: the child's events as they arrived, in order, for :meth:`poll`
        self._inbox: queue.Queue[ListenerEvent] = queue.Queue()
        threading.Thread(target=self._take_in, name="listener-events", daemon=True).start()

    def _take_in(self) -> None:
        """Move the child's events to :attr:`_inbox` as each arrives, telling
        :attr:`on_barge_in` of a barge-in first; ends with the queue."""
        from voice.listener import barge_in_at

        while True:
            try:
                ev = self._events.get(timeout=RELAY_WAIT_S)
            except queue.Empty:
                if self.proc.is_alive():
                    continue
                return  # the listener is gone, and all it said is in
            except (EOFError, OSError, ValueError):  # closed: the listener is gone
                return
            at, told = barge_in_at(ev), self.on_barge_in
            if at is not None and told is not None:
                told(at)
            self._inbox.put(ev)

    @property
    def level(self) -> float:
        return float(self._level.value)

    @property
    def running(self) -> bool:
        return self.proc.is_alive()

    @property
    def push_to_talk(self) -> bool:
        """The child's listener hears only while Space is held (as last told)."""
        return self._push_to_talk

    @push_to_talk.setter
    def push_to_talk(self, on: bool) -> None:
        self._push_to_talk = on
        self._send("push_to_talk", on)

    def poll(self) -> list[ListenerEvent]:
        out: list[ListenerEvent] = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def _send(self, name: str, *args: object) -> None:
        try:
            self._control.put((name, args))
        except (ValueError, OSError):  # closed: the process is gone
            pass

    def press(self) -> None:
        self._send("press")

    def release(self) -> None:
        self._send("release")

    def mute(self) -> None:
        self._send("mute")

    def unmute(self) -> None:
        # the time goes with it: the child may read the command late, and it mutes by
        # when audio was captured (time.monotonic() is one clock for every process)
        self._send("unmute", time.monotonic())

    def expect_confirmation(self, pending: bool) -> None:
        self._send("expect_confirmation", pending)

    def expect_menu(self, menu_open: bool) -> None:
        self._send("expect_menu", menu_open)

    def play(self, path: str, at: float, gain: float = 1.0) -> None:
        """The game started playing the WAV at ``path`` at ``at`` (``time.monotonic()``)."""
        self._send("play", path, at, gain)

    def cut(self, at: float) -> None:
        """The game stopped its speech at ``at`` (the player talked over it)."""
        self._send("cut", at)

    def stop(self, timeout: float = 1.0) -> None:
        self._send("stop")
        self.proc.join(timeout)
        if self.proc.is_alive():  # busy loading its model, or stuck: ended, then reaped
            self.proc.terminate()
            self.proc.join(timeout)
