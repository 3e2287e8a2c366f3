"""The rules of one hand (docs/RULES.md §1-§5) and their worked examples, one test each."""

from __future__ import annotations

import pytest

from game.engine import Action, HandConfig, IllegalActionError, OutOfTurnError, TieSplit
from game.engine.errors import HandOverError
from game.engine.events import (
    Acted,
    BoardDealt,
    ForcedBet,
    Mucked,
    PotAwarded,
    Raked,
    Refunded,
    Shown,
    Street,
)
from game.engine.pots import layer_pots

from .helpers import hand

A, C, R, F, K = Action.all_in, Action.call, Action.raise_to, Action.fold, Action.check


def play(h, *actions):
    for a in actions:
        h.apply(a)
    return h


def awards(h):
    return [(e.amount, e.winners) for e in h.events if isinstance(e, PotAwarded)]


def refunds(h):
    return {e.seat: e.amount for e in h.events if isinstance(e, Refunded)}


# --- RULES.md §3.4: minimum raise examples -----------------------------------------------
def test_min_raise_after_raise_to_30_is_to_50():
    h = hand([1000] * 4, button=0)  # UTG is seat 3
    play(h, R(30))
    assert h.legal_actions().min_to == 50


def test_min_raise_after_raise_to_25_is_to_40():
    h = hand([1000] * 4, button=0)
    play(h, R(25))
    assert h.legal_actions().min_to == 40


def test_raise_below_minimum_is_refused_naming_the_minimum():
    h = hand([1000] * 4, button=0)
    play(h, R(30))
    with pytest.raises(IllegalActionError, match="minimum raise is to 50"):
        h.apply(R(45))


def test_opening_raise_preflop_is_to_two_big_blinds():
    h = hand([1000] * 4, button=0)
    assert h.legal_actions().min_to == 20


def test_minimum_bet_postflop_is_one_big_blind():
    h = hand([1000] * 3, button=0)
    play(h, C(), C(), K())
    assert h.street is Street.FLOP
    legal = h.legal_actions()
    assert legal.can_bet and not legal.can_raise and legal.min_to == 10
    with pytest.raises(IllegalActionError, match="minimum bet is 10"):
        h.apply(Action.bet(5))


# --- RULES.md §3.3: the bet-vs-raise legal matrix --------------------------------------
def test_unopened_round_allows_fold_check_bet_all_in_but_not_call_or_raise():
    h = hand([1000] * 3, button=0)
    play(h, C(), C(), K())
    legal = h.legal_actions()
    assert (legal.can_fold, legal.can_check, legal.can_bet, legal.can_call, legal.can_raise) == (
        True, True, True, False, False)
    assert legal.can_all_in


def test_facing_a_bet_allows_fold_call_raise_all_in_but_not_check_or_bet():
    h = hand([1000] * 3, button=0)
    play(h, C(), C(), K(), Action.bet(40))
    legal = h.legal_actions()
    assert (legal.can_fold, legal.can_check, legal.can_bet, legal.can_call, legal.can_raise) == (
        True, False, False, True, True)
    with pytest.raises(IllegalActionError, match="check is not possible: 40 to call"):
        h.apply(K())
    with pytest.raises(IllegalActionError, match="bet is not possible"):
        h.apply(Action.bet(100))


def test_raise_with_no_bet_open_is_refused():
    h = hand([1000] * 3, button=0)
    play(h, C(), C(), K())
    with pytest.raises(IllegalActionError, match="no bet to raise"):
        h.apply(R(40))


def test_all_in_player_is_never_asked_to_act():
    h = hand([1000, 100, 1000], button=0)
    play(h, C(), A())  # seat 0 (UTG, the button 3-handed) calls, SB shoves
    assert h.all_in[1]
    seen = []
    while not h.is_over:
        seen.append(h.actor)
        h.apply(K() if h.legal_actions().can_check else C())
    assert 1 not in seen


