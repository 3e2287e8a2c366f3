"""Whether the player speaks over the game's line, judged on the microphone against what the
speakers play, band by band: a double-talk detector.

The echo cancellers (:mod:`voice.echo`) take the game's voice out of the microphone, but
over a loud line they take the player's first ~100 ms out with it, and they are blind for
stretches (a line's start, an echo path re-learned), so a cue judged on what they leave
stops the line late (docs/ARCHITECTURE.md, "Speech detection").  This detector takes
nothing out of the signal.  It keeps, for each of :data:`BANDS` frequency bands, how loud
the microphone usually is against the loudest the reference was over the echo's reach
(:data:`REACH_FRAMES`), that loudest held and let fall as the room rings on (how fast is
learned: :data:`RING_DECAYS`), and calls it double talk when several bands are louder than
the line and the room's noise make them by :data:`MARGIN_DB`: the game's own voice cannot
be louder in a band than the room makes it, and the player's voice, pitched and shaped
differently, is, from its first frames.

>>> import numpy as np
>>> rng = np.random.default_rng(7)
>>> far = (3000 * rng.standard_normal(16000 * 4)).astype(np.int16)  # the line: 4 s
>>> echo = np.concatenate([np.zeros(800), far[:-800] * 0.3]).astype(np.int16)  # 50 ms on
>>> dtd = DoubleTalkDetector()
>>> bool(dtd.feed(echo[:48000], far[:48000]).any())  # the line alone, three seconds
False
>>> buzz = 3000 * np.sign(np.sin(2 * np.pi * 150 * np.arange(3200) / 16000))  # a voice
>>> fired = dtd.feed((echo[48000:51200] + buzz).astype(np.int16), far[48000:51200])
>>> (int(np.argmax(fired)) + 1) * 10  # ms into the voice it is heard, at a frame's end
20
"""

from __future__ import annotations

from collections import deque

import numpy as np

from .audio import RATE

#: a 10 ms frame
FRAME = RATE // 100
#: each frame is judged on the 20 ms that end with it (Hann window)
WINDOW = 2 * FRAME
FFT_SIZE = 512
#: mel-spaced bands over the speech range
BANDS = 24
LOW_HZ, HIGH_HZ = 200.0, 6000.0
#: the echo of a reference frame reaches the microphone within this many frames (200 ms:
#: the sound path's lag, ~50 ms through PulseAudio, and the room's ring)
REACH_FRAMES = 20
#: ...and the room rings on after it, this many dB quieter each frame: the rooms judged,
#: from one that does not ring to one that rings 60 dB in 1.2 s (with none, the lines of
#: 36 of 40 sox rooms were taken for the player; benchmarks/voice/RESULTS.md, session 29)
RING_DECAYS = (np.inf, 1.0, 0.5)
#: a quicker ring is trusted after this many loud frames (10 s of a line) in which it has
#: not taken the line for the player
TRUST_FRAMES = 1000
#: ...as it has if the slowest ring does not say so too within this many frames
CONFIRM_FRAMES = 50
#: a band is louder than the game makes it when this many dB over its usual share of the
#: reference and the room's noise.  On three closed-loop runs' audio (132 commands over a
#: line, 15 min of the bots alone): 5 dB took the line alone for the player 8 times, 6
#: never, and heard the commands 50 / 116 / 136 ms after they began (p50 / p90 / p95); on
#: the other three runs, never, and 50 / 110 / 120 ms (RESULTS.md, session 29)
MARGIN_DB = 6.0
#: ...in this many bands at once, this many frames running (three bands in one frame:
#: the line alone taken for the player 14 times in those 15 minutes)
MIN_BANDS = 2
HOLD_FRAMES = 2
#: the band's usual share: this quantile of the microphone against the reference's
#: loudest over the reach, over the last :data:`GAIN_KEEP` loud frames (10 s of a line:
#: 3 s stopped three lines nobody spoke over in 15 minutes, 10 s none), worked out again
#: every :data:`GAIN_EVERY` of them
GAIN_QUANTILE = 90.0
GAIN_KEEP = 1000
GAIN_EVERY = 10
#: a band votes only once it has seen this many loud frames (2 s of a line)
GAIN_LEARN = 200
#: a band below this (its power in int16 units, dB) is too quiet to vote: -65 dBFS
BAND_FLOOR_DB = 25.0
#: a reference band this loud (dB, as above) teaches the band's share
LOUD_DB = 35.0
#: saying so in more than this share of the last :data:`STUCK_FRAMES` the line sounded in
#: (3 s: the game stops its line at the first), it has the room wrong — the speakers were
#: turned up — and learns it again
STUCK_SHARE = 0.3
STUCK_FRAMES = 300
#: the room's noise in a band: its quietest over the last :data:`NOISE_KEEP` frames, and
#: this much (a 20 ms frame of noise is mostly 3-6 dB over the quietest of 150)
NOISE_BIAS_DB = 5.0
NOISE_KEEP = 150


