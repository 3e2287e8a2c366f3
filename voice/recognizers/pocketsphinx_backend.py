"""PocketSphinx backend: the out-of-the-box recognizer (its PyPI wheel ships US English).

With its general language model PocketSphinx is useless for commands; held to a JSGF
command grammar it is fast and good.  What this backend does on top (each measured in
benchmarks/voice/RESULTS.md):

- ``bestpath=False``: the lattice's best path returns fragments ("raise three x the");
- the JSGF from :mod:`voice.grammar`, including a phone-loop *garbage* alternative, so
  chit-chat decodes as phones and comes back as ``[unk]`` instead of a forced command;
- a second out-of-vocabulary alternative: a loop over 400 common English words that are
  not game words (:func:`voice.grammar.other_pronunciations`), so table talk the game
  never listed ("hold on", "that was unlucky") is explained by words, not by a command;
- accent variants of command words (:data:`voice.grammar.VARIANTS`);
- a lower word insertion penalty on the main decoder (:data:`WORD_INSERTION`): the phone
  loop pays it for every phone, so long commands from voices unlike the model's are not
  explained away by the loop;
- over the game's own line (:meth:`PocketSphinxRecognizer.expect_over_line`), a command
  may follow a phone or two of anything: what the echo canceller left of the line comes
  just before the player's first word (:data:`voice.grammar.DEFAULT_LEAD_WEIGHT`);
- a dither floor: espeak-ng and some sound cards write exact digital zeros between words,
  which wrecks the decoder's noise/CMN estimates ("check" -> "q"); a microphone never
  does, so every chunk gets a faint (-68 dBFS) seeded noise floor before decoding;
- a speech-like starting point for live cepstral mean normalisation (:data:`CMNINIT`), or
  the mean of the room the player last played in (``room_file``, :mod:`.room`);
- the room heard before the first utterance (:meth:`PocketSphinxRecognizer.hear_room`,
  :data:`ROOM_PRIME_S`): the model's noise removal learns the room's noise from the audio
  it is given, starting far under it, and a fresh decoder heard the room sound before a
  word as part of it ("options", "call" as "[unk]" or "fold" after 0.3 s of quiet);
- a running cepstral mean the player's own last commands cannot drag far
  (:data:`CMN_FRAMES`): PocketSphinx's moves a fifth of the way to each utterance, and after
  six "move down"s a "next" was lost to the phone loop; it follows a new room at
  PocketSphinx's own pace (:data:`ROOM_FOLLOW`);
- a room it has not settled on yet: an utterance whose own cepstral mean is far from the
  running one (:data:`ROOM_CHANGE`), and was not heard as a sure command, is decoded again
  from its own mean.  Live CMN needs a few utterances to move from the default to a noisy
  room, and a new player's first commands at 15 dB SNR would be lost meanwhile;
- an echo heard as one more digit ("bet seventy" as "bet seventy three" in a bare room):
  a last number word far quieter than the words said (:data:`ECHO_DB`) is dropped, and
  the command asks "yes?";
- a number word squeezed in where no word was said ("bet ninety" as a sure "bet two
  ninety": the release of "bet"'s T fits a "two"): a number word the decoder fitted into
  fewer than :data:`SQUEEZE_FRAMES` frames a phone (and 200 ms) is dropped, and the command
  asks "yes?";
- optional second opinion: when the lenient decoder heard a command, the utterance is
  decoded again at its end against a tiny grammar — exactly those words, or the phone loop
  at a larger garbage weight (:func:`voice.grammar.verify_jsgf`).  Words that still win get
  high confidence; otherwise :data:`LOW_CONFIDENCE` (the resolver then asks "yes?").  A
  look at the finished phrase costs about 0.05 x real time; a second full decoder
  streamed alongside the first would give the same outcomes but falls behind the speech.
  Where the caller knows the quiet tail has begun, the look starts then, for the words
  heard so far, and the end takes its verdict if they are still the words
  (:meth:`PocketSphinxRecognizer.verify_ahead`);
- its decoding goes straight to the C library in the wheel (:mod:`.sphinx_calls`), Python's
  lock free meanwhile: Whisper's thread decodes beside it, not in the gaps between chunks;
- in that second look a short command must also be *clearly* the best command: it is sure
  only if it still wins when every short command meaning something else is far likelier
  (:func:`voice.grammar.rival_jsgf`, on a third decoder), so a noisy "pause" heard as
  "call it", or "pot" as "call", asks "yes?" — as Lichess's voice moves play a move only
  when one candidate is clearly best;
- likewise a longer command naming an amount is sure only if it still wins against every
  amount one number word away (:func:`voice.grammar.amount_rivals`), made likelier, so
  "bet twelve hundred" heard as "bet two hundred" asks first.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .. import grammar
from ..intents import Unknown
from ..numbers import NUMBER_WORDS
from ..parser import parse
from . import sphinx_calls
from .base import UNKNOWN, Hypothesis, ModelNotFoundError, Recognizer, RecognizerUnavailableError
from .room import load_room, save_room

#: Starting cepstral mean for live CMN: the mean over this project's spoken corpus.  The
#: model's default (40,3,-1) is far from speech at a normal level, and live CMN only
#: catches up after an utterance or two: a fresh recognizer's first command is right 18
#: times in 24 from this mean, 3 from the default (benchmarks/voice/RESULTS.md).  It keeps
#: adapting to the real microphone.
CMNINIT = "53.3,-6.3,-0.6,13.5,-3.4,-10.7,-8.1,-7.1,-1.0,-5.9,-3.2,-4.3,0.7"

#: Further decoder settings (tuned on benchmarks/voice), for every decoder.
#:
#: ``topn``: how many of each phone's 128 Gaussians (per feature stream) score a frame;
#: PocketSphinx's default is 4.  Voices unlike the ones the model was trained on fall
#: between its Gaussians, and the best four then score them badly.  8 hears more of the
#: voice corpus right than 4 (held-out clean 93.7 -> 94.9 %) for 12-16 ms more at p95; 16
#: hears noisy "call" as "fold" (benchmarks/voice/RESULTS.md).
DECODER_CONFIG: dict[str, object] = {"topn": 8}

#: The main decoder's word insertion penalty (PocketSphinx's ``wip``; its default is 0.65).
#: The phone loop pays it once a phone, a command once a word, so a lower one makes the
#: loop dearer the longer it has to explain a phrase while a command pays little more:
#: long commands said by voices unlike the model's ("raise by one hundred", "a third of the
#: pot") lose to the loop at the default.  At 0.2 held-out clean is 93.1 % instead of
#: 89.5 %, with no more table talk acted on (benchmarks/voice/RESULTS.md).  The second look
#: keeps the default: its strict weight was set with it.
WORD_INSERTION = 0.2

#: Seconds of the room's own sound each decoder is given before the first utterance
#: (:meth:`PocketSphinxRecognizer.hear_room`).  The model's front end removes noise
#: (``remove_noise``, set by its feat.params): it estimates the noise of each band from the
#: very first frame a decoder is ever given, starting 13 dB under it, raises the estimate
#: by 0.5 % a frame, and never starts it again (PocketSphinx 5 keeps it from one utterance
#: to the next).  So a fresh decoder's first utterance hears the room sound before the
#: word with no noise taken out, much as a fricative, and a short word flips on how long
#: that sound is: 12 short commands said after 0.03-0.4 s of a -55 dBFS room were heard
#: 72 times in 108 by a fresh recognizer ("call" as "fold", "options" as "[unk]"), 96
#: after 1 s of the room, 106 after 3 s (benchmarks/voice/lead_in.py; RESULTS.md, session
#: 17).  Passed through a search for silence alone, it costs ~1 ms a 100 ms chunk.
ROOM_PRIME_S = 3.0

#: An utterance whose own cepstral mean lies this far from the running one in c0 (its
#: energy term) was said in a room the recognizer has not settled on: a new player's
#: first words in a noisy room, another microphone.  It is heard again from its own mean.
#: On the voice corpus c0 of a command's own mean is 52-59 in a quiet room and 63-67 at
#: 15 dB SNR, against the default start's 53.3 (benchmarks/voice/RESULTS.md).
ROOM_CHANGE = 8.0
#: The weight, in frames, PocketSphinx gives a cepstral mean it is set to (CMN_WIN).
_CMN_FRAMES = 500
#: The weight, in 10 ms frames, the running cepstral mean keeps against each utterance's
#: own frames.  PocketSphinx's live CMN gives it 500 (:data:`_CMN_FRAMES`): a 1.2 s
#: utterance moves it a fifth of the way to its own mean, so the player's last few commands
#: make it.  Six "move down"s pulled c1 (the spectrum's tilt) from -9.3 to -2.0, and the
#: "next"s said after them ("next"'s own c1 is about -12) were lost to the phone loop 2
#: times in 3.  At 3000 the six pull it to -5.4 and every "next" is heard; over the voice
#: corpus in three clip orders commands are heard right as often or more, and about as few
#: acted on wrongly without a yes (benchmarks/voice/RESULTS.md, session 19).  While the room is
#: new it moves at PocketSphinx's own pace (:data:`ROOM_FOLLOW`); so it does at the table,
#: where no menu is open: there the commands vary, and with PocketSphinx as Whisper's second
#: opinion the slower mean made 1.5-3.5 points more right commands ask "yes?".  None: always
#: at PocketSphinx's own pace.
CMN_FRAMES = 3000
#: An utterance whose own cepstral mean lies this far from the running one in c0 (its
#: energy term) was said in a room the mean has not settled on (a new player's first
#: words at 15 dB SNR: c0 63-67 against 52-59 in a quiet room): the running mean follows
#: it at PocketSphinx's own pace, not :data:`CMN_FRAMES`'.  (The six "move down"s lie 2.5
#: from it.)
ROOM_FOLLOW = 6.0

#: A number word heard after another, this many dB quieter than the loudest word of the
#: utterance, is taken for an echo, not speech: the command is heard without it and asks
#: "yes?".  In an echoing room "bet seventy" can be heard as a sure "bet seventy three":
#: the grammar lets one more number word follow, and the echo of the last syllable fits
#: it.  The last word of a correctly heard amount lies within 6.4 dB of the loudest word,
#: an echo heard as a digit 8-22 dB below it (benchmarks/voice/RESULTS.md).
ECHO_DB = 9.0

#: A number word the decoder fitted into fewer 10 ms frames a phone than this, and into
#: less than :data:`SQUEEZE_MAX_FRAMES` in all, was not said: the next word's onset or the
#: last one's release, squeezed in as a word ("bet ninety" as "bet two ninety", "bet
#: twelve hundred" as "bet twenty one hundred", both sure).  It is dropped, and the
#: command asks "yes?".  Number words really said get 6.8 frames a phone or more (bar a
#: long word in noise, which is over 20 frames), squeezed-in ones 3.0-5.5 a phone and
#: 7-15 frames (benchmarks/voice/RESULTS.md).  The HMMs allow 3 a phone (one frame a
#: state).
SQUEEZE_FRAMES = 5.5
SQUEEZE_MAX_FRAMES = 20

HIGH_CONFIDENCE = 0.95
LOW_CONFIDENCE = 0.5
_VERIFY = "verify"
#: The command grammar's searches, by (a "yes?" pending, a menu open, begun over the game's
#: line): yes/no and the moves in a menu are listened for only then, a lead before the
#: command only over a line and with no "yes?" waiting (:func:`voice.grammar.jsgf`; a
#: lead of two phones is most of a "no", and what was left of it was heard as "help").
_SEARCHES: dict[tuple[bool, bool, bool], str] = {
    (confirm, menu, over): "holdem" + ("_confirm" if confirm else "")
    + ("" if menu else "_table") + ("_over" if over else "")
    for confirm in (False, True) for menu in (False, True) for over in (False, True)
    if not (confirm and over)
}
_SEARCH = _SEARCHES[False, True, False]
#: The searches compiled with the decoder: the start screen's and the table's, which every
#: game listens with first.  Each search takes PocketSphinx about 0.5 s to build, most of
#: a recognizer's loading, so the others (a "yes?" pending, over a line) are compiled at
#: the first utterance that wants them, while it is still being said: loading 5.4 -> 3.2 s,
#: the same hypotheses, a game's first answer to a "yes?" about 30 ms slower, once
#: (benchmarks/voice/RESULTS.md, session 55).
EAGER_SEARCHES: tuple[tuple[bool, bool, bool], ...] = ((False, True, False), (False, False, False))
#: The search the room's sound is passed through (:meth:`PocketSphinxRecognizer.hear_room`):
#: only its front end's noise estimate is wanted, so nothing but silence to look for.
_ROOM = "room"
_ROOM_JSGF = b"#JSGF V1.0;\ngrammar room;\npublic <room> = ph_sil;\n"
#: The rival decoder's search for an amount's rivals: compiled afresh for every amount heard
#: (amounts are too many to keep one search each: that grew the decoder without end) and
#: replaced under this one name, which frees the last one.
_AMOUNT_RIVALS = "amount_rivals"
_DITHER_STD = 90.0
_RATE = 16_000
_FRAME_BYTES = 320  #: one 10 ms decoder frame of 16 kHz 16-bit audio
_MARGIN_FRAMES = 15


def model_dir() -> Path:
    """The US English acoustic model shipped in the pocketsphinx wheel."""
    try:
        import pocketsphinx
    except ImportError as exc:  # pragma: no cover - it is a runtime dependency
        raise RecognizerUnavailableError(
            f"PocketSphinx is not installed ({exc}); install the game's dependencies"
        ) from exc
    path = Path(pocketsphinx.get_model_path()) / "en-us"
    if not (path / "en-us").is_dir():
        raise ModelNotFoundError(f"PocketSphinx's English model is missing at {path}")
    return path


def stock_pronunciations() -> dict[str, list[str]]:
    """Word -> its CMU pronunciations in the wheel's dictionary (variants "word(2)" folded
    into "word", comments dropped): what the recognizer knows before the game adds words."""
    prons: dict[str, list[str]] = {}
    for line in (model_dir() / "cmudict-en-us.dict").read_text().splitlines():
        word, _, phones = line.partition(" ")
        prons.setdefault(word.split("(")[0], []).append(phones.split("#")[0].strip())
    return prons


class Dither:
    """Adds a faint fixed noise floor to every chunk (deterministic: seeded).

    Far below any real microphone's own noise, so it changes nothing there; it only
    keeps exact digital zeros from reaching the decoder.
    """

    def __init__(self, seed: int = 1234, length: int = 16_000) -> None:
        rng = np.random.default_rng(seed)
        self._noise = np.round(rng.normal(0.0, _DITHER_STD, length)).astype(np.int16)
        self._pos = 0

    def __call__(self, chunk: bytes) -> bytes:
        samples = np.frombuffer(chunk[: len(chunk) // 2 * 2], dtype=np.int16)
        if samples.size == 0:
            return b""
        idx = (np.arange(samples.size) + self._pos) % self._noise.size
        self._pos = int((self._pos + samples.size) % self._noise.size)
        out = samples.astype(np.int32) + self._noise[idx]
        return bytes(np.clip(out, -32768, 32767).astype(np.int16).tobytes())


def _decoder(
    garbage_weight: float | None, model: Path, extra: dict[str, object] | None = None,
    other_weight: float | None = None, other_words: int = 0, searches: bool = True,
    lead_weight: float | None = None,
) -> Any:
    """A decoder with the game's words and, with ``searches``, the command grammar's
    :data:`EAGER_SEARCHES` (the rest are compiled when first wanted: :func:`_add_search`)."""
    from pocketsphinx import Decoder

    config = {
        "hmm": str(model / "en-us"),
        "dict": str(model / "cmudict-en-us.dict"),
        "bestpath": False,
        "cmninit": CMNINIT,
        "logfn": os.devnull,
        **DECODER_CONFIG,
        **(extra or {}),
    }
    dec = Decoder(**config)
    for word, phones in grammar.extra_pronunciations().items():
        if garbage_weight is None and lead_weight is None and grammar.is_garbage_word(word):
            continue
        dec.add_word(word, phones, False)
    if other_weight is not None:
        for word, phones in grammar.other_pronunciations(other_words).items():
            dec.add_word(word, phones, False)
    dec.add_word("ph_sil", "SIL", True)  # flushes the dictionary update once
    dec.add_jsgf_string(_ROOM, _ROOM_JSGF)  # for the room's sound: cheap to search
    if not searches:  # the verifier: its grammar is made per utterance
        return dec
    for key in EAGER_SEARCHES:
        _add_search(dec, key, garbage_weight, other_weight, other_words, lead_weight)
    dec.activate_search(_SEARCH)
    return dec


def _add_search(dec: Any, key: tuple[bool, bool, bool], garbage_weight: float | None,
                other_weight: float | None, other_words: int,
                lead_weight: float | None) -> None:
    """Compile the command grammar's search for ``key`` (a "yes?" pending, a menu open,
    over a line: :data:`_SEARCHES`) into ``dec``."""
    confirm, menu, over = key
    text = grammar.jsgf(garbage_weight=garbage_weight, confirm=confirm, menu=menu,
                        other_weight=other_weight, other_words=other_words,
                        lead_weight=lead_weight if over else None)
    dec.add_jsgf_string(_SEARCHES[key], text.encode())


def _without_lead(words: list[str]) -> list[str]:
    """A command's words without the phones of a lead before it (:func:`voice.grammar.jsgf`'s
    ``lead_weight``); phones alone, the garbage loop's, are left for the caller to reject.

    >>> _without_lead(["ph_k", "ph_ah", "fold"]), _without_lead(["ph_k", "ph_ah"])
    (['fold'], ['ph_k', 'ph_ah'])
    """
    start = next((k for k, w in enumerate(words) if not grammar.is_garbage_word(w)), 0)
    return words[start:]


def _cepstra(mean: str) -> list[float]:
    return [float(c) for c in mean.split(",")]


@dataclass
class _Ahead:
    """An utterance ended ahead of the voice detector (its quiet tail had begun) and
    judged on a thread; the chunks that came after, kept in case the player speaks again."""

    audio: list[bytes]
    #: The checking decoders' running means when it ended, for a resumption.
    means: list[str]
    tail: list[bytes] = field(default_factory=list)
    result: Hypothesis | None = None
    thread: threading.Thread | None = None


class _VerifyingAhead:
    """The second look's strict decode (:meth:`PocketSphinxRecognizer._second_look`) begun
    while the utterance's quiet tail comes in, for the words the main decoder heard so far:
    a thread feeds the verifier the utterance's chunks as they arrive, and :meth:`take`
    ends it.  The verifier's running mean from before, to put back if it is not used."""

    def __init__(self, dec: Any, text: str, audio: list[bytes], mean: str) -> None:
        self.dec, self.text, self.mean = dec, text, mean
        self.audio = audio  #: the recognizer's own list: it grows as chunks come in
        self._fed = 0
        self._done = False
        self._more = threading.Condition()
        self._thread = threading.Thread(target=self._feed, name="pocketsphinx-verify",
                                        daemon=True)
        self._thread.start()

    def _feed(self) -> None:
        while True:
            with self._more:
                while self._fed == len(self.audio) and not self._done:
                    self._more.wait()
                if self._fed == len(self.audio):
                    return
                data = self.audio[self._fed]
            sphinx_calls.process_raw(self.dec, data)
            self._fed += 1

    def heard_more(self) -> None:
        """A chunk was added to the utterance."""
        with self._more:
            self._more.notify()

    def take(self) -> int:
        """Feed what is left and end the decode (once); how many chunks it heard."""
        with self._more:
            ended, self._done = self._done, True
            self._more.notify()
        if not ended:
            self._thread.join()
            sphinx_calls.end_utt(self.dec)
        return self._fed

    def drop(self) -> None:
        """End the decode unused, the verifier's running mean put back."""
        self.take()
        self.dec.set_cmn(self.mean)


