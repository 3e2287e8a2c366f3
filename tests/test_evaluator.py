"""The hand evaluator against the ranking and kicker rules of docs/RULES.md §1.8.

One test per rule. The fast paths (single calls, ``evaluate_indices``, ``evaluate_batch``)
are cross-checked against a slow reference written plainly below: try every 5-card subset
and compare tuples.
"""

from __future__ import annotations

import dataclasses
import itertools
import pickle
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import DECK, RANKS, card_index
from game.engine.errors import CardError
from game.engine.evaluator import (
    Category,
    HandValue,
    evaluate,
    evaluate_batch,
    evaluate_indices,
    value_name,
)


def ev(cards: str) -> HandValue:
    return evaluate(cards.split())


# --- slow reference: best of all 5-card subsets, ranked by plain tuples ---------------------


def reference_five(cards: tuple[str, ...]) -> tuple[int, ...]:
    """(category, tie-break ranks...) of exactly five cards, ace = 12, wheel top = 3."""
    ranks = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    is_flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = -1
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    if distinct == [12, 3, 2, 1, 0]:
        top = 3
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    by_group = [r for r, _ in groups]
    if top >= 0 and is_flush:
        return (8, top)
    if shape[0] == 4:
        return (7, *by_group)
    if shape == [3, 2]:
        return (6, *by_group)
    if is_flush:
        return (5, *ranks)
    if top >= 0:
        return (4, top)
    if shape[0] == 3:
        return (3, *by_group)
    if shape == [2, 2, 1]:
        return (2, *by_group)
    if shape[0] == 2:
        return (1, *by_group)
    return (0, *ranks)


def reference(cards: list[str]) -> tuple[int, ...]:
    return max(reference_five(five) for five in itertools.combinations(cards, 5))


# --- categories, weakest to strongest (docs/RULES.md §1.8) ----------------------------------

RANKING_EXAMPLES = [  # weakest first: one example of each category, as 7-card hands
    ("Th Tc Kd 8s 3h 2c 4d", Category.PAIR),
    ("Ah Kc 9d 6s 2h 3c 4d", Category.HIGH_CARD),
    ("Jh Jc 5d 5s Ah 3c 2d", Category.TWO_PAIR),
    ("7h 7c 7d Qs 3h 2c 4d", Category.THREE_OF_A_KIND),
    ("4h 5c 6d 7s 8h 2c 2d", Category.STRAIGHT),
    ("As Js 8s 4s 2s 3c 3d", Category.FLUSH),
    ("Kh Kc Kd 4s 4h 2c 3d", Category.FULL_HOUSE),
    ("9h 9c 9d 9s Kh 2c 3d", Category.FOUR_OF_A_KIND),
    ("5c 6c 7c 8c 9c 2h 2d", Category.STRAIGHT_FLUSH),
    ("Ah Kh Qh Jh Th 2c 3d", Category.STRAIGHT_FLUSH),
]


@pytest.mark.parametrize(("cards", "category"), RANKING_EXAMPLES)
def test_each_example_of_the_ranking_table_has_its_category(cards, category):
    assert ev(cards).category is category


def test_categories_rank_in_the_order_of_the_table():
    examples = [c for c, _ in RANKING_EXAMPLES if c != RANKING_EXAMPLES[0][0]]
    examples.insert(1, RANKING_EXAMPLES[0][0])  # pair above high card
    values = [ev(c) for c in examples]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


def test_royal_flush_is_a_straight_flush_named_royal_flush():
    royal = ev("Ah Kh Qh Jh Th 2c 3d")
    assert royal.category is Category.STRAIGHT_FLUSH
    assert royal.name == "royal flush"
    assert royal > ev("Kh Qh Jh Th 9h 2c 3d")


def test_royal_flushes_always_tie_because_suits_never_rank():
    assert ev("As Ks Qs Js Ts") == ev("Ah Kh Qh Jh Th")


# --- kicker rules (docs/RULES.md §1.8) --------------------------------------------------------


def test_straight_flush_compares_highest_card():
    assert ev("5c 6c 7c 8c 9c") < ev("6d 7d 8d 9d Td")


def test_four_of_a_kind_compares_quad_rank_first():
    assert ev("9h 9c 9d 9s Ah") < ev("Th Tc Td Ts 2h")


def test_four_of_a_kind_then_kicker():
    assert ev("9h 9c 9d 9s Kh") > ev("9h 9c 9d 9s Qh 2c 3d")


def test_four_of_a_kind_on_board_kicker_decides():
    board = "Ah Ac Ad As 5c"
    assert evaluate(board.split() + ["Kd", "2h"]) > evaluate(board.split() + ["Qd", "Jh"])


