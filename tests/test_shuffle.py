"""The shuffle is fair: over 10^6 seeded shuffles every card is equally likely in every position.

Running ``fisher_yates`` a million times one deck at a time would take minutes, so the
test runs the very same function once over a million decks side by side: the "list"
it shuffles is a 52 x N array (row = position, column = deck) and the RNG's
``randrange`` returns one draw per deck. Every swap ``fisher_yates`` makes then happens
in all decks at once, and the counting is a single ``bincount``.

Chi-square of the 52 x 52 position/card table against the uniform expectation, with
fixed seeds so the outcome is deterministic; the p-value comes from the Wilson–Hilferty
normal approximation (no scipy needed). The same test must reject a naive shuffle
(swap each position with *any* position), so it has the power to see a real bias.
"""

from __future__ import annotations

import math
import random

import numpy as np

from game.engine.cards import DECK
from game.engine.deck import fisher_yates, shuffled_deck

N_SHUFFLES = 1_000_000
N_CARDS = 52
ALPHA = 1e-3


class ManyDecks:
    """N decks at once, indexable like one list: ``decks[i]`` is position i of every deck.

    An index may be one int (the same position in every deck) or an array with one
    position per deck, which is what :class:`ManyDraws` hands out.
    """

    def __init__(self, n_decks: int, n_cards: int = N_CARDS):
        self.cards = np.tile(np.arange(n_cards, dtype=np.int8)[:, None], (1, n_decks))
        self._flat = self.cards.reshape(-1)  # a view: flat index = position * n_decks + deck
        self._decks = np.arange(n_decks)
        self._n = n_decks

    def __len__(self) -> int:
        return self.cards.shape[0]

    def __getitem__(self, pos):
        if isinstance(pos, np.ndarray):
            return self._flat[pos * self._n + self._decks]
        return self.cards[pos].copy()

    def __setitem__(self, pos, value) -> None:
        if isinstance(pos, np.ndarray):
            self._flat[pos * self._n + self._decks] = value
        else:
            self.cards[pos] = value


class ManyDraws:
    """A seeded RNG whose ``randrange(stop)`` draws independently for every deck."""

    def __init__(self, n_decks: int, seed: int):
        self._rng = np.random.default_rng(seed)
        self._n = n_decks

    def randrange(self, stop: int) -> np.ndarray:
        return self._rng.integers(0, stop, size=self._n)


def naive_shuffle(items, rng):
    """The classic biased shuffle (docs/RULES.md §1.7): swap every position with any position."""
    n = len(items)
    for i in range(n):
        j = rng.randrange(n)
        items[i], items[j] = items[j], items[i]
    return items


def position_card_counts(decks: np.ndarray) -> np.ndarray:
    """counts[position, card] over all decks (decks: positions x decks array of cards)."""
    n = decks.shape[0]
    flat = np.arange(n, dtype=np.int64)[:, None] * n + decks
    return np.bincount(flat.ravel(), minlength=n * n).reshape(n, n)


def chi_square_p(counts: np.ndarray) -> float:
    """p-value of a uniform position/card table (each row sums to the number of decks)."""
    expected = counts.sum(axis=1, keepdims=True) / counts.shape[1]
    n = counts.shape[0]
    pearson = float(((counts - expected) ** 2 / expected).sum())
    # Each deck is a permutation, so every row and every column sums to the number of
    # decks: the cells live in an (n-1)^2-dimensional space, where the covariance of one
    # permutation's indicators works out to n/(n-1) times the identity. Hence
    # Pearson's statistic is n/(n-1) times a chi-square with (n-1)^2 degrees of freedom
    # (its mean is n(n-1), one per cell less the row constraint, as for known expectations).
    stat = pearson * (n - 1) / n
    df = (n - 1) ** 2
    z = ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def test_fisher_yates_puts_every_card_in_every_position_equally_often():
    decks = fisher_yates(ManyDecks(N_SHUFFLES), ManyDraws(N_SHUFFLES, seed=1))
    counts = position_card_counts(decks.cards)
    assert (counts.sum(axis=0) == N_SHUFFLES).all()  # still a permutation in every deck
    # two-sided: a table too even to be chance (a rotation, say) fails as well
    assert ALPHA < chi_square_p(counts) < 1 - ALPHA
    # and no single cell is off by more than 5 standard deviations
    expected = N_SHUFFLES / N_CARDS
    sd = math.sqrt(expected * (1 - 1 / N_CARDS))
    assert np.abs(counts - expected).max() < 5 * sd


def test_the_fairness_test_rejects_a_naive_shuffle():
    n = 200_000  # a fifth of the shuffles is already plenty to expose the bias
    decks = naive_shuffle(ManyDecks(n), ManyDraws(n, seed=1))
    assert chi_square_p(position_card_counts(decks.cards)) < 1e-12


def test_the_real_seeded_path_is_fair_too():
    # the scalar path the table uses: random.Random through shuffled_deck, fewer shuffles
    rng = random.Random(4242)
    index = {c: i for i, c in enumerate(DECK)}
    n = 20_000
    decks = np.array([[index[c] for c in shuffled_deck(rng)] for _ in range(n)], dtype=np.int8)
    counts = position_card_counts(decks.T)
    assert (counts.sum(axis=1) == n).all()
    assert ALPHA < chi_square_p(counts) < 1 - ALPHA


def test_same_seed_same_deck_and_every_deck_is_a_permutation():
    a, b = shuffled_deck(random.Random(9)), shuffled_deck(random.Random(9))
    assert a == b
    assert sorted(a) == sorted(DECK)
    assert shuffled_deck(random.Random(10)) != a
