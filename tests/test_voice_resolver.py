"""The resolver against real engine hands: one legal action, or a typed reason — per rule."""

from __future__ import annotations

import pytest

from game.engine import Action, HandConfig, IllegalActionError
from game.engine.actions import ActionKind
from game.engine.config import Structure
from voice.confirm import Apply, ConfirmationGate, Dropped, NothingPending, Waiting
from voice.intents import AllIn, BetTo, Confirm, QuestionKind
from voice.parser import parse
from voice.questions import answer, facts_from_hand
from voice.resolver import (
    Rejection,
    RejectionKind,
    ResolveContext,
    Resolved,
    VoiceCommandError,
    resolve,
    resolve_or_raise,
)

from .helpers import hand

# --- situations from real hands (no-limit 5/10 unless said) ---------------------------------


def preflop_open():
    """Seat 0 (button, first to act three-handed) faces the big blind of 10; pot 15."""
    return hand([1000, 1000, 1000], holes={0: "AhKh"})


def big_blind_option():
    h = preflop_open()
    h.apply(Action.call())
    h.apply(Action.call())
    return h  # seat 2 may check; pot 30


def flop_unopened():
    h = big_blind_option()
    h.apply(Action.check())
    return h  # seat 1 first on the flop, pot 30, nothing bet


def flop_facing_bet():
    h = flop_unopened()
    h.apply(Action.bet(50))
    return h  # seat 2 faces 50, pot 80


def said(h, text, **ctx):
    return resolve(parse(text), h.legal_actions(), ResolveContext(**ctx) if ctx else None)


def action_of(h, text, **ctx):
    got = said(h, text, **ctx)
    assert isinstance(got, Resolved), got
    h.copy().apply(got.action)  # the engine takes it as it is
    return got.action


def reason_of(h, text, **ctx):
    got = said(h, text, **ctx)
    assert isinstance(got, Rejection), got
    return got.reason


# --- fold, check, call ----------------------------------------------------------------------


def test_call_with_nothing_to_call_checks():
    assert action_of(flop_unopened(), "call") == Action.check()
    assert action_of(big_blind_option(), "call it") == Action.check()


def test_check_facing_a_bet_is_refused_never_folded():
    got = said(flop_facing_bet(), "check")
    assert isinstance(got, Rejection)
    assert got.kind is RejectionKind.CANNOT_CHECK
    assert got.reason == "check is not possible: 50 to call"


def test_folding_when_checking_is_free_asks_first():
    got = said(flop_unopened(), "fold")
    assert got.action == Action.fold() and got.confirm
    assert not said(flop_facing_bet(), "fold").confirm


def test_call_facing_a_bet_calls():
    assert action_of(flop_facing_bet(), "I'll call") == Action.call()


# --- bet and raise words --------------------------------------------------------------------


def test_raise_to_is_the_street_total():
    assert action_of(preflop_open(), "raise to one fifty") == Action.raise_to(150)


def test_bet_when_a_bet_is_open_means_raise_to():
    assert action_of(flop_facing_bet(), "bet two hundred") == Action.raise_to(200)


def test_raise_when_nothing_is_open_means_bet():
    assert action_of(flop_unopened(), "raise to 100") == Action.bet(100)


def test_raise_by_goes_on_top_of_the_current_bet():
    assert action_of(flop_facing_bet(), "raise by 100") == Action.raise_to(150)
    assert action_of(flop_facing_bet(), "raise fifty more") == Action.raise_to(100)


def test_n_x_is_times_the_current_bet():
    assert action_of(flop_facing_bet(), "three x") == Action.raise_to(150)
    assert action_of(preflop_open(), "3x") == Action.raise_to(30)


def test_n_x_with_no_bet_open_is_big_blinds():
    assert action_of(flop_unopened(), "three x") == Action.bet(30)


def test_n_big_blinds():
    assert action_of(flop_unopened(), "four big blinds") == Action.bet(40)
    assert action_of(preflop_open(), "three times the big blind") == Action.raise_to(30)


def test_pot_bet_with_nothing_open_is_the_pot():
    assert action_of(flop_unopened(), "pot") == Action.bet(30)
    assert action_of(flop_unopened(), "a third of the pot") == Action.bet(10)


def test_pot_raise_is_current_bet_plus_fraction_of_pot_after_calling():
    # facing 50 into 80: call 50 makes 130; pot raise = 50 + 130
    assert action_of(flop_facing_bet(), "pot it") == Action.raise_to(180)
    assert action_of(flop_facing_bet(), "half pot") == Action.raise_to(115)