# --- RULES.md §3.5, §2.4: short all-in does not reopen; short blinds ---------------------
def test_short_all_in_raise_does_not_reopen_raising_for_players_who_acted():
    # Postflop: seat 1 bets 100, seat 2 goes all in for 150 (+50, short of a full raise).
    h = hand([1000, 1000, 160, 1000], button=0)
    play(h, C(), C(), C(), K())  # preflop: UTG 3, button 0, SB 1 call; BB 2 checks
    assert h.street is Street.FLOP and h.actor == 1
    play(h, Action.bet(100), A())
    assert h.current_bet == 150
    play(h, C(), C())  # seat 3 and seat 0 have not acted: they could raise; they call
    legal = h.legal_actions()  # back to seat 1, who bet and faced only a short raise
    assert legal.seat == 1 and legal.can_call and not legal.can_raise
    with pytest.raises(IllegalActionError, match="did not reopen"):
        h.apply(R(400))


def test_player_yet_to_act_may_raise_after_a_short_all_in():
    h = hand([1000, 1000, 160, 1000], button=0)
    play(h, C(), C(), C(), K(), Action.bet(100), A())
    legal = h.legal_actions()
    assert legal.seat == 3 and legal.can_raise and legal.min_to == 250


def test_full_raise_all_in_reopens_the_betting():
    h = hand([1000, 1000, 300, 1000], button=0)
    play(h, C(), C(), C(), K(), Action.bet(100), A())  # +190 >= 100: a full raise
    play(h, C(), C())
    assert h.legal_actions().can_raise


def test_short_blind_posts_all_in_and_min_raise_uses_scheduled_big_blind():
    h = hand([1000, 1000, 4, 1000], button=0)
    bb = [e for e in h.events if isinstance(e, ForcedBet) and e.kind == "big blind"][0]
    assert bb.amount == 4 and bb.all_in
    legal = h.legal_actions()
    assert legal.to_call == 10  # others still call the full big blind (RULES.md §2.4)
    assert legal.min_to == 20  # and raise from the scheduled big blind (§2.4)


def test_ante_short_puts_player_all_in():
    h = hand([1000, 1000, 3], button=0, config=HandConfig.no_limit(5, 10, ante=5))
    antes = [e for e in h.events if isinstance(e, ForcedBet) and e.kind == "ante"]
    assert [(e.seat, e.amount, e.all_in) for e in antes] == [(1, 5, False), (2, 3, True),
                                                             (0, 5, False)]


# --- RULES.md §2.4-§2.5, §3.5-§3.6: short all-ins, completion, short blinds and straddles -----
def fixed_limit_flop(stacks, bet=20, **kw):
    """A fixed-limit hand (small bet ``bet``) where everyone called the big blind; the flop
    is dealt and the seat left of the button is to act."""
    h = hand(stacks, button=0, config=HandConfig.fixed_limit(bet, 2 * bet, **kw))
    while h.street is Street.PREFLOP:
        h.apply(K() if h.legal_actions().can_check else C())
    return h


def test_fixed_limit_all_in_of_half_a_bet_reopens_the_betting():
    """Issue example: 20/40, three players check, the fourth goes all in for 15, the fifth
    calls: a player who checked may now raise to 35."""
    h = fixed_limit_flop([1000, 1000, 1000, 1000, 35])
    play(h, K(), K(), K(), A(), C())  # seats 1, 2, 3 check; 4 all in for 15; 0 calls
    legal = h.legal_actions()
    assert legal.seat == 1 and legal.can_raise and (legal.min_to, legal.max_to) == (35, 35)
    play(h, R(35))
    assert h.current_bet == 35


def test_fixed_limit_all_in_below_half_a_bet_does_not_reopen_the_betting():
    h = fixed_limit_flop([1000, 1000, 1000, 1000, 29])  # all in for 9 of a bet of 20
    play(h, K(), K(), K(), A(), C())
    legal = h.legal_actions()
    assert legal.seat == 1 and legal.can_call and not legal.can_raise
    with pytest.raises(IllegalActionError, match="short all-in did not reopen the betting"):
        h.apply(R(29))


