"""Clips to fit Whisper to the table: what players say, said by many espeak-ng voices and
flite's three (some pitch-shifted), in noise and rooms unlike the benchmark's.

Kept apart from every voice and condition the voice benchmark scores as never heard, so
that its figures still mean "never trained on":

- voices: espeak-ng accents and variants, and flite's ``slt``, ``rms`` and ``awb`` — never
  the held-out ``en-gb-x-rp`` or the ``f4`` variant (``en-us+f4``), never Festival's HTS
  ``slt`` (the validation voice), never Piper, Festival's diphone voices or Kokoro (the
  benchmark's test voices).  So for the fitted model the benchmark's flite figures are
  not "never heard";
- noise: white, brown and babble (other espeak-ng speech) — never pink noise, the
  benchmark's;
- rooms: exponentially decaying noise impulse responses (reverberation time 0.15–0.7 s) —
  never sox ``reverb``, the benchmark's room.

The words are the game's own grammar (:func:`voice.vocabulary.phrases`, amounts drawn at
random, the short commands drawn most often) and table talk that is not in the benchmark's
list (one word of it too), written as Whisper writes (sentence case, number words, a full
stop or a question mark).
"""

from __future__ import annotations

import random
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from benchmarks.voice.synth import RATE, active_rms, speak, write_wav
from voice.vocabulary import phrases
from voice.wavio import read_samples16k

ACCENTS = ("en-us", "en-gb", "en-gb-scotland", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-029",
           "en-us-nyc")
VARIANTS = ("", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "f1", "f2", "f3", "f5", "klatt",
            "klatt2", "klatt3", "Alex", "Andy", "Annie", "belinda", "benjamin", "david", "ed",
            "edward", "john", "linda", "max", "michel", "norbert", "paul", "robert", "steph",
            "travis", "victor", "Mike", "Lee", "iven", "iven2", "Denis", "Diogo", "Gene",
            "Hugo", "Jacky", "Michael", "Tweaky", "aunty", "boris", "caleb", "grandma",
            "grandpa", "kaukovalta", "pablo", "adam", "anika")
#: Table talk to stay talk (none of it is in the benchmark's chatter list).
TALK = (
    "what a hand", "unlucky", "you got me there", "I knew it", "that's poker", "ship it",
    "no way", "are you kidding me", "sorry about that", "thanks", "thank you",
    "I should have folded", "I had you beat", "one more hand", "I'm getting coffee",
    "this table is tough", "the cards hate me", "let's go", "here we go again",
    "I'm on tilt", "you always have it", "nice bluff", "I don't believe you",
    "good call", "bad beat", "what did you have", "show me", "I'm running hot tonight",
    "my luck is turning", "it's getting late", "can't win them all", "great flop",
    "the river saved me", "so close", "not again", "who deals next time", "I'm hungry",
    "I like this game", "you're a tough player", "are you bluffing", "I see what you did",
    "let's play", "my cards are cold", "what was that", "come on river", "easy game",
    "I'm the chip leader", "brutal", "I'll get you next time", "well done", "congratulations",
    "that hurts", "ouch", "keep going", "okay then", "let me see", "interesting",
    "I have no idea", "so many chips", "take your time", "any time now", "I'll be right back",
    "the dealer hates me", "what a run", "I'm so tired", "play faster please",
    "great game everyone",
    # one word of talk, none of them the benchmark's ("oh", "aw", "ah", "wow", "hey", "hmm")
    "uh", "um", "huh", "whoa", "ooh", "eh", "ugh", "phew", "oops", "ha", "meh", "gee",
    "yikes", "uh oh",
)
TALK_SHARE = 0.18
CLEAN_SHARE = 0.3
SNR_DB = (3.0, 30.0)
ROOM_SHARE = 0.35
RT60_S = (0.15, 0.7)
SPEED_WPM = (125, 215)
GAIN_DB = (-12.0, 3.0)
LEAD_S, TAIL_S = (0.1, 0.5), (0.3, 0.6)
MAX_SPEECH_S = 6.0
#: Shares of the command clips drawn from the commands of one or two words, three or four,
#: and five or more.  The short ones are the fewest phrases and the most confused in noise
#: ("call" read "Pause.", "all in" read "Ouch.", "pause" read "Pot.").
LENGTH_SHARES = (0.5, 0.3, 0.2)
#: Amounts ending in a teen, beside the -ty amounts every ten: a teen and its -ty twin
#: ("one fifteen", "one fifty") are the amounts most often confused in noise.
TEEN_AMOUNTS = frozenset({*range(13, 20), *(h * 100 + t for h in range(1, 10)
                                            for t in range(13, 20))})
#: A second synthesizer: this share of the clips is said by one of flite's voices, and
#: :data:`PITCHED_SHARE` of those shifted by up to :data:`PITCH_CENTS`, for more speakers
#: than flite's three.  Fitted on espeak-ng alone the model gained little on other
#: synthesizers' voices (benchmarks/voice/RESULTS.md, sessions 20 and 36).
FLITE_SHARE = 0.4
FLITE_VOICES = ("slt", "rms", "awb")
PITCHED_SHARE = 0.5
PITCH_CENTS = (-350, 350)
_QUESTIONS = ("what", "how", "who", "whose", "is", "can", "do", "are")


def written(said: str) -> str:
    """A phrase as Whisper writes it.

    >>> written("i'm all in"), written("whose turn")
    ("I'm all in.", 'Whose turn?')
    """
    words = ["I" + w[1:] if w == "i" or w.startswith("i'") else w for w in said.split()]
    text = " ".join(words)
    return text[0].upper() + text[1:] + ("?" if said.split()[0] in _QUESTIONS else ".")


