"""The prompt's last word read for a bet, and a bet read for it: where Whisper writes
"Pause." (`whisper_backend.PROMPT_ECHOES`) first with a bet under it, how far its decoder
with no prompt puts the bet ahead (`ECHO_CHECK_LEAD`); where it writes a bet first with
"Pause." under it, how near (`PROMPT_ECHO_GAP`, `CALL_ECHO_GAP`) — by what was said.
Only voices whose errors may be read (the unheard ones since session 44 too):

    nice -n 5 .venv/bin/python -m benchmarks.voice.prompt_echoes --said "call,pause"
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from voice.intents import is_action
from voice.parser import normalize
from voice.recognizers.whisper_backend import (
    PROMPT_ECHOES,
    WhisperRecognizer,
    echo_rival,
    near_reading_of,
)

from .corpus import NEW_VOICES, UNHEARD_VOICES, VALIDATION_VOICES, VOICES
from .soundalikes import clips

#: Where the unprompted leads are counted "at least" (nats).
LEADS = (1.0, 1.5, 2.0)
#: Where an echo under a bet read first is counted "within" (nats).
GAPS = (0.5, 1.0, 1.5)


def counted(values: Sequence[float], marks: Sequence[float], at_least: bool) -> str:
    """How many of ``values`` reach each mark (at least it, or within it).

    >>> counted([0.4, 1.2, 2.5], (1.0, 2.0), True), counted([0.4, 1.2], (0.5, 1.5), False)
    ('2 / 1', '1 / 2')
    """
    return " / ".join(str(sum((v >= m) if at_least else (v < m) for v in values))
                      for m in marks)


def row(said: str, leads: Sequence[float], gaps: Sequence[float]) -> str:
    """One table row.

    >>> row("call", [1.6, 0.3], [2.2])
    '| call | 2 | 1.6 | 1 / 1 / 0 | 1 | 2.2 | 0 / 0 / 0 |'
    """
    top = f"{max(leads):.1f}" if leads else "-"
    near = f"{min(gaps):.1f}" if gaps else "-"
    return (f"| {said} | {len(leads)} | {top} | {counted(leads, LEADS, True)} | {len(gaps)} "
            f"| {near} | {counted(gaps, GAPS, False)} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.prompt_echoes",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="call,pause", help="comma list of phrases said")
    args = ap.parse_args(argv)
    whisper = WhisperRecognizer()
    print('| said | "Pause." first, a bet under it | the bet\'s highest lead, no prompt '
          f'(nats) | leading by {" / ".join(f"{m:g}" for m in LEADS)} | a bet first, '
          '"Pause." under it | nearest (nats) | within '
          f'{" / ".join(f"{m:g}" for m in GAPS)} |')
    print("|---|---|---|---|---|---|---|")
    voices = (*VOICES, *NEW_VOICES, *VALIDATION_VOICES, *UNHEARD_VOICES)
    for said in args.said.split(","):
        leads: list[float] = []
        gaps: list[float] = []
        for pcm in clips(said, voices):
            whisper.decode(pcm.tobytes())
            judged = whisper.last
            if judged is None or not judged.readings:
                continue
            if echo_rival(judged.readings) is not None and judged.echo_gap is not None:
                leads.append(judged.echo_gap)
            best, lower = judged.readings[0], judged.readings[1:]
            echoes = [r.logprob for r in lower if tuple(normalize(r.command)) in PROMPT_ECHOES]
            if is_action(best.intent) and near_reading_of(best.command) is None and echoes:
                gaps.append(best.logprob - max(echoes))
        print(row(said, leads, gaps), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
