"""Whisper backend: a modern acoustic model, held to the command grammar.

Whisper (``tiny.en`` by default, run by CTranslate2 in int8 on the CPU) hears voices the
PocketSphinx model was never trained on, but it writes free English: "Race to 200.",
"Gold.", "Nice hand.".  This backend keeps it on the rails of the grammar:

1. the utterance is encoded once, in a window a little longer than commands are
   (:data:`WINDOW_S`: Whisper was trained on 30 s windows, but its encoder's cost grows
   with the window and a command lasts one or two seconds; benchmarks/voice/RESULTS.md
   has the speed/accuracy table);
2. beam search writes its :data:`N_BEST` best readings, steered by a short prompt of
   commands (:data:`PROMPT`) so that "check" is written "Check." and amounts as numbers;
3. each reading goes through the game's own parser (:mod:`voice.parser`), which reads
   digits and number words alike; a reading that is not a command but sounds like one
   ("Race to 200.") is offered its nearest commands by pronunciation
   (:mod:`voice.soundalike`), and Whisper's decoder scores the repair and the reading on
   the same audio (forced decoding); a repair is kept only if the model finds it about as
   likely as what it wrote;
4. the readings' probabilities are pooled by meaning.  The command whose meaning holds at
   least :data:`SURE_SHARE` of the weight is sure; a command with less, or a repair the
   model likes less than its own reading, asks "yes?" first; and when most of the weight
   means nothing the game can do ("Nice hand.", "Good luck everyone."), nothing is heard
   (``[unk]``): chatter stays chatter.

The hypothesis text is a reading the parser takes for a command (or the repair's
command), so the resolver downstream never acts on free text.

The decode starts before the utterance ends: once its quiet tail has begun, the words so
far are decoded on a thread while the voice detector waits out its hangover, and
``final()`` only collects the result (unless the player spoke again).
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..intents import Call, Confirm, Intent, Unknown, is_action, is_menu_move
from ..parser import command, normalize
from ..soundalike import repairs
from .base import (
    SAMPLE_RATE,
    UNKNOWN,
    Hypothesis,
    Recognizer,
    RecognizerError,
    RecognizerUnavailableError,
)
from .whisper_models import WhisperModel, check_weights, find_whisper_model

#: The encoder's window in seconds (an utterance longer than this gets a longer window, up
#: to Whisper's 30).  Measured on the voice corpus: benchmarks/voice/RESULTS.md.
WINDOW_S = 10
MAX_WINDOW_S = 30
#: Beam width and how many of the beam's readings are judged.
BEAM = 5
N_BEST = 5
#: CPU threads for one decode (the machine the game targets has two cores).
THREADS = 2
#: What Whisper is told came before: the kind of thing said here, and how it is written.
#: The table commands at its end (session 17) took "Read by." to "Rebuy.": exact, the pair,
#: tuned voices +1.2 / +1.8 / +1.8 points (clean / 15 dB / room), flite's +1.0 / +1.6 /
#: -0.2, espeak-ng held-out -0.6 / -0.9 / +1.5 (benchmarks/voice/RESULTS.md).
PROMPT = ("Fold. Check. Call. Bet fifty. Raise to two hundred. Raise by one hundred. "
          "Raise three x. Two thirds of the pot. Half pot. Pot it. Min bet. Minimum. All in. "
          "Shove. Deal. Rebuy. Top up. Sit out. I'm back. Pause.")
#: A command is sure when its meaning holds this share of the n-best's probability.  Set
#: at 0.9 for the plain model (session 15); for the table fit, judged again from one
#: decode of the voices no fit heard whose errors are read (Festival's HTS voice, plain,
#: deep and high, five DECtalk voices, Piper's joe, Festival's kal and ked; 5,162 clips),
#: 0.85 lets nine right commands act without a "yes", and no wrong one; at 0.8 a "bet
#: one hundred" written "Bet nine hundred." acts.  On the blind voices it cost three right
#: commands at 15 dB (benchmarks/voice/RESULTS.md, session 62).
SURE_SHARE = 0.85
#: A reading below the best that means nothing ("Raise might one hundred." under "Raise by
#: one hundred.") is mostly a misspelling of the words above it, not a sign they were talk:
#: it weighs this much of its probability.  Whisper alone on the tuned voices, right cheap
#: commands that asked "yes?": 4.5 -> 1.5 % clean, 13.6 -> 8.5 % at 15 dB, with no more
#: wrong actions there or on the espeak-ng held-out voices (benchmarks/voice/RESULTS.md).
TALK_WEIGHT = 0.25
#: Readings Whisper writes for another command said, which it is therefore never sure of
#: (they ask "yes?" unless PocketSphinx is sure of the same): its command's words -> what
#: was said.  On the validation voices "Bet pot." was Whisper's best reading five times,
#: each time for "half pot" at 15 dB or in the room, three of them sure — a pot-sized bet
#: for a half-pot one (session 39); "Fold it." (or "Fold it up.") three times, each for
#: "call it" or "call that", each a fold taken without a "yes" (session 40;
#: benchmarks/voice/RESULTS.md).
SOUNDALIKE_READINGS: dict[tuple[str, ...], str] = {("bet", "pot"): "half pot",
                                                   ("fold", "it"): "call it"}
#: Soundalike readings that PocketSphinx mishears the same way, so that its being sure of the
#: same command is no second opinion: they always ask "yes?".  DECtalk's Frank and Dennis
#: (validation voices) said "half pot" and both engines heard "bet pot", PocketSphinx
#: sure: seven pot-sized bets taken without a "yes", and no right command asks more.  On
#: every validation and tuned voice read (5,727 clips) "Bet pot." was Whisper's best
#: reading 60 times, each for "half pot" (session 41; benchmarks/voice/RESULTS.md).
SHARED_SOUNDALIKES: frozenset[tuple[str, ...]] = frozenset({("bet", "pot")})
#: Soundalike readings that Whisper's decoder tells apart when forced to write the command
#: they are written for: within this many nats of its own reading, that command was said.
#: Non-test voices (tuned, flite, validation; two speeds; clean, 15 dB, room; six noise
#: seeds), forced to write "Half pot." for its "Bet pot.": said "half pot", 94 of 113 within
#: 6 nats; said "bet pot", -7.9 once and -10.5 or further the other 440 times
#: (``python -m benchmarks.voice.soundalikes``).  "Fold it."
#: is left out: said "fold it", "Call it." was forced within 3.1 nats; said "call it" and
#: read "Fold it.", within 0.1 (benchmarks/voice/RESULTS.md, session 45).
FORCED_SOUNDALIKE_SLACKS: dict[tuple[str, ...], float] = {("bet", "pot"): 6.0}
#: A command Whisper is never sure of when it also wrote the other command named here,
#: within :data:`NEAR_READING_SLACK` nats of it: its words -> the other's.  On the
#: validation and tuned voices "Pot." was the best reading twice with "Pause." 1.7 and 2.3
#: nats under it, each time for "pause" in the room (a pot-sized bet for a pause, once
#: without a "yes"); no "Pot." said had "Pause." so near (benchmarks/voice/RESULTS.md,
#: session 40).
NEAR_READINGS: dict[tuple[str, ...], tuple[str, ...]] = {("pot",): ("pause",)}
#: :data:`NEAR_READINGS` by what each command means, for :func:`near_reading_of`.
_NEAR_BY_MEANING = {command(" ".join(words)): other for words, other in NEAR_READINGS.items()}
#: How near (nats under the command's best reading) the other command's reading makes it ask.
NEAR_READING_SLACK = 3.0
#: Where Whisper took a command it wrote in words :data:`NEAR_READINGS` names ("Pot.") with
#: the other command among its readings ("Pause."), its decoder scores both again with no
#: prompt (:func:`near_rival`): ahead by this many nats or more, the other reading no longer
#: makes the pair ask (``combined.NEAR_READING_DOUBT_SLACK``).  Non-test voices (tuned,
#: flite, validation, unheard; 150 and 195 wpm; clean once, six noise seeds at 15 dB and in
#: the room) read "Pot." with "Pause." within 8 nats under it: said "pot", 148 clips, "Pot."
#: led with no prompt by 3.6 to 11.5 nats, by 6.5 or more in 62; said "pause", 153 clips,
#: by 5.8 at most (Festival's ked; DECtalk's voices 5.2)
#: (``python -m benchmarks.voice.prompt_echoes --near``; RESULTS.md, session 49).
NEAR_CHECK_LEAD = 6.5
#: Readings Whisper writes under a bet or a fold whatever was said, the prompt's last word
#: echoed (:data:`PROMPT`): below the best reading of a betting command, they weigh as talk
#: (:data:`TALK_WEIGHT`), except under a command meaning what :data:`NEAR_READINGS` pairs
#: them with ("Pot." or "Pot it.": :func:`near_reading_of`; Festival's kal said "pause" in
#: the room and Whisper read "Pot it." with "Pause." 0.9 and 1.3 nats under it, each a sure
#: pot-sized bet while only "Pot." was kept out, RESULTS.md session 46).  On
#: the non-test voices "Pause." was one of the readings under a call, a fold, an all-in or
#: "Pot it." 213 times, 209 of them for the command read first (the other 4 still ask);
#: "pause" said was read first as "Pause.", "Pot.", "Lause." or "Close.", never as a bet or
#: fold, in 69 clips (benchmarks/voice/RESULTS.md, session 45).
PROMPT_ECHOES: frozenset[tuple[str, ...]] = frozenset({("pause",)})
#: An echo weighs as talk only this many nats or more under the best reading: nearer, it
#: is a rival ("all in" read "Fold." with "Pause." 0.1 nats under it; the right calls and
#: folds that asked for an echo had it 1.0 to 2.5 nats under them: session 45).
PROMPT_ECHO_GAP = 0.5
#: The same under a call, which a "pause" said is read as ("Pause." and "Call." share their
#: vowel and end).  Non-test voices (as for :data:`ECHO_CHECK_LEAD`): said "pause" and read
#: as a bet other than the pot first, "Pause." was 0.4 to 1.5 nats under it (3 of 520
#: clips, each a call; at 0.5 nats such calls were sure, one taken by the pair without a
#: "yes"), never under a fold or an all-in; within 1.5 nats of a right "call" 15 times in 145
#: (``python -m benchmarks.voice.prompt_echoes``; RESULTS.md, session 46).
CALL_ECHO_GAP = 1.5
#: Where Whisper's best reading is a prompt echo and a betting command is among its lower
#: readings (:func:`echo_rival`), its decoder scores both again with no prompt, where the
#: echo came from: the command ahead of the echo by this many nats or more was said, and the
#: echo's readings count for it.  Non-test voices (tuned, flite, validation, unheard; 150
#: and 195 wpm; clean once, six noise seeds at 15 dB and in the room): said "call" and read
#: "Pause." first with a bet under it, the bet led by 1.5 nats or more in 23 of 64 clips
#: (the others ask as before); said "pause" and read so, by 1.0 at most (46 clips)
#: (``python -m benchmarks.voice.prompt_echoes``; RESULTS.md, session 46).
ECHO_CHECK_LEAD = 1.5
#: Ahead by this many nats or more but less than :data:`ECHO_CHECK_LEAD`, the command takes
#: the echo's readings too, but Whisper is not sure of it: it asks "yes?" unless
#: PocketSphinx heard the same command.  The pair on the same non-test clips: said "call",
#: 26 clips led by 0 to 1.5 nats, PocketSphinx hearing the call in 13; said "pause", 7,
#: PocketSphinx hearing another command each time, and the bet only where it trailed (3 of
#: 39) (``python -m benchmarks.voice.prompt_echoes --pair``; RESULTS.md, session 46).
ECHO_DOUBT_LEAD = 0.0
#: Where Whisper's best reading is a prompt echo over a bet, its lower readings that are
#: talk ("Ah.", "Oh.", "Four.") are scored with no prompt too: the likeliest of them ahead
#: of the bet by this many nats or more, the player may have said only that, and the bet
#: is never sure (:attr:`Judgement.talk_lead`).  Non-test voices (tuned, flite,
#: validation, unheard; 150 and 195 wpm; clean once, six noise seeds at 15 dB and six in
#: the room; 520 clips a phrase): said "aw", 79 bets taken at once, 67 of them a call under
#: "Pause." and 50 of those with talk ahead of it; said "call", 44 right calls taken at
#: once so, 31 of them with talk ahead (they now ask) (RESULTS.md, session 51).  Neither
#: Whisper's own decode with no prompt (it writes "Oh." for a short "call" too) nor
#: PocketSphinx (it hears "aw" as "call" even with interjections in its grammar) tells
#: the two apart better.
ECHO_TALK_LEAD = 0.0
#: A repaired reading counts when Whisper, forced to say it, finds it no more than this many
#: nats less likely than the reading it wrote itself.  On the tuned voices (clean and
#: 15 dB, table talk kept out by its own list) 3 keeps 129 of 183 right repairs and 3 of 31
#: wrong ones (which then ask "yes?"); 2 keeps 99 and 3, 4 keeps 147 and 7.
REPAIR_SLACK = 3.0
#: How many of the best reading's repairs Whisper scores (each costs a forced decode).
FORCED_REPAIRS = 3
#: A lower reading's repair is not scored; it counts for the command at this many nats less.
UNVERIFIED_REPAIR_COST = 1.0
#: Longest reading generated, in tokens (a command is under 15).
MAX_TOKENS = 40
HIGH_CONFIDENCE = 0.95
LOW_CONFIDENCE = 0.5
#: Less audio than this is not an utterance (a click): nothing is decoded.
MIN_AUDIO_S = 0.1
#: A chunk this many dB below the utterance's loudest is its quiet tail; after
#: :data:`SPECULATE_AFTER_S` of tail the utterance is decoded ahead, on a thread, while the
#: voice detector waits out its hangover (a word resumed after it makes that decode void).
SPECULATE_QUIET_DB = 12.0
SPECULATE_AFTER_S = 0.15
#: Quieter than this at its loudest, an utterance is not decoded ahead.
SPECULATE_MIN_DBFS = -45.0


#: Added to the prompt while a "yes?" waits, so that a yes or a no is written as one.
CONFIRM_PROMPT = " Yes. No."


def prompt_tokens(tok: Any, prompt: str | None) -> list[int]:
    """What the decoder is given before it writes: the prompt as the text that came before
    (if any), then the start of an English transcript without timestamps."""
    head = [tok.sot_prev, *tok.encode(" " + prompt)] if prompt else []
    return [*head, *tok.sot_sequence, tok.no_timestamps]


def log_mel(features: Any, samples: np.ndarray, window_s: float) -> np.ndarray:
    """The encoder's input: ``samples`` (16 kHz, as floats) padded or cut to ``window_s``
    seconds, as log-mel frames (100 a second), contiguous."""
    n = int(window_s * SAMPLE_RATE)
    audio = np.zeros(n, dtype=np.float32)
    audio[:min(n, len(samples))] = samples[:n]
    mel = features(audio, chunk_length=window_s)[:, :int(window_s * 100)]
    return np.ascontiguousarray(mel)


def _dbfs(chunk: bytes) -> float:
    """A chunk's level in dB below full scale (-120 for silence)."""
    samples = np.frombuffer(chunk[: len(chunk) // 2 * 2], dtype=np.int16).astype(np.float64)
    if samples.size == 0:
        return -120.0
    rms = float(np.sqrt(np.mean(samples**2))) / 32768.0
    return 20 * math.log10(rms) if rms > 1e-6 else -120.0


def _libraries() -> tuple[Any, Any, Any, Any]:
    """CTranslate2, the tokenizer library and faster-whisper's feature and token helpers
    (untyped libraries: their objects are ``Any`` here)."""
    try:
        import ctranslate2
        import tokenizers
        from faster_whisper.feature_extractor import FeatureExtractor
        from faster_whisper.tokenizer import Tokenizer
    except (ImportError, OSError) as exc:
        raise RecognizerUnavailableError(
            f"Whisper cannot be loaded here ({exc}); install the game's dependencies "
            "(faster-whisper)") from exc
    return ctranslate2, tokenizers, FeatureExtractor, Tokenizer


@dataclass(frozen=True)
class Reading:
    """One of Whisper's readings: the text, its log-probability, and what it means."""

    text: str
    logprob: float
    intent: Intent
    #: The command text this reading stands for (a repair's), or the reading itself.
    command: str
    repaired: bool = False
    #: The repair's forced log-probability minus the reading's (0 for no repair).
    repair_gap: float = 0.0
    #: Whisper scored the repair (the best reading's); a lower reading's repair is a guess.
    verified: bool = True

    @property
    def guessed(self) -> bool:
        """A repair Whisper did not score: it may back a command, never stand for one."""
        return self.repaired and not self.verified


@dataclass(frozen=True)
class Judgement:
    """What an utterance was taken for, and the evidence."""

    hypothesis: Hypothesis
    readings: tuple[Reading, ...] = ()
    #: The share of the readings' probability behind the chosen meaning.
    share: float = 0.0
    timings_ms: dict[str, float] = field(default_factory=dict)
    #: :func:`judge`'s ``soundalike_gap``, where the best reading was a forced soundalike.
    soundalike_gap: float | None = None
    #: :func:`judge`'s ``echo_gap``, where the best reading was a prompt echo over a bet.
    echo_gap: float | None = None
    #: How many nats the decoder with no prompt put a :data:`NEAR_READINGS` reading ahead
    #: of the other command read under it (:func:`near_rival`), where the hypothesis
    #: means that reading's command.
    near_lead: float | None = None
    #: How many nats the decoder with no prompt put the likeliest talk read under a
    #: best-read prompt echo ahead of the bet read there (:data:`ECHO_TALK_LEAD`).
    talk_lead: float | None = None


@dataclass
class _Speculation:
    """A decode started ahead on the first ``cut`` bytes of the utterance."""

    cut: int
    result: Judgement | None = None
    #: The player spoke again after the cut: the decode is of an unfinished phrase.
    stale: bool = False
    thread: threading.Thread = field(init=False)

    def start(self, decode: Callable[[bytes], Judgement], pcm: bytes,
              after: _Speculation | None = None) -> None:
        """Decode ``pcm`` on a thread, once ``after`` (a decode gone stale) has finished:
        one decode at a time, and where each cut falls depends on the audio alone, not on
        how soon the one before it finished (else the same clip is judged differently
        on a busy machine).  Gone stale while it waited, it is not decoded: nothing
        reads a stale decode."""

        def run() -> None:
            if after is not None:
                after.thread.join()
            if not self.stale:
                self.result = decode(pcm)

        self.thread = threading.Thread(target=run, name="whisper-ahead", daemon=True)
        self.thread.start()


def means_something_now(intent: Intent, confirmation_pending: bool,
                        menu_open: bool = True) -> bool:
    """A yes or a no means something only while a "yes?" waits for it; otherwise a reading
    that says one ("No.", or "Oh." repaired to "no") is talk, as it is to PocketSphinx,
    whose grammar has no yes or no then.  Else "call" written "Oh." would be a "no" to
    nothing instead of letting PocketSphinx's "call" be heard.  So too a move in a menu
    ("Close.", "Next.") with no menu open.

    >>> from voice.parser import parse
    >>> means_something_now(parse("no"), False), means_something_now(parse("no"), True)
    (False, True)
    >>> means_something_now(parse("call"), False)
    True
    >>> close = parse("close")
    >>> means_something_now(close, False), means_something_now(close, False, menu_open=False)
    (True, False)
    """
    if isinstance(intent, Confirm):
        return confirmation_pending
    return menu_open or not is_menu_move(intent)


def _meaning(intent: Intent) -> Intent:
    return Unknown("", "") if isinstance(intent, Unknown) else intent


def said_for(written: str) -> Intent | None:
    """What was said when Whisper writes ``written`` for another command
    (:data:`SOUNDALIKE_READINGS`), or None.

    >>> said_for("Bet pot."), said_for("Half pot.")
    (PotFraction(fraction=Fraction(1, 2)), None)
    """
    said = SOUNDALIKE_READINGS.get(tuple(normalize(written)))
    return None if said is None else command(said)


def forced_soundalike(written: str) -> str | None:
    """The command to force Whisper's decoder to write where it wrote ``written``, one of
    :data:`FORCED_SOUNDALIKE_SLACKS`; None for any other reading.

    >>> forced_soundalike("Bet pot."), forced_soundalike("Fold it."), forced_soundalike("Pot.")
    ('half pot', None, None)
    """
    words = tuple(normalize(written))
    return SOUNDALIKE_READINGS[words] if words in FORCED_SOUNDALIKE_SLACKS else None


def shared_soundalike(written: str) -> bool:
    """Whether ``written`` is a soundalike reading PocketSphinx shares
    (:data:`SHARED_SOUNDALIKES`).

    >>> shared_soundalike("Bet pot."), shared_soundalike("Fold it."), shared_soundalike("Pot.")
    (True, False, False)
    """
    return tuple(normalize(written)) in SHARED_SOUNDALIKES


def is_echo(written: str, echoes: frozenset[tuple[str, ...]] = PROMPT_ECHOES) -> bool:
    """Whether ``written`` is one of the prompt's echoes (:data:`PROMPT_ECHOES`).

    >>> is_echo("Pause."), is_echo("Pot.")
    (True, False)
    """
    return tuple(normalize(written)) in echoes


def echo_rival(readings: Sequence[Reading]) -> Reading | None:
    """The betting command Whisper wrote under its best reading where that reading is a
    prompt echo (:data:`PROMPT_ECHOES`): the highest such reading that is not a guessed
    repair, a soundalike (:data:`SOUNDALIKE_READINGS`) or the echo's own near reading
    ("Pot." under "Pause." is a real confusion, :data:`NEAR_READINGS`).

    >>> from voice.parser import parse
    >>> def read(*texts: str) -> list[Reading]:
    ...     return [Reading(t, -1.0 - i, parse(t), t) for i, t in enumerate(texts)]
    >>> [getattr(echo_rival(read(*r)), "text", None)
    ...  for r in (("Pause.", "Oh.", "Call."), ("Pause.", "Pot."), ("Call.", "Pause."))]
    ['Call.', None, None]
    """
    if not readings or not is_echo(readings[0].command):
        return None
    echo = tuple(normalize(readings[0].command))
    for r in readings[1:]:
        words = tuple(normalize(r.command))
        if is_action(r.intent) and not r.guessed and words not in SOUNDALIKE_READINGS \
                and near_reading_of(r.command) != echo:
            return r
    return None


def echo_talk(readings: Sequence[Reading]) -> list[Reading]:
    """The talk Whisper wrote under a best-read prompt echo with a bet under it too
    (:func:`echo_rival`): what :data:`ECHO_TALK_LEAD` scores with no prompt.

    >>> from voice.parser import parse
    >>> def read(*texts: str) -> list[Reading]:
    ...     return [Reading(t, -1.0 - i, parse(t), t) for i, t in enumerate(texts)]
    >>> [[r.text for r in echo_talk(read(*r))]
    ...  for r in (("Pause.", "Ah.", "Call.", "Fause."), ("Pause.", "Ah."), ("Call.", "Ah."))]
    [['Ah.', 'Fause.'], [], []]
    """
    if echo_rival(readings) is None:
        return []
    return [r for r in readings[1:] if isinstance(r.intent, Unknown) and not is_echo(r.command)]


def echo_gap_under(best: Reading) -> float:
    """How far under ``best`` an echo must be to weigh as talk: :data:`CALL_ECHO_GAP` under
    a call, else :data:`PROMPT_ECHO_GAP`.

    >>> from voice.parser import parse
    >>> [echo_gap_under(Reading(t, -1.0, parse(t), t)) for t in ("Call it.", "Fold.")]
    [1.5, 0.5]
    """
    return CALL_ECHO_GAP if isinstance(_meaning(best.intent), Call) else PROMPT_ECHO_GAP


def near_reading_of(written: str) -> tuple[str, ...] | None:
    """The other command :data:`NEAR_READINGS` pairs with what ``written`` means (any
    wording of it), or None.

    >>> near_reading_of("Pot it."), near_reading_of("Pot."), near_reading_of("Call.")
    (('pause',), ('pause',), None)
    """
    meant = command(written)
    return None if meant is None else _NEAR_BY_MEANING.get(meant)


def judge(readings: Sequence[Reading], sure_share: float = SURE_SHARE,
          engine: str = "whisper", talk_weight: float = TALK_WEIGHT,
          soundalike_gap: float | None = None,
          prompt_echoes: frozenset[tuple[str, ...]] = PROMPT_ECHOES,
          echo_gap: float | None = None,
          talk_lead: float | None = None) -> tuple[Hypothesis, float]:
    """Pool the readings by meaning; the heaviest meaning wins.  It is sure when it holds
    ``sure_share`` of the probability and Whisper wrote it itself somewhere, or liked its
    repair at least as well as its own words.  Talk below the best reading counts
    ``talk_weight`` of its probability; talk that is the best reading counts in full.
    A lower reading written as the soundalike of the best reading's command ("Bet pot."
    under "Half pot.", :data:`SOUNDALIKE_READINGS`) counts for that command: said "bet pot"
    (441 non-test clips) or "fold it" (102), Whisper never read first the command its
    soundalike is written for.  ``soundalike_gap``: how many nats less likely Whisper's
    decoder, forced to write the command a winning soundalike reading is written for
    (:func:`forced_soundalike`), found it than its own best reading; within
    :data:`FORCED_SOUNDALIKE_SLACKS` that command is taken, holding the soundalike's
    readings' share and its own.  ``prompt_echoes``: readings that weigh as talk under a
    betting command (:data:`PROMPT_ECHOES`).  ``echo_gap``: how many nats more likely the
    decoder with no prompt found the betting command under a best-read echo
    (:func:`echo_rival`) than the echo; from :data:`ECHO_DOUBT_LEAD` on, the echo's readings
    count for that command, which is sure only from :data:`ECHO_CHECK_LEAD` on.
    ``talk_lead``: how far that decoder put the likeliest talk read there ahead of the
    command (:func:`echo_talk`); from :data:`ECHO_TALK_LEAD` on, it is never sure.

    A lower reading's unscored repair only supports a meaning another reading has; it
    never raises a rival of its own ("But." under "Pot." is not a bet).

    >>> from voice.parser import parse
    >>> r = [Reading("Call.", -0.2, parse("call"), "call"),
    ...      Reading("Fold.", -3.0, parse("fold"), "fold")]
    >>> judge(r)
    (Hypothesis(text='call', confidence=0.95, engine='whisper'), 0.9427)
    >>> judge([Reading("Nice hand.", -0.3, parse("nice hand"), "nice hand")])[0].text
    '[unk]'
    >>> judge([Reading("Bet pot.", -0.1, parse("bet pot"), "Bet pot.")])[0].confidence
    0.5
    >>> judge([Reading("Pot.", -0.3, parse("pot"), "Pot."),
    ...        Reading("Pause.", -2.6, parse("pause"), "Pause.")])[0].confidence
    0.5
    >>> said = [Reading("Bet pot.", -0.4, parse("bet pot"), "Bet pot."),
    ...         Reading("Half pot.", -3.4, parse("half pot"), "Half pot.")]
    >>> [judge(said, soundalike_gap=g)[0] for g in (-2.3, -9.0)]  # doctest: +NORMALIZE_WHITESPACE
    [Hypothesis(text='half pot', confidence=0.95, engine='whisper'),
     Hypothesis(text='Bet pot.', confidence=0.5, engine='whisper')]
    >>> echo = [Reading("Pause.", -0.9, parse("pause"), "Pause."),
    ...         Reading("Call.", -3.1, parse("call"), "Call.")]
    >>> [judge(echo, echo_gap=g)[0] for g in (2.0, 0.7, -0.5)]  # doctest: +NORMALIZE_WHITESPACE
    [Hypothesis(text='Call.', confidence=0.95, engine='whisper'),
     Hypothesis(text='Call.', confidence=0.5, engine='whisper'),
     Hypothesis(text='Pause.', confidence=0.95, engine='whisper')]
    >>> judge(echo, echo_gap=2.0, talk_lead=1.2)[0].confidence  # "Ah." ahead with no prompt
    0.5
    """
    if not readings:
        return Hypothesis(UNKNOWN, 0.0, engine), 0.0
    backed = {_meaning(r.intent) for r in readings if r.verified}
    counted = [r for r in readings if _meaning(r.intent) in backed]
    best = max(counted, key=lambda r: r.logprob)
    top = best.logprob
    echoes = is_action(best.intent) and near_reading_of(best.command) is None
    rival = echo_rival(counted) if echo_gap is not None and echo_gap >= ECHO_DOUBT_LEAD \
        else None
    echo_for = _meaning(rival.intent) if rival is not None else None
    doubted_echo = rival is not None and echo_gap is not None and (
        echo_gap < ECHO_CHECK_LEAD or (talk_lead is not None and talk_lead >= ECHO_TALK_LEAD))
    weights: dict[Intent, float] = {}
    best_of: dict[Intent, Reading] = {}
    written: set[Intent] = set()
    for r in counted:
        key = _meaning(r.intent)
        if r is not best and said_for(r.command) == _meaning(best.intent):
            key = _meaning(best.intent)  # "Bet pot." under "Half pot." is that half pot
        moved = echo_for is not None and is_echo(r.command)
        if moved and echo_for is not None:
            key = echo_for  # the echo counts for the command, never names it
        talk = r is not best and (isinstance(key, Unknown) or (
            echoes and is_echo(r.command, prompt_echoes)
            and r.logprob <= top - echo_gap_under(best)))
        weights[key] = weights.get(key, 0.0) + math.exp(r.logprob - top) * (
            talk_weight if talk else 1.0)
        if moved:
            continue
        if key not in best_of or r.logprob > best_of[key].logprob:
            best_of[key] = r
        if not r.repaired or r.repair_gap >= 0:
            written.add(key)
    total = sum(weights.values())
    meaning, weight = max(weights.items(), key=lambda kv: kv[1])
    share = round(weight / total, 4)
    if isinstance(meaning, Unknown):
        return Hypothesis(UNKNOWN, 0.0, engine), share
    words = tuple(normalize(best_of[meaning].command))
    said = forced_soundalike(best_of[meaning].command)
    meant = command(said) if said is not None else None
    if said is not None and meant is not None and soundalike_gap is not None \
            and soundalike_gap >= -FORCED_SOUNDALIKE_SLACKS[words]:
        written_so = sum(math.exp(r.logprob - top) for r in counted
                         if tuple(normalize(r.command)) == words)
        share = round((written_so + weights.get(meant, 0.0)) / total, 4)
        return Hypothesis(said, HIGH_CONFIDENCE if share >= sure_share else LOW_CONFIDENCE,
                          engine), share
    sure = (share >= sure_share and meaning in written and words not in SOUNDALIKE_READINGS
            and not near_other_reading(readings, best_of[meaning], NEAR_READING_SLACK)
            and not doubted_echo)
    return Hypothesis(best_of[meaning].command, HIGH_CONFIDENCE if sure else LOW_CONFIDENCE,
                      engine), share


def near_rival(readings: Sequence[Reading]) -> tuple[Reading, str] | None:
    """The likeliest reading written in words :data:`NEAR_READINGS` names and the other
    command named there, where a reading of that is among ``readings`` too; None otherwise:
    what :data:`NEAR_CHECK_LEAD` scores again with no prompt.

    >>> from voice.parser import parse
    >>> pot = Reading("Pot.", -0.3, parse("pot"), "Pot.")
    >>> near_rival([pot, Reading("Pause.", -6.6, parse("pause"), "Pause.")]) == (pot, "pause")
    True
    >>> near_rival([pot, Reading("Hot.", -4.0, parse("hot"), "Hot.")]) is None
    True
    """
    for r in sorted(readings, key=lambda r: -r.logprob):
        other = NEAR_READINGS.get(tuple(normalize(r.command)))
        if other is not None and any(tuple(normalize(o.command)) == other for o in readings):
            return r, " ".join(other)
    return None


def near_other_reading(readings: Sequence[Reading], best: Reading, slack: float) -> bool:
    """Whether ``best`` is written in words :data:`NEAR_READINGS` names and the other
    command named there is among ``readings`` too, no more than ``slack`` nats under it.

    >>> from voice.parser import parse
    >>> pot = Reading("Pot.", -0.3, parse("pot"), "Pot.")
    >>> r = [pot, Reading("Pause.", -2.6, parse("pause"), "Pause.")]
    >>> near_other_reading(r, pot, 3.0), near_other_reading(r, pot, 2.0)
    (True, False)
    """
    near = NEAR_READINGS.get(tuple(normalize(best.command)))
    return near is not None and any(
        tuple(normalize(r.command)) == near and r.logprob >= best.logprob - slack
        for r in readings)


class WhisperRecognizer(Recognizer):
    """Whisper on CTranslate2, judged against the command grammar (see the module doc)."""

    name = "whisper"

    def __init__(
        self,
        model: WhisperModel | Path | str | None = None,
        *,
        window_s: float = WINDOW_S,
        beam: int = BEAM,
        n_best: int = N_BEST,
        threads: int = THREADS,
        sure_share: float = SURE_SHARE,
        repair_slack: float = REPAIR_SLACK,
        prompt: str | None = PROMPT,
        speculate: bool = True,
    ) -> None:
        ct2, tokenizers, feature_extractor, tokenizer = _libraries()
        if model is None:
            info = find_whisper_model()
        elif isinstance(model, WhisperModel):
            info = model
        else:
            info = WhisperModel(Path(model).name, Path(model), "argument")
        self.model = info
        self.verification = check_weights(info)
        try:
            self._model = ct2.models.Whisper(str(info.path), device="cpu",
                                             compute_type="int8", intra_threads=threads)
            hf = tokenizers.Tokenizer.from_file(str(info.path / "tokenizer.json"))
        except (RuntimeError, ValueError, OSError) as exc:
            raise RecognizerError(f"Whisper could not load the model at {info.path}: {exc}"
                                  ) from None
        self._ct2 = ct2
        self._tok = tokenizer(hf, multilingual=self._model.is_multilingual, task="transcribe",
                              language="en")
        self._features = feature_extractor(feature_size=self._model.n_mels)
        self.window_s = window_s
        self.beam = beam
        self.n_best = min(n_best, beam)
        self.sure_share = sure_share
        self.repair_slack = repair_slack
        self._prompts = {False: prompt_tokens(self._tok, prompt), True: prompt_tokens(
            self._tok, None if prompt is None else prompt + CONFIRM_PROMPT)}
        self._bare_prompt = prompt_tokens(self._tok, None)
        self._pending = False
        self._menu = True  #: the moves in a menu mean something (a menu is open)
        self.speculate = speculate
        self._audio: list[bytes] = []
        self._received = self._loud_until = 0
        self._loudest = -120.0
        self._speculation: _Speculation | None = None
        self.last: Judgement | None = None
        #: The last utterance's audio (:meth:`final`), for a third opinion on it.
        self.last_audio = b""
        self._encoded: tuple[Any, int] | None = None
        #: The encoder output, reading and log-probability of the last forcing of
        #: Whisper's own reading (:meth:`rescore_each`): the pair may rescore twice an
        #: utterance (PocketSphinx's command, then the bets or the lower readings).
        self._own_forced: tuple[Any, str, float] | None = None
        repairs("warm up")  # loads the pronouncing dictionary now, not on the first command
        self._warm_up()

    def _warm_up(self) -> None:
        """One decode of faint noise at start-up: CTranslate2's first run allocates its
        buffers and is several times slower, and that should not be the first command."""
        noise = np.random.default_rng(0).normal(0, 30, SAMPLE_RATE).astype(np.int16)
        self.listen(noise.tobytes())
        self.last = None

    def expect_confirmation(self, pending: bool) -> None:
        self._pending = pending

    def expect_menu(self, menu_open: bool) -> None:
        self._menu = menu_open

    def accept(self, chunk: bytes) -> None:
        self._audio.append(chunk)
        self._received += len(chunk)
        level = _dbfs(chunk)
        self._loudest = max(self._loudest, level)
        spec = self._speculation
        if level >= self._loudest - SPECULATE_QUIET_DB:  # still speaking
            self._loud_until = self._received
            if spec is not None and spec.cut < self._received:
                spec.stale = True
        elif (self.speculate and self._loudest >= SPECULATE_MIN_DBFS
              and self._received - self._loud_until >= SPECULATE_AFTER_S * 2 * SAMPLE_RATE
              and (spec is None or spec.stale)):
            self._speculate()

    @property
    def decoding_ahead(self) -> bool:
        """The utterance is being (or has been) decoded ahead, and the player has not spoken
        again since: its quiet tail has begun."""
        spec = self._speculation
        return spec is not None and not spec.stale

    def _speculate(self) -> None:
        """Decode what was said so far on a thread while the utterance's quiet tail comes
        in: the voice detector waits a few hundred ms of quiet before it ends the
        utterance, and the decode fits in that wait."""
        stale, self._speculation = self._speculation, _Speculation(self._received)
        self._speculation.start(self.listen, b"".join(self._audio), after=stale)

    def _clear(self) -> _Speculation | None:
        spec = self._speculation
        self._audio, self._received, self._loud_until = [], 0, 0
        self._loudest, self._speculation = -120.0, None
        return spec

    def reset(self) -> None:
        spec = self._clear()
        if spec is not None:
            spec.thread.join()  # one decode at a time: the next utterance waits for it

    def final(self) -> Hypothesis:
        pcm = self.last_audio = b"".join(self._audio)
        spec = self._clear()
        if spec is not None:
            spec.thread.join()
            if not spec.stale and spec.result is not None:
                self.last = spec.result
                return spec.result.hypothesis
        self.last = self.listen(pcm)
        return self.last.hypothesis

    # --- one utterance --------------------------------------------------------------------

    def _encode(self, samples: np.ndarray) -> tuple[Any, int]:
        seconds = len(samples) / SAMPLE_RATE
        window = max(self.window_s, min(MAX_WINDOW_S, math.ceil(seconds + 0.5)))
        mel = log_mel(self._features, samples, window)
        features = self._ct2.StorageView.from_array(mel[None])
        return self._model.encode(features), int(min(seconds, window) * 100)

    def _generate(self, encoded: Any) -> list[tuple[str, float]]:
        prompt = self._prompts[self._pending]
        result = self._model.generate(  # the length limit counts the prompt too
            encoded, [prompt], beam_size=self.beam, num_hypotheses=self.n_best,
            return_scores=True, max_length=len(prompt) + MAX_TOKENS)[0]
        out = []
        eot = self._tok.eot
        for ids, score in zip(result.sequences_ids, result.scores):
            text_ids = [i for i in ids if i < eot]
            # CTranslate2's score is the mean log-probability per token (end included).
            out.append((self._tok.decode(text_ids).strip(), float(score) * (len(ids) + 1)))
        return out

    def forced_logprobs(self, encoded: Any, frames: int, texts: Sequence[str],
                        prompted: bool = True) -> list[float]:
        """Whisper's log-probability of writing each of ``texts`` for this audio (forced
        decoding with the same prompt, or none: ``prompted``).  One text at a time:
        CTranslate2 aligns a batch of them slower than one by one on this machine (3 texts
        88 against 60 ms, 11 texts 303 against 223; benchmarks/voice/RESULTS.md, session 28)."""
        features = self._ct2.StorageView.from_array(np.asarray(encoded))
        prompt = self._prompts[self._pending] if prompted else self._bare_prompt
        scores = []
        for text in texts:
            tokens = self._tok.encode(" " + text)
            result = self._model.align(features, prompt, [tokens],
                                       [max(1, frames // 2)])[0]
            probs = np.asarray(result.text_token_probs[:len(tokens)], dtype=np.float64)
            scores.append(float(np.log(np.clip(probs, 1e-12, 1.0)).sum()))
        return scores

    def _readings(self, encoded: Any, frames: int,
                  heard: list[tuple[str, float]]) -> list[Reading]:
        readings: list[Reading] = []
        pending, menu = self._pending, self._menu
        for i, (written, logprob) in enumerate(heard):
            text = collapse_repeats(written)
            said = command(text)  # no closest-phrase search: the judge needs only meanings
            if said is not None and not means_something_now(said, pending, menu):
                said = None
            intent: Intent = said if said is not None else Unknown(text, "")
            fixes = [f for f in repairs(text) if means_something_now(f.intent, pending, menu)
                     ] if said is None else []
            if not fixes:
                readings.append(Reading(text, logprob, intent, text))
            elif i > 0:  # a lower reading that sounds like a command: not counted as talk
                fix = fixes[0]
                readings.append(Reading(text, logprob - UNVERIFIED_REPAIR_COST, fix.intent,
                                        fix.text, True, -UNVERIFIED_REPAIR_COST, False))
            else:  # the best reading sounds like a command: Whisper scores the repairs
                texts = [text] + [_styled(f.text, text) for f in fixes[:FORCED_REPAIRS]]
                forced = self.forced_logprobs(encoded, frames, texts)
                best = max(range(1, len(texts)), key=lambda k: forced[k])
                gap = forced[best] - forced[0]
                if gap >= -self.repair_slack:
                    fix = fixes[best - 1]
                    readings.append(Reading(text, logprob, fix.intent, fix.text, True, gap))
                else:
                    readings.append(Reading(text, logprob, intent, text))
        return readings

    def rescore(self, *commands: str) -> float | None:
        """How much less likely (nats; negative: less) Whisper's decoder, forced to write
        the likeliest of ``commands`` for the last utterance, finds it than its own best
        reading; None when there was nothing to compare."""
        gaps = self.rescore_each(*commands)
        return max(gaps) if gaps else None

    def rescore_each(self, *commands: str) -> list[float] | None:
        """:meth:`rescore` for each of ``commands`` in turn, its own reading forced once."""
        if self.last is None or not self.last.readings or self._encoded is None \
                or not commands:
            return None
        encoded, frames = self._encoded
        return self._forced_gaps(encoded, frames, self.last.readings[0].text, commands)

    def _forced_gaps(self, encoded: Any, frames: int, own: str,
                     commands: Sequence[str]) -> list[float]:
        """Each of ``commands``' forced score less Whisper's forced score of ``own``, its
        best reading, which is forced once an utterance (:attr:`_own_forced`)."""
        texts = [_styled(c, own) for c in commands]
        kept = self._own_forced
        if kept is not None and kept[0] is encoded and kept[1] == own:
            base, forced = kept[2], self.forced_logprobs(encoded, frames, texts)
        else:
            base, *forced = self.forced_logprobs(encoded, frames, [own, *texts])
            self._own_forced = (encoded, own, base)
        return [f - base for f in forced]

    def listen(self, pcm: bytes) -> Judgement:
        """Decode one whole utterance (16 kHz mono int16) and judge it."""
        samples = np.frombuffer(pcm, dtype=np.int16).astype(np.float32) / 32768.0
        if len(samples) < MIN_AUDIO_S * SAMPLE_RATE:
            return Judgement(Hypothesis(UNKNOWN, 0.0, self.name))
        t0 = time.perf_counter()
        encoded, frames = self._encode(samples)
        self._encoded = (encoded, frames)
        t1 = time.perf_counter()
        heard = self._generate(encoded)
        t2 = time.perf_counter()
        readings = self._readings(encoded, frames, heard)
        hypothesis, share = judge(readings, self.sure_share, self.name)
        said = forced_soundalike(hypothesis.text)
        gap = echo_gap = talk_lead = None
        if said is not None and readings:
            gap = self._forced_gaps(encoded, frames, readings[0].text, [said])[0]
        rival = echo_rival(readings)
        if rival is not None:
            talk = [r.text for r in echo_talk(readings)]
            echo_score, bet_score, *talk_scores = self.forced_logprobs(
                encoded, frames,
                [readings[0].text, _styled(rival.command, readings[0].text), *talk],
                prompted=False)
            echo_gap = bet_score - echo_score
            talk_lead = max(talk_scores) - bet_score if talk_scores else None
        if gap is not None or echo_gap is not None:
            hypothesis, share = judge(readings, self.sure_share, self.name,
                                      soundalike_gap=gap, echo_gap=echo_gap,
                                      talk_lead=talk_lead)
        near = near_rival(readings)
        near_lead = None
        if near is not None and command(hypothesis.text) == near[0].intent:  # else unused
            own_score, other_score = self.forced_logprobs(
                encoded, frames, [near[0].text, _styled(near[1], near[0].text)],
                prompted=False)
            near_lead = own_score - other_score
        t3 = time.perf_counter()
        timings = {"encode": 1000 * (t1 - t0), "generate": 1000 * (t2 - t1),
                   "judge": 1000 * (t3 - t2)}
        return Judgement(hypothesis, tuple(readings), share, timings, gap, echo_gap, near_lead,
                         talk_lead)


def collapse_repeats(text: str) -> str:
    """Whisper sometimes writes a short phrase again and again ("Two thirds pot. Two
    thirds"): a sentence followed only by repeats of itself (or their beginnings) is said
    once.

    >>> collapse_repeats("Two thirds pot. Two thirds"), collapse_repeats("Call. Call.")
    ('Two thirds pot.', 'Call.')
    >>> collapse_repeats("I'll call. Nice hand.")
    "I'll call. Nice hand."
    """
    parts = [p.strip() for p in re.split(r"(?<=[.!?])\s+", text.strip()) if p.strip()]
    if len(parts) < 2:
        return text.strip()
    first = _plain(parts[0])
    if all(first.startswith(_plain(p)) for p in parts[1:]):
        return parts[0]
    return text.strip()


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9' ]", " ", text.lower().replace("-", " ")).split())


def _styled(command: str, heard: str) -> str:
    """``command`` written the way Whisper wrote ``heard`` (capital, full stop), so the
    forced scores compare words, not typography.

    >>> _styled("raise to 200", "Race to 200."), _styled("Top up.", "Jump up.")
    ('Raise to 200.', 'Top up.')
    """
    command = command.rstrip().rstrip(".!?")
    text = command[:1].upper() + command[1:] if heard[:1].isupper() else command
    tail = heard.rstrip()[-1:] if heard.rstrip()[-1:] in ".!?" else ""
    return text + tail
