"""Hand evaluator: the best five of 5–7 cards as one totally ordered integer.

A hand's ``value`` packs its category and the ranks of its five cards, best first,
in that order of significance::

    value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

with ranks 0 (deuce) .. 12 (ace). Comparing two values is then exactly the kicker
rules of docs/RULES.md §1.8: category first, then the ranks that matter for that
category in order (quads then kicker, trips then pair, higher pair, lower pair,
kicker...). Suits never enter the value. The wheel A-2-3-4-5 is stored as
5-4-3-2-A, so its first rank (a five) ranks it below every other straight.

Why the packing rather than a 1..7462 strength index: the value *is* the
explanation, so ``name`` and ``cards`` are decoded from it without a second table,
and the same integers come out of the fast paths (``evaluate_indices``,
``evaluate_batch``) so bots and the engine can compare them directly.

Three entry points, one value:

* ``evaluate(cards)`` -> :class:`HandValue`: card strings, checked (typed
  :class:`CardError` for a misspelt or duplicate card, or a count outside 5–7), with
  ``category``, ``name`` and ``cards`` decoded on demand. The engine's showdown path.
* ``evaluate_indices(indices)`` -> int: 0..51 card indices, unchecked, no object; for bots.
* ``evaluate_batch(array)`` -> numpy int32 array: an (N, 5..7) index array at once, for
  Monte-Carlo (tables built on first call, about 0.1 s; import stays numpy-free).

Speed figures and the command that measures them: benchmarks/README.md.

>>> evaluate("AhKhQhJhTh2c3d").name
'royal flush'
>>> evaluate(["Kd", "Ks", "5c", "5h", "2d", "9c", "Jh"]).name
'two pair, kings and fives'
>>> evaluate("Ah2d3c4s5h9dTd").name
'straight, five high'
>>> evaluate("KhKs9c9d9s") > evaluate("AhAd5c5h5s")  # nines full beat fives full
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING

from .cards import DECK, RANK_NAMES, RANKS, SUITS, parse_cards
from .errors import CardError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "Category", "HandValue", "evaluate", "evaluate_batch", "evaluate_indices", "value_name",
]


class Category(IntEnum):
    """Hand categories, weakest first; a royal flush is a STRAIGHT_FLUSH named so."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """Readable category: "three of a kind"."""
        return _CATEGORY_LABELS[self]


_CATEGORY_LABELS = {
    Category.HIGH_CARD: "high card",
    Category.PAIR: "pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
}

_ACE = 12
_FIVE = 3
_WHEEL_MASK = (1 << _ACE) | 0b1111


def _pack(category: int, ranks: Iterable[int]) -> int:
    v = category
    for r in ranks:
        v = v << 4 | r
    return v


def _straight_top(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1 (no wrap-around)."""
    for top in range(_ACE, _FIVE, -1):
        run = 0b11111 << (top - 4)
        if mask & run == run:
            return top
    if mask & _WHEEL_MASK == _WHEEL_MASK:
        return _FIVE
    return -1


def _straight_ranks(top: int) -> list[int]:
    if top == _FIVE:
        return [3, 2, 1, 0, _ACE]
    return [top, top - 1, top - 2, top - 3, top - 4]


def _flush_value(mask: int) -> int:
    """Value of the best hand among the cards of one suit (>= 5 bits set)."""
    top = _straight_top(mask)
    if top >= 0:
        return _pack(Category.STRAIGHT_FLUSH, _straight_ranks(top))
    ranks = [r for r in range(_ACE, -1, -1) if mask >> r & 1][:5]
    return _pack(Category.FLUSH, ranks)


def _rank_value(counts: list[int]) -> int:
    """Value of the best non-flush hand for rank counts (index = rank, 5–7 cards).

    Called only when no five cards share a suit: with at most seven cards, a flush
    excludes quads and full houses, so the flush branch never needs this one.
    """
    by_rank = [r for r in range(_ACE, -1, -1) if counts[r]]  # present ranks, high first
    quads = [r for r in by_rank if counts[r] == 4]
    trips = [r for r in by_rank if counts[r] == 3]
    pairs = [r for r in by_rank if counts[r] == 2]
    if quads:
        q = quads[0]
        kicker = next(r for r in by_rank if r != q)
        return _pack(Category.FOUR_OF_A_KIND, [q, q, q, q, kicker])
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max([r for r in trips[1:]] + pairs)
        return _pack(Category.FULL_HOUSE, [t, t, t, p, p])
    mask = 0
    for r in by_rank:
        mask |= 1 << r
    top = _straight_top(mask)
    if top >= 0:
        return _pack(Category.STRAIGHT, _straight_ranks(top))
    if trips:
        t = trips[0]
        kick = [r for r in by_rank if r != t][:2]
        return _pack(Category.THREE_OF_A_KIND, [t, t, t, *kick])
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        kicker = next(r for r in by_rank if r != hi and r != lo)
        return _pack(Category.TWO_PAIR, [hi, hi, lo, lo, kicker])
    if pairs:
        p = pairs[0]
        kick = [r for r in by_rank if r != p][:3]
        return _pack(Category.PAIR, [p, p, *kick])
    return _pack(Category.HIGH_CARD, by_rank[:5])


