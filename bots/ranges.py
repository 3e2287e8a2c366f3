"""Opponents' ranges narrowed by what they did this hand.

Preflop, a raise keeps roughly the player's PFR share of hands, a re-raise a third of
that, a call keeps the VPIP share minus most of the raising hands.  Postflop each bet or
raise tilts the range toward combos that are strong on the board (made hands and flush
draws), a call tilts it less.  A bot at the hard level feeds the shares it has measured
for that opponent; others use a population prior.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from game.engine.actions import ActionKind
from game.engine.events import Street

from .equity import score_hands
from .hand_classes import COMBO_USES, COMBOS, top_range
from .opponents import Stats
from .situation import Situation


@lru_cache(maxsize=256)
def board_strength(board: tuple[int, ...]) -> np.ndarray:
    """(1326,) 0..1 rank of each combo's made hand on ``board`` (3–5 cards), draws lifted.

    Combos that hold a board card get 0 (they cannot exist).
    """
    n = len(COMBOS)
    cards = np.concatenate([COMBOS.astype(np.int64),
                            np.broadcast_to(np.array(board, np.int64), (n, len(board)))], axis=1)
    dead = COMBO_USES[:, list(board)].any(axis=1)
    cards[dead] = cards[~dead][0]  # any valid hand: the row is zeroed below
    values = score_hands(cards)
    live = ~dead
    strength = np.zeros(n)
    live_rank = values[live].argsort(kind="stable").argsort(kind="stable")
    strength[live] = live_rank / max(1, live.sum() - 1)
    if len(board) < 5:
        suits = np.array(board) % 4
        for s in range(4):
            on_board = int((suits == s).sum())
            if on_board >= 2:
                mine = (COMBOS % 4 == s).sum(axis=1)
                draw = live & (mine + on_board == 4)
                strength[draw] = np.maximum(strength[draw], 0.7)
    return strength


def _preflop_range(actions, stats: Stats) -> np.ndarray:
    w = np.ones(len(COMBOS))
    raises_before = 0
    for a in actions:
        if a.kind is ActionKind.RAISE or a.kind is ActionKind.BET:
            share = stats.pfr * (0.33 ** raises_before)
            w = w * top_range(max(0.02, share))
            raises_before += 1
        elif a.kind is ActionKind.CALL:
            if raises_before == 0:  # limp
                w = w * top_range(stats.vpip) * (1 - 0.7 * top_range(stats.pfr))
            else:
                w = w * top_range(stats.vpip * 0.6 ** raises_before) * (
                    1 - 0.5 * top_range(stats.pfr * 0.33 ** raises_before))
    return w


def opponent_range(sit: Situation, seat: int, stats: Stats,
                   postflop: bool = True) -> np.ndarray:
    """Weights over the 1,326 combos for ``seat`` given this hand's public actions
    (preflop ones only when ``postflop`` is False)."""
    mine = [a for a in sit.history if a.seat == seat]
    w = _preflop_range([a for a in mine if a.street is Street.PREFLOP], stats)
    if not postflop:
        return w
    board = sit.board_indices
    for street, k in ((Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5)):
        acts = [a for a in mine if a.street is street]
        if not acts or len(board) < k:
            continue
        strength = board_strength(tuple(board[:k]))
        for a in acts:
            if a.kind in (ActionKind.BET, ActionKind.RAISE):
                # Aggressive players bet weaker hands too: flatten the tilt for them.
                slope = 0.12 + 0.25 * stats.aggression
                w = w * (0.15 + 0.85 / (1 + np.exp(-(strength - 0.55) / slope)))
            elif a.kind is ActionKind.CALL:
                w = w * (0.35 + 0.65 / (1 + np.exp(-(strength - 0.35) / 0.15)))
    return w
