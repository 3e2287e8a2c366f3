"""Run the spoken-command benchmark: every clip through recognizer -> parser -> resolver.

    nice -n 10 .venv/bin/python -m benchmarks.voice.run   # render if needed, run, RESULTS.md
    .venv/bin/python -m benchmarks.voice.run --voices tuned --conditions clean --no-write

Each clip is streamed in 100 ms chunks, as the microphone listener feeds the recognizer.
Latency is measured from the moment the last chunk of the utterance is delivered (the VAD's
end of speech) to the resolved ``say`` object: the last ``accept`` + ``final()`` + parse +
resolve, plus any backlog if decoding ran slower than real time.  The VAD's own hangover
(how long it waits in silence before it calls the utterance over) comes on top and is a
setting, reported separately.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import wave
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from game.commands.say import say_result, situation_from_history
from game.phh import loads
from voice.recognizers.base import UNKNOWN, Hypothesis
from voice.resolver import ResolveContext

from .corpus import (
    ALL_CONDITIONS,
    ALL_VOICES,
    GROUP_OF,
    GROUPS,
    SCORED_ONLY,
    SITUATIONS,
    VOICES,
)
from .outcome import acted, cheap_right, is_acting, label, with_pending
from .synth import (
    ACCENTED_MANIFEST,
    BLIND_MANIFEST,
    EXTRA_MANIFESTS,
    FRESH_MANIFEST,
    UNHEARD_MANIFEST,
    VALIDATION_MANIFESTS,
    render,
    render_accented,
    render_blind,
    render_extra,
    render_fresh,
    render_unheard,
    render_validation,
    stale,
)

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "benchmarks" / "out" / "voice"
RESULTS = Path(__file__).with_name("RESULTS.md")
CHUNK = 3200  # 100 ms of 16 kHz int16


def make_recognizer(engine: str, args: argparse.Namespace):
    if engine == "pocketsphinx":
        from voice.recognizers import sphinx_calls
        from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer

        sphinx_calls.DIRECT = getattr(args, "direct_calls", sphinx_calls.DIRECT)
        cmn = getattr(args, "cmn_frames", None)  # None: the tuned one
        extra = {} if cmn is None else {"cmn_frames": None if cmn <= 0 else cmn}
        return PocketSphinxRecognizer(
            garbage_weight=None if args.garbage_weight <= 0 else args.garbage_weight,
            strict_weight=None if args.strict_weight <= 0 else args.strict_weight,
            other_weight=None if args.other_weight <= 0 else args.other_weight,
            other_words=args.other_words,
            rival_weight=None if args.rival_weight <= 0 else args.rival_weight,
            amount_rival_weight=(None if args.amount_rival_weight <= 0
                                 else args.amount_rival_weight),
            config=dict(args.decoder) or None,
            word_insertion=None if args.word_insertion <= 0 else args.word_insertion,
            **extra,
        )
    if engine == "whisper":
        from voice.recognizers.whisper_backend import WhisperRecognizer

        return WhisperRecognizer(window_s=args.whisper_window, beam=args.whisper_beam,
                                 n_best=args.whisper_beam, threads=args.whisper_threads,
                                 sure_share=args.whisper_sure_share,
                                 repair_slack=args.whisper_repair_slack,
                                 speculate=not args.no_speculate)
    if engine == "combined":
        from voice.recognizers.combined import CombinedRecognizer

        pair = CombinedRecognizer(make_recognizer("whisper", args),
                                  make_recognizer("pocketsphinx", args),
                                  rescue_slack=args.rescue_slack)
        pair.sphinx_ends_ahead = args.sphinx_ahead
        pair.sure_agreement_settles = args.sure_settles
        pair.sphinx_verifies_ahead = args.verify_ahead
        pair.looks_after_answer = getattr(args, "look_after", pair.looks_after_answer)
        return pair
    from voice.recognizers import open_recognizer

    return open_recognizer(engine)


def decoder_setting(text: str) -> tuple[str, object]:
    """One ``--decoder KEY=VALUE``: a PocketSphinx setting, its value a number if it reads
    as one (beam widths are floats, HMM caps integers).

    >>> decoder_setting("beam=1e-40"), decoder_setting("maxhmmpf=-1")
    (('beam', 1e-40), ('maxhmmpf', -1))
    """
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, value


def run_clip(
    rec, path: Path, situation, confirm_pending: bool = False, realtime: bool = False,
    menu_open: bool = False,
) -> tuple[dict, float, float]:
    """(say object, latency ms, real-time factor) for one clip.

    ``confirm_pending``: the clip answers a "yes?" (the confirm family), so the recognizer
    listens for yes/no too, as the game's listener does while a confirmation waits.
    ``realtime``: :func:`heard_live` instead — the clip as the game's listener hears it.
    ``menu_open``: the moves in a menu listened for too; the corpus is said at the table
    with no menu open, where the game has the recognizer leave them out.
    """
    with wave.open(str(path)) as w:
        pcm = w.readframes(w.getnframes())
    rec.expect_confirmation(confirm_pending)
    rec.expect_menu(menu_open)
    if realtime:
        hyp, ms, rtf = heard_live(rec, pcm)
    else:
        hyp, ms, rtf = _heard_at_once(rec, pcm)
    say = say_result(hyp.text, situation, confidence=hyp.confidence, engine=rec.name)
    if confirm_pending:
        say = with_pending(say, not ResolveContext(confidence=hyp.confidence).doubted)
    say["transcript"] = hyp.text
    say["confidence"] = hyp.confidence
    say["final_ms"] = ms
    # would the rules ask "yes?" for these words anyway (an all-in, a big bet)?
    say["rules_confirm"] = bool(say_result(hyp.text, situation)["confirm"])
    judged = getattr(rec, "last", None)
    if judged is not None:  # Whisper: its readings, to re-judge offline at other thresholds
        say["readings"] = [[r.text, round(r.logprob, 4), r.command, r.repaired,
                            round(r.repair_gap, 4), r.verified] for r in judged.readings]
        say["timings_ms"] = {k: round(v, 1) for k, v in judged.timings_ms.items()}
        if judged.soundalike_gap is not None:
            say["soundalike_gap"] = round(judged.soundalike_gap, 4)
        if judged.echo_gap is not None:
            say["echo_gap"] = round(judged.echo_gap, 4)
        if judged.near_lead is not None:
            say["near_lead"] = round(judged.near_lead, 4)
        if judged.talk_lead is not None:
            say["talk_lead"] = round(judged.talk_lead, 4)
    opinion = getattr(rec, "last_opinion", None)
    if opinion is not None:  # combined: PocketSphinx's words and Whisper's score of them
        say["sphinx"] = [opinion[0].text, opinion[0].confidence, opinion[1]]
        if not rec.sphinx.looked:  # finished behind (either verdict gave this outcome):
            from voice.recognizers.pocketsphinx_backend import HIGH_CONFIDENCE, LOW_CONFIDENCE

            verdict = rec.sphinx.finish_look()  # its own, for rejudge's other rules
            say["sphinx"][1] = HIGH_CONFIDENCE if verdict else LOW_CONFIDENCE
            say["sphinx_behind"] = True
    plain = getattr(rec, "last_plain", None)
    if plain is not None:  # combined: the third opinion, where it was asked
        say["plain"] = [plain.text, plain.confidence]
    table_rival = getattr(rec, "last_table_rival", None)
    if table_rival is not None:  # combined: a table command's likeliest betting rival
        say["table_rival"] = round(table_rival, 4)
    return say, ms, rtf


def _heard_at_once(rec, pcm: bytes) -> tuple[Hypothesis, float, float]:
    """Chunks as fast as the recognizer takes them; the clip's end is the end of speech.
    Latency is the last chunk and ``final()``, plus any backlog had streaming been slower
    than real time."""
    duration = len(pcm) / 32000
    chunks = [pcm[i:i + CHUNK] for i in range(0, len(pcm), CHUNK)]
    t0 = time.perf_counter()
    for chunk in chunks[:-1]:
        rec.accept(chunk)
    streamed = time.perf_counter() - t0
    t1 = time.perf_counter()
    rec.accept(chunks[-1])
    hyp = rec.final()
    tail = time.perf_counter() - t1
    backlog = max(0.0, streamed - (duration - CHUNK / 32000))
    return hyp, 1000 * (tail + backlog), (streamed + tail) / duration


def heard_live(rec, pcm: bytes) -> tuple[Hypothesis, float, float]:
    """The clip as the game's listener hears it: 100 ms chunks at the microphone's pace
    through the listener's voice detector (:func:`voice.vad.best_vad`), the recognizer fed
    the utterance it finds and ended where the detector ends it.  Latency runs from the
    chunk that ended the utterance to the result, so what a recognizer does while the
    phrase's tail is still coming in (decoding ahead) counts as in a game."""
    from voice.vad import SpeechEnded, SpeechFrame, SpeechStarted, best_vad

    vad = best_vad()
    started = False
    t0 = time.perf_counter()
    for i in range(0, len(pcm), CHUNK):
        time.sleep(max(0.0, t0 + i / 32000 - time.perf_counter()))
        for ev in vad.feed(pcm[i:i + CHUNK]):
            if isinstance(ev, SpeechStarted):
                started = True
                rec.accept(ev.pcm)
            elif isinstance(ev, SpeechFrame) and started:
                rec.accept(ev.pcm)
            elif isinstance(ev, SpeechEnded) and started:
                t1 = time.perf_counter()
                hyp = rec.final()
                return hyp, 1000 * (time.perf_counter() - t1), 0.0
    if not started:  # the detector heard no speech: nothing reaches the recognizer
        return Hypothesis(UNKNOWN, 0.0, rec.name), 0.0, 0.0
    t1 = time.perf_counter()
    hyp = rec.final()
    return hyp, 1000 * (time.perf_counter() - t1), 0.0


