"""Bots' speech: real espeak-ng through pyttsx3, rendered to files and measured."""

from __future__ import annotations

import threading
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from bots.personalities import PERSONALITIES, Voice
from bots.speech import Rendered, SpeechWorker, Synthesizer

TEXT = "Nice hand. I will get you next time."


def samples(path: Path) -> np.ndarray:
    with wave.open(str(path), "rb") as w:
        return np.frombuffer(w.readframes(w.getnframes()), np.int16).astype(float)


def pitch_hz(x: np.ndarray, rate: int = 22050) -> float:
    """Median fundamental of voiced 40 ms frames by autocorrelation (60–400 Hz)."""
    f0 = []
    n = int(0.04 * rate)
    for i in range(0, len(x) - n, n):
        frame = x[i:i + n] - x[i:i + n].mean()
        if np.sqrt((frame ** 2).mean()) < 500:
            continue
        ac = np.correlate(frame, frame, "full")[n - 1:]
        lo, hi = rate // 400, rate // 60
        lag = lo + int(ac[lo:hi].argmax())
        if ac[lag] > 0.3 * ac[0]:
            f0.append(rate / lag)
    return float(np.median(f0)) if f0 else 0.0


@pytest.fixture(scope="module")
def renders(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("voices")
    synth = Synthesizer()
    paths = {}
    for key, p in PERSONALITIES.items():
        paths[key] = out / f"{key}.wav"
        synth.render(TEXT, p.voice, paths[key])
    return paths


@pytest.mark.parametrize("key", list(PERSONALITIES))
def test_each_voice_renders_audible_speech_to_a_file(renders, key):
    x = samples(renders[key])
    assert len(x) / 22050 > 0.8
    assert np.sqrt((x ** 2).mean()) > 300  # not silence
    assert np.abs(x).max() > 3000


def test_distinct_bots_sound_different(renders):
    feats = {}
    for key, path in renders.items():
        x = samples(path)
        feats[key] = (len(x) / 22050, pitch_hz(x))
    keys = list(feats)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            (da, pa), (db, pb) = feats[a], feats[b]
            differs = abs(da - db) / max(da, db) > 0.04 or abs(pa - pb) / max(pa, pb) > 0.04
            assert differs, f"{a} and {b} sound alike: {feats[a]} vs {feats[b]}"


def test_faster_rate_is_shorter_and_higher_pitch_is_higher(tmp_path):
    synth = Synthesizer()
    slow, fast = tmp_path / "slow.wav", tmp_path / "fast.wav"
    low, high = tmp_path / "low.wav", tmp_path / "high.wav"
    assert synth.render(TEXT, Voice("gmw/en-us", 130, 50), slow) > \
        synth.render(TEXT, Voice("gmw/en-us", 230, 50), fast) * 1.3
    synth.render(TEXT, Voice("gmw/en-us", 170, 15), low)
    synth.render(TEXT, Voice("gmw/en-us", 170, 85), high)
    assert pitch_hz(samples(high)) > pitch_hz(samples(low)) * 1.15


def test_every_line_has_its_audio_even_from_an_engine_made_after_another(tmp_path):
    """espeak-ng sometimes ended a message at once with no audio, on the second or third
    line of an engine made after another one in the same process: a bot said nothing.
    Each line is now synthesised again when its WAV comes out empty."""
    voices = [PERSONALITIES[k].voice for k in ("station", "maniac", "rock")]
    for run in range(20):
        (tmp_path / str(run)).mkdir()
        worker = SpeechWorker(out_dir=tmp_path / str(run)).start()
        try:
            for v in voices:
                assert worker.say("All in! Let's dance!", v)
            assert worker.wait_idle(30)
        finally:
            worker.stop()
        assert not worker.errors and len(worker.rendered) == len(voices)
        assert [round(r.seconds, 1) for r in worker.rendered if r.seconds <= 0.3] == [], run


def test_worker_never_blocks_the_caller_and_reports_event_to_audio_time(tmp_path):
    got: list[Rendered] = []
    done = threading.Event()

    def on_audio(r: Rendered) -> None:
        got.append(r)
        if len(got) == 3:
            done.set()

    worker = SpeechWorker(on_audio=on_audio, out_dir=tmp_path).start()
    try:
        voices = [PERSONALITIES[k].voice for k in ("station", "maniac", "rock")]
        t0 = time.perf_counter()
        for v in voices:
            assert worker.say("All in! Let's dance!", v)
        enqueue_ms = (time.perf_counter() - t0) * 1000
        assert enqueue_ms < 20, f"say() took {enqueue_ms:.1f} ms"
        assert done.wait(20)
    finally:
        worker.stop()
    assert [r.utterance.voice for r in got] == voices
    assert all(r.seconds > 0.3 and r.path.exists() for r in got)
    assert got[0].latency_ms < 3000  # event to start of audio, first line (measured in bench)


def test_speech_failure_is_reported_and_the_worker_goes_on(tmp_path):
    errors, audio = [], []
    worker = SpeechWorker(on_audio=audio.append, on_error=lambda u, e: errors.append(e),
                          out_dir=tmp_path).start()
    try:
        worker.say("hello", Voice("no/such-voice-xx", 170, 50))
        worker.say("still talking", PERSONALITIES["tag"].voice)
        assert worker.wait_idle(20)
    finally:
        worker.stop()
    assert errors and "no/such-voice-xx" in str(errors[0])
    assert len(audio) == 1 and audio[0].utterance.text == "still talking"


def test_voices_off_setting_renders_nothing(tmp_path):
    audio = []
    worker = SpeechWorker(on_audio=audio.append, out_dir=tmp_path, enabled=False)
    assert worker.say("quiet please", PERSONALITIES["tag"].voice) is False
    worker.stop()
    assert audio == [] and not list(tmp_path.iterdir())


def test_stale_lines_are_dropped_not_spoken_late(tmp_path):
    audio = []
    worker = SpeechWorker(on_audio=audio.append, out_dir=tmp_path, max_age=2.0).start()
    try:
        worker.say("about an old hand", PERSONALITIES["tag"].voice,
                   event_at=time.monotonic() - 10)
        assert worker.wait_idle(10)
    finally:
        worker.stop()
    assert audio == [] and worker.dropped == 1


def test_a_broken_player_callback_does_not_kill_the_worker(tmp_path):
    calls = []

    def player(r: Rendered) -> None:
        calls.append(r)
        raise RuntimeError("no audio device")

    worker = SpeechWorker(on_audio=player, out_dir=tmp_path).start()
    try:
        worker.say("one", PERSONALITIES["tag"].voice)
        worker.say("two", PERSONALITIES["rock"].voice)
        assert worker.wait_idle(20)
    finally:
        worker.stop()
    assert len(calls) == 2 and len(worker.errors) == 2


def test_short_lines_are_not_empty_and_nothing_leaks_into_the_next_file(tmp_path):
    """pyttsx3 2.99's espeak driver wrote the WAV before the last samples arrived: a short
    line came out empty and its tail landed in the next file.  The patched callback fixes
    both, so a line renders to the same length whatever was said before it."""
    synth = Synthesizer()
    voice = PERSONALITIES["rock"].voice
    alone = synth.render("Fold.", voice, tmp_path / "alone.wav")
    synth.render("A much longer line that leaves a long tail behind it.", voice,
                 tmp_path / "long.wav")
    after = synth.render("Fold.", voice, tmp_path / "after.wav")
    assert alone > 0.2
    assert abs(after - alone) < 0.15  # the old leak added up to a 1 s buffer
