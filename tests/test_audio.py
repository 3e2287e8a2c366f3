"""Microphone capture, voice-activity detection, push-to-talk, level meter, WAV input.

Speech here is real synthesized speech (espeak-ng) with a noise floor, never a tone
pretending to be a voice; the microphone itself is exercised for real in
test_microphone_e2e.py (PulseAudio virtual source).
"""

from __future__ import annotations

import io
import shutil
import wave

import numpy as np
import pytest

from benchmarks.voice.synth import mix, speak, write_wav
from voice.audio import Microphone, MicState
from voice.listener import Heard, Listener, ListenerReady, SpeechBegan, WavSource
from voice.vad import EnergyVad, PushToTalk, SpeechEnded, SpeechStarted, level
from voice.wavio import WavError, read_pcm16k

espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")


def _speech(text: str, voice: str = "en-gb", snr_db: float = 40.0) -> np.ndarray:
    return mix(speak(text, voice, 160), snr_db, seed=3)


def _noise(seconds: float, rms: float = 30.0) -> np.ndarray:
    return np.round(np.random.default_rng(1).normal(0, rms, int(16000 * seconds))).astype(
        np.int16)


@espeak
def test_vad_finds_one_utterance_per_spoken_phrase_with_silence_between():
    audio = np.concatenate([_noise(0.5), _speech("raise to two hundred"), _noise(0.8),
                            _speech("call it"), _noise(0.8)])
    vad = EnergyVad()
    events = []
    for i in range(0, audio.size, 1600):
        events += vad.feed(audio[i:i + 1600].tobytes())
    ended = [e for e in events if isinstance(e, SpeechEnded)]
    assert len([e for e in events if isinstance(e, SpeechStarted)]) == 2
    assert len(ended) == 2
    assert all(not e.cut for e in ended)
    assert 1.0 < len(ended[0].pcm) / 32000 < 2.6


def test_vad_stays_quiet_on_room_noise_alone():
    vad = EnergyVad()
    events = vad.feed(_noise(3.0, rms=200).tobytes())
    assert events == []


def test_vad_is_calibrated_only_once_it_has_learned_the_room():
    vad = EnergyVad()
    vad.feed(_noise(0.2).tobytes())
    assert not vad.calibrated
    vad.feed(_noise(0.2).tobytes())
    assert vad.calibrated


def test_vad_ends_speech_only_after_the_hangover():
    vad = EnergyVad(hangover_ms=300)
    loud = np.round(np.random.default_rng(2).normal(0, 4000, 8000)).astype(np.int16)
    vad.feed(_noise(0.5).tobytes())
    vad.feed(loud.tobytes())
    assert not any(isinstance(e, SpeechEnded) for e in vad.feed(_noise(0.2).tobytes()))
    assert any(isinstance(e, SpeechEnded) for e in vad.feed(_noise(0.2).tobytes()))


def test_vad_cuts_an_utterance_that_never_ends():
    vad = EnergyVad(max_utterance_ms=1000)
    vad.feed(_noise(0.5).tobytes())
    loud = np.round(np.random.default_rng(2).normal(0, 4000, 48000)).astype(np.int16)
    ended = [e for e in vad.feed(loud.tobytes()) if isinstance(e, SpeechEnded)]
    assert ended and ended[0].cut


def test_push_to_talk_keeps_exactly_what_was_said_while_the_key_was_held():
    ptt = PushToTalk()
    assert ptt.feed(b"\x01\x00" * 100) == []  # key up: ignored
    ptt.press()
    ptt.feed(b"\x02\x00" * 100)
    ptt.feed(b"\x03\x00" * 100)
    (ended,) = ptt.release()
    assert ended.pcm == b"\x02\x00" * 100 + b"\x03\x00" * 100


def test_level_meter_is_zero_for_silence_and_rises_with_loudness():
    quiet, loud = _noise(0.1, 10).tobytes(), _noise(0.1, 3000).tobytes()
    assert level(b"\x00\x00" * 1600) == 0.0
    assert 0.0 <= level(quiet) < level(loud) <= 1.0


