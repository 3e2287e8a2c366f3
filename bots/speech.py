"""Bots' voices: pyttsx3 (espeak-ng) on a worker thread behind a queue.

Why a worker and files: synthesis takes tens of milliseconds and pyttsx3's ``say()``
plays through ``aplay`` and blocks; the game loop must never wait on either.  The worker
renders each line with ``save_to_file`` into a WAV and hands the file to a playback
callback — the UI decides the channel (``play_with_pygame`` when pygame.mixer is up).
If synthesis fails the callback is simply not called: the speech bubble, shown by the UI
from the banter :class:`~bots.banter.Line` at once, is unaffected.  ``enabled = False``
(the "voices off" setting) makes ``say`` a no-op.

Stale lines are dropped rather than spoken late: a quip about a hand three hands ago is
worse than silence.
"""

from __future__ import annotations

import contextlib
import queue
import tempfile
import threading
import time
import wave
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .personalities import Voice


@dataclass(frozen=True)
class Utterance:
    text: str
    voice: Voice
    event_at: float  #: clock time of the event that prompted the line
    tag: object = None  #: anything the caller wants back (e.g. the banter Line)


@dataclass(frozen=True)
class Rendered:
    utterance: Utterance
    path: Path
    seconds: float  #: audio duration
    render_ms: float
    ready_at: float  #: clock time the audio was ready to play (playback starts now)

    @property
    def latency_ms(self) -> float:
        """Event to start of audio."""
        return (self.ready_at - self.utterance.event_at) * 1000


class SpeechError(RuntimeError):
    """Text-to-speech could not render a line (engine missing, voice unknown...)."""


def _fixed_on_synth(self, wav, numsamples, events):  # pragma: no cover - C callback
    """pyttsx3 2.99's espeak callback with two bugs fixed.

    The original writes the WAV on ``MSG_TERMINATED`` *before* appending the samples that
    arrived in the same callback, so a short line comes out empty and that tail leaks into
    the next file; and it prints "Audio saved to ..." on stdout, which would corrupt the
    JSON of headless commands.  Here the samples are appended first and nothing is printed.
    """
    import ctypes

    from pyttsx3.drivers import _espeak

    if not self._speaking:
        return 0
    if numsamples > 0:
        self._data_buffer += ctypes.string_at(wav, numsamples * ctypes.sizeof(ctypes.c_short))
    i = 0
    while True:
        event = events[i]
        if event.type == _espeak.EVENT_LIST_TERMINATED:
            break
        if event.type == _espeak.EVENT_MSG_TERMINATED:
            if self._save_file:
                with wave.open(self._save_file, "wb") as f:
                    f.setnchannels(1)
                    f.setsampwidth(2)
                    f.setframerate(22050)
                    f.writeframes(self._data_buffer)
            self._data_buffer = b""
            self._speaking = False
            self._proxy.notify("finished-utterance", completed=True)
            self._proxy.setBusy(False)
            self.endLoop()
            break
        i += 1
    return 0


def _patch_driver(engine) -> None:
    from pyttsx3.drivers import _espeak, espeak

    espeak.EspeakDriver._onSynth = _fixed_on_synth
    driver = engine.proxy._driver
    _espeak.SetSynthCallback(driver._onSynth)  # re-register: the old bound method is stale


#: libespeak-ng is one engine per process (and pyttsx3 hands every caller the same one):
#: two speech workers alive at once — the start screen's, and the table's narrator built
#: as the start screen lets its own go — crashed the process when both entered it.
_ESPEAK = threading.Lock()


class Synthesizer:
    """One pyttsx3 engine; use it from one thread only (the worker's)."""

    def __init__(self) -> None:
        try:
            import pyttsx3

            with _ESPEAK:
                self.engine = pyttsx3.init("espeak")
                _patch_driver(self.engine)
                self.voice_ids = {v.id.lower() for v in self.engine.getProperty("voices")}
        except Exception as exc:  # no libespeak, no pyttsx3: speech is off, bubbles stay
            raise SpeechError(f"text-to-speech unavailable: {exc}") from exc

    def render(self, text: str, voice: Voice, path: Path) -> float:
        """Render ``text`` in ``voice`` to a WAV at ``path``; returns its duration (s)."""
        with _ESPEAK:
            return self._render(text, voice, path)

    def _render(self, text: str, voice: Voice, path: Path) -> float:
        e = self.engine
        base = voice.id.split("+", 1)[0].lower()
        if base not in self.voice_ids:
            raise SpeechError(f"unknown voice {voice.id!r}: espeak-ng has e.g. "
                              f"{', '.join(sorted(v for v in self.voice_ids if '/en' in v))}")
        for _ in range(_ATTEMPTS):
            try:
                e.setProperty("voice", voice.id)
                # Rate and pitch go in as espeak embedded commands (\x01<n>S speed, \x01<n>P
                # pitch): in pyttsx3's synchronous espeak mode ``setProperty("rate")`` takes
                # effect once and is then ignored, so every bot would end up at one speed.
                e.save_to_file(f"\x01{voice.rate}S\x01{voice.pitch}P{text}", str(path))
                e.runAndWait()
                self._wait_written()
            except Exception as exc:
                raise SpeechError(
                    f"could not speak {text!r} with voice {voice.id}: {exc}") from exc
            seconds = wav_seconds(path)
            if seconds > 0:
                break
        return seconds

    def _wait_written(self, timeout: float = 15.0) -> None:
        """espeak's retrieval mode synthesises on its own thread, and pyttsx3's loop can
        return before the last callback wrote the file; wait for that callback."""
        driver = self.engine.proxy._driver
        end = time.monotonic() + timeout
        while getattr(driver, "_speaking", False):
            if time.monotonic() > end:
                raise SpeechError(f"speech synthesis did not finish within {timeout:.0f} s")
            time.sleep(0.002)


