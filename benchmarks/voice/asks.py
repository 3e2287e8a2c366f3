"""Why right commands still ask "yes?": each one traced to what the pair weighed.

A right betting command the rules would take at once, asked about all the same (the
benchmark's "right but asked needlessly"), is judged again from a combined run's rows as
`rejudge` does, and sorted by what the two engines heard — Whisper talk, PocketSphinx
nothing, both the same command, or two different ones — how sure each was, and which of
the pair's other evidence from Whisper's readings made it ask (:class:`Evidence` in
``voice.recognizers.combined``, each where ``combine`` applies it to the command taken: a
teen and its -ty twin read close together, a one-word command written faintly, ...):

    python -m benchmarks.voice.asks --rows R.jsonl [--show]

Counts only, unless ``--show`` lists each clip with both engines' words: use it on the
voices whose errors may be read, never on the blind ones.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from game.commands.say import situation_from_history
from game.phh import loads
from voice.intents import Intent, Unknown, is_action
from voice.parser import parse
from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import intent_of
from voice.recognizers.whisper_backend import HIGH_CONFIDENCE, SURE_SHARE

from .corpus import SITUATIONS
from .outcome import cheap_right
from .rejudge import rejudged

#: What the two engines heard, in table order.
HEARD = ("Whisper talk", "PocketSphinx nothing", "both the same", "two commands")
#: The evidence from Whisper's readings that makes the pair ask (:func:`combine` lowers
#: its confidence or takes a command asking); the rest of :class:`Evidence` backs a
#: command or rules a rival out.
ASKING = ("doubted_teens", "near_amount", "near_reading", "even_rival", "talk_word",
          "echo_talk", "faint_word", "read_for", "lower_command")


def _sure(heard: Hypothesis) -> str:
    if heard.rejected:
        return "-"
    return "sure" if heard.confidence >= HIGH_CONFIDENCE else "doubting"


def why(trace: dict, taken: Intent) -> tuple[tuple[str, str, str], tuple[str, ...]]:
    """What the pair weighed (a ``rejudged`` trace) where it took ``taken``: what the two
    engines heard (:data:`HEARD`) and whether Whisper and PocketSphinx were sure; and the
    evidence from Whisper's readings that makes the pair ask (:data:`ASKING`), each where
    it applied to ``taken`` as :func:`combine` applies it (a twin doubt only where it was
    ``taken``'s).

    >>> fifty, fifteen = parse("bet fifty"), parse("bet fifteen")
    >>> trace = {"whisper": Hypothesis("Bet fifty.", 0.95),
    ...          "sphinx": Hypothesis("bet fifteen", 0.95),
    ...          "evidence": {"doubted_teens": frozenset({fifty}), "faint_word": None,
    ...                       "backed": True}}
    >>> why(trace, fifty), why(trace, fifteen)[1]
    ((('two commands', 'sure', 'sure'), ('doubted_teens',)), ())
    >>> why({"whisper": Hypothesis("Fold.", 0.5), "sphinx": Hypothesis("[unk]", 0.0),
    ...      "evidence": {"faint_word": parse("fold")}}, parse("fold"))
    (('PocketSphinx nothing', 'doubting', '-'), ('faint_word',))
    """
    whisper, sphinx = trace["whisper"], trace["sphinx"]
    said_w, said_p = intent_of(whisper), intent_of(sphinx)
    if isinstance(said_w, Unknown):
        heard = HEARD[0]
    elif isinstance(said_p, Unknown):
        heard = HEARD[1]
    else:
        heard = HEARD[2] if said_w == said_p else HEARD[3]
    ev, sure_w, sure_p = trace["evidence"], _sure(whisper), _sure(sphinx)
    applied = {  # each as combine() applies it to the command taken
        "doubted_teens": taken in ev.get("doubted_teens", frozenset()),
        "near_amount": bool(ev.get("near_amount")) and said_w == said_p
        and sure_w == sure_p == "doubting",
        "near_reading": bool(ev.get("near_reading")) and taken == said_w
        and not (said_p == said_w and sure_p == "sure"),
        "even_rival": bool(ev.get("even_rival")) and heard == HEARD[0] and taken == said_p,
        "talk_word": bool(ev.get("talk_word")) and is_action(taken),
        "echo_talk": bool(ev.get("echo_talk")) and is_action(taken),
        "faint_word": ev.get("faint_word") is not None and ev.get("faint_word") == taken,
        "read_for": ev.get("read_for") is not None,
        "lower_command": ev.get("lower_command") is not None,
    }
    also = tuple(k for k in ASKING if applied[k])
    return (heard, sure_w, sure_p), also


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.asks",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--rows", required=True, help="comma list of combined run.py row files")
    ap.add_argument("--show", action="store_true",
                    help="list each clip (voices whose errors may be read only)")
    args = ap.parse_args(argv)
    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    rows = [json.loads(line) for name in args.rows.split(",")
            for line in Path(name).read_text().splitlines() if line]
    reasons: Counter[tuple[str, str, str]] = Counter()
    evidence: Counter[str] = Counter()
    for row in rows:
        if "sphinx" not in row:
            continue
        trace: dict = {}
        judged = rejudged(row, situations, SURE_SHARE, trace=trace)
        if not (cheap_right(judged) and judged["confirm"]):
            continue
        heard, also = why(trace, parse(judged["transcript"]))
        reasons[heard] += 1
        evidence.update(also)
        if args.show:
            gap = ("not scored" if trace["gap"] is None
                   else f"Whisper's decoder scored it {trace['gap']:+.1f} nats")
            print(f"{row['condition']} {row['voice']} {row['text']!r}: Whisper "
                  f"{trace['whisper'].text!r}, PocketSphinx {trace['sphinx'].text!r} "
                  f"({gap}) — {' / '.join(heard)}; {', '.join(also) or '-'}")
    print("| what the two heard | Whisper | PocketSphinx | asked |")
    print("|---|---|---|---|")
    order = {h: i for i, h in enumerate(HEARD)}
    for heard, n in sorted(reasons.items(), key=lambda kv: (order[kv[0][0]], -kv[1])):
        print(f"| {' | '.join(heard)} | {n} |")
    print(f"| all | | | {sum(reasons.values())} |")
    print()
    print("| and Whisper's readings made it ask for | asked |")
    print("|---|---|")
    for name in ASKING:
        print(f"| {name} | {evidence[name]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
