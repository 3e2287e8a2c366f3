"""The action bar offers exactly the engine's legal actions, and clicks and keys produce them.

Driven headless (SDL_VIDEODRIVER=dummy) with real engine hands: the bar is shown every
decision of many random hands and compared with ``legal_actions()`` each time.
"""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.actions import Action, ActionKind, LegalActions
from game.engine.config import HandConfig
from game.engine.deck import shuffled_deck
from game.engine.hand import Hand
from game.ui import betting
from game.ui.action_bar import CLICK_DELAY, ActionBar

SIZE = (1280, 800)
LATER = 10.0  # a time well after the bar lit up (past the misclick delay)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def make_bar(legal: LegalActions | None) -> ActionBar:
    bar = ActionBar()
    bar.layout(pygame.Rect(0, SIZE[1] - 92, SIZE[0], 92), SIZE)
    bar.set_legal(legal, now=0.0)
    return bar


def click(bar: ActionBar, name: str, now: float = LATER) -> Action | None:
    pos = bar.buttons[name].rect.center
    ev = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    out = bar.handle(ev, now)
    bar.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos), now)
    return out


def key(bar: ActionBar, k: int, unicode: str = "", now: float = LATER) -> Action | None:
    return bar.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0), now)


def legal(**kw) -> LegalActions:
    base = dict(seat=0, stack=1000, committed=0, current_bet=0, to_call=0, pot=15,
                big_blind=10, can_fold=True, can_check=True, can_call=False, can_bet=True,
                can_raise=False, min_to=10, max_to=1000, all_in_to=1000)
    base.update(kw)
    return LegalActions(**base)


FACING_RAISE = legal(committed=10, current_bet=60, to_call=50, pot=85, can_check=False,
                     can_call=True, can_bet=False, can_raise=True, min_to=110, max_to=1010,
                     all_in_to=1010, stack=1000)


def random_hand_decisions(seed: int, config: HandConfig, n: int = 4):
    """Every decision point of one random hand: (hand, legal) pairs, acting randomly."""
    rng = random.Random(seed)
    stacks = [rng.choice([60, 200, 1000, 1500]) for _ in range(n)]
    hand = Hand(config, stacks, button=0, deck=shuffled_deck(rng))
    while not hand.is_over:
        la = hand.legal_actions()
        yield hand, la
        options = []
        if la.can_check:
            options.append(Action.check())
        if la.can_call:
            options.append(Action.call())
        if la.can_fold:
            options.append(Action.fold())
        if la.can_all_in:
            options.append(Action.all_in())
        if betting.can_size(la):
            lo, hi = betting.sizing_range(la)
            options.append(betting.sizing_action(la, rng.randint(lo, hi)))
        hand.apply(rng.choice(options))


CONFIGS = {
    "no-limit": HandConfig.no_limit(5, 10),
    "pot-limit": HandConfig.pot_limit(5, 10),
    "fixed-limit": HandConfig.fixed_limit(10, 20),
}


@pytest.mark.parametrize("structure", list(CONFIGS))
def test_every_button_enabled_state_matches_legal_actions(structure):
    bar = make_bar(None)
    checked = 0
    for seed in range(40):
        for _hand, la in random_hand_decisions(seed, CONFIGS[structure]):
            bar.set_legal(la, now=0.0)
            en = bar.enabled()
            assert en["fold"] == la.can_fold
            assert en["call"] == (la.can_check or la.can_call)
            assert en["raise"] == ((la.can_bet or la.can_raise) and la.stack > 0)
            assert en["allin"] == la.can_all_in
            for i in range(len(betting.PRESETS)):
                assert en[f"preset{i}"] == en["raise"]
            for name, b in bar.buttons.items():
                assert b.enabled == en[name], name
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("structure", list(CONFIGS))
def test_every_action_the_bar_can_emit_is_legal(structure):
    bar = make_bar(None)
    rng = random.Random(7)
    for seed in range(30):
        for _hand, la in random_hand_decisions(seed, CONFIGS[structure]):
            bar.set_legal(la, now=0.0)
            for name in ("fold", "call", "raise", "allin"):
                if not bar.buttons[name].enabled:
                    assert click(bar, name) is None
                    continue
                for _ in range(2):  # a guarded click needs the second press
                    act = click(bar, name)
                    if act is not None:
                        assert la.allows(act), (name, act, la)
                        break
                bar.set_legal(None, 0.0)
                bar.set_legal(la, 0.0)
            if betting.can_size(la):
                lo, hi = betting.sizing_range(la)
                bar.set_amount(rng.randint(lo, hi))
                act = click(bar, "raise")
                assert act is not None and la.allows(act)


