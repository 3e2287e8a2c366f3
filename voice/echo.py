"""Acoustic echo cancellation: the game's own voice taken out of the microphone.

The game knows what it plays (every bot line and narration is a WAV it rendered), so the
listener is given those samples as the *reference* and a maintained echo canceller
subtracts their echo — what came back through the speakers, the room and the microphone —
from the captured audio, 10 ms at a time.  Two are wrapped here, both on 16 kHz mono int16:

- :class:`WebRtcCanceller`: WebRTC's audio processing module (AEC3, with its own delay
  estimation), through the ``livekit`` package's ``rtc.AudioProcessingModule``;
- :class:`SpeexCanceller`: SpeexDSP's multidelay echo canceller plus its preprocessor's
  residual-echo suppressor, from Debian's ``libspeexdsp1`` through ctypes;
- :class:`PairedCanceller`: one of them for the voice detector, another for what the
  recognizer hears;
- :class:`UpstreamCanceller`: none in the process, the sound server having cancelled the
  echo already.

They are named in :data:`CANCELLERS`.

Which is used was decided by measurement (``python -m benchmarks.voice.bargein erle``, and
the recorded runs replayed with ``python -m benchmarks.voice.bargein_replay --canceller``;
figures in benchmarks/voice/RESULTS.md); :func:`open_canceller` ("auto") takes that one
(AEC3 for the detector, SpeexDSP for the recognizer) and falls back to either alone, or
None when neither loads (then the listener mutes while the game speaks, as before).

:class:`Reference` is the timeline of what the game played: lines are added with the
``time.monotonic()`` at which they started, cut where barge-in stopped them, and read back
for exactly the stretch of time a microphone chunk covers.

>>> import numpy as np
>>> ref = Reference()
>>> ref.play(np.full(1600, 1000, np.int16), at=10.0)
>>> r = ref.window(end=10.05, n=1600)   # the 100 ms ending 50 ms into the line
>>> int(r[:800].max()), int(r[800:].min())
(0, 1000)
>>> ref.playing(10.05), ref.playing(10.2)
(True, False)
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from .audio import RATE

FRAME = 160  # 10 ms: both cancellers work on it

Pcm = npt.NDArray[np.int16]


class CancellerError(RuntimeError):
    """An echo canceller could not be loaded; the message says which and why."""


class EchoCanceller(Protocol):
    """Removes the echo of ``far`` (what was played) from ``near`` (what was captured)."""

    name: str

    def process(self, near: Pcm, far: Pcm) -> Pcm:
        """``near`` and ``far``: the same number of samples, a multiple of :data:`FRAME`,
        covering the same stretch of time.  Returns ``near`` without the echo."""
        ...


class WebRtcCanceller:
    """WebRTC's AEC3 (``livekit.rtc.AudioProcessingModule``), high-pass filter on, no noise
    suppression or gain control (they would change the player's voice for the recognizer)."""

    name = "webrtc"

    def __init__(self, delay_ms: int = 0) -> None:
        try:
            from livekit import rtc
        except ImportError as exc:
            raise CancellerError(f"webrtc: livekit is not installed ({exc})") from None
        try:
            self._rtc: Any = rtc
            self._apm: Any = rtc.AudioProcessingModule(echo_cancellation=True,
                                                       high_pass_filter=True)
        except Exception as exc:  # noqa: BLE001 - its native library failed to load
            raise CancellerError(f"webrtc: the audio processing module failed: {exc}") from None
        self.delay_ms = delay_ms

    def process(self, near: Pcm, far: Pcm) -> Pcm:
        out = np.empty_like(near)
        frame = self._rtc.AudioFrame
        for i in range(0, len(near), FRAME):
            rev = frame(far[i:i + FRAME].tobytes(), RATE, 1, FRAME)
            self._apm.process_reverse_stream(rev)
            cap = frame(near[i:i + FRAME].tobytes(), RATE, 1, FRAME)
            self._apm.set_stream_delay_ms(self.delay_ms)
            self._apm.process_stream(cap)
            out[i:i + FRAME] = np.frombuffer(bytes(cap.data), dtype=np.int16)
        return out


_SPEEX_ECHO_SET_SAMPLING_RATE = 24
_SPEEX_PREPROCESS_SET_DENOISE = 0
_SPEEX_PREPROCESS_SET_AGC = 2
_SPEEX_PREPROCESS_SET_NOISE_SUPPRESS = 18
_SPEEX_PREPROCESS_SET_ECHO_SUPPRESS = 20
_SPEEX_PREPROCESS_SET_ECHO_SUPPRESS_ACTIVE = 22
_SPEEX_PREPROCESS_SET_ECHO_STATE = 24


def _speexdsp() -> ctypes.CDLL:
    name = ctypes.util.find_library("speexdsp") or "libspeexdsp.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError as exc:
        raise CancellerError(f"speex: libspeexdsp is not installed ({exc}); "
                             "apt-get install libspeexdsp1") from None
    lib.speex_echo_state_init.restype = ctypes.c_void_p
    lib.speex_echo_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_echo_ctl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    lib.speex_echo_cancellation.argtypes = [ctypes.c_void_p] + [ctypes.c_void_p] * 3
    lib.speex_echo_state_destroy.argtypes = [ctypes.c_void_p]
    lib.speex_preprocess_state_init.restype = ctypes.c_void_p
    lib.speex_preprocess_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_preprocess_ctl.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p]
    lib.speex_preprocess_run.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.speex_preprocess_state_destroy.argtypes = [ctypes.c_void_p]
    return lib


