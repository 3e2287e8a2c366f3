"""Replaying PHH hands through the engine: seat mapping, structures, decimals, unknown cards,
and the explained errors for hands the engine rejects."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.engine.events import ForcedBet
from game.phh import HandHistory, ReplayError, loads, read_file
from game.phh.replay import replay, replay_partial, setup

DATA = Path(__file__).parent / "data" / "phh"


def one(name: str) -> HandHistory:
    (history,) = read_file(DATA / name)
    assert isinstance(history, HandHistory)
    return history


def with_actions(name: str, actions: list[str]) -> HandHistory:
    history = one(name)
    history.actions = actions
    return history


def test_heads_up_the_button_p2_posts_the_small_blind_and_acts_first() -> None:
    result = replay(one("nt_heads_up.phh"))
    blinds = {e.kind: e.seat for e in result.hand.events if isinstance(e, ForcedBet)}
    assert blinds == {"small blind": 1, "big blind": 0}
    assert result.formatted() == ["194", "206"]


def test_heads_up_antes_are_reversed_like_the_blinds() -> None:
    history = one("nt_heads_up.phh")
    history.antes = [0, 3]  # a "big blind ante": heads-up PHH names the button's entry first
    antes = {e.seat: e.amount for e in replay(history).hand.events
             if isinstance(e, ForcedBet) and e.kind == "ante"}
    assert antes == {0: 3}


def test_p1_sits_left_of_the_button_and_the_last_player_is_the_button() -> None:
    s = setup(one("nt_straddle.phh"))
    assert s.config.blinds == (1, 2, 4)
    hand = replay(one("nt_straddle.phh")).hand
    assert hand.button == 4 and (hand.sb_seat, hand.bb_seat) == (0, 1)


def test_no_limit_heads_up_hand_finishes_as_recorded() -> None:
    history = one("nt_heads_up.phh")
    assert replay(history).finishing_stacks == history.finishing_stacks


def test_pot_limit_hand_with_pot_sized_raises_finishes_as_recorded() -> None:
    history = one("pt_three_way.phh")
    assert replay(history).finishing_stacks == history.finishing_stacks


def test_pot_limit_rejects_a_raise_above_the_pot() -> None:
    history = one("pt_three_way.phh")
    history.actions = history.actions[:3] + ["p3 cbr 8"]
    with pytest.raises(ReplayError, match="pot limit: the most you can raise to is 7"):
        replay(history)


def test_fixed_limit_hand_with_antes_finishes_as_recorded() -> None:
    history = one("ft_antes.phh")
    assert replay(history).finishing_stacks == history.finishing_stacks


def test_fixed_limit_allows_four_bets_and_raises_a_round_as_pokerkit_does() -> None:
    s = setup(one("ft_antes.phh"))
    assert s.config.raise_cap == 4 and s.config.cap_counts_bets


FT_HEADS_UP = """
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [200, 200]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db 2s3s4h"]
"""


def test_phh_raise_cap_counts_the_opening_bet_as_pokerkit_writes_it() -> None:
    """Issue 23: after the flop PokerKit's 4 counts the bet, so a bet and four raises is
    refused, as PokerKit refuses it; a bet and three raises is accepted."""
    history = loads(FT_HEADS_UP)
    history.actions += ["p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8"]
    assert replay_partial(history).hand.current_bet == 8
    history.actions += ["p1 cbr 10"]
    with pytest.raises(ReplayError, match="'p1 cbr 10': .*the cap of 4 bets and raises"):
        replay(history)


def test_phh_raise_cap_counts_four_raises_over_the_blinds_before_the_flop() -> None:
    history = loads(FT_HEADS_UP)
    history.actions = history.actions[:2] + ["p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10"]
    assert replay_partial(history).hand.current_bet == 10
    history.actions += ["p2 cbr 12"]
    with pytest.raises(ReplayError, match="the cap of 4 bets and raises is reached"):
        replay(history)


def test_a_raise_cap_field_is_the_games_own_count_of_raises_after_the_bet() -> None:
    history = loads(FT_HEADS_UP.replace('variant = "FT"', 'variant = "FT"\n_raise_cap = 4'))
    history.actions += ["p1 cbr 2", "p2 cbr 4", "p1 cbr 6", "p2 cbr 8", "p1 cbr 10"]
    hand = replay_partial(history).hand
    assert not hand.config.cap_counts_bets and hand.current_bet == 10


def test_a_straddle_hand_finishes_as_recorded() -> None:
    history = one("nt_straddle.phh")
    assert replay(history).finishing_stacks == history.finishing_stacks


def test_the_straddle_sets_the_minimum_raise() -> None:
    history = one("nt_straddle.phh")
    history.actions = history.actions[:5] + ["p4 cbr 6"]
    with pytest.raises(ReplayError, match="minimum raise is to 8"):
        replay(history)


def test_decimal_amounts_replay_exactly_and_print_with_their_places() -> None:
    result = replay(one("nt_decimals.phh"))
    assert result.formatted() == ["49.75", "54.00", "46.25"]
    assert result.chips == [4975, 5400, 4625]


def test_unknown_hole_cards_shown_at_showdown_decide_the_pot() -> None:
    assert replay(one("nt_unknown_cards.phh")).formatted() == ["102", "98"]


def test_a_player_mucking_unknown_cards_gives_up_the_pot() -> None:
    history = one("nt_unknown_cards.phh")
    history.actions = history.actions[:-2] + ["p1 sm", "p2 sm 7c3d"]
    assert replay(history).formatted() == ["98", "102"]


def test_unknown_cards_never_shown_leave_the_hand_unfinished() -> None:
    history = one("nt_unknown_cards.phh")
    history.actions = history.actions[:-2]
    with pytest.raises(ReplayError, match=r"cards of p1, p2 are unknown at showdown"):
        replay(history)


def test_hole_cards_left_out_of_the_history_are_dealt_unknown() -> None:
    history = one("nt_heads_up.phh")
    history.actions = [a for a in history.actions if not a.startswith("d dh")]
    assert replay(history).formatted() == ["194", "206"]


def test_showing_other_cards_than_were_dealt_is_an_error() -> None:
    history = one("ft_antes.phh")
    history.actions = history.actions[:-1] + ["p4 sm QhQs"]
    with pytest.raises(ReplayError, match="p4 shows QhQs but was dealt QhQd"):
        replay(history)


def test_acting_out_of_turn_names_whose_turn_it_is() -> None:
    history = one("nt_heads_up.phh")
    history.actions = history.actions[:2] + ["p1 cc"]
    with pytest.raises(ReplayError, match=r"action 3 'p1 cc': it is p2's turn, not p1's"):
        replay(history)


def test_a_too_small_raise_says_what_the_minimum_is() -> None:
    (_, bad, _, _) = read_file(DATA / "mixed.phhs")
    with pytest.raises(ReplayError, match=r"action 5 'p1 cbr 40': minimum raise is to 50"):
        replay(bad)


def test_an_unfinished_hand_says_who_is_to_act() -> None:
    history = one("nt_heads_up.phh")
    history.actions = history.actions[:3]
    with pytest.raises(ReplayError, match="not finished: p1 is to act"):
        replay(history)


def test_a_player_beyond_the_table_is_named() -> None:
    history = one("nt_heads_up.phh")
    history.actions = history.actions[:2] + ["p3 f"]
    with pytest.raises(ReplayError, match="p3 does not exist: this hand has p1..p2"):
        replay(history)


def test_a_card_dealt_twice_is_rejected() -> None:
    history = one("nt_heads_up.phh")
    history.actions = ["d dh p1 AhKd", "d dh p2 AhQs"]
    with pytest.raises(ReplayError, match="Ah has already been dealt"):
        replay(history)


def test_an_unknown_stack_plays_deep_and_finishes_as_null() -> None:
    text = (DATA / "nt_heads_up.phh").read_text().replace("[200, 200]", "[200, inf]", 1)
    result = replay(loads(text))
    assert result.formatted() == ["194", "null"]


def test_classic_limit_layout_button_blind_and_straddle_is_recognised() -> None:
    text = """
