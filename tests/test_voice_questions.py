"""The questions the table answers aloud: odds, outs, what a player did, who raised, the
minimum raise, the blinds and the hands won — built by voice.questions from engine hands."""

from __future__ import annotations

import pytest

from bots.equity import equity_against_random
from game.engine import Action, Hand, HandConfig
from game.engine.cards import DECK
from voice.intents import Question, QuestionKind
from voice.parser import parse
from voice.questions import TableFacts, answer, count_outs, facts_from_hand, outs_answer

NAMES = ["you", "Leo", "Tess"]


def deck(*front: str) -> list[str]:
    return list(front) + [c for c in DECK if c not in front]


def three_way(*actions: Action, board_after: int = 0) -> Hand:
    """Seat 0 (the asker, button) AhKh; Leo QsQd; Tess 7c2d; blinds 5/10 (dealing starts
    left of the button)."""
    h = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0,
             deck=deck("Qs", "7c", "Ah", "Qd", "2d", "Kh", "Jh", "Th", "3c", "4s", "9d"))
    for a in actions:
        h.apply(a)
    return h


def ask(text: str, facts: TableFacts) -> str:
    q = parse(text)
    assert isinstance(q, Question), text
    return answer(q, facts)


# --- what are my odds ------------------------------------------------------------------------


def test_odds_name_the_equity_the_opponents_and_the_pot_odds_when_facing_a_bet():
    facts = TableFacts(pot=100, to_call=25, stack=500, hole=("Ah", "Kh"), opponents=2,
                       estimate=lambda hole, board, k: 0.34)
    assert ask("what are my odds", facts) == (
        "about 34 percent against two players; you need 25 to call 100, so 20 percent")


def test_odds_with_nothing_to_call_give_the_equity_alone():
    facts = TableFacts(pot=100, to_call=0, stack=500, hole=("Ah", "Kh"), opponents=1,
                       estimate=lambda hole, board, k: 0.655)
    assert ask("what's my equity", facts) == "about 66 percent against one player"


def test_odds_use_only_what_the_player_sees():
    """The estimator gets the asker's cards, the board and how many opponents are left:
    never an opponent's hole cards, which the engine hand does hold."""
    seen: list[tuple] = []

    def estimate(hole, board, k):
        seen.append((tuple(hole), tuple(board), k))
        return 0.5

    h = three_way(Action.call(), Action.call(), Action.check())  # to the flop, Leo to act
    facts = facts_from_hand(h, 0, NAMES, estimate=estimate)
    ask("what are my odds", facts)
    assert seen == [(("Ah", "Kh"), tuple(h.board), 2)]
    hidden = {*h.hole[1], *h.hole[2]}
    assert not hidden & {c for hole, board, _ in seen for c in (*hole, *board)}


def test_odds_count_only_opponents_still_in_the_hand():
    h = three_way(Action.call(), Action.fold())  # the small blind folds
    facts = facts_from_hand(h, 0, NAMES, estimate=lambda hole, board, k: 0.5)
    assert facts.opponents == 1
    assert "against one player" in ask("what are my odds", facts)


def test_odds_from_the_monte_carlo_estimator_are_near_the_known_equity():
    """Aces against one random hand win about 85 percent, against four about 56."""
    assert abs(equity_against_random(("As", "Ad"), (), 1) - 0.852) < 0.02
    assert abs(equity_against_random(("As", "Ad"), (), 4) - 0.558) < 0.03


def test_odds_asked_twice_give_one_answer():
    assert equity_against_random(("9h", "8h"), ("Ah", "Kh", "2c"), 2) == \
        equity_against_random(("9h", "8h"), ("Ah", "Kh", "2c"), 2)


# --- how many outs ---------------------------------------------------------------------------


def test_outs_to_a_flush_are_nine_about_35_percent_by_the_river():
    assert outs_answer(("9h", "8h"), ("Ah", "Kh", "2c")) == (
        "9 outs to a flush, about 35 percent by the river")


def test_outs_to_an_open_ended_straight_are_eight():
    assert outs_answer(("9c", "8d"), ("Th", "7s", "2c")) == (
        "8 outs to a straight, about 31 percent by the river")


def test_outs_on_the_turn_are_one_card_to_come():
    assert outs_answer(("9h", "8h"), ("Ah", "Kh", "2c", "3d")) == (
        "9 outs to a flush, about 20 percent on the river")


def test_a_flush_and_straight_draw_counts_each_card_once():
    outs = count_outs(("9h", "8h"), ("Th", "7h", "2c"))
    assert sum(outs.values()) == 15  # 9 flush cards, 6 more straight cards


def test_a_card_that_pairs_the_board_is_no_out():
    """Pairing the board gives everyone the same pair: it improves nothing of yours."""
    assert sum(count_outs(("7c", "5d"), ("7h", "Kd", "2s")).values()) == 5  # 2 sevens, 3 fives


