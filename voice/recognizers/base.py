"""The one interface every speech recognizer backend implements.

A recognizer turns 16 kHz mono 16-bit PCM into a :class:`Hypothesis`: the words it heard
and how sure it is.  Backends stream: the listener feeds chunks with :meth:`accept` while
the player is speaking, so that when speech ends only :meth:`final` is left to do — the
latency a player feels is the time ``final()`` takes, not the length of the phrase.

Text that is not a command comes back as :data:`UNKNOWN` (``"[unk]"``) with confidence 0:
a grammar-constrained recognizer would otherwise force "nice hand" into some command.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

#: Sample format every backend takes: 16 kHz, mono, signed 16-bit little-endian.
SAMPLE_RATE = 16_000
#: The text a backend writes for speech it rejected (Vosk's own token for it).
UNKNOWN = "[unk]"


class RecognizerError(Exception):
    """Base of every recognizer problem; the message says what to do about it."""


class ModelNotFoundError(RecognizerError):
    """No speech model for the chosen engine was found where models are looked for."""


class RecognizerUnavailableError(RecognizerError):
    """The engine's Python package (or its native library) cannot be loaded here."""


@dataclass(frozen=True)
class Hypothesis:
    """What a recognizer heard.

    ``confidence`` is 0..1; backends differ in what it means exactly, but 0 always means
    "rejected" and the resolver asks for a spoken "yes" below its threshold.

    >>> Hypothesis("call it", 0.9).rejected, Hypothesis(UNKNOWN, 0.0).rejected
    (False, True)
    """

    text: str
    confidence: float
    engine: str = ""

    @property
    def rejected(self) -> bool:
        """True when nothing usable was heard (empty, or only ``[unk]``)."""
        words = [w for w in self.text.split() if w != UNKNOWN]
        return not words or self.confidence <= 0.0


class Recognizer(ABC):
    """Streaming speech-to-text for the game's closed vocabulary.

    Use ``accept(chunk)`` for every chunk of an utterance, then ``final()`` once; or
    ``decode(pcm)`` for a whole utterance at once.  A recognizer is reused utterance
    after utterance and is not thread-safe: one listener thread owns it.
    """

    #: Short engine name as used by ``--voice`` / ``--engine``.
    name: str = ""
    #: Something the player should be told about this recognizer (it stands in for
    #: another that could not start), or None.
    notice: str | None = None

    @abstractmethod
    def accept(self, chunk: bytes) -> None:
        """Feed a chunk of 16 kHz mono int16 PCM of the current utterance."""

    @abstractmethod
    def final(self) -> Hypothesis:
        """End the current utterance and return what was heard; the next ``accept`` starts anew."""

    def expect_confirmation(self, pending: bool) -> None:
        """Listen for "yes"/"no" too (``pending``) or not; takes effect at the next utterance.

        Backends that cannot switch vocabulary keep listening for everything.
        """
        return None  # noqa: B027 - optional hook, a no-op by design

    def expect_menu(self, menu_open: bool) -> None:
        """Listen for the moves in a menu ("next", "move up", "select", "close") too
        (``menu_open``: a menu or dialog is open) or not; takes effect at the next
        utterance.  A recognizer starts with them on (``holdem listen`` hears everything);
        the table turns them off while no menu is open.

        Backends that cannot switch vocabulary keep listening for everything.
        """
        return None  # noqa: B027 - optional hook, a no-op by design

    def expect_over_line(self, over: bool) -> None:
        """The next utterance began while the game was speaking (``over``) or not.  What
        the echo canceller left of the line may be in it, just before the player's first
        sound; a backend that weighs its evidence differently then is told here.  By
        default ignored."""
        return None  # noqa: B027 - optional hook, a no-op by design

    def hear_room(self, pcm: bytes) -> None:
        """The room's own sound, heard between utterances (16 kHz mono int16 PCM; the
        listener passes what its detector heard while nobody spoke), for a backend that
        learns the room's noise from it.  By default ignored."""
        return None  # noqa: B027 - optional hook, a no-op by design

    def reset(self) -> None:
        """Drop the current utterance without a result (e.g. the game started speaking)."""
        self.final()

    def decode(self, pcm: bytes, chunk_bytes: int = 3200) -> Hypothesis:
        """A whole utterance at once (fed in 100 ms chunks, as the microphone would)."""
        for start in range(0, len(pcm), chunk_bytes):
            self.accept(pcm[start:start + chunk_bytes])
        return self.final()