def _acted(row: dict) -> bool:
    """The game changed something (rows saved before ``acted`` was recorded: by label)."""
    return row["acted"] if "acted" in row else is_acting(row["outcome"])


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def summarize(rows: list[dict]) -> dict:
    n = len(rows)
    commands = [r for r in rows if r["expected"] is not None]
    chatter = [r for r in rows if r["expected"] is None]
    exact = sum(r["outcome"] == r["expected"] for r in rows)
    wrong = sum(r["outcome"] != r["expected"] and r["outcome"] is not None for r in rows)
    wrong_action = sum(_acted(r) and r["outcome"] != r["expected"] for r in rows)
    unconfirmed = sum(
        _acted(r) and r["outcome"] != r["expected"] and not r["confirm"] for r in rows
    )
    missed = sum(r["outcome"] is None for r in commands)
    # right betting actions the rules would not confirm, asked about all the same
    cheap = [r for r in rows if cheap_right(r)]
    needless = sum(bool(r["confirm"]) for r in cheap)
    lat = [r["latency_ms"] for r in rows]
    tail = [r["final_ms"] for r in rows if "final_ms" in r]
    return {
        "n": n,
        "exact": exact / n if n else 0.0,
        "wrong": wrong / n if n else 0.0,
        "wrong_action": wrong_action / n if n else 0.0,
        "wrong_action_count": wrong_action,
        "wrong_unconfirmed": unconfirmed / n if n else 0.0,
        "wrong_unconfirmed_count": unconfirmed,
        "didnt_catch": missed / len(commands) if commands else 0.0,
        "chatter_acted": sum(_acted(r) for r in chatter),
        "chatter_n": len(chatter),
        "confirm": sum(bool(r["confirm"]) for r in rows) / n if n else 0.0,
        "needless": needless / len(cheap) if cheap else float("nan"),
        "latency_p50": _pct(lat, 0.5),
        "latency_p95": _pct(lat, 0.95),
        "final_p50": _pct(tail, 0.5),
        "final_p95": _pct(tail, 0.95),
        "rtf_mean": statistics.fmean(r["rtf"] for r in rows) if rows else 0.0,
    }


