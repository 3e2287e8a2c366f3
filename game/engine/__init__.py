"""One hand of Texas Hold'em, pure: no pygame, audio, files or clocks.

Same config + same deck + same actions = same hand, always.  A hand from a REPL:

>>> from game.engine import Action, Hand, HandConfig, shuffled_deck
>>> hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0, deck=shuffled_deck())
>>> _ = hand.apply(Action.raise_to(30))
>>> hand.legal_actions().why_not(Action.raise_to(40))
'minimum raise is to 50'
"""

from .actions import Action, ActionKind, LegalActions, NoRaise, Refusal, Refused
from .cards import DECK, parse_cards
from .config import HandConfig, Structure, TieSplit
from .deck import fisher_yates, shuffled_deck, system_rng
from .entries import PreflopEntries, preflop_entries
from .errors import (
    CardError,
    ConfigError,
    EngineError,
    HandOverError,
    IllegalActionError,
    OutOfTurnError,
)
from .evaluator import Category, HandValue, evaluate, evaluate_indices
from .hand import Hand

__all__ = [
    "DECK", "Action", "ActionKind", "CardError", "ConfigError", "EngineError", "Hand",
    "HandConfig", "HandOverError", "IllegalActionError", "LegalActions", "NoRaise",
    "OutOfTurnError", "Refusal", "Refused", "Structure", "TieSplit", "fisher_yates",
    "parse_cards", "shuffled_deck", "system_rng",
    "Category", "HandValue", "evaluate", "evaluate_indices", "PreflopEntries",
    "preflop_entries",
]
