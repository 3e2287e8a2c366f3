"""PocketSphinx backend: the out-of-the-box recognizer (its PyPI wheel ships US English).

Measured here (issue 3): with its general language model PocketSphinx is useless for
commands, with a JSGF command grammar it is fast and good.  What this backend does on top:

- ``bestpath=False``: the lattice best path returned fragments ("raise three x the");
- the JSGF from :mod:`voice.grammar`, including a phone-loop *garbage* alternative, so
  chit-chat decodes as phones and comes back as ``[unk]`` instead of a forced command;
- a second out-of-vocabulary alternative: a loop over 400 common English words that are
  not game words (:func:`voice.grammar.other_pronunciations`), so table talk the game
  never listed ("hold on", "that was unlucky") is explained by words, not by a command;
- accent variants of command words (:data:`voice.grammar.VARIANTS`);
- a dither floor: espeak-ng and some sound cards write exact digital zeros between words,
  which wrecks the decoder's noise/CMN estimates ("check" -> "q"); a microphone never
  does, so every chunk gets a faint (-68 dBFS) seeded noise floor before decoding;
- a speech-like starting point for live cepstral mean normalisation (:data:`CMNINIT`);
- optional second opinion: a stricter decoder (larger garbage weight) run on the same
  chunks; a command both accept gets high confidence, one only the lenient accepts gets
  :data:`LOW_CONFIDENCE` (the resolver then asks "yes?").
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from .. import grammar
from .base import UNKNOWN, Hypothesis, ModelNotFoundError, Recognizer, RecognizerUnavailableError

#: Starting cepstral mean for live CMN: the mean over this project's spoken corpus.  The
#: model's default (40,3,-1) is far from speech at a normal level, and live CMN only
#: catches up after an utterance or two — the first command was then decoded 3 times out
#: of 24 instead of 18 (benchmarks/voice).  It keeps adapting to the real microphone.
CMNINIT = "53.3,-6.3,-0.6,13.5,-3.4,-10.7,-8.1,-7.1,-1.0,-5.9,-3.2,-4.3,0.7"

#: Further decoder settings (tuned on benchmarks/voice).
DECODER_CONFIG: dict[str, object] = {}

HIGH_CONFIDENCE = 0.95
LOW_CONFIDENCE = 0.5
_SEARCH, _SEARCH_CONFIRM = "holdem", "holdem_confirm"
_DITHER_STD = 90.0


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
        return np.clip(out, -32768, 32767).astype(np.int16).tobytes()


def _decoder(
    garbage_weight: float | None, model: Path, extra: dict | None = None,
    other_weight: float | None = None, other_words: int = 0,
):
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
        if garbage_weight is None and grammar.is_garbage_word(word):
            continue
        dec.add_word(word, phones, False)
    if other_weight is not None:
        for word, phones in grammar.other_pronunciations(other_words).items():
            dec.add_word(word, phones, False)
    dec.add_word("ph_sil", "SIL", True)  # flushes the dictionary update once
    for search, confirm in ((_SEARCH, False), (_SEARCH_CONFIRM, True)):
        text = grammar.jsgf(garbage_weight=garbage_weight, confirm=confirm,
                            other_weight=other_weight, other_words=other_words)
        dec.add_jsgf_string(search, text.encode())
    dec.activate_search(_SEARCH)
    return dec


class PocketSphinxRecognizer(Recognizer):
    """JSGF-constrained PocketSphinx with phone-loop rejection.

    ``garbage_weight`` None disables rejection (every sound becomes a command: only for
    measuring how much rejection buys).  ``strict_weight`` adds the second opinion.
    """

    name = "pocketsphinx"

    def __init__(
        self,
        garbage_weight: float | None = grammar.DEFAULT_GARBAGE_WEIGHT,
        strict_weight: float | None = grammar.DEFAULT_STRICT_WEIGHT,
        config: dict | None = None,
        other_weight: float | None = grammar.DEFAULT_OTHER_WEIGHT,
        other_words: int = grammar.DEFAULT_OTHER_WORDS,
    ) -> None:
        model = model_dir()
        try:
            self._decoders = [_decoder(garbage_weight, model, config, other_weight, other_words)]
            if strict_weight is not None:
                self._decoders.append(
                    _decoder(strict_weight, model, config, other_weight, other_words)
                )
        except RuntimeError as exc:
            raise RecognizerUnavailableError(f"PocketSphinx failed to load: {exc}") from exc
        self._dither = Dither()
        self._started = False
        self._search = _SEARCH

    def expect_confirmation(self, pending: bool) -> None:
        self._search = _SEARCH_CONFIRM if pending else _SEARCH

    def _start(self) -> None:
        for dec in self._decoders:
            if dec.current_search() != self._search:
                dec.activate_search(self._search)
            dec.start_utt()
        self._started = True

    def accept(self, chunk: bytes) -> None:
        if not self._started:
            self._start()
        data = self._dither(chunk)
        if data:
            for dec in self._decoders:
                dec.process_raw(data, False, False)

    def _text(self, dec) -> str:
        hyp = dec.hyp()
        words = hyp.hypstr.split() if hyp is not None else []
        if not words or any(grammar.is_garbage_word(w) for w in words):
            return UNKNOWN
        return " ".join(words)

    def final(self) -> Hypothesis:
        if not self._started:
            return Hypothesis(UNKNOWN, 0.0, self.name)
        for dec in self._decoders:
            dec.end_utt()
        self._started = False
        texts = [self._text(dec) for dec in self._decoders]
        text = texts[0]
        if text == UNKNOWN:
            return Hypothesis(UNKNOWN, 0.0, self.name)
        if len(texts) == 1 or texts[1] == text:
            return Hypothesis(text, HIGH_CONFIDENCE, self.name)
        return Hypothesis(text, LOW_CONFIDENCE, self.name)
