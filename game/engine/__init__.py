"""One hand of Texas Hold'em, pure: no pygame, audio, files or clocks.

Same config + same deck + same actions = same hand, always.
"""

from .actions import Action, ActionKind, LegalActions
from .cards import DECK, parse_cards
from .config import HandConfig, Structure, TieSplit
from .deck import fisher_yates, shuffled_deck, system_rng
from .errors import (
    CardError,
    ConfigError,
    EngineError,
    HandOverError,
    IllegalActionError,
    OutOfTurnError,
)
from .evaluator import Category, HandValue, evaluate, evaluate_indices

__all__ = [
    "DECK", "Action", "ActionKind", "CardError", "ConfigError", "EngineError", "HandConfig",
    "HandOverError", "IllegalActionError", "LegalActions", "OutOfTurnError", "Structure",
    "TieSplit", "fisher_yates", "parse_cards", "shuffled_deck", "system_rng",
    "Category", "HandValue", "evaluate", "evaluate_indices",
]
