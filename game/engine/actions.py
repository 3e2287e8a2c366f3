"""Actions a player can take and the legal-action record the engine offers.

Every actor — mouse, keyboard, voice, bot, replayed history — builds an :class:`Action`
and hands it to ``Hand.apply``; :class:`LegalActions` is what they may build.

Amounts for BET and RAISE are *totals on this street* ("raise to"), never increments,
the way dealers and PHH (``cbr``) count them.

>>> Action.raise_to(60)
Action(kind=<ActionKind.RAISE: 'raise'>, amount=60)
>>> str(Action.raise_to(60))
'raise to 60'

:meth:`LegalActions.why_not` is the one place that words why an action is refused: the
engine raises it, the voice resolver speaks it and the action bar shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .config import Structure


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
        return str(self.kind.value)


class NoRaise(Enum):
    """Why neither a bet nor a raise is on offer (docs/RULES.md §1.5, §3.5-§3.8)."""

    NO_CHIPS = "no chips beyond a call"
    NO_OPPONENT = "no opponent can call more"
    CAP = "the raise cap is reached"
    CHECK_RAISE = "check-raise is off"
    NOT_REOPENED = "a short all-in did not reopen the betting"


class Refusal(Enum):
    """The kind of rule an action breaks; :meth:`LegalActions.refusal` pairs it with words."""

    CANNOT_FOLD = "cannot_fold"
    CANNOT_CHECK = "cannot_check"  #: there is a bet to call
    CANNOT_CALL = "cannot_call"  #: there is nothing to call
    WRONG_WORD = "wrong_word"  #: "bet" facing a bet, "raise" with none open
    ALREADY_ALL_IN = "already_all_in"
    NO_RAISE = "no_raise"  #: no bet or raise is possible at all (see :class:`NoRaise`)
    NOT_A_RAISE = "not_a_raise"  #: a raise to no more than the current bet
    BELOW_MINIMUM = "below_minimum"
    ABOVE_MAXIMUM = "above_maximum"  #: over the pot or fixed limit
    ABOVE_STACK = "above_stack"  #: more chips than the player has


@dataclass(frozen=True)
class Refused:
    kind: Refusal
    reason: str


_LIMIT_NAMES = {Structure.POT_LIMIT: "pot limit", Structure.FIXED_LIMIT: "fixed limit"}


@dataclass(frozen=True)
class LegalActions:
    """What the player to act may do, with the exact amounts (street totals).

    ``min_to``/``max_to`` bound a full bet or raise; ``all_in_to`` is the street total if
    every chip goes in — legal even below ``min_to`` (a short all-in), and a call when it
    does not exceed ``current_bet``.  In fixed-limit ``min_to == max_to``; there
    ``completion`` marks the raise on offer as the completion of a short all-in opening bet
    to the full bet (docs/RULES.md §3.6).  When neither bet nor raise is possible while the
    player has chips, ``no_raise`` says why.

    >>> legal = LegalActions(seat=1, stack=990, committed=10, current_bet=40, to_call=30,
    ...     pot=55, big_blind=10, can_fold=True, can_check=False, can_call=True,
    ...     can_bet=False, can_raise=True, min_to=70, max_to=1000, all_in_to=1000)
    >>> legal.why_not(Action.raise_to(50))
    'minimum raise is to 70'
    >>> legal.why_not(Action.raise_to(70)) is None
    True
    >>> legal.options()
    'legal: call 30, raise to 70-1000, go all in for 1000, fold'
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
    structure: Structure = Structure.NO_LIMIT
    #: Fixed limit: the raise on offer completes a short all-in opening bet (not a raise).
    completion: bool = False
    no_raise: NoRaise | None = None  #: why no bet or raise is on offer, when none is
    raise_cap: int | None = None  #: the round's cap, for the words when it is reached
    #: The cap counts the opening bet and completions too (PokerKit's way, PHH imports).
    cap_counts_bets: bool = False

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

    def why_not(self, action: Action, chips: Callable[[int], str] = str) -> str | None:
        """Why ``action`` is refused, in words short enough to show and speak; None when
        it is legal.  ``chips`` writes an amount (a decimal hand history shows "1.50")."""
        refused = self.refusal(action, chips)
        return None if refused is None else refused.reason

    def refusal(self, action: Action, chips: Callable[[int], str] = str) -> Refused | None:
        """:meth:`why_not` with the kind of rule broken, for callers that sort refusals."""
        if self.allows(action):
            return None
        k = action.kind
        if k is ActionKind.FOLD:
            return Refused(Refusal.CANNOT_FOLD, "fold is not possible now")
        if k is ActionKind.CHECK:
            owe = chips(self.current_bet - self.committed)
            return Refused(Refusal.CANNOT_CHECK, f"check is not possible: {owe} to call")
        if k is ActionKind.CALL:
            why = "there is nothing to call" if self.can_check else "you have nothing to call with"
            return Refused(Refusal.CANNOT_CALL, f"call is not possible: {why}")
        if self.stack == 0:
            return Refused(Refusal.ALREADY_ALL_IN, "you are already all in")
        word = self._word(k)
        if k is ActionKind.ALL_IN:
            if self.can_bet or self.can_raise:
                return Refused(
                    Refusal.ABOVE_MAXIMUM,
                    f"all in is not possible: {self._limit()}, the most you can {word} to is"
                    f" {chips(self.max_to)}",
                )
            return Refused(Refusal.NO_RAISE, f"all in is not possible: {self._closed()}")
        cb = self.current_bet
        if k is ActionKind.BET and cb > 0:
            instead = "complete" if self.completion else "raise"
            return Refused(Refusal.WRONG_WORD, f"bet is not possible: there is already a bet"
                           f" of {chips(cb)} — {instead} instead")
        if k is ActionKind.RAISE and cb == 0:
            return Refused(Refusal.WRONG_WORD, "raise is not possible: there is no bet to raise")
        if not (self.can_bet or self.can_raise):
            return Refused(Refusal.NO_RAISE, f"{word} is not possible: {self._closed()}")
        amount = action.amount
        if self.completion:
            return Refused(
                Refusal.BELOW_MINIMUM if amount < self.min_to else Refusal.ABOVE_MAXIMUM,
                f"fixed limit: the all-in bet of {chips(cb)} is less than half a bet: call"
                f" it or complete to {chips(self.min_to)}",
            )
        if amount > self.max_to and self.max_to < self.all_in_to:
            return Refused(Refusal.ABOVE_MAXIMUM, f"{self._limit()}: the most you can {word}"
                           f" to is {chips(self.max_to)}")
        if amount > self.all_in_to:
            return Refused(Refusal.ABOVE_STACK, f"you have only {chips(self.stack)} behind: all"
                           f" in is {word} to {chips(self.all_in_to)}")
        if self.structure is Structure.FIXED_LIMIT:
            minimum = f"fixed limit: the {word} is to {chips(self.min_to)}"
        elif word == "bet":
            minimum = f"minimum bet is {chips(self.min_to)}"
        else:
            minimum = f"minimum raise is to {chips(self.min_to)}"
        if self.can_all_in and self.all_in_to < self.min_to:
            minimum += f": you can go all in for {chips(self.all_in_to)}"
        if cb and amount <= cb:
            return Refused(Refusal.NOT_A_RAISE, f"the bet is already {chips(cb)}: {minimum}")
        return Refused(Refusal.BELOW_MINIMUM, minimum)

    def options(self, chips: Callable[[int], str] = str, skip: str = "") -> str:
        """What would be legal ("legal: call 20, raise to 40-1000, fold"); with ``skip``
        the words follow a refusal of that kind of wager ("you may also call 20, ...")."""
        opts = []
        if self.can_check:
            opts.append("check")
        if self.can_call:
            opts.append(f"call {chips(self.to_call)}")
        span = chips(self.min_to) + (f"-{chips(self.max_to)}" if self.max_to > self.min_to else "")
        if self.can_bet and skip != "bet":
            opts.append(f"bet {span}")
        if self.can_raise and skip != "raise":
            opts.append(f"{'complete' if self.completion else 'raise'} to {span}")
        if self.can_all_in and self.all_in_to > self.current_bet:
            opts.append(f"go all in for {chips(self.all_in_to)}")
        if skip:
            return "you may also " + ", ".join(opts) + (", or fold" if opts else "fold")
        return "legal: " + ", ".join(opts + ["fold"])

    def _word(self, kind: ActionKind) -> str:
        if kind is ActionKind.BET or (kind is ActionKind.ALL_IN and self.current_bet == 0):
            return "bet"
        return "complete" if self.completion else "raise"

    def _limit(self) -> str:
        return _LIMIT_NAMES.get(self.structure, "no limit")

    def _closed(self) -> str:
        """Why no bet or raise is on offer (the engine says so in ``no_raise``)."""
        if self.stack <= self.to_call or self.no_raise is NoRaise.NO_CHIPS:
            return "you do not have chips beyond a call"
        if self.no_raise is NoRaise.NO_OPPONENT:
            return "no opponent has chips to call more"
        if self.no_raise is NoRaise.CAP:
            counted = "bets and raises" if self.cap_counts_bets else "raises"
            return f"the cap of {self.raise_cap} {counted} is reached"
        if self.no_raise is NoRaise.CHECK_RAISE:
            return "check-raise is not allowed at this table"
        if self.no_raise is NoRaise.NOT_REOPENED:
            return "the short all-in did not reopen the betting"
        return "no bet or raise is possible now"
