"""Judge saved Whisper readings again, at other settings, without decoding anything.

`run.py` keeps each clip's Whisper readings (text, log-probability, repair) in its rows;
this replays :func:`voice.recognizers.whisper_backend.judge` on them and summarizes the
outcomes exactly as `run.py` does.  For tuning the sure share on the tuned voices in
seconds instead of a decode of the corpus:

    python -m benchmarks.voice.rejudge --rows benchmarks/out/voice/w4-whisper-tuned.jsonl \\
        --sure-share 0.8,0.9,0.95

A combined run holds both engines' hearings, so ``--alone whisper,pocketsphinx`` also
gives each engine's figures by itself from the same decode (PocketSphinx's hypothesis and
Whisper's readings are what each alone would have heard).
"""

from __future__ import annotations

import argparse
import json
from itertools import product
from pathlib import Path
from typing import Any

from game.commands.say import say_result, situation_from_history
from game.phh import loads
from voice.intents import Unknown
from voice.parser import parse
from voice.recognizers.base import Hypothesis
from voice.recognizers.combined import (
    ALONE_TABLE_SLACK,
    CONFUSED_RIVAL_SLACK,
    DISAGREE_SLACK,
    RESCUE_SLACK,
    SIZED_RIVAL_SLACK,
    SURE_RESCUE_GAP,
    TABLE_RIVAL_SLACK,
    TALK_OVER_ECHO_ASKS,
    CombinedRecognizer,
    combine,
    evidence,
    talk_over_echo,
)
from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
from voice.recognizers.third_opinion import ANY_TEEN_WALLS, NEAR_HEARD_SLACK, with_plain
from voice.recognizers.whisper_backend import (
    SURE_SHARE,
    TALK_WEIGHT,
    Reading,
    WhisperRecognizer,
    judge,
    means_something_now,
)
from voice.resolver import ResolveContext

from .corpus import SITUATIONS
from .outcome import acted, label, with_pending
from .run import summarize_rows, table

#: The recognizer's own name for each of run.py's engine labels: the resolver's confusion
#: table is looked up by it.
RECOGNIZER_NAMES = {"combined": CombinedRecognizer.name, "whisper": WhisperRecognizer.name,
                    "pocketsphinx": PocketSphinxRecognizer.name}


def readings_of(row: dict, menu_open: bool = False) -> list[Reading]:
    """The row's Whisper readings as the recognizer judged them: a yes or no means
    something only in an answer to a "yes?" (the confirm family), a menu move only with
    ``menu_open`` (``run --menu-open``), as the recognizer was told when it heard the clip."""
    out = []
    for i, saved in enumerate(row.get("readings") or []):
        text, logprob, command, repaired, gap = saved[:5]
        verified = saved[5] if len(saved) > 5 else i == 0 or not repaired
        said = parse(command)
        if not means_something_now(said, row["family"] == "confirm", menu_open):
            said = Unknown(command, "")
        out.append(Reading(text, logprob, said, command, repaired, gap, verified))
    return out


