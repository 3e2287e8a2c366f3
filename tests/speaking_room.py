"""The player's voice and the room it is heard in, for tests that play the game by voice
for real (tests/test_eyes_free.py, tests/test_eyes_free_session.py).

espeak-ng says the player's words, sox makes them 16 kHz mono, and a seeded noise floor is
mixed under them (a microphone never hears digital silence); :class:`SpeakingRoom` is the
listener's sound card, handing the clips to it in 100 ms chunks at a sound card's pace.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
import wave
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import pytest

RATE = 16_000


# ----- the player's voice --------------------------------------------------------------------
def synthesize(text: str, out: Path, *, voice: str, wpm: int, noise_dbfs: float,
               seed: int) -> Path:
    """``text`` spoken by espeak-ng, as a 16 kHz mono 16-bit WAV with a noise floor.

    sox resamples and pads (0.4 s before, 0.6 s after); the floor is seeded Gaussian noise
    at ``noise_dbfs`` RMS, so the same phrase always makes the same file.
    """
    raw = out.with_suffix(".raw.wav")
    padded = out.with_suffix(".pad.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-s", str(wpm), "-w", str(raw), text],
                   check=True, capture_output=True)
    subprocess.run(["sox", "-R", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(padded),
                    "pad", "0.4", "0.6"], check=True, capture_output=True)
    with wave.open(str(padded)) as w:
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    write_wav(out, pcm.astype(np.float64) + noise(len(pcm), noise_dbfs, seed))
    raw.unlink()
    padded.unlink()
    return out


def noise(n: int, dbfs: float, seed: int) -> np.ndarray:
    """A room's noise floor: ``n`` samples of seeded Gaussian noise at ``dbfs`` RMS."""
    return np.random.default_rng(seed).normal(0.0, 32768 * 10 ** (dbfs / 20), n)


def write_wav(path: Path, samples: np.ndarray) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(np.clip(np.round(samples), -32768, 32767).astype(np.int16).tobytes())


def read_wav(path: Path) -> tuple[np.ndarray, int]:
    with wave.open(str(path)) as w:
        pcm = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
        return pcm.astype(np.float64), w.getframerate()


class SpeakingRoom:
    """The microphone's side of the room: a noise floor, and the player's words when spoken.

    Implements the listener's ``AudioSource`` (what :class:`voice.audio.Microphone` does):
    ``read`` hands out 100 ms chunks at the pace a sound card would (``pace`` times real
    time), so the listener's VAD and recognizer run exactly as they do on a microphone.
    Like a sound card it stamps each chunk with when it was captured (``captured_at``):
    a reader that fell behind (at most half a second, then the card drops audio) gets the
    backlog at once, stamped with when it was recorded — and words are recorded only
    once they are said, never into the backlog from before.
    """

    CHUNK = 1600  # samples: 100 ms, the Microphone's block

    def __init__(self, noise_dbfs: float, seed: int, pace: float = 1.0) -> None:
        from voice.audio import MicState, MicStatus

        self.status = MicStatus(MicState.LISTENING, "eyes-free test room")
        self._floor = noise(RATE * 7, noise_dbfs, seed)
        self._pos = 0
        self._speech: deque[np.ndarray] = deque()
        self._lock = threading.Lock()
        self._pace = pace
        self._next = time.monotonic()
        self._said_at = 0.0
        self.captured_at: float | None = None

    def say(self, samples: np.ndarray) -> None:
        """Queue an utterance (already with its own noise floor and pauses), said now."""
        with self._lock:
            if not self._speech:
                self._said_at = time.monotonic()
            for i in range(0, len(samples), self.CHUNK):
                self._speech.append(samples[i:i + self.CHUNK])

    @property
    def speaking(self) -> bool:
        with self._lock:
            return bool(self._speech)

    def ensure(self, now: float | None = None) -> Any:
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        step = self.CHUNK / RATE / self._pace
        due = max(self._next, time.monotonic() - 0.5)  # when this chunk's capture ends
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self._next, self.captured_at = due + step, due
        with self._lock:
            chunk = (self._speech.popleft()
                     if self._speech and due - step >= self._said_at else None)
        if chunk is None:
            idx = (np.arange(self.CHUNK) + self._pos) % self._floor.size
            self._pos = (self._pos + self.CHUNK) % self._floor.size
            chunk = self._floor[idx]
        return np.clip(np.round(chunk), -32768, 32767).astype(np.int16).tobytes()

    def drain(self) -> None:
        pass

    def close(self) -> None:
        with self._lock:
            self._speech.clear()


def speak_all(phrases: list[str], tmp: Path, *, voice: str, wpm: int, noise_dbfs: float,
              seed: int = 100) -> dict[str, np.ndarray]:
    """Each phrase synthesized once (:func:`synthesize`, seeds ``seed``, ``seed + 1``, …
    in sorted order): phrase -> samples."""
    clips = {}
    for i, p in enumerate(sorted(set(phrases))):
        path = synthesize(p, tmp / f"say-{i:02d}.wav", voice=voice, wpm=wpm,
                          noise_dbfs=noise_dbfs, seed=seed + i)
        clips[p] = read_wav(path)[0]
    return clips


def narration_idle(narrator: Any) -> bool:
    """Nothing of the game's speech left to render or play: a player listens before
    speaking (and the microphone is open again)."""
    if narrator is None:
        return True
    worker = getattr(narrator, "worker", None)
    if worker is not None and worker._q.unfinished_tasks:
        return False
    return not narrator.speaking


#: Answers to a "yes?" (not rephrased when misheard: the question is asked again).
ANSWERS = ("yes", "no")


def means_what_was_said(heard: str, text: str) -> bool:
    """The recognizer's words mean what was said (the parser reads both the same)."""
    from voice.parser import parse

    return bool(heard) and parse(heard) == parse(text)


class Phrase(Protocol):
    """One thing a scripted player said: what they meant, and whether it was understood."""

    @property
    def meant(self) -> str: ...

    @property
    def heard(self) -> str: ...

    @property
    def understood(self) -> bool: ...


def misheard_in_a_row(said: Sequence[Phrase], meant: str) -> int:
    """How many times ``meant`` has just been said and misheard, in a row."""
    n = 0
    for x in reversed(said):
        if x.meant != meant or x.understood:
            break
        n += 1
    return n


def last_asked(said: Sequence[Phrase]) -> Phrase | None:
    """The last thing the player said that was not an answer to "yes?" (what it answers)."""
    return next((x for x in reversed(said) if x.meant not in ANSWERS), None)


def answer_to_prompt(said: Sequence[Phrase]) -> str:
    """A player answers "yes?" with "yes" only to what they meant (:func:`last_asked`,
    understood); a mishearing gets "no"."""
    asked = last_asked(said)
    return "yes" if asked is not None and asked.understood else "no"


def misheard_command(phrase: Phrase) -> bool:
    """Heard as something else, and not an answer (a misheard answer is not said again:
    the question is asked again)."""
    return bool(phrase.heard) and not phrase.understood and phrase.meant not in ANSWERS


def needs_voice_tools(what: str) -> pytest.MarkDecorator:
    """Skip a module that speaks the player's words when espeak-ng or sox is missing,
    naming the packages to install."""
    missing = [tool for tool in ("espeak-ng", "sox") if shutil.which(tool) is None]
    return pytest.mark.skipif(
        bool(missing),
        reason=f"{what} needs the system package(s) {', '.join(missing)} "
        "(apt-get install espeak-ng sox) to speak the player's words")