def test_fixed_limit_short_all_in_opening_bet_may_be_called_or_completed():
    """Issue example: an all-in opening bet of 13 in a game whose bet is 50: the next player
    may call 13 or complete to 50 — not raise to 63."""
    h = fixed_limit_flop([1000, 63, 1000], bet=50)
    play(h, A())  # seat 1 bets its last 13
    legal = h.legal_actions()
    assert legal.seat == 2 and legal.to_call == 13 and legal.completion
    assert (legal.min_to, legal.max_to) == (50, 50)
    with pytest.raises(IllegalActionError, match="call it or complete to 50"):
        h.apply(R(63))
    play(h, R(50))
    assert h.legal_actions().min_to == 100  # the completion is the bet: raise by a full one


def test_a_completion_is_reported_as_one_and_a_raise_is_not():
    """The event says the raise completed a short all-in opening bet (docs/RULES.md 3.6),
    so the table can call it that; the raise over it is a raise."""
    h = fixed_limit_flop([1000, 63, 1000], bet=50)
    play(h, A())
    completed = [e for e in h.apply(R(50)) if isinstance(e, Acted)]
    assert completed[0].completion
    raised = [e for e in h.apply(R(100)) if isinstance(e, Acted)]
    assert not raised[0].completion


def test_fixed_limit_completion_does_not_count_toward_the_raise_cap():
    h = fixed_limit_flop([1000, 63, 1000], bet=50, raise_cap=1)
    play(h, A(), R(50))  # 13 all in, completed to 50
    legal = h.legal_actions()
    assert legal.can_raise and legal.min_to == 100  # the one raise the cap allows
    play(h, R(100))
    assert not h.legal_actions().can_raise
    with pytest.raises(IllegalActionError, match="the cap of 1 raises is reached"):
        h.apply(R(150))


def test_several_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting():
    """Issue example, no-limit 50/100: A bets 100, B all in for 125, C calls, D all in for
    200, E calls: A faces 100 more, a full raise, and may raise."""
    h = hand([10_000, 10_000, 225, 10_000, 300], button=0, config=HandConfig.no_limit(50, 100))
    while h.street is Street.PREFLOP:
        h.apply(K() if h.legal_actions().can_check else C())
    play(h, Action.bet(100), A(), C(), A(), C())  # A=1 bets, B=2 125, C=3, D=4 200, E=0
    legal = h.legal_actions()
    assert legal.seat == 1 and legal.can_raise and legal.min_to == 300


def test_short_all_ins_adding_up_to_less_than_a_full_raise_do_not_reopen():
    h = hand([10_000, 10_000, 225, 10_000, 275], button=0, config=HandConfig.no_limit(50, 100))
    while h.street is Street.PREFLOP:
        h.apply(K() if h.legal_actions().can_check else C())
    play(h, Action.bet(100), A(), C(), A(), C())  # 125 then 175: 75 more, short of 100
    legal = h.legal_actions()
    assert legal.seat == 1 and not legal.can_raise


def test_several_short_all_ins_adding_up_to_a_full_bet_reopen_fixed_limit_too():
    # Bets of 20: A bets 20, then three all-ins of +7 each (each under half a bet) make 41.
    h = fixed_limit_flop([1000, 1000, 47, 54, 61])
    play(h, Action.bet(20), A(), A(), A())
    legal = h.legal_actions()  # back to A (seat 0 had not acted: it is after seat 4)
    while legal.seat != 1:
        h.apply(C())
        legal = h.legal_actions()
    assert legal.can_raise and legal.min_to == 61


def test_big_blind_all_in_on_the_ante_is_still_called_in_full():
    """Issue example: ante 5, blinds 25/50, the big blind holds 5 chips: nothing is posted
    after the ante, and everyone must call the scheduled 50."""
    h = hand([1000, 1000, 5, 1000], button=0, config=HandConfig.no_limit(25, 50, ante=5))
    assert not [e for e in h.events if isinstance(e, ForcedBet) and e.kind == "big blind"]
    legal = h.legal_actions()
    assert legal.seat == 3 and legal.to_call == 50 and legal.min_to == 100


