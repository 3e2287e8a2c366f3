"""The table across hands: one test per rule of docs/RULES.md §2 and §6."""

from __future__ import annotations

import random

import pytest

from bots.random_player import random_action
from game.engine import Action
from game.engine.errors import OutOfTurnError
from game.engine.events import ForcedBet, HandEnded, PotAwarded
from game.session.errors import NoHandError, RebuyError, SeatError
from game.session.events import (
    Busted,
    HandStarted,
    LevelUp,
    Rebought,
    SessionOver,
    WaitingForBigBlind,
)
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def table(n: int = 4, rules: HouseRules | None = None, **kw) -> Table:
    return Table(rules or HouseRules(), [SeatSpec(NAMES[i]) for i in range(n)], seed=11, **kw)


def fold_around(t: Table) -> list:
    """Everyone folds to the big blind (or checks when free) until the hand ends."""
    ev = []
    while not t.hand.is_over:
        la = t.legal()
        ev += t.act(la.seat, Action.check() if la.can_check else Action.fold())
    return ev


def play_hand(t: Table) -> list:
    ev = t.start_hand()
    return ev + fold_around(t)


def bust(t: Table, seat: int, to: int) -> None:
    """Between hands: ``seat`` loses every chip to ``to`` (chips conserved)."""
    t.players[to].stack += t.players[seat].stack
    t.players[seat].stack = 0


def blinds(ev) -> dict[str, int]:
    return {e.kind: e.seat for e in ev if isinstance(e, ForcedBet)}


def started(ev) -> HandStarted:
    return next(e for e in ev if isinstance(e, HandStarted))


# --- button and blinds ---------------------------------------------------------------------

def test_button_moves_one_seat_clockwise_each_hand():
    t = table(4)
    buttons = []
    for _ in range(6):
        ev = t.start_hand()
        buttons.append(started(ev).button)
        fold_around(t)
    assert buttons == [0, 1, 2, 3, 0, 1]


def test_small_and_big_blind_are_left_of_the_button():
    t = table(4)
    play_hand(t)
    ev = t.start_hand()
    assert started(ev).button == 1
    assert blinds(ev) == {"small blind": 2, "big blind": 3}
    assert t.to_act == 0  # under the gun, left of the big blind


def test_button_skips_a_player_who_busted_on_the_button():
    t = table(4)
    play_hand(t)          # button 0
    play_hand(t)          # button 1
    bust(t, 1, to=2)                        # the button player busts
    ev = t.start_hand()
    assert started(ev).button == 2
    assert 1 not in started(ev).seats


def test_big_blind_leaving_moves_the_big_blind_to_the_next_eligible_player():
    t = table(4)
    ev = play_hand(t)     # button 0, SB 1, BB 2
    assert blinds(ev)["big blind"] == 2
    t.leave(2)
    ev = t.start_hand()
    assert started(ev).button == 1
    assert blinds(ev) == {"small blind": 3, "big blind": 0}


def test_a_returning_player_waits_for_the_big_blind():
    t = table(4)
    t.sit_out(1)
    play_hand(t)          # button 0; seat 1 sits out
    ev = t.sit_in(1)
    assert WaitingForBigBlind(1) in ev
    ev = t.start_hand()                     # button 2, SB 3, BB 0: seat 1 not reached yet
    assert started(ev).button == 2 and 1 not in started(ev).seats
    fold_around(t)
    ev = t.start_hand()                     # button 3, SB 0, BB 1: dealt in on the big blind
    assert started(ev).button == 3
    assert 1 in started(ev).seats and blinds(ev)["big blind"] == 1


def test_a_returning_player_in_the_small_blind_spot_is_passed_over():
    t = table(4)
    play_hand(t)          # button 0
    t.sit_out(2)
    play_hand(t)          # button 1, seat 2 out
    t.sit_in(2)                             # would be SB next hand (button 1 -> 3? no: 3)
    ev = t.start_hand()
    assert started(ev).button == 3
    assert 2 not in started(ev).seats
    fold_around(t)
    ev = t.start_hand()                     # button 0, SB 1, BB 2: enters on the big blind
    assert 2 in started(ev).seats and blinds(ev)["big blind"] == 2