def room(x: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """``x`` in a room: a direct sound, a short gap, then decaying diffuse echo."""
    rt60 = rng.uniform(*RT60_S)
    t = np.arange(int(rt60 * RATE)) / RATE
    h = rng.normal(size=t.size) * np.exp(-6.9 * t / rt60)
    h[: int(rng.uniform(0.002, 0.02) * RATE)] = 0
    h[0] = rng.uniform(1.0, 3.0) * np.abs(h).max()
    y = np.convolve(x, h / np.sqrt((h**2).sum()))[: x.size + t.size // 2]
    return y * np.sqrt((x**2).mean()) / (np.sqrt((y**2).mean()) + 1e-9)


def noise(n: int, kind: str, rng: np.random.Generator, babble: list[np.ndarray]) -> np.ndarray:
    """Unit-RMS noise: ``white``, ``brown`` (drift removed) or ``babble``."""
    if kind == "white":
        z = rng.normal(size=n)
    elif kind == "brown":
        z = np.cumsum(rng.normal(size=n))
        z = z - np.convolve(z, np.ones(400) / 400, "same")
    else:
        z = np.zeros(n)
        for _ in range(int(rng.integers(3, 7))):
            b = babble[int(rng.integers(len(babble)))]
            b = np.tile(b, n // b.size + 2)
            start = int(rng.integers(b.size - n))
            z += b[start:start + n] / (np.sqrt((b**2).mean()) + 1e-9)
    return z / (np.sqrt((z**2).mean()) + 1e-9)


def pitched(x: np.ndarray, cents: int) -> np.ndarray:
    """``x`` (16 kHz) shifted by ``cents``, its tempo kept (sox ``pitch``; ``-R``, as
    :func:`~benchmarks.voice.synth.speak` has it, so that a rerun makes the same clips)."""
    with tempfile.TemporaryDirectory() as tmp:
        source, shifted = Path(tmp) / "a.wav", Path(tmp) / "b.wav"
        write_wav(source, np.clip(np.round(x), -32768, 32767).astype(np.int16))
        subprocess.run(["sox", "-R", str(source), str(shifted), "pitch", str(cents)],
                       check=True, capture_output=True)
        return read_samples16k(shifted).astype(np.float64)


def _length_bin(u: float) -> int:
    """The length bin (:data:`LENGTH_SHARES`) a uniform draw ``u`` in [0, 1) falls in.

    >>> [_length_bin(u) for u in (0.0, 0.49, 0.5, 0.79, 0.8, 0.999)]
    [0, 0, 1, 1, 2, 2]
    """
    edge = 0.0
    for i, share in enumerate(LENGTH_SHARES):
        edge += share
        if u < edge:
            return i
    return len(LENGTH_SHARES) - 1


def clips(attempts: int, seed: int) -> tuple[list[np.ndarray], list[str]]:
    """Up to ``attempts`` clips (16 kHz int16; a phrase said shorter than 0.1 s or longer
    than :data:`MAX_SPEECH_S` is skipped) and the text each should be written as."""
    rng, nrng = random.Random(seed), np.random.default_rng(seed)
    amounts = sorted({rng.randint(1, 5000) for _ in range(300)} | set(range(10, 1001, 10))
                     | TEEN_AMOUNTS)
    commands = phrases(amounts=amounts)
    rng.shuffle(commands)
    by_length = [[c for c in commands if len(c.split()) <= 2],
                 [c for c in commands if 3 <= len(c.split()) <= 4],
                 [c for c in commands if len(c.split()) >= 5]]
    babble = [speak(t, f"en-us+m{i % 7 + 1}", 170).astype(np.float64)
              for i, t in enumerate(TALK[:12])]
    audio: list[np.ndarray] = []
    texts: list[str] = []
    for _ in range(attempts):
        pick = rng.random()
        said = rng.choice(TALK) if pick < TALK_SHARE else rng.choice(
            by_length[_length_bin((pick - TALK_SHARE) / (1 - TALK_SHARE))])
        if rng.random() < FLITE_SHARE:
            speech = speak(said, rng.choice(FLITE_VOICES), rng.randint(*SPEED_WPM),
                           "flite").astype(np.float64)
            if rng.random() < PITCHED_SHARE:
                speech = pitched(speech, rng.randint(*PITCH_CENTS))
        else:
            accent, variant = rng.choice(ACCENTS), rng.choice(VARIANTS)
            voice = accent + (f"+{variant}" if variant else "")
            speech = speak(said, voice, rng.randint(*SPEED_WPM)).astype(np.float64)
        if speech.size < RATE // 10 or speech.size > MAX_SPEECH_S * RATE:
            continue
        if nrng.random() < ROOM_SHARE:
            speech = room(speech, nrng)
        x = np.concatenate([np.zeros(int(nrng.uniform(*LEAD_S) * RATE)), speech,
                            np.zeros(int(nrng.uniform(*TAIL_S) * RATE))])
        level = active_rms(speech)
        snr = 40.0 if nrng.random() < CLEAN_SHARE else nrng.uniform(*SNR_DB)
        kind = ("white", "brown", "babble")[int(nrng.integers(3))]
        x = (x + noise(x.size, kind, nrng, babble) * level / 10 ** (snr / 20)) * 10 ** (
            nrng.uniform(*GAIN_DB) / 20)
        audio.append(np.clip(np.round(x), -32768, 32767).astype(np.int16))
        texts.append(written(said))
    return audio, texts