variant = "FT"
antes = [5, 5, 5, 5]
blinds_or_straddles = [10, 0, 0, 5]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000, 1000]
actions = ["p2 f", "p3 f", "p4 f"]
"""
    result = replay(loads(text))
    assert result.hand.config.button_blind
    assert result.formatted() == ["1020", "995", "995", "990"]


def test_every_pokerkit_generated_hand_finishes_with_pokerkits_stacks() -> None:
    for index, history in enumerate(read_file(DATA / "pokerkit_generated.phhs")):
        assert replay(history).finishing_stacks == history.finishing_stacks, f"hand {index + 1}"


def test_an_unfinished_history_replays_partially_to_the_player_to_act() -> None:
    history = one("nt_straddle.phh")
    history.actions = history.actions[:6]  # the deals and "p4 cc"
    hand = replay_partial(history).hand
    assert hand.actor == 4 and hand.legal_actions().to_call == 4


def test_a_history_cut_before_any_deal_stands_at_the_first_actor() -> None:
    history = one("nt_heads_up.phh")
    history.actions = []
    hand = replay_partial(history).hand
    assert hand.actor == 1 and hand.hole == [None, None]


def test_a_check_nobody_is_asked_for_when_everyone_else_is_all_in_changes_nothing() -> None:
    """PokerKit writes the big blind's check although both others are all in; the engine
    has nobody to act there, and the idle check is passed over."""
    text = """
variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [72, 232, 2, 1]
actions = ["d dh p1 6h5h", "d dh p2 JsTd", "d dh p3 7h6s", "d dh p4 Tc7d", "p3 cc", "p4 cc",
           "p1 f", "p2 cc", "d db As8sJd", "d db Th", "d db Jc"]
"""
    assert replay(loads(text)).formatted() == ["71", "236", "0", "0"]


def test_a_check_out_of_turn_is_still_rejected() -> None:
    history = one("nt_heads_up.phh")
    history.actions = history.actions[:5] + ["p2 cc"]  # after the flop p1 speaks first
    with pytest.raises(ReplayError, match="it is p1's turn, not p2's"):
        replay(history)


DIFFERENCES = DATA / "pokerkit_rule_differences.phhs"


def difference(number: int) -> HandHistory:
    history = list(read_file(DIFFERENCES))[number - 1]
    assert isinstance(history, HandHistory)
    return history


def test_pokerkit_difference_straddle_sets_the_minimum_raise() -> None:
    with pytest.raises(ReplayError, match="'p1 cbr 6': minimum raise is to 8"):
        replay(difference(1))


def test_pokerkit_difference_a_short_big_blind_still_must_be_called_in_full() -> None:
    with pytest.raises(ReplayError, match="'p3 cbr 83': fixed limit: the raise is to 100"):
        replay(difference(2))


def test_pokerkit_difference_each_side_pot_splits_its_own_odd_chips() -> None:
    history = difference(3)
    assert replay(history).formatted() == ["8", "0", "0", "351", "271", "0"]
    assert history.finishing_stacks == [8, 0, 0, 350, 272, 0]  # PokerKit's


def test_pokerkit_difference_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    with pytest.raises(ReplayError, match="'p1 cbr 9': .*short all-in did not reopen"):
        replay(difference(4))


def test_pokerkit_difference_a_player_all_in_on_the_ante_wins_only_matched_chips() -> None:
    history = difference(5)
    assert replay(history).formatted() == ["0", "19657", "0", "0", "0", "12"]
    assert history.finishing_stacks == [0, 19617, 0, 0, 0, 52]  # PokerKit's


SHORT_ALL_INS = DATA / "pokerkit_short_all_ins.phhs"


def short_all_in_hand(number: int) -> HandHistory:
    history = list(read_file(SHORT_ALL_INS))[number - 1]
    assert isinstance(history, HandHistory)
    return history


def standing_before(history: HandHistory, action: str):
    """The hand as it stands just before ``action`` (the first one written so)."""
    cut = dataclasses.replace(history, actions=history.actions[: history.actions.index(action)])
    return replay_partial(cut).hand


def test_pokerkit_hand_fixed_limit_all_in_of_half_a_bet_reopens_the_betting() -> None:
    history = short_all_in_hand(1)
    legal = standing_before(history, "p3 cbr 5").legal_actions()
    assert legal.seat == 2 and legal.can_raise and legal.min_to == 5
    assert replay(history).finishing_stacks == history.finishing_stacks


def test_pokerkit_difference_fixed_limit_short_all_in_bet_is_called_or_completed() -> None:
    history = short_all_in_hand(2)
    legal = standing_before(history, "p3 cbr 66").legal_actions()
    assert legal.completion and (legal.to_call, legal.min_to, legal.max_to) == (16, 50, 50)
    with pytest.raises(ReplayError, match="'p3 cbr 66': .*call it or complete to 50"):
        replay(history)


def test_pokerkit_hand_several_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    history = short_all_in_hand(3)
    legal = standing_before(history, "p4 cbr 431").legal_actions()
    assert legal.seat == 3 and legal.can_raise
    assert replay(history).finishing_stacks == history.finishing_stacks
