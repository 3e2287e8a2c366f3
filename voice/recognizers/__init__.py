"""Speech recognizers behind one interface (:class:`Recognizer`), chosen by ``--voice``.

- ``pocketsphinx``: always available (the wheel ships US English); JSGF + rejection;
- ``vosk``: used when a Vosk model for the language is found (:mod:`.models`);
- ``auto``: Vosk if an English model that takes a phrase list is found, else PocketSphinx;
- ``off``: no recognizer; the game is played by mouse and keyboard.

>>> ENGINES
('auto', 'vosk', 'pocketsphinx', 'off')
"""

from __future__ import annotations

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

ENGINES: tuple[str, ...] = ("auto", "vosk", "pocketsphinx", "off")


def choose_engine(voice: str = "auto", lang: str = "en-us") -> str | None:
    """The engine ``--voice`` means here: "vosk", "pocketsphinx" or None (off)."""
    if voice not in ENGINES:
        raise ValueError(f"--voice must be one of {', '.join(ENGINES)}, not {voice!r}")
    if voice == "off":
        return None
    if voice != "auto":
        return voice
    from .models import find_vosk_model

    try:
        model = find_vosk_model(lang)
    except ModelNotFoundError:
        return "pocketsphinx"
    return "vosk" if model.constrained else "pocketsphinx"


def open_recognizer(voice: str = "auto", lang: str = "en-us",
                    room_file: str | Path | None = None) -> Recognizer | None:
    """A ready recognizer for ``--voice`` (None for "off").  ``room_file``: where
    PocketSphinx keeps the microphone's and room's cepstral mean between games
    (:mod:`.room`; Vosk has no use for it).

    Raises :class:`RecognizerError` subclasses with a message saying what to do.
    """
    engine = choose_engine(voice, lang)
    if engine is None:
        return None
    if engine == "vosk":
        from .vosk_backend import VoskRecognizer

        return VoskRecognizer(lang=lang)
    from .pocketsphinx_backend import PocketSphinxRecognizer

    return PocketSphinxRecognizer(room_file=room_file)


__all__ = [
    "ENGINES", "SAMPLE_RATE", "UNKNOWN", "Hypothesis", "ModelNotFoundError", "Recognizer",
    "RecognizerError", "RecognizerUnavailableError", "choose_engine", "open_recognizer",
]
