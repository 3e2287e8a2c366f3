"""Teen and -ty twins: "bet fifteen" taken for "Bet fifty." and the other way round.

For each phrase said by the voices whose errors may be read (both speeds, clean once, six
noise seeds at 15 dB and in the room: :func:`soundalikes.clips`), the pair's outcomes —
right and sure, right asking, wrong asking, wrong and sure, missed — judged from one decode
with the -ty doubt at each slack of ``--slacks`` (`combined.TY_TWIN_SLACK`: a -ty amount
asks where Whisper read its teen twin within that many nats; "off" leaves it out):

    nice -n 5 .venv/bin/python -m benchmarks.voice.twins --said "bet fifteen,bet fifty"

With ``--walls``, each outcome is judged through the plain model's third opinion too, as
the game weighs it (`third_opinion.with_plain`; the plain model decodes every clip once),
with any teen or -ty amount in doubt walling it off ("any", as in sessions 64-66) or only
the command taken ("taken", `third_opinion.ANY_TEEN_WALLS` off):

    nice -n 5 .venv/bin/python -m benchmarks.voice.twins --slacks 4 --walls any,taken \
        --said "bet fifteen,bet one fifteen,bet fifty,bet one fifty"
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import (
    TEEN_TWIN_SLACK,
    TY_TWIN_SLACK,
    CombinedRecognizer,
    teen_doubts,
)
from voice.recognizers.third_opinion import with_plain

from .amounts import judged_at
from .corpus import READABLE_VOICES
from .echo import outcome
from .soundalikes import clips

#: The outcomes counted, in table order.
OUTCOMES = ("right", "right-asked", "asked-wrong", "sure-wrong", "missed")


def slack_of(text: str) -> float | None:
    """A ``--slacks`` entry: nats, or None for "off".

    >>> slack_of("4"), slack_of("off")
    (4.0, None)
    """
    return None if text == "off" else float(text)


def row(said: str, slack: str, counts: Counter) -> str:
    """One table row.

    >>> row("bet fifty", "4", Counter(right=3, **{"right-asked": 1}))
    '| bet fifty | 4 | 4 | 3 | 1 | 0 | 0 | 0 |'
    """
    cells = " | ".join(str(counts[o]) for o in OUTCOMES)
    return f"| {said} | {slack} | {sum(counts.values())} | {cells} |"


def with_third_opinion(pair: CombinedRecognizer, taken: Hypothesis, ty_slack: float | None,
                       walls: str, plain: list[Hypothesis]) -> Hypothesis:
    """``taken`` (the pair's last utterance judged at ``ty_slack``) once the plain model
    has had its say as in the game, walled off by any teen in doubt (``walls`` "any") or
    only by the command taken ("taken"); ``plain`` caches its hearing of the utterance,
    which the pair's own decode may already have asked for (:attr:`last_plain`)."""
    judged, opinion = pair.whisper.last, pair.last_opinion
    if judged is None or opinion is None or pair.plain is None:
        return taken
    model = pair.plain

    def hear() -> Hypothesis:
        if not plain:
            plain.append(pair.last_plain
                         or model.listen(pair.whisper.last_audio).hypothesis)
        return plain[0]

    sphinx, gap = opinion
    doubted = teen_doubts(judged.readings, TEEN_TWIN_SLACK, ty_slack)
    return with_plain(taken, judged.hypothesis, sphinx, doubted, hear, pair.name, gap=gap,
                      any_teen_walls=walls == "any")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.twins",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="bet fifteen,bet fifty,bet one fifty",
                    help="comma list of phrases said")
    ap.add_argument("--slacks", default=f"off,3,{TY_TWIN_SLACK:g},5",
                    help="comma list of -ty doubt slacks (nats; off: none)")
    ap.add_argument("--walls", default="",
                    help="comma list of any,taken: judge through the plain model's third "
                    "opinion with each wall (empty: the pair's two engines alone)")
    args = ap.parse_args(argv)
    slacks: Sequence[str] = args.slacks.split(",")
    walls: Sequence[str] = args.walls.split(",") if args.walls else [""]
    print("| said | -ty doubt (nats) | clips | right and sure | right, asking | wrong, asking "
          "| wrong and sure | missed |")
    print("|---|---|---|---|---|---|---|---|")
    pair = CombinedRecognizer()
    for said in args.said.split(","):
        counts = {(s, w): Counter() for s in slacks for w in walls}
        for pcm in clips(said, READABLE_VOICES):
            heard = pair.decode(pcm.tobytes())
            plain: list[Hypothesis] = []
            for s in slacks:
                again = judged_at(pair, slack_of(s)) or heard
                for w in walls:
                    seen = with_third_opinion(pair, again, slack_of(s), w, plain) if w else again
                    counts[s, w][outcome(said, seen.text, seen.confidence, asked=True)] += 1
        for s in slacks:
            for w in walls:
                label = f"{s}, the plain model walled off by {w} teen" if w else s
                print(row(said, label, counts[s, w]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
