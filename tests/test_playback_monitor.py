"""The echo canceller's reference from the sound server (voice/monitor.py, issue 25 §1).

A private PulseAudio server (the barge-in benchmark's: sinks ``game`` and ``room``,
``game`` the default) plays a tone into ``game``; the monitor the game's listener opens
(``@DEFAULT_MONITOR@`` through ``parec``) must record it, stamped in order.  Without a
server there is no monitor, and the listener keeps the game's own timeline.
"""

from __future__ import annotations

import shutil
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from voice.monitor import RATE, open_monitor

NEEDED = ("pulseaudio", "paplay", "pactl", "parec")
pytestmark = pytest.mark.skipif(any(shutil.which(t) is None for t in NEEDED),
                                reason=f"needs {', '.join(NEEDED)} (see .ci/run)")

TONE_HZ = 440.0
TONE_S = 0.5
TONE_PEAK = 8000  # about -12 dBFS
HEARD_PEAK = 2000  # the monitor must hear the tone well above silence
WAIT_S = 5.0
RECORDING_CHUNKS = 10  # the recording has begun: this many chunks in
SERVER_DELAY_S = 0.3  # paplay starting and the server's buffers, at most


def _tone(path: Path) -> None:
    t = np.arange(int(TONE_S * RATE)) / RATE
    pcm = (TONE_PEAK * np.sin(2 * np.pi * TONE_HZ * t)).astype(np.int16)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def test_the_monitor_records_what_the_game_sink_plays(tmp_path, monkeypatch):
    from benchmarks.voice.bargein_pulse import Server

    server = Server(tmp_path)
    for key in ("PULSE_SERVER", "XDG_RUNTIME_DIR", "HOME"):
        monkeypatch.setenv(key, server.env[key])
    mon = open_monitor()
    try:
        assert mon is not None
        _tone(tmp_path / "tone.wav")
        server.play("game", tmp_path / "tone.wav").wait()
        peak, stamps = 0, []
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end and peak < HEARD_PEAK:
            chunk = mon.read(0.1)
            if chunk is not None:
                peak = max(peak, int(np.abs(np.frombuffer(chunk, np.int16)).max()))
                stamps.append(mon.captured_at)
        assert peak >= HEARD_PEAK
        assert stamps == sorted(stamps)
    finally:
        if mon is not None:
            mon.close()
        server.stop()


def test_without_a_sound_server_there_is_no_monitor(tmp_path, monkeypatch):
    monkeypatch.setenv("PULSE_SERVER", f"unix:{tmp_path / 'nobody-here'}")
    assert open_monitor() is None


def test_the_barge_in_benchmark_finds_when_the_speakers_fell_silent(tmp_path):
    """``heard_ms`` is timed from what the game sink played, on a steady clock beside the
    microphone's: a line killed half way is last heard near the kill, not seconds off."""
    from benchmarks.voice.bargein_pulse import Server, Speakers

    server = Server(tmp_path)
    speakers = Speakers(server)
    try:
        t = np.arange(4 * RATE) / RATE
        pcm = (TONE_PEAK * np.sin(2 * np.pi * TONE_HZ * t)).astype(np.int16)
        with wave.open(str(tmp_path / "line.wav"), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(pcm.tobytes())
        time.sleep(0.5)
        quiet_from = time.monotonic()
        time.sleep(0.5)
        line = server.play("game", tmp_path / "line.wav")
        time.sleep(1.5)
        killed = time.monotonic()
        line.kill()
        line.wait()
        time.sleep(1.0)
        assert speakers.last_sound(quiet_from - 1.0, quiet_from) is None
        end = speakers.last_sound(killed - 1.0, killed + 0.8)
        assert end is not None
        assert -0.1 < end - killed < 0.3
    finally:
        speakers.close()
        server.stop()


def test_the_barge_in_benchmark_finds_a_command_in_the_microphone_recorded_beside_the_game(
        tmp_path):
    """With the window's listener in its own process, a command's onset is found in
    ``vmic`` recorded beside it: a burst played into the room is found there, after it
    was started and before the sound server could have delayed it by much."""
    from benchmarks.voice.bargein_pulse import Recording, Server
    from benchmarks.voice.pulse_marks import locate

    server = Server(tmp_path)
    mic = Recording(server, "vmic")
    try:
        burst = (np.random.default_rng(3).standard_normal(RATE // 2) * 4000).astype(np.int16)
        with wave.open(str(tmp_path / "said.wav"), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(np.concatenate([np.zeros(RATE // 5, np.int16), burst]).tobytes())
        deadline = time.monotonic() + WAIT_S
        while mic.mark() < RECORDING_CHUNKS and time.monotonic() < deadline:
            time.sleep(0.05)  # parec takes a second or two to start
        mark = mic.mark()
        started = time.monotonic()
        server.play("room", tmp_path / "said.wav").wait()
        time.sleep(0.5)
        rec, t = mic.since(mark)
        at = t[locate(rec, burst)]
        assert 0.2 < at - started < 0.2 + SERVER_DELAY_S
    finally:
        mic.close()
        server.stop()
