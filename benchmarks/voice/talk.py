"""Table talk through the pair: how often a bet comes of it, sure or asking "yes?", by
what was said — and how often it would be sure without the rule that no bet is sure where
Whisper's likeliest reading is one word of talk (`combined.ONE_WORD_TALK_ASKS`), or
without the rule that no bet read under a "Pause." is sure where talk read there led it
unprompted (`combined.TALK_OVER_ECHO_ASKS`), or without the rule that a one-word command
Whisper wrote faintly is not sure (`combined.FAINT_WORD_LOGPROB`), or without the plain
model's word where the pair asked it (`third_opinion`; the other rules' columns are judged
without it too), each judged again from the same decode.  The non-test voices only
(tuned, flite, validation, unheard; both speeds; clean once, six noise seeds at 15 dB and
six in the room):

    nice -n 5 .venv/bin/python -m benchmarks.voice.talk --said "oh,whoa,wow,no"
    nice -n 5 .venv/bin/python -m benchmarks.voice.talk --said "aw,ah,call"
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from voice.intents import is_action
from voice.parser import parse
from voice.recognizers import Hypothesis
from voice.recognizers.combined import CombinedRecognizer
from voice.recognizers.whisper_backend import HIGH_CONFIDENCE

from .amounts import judged_again, judged_by_whisper_again
from .corpus import READABLE_VOICES
from .soundalikes import clips


def bet(heard: Hypothesis | None) -> str:
    """What a hypothesis does at the table: "sure" (a bet taken at once), "asks" (a bet
    after a "yes"), or "" (nothing, a question, a table command).

    >>> bet(Hypothesis("fold", 0.95)), bet(Hypothesis("call", 0.5)), bet(Hypothesis("[unk]", 0.0))
    ('sure', 'asks', '')
    """
    if heard is None or not is_action(parse(heard.text)):
        return ""
    return "sure" if heard.confidence >= HIGH_CONFIDENCE else "asks"


def row(said: str, now: Sequence[str], *without: Sequence[str]) -> str:
    """One table row from each clip's :func:`bet`, as judged and without each rule.

    >>> row("oh", ["", "asks", "sure"], ["sure", "asks", "sure"], ["", "asks", "sure"])
    '| oh | 3 | 1 | 1 | 2 | 1 |'
    """
    return (f"| {said} | {len(now)} | {now.count('sure')} | {now.count('asks')} | "
            + " | ".join(str(b.count("sure")) for b in without) + " |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.talk",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="oh,whoa,wow,no", help="comma list of talk said")
    args = ap.parse_args(argv)
    pair = CombinedRecognizer()
    print("| said | clips | a bet taken at once | a bet asking \"yes?\" "
          "| at once, one word of talk not weighed | at once, talk over a pause not weighed "
          "| at once, a faint command word not weighed | at once, the pair alone |")
    print("|---|---|---|---|---|---|---|---|")
    for said in args.said.split(","):
        now: list[str] = []
        one_word: list[str] = []
        over_echo: list[str] = []
        faint: list[str] = []
        alone: list[str] = []
        for pcm in clips(said, READABLE_VOICES):
            now.append(bet(pair.decode(pcm.tobytes())))
            one_word.append(bet(judged_again(pair, talk_word=False)))
            over_echo.append(bet(judged_by_whisper_again(pair, talk_lead=None)))
            faint.append(bet(judged_again(pair, faint_word=None)))
            alone.append(bet(judged_again(pair)))
        print(row(said, now, one_word, over_echo, faint, alone), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
