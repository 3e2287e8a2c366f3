"""The listener: a worker thread from microphone to recognized text, behind a queue.

    mic -> VAD (always listening, or push-to-talk) -> recognizer.accept(...) while speaking
        -> recognizer.final() at the end of speech -> Heard(text, confidence) on the queue

The game loop never waits on it: it calls :meth:`Listener.poll` once a frame and gets the
events that arrived (:class:`Heard`, :class:`~voice.audio.MicStatus` changes,
:class:`ListenerError`), and reads :attr:`Listener.level` for the meter.  The recognizer is
built on the worker thread too (PocketSphinx takes about a second, Vosk several).

While the game itself speaks (bots' banter, read-back of actions) the listener is muted:
audio is thrown away and any utterance in progress dropped, plus a short ``echo_tail_s``
after unmuting — otherwise the recognizer hears the bots through the speakers.  What
counts is when a chunk was *captured* (the source's ``captured_at``), not when the
worker got round to reading it: a worker that fell behind (busy decoding, a loaded
machine) must neither hear the bots' backlog after unmuting nor throw away the player's
answer because it read it in a burst inside the tail.

With an echo ``canceller`` (:mod:`voice.echo`) the listener need not be muted: the game
tells it what it plays (:meth:`Listener.play`, the line's samples and when they started;
:meth:`Listener.cut` when playback stopped early) and every chunk is passed through the
canceller with the stretch of playback it overlaps as the reference, so the bots' voices
are taken out and the player can talk over them.  :class:`ListenerReady` names the
canceller, and the game then stops muting ("Talk over the bots"); a player who starts
speaking while the game speaks gets :class:`SpeechBegan` with ``over_playback`` set, and
the game stops its line (barge-in).  Given a playback ``monitor`` (what the speakers play,
recorded from the sound server: :mod:`voice.monitor`), that is the canceller's reference
instead: the game knows when it asked for a line, not when the line sounded, and through
PulseAudio the two part by tens of ms, differently for every line.
"""

from __future__ import annotations

import math
import queue
import threading
import time
import wave
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from .audio import RATE, Microphone, MicState, MicStatus
from .doubletalk import DoubleTalkDetector
from .echo import EchoCanceller, PairedCanceller, Reference, UpstreamCanceller
from .monitor import FRACTION_TAPS, OFFSET_JUMP, RESYNC_S, Ring, SteadyClock, StreamOffset
from .recognizers.base import Recognizer, RecognizerError
from .vad import (
    EnergyVad,
    PushToTalk,
    SileroVad,
    SpeechEnded,
    SpeechFrame,
    SpeechStarted,
    VadEvent,
    best_vad,
    level,
    speech_onset,
)
from .wavio import read_samples16k

#: a microphone chunk waits at most this long for the playback monitor to catch up to it:
#: on a busy machine the monitor's reader can run 100 ms and more late, and a chunk taken
#: before its reference arrived is cancelled against silence
MONITOR_WAIT_S = 0.3
#: ...unless it is this far behind: then it has stopped delivering, and is not waited for
MONITOR_STALL_S = 1.0
#: a window of the recognizer's canceller's output (its frames the game's alone silenced,
#: as the detector's are) this likely speech, over the game's line, stops the line at once
#: (:class:`TalkingOver`).  Set on four closed-loop runs' audio replayed (176 commands over
#: a line, 11 minutes of the bots alone; benchmarks/voice/RESULTS.md, issue 25 §1, session
#: 22): 0.5 stopped 10 lines nobody spoke over, 0.7 four, 0.85 none; told p50 106, 119,
#: 143 ms after the command began (no cue: 172), p90 183, 193, 224 ms (408).  Since the
#: bands (voice.doubletalk) tell first, 0.85: with the mixer's shorter buffer 0.7 stopped
#: 7-9 lines in 5 minutes of the bots alone; replayed, 0.85 stopped 0-2 of them, told p50
#: / p95 the same within 6 ms (RESULTS.md, issue 25 §1, session 30)
CUE_THRESHOLD = 0.85
#: ...in this many windows running (two at 0.5: 2 lines stopped, p50 134 ms)
CUE_WINDOWS = 1
#: ...and only once the recognizer's canceller was seen taking this much (dB, median) out
#: of the game's loud frames just before (:func:`_seen_cancelling`).  SpeexDSP takes 14-20
#: dB out of many lines; four closed-loop runs replayed (176 commands over a line, 20 min
#: of the bots alone; RESULTS.md, session 26): 18 dB told p50 107-125 ms, p95 197-224;
#: 15 dB 105-113, 196-212, no more lines stopped with nobody speaking (5 either way)
CUE_SEEN_DB = 15.0
#: a cue of the bands (voice.doubletalk) is taken back if no utterance begins this soon
#: after it
TALK_CONFIRM_S = 1.0
#: after telling the game the player speaks over it, the listener waits this long before
#: it hands the recognizer the utterance's start: PocketSphinx holds the interpreter
#: ~40 ms over a pre-roll, and the thread that tells the game could not run meanwhile
HANDOFF_S = 0.005
#: the canceller's unsilenced output kept for the recognizer: more than the voice
#: detector's pre-roll (384 ms) and a chunk
UNGATED_KEEP_BYTES = 32_000
#: over the game's line, the recognizer hears this much of the detector's pre-roll (the
#: rest, 384 ms, is kept where nothing plays): before the player's first sound there is
#: only what the canceller left of the line, which Whisper takes for words.  Replayed on
#: six closed-loop runs (264 commands over a line): 192 / 256 / 320 / 384 ms gave 247 /
#: 251 / 244 / 244 exact (RESULTS.md, session 23)
PREROLL_OVER_MS = 256
#: while the game speaks, the player is listened for only where the canceller was seen
#: taking the game's voice out just before: over its loud frames from this long ago...
CANCELLING_FROM_S = 1.0
#: ...to this long ago (the player's own first words, which it cannot take out, are not
#: judged by)...
CANCELLING_TO_S = 0.2
#: ...at least this many of them (10 ms frames): a line's first words are not trusted
CANCELLING_MIN_FRAMES = 10
#: ...taking this much out of them (dB, median).  AEC3 takes 14-17 dB out of one line in
#: ten or so, and the detector is blind over all of it ("half pot" never began).  15 dB
#: gained one command in 176 replayed, but in a clean clone's test run the bot alone in
#: tests/test_talk_over.py's reverberant room then stopped its own line and was heard
#: (RESULTS.md, session 26)
CANCELLING_DB = 18.0
#: ...nor anything in a line's first this long: at a line's start AEC3 takes the game's
#: voice deep out for ~100 ms, then lets it through for 200-300 ms
LINE_SETTLE_S = 0.45
#: the canceller has learned the room once it took the game's voice well out of this many
#: of its loud 10 ms frames (:attr:`Listener.echo_learned`)
LEARN_FRAMES = 200
#: ...judged by the median of what it took out of the last this many (or of
#: ``learn_frames``, if that is more)
TAKEN_KEEP = 200
#: over the game's line, a frame of the canceller's output less than this far above the
#: microphone's noise floor is the room's noise, and is silenced with the echo: between
#: frames the gates silenced, bursts of a room's steady noise sound like speech's onsets to
#: the detector
FLOOR_MARGIN_DB = 10.0
#: the noise floor is the quietest 10 ms frame of the last this long the microphone heard
#: while the game was silent
NOISE_FLOOR_S = 3.0
#: after the game's line and ``playback_tail_s``, the room may ring on (reverberation the
#: cancellers' filters are too short for): while the microphone stays this far above its
#: noise floor, up to ``RING_MAX_S`` after the line, what it hears is still taken as over
#: the line
RING_MARGIN_DB = 10.0
RING_MAX_S = 1.0


