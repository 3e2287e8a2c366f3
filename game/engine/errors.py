"""Typed, explained errors: the message says what was wrong and what would be legal."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalActionError(EngineError, ValueError):
    """An action the rules forbid right now ("minimum raise is to 60")."""


class OutOfTurnError(IllegalActionError):
    """A player acted when it was not their turn."""


class HandOverError(IllegalActionError):
    """An action arrived after the hand had finished."""


class ConfigError(EngineError, ValueError):
    """A hand cannot be set up with these parameters (too few players, bad blinds...)."""


class CardError(EngineError, ValueError):
    """A card string that is not a card, a duplicate card, or a deck that runs out."""