def test_amounts_round_to_the_nearest_chip_halves_up():
    h = hand([1000, 1000, 1000], config=HandConfig.no_limit(1, 3))
    assert action_of(h, "two and a half x") == Action.raise_to(8)  # 7.5 -> 8
    assert action_of(preflop_open(), "raise to 100.4") == Action.raise_to(100)


def test_min_raise_is_the_legal_minimum():
    assert action_of(preflop_open(), "min raise") == Action.raise_to(20)
    assert action_of(flop_facing_bet(), "minimum") == Action.raise_to(100)
    assert action_of(flop_unopened(), "min bet") == Action.bet(10)


# --- refusals, each naming what would be legal ----------------------------------------------


def test_below_the_minimum_raise_is_refused_naming_it():
    assert reason_of(preflop_open(), "raise to fifteen") == "minimum raise is to 20"
    assert said(preflop_open(), "raise to fifteen").kind is RejectionKind.BELOW_MINIMUM


def test_below_the_minimum_bet_is_refused_naming_it():
    assert reason_of(flop_unopened(), "bet five") == "minimum bet is 10"


def test_a_raise_to_no_more_than_the_bet_is_refused():
    got = said(flop_facing_bet(), "raise to 50")
    assert got.kind is RejectionKind.NOT_A_RAISE
    assert got.reason == "the bet is already 50: minimum raise is to 100"


def test_raise_without_an_amount_in_no_limit_asks_how_much():
    got = said(preflop_open(), "raise")
    assert got.kind is RejectionKind.NEEDS_AMOUNT
    assert "raise to 20 up to 1000" in got.reason


def test_not_understood_suggests_the_closest_phrase():
    got = said(preflop_open(), "nice hand")
    assert got.kind is RejectionKind.NOT_UNDERSTOOD
    assert got.reason.startswith("didn't catch that")


def test_questions_are_not_betting_actions():
    assert said(preflop_open(), "what's the pot").kind is RejectionKind.NOT_AN_ACTION


def test_resolve_or_raise_raises_a_typed_explained_error():
    with pytest.raises(VoiceCommandError, match="minimum raise is to 20") as err:
        resolve_or_raise(parse("raise to 15"), preflop_open().legal_actions())
    assert err.value.rejection.kind is RejectionKind.BELOW_MINIMUM


# --- stacks: all-in ---------------------------------------------------------------------------


def test_amount_at_or_above_the_stack_becomes_all_in_and_asks():
    got = said(preflop_open(), "raise to five thousand")
    assert got.all_in and got.confirm
    assert got.action == Action.raise_to(1000)


def test_all_in_asks_for_confirmation():
    got = said(flop_unopened(), "shove")
    assert got.action == Action.bet(990) and got.all_in and got.confirm


def test_short_stack_min_raise_is_all_in():
    h = hand([15, 1000, 1000])  # 15 chips facing 10: a full raise (to 20) is out of reach
    got = said(h, "min raise")
    assert got.action == Action.raise_to(15) and got.all_in


def test_stack_below_the_call_can_only_call_all_in():
    h = hand([5, 1000, 1000])
    call = said(h, "call")
    assert call.action == Action.call() and call.all_in and call.confirm
    assert reason_of(h, "raise to 100") == (
        "raise is not possible: you do not have chips beyond a call")
    assert said(h, "all in").action == Action.call()


def test_bet_over_half_the_stack_asks_for_confirmation():
    assert said(preflop_open(), "raise to 600").confirm
    assert not said(preflop_open(), "raise to 400").confirm


def test_the_confirmation_fraction_is_a_house_rule():
    assert said(preflop_open(), "raise to 300", confirm_fraction=0.25).confirm
    assert not said(preflop_open(), "raise to 300", confirm_fraction=0.5).confirm


def test_low_recognizer_confidence_asks_for_confirmation():
    got = said(flop_facing_bet(), "call", confidence=0.3)
    assert got.confirm and got.why == "not sure I heard that right"
    assert not said(flop_facing_bet(), "call", confidence=0.95).confirm


def test_an_amount_heard_two_ways_asks_for_confirmation():
    got = said(preflop_open(), "raise two fifty")
    assert got.action == Action.raise_to(250) and got.confirm


# --- pot limit and fixed limit ----------------------------------------------------------------


