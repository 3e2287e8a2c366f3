"""The prompt's last word read for a bet, and a bet read for it: where Whisper writes
"Pause." (`whisper_backend.PROMPT_ECHOES`) first with a bet under it, how far its decoder
with no prompt puts the bet ahead (`ECHO_CHECK_LEAD`); where it writes a bet first with
"Pause." under it, how near (`PROMPT_ECHO_GAP`, `CALL_ECHO_GAP`) — by what was said; and
(``--near``) where it writes "Pot." first with "Pause." under it, how far its decoder with
no prompt puts "Pot." ahead (`NEAR_CHECK_LEAD`).
Only voices whose errors may be read (the unheard ones since session 44 too):

    nice -n 5 .venv/bin/python -m benchmarks.voice.prompt_echoes --said "call,pause"
    nice -n 5 .venv/bin/python -m benchmarks.voice.prompt_echoes --said "call,pause" --pair
    nice -n 5 .venv/bin/python -m benchmarks.voice.prompt_echoes --said "pot,pause" --near
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from voice.intents import Unknown, is_action
from voice.parser import parse
from voice.recognizers.combined import NEAR_READING_DOUBT_SLACK
from voice.recognizers.whisper_backend import (
    ECHO_CHECK_LEAD,
    ECHO_DOUBT_LEAD,
    WhisperRecognizer,
    echo_rival,
    is_echo,
    near_other_reading,
    near_reading_of,
    near_rival,
)

from .corpus import READABLE_VOICES, Voice
from .soundalikes import clips

#: Where the unprompted leads are counted "at least" (nats).
LEADS = (1.0, 1.5, 2.0)
#: Where an echo under a bet read first is counted "within" (nats).
GAPS = (0.5, 1.0, 1.5)
#: Where the unprompted leads of "Pot." over "Pause." are counted "at least" (nats).
NEAR_LEADS = (5.5, 6.0, 6.5, 7.0)


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


def pair_row(said: str, heard: Sequence[tuple[float, str]]) -> str:
    """One row of the ``--pair`` table: of the clips with a bet under a best-read "Pause.",
    by how far the bet leads with no prompt, what PocketSphinx heard (``same``: the bet's
    meaning; ``other``: another command; ``none``), counted as "clips (same / other / none)".

    >>> pair_row("call", [(-0.4, "same"), (0.2, "same"), (0.9, "none"), (1.7, "other")])
    '| call | 1 (1 / 0 / 0) | 2 (1 / 0 / 1) | 1 (0 / 1 / 0) |'
    """
    bands = ((-math.inf, ECHO_DOUBT_LEAD), (ECHO_DOUBT_LEAD, ECHO_CHECK_LEAD),
             (ECHO_CHECK_LEAD, math.inf))
    cells = []
    for low, high in bands:
        kinds = [kind for lead, kind in heard if low <= lead < high]
        cells.append(f"{len(kinds)} (" + " / ".join(
            str(kinds.count(k)) for k in ("same", "other", "none")) + ")")
    return f"| {said} | " + " | ".join(cells) + " |"


def near_row(said: str, leads: Sequence[float]) -> str:
    """One row of the ``--near`` table.

    >>> near_row("pot", [3.6, 6.6, 7.2])
    '| pot | 3 | 3.6 | 7.2 | 2 / 2 / 2 / 1 |'
    """
    low = f"{min(leads):.1f}" if leads else "-"
    top = f"{max(leads):.1f}" if leads else "-"
    return f"| {said} | {len(leads)} | {low} | {top} | {counted(leads, NEAR_LEADS, True)} |"


def near_leads(said: str, voices: Sequence[Voice], whisper: WhisperRecognizer) -> list[float]:
    """For each clip of ``said`` Whisper read first in words of :data:`NEAR_READINGS`
    ("Pot.") with the other command ("Pause.") within ``NEAR_READING_DOUBT_SLACK`` under
    it: how far its decoder with no prompt put the first ahead (``Judgement.near_lead``)."""
    leads = []
    for pcm in clips(said, voices):
        whisper.decode(pcm.tobytes())
        judged = whisper.last
        if judged is None or not judged.readings or judged.near_lead is None:
            continue
        best = judged.readings[0]
        scored = near_rival(judged.readings)  # what the lead was scored for
        if scored is not None and scored[0] is best and near_other_reading(
                judged.readings, best, NEAR_READING_DOUBT_SLACK or 0.0):
            leads.append(judged.near_lead)
    return leads


def pair_opinions(said: str, voices: Sequence[Voice]) -> list[tuple[float, str]]:
    """For each clip of ``said`` the pair heard with a bet under Whisper's best-read
    "Pause.": the bet's unprompted lead and what PocketSphinx heard of it."""
    from voice.recognizers.combined import CombinedRecognizer

    pair = CombinedRecognizer()
    heard = []
    for pcm in clips(said, voices):
        pair.decode(pcm.tobytes())
        judged, opinion = pair.whisper.last, pair.last_opinion
        if judged is None or judged.echo_gap is None:
            continue
        rival = echo_rival(judged.readings)
        if rival is None:
            continue
        sphinx = parse(opinion[0].text) if opinion is not None else None
        kind = ("none" if sphinx is None or isinstance(sphinx, Unknown) else
                "same" if sphinx == rival.intent else "other")
        heard.append((judged.echo_gap, kind))
    return heard


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.prompt_echoes",
                                 description=__doc__.splitlines()[0])
    ap.add_argument("--said", default="call,pause", help="comma list of phrases said")
    ap.add_argument("--near", action="store_true",
                    help='where "Pot." was read first with "Pause." under it: how far the '
                    "decoder with no prompt puts it ahead")
    ap.add_argument("--pair", action="store_true",
                    help="decode with the pair instead: what PocketSphinx heard where the "
                    "bet under a best-read \"Pause.\" leads by under ECHO_DOUBT_LEAD, up to "
                    "ECHO_CHECK_LEAD, and beyond")
    args = ap.parse_args(argv)
    if args.near:
        print('| said | "Pot." first, "Pause." within '
              f'{NEAR_READING_DOUBT_SLACK:g} nats under it | lowest lead, no prompt (nats) '
              f'| highest | leading by {" / ".join(f"{m:g}" for m in NEAR_LEADS)} |')
        print("|---|---|---|---|---|")
        near_whisper = WhisperRecognizer()
        for said in args.said.split(","):
            print(near_row(said, near_leads(said, READABLE_VOICES, near_whisper)), flush=True)
        return 0
    if args.pair:
        print("clips with a bet under Whisper's best-read \"Pause.\", by the bet's lead with "
              "no prompt (nats): how many (PocketSphinx heard the bet / another command / "
              "nothing)")
        print(f"| said | lead < {ECHO_DOUBT_LEAD:g} | {ECHO_DOUBT_LEAD:g} to "
              f"{ECHO_CHECK_LEAD:g} | ≥ {ECHO_CHECK_LEAD:g} |")
        print("|---|---|---|---|")
        for said in args.said.split(","):
            print(pair_row(said, pair_opinions(said, READABLE_VOICES)), flush=True)
        return 0
    whisper = WhisperRecognizer()
    print('| said | "Pause." first, a bet under it | the bet\'s highest lead, no prompt '
          f'(nats) | leading by {" / ".join(f"{m:g}" for m in LEADS)} | a bet first, '
          '"Pause." under it | nearest (nats) | within '
          f'{" / ".join(f"{m:g}" for m in GAPS)} |')
    print("|---|---|---|---|---|---|---|")
    for said in args.said.split(","):
        leads: list[float] = []
        gaps: list[float] = []
        for pcm in clips(said, READABLE_VOICES):
            whisper.decode(pcm.tobytes())
            judged = whisper.last
            if judged is None or not judged.readings:
                continue
            if judged.echo_gap is not None:  # scored only where a bet was under the echo
                leads.append(judged.echo_gap)
            best, lower = judged.readings[0], judged.readings[1:]
            echoes = [r.logprob for r in lower if is_echo(r.command)]
            if is_action(best.intent) and near_reading_of(best.command) is None and echoes:
                gaps.append(best.logprob - max(echoes))
        print(row(said, leads, gaps), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
