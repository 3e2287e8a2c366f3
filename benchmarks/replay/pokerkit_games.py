"""PokerKit setup shared by the generator and the PokerKit replayer (benchmark venv only).

PokerKit has no pot-limit Texas Hold'em variant code; the game uses ``PT`` by analogy with
PokerKit's ``PO`` (pot-limit Omaha).  This module builds that game from PokerKit's own
pot-limit and Texas Hold'em mixins and registers ``PT`` with its hand-history class, so the
benchmark can cross-check all three structures.
"""

from __future__ import annotations

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    HandHistory,
    Mode,
    NoLimitTexasHoldem,
)
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas Hold'em from PokerKit's parts (PokerKit ships only pot-limit Omaha)."""


def register_pt() -> None:
    """Teach PokerKit's HandHistory the ``PT`` code (read, write, replay)."""
    HandHistory.game_types["PT"] = PotLimitTexasHoldem
    HandHistory.variants[PotLimitTexasHoldem] = "PT"
    HandHistory.required_field_names["PT"] = HandHistory.required_field_names["PO"]


GAMES = {"NT": NoLimitTexasHoldem, "PT": PotLimitTexasHoldem, "FT": FixedLimitTexasHoldem}


def make_game(variant: str, antes, blinds, bet: int, big_bet: int | None = None):
    """A PokerKit game (cash-game mode, as HandHistory replays) for one hand."""
    if variant == "FT":
        return FixedLimitTexasHoldem(
            AUTOMATIONS, False, antes, blinds, bet, big_bet, mode=Mode.CASH_GAME
        )
    return GAMES[variant](AUTOMATIONS, False, antes, blinds, bet, mode=Mode.CASH_GAME)