def pot_limit_open():
    return hand([1000, 1000, 1000], config=HandConfig.pot_limit(5, 10))


def fixed_limit_open():
    return hand([1000, 1000, 1000], config=HandConfig.fixed_limit(10, 20))


def test_pot_limit_pot_raise_is_the_maximum():
    assert action_of(pot_limit_open(), "pot") == Action.raise_to(35)


def test_pot_limit_refuses_more_than_the_pot_naming_the_maximum():
    got = said(pot_limit_open(), "raise to 100", structure=Structure.POT_LIMIT)
    assert got.kind is RejectionKind.ABOVE_MAXIMUM
    assert got.reason == "pot limit: the most you can raise to is 35"


def test_pot_limit_all_in_over_the_pot_is_refused():
    got = said(pot_limit_open(), "all in")
    assert got.kind is RejectionKind.ABOVE_MAXIMUM
    assert "the most you can raise to is 35" in got.reason


def test_fixed_limit_raise_without_amount_is_the_fixed_raise():
    assert action_of(fixed_limit_open(), "raise") == Action.raise_to(20)
    assert action_of(fixed_limit_open(), "min raise") == Action.raise_to(20)


def test_fixed_limit_other_amounts_are_refused_naming_the_limit():
    assert reason_of(fixed_limit_open(), "raise to 40") == (
        "fixed limit: the most you can raise to is 20")
    assert reason_of(fixed_limit_open(), "raise to 15") == "fixed limit: the raise is to 20"


def test_fixed_limit_cap_refuses_raises():
    h = fixed_limit_open()
    for _ in range(4):  # raise, 3-bet, 4-bet... up to the cap of 4 raises
        legal = h.legal_actions()
        if not legal.can_raise:
            break
        h.apply(Action.raise_to(legal.min_to))
    got = said(h, "raise")
    assert got.kind is RejectionKind.CANNOT_RAISE


# --- every resolved action is one the engine applies ------------------------------------------


@pytest.mark.parametrize("make", [preflop_open, big_blind_option, flop_unopened, flop_facing_bet,
                                  pot_limit_open, fixed_limit_open])
@pytest.mark.parametrize("text", ["fold", "check", "call", "bet 100", "raise to 55", "three x",
                                  "half pot", "pot", "min raise", "all in", "raise", "4 bb"])
def test_resolved_actions_are_always_applied_by_the_engine(make, text):
    h = make()
    got = said(h, text)
    if isinstance(got, Resolved):
        assert h.legal_actions().allows(got.action)
        h.apply(got.action)


# --- confirmation gate -----------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def jam() -> Resolved:
    return Resolved(AllIn(), Action.raise_to(1000), confirm=True, why="all in", all_in=True)


def test_an_unconfirmed_action_applies_at_once():
    gate = ConfirmationGate()
    plain = Resolved(BetTo(100), Action.raise_to(100))
    assert gate.offer(plain) == Apply(plain)


def test_yes_applies_the_pending_action():
    gate = ConfirmationGate(timeout=5, clock=Clock())
    assert isinstance(gate.offer(jam()), Waiting)
    for word in ("yes", "confirm", "do it"):
        gate.offer(jam())
        assert gate.answer(parse(word)) == Apply(jam())


def test_no_or_cancel_drops_the_pending_action():
    gate = ConfirmationGate(timeout=5, clock=Clock())
    for word in ("no", "cancel"):
        gate.offer(jam())
        assert gate.answer(parse(word)) == Dropped(jam(), "cancelled")
        assert gate.pending is None


def test_silence_for_the_timeout_drops_the_pending_action():
    clock = Clock()
    gate = ConfirmationGate(timeout=5, clock=clock)
    gate.offer(jam())
    clock.now += 4.9
    assert gate.tick() is None and gate.pending == jam()
    clock.now += 0.1
    assert gate.tick() == Dropped(jam(), "timed out")
    assert gate.answer(Confirm(True)) == NothingPending()


def test_a_yes_after_the_timeout_does_not_apply():
    clock = Clock()
    gate = ConfirmationGate(timeout=5, clock=clock)
    gate.offer(jam())
    clock.now += 6
    assert gate.answer(Confirm(True)) == Dropped(jam(), "timed out")


def test_another_command_while_waiting_replaces_the_pending_one():
    gate = ConfirmationGate(clock=Clock())
    gate.offer(jam())
    assert gate.answer(parse("call")) == Dropped(jam(), "replaced")


