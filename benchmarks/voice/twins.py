"""Teen and -ty twins: "bet fifteen" taken for "Bet fifty." and the other way round.

For each phrase said by the voices whose errors may be read (both speeds, clean once, six
noise seeds at 15 dB and in the room: :func:`soundalikes.clips`), the pair's outcomes —
right and sure, right asking, wrong asking, wrong and sure, missed — judged from one decode
with the -ty doubt at each slack of ``--slacks`` (`combined.TY_TWIN_SLACK`: a -ty amount
asks where Whisper read its teen twin within that many nats; "off" leaves it out):

    nice -n 5 .venv/bin/python -m benchmarks.voice.twins --said "bet fifteen,bet fifty"
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from voice.recognizers.combined import TY_TWIN_SLACK, CombinedRecognizer

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.twins",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="bet fifteen,bet fifty,bet one fifty",
                    help="comma list of phrases said")
    ap.add_argument("--slacks", default=f"off,3,{TY_TWIN_SLACK:g},5",
                    help="comma list of -ty doubt slacks (nats; off: none)")
    args = ap.parse_args(argv)
    slacks: Sequence[str] = args.slacks.split(",")
    print("| said | -ty doubt (nats) | clips | right and sure | right, asking | wrong, asking "
          "| wrong and sure | missed |")
    print("|---|---|---|---|---|---|---|---|")
    pair = CombinedRecognizer()
    for said in args.said.split(","):
        counts = {s: Counter() for s in slacks}
        for pcm in clips(said, READABLE_VOICES):
            heard = pair.decode(pcm.tobytes())
            for s in slacks:
                again = judged_at(pair, slack_of(s)) or heard
                counts[s][outcome(said, again.text, again.confidence, asked=True)] += 1
        for s in slacks:
            print(row(said, s, counts[s]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