def test_fold_click_folds_when_facing_a_bet():
    bar = make_bar(FACING_RAISE)
    assert click(bar, "fold") == Action.fold()


def test_fold_when_check_is_free_asks_again():
    bar = make_bar(legal())
    assert click(bar, "fold") is None
    assert "check for free" in bar.pending.message
    assert click(bar, "fold") == Action.fold()


def test_call_button_checks_when_nothing_is_owed_and_calls_otherwise():
    assert click(make_bar(legal()), "call") == Action.check()
    bar = make_bar(FACING_RAISE)
    assert bar.buttons["call"].label == "Call 50"
    assert click(bar, "call") == Action.call()


def test_calling_a_big_raise_needs_a_second_click():
    big = legal(committed=10, current_bet=610, to_call=600, pot=700, can_check=False,
                can_call=True, can_bet=False, can_raise=True, min_to=1210, max_to=1010,
                all_in_to=1010)
    bar = make_bar(big)
    assert click(bar, "call") is None
    assert "Call 600" in bar.pending.message
    assert click(bar, "call") == Action.call()


def test_enter_confirms_a_guarded_call_and_escape_cancels_it():
    big = legal(committed=0, current_bet=900, to_call=900, pot=1000, can_check=False,
                can_call=True, can_bet=False, can_raise=True, min_to=1800, max_to=1000,
                all_in_to=1000)
    bar = make_bar(big)
    assert key(bar, pygame.K_c, "c") is None
    assert key(bar, pygame.K_ESCAPE) is None and bar.pending is None
    assert key(bar, pygame.K_c, "c") is None
    assert key(bar, pygame.K_RETURN) == Action.call()


def test_bet_button_bets_the_slider_amount():
    bar = make_bar(legal())
    bar.set_amount(70)
    assert bar.buttons["raise"].label == "Bet 70"
    assert click(bar, "raise") == Action.bet(70)


def test_raise_button_raises_to_the_slider_amount():
    bar = make_bar(FACING_RAISE)
    assert bar.buttons["raise"].label == "Raise to 110"
    assert click(bar, "raise") == Action.raise_to(110)


def test_presets_set_the_amount_without_acting():
    bar = make_bar(FACING_RAISE)
    # pot-sized raise: 60 + (85 + 50) = 195
    assert click(bar, "preset4") is None
    assert bar.amount == 195
    assert click(bar, "preset0") is None and bar.amount == 110
    assert click(bar, "preset2") is None and bar.amount == 60 + round(0.5 * 135)
    assert click(bar, "raise") == Action.raise_to(bar.amount)


def test_all_in_preset_then_raise_goes_all_in():
    bar = make_bar(FACING_RAISE)
    click(bar, "preset5")
    assert bar.amount == 1010
    assert click(bar, "raise") == Action.all_in()


def test_all_in_button_click_goes_all_in():
    assert click(make_bar(FACING_RAISE), "allin") == Action.all_in()


def test_key_a_asks_before_going_all_in():
    bar = make_bar(FACING_RAISE)
    assert key(bar, pygame.K_a, "a") is None
    assert "All-in for 1010" in bar.pending.message
    assert key(bar, pygame.K_RETURN) == Action.all_in()


def test_keys_f_and_c():
    assert key(make_bar(FACING_RAISE), pygame.K_f, "f") == Action.fold()
    assert key(make_bar(FACING_RAISE), pygame.K_c, "c") == Action.call()
    assert key(make_bar(legal()), pygame.K_c, "c") == Action.check()


def test_key_r_then_typed_amount_then_enter_raises_to_it():
    bar = make_bar(FACING_RAISE)
    assert key(bar, pygame.K_r, "r") is None and bar.typed == ""
    for ch in "250":
        key(bar, getattr(pygame, f"K_{ch}"), ch)
    assert bar.typed == "250"
    assert key(bar, pygame.K_RETURN) == Action.raise_to(250)


def test_typed_amount_below_the_minimum_is_refused_with_the_minimum_named():
    bar = make_bar(FACING_RAISE)
    key(bar, pygame.K_r, "r")
    for ch in "70":
        key(bar, getattr(pygame, f"K_{ch}"), ch)
    assert key(bar, pygame.K_RETURN) is None
    assert "minimum raise is to 110" in bar.message
    assert "70" in bar.message


