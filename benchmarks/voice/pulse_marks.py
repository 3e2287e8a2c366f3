"""Where things happened in recordings of the sound server: a clip's start, a sound's end.

The barge-in benchmark through PulseAudio times the stop from recordings, not from when a
player process was started: the command is found in what the microphone captured by
cross-correlation, and the line's end is the last loud frame of what the speakers (the
game sink's monitor) played.  Each recording's samples carry a steady clock's time, so
the two marks are compared on one clock.

>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> clip = rng.normal(0, 3000, 4000)
>>> rec = np.zeros(20000); rec[7000:11000] += clip
>>> locate(rec, clip)
7000
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

RATE = 16_000
FRAME = 160  # 10 ms
#: a frame of the line (as it would have gone on) this loud counts when finding its stop
LOUD_DBFS = -45.0
#: ...and the line is still heard in a frame whose residual is within this of it
HEARD_DB = 10.0

Signal = npt.NDArray[np.float64]


def locate(recording: npt.ArrayLike, clip: npt.ArrayLike) -> int:
    """The sample of ``recording`` where ``clip`` starts (best cross-correlation)."""
    a = np.asarray(recording, dtype=np.float64)
    b = np.asarray(clip, dtype=np.float64)
    n = 1 << int(np.ceil(np.log2(len(a) + len(b))))
    xc = np.fft.irfft(np.fft.rfft(a, n) * np.conj(np.fft.rfft(b, n)), n)[:len(a)]
    return int(np.argmax(xc))


def last_sound(x: npt.ArrayLike, dbfs: float) -> int | None:
    """The sample just after the last 10 ms frame of ``x`` louder than ``dbfs``; None if
    none is.

    >>> x = np.zeros(1000); x[300:450] = 3000
    >>> last_sound(x, -50.0)
    480
    """
    db = _frames_db(np.asarray(x, dtype=np.float64))
    loud = np.nonzero(db > dbfs)[0]
    return None if not len(loud) else int(loud[-1] + 1) * FRAME


def _frames_db(x: Signal) -> Signal:
    f = x[:len(x) // FRAME * FRAME].reshape(-1, FRAME)
    return 10 * np.log10(np.mean(f * f, axis=1) / 32768**2 + 1e-12)