def test_a_straddle_posted_short_sets_the_call_and_the_raise():
    """Issue example: blinds 1/2, straddle 4, the straddler has 3: the call is 4 and the
    minimum raise is to 8."""
    h = hand([100, 100, 100, 3, 100], button=0, config=HandConfig.no_limit(1, 2, straddle=4))
    straddle = [e for e in h.events if isinstance(e, ForcedBet) and e.kind == "straddle"][0]
    assert straddle.amount == 3 and straddle.all_in
    legal = h.legal_actions()
    assert legal.seat == 4 and legal.to_call == 4 and legal.min_to == 8
    with pytest.raises(IllegalActionError, match="minimum raise is to 8"):
        h.apply(R(6))


# --- RULES.md §4.1-§4.2: side-pot examples ----------------------------------------------
def test_three_player_side_pot_example():
    # A 50 all-in; B calls 50 then bets 100 more; C calls 150 total.
    h = hand([50, 150, 200], button=0,
             holes={0: "AhAd", 1: "KhKd", 2: "QhQd"}, board="2c7d9sJc3h")
    play(h, A(), C(), C())  # preflop: A (seat 0, first to act 3-handed) shoves, B and C call
    play(h, Action.bet(100), C())  # flop: B bets 100, C calls
    pots = [(p.amount, p.eligible) for p in layer_pots(h.contributed, h.folded)[0]]
    assert pots == [(150, (0, 1, 2)), (200, (1, 2))]
    assert awards(h) == [(150, (0,)), (200, (1,))]
    assert h.stacks == [150, 200, 50]


def test_four_player_different_stacks_side_pot_example():
    # A 25, B 50, C 75 all in, D 100 calls 75: main 100, side 75, side 50, D gets 25 back.
    h = hand([25, 50, 75, 100], button=3,
             holes={0: "2c3d", 1: "4h5s", 2: "7c8d", 3: "AhAd"}, board="KcKdQs9h4c")
    play(h, A(), A(), A(), A())  # D's "all in" can only call 75: nobody can cover more
    assert awards(h) == [(100, (3,)), (75, (3,)), (50, (3,))]
    assert h.contributed[3] == 75 and h.stacks == [0, 0, 0, 250]


# --- more side-pot examples (RULES.md §4) -------------------------------------------------
def test_extra_chips_of_bigger_stack_returned():
    h = hand([1000, 500], button=0, holes={0: "2c3d", 1: "AhAd"}, board="KcKdQs9h4c")
    play(h, A(), A())
    assert awards(h) == [(1000, (1,))]
    assert refunds(h) == {0: 500}
    assert h.stacks == [500, 1000]


def test_three_all_ins_make_layered_pots():
    h = hand([100, 300, 500], button=2, holes={0: "AhAd", 1: "KhKd", 2: "QhQd"},
             board="2c7d9sJc3h")
    play(h, A(), A(), C())
    assert awards(h) == [(300, (0,)), (400, (1,))]
    assert refunds(h) == {2: 200}


def test_four_all_ins_make_layered_pots():
    h = hand([100, 200, 300, 400], button=3,
             holes={0: "AhAd", 1: "KhKd", 2: "QhQd", 3: "JhJd"}, board="2c7d9s5c3h")
    play(h, A(), A(), A(), A())
    assert awards(h) == [(400, (0,)), (300, (1,)), (200, (2,))]
    assert h.contributed[3] == 300 and h.stacks == [400, 300, 200, 100]  # D keeps its 100


def test_layers_of_50_120_120_300():
    pots, back = layer_pots([50, 120, 120, 300], [False] * 4)
    assert [(p.amount, p.eligible) for p in pots] == [(200, (0, 1, 2, 3)), (210, (1, 2, 3))]
    assert back == {3: 180}


def test_folded_chips_stay_in_the_pot_but_folder_cannot_win():
    h = hand([1000] * 3, button=0, holes={0: "AhAd", 1: "2c7d", 2: "KhKd"}, board="3c8d9sJc4h")
    play(h, R(100), C(), C())
    play(h, K(), K(), Action.bet(200), F(), C())  # seat 1 folds on the flop
    play(h, K(), K(), K(), K())
    assert h.folded[1] and h.stacks[1] == 900
    assert awards(h) == [(700, (0,))]


