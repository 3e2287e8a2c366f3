"""Voice-activity detection: where an utterance starts and ends in the microphone stream.

Energy-based with an adaptive noise floor and a hangover, in 30 ms frames:

- the first ``calibrate_ms`` only learn the room; then the noise floor follows the
  quietest recent frames (fast down, slow up), so a fan or a noisy room raises the bar
  instead of triggering forever (and an utterance cut for length re-learns it);
- speech starts after ``start_frames`` frames ``threshold_db`` above the floor (and above
  an absolute minimum, so a silent line never "speaks"), and the ``preroll_ms`` before it
  are kept — a soft first consonant is not lost;
- speech ends after ``hangover_ms`` below the bar; an utterance longer than
  ``max_utterance_ms`` is cut (someone left the microphone open next to the TV).

:class:`SileroVad` makes the same decision with the Silero voice-activity model (shipped
in faster-whisper, run on onnxruntime) instead of the level, with the same interface and
events; the listener uses it where it loads (:func:`best_vad`): on the noisy and room
streams of benchmarks/voice/vad.py it started on no noise where the energy detector
started on a room getting louder every time, and missed or clipped no more commands.

Push-to-talk (hold Space) bypasses the energy decision: :class:`PushToTalk` makes an
utterance of exactly what was heard while the key was held.

>>> import numpy as np
>>> vad = EnergyVad()
>>> quiet = (np.random.default_rng(0).normal(0, 30, 16000)).astype(np.int16).tobytes()
>>> tone = (8000 * np.sin(np.arange(8000) / 5)).astype(np.int16).tobytes()
>>> events = vad.feed(quiet) + vad.feed(tone) + vad.feed(quiet)
>>> [type(e).__name__ for e in events if not isinstance(e, SpeechFrame)]
['SpeechStarted', 'SpeechEnded']
>>> 0.5 < len(events[-1].pcm) / 32000 < 1.2
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

RATE = 16_000
FRAME_MS = 30
FRAME_BYTES = RATE * FRAME_MS // 1000 * 2


@dataclass(frozen=True)
class SpeechStarted:
    """Speech began; ``pcm`` is the pre-roll plus the frames that triggered it."""

    pcm: bytes


@dataclass(frozen=True)
class SpeechFrame:
    """More audio of the utterance in progress (to stream into the recognizer)."""

    pcm: bytes


@dataclass(frozen=True)
class SpeechEnded:
    """The utterance is over; ``pcm`` is all of it (pre-roll included)."""

    pcm: bytes
    cut: bool = False  # True when max_utterance_ms cut it short


VadEvent = SpeechStarted | SpeechFrame | SpeechEnded


def rms_dbfs(pcm: bytes) -> float:
    """RMS level in dB relative to full scale (-120 for silence).

    >>> rms_dbfs(b"") , round(rms_dbfs(np.full(160, 32767, np.int16).tobytes()))
    (-120.0, 0)
    """
    x = np.frombuffer(pcm[: len(pcm) // 2 * 2], dtype=np.int16).astype(np.float64)
    if x.size == 0:
        return -120.0
    rms = math.sqrt(float(np.mean(x * x)))
    return 20 * math.log10(rms / 32768) if rms > 0 else -120.0


def level(pcm: bytes, floor_db: float = -60.0) -> float:
    """The level meter value 0..1 for the screen: -60 dBFS and below is 0, full scale 1.

    >>> level(b""), round(level(np.full(160, 32767, np.int16).tobytes()), 3)
    (0.0, 1.0)
    """
    return min(1.0, max(0.0, (rms_dbfs(pcm) - floor_db) / -floor_db))


@dataclass
class _Segmenter:
    """Where an utterance starts and ends, from a per-frame judgement of speech: the part
    both detectors share.  It starts after ``start_frames`` frames judged speech (the
    ``preroll_ms`` before them kept), ends after ``hangover_ms`` of frames judged not to
    continue it, and is cut at ``max_utterance_ms``."""

    start_frames: int = 3
    hangover_ms: int = 300
    preroll_ms: int = 240
    max_utterance_ms: int = 8000
    _seen: int = 0
    _buf: bytes = b""
    _active: bool = False
    _above: int = 0
    _below: int = 0
    _pre: list[bytes] = field(default_factory=list)
    _utt: list[bytes] = field(default_factory=list)

    #: The length of one judged frame.
    frame_ms: ClassVar[int] = FRAME_MS

    @property
    def in_speech(self) -> bool:
        return self._active

    @property
    def pending_bytes(self) -> int:
        """Audio fed but not yet judged (less than a frame): the events so far end here."""
        return len(self._buf)

    def _forget(self) -> None:
        """Drop the utterance in progress and the audio not yet judged."""
        self._buf, self._active, self._above, self._below = b"", False, 0, 0
        self._pre.clear()
        self._utt.clear()

    def _segment(self, frame: bytes, starts: bool, holds: bool) -> list[VadEvent]:
        """One frame's events: ``starts``, it would begin speech; ``holds``, it keeps the
        utterance in progress going."""
        if not self._active:
            self._pre.append(frame)
            keep = max(self.preroll_ms // self.frame_ms, self.start_frames)
            del self._pre[:-keep]
            self._above = self._above + 1 if starts else 0
            if self._above >= self.start_frames:
                self._active, self._below = True, 0
                self._utt = list(self._pre)
                self._pre.clear()
                return [SpeechStarted(b"".join(self._utt))]
            return []
        self._utt.append(frame)
        self._below = 0 if holds else self._below + 1
        too_long = len(self._utt) * self.frame_ms >= self.max_utterance_ms
        if self._below * self.frame_ms >= self.hangover_ms or too_long:
            pcm = b"".join(self._utt)
            if too_long:
                self._cut_short(self._utt)
            self._active, self._above, self._below = False, 0, 0
            self._utt = []
            return [SpeechFrame(frame), SpeechEnded(pcm, cut=too_long)]
        return [SpeechFrame(frame)]

    def _cut_short(self, frames: list[bytes]) -> None:
        """An utterance ran to ``max_utterance_ms``: what the detector learns from that."""


@dataclass
class EnergyVad(_Segmenter):
    """Always-listening utterance detector; feed any chunk size, get events back."""

    threshold_db: float = 9.0
    min_speech_dbfs: float = -50.0
    noise_db: float = -60.0
    calibrate_ms: int = 300

    @property
    def calibrated(self) -> bool:
        """The room has been learned: speech before this would be taken for the room's
        noise floor, and not heard."""
        return self._seen * FRAME_MS > self.calibrate_ms

    def reset(self) -> None:
        """Forget any utterance in progress (muted while the game speaks)."""
        self._forget()

    def _track_noise(self, db: float) -> None:
        if not self.calibrated:  # first frames: learn the room
            self.noise_db = db if self._seen == 1 else min(self.noise_db, db) * 0.5 + db * 0.5
            return
        if db < self.noise_db:
            self.noise_db = 0.7 * self.noise_db + 0.3 * db
        else:
            self.noise_db = 0.995 * self.noise_db + 0.005 * db

    def _loud(self, db: float) -> bool:
        return db > max(self.noise_db + self.threshold_db, self.min_speech_dbfs)

    def feed(self, pcm: bytes) -> list[VadEvent]:
        events: list[VadEvent] = []
        self._buf += pcm
        while len(self._buf) >= FRAME_BYTES:
            frame, self._buf = self._buf[:FRAME_BYTES], self._buf[FRAME_BYTES:]
            events += self._frame(frame)
        return events

    def _frame(self, frame: bytes) -> list[VadEvent]:
        db = rms_dbfs(frame)
        self._seen += 1
        loud = self._loud(db) and self.calibrated
        if not self._active:
            self._track_noise(db)
        return self._segment(frame, loud, loud)

    def _cut_short(self, frames: list[bytes]) -> None:
        """A "speech" that never ends is the room getting louder: adapt to it."""
        levels = sorted(rms_dbfs(f) for f in frames)
        self.noise_db = levels[len(levels) // 4]


@dataclass
class PushToTalk:
    """Utterance = what the microphone heard while the talk key was held."""

    _held: bool = False
    _utt: list[bytes] = field(default_factory=list)

    @property
    def in_speech(self) -> bool:
        return self._held

    def press(self) -> list[VadEvent]:
        if self._held:
            return []
        self._held, self._utt = True, []
        return [SpeechStarted(b"")]

    def release(self) -> list[VadEvent]:
        if not self._held:
            return []
        self._held = False
        pcm, self._utt = b"".join(self._utt), []
        return [SpeechEnded(pcm)]

    def reset(self) -> None:
        self._held, self._utt = False, []

    def feed(self, pcm: bytes) -> list[VadEvent]:
        if not self._held:
            return []
        self._utt.append(pcm)
        return [SpeechFrame(pcm)]


SILERO_WINDOW = 512  # samples the Silero model takes at a time (32 ms at 16 kHz)
SILERO_CONTEXT = 64  # samples of the previous window it sees with each one
SILERO_WINDOW_MS = SILERO_WINDOW * 1000 // RATE
#: windows of digital silence that bring the model's memory to where silence leaves it
#: (:func:`silent_state`)
SILENT_SETTLE_WINDOWS = 30


class SileroUnavailable(RuntimeError):
    """onnxruntime or the Silero model file (shipped in faster-whisper) is missing."""


def silero_model_path() -> str:
    """The Silero voice-activity model that faster-whisper ships (its ``assets`` folder),
    found without importing faster-whisper itself (which loads CTranslate2)."""
    import importlib.util
    import os

    spec = importlib.util.find_spec("faster_whisper")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(folder, "assets", "silero_vad_v6.onnx")
        if os.path.isfile(path):
            return path
    raise SileroUnavailable("the Silero VAD model is not installed (it comes with "
                            "faster-whisper)")


_SILERO_SESSION: object = None


def silero_session() -> object:
    """One onnxruntime session on one thread, shared (``run`` is thread-safe)."""
    global _SILERO_SESSION
    if _SILERO_SESSION is None:
        try:
            import onnxruntime
        except ImportError as exc:
            raise SileroUnavailable(f"onnxruntime is not installed: {exc}") from exc
        opts = onnxruntime.SessionOptions()
        opts.inter_op_num_threads = 1
        opts.intra_op_num_threads = 1
        opts.enable_cpu_mem_arena = False
        opts.log_severity_level = 4
        try:
            _SILERO_SESSION = onnxruntime.InferenceSession(
                silero_model_path(), providers=["CPUExecutionProvider"], sess_options=opts)
        except SileroUnavailable:
            raise
        except Exception as exc:  # a damaged model file, an onnxruntime too old for it
            raise SileroUnavailable(f"the Silero VAD model did not load: {exc}") from exc
    return _SILERO_SESSION


_SILENT_STATE: tuple[np.ndarray, np.ndarray] | None = None


def silent_state() -> tuple[np.ndarray, np.ndarray]:
    """The Silero model's memory (``h``, ``c``) after it has heard nothing but digital
    silence (:data:`SILENT_SETTLE_WINDOWS` windows of it from a fresh start), worked out
    once.  :meth:`SileroVad.probabilities` returns the model to it on every window of
    digital silence."""
    global _SILENT_STATE
    if _SILENT_STATE is None:
        zeros = np.zeros((SILENT_SETTLE_WINDOWS, SILERO_CONTEXT + SILERO_WINDOW), np.float32)
        fresh = np.zeros((1, 1, 128), np.float32)
        _, h, c = silero_session().run(  # type: ignore[attr-defined]
            None, {"input": zeros, "h": fresh, "c": fresh.copy()})
        _SILENT_STATE = (np.asarray(h), np.asarray(c))
    return _SILENT_STATE


@dataclass
class SileroVad(_Segmenter):
    """Always-listening utterance detector on the Silero voice-activity model (a small
    neural network that tells speech from noise), run in 32 ms windows as the audio
    arrives; the same interface and events as :class:`EnergyVad`.

    Speech starts after ``start_frames`` windows with a speech probability of at least
    ``threshold`` (the ``preroll_ms`` before them kept) and ends after ``hangover_ms`` of
    windows below ``neg_threshold``.  It has no noise floor to learn: noise, clatter and
    a room getting louder are not speech to it, so it is ready after its first window.
    Raises :class:`SileroUnavailable` when onnxruntime or the model is missing.
    """

    # Set on benchmarks/voice/vad.py's streams (RESULTS.md, issue 22): at the model's usual
    # 0.5 a short word from a new voice in the reverberant room was missed or caught late
    # (6 missed and 20 clipped of 125); nothing that was not speech went above 0.02.  In
    # the room the probability rises slowly, so the pre-roll is longer than the energy
    # detector's (at 256 ms 6 of the 1120 commands lost more than 50 ms of their start,
    # at 384 ms none).
    start_frames: int = 2
    hangover_ms: int = 250
    preroll_ms: int = 384
    threshold: float = 0.3
    neg_threshold: float = 0.2
    #: a window of digital silence sets the model's memory to :func:`silent_state`
    silence_resets: bool = True
    last_prob: float = 0.0
    _session: object = None
    _h: np.ndarray = field(default_factory=lambda: np.zeros((1, 1, 128), np.float32))
    _c: np.ndarray = field(default_factory=lambda: np.zeros((1, 1, 128), np.float32))
    _context: np.ndarray = field(
        default_factory=lambda: np.zeros(SILERO_CONTEXT, np.float32))

    frame_ms: ClassVar[int] = SILERO_WINDOW_MS

    def __post_init__(self) -> None:
        if self._session is None:
            self._session = silero_session()

    @property
    def calibrated(self) -> bool:
        """It has heard its first window (32 ms): there is no noise floor to learn, but
        until audio arrives (unmuted) nothing is being listened to."""
        return self._seen > 0

    def reset(self) -> None:
        """Forget any utterance in progress and the model's memory of the audio before
        (muted while the game speaks: what comes next does not continue it)."""
        self._forget()
        self._h = np.zeros((1, 1, 128), np.float32)
        self._c = np.zeros((1, 1, 128), np.float32)
        self._context = np.zeros(SILERO_CONTEXT, np.float32)

    def probabilities(self, windows: list[bytes]) -> np.ndarray:
        """Speech probability of each 512-sample window, in order (the model's state
        carries over from one window, and one call, to the next).

        A window of digital silence is 0 and leaves the model as silence leaves it
        (:func:`silent_state`): while the game speaks the listener silences the frames
        that are its voice alone, and what the model had heard before those stretches
        stayed in its memory through them.  Replayed on five closed-loop runs, it then
        gave the player's first words 0.1-0.3 where a model that had heard silence gave
        0.6-0.8, and 14 of 220 commands said over a line were never heard begin (3 with
        the memory set; RESULTS.md, session 23)."""
        x = np.frombuffer(b"".join(windows), dtype=np.int16).reshape(len(windows),
                                                                       SILERO_WINDOW)
        if not self.silence_resets:
            return self._run(x.astype(np.float32) / 32768)
        sound = [bool(s) for s in np.any(x, axis=1).tolist()]
        probs = np.zeros(len(windows), np.float32)
        i = 0
        while i < len(windows):
            if not sound[i]:
                self._h, self._c = (a.copy() for a in silent_state())
                self._context = np.zeros(SILERO_CONTEXT, np.float32)
                i += 1
                continue
            j = i + 1
            while j < len(windows) and sound[j]:
                j += 1
            probs[i:j] = self._run(x[i:j].astype(np.float32) / 32768)
            i = j
        return probs

    def _run(self, x: np.ndarray) -> np.ndarray:
        """The model on consecutive windows (``x``: one row each, as floats), in one call."""
        context = np.vstack([self._context[None], x[:-1, -SILERO_CONTEXT:]])
        batch = np.ascontiguousarray(np.concatenate([context, x], axis=1))
        probs, self._h, self._c = self._session.run(  # type: ignore[attr-defined]
            None, {"input": batch, "h": self._h, "c": self._c})
        self._context = x[-1, -SILERO_CONTEXT:].copy()
        return np.asarray(probs, dtype=np.float32).reshape(-1)

    def feed(self, pcm: bytes) -> list[VadEvent]:
        self._buf += pcm
        n = len(self._buf) // (2 * SILERO_WINDOW)
        if n == 0:
            return []
        step = 2 * SILERO_WINDOW
        windows = [self._buf[i * step:(i + 1) * step] for i in range(n)]
        self._buf = self._buf[n * step:]
        events: list[VadEvent] = []
        for window, prob in zip(windows, self.probabilities(windows), strict=True):
            self._seen += 1
            self.last_prob = float(prob)
            events += self._segment(window, self.last_prob >= self.threshold,
                                    self.last_prob >= self.neg_threshold)
        return events

def speech_onset(pcm: bytes, vad: SileroVad | EnergyVad) -> int | None:
    """Where ``vad`` first hears speech in a recording (16 kHz mono int16 PCM), in bytes
    from its start: the beginning of the frames that made it decide (its pre-roll not
    counted); None if it hears none.  ``vad`` is fed the whole recording, as the listener
    feeds it the microphone."""
    frame = FRAME_BYTES if isinstance(vad, EnergyVad) else 2 * SILERO_WINDOW
    step = 320  # 10 ms at a time: an event is placed to within one of the detector's frames
    for end in range(step, len(pcm) + step, step):
        events = vad.feed(pcm[end - step:end])
        if any(isinstance(e, SpeechStarted) for e in events):
            decided = min(end, len(pcm)) - vad.pending_bytes
            return max(0, decided - vad.start_frames * frame)
    return None


def best_vad() -> SileroVad | EnergyVad:
    """The always-listening detector to use: Silero where onnxruntime and its model are
    installed, else the energy detector."""
    try:
        return SileroVad()
    except SileroUnavailable:
        return EnergyVad()