class SpeexCanceller:
    """SpeexDSP's echo canceller (``filter_ms`` of echo tail, which must cover the
    playback-to-capture delay plus the room's reverberation) and, with ``suppress``, its
    preprocessor's residual-echo suppressor (gain control off).

    The suppressor takes at most ``echo_suppress_db`` out of what the filter left where
    only the game speaks, and at most ``echo_suppress_active_db`` where the player speaks
    too (SpeexDSP's defaults: -40 and -15 dB).  SpeexDSP applies the preprocessor's gains
    only with its denoiser on (1.2.1, ``preprocess.c``: "If noise suppression is off,
    don't apply the gain"), so it is on, with no noise taken out (0 dB) unless
    ``denoise`` (then SpeexDSP's -15 dB)."""

    name = "speex"

    def __init__(self, filter_ms: int = 400, suppress: bool = True,
                 denoise: bool = False, echo_suppress_db: int = -40,
                 echo_suppress_active_db: int = -15) -> None:
        self._lib = lib = _speexdsp()
        self._echo = lib.speex_echo_state_init(FRAME, RATE * filter_ms // 1000)
        rate = ctypes.c_int(RATE)
        lib.speex_echo_ctl(self._echo, _SPEEX_ECHO_SET_SAMPLING_RATE, ctypes.byref(rate))
        self._pre: int | None = None
        if suppress:
            self._pre = lib.speex_preprocess_state_init(FRAME, RATE)
            for ctl, value in ((_SPEEX_PREPROCESS_SET_DENOISE, 1),
                               (_SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, -15 if denoise else 0),
                               (_SPEEX_PREPROCESS_SET_AGC, 0),
                               (_SPEEX_PREPROCESS_SET_ECHO_SUPPRESS, echo_suppress_db),
                               (_SPEEX_PREPROCESS_SET_ECHO_SUPPRESS_ACTIVE,
                                echo_suppress_active_db)):
                v = ctypes.c_int(value)
                lib.speex_preprocess_ctl(self._pre, ctl, ctypes.byref(v))
            lib.speex_preprocess_ctl(self._pre, _SPEEX_PREPROCESS_SET_ECHO_STATE,
                                     ctypes.c_void_p(self._echo))

    def process(self, near: Pcm, far: Pcm) -> Pcm:
        near = np.ascontiguousarray(near, dtype=np.int16)
        far = np.ascontiguousarray(far, dtype=np.int16)
        out = np.empty_like(near)
        lib = self._lib
        for i in range(0, len(near), FRAME):
            n, f, o = near[i:i + FRAME], far[i:i + FRAME], out[i:i + FRAME]
            lib.speex_echo_cancellation(self._echo, n.ctypes.data, f.ctypes.data, o.ctypes.data)
            if self._pre is not None:
                lib.speex_preprocess_run(self._pre, o.ctypes.data)
        return out

    def __del__(self) -> None:
        lib = getattr(self, "_lib", None)
        if lib is None:
            return
        if getattr(self, "_pre", None):
            lib.speex_preprocess_state_destroy(self._pre)
        if getattr(self, "_echo", None):
            lib.speex_echo_state_destroy(self._echo)


class PairedCanceller:
    """Two cancellers on the same audio: ``detect``'s output is the voice detector's (and
    the listener's echo gates judge it), ``hear``'s is what the recognizer is given.

    AEC3 takes the game's voice out best, but while a line plays its suppressor takes the
    first ~100 ms of the player's word out with it, and livekit's binding cannot hold it
    back; SpeexDSP leaves more of the line but the whole word, which the recognizer's
    grammar copes with better (benchmarks/voice/RESULTS.md, issue 25 section 1)."""

    def __init__(self, detect: EchoCanceller, hear: EchoCanceller, name: str) -> None:
        self.detect = detect
        self.hear = hear
        self.name = name

    def process(self, near: Pcm, far: Pcm) -> Pcm:
        return self.process_both(near, far)[0]

    def process_both(self, near: Pcm, far: Pcm) -> tuple[Pcm, Pcm]:
        """The detector's output and the recognizer's, for the same ``near`` and ``far``."""
        return self.detect.process(near, far), self.hear.process(near, far)


class UpstreamCanceller:
    """The echo was taken out before the listener got the audio — by the sound server's
    own canceller (PulseAudio's ``module-echo-cancel``, the game's playback its
    reference): the microphone passes as it is.  The listener still takes the reference
    (:meth:`~voice.listener.Listener.play`, or the monitor) to know when the game speaks,
    and judges how much of the game's voice was taken out against the reference's level
    instead of the microphone's."""

    def __init__(self, name: str = "server") -> None:
        self.name = name

    def process(self, near: Pcm, far: Pcm) -> Pcm:
        return near


#: The cancellers by name.  "speex" is SpeexDSP as it comes (filter 400 ms, residual echo
#: taken down by up to 40 dB where only the game speaks, 15 dB where the player speaks
#: too); "speex-soft" holds its suppressor back to ``SOFT_ACTIVE_DB`` while the player
#: speaks; "speex-linear" is its filter alone; "webrtc+speex" is AEC3 for the voice
#: detector and "speex" for the recognizer (:class:`PairedCanceller`).
CANCELLERS: dict[str, Callable[[], EchoCanceller]] = {
    "webrtc": WebRtcCanceller,
    "speex": SpeexCanceller,
    "speex-soft": lambda: SpeexCanceller(echo_suppress_active_db=SOFT_ACTIVE_DB),
    "speex-linear": lambda: SpeexCanceller(suppress=False),
    "webrtc+speex": lambda: PairedCanceller(WebRtcCanceller(), SpeexCanceller(),
                                            "webrtc+speex"),
}
#: what "speex-soft"'s suppressor takes out at most while the player speaks (dB)
SOFT_ACTIVE_DB = -5
#: The order "auto" tries them in: the better over a bot line on the recorded runs first.
#: With the game's Whisper + PocketSphinx pair, eight recorded runs replayed: "webrtc+speex"
#: heard 263 of 352 commands over a line against 220 for "webrtc", and acted on nothing in
#: their 40 minutes of the bots talking, against once (benchmarks/voice/RESULTS.md, issue
#: 25 section 1, session 21).  Without SpeexDSP, AEC3 alone; without livekit, SpeexDSP.
PREFERENCE = ("webrtc+speex", "webrtc", "speex")


def open_canceller(name: str = "auto") -> EchoCanceller | None:
    """A canceller by name (a key of :data:`CANCELLERS`), or the first of
    :data:`PREFERENCE` that loads ("auto"); None when none does (the listener then mutes
    while the game speaks)."""
    if name != "auto" and name not in CANCELLERS:
        raise ValueError(f"no echo canceller {name!r}: one of {', '.join(CANCELLERS)}")
    names = PREFERENCE if name == "auto" else (name,)
    for n in names:
        try:
            return CANCELLERS[n]()
        except CancellerError:
            if name != "auto":
                raise
    return None


def erle_db(near: npt.ArrayLike, out: npt.ArrayLike) -> float:
    """Echo return loss enhancement: how much quieter the echo came out (dB).

    >>> erle_db([100, -100, 100], [10, -10, 10])
    20.0
    """
    a = np.asarray(near, dtype=np.float64)
    b = np.asarray(out, dtype=np.float64)
    return round(10 * math.log10(float(np.mean(a * a)) / max(float(np.mean(b * b)), 1e-9)), 2)


@dataclass
class _Played:
    at: float
    pcm: Pcm
    gain: float

    @property
    def end(self) -> float:
        return self.at + len(self.pcm) / RATE


class Reference:
    """What the game played and when (``time.monotonic()``): the echo canceller's far end.

    A microphone chunk of ``n`` samples whose last one was captured at ``end`` is matched
    with :meth:`window`, the ``n`` samples played up to ``end``; silence where nothing
    played.  Whatever delay lies between the two (sound card buffers, the room) is the
    canceller's to find, as long as the echo comes after its reference — which it does,
    since a chunk is stamped when it arrives, after it was recorded.
    """

    def __init__(self, keep_s: float = 30.0) -> None:
        self._lines: list[_Played] = []
        self.keep_s = keep_s

    def play(self, pcm: Pcm, at: float, gain: float = 1.0) -> None:
        self._lines.append(_Played(at, pcm, gain))
        self._lines = [p for p in self._lines if p.end > at - self.keep_s]

    def cut(self, at: float) -> None:
        """Playback stopped at ``at``: nothing of the lines playing then is heard later."""
        for p in self._lines:
            if p.at <= at < p.end:
                p.pcm = p.pcm[:max(0, int((at - p.at) * RATE))]
            elif p.at > at:
                p.pcm = p.pcm[:0]

    def playing(self, t: float, tail_s: float = 0.0) -> bool:
        """Something plays at ``t`` (or stopped less than ``tail_s`` before)."""
        return any(p.at <= t < p.end + tail_s for p in self._lines if len(p.pcm))

    def window(self, end: float, n: int) -> Pcm:
        out = np.zeros(n, dtype=np.float64)
        start = end - n / RATE
        for p in self._lines:
            if p.end <= start or p.at >= end or not len(p.pcm):
                continue
            off = int(round((p.at - start) * RATE))  # where the line starts in the window
            lo, hi = max(0, off), min(n, off + len(p.pcm))
            if hi > lo:
                out[lo:hi] += p.pcm[lo - off:hi - off].astype(np.float64) * p.gain
        return np.clip(np.round(out), -32768, 32767).astype(np.int16)
