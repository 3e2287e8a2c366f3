"""What the speakers actually play, as the echo canceller's reference.

The game knows which lines it plays and when it asked for them, but not when the sound
server plays them: the mixer's buffer, the server's own and, through PulseAudio, bursts
of rendering move each line's true start by tens of ms, differently for every line
(benchmarks/voice/RESULTS.md, issue 25).  An echo canceller given that timeline re-learns
the delay at every line's start, and lets the start of the line through.  A PulseAudio
(or PipeWire) sink's *monitor* is what that sink plays, as it plays it; recorded beside the
microphone, on the same server's clock, it is a reference whose delay to the echo stays
the same for the whole game.

- :class:`SteadyClock`: a stream's chunk stamps jitter (they are arrival times); its
  clock advances by each chunk's length instead and follows the stamps' lower edge.
- :class:`Ring`: the last seconds of a signal by that clock, read back for exactly the
  stretch of time a microphone chunk covers.
- :class:`SinkMonitor`: ``parec`` on the monitor, chunks stamped as they arrive.

>>> import numpy as np
>>> ring = Ring(keep_s=1.0)
>>> ring.write(np.arange(1, 321, dtype=np.int16), end=10.02)
>>> w = ring.window(end=10.025, n=480)   # from 5 ms before the chunk to 5 ms after it
>>> int(w[0]), int(w[80]), int(w[399]), int(w[479])
(0, 1, 320, 0)
"""

from __future__ import annotations

import math
import queue
import shutil
import subprocess
import threading
import time
from collections import deque

import numpy as np
import numpy.typing as npt

from .audio import RATE, MicState, MicStatus

#: a chunk of the monitor: 10 ms, as the microphone's with "Talk over the bots" (the
#: listener waits for the reference that covers each of the microphone's chunks)
MONITOR_BLOCK = 160
#: what parec is asked to buffer (ms): enough to ride out a busy moment, little enough
#: that the reference arrives before its echo
MONITOR_LATENCY_MS = 10
#: stamps all later than the steady clock by this, for CLOCK_WINDOW_S, move it on (lost
#: audio); a stamp earlier than it by more than JUMP_BACK_S moves it back at once (its
#: first stamps were late), a stamp earlier by less moves it back SLEW_S a chunk: the
#: sound server's clock drifts from the system's (2-6 ms every ~14 s here), and the
#: microphone's and the monitor's clocks stepping back each at its own moment moved the
#: echo canceller's reference against the echo 142-151 times a run, each time costing AEC3
#: 0.5-1.5 s of cancelling (benchmarks/voice/RESULTS.md, issue 25 §1)
RESYNC_S = 0.08
CLOCK_WINDOW_S = 1.0
JUMP_BACK_S = 0.008
SLEW_S = 1 / RATE
#: the monitor's sample count is read at an offset from the microphone's that follows what
#: the two clocks say over the last OFFSET_WINDOW chunks (median): each clock following its
#: own stamps a sample at a time moved the reference 2-7 samples against the echo every few
#: seconds, 736-766 over a run (benchmarks/voice/RESULTS.md, issue 25 §1, session 22), so
#: within OFFSET_HOLD samples of the median the offset is held still (over a closed loop's
#: 5 minutes of the bots alone, with no drift, the median still wandered 8 samples, and
#: held within 4 it glided the reference 4 samples off the echo: ERLE fell from 68 to 19 dB
#: for 30 s; session 25)...
OFFSET_HOLD = 16
OFFSET_WINDOW = 500
#: ...beyond it, it glides toward the median OFFSET_GLIDE samples a chunk (up to 5
#: samples a second, 300 ppm): two clocks drifting apart (the closed loop's ~40 ppm while
#: commands play) moved a held offset in 32-sample steps, each blinding both cancellers
#: for ~1.3 s (session 25)...
OFFSET_GLIDE = 0.1
#: ...and jumps to it only when more than OFFSET_JUMP samples away (faster than it
#: glides), or when the last OFFSET_QUICK chunks all put it more than RESYNC_S away
#: (audio lost on one side)
OFFSET_JUMP = 32
OFFSET_QUICK = 50
#: in its first OFFSET_SETTLE chunks (5 s) the offset is still being found: it is the
#: median's, whole samples, with nothing learned yet to lose
OFFSET_SETTLE = 250
#: the reference read between two of its samples: a windowed-sinc fractional delay this
#: many taps long (flat to ~6 kHz of the 8)
FRACTION_TAPS = 16
#: an ``end`` this close to a sample is read at the sample
FRACTION_EPSILON = 1e-3
#: the reference kept (s): the canceller looks back well under a second
KEEP_S = 3.0
#: the sink whose monitor is the reference: the one the game plays into
DEFAULT_MONITOR = "@DEFAULT_MONITOR@"

Pcm = npt.NDArray[np.int16]