def test_a_player_joining_an_empty_chair_waits_for_the_big_blind():
    t = Table(HouseRules(), [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy"), None], seed=3)
    play_hand(t)          # button 0, seats 0-2
    ev = t.join(3, SeatSpec("Dee"))
    assert WaitingForBigBlind(3) in ev
    seen = []
    for _ in range(3):
        ev = t.start_hand()
        seen.append((started(ev).button, 3 in started(ev).seats, blinds(ev).get("big blind")))
        fold_around(t)
    # button 1: SB 2, BB 3 -> Dee is dealt in on her big blind at once
    assert seen[0] == (1, True, 3)


def test_heads_up_the_button_posts_the_small_blind_and_acts_first():
    t = table(2)
    ev = t.start_hand()
    assert started(ev).button == 0
    assert blinds(ev) == {"small blind": 0, "big blind": 1}
    assert t.to_act == 0


def test_table_shrinking_to_two_switches_to_heads_up_blinds():
    t = table(3)
    play_hand(t)          # button 0, SB 1, BB 2
    bust(t, 2, to=0)
    ev = t.start_hand()                     # two left: button 1 posts the small blind
    assert started(ev).seats == (0, 1)
    assert started(ev).button == 1
    assert blinds(ev) == {"small blind": 1, "big blind": 0}
    assert t.to_act == 1


def test_straddle_is_skipped_heads_up():
    t = table(2, HouseRules(straddle=True))
    ev = t.start_hand()
    assert started(ev).blinds == (5, 10)
    t3 = table(3, HouseRules(straddle=True))
    assert started(t3.start_hand()).blinds == (5, 10, 20)


def test_no_hand_starts_with_fewer_than_two_players_with_chips():
    t = table(2)
    play_hand(t)
    t.sit_out(0)
    with pytest.raises(NoHandError, match="two are needed"):
        t.start_hand()


def test_events_and_legal_actions_use_table_seats_when_a_chair_is_empty():
    t = Table(HouseRules(), [SeatSpec("Ann"), None, SeatSpec("Cy"), SeatSpec("Dee")], seed=3)
    ev = t.start_hand()                     # engine seats 0,1,2 = table seats 0,2,3
    assert blinds(ev) == {"small blind": 2, "big blind": 3}
    assert t.legal().seat == 0 == t.to_act
    ev = fold_around(t)
    won = next(e for e in ev if isinstance(e, PotAwarded))
    assert won.winners == (3,)
    end = next(e for e in ev if isinstance(e, HandEnded))
    assert len(end.stacks) == 4 and end.stacks[1] == 0 and end.net[3] == 5


def test_acting_out_of_turn_or_from_outside_the_hand_is_refused():
    t = Table(HouseRules(), [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy"), None], seed=3)
    t.start_hand()
    with pytest.raises(OutOfTurnError):
        t.act(1, Action.fold())
    with pytest.raises(OutOfTurnError, match="not in this hand"):
        t.act(3, Action.fold())


# --- buy-ins, rebuys, top-ups ----------------------------------------------------------------

def test_buy_in_outside_20_to_100_big_blinds_is_refused():
    with pytest.raises(SeatError, match="allowed 200 to 1000"):
        Table(HouseRules(), [SeatSpec("Ann", buy_in=150), SeatSpec("Bob")])
    with pytest.raises(SeatError, match="allowed 200 to 1000"):
        Table(HouseRules(), [SeatSpec("Ann", buy_in=1001), SeatSpec("Bob")])


def test_rebuy_is_refused_mid_hand():
    t = table(3)
    t.start_hand()
    with pytest.raises(RebuyError, match="in a hand; rebuys happen between hands"):
        t.rebuy(1, 10)


def test_a_spoken_top_up_mid_hand_is_refused_in_the_words_holdem_say_reports():
    """`holdem say "rebuy"` on an unfinished hand reports the session's own refusal."""
    from game.commands.say import MID_HAND_REFUSALS
    from voice.intents import TableKind

    t = Table(HouseRules(), [SeatSpec("You", buy_in=500), SeatSpec("Bob"), SeatSpec("Cy")])
    t.start_hand()
    with pytest.raises(RebuyError) as err:
        t.top_up(0)
    assert str(err.value) == MID_HAND_REFUSALS[TableKind.TOP_UP]
    with pytest.raises(SeatError) as err:
        t.sit_in(0)
    assert str(err.value) == MID_HAND_REFUSALS[TableKind.BACK]


def test_rebuy_above_the_maximum_buy_in_is_refused_and_says_what_is_allowed():
    t = table(3)
    play_hand(t)          # seat 1 posted 5 and folded: 995
    with pytest.raises(RebuyError, match="above the maximum buy-in of 1000.*up to 5"):
        t.rebuy(1, 6)
    assert t.rebuy(1, 5)[0] == Rebought(1, 5, 1000, False)


def test_rebuy_below_the_minimum_buy_in_is_refused():
    t = table(3)
    bust(t, 1, to=0)
    with pytest.raises(RebuyError, match="below the minimum buy-in of 200"):
        t.rebuy(1, 100)


def test_top_up_fills_to_the_maximum_between_hands():
    t = table(3)
    play_hand(t)
    t.top_up(1)
    assert t.players[1].stack == 1000
    with pytest.raises(RebuyError, match="has 1000 already"):
        t.top_up(1)


def test_busted_player_is_not_dealt_until_they_rebuy():
    t = table(3)
    bust(t, 1, to=0)
    ev = t.start_hand()
    assert 1 not in started(ev).seats
    fold_around(t)
    t.rebuy(1, 500)
    assert t.players[1].waiting  # missed a hand: waits for the big blind


def test_busted_player_who_neither_rebuys_nor_leaves_is_removed_after_the_sit_out_limit():
    t = table(3, HouseRules(sit_out_hands=2))
    bust(t, 1, to=0)
    for _ in range(2):
        play_hand(t)
    ev = t.start_hand()
    assert t.players[1] is None
    assert any(getattr(e, "reason", "") == "busted" for e in ev)


def test_auto_rebuy_below_the_threshold_rebuys_to_the_maximum():
    t = Table(HouseRules(), [SeatSpec("Ann", auto_rebuy=True, buy_in=200), SeatSpec("Bob"),
                             SeatSpec("Cy")], seed=2)
    t.players[0].stack = 150  # below 20 BB = 200
    t.players[1].stack += 50
    ev = t.start_hand()
    assert Rebought(0, 850, 1000, True) in ev
    assert t.ledger.rebuy_chips == 850


def test_auto_rebuy_is_a_per_player_setting():
    t = table(3)
    bust(t, 2, to=0)
    t.start_hand()
    assert t.players[2].stack == 0
    fold_around(t)
    t.set_auto_rebuy(2, True)
    t.start_hand()
    assert t.players[2].stack == 1000


def test_auto_rebuy_threshold_is_per_player():
    t = Table(HouseRules(), [SeatSpec("Ann", auto_rebuy=True, auto_rebuy_below_bb=50),
                             SeatSpec("Bob", auto_rebuy=True), SeatSpec("Cy")], seed=2)
    t.players[0].stack = 450   # below Ann's 50 BB
    t.players[1].stack = 450   # above the table's 20 BB
    t.players[2].stack += 1100
    ev = t.start_hand()
    assert [e.seat for e in ev if isinstance(e, Rebought)] == [0]
    fold_around(t)
    with pytest.raises(RebuyError, match="threshold of 500 big blinds refused.*0 to 100"):
        t.set_auto_rebuy(1, True, below_bb=500)
    t.set_auto_rebuy(1, True, below_bb=60)
    ev = t.start_hand()
    assert any(isinstance(e, Rebought) and e.seat == 1 for e in ev)


# --- sitting out -----------------------------------------------------------------------------

def test_sitting_out_player_is_not_dealt_in():
    t = table(4)
    t.sit_out(2)
    ev = t.start_hand()
    assert started(ev).seats == (0, 1, 3)


def test_sitting_out_player_is_removed_after_three_hands_by_default():
    t = table(4)
    t.sit_out(2)
    for _ in range(3):
        play_hand(t)
        assert t.players[2] is not None
    ev = t.start_hand()
    assert t.players[2] is None
    assert any(getattr(e, "reason", "") == "sat out too long" for e in ev)
    assert t.ledger.cashed_out == 1000  # their chips left with them, none lost


def test_sit_out_is_refused_for_a_player_in_the_hand():
    t = table(3)
    t.start_hand()
    with pytest.raises(SeatError, match="in a hand"):
        t.sit_out(0)


# --- freeze-out ------------------------------------------------------------------------------

def freeze(**kw) -> HouseRules:
    return HouseRules(mode="freeze-out", rebuys=False, **kw)


def test_freeze_out_refuses_rebuys():
    t = table(3, freeze())
    bust(t, 1, to=0)
    with pytest.raises(RebuyError, match="freeze-out has no rebuys"):
        t.rebuy(1, 500)


def test_freeze_out_eliminates_busted_players_and_ends_when_one_has_every_chip():
    t = table(3, freeze())
    rng = random.Random(5)
    events = []
    while not t.over:
        events += t.start_hand()
        while not t.hand.is_over:
            la = t.legal()
            events += t.act(la.seat, random_action(la, rng))
        t.check_chips()
    over = [e for e in events if isinstance(e, SessionOver)]
    assert len(over) == 1 and over[0].winner is not None
    assert t.players[over[0].winner].stack == 3000
    places = sorted(p for p, _, _ in t.places)
    assert places == [1, 2, 3]
    assert sum(isinstance(e, Busted) for e in events) == 2
    with pytest.raises(NoHandError, match="session is over"):
        t.start_hand()


def test_freeze_out_blinds_rise_every_n_hands():
    t = table(3, freeze(level_up_hands=2))
    levels = []
    for _ in range(5):
        ev = t.start_hand()
        levels.append(started(ev).blinds[:2])
        fold_around(t)
    assert levels == [(5, 10), (5, 10), (10, 20), (10, 20), (25, 50)]


def test_freeze_out_blinds_rise_every_m_minutes():
    now = [0.0]
    t = Table(freeze(level_up_minutes=1), [SeatSpec("A"), SeatSpec("B"), SeatSpec("C")],
              seed=1, clock=lambda: now[0])
    play_hand(t)
    now[0] = 61.0
    ev = t.start_hand()
    assert LevelUp(1, (10, 20)) in ev
    assert started(ev).blinds[:2] == (10, 20)


def test_cash_game_blinds_stay_fixed():
    t = table(3)
    for _ in range(12):
        ev = t.start_hand()
        assert started(ev).blinds == (5, 10)
        fold_around(t)


def test_freeze_out_player_sitting_out_is_dealt_in_and_folded():
    t = table(3, freeze())
    t.sit_out(0)
    ev = t.start_hand()                  # seat 0 on the button, first to act: folded
    assert 0 in started(ev).seats
    assert t.hand.folded[0]
    fold_around(t)
    with pytest.raises(SeatError, match="chips stay in play"):
        t.leave(0)


# --- conservation ----------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["Casual cash", "Classic limit", "Tournament"])
def test_no_chip_is_created_or_lost_over_random_sessions(preset):
    rules = HouseRules.preset(preset)
    if preset == "Casual cash":
        rules = rules.replace(auto_rebuy=True, rake_percent=5.0, rake_cap=20, straddle=True)
    t = table(5, rules)
    rng = random.Random(9)
    for _ in range(150):
        if t.over:
            break
        t.start_hand()
        while not t.hand.is_over:
            la = t.legal()
            t.act(la.seat, random_action(la, rng))
            t.check_chips()
        t.check_chips()
    if preset == "Casual cash":
        assert t.ledger.rake > 0