def rejudged(row: dict, situations: dict, sure_share: float,
             rescue_slack: float = RESCUE_SLACK, sure_gap: float = SURE_RESCUE_GAP,
             talk_weight: float = TALK_WEIGHT, alone: str | None = None,
             disagree_slack: float | None = DISAGREE_SLACK, use_backing: bool = True,
             gap_rescues_amounts: bool = False,
             table_slack: float | None = TABLE_RIVAL_SLACK,
             doubted_rivals_ask: bool = True, sized_slack: float | None = SIZED_RIVAL_SLACK,
             doubted_tables_act: bool = False,
             alone_table_slack: float | None = ALONE_TABLE_SLACK,
             echo_check: bool = True, near_check: bool = True,
             confused_slack: float | None = CONFUSED_RIVAL_SLACK,
             unheard_settles: bool = True, one_word_asks: bool = True,
             echo_talk: bool = True, faint_words: bool = True,
             plain_talks: bool = True, trace: dict | None = None,
             third_opinion: bool = True, rescues: bool = True,
             votes: bool = True, near_heard: float | None = NEAR_HEARD_SLACK,
             any_teen_walls: bool = ANY_TEEN_WALLS) -> dict:
    """``row`` judged again; ``alone``: as that engine of a combined row heard it alone;
    ``echo_check``: a "Pause." read over a bet is heard again unprompted, where the row
    holds that score (``whisper_backend.ECHO_CHECK_LEAD``); ``near_check``: so is a "Pot."
    with "Pause." under it (``whisper_backend.NEAR_CHECK_LEAD``); ``unheard_settles``: a
    bet doubted only for that "Pause." acts where PocketSphinx heard nothing
    (``combined.UNHEARD_SETTLES_ECHO``); ``one_word_asks``: no bet is sure where Whisper's
    likeliest reading is one word of talk (``combined.ONE_WORD_TALK_ASKS``); ``echo_talk``:
    nor where talk read under that "Pause." led the bet unprompted, where the row holds that
    lead (``whisper_backend.ECHO_TALK_LEAD``, ``combined.TALK_OVER_ECHO_ASKS``);
    ``faint_words``: nor a bet or table command that is Whisper's likeliest reading,
    written faintly as one command word (``combined.FAINT_WORD_LOGPROB``); ``plain_talks``:
    nothing is heard where that reading is one word of talk written plainly
    (``combined.PLAIN_TALK_LOGPROB``); ``trace``: a combined row's two opinions are put
    in it as the pair weighed them ("whisper", "sphinx", "gap", "evidence", "judging":
    Whisper's judgement, PocketSphinx's hypothesis, the forced gap,
    :class:`combined.Evidence` and :func:`combine`'s other arguments), so that
    :mod:`benchmarks.voice.asks` can weigh them again with a piece left out;
    ``third_opinion``: the plain model's hearing, where the row holds one (it was asked
    only where the game's pair would ask, or heard nothing), settles or rescues as in the
    game (:mod:`voice.recognizers.third_opinion`); ``rescues``: also where the pair heard
    nothing (off: as in session 64); ``votes``: and where the pair asks about the fit's
    command while PocketSphinx heard another (off: as in session 65); ``near_heard``:
    and takes PocketSphinx's "pause" under the fit's "Pot." within this many nats where the
    plain model is sure of no command (None: as in session 66); ``any_teen_walls``: the
    plain model is walled off by any teen or -ty amount in doubt, not only the command
    taken (as in sessions 64-66)."""
    label_as = alone or row["engine"]
    engine = RECOGNIZER_NAMES.get(label_as, label_as)
    readings = readings_of(row)
    talk_lead = row.get("talk_lead") if echo_check and echo_talk else None
    hyp, _ = judge(readings, sure_share, engine, talk_weight, row.get("soundalike_gap"),
                   echo_gap=row.get("echo_gap") if echo_check else None, talk_lead=talk_lead)
    if alone == "pocketsphinx":
        text, confidence, _gap = row["sphinx"]
        hyp = Hypothesis(text, confidence, engine)
    elif "sphinx" in row and alone is None:  # the combined engine: both opinions again
        text, confidence, gap = row["sphinx"]
        sphinx = Hypothesis(text, confidence, "pocketsphinx")
        weighed = evidence(readings, hyp, sphinx, row["family"] == "confirm",
                           row.get("near_lead") if near_check else None,
                           row.get("echo_gap") if echo_check and unheard_settles else None,
                           talk_lead=talk_lead)
        weighed["backed"] = use_backing and weighed["backed"]
        weighed["talk_word"] = one_word_asks and weighed["talk_word"]
        weighed["faint_word"] = weighed["faint_word"] if faint_words else None
        weighed["plain_talk"] = plain_talks and weighed["plain_talk"]
        weighed["echo_talk"] = TALK_OVER_ECHO_ASKS and talk_over_echo(
            row.get("echo_gap") if echo_check else None, talk_lead)
        judging: dict[str, Any] = dict(
            rescue_slack=rescue_slack, sure_gap=sure_gap, disagree_slack=disagree_slack,
            gap_rescues_amounts=gap_rescues_amounts, table_slack=table_slack,
            doubted_rivals_ask=doubted_rivals_ask, sized_slack=sized_slack,
            doubted_tables_act=doubted_tables_act, table_rival=row.get("table_rival"),
            alone_table_slack=alone_table_slack, confused_slack=confused_slack, engine=engine)
        if trace is not None:
            trace.update(whisper=hyp, sphinx=sphinx, gap=gap, evidence=dict(weighed),
                         judging=judging)
        taken = combine(hyp, sphinx, gap, **weighed, **judging)
        if third_opinion:
            plain = Hypothesis(*row["plain"]) if "plain" in row else None
            free = row["family"] != "confirm"
            taken = with_plain(taken, hyp, sphinx, weighed["doubted_teens"], lambda: plain,
                               engine, votes=votes and free, rescues=rescues and free,
                               gap=gap, near_heard=near_heard,
                               any_teen_walls=any_teen_walls)
        hyp = taken
    situation = situations[row["situation"]]
    say = say_result(hyp.text, situation, confidence=hyp.confidence, engine=engine)
    if row["family"] == "confirm":
        say = with_pending(say, not ResolveContext(confidence=hyp.confidence).doubted)
    return dict(row, engine=label_as, outcome=label(say), acted=acted(say), transcript=hyp.text,
                confidence=hyp.confidence, confirm=say["confirm"],
                rules_confirm=bool(say_result(hyp.text, situation)["confirm"]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.rejudge", description=__doc__)
    ap.add_argument("--rows", required=True, help="comma list of run.py row files")
    ap.add_argument("--sure-share", default=str(SURE_SHARE), help="comma list of shares")
    ap.add_argument("--rescue-slack", default=str(RESCUE_SLACK),
                    help="combined rows: comma list of rescue slacks (nats)")
    ap.add_argument("--talk-weight", default=str(TALK_WEIGHT),
                    help="comma list of weights of talk readings below the best one")
    ap.add_argument("--sure-rescue-gap", default=str(SURE_RESCUE_GAP),
                    help="combined rows: comma list of sure-rescue gaps (nats; 0 turns it off)")
    ap.add_argument("--disagree-slack", default=str(DISAGREE_SLACK),
                    help="combined rows: comma list of nats ('None': PocketSphinx sure of "
                    "another command always makes it ask)")
    ap.add_argument("--no-backing", action="store_true",
                    help="combined rows: a rescue is not sure for its command being among "
                    "Whisper's readings (as before session 17)")
    ap.add_argument("--gap-rescues-amounts", action="store_true",
                    help="combined rows: an amount is rescued sure by the gap alone, "
                    "without Whisper's readings backing it (as before session 18)")
    ap.add_argument("--table-slack", default=str(TABLE_RIVAL_SLACK),
                    help="combined rows: comma list of nats by which PocketSphinx's doubted "
                    "rival must score under a sure table command ('None': any)")
    ap.add_argument("--doubted-rivals-stand", action="store_true",
                    help="combined rows: a rival PocketSphinx doubted never makes Whisper's "
                    "command ask (as before session 18)")
    ap.add_argument("--sized-slack", default=str(SIZED_RIVAL_SLACK),
                    help="combined rows: comma list of nats by which PocketSphinx's sure "
                    "amount must score under Whisper's for Whisper's to stand without a yes "
                    "('None': two amounts always ask)")
    ap.add_argument("--doubted-tables-act", action="store_true",
                    help="combined rows: a table or menu command the pair doubts acts "
                    "anyway instead of not being heard")
    ap.add_argument("--alone-table-slack", default=str(ALONE_TABLE_SLACK),
                    help="combined rows: comma list of nats by which a table command "
                    "PocketSphinx did not hear must outscore its likeliest betting rival "
                    "('None': it always stands, as before session 28)")
    ap.add_argument("--confused-slack", default=str(CONFUSED_RIVAL_SLACK),
                    help="combined rows: comma list of nats by which PocketSphinx's "
                    "confused words (\"jam\" for Whisper's check) must score under "
                    "Whisper's reading to be ruled out ('None': as any rival)")
    ap.add_argument("--no-echo-check", action="store_true",
                    help="a \"Pause.\" read over a bet is not heard again without the prompt "
                    "(as before session 46)")
    ap.add_argument("--no-near-check", action="store_true",
                    help="a \"Pot.\" with \"Pause.\" under it is not heard again without "
                    "the prompt (as before session 49)")
    ap.add_argument("--no-unheard-settles", action="store_true",
                    help="a bet doubted only for the \"Pause.\" read over it asks even where "
                    "PocketSphinx heard nothing (as before session 50)")
    ap.add_argument("--no-one-word-asks", action="store_true",
                    help="a bet may be sure where Whisper's likeliest reading is one word of "
                    "talk (\"Oh.\"; as before session 50)")
    ap.add_argument("--no-echo-talk", action="store_true",
                    help="a bet read under a \"Pause.\" may be sure though talk read there "
                    "led it unprompted (as before session 51)")
    ap.add_argument("--no-faint-words", action="store_true",
                    help="a one-word command Whisper wrote faintly may be sure "
                    "(combined.FAINT_WORD_LOGPROB, off)")
    ap.add_argument("--no-plain-talk", action="store_true",
                    help="PocketSphinx's command may be taken where Whisper's likeliest "
                    "reading is one word of talk written plainly (combined.PLAIN_TALK_LOGPROB, "
                    "off)")
    ap.add_argument("--no-third-opinion", action="store_true",
                    help="combined rows: the plain model's hearing, where a row holds one, "
                    "settles nothing (as before session 64)")
    ap.add_argument("--no-rescue", action="store_true",
                    help="combined rows: the plain model's hearing rescues nothing the pair "
                    "did not hear (as in session 64)")
    ap.add_argument("--no-vote", action="store_true",
                    help="combined rows: the plain model's hearing never chooses which command "
                    "asks (as in session 65)")
    ap.add_argument("--any-teen-walls", action="store_true",
                    help="combined rows: any teen or -ty amount in doubt walls the plain model "
                    "off, not only the command taken (as in sessions 64-66)")
    ap.add_argument("--near-heard-slack", default=str(NEAR_HEARD_SLACK),
                    help="combined rows: comma list of how far under the fit's \"Pot.\" "
                    "PocketSphinx's \"pause\" is taken where the plain model is sure of no "
                    "command (nats; None: only where it is sure of the pause, as in session 66)")
    ap.add_argument("--alone", default="",
                    help="combined rows: also judge them as these engines heard them alone "
                    "(comma list: whisper, pocketsphinx)")
    ap.add_argument("--by-voice", action="store_true",
                    help="a table for each voice (aggregates only, so the test voices too)")
    args = ap.parse_args(argv)
    rows = [json.loads(line) for f in args.rows.split(",")
            for line in Path(f).read_text().splitlines() if line]
    rows = [r for r in rows if "readings" in r]
    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    def values(arg: str) -> list[float]:
        return [float(s) for s in arg.split(",")]

    def optional(arg: str) -> list[float | None]:
        return [None if s == "None" else float(s) for s in arg.split(",")]

    engines = [None, *filter(None, args.alone.split(","))]
    for (share, slack, sure, talk, apart, tables, amounts, alone_tables, confused,
         near) in product(
            values(args.sure_share), values(args.rescue_slack), values(args.sure_rescue_gap),
            values(args.talk_weight), optional(args.disagree_slack),
            optional(args.table_slack), optional(args.sized_slack),
            optional(args.alone_table_slack), optional(args.confused_slack),
            optional(args.near_heard_slack)):
        again = [rejudged(r, situations, share, slack, sure, talk, alone, apart,
                          not args.no_backing, args.gap_rescues_amounts, tables,
                          not args.doubted_rivals_stand, amounts, args.doubted_tables_act,
                          alone_tables, not args.no_echo_check, not args.no_near_check,
                          confused, not args.no_unheard_settles, not args.no_one_word_asks,
                          not args.no_echo_talk, not args.no_faint_words,
                          not args.no_plain_talk, third_opinion=not args.no_third_opinion,
                          rescues=not args.no_rescue, votes=not args.no_vote,
                          near_heard=near, any_teen_walls=args.any_teen_walls)
                 for alone in engines for r in rows if alone is None or "sphinx" in r]
        print(f"sure share {share}, rescue slack {slack}, sure rescue gap {sure}, talk weight "
              f"{talk}, disagree slack {apart}, gap rescues amounts "
              f"{args.gap_rescues_amounts}, table slack {tables}, doubted rivals ask "
              f"{not args.doubted_rivals_stand}, sized slack {amounts}, doubted tables act "
              f"{args.doubted_tables_act}, alone table slack {alone_tables}, echo check "
              f"{not args.no_echo_check}, near check {not args.no_near_check}, confused "
              f"slack {confused}, nothing heard settles an echo "
              f"{not args.no_unheard_settles}, one word of talk asks "
              f"{not args.no_one_word_asks}, talk over an echo asks "
              f"{not args.no_echo_talk}, faint words ask {not args.no_faint_words}, "
              f"plain talk heard as talk {not args.no_plain_talk}, third opinion "
              f"{not args.no_third_opinion}, rescues {not args.no_rescue}, votes "
              f"{not args.no_vote}, near command heard within {near}, any teen walls "
              f"{args.any_teen_walls}")
        voices = sorted({r["voice"] for r in again}) if args.by_voice else [None]
        for voice in voices:
            if voice is not None:
                print(f"voice {voice}")
            print(table(summarize_rows([r for r in again if voice in (None, r["voice"])])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
