"""Amounts said in an echoing room: how often an echo becomes one more digit.

The corpus has echo only where an espeak-ng voice adds it (en-gb+f2, en-us+f4).  Here
each amount command is said by every corpus voice at both speeds with one echo added
(130 ms later, at 0, 15 and 30 % of the speech), in quiet and at 15 dB SNR, and decoded
twice: with the recognizer's echo check (``ECHO_DB``) and without it.  One recognizer per
voice, condition and variant hears that voice's clips in turn, as in a game.

    nice -n 10 .venv/bin/python -m benchmarks.voice.echo

"Sure and wrong" is what matters: an amount other than the one said, acted on without a
"yes".  Two amounts really end in an odd digit, to show the check keeps them.
"""

from __future__ import annotations

import argparse
from collections import Counter

from voice.intents import is_action
from voice.parser import parse

from .corpus import CONDITIONS, SPEEDS, VOICES
from .synth import echo, mix, speak

PHRASES = (
    "bet fifty", "bet seventy", "bet eighty", "bet one fifty", "make it one fifty",
    "raise to two hundred", "bet twelve hundred", "raise by one hundred",
    "bet fifty two", "bet seventy three",
)
GAINS = (0.0, 0.15, 0.3)


def outcome(said: str, text: str, confidence: float, asked: bool = False) -> str:
    """right / asked-wrong / sure-wrong / missed, for what was heard of ``said``; with
    ``asked``, a right amount heard without full confidence is "right-asked"."""
    from voice.recognizers.pocketsphinx_backend import HIGH_CONFIDENCE

    sure = confidence >= HIGH_CONFIDENCE
    heard = parse(text)
    if heard == parse(said):
        return "right-asked" if asked and not sure else "right"
    if not is_action(heard):
        return "missed"
    return "sure-wrong" if sure else "asked-wrong"


def run(conditions: list[str], gains: tuple[float, ...]) -> dict[tuple, Counter]:
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

    counts: dict[tuple, Counter] = {}
    clips = {(p, v.name, s): speak(p, v.name, s) for p in PHRASES for v in VOICES
             for s in SPEEDS}
    for cond in conditions:
        for v in VOICES:
            recs = {"check": PocketSphinxRecognizer(),
                    "no check": PocketSphinxRecognizer(echo_db=None)}
            for i, ((phrase, voice, _speed), speech) in enumerate(clips.items()):
                if voice != v.name:
                    continue
                for gain in gains:
                    audio = speech if gain == 0 else echo(speech, 130.0, gain)
                    pcm = mix(audio, CONDITIONS[cond], seed=i).tobytes()
                    for variant, rec in recs.items():
                        hyp = rec.decode(pcm)
                        key = (cond, gain, variant, "held-out" if v.held_out else "tuned")
                        counts.setdefault(key, Counter())[
                            outcome(phrase, hyp.text, hyp.confidence)] += 1
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--conditions", default=",".join(CONDITIONS))
    args = ap.parse_args(argv)
    counts = run(args.conditions.split(","), GAINS)
    print("| condition | echo | voices | echo check | right | asked, wrong | sure and wrong"
          " | didn't catch |")
    print("|---|---|---|---|---|---|---|---|")
    for (cond, gain, variant, voices), c in sorted(counts.items()):
        n = sum(c.values())
        print(f"| {cond} | {gain:.0%} | {voices} | {variant} | {c['right']} / {n} | "
              f"{c['asked-wrong']} | {c['sure-wrong']} | {c['missed']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