def test_full_house_compares_trips_first():
    assert ev("Kh Kc Kd 2s 2h") > ev("Qh Qc Qd As Ah")


def test_full_house_then_pair():
    assert ev("Kh Kc Kd 4s 4h") > ev("Kh Kc Kd 3s 3h")


def test_full_house_from_two_trips_uses_the_higher_trips_and_pairs_the_lower():
    v = ev("Kh Kc Kd 4s 4h 4d 2c")
    assert v.category is Category.FULL_HOUSE
    assert v.name == "full house, kings full of fours"


def test_flush_compares_highest_card_then_next():
    assert ev("As Js 8s 4s 2s") > ev("Ah Th 9h 8h 7h")
    assert ev("As Js 8s 4s 3s") > ev("Ah Jh 8h 4h 2h")  # decided by the fifth card


def test_flush_with_six_suited_cards_uses_the_top_five():
    assert ev("As Js 8s 4s 3s 2s Kd") == ev("Ah Jh 8h 4h 3h")


def test_straight_compares_highest_card():
    assert ev("4h 5c 6d 7s 8h") < ev("5h 6c 7d 8s 9h")


def test_ace_high_straight_is_the_highest_straight():
    assert ev("Ah Kc Qd Js Th").name == "straight, ace high"
    assert ev("Ah Kc Qd Js Th") > ev("Kh Qc Jd Ts 9h")


def test_wheel_is_a_straight_with_the_ace_low():
    v = ev("Ah 2c 3d 4s 5h Kd Qc")
    assert v.category is Category.STRAIGHT
    assert v.name == "straight, five high"


def test_wheel_is_the_lowest_straight():
    assert ev("Ah 2c 3d 4s 5h") < ev("2h 3c 4d 5s 6h")


def test_wheel_straight_flush_is_the_lowest_straight_flush():
    wheel = ev("Ah 2h 3h 4h 5h")
    assert wheel.category is Category.STRAIGHT_FLUSH
    assert wheel.name == "straight flush, five high"
    assert wheel < ev("2d 3d 4d 5d 6d")


def test_six_high_straight_beats_wheel_in_the_same_seven_cards():
    v = ev("Ah 2c 3d 4s 5h 6c Kd")
    assert v.name == "straight, six high"


@pytest.mark.parametrize("cards", ["Qh Kc Ad 2s 3h", "Kh Ac 2d 3s 4h", "Jh Qc Kd As 2h"])
def test_straights_never_wrap_around_the_ace(cards):
    assert ev(cards).category is Category.HIGH_CARD


def test_three_of_a_kind_compares_trips_first():
    assert ev("8h 8c 8d 2s 3h") > ev("7h 7c 7d As Kh")


def test_three_of_a_kind_then_kickers_in_order():
    assert ev("7h 7c 7d Qs 4h") > ev("7h 7c 7d Qs 3h")
    assert ev("7h 7c 7d Ks 2h") > ev("7h 7c 7d Qs Jh")


def test_two_pair_compares_higher_pair_first():
    assert ev("Kh Kc 2d 2s 3h") > ev("Qh Qc Jd Js Ah")


def test_two_pair_then_lower_pair():
    assert ev("Jh Jc 6d 6s 2h") > ev("Jh Jc 5d 5s Ah")


def test_two_pair_then_kicker():
    assert ev("Jh Jc 5d 5s Ah") > ev("Jh Jc 5d 5s Kh")


def test_three_pairs_play_the_top_two_and_the_best_kicker():
    v = ev("Kh Kc 5d 5s 4h 4c 2d")
    assert v.name == "two pair, kings and fives"
    assert v == ev("Kh Kc 5d 5s 4h")
    assert ev("Kh Kc 5d 5s 4h 4c 2d") < ev("Kh Kc 5d 5s 6h 4c 2d")


def test_one_pair_compares_pair_rank_first():
    assert ev("Th Tc 4d 3s 2h") > ev("9h 9c Ad Ks Qh")


def test_one_pair_then_kickers_highest_to_lowest():
    assert ev("Th Tc Kd 8s 3h") > ev("Th Tc Kd 8s 2h")
    assert ev("Th Tc Kd 9s 2h") > ev("Th Tc Kd 8s 7h")


def test_high_card_compares_highest_to_lowest():
    assert ev("Ah Kc 9d 6s 3h") > ev("Ah Kc 9d 6s 2h")
    assert ev("Ah Kc 9d 7s 2h") > ev("Ah Kc 9d 6s 5h")


def test_only_the_best_five_cards_count():
    # the sixth and seventh cards never break a tie
    assert ev("Ah Kc 9d 6s 4h 3c 2d") == ev("Ah Kc 9d 6s 4h")