class SteadyClock:
    """When a stream's latest chunk ended, advancing by chunk lengths, not stamps.

    A stamp is when the chunk *arrived*: never before it was captured, often later (the
    sound server delivers in bursts; a busy interpreter reads late).  So the clock follows
    the stamps' lower edge: a stamp well earlier than the clock says the clock started
    late, and it steps back at once; a little earlier, the server's clock has drifted from
    the system's, and it slews back a sample a chunk; stamps later than the clock move it
    on only when every one of the last ``window_s`` was later by more than ``late_s``
    (audio was lost), never for a late reader alone.  Two streams of one sound server so
    keep a fixed offset, or one that moves a sample at a time, which is what an echo
    canceller needs between its reference and the microphone.

    >>> c = SteadyClock()
    >>> c.advance(320, 1.00), round(c.advance(320, 1.15), 3)   # a late read: ignored
    (1.0, 1.02)
    >>> round(c.advance(320, 1.03), 3)                         # well early: step back
    1.03
    >>> round((c.advance(320, 1.047) - 1.05) * RATE)           # a little early: a sample
    -1
    """

    def __init__(self, late_s: float = RESYNC_S, window_s: float = CLOCK_WINDOW_S) -> None:
        self.late_s = late_s
        self.window_s = window_s
        self.end: float | None = None
        self._ahead: list[float] = []  # stamp minus clock, over the last window_s

    def advance(self, samples: int, stamp: float) -> float:
        if self.end is None:
            self.end = stamp
            return stamp
        self.end += samples / RATE
        self._ahead.append(stamp - self.end)
        keep = max(1, int(self.window_s * RATE / max(samples, 1)))
        del self._ahead[:-keep]
        low = min(self._ahead)
        if low < -JUMP_BACK_S or (len(self._ahead) == keep and low > self.late_s):
            shift = low
        elif low < 0:
            shift = max(low, -SLEW_S)
        else:
            return self.end
        self.end += shift
        self._ahead = [a - shift for a in self._ahead]
        return self.end


class StreamOffset:
    """How many samples the monitor's count is ahead of the microphone's, held still or
    gliding.

    Both streams of one sound server keep the true offset between their sample counts
    (unless audio is lost); two devices' clocks drift apart, slowly.  What the two steady
    clocks say of it wanders by a millisecond as each follows its own stamps, and an echo
    canceller's linear filter loses the echo at every sample that moves.  So the offset is
    held while the median of what the clocks said over the last ``window`` chunks stays
    within ``hold`` samples; past that it glides toward the median ``glide`` samples a
    chunk, a fraction of a sample at a time (:meth:`Ring.window` reads between samples),
    which the cancellers follow as they follow the room; it jumps only when more than
    ``jump`` samples away, and then says so (:attr:`jumped`).  Over the first ``settle``
    chunks it is the median's, in whole samples.

    >>> off = StreamOffset(hold=4, window=5, settle=0)
    >>> [off.update(x) for x in (100, 102, 98, 103, 101)]
    [100, 100, 100, 100, 100]
    >>> [round(off.update(x), 1) for x in (110, 111, 112, 113)]  # once the median is past it
    [100, 100, 100.1, 100.2]
    >>> [round(off.update(200), 1) for _ in range(3)], off.jumped  # far past it: a jump
    ([100.3, 100.4, 200], True)

    Audio lost on one side moves it within a second (:data:`OFFSET_QUICK` chunks):

    >>> off = StreamOffset()
    >>> [off.update(0) for _ in range(600)][-1], [off.update(4000) for _ in range(50)][-1]
    (0, 4000)
    """

    def __init__(self, hold: float = OFFSET_HOLD, window: int = OFFSET_WINDOW,
                 glide: float = OFFSET_GLIDE, jump: float = OFFSET_JUMP,
                 settle: int = OFFSET_SETTLE) -> None:
        self.hold, self.window, self.glide, self.jump = hold, window, glide, jump
        self.settle = settle
        self._updates = 0
        self.value: float | None = None
        #: the last update jumped (the echo moved against the reference at once)
        self.jumped = False
        self._said: deque[float] = deque(maxlen=window)

    def update(self, said: float) -> float:
        self._said.append(said)
        recent = list(self._said)[-OFFSET_QUICK:]
        if (self.value is not None and len(recent) == OFFSET_QUICK
                and min(abs(x - self.value) for x in recent) > RESYNC_S * RATE):
            self._said.clear()
            self._said.extend(recent)
        middle = float(np.median(self._said))
        self.jumped = False
        self._updates += 1
        if self._updates <= self.settle:
            self.value = round(middle)
        elif self.value is None or abs(middle - self.value) > self.jump:
            self.jumped = self.value is not None
            self.value = round(middle)
        elif abs(middle - self.value) > self.hold:
            self.value += self.glide if middle > self.value else -self.glide
        return self.value


