"""Where things happened in a recording of the microphone: a clip's start, a line's stop.

The barge-in benchmark through PulseAudio times the stop from the recording itself, not
from when a player process was started: the command is found in what the microphone
captured by cross-correlation, and so is the bot's line; what is left once the command is
taken out is the line's echo alone, and where that falls silent while the line (had it
gone on) would still be loud is where the game stopped it.  Both marks are sample indices
of one recording, so their difference is exact whatever the stamps' jitter.

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


def placed(clip: npt.ArrayLike, at: int, n: int) -> Signal:
    """``clip`` put at sample ``at`` of an ``n``-sample stretch (cut where it overhangs)."""
    b = np.asarray(clip, dtype=np.float64)
    out = np.zeros(n)
    lo, hi = max(0, at), min(n, at + len(b))
    if hi > lo:
        out[lo:hi] = b[lo - at:hi - at]
    return out


def gain(recording: Signal, model: Signal) -> float:
    """Least-squares gain of ``model`` in ``recording``."""
    return float(np.dot(recording, model) / max(float(np.dot(model, model)), 1e-9))


def _frames_db(x: Signal) -> Signal:
    f = x[:len(x) // FRAME * FRAME].reshape(-1, FRAME)
    return 10 * np.log10(np.mean(f * f, axis=1) / 32768**2 + 1e-12)


def line_stop(recording: npt.ArrayLike, line: npt.ArrayLike, line_at: int,
              command: npt.ArrayLike, command_at: int) -> int | None:
    """The sample where the line's echo last sounds in ``recording`` (its stop), with the
    command at ``command_at`` taken out first; None when the line played to its end."""
    rec = np.asarray(recording, dtype=np.float64)
    cmd = placed(command, command_at, len(rec))
    rest = rec - gain(rec, cmd) * cmd
    echo = placed(line, line_at, len(rec))
    before = slice(max(0, line_at), max(line_at + FRAME, command_at))  # the line alone
    echo *= gain(rest[before], echo[before])
    heard, would = _frames_db(rest), _frames_db(echo)
    loud = would > LOUD_DBFS
    still = loud & (heard > would - HEARD_DB)
    if not loud.any() or not still.any():
        return None
    last = int(np.nonzero(still)[0][-1])
    if not loud[last + 1:].any():  # loud to the end: it was never stopped
        return None
    return (last + 1) * FRAME