# --- ties, suits, the board -----------------------------------------------------------------


def test_suits_never_rank():
    assert ev("Ah Kh 9h 6h 2c") == ev("As Ks 9s 6s 2d")
    assert ev("As Js 8s 4s 2s") == ev("Ad Jd 8d 4d 2d")


def test_exactly_equal_hands_have_equal_values():
    a, b = ev("Jh Jc 5d 5s Ah 3c 2d"), ev("Js Jd 5h 5c Ac 4d 2c")
    assert a == b and a.value == b.value and not a < b and not b < a


def test_board_plays_when_no_hole_card_improves_it():
    board = "Ah Kc Qd Js Th".split()
    assert evaluate(board + ["2c", "3d"]) == evaluate(board + ["4c", "5d"])
    assert evaluate(board + ["2c", "3d"]).cards == tuple(board)


def test_a_hole_card_that_beats_the_board_kicker_wins():
    board = "Kh Kc 9d 7s 2h".split()
    assert evaluate(board + ["Ac", "3d"]) > evaluate(board + ["Qc", "3s"])


# --- best five of seven ---------------------------------------------------------------------


def test_seven_cards_choose_flush_over_straight():
    v = ev("9s 8s 7d 6s 5s 2s Kd")
    assert v.category is Category.FLUSH
    assert set(v.cards) == {"9s", "8s", "6s", "5s", "2s"}


def test_seven_cards_straight_and_flush_in_different_cards_is_not_a_straight_flush():
    v = ev("9s 8s 7d 6s 5s 2s Kh")
    assert v.category is Category.FLUSH


def test_seven_cards_quads_beat_the_full_house_they_also_contain():
    assert ev("Qh Qc Qd Qs 5h 5c 2d").category is Category.FOUR_OF_A_KIND


def test_seven_cards_full_house_with_two_pairs_uses_the_higher_pair():
    assert ev("7h 7c 7d Ks Kh 2c 2d").name == "full house, sevens full of kings"


def test_cards_lists_the_five_cards_used_best_first():
    assert ev("Kd Ks 5c 5h 2d 9c Jh").cards == ("Ks", "Kd", "5h", "5c", "Jh")
    assert ev("Ah 2c 3d 4s 5h Kd Qc").cards == ("5h", "4s", "3d", "2c", "Ah")
    assert ev("9h 9c 9d 9s Kh 2c 3d").cards[:4] == ("9s", "9h", "9d", "9c")


# --- names ----------------------------------------------------------------------------------

NAMES = [
    ("Ah Kc 9d 6s 2h", "high card, ace"),
    ("Th Tc Kd 8s 3h", "pair of tens"),
    ("6h 6c Kd 8s 3h", "pair of sixes"),
    ("Kh Kc 5d 5s Ah", "two pair, kings and fives"),
    ("7h 7c 7d Qs 3h", "three of a kind, sevens"),
    ("Ah 2c 3d 4s 5h", "straight, five high"),
    ("9h Tc Jd Qs Kh", "straight, king high"),
    ("As Js 8s 4s 2s", "flush, ace high"),
    ("Kh Kc Kd 4s 4h", "full house, kings full of fours"),
    ("9h 9c 9d 9s Kh", "four of a kind, nines"),
    ("5c 6c 7c 8c 9c", "straight flush, nine high"),
    ("Ah Kh Qh Jh Th", "royal flush"),
]


@pytest.mark.parametrize(("cards", "name"), NAMES)
def test_names_are_readable(cards, name):
    assert ev(cards).name == name
    assert value_name(ev(cards).value) == name
    assert str(ev(cards)) == name


# --- the HandValue object and input forms ---------------------------------------------------


def test_hand_value_is_frozen():
    v = ev("Ah Kc 9d 6s 2h")
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.value = 0  # type: ignore[misc]


def test_hand_value_compares_and_hashes_by_value_only():
    a, b = ev("Ah Kh 9h 6h 2c"), ev("As Ks 9s 6s 2d")
    assert a.cards != b.cards
    assert a == b and hash(a) == hash(b)
    assert max([ev("2h 3c 4d 5s 7h"), a]) is a


def test_hand_value_survives_pickling_with_its_cards():
    v = ev("Ah Kh Qh Jh Th 2c 3d")
    w = pickle.loads(pickle.dumps(v))
    assert w == v and w.cards == v.cards and w.name == "royal flush"


def test_accepts_a_single_string_a_list_a_tuple_and_loose_spellings():
    expected = ev("Ah Kd Qs Jc Th")
    assert evaluate("AhKdQsJcTh") == expected
    assert evaluate("Ah Kd Qs Jc 10h") == expected
    assert evaluate(("ah", "kd", "qs", "jc", "th")) == expected
    assert evaluate(iter(["Ah", "Kd", "Qs", "Jc", "Th"])) == expected
    assert evaluate(["ah", "kd", "qs", "jc", "th"]).cards[0] == "Ah"


