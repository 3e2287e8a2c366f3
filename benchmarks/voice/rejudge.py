"""Judge saved Whisper readings again, at other settings, without decoding anything.

`run.py` keeps each clip's Whisper readings (text, log-probability, repair) in its rows;
this replays :func:`voice.recognizers.whisper_backend.judge` on them and summarizes the
outcomes exactly as `run.py` does.  For tuning the sure share on the tuned voices in
seconds instead of a decode of the corpus:

    python -m benchmarks.voice.rejudge --rows benchmarks/out/voice/w4-whisper-tuned.jsonl \\
        --sure-share 0.8,0.9,0.95
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.commands.say import say_result, situation_from_history
from game.phh import loads
from voice.parser import parse
from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import RESCUE_SLACK, combine
from voice.recognizers.whisper_backend import SURE_SHARE, Reading, judge
from voice.resolver import ResolveContext

from .corpus import SITUATIONS
from .outcome import acted, label, with_pending
from .run import summarize_rows, table


def readings_of(row: dict) -> list[Reading]:
    out = []
    for i, saved in enumerate(row.get("readings") or []):
        text, logprob, command, repaired, gap = saved[:5]
        verified = saved[5] if len(saved) > 5 else i == 0 or not repaired
        out.append(Reading(text, logprob, parse(command), command, repaired, gap, verified))
    return out


def rejudged(row: dict, situations: dict, sure_share: float,
             rescue_slack: float = RESCUE_SLACK) -> dict:
    hyp, _ = judge(readings_of(row), sure_share, row["engine"])
    if "sphinx" in row:  # the combined engine: PocketSphinx's opinion weighed again
        text, confidence, gap = row["sphinx"]
        rescued = gap is not None and gap >= -rescue_slack
        hyp = combine(hyp, Hypothesis(text, confidence, "pocketsphinx"), rescued, row["engine"])
    situation = situations[row["situation"]]
    say = say_result(hyp.text, situation, confidence=hyp.confidence, engine=row["engine"])
    if row["family"] == "confirm":
        say = with_pending(say, not ResolveContext(confidence=hyp.confidence).doubted)
    return dict(row, outcome=label(say), acted=acted(say), transcript=hyp.text,
                confidence=hyp.confidence, confirm=say["confirm"],
                rules_confirm=bool(say_result(hyp.text, situation)["confirm"]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.rejudge", description=__doc__)
    ap.add_argument("--rows", required=True, help="comma list of run.py row files")
    ap.add_argument("--sure-share", default=str(SURE_SHARE), help="comma list of shares")
    ap.add_argument("--rescue-slack", default=str(RESCUE_SLACK),
                    help="combined rows: comma list of rescue slacks (nats)")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for f in args.rows.split(",")
            for line in Path(f).read_text().splitlines() if line]
    rows = [r for r in rows if "readings" in r]
    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    for share in (float(s) for s in args.sure_share.split(",")):
        for slack in (float(s) for s in args.rescue_slack.split(",")):
            again = [rejudged(r, situations, share, slack) for r in rows]
            print(f"sure share {share}, rescue slack {slack}")
            print(table(summarize_rows(again)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
