"""PocketSphinx's "pause" under the fit's "Pot.": what was said, and what the plain model heard.

The table fit writes some voices' "pause" as "Pot." (`whisper_backend.NEAR_READINGS`).
For each phrase said by the voices whose errors may be read (both speeds, clean once, six
noise seeds at 15 dB and in the room: :func:`soundalikes.clips`), through the pair as the
game opens it: how often the fit wrote the command there and PocketSphinx heard the one it
is written for, what the plain model was then sure of, how far under the fit's own
reading its decoder scored PocketSphinx's command, and how often that command is taken at
each slack of ``--slacks`` (`third_opinion.NEAR_HEARD_SLACK`; "None": only where the plain
model is sure of it), judged again by `third_opinion.voted_by` from the same decode:

    nice -n 5 .venv/bin/python -m benchmarks.voice.near_heard --said "pause,pot,ah,aw,oh,hey,hmm"
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import CombinedRecognizer
from voice.recognizers.meanings import intent_of
from voice.recognizers.third_opinion import NEAR_HEARD_SLACK, sure_of, voted_by, written_for
from voice.recognizers.whisper_backend import HIGH_CONFIDENCE, LOW_CONFIDENCE

#: What the plain model was sure of, in table order.
PLAIN = ("the heard", "the written", "another", "none")


def plain_sure(fit: Hypothesis, sphinx: Hypothesis, plain: Hypothesis | None) -> str:
    """Which command the plain model was sure of (:data:`PLAIN`).

    >>> pot, pause = Hypothesis("Pot.", 0.95), Hypothesis("pause", 0.5)
    >>> [plain_sure(pot, pause, Hypothesis(t, 0.95)) for t in ("Pause.", "Pot.", "Fold.", "Um.")]
    ['the heard', 'the written', 'another', 'none']
    """
    sure = None if plain is None else sure_of(plain)
    if sure is None:
        return PLAIN[3]
    if sure == intent_of(sphinx):
        return PLAIN[0]
    return PLAIN[1] if sure == intent_of(fit) else PLAIN[2]


def taken_at(fit: Hypothesis, sphinx: Hypothesis, gap: float | None,
             plain: Hypothesis | None, slack: float | None, heard: Hypothesis) -> bool:
    """Whether the pair takes PocketSphinx's command at ``slack``: judged again by the vote
    where the game asked the plain model (``plain``), else as the pair took it (``heard``).

    >>> pot, pause = Hypothesis("Pot.", 0.95), Hypothesis("pause", 0.5)
    >>> [taken_at(pot, pause, -4.0, Hypothesis("Um.", 0.95), s, pot) for s in (None, 9.0)]
    [False, True]
    >>> taken_at(pot, pause, -4.0, None, 9.0, Hypothesis("Pot.", 0.5))
    False
    """
    if plain is not None:
        asks = Hypothesis(fit.text, LOW_CONFIDENCE, "pair")
        heard = voted_by(asks, plain, sphinx, "pair", gap, slack)
    return intent_of(heard) == intent_of(sphinx) and heard.confidence >= HIGH_CONFIDENCE


def table_row(said: str, clips_n: int, plain: Counter, gaps: Sequence[float],
              taken: Sequence[int]) -> str:
    """One table row.

    >>> table_row("pause", 520, Counter({"none": 2}), [-3.0, -8.3], [0, 2])
    '| pause | 520 | 2 | 0 / 0 / 0 / 2 | -8.3 / -3.0 | 0 / 2 |'
    """
    scored = f"{min(gaps):.1f} / {max(gaps):.1f}" if gaps else "-"
    return (f"| {said} | {clips_n} | {sum(plain.values())} | "
            f"{' / '.join(str(plain[p]) for p in PLAIN)} | {scored} | "
            f"{' / '.join(map(str, taken))} |")


def main(argv: list[str] | None = None) -> int:
    from .corpus import READABLE_VOICES
    from .soundalikes import clips

    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.near_heard",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="pause,pot,ah,aw,oh,hey,hmm",
                    help="comma list of phrases said")
    ap.add_argument("--slacks", default=f"None,8,{NEAR_HEARD_SLACK:g},10",
                    help="comma list of slacks (nats; None: only where the plain model is "
                    "sure of the command heard)")
    args = ap.parse_args(argv)
    slacks = [None if s == "None" else float(s) for s in args.slacks.split(",")]
    print("| said | clips | the fit's \"Pot.\", PocketSphinx's \"pause\" | the plain model sure "
          "of the pause / the pot / another / none | PocketSphinx's command scored, lowest / "
          f"highest (nats) | taken as a pause at {' / '.join(args.slacks.split(','))} |")
    print("|---|---|---|---|---|---|")
    pair = CombinedRecognizer()
    for said in args.said.split(","):
        plain: Counter[str] = Counter()
        gaps: list[float] = []
        taken = [0] * len(slacks)
        n = 0
        for pcm in clips(said, READABLE_VOICES):
            n += 1
            heard = pair.decode(pcm.tobytes())
            judged, opinion = pair.whisper.last, pair.last_opinion
            if judged is None or opinion is None or not written_for(judged.hypothesis,
                                                                     opinion[0]):
                continue
            fit, (sphinx, gap) = judged.hypothesis, opinion
            plain[plain_sure(fit, sphinx, pair.last_plain)] += 1
            if gap is not None:
                gaps.append(gap)
            for i, slack in enumerate(slacks):
                taken[i] += taken_at(fit, sphinx, gap, pair.last_plain, slack, heard)
        print(table_row(said, n, plain, gaps, taken), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
