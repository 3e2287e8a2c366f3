"""The hard level tracks each opponent over the session (VPIP, PFR, fold to c-bet) and
exploits it; lower levels play the population prior."""

from __future__ import annotations

import random
from collections import Counter

from bots import make_bot
from bots.opponents import PRIOR_FOLD_CBET, OpponentModel
from bots.personalities import LEVELS, PERSONALITIES
from bots.policy import Policy
from bots.situation import PastAction, Situation
from game.engine.actions import Action, ActionKind, LegalActions
from game.engine.config import HandConfig
from game.engine.deck import shuffled_deck
from game.engine.events import Street
from game.engine.hand import Hand


def heads_up_hand(seed: int, villain_folds_to_cbet: bool) -> Hand:
    """Seat 0 (button) raises, seat 1 calls, checks the flop, then folds or calls a c-bet."""
    hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000], button=0,
                deck=shuffled_deck(random.Random(seed)))
    hand.apply(Action.raise_to(30))
    hand.apply(Action.call())
    hand.apply(Action.check())
    hand.apply(Action.bet(30))
    hand.apply(Action.fold() if villain_folds_to_cbet else Action.call())
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Action.check() if legal.can_check else Action.call())
    return hand


def model_after(hands: int, folds: bool) -> OpponentModel:
    m = OpponentModel()
    for i in range(hands):
        m.observe(heads_up_hand(i, folds).events)
    return m


def test_model_measures_vpip_pfr_and_fold_to_cbet_per_seat():
    m = model_after(40, folds=True)
    villain, hero = m.stats(1), m.stats(0)
    assert villain.hands == 40 and hero.hands == 40
    assert villain.vpip > 0.8 and villain.pfr < 0.1
    assert hero.pfr > 0.8
    assert villain.fold_to_cbet > 0.85
    assert model_after(40, folds=False).stats(1).fold_to_cbet < 0.15


def test_few_hands_stay_close_to_the_prior():
    m = model_after(2, folds=True)
    assert abs(m.stats(1).fold_to_cbet - PRIOR_FOLD_CBET) < 0.4
    assert m.stats(1).fold_to_cbet < model_after(40, folds=True).stats(1).fold_to_cbet


def _cbet_spot() -> Situation:
    legal = LegalActions(seat=0, stack=970, committed=0, current_bet=0, to_call=0, pot=60,
                         big_blind=10, can_fold=True, can_check=True, can_call=False,
                         can_bet=True, can_raise=False, min_to=10, max_to=970, all_in_to=970)
    hist = (PastAction(Street.PREFLOP, 0, ActionKind.RAISE, 30, False),
            PastAction(Street.PREFLOP, 1, ActionKind.CALL, 30, False),
            PastAction(Street.FLOP, 1, ActionKind.CHECK, 0, False))
    return Situation(seat=0, n=2, button=0, hole=("6c", "5d"), board=("Kh", "Qs", "9s"),
                     street=Street.FLOP, stacks=(970, 970), committed=(0, 0),
                     folded=(False, False), all_in=(False, False), legal=legal, history=hist,
                     big_blind=10, bb_seat=1)


def _bets(level: str, model: OpponentModel) -> int:
    policy = Policy(PERSONALITIES["tag"], LEVELS[level], model)
    kinds = Counter(policy.decide(_cbet_spot(), random.Random(s)).action.kind
                    for s in range(300))
    return kinds[ActionKind.BET]


def test_hard_level_bluffs_more_into_a_folder_than_into_a_calling_station():
    folder, caller = model_after(40, folds=True), model_after(40, folds=False)
    assert _bets("hard", folder) > _bets("hard", caller) * 1.5


def test_normal_level_does_not_adapt():
    folder, caller = model_after(40, folds=True), model_after(40, folds=False)
    assert abs(_bets("normal", folder) - _bets("normal", caller)) < 40


def test_bot_observe_feeds_its_model_over_a_session():
    bot = make_bot("tag:hard")
    for i in range(10):
        bot.observe(heads_up_hand(i, True).events)
    assert bot.model.stats(1).hands == 10
