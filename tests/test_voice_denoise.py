"""What Whisper hears goes through WebRTC's noise suppressor first (voice/denoise.py)."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from voice.denoise import FRAME_BYTES, DenoiserUnavailableError, NoiseSuppressor
from voice.echo import erle_db

livekit = pytest.importorskip("livekit.rtc")


def _noise(seconds: float, rms: float = 600.0, seed: int = 5) -> bytes:
    samples = np.random.default_rng(seed).normal(0, rms, int(16_000 * seconds))
    return samples.astype(np.int16).tobytes()


def test_steady_noise_is_taken_well_down_once_the_room_is_learned():
    ns = NoiseSuppressor.open()
    noise = _noise(3.0)
    out = ns.process(noise)
    last_second = slice(len(noise) - 32_000, len(noise))
    assert erle_db(np.frombuffer(noise[last_second], np.int16),
                   np.frombuffer(out[last_second], np.int16)) > 10


def test_speech_over_the_noise_keeps_its_loudness():
    if shutil.which("espeak-ng") is None:
        pytest.skip("needs espeak-ng")
    from benchmarks.voice.synth import mix, speak

    ns = NoiseSuppressor.open()
    ns.process(_noise(1.0, rms=100.0))  # the room, before the player speaks
    speech = mix(speak("raise to two hundred", "en-us", 160), 15.0, seed=2)
    out = np.frombuffer(ns.process(speech.tobytes()) + ns.flush(), np.int16)
    assert abs(erle_db(speech, out)) < 3


def test_chunks_of_any_length_come_back_whole_and_in_order():
    ns = NoiseSuppressor.open()
    pcm = _noise(0.5)
    sizes = [2, 300, FRAME_BYTES, 7 * FRAME_BYTES + 10, 3200]
    out, at = b"", 0
    for size in sizes:
        out += ns.process(pcm[at:at + size])
        at += size
    out += ns.process(pcm[at:]) + ns.flush()
    assert len(out) == len(pcm)


def test_whisper_without_the_suppressor_says_why_and_still_listens(monkeypatch):
    from voice.recognizers.whisper_models import ModelNotFoundError, find_whisper_model

    try:
        find_whisper_model()
    except ModelNotFoundError:
        pytest.skip("no Whisper model installed")
    from voice.recognizers import whisper_backend

    def unavailable() -> NoiseSuppressor:
        raise DenoiserUnavailableError("livekit is not installed (test)")

    monkeypatch.setattr(whisper_backend.NoiseSuppressor, "open", staticmethod(unavailable))
    rec = whisper_backend.WhisperRecognizer()
    assert rec.notice == ("Whisper hears the microphone without noise suppression: "
                          "livekit is not installed (test)")
    rec.accept(_noise(0.5, rms=50.0))
    assert rec.final().engine == "whisper"