def _seen_cancelling(taken: Iterable[tuple[int, float]], now: int, bar_db: float) -> bool:
    """Whether a canceller took more than ``bar_db`` out of the game's loud 10 ms frames
    (``(frame, dB taken)``; median, at least ``CANCELLING_MIN_FRAMES`` of them) from
    ``CANCELLING_FROM_S`` to ``CANCELLING_TO_S`` before frame ``now``."""
    lo = now - round(100 * CANCELLING_FROM_S)
    hi = now - round(100 * CANCELLING_TO_S)
    got = [t for k, t in taken if lo <= k < hi]
    return len(got) >= CANCELLING_MIN_FRAMES and float(np.median(got)) > bar_db


def _keep_loud(store: deque[tuple[int, float]], now: int, taken: np.ndarray,
               loud: np.ndarray) -> None:
    """Add ``(frame, dB taken)`` of the loud ones among the frames just processed (the
    last ``len(taken)`` before frame ``now``) to ``store``, for :func:`_seen_cancelling`."""
    first = now - len(taken)
    store.extend((first + i, float(t)) for i, t in enumerate(taken) if loud[i])


def _frame_power(pcm: np.ndarray) -> np.ndarray:
    """Each 10 ms frame's mean square (int16 units)."""
    x = pcm.astype(np.float64).reshape(-1, 160)
    return np.asarray(np.mean(x * x, axis=1))


@dataclass(frozen=True)
class Heard:
    """One utterance recognized: the text, how sure, by what, and how long it took."""

    text: str
    confidence: float
    engine: str
    decode_ms: float  # from the end of speech to this result
    audio_s: float  # length of the utterance


@dataclass(frozen=True)
class ListenerError:
    """The recognizer could not be started or failed; voice is off until restarted."""

    message: str


@dataclass(frozen=True)
class SpeechBegan:
    """The player started speaking (the screen can show "listening...").  ``at``: when
    (``time.monotonic()``) the chunk that decided it was captured; ``over_playback``: the
    game's own speech was playing then (echo cancelled), so the game should stop it."""

    at: float = 0.0
    over_playback: bool = False


@dataclass(frozen=True)
class TalkingOver:
    """The player seems to have started speaking over the game's line: the game stops the
    line now, before the voice detector has decided an utterance began (it then sends
    :class:`SpeechBegan` as ever).  ``at``: when the chunk that showed it was captured.
    Judged on the recognizer's canceller's output, which lets the player's first sounds
    through where the detector's takes them out (:meth:`Listener._cue`)."""

    at: float = 0.0


@dataclass(frozen=True)
class ListenerReady:
    """From now on speech is heard: the recognizer is loaded and, always listening, the
    voice detector has learned the room (:attr:`Listener.ready`).  Sent once; until then
    the screen says "starting", not "listening".  ``engine`` is the recognizer that
    listens; ``notice``, why it is not the one asked for (or None)."""

    engine: str = ""
    notice: str | None = None
    #: the echo canceller taking the game's voice out of the microphone ("": none, the
    #: listener must be muted while the game speaks)
    echo: str = ""


ListenerEvent = Heard | MicStatus | ListenerError | SpeechBegan | TalkingOver | ListenerReady