# --- the single-call path -------------------------------------------------------------
#
# Each card maps to one integer weight; the sum of a hand's weights holds, in bit fields
# that never carry into each other:
#   bits  0..30  a base-5 rank key (5**rank per card; counts <= 4 so no carry)
#   bits 31..42  four 3-bit suit counters (<= 7 cards)
# One ``sum`` gives both. A flush is read from the suit counters (then only that suit's
# ranks matter: an 8192-entry table); every other hand is a dict lookup on the rank key,
# filled the first time a rank multiset is seen (74k of them exist), so importing the
# evaluator costs nothing and the engine needs no numpy. The batch path below uses
# dense numpy tables instead (game.engine.evaluator_tables).

_KEY_BITS = 31
_KEY_MASK = (1 << _KEY_BITS) - 1
_SUIT_SHIFT = _KEY_BITS


def _weight(index: int) -> int:
    rank, suit = divmod(index, 4)
    power: int = 5**rank
    return power | (1 << (_SUIT_SHIFT + 3 * suit))


_WEIGHTS: tuple[int, ...] = tuple(_weight(i) for i in range(52))
_WEIGHT_OF: dict[str, int] = {c: _WEIGHTS[i] for i, c in enumerate(DECK)}
_get_weight = _WEIGHT_OF.__getitem__
_get_index_weight = _WEIGHTS.__getitem__
_RANK_BIT_OF: dict[str, int] = {c: 1 << (i >> 2) for i, c in enumerate(DECK)}

#: flush suit for each 12-bit suit-counter field, -1 when no suit has five cards
_FLUSH_SUIT: tuple[int, ...] = tuple(
    next((s for s in range(4) if (f >> 3 * s) & 7 >= 5), -1) for f in range(1 << 12)
)

#: non-flush value by base-5 rank key, filled on first sight
_RANK_VALUES: dict[int, int] = {}
#: flush value by the flush suit's 13-bit rank mask, filled on first sight
_FLUSH_VALUES: dict[int, int] = {}


def _rank_value_of_key(key: int) -> int:
    counts = []
    k = key
    for _ in range(13):
        k, c = divmod(k, 5)
        counts.append(c)
    value = _RANK_VALUES[key] = _rank_value(counts)
    return value


def _flush_value_of_mask(mask: int) -> int:
    value = _FLUSH_VALUES[mask] = _flush_value(mask)
    return value


def _value_of_cards(cards: list[str] | tuple[str, ...], total: int) -> int:
    """Value of canonical card strings whose weights sum to ``total``."""
    suit = _FLUSH_SUIT[total >> _SUIT_SHIFT]
    if suit < 0:
        key = total & _KEY_MASK
        value = _RANK_VALUES.get(key)
        return _rank_value_of_key(key) if value is None else value
    s = SUITS[suit]
    mask = sum([_RANK_BIT_OF[c] for c in cards if c[1] == s])
    value = _FLUSH_VALUES.get(mask)
    return _flush_value_of_mask(mask) if value is None else value


def _checked_cards(cards: str | Iterable[str]) -> list[str]:
    """Canonical card strings, or a CardError saying what is wrong and what is expected."""
    if isinstance(cards, str):
        tokens = cards.replace(",", " ").split()
        # "Ah Kd 10h" is split on spaces (a "10" makes fixed-width parsing fail)
        hand = parse_cards(tokens if len(tokens) > 1 else cards)
    else:
        try:
            hand = parse_cards(list(cards))
        except (TypeError, AttributeError):
            raise CardError(
                f"{cards!r} is not a hand: expected 5 to 7 card strings like 'Ah' or one string "
                "like 'AhKd...'"
            ) from None
    n = len(hand)
    if not 5 <= n <= 7:
        raise CardError(f"a hand is evaluated from 5 to 7 cards, got {n}: {' '.join(hand)}")
    if len(set(hand)) != n:
        dupes = sorted({c for c in hand if hand.count(c) > 1})
        raise CardError(f"duplicate card {', '.join(dupes)} in {' '.join(hand)}: cards are unique")
    return hand


