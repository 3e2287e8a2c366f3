"""`holdem listen FILE.wav --phh PARTIAL.phh [--engine ...]` and `holdem models`:
the contract of docs/ARCHITECTURE.md, with real synthesized speech."""

from __future__ import annotations

import json
import shutil
import wave
from pathlib import Path

import numpy as np
import pytest

from game.cli import main

SAY_KEYS = {"text", "intent", "action", "confirm", "reply", "error"}
LISTEN_KEYS = SAY_KEYS | {"transcript", "engine", "decode_ms"}

PREFLOP = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [10, 20, 0, 0]
min_bet = 20
starting_stacks = [2000, 2000, 2000, 2000]
actions = ["d dh p1 AsKs", "d dh p2 7c7d", "d dh p3 QhJh", "d dh p4 9s2c"]
"""

espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")


@pytest.fixture
def phh(tmp_path) -> Path:
    path = tmp_path / "preflop.phh"
    path.write_text(PREFLOP)
    return path


def _write(path: Path, samples: np.ndarray, rate: int = 16000, channels: int = 1) -> Path:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(samples.astype("<i2").tobytes())
    return path


def _spoken(text: str, voice: str = "en-gb") -> np.ndarray:
    from benchmarks.voice.synth import mix, speak

    return mix(speak(text, voice, 160), 40.0, seed=11)


def _run(capsys, *argv: str) -> tuple[int, dict | None, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


@espeak
def test_listen_prints_the_say_object_plus_transcript_engine_and_decode_time(
        tmp_path, phh, capsys):
    wav = _write(tmp_path / "raise.wav", _spoken("raise to two hundred"))
    code, got, _ = _run(capsys, "listen", str(wav), "--phh", str(phh), "--json",
                        "--engine", "pocketsphinx")
    assert code == 0
    assert set(got) == LISTEN_KEYS
    assert got["engine"] == "pocketsphinx"
    assert got["transcript"] == "raise to two hundred"
    assert got["action"] == "p3 cbr 200"
    assert isinstance(got["decode_ms"], float) and got["decode_ms"] >= 0


@espeak
def test_listen_converts_a_44k_stereo_recording(tmp_path, phh, capsys):
    mono = _spoken("call it").astype(np.float64)
    t_out = np.arange(int(mono.size * 44100 / 16000)) * 16000 / 44100
    up = np.interp(t_out, np.arange(mono.size), mono)
    wav = _write(tmp_path / "call44.wav", np.repeat(np.round(up), 2), rate=44100, channels=2)
    code, got, _ = _run(capsys, "listen", str(wav), "--phh", str(phh), "--engine",
                        "pocketsphinx")
    assert code == 0
    assert got["action"] == "p3 cc"


#: Short commands a fresh recognizer heard wrong after this much of a -55 dBFS room
#: (benchmarks/voice/lead_in.py, the "fresh" row: "[unk]", or "call" as "fold") and right
#: once it has heard the room first, as the listener gives it before a first phrase.
AFTER_THE_ROOM = (("deal", 0.3), ("quit", 0.3), ("move down", 0.3), ("select", 0.35),
                  ("back", 0.4))


@espeak
@pytest.mark.parametrize(("words", "lead"), AFTER_THE_ROOM)
def test_listen_hears_a_short_word_after_the_rooms_quiet_in_the_file(
        tmp_path, phh, capsys, words, lead):
    """Every `holdem listen` is a new recognizer's first phrase: it first hears the room
    the file starts with (voice.listener.room_before_speech / hear_room, the listener's
    priming), or the room before the word is heard as part of it."""
    from benchmarks.voice.lead_in import utterance
    from benchmarks.voice.synth import speak

    said = np.frombuffer(utterance(speak(words, "en-us", 160), lead, 7), dtype=np.int16)
    wav = _write(tmp_path / "said.wav", said)
    code, got, _ = _run(capsys, "listen", str(wav), "--phh", str(phh), "--engine",
                        "pocketsphinx")
    assert code == 0
    assert got["transcript"] == words


def test_the_room_before_speech_is_the_quiet_before_the_first_word():
    """What `holdem listen` primes the recognizer with: the room before the voice
    detector's first speech frame, less a margin; nothing when there is too little."""
    from voice.listener import ROOM_MARGIN_S, room_before_speech
    from voice.vad import EnergyVad

    rng = np.random.default_rng(3)
    room = rng.normal(0, 60, 16000)  # 1 s of the room...
    tone = 8000 * np.sin(np.arange(8000) / 5)  # ...then 0.5 s of something loud
    pcm = np.concatenate([room, tone, room[:4000]]).astype(np.int16).tobytes()
    heard = room_before_speech(pcm, EnergyVad())
    assert 1.0 - ROOM_MARGIN_S - 0.12 <= len(heard) / 32000 <= 1.0 - ROOM_MARGIN_S
    assert heard == pcm[:len(heard)]
    short = np.concatenate([room[:1600], tone]).astype(np.int16).tobytes()
    assert room_before_speech(short, EnergyVad()) == b""


