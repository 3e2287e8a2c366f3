"""Speech recognizers behind one interface (:class:`Recognizer`), chosen by ``--voice``.

- ``pocketsphinx``: always available (the wheel ships US English); JSGF + rejection;
- ``whisper``: Whisper ``tiny.en`` (installed with the game) held to the command grammar
  (:mod:`.whisper_backend`), with PocketSphinx's grammar result as a second opinion
  (:mod:`.combined`): on the voice corpus the pair beats either alone;
- ``vosk``: used when a Vosk model for the language is found (:mod:`.models`);
- ``auto``: Vosk if an English model that takes a phrase list is found, else Whisper if its
  model is found and intact, else PocketSphinx (:func:`explain_engine` says why);
- ``off``: no recognizer; the game is played by mouse and keyboard.

>>> ENGINES
('auto', 'vosk', 'whisper', 'pocketsphinx', 'off')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .base import (
    SAMPLE_RATE,
    UNKNOWN,
    Hypothesis,
    ModelNotFoundError,
    Recognizer,
    RecognizerError,
    RecognizerUnavailableError,
)

ENGINES: tuple[str, ...] = ("auto", "vosk", "whisper", "pocketsphinx", "off")


@dataclass(frozen=True)
class EngineChoice:
    """The engine that listens and why (shown in the options menu and ``models list``)."""

    engine: str | None
    reason: str


def _whisper_ready() -> tuple[str | None, str]:
    """The name of the Whisper model that would listen here (as a player reads it) and "",
    or None and why it cannot (one line)."""
    import importlib.util

    from .whisper_models import check_weights, find_whisper_model

    if importlib.util.find_spec("ctranslate2") is None or \
            importlib.util.find_spec("faster_whisper") is None:
        return None, "faster-whisper is not installed"
    try:
        model = find_whisper_model()
        check_weights(model)
    except RecognizerError as exc:
        return None, str(exc)
    return model.title, ""


def explain_engine(voice: str = "auto", lang: str = "en-us") -> EngineChoice:
    """The engine ``--voice`` means here, and the reason, in words a player can read."""
    if voice not in ENGINES:
        raise ValueError(f"--voice must be one of {', '.join(ENGINES)}, not {voice!r}")
    if voice == "off":
        return EngineChoice(None, "voice is off")
    if voice != "auto":
        return EngineChoice(voice, f"{voice} was asked for")
    from .models import find_vosk_model

    try:
        model = find_vosk_model(lang)
        if model.constrained:
            return EngineChoice("vosk", f"a Vosk model for {lang} was found ({model.name})")
    except ModelNotFoundError:
        pass
    name, why_not = _whisper_ready()
    if name is not None:
        return EngineChoice("whisper", f"no English Vosk model; Whisper's model is here: {name}")
    return EngineChoice("pocketsphinx", f"no English Vosk model, and Whisper: {why_not}")


def choose_engine(voice: str = "auto", lang: str = "en-us") -> str | None:
    """The engine ``--voice`` means here: "vosk", "whisper", "pocketsphinx" or None (off)."""
    return explain_engine(voice, lang).engine


def open_recognizer(voice: str = "auto", lang: str = "en-us",
                    room_file: str | Path | None = None) -> Recognizer | None:
    """A ready recognizer for ``--voice`` (None for "off").  ``room_file``: where
    PocketSphinx keeps the microphone's and room's cepstral mean between games
    (:mod:`.room`; Vosk has no use for it).

    Whisper asked for but unable to listen (its model missing or damaged) gives
    PocketSphinx, with the reason in its :attr:`~Recognizer.notice`.  Raises
    :class:`RecognizerError` subclasses with a message saying what to do.
    """
    engine = choose_engine(voice, lang)
    if engine is None:
        return None
    if engine == "vosk":
        from .vosk_backend import VoskRecognizer

        return VoskRecognizer(lang=lang)
    from .pocketsphinx_backend import PocketSphinxRecognizer

    sphinx = PocketSphinxRecognizer(room_file=room_file)
    if engine == "whisper":
        from .combined import CombinedRecognizer
        from .whisper_backend import WhisperRecognizer

        try:
            return CombinedRecognizer(WhisperRecognizer(), sphinx)
        except RecognizerError as exc:  # a missing or damaged model: PocketSphinx listens
            sphinx.notice = f"Whisper cannot listen ({exc}); PocketSphinx listens instead"
    return sphinx


__all__ = [
    "ENGINES", "SAMPLE_RATE", "UNKNOWN", "EngineChoice", "Hypothesis", "ModelNotFoundError",
    "Recognizer", "RecognizerError", "RecognizerUnavailableError", "choose_engine",
    "explain_engine", "open_recognizer",
]
