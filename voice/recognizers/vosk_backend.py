"""Vosk backend: Kaldi models, constrained by the game's phrase list when the model allows.

``KaldiRecognizer(model, 16000, json.dumps(phrases + ["[unk]"]))`` turns the phrase list
into a bigram model, not a strict grammar: words can come out in any order, so structure
is the parser's job, and anything else comes out as ``[unk]``.  Word confidences are often
1.0 for wrong words; the hypothesis confidence is the mean word confidence, with
any ``[unk]`` word making it 0.

A phrase list needs the model's word list (``graph/words.txt``); models without one (the
PyPI Korean model) decode free-form, and the parser's closed table still stands between
their words and any action.

The model is never located by ``Model(lang=...)``: that tries a download and, offline,
fails with a bare exception; :mod:`.models` finds it or says clearly that it did not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .. import grammar
from .base import (
    SAMPLE_RATE,
    UNKNOWN,
    Hypothesis,
    ModelNotFoundError,
    Recognizer,
    RecognizerUnavailableError,
)
from .models import ModelInfo, find_vosk_model, is_vosk_model


def _vosk() -> Any:
    try:
        import vosk
    except (ImportError, OSError) as exc:
        raise RecognizerUnavailableError(f"Vosk cannot be loaded here: {exc}") from exc
    vosk.SetLogLevel(-1)
    return vosk


_MODELS: dict[Path, object] = {}


def load_model(path: Path) -> Any:
    """A Vosk model, loaded once per process (the Korean one takes seconds)."""
    path = path.resolve()
    if path not in _MODELS:
        if not is_vosk_model(path):
            raise ModelNotFoundError(f"{path} is not a Vosk model directory (no am/final.mdl)")
        vosk = _vosk()
        try:
            _MODELS[path] = vosk.Model(str(path))
        except Exception as exc:  # vosk raises a bare Exception("Failed to create a model")
            raise ModelNotFoundError(f"Vosk could not load the model at {path}: {exc}") from None
    return _MODELS[path]


class VoskRecognizer(Recognizer):
    """Streaming Vosk recognizer; ``phrases`` None uses the game's command phrases."""

    name = "vosk"

    def __init__(
        self,
        model: ModelInfo | Path | str | None = None,
        phrases: list[str] | None = None,
        lang: str = "en-us",
    ) -> None:
        vosk = _vosk()
        if model is None:
            info = find_vosk_model(lang)
        elif isinstance(model, ModelInfo):
            info = model
        else:
            path = Path(model)
            info = ModelInfo("vosk", path.name, lang, path, "argument")
        self.model = info
        self._model = load_model(info.path)
        self.constrained = info.constrained
        self._phrases = phrases
        #: the phrase lists made so far, by (a "yes?" pending, a menu open)
        self._lists: dict[tuple[bool, bool], list[str]] = {}
        self._pending, self._menu = False, True
        self._make = vosk.KaldiRecognizer
        self._rec = self._new()

    def _new(self) -> Any:
        if self.constrained:
            key = (self._pending, self._menu)
            if key not in self._lists:
                self._lists[key] = (self._phrases if self._phrases is not None
                                    else grammar.vosk_phrases(confirm=key[0], menu=key[1]))
            listed = self._lists[key]
            rec = self._make(self._model, SAMPLE_RATE, json.dumps(listed, ensure_ascii=False))
        else:
            rec = self._make(self._model, SAMPLE_RATE)
        rec.SetWords(True)
        return rec

    def expect_confirmation(self, pending: bool) -> None:
        if pending != self._pending:
            self._pending = pending
            self._rec = self._new()

    def expect_menu(self, menu_open: bool) -> None:
        if menu_open != self._menu:
            self._menu = menu_open
            self._rec = self._new()

    def accept(self, chunk: bytes) -> None:
        self._rec.AcceptWaveform(chunk)

    def final(self) -> Hypothesis:
        result = json.loads(self._rec.FinalResult())
        self._rec.Reset()
        return hypothesis(result, self.name)


def hypothesis(result: dict[str, Any], engine: str = "vosk") -> Hypothesis:
    """A Vosk result (with ``SetWords``) as a :class:`Hypothesis`.

    >>> hypothesis({"text": "call it", "result": [{"word": "call", "conf": 1.0},
    ...            {"word": "it", "conf": 0.8}]})
    Hypothesis(text='call it', confidence=0.9, engine='vosk')
    >>> hypothesis({"text": "[unk] call"}).confidence, hypothesis({"text": ""}).text
    (0.0, '[unk]')
    """
    text = " ".join(str(result.get("text", "")).split())
    if not text or all(w == UNKNOWN for w in text.split()):
        return Hypothesis(UNKNOWN, 0.0, engine)
    if UNKNOWN in text.split():
        return Hypothesis(text, 0.0, engine)
    words = result.get("result") or []
    confs = [float(w.get("conf", 1.0)) for w in words] or [1.0]
    return Hypothesis(text, round(sum(confs) / len(confs), 4), engine)
