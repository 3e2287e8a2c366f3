"""A bot sees only its PlayerView: no opponent's hole card, never the deck."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum

from bots import make_bot
from game.engine.actions import Action, ActionKind
from game.engine.cards import DECK
from game.engine.config import HandConfig
from game.engine.events import HoleDealt
from game.engine.hand import Hand

CARDS = set(DECK)


def walk(obj, path="view", seen=None):
    """Every (path, value) reachable from ``obj`` through fields, items and attributes."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    yield path, obj
    if isinstance(obj, (str, int, float, bool, type(None), Enum)):
        return
    if dataclasses.is_dataclass(obj):
        children = [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    elif isinstance(obj, dict):
        children = [(repr(k), v) for k, v in obj.items()]
    elif isinstance(obj, (list, tuple, set, frozenset)):
        children = [(str(i), v) for i, v in enumerate(obj)]
    elif hasattr(obj, "__dict__"):
        children = list(vars(obj).items())
    else:
        children = []
    for name, child in children:
        yield from walk(child, f"{path}.{name}", seen)


def deck_with(hero_seat: int, hero: list[str], board: list[str], n: int, button: int,
              seed: int) -> list[str]:
    rest = [c for c in DECK if c not in hero + board]
    random.Random(seed).shuffle(rest)
    holes = {s: (hero if s == hero_seat else [rest.pop(), rest.pop()]) for s in range(n)}
    first = (button + 1) % n
    order = [(first + i) % n for i in range(n)]
    deck = [holes[s][r] for r in range(2) for s in order]
    deck += [rest.pop(), *board[:3], rest.pop(), board[3], rest.pop(), board[4]]
    return deck + rest


def test_view_holds_no_opponent_hole_card_and_no_deck_on_any_street():
    deck = deck_with(1, ["Ah", "Kd"], ["2c", "7d", "Js", "9h", "4c"], 4, 0, seed=3)
    hand = Hand(HandConfig.no_limit(5, 10), [1000] * 4, button=0, deck=deck)
    others = {c for s in (0, 2, 3) for c in hand.hole[s]}
    undealt = set(deck[8:]) - {"2c", "7d", "Js", "9h", "4c"}
    while not hand.is_over:
        seat = hand.actor
        view = hand.view(seat)
        strings = {v for _, v in walk(view) if isinstance(v, str)}
        mine = set(hand.hole[seat])
        hidden = ({c for s in range(4) if s != seat for c in hand.hole[s]} | undealt) - set(
            hand.board)
        assert not strings & hidden, f"seat {seat} sees {strings & hidden}"
        assert strings & CARDS <= mine | set(hand.board)
        for path, value in walk(view):
            assert "deck" not in path.lower(), path
            assert not isinstance(value, HoleDealt) or value.seat == seat, path
            if isinstance(value, (list, tuple)) and len(value) >= 10:
                assert not set(value) & CARDS, f"{path} looks like a deck"
        hand.apply(Action.call() if view.legal.can_call else Action.check(), seat)
    assert others  # the hand really had hidden cards to leak


def test_bot_decides_the_same_whatever_the_opponents_hold():
    """Same public information + same rng = same decisions, whatever the hidden cards are:
    the proof that nothing hidden reaches the bot."""
    board = ["Qs", "Jd", "4c", "8h", "2s"]
    for style in ("tag:hard", "lag:normal", "station:easy", "maniac:hard", "rock:normal"):
        logs = []
        for seed in (1, 2, 3):
            deck = deck_with(2, ["Ts", "9s"], board, 3, 0, seed)
            hand = Hand(HandConfig.no_limit(5, 10), [1000] * 3, button=0, deck=deck)
            bot = make_bot(style)
            log = []
            while not hand.is_over:
                seat = hand.actor
                legal = hand.view(seat).legal
                if seat == 2:
                    action = bot.decide(hand.view(seat), random.Random(len(log)))
                    log.append(str(action))
                elif legal.can_check:
                    action = Action.check()
                else:
                    action = Action.call()
                hand.apply(action, seat)
            logs.append(log)
        assert logs[0] == logs[1] == logs[2], (style, logs)


def test_opponent_model_never_keeps_hole_cards():
    deck = deck_with(0, ["Ah", "Kd"], ["2c", "7d", "Js", "9h", "4c"], 3, 0, seed=5)
    hand = Hand(HandConfig.no_limit(5, 10), [1000] * 3, button=0, deck=deck)
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Action(ActionKind.CALL) if legal.can_call else Action.check())
    bot = make_bot("tag:hard")
    bot.observe(hand.events)  # the full event list, others' HoleDealt included
    strings = {v for _, v in walk(bot.model) if isinstance(v, str)}
    assert not strings & CARDS