def test_yes_with_nothing_pending_says_so():
    assert isinstance(ConfirmationGate().answer(Confirm(True)), NothingPending)


def test_confirmation_timeout_must_be_positive():
    with pytest.raises(ValueError, match="timeout"):
        ConfirmationGate(timeout=0)


# --- questions answered without acting -----------------------------------------------------


def test_questions_answer_from_the_hand_without_acting():
    h = flop_facing_bet()
    before = h.legal_actions()
    facts = facts_from_hand(h, seat=2, names=["Ada", "Bo", "you"])
    assert answer(QuestionKind.POT, facts) == "the pot is 80"
    assert answer(QuestionKind.TO_CALL, facts) == "50 to call"
    assert answer(QuestionKind.STACK, facts) == "you have 990 behind"
    assert answer(QuestionKind.TURN, facts) == "it is your turn"
    assert h.legal_actions() == before


def test_what_do_i_have_names_cards_and_best_hand():
    h = hand([1000, 1000, 1000], holes={1: "AhAd"}, board="AcKd2s")
    h.apply(Action.call())
    h.apply(Action.call())
    h.apply(Action.check())
    reply = answer(QuestionKind.HAND, facts_from_hand(h, seat=1))
    assert reply.startswith("ace of hearts and ace of diamonds: three of a kind")


def test_whose_turn_names_another_player():
    facts = facts_from_hand(preflop_open(), seat=1, names=["Ada", "you", "Cy"])
    assert answer(QuestionKind.TURN, facts) == "it is Ada's turn"


def test_repeat_and_help():
    facts = facts_from_hand(preflop_open(), seat=0, last_reply="raise to 60")
    assert answer(QuestionKind.REPEAT, facts) == "raise to 60"
    assert "fold" in answer(QuestionKind.HELP, facts)


def test_action_kinds_are_concrete_never_the_all_in_shortcut():
    got = said(flop_unopened(), "all in")
    assert got.action.kind is ActionKind.BET


# --- one whole turn: respond() -------------------------------------------------------------


def test_a_turn_all_in_question_then_yes_applies_through_the_engine():
    from voice.confirm import respond

    h = flop_unopened()
    gate = ConfirmationGate(clock=Clock())
    facts = facts_from_hand(h, seat=1)
    first = respond(gate, parse("shove"), h.legal_actions(), facts)
    assert first.action is None and first.waiting
    asked = respond(gate, parse("what's my stack"), h.legal_actions(), facts)
    assert asked.speech == "you have 990 behind" and asked.waiting
    assert asked.prompt == first.prompt == "bet 990, all in? Say yes or no."
    done = respond(gate, parse("yes"), h.legal_actions(), facts)
    assert done.action == Action.bet(990)
    h.apply(done.action)


def test_a_turn_doubted_yes_asks_again_and_applies_nothing():
    """The held-out RP voice's "no" was heard as "do it" with low confidence: the pending
    all-in waits for a clear answer instead of being applied."""
    from voice.confirm import respond
    from voice.resolver import ResolveContext

    legal = flop_unopened().legal_actions()
    gate = ConfirmationGate(clock=Clock())
    respond(gate, parse("all in"), legal, context=ResolveContext(confidence=0.95))
    doubted = respond(gate, parse("do it"), legal, context=ResolveContext(confidence=0.5))
    assert doubted.action is None and doubted.waiting
    assert doubted.speech == "was that a yes? bet 990, all in? Say yes or no."
    assert doubted.prompt == "bet 990, all in? Say yes or no."
    cancelled = respond(gate, parse("no"), legal, context=ResolveContext(confidence=0.5))
    assert cancelled.action is None and cancelled.speech == "cancelled"


def test_a_turn_sure_yes_applies_the_pending_action():
    from voice.confirm import respond
    from voice.resolver import ResolveContext

    legal = flop_unopened().legal_actions()
    gate = ConfirmationGate(clock=Clock())
    respond(gate, parse("all in"), legal, context=ResolveContext(confidence=0.95))
    done = respond(gate, parse("yes"), legal, context=ResolveContext(confidence=0.95))
    assert done.action == Action.bet(990)


def test_a_turn_refusal_is_spoken_and_typed():
    from voice.confirm import respond

    r = respond(ConfirmationGate(), parse("raise to 15"), preflop_open().legal_actions())
    assert r.action is None and r.speech == "minimum raise is to 20"
    assert r.rejection.kind is RejectionKind.BELOW_MINIMUM