def summarize_rows(rows: list[dict]) -> dict[str, dict[str, dict]]:
    """engine -> "voices/condition" -> summary, plus "all" voices per condition."""
    groups: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for r in rows:
        voices = r.get("group") or ("held-out" if r["held_out"] else "tuned")
        groups[r["engine"]][f"{voices}/{r['condition']}"].append(r)
        groups[r["engine"]][f"all/{r['condition']}"].append(r)
    return {
        engine: {k: summarize(v) for k, v in sorted(g.items(), key=_order)}
        for engine, g in groups.items()
    }


def _order(item: tuple[str, list]) -> tuple[int, int]:
    voices, cond = item[0].split("/")
    return ([*GROUPS, "all"].index(voices), list(ALL_CONDITIONS).index(cond))


#: The clips beside the corpus: for which voice groups, in which manifests, rendered how
#: (each looked up when called, so that a test can stand in for it).
_EXTRAS: tuple[tuple[tuple[str, ...], tuple[str, ...], str, Callable[[Path], object]], ...] = (
    (("tuned", "held-out", "new"), EXTRA_MANIFESTS, "the room and new voices (flite + sox)",
     lambda out: render_extra(out)),
    (("validation",), VALIDATION_MANIFESTS,
     "the validation voices (Festival HTS, Praat, DECtalk + sox)",
     lambda out: render_validation(out)),
    (("unheard",), (UNHEARD_MANIFEST,), "the test voices (Piper, Festival + sox)",
     lambda out: render_unheard(out)),
    (("accented",), (ACCENTED_MANIFEST,), "the accented voices (Kokoro + sox)",
     lambda out: render_accented(out)),
    (("fresh",), (FRESH_MANIFEST,), "the fresh test voices (DECtalk, hibari + sox)",
     lambda out: render_fresh(out)),
    (("blind",), (BLIND_MANIFEST,), "the blind test voices (DECtalk, hibari, Praat + sox)",
     lambda out: render_blind(out)),
)