def fractional_taps(fraction: float, taps: int = FRACTION_TAPS) -> npt.NDArray[np.float64]:
    """A windowed-sinc filter that reads a signal ``fraction`` of a sample later: tap ``k``
    (of ``taps``) weighs the sample ``k - taps // 2 + 1`` after the one read from.

    >>> h = fractional_taps(0.5)
    >>> round(float(h.sum()), 6), round(float(h[7]), 3) == round(float(h[8]), 3)
    (1.0, True)
    """
    x = np.arange(taps) - (taps // 2 - 1) - fraction  # each tap's distance from the point
    width = taps + 1  # a Blackman window centred on the point read
    window = (0.42 + 0.5 * np.cos(2 * np.pi * x / width)
              + 0.08 * np.cos(4 * np.pi * x / width))
    h: npt.NDArray[np.float64] = np.sinc(x) * window
    h /= h.sum()
    return h


class Ring:
    """The last ``keep_s`` of a signal, written and read by time (sample = round(t * RATE))."""

    def __init__(self, keep_s: float = KEEP_S) -> None:
        self._buf = np.zeros(int(keep_s * RATE), dtype=np.int16)
        self._end: int | None = None  # the absolute sample just after the newest written

    def write(self, pcm: Pcm, end: float) -> None:
        stop = int(round(end * RATE))
        n, size = len(pcm), len(self._buf)
        if self._end is None or stop - self._end >= size:
            self._buf[:] = 0
        elif stop > self._end:
            gap = stop - self._end
            self._buf = np.roll(self._buf, -gap)
            self._buf[-gap:] = 0
        self._end = max(stop, self._end if self._end is not None else stop)
        at = size - (self._end - stop) - n  # where pcm starts in the buffer
        lo = max(0, at)
        if at + n > lo:
            self._buf[lo:at + n] = pcm[lo - at:]

    def window(self, end: float, n: int) -> Pcm:
        """The ``n`` samples ending at ``end``; silence where nothing was written.  An
        ``end`` between two samples is read between them (:func:`fractional_taps`)."""
        at = end * RATE
        stop = int(round(at))
        if abs(at - stop) < FRACTION_EPSILON:
            return self._samples(stop, n)
        base = math.floor(at)
        h = fractional_taps(at - base)
        lead = FRACTION_TAPS // 2 - 1  # samples the filter reads before each position
        wide = self._samples(base + FRACTION_TAPS - lead - 1, n + FRACTION_TAPS - 1)
        out = np.convolve(wide.astype(np.float64), h[::-1], mode="valid")
        return np.clip(np.round(out), -32768, 32767).astype(np.int16)

    def _samples(self, stop: int, n: int) -> Pcm:
        out = np.zeros(n, dtype=np.int16)
        if self._end is None:
            return out
        size = len(self._buf)
        first = self._end - size  # absolute index of the buffer's first sample
        lo, hi = max(stop - n, first), min(stop, self._end)
        if hi > lo:
            out[lo - (stop - n):hi - (stop - n)] = self._buf[lo - first:hi - first]
        return out


class SinkMonitor:
    """A sound server sink's monitor through ``parec``, 16 kHz mono, in 10 ms chunks, each
    stamped (``time.monotonic()``) when it arrived.  The listener's
    :class:`~voice.listener.AudioSource` protocol, read without waiting."""

    def __init__(self, source: str = DEFAULT_MONITOR, block: int = MONITOR_BLOCK) -> None:
        parec = shutil.which("parec")
        if parec is None:
            raise OSError("parec is not installed (pulseaudio-utils)")
        self.source = source
        self.block = block
        self.chunks: queue.Queue[tuple[bytes, float]] = queue.Queue(maxsize=500)
        self.captured_at: float | None = None
        self._proc = subprocess.Popen(
            [parec, "-d", source, f"--rate={RATE}", "--channels=1", "--format=s16le",
             f"--latency-msec={MONITOR_LATENCY_MS}", "--raw"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.status = MicStatus(MicState.LISTENING, f"monitoring {source}")
        self._thread = threading.Thread(target=self._pump, name="sink-monitor", daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        out = self._proc.stdout
        assert out is not None
        size = 2 * self.block
        while True:
            data = out.read(size)
            if not data:
                self.status = MicStatus(MicState.LOST, f"{self.source}: parec ended")
                return
            try:
                self.chunks.put_nowait((data, time.monotonic()))
            except queue.Full:
                pass

    @property
    def alive(self) -> bool:
        return self._proc.poll() is None

    def ensure(self, now: float | None = None) -> MicStatus:
        return self.status

    def read(self, timeout: float = 0.0) -> bytes | None:
        try:
            chunk, self.captured_at = (self.chunks.get(timeout=timeout) if timeout > 0
                                       else self.chunks.get_nowait())
        except queue.Empty:
            return None
        return chunk

    def drain(self) -> None:
        while self.read() is not None:
            pass

    def close(self) -> None:
        if self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait(2)


def open_monitor(source: str = DEFAULT_MONITOR) -> SinkMonitor | None:
    """The monitor of the sink the game plays into, or None where there is no PulseAudio
    (or PipeWire's pulse server) to record it from: then the listener's reference is the
    game's own timeline of what it asked to play."""
    if shutil.which("pactl") is None:
        return None
    try:
        ok = subprocess.run(["pactl", "info"], capture_output=True, timeout=2).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return None
    if not ok:
        return None
    try:
        return SinkMonitor(source)
    except OSError:
        return None
