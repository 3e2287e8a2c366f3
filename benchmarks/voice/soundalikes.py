"""Soundalike readings told apart by forcing Whisper's decoder: how far under its own
reading it scores the command a soundalike is written for, by what was said.

Whisper writes "Bet pot." for a "half pot" in noise, and for a "bet pot" always.  Where its
best reading is such a soundalike (`whisper_backend.SOUNDALIKE_READINGS`), this forces the
decoder to write the command it is written for and prints, for each phrase said, how many
clips were written so and how far under them the forced command scored — the evidence for
`whisper_backend.FORCED_SOUNDALIKE_SLACKS`.  Only voices whose errors may be read:

    nice -n 5 .venv/bin/python -m benchmarks.voice.soundalikes --said "bet pot,half pot"
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence

import numpy as np

from voice.parser import normalize
from voice.recognizers.whisper_backend import SOUNDALIKE_READINGS, WhisperRecognizer

from .corpus import (
    ALL_CONDITIONS,
    NEW_VOICES,
    ROOM_CONDITIONS,
    SPEEDS,
    VALIDATION_VOICES,
    VOICES,
    Voice,
)
from .synth import mix, reverberate, say

#: Noise seeds per condition (clean once): the clips of session 45's measurement.
SEEDS: dict[str, tuple[int, ...]] = {"clean": (1,), "snr15": (2, 11, 12, 13, 14, 15),
                                     "room20": (3, 11, 12, 13, 14, 15)}
#: Where the forced scores are counted "within" (nats under the soundalike reading).
WITHIN = (5.0, 6.0, 7.0)


def clips(said: str, voices: Sequence[Voice] = (*VOICES, *NEW_VOICES, *VALIDATION_VOICES)
          ) -> Iterator[np.ndarray]:
    """``said`` by ``voices`` (ones whose errors may be read), at both speeds, clean once
    and in each noise seed of :data:`SEEDS` (16 kHz int16)."""
    for voice in voices:
        for speed in SPEEDS:
            speech = say(said, voice, speed)
            for cond, seeds in SEEDS.items():
                audio = reverberate(speech) if cond in ROOM_CONDITIONS else speech
                for seed in seeds:
                    yield mix(audio, ALL_CONDITIONS[cond], seed).astype(np.int16)


def summary(said: str, gaps: Sequence[float], within: Sequence[float] = WITHIN) -> str:
    """One table row: the clips of ``said`` written as a soundalike and their forced gaps.

    >>> summary("bet pot", [-11.2, -7.9, -14.0])
    '| bet pot | 3 | -7.9 | 0 / 0 / 0 |'
    """
    top = f"{max(gaps):.1f}" if gaps else "-"
    counts = " / ".join(str(sum(g >= -w for g in gaps)) for w in within)
    return f"| {said} | {len(gaps)} | {top} | {counts} |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.soundalikes",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="bet pot,half pot", help="comma list of phrases said")
    args = ap.parse_args(argv)
    whisper = WhisperRecognizer()
    print("| said | clips written as a soundalike | highest forced score (nats) | "
          f"within {' / '.join(f'{w:g}' for w in WITHIN)} nats |")
    print("|---|---|---|---|")
    for said in args.said.split(","):
        gaps: list[float] = []
        for pcm in clips(said):
            whisper.decode(pcm.tobytes())
            judged = whisper.last
            if judged is None or not judged.readings:
                continue
            words = tuple(normalize(judged.readings[0].text))
            if words not in SOUNDALIKE_READINGS:
                continue
            gap = whisper.rescore(SOUNDALIKE_READINGS[words])
            if gap is not None:
                gaps.append(gap)
        print(summary(said, gaps), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
