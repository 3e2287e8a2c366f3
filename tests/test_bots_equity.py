"""Equity by Monte-Carlo and ranges narrowed by actions."""

from __future__ import annotations

import numpy as np
import pytest

from bots.equity import equity
from bots.hand_classes import COMBOS, PERCENTILE, class_percentile, top_range
from bots.opponents import OpponentModel
from bots.ranges import board_strength, opponent_range
from bots.situation import PastAction, Situation
from game.engine.actions import ActionKind, LegalActions
from game.engine.cards import card_index
from game.engine.events import Street


def idx(cards: str) -> list[int]:
    return [card_index(cards[i:i + 2]) for i in range(0, len(cards), 2)]


def only(hand: str) -> np.ndarray:
    """A range of exactly one combo."""
    a, b = sorted(idx(hand))
    return ((COMBOS[:, 0] == a) & (COMBOS[:, 1] == b)).astype(float)


@pytest.mark.parametrize("hero, villain, board, expected", [
    ("AhAd", "KsKc", "", 0.82),  # the classic overpair race
    ("AhKh", "2c2d", "", 0.50),  # a coin flip
    ("AhKh", "QsQd", "2h7h9c", 0.54),  # nut flush draw + two overs vs an overpair
    ("KhKd", "AsAc", "2c7d9h3s", 2 / 44),  # two outs with one card to come
    ("7c2d", "AsAd", "KhKd7h2c4s", 0.0),  # river: the answer is exact
])
def test_equity_matches_known_matchups(hero, villain, board, expected):
    e = equity(idx(hero), idx(board), [only(villain)], 3000, np.random.default_rng(1))
    assert e == pytest.approx(expected, abs=0.03)


def test_equity_against_more_opponents_falls():
    rng = np.random.default_rng(2)
    hu = equity(idx("JhJd"), [], [np.ones(1326)], 2000, rng)
    four = equity(idx("JhJd"), [], [np.ones(1326)] * 3, 2000, rng)
    assert hu > 0.7 and four < 0.55


def test_ties_split_the_pot():
    e = equity(idx("2c3d"), idx("AhKhQhJhTh"), [np.ones(1326)], 500, np.random.default_rng(3))
    assert e == pytest.approx(0.5)


def test_chart_orders_hands_like_players_do():
    order = ["AA", "KK", "AKs", "JJ", "AKo", "KQs", "TT", "A5s", "76s", "J8o", "72o"]
    pcts = [class_percentile(h) for h in order]
    assert pcts == sorted(pcts)
    assert (top_range(0.15) > 0.5).mean() == pytest.approx(0.15, abs=0.03)
    assert PERCENTILE.min() > 0 and PERCENTILE.max() == 1.0


def _flop_situation(history) -> Situation:
    legal = LegalActions(seat=0, stack=900, committed=0, current_bet=60, to_call=60, pot=200,
                         big_blind=10, can_fold=True, can_check=False, can_call=True,
                         can_bet=False, can_raise=True, min_to=120, max_to=900, all_in_to=900)
    return Situation(seat=0, n=2, button=0, hole=("Ah", "Kd"), board=("Ks", "8h", "3c"),
                     street=Street.FLOP, stacks=(900, 840), committed=(0, 60),
                     folded=(False, False), all_in=(False, False), legal=legal,
                     history=tuple(history), big_blind=10, bb_seat=1)


def test_a_preflop_reraise_narrows_the_range_to_strong_hands():
    stats = OpponentModel().stats(1)
    called = _flop_situation([PastAction(Street.PREFLOP, 1, ActionKind.CALL, 30, False)])
    reraised = _flop_situation([PastAction(Street.PREFLOP, 0, ActionKind.RAISE, 30, False),
                                PastAction(Street.PREFLOP, 1, ActionKind.RAISE, 90, False)])
    w_call = opponent_range(called, 1, stats)
    w_raise = opponent_range(reraised, 1, stats)
    aa, seven_deuce = only("AcAs").argmax(), only("7c2d").argmax()
    assert w_raise[aa] / w_raise.sum() > w_call[aa] / w_call.sum()
    assert w_raise[seven_deuce] < 0.01 * w_raise[aa]


def test_a_postflop_bet_tilts_the_range_toward_hands_that_hit_the_board():
    stats = OpponentModel().stats(1)
    bet = _flop_situation([PastAction(Street.FLOP, 1, ActionKind.BET, 60, False)])
    w = opponent_range(bet, 1, stats)
    trips, air = only("8c8d").argmax(), only("6d5s").argmax()
    assert w[trips] > 3 * w[air]
    s = board_strength(tuple(idx("Ks8h3c")))
    assert s[trips] > 0.95 and s[air] < 0.5
