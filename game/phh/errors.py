"""Typed errors for hand histories: the message says what was wrong and what was expected."""

from __future__ import annotations


class PhhError(ValueError):
    """Base of every hand-history error."""


class PhhFormatError(PhhError):
    """The text is not a valid PHH hand: bad TOML, a missing field, a malformed action."""


class PhhUnsupportedError(PhhError):
    """Valid PHH that this game cannot play: another variant, a straddle layout it lacks."""


class ReplayError(PhhError):
    """The engine rejected an action of the history; the message names the action."""