def test_no_microphone_is_a_status_with_a_notice_not_an_exception():
    seen = []
    mic = Microphone(device="no such microphone", retry_s=5.0, on_status=seen.append)
    status = mic.open()
    assert status.state in (MicState.NO_DEVICE, MicState.NO_LIBRARY)
    assert "mouse and keyboard" in status.message
    assert seen == [status]


def test_microphone_retries_only_when_the_retry_time_has_come():
    mic = Microphone(device="no such microphone", retry_s=5.0)
    mic.open()
    first = mic.ensure(now=100.0)
    assert mic.ensure(now=101.0) is first  # not due yet: no reopen, same status object
    assert mic.ensure(now=106.0).state is first.state


def _wav_bytes(rate: int, channels: int, seconds: float = 0.5, width: int = 2) -> io.BytesIO:
    buf = io.BytesIO()
    t = np.arange(int(rate * seconds)) / rate
    x = (8000 * np.sin(2 * np.pi * 440 * t)).astype(np.int16)
    frames = np.repeat(x, channels) if channels == 2 else x
    with wave.open(buf, "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(frames.astype("<i2").tobytes())
    buf.seek(0)
    return buf


@pytest.mark.parametrize("rate,channels", [(8000, 1), (44100, 2), (48000, 1), (22050, 2)])
def test_wav_input_is_converted_to_16k_mono(rate, channels):
    pcm = read_pcm16k(_wav_bytes(rate, channels))
    assert abs(len(pcm) // 2 - 8000) <= 2
    assert 0.3 < level(pcm) <= 1.0


def test_wav_outside_8_to_48_khz_is_refused_naming_the_rate():
    with pytest.raises(WavError, match="96000 Hz"):
        read_pcm16k(_wav_bytes(96000, 1))


def test_missing_or_non_wav_file_is_a_one_line_error(tmp_path):
    with pytest.raises(WavError, match="no such file"):
        read_pcm16k(tmp_path / "missing.wav")
    junk = tmp_path / "junk.wav"
    junk.write_text("not audio")
    with pytest.raises(WavError, match="not a PCM WAV"):
        read_pcm16k(junk)


@espeak
def test_listener_thread_turns_a_recorded_phrase_into_heard_text(tmp_path):
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    path = tmp_path / "phrase.wav"
    audio = np.concatenate([_noise(0.4), _speech("raise to two hundred"), _noise(0.6)])
    write_wav(path, audio)
    listener = Listener(PocketSphinxRecognizer, source=WavSource(path)).start()
    events = []
    try:
        for _ in range(300):
            events += listener.poll()
            if any(isinstance(e, Heard) for e in events):
                break
            listener._stop.wait(0.05)
    finally:
        listener.stop()
    heard = [e for e in events if isinstance(e, Heard)]
    assert any(isinstance(e, SpeechBegan) for e in events)
    assert [h.text for h in heard] == ["raise to two hundred"]
    assert heard[0].engine == "pocketsphinx" and heard[0].decode_ms < 2000


@espeak
def test_muted_listener_hears_nothing_the_game_says(tmp_path):
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    path = tmp_path / "bot.wav"
    audio = np.concatenate([_noise(0.4), _speech("all in"), _noise(0.6)])
    write_wav(path, audio)
    listener = Listener(PocketSphinxRecognizer, source=WavSource(path))
    listener.mute()
    listener.start()
    try:
        events = _until_stopped(listener)
    finally:
        listener.stop()
    assert not any(isinstance(e, (Heard, SpeechBegan)) for e in events)


def _until_stopped(listener: Listener) -> list:
    """Everything ``listener`` reports until its WAV has run out and its recognizer is
    loaded (at most 10 s)."""
    events = []
    for _ in range(200):
        events += listener.poll()
        if listener.source.status.state is MicState.STOPPED and listener.recognizer is not None:
            break
        listener._stop.wait(0.05)
    return events + listener.poll()


@pytest.mark.parametrize("muted", [True, False])
def test_the_listener_is_ready_only_once_it_has_learned_the_room_unmuted(tmp_path, muted):
    """A player who speaks while the detector is still learning the room is not heard (its
    speech is taken for the noise floor), so the game waits for ``ready``: room audio
    heard while muted — the game speaking — does not count."""
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    path = tmp_path / "room.wav"
    write_wav(path, _noise(1.0))
    listener = Listener(PocketSphinxRecognizer, source=WavSource(path))
    assert not listener.ready
    if muted:
        listener.mute()
    listener.start()
    try:
        events = _until_stopped(listener)
        assert listener.recognizer is not None
        assert listener.ready is not muted
        # and says so once, for the screen, which shows "starting" until then
        assert sum(isinstance(e, ListenerReady) for e in events) == (0 if muted else 1)
    finally:
        listener.stop()


class _Backlog:
    """An audio source whose chunks wait until :meth:`release`, then come all at once,
    each stamped with when it was captured — what a listener that fell behind reads."""

    def __init__(self) -> None:
        import threading

        from voice.audio import MicStatus

        self.status = MicStatus(MicState.LISTENING, "backlog")
        self.captured_at: float | None = None
        self._chunks: list[tuple[bytes, float]] = []
        self._lock = threading.Lock()

    def release(self, audio: np.ndarray, first_captured_at: float) -> None:
        with self._lock:
            for k, i in enumerate(range(0, audio.size, 1600)):
                self._chunks.append((audio[i:i + 1600].tobytes(), first_captured_at + 0.1 * k))

    @property
    def empty(self) -> bool:
        with self._lock:
            return not self._chunks

    def ensure(self, now=None):
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        with self._lock:
            if self._chunks:
                chunk, self.captured_at = self._chunks.pop(0)
                return chunk
        import time

        time.sleep(min(timeout, 0.01))
        return None

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass


def _events_until_read(listener: Listener, source: _Backlog, seconds: float = 15.0) -> list:
    import time

    events: list = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        events += listener.poll()
        if any(isinstance(e, Heard) for e in events):
            break
        if source.empty:
            time.sleep(0.3)  # the last chunks decoded and the end of speech noticed
            events += listener.poll()
            break
        time.sleep(0.02)
    return events


def _ready_listener(source: _Backlog) -> Listener:
    import time

    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    listener = Listener(PocketSphinxRecognizer, source=source).start()
    deadline = time.monotonic() + 30
    while listener.recognizer is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert listener.recognizer is not None
    return listener


@espeak
def test_an_answer_said_as_the_game_stops_speaking_is_heard_though_read_late():
    """The player says a command right after the echo tail; the listener, busy, reads it all
    at once still inside the tail by its own clock.  It was captured after: it is heard."""
    import time

    source = _Backlog()
    listener = _ready_listener(source)
    try:
        listener.mute()
        listener.unmute()
        said = time.monotonic() + listener.echo_tail_s + 0.05
        source.release(np.concatenate([_noise(0.4), _speech("raise to two hundred"),
                                       _noise(0.8)]), said)
        events = _events_until_read(listener, source)
    finally:
        listener.stop()
    assert [e.text for e in events if isinstance(e, Heard)] == ["raise to two hundred"]


@espeak
def test_what_was_recorded_while_the_game_spoke_is_not_heard_when_read_after_it_stopped():
    """A listener that fell behind reads the game's own "all in" only after the game has
    stopped speaking and the tail has passed; it was captured while muted: thrown away."""
    import time

    source = _Backlog()
    listener = _ready_listener(source)
    try:
        listener.mute()
        spoke = time.monotonic()
        time.sleep(0.1)
        listener.unmute()
        time.sleep(listener.echo_tail_s + 0.2)
        source.release(np.concatenate([_noise(0.2), _speech("all in"), _noise(0.8)]),
                       spoke - 2.0)
        events = _events_until_read(listener, source)
    finally:
        listener.stop()
    assert not any(isinstance(e, (Heard, SpeechBegan)) for e in events)
