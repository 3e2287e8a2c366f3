"""PocketSphinx's known confusions: "check" heard as "jam", and a "jam" said.

For each phrase said by the voices whose errors may be read (both speeds, clean once, six
noise seeds at 15 dB and in the room: :func:`soundalikes.clips`), how often Whisper read
the command PocketSphinx's confused words are heard for first (`combined.SPHINX_CONFUSIONS`),
how often PocketSphinx heard those words, and the pair's outcomes — right and sure, right
asking, wrong asking, wrong and sure, missed — judged from one decode with the confused
words ruled out at each slack of ``--slacks`` (`combined.CONFUSED_RIVAL_SLACK`; "off":
as any rival, `combined.DISAGREE_SLACK`):

    nice -n 5 .venv/bin/python -m benchmarks.voice.confusions --said "check,jam"
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

from voice.parser import normalize, parse
from voice.recognizers.combined import (
    CONFUSED_RIVAL_SLACK,
    SPHINX_CONFUSIONS,
    CombinedRecognizer,
)

from .amounts import judged_again
from .corpus import READABLE_VOICES
from .echo import outcome
from .soundalikes import clips
from .twins import row as twins_row
from .twins import slack_of


def row(said: str, slack: str, counts: Counter, read_first: int, heard: int) -> str:
    """One table row: the twins table's (:func:`twins.row`), then how often Whisper read
    the command first and PocketSphinx heard the confused words.

    >>> row("check", "3", Counter(right=3, **{"right-asked": 1}), 4, 2)
    '| check | 3 | 4 | 3 | 1 | 0 | 0 | 0 | 4 | 2 |'
    """
    return f"{twins_row(said, slack, counts)} {read_first} | {heard} |"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.confusions",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="check,jam", help="comma list of phrases said")
    ap.add_argument("--slacks", default=f"off,2,{CONFUSED_RIVAL_SLACK:g},4",
                    help="comma list of slacks for the confused words (nats; off: as any "
                    "rival)")
    args = ap.parse_args(argv)
    slacks: Sequence[str] = args.slacks.split(",")
    meant = {parse(command) for command in SPHINX_CONFUSIONS.values()}
    print("| said | slack (nats) | clips | right and sure | right, asking | wrong, asking | "
          "wrong and sure | missed | Whisper read first the command confused words are "
          "heard for | PocketSphinx heard confused words |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    pair = CombinedRecognizer()
    for said in args.said.split(","):
        counts = {s: Counter() for s in slacks}
        read_first = heard_confused = 0
        for pcm in clips(said, READABLE_VOICES):
            heard = pair.decode(pcm.tobytes())
            judged, opinion = pair.whisper.last, pair.last_opinion
            if judged is not None and judged.readings and judged.readings[0].intent in meant:
                read_first += 1
            if opinion is not None and tuple(normalize(opinion[0].text)) in SPHINX_CONFUSIONS:
                heard_confused += 1
            for s in slacks:
                again = judged_again(pair, confused_slack=slack_of(s)) or heard
                counts[s][outcome(said, again.text, again.confidence, asked=True)] += 1
        for s in slacks:
            print(row(said, s, counts[s], read_first, heard_confused), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
