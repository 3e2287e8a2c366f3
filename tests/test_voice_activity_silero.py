"""Where a command starts and ends with the Silero detector (issue 22, item 4).

Real synthesized speech (espeak-ng) in seeded pink noise, a reverberant room (sox), and
the noises of a card table; the figures behind the choice are benchmarks/voice/vad.py's.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from benchmarks.voice.synth import LEAD_S, mix, pink_noise, reverberate, speak
from benchmarks.voice.vad import clatter
from voice import vad as vad_module
from voice.listener import Listener
from voice.vad import (
    EnergyVad,
    SileroUnavailable,
    SileroVad,
    SpeechEnded,
    best_vad,
    silero_session,
)

RATE = 16_000
CHUNK = 1600  # 100 ms, as the listener reads


def _silero_loads() -> bool:
    try:
        silero_session()
    except SileroUnavailable:
        return False
    return True


espeak = pytest.mark.skipif(not (shutil.which("espeak-ng") and shutil.which("sox")),
                            reason="needs espeak-ng and sox")
silero = pytest.mark.skipif(not _silero_loads(), reason="needs onnxruntime and faster-whisper")


def _room(seconds: float, rms: float, seed: int) -> np.ndarray:
    return pink_noise(int(seconds * RATE), seed) * rms


def _int16(x: np.ndarray) -> np.ndarray:
    return np.clip(np.round(x), -32768, 32767).astype(np.int16)


def _utterances(detector, audio: np.ndarray, chunk: int = CHUNK) -> list[tuple[int, int]]:
    """(start, end) sample of each utterance.  An utterance's audio is contiguous and ends
    where the detector stopped; with 512-sample chunks (Silero's window) that is exactly
    where the audio fed so far ends, with larger ones at most a chunk before."""
    out, fed = [], 0
    for i in range(0, audio.size, chunk):
        piece = audio[i:i + chunk]
        events = detector.feed(piece.tobytes())
        fed += piece.size
        out += [(fed - len(e.pcm) // 2, fed) for e in events if isinstance(e, SpeechEnded)]
    return out


@silero
@espeak
def test_silero_finds_one_utterance_per_command_in_noise_with_the_room_between():
    rms = 120.0
    phrases = ["raise to two hundred", "call", "all in"]
    parts, spans, pos = [_room(1.0, rms, 1)], [], RATE
    for k, text in enumerate(phrases):
        clip = mix(speak(text, "en-us", 160), 15.0, seed=k).astype(np.float64)
        clip *= rms / np.sqrt(np.mean(clip[: int(0.3 * RATE)] ** 2))
        spans.append(pos + int(LEAD_S * RATE))
        gap = _room(2.0, rms, 10 + k)
        parts += [clip, gap]
        pos += clip.size + gap.size
    found = _utterances(SileroVad(), _int16(np.concatenate(parts)), chunk=512)
    assert len(found) == len(phrases)
    for (start, _end), speech_start in zip(found, spans, strict=True):
        assert start <= speech_start + int(0.05 * RATE)  # the first consonant is kept


@silero
def test_silero_stays_quiet_when_the_room_gets_ten_db_louder():
    quiet = _room(2.0, 100, 2)
    louder = _room(3.0, 100 * 10 ** (10 / 20), 3)
    audio = _int16(np.concatenate([quiet, louder, quiet]))
    assert _utterances(SileroVad(), audio) == []


@silero
def test_silero_stays_quiet_on_chips_clattering_on_the_table():
    rng = np.random.default_rng(4)
    audio = np.concatenate([_room(1.0, 60, 5)] + [
        _room(1.5, 60, 6 + k) + clatter(int(1.5 * RATE), 3000.0, rng) for k in range(4)])
    assert _utterances(SileroVad(), _int16(audio)) == []


@silero
@espeak
def test_silero_keeps_a_short_word_whole_in_a_reverberant_room():
    said = reverberate(speak("fold", "en-gb", 160))
    clip = mix(said, 20.0, seed=7)
    audio = np.concatenate([_int16(_room(1.0, np.std(clip[:4000]), 8)), clip,
                            _int16(_room(1.0, np.std(clip[:4000]), 9))])
    found = _utterances(SileroVad(), audio, chunk=512)
    assert len(found) == 1
    start, end = found[0]
    speech_start = RATE + int(LEAD_S * RATE)
    assert start <= speech_start + int(0.05 * RATE)
    assert end >= speech_start + said.size - int(0.6 * RATE)  # the dry word's end


@silero
@espeak
def test_silero_hears_the_same_whatever_size_the_microphone_chunks_are():
    audio = np.concatenate([_int16(_room(0.5, 80, 11)),
                            mix(speak("bet fifty", "en-us", 170), 20.0, seed=12),
                            _int16(_room(1.0, 80, 12))])
    whole = [len(e.pcm) for e in SileroVad().feed(audio.tobytes())
             if isinstance(e, SpeechEnded)]
    small = SileroVad()
    events = []
    for i in range(0, audio.size, 480):  # 30 ms at a time
        events += small.feed(audio[i:i + 480].tobytes())
    assert len(whole) == 1
    assert whole == [len(e.pcm) for e in events if isinstance(e, SpeechEnded)]


@silero
@espeak
def test_silero_forgets_the_utterance_in_progress_when_reset():
    vad = SileroVad()
    assert not vad.calibrated
    vad.feed(_int16(_room(0.032, 30, 15)).tobytes())
    assert vad.calibrated  # one window: there is no noise floor to learn
    clip = mix(speak("raise to three hundred", "en-us", 150), 30.0, seed=13)
    vad.feed(clip[: int(1.0 * RATE)].tobytes())
    assert vad.in_speech
    vad.reset()
    assert not vad.in_speech
    assert not any(isinstance(e, SpeechEnded)
                   for e in vad.feed(_int16(_room(1.0, 30, 14)).tobytes()))


@silero
def test_the_listener_listens_with_silero_when_it_loads():
    assert isinstance(best_vad(), SileroVad)
    assert isinstance(Listener(lambda: None, source=object())._vad, SileroVad)


def test_the_listener_falls_back_to_the_energy_detector_without_onnxruntime(monkeypatch):
    def missing():
        raise SileroUnavailable("onnxruntime is not installed")

    monkeypatch.setattr(vad_module, "silero_session", missing)
    assert isinstance(best_vad(), EnergyVad)
    assert isinstance(Listener(lambda: None, source=object())._vad, EnergyVad)


@silero
@espeak
def test_after_digital_silence_silero_hears_as_if_it_had_heard_nothing_else():
    """The listener silences the frames of the game's voice: a model that heard a bot's
    line before that silence hears the player's command exactly as one that heard only
    the silence, and the silence itself is no speech."""
    bot = mix(speak("nice hand, I think you were bluffing all along", "en-gb", 175), 25.0,
              seed=16)
    silence = np.zeros(RATE // 2, np.int16)
    command = mix(speak("call", "en-us", 150), 30.0, seed=17)

    def windows(audio: np.ndarray) -> list[bytes]:
        return [audio[i:i + 512].tobytes() for i in range(0, audio.size // 512 * 512, 512)]

    heard_bot, fresh = SileroVad(), SileroVad()
    assert heard_bot.probabilities(windows(bot)).max() > 0.5
    after_bot = heard_bot.probabilities(windows(np.concatenate([silence, command])))
    after_silence = fresh.probabilities(windows(np.concatenate([silence, command])))
    assert not after_bot[:silence.size // 512].any()
    np.testing.assert_allclose(after_bot, after_silence, atol=1e-5)
    assert after_silence.max() > 0.5