# --- splits and odd chips -------------------------------------------------------------------
def test_tied_hands_split_the_pot_equally():
    h = hand([100, 100, 100], button=0, holes={1: "AhKd", 2: "AcKh", 0: "2c3d"},
             board="AdKcQs7h4c")
    play(h, F(), C(), K())
    play(h, K(), K(), K(), K(), K(), K())
    assert awards(h) == [(20, (1, 2))]
    assert h.stacks == [100, 100, 100]


def test_odd_chip_goes_to_first_tied_winner_left_of_the_button():
    # Pot of 25 (blinds 5/10 + ante-free odd chip from a 5 call): seats 1 and 2 tie.
    h = hand([100, 100, 100], button=0, holes={0: "2c3d", 1: "AhKd", 2: "AcKh"},
             board="AdKcQs7h4c", config=HandConfig.no_limit(5, 10, ante=1))
    play(h, F(), C(), K())
    play(h, K(), K(), K(), K(), K(), K())
    (pot,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert pot.amount == 23 and pot.winners == (1, 2) and pot.shares == (12, 11)


def test_odd_chip_wraps_clockwise_from_the_button():
    h = hand([100, 100, 100], button=1, holes={1: "2c3d", 2: "AhKd", 0: "AcKh"},
             board="AdKcQs7h4c", config=HandConfig.no_limit(5, 10, ante=1))
    play(h, F(), C(), K())  # UTG is seat 1 (button) 3-handed; SB seat 2, BB seat 0
    play(h, K(), K(), K(), K(), K(), K())
    (pot,) = [e for e in h.events if isinstance(e, PotAwarded)]
    assert dict(zip(pot.winners, pot.shares)) == {2: 12, 0: 11}


def test_proportional_tie_split_gives_210_and_490():
    cfg = HandConfig.no_limit(5, 10)
    cfg = HandConfig(cfg.structure, cfg.blinds, min_bet=10, tie_split=TieSplit.PROPORTIONAL)
    h = hand([100, 300, 300], button=2, holes={0: "AhKd", 1: "AcKh", 2: "2c3d"},
             board="AdKsQs7h4c", config=cfg)
    play(h, A(), A(), C())
    assert h.stacks == [210, 490, 0]


def test_side_pot_tie_with_all_in_winner_gives_150_and_550():
    h = hand([100, 300, 300], button=2, holes={0: "AhKd", 1: "AcKh", 2: "2c3d"},
             board="AdKsQs7h4c")
    play(h, A(), A(), C())
    assert h.stacks == [150, 550, 0]


# --- heads-up (RULES.md §2.1) ------------------------------------------------------------
def test_heads_up_button_posts_small_blind_and_acts_first_preflop():
    h = hand([1000, 1000], button=1)
    posts = {e.kind: e.seat for e in h.events if isinstance(e, ForcedBet)}
    assert posts == {"small blind": 1, "big blind": 0}
    assert h.actor == 1


def test_heads_up_big_blind_acts_first_postflop_and_button_last():
    h = hand([1000, 1000], button=1)
    play(h, C(), K())
    assert h.street is Street.FLOP and h.actor == 0
    play(h, K())
    assert h.actor == 1


# --- the spectator arena's checklist: dealing, order, showdown (RULES.md §1.7, §3, §5) ---
def test_checklist_new_hand_starts_with_correct_blinds_posted():
    h = hand([1000] * 4, button=0)
    posts = [(e.seat, e.kind, e.amount) for e in h.events if isinstance(e, ForcedBet)]
    assert posts == [(1, "small blind", 5), (2, "big blind", 10)]
    assert h.committed == [0, 5, 10, 0]


def test_checklist_street_card_counts_0_3_4_5():
    h = hand([1000] * 4, button=0)
    assert h.board == []
    play(h, C(), C(), C(), K())
    assert len(h.board) == 3
    play(h, K(), K(), K(), K())
    assert len(h.board) == 4
    play(h, K(), K(), K(), K())
    assert len(h.board) == 5


def test_checklist_showdown_determines_correct_winner():
    h = hand([1000] * 4, button=0, holes={0: "2c2d", 1: "AhAd", 2: "KsKd", 3: "7c8d"},
             board="AcKh9s4d3h")
    play(h, C(), C(), C(), K())
    for _ in range(3):
        play(h, K(), K(), K(), K())
    assert awards(h) == [(40, (1,))]
    shown = [e for e in h.events if isinstance(e, Shown)]
    assert {e.seat for e in shown} == {0, 1, 2, 3}


def test_checklist_preflop_action_starts_with_utg():
    assert hand([1000] * 4, button=0).actor == 3


def test_checklist_preflop_big_blind_acts_last_with_option():
    h = hand([1000] * 4, button=0)
    play(h, C(), C(), C())
    legal = h.legal_actions()
    assert legal.seat == 2 and legal.can_check and legal.can_raise


def test_checklist_big_blind_option_reopened_by_raise_is_not_last():
    h = hand([1000] * 4, button=0)
    play(h, C(), C(), C(), R(40))  # the big blind raises: others act again
    assert h.actor == 3


def test_checklist_postflop_action_starts_left_of_dealer_and_button_acts_last():
    h = hand([1000] * 4, button=0)
    play(h, C(), C(), C(), K())
    order = []
    while h.street is Street.FLOP:
        order.append(h.actor)
        h.apply(K())
    assert order == [1, 2, 3, 0]


def test_checklist_postflop_skips_folded_small_blind():
    h = hand([1000] * 4, button=0)
    play(h, C(), C(), F(), K())
    assert h.actor == 2


def test_checklist_fold_removes_player_from_hand():
    h = hand([1000] * 4, button=0)
    play(h, F())
    assert h.folded[3]
    actors = []
    while not h.is_over:
        actors.append(h.actor)
        h.apply(K() if h.legal_actions().can_check else C())
    assert 3 not in actors and not any(3 in e.winners for e in h.events
                                       if isinstance(e, PotAwarded))


def test_checklist_call_matches_current_bet_exactly():
    h = hand([1000] * 4, button=0)
    play(h, R(35), C())
    assert h.committed[0] == 35 and h.stacks[0] == 965


def test_checklist_raise_increases_bet_by_at_least_previous_raise():
    h = hand([1000] * 4, button=0)
    play(h, R(30))
    with pytest.raises(IllegalActionError):
        h.apply(R(49))
    play(h, R(50))
    assert h.current_bet == 50


def test_checklist_all_in_bets_remaining_chips():
    h = hand([1000, 1000, 1000, 333], button=0)
    play(h, A())
    assert h.stacks[3] == 0 and h.committed[3] == 333 and h.all_in[3]


def test_checklist_check_available_when_no_bet_to_call():
    h = hand([1000] * 4, button=0)
    play(h, C(), C(), C())
    assert h.legal_actions().can_check


def test_checklist_all_but_one_fold_is_an_immediate_winner():
    h = hand([1000] * 4, button=0)
    play(h, R(30), F(), F(), F())
    assert h.is_over and h.board == []
    assert h.stacks == [1000, 995, 990, 1015]
    assert refunds(h) == {3: 20}


def test_checklist_multiple_all_ins_create_side_pots():
    h = hand([100, 200, 300, 1000], button=3)
    play(h, A(), A(), A(), C())
    assert len([e for e in h.events if isinstance(e, PotAwarded)]) >= 1
    assert [p.amount for p in layer_pots(h.contributed, [False] * 4)[0]] == [400, 300, 200]


def test_checklist_tied_hands_split_pot_equally():
    test_tied_hands_split_the_pot_equally()


# --- all-in runout, showdown order, muck ---------------------------------------------------
def test_all_in_runout_deals_the_board_with_no_further_betting():
    h = hand([100, 1000], button=0)
    play(h, A(), C())
    assert h.is_over and len(h.board) == 5
    assert [e.street for e in h.events if isinstance(e, BoardDealt)] == [
        Street.FLOP, Street.TURN, Street.RIVER]


def test_raising_is_not_offered_when_every_opponent_is_all_in():
    h = hand([1000, 1000, 50], button=0)
    play(h, F(), C(), A())  # button folds, SB calls, BB shoves 50 — a short raise
    legal = h.legal_actions()
    assert legal.seat == 1 and legal.can_call and not legal.can_raise


def test_showdown_order_last_river_aggressor_first():
    h = hand([1000] * 3, button=0, holes={0: "AhAd", 1: "2c2d", 2: "KhKd"}, board="3c8d9sJc4h")
    play(h, C(), C(), K())
    play(h, K(), K(), K(), K(), K(), K())
    play(h, K(), Action.bet(50), C(), C())  # river: seat 2 bets
    assert h.showdown_order() == [2, 0, 1]


def test_showdown_order_without_river_bet_starts_left_of_button():
    h = hand([1000] * 3, button=0, holes={0: "AhAd", 1: "2c2d", 2: "KhKd"}, board="3c8d9sJc4h")
    play(h, C(), C(), K())
    for _ in range(3):
        play(h, K(), K(), K())
    assert h.showdown_order() == [1, 2, 0]


def test_losers_may_muck_when_show_all_is_off():
    cfg = HandConfig(min_bet=10, show_all=False)
    h = hand([1000] * 3, button=0, holes={0: "AhAd", 1: "2c7d", 2: "KhKd"}, board="3c8d9sJc4h",
             config=cfg)
    play(h, C(), C(), K())
    play(h, K(), K(), K(), K(), K(), K())
    play(h, K(), K(), Action.bet(50), C(), C())
    # seat 0 bet on the river and shows first; seat 1 and 2 cannot win and muck.
    assert [type(e).__name__ for e in h.events if isinstance(e, (Shown, Mucked))] == [
        "Shown", "Mucked", "Mucked"]


def test_show_all_default_shows_every_live_hand():
    h = hand([1000] * 3, button=0, holes={0: "AhAd", 1: "2c7d", 2: "KhKd"}, board="3c8d9sJc4h")
    play(h, C(), C(), K())
    for _ in range(3):
        play(h, K(), K(), K())
    assert len([e for e in h.events if isinstance(e, Shown)]) == 3


# --- structures ------------------------------------------------------------------------------
def test_pot_limit_max_raise_is_the_pot_after_calling():
    h = hand([1000] * 4, button=0, config=HandConfig.pot_limit(1, 2))
    # pot 3, to call 2: raise to 2 + (3 + 2) = 7
    assert h.legal_actions().max_to == 7
    with pytest.raises(IllegalActionError, match="pot limit: the most you can raise to is 7"):
        h.apply(R(8))


def test_pot_limit_max_bet_is_the_pot():
    h = hand([1000] * 3, button=0, config=HandConfig.pot_limit(5, 10))
    play(h, C(), C(), K())
    assert h.legal_actions().max_to == 30


def test_fixed_limit_bets_are_small_then_big():
    h = hand([1000] * 3, button=0, config=HandConfig.fixed_limit(10, 20))
    legal = h.legal_actions()
    assert legal.min_to == legal.max_to == 20
    play(h, C(), C(), K(), Action.bet(10), C(), C())
    assert h.street is Street.TURN
    legal = h.legal_actions()
    assert legal.min_to == legal.max_to == 20


def test_fixed_limit_raise_cap_leaves_only_call_or_fold():
    h = hand([1000] * 3, button=0, config=HandConfig.fixed_limit(10, 20, raise_cap=3))
    play(h, C(), C(), K(), Action.bet(10), R(20), R(30), R(40))
    legal = h.legal_actions()
    assert legal.can_call and not legal.can_raise
    with pytest.raises(IllegalActionError, match="cap of 3 raises"):
        h.apply(R(50))


def test_check_raise_off_lets_a_checker_only_call_or_fold():
    cfg = HandConfig.fixed_limit(10, 20, check_raise=False)
    h = hand([1000] * 3, button=0, config=cfg)
    play(h, C(), C(), K(), K(), Action.bet(10), C())
    legal = h.legal_actions()  # back to seat 1, who checked
    assert legal.seat == 1 and not legal.can_raise and legal.can_call
    with pytest.raises(IllegalActionError, match="check-raise is not allowed"):
        h.apply(R(20))


def test_check_raise_on_lets_a_checker_raise():
    h = hand([1000] * 3, button=0, config=HandConfig.fixed_limit(10, 20))
    play(h, C(), C(), K(), K(), Action.bet(10), C())
    assert h.legal_actions().can_raise


def test_classic_limit_forced_bets_ante_button_blind_and_straddle():
    h = hand([1000] * 4, button=0, config=HandConfig.classic_limit())
    posts = [(e.seat, e.kind, e.amount) for e in h.events if isinstance(e, ForcedBet)]
    assert posts == [(1, "ante", 5), (2, "ante", 5), (3, "ante", 5), (0, "ante", 5),
                     (0, "blind", 5), (1, "straddle", 10)]
    assert h.actor == 2
    legal = h.legal_actions()
    assert legal.to_call == 10 and legal.min_to == legal.max_to == 20


def test_classic_limit_straddle_is_not_counted_in_the_raise_cap():
    h = hand([1000] * 4, button=0, config=HandConfig.classic_limit())
    play(h, R(20), R(30), R(40))
    assert not h.legal_actions().can_raise


def test_straddle_posts_two_blinds_and_min_raise_is_double_it():
    h = hand([1000] * 4, button=0, config=HandConfig.no_limit(5, 10, straddle=20))
    assert h.actor == 0 and h.current_bet == 20
    assert h.legal_actions().min_to == 40


# --- rake, errors, out of turn --------------------------------------------------------------
def test_rake_taken_only_when_a_flop_is_seen():
    cfg = HandConfig(min_bet=10, rake_percent=5, rake_cap=3)
    h = hand([1000] * 3, button=0, config=cfg)
    play(h, R(30), F(), F())
    assert h.rake == 0
    h = hand([1000] * 3, button=0, config=cfg, holes={0: "AhAd"}, board="2c3d8h9sJc")
    play(h, R(100), C(), C())
    for _ in range(3):
        play(h, K(), K(), K())
    assert h.rake == 3 and [e.amount for e in h.events if isinstance(e, Raked)] == [3]
    assert sum(h.stacks) == 3000 - 3


def test_acting_out_of_turn_is_refused():
    h = hand([1000] * 4, button=0)
    with pytest.raises(OutOfTurnError, match="it is seat 3's turn, not seat 1's"):
        h.apply(C(), seat=1)


def test_acting_after_the_hand_is_over_is_refused():
    h = hand([1000] * 4, button=0)
    play(h, F(), F(), F())
    with pytest.raises(HandOverError):
        h.apply(K())


def test_illegal_action_changes_nothing():
    h = hand([1000] * 4, button=0)
    before = (list(h.stacks), list(h.committed), h.actor, len(h.events))
    with pytest.raises(IllegalActionError):
        h.apply(K())
    assert before == (list(h.stacks), list(h.committed), h.actor, len(h.events))


def test_no_action_when_the_only_opponent_is_all_in_for_no_more_than_already_matched():
    # Heads-up: the big blind has 1 chip, the button already put in a small blind of 1.
    h = hand([1, 24], button=1, config=HandConfig.no_limit(1, 2))
    assert h.is_over and len(h.board) == 5
    assert sum(h.stacks) == 25


def test_call_against_an_all_in_opponent_only_matches_their_bet():
    # Heads-up: the big blind is all in for 7; the button calls 2 more, not up to 10.
    h = hand([7, 100], button=1, config=HandConfig.no_limit(5, 10))
    legal = h.legal_actions()
    assert legal.to_call == 2 and not legal.can_raise


def test_after_returns_a_new_state_and_leaves_the_old_one_unchanged():
    h = hand([1000] * 3, button=0)
    before = (list(h.stacks), list(h.committed), h.actor, len(h.events))
    nxt = h.after(R(40))
    assert nxt.current_bet == 40 and nxt.actor == 1
    assert before == (list(h.stacks), list(h.committed), h.actor, len(h.events))
    h.apply(F())  # the original plays on independently
    assert nxt.folded == [False, False, False] and h.folded[0]


def test_no_raise_offered_when_no_opponent_could_call_any_of_it():
    # Seat 0 is all in for 98 on the flop; seat 2 has only 28 behind: a raise by seat 1
    # could never be called, only refunded.
    h = hand([100, 500, 30], button=2, config=HandConfig.no_limit(1, 2))
    play(h, C(), C(), K(), Action.bet(98))
    legal = h.legal_actions()
    assert legal.seat == 1 and legal.can_call and not legal.can_raise