def test_a_turn_out_of_turn_actions_are_refused_but_questions_answered():
    from voice.confirm import respond

    h = preflop_open()
    facts = facts_from_hand(h, seat=1, names=["Ada", "you", "Cy"])
    assert respond(ConfirmationGate(), parse("call"), None, facts).speech == "it is not your turn"
    assert respond(ConfirmationGate(), parse("whose turn"), None, facts).speech == (
        "it is Ada's turn")


def test_a_turn_yes_too_late_does_nothing():
    from voice.confirm import respond

    clock = Clock()
    gate = ConfirmationGate(timeout=5, clock=clock)
    legal = flop_unopened().legal_actions()
    respond(gate, parse("all in"), legal)
    clock.now += 10
    r = respond(gate, parse("yes"), legal)
    assert r.action is None and r.speech == "too late: say it again"


def test_a_turn_plain_action_applies_at_once():
    from voice.confirm import respond

    r = respond(ConfirmationGate(), parse("call"), flop_facing_bet().legal_actions())
    assert r.action == Action.call() and r.speech == "call"


# --- every refusal kind, each with its reason --------------------------------------------------


def _legal(**kw):
    from game.engine.actions import LegalActions

    base = dict(seat=0, stack=0, committed=100, current_bet=100, to_call=0, pot=300,
                big_blind=10, can_fold=False, can_check=False, can_call=False, can_bet=False,
                can_raise=False, min_to=0, max_to=0, all_in_to=100)
    base.update(kw)
    return LegalActions(**base)


def test_refusals_for_situations_the_engine_reaches_only_through_other_doors():
    """No chips left (already all in) and no fold/call offered: typed, explained refusals."""
    nothing = _legal()
    assert said_legal(nothing, "all in").kind is RejectionKind.ALREADY_ALL_IN
    assert said_legal(nothing, "raise to 500").kind is RejectionKind.ALREADY_ALL_IN
    assert said_legal(nothing, "fold").kind is RejectionKind.CANNOT_FOLD
    assert said_legal(nothing, "call").kind is RejectionKind.CANNOT_CALL


def said_legal(legal, text):
    return resolve(parse(text), legal)


@pytest.mark.parametrize(("make", "text", "kind"), [
    (preflop_open, "nice hand", RejectionKind.NOT_UNDERSTOOD),
    (preflop_open, "what's the pot", RejectionKind.NOT_AN_ACTION),
    (preflop_open, "deal", RejectionKind.NOT_AN_ACTION),
    (preflop_open, "yes", RejectionKind.NOT_AN_ACTION),
    (flop_facing_bet, "check", RejectionKind.CANNOT_CHECK),
    (flop_facing_bet, "raise to 50", RejectionKind.NOT_A_RAISE),
    (preflop_open, "raise to 15", RejectionKind.BELOW_MINIMUM),
    (pot_limit_open, "raise to 100", RejectionKind.ABOVE_MAXIMUM),
    (preflop_open, "raise", RejectionKind.NEEDS_AMOUNT),
    (lambda: hand([5, 1000, 1000]), "min raise", RejectionKind.CANNOT_RAISE),
])
def test_every_refusal_kind_names_its_reason(make, text, kind):
    got = said(make(), text)
    assert isinstance(got, Rejection) and got.kind is kind
    assert got.reason and len(got.reason) < 90  # short enough to show and speak


def test_below_the_minimum_with_a_short_stack_names_the_all_in():
    h = hand([15, 1000, 1000])  # 15 chips facing 10: a full raise (to 20) is out of reach
    assert reason_of(h, "raise to 12") == "minimum raise is to 20: you can go all in for 15"


# --- confusion-aware confirmation --------------------------------------------------------------


def test_a_heard_fold_asks_when_it_could_have_been_a_call():
    """Recognizers here write "fold" for "call" (voice.vocabulary.CONFUSIONS): with a recognizer in
    the loop, a fold that a "call" would contradict waits for "yes"."""
    got = said(flop_facing_bet(), "fold", confidence=0.95)
    assert got.action == Action.fold() and got.confirm
    assert got.why == 'it could have been "call"'


def test_typed_fold_acts_at_once():
    assert not said(flop_facing_bet(), "fold").confirm  # no recognizer, no confusion


def test_the_confusion_table_is_a_setting():
    assert not said(flop_facing_bet(), "fold", confidence=0.95, confusions={}).confirm