def _band_matrix() -> np.ndarray:
    """Which FFT bins sum into which band (mel-spaced from LOW_HZ to HIGH_HZ)."""
    freqs = np.fft.rfftfreq(FFT_SIZE, 1 / RATE)

    def mel(hz: float) -> float:
        return float(2595 * np.log10(1 + hz / 700))

    edges = 700 * (10 ** (np.linspace(mel(LOW_HZ), mel(HIGH_HZ), BANDS + 1) / 2595) - 1)
    return np.stack([(freqs >= lo) & (freqs < hi) for lo, hi in zip(edges[:-1], edges[1:])],
                    axis=1).astype(np.float64)


_WINDOW = np.hanning(WINDOW)
#: a band's power about the mean power of its share of the signal (int16 units)
_SCALE = 2.0 / float((_WINDOW * _WINDOW).sum()) / WINDOW
_BANDS = _band_matrix()


def band_powers(pcm: np.ndarray) -> np.ndarray:
    """Each 10 ms frame's band powers (dB), the frame judged with the one before it:
    ``pcm`` holds one frame more than it has frames to judge."""
    n = (len(pcm) - WINDOW) // FRAME + 1
    if n <= 0:
        return np.zeros((0, BANDS))
    idx = np.arange(WINDOW)[None, :] + FRAME * np.arange(n)[:, None]
    spectrum = np.abs(np.fft.rfft(pcm[idx].astype(np.float64) * _WINDOW, FFT_SIZE)) ** 2
    powers: np.ndarray = 10 * np.log10(spectrum @ _BANDS * _SCALE + 1.0)
    return powers


class _Ring:
    """What the game's line makes of each band in a room that rings on ``decay_db`` a frame
    after it: the loudest the reference was over the reach, held and let fall by that
    much, and the band's usual share of it, learned from the line's loud frames."""

    def __init__(self, decay_db: float) -> None:
        self.decay_db = decay_db
        self.held = np.zeros(BANDS)
        self.share = np.full(BANDS, np.inf)
        self.ratios = np.full((GAIN_KEEP, BANDS), np.nan)
        self.kept = 0
        self.learned = np.zeros(BANDS, dtype=np.int64)
        self.running = 0
        #: loud frames since it last took the line for the player (:data:`TRUST_FRAMES`)
        self.clean = 0
        #: frames since it began to say the player speaks, the slowest ring not yet agreeing
        self.unconfirmed: int | None = None
        self.fired = False

    def judge(self, mic: np.ndarray, recent: np.ndarray, noise: np.ndarray,
              voting: np.ndarray, margin_db: float, min_bands: int,
              hold_frames: int) -> tuple[bool, int]:
        """Whether the player speaks over the line (after ``hold_frames`` running), and in
        how many bands the microphone is louder than the line and the noise make it."""
        reach = np.maximum(recent, self.held - self.decay_db)
        self.held = reach
        expected = 10 * np.log10(10 ** ((reach + self.share) / 10) + 10 ** (noise / 10))
        over = int((voting & (self.learned >= GAIN_LEARN) & (mic > expected + margin_db)).sum())
        self.running = self.running + 1 if over >= min_bands else 0
        fired = self.running >= hold_frames
        if not fired:
            self._learn(mic - reach, (recent > LOUD_DB) & (recent >= reach))
        return fired, over

    def _learn(self, ratio: np.ndarray, loud: np.ndarray) -> None:
        """The band's usual share: a high quantile of the recent loud frames' ratios, from
        frames where the line sounds now, not only rings on."""
        if not loud.any():
            return
        self.ratios[self.kept % GAIN_KEEP] = np.where(loud, ratio, np.nan)
        self.kept += 1
        self.clean += 1
        self.learned += loud
        if self.kept % GAIN_EVERY and not (self.learned == GAIN_LEARN).any():
            return
        seen = ~np.isnan(self.ratios).all(axis=0)
        self.share[seen] = np.nanpercentile(self.ratios[:, seen], GAIN_QUANTILE, axis=0)


