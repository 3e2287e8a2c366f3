"""Shuffling: Fisher–Yates from an injectable RNG.

Play uses :class:`secrets.SystemRandom` (a CSPRNG); replays and tests pass a seeded
``random.Random`` so the same seed always deals the same cards.

>>> import random
>>> shuffled_deck(random.Random(1))[:3] == shuffled_deck(random.Random(1))[:3]
True
"""

from __future__ import annotations

import random
import secrets
from typing import Protocol, TypeVar

from .cards import DECK

T = TypeVar("T")


class RandomSource(Protocol):
    def randrange(self, stop: int, /) -> int: ...


def system_rng() -> random.Random:
    """The CSPRNG used at a real table."""
    return secrets.SystemRandom()


def fisher_yates(items: list[T], rng: RandomSource) -> list[T]:
    """Shuffle ``items`` in place (Durstenfeld's Fisher–Yates) and return it.

    Each of the n! orders is equally likely given a uniform ``randrange``.  When the
    source has ``getrandbits`` (``random.Random``, ``SystemRandom``) the same exact
    rejection sampling ``randrange`` does is inlined: shuffling is on every hand's path.
    """
    getrandbits = getattr(rng, "getrandbits", None)
    if getrandbits is None:
        for i in range(len(items) - 1, 0, -1):
            j = rng.randrange(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        bits = bound.bit_length()
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
    return items


def shuffled_deck(rng: RandomSource | None = None) -> list[str]:
    """A fresh 52-card deck in random order; the top card is index 0.

    Without ``rng`` the table's CSPRNG shuffles (:func:`system_rng`), so a hand can be
    dealt from a REPL in one line; replays and tests pass a seeded source.
    """
    return fisher_yates(list(DECK), system_rng() if rng is None else rng)