def test_a_heard_odd_amount_asks_first():
    """At 5/10 a bet is a whole number of fives: "bet fifty eight" heard by a recognizer is
    more likely "bet fifty" plus a breath than a bet of 58, so it waits for "yes"."""
    got = said(flop_unopened(), "bet fifty eight", confidence=0.95)
    assert got.action == Action.bet(58) and got.confirm
    assert got.why == "an unusual amount: 58"
    assert not said(flop_unopened(), "bet fifty five", confidence=0.95).confirm


def test_a_typed_odd_amount_acts_at_once():
    assert not said(flop_unopened(), "bet fifty eight").confirm


def test_a_heard_call_is_not_second_guessed():
    assert not said(flop_facing_bet(), "call", confidence=0.95).confirm


def test_the_timeout_does_not_run_while_the_game_speaks():
    clock = Clock()
    gate = ConfirmationGate(timeout=5, clock=clock)
    gate.hold(True)  # the game is saying the prompt (and the narration before it)
    gate.offer(jam())
    clock.now += 30
    assert gate.tick() is None and gate.pending == jam()
    gate.hold(False)  # the player can hear and answer now: five seconds from here
    clock.now += 4.9
    assert gate.tick() is None
    gate.hold(True)
    clock.now += 10
    gate.hold(False)
    clock.now += 0.1
    assert gate.tick() == Dropped(jam(), "timed out")


def test_restart_gives_the_whole_window_again():
    clock = Clock()
    gate = ConfirmationGate(timeout=5, clock=clock)
    gate.offer(jam())
    clock.now += 4
    gate.restart()
    clock.now += 4
    assert gate.answer(Confirm(True)) == Apply(jam())


def test_a_heard_multiple_asks_since_short_words_come_out_as_n_x():
    """"check" was heard as "two x", "i fold" as "five times": a multiple heard by the
    microphone waits for "yes"."""
    got = said(flop_facing_bet(), "three x", confidence=0.95)
    assert got.confirm and got.why == 'it could have been "check"'
    assert not said(flop_facing_bet(), "three x").confirm
    assert not said(flop_unopened(), "four big blinds", confidence=0.95).confirm


# --- the engine's words, once (LegalActions.why_not) -------------------------------------------


@pytest.mark.parametrize(("make", "text", "action"), [
    (flop_facing_bet, "check", Action.check()),
    (flop_facing_bet, "raise to 50", Action.raise_to(50)),
    (preflop_open, "raise to 15", Action.raise_to(15)),
    (pot_limit_open, "raise to 100", Action.raise_to(100)),
    (fixed_limit_open, "raise to 40", Action.raise_to(40)),
    (lambda: hand([5, 1000, 1000]), "raise to 100", Action.raise_to(100)),
])
def test_a_spoken_refusal_is_worded_as_the_engine_words_it(make, text, action):
    h = make()
    legal = h.legal_actions()
    assert reason_of(h, text) == legal.why_not(action)
    with pytest.raises(IllegalActionError) as refused:
        h.apply(action)
    assert str(refused.value).startswith(legal.why_not(action))


def test_the_structure_comes_from_the_engine_not_from_the_amounts():
    """A pot-limit raise whose minimum and pot maximum meet looks like fixed limit from the
    amounts alone; the structure LegalActions carries names the limit right."""
    from game.engine.actions import LegalActions

    legal = LegalActions(seat=0, stack=1000, committed=0, current_bet=40, to_call=40, pot=0,
                         big_blind=10, can_fold=True, can_check=False, can_call=True,
                         can_bet=False, can_raise=True, min_to=80, max_to=80, all_in_to=1000,
                         structure=Structure.POT_LIMIT)
    assert said_legal(legal, "raise to 100").reason == (
        "pot limit: the most you can raise to is 80")
    assert said_legal(legal, "raise").kind is RejectionKind.NEEDS_AMOUNT


def test_fixed_limit_completion_by_voice_is_the_full_bet_and_a_raise_over_it_is_refused():
    """docs/RULES.md §3.6: an all-in bet of 13 where the bet is 50."""
    h = hand([1000, 63, 1000], config=HandConfig.fixed_limit(50, 100))
    while h.street.value == "preflop":
        h.apply(Action.check() if h.legal_actions().can_check else Action.call())
    h.apply(Action.all_in())
    assert action_of(h, "raise") == Action.raise_to(50)
    assert reason_of(h, "raise to 63") == (
        "fixed limit: the all-in bet of 13 is less than half a bet: call it or complete to 50")