def barge_in_at(ev: object) -> float | None:
    """When the player began talking over the game, if ``ev`` says so (the game then stops
    its line): a :class:`TalkingOver` cue, or an utterance begun over playback.

    >>> barge_in_at(TalkingOver(5.0)), barge_in_at(SpeechBegan(6.0, over_playback=True))
    (5.0, 6.0)
    >>> barge_in_at(SpeechBegan(7.0)) is None
    True
    """
    if isinstance(ev, TalkingOver) or (isinstance(ev, SpeechBegan) and ev.over_playback):
        return ev.at
    return None


class AudioSource(Protocol):
    """What the listener reads from: :class:`~voice.audio.Microphone` or :class:`WavSource`."""

    status: MicStatus
    #: When the chunk last read was captured (``time.monotonic()``); None: just now.
    captured_at: float | None

    def ensure(self, now: float | None = None) -> MicStatus: ...
    def read(self, timeout: float = 0.1) -> bytes | None: ...
    def drain(self) -> None: ...
    def close(self) -> None: ...


class WavSource:
    """A 16 kHz mono WAV file played into the listener as if it were a microphone
    (``realtime`` paces it; otherwise as fast as it is read), then silence-free end."""

    def __init__(self, path: str | Path, realtime: bool = False, chunk: int = 3200) -> None:
        with wave.open(str(path)) as w:
            if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (16000, 1, 2):
                raise ValueError(f"{path}: need 16 kHz mono 16-bit, got {w.getframerate()} Hz "
                                 f"{w.getnchannels()} ch {8 * w.getsampwidth()}-bit")
            pcm = w.readframes(w.getnframes())
        self._chunks: list[bytes] = [pcm[i:i + chunk] for i in range(0, len(pcm), chunk)]
        self._realtime = realtime
        self.status = MicStatus(MicState.LISTENING, f"playing {Path(path).name}")
        self.captured_at: float | None = None  # a file is "captured" as it is read

    def ensure(self, now: float | None = None) -> MicStatus:
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        if not self._chunks:
            self.status = MicStatus(MicState.STOPPED, "end of file")
            return None
        chunk = self._chunks.pop(0)
        if self._realtime:
            time.sleep(len(chunk) / 32000)
        return chunk

    def drain(self) -> None:
        pass

    def close(self) -> None:
        self._chunks = []


#: The room heard before a recording's first word ends this long before the voice
#: detector's first speech frame: a soft first sound can come before it (Silero's
#: probability rises slowly into a word) and must not be taken for the room.
ROOM_MARGIN_S = 0.1
#: Less of the room than this is not worth hearing (a few of the recognizer's frames).
ROOM_MIN_S = 0.05


def room_before_speech(pcm: bytes, vad: EnergyVad | SileroVad | None = None) -> bytes:
    """The room's own sound a recording starts with: what the voice detector (by default
    the listener's, :func:`~voice.vad.best_vad`) heard before the player spoke, less
    :data:`ROOM_MARGIN_S` before its first speech frame; empty when that is shorter than
    :data:`ROOM_MIN_S` or no speech is heard."""
    onset = speech_onset(pcm, vad or best_vad())
    end = 0 if onset is None else (onset - round(ROOM_MARGIN_S * 16000) * 2) // 2 * 2
    return pcm[:end] if end >= ROOM_MIN_S * 32000 else b""