def test_listen_rejected_audio_is_a_normal_answer_with_nothing_done(tmp_path, phh, capsys):
    noise = np.round(np.random.default_rng(0).normal(0, 40, 24000))
    wav = _write(tmp_path / "room.wav", noise)
    code, got, _ = _run(capsys, "listen", str(wav), "--phh", str(phh), "--engine",
                        "pocketsphinx")
    assert code == 0
    assert got["transcript"] == "[unk]" and got["action"] is None


def test_listen_missing_file_exits_2_with_one_line(tmp_path, phh, capsys):
    code, got, err = _run(capsys, "listen", str(tmp_path / "none.wav"), "--phh", str(phh))
    assert code == 2 and got is None
    assert err.count("\n") == 1 and "no such file" in err


def test_listen_unsupported_rate_exits_2_naming_it(tmp_path, phh, capsys):
    wav = _write(tmp_path / "fast.wav", np.zeros(9600), rate=96000)
    code, _, err = _run(capsys, "listen", str(wav), "--phh", str(phh))
    assert code == 2 and "96000 Hz" in err and err.count("\n") == 1


def test_listen_bad_hand_exits_2(tmp_path, capsys):
    wav = _write(tmp_path / "x.wav", np.zeros(16000))
    bad = tmp_path / "bad.phh"
    bad.write_text("this is not toml = = =")
    code, _, err = _run(capsys, "listen", str(wav), "--phh", str(bad))
    assert code == 2 and err.startswith("holdem listen:")


def test_listen_with_vosk_and_no_english_model_exits_2_saying_what_to_do(
        tmp_path, phh, capsys, monkeypatch):
    from voice.recognizers.models import vosk_models

    monkeypatch.delenv("VOSK_MODEL", raising=False)
    if any(m.lang == "en-us" for m in vosk_models()):
        pytest.skip("an English Vosk model is installed here")
    wav = _write(tmp_path / "x.wav", np.zeros(16000))
    code, _, err = _run(capsys, "listen", str(wav), "--phh", str(phh), "--engine", "vosk")
    assert code == 2
    assert "no Vosk model for en-us" in err and "holdem models download" in err


def test_models_list_shows_pocketsphinx_and_the_auto_choice(capsys):
    code, got, _ = _run(capsys, "models", "list", "--json")
    assert code == 0
    engines = {m["engine"] for m in got["models"]}
    assert "pocketsphinx" in engines
    assert got["auto_engine"] in ("pocketsphinx", "whisper", "vosk")
    base = {"engine", "name", "lang", "path", "source", "grammar"}
    assert all(set(m) == (base | {"verified"} if m["engine"] == "whisper" else base)
               for m in got["models"])


def test_models_download_without_a_name_exits_2(capsys):
    code, _, err = _run(capsys, "models", "download")
    assert code == 2 and "vosk-model-small-en-us" in err


def test_models_download_of_a_bad_name_exits_2_with_one_line(capsys):
    code, _, err = _run(capsys, "models", "download", "../etc/passwd")
    assert code == 2 and err.count("\n") == 1 and "not a model name" in err
