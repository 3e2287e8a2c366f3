"""Starting hands: the 1,326 two-card combos, their 169 classes and a strength order.

Card indices follow ``game.engine.cards.card_index`` (rank = i // 4, 0 = deuce).  Ranges
are arrays of 1,326 weights in :data:`COMBOS` order, so narrowing a range is a numpy
multiply and sampling one is a weighted draw.

The order is Bill Chen's formula (pairs doubled, suited +2, gaps cost, connectors +1),
a well-known preflop ranking; :data:`PERCENTILE` gives each combo the share of all combos
at least as strong, so "top 15 %" is ``PERCENTILE <= 0.15``.

>>> hand_class("Ah", "Kh"), hand_class("7c", "2d"), hand_class("Td", "Ts")
('AKs', '72o', 'TT')
>>> chen_score("As", "Ad"), chen_score("7c", "2d")
(20.0, -1.5)
>>> class_percentile("AA") < 0.01 and class_percentile("72o") > 0.9
True
"""

from __future__ import annotations

import numpy as np

from game.engine.cards import RANKS, card_index

#: (1326, 2) card indices, first < second.
COMBOS: np.ndarray = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)], np.int16)
#: (52, 52) -> combo number (or -1 on the diagonal).
COMBO_INDEX = np.full((52, 52), -1, np.int32)
COMBO_INDEX[COMBOS[:, 0], COMBOS[:, 1]] = np.arange(len(COMBOS))
COMBO_INDEX[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(len(COMBOS))
#: (1326, 52) bool: combo uses card.
COMBO_USES = np.zeros((len(COMBOS), 52), bool)
COMBO_USES[np.arange(len(COMBOS)), COMBOS[:, 0]] = True
COMBO_USES[np.arange(len(COMBOS)), COMBOS[:, 1]] = True

_CHEN_HIGH = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}  # A, K, Q, J; others rank/2 (2 -> 1)


def _chen_from_index(a: int, b: int) -> float:
    ra, rb = a // 4, b // 4
    hi, lo = max(ra, rb), min(ra, rb)
    score = _CHEN_HIGH.get(hi, (hi + 2) / 2)
    if ra == rb:
        return max(5.0, score * 2)
    if a % 4 == b % 4:
        score += 2
    gap = hi - lo - 1
    score -= {0: 0, 1: 1, 2: 2, 3: 4}.get(gap, 5)
    if gap <= 1 and hi < 10:  # connected or one-gap below a queen
        score += 1
    return score


def chen_score(c1: str, c2: str) -> float:
    """Chen's preflop points for two cards (higher is stronger)."""
    return _chen_from_index(card_index(c1), card_index(c2))


def hand_class(c1: str, c2: str) -> str:
    """"AKs", "T9o", "77": the 169-way name of a starting hand."""
    a, b = card_index(c1), card_index(c2)
    hi, lo = max(a // 4, b // 4), min(a // 4, b // 4)
    if hi == lo:
        return RANKS[hi] * 2
    return RANKS[hi] + RANKS[lo] + ("s" if a % 4 == b % 4 else "o")


CHEN: np.ndarray = np.array([_chen_from_index(int(a), int(b)) for a, b in COMBOS])
# Tie-break equal Chen points by high card then low card, so the order is total.
_HIGH = np.maximum(COMBOS[:, 0] // 4, COMBOS[:, 1] // 4)
_LOW = np.minimum(COMBOS[:, 0] // 4, COMBOS[:, 1] // 4)
_KEY = CHEN * 1000 + _HIGH * 20 + _LOW
_order = np.argsort(-_KEY, kind="stable")
_sorted_keys = _KEY[_order]
# Percentile = share of combos with a key >= this combo's key (ties share the worst rank).
_ge_count = np.searchsorted(-_sorted_keys, -_KEY, side="right")
#: (1326,) share of combos at least as strong as each combo (AA -> 6/1326).
PERCENTILE: np.ndarray = _ge_count / len(COMBOS)


def combo_number(c1: str, c2: str) -> int:
    return int(COMBO_INDEX[card_index(c1), card_index(c2)])


def percentile(c1: str, c2: str) -> float:
    """Share of all starting hands at least as strong as this one (0 = best)."""
    return float(PERCENTILE[combo_number(c1, c2)])


def class_percentile(name: str) -> float:
    """Percentile of a hand class such as "AKs", "72o" or "TT"."""
    hi, lo = name[0], name[1]
    if hi == lo:
        return percentile(hi + "c", lo + "d")
    return percentile(hi + "c", lo + ("c" if name.endswith("s") else "d"))


def top_range(share: float) -> np.ndarray:
    """Weights of the best ``share`` of hands, with a soft edge so ranges are not cliffs."""
    share = min(1.0, max(0.004, share))
    edge = max(0.02, share * 0.25)
    return 1.0 / (1.0 + np.exp((PERCENTILE - share) / (edge / 4)))


def is_suited_connector(c1: str, c2: str) -> bool:
    a, b = card_index(c1), card_index(c2)
    return a % 4 == b % 4 and abs(a // 4 - b // 4) in (1, 2) and min(a // 4, b // 4) >= 2