def hear_room(recognizer: Recognizer, room: bytes, chunk: int = 3200) -> None:
    """Give ``recognizer`` the room's sound before a phrase, as the listener does before
    the first one (:meth:`Recognizer.hear_room`, which takes what it needs of it): live,
    the microphone between phrases; for a recording (``holdem listen``), the room it
    starts with (:func:`room_before_speech`), played back and forth until it lasts the
    :data:`~voice.recognizers.pocketsphinx_backend.ROOM_PRIME_S` a recognizer is given
    live — the same sound, without a click where it turns."""
    from .recognizers.pocketsphinx_backend import ROOM_PRIME_S

    x = np.frombuffer(room[:len(room) // 2 * 2], dtype=np.int16)
    if x.size == 0:
        return
    want = round(ROOM_PRIME_S * 16000)
    turns = np.concatenate([x, x[::-1]])
    data = np.resize(turns, want).tobytes()  # np.resize repeats it
    for k in range(0, len(data), chunk):
        recognizer.hear_room(data[k:k + chunk])


class Listener:
    """Owns the audio source, the VAD and the recognizer on one daemon thread.

    ``recognizer`` is a ready :class:`Recognizer` or a zero-argument factory for one (run
    on the worker thread); ``canceller``, a factory for the echo canceller (None: none).
    ``push_to_talk`` True: only what is said while :meth:`press` ... :meth:`release`
    counts.  ``vad``: the always-listening detector; by default
    Silero where it loads (onnxruntime and faster-whisper's model), else the energy one.
    ``monitor``: a factory for what the speakers play, recorded (the sound server's
    monitor of the game's sink, :func:`voice.monitor.open_monitor`): the canceller's
    reference instead of the timeline of :meth:`play`, which says when the game *asked*
    for a line, not when it sounded (None, or none opens: the timeline).
    ``monitor_required``: with no monitor, no canceller either — the listener is muted
    while the game speaks.  The timeline as reference acted on the game's own voice 22
    times in 5 minutes where the monitor acted on it 0-3 times (benchmarks/voice/RESULTS.md,
    issue 25 section 1), so the game talks over its bots only where it can hear itself.
    """

    def __init__(
        self,
        recognizer: Recognizer | Callable[[], Recognizer],
        source: AudioSource | None = None,
        push_to_talk: bool = False,
        echo_tail_s: float = 0.3,
        vad: EnergyVad | SileroVad | None = None,
        canceller: Callable[[], EchoCanceller | None] | None = None,
        monitor: Callable[[], AudioSource | None] | None = None,
        monitor_required: bool = False,
    ) -> None:
        self._recognizer_arg = recognizer
        self.recognizer: Recognizer | None = None
        self.source: AudioSource = source if source is not None else Microphone()
        self.push_to_talk = push_to_talk
        self._vad = vad or best_vad()
        self._ptt = PushToTalk()
        #: the talking-over cue's own detector (:meth:`_cue`), where Silero runs
        self._cue_vad = (SileroVad(start_frames=1, threshold=CUE_THRESHOLD, silence_resets=False)
                         if isinstance(self._vad, SileroVad) else None)
        self._cued = self._cue_live = False
        self._cue_pcm: bytes | None = None
        #: the cue's bar: a window this likely speech (``cue_windows`` of them running)
        self.cue_threshold = CUE_THRESHOLD
        self.cue_windows = CUE_WINDOWS
        self.cue_seen_db = CUE_SEEN_DB
        #: the detector's canceller is trusted over a line (:attr:`cancelling`) from this
        self.cancelling_db = CANCELLING_DB
        #: once cued, the detector hears the canceller's output ungated, as in an utterance
        self.ungate_when_cued = True
        #: the microphone against the reference, band by band, cues too (:meth:`_cue`)
        self.doubletalk_cue = True
        self._doubletalk = DoubleTalkDetector()
        self._talk_heard = False
        #: the frame the bands last cued on, until an utterance begins after it
        self._talk_cued_at: int | None = None
        #: how often a cue of the bands was followed by no utterance (the detector then
        #: learns the room again: :data:`TALK_CONFIRM_S`)
        self.doubletalk_relearned = 0
        self.echo_tail_s = echo_tail_s
        self.events: queue.Queue[ListenerEvent] = queue.Queue()
        self._control: queue.Queue[str] = queue.Queue()
        self._stop = threading.Event()
        self._muted = threading.Event()
        self._unmute_at = 0.0
        self._in_utterance = False
        self._utt_samples = 0
        self._confirm_pending = False
        self._menu_open = True  #: the moves in a menu are listened for (voice.grammar)
        self._said_ready = False
        self.level = 0.0
        self._canceller_arg = canceller
        self.canceller: EchoCanceller | None = None
        #: what the game played, the canceller's reference (guarded by ``_ref_lock``)
        self.reference = Reference()
        self._ref_lock = threading.Lock()
        #: a chunk counts as "over playback" up to this long after the game's line ended
        self.playback_tail_s = 0.3
        #: while the game plays, frames the canceller took this much out of are silenced
        self.echo_gate_db = 12.0
        self._mic_clock = SteadyClock(RESYNC_S)
        self._monitor_arg = monitor
        self.monitor_required = monitor_required
        self.monitor: AudioSource | None = None
        self._monitor_clock = SteadyClock(RESYNC_S)
        #: the monitor's recording by its own sample count, read at an offset from the
        #: microphone's that is held or glides (voice.monitor.StreamOffset)
        self._monitored = Ring()
        self._mic_count = 0
        self._monitor_count = 0
        self._offset = StreamOffset()
        self._clean = b""  # the canceller's latest output before silencing
        #: how long a microphone chunk may wait for the monitor to reach it
        self.monitor_wait_s = MONITOR_WAIT_S
        self._monitor_stalled = False
        #: dB taken out of the recent 10 ms frames of the game's speech (-40 dBFS and up):
        #: the last TAKEN_KEEP, or ``learn_frames`` if more
        self._taken: deque[float] = deque(maxlen=TAKEN_KEEP)
        self.learn_frames = LEARN_FRAMES
        #: ...and where the canceller lets the room's echo through (a pause in the line,
        #: the reverberation after a word), a frame this far under the loudest of the last
        #: half second is taken for that echo
        self.echo_range_db = 15.0
        self._near_db: deque[float] = deque(maxlen=50)
        #: the microphone's 10 ms frames (dB) of the last NOISE_FLOOR_S the game was
        #: silent, for its noise floor
        self._floor_db: deque[float] = deque(maxlen=round(100 * NOISE_FLOOR_S))
        #: :data:`FLOOR_MARGIN_DB`, :data:`RING_MARGIN_DB`, :data:`RING_MAX_S`
        self.floor_margin_db = FLOOR_MARGIN_DB
        self.ring_margin_db, self.ring_max_s = RING_MARGIN_DB, RING_MAX_S
        #: the frame the game last spoke over, and whether the room rings on since
        self._over_at = 0
        self._ringing = False
        #: how loud the room rang as the line's tail ended (dB; while the line plays,
        #: -inf): in the ring, only what is louder is someone else
        self._ring_db = -math.inf
        #: 10 ms frames the canceller processed, and (frame, dB taken out) of the recent
        #: ones the game spoke loudly in
        self._frames = 0
        #: the frame the game's current line began on (while it speaks), and whether it
        #: spoke over the last chunk
        self._line_from = 0
        self._was_over = False
        #: how many times the monitor's offset moved (:meth:`_reference_moved`)
        self.reference_moves = 0
        #: not trusted in a line's first this long (:data:`LINE_SETTLE_S`)
        self.line_settle_s = LINE_SETTLE_S
        #: with a pair, a frame the recognizer's canceller took more than
        #: ``echo_gate_db`` out of is the game's voice too, for the detector: AEC3
        #: re-learning after a pause in the line lets through what SpeexDSP takes out
        self.gate_both = True
        #: :data:`PREROLL_OVER_MS`
        self.preroll_over_ms = PREROLL_OVER_MS
        self._loud_taken: deque[tuple[int, float]] = deque(
            maxlen=round(100 * CANCELLING_FROM_S))
        #: the same of the recognizer's canceller, for the talking-over cue
        self._cue_taken: deque[tuple[int, float]] = deque(
            maxlen=round(100 * CANCELLING_FROM_S))
        self._thread = threading.Thread(target=self._run, name="voice-listener", daemon=True)

    # -- game-thread API (never blocks) ---------------------------------------------------

    def start(self) -> Listener:
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._thread.join(timeout)
        self.source.close()
        if self.monitor is not None:
            self.monitor.close()

    def next_event(self, timeout: float) -> ListenerEvent | None:
        """The next event, waiting up to ``timeout`` s for one (None if none came)."""
        try:
            return self.events.get(timeout=timeout)
        except queue.Empty:
            return None

    def poll(self) -> list[ListenerEvent]:
        """Everything that happened since the last call (empty list if nothing)."""
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def mute(self) -> None:
        """The game starts speaking: stop hearing (drops the utterance in progress)."""
        self._muted.set()

    def unmute(self, at: float | None = None) -> None:
        """The game stopped speaking at ``at`` (``time.monotonic()``, one clock for every
        process; None: now).  Audio captured before ``at`` plus the echo tail is thrown
        away whenever it is read."""
        at = time.monotonic() if at is None else at
        self._unmute_at = at + self.echo_tail_s
        self._muted.clear()

    def play(self, wav: str | Path | np.ndarray, at: float | None = None,
             gain: float = 1.0) -> None:
        """The game started playing ``wav`` (a file, or 16 kHz int16 samples) at ``at``
        (``time.monotonic()``; None: now), at ``gain``: the echo canceller's reference."""
        pcm = wav if isinstance(wav, np.ndarray) else read_samples16k(wav)
        with self._ref_lock:
            self.reference.play(pcm.astype(np.int16), time.monotonic() if at is None else at,
                                gain)

    def cut(self, at: float | None = None) -> None:
        """The game stopped its speech at ``at`` (barge-in): nothing more of it plays."""
        with self._ref_lock:
            self.reference.cut(time.monotonic() if at is None else at)

    @property
    def learn_frames(self) -> int:
        """:data:`LEARN_FRAMES`; the frames kept to judge by grow with it, so that it is
        never more than can be seen."""
        return self._learn_frames

    @learn_frames.setter
    def learn_frames(self, frames: int) -> None:
        self._learn_frames = frames
        self._taken = deque(self._taken, maxlen=max(TAKEN_KEEP, frames))

    @property
    def echo_learned(self) -> bool:
        """The canceller has learned the room: it takes the game's voice well out."""
        return (len(self._taken) >= self.learn_frames
                and float(np.median(self._taken)) > self.echo_gate_db + 6)

    @property
    def cancelling(self) -> bool:
        """The canceller has been taking the game's voice out just before now: over the
        loud frames of the game's speech from ``CANCELLING_FROM_S`` to ``CANCELLING_TO_S``
        ago (at least ``CANCELLING_MIN_FRAMES``), it took out ``cancelling_db`` (median),
        and the line has played :data:`LINE_SETTLE_S`.  Not so at the start of every line
        (through PulseAudio AEC3 took 30-47 dB out of a line's first 100 ms, then -2 to 10
        dB for 200-300 ms: what it did for the line before, or for those first 100 ms, says
        nothing), nor while it re-learns the echo's path."""
        return (self._line_settled
                and _seen_cancelling(self._loud_taken, self._frames, self.cancelling_db))

    @property
    def _line_settled(self) -> bool:
        """The game's current line has played ``line_settle_s``."""
        return self._frames - self._line_from >= round(100 * self.line_settle_s)

    @contextmanager
    def muted(self) -> Iterator[Listener]:
        self.mute()
        try:
            yield self
        finally:
            self.unmute()

    def press(self) -> None:
        """Push-to-talk key down."""
        self._control.put("press")

    def release(self) -> None:
        """Push-to-talk key up: the utterance ends here."""
        self._control.put("release")

    def expect_confirmation(self, pending: bool) -> None:
        """A "yes?" is (or is no longer) waiting: the recognizer listens for yes/no."""
        self._control.put("confirm" if pending else "no-confirm")

    def expect_menu(self, menu_open: bool) -> None:
        """A menu or dialog is (or is no longer) open: the recognizer listens for its
        moves ("next", "move up", "select", "close") only then."""
        self._control.put("menu" if menu_open else "no-menu")

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def ready(self) -> bool:
        """The recognizer is loaded and, always listening, the voice detector has learned
        the room from audio it was not muted for.  A phrase begun before then is taken
        for the room's noise and not heard (the game narrates from the start, so that is
        the first 0.3 s after its first line plus the echo tail)."""
        return self.recognizer is not None and (self.push_to_talk or self._vad.calibrated)

    # -- worker thread --------------------------------------------------------------------

    def _run(self) -> None:
        try:
            arg = self._recognizer_arg
            self.recognizer = arg if isinstance(arg, Recognizer) else arg()
        except (RecognizerError, OSError, RuntimeError) as exc:
            self.events.put(ListenerError(f"voice is off: {exc}"))
            return
        try:  # built here too: WebRTC's loads a native library
            self.canceller = self._canceller_arg() if self._canceller_arg else None
        except (OSError, RuntimeError):  # no canceller: muted while the game speaks
            self.canceller = None
        if self.canceller is not None and self._monitor_arg is not None:
            self.monitor = self._monitor_arg()
        if self.monitor is None and self.monitor_required:
            self.canceller = None
        last: MicStatus | None = None
        while not self._stop.is_set():
            status = self.source.ensure()
            if status != last:
                self.events.put(status)
                last = status
            if not status.ok:
                self._drop_utterance()
                self._stop.wait(0.1)
                continue
            self._handle_control()
            chunk = self.source.read(0.1)
            if chunk is None:
                continue
            self.level = level(chunk)
            captured = self.source.captured_at
            if captured is None:
                captured = time.monotonic()
            if self._muted.is_set() or captured < self._unmute_at:
                self._drop_utterance()
                continue
            over = False
            clean: bytes | None = None
            self._cue_pcm = None
            if self.canceller is not None:
                chunk, clean, over = self._cancel(chunk, captured)
            if not self.push_to_talk:
                self._cue(captured, over)
            detector = self._ptt if self.push_to_talk else self._vad
            events = detector.feed(chunk)
            if clean is not None and not self.push_to_talk:
                events = self._ungated(events, clean, self._vad.pending_bytes, over)
            self._handle(events, captured, over)
            if not (self._in_utterance or over) and self.recognizer is not None:
                self.recognizer.hear_room(chunk)  # nobody speaking: the room's own sound
            if not self._said_ready and self.ready:
                self._said_ready = True
                rec = self.recognizer
                self.events.put(ListenerReady(rec.name if rec is not None else "",
                                              rec.notice if rec is not None else None,
                                              self.canceller.name if self.canceller else ""))

    def _cancel(self, chunk: bytes, captured: float) -> tuple[bytes, bytes, bool]:
        """``chunk`` without the game's voice, for the voice detector; the same before the
        frames of echo were silenced, for the recognizer (with a
        :class:`~voice.echo.PairedCanceller`, its second canceller's output instead); and
        whether the game was speaking.

        What the canceller leaves of the game's voice is 30 dB down but still speech, and
        the voice detector hears speech at any level; so while the game plays, a 10 ms
        frame the canceller took more than ``echo_gate_db`` out of is the game's alone and
        is silenced, and so is one ``echo_range_db`` under the loudest of the last half
        second (the canceller lets some of the room's reverberation through in the line's
        pauses: measured here, 150 ms at -40 dBFS under a line peaking at -19).  With a
        pair, a frame the second canceller took more than ``echo_gate_db`` out of is
        silenced too (``gate_both``).  Where the player speaks, the canceller cannot take
        their voice out, and the frame passes; once they are speaking nothing is silenced
        (the game stops its line).  Where the canceller is not seen :attr:`cancelling` (a
        line's first words, an echo path it re-learns) everything is silenced until it
        is: what it lets through there is the bot's voice at most 10 dB down, which those
        gates pass and the detector hears.  A frame barely over the room's noise floor is
        silenced too (``floor_margin_db``), and after the line, while the room rings on
        (:meth:`_rings_on`), only what is louder than the ring was passes."""
        assert self.canceller is not None
        near = np.frombuffer(chunk, dtype=np.int16)
        n = len(near) // 160 * 160
        far, over = self._far(len(near), captured)
        out, heard = near.copy(), near.copy()
        if isinstance(self.canceller, PairedCanceller):  # one for each
            out[:n], heard[:n] = self.canceller.process_both(near[:n], far[:n])
        else:
            out[:n] = heard[:n] = self.canceller.process(near[:n], far[:n])
        clean = heard.tobytes()
        mic_db = 10 * np.log10(_frame_power(near[:n]) + 1.0)
        playing, over = over, self._rings_on(over, mic_db)
        self._talk_heard = bool(self._doubletalk.feed(near[:n], far[:n]).any()) and playing
        if over and not self._was_over:
            self._line_from = self._frames
        self._was_over = over
        self._frames += n // 160
        if not over:  # the room's own sound
            self._floor_db.extend(mic_db.tolist())
        if over and n:
            # what was taken out: against the microphone, or, the sound server having taken
            # it out before (voice.echo.UpstreamCanceller), against the reference's level
            far_power = _frame_power(far[:n])
            near_db = (10 * np.log10(far_power + 1.0)
                       if isinstance(self.canceller, UpstreamCanceller) else mic_db)
            out_db = 10 * np.log10(_frame_power(out[:n]) + 1.0)
            taken = near_db - out_db
            loud = far_power > 1e4
            self._taken.extend(float(t) for t in taken[loud])
            self._near_db.extend(float(d) for d in near_db)
            _keep_loud(self._loud_taken, self._frames, taken, loud)
            spoken = self._in_utterance or (self._cued and self.ungate_when_cued)
            if not self.echo_learned or not (spoken or self.cancelling or not playing):
                out[:] = 0
                if not self._in_utterance:
                    self._cue_pcm = bytes(2 * len(heard))
            elif not spoken:  # once the player speaks, the line is stopped
                echo = self._echo_frames(taken, out_db)
                if isinstance(self.canceller, PairedCanceller):
                    heard_db = 10 * np.log10(_frame_power(heard[:n]) + 1.0)
                    heard_taken = near_db - heard_db
                    if self.gate_both:
                        echo |= heard_taken > self.echo_gate_db
                    self._cue_pcm = self._gated(heard_taken, heard_db, heard, n, loud)
                out[:n].reshape(-1, 160)[echo] = 0
        return out.tobytes(), clean, over

    def _rings_on(self, over: bool, mic_db: np.ndarray) -> bool:
        """Whether the game's line is still heard (``over``), or the room rings on after
        it: the microphone louder than its noise floor by ``ring_margin_db``, for at most
        ``ring_max_s``.  Once the room is quiet the ring is over, whoever speaks next."""
        loudest = float(mic_db.max()) if mic_db.size else 0.0
        if over:
            self._over_at, self._ringing, self._ring_db = self._frames, True, -math.inf
        elif self._ringing:
            self._ringing = (self._frames - self._over_at < round(100 * self.ring_max_s)
                             and loudest > self._floor() + self.ring_margin_db)
            if self._ring_db == -math.inf:
                self._ring_db = loudest
        return over or self._ringing

    def _floor(self) -> float:
        """The microphone's noise floor (dB): its quietest 10 ms frame of the last
        ``NOISE_FLOOR_S`` it heard while the game was silent (0 before it has heard any)."""
        return min(self._floor_db) if self._floor_db else 0.0

    def _gated(self, taken: np.ndarray, heard_db: np.ndarray, heard: np.ndarray, n: int,
               loud: np.ndarray) -> bytes:
        """The recognizer's canceller's output with its frames that look like the game's
        voice alone silenced, by the same two gates as the detector's (the cue's stream);
        all of it silenced until that canceller too is seen cancelling: SpeexDSP takes a
        line or two to learn the room, and lets the bot through meanwhile.  ``taken``: what
        it took out of each frame (dB)."""
        _keep_loud(self._cue_taken, self._frames, taken, loud)
        cue = heard.copy()
        if not (self._line_settled
                and _seen_cancelling(self._cue_taken, self._frames, self.cue_seen_db)):
            cue[:] = 0
            return cue.tobytes()
        cue[:n].reshape(-1, 160)[self._echo_frames(taken, heard_db)] = 0
        return cue.tobytes()

    def _echo_frames(self, taken: np.ndarray, out_db: np.ndarray) -> np.ndarray:
        """Which 10 ms frames of a canceller's output are the game's voice alone: the
        canceller took more than ``echo_gate_db`` out of them, or they lie
        ``echo_range_db`` under the loudest of the last half second, or within
        ``floor_margin_db`` of the room's noise floor, or (the room ringing on after the
        line) no louder than the ring was as the line's tail ended."""
        quiet = max(self._near_db) - self.echo_range_db
        if self.floor_margin_db:
            quiet = max(quiet, self._floor() + self.floor_margin_db)
        return (taken > self.echo_gate_db) | (out_db < quiet) | (out_db <= self._ring_db)

    def _cue(self, at: float, over: bool) -> None:
        """Tell the game at once (:class:`TalkingOver`) when the player seems to speak over
        its line: the microphone louder than the line makes it, band by band
        (:mod:`voice.doubletalk`), or the recognizer's canceller's output, gated as the
        detector's is, sounding like speech.

        The detector decides on AEC3's output, and AEC3 takes the first ~100 ms of a
        player who starts over a loud line out with the echo: it started 158-168 ms after
        the command's sound began (p50, two closed-loop runs), where Silero on SpeexDSP's
        output, so gated, passes :data:`CUE_THRESHOLD` 119 ms after it (p50, four runs
        replayed; RESULTS.md, session 22).  With the bands as well the game is told 50 ms
        after it (p50; p95 120 ms against 207 before, six runs replayed; session 29).  The
        line stops on that chunk; the utterance is still the detector's to begin."""
        self._confirm_talk()
        vad = self._cue_vad
        if not over or self._in_utterance:
            if self._cue_live and vad is not None:  # the next line starts afresh
                vad.reset()
            self._cued = self._cue_live = False
            return
        if self._cued:
            return
        if self.doubletalk_cue and self._talk_heard:
            self._cued, self._talk_cued_at = True, self._frames
            self.events.put(TalkingOver(at))
            return
        if vad is None or self._cue_pcm is None:
            return
        self._cue_live = True
        vad.threshold, vad.start_frames = self.cue_threshold, self.cue_windows
        if any(isinstance(ev, SpeechStarted) for ev in vad.feed(self._cue_pcm)):
            self._cued = True
            self.events.put(TalkingOver(at))

    def _confirm_talk(self) -> None:
        """A cue of the bands that no utterance followed within :data:`TALK_CONFIRM_S`
        was the line taken for the player: the room is not what the detector learned (the
        speakers turned up), and it learns it again rather than stop every line at once;
        and what the cancellers leave of the line is gated again (a cue lets it through)."""
        if self._talk_cued_at is None:
            return
        if self._in_utterance:
            self._talk_cued_at = None
        elif self._frames - self._talk_cued_at > round(100 * TALK_CONFIRM_S):
            self._talk_cued_at = None
            self._doubletalk.reset()
            self.doubletalk_relearned += 1
            self._cued = False  # the detector's gates come back

    def _far(self, n: int, captured: float) -> tuple[np.ndarray, bool]:
        """The reference for a microphone chunk of ``n`` samples captured at ``captured``
        (what the game played over the same stretch of time: the monitor's recording, else
        the timeline), and whether the game was speaking then."""
        # The canceller needs the reference sample-continuous with the microphone: chunks
        # arrive in bursts, so their stamps jitter by tens of ms; the clock advances by
        # exactly each chunk's length (voice.monitor.SteadyClock).
        end = self._mic_clock.advance(n, captured)
        self._mic_count += n
        with self._ref_lock:
            far = self.reference.window(end, n)
            over = self.reference.playing(captured, self.playback_tail_s)
        # the monitor up to a little past the chunk: the offset may be ahead of the
        # clocks' by up to OFFSET_JUMP samples, and a read between samples looks ahead
        if self._monitor_live(end + (OFFSET_JUMP + FRACTION_TAPS) / RATE):
            mon_end = self._monitor_clock.end
            assert mon_end is not None
            said = self._monitor_count - (mon_end - end) * RATE - self._mic_count
            offset = self._offset.update(said)
            if self._offset.jumped:
                self._reference_moved()
            far = self._monitored.window((self._mic_count + offset) / RATE, n)
        return far, over

    def _reference_moved(self) -> None:
        """The monitor is now read at an offset ``OFFSET_JUMP`` samples or more from the
        last (audio lost, or the clocks moved faster than the offset glides): the echo
        moved against the reference at once, and both cancellers must learn its path
        again (through this server AEC3 took ~10 dB out for 1.3 s, SpeexDSP nothing for
        longer).  What they did before says nothing of now, and the line is not trusted
        for ``line_settle_s``, as at its start."""
        self._loud_taken.clear()
        self._cue_taken.clear()
        self._line_from = self._frames
        self.reference_moves += 1

    def _ungated(self, events: list[VadEvent], clean: bytes, pending: int, over: bool,
                 ) -> list[VadEvent]:
        """The detector's events with the canceller's output as it was before the echo's
        frames were silenced: the detector decides on the silenced stream (what is left of
        the game's voice is still speech to it), but the recognizer must get the player's
        first sounds, which the silencing takes too when they start under a loud line.
        An utterance begun ``over`` the game's line keeps only ``preroll_over_ms`` of
        its pre-roll."""
        self._clean = (self._clean + clean)[-UNGATED_KEEP_BYTES:]
        end = len(self._clean) - pending  # where the detector's last event ends
        out = []
        for ev in reversed(events):
            if isinstance(ev, SpeechStarted | SpeechFrame):
                start = end - len(ev.pcm)
                if start >= 0:
                    ev = type(ev)(self._clean[start:end])
                end = start
            if isinstance(ev, SpeechStarted) and over:
                keep = RATE * 2 * self.preroll_over_ms // 1000
                ev = SpeechStarted(ev.pcm[max(0, len(ev.pcm) - keep):])
            out.append(ev)
        return out[::-1]

    def _monitor_live(self, end: float) -> bool:
        """Take in what the monitor recorded up to ``end`` (waiting up to
        ``monitor_wait_s`` for it); False when there is no monitor, it stopped, or it is
        more than ``MONITOR_STALL_S`` behind.  A monitor waited for in vain is not waited
        for again until it delivers (a sink that stopped must not hold up every chunk),
        and the timeline stands in while it is that far behind."""
        mon = self.monitor
        if mon is None or not mon.status.ok:
            return False
        last = self._monitor_clock.end
        near = last is not None and end - last < MONITOR_STALL_S
        wait = self.monitor_wait_s if near and not self._monitor_stalled else 0.0
        deadline = time.monotonic() + wait
        while self._monitor_clock.end is None or self._monitor_clock.end < end:
            chunk = mon.read(max(0.0, deadline - time.monotonic()))
            if chunk is None:
                # waited in vain: not again until it delivers
                self._monitor_stalled = wait > 0 or self._monitor_stalled
                break
            self._monitor_stalled = False
            pcm = np.frombuffer(chunk, dtype=np.int16)
            stamp = mon.captured_at if mon.captured_at is not None else time.monotonic()
            self._monitor_clock.advance(len(pcm), stamp)
            self._monitor_count += len(pcm)
            self._monitored.write(pcm, self._monitor_count / RATE)
        last = self._monitor_clock.end
        return last is not None and end - last < MONITOR_STALL_S

    def _handle_control(self) -> None:
        while True:
            try:
                cmd = self._control.get_nowait()
            except queue.Empty:
                return
            if cmd == "press":
                self._handle(self._ptt.press(), time.monotonic())
            elif cmd == "release":
                self._handle(self._ptt.release(), time.monotonic())
            elif cmd in ("confirm", "no-confirm"):
                self._confirm_pending = cmd == "confirm"
            elif cmd in ("menu", "no-menu"):
                self._menu_open = cmd == "menu"

    def _drop_utterance(self) -> None:
        if self._in_utterance and self.recognizer is not None:
            self.recognizer.reset()
        self._in_utterance = False
        self._vad.reset()
        self._ptt.reset()

    def _handle(self, events: list[VadEvent], at: float, over_playback: bool = False,
                ) -> None:
        rec = self.recognizer
        assert rec is not None
        for ev in events:
            if isinstance(ev, SpeechStarted):
                rec.expect_confirmation(self._confirm_pending)
                rec.expect_menu(self._menu_open)
                rec.expect_over_line(over_playback)
                self._in_utterance, self._utt_samples = True, 0
                self.events.put(SpeechBegan(at, over_playback))
                if over_playback:  # the game stops its line on this: let it be told first
                    time.sleep(HANDOFF_S)
                if ev.pcm:
                    rec.accept(ev.pcm)
                    self._utt_samples += len(ev.pcm) // 2
            elif isinstance(ev, SpeechFrame) and self._in_utterance:
                rec.accept(ev.pcm)
                self._utt_samples += len(ev.pcm) // 2
            elif isinstance(ev, SpeechEnded) and self._in_utterance:
                t0 = time.perf_counter()
                hyp = rec.final()
                ms = 1000 * (time.perf_counter() - t0)
                self._in_utterance = False
                self.events.put(Heard(hyp.text, hyp.confidence, hyp.engine, ms,
                                      self._utt_samples / 16000))
