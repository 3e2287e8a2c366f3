"""Reading a WAV file as the recognizers want it: 16 kHz mono int16 PCM.

Files at 8-48 kHz, mono or stereo, 8/16/24/32-bit integer PCM are converted here with the
standard library ``wave`` and numpy: channels averaged, then resampled by linear
interpolation after a moving-average low-pass when going down (speech only needs the band
up to 8 kHz, and linear interpolation is plenty for a recognizer).  Anything else is a
:class:`WavError` with a one-line message naming the problem.

>>> import io, wave
>>> buf = io.BytesIO()
>>> with wave.open(buf, "wb") as w:
...     w.setnchannels(2); w.setsampwidth(2); w.setframerate(32000)
...     w.writeframes(bytes(4 * 32000))
>>> _ = buf.seek(0)
>>> len(read_pcm16k(buf)) // 2  # one second at 16 kHz
16000
"""

from __future__ import annotations

import wave
from pathlib import Path
from typing import BinaryIO

import numpy as np

RATE = 16_000
MIN_RATE, MAX_RATE = 8_000, 48_000


class WavError(ValueError):
    """The file is missing, not a WAV, or in a format this game cannot take."""


def _samples(raw: bytes, width: int) -> np.ndarray:
    if width == 1:
        return (np.frombuffer(raw, np.uint8).astype(np.float64) - 128) * 256
    if width == 2:
        return np.frombuffer(raw, "<i2").astype(np.float64)
    if width == 3:
        b = np.frombuffer(raw, np.uint8).reshape(-1, 3).astype(np.int32)
        v = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        v = np.where(v >= 1 << 23, v - (1 << 24), v)
        return v.astype(np.float64) / 256
    return np.frombuffer(raw, "<i4").astype(np.float64) / 65536


def resample(x: np.ndarray, rate: int, target: int = RATE) -> np.ndarray:
    """Linear-interpolation resampling (with a moving-average low-pass when downsampling)."""
    if rate == target or x.size == 0:
        return x
    if rate > target:
        k = int(round(rate / target))
        if k > 1:
            x = np.convolve(x, np.ones(k) / k, mode="same")
    n = int(round(x.size * target / rate))
    out: np.ndarray = np.interp(np.arange(n) * rate / target, np.arange(x.size), x)
    return out


def read_pcm16k(source: str | Path | BinaryIO) -> bytes:
    """The file as 16 kHz mono int16 bytes, or :class:`WavError`."""
    name = source if isinstance(source, (str, Path)) else "the input"
    try:
        with wave.open(str(source) if isinstance(source, Path) else source, "rb") as w:
            rate, channels, width = w.getframerate(), w.getnchannels(), w.getsampwidth()
            raw = w.readframes(w.getnframes())
    except FileNotFoundError:
        raise WavError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise WavError(f"{name} is a directory, not a WAV file") from None
    except (wave.Error, EOFError) as exc:
        raise WavError(f"{name} is not a PCM WAV file ({exc})") from None
    except OSError as exc:
        raise WavError(f"cannot read {name}: {exc.strerror or exc}") from None
    if not MIN_RATE <= rate <= MAX_RATE:
        raise WavError(f"{name}: {rate} Hz is outside {MIN_RATE}-{MAX_RATE} Hz; "
                       "record speech at 16 kHz")
    if channels not in (1, 2):
        raise WavError(f"{name}: {channels} channels; use mono or stereo")
    if width == 2 and channels == 1 and rate == RATE:
        return raw
    x = _samples(raw[: len(raw) // (width * channels) * width * channels], width)
    if channels == 2:
        x = x.reshape(-1, 2).mean(axis=1)
    x = resample(x, rate)
    return np.clip(np.round(x), -32768, 32767).astype("<i2").tobytes()


def read_samples16k(source: str | Path | BinaryIO) -> np.ndarray:
    """The file as 16 kHz mono int16 samples (read-only): :func:`read_pcm16k` as numbers,
    for the echo canceller's reference and the benchmarks that mix audio."""
    return np.frombuffer(read_pcm16k(source), "<i2")