def test_a_refused_typed_amount_is_worded_as_the_engine_words_it():
    """One wording of the rules (LegalActions.why_not): fixed limit, a raise is to 20."""
    la = Hand(HandConfig.fixed_limit(10, 20), [1000] * 3, button=0,
              deck=shuffled_deck(random.Random(1))).legal_actions()
    bar = make_bar(la)
    key(bar, pygame.K_r, "r")
    key(bar, pygame.K_1, "1")
    key(bar, pygame.K_5, "5")
    assert key(bar, pygame.K_RETURN) is None
    assert bar.message == f"{la.why_not(Action.raise_to(15))}; you typed 15"
    assert bar.message.startswith("fixed limit: the raise is to 20")


def test_typed_amount_above_the_stack_is_refused_with_the_most_allowed():
    bar = make_bar(FACING_RAISE)
    key(bar, pygame.K_r, "r")
    for ch in "5000":
        key(bar, getattr(pygame, f"K_{ch}"), ch)
    assert key(bar, pygame.K_RETURN) is None
    assert "most you can make it is 1010" in bar.message


def test_arrows_and_wheel_move_the_amount_by_a_big_blind():
    bar = make_bar(FACING_RAISE)
    key(bar, pygame.K_UP)
    key(bar, pygame.K_RIGHT)
    assert bar.amount == 130
    key(bar, pygame.K_DOWN)
    assert bar.amount == 120
    bar.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False), LATER)
    assert bar.amount == 130
    for _ in range(10):
        bar.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False), LATER)
    assert bar.amount == 110  # never below the minimum raise


def test_slider_drag_sets_the_amount_within_the_legal_range():
    bar = make_bar(FACING_RAISE)
    r = bar.slider
    bar.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(r.right - 2, r.centery)),
               LATER)
    assert bar.amount == 1010
    bar.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.x, r.centery), rel=(0, 0),
                                  buttons=(1, 0, 0)), LATER)
    assert bar.amount == 110


def test_clicks_right_after_the_bar_lights_up_are_ignored():
    bar = make_bar(FACING_RAISE)
    assert click(bar, "fold", now=CLICK_DELAY / 2) is None
    assert click(bar, "fold", now=CLICK_DELAY * 2) == Action.fold()


def test_no_decision_no_action():
    bar = make_bar(None)
    for name in bar.buttons:
        assert click(bar, name) is None
    assert key(bar, pygame.K_f, "f") is None


def test_short_stack_can_only_shove_below_a_full_raise():
    short = legal(stack=80, committed=0, current_bet=60, to_call=60, pot=100, can_check=False,
                  can_call=True, can_bet=False, can_raise=True, min_to=120, max_to=80,
                  all_in_to=80)
    bar = make_bar(short)
    assert betting.sizing_range(short) == (80, 80)
    act = click(bar, "raise")
    assert act is not None and act.kind is ActionKind.ALL_IN and short.allows(act)


def test_fixed_limit_bar_offers_the_one_legal_size():
    fl = legal(committed=0, current_bet=10, to_call=10, pot=15, can_check=False, can_call=True,
               can_bet=False, can_raise=True, min_to=20, max_to=20, all_in_to=1000)
    bar = make_bar(fl)
    for i in range(len(betting.PRESETS)):
        click(bar, f"preset{i}")
        assert bar.amount == 20
    assert click(bar, "raise") == Action.raise_to(20)


def test_a_completion_of_a_short_all_in_bet_is_labelled_complete_not_raise():
    """Fixed limit (docs/RULES.md 3.6): facing an all-in opening bet of 13 where the bet is
    50, the button offers to complete to 50 — it is the round's bet, not a raise."""
    from game.engine.events import Street

    h = Hand(HandConfig.fixed_limit(50, 100), [1000, 63, 1000], button=0,
             deck=shuffled_deck(random.Random(3)))
    while h.street is Street.PREFLOP:
        la = h.legal_actions()
        h.apply(Action.check() if la.can_check else Action.call())
    h.apply(Action.all_in())  # the seat left of the button bets its last 13
    la = h.legal_actions()
    assert la.completion
    bar = make_bar(la)
    assert bar.buttons["raise"].label == "Complete to 50"
    assert click(bar, "raise") == betting.sizing_action(la, 50)
