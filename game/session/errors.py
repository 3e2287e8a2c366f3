"""Typed, explained session errors: what was refused, why, and what would be allowed.

They sit beside the engine's errors (an illegal bet is the engine's IllegalActionError);
these cover what happens around a hand: seats, rebuys, the rules file, the journal.
"""

from __future__ import annotations


class SessionError(Exception):
    """Base of every error the session raises on purpose."""


class SeatError(SessionError, ValueError):
    """A seat operation that is not possible now (occupied chair, sit out mid-hand...)."""


class RebuyError(SessionError, ValueError):
    """A rebuy or top-up refused: mid-hand, above the maximum, freeze-out..."""


class NoHandError(SessionError):
    """A hand cannot start (fewer than two players with chips) or none is in progress."""


class JournalError(SessionError):
    """The journal cannot be used: another schema, a replay that disagrees with it..."""


class RulesError(SessionError, ValueError):
    """A house-rules file or value that is refused.

    ``key`` is the dotted option name (``blinds.big_blind``), ``line`` the line in the file
    when known, ``value`` the bad value and ``allowed`` a description of what is allowed.
    """

    def __init__(
        self, message: str, *, key: str = "", line: int | None = None, value: object = None,
        allowed: str = "", source: str = "",
    ) -> None:
        self.key = key
        self.line = line
        self.value = value
        self.allowed = allowed
        self.source = source
        where = source or ""
        if line is not None:
            where = f"{where} line {line}" if where else f"line {line}"
        super().__init__(f"{where}: {message}" if where else message)