class DoubleTalkDetector:
    """Fed the microphone and the reference frame by frame (on one clock, as the echo
    canceller is), says which frames the player speaks over the game in.

    How long the room rings is not known: the detector keeps one judgement for each of
    :data:`RING_DECAYS`, and says what the quickest one says that has not taken the line
    alone for the player in :data:`TRUST_FRAMES` loud frames (called it where the slowest
    ring, the surest, found no band louder than the line makes it within
    :data:`CONFIRM_FRAMES`); until one has, what the slowest says."""

    def __init__(self, margin_db: float = MARGIN_DB, min_bands: int = MIN_BANDS,
                 hold_frames: int = HOLD_FRAMES) -> None:
        self.margin_db = margin_db
        self.min_bands = min_bands
        self.hold_frames = hold_frames
        self.reset()

    def reset(self) -> None:
        """Forget the room: its echo's share of each band, its ring, and its noise."""
        self._near_tail = np.zeros(FRAME, dtype=np.int16)
        self._far_tail = np.zeros(FRAME, dtype=np.int16)
        self._far_bands: deque[np.ndarray] = deque(maxlen=REACH_FRAMES + 1)
        self._mic_bands: deque[np.ndarray] = deque(maxlen=NOISE_KEEP)
        self.rings = [_Ring(d) for d in RING_DECAYS]
        self._said: deque[bool] = deque(maxlen=STUCK_FRAMES)

    @property
    def ring(self) -> _Ring:
        """The judgement in use."""
        trusted = [r for r in self.rings[:-1] if r.clean >= TRUST_FRAMES]
        return trusted[0] if trusted else self.rings[-1]

    def feed(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """Whether each 10 ms frame of ``near`` (int16, a whole number of frames; ``far``
        the reference over the same samples) is the player speaking over the game."""
        mic = band_powers(np.concatenate([self._near_tail, near]))
        ref = band_powers(np.concatenate([self._far_tail, far]))
        if len(near) >= FRAME:
            self._near_tail = near[-FRAME:].copy()
            self._far_tail = far[-FRAME:].copy()
        out = np.zeros(len(mic), dtype=bool)
        for t in range(len(mic)):
            out[t] = self._frame(mic[t], ref[t])
        return out

    def _frame(self, mic: np.ndarray, ref: np.ndarray) -> bool:
        self._far_bands.append(ref)
        self._mic_bands.append(mic)
        recent = np.max(np.stack(self._far_bands), axis=0)
        noise = np.min(np.stack(self._mic_bands), axis=0) + NOISE_BIAS_DB
        sounding = bool(recent.max() > LOUD_DB)
        voting = (mic > BAND_FLOOR_DB) & sounding
        in_use = self.ring
        said = [r.judge(mic, recent, noise, voting, self.margin_db, self.min_bands,
                        self.hold_frames) for r in self.rings]
        surest = said[-1][1] > 0
        for r, (fired, _) in zip(self.rings[:-1], said[:-1]):
            began, r.fired = fired and not r.fired, fired
            if surest:
                r.unconfirmed = None
            elif r.unconfirmed is not None:
                r.unconfirmed += 1
                if r.unconfirmed > CONFIRM_FRAMES:  # the line alone, taken for the player
                    r.clean, r.unconfirmed = 0, None
            elif began:
                r.unconfirmed = 0
        fired = said[self.rings.index(in_use)][0]
        if sounding:
            self._said.append(fired)
            if sum(self._said) > STUCK_SHARE * STUCK_FRAMES:  # not a voice: the room changed
                self.reset()
        return fired