def test_a_duplicate_card_is_refused_with_an_explanation():
    with pytest.raises(CardError, match="duplicate card Ah"):
        evaluate("Ah Ah Kd Qs Jc".split())


@pytest.mark.parametrize("cards", ["Ah Kd Qs Jc", "Ah Kd Qs Jc Th 9h 8h 7h"])
def test_fewer_than_five_or_more_than_seven_cards_are_refused(cards):
    with pytest.raises(CardError, match="from 5 to 7 cards"):
        evaluate(cards.split())


def test_a_misspelt_card_is_refused_naming_it():
    with pytest.raises(CardError, match="'Xh' is not a card"):
        evaluate(["Xh", "Kd", "Qs", "Jc", "Th"])


def test_a_non_card_object_is_refused():
    with pytest.raises(CardError, match="not a hand"):
        evaluate(12345)  # type: ignore[arg-type]


# --- properties over random hands -----------------------------------------------------------

seven_cards = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(seven_cards, st.permutations("cdhs"))
def test_relabelling_the_suits_never_changes_a_hand_value(cards, suits):
    relabel = dict(zip("cdhs", suits, strict=True))
    assert evaluate([c[0] + relabel[c[1]] for c in cards]) == evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(seven_cards)
def test_an_extra_card_never_makes_a_hand_worse(cards):
    assert evaluate(cards[:5]) <= evaluate(cards[:6]) <= evaluate(cards)


@settings(max_examples=300, deadline=None)
@given(seven_cards)
def test_the_five_cards_used_are_worth_the_whole_hand(cards):
    v = evaluate(cards)
    assert evaluate(v.cards) == v and set(v.cards) <= set(cards)


# --- fast paths against the slow reference --------------------------------------------------


def _random_hands(n_cards: int, count: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.sample(DECK, n_cards) for _ in range(count)]


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_single_calls_agree_with_brute_force_over_five_card_subsets(n_cards):
    hands = _random_hands(n_cards, 3000, seed=n_cards)
    refs = [reference(h) for h in hands]
    values = [evaluate(h) for h in hands]
    for hand, ref, value in zip(hands, refs, values, strict=True):
        assert value.category == ref[0], hand
        assert reference_five(value.cards) == ref, hand  # the five cards shown are the best
        assert set(value.cards) <= set(hand)
    # same order and same ties as the reference, pair by pair
    for (r1, v1), (r2, v2) in itertools.pairwise(zip(refs, values, strict=True)):
        assert (r1 < r2) == (v1 < v2) and (r1 == r2) == (v1 == v2)


@pytest.mark.parametrize("n_cards", [5, 6, 7])
def test_index_and_batch_paths_give_the_single_call_values(n_cards):
    hands = _random_hands(n_cards, 3000, seed=100 + n_cards)
    indices = np.array([[card_index(c) for c in h] for h in hands], dtype=np.int16)
    expected = [evaluate(h).value for h in hands]
    assert [evaluate_indices(row) for row in indices.tolist()] == expected
    assert evaluate_batch(indices).tolist() == expected


def test_batch_path_spans_several_chunks_and_keeps_row_order():
    hands = _random_hands(7, 40_000, seed=7)
    indices = np.array([[card_index(c) for c in h] for h in hands], dtype=np.int64)
    values = evaluate_batch(indices)
    assert values.shape == (40_000,)
    sample = range(0, 40_000, 97)
    assert [int(values[i]) for i in sample] == [evaluate(hands[i]).value for i in sample]


def test_every_five_card_hand_exhaustively_has_the_textbook_frequencies():
    # all C(52, 5) = 2,598,960 hands through the batch path: the category counts of any
    # poker reference, and 7462 distinct strengths
    combos = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(52), 5)), dtype=np.int8
    ).reshape(-1, 5)
    values = evaluate_batch(combos)
    counts = np.bincount(values >> 20, minlength=9).tolist()
    assert counts == [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
    assert np.unique(values).size == 7462


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), "shape"),
        (np.zeros((3, 8), dtype=np.int64), "shape"),
        (np.zeros(7, dtype=np.int64), "shape"),
        (np.full((2, 7), 52, dtype=np.int64), "0..51"),
        (np.zeros((2, 7), dtype=np.float64), "integers"),
    ],
)
def test_batch_path_refuses_malformed_input(bad, message):
    with pytest.raises(CardError, match=message):
        evaluate_batch(bad)
