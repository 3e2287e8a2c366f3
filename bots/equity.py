"""Monte-Carlo equity of a hand against opponents' weighted ranges.

Why Monte-Carlo with a fixed budget: exact enumeration against several ranges is far too
slow for a 50 ms decision, while a few hundred weighted deals give equity to within a
few points — finer than the noise a bot adds on purpose.  Deals are drawn in numpy
(range draw, collision repair, board completion by random keys); hands are scored by
the engine's evaluator (``evaluate_batch`` when it offers one, else ``evaluate_indices``).

>>> import numpy as np
>>> from game.engine.cards import card_index
>>> aces = (card_index("Ah"), card_index("Ad"))
>>> e = equity(aces, [], [np.ones(1326)], 400, np.random.default_rng(1))
>>> 0.78 < e < 0.91
True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.engine import evaluator

from .hand_classes import COMBO_USES, COMBOS

_batch = getattr(evaluator, "evaluate_batch", None)


def score_hands(cards: np.ndarray) -> np.ndarray:
    """Evaluator values of an (N, 7) array of card indices, as int64."""
    if _batch is not None:
        return np.asarray(_batch(cards), dtype=np.int64)
    ev = evaluator.evaluate_indices
    return np.fromiter((ev(row) for row in cards.tolist()), np.int64, len(cards))


def warm_up() -> None:
    """Load the evaluator's tables now (about 0.1 s once) rather than in a first decision."""
    score_hands(np.array([[0, 5, 10, 15, 20, 25, 30]], np.int64))


def live_weights(weights: np.ndarray, dead: Sequence[int]) -> np.ndarray:
    """A range with every combo that holds a dead card removed (uniform if nothing left)."""
    w = np.where(COMBO_USES[:, list(dead)].any(axis=1), 0.0, weights) if dead else weights
    total = w.sum()
    if total <= 0:
        w = np.where(COMBO_USES[:, list(dead)].any(axis=1), 0.0, 1.0)
        total = w.sum()
    return w / total


def deal_ranges(
    ranges: Sequence[np.ndarray], dead: Sequence[int], samples: int, rng: np.random.Generator
) -> np.ndarray:
    """(N, k, 2) hole cards for k opponents, no card shared with ``dead`` or each other.

    Rows where two opponents collide are redrawn a few times, then dropped, so N may be
    slightly below ``samples`` with many tight ranges.
    """
    probs = [live_weights(w, dead) for w in ranges]
    k = len(probs)
    picks = np.stack([rng.choice(len(COMBOS), size=samples, p=p) for p in probs], axis=1)
    for _ in range(4):
        if k < 2:
            break
        cards = COMBOS[picks].reshape(samples, -1)
        srt = np.sort(cards, axis=1)
        bad = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
        if not bad.any():
            break
        nbad = int(bad.sum())
        for j in range(1, k):  # keep the first opponent, redraw the others
            picks[bad, j] = rng.choice(len(COMBOS), size=nbad, p=probs[j])
    cards = COMBOS[picks]  # (N, k, 2)
    if k >= 2:
        flat = np.sort(cards.reshape(samples, -1), axis=1)
        ok = ~(flat[:, 1:] == flat[:, :-1]).any(axis=1)
        cards = cards[ok]
    return cards


def equity(
    hole: Sequence[int],
    board: Sequence[int],
    ranges: Sequence[np.ndarray],
    samples: int,
    rng: np.random.Generator,
) -> float:
    """Share of the pot ``hole`` wins on average against one range per live opponent.

    Ties count as the fraction of the pot the hand would get.  With no opponent the
    equity is 1.
    """
    if not ranges:
        return 1.0
    dead = list(hole) + list(board)
    opp = deal_ranges(ranges, dead, samples, rng)
    n, k = opp.shape[0], opp.shape[1]
    if n == 0:
        return 0.5
    need = 5 - len(board)
    if need:
        keys = rng.random((n, 52))
        keys[:, dead] = 2.0
        rows = np.repeat(np.arange(n), 2 * k)
        keys[rows, opp.reshape(-1)] = 2.0
        extra = np.argpartition(keys, need - 1, axis=1)[:, :need]
        full_board = np.concatenate([np.broadcast_to(np.array(board, np.int64), (n, len(board))),
                                     extra], axis=1)
    else:
        full_board = np.broadcast_to(np.array(board, np.int64), (n, 5))
    hero_cards = np.concatenate([np.broadcast_to(np.array(hole, np.int64), (n, 2)), full_board],
                                axis=1)
    all_cards = [hero_cards] + [np.concatenate([opp[:, j, :], full_board], axis=1)
                                for j in range(k)]
    values = score_hands(np.concatenate(all_cards, axis=0)).reshape(k + 1, n)
    hero, best_opp = values[0], values[1:].max(axis=0)
    ties = (values[1:] == hero).sum(axis=0)
    share = np.where(hero > best_opp, 1.0, np.where(hero == best_opp, 1.0 / (ties + 1), 0.0))
    return float(share.mean())


#: Deals per answer to "what are my odds": the estimate's standard error is under a point
#: (0.5 / sqrt(n) at worst), and the whole answer stays far under its 300 ms budget
#: (benchmarks/questions).
ANSWER_SAMPLES = 8000
_UNIFORM = np.ones(len(COMBOS))


def equity_against_random(
    hole: Sequence[str], board: Sequence[str], opponents: int,
    samples: int = ANSWER_SAMPLES, seed: int | None = None,
) -> float:
    """Equity of ``hole`` against ``opponents`` hands dealt at random from the unseen cards:
    what a player can work out from their own cards and the board, and nothing else.

    Seeded from the cards unless ``seed`` is given, so asking twice gives one answer.

    >>> round(equity_against_random(("Ah", "Ad"), (), 1), 2)
    0.85
    """
    from zlib import crc32

    from game.engine.cards import card_index

    if seed is None:
        seed = crc32(" ".join([*hole, "|", *board, str(opponents)]).encode())
    rng = np.random.default_rng(seed)
    return equity([card_index(c) for c in hole], [card_index(c) for c in board],
                  [_UNIFORM] * opponents, samples, rng)