@dataclass(frozen=True, order=True, slots=True)
class HandValue:
    """A hand's strength: compare by ``value`` (higher wins, equal means a split).

    ``category``, ``name`` and ``cards`` are decoded from the value on demand, so
    evaluating stays cheap for callers that only compare.
    """

    value: int
    hand: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def category(self) -> Category:
        return Category(self.value >> 20)

    @property
    def ranks(self) -> tuple[int, ...]:
        """Ranks (0 = deuce .. 12 = ace) of the five cards used, best first."""
        v = self.value
        return tuple((v >> s) & 0xF for s in (16, 12, 8, 4, 0))

    @property
    def name(self) -> str:
        """Readable: "two pair, kings and fives", "straight, five high", "royal flush"."""
        return value_name(self.value)

    @property
    def cards(self) -> tuple[str, ...]:
        """The five cards that make the hand, best first (empty if built without cards)."""
        if not self.hand:
            return ()
        category = self.category
        pool = list(self.hand)
        if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
            suit = next(s for s in SUITS if sum(c[1] == s for c in pool) >= 5)
            pool = [c for c in pool if c[1] == suit]
        # high suit first among equal ranks, so the choice is deterministic
        pool.sort(key=lambda c: -SUITS.index(c[1]))
        used = []
        for r in self.ranks:
            card = next(c for c in pool if c[0] == RANKS[r])
            pool.remove(card)
            used.append(card)
        return tuple(used)

    def __reduce__(self) -> tuple[type[HandValue], tuple[int, tuple[str, ...]]]:
        # explicit, so pickling (bots run in a worker process) works on every Python:
        # frozen + slots dataclasses could not be unpickled before 3.11
        return (HandValue, (self.value, self.hand))

    def __repr__(self) -> str:
        return f"HandValue({self.value:#x}, {self.name!r})"

    def __str__(self) -> str:
        return self.name


# Building a frozen dataclass through its __init__ costs two object.__setattr__ calls; the
# hot path sets the slots directly (same object, same invariants, half the time).
_new_hand_value = object.__new__
_set_value = HandValue.value.__set__  # type: ignore[attr-defined,misc]
_set_hand = HandValue.hand.__set__  # type: ignore[attr-defined,misc]


def _plural(rank: int) -> str:
    word = RANK_NAMES[RANKS[rank]]
    return word + "es" if word.endswith("x") else word + "s"


def _single(rank: int) -> str:
    return RANK_NAMES[RANKS[rank]]


def value_name(value: int) -> str:
    """Readable name of a packed value (also for values from the fast paths).

    >>> value_name(evaluate("6h6d6c2s2d").value)
    'full house, sixes full of twos'
    """
    category = Category(value >> 20)
    r = [(value >> s) & 0xF for s in (16, 12, 8, 4, 0)]
    label = category.label
    if category == Category.STRAIGHT_FLUSH and r[0] == _ACE:
        return "royal flush"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FLUSH):
        return f"{label}, {_single(r[0])} high"
    if category == Category.FOUR_OF_A_KIND:
        return f"{label}, {_plural(r[0])}"
    if category == Category.FULL_HOUSE:
        return f"{label}, {_plural(r[0])} full of {_plural(r[3])}"
    if category == Category.THREE_OF_A_KIND:
        return f"{label}, {_plural(r[0])}"
    if category == Category.TWO_PAIR:
        return f"{label}, {_plural(r[0])} and {_plural(r[2])}"
    if category == Category.PAIR:
        return f"pair of {_plural(r[0])}"
    return f"high card, {_single(r[0])}"


def evaluate(cards: str | Iterable[str]) -> HandValue:
    """Best five of 5–7 cards ("AhKd..." or ["Ah", "Kd", ...]).

    Raises :class:`CardError` for a misspelt card, a duplicate, or a count outside 5–7.
    """
    # Fast path: a list/tuple of canonical card strings (what the engine holds).
    if type(cards) is list or type(cards) is tuple:
        try:
            weights = set(map(_get_weight, cards))
        except (KeyError, TypeError):
            weights = None
        n = len(cards)
        if weights is not None and len(weights) == n and 4 < n < 8:
            total = sum(weights)
            if _FLUSH_SUIT[total >> _SUIT_SHIFT] < 0:  # inlined common case: no flush
                key = total & _KEY_MASK
                value = _RANK_VALUES.get(key)
                if value is None:
                    value = _rank_value_of_key(key)
            else:
                value = _value_of_cards(cards, total)
            hv = _new_hand_value(HandValue)
            _set_value(hv, value)
            _set_hand(hv, tuple(cards))
            return hv
    hand = _checked_cards(cards)
    return HandValue(_value_of_cards(hand, sum(map(_get_weight, hand))), tuple(hand))


def evaluate_indices(indices: Iterable[int]) -> int:
    """Packed value of 5–7 distinct card indices (``card_index``: 0..51); no checks.

    The bots' path: no strings, no objects, just the integer to compare.

    >>> from game.engine.cards import card_index
    >>> evaluate_indices([card_index(c) for c in ("As", "Ks", "Qs", "Js", "Ts")]) >> 20
    8
    """
    total = sum(map(_get_index_weight, indices))
    suit = _FLUSH_SUIT[total >> _SUIT_SHIFT]
    if suit < 0:
        key = total & _KEY_MASK
        value = _RANK_VALUES.get(key)
        return _rank_value_of_key(key) if value is None else value
    mask = sum([1 << (i >> 2) for i in indices if i & 3 == suit])
    value = _FLUSH_VALUES.get(mask)
    return _flush_value_of_mask(mask) if value is None else value


def evaluate_batch(cards: np.ndarray) -> np.ndarray:
    """Packed values of many hands at once: an (N, 5..7) array of card indices -> (N,) int32.

    numpy and its tables load on the first call, so importing the evaluator stays cheap
    for the engine; see :mod:`game.engine.evaluator_batch`.
    """
    from .evaluator_batch import evaluate_batch as batch

    return batch(cards)
