"""Actions a player can take and the legal-action record the engine offers.

Every actor — mouse, keyboard, voice, bot, replayed history — builds an :class:`Action`
and hands it to ``Hand.apply``; :class:`LegalActions` is what they may build.

Amounts for BET and RAISE are *totals on this street* ("raise to"), never increments,
the way dealers and PHH (``cbr``) count them.

>>> Action.raise_to(60)
Action(kind=<ActionKind.RAISE: 'raise'>, amount=60)
>>> str(Action.raise_to(60))
'raise to 60'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class ActionKind(Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    #: Convenience: the engine turns it into the CALL, BET or RAISE that puts every chip in.
    ALL_IN = "all in"


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    #: For BET/RAISE: the player's total wager on this street after the action.
    amount: int = 0

    @classmethod
    def fold(cls) -> Action:
        return cls(ActionKind.FOLD)

    @classmethod
    def check(cls) -> Action:
        return cls(ActionKind.CHECK)

    @classmethod
    def call(cls) -> Action:
        return cls(ActionKind.CALL)

    @classmethod
    def bet(cls, to: int) -> Action:
        return cls(ActionKind.BET, to)

    @classmethod
    def raise_to(cls, to: int) -> Action:
        return cls(ActionKind.RAISE, to)

    @classmethod
    def all_in(cls) -> Action:
        return cls(ActionKind.ALL_IN)

    def __str__(self) -> str:
        if self.kind is ActionKind.BET:
            return f"bet {self.amount}"
        if self.kind is ActionKind.RAISE:
            return f"raise to {self.amount}"
        return self.kind.value


@dataclass(frozen=True)
class LegalActions:
    """What the player to act may do, with the exact amounts (street totals).

    ``min_to``/``max_to`` bound a full bet or raise; ``all_in_to`` is the street total if
    every chip goes in — legal even below ``min_to`` (a short all-in), and a call when it
    does not exceed ``current_bet``.  In fixed-limit ``min_to == max_to``.
    """

    seat: int
    stack: int  #: chips behind, not yet wagered
    committed: int  #: already wagered on this street
    current_bet: int  #: highest street total so far
    to_call: int  #: chips a call puts in (already capped by the stack)
    pot: int  #: everything wagered in the hand so far, street bets included
    big_blind: int
    can_fold: bool
    can_check: bool
    can_call: bool
    can_bet: bool
    can_raise: bool
    min_to: int  #: smallest full bet/raise total (0 when neither is possible)
    max_to: int  #: largest bet/raise total the structure allows (0 when neither)
    all_in_to: int  #: street total with every chip in

    @property
    def can_all_in(self) -> bool:
        """All-in is legal when it is a legal call, bet or raise."""
        if self.stack == 0:
            return False
        if self.all_in_to <= self.current_bet:
            return self.can_call
        if not (self.can_bet or self.can_raise):
            return False
        return self.all_in_to <= self.max_to or self.all_in_to < self.min_to

    @property
    def facing_bet(self) -> bool:
        return self.current_bet > self.committed

    def allows(self, action: Action) -> bool:
        """True when ``action`` is legal as given (amounts included)."""
        k = action.kind
        if k is ActionKind.FOLD:
            return self.can_fold
        if k is ActionKind.CHECK:
            return self.can_check
        if k is ActionKind.CALL:
            return self.can_call
        if k is ActionKind.ALL_IN:
            return self.can_all_in
        if k is ActionKind.BET and not self.can_bet:
            return False
        if k is ActionKind.RAISE and not self.can_raise:
            return False
        a = action.amount
        if a == self.all_in_to and self.current_bet < a < self.min_to:
            return True  # a short all-in: legal, though it reopens nothing
        return self.min_to <= a <= min(self.max_to, self.all_in_to)
