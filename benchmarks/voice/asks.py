"""Why right commands still ask "yes?": each one traced to what the pair weighed.

A right betting command the rules would take at once, asked about all the same (the
benchmark's "right but asked needlessly"), is judged again from a combined run's rows as
`rejudge` does, and sorted by what the two engines heard — Whisper talk, PocketSphinx
nothing, both the same command, or two different ones — how sure each was, and which of
the pair's other evidence from Whisper's readings made it ask (:class:`Evidence` in
``voice.recognizers.combined``, each piece weighed again by ``combine`` alone: a teen and
its -ty twin read close together, a one-word command written faintly, ...):

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
from voice.intents import Unknown
from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import combine
from voice.recognizers.meanings import intent_of
from voice.recognizers.whisper_backend import HIGH_CONFIDENCE, SURE_SHARE

from .corpus import SITUATIONS
from .outcome import cheap_right
from .rejudge import rejudged

#: What the two engines heard, in table order.
HEARD = ("Whisper talk", "PocketSphinx nothing", "both the same", "two commands")
#: The evidence from Whisper's readings that can make the pair ask (:func:`combine` lowers
#: its confidence or takes a command asking), each with the value that leaves it out; the
#: rest of :class:`Evidence` backs a command or rules a rival out.
ASKING: dict[str, object] = {
    "doubted_teens": frozenset(), "near_amount": False, "near_reading": False,
    "even_rival": False, "talk_word": False, "echo_talk": False, "faint_word": None,
    "read_for": None, "lower_command": None}


def _sure(heard: Hypothesis) -> str:
    if heard.rejected:
        return "-"
    return "sure" if heard.confidence >= HIGH_CONFIDENCE else "doubting"


def _asks(trace: dict, evidence: dict) -> bool:
    """Whether the pair, weighing ``trace``'s opinions with ``evidence``, takes a command
    asking "yes?"."""
    heard = combine(trace["whisper"], trace["sphinx"], trace["gap"], **evidence,
                    **trace.get("judging", {}))
    return not heard.rejected and heard.confidence < HIGH_CONFIDENCE


def why(trace: dict) -> tuple[tuple[str, str, str], tuple[str, ...]]:
    """What the pair weighed (a ``rejudged`` trace): what the two engines heard
    (:data:`HEARD`) and whether Whisper and PocketSphinx were sure; and the evidence from
    Whisper's readings (:data:`ASKING`) that made it ask — each piece that, weighed
    by :func:`combine` without the others, asks where none of them would (none where the
    two engines' opinions ask by themselves).

    >>> from voice.parser import parse
    >>> fifty = parse("bet fifty")
    >>> teens = {**ASKING, "doubted_teens": frozenset({fifty})}
    >>> why({"whisper": Hypothesis("Bet fifty.", 0.95), "sphinx": Hypothesis("[unk]", 0.0),
    ...      "gap": None, "evidence": teens})
    (('PocketSphinx nothing', 'sure', '-'), ('doubted_teens',))
    >>> why({"whisper": Hypothesis("Bet fifty.", 0.95),
    ...      "sphinx": Hypothesis("bet fifteen", 0.95), "gap": -2.0, "evidence": teens})
    (('two commands', 'sure', 'sure'), ())
    """
    whisper, sphinx = trace["whisper"], trace["sphinx"]
    said_w, said_p = intent_of(whisper), intent_of(sphinx)
    if isinstance(said_w, Unknown):
        heard = HEARD[0]
    elif isinstance(said_p, Unknown):
        heard = HEARD[1]
    else:
        heard = HEARD[2] if said_w == said_p else HEARD[3]
    without = {**trace["evidence"], **ASKING}
    also: tuple[str, ...] = ()
    if not _asks(trace, without):
        also = tuple(name for name in ASKING
                     if _asks(trace, {**without, name: trace["evidence"][name]}))
    return (heard, _sure(whisper), _sure(sphinx)), also


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
    engines_alone = 0
    for row in rows:
        if "sphinx" not in row:
            continue
        trace: dict = {}
        judged = rejudged(row, situations, SURE_SHARE, trace=trace)
        if not (cheap_right(judged) and judged["confirm"]):
            continue
        heard, also = why(trace)
        reasons[heard] += 1
        evidence.update(also)
        engines_alone += not also
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
    print(f"| none: the two engines' opinions ask by themselves | {engines_alone} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
