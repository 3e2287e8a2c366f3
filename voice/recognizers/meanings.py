"""What a recognizer's hypothesis means to the pair and its third opinion: its intent, and
whether that is an amount."""

from __future__ import annotations

from ..intents import BetTo, Intent, Multiple, PotFraction, RaiseBy, Unknown
from ..parser import parse
from .base import Hypothesis


def intent_of(heard: Hypothesis) -> Intent:
    """The intent a hypothesis carries: its parse, or talk when the engine heard nothing.

    >>> intent_of(Hypothesis("fold", 0.95)), intent_of(Hypothesis("[unk]", 0.0))
    (Fold(), Unknown(text='', closest=''))
    """
    return parse(heard.text) if not heard.rejected else Unknown("", "")


def sized(intent: Intent) -> bool:
    """A bet or raise with a size of its own: two of them disagree on how much, and that
    asks unless they are far apart (:data:`.combined.SIZED_RIVAL_SLACK`; Whisper's digits are not
    always right: an amount it wrote sure, where PocketSphinx heard another, was wrong 2
    times in 624 on the flite voices' amounts).

    >>> sized(parse("bet fifty")), sized(parse("half pot")), sized(parse("check"))
    (True, True, False)
    """
    return isinstance(intent, (BetTo, RaiseBy, Multiple, PotFraction))