#: How often a line is synthesised before its empty WAV is taken as it is.  espeak-ng
#: sometimes ends a message at once, with no audio at all, on the second or third line of
#: an engine made after another one in the same process: 19 and 23 of 240 lines in two
#: runs of 80 such engines, three lines each (tests/test_tts.py had failed on it in CI).
#: The second attempt gave the whole line every time.
_ATTEMPTS = 3


def wav_seconds(path: Path) -> float:
    try:
        with wave.open(str(path), "rb") as w:
            return w.getnframes() / float(w.getframerate())
    except (OSError, wave.Error, EOFError) as exc:
        raise SpeechError(f"no audio was written to {path}: {exc}") from exc


def play_with_pygame(rendered: Rendered) -> None:
    """Playback callback for the game window: plays on pygame.mixer if it is running."""
    import pygame

    if pygame.mixer.get_init():
        pygame.mixer.Sound(str(rendered.path)).play()


class SpeechWorker:
    """Queue + thread: ``say()`` returns at once; audio is rendered and handed on later."""

    def __init__(
        self,
        on_audio: Callable[[Rendered], None] | None = None,
        on_error: Callable[[Utterance, Exception], None] | None = None,
        out_dir: Path | None = None,
        enabled: bool = True,
        max_queue: int = 6,
        max_age: float = 6.0,
        clock: Callable[[], float] = time.monotonic,
        keep_files: bool = False,
    ) -> None:
        self.on_audio = on_audio
        self.on_error = on_error
        self.enabled = enabled
        self.max_age = max_age
        self.clock = clock
        self.keep_files = keep_files
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if out_dir:
            self.out_dir = Path(out_dir)
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix="holdem-tts-")
            self.out_dir = Path(self._tmp.name)
        self._q: queue.Queue[Utterance | None] = queue.Queue(maxsize=max_queue)
        self._thread: threading.Thread | None = None
        self._count = 0
        self.errors: list[str] = []
        self.dropped = 0
        self.rendered: list[Rendered] = []

    # --- game-loop side (never blocks) ---------------------------------------------------
    def start(self) -> SpeechWorker:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="tts-worker", daemon=True)
            self._thread.start()
        return self

    def say(self, text: str, voice: Voice, event_at: float | None = None,
            tag: object = None) -> bool:
        """Queue a line; False when voices are off or the queue is full (line dropped)."""
        if not self.enabled or not text.strip():
            return False
        if self._thread is None:
            self.start()
        u = Utterance(text, voice, self.clock() if event_at is None else event_at, tag)
        try:
            self._q.put_nowait(u)
        except queue.Full:
            self.dropped += 1
            return False
        return True

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread is not None:
            with contextlib.suppress(queue.Full):
                self._q.put(None, timeout=timeout)
            self._thread.join(timeout)
            self._thread = None
        if self._tmp is not None and not self.keep_files:
            self._tmp.cleanup()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """For tests and benchmarks: wait until every queued line is handled."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self._q.unfinished_tasks == 0:
                return True
            time.sleep(0.005)
        return False

    # --- worker side ---------------------------------------------------------------------
    def _run(self) -> None:
        try:
            synth = Synthesizer()
        except SpeechError as exc:
            self.errors.append(str(exc))
            synth = None
        while True:
            u = self._q.get()
            try:
                if u is None:
                    return
                if synth is None:
                    self._fail(u, SpeechError(self.errors[0]))
                elif self.clock() - u.event_at > self.max_age:
                    self.dropped += 1
                else:
                    self._speak(synth, u)
            finally:
                self._q.task_done()

    def _speak(self, synth: Synthesizer, u: Utterance) -> None:
        self._count += 1
        path = self.out_dir / f"line-{self._count:05d}.wav"
        t0 = time.perf_counter()
        try:
            seconds = synth.render(u.text, u.voice, path)
        except SpeechError as exc:
            self._fail(u, exc)
            return
        r = Rendered(u, path, seconds, (time.perf_counter() - t0) * 1000, self.clock())
        self.rendered.append(r)
        if self.on_audio is not None:
            try:
                self.on_audio(r)
            except Exception as exc:  # a broken player must not kill the worker
                self._fail(u, exc)

    def _fail(self, u: Utterance, exc: Exception) -> None:
        self.errors.append(str(exc))
        if self.on_error is not None:
            with contextlib.suppress(Exception):
                self.on_error(u, exc)
