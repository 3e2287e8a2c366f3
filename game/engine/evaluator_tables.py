"""Lookup tables of the hand evaluator, computed with numpy in about 0.1 s on first use.

Everything here is derived, not stored: no data file to ship or regenerate. Two
facts make the tables small:

* A hand with a flush (five of one suit among at most seven cards) can never also hold
  quads or a full house, so its value depends only on the 13-bit rank mask of the
  flush suit: :func:`flush_values` has 8192 entries.
* Any other hand's value depends only on how many cards of each rank it holds:
  :func:`rank_multisets` lists every such multiset of 5, 6 or 7 ranks (counts <= 4;
  6175, 18395 and 49205 of them) with its value.

Values use the packing of :mod:`game.engine.evaluator`
(``category << 20 | r1 << 16 | ... | r5``, ranks 0 = deuce .. 12 = ace, best first).

>>> counts, values = rank_multisets(5)
>>> len(values)
6175
>>> hex(int(flush_values()[0b1111100000000]))  # A K Q J T of one suit
'0x8cba98'
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np

N_RANKS = 13
ACE = 12
FIVE = 3
#: SpecialK's (Kenneth Shackleton's) rank keys: the sums over any multiset of at most
#: seven ranks (each used at most four times) are all distinct and below 2**23, so a
#: hand's rank multiset is one integer sum of per-card weights and indexes a dense table.
RANK_KEYS = np.array(
    [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64
)
RANK_KEY_BITS = 23

_BIT = np.int64(1) << np.arange(N_RANKS, dtype=np.int64)  # 1 << rank


def _pack(category: np.ndarray | int, ranks: np.ndarray) -> np.ndarray:
    """Pack a category and five best-first rank columns (shape (M, 5)) into values."""
    v = np.asarray(category, dtype=np.int64) << 20
    for i in range(5):
        v = v | ranks[:, i].astype(np.int64) << (16 - 4 * i)
    return v


@cache
def _bit_tables() -> tuple[np.ndarray, np.ndarray]:
    """For every 13-bit rank mask: the top of its best straight (-1 if none) and its top bit."""
    masks = np.arange(1 << N_RANKS, dtype=np.int64)
    top = np.full(masks.shape, -1, dtype=np.int64)
    wheel = (1 << ACE) | 0b1111
    top[(masks & wheel) == wheel] = FIVE
    for t in range(4, N_RANKS):  # ascending, so the highest straight wins
        run = 0b11111 << (t - 4)
        top[(masks & run) == run] = t
    high = np.full(masks.shape, -1, dtype=np.int64)
    for r in range(N_RANKS):
        high[(masks >> r & 1) == 1] = r
    return top, high


def _straight_ranks(top: np.ndarray) -> np.ndarray:
    """Best-first ranks of straights by top rank; the wheel is 5-4-3-2-A."""
    ranks = top[:, None] - np.arange(5)
    return np.where(ranks < 0, ACE, ranks)


def _top_bits(masks: np.ndarray, n: int) -> np.ndarray:
    """The ``n`` highest set ranks of each mask, best first (shape (M, n))."""
    _, high = _bit_tables()
    out = np.empty((masks.size, n), dtype=np.int64)
    m = masks.copy()
    for i in range(n):
        h = high[m]
        out[:, i] = h
        m = m & ~(np.int64(1) << np.maximum(h, 0))
    return out


@cache
def flush_values() -> np.ndarray:
    """Value of the best hand from the cards of one suit, by their 13-bit rank mask.

    Masks with fewer than five ranks hold -1 (not a flush).
    """
    straight_top, _ = _bit_tables()
    masks = np.arange(1 << N_RANKS, dtype=np.int64)
    nbits = ((masks[:, None] >> np.arange(N_RANKS)) & 1).sum(axis=1)
    top = straight_top[masks]
    sf = _pack(8, _straight_ranks(np.maximum(top, FIVE)))
    flush = _pack(5, _top_bits(masks, 5))
    values = np.where(top >= 0, sf, flush)
    values[nbits < 5] = -1
    return values


def _count_vectors(n_cards: int) -> np.ndarray:
    """Every vector of 13 rank counts in 0..4 summing to ``n_cards``, shape (M, 13)."""
    combos = np.fromiter(
        itertools.chain.from_iterable(
            itertools.combinations_with_replacement(range(N_RANKS), n_cards)
        ),
        dtype=np.int8,
    ).reshape(-1, n_cards)
    counts = np.zeros((combos.shape[0], N_RANKS), dtype=np.int8)
    rows = np.arange(combos.shape[0])
    for j in range(n_cards):  # one card per row per step: no repeated index within a step
        counts[rows, combos[:, j]] += 1
    return counts[(counts <= 4).all(axis=1)]


@cache
def rank_multisets(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """All rank-count vectors of ``n_cards`` cards and their best non-flush value.

    Returns ``(counts, values)``: counts has shape (M, 13) (index = rank), values (M,).
    """
    counts = _count_vectors(n_cards).astype(np.int64)
    straight_top, high = _bit_tables()
    m = counts.shape[0]
    ranks = np.arange(N_RANKS, dtype=np.int64)
    mask = (np.where(counts > 0, _BIT, 0)).sum(axis=1)
    # ranks ordered by (count, rank), both descending: groups first, then kickers
    # (count * 16 + rank is unique within a row, so sorting it sorts both at once)
    order_key = np.where(counts > 0, counts * 16 + ranks, -1)
    top5 = -np.sort(-order_key, axis=1)[:, :5]
    order, c = top5 & 15, top5 >> 4
    r0, r1, r2, r3 = (order[:, i] for i in range(4))
    c1, c2 = c[:, 0], c[:, 1]

    def best_other(*exclude: np.ndarray) -> np.ndarray:
        rest = mask.copy()
        for e in exclude:
            rest &= ~(np.int64(1) << e)
        best: np.ndarray = high[rest]
        return best

    top = straight_top[mask]
    is_quads = c1 == 4
    is_full = (c1 == 3) & (c2 >= 2)
    is_straight = ~is_quads & ~is_full & (top >= 0)
    is_trips = (c1 == 3) & ~is_full & ~is_straight
    is_two_pair = (c1 == 2) & (c2 == 2) & ~is_straight
    is_pair = (c1 == 2) & (c2 < 2) & ~is_straight
    is_high = (c1 == 1) & ~is_straight

    def cols(*columns: np.ndarray) -> np.ndarray:
        return np.stack(columns, axis=1)

    k = best_other(r0)
    kk = best_other(r0, r1)
    values = np.select(
        [is_quads, is_full, is_straight, is_trips, is_two_pair, is_pair, is_high],
        [
            _pack(7, cols(r0, r0, r0, r0, k)),
            _pack(6, cols(r0, r0, r0, r1, r1)),
            _pack(4, _straight_ranks(np.maximum(top, FIVE))),
            _pack(3, cols(r0, r0, r0, r1, r2)),
            _pack(2, cols(r0, r0, r1, r1, kk)),
            _pack(1, cols(r0, r0, r1, r2, r3)),
            _pack(0, order),
        ],
        default=-1,
    )
    assert values.shape == (m,) and (values >= 0).all()
    return counts, values


@cache
def flush_suit_of_counters() -> np.ndarray:
    """Flush suit (0..3) for each 12-bit field of four 3-bit suit counters, else -1."""
    fields = np.arange(1 << 12, dtype=np.int64)
    suit = np.full(fields.shape, -1, dtype=np.int8)
    for s in range(4):
        suit[((fields >> (3 * s)) & 7) >= 5] = s
    return suit


@cache
def dense_rank_table(n_cards: int) -> tuple[np.ndarray, np.ndarray]:
    """Non-flush values of ``n_cards`` cards indexed by the sum of their :data:`RANK_KEYS`.

    Returns ``(ordinals, ordinal_values)``: ``ordinals`` (int16, 2**23 entries, 16 MB) maps a
    rank-key sum to the hand's strength ordinal, and ``ordinal_values`` maps an ordinal back
    to its packed value. Two small integers per entry instead of one int32 halve the memory
    and the cache traffic of the random lookups; the second lookup hits a 60 kB array.
    """
    counts, values = rank_multisets(n_cards)
    keys = counts @ RANK_KEYS
    distinct, ordinal = np.unique(values, return_inverse=True)
    table = np.zeros(1 << RANK_KEY_BITS, dtype=np.int16)
    table[keys] = ordinal.astype(np.int16)
    return table, distinct.astype(np.int32)
