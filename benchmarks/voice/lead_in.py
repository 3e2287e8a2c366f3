"""Short words after more or less of the room's sound: does PocketSphinx's decode flip on
how much quiet comes before a word?

Each word is said by espeak-ng (en-us, 160 words a minute, as the eyes-free tests' player)
into a room with a seeded -55 dBFS noise floor, and handed to the recognizer with 0.03 to
0.4 s of that floor before it (what the voice detector's pre-roll gives it) and 0.3 s
after.  Three starting points, each decode on a recognizer in that state:

- ``fresh``: a new recognizer's first utterance, nothing heard before (the game's first
  phrase until session 17);
- ``room``: a new recognizer that has first heard 1 s of the room between utterances
  (``Recognizer.hear_room``, as the listener now gives it);
- ``after``: a recognizer that has heard the room and three commands ("fold", "call",
  "back") — a game under way;
- ``file``: a new recognizer given only the utterance itself, which first hears the room
  the utterance starts with (``voice.listener.room_before_speech`` and ``hear_room``), as
  ``holdem listen FILE.wav`` does.

    nice -n 10 .venv/bin/python -m benchmarks.voice.lead_in
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

import numpy as np

from voice.recognizers.pocketsphinx_backend import ROOM_PRIME_S

from .synth import RATE, speak

WORDS = ("options", "next", "back", "select", "play", "fold", "call", "check", "deal",
         "quit", "previous", "move down")
LEADS = (0.03, 0.06, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4)
EARLIER = ("fold", "call", "back")
FLOOR_DBFS = -55.0
TAIL_S = 0.3


def floor(seconds: float, seed: int) -> np.ndarray:
    """The room's noise floor: seeded Gaussian noise at :data:`FLOOR_DBFS`."""
    n = int(round(seconds * RATE))
    return np.random.default_rng(seed).normal(0.0, 32768 * 10 ** (FLOOR_DBFS / 20), n)


def utterance(word: np.ndarray, lead_s: float, seed: int) -> bytes:
    """``word`` with ``lead_s`` of the room before it and :data:`TAIL_S` after."""
    x = np.concatenate([floor(lead_s, seed), word.astype(np.float64) + floor(
        len(word) / RATE, seed + 1), floor(TAIL_S, seed + 2)])
    return np.clip(np.round(x), -32768, 32767).astype(np.int16).tobytes()


def fresh_recognizer() -> Callable[[], Any]:
    """A maker of recognizers in their first state: one is built, then its decoders'
    front ends and cepstral means are started again for each use (as new as a new one:
    the same decodes, without six seconds of loading)."""
    from voice.recognizers.pocketsphinx_backend import Dither, PocketSphinxRecognizer

    rec = PocketSphinxRecognizer()
    first = [True]

    def make() -> PocketSphinxRecognizer:
        if not first[0]:
            for dec in rec._decoders:
                dec.reinit_feat()
            rec.set_room(None)
            rec._dither = Dither()
            rec._room_heard = 0
        first[0] = False
        return rec

    return make


def sweep(start: str, words: dict[str, np.ndarray], make: Callable[[], Any],
          earlier: dict[str, np.ndarray]) -> dict[str, list[bool]]:
    """word -> heard right at each of :data:`LEADS`, from the starting point ``start``."""
    from voice.vad import best_vad

    out: dict[str, list[bool]] = {}
    for i, (text, word) in enumerate(words.items()):
        row = []
        for lead in LEADS:
            rec = make()
            vad = best_vad()  # a new one for each recording, as a new `holdem listen`
            if start in ("room", "after"):
                room = floor(ROOM_PRIME_S, 900 + i).astype(np.int16).tobytes()
                for k in range(0, len(room), 3200):
                    rec.hear_room(room[k:k + 3200])
            if start == "after":
                for j, pcm in enumerate(earlier.values()):
                    rec.decode(utterance(pcm, 0.3, 500 + j))
            said = utterance(word, lead, 100 + i)
            if start == "file":
                from voice.listener import hear_room, room_before_speech

                hear_room(rec, room_before_speech(said, vad))
            row.append(rec.decode(said).text == text)
        out[text] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--starts", default="fresh,room,after,file")
    args = ap.parse_args(argv)
    words = {w: speak(w, "en-us", 160) for w in WORDS}
    earlier = {w: speak(w, "en-us", 160) for w in EARLIER}
    make = fresh_recognizer()
    print("leads (s):", " ".join(f"{x:g}" for x in LEADS))
    for start in args.starts.split(","):
        rows = sweep(start, words, make, earlier)
        for text, row in rows.items():
            print(f"{start:6s} {text:10s} {''.join('+' if r else '.' for r in row)}")
        by_lead = [sum(r[k] for r in rows.values()) for k in range(len(LEADS))]
        total = sum(by_lead)
        print(f"{start:6s} right by lead: {' '.join(map(str, by_lead))} (of {len(rows)}); "
              f"all {total} / {len(rows) * len(LEADS)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