class _LookBehind:
    """A second look on a thread (:meth:`PocketSphinxRecognizer._verdict`), left to finish
    after the result was given where it cannot change it, so that every decoder hears what
    a finished look has it hear; joined before anything else is decoded."""

    def __init__(self, look: Callable[[], bool]) -> None:
        self._verdict = False
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(look,),
                                        name="pocketsphinx-look", daemon=True)
        self._thread.start()

    def _run(self, look: Callable[[], bool]) -> None:
        try:
            self._verdict = look()
        except BaseException as exc:  # raised where it is joined
            self._error = exc

    def join(self) -> bool:
        """Wait for the look: its verdict, or what went wrong in it raised here."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._verdict


class PocketSphinxRecognizer(Recognizer):
    """JSGF-constrained PocketSphinx with phone-loop rejection.

    ``garbage_weight`` None disables rejection (every sound becomes a command: only for
    measuring how much rejection buys).  ``strict_weight`` is the garbage weight of the
    second look at a heard command (None: no second look, every command is sure);
    ``rival_weight`` the prior of a short command's words against its rivals in that look
    (None: no rival check); ``amount_rival_weight`` the prior of a longer command's
    amount against the amounts one number word away (None: no amount check).
    ``echo_db``: how much quieter than the loudest word a last number word must be to be
    taken for an echo (None: never); ``squeeze_frames``: the fewest frames a phone a
    number word must have to count as said (None: any).
    ``room_file``: where the microphone's and room's cepstral mean is kept between games
    (:mod:`.room`); it is read here and written after every utterance.
    ``word_insertion``: the main decoder's word insertion penalty (:data:`WORD_INSERTION`;
    None: PocketSphinx's default).
    ``cmn_frames``: the weight the running cepstral mean keeps against an utterance
    (:data:`CMN_FRAMES`; None: PocketSphinx's own pace).
    ``lead_weight``: the prior of a command after a lead of a phone or two, over the
    game's line (:data:`voice.grammar.DEFAULT_LEAD_WEIGHT`; None: no lead).
    """

    name = "pocketsphinx"

    def __init__(
        self,
        garbage_weight: float | None = grammar.DEFAULT_GARBAGE_WEIGHT,
        strict_weight: float | None = grammar.DEFAULT_STRICT_WEIGHT,
        config: dict[str, object] | None = None,
        other_weight: float | None = grammar.DEFAULT_OTHER_WEIGHT,
        other_words: int = grammar.DEFAULT_OTHER_WORDS,
        rival_weight: float | None = grammar.DEFAULT_RIVAL_WEIGHT,
        room_file: str | Path | None = None,
        echo_db: float | None = ECHO_DB,
        squeeze_frames: float | None = SQUEEZE_FRAMES,
        word_insertion: float | None = WORD_INSERTION,
        amount_rival_weight: float | None = grammar.DEFAULT_AMOUNT_RIVAL_WEIGHT,
        cmn_frames: int | None = CMN_FRAMES,
        lead_weight: float | None = grammar.DEFAULT_LEAD_WEIGHT,
    ) -> None:
        model = model_dir()
        self.room_file = None if room_file is None else Path(room_file)
        saved = None if self.room_file is None else load_room(self.room_file)
        if saved is not None:
            config = {**(config or {}), "cmninit": saved}
        main = config if word_insertion is None else {"wip": word_insertion, **(config or {})}
        try:
            self._decoder = _decoder(garbage_weight, model, main, other_weight, other_words,
                                     lead_weight=lead_weight)
            #: What the searches not built with the decoder are built from (:func:`_add_search`).
            self._grammar = (garbage_weight, other_weight, other_words, lead_weight)
            self._verifier = None if strict_weight is None else _decoder(
                strict_weight, model, config, searches=False)
            # with the phone loop's words: it stands in for the verifier too (_verified_ahead)
            self._rival = None if strict_weight is None or rival_weight is None else _decoder(
                strict_weight, model, config, searches=False)
        except RuntimeError as exc:
            raise RecognizerUnavailableError(f"PocketSphinx failed to load: {exc}") from exc
        self.strict_weight = strict_weight
        self.rival_weight = rival_weight
        self.amount_rival_weight = amount_rival_weight
        self.echo_db = echo_db
        self.squeeze_frames = squeeze_frames
        self._rival_searches: dict[str, str | None] = {}
        self._dither = Dither()
        self._started = False
        self._pending, self._menu = False, True  #: a "yes?" pending, a menu open
        self.lead_weight = lead_weight
        self._over = False  #: the utterance began over the game's line (and a lead is built)
        self._audio: list[bytes] = []  #: the utterance so far, for the second look
        self._ahead: _Ahead | None = None  #: the utterance ended ahead (:meth:`end_ahead`)
        #: the second look's strict decode begun ahead (:meth:`verify_ahead`)
        self._verifying: _VerifyingAhead | None = None
        #: what :meth:`final` was given to ask, while it judges (:meth:`_verdict`)
        self._look_matters: Callable[[str], bool] | None = None
        self._rehear: Callable[[Hypothesis], bool] | None = None
        #: the last utterance's second look was finished, where one was wanted: its
        #: confidence is the look's verdict (False: left to finish behind, see :meth:`final`
        #: and :meth:`finish_look`)
        self.looked = True
        self._behind: _LookBehind | None = None  #: that look, finishing
        self._mean_before = CMNINIT  #: the running cepstral mean when it began
        self._room_heard = 0  #: samples of the room's sound given to the decoders
        self.cmn_frames = cmn_frames
        #: The running mean as PocketSphinx's own pace would have it: the room, for the
        #: room file (the next game's start), while the decoder's moves at ``cmn_frames``.
        self._room_mean = _cepstra(self._decoder.get_cmn())

    def expect_confirmation(self, pending: bool) -> None:
        self._pending = pending

    def expect_menu(self, menu_open: bool) -> None:
        self._menu = menu_open

    def expect_over_line(self, over: bool) -> None:
        """Over the game's line the command may follow a lead of a few phones: what the
        canceller left of the line (:data:`voice.grammar.DEFAULT_LEAD_WEIGHT`)."""
        self._over = over and self.lead_weight is not None

    def hear_room(self, pcm: bytes) -> None:
        """Until :data:`ROOM_PRIME_S` of it has been heard, pass the room's sound between
        utterances through every decoder, so that their noise estimates start from the
        room and not from the first utterance's first frame.  Each decoder's running
        cepstral mean is put back: the room is not what the player's words sound like."""
        if (self._started or self._ahead is not None
                or self._room_heard >= ROOM_PRIME_S * _RATE):
            return
        data = self._dither(pcm)
        if not data:
            return
        self.finish_look()
        for dec in self._decoders:  # each utterance activates its own search again
            mean = dec.get_cmn()
            dec.activate_search(_ROOM)
            self._decode(dec, [data])
            dec.set_cmn(mean)
        self._room_heard += len(data) // 2

    def _start(self) -> None:
        self.finish_look()
        over = self._over and not self._pending
        key = (self._pending, self._menu, over)
        dec, search = self._decoder, _SEARCHES[key]
        if dec.get_fsg(search) is None:  # not built yet (EAGER_SEARCHES)
            _add_search(dec, key, *self._grammar)
        if dec.current_search() != search:
            dec.activate_search(search)
        # Setting the running mean gives it a fixed weight, so that this utterance's own
        # mean can be read back from the mean at its end (:meth:`_own_mean`).
        self._mean_before = dec.get_cmn()
        dec.set_cmn(self._mean_before)
        dec.start_utt()
        self._audio = []
        self._started = True

    def accept(self, chunk: bytes) -> None:
        ahead = self._ahead
        if ahead is None and not self._started:
            self._start()
        data = self._dither(chunk)
        if not data:
            return
        if ahead is not None:  # the utterance's tail: heard only if the player speaks again
            ahead.tail.append(data)
            return
        sphinx_calls.process_raw(self._decoder, data)
        self._audio.append(data)
        if self._verifying is not None:
            self._verifying.heard_more()

    def verify_ahead(self) -> None:
        """Begin the second look's strict decode now, for the words heard so far, while the
        voice detector waits out its hangover: the utterance's quiet tail has begun (the
        caller knows when, as Whisper's decode-ahead does).  It hears the same chunks from
        the same running mean as the decode at the end would, so where the main decoder's
        words at the end are these, its verdict is that decode's and the end no longer waits
        for it (:meth:`_verified_ahead`).  Once an utterance: the verifier's running mean
        has taken in what it heard."""
        if (self._verifying is not None or not self._started or self._ahead is not None
                or self._verifier is None or self.strict_weight is None):
            return
        text = self._text(self._decoder)
        if text == UNKNOWN:
            return
        dec = self._verifier
        mean = str(dec.get_cmn())
        self._add_verify_search(dec, text)
        dec.activate_search(_VERIFY)
        dec.start_utt()
        self._verifying = _VerifyingAhead(dec, text, self._audio, mean)

    def _drop_verifying(self) -> None:
        """End the decode begun ahead unused (no second look wanted), the verifier's
        running mean put back."""
        verifying, self._verifying = self._verifying, None
        if verifying is not None:
            verifying.drop()

    def _verified_ahead(self, verifying: _VerifyingAhead, text: str,
                        audio: list[bytes]) -> bool | None:
        """The second look's strict verdict on ``audio`` from the decode begun ahead
        (None: it was not begun on this utterance, and is dropped).  Begun for other words,
        the verifier has still heard the utterance once, as at the end, and the rival
        decoder (whose mean is set afresh for each use) decodes ``text`` strictly from where
        the verifier's mean began."""
        if verifying.audio is not audio or verifying.take() != len(audio):
            verifying.drop()
            return None
        if verifying.text == text:
            hyp = verifying.dec.hyp()
            return hyp is not None and hyp.hypstr == text
        spare = self._rival or verifying.dec  # no rival decoder: the verifier hears it twice
        spare.set_cmn(verifying.mean)
        return self._strictly(spare, text, audio)

    def _add_verify_search(self, dec: Any, text: str) -> None:
        """Compile the second look's strict search for ``text`` into ``dec``."""
        assert self.strict_weight is not None
        dec.add_jsgf_string(_VERIFY, grammar.verify_jsgf(text.split(), self.strict_weight))

    def _strictly(self, dec: Any, text: str, audio: list[bytes]) -> bool:
        """Do ``text``'s words still beat the phone loop at the strict garbage weight, on
        ``dec``?"""
        self._add_verify_search(dec, text)
        return self._decodes_to(dec, _VERIFY, text, audio)

    @property
    def ended_ahead(self) -> bool:
        """The utterance was ended ahead (:meth:`end_ahead`) and not resumed."""
        return self._ahead is not None

    def end_ahead(self) -> None:
        """End the utterance here and judge it on a thread, while the voice detector waits
        out its hangover: the utterance's quiet tail has begun (the caller knows when, as
        Whisper's decode-ahead does).  A doubted command heard in a room the recognizer has
        not settled on is decoded up to three times more (:meth:`_hear_in_its_own_room`),
        and that no longer waits for the end of the utterance.  :meth:`final` collects the
        judgement; :meth:`resume` takes the utterance up again if the player speaks on.
        PocketSphinx decodes with Python's lock free (:mod:`.sphinx_calls`), so the chunks
        still coming in are taken meanwhile."""
        if not self._started or self._ahead is not None:
            return
        self._drop_verifying()
        sphinx_calls.end_utt(self._decoder)
        self._started = False
        audio, self._audio = self._audio, []
        ahead = _Ahead(audio, [d.get_cmn() for d in self._decoders[1:]])

        def judge() -> None:
            ahead.result = self._judged(audio)

        ahead.thread = threading.Thread(target=judge, name="pocketsphinx-ahead", daemon=True)
        self._ahead = ahead
        ahead.thread.start()

    def _collect(self) -> _Ahead | None:
        """The utterance ended ahead, its judgement finished; None if there is none."""
        ahead, self._ahead = self._ahead, None
        if ahead is not None and ahead.thread is not None:
            ahead.thread.join()
        return ahead

    def resume(self) -> None:
        """The player spoke again after :meth:`end_ahead`: the utterance goes on, decoded
        again from the start with every decoder's running mean as it was (what the decoder
        streamed is gone once it is ended)."""
        ahead = self._collect()
        if ahead is None:
            return
        for dec, mean in zip(self._decoders[1:], ahead.means, strict=True):
            dec.set_cmn(mean)
        self._decoder.set_cmn(self._mean_before)
        self._start()
        for data in ahead.audio + ahead.tail:
            sphinx_calls.process_raw(self._decoder, data)
            self._audio.append(data)

    def reset(self) -> None:
        """Drop the utterance in progress (no second look: nobody wants its result)."""
        self.finish_look()
        self._drop_verifying()
        if self._collect() is not None:
            self._settle()
        elif self._started:
            sphinx_calls.end_utt(self._decoder)
            self._started = False
            self._settle()
        self._audio = []

    def _text(self, dec: Any) -> str:
        hyp = dec.hyp()
        words = _without_lead(hyp.hypstr.split() if hyp is not None else [])
        if not words or any(grammar.is_garbage_word(w) for w in words):
            return UNKNOWN
        return " ".join(words)

    def final(self, rehear: Callable[[Hypothesis], bool] | None = None,
              look_matters: Callable[[str], bool] | None = None) -> Hypothesis:
        """The utterance heard and judged.  ``rehear``: asked, with the doubted command
        first heard, whether to decode it again in its own room (:meth:`_judged`); None:
        always (an utterance ended ahead has been judged so already).  ``look_matters``:
        asked, with the words heard, whether the second look's verdict could change what
        is made of them (the look runs on a thread meanwhile); where it could not, the
        answer does not wait for the look, which finishes behind (:meth:`_verdict`,
        :meth:`finish_look`)."""
        self.finish_look()
        self.looked = True
        ahead = self._collect()
        if ahead is not None and ahead.result is not None:
            heard = ahead.result
        elif self._started:
            sphinx_calls.end_utt(self._decoder)
            self._started = False
            audio, self._audio = self._audio, []
            self._look_matters, self._rehear = look_matters, rehear
            try:
                heard = self._judged(audio, rehear)
            finally:
                self._look_matters = self._rehear = None
        else:
            return Hypothesis(UNKNOWN, 0.0, self.name)
        self._drop_verifying()  # the words it was begun for were not heard, or not looked at
        self._settle()
        if self.room_file is not None:  # the mean has moved towards this microphone and room
            save_room(self.room_file, self.room)
        return heard

    def _judged(self, audio: list[bytes],
                rehear: Callable[[Hypothesis], bool] | None = None) -> Hypothesis:
        """The utterance the main decoder has just ended, judged: heard again from its own
        mean if it was doubted in a room the recognizer has not settled on, and ``rehear``
        (if given) wants it so."""
        heard = self._heard(audio)
        if heard.confidence < HIGH_CONFIDENCE:
            own = self._own_mean()
            if own is not None and self._room_changed(own) and (rehear is None or rehear(heard)):
                heard = self._hear_in_its_own_room(own, audio) or heard
        return heard

    def _room_changed(self, own: list[float] | None) -> bool:
        """Whether the utterance just ended, its own cepstral mean ``own``, sounds from a
        room other than the running mean's (the first coefficient :data:`ROOM_CHANGE`
        away)."""
        return own is not None and abs(own[0] - _cepstra(self._mean_before)[0]) > ROOM_CHANGE

    def _verdict(self, text: str, audio: list[bytes]) -> bool:
        """The second look's verdict on ``text`` (:meth:`_second_look`) — or True at once,
        the look left to finish behind, where the caller's ``look_matters`` says neither
        verdict would change what is made of the words and a doubt would not have them
        heard again in their own room.  Where it is asked, the look runs on a thread from
        the start, beside the caller's own work that answers (Whisper's), and is waited for
        only where it matters.  It is finished, not left out: each decode moves a decoder's
        noise estimate, which it carries to the next utterance; :attr:`looked` turns
        False."""
        matters = self._look_matters
        if matters is None:
            return self._second_look(text, audio)
        verifying, self._verifying = self._verifying, None
        spoken = self._spoken(audio)  # the main decoder's segments: read before it goes on
        behind = self._behind = _LookBehind(lambda: self._look(text, audio, verifying, spoken))
        rehear = self._rehear
        if not (matters(text) or (
                self._room_changed(self._own_mean())
                and (rehear is None or rehear(Hypothesis(text, LOW_CONFIDENCE, self.name))))):
            self.looked = False
            return True
        self._behind = None
        return behind.join()

    def finish_look(self) -> bool | None:
        """Wait for a second look left to finish behind (:meth:`_verdict`): its
        verdict on the last utterance's words (None: no look was left).  Everything that
        decodes waits for it first."""
        behind, self._behind = self._behind, None
        return None if behind is None else behind.join()

    def _heard(self, audio: list[bytes]) -> Hypothesis:
        """What the main decoder just heard in ``audio``, judged (or an echo or a word
        squeezed in trimmed, and asked about).  Both checks read the same decode's word
        segments, looked up once and only when a number word was heard."""
        text = self._text(self._decoder)
        words = text.split()
        if NUMBER_WORDS.intersection(words):
            segments = self._word_segments()
            if len(segments) == len(words):
                trimmed = self._without_echo(words, segments, audio)
                if trimmed is None:
                    trimmed = self._without_squeezed(words, segments)
                if trimmed is not None:
                    return Hypothesis(trimmed, LOW_CONFIDENCE, self.name)
        return self._judge(text, audio)

    def _without_squeezed(self, words: list[str], segments: list[Any]) -> str | None:
        """``words`` without the first number word whose segment has fewer than
        ``squeeze_frames`` frames a phone (:data:`SQUEEZE_FRAMES`) and
        :data:`SQUEEZE_MAX_FRAMES` in all: not said.  All of ``words`` if what is left
        means nothing; None when no word is squeezed."""
        if self.squeeze_frames is None:
            return None
        for k, (word, seg) in enumerate(zip(words, segments, strict=True)):
            if word not in NUMBER_WORDS:
                continue
            phones = len(self._decoder.lookup_word(seg.word).split())
            frames = seg.end_frame - seg.start_frame + 1
            if frames < min(self.squeeze_frames * phones, SQUEEZE_MAX_FRAMES):
                rest = " ".join(words[:k] + words[k + 1:])
                return " ".join(words) if isinstance(parse(rest), Unknown) else rest
        return None

    def _without_echo(self, words: list[str], segments: list[Any],
                      audio: list[bytes]) -> str | None:
        """``words`` without the last one when it is a number word after another and its
        segment lies ``echo_db`` (:data:`ECHO_DB`) below the loudest word: an echo, not
        said.  None when there is no such echo."""
        if (self.echo_db is None or len(words) < 2
                or not {words[-1], words[-2]} <= NUMBER_WORDS):
            return None
        pcm = np.frombuffer(b"".join(audio), dtype=np.int16).astype(np.float64)
        step = _FRAME_BYTES // 2
        levels = [10 * np.log10(np.mean(part ** 2) + 1.0) for part in (
            pcm[s.start_frame * step:(s.end_frame + 1) * step] for s in segments) if part.size]
        if len(levels) != len(words) or levels[-1] > max(levels) - self.echo_db:
            return None
        return " ".join(words[:-1])

    def _judge(self, text: str, audio: list[bytes]) -> Hypothesis:
        """``text`` as heard by the main decoder, with the second look's confidence."""
        if text == UNKNOWN:
            return Hypothesis(UNKNOWN, 0.0, self.name)
        if self._verifier is None or self._verdict(text, audio):
            return Hypothesis(text, HIGH_CONFIDENCE, self.name)
        return Hypothesis(text, LOW_CONFIDENCE, self.name)

    def _own_mean(self) -> list[float] | None:
        """The cepstral mean of the utterance just ended alone, from the running mean
        before it (weighing :data:`_CMN_FRAMES`) and after it."""
        frames = self._decoder.n_frames()
        if frames <= 0:
            return None
        before, after = _cepstra(self._mean_before), _cepstra(self._decoder.get_cmn())
        return [((_CMN_FRAMES + frames) * a - _CMN_FRAMES * b) / frames
                for a, b in zip(after, before, strict=True)]

    def _settle(self) -> None:
        """Move the main decoder's running mean towards the utterance just ended as if it
        weighed :data:`CMN_FRAMES` (``cmn_frames``), not PocketSphinx's 500 frames, while a
        menu is open, unless the room is new (:data:`ROOM_FOLLOW`)."""
        if self.cmn_frames is None or self.cmn_frames == _CMN_FRAMES:
            return
        own = self._own_mean()
        if own is None:
            return
        frames = self._decoder.n_frames()
        paced = frames / (_CMN_FRAMES + frames)
        self._room_mean = [r + paced * (o - r) for r, o in zip(self._room_mean, own, strict=True)]
        before = _cepstra(self._mean_before)
        if not self._menu or abs(own[0] - before[0]) > ROOM_FOLLOW:
            return
        share = frames / (self.cmn_frames + frames)
        self._decoder.set_cmn(",".join(
            f"{b + share * (o - b):.4f}" for b, o in zip(before, own, strict=True)))

    def _hear_in_its_own_room(self, own: list[float], audio: list[bytes]) -> Hypothesis | None:
        """Decode ``audio`` again from its own mean: the command that makes of it, if any.

        Every decoder's running mean is put back afterwards, to go on adapting at its own
        pace: one utterance's mean is not the room's (jumping to it, a noisy "check" two
        commands later can be heard as "jam")."""
        self._drop_verifying()  # begun from the running mean, not this one
        means, room = [d.get_cmn() for d in self._decoders], self._room_mean
        self.set_room(",".join(f"{c:.4f}" for c in own))
        self._decode(self._decoder, audio)
        matters, self._look_matters = self._look_matters, None  # its look before the means
        try:
            heard = self._heard(audio)
        finally:
            self._look_matters = matters
        for d, mean in zip(self._decoders, means, strict=True):
            d.set_cmn(mean)
        self._room_mean = room
        return None if heard.text == UNKNOWN else heard

    @property
    def _decoders(self) -> list[Any]:
        """Every decoder this recognizer runs, each with its own running mean."""
        return [d for d in (self._decoder, self._verifier, self._rival) if d is not None]

    @property
    def room(self) -> str:
        """The room's cepstral mean, "c0,...,c12": what ``room_file`` keeps — the running
        mean at PocketSphinx's own pace (as before :data:`CMN_FRAMES`: the next game starts
        from it as it did), which the decoder's own follows at ``cmn_frames``."""
        if self.cmn_frames is None or self.cmn_frames == _CMN_FRAMES:
            return str(self._decoder.get_cmn())
        return ",".join(f"{c:.4f}" for c in self._room_mean)

    def set_room(self, mean: str | None = None) -> None:
        """Start again from ``mean`` (the default, :data:`CMNINIT`, when None), as a new
        recognizer with that room saved would."""
        self.finish_look()
        for dec in self._decoders:
            dec.set_cmn(mean or CMNINIT)
        self._room_mean = _cepstra(self._decoder.get_cmn())

    def _second_look(self, text: str, audio: list[bytes]) -> bool:
        """Do ``text``'s words still beat the phone loop at the strict garbage weight, and
        every rival command when the rivals are much likelier (short commands: other
        commands; longer ones naming an amount: other amounts)?"""
        verifying, self._verifying = self._verifying, None
        return self._look(text, audio, verifying)

    def _look(self, text: str, audio: list[bytes], verifying: _VerifyingAhead | None,
              spoken: list[bytes] | None = None) -> bool:
        """:meth:`_second_look` with the strict decode begun ahead, if any, taken from the
        recognizer, and the utterance's spoken part (:meth:`_spoken`) read already if given:
        what a thread can finish while the main decoder goes on."""
        assert self._verifier is not None and self.strict_weight is not None
        verified = None if verifying is None else self._verified_ahead(verifying, text, audio)
        if verified is None:
            verified = self._strictly(self._verifier, text, audio)
        if not verified:
            return False
        search = self._rival_search(text)
        if self._rival is None or search is None:
            return True
        # Its own decoder, started from the strict look's estimate of the room: decoding
        # on the verifier would move the cepstral mean it carries to the next utterance.
        self._rival.set_cmn(self._verifier.get_cmn())
        return self._decodes_to(self._rival, search, text,
                                self._spoken(audio) if spoken is None else spoken)

    def _rival_search(self, text: str) -> str | None:
        """The rival decoder's search for ``text``, or None: compiled once per short
        command, afresh for every amount (:data:`_AMOUNT_RIVALS`)."""
        if self._rival is None or self.rival_weight is None:
            return None
        if text in self._rival_searches:
            return self._rival_searches[text]
        rival = grammar.rival_jsgf(text.split(), self.rival_weight, self.amount_rival_weight)
        if rival is not None and not grammar.rivals(text):  # an amount's rivals
            self._rival.add_jsgf_string(_AMOUNT_RIVALS, rival)
            return _AMOUNT_RIVALS
        name = None
        if rival is not None:
            name = f"rival{len(self._rival_searches)}"
            self._rival.add_jsgf_string(name, rival)
        self._rival_searches[text] = name
        return name

    @staticmethod
    def _decodes_to(dec: Any, search: str, text: str, audio: list[bytes]) -> bool:
        """Does ``audio`` decode to ``text`` on ``dec`` with its grammar ``search``?"""
        dec.activate_search(search)
        PocketSphinxRecognizer._decode(dec, audio)
        hyp = dec.hyp()
        return hyp is not None and hyp.hypstr == text

    @staticmethod
    def _decode(dec: Any, audio: list[bytes]) -> None:
        """One whole utterance through ``dec``, with its active grammar."""
        dec.start_utt()
        for data in audio:
            sphinx_calls.process_raw(dec, data)
        sphinx_calls.end_utt(dec)

    def _word_segments(self) -> list[Any]:
        """The main decode's segments that are words: no silence, noise, sentence marks or
        the phones of a lead."""
        return [s for s in self._decoder.seg() or ()
                if not s.word.startswith(("<", "[", "(")) and not grammar.is_garbage_word(s.word)]

    def _spoken(self, audio: list[bytes]) -> list[bytes]:
        """The utterance cut to the main decode's words and a little room on either side:
        the silence after a phrase only costs the rival check time."""
        words = self._word_segments()
        if not words:
            return audio
        pcm = b"".join(audio)
        start = max(0, words[0].start_frame - _MARGIN_FRAMES) * _FRAME_BYTES
        end = (words[-1].end_frame + 1 + _MARGIN_FRAMES) * _FRAME_BYTES
        return [pcm[start:end]]