def load_manifest(out: Path, extra: bool = True, voices: str = "all") -> list[dict]:
    """The corpus's clips, and (``extra``) the reverberant room, the new voices, the test
    voices and the accented ones: those of the ``voices`` group (all: every one), each
    rendered the first time it is asked for, and its new clips when the corpus grows."""
    if stale(out, "manifest.jsonl"):
        print(f"rendering the corpus into {out} (espeak-ng + sox) ...", file=sys.stderr)
        render(out)
    names = ["manifest.jsonl"]
    if not extra:
        return _rows(out, names)
    for groups, manifests, what, render_them in _EXTRAS:
        if voices != "all" and voices not in groups:
            continue
        if any(stale(out, name) for name in manifests):
            print(f"rendering {what} into {out} ...", file=sys.stderr)
            render_them(out)
        names += manifests
    return _rows(out, names)


def _rows(out: Path, names: list[str]) -> list[dict]:
    return [json.loads(line) for name in names
            for line in (out / name).read_text().splitlines() if line]


def _sampled(row: dict, every: int) -> bool:
    """Every ``every``-th utterance, rotating over voices and speeds from phrase to phrase."""
    n = int(row["id"][1:]) - 1
    per_phrase = len(VOICES) * 2
    return (n + n // per_phrase) % every == 0


def select(
    rows: list[dict], voices: str, conditions: list[str], limit: int, every: int = 1,
    by_speaker: bool = False, shuffle: int | None = None, speaker: str | None = None,
    said: frozenset[str] | None = None,
) -> list[dict]:
    if said is not None:
        rows = [r for r in rows if r["text"] in said]
    if every > 1:
        rows = [r for r in rows if _sampled(r, every)]
    if voices != "all":
        rows = [r for r in rows if GROUP_OF[r["voice"]] == voices]
    if speaker is not None:
        rows = [r for r in rows if r["voice"] == speaker]
    rows = [r for r in rows if r["condition"] in conditions]
    if by_speaker:
        # One speaker at a time, as a player's microphone hears them: the recognizer's
        # running noise and cepstral-mean estimates settle on that voice.
        order = {v.name: i for i, v in enumerate(ALL_VOICES)}
        rows = sorted(rows, key=lambda r: (order[r["voice"]], r["condition"], r["id"]))
    if shuffle is not None:
        # The manifest lists each phrase by every voice in turn, phrases of one family
        # together: one order of many that a running estimate (PocketSphinx's cepstral
        # mean) can meet. A seeded random order, within each voice with by_speaker, as a
        # game mixes its commands: how much of a change's figures is the order's.
        rng = random.Random(shuffle)
        blocks: dict[str, list[dict]] = {}
        for r in rows:
            blocks.setdefault(r["voice"] if by_speaker else "", []).append(r)
        rows = []
        for block in blocks.values():
            rng.shuffle(block)
            rows.extend(block)
    return rows[:limit] if limit else rows


def table(results: dict[str, dict[str, dict]]) -> str:
    head = (
        "| engine | voices | condition | n | exact | wrong action (without a yes) | other wrong "
        "| didn't catch "
        "| chit-chat acted | asked to confirm | right but asked needlessly "
        "| latency p50 / p95 ms | of which final()+resolve p50 / p95 ms | x real time |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    lines = []
    for engine, groups in results.items():
        for key, s in groups.items():
            voices, cond = key.split("/")
            lines.append(
                f"| {engine} | {voices} | {cond} | {s['n']} | {100 * s['exact']:.1f} % "
                f"| {100 * s['wrong_action']:.2f} % ({s['wrong_action_count']}; "
                f"{s['wrong_unconfirmed_count']} without a yes) "
                f"| {100 * (s['wrong'] - s['wrong_action']):.1f} % "
                f"| {100 * s['didnt_catch']:.1f} % | {s['chatter_acted']} / {s['chatter_n']} "
                f"| {100 * s['confirm']:.1f} % | {100 * s['needless']:.1f} % "
                f"| {s['latency_p50']:.0f} / {s['latency_p95']:.0f} "
                f"| {s['final_p50']:.0f} / {s['final_p95']:.0f} | {s['rtf_mean']:.2f} |"
            )
    return head + "\n".join(lines) + "\n"


def _hearings(engines: list[str], rows: list[dict], args: argparse.Namespace):
    """(engine, row, recognizer) for every clip: a fresh recognizer for each engine and
    condition, as a player's session is in one room.  PocketSphinx adapts to the room as
    it goes (its running cepstral mean); clips alternating between a quiet and a noisy room
    would measure it moving between them, not hearing either (15 dB: 92 % one room at a
    time, 80 % alternating, tuned voices).  None for an engine that cannot load here."""
    for engine in engines:
        for condition in dict.fromkeys(r["condition"] for r in rows):
            try:
                rec = make_recognizer(engine, args)
            except Exception as exc:  # noqa: BLE001 - report any unavailable engine, go on
                print(f"{engine}: unavailable: {exc}", file=sys.stderr)
                rec = None
            for row in rows:
                if row["condition"] == condition:
                    yield engine, row, rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.run", description=__doc__)
    ap.add_argument("--engines", default="pocketsphinx",
                    help="comma list: pocketsphinx,whisper,combined,vosk")
    ap.add_argument("--voices", choices=["all", *GROUPS], default="all",
                    help="tuned: the espeak-ng voices tuned on; held-out: the two espeak-ng "
                    "voices kept out of PocketSphinx's tuning; new: the flite voices (their "
                    "errors read since session 17; the table fit learns from them since "
                    "session 36); validation: Festival's HTS voice, a synthesizer no fit or "
                    "setting has heard, the same recast deep and high by Praat, and five "
                    "DECtalk voices the test does not use, their errors read to choose rules "
                    "(sessions 39-41); unheard: "
                    "the Piper and Festival voices, the test until session 41, their errors "
                    "read since session 44; accented: "
                    "Kokoro's Japanese voices speaking English, only ever scored; fresh: "
                    "DECtalk's and hibari's voices, the blind test in sessions 41-67, only "
                    "ever scored; blind: DECtalk's and hibari's voices made new speakers, "
                    "the blind test since session 68, only ever scored")
    ap.add_argument("--speaker", choices=[v.name for v in ALL_VOICES], default=None,
                    help="only this voice's clips (of its group, as --voices)")
    ap.add_argument("--said", default=None,
                    help="comma list: only the clips saying these phrases (a phrase added "
                    "to the corpus, scored beside rows decoded before it)")
    ap.add_argument("--conditions", default=",".join(ALL_CONDITIONS))
    ap.add_argument("--limit", type=int, default=0, help="first N clips only (smoke runs)")
    ap.add_argument("--every", type=int, default=1,
                    help="only every N-th utterance (rotating voices/speeds): a quicker run")
    ap.add_argument("--garbage-weight", type=float, default=None,
                    help="PocketSphinx rejection prior (0: no rejection); default: the tuned one")
    ap.add_argument("--strict-weight", type=float, default=None,
                    help="PocketSphinx second-opinion prior (0: none); default: the tuned one")
    ap.add_argument("--other-weight", type=float, default=None,
                    help="PocketSphinx out-of-vocabulary word loop prior (0: none); "
                    "default: the tuned one")
    ap.add_argument("--other-words", type=int, default=None,
                    help="how many common words the loop holds; default: the tuned number")
    ap.add_argument("--rival-weight", type=float, default=None,
                    help="PocketSphinx prior of a short command against its rivals in the "
                    "second look (0: no rival check); default: the tuned one")
    ap.add_argument("--amount-rival-weight", type=float, default=None,
                    help="PocketSphinx prior of a longer command's amount against the amounts "
                    "one number word away (0: no amount check); default: the tuned one")
    ap.add_argument("--word-insertion", type=float, default=None,
                    help="PocketSphinx word insertion penalty of the main decoder (0: "
                    "PocketSphinx's own); default: the tuned one")
    ap.add_argument("--cmn-frames", type=int, default=None,
                    help="PocketSphinx: the weight in frames the running cepstral mean keeps "
                    "against each utterance (0: PocketSphinx's own pace); default: the "
                    "tuned one")
    ap.add_argument("--decoder", type=decoder_setting, action="append", default=[],
                    metavar="KEY=VALUE",
                    help="a PocketSphinx decoder setting for every decoder of the recognizer "
                    "(beam=1e-40, pbeam=1e-40, maxhmmpf=-1); repeatable")
    from voice.recognizers import whisper_backend as wb

    ap.add_argument("--whisper-window", type=float, default=wb.WINDOW_S,
                    help="Whisper's encoder window in seconds (30: Whisper's own)")
    ap.add_argument("--whisper-beam", type=int, default=wb.BEAM,
                    help="Whisper's beam width (and readings judged)")
    ap.add_argument("--whisper-threads", type=int, default=wb.THREADS)
    ap.add_argument("--no-speculate", action="store_true",
                    help="Whisper decodes only when the utterance ends, not ahead on its "
                    "quiet tail")
    ap.add_argument("--realtime", action="store_true",
                    help="hear each clip as the game's listener does: at the microphone's "
                    "pace, through its voice detector (slow: the clips' length)")
    ap.add_argument("--whisper-sure-share", type=float, default=wb.SURE_SHARE,
                    help="share of the readings' probability a sure command needs")
    ap.add_argument("--whisper-repair-slack", type=float, default=wb.REPAIR_SLACK,
                    help="nats a repaired reading may lose to Whisper's own and still count")
    from voice.recognizers.combined import (
        RESCUE_SLACK,
        SPHINX_ENDS_AHEAD,
        SPHINX_VERIFIES_AHEAD,
        SURE_AGREEMENT_SETTLES,
    )

    ap.add_argument("--sphinx-ahead", action=argparse.BooleanOptionalAction,
                    default=SPHINX_ENDS_AHEAD,
                    help="combined: PocketSphinx ends the utterance where Whisper decodes "
                    "ahead, and judges it during the hangover")
    ap.add_argument("--verify-ahead", action=argparse.BooleanOptionalAction,
                    default=SPHINX_VERIFIES_AHEAD,
                    help="combined: PocketSphinx begins its second look where Whisper "
                    "decodes ahead")
    from voice.recognizers.combined import LOOKS_AFTER_ANSWER

    ap.add_argument("--look-after", "--skip-looks", dest="look_after",
                    action=argparse.BooleanOptionalAction, default=LOOKS_AFTER_ANSWER,
                    help="combined: PocketSphinx finishes its second look after the pair "
                    "answers where neither verdict would change what the pair takes "
                    "(--skip-looks: its name in sessions 58-59)")
    from voice.recognizers.sphinx_calls import DIRECT

    ap.add_argument("--direct-calls", action=argparse.BooleanOptionalAction, default=DIRECT,
                    help="PocketSphinx decodes through its C library, Python's lock free "
                    "meanwhile (--no-direct-calls: the wheel's methods, which hold it)")
    ap.add_argument("--sure-settles", action=argparse.BooleanOptionalAction,
                    default=SURE_AGREEMENT_SETTLES,
                    help="combined: PocketSphinx's doubted command that Whisper is sure of "
                    "is not decoded again in the utterance's own room")
    ap.add_argument("--rescue-slack", type=float, default=RESCUE_SLACK,
                    help="combined: nats PocketSphinx's command may lose to Whisper's own "
                    "reading and still be taken (asking yes)")
    ap.add_argument("--by-speaker", action="store_true",
                    help="play the clips one voice at a time (as one player's session) "
                    "instead of interleaving voices from clip to clip")
    ap.add_argument("--shuffle", type=int, default=None, metavar="SEED",
                    help="play the clips in a seeded random order (within each voice with "
                    "--by-speaker) instead of each phrase by every voice in turn")
    ap.add_argument("--menu-open", action="store_true",
                    help="listen for the moves in a menu too, as if one were open (the "
                    "grammar before session 19); the table has none open")
    ap.add_argument("--render", action="store_true", help="re-render the corpus first")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--no-write", action="store_true", help="do not write RESULTS.md")
    ap.add_argument("--errors", action="store_true", help="print every clip that went wrong "
                    "(never the test or accented voices', which are only ever scored)")
    ap.add_argument("--rows", type=Path, default=None,
                    help="where to save per-clip rows (default OUT/results.jsonl)")
    ap.add_argument("--from-rows", default="",
                    help="comma list of saved row files: summarize them, decode nothing "
                    "(to merge runs split with --voices across processes)")
    args = ap.parse_args(argv)
    if args.garbage_weight is None:
        from voice.grammar import DEFAULT_GARBAGE_WEIGHT

        args.garbage_weight = DEFAULT_GARBAGE_WEIGHT
    if args.strict_weight is None:
        from voice.grammar import DEFAULT_STRICT_WEIGHT

        args.strict_weight = DEFAULT_STRICT_WEIGHT
    if args.rival_weight is None:
        from voice.grammar import DEFAULT_RIVAL_WEIGHT

        args.rival_weight = DEFAULT_RIVAL_WEIGHT
    if args.amount_rival_weight is None:
        from voice.grammar import DEFAULT_AMOUNT_RIVAL_WEIGHT

        args.amount_rival_weight = DEFAULT_AMOUNT_RIVAL_WEIGHT
    if args.word_insertion is None:
        from voice.recognizers.pocketsphinx_backend import WORD_INSERTION

        args.word_insertion = WORD_INSERTION
    if args.other_weight is None or args.other_words is None:
        from voice.grammar import DEFAULT_OTHER_WEIGHT, DEFAULT_OTHER_WORDS

        if args.other_weight is None:
            args.other_weight = DEFAULT_OTHER_WEIGHT or 0.0
        if args.other_words is None:
            args.other_words = DEFAULT_OTHER_WORDS
    if args.from_rows:
        saved = [json.loads(line) for f in args.from_rows.split(",")
                 for line in Path(f).read_text().splitlines() if line]
        text = table(summarize_rows(saved))
        print(text)
        if not args.no_write:
            write_results(text, args)
        return 0
    if args.render:
        render(args.out)
    if args.errors and args.voices in SCORED_ONLY:
        ap.error(f"--errors reads errors: not on the {args.voices} voices, only ever scored")
    if args.errors and args.speaker is not None and GROUP_OF[args.speaker] in SCORED_ONLY:
        ap.error(f"--errors reads errors: not {args.speaker}'s, only ever scored")
    manifest = load_manifest(args.out, voices=args.voices)
    rows = select(manifest, args.voices, args.conditions.split(","), args.limit,
                  args.every, args.by_speaker, args.shuffle, args.speaker,
                  None if args.said is None else frozenset(args.said.split(",")))
    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    all_rows: list[dict] = []
    for engine, row, rec in _hearings(args.engines.split(","), rows, args):
        if rec is None:
            continue
        say, ms, rtf = run_clip(rec, args.out / row["file"], situations[row["situation"]],
                                confirm_pending=row["family"] == "confirm",
                                realtime=args.realtime, menu_open=args.menu_open)
        got = dict(row, engine=engine, outcome=label(say), acted=acted(say),
                   transcript=say["transcript"],
                   confidence=say["confidence"], confirm=say["confirm"],
                   rules_confirm=say["rules_confirm"], latency_ms=ms,
                   final_ms=say["final_ms"], rtf=rtf,
                   **{k: say[k] for k in ("readings", "timings_ms", "sphinx", "table_rival",
                                             "soundalike_gap", "echo_gap", "near_lead",
                                             "talk_lead", "sphinx_behind", "plain")
                      if k in say})
        all_rows.append(got)
        if (args.errors and got["outcome"] != got["expected"]
                and GROUP_OF[row["voice"]] not in SCORED_ONLY):
            print(f"{row['id']} {row['condition']:6s} {row['voice']:12s} {row['speed']} "
                  f"said {row['text']!r:34s} heard {got['transcript']!r:30s} "
                  f"-> {got['outcome']} (want {got['expected']})", file=sys.stderr)
    text = table(summarize_rows(all_rows))
    print(text)
    rows_path = args.rows or args.out / "results.jsonl"
    rows_path.write_text("".join(json.dumps(r) + "\n" for r in all_rows))
    if not args.no_write:
        write_results(text, args)
    return 0


def write_results(text: str, args: argparse.Namespace) -> None:
    """Replace the generated table in RESULTS.md, keeping the prose around it."""
    start, end = "<!-- results:start -->", "<!-- results:end -->"
    stamp = (f"`{' '.join(['python -m benchmarks.voice.run', *sys.argv[1:]])}` — "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, garbage weight "
             f"{args.garbage_weight:g}, strict weight {args.strict_weight}, rival weight "
             f"{args.rival_weight:g}, amount rival weight {args.amount_rival_weight:g}, word loop "
             f"{args.other_weight:g} x {args.other_words} words, word insertion "
             f"{args.word_insertion:g}"
             + "".join(f", {k}={v}" for k, v in args.decoder) + "\n\n")
    block = f"{start}\n{stamp}{text}{end}"
    if RESULTS.exists() and start in RESULTS.read_text():
        old = RESULTS.read_text()
        new = old[: old.index(start)] + block + old[old.index(end) + len(end):]
    else:
        new = "# Spoken-command benchmark results\n\n" + block + "\n"
    RESULTS.write_text(new)


if __name__ == "__main__":
    sys.exit(main())
