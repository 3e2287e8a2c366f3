"""The double-talk detector (voice/doubletalk.py): the player over the game's line, judged
band by band on the microphone against what the speakers play.

A bot's line is espeak-ng, through a sox room (delay, reverberation, the speakers' gain, a
noise floor) as the microphone hears it; the player's command is another espeak-ng voice,
as loud as the line in the room.  The detector is fed both in the listener's chunks, as the
double-talk benchmark feeds it.
"""

from __future__ import annotations

import shutil

import numpy as np
import pytest

from benchmarks.voice.doubletalk import fired as _fired
from voice.audio import RATE

pytestmark = pytest.mark.skipif(
    any(shutil.which(t) is None for t in ("espeak-ng", "sox")),
    reason="needs espeak-ng and sox to speak and to make the room")

LINE = ("I have been folding all night, so this time I am going to take a stand. "
        "Nice try, but you will have to do better than that to push me off a hand.")
#: a dry room and a ringing one: delay (ms), reverberance (sox, %), gain (dB), noise (dBFS)
DRY = (60, 10, -6.0, -66.0)
RINGING = (150, 80, -3.0, -50.0)
#: the command begins this far into the line (past the detector's learning)
COMMAND_AT_S = 4.0


@pytest.fixture(scope="module")
def line() -> np.ndarray:
    from benchmarks.voice.synth import speak

    lead = np.zeros(RATE // 2, np.int16)
    return np.concatenate([lead, speak(LINE, "en-us+m3", 160), np.zeros(RATE, np.int16)])


def _room(pcm: np.ndarray, room: tuple[int, int, float, float]) -> np.ndarray:
    from benchmarks.voice.bargein import room as sox_room

    return sox_room(pcm, *room)


def _over(line: np.ndarray, room: tuple[int, int, float, float]) -> tuple[np.ndarray, int]:
    """The microphone with the player saying a command over the line, and the 10 ms frame
    the command's sound begins on."""
    from benchmarks.voice.synth import speak

    echo = _room(line, room).astype(np.float64)
    cmd = speak("raise to two hundred", "en-us", 150).astype(np.float64)
    loud = echo[np.abs(echo) > 300]
    cmd *= np.sqrt(np.mean(loud ** 2)) / np.sqrt(np.mean(cmd[np.abs(cmd) > 300] ** 2))
    at = int(COMMAND_AT_S * RATE)
    echo[at:at + len(cmd)] += cmd
    onset = at + int(np.argmax(np.abs(cmd) > 300))
    return np.clip(echo, -32768, 32767).astype(np.int16), onset // 160


@pytest.mark.parametrize("room", [DRY, RINGING], ids=["dry", "ringing"])
def test_the_line_alone_is_not_double_talk(line, room):
    assert not _fired(_room(line, room), line).any()


@pytest.mark.parametrize("room", [DRY, RINGING], ids=["dry", "ringing"])
def test_the_player_over_the_line_is_double_talk_within_150_ms(line, room):
    near, onset = _over(line, room)
    fired = np.flatnonzero(_fired(near, line))
    assert fired.size and fired[0] >= onset
    assert (fired[0] - onset + 1) * 10 <= 150


def test_nothing_is_judged_before_the_line_has_taught_the_room(line):
    """Each band's usual share of the line is learned from its loud frames first: a voice
    in the line's first second is left to the listener's other cues."""
    from benchmarks.voice.synth import speak

    echo = _room(line, DRY).astype(np.float64)
    cmd = speak("call", "en-us", 150).astype(np.float64) * 3
    at = RATE  # half a second into the speech
    echo[at:at + len(cmd)] += cmd
    near = np.clip(echo, -32768, 32767).astype(np.int16)
    assert not _fired(near[:2 * RATE], line[:2 * RATE]).any()


def test_sound_after_the_line_has_ended_is_not_double_talk(line):
    """Only while the line sounds: after it, there is nothing to stop."""
    echo = _room(line, DRY).astype(np.float64)
    end = int(np.flatnonzero(line)[-1]) + RATE // 2
    rng = np.random.default_rng(3)
    echo[end:end + RATE // 4] += 3000 * rng.standard_normal(RATE // 4)  # a chair scrapes
    near = np.clip(echo, -32768, 32767).astype(np.int16)
    assert not _fired(near, line)[end // 160:].any()


def test_what_is_judged_does_not_depend_on_the_chunks_size():
    """The listener's chunk is a latency setting (10 ms since session 30): the detector
    keeps the frame before each chunk, so any whole number of frames gives the same calls."""
    from voice.doubletalk import FRAME

    rng = np.random.default_rng(1)
    n = RATE * 25
    t = np.arange(n)
    far = (3000 * np.sin(2 * np.pi * 180 * t / RATE) * (1 + np.sin(t / 3000))).astype(np.int16)
    near = (0.3 * far + rng.normal(0, 30, n)).astype(np.int16)
    voice = 4000 * np.sign(np.sin(2 * np.pi * 130 * np.arange(RATE) / RATE))
    near[RATE * 22:RATE * 23] += voice.astype(np.int16)  # the player, over the line
    calls = [_fired(near, far, chunk=chunk) for chunk in (FRAME, 2 * FRAME, 5 * FRAME)]
    assert calls[0][RATE * 22 // FRAME:RATE * 23 // FRAME].any()
    assert all(np.array_equal(calls[0], other) for other in calls[1:])
