"""Render the corpus to 16 kHz mono WAV files: espeak-ng speech, resampled by sox, padded
with room tone and mixed with seeded pink noise at the condition's speech-to-noise ratio.

Every clip has a noise floor: digital silence is not what a microphone hears, and it
wrecks a decoder's noise estimate.  SNR is measured against the speech's *active* RMS
(samples above 1 % of full scale), so a short word is not diluted by its own padding.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
import wave
from pathlib import Path

import numpy as np

from .corpus import CONDITIONS, SITUATIONS, Utterance, utterances

RATE = 16_000
LEAD_S = 0.35  # room tone before the phrase
TAIL_S = 0.45  # and after it (a VAD needs some silence to end the utterance)


def speak(text: str, voice: str, speed: int) -> np.ndarray:
    """espeak-ng -> sox -> int16 samples at 16 kHz (no padding)."""
    with tempfile.TemporaryDirectory() as tmp:
        raw, out = Path(tmp) / "raw.wav", Path(tmp) / "out.wav"
        subprocess.run(
            ["espeak-ng", "-v", voice, "-s", str(speed), "-w", str(raw), text],
            check=True, capture_output=True,
        )
        subprocess.run(
            ["sox", "-R", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed",
             str(out)],
            check=True, capture_output=True,
        )
        with wave.open(str(out)) as w:
            pcm = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    # espeak pads with its own silence: trim to the speech so every clip pads the same.
    loud = np.flatnonzero(np.abs(pcm) > 200)
    return pcm[loud[0]:loud[-1] + 1] if loud.size else pcm


def echo(speech: np.ndarray, delay_ms: float = 130.0, gain: float = 0.15) -> np.ndarray:
    """``speech`` heard in a room with one echo ``delay_ms`` later at ``gain`` of its
    amplitude (espeak-ng's en-us+f4 voice has 130 ms at 15 %), longer by the delay.

    >>> echo(np.array([1000, 0, 0], dtype=np.int16), delay_ms=0.125, gain=0.5).tolist()
    [1000, 0, 500, 0, 0]
    """
    shift = int(round(delay_ms * RATE / 1000))
    out = np.concatenate([speech.astype(np.float64), np.zeros(shift)])
    out[shift:] += gain * speech
    return np.clip(np.round(out), -32768, 32767).astype(np.int16)


def pink_noise(n: int, seed: int) -> np.ndarray:
    """Unit-RMS pink (1/f power) noise, reproducible from ``seed``."""
    rng = np.random.default_rng(seed)
    spectrum = np.fft.rfft(rng.normal(size=n))
    freqs = np.fft.rfftfreq(n)
    freqs[0] = freqs[1] if n > 1 else 1.0
    noise = np.fft.irfft(spectrum / np.sqrt(freqs), n)
    return noise / (np.sqrt(np.mean(noise**2)) or 1.0)


def active_rms(speech: np.ndarray) -> float:
    x = speech.astype(np.float64)
    active = x[np.abs(x) > 0.01 * 32768]
    return float(np.sqrt(np.mean((active if active.size else x) ** 2)))


def mix(speech: np.ndarray, snr_db: float, seed: int) -> np.ndarray:
    """Pad with room tone and add noise so speech RMS / noise RMS = ``snr_db``."""
    lead, tail = int(LEAD_S * RATE), int(TAIL_S * RATE)
    signal = np.concatenate([np.zeros(lead), speech.astype(np.float64), np.zeros(tail)])
    noise = pink_noise(signal.size, seed) * active_rms(speech) / 10 ** (snr_db / 20)
    return np.clip(np.round(signal + noise), -32768, 32767).astype(np.int16)


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(samples.tobytes())


def _seed(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:4], "little")


def render(out_dir: Path, items: list[Utterance] | None = None) -> Path:
    """Write every clip, the situations and ``manifest.jsonl``; returns the manifest path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "situations").mkdir(exist_ok=True)
    for name, text in SITUATIONS.items():
        (out_dir / "situations" / f"{name}.phh").write_text(text)
    rows = []
    for u in items if items is not None else utterances():
        speech = speak(u.phrase.text, u.voice.name, u.speed)
        for cond, snr in CONDITIONS.items():
            path = out_dir / cond / f"{u.id}.wav"
            path.parent.mkdir(exist_ok=True)
            write_wav(path, mix(speech, snr, _seed(u.id, cond)))
            rows.append({
                "id": u.id, "condition": cond, "file": str(path.relative_to(out_dir)),
                "text": u.phrase.text, "situation": u.phrase.situation,
                "expected": u.phrase.expected, "family": u.phrase.family,
                "voice": u.voice.name, "held_out": u.voice.held_out, "speed": u.speed,
                "speech_end_s": round(LEAD_S + speech.size / RATE, 4),
            })
    manifest = out_dir / "manifest.jsonl"
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return manifest
