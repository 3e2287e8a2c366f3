"""Board texture and draws: what makes a board "wet" and a hand "drawing".

>>> from game.engine.cards import card_index as ci
>>> is_wet([ci(c) for c in ("9h", "Th", "2c")]), is_wet([ci(c) for c in ("Kd", "7c", "2s")])
(True, False)
>>> has_draw([ci("Ah"), ci("5h")], [ci(c) for c in ("9h", "Th", "2c")])
True
>>> has_draw([ci("8c"), ci("7d")], [ci(c) for c in ("9h", "Th", "2c")])
True
>>> has_draw([ci("Ac"), ci("Kd")], [ci(c) for c in ("9h", "4h", "2c")])
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence


def _ranks_with_wheel(cards: Sequence[int]) -> set[int]:
    ranks = {c // 4 for c in cards}
    if 12 in ranks:
        ranks.add(-1)  # the ace plays low in A-2-3-4-5
    return ranks


def is_wet(board: Sequence[int]) -> bool:
    """Two or more of a suit (flush draws) or three ranks within a five-rank window."""
    if len(board) < 3:
        return False
    suits = Counter(c % 4 for c in board)
    if max(suits.values()) >= 2 and len(board) <= 4 or max(suits.values()) >= 3:
        return True
    ranks = sorted(_ranks_with_wheel(board))
    return any(sum(1 for r in ranks if lo <= r <= lo + 4) >= 3 for lo in range(-1, 9))


def has_flush_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    suits = Counter(c % 4 for c in (*hole, *board))
    return any(n == 4 and any(h % 4 == s for h in hole) for s, n in suits.items())


def has_straight_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    """Four ranks of a five-rank window with a hole card among them (open-ended or gutshot
    counted alike: the bot only needs "is there something to hit")."""
    all_ranks = _ranks_with_wheel((*hole, *board))
    hole_ranks = _ranks_with_wheel(hole)
    for lo in range(-1, 9):
        window = set(range(lo, lo + 5))
        if len(all_ranks & window) == 4 and hole_ranks & window:
            return True
    return False


def has_draw(hole: Sequence[int], board: Sequence[int]) -> bool:
    """A flush or straight draw with cards to come."""
    if len(board) >= 5:
        return False
    return has_flush_draw(hole, board) or has_straight_draw(hole, board)
