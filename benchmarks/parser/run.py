"""Text half of the voice chain: parser + resolver on typed text, no recognizer.

    nice -n 10 .venv/bin/python -m benchmarks.parser.run            # table + one JSON line
    .venv/bin/python -m benchmarks.parser.run --repeat 3 --json     # JSON only

Figures:
- ``corpus_exact``: the voice benchmark's phrases (benchmarks/voice/corpus.py, outcomes
  written by hand from issue 3) said as their exact words: share resolved to the expected
  outcome.  Anything below 1.0 is a parser/resolver bug, not a recognizer error.
- ``vocabulary_understood``: every phrase of ``voice.vocabulary.phrases()`` parses to a
  command (what a grammar-constrained recognizer can output is never "didn't catch that").
- ``chatter_acted``: table talk (the vocabulary's CHATTER and the corpus chatter) that
  acted — must be 0.
- ``latency_ms``: ``say_result`` (parse + resolve + PHH string) per utterance, p50/p95/max,
  over every phrase of the vocabulary in the three corpus situations.  This is the parser's
  share of the voice benchmark's end-of-speech-to-action latency.
"""

from __future__ import annotations

import argparse
import json
import time

from benchmarks.voice.corpus import PHRASES, SITUATIONS
from benchmarks.voice.outcome import is_acting, label
from game.commands.say import say_result, situation_from_history
from game.phh import loads
from voice import vocabulary
from voice.intents import Unknown
from voice.parser import parse


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def run(repeat: int, max_amount: int) -> dict[str, object]:
    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    exact = sum(label(say_result(p.text, situations[p.situation])) == p.expected for p in PHRASES)
    chatter = [*vocabulary.CHATTER, *(p.text for p in PHRASES if p.expected is None)]
    acted = sum(
        is_acting(label(say_result(text, s))) for text in chatter for s in situations.values()
    )
    phrases = vocabulary.phrases(max_amount=max_amount)
    understood = sum(not isinstance(parse(p), Unknown) for p in phrases)
    times: list[float] = []
    for _ in range(repeat):
        for s in situations.values():
            for p in phrases:
                t0 = time.perf_counter()
                say_result(p, s)
                times.append((time.perf_counter() - t0) * 1000)
    return {
        "corpus_n": len(PHRASES),
        "corpus_exact": exact / len(PHRASES),
        "vocabulary_n": len(phrases),
        "vocabulary_understood": understood / len(phrases),
        "chatter_n": len(chatter) * len(situations),
        "chatter_acted": acted,
        "utterances_timed": len(times),
        "latency_ms_p50": round(_pct(times, 0.5), 4),
        "latency_ms_p95": round(_pct(times, 0.95), 4),
        "latency_ms_max": round(max(times), 4),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.parser.run", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=1, help="timing passes over the phrases")
    ap.add_argument("--max-amount", type=int, default=2000, help="amounts written out")
    ap.add_argument("--json", action="store_true", help="print only the JSON line")
    args = ap.parse_args(argv)
    out = run(max(1, args.repeat), args.max_amount)
    if not args.json:
        print(f"corpus phrases as typed text: {100 * out['corpus_exact']:.1f} % exact "
              f"of {out['corpus_n']}")
        print(f"vocabulary phrases understood: {100 * out['vocabulary_understood']:.1f} % "
              f"of {out['vocabulary_n']}")
        print(f"chit-chat that acted: {out['chatter_acted']} of {out['chatter_n']}")
        print(f"say_result latency over {out['utterances_timed']} utterances: "
              f"p50 {out['latency_ms_p50']} ms, p95 {out['latency_ms_p95']} ms, "
              f"max {out['latency_ms_max']} ms")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
