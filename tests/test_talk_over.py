"""Talking over the bots (issue 25): echo cancellation and barge-in, fast and in-process.

A bot's line is rendered as the game renders it (pyttsx3 / espeak-ng), played through a
sox room (delay and reverberation), and given to the listener as a microphone would give
it — chunks, each stamped with when it was captured — while the listener is told
what the game played and when (``Listener.play``), exactly as the window does.  The player's
command is espeak-ng at the same loudness as the bot in the room.  The real sound server
path is benchmarks/voice/bargein.py's ``pulse`` run.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from benchmarks.voice.bargein_rooms import StampedSource
from voice.echo import PREFERENCE, RATE, Reference, erle_db, open_canceller
from voice.listener import Heard, SpeechBegan, TalkingOver
from voice.wavio import read_samples16k

pytestmark = pytest.mark.skipif(
    any(shutil.which(t) is None for t in ("espeak-ng", "sox")),
    reason="needs espeak-ng and sox to speak and to make the room")

LINE = "Well, would you look at that. I just kept calling. Pays to see the river, friends."


#: Renders a line in the station bot's voice, as the game does, to a WAV (argv 1, 2).
_RENDER = """
import sys
from pathlib import Path
from bots.personalities import PERSONALITIES
from bots.speech import Synthesizer
Synthesizer().render(sys.argv[1], PERSONALITIES["station"].voice, Path(sys.argv[2]))
"""


@pytest.fixture(scope="module")
def bot_line(tmp_path_factory) -> np.ndarray:
    """The bot's line, rendered as the game renders it — in a process of its own, so that it
    is the same line every run.  Within one process espeak-ng says a line a little
    differently each time (this voice's variant draws on a random generator that runs on),
    so the line would depend on how many lines earlier tests rendered; and over ten such
    renders the voice detector began before the cue in five (it still told the game within
    97-137 ms: benchmarks/voice/RESULTS.md, session 28)."""
    path = tmp_path_factory.mktemp("line") / "line.wav"
    subprocess.run([sys.executable, "-c", _RENDER, LINE, str(path)], check=True, timeout=120,
                   cwd=Path(__file__).resolve().parents[1])
    return read_samples16k(path)


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def _command(text: str) -> np.ndarray:
    from benchmarks.voice.synth import speak

    return speak(text, "en-us", 150)


def _listen(near: np.ndarray, far: np.ndarray, t0: float, asked_late_s: float = 0.0,
            monitor: np.ndarray | None = None, keep: list | None = None) -> list:
    """What the listener reports of ``near``, the game having asked for ``far`` at
    ``t0 + 1 s`` (told ``asked_late_s`` later than that); ``monitor``: what the speakers
    played from ``t0``, recorded (the sound server's monitor), as the reference.
    ``keep`` gets the listener."""
    from voice.listener import Listener
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    mic = StampedSource(near, t0)
    played = (lambda: StampedSource(monitor, t0)) if monitor is not None else None
    lst = Listener(PocketSphinxRecognizer, source=mic, canceller=open_canceller,
                   monitor=played)
    lst.play(far, at=t0 + 1.0 + asked_late_s)
    if keep is not None:
        keep.append(lst)
    lst.start()
    events: list = []
    end = time.monotonic() + 40
    while time.monotonic() < end and not (mic.done and not lst._in_utterance):
        events += lst.poll()
        time.sleep(0.01)
    time.sleep(0.3)
    events += lst.poll()
    lst.stop()
    assert lst.canceller is not None and lst.canceller.name == PREFERENCE[0]
    return [e for e in events
            if isinstance(e, Heard | SpeechBegan | TalkingOver)]


def test_the_canceller_takes_the_bot_out_of_the_room(bot_line):
    from benchmarks.voice.bargein import room

    aec = open_canceller()
    assert aec is not None
    far = np.concatenate([bot_line, bot_line])
    near = room(far, delay_ms=120, reverb=50, gain_db=-6, noise_dbfs=-60)
    n = len(far) // 1600 * 1600
    out = np.concatenate([aec.process(near[i:i + 1600], far[i:i + 1600])
                          for i in range(0, n, 1600)])
    second = slice(len(bot_line), n)  # once it has heard one line
    assert erle_db(near[second], out[second]) > 20


def _barge_in(bot_line: np.ndarray) -> tuple[list, float, float]:
    """The bot's two lines alone, then with the player saying a command 1.5 s into the
    second: (events of the second, when the command began, t0)."""
    from benchmarks.voice.bargein import room

    lead = np.zeros(RATE, np.int16)  # a second of room before the game speaks
    far = np.concatenate([bot_line, bot_line])
    echo = room(np.concatenate([lead, far, np.zeros(RATE // 2, np.int16)]), delay_ms=120,
                reverb=50, gain_db=-6, noise_dbfs=-60)
    t0 = 1000.0
    # the bot alone: nothing is heard, nothing begins
    alone = _listen(echo, far, t0)
    assert [type(e).__name__ for e in alone] == []
    # the player says a command 1.5 s into the second line, as loud as the bot; the game
    # stops the line 150 ms later (barge-in), and the reference with it
    cmd = _command("raise to two hundred").astype(np.float64)
    cmd *= _rms(echo[RATE:RATE + len(far)]) / _rms(cmd[np.abs(cmd) > 300])
    onset = len(bot_line) + int(1.5 * RATE)  # in the line's stream
    cut = far.copy()
    cut[onset + int(0.15 * RATE):] = 0
    near = room(np.concatenate([lead, cut, np.zeros(RATE * 2, np.int16)]), delay_ms=120,
                reverb=50, gain_db=-6, noise_dbfs=-60).astype(np.float64)
    at = RATE + onset
    near[at:at + len(cmd)] += cmd
    near = np.clip(near, -32768, 32767).astype(np.int16)
    return _listen(near, cut, t0), t0 + at / RATE, t0


@pytest.fixture(scope="module")
def barge_in(bot_line):
    """One run of :func:`_barge_in` for the tests that read it."""
    return _barge_in(bot_line)


def test_the_bot_alone_is_not_heard_and_the_player_over_it_begins_an_utterance(barge_in):
    events, _, _ = barge_in
    began = [e for e in events if isinstance(e, SpeechBegan)]
    heard = [e for e in events if isinstance(e, Heard)]
    assert began and began[0].over_playback
    assert len(heard) == 1


@pytest.mark.xfail(strict=False, reason="one clip, and over a line about one command in "
                   "twenty-five is missed (96.3 % against 98.5 % in silence, "
                   "benchmarks/voice/RESULTS.md, talking over the bots, session 35); this "
                   "clip was '[unk]' in one full-suite run of four at 52-66 %")
def test_the_player_over_the_bot_is_heard_as_said(barge_in):
    from voice.parser import parse

    events, _, _ = barge_in
    heard = [e for e in events if isinstance(e, Heard)]
    assert [parse(h.text) for h in heard] == [parse("raise to two hundred")]


def test_the_game_is_told_within_150_ms_that_the_player_talks_over_it(barge_in):
    events, said_at, _ = barge_in
    told = [e for e in events if type(e).__name__ in ("SpeechBegan", "TalkingOver")]
    assert told and told[0].at - said_at < 0.15


def test_the_line_is_stopped_before_the_detector_decides_the_player_began(barge_in):
    """The recognizer's canceller lets the player's first sounds through where the
    detector's takes them out with the echo: the game is told to stop its line from that
    (once), and the utterance begins as ever."""
    events, said_at, _ = barge_in
    cues = [e for e in events if type(e).__name__ == "TalkingOver"]
    began = [e for e in events if isinstance(e, SpeechBegan)]
    assert len(cues) == 1 and began
    assert said_at <= cues[0].at <= began[0].at


def test_speakers_turned_up_are_learned_again_and_nothing_is_heard(bot_line):
    """The band detector (voice/doubletalk.py) learned the room; the speakers go up 6 dB
    from the second line: the louder line is taken for the player, and with no utterance
    after it the detector learns the room again and the cancellers' leftovers are gated
    again — no line after is stopped for it, and nothing is heard."""
    from benchmarks.voice.bargein import room

    lead = np.zeros(RATE, np.int16)
    far = np.concatenate([bot_line] * 4)
    played = np.concatenate([lead, far, np.zeros(RATE // 2, np.int16)])
    before, after = (room(played, delay_ms=120, reverb=50, gain_db=gain, noise_dbfs=-60)
                     for gain in (-6, 0))
    louder = RATE + len(bot_line)
    keep: list = []
    events = _listen(np.concatenate([before[:louder], after[louder:]]), far, 1000.0,
                     keep=keep)
    assert [type(e).__name__ for e in events if type(e).__name__ != "TalkingOver"] == []
    cues = [e.at - 1001.0 for e in events if type(e).__name__ == "TalkingOver"]
    assert cues and keep[0].doubletalk_relearned >= 1
    assert all(at < 2 * len(bot_line) / RATE for at in cues)  # the second line's only


def test_a_cut_line_is_said_again_only_when_it_is_the_players_cards_or_turn():
    from game.ui.talk import Line, Priority, TableVoice

    class Channel:
        busy = True

        def get_busy(self):
            return self.busy

        def stop(self):
            self.busy = False

    class Rendered:
        def __init__(self, line):
            self.utterance = type("U", (), {"tag": line})()
            self.path = Path("x.wav")

    tv = TableVoice(narration=True, bot_voices=True, chat_level=2, cast={}, seed=1,
                    speech=False)
    for text, repeat, again in (("Rocco raises to 120.", False, 0),
                                ("Your turn: 40 to call, the pot is 150.", True, 1)):
        tv._channel = Channel()
        tv._current = Rendered(Line(text, None, Priority.URGENT, repeat=repeat))
        tv._ready.clear()
        assert tv.barge_in()
        assert not tv._channel.busy
        assert len(tv._ready) == again
    assert not tv.barge_in()  # nothing playing: nothing to stop


def test_no_line_starts_after_a_barge_in_until_the_scene_lets_it(tmp_path, monkeypatch):
    """The listener's thread stops the line; the frame's pump must not start the next one
    over the player before the scene has heard of it (it holds lines on its own then)."""
    import wave

    from bots.personalities import Voice
    from bots.speech import Rendered, Utterance
    from game.ui.sound import start_mixer
    from game.ui.talk import Line, Priority, TableVoice

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    if not start_mixer():
        pytest.skip("no mixer")
    path = tmp_path / "line.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1), w.setsampwidth(2), w.setframerate(22050)
        w.writeframes(np.zeros(22050, dtype=np.int16).tobytes())
    tv = TableVoice(narration=True, bot_voices=True, chat_level=2, cast={}, seed=1,
                    speech=False)
    line = Line("Rocco raises to 120.", Voice("gmw/en-us", 175, 50), Priority.NORMAL)
    tv._ready.append(Rendered(Utterance(line.text, line.voice, 0.0, line), path, 1.0, 0.0, 0.0))
    try:
        assert not tv.barge_in()  # nothing playing yet: nothing stopped, but lines wait
        tv.pump()
        assert not tv.speaking and len(tv._ready) == 1
        tv.hold = False  # the scene: the player has finished
        tv.pump()
        assert tv._playing and not tv._ready
    finally:
        tv.farewell()


def test_what_the_speakers_played_is_the_reference_not_when_the_game_asked(bot_line):
    """Through a sound server a line sounds earlier or later than the game asked for it
    (buffers, bursts of rendering).  Told the line 200 ms late, the canceller's reference
    comes after the echo and it never learns the room (here it takes 3 dB out of the
    line, where the listener needs 18 before it trusts it); the sink's monitor — what was
    really played, as it played — is a reference it learns the room from (30 dB), and the
    bot alone is not heard."""
    from benchmarks.voice.bargein import room

    lead, tail = np.zeros(RATE, np.int16), np.zeros(RATE // 2, np.int16)
    played = np.concatenate([lead, bot_line, bot_line, tail])
    echo = room(played, delay_ms=120, reverb=50, gain_db=-6, noise_dbfs=-60)
    far = np.concatenate([bot_line, bot_line])
    t0 = 1000.0
    late: list = []
    _listen(echo, far, t0, asked_late_s=0.2, keep=late)
    assert not late[0].echo_learned
    monitored: list = []
    assert _listen(echo, far, t0, asked_late_s=0.2, monitor=played, keep=monitored) == []
    assert monitored[0].echo_learned


def test_reference_cut_stops_the_reference():
    ref = Reference()
    ref.play(np.full(RATE, 1000, np.int16), at=5.0)
    ref.cut(5.25)
    assert ref.playing(5.2) and not ref.playing(5.3)
    assert int(ref.window(5.5, 8000).max()) == 1000  # 5.0..5.25 of it
    assert int(ref.window(5.5, 8000)[4000:].max()) == 0


def test_the_recognizer_hears_the_players_first_sounds_the_detector_was_spared():
    """While the game speaks, frames that look like its echo are silenced for the voice
    detector, and under a loud line that takes the player's first sounds too; the
    recognizer gets the same stretch as the canceller left it, not silenced."""
    from voice.listener import Listener
    from voice.vad import SpeechEnded, SpeechFrame, SpeechStarted

    lst = Listener(lambda: None, source=StampedSource(np.zeros(0, np.int16), 0.0))  # type: ignore[arg-type,return-value]
    clean = bytes(range(20))  # what the canceller left: 20 bytes, 2 not yet judged
    silenced = [SpeechStarted(bytes(8)), SpeechFrame(bytes(4)), SpeechEnded(bytes(12))]
    out = lst._ungated(silenced, clean, pending=2, over=False)
    assert out == [SpeechStarted(clean[6:14]), SpeechFrame(clean[14:18]), SpeechEnded(bytes(12))]


def test_the_recognizer_is_told_whether_each_utterance_began_over_the_line():
    """What the canceller left of the line may be in an utterance begun over it: the
    listener tells the recognizer so at the start, before it hears any of it."""
    from voice.listener import Listener
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    from voice.vad import SpeechEnded, SpeechStarted

    told: list[tuple[str, bool | int]] = []

    class Told(PocketSphinxRecognizer):
        def expect_over_line(self, over: bool) -> None:
            told.append(("over", over))

        def accept(self, chunk: bytes) -> None:
            told.append(("heard", len(chunk)))
            super().accept(chunk)

    lst = Listener(Told, source=StampedSource(np.zeros(0, np.int16), 0.0))
    lst.recognizer = Told()
    for over in (True, False):
        lst._handle([SpeechStarted(bytes(3200)), SpeechEnded(b"")], 1.0, over_playback=over)
    assert told == [("over", True), ("heard", 3200), ("over", False), ("heard", 3200)]


class StoppedMonitor(StampedSource):
    """A playback monitor that records its first second, then nothing (a sink that
    stopped delivering): each read after waits its whole timeout, as a real queue would."""

    def read(self, timeout: float = 0.1) -> bytes | None:
        if self._pos < RATE:
            return super().read(timeout)
        time.sleep(timeout)
        return None


def test_a_monitor_that_stopped_recording_is_not_waited_for(bot_line):
    """The listener waits for the monitor to reach each microphone chunk; a monitor that
    has stopped delivering must not hold every chunk up (4.5 s of room would then take
    over a minute): the game's timeline is the reference meanwhile, and the bot alone is
    still not heard."""
    from benchmarks.voice.bargein import room
    from voice.listener import Listener
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    far = np.concatenate([bot_line, bot_line])
    echo = room(np.concatenate([np.zeros(RATE, np.int16), far, np.zeros(RATE // 2, np.int16)]),
                delay_ms=120, reverb=50, gain_db=-6, noise_dbfs=-60)
    t0 = 1000.0
    mic = StampedSource(echo, t0)
    lst = Listener(PocketSphinxRecognizer, source=mic, canceller=open_canceller,
                   monitor=lambda: StoppedMonitor(np.zeros(len(echo), np.int16), t0))
    lst.play(far, at=t0 + 1.0)
    started = time.monotonic()
    lst.start()
    events: list = []
    while time.monotonic() - started < 30 and not mic.done:
        events += lst.poll()
        time.sleep(0.01)
    took = time.monotonic() - started
    time.sleep(0.3)
    events += lst.poll()
    lst.stop()
    assert mic.done and took < len(echo) / RATE
    assert [e for e in events if isinstance(e, Heard | SpeechBegan)] == []


def test_over_the_game_only_what_a_canceller_seen_cancelling_leaves_is_listened_to():
    """Through PulseAudio the canceller lets much of a line's first 300 ms through, at
    most 10 dB down, and the echo gates (a frame it took > 12 dB out of, or 15 dB under the last
    half second's loudest) pass that: the detector heard the bot and the game stopped its
    own line (benchmarks/voice/RESULTS.md).  So until the canceller has been seen taking
    the line out — the loud frames from 1 s to 0.2 s before — nothing reaches the
    detector, however long ago the room was learned; after, the gates decide again."""
    from voice.listener import Listener

    class Canceller:
        name = "fake"
        db = 0.0  # what it takes out

        def process(self, near, far):
            return (near * 10 ** (-self.db / 20)).astype(np.int16)

    lst = Listener(lambda: None, source=StampedSource(np.zeros(0, np.int16), 0.0))  # type: ignore[arg-type,return-value]
    aec = lst.canceller = Canceller()  # type: ignore[assignment]
    lst._taken.extend([40.0] * 200)  # the room was learned on earlier lines
    assert lst.echo_learned
    line = (8000 * np.sin(np.arange(3 * RATE) / 3)).astype(np.int16)
    lst.play(line, at=10.0)

    def heard(i: int) -> bool:  # the detector's share of the i-th 20 ms of the line
        out, _, over = lst._cancel(line[320 * i:320 * (i + 1)].tobytes(), 10.0 + 0.02 * (i + 1))
        assert over
        return any(out)

    assert not any(heard(i) for i in range(15))  # 300 ms let through whole: not heard
    assert not lst.cancelling
    aec.db = 30.0
    assert not any(heard(i) for i in range(15, 60))  # 900 ms cancelled (the gates' share)
    assert lst.cancelling
    aec.db = 3.0  # 3 dB taken: the gates let it by (as the player's voice over the line)
    assert heard(60)


@pytest.mark.parametrize("required", [True, False])
def test_without_a_monitor_of_its_own_voice_the_game_talks_over_nothing(required):
    """The timeline of what the game asked to play acted on its own voice 22 times in 5
    minutes, the speakers' monitor 0-3 times: told it needs the monitor and given none, the
    listener drops its canceller and is muted while the game speaks."""
    from voice.listener import Listener
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    mic = StampedSource(np.zeros(RATE // 2, dtype=np.int16), time.monotonic())
    lst = Listener(PocketSphinxRecognizer, source=mic, canceller=open_canceller,
                   monitor=lambda: None, monitor_required=required)
    lst.start()
    end = time.monotonic() + 30
    while not mic.done and time.monotonic() < end:
        time.sleep(0.02)
    lst.stop()
    assert mic.done
    assert (lst.canceller is None) == required