def test_outs_are_counted_only_after_the_flop_and_before_the_river():
    assert outs_answer(("Ah", "Kh"), ()) == "outs are counted after the flop"
    assert outs_answer(("Ah", "Kh"), ("Qh", "Jh", "Th", "2c", "3d")).startswith(
        "no cards to come: your hand is royal flush")


# --- what did Leo do, who raised ------------------------------------------------------------


def test_what_did_a_player_do_lists_their_actions_street_by_street():
    h = three_way(Action.raise_to(30), Action.call(), Action.call())
    h.apply(Action.check())  # Leo (small blind) first on the flop
    h.apply(Action.bet(40))  # Tess
    facts = facts_from_hand(h, 0, NAMES)
    assert ask("what did Tess do", facts) == "Tess called 30 preflop, then bet 40 on the flop"
    assert ask("what did Leo do", facts) == "Leo called 30 preflop, then checked on the flop"


def test_what_did_a_player_do_before_acting_names_the_blind_posted():
    facts = facts_from_hand(three_way(), 0, NAMES)
    assert ask("what did Leo do", facts) == (
        "Leo posted the small blind of 5 and has not acted yet this hand")


def test_what_did_a_player_not_at_the_table_do():
    facts = facts_from_hand(three_way(), 0, NAMES)
    assert ask("what did Max do", facts) == "Max is not in this hand"


def test_who_raised_names_every_bet_and_raise_of_this_street():
    h = three_way(Action.raise_to(30), Action.raise_to(90))
    facts = facts_from_hand(h, 0, NAMES)
    assert ask("who raised", facts) == "you raised to 30, Leo raised to 90"


def test_who_raised_with_no_raise_preflop_names_the_big_blind():
    assert ask("who raised", facts_from_hand(three_way(), 0, NAMES)) == (
        "nobody has raised: the big blind is 10")


def test_who_raised_on_a_street_with_no_bet():
    h = three_way(Action.call(), Action.call(), Action.check())
    assert ask("who raised", facts_from_hand(h, 0, NAMES)) == "nobody has bet on the flop"


# --- minimum raise, blinds, hands won --------------------------------------------------------


def test_minimum_raise_on_my_turn_is_the_engines():
    h = three_way()
    facts = facts_from_hand(h, 0, NAMES)
    assert ask("what's the minimum raise", facts) == (
        f"the minimum raise is to {h.legal_actions().min_to}")


def test_minimum_raise_when_another_player_acts_is_the_current_bet_plus_the_last_raise():
    h = three_way(Action.raise_to(30))  # Leo to act: 30 + a raise of 20
    assert ask("what's the minimum raise", facts_from_hand(h, 0, NAMES)) == (
        "the minimum raise is to 50")


def test_minimum_bet_on_a_street_with_no_bet():
    h = three_way(Action.call(), Action.call(), Action.check())
    assert ask("what's the min bet", facts_from_hand(h, 0, NAMES)) == "the minimum bet is 10"


def test_minimum_raise_in_fixed_limit_names_the_fixed_size():
    h = Hand(HandConfig.fixed_limit(10, 20), [1000, 1000], button=0, deck=deck())
    assert ask("what's the minimum raise", facts_from_hand(h, 0)) == (
        "fixed limit: the raise is to 20")


def test_minimum_raise_when_none_is_possible_says_why_in_the_engines_words():
    h = Hand(HandConfig.no_limit(5, 10), [15, 1000], button=0, deck=deck())
    h.apply(Action.call())
    h.apply(Action.raise_to(30))  # the button, with 5 left beyond the call? it has 5 behind
    facts = facts_from_hand(h, 0)
    assert facts.min_raise_to is None
    assert ask("what's the minimum raise", facts) == facts.no_raise != ""


def test_blinds_name_the_ante_and_straddle():
    h = Hand(HandConfig.no_limit(5, 10, ante=1, straddle=20), [1000] * 4, button=0,
             deck=deck())
    assert ask("what are the blinds", facts_from_hand(h, 0)) == (
        "the blinds are 5 and 10, with a straddle of 20, and an ante of 1")


def test_hands_won_counts_the_session_and_says_when_it_is_unknown():
    facts = TableFacts(pot=0, to_call=0, stack=0, hands_won=3, hands_played=12)
    assert ask("how many hands have I won", facts) == "you have won 3 hands of 12"
    none = TableFacts(pot=0, to_call=0, stack=0, hands_won=0, hands_played=2)
    assert ask("how many hands have I won", none) == "you have not won a hand yet of 2"
    assert "no hands are counted" in ask("how many hands did I win",
                                         TableFacts(pot=0, to_call=0, stack=0))


@pytest.mark.parametrize("kind", list(QuestionKind))
def test_every_question_has_an_answer_from_an_engine_hand(kind):
    h = three_way(Action.raise_to(30))
    facts = facts_from_hand(h, 0, NAMES, estimate=equity_against_random, hands_won=1,
                            hands_played=4)
    assert answer(Question(kind, "leo" if kind is QuestionKind.PLAYER_ACTION else ""), facts)
