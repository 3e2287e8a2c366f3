"""Intent plus the engine's legal actions to exactly one action — or a typed, explained no.

This is python-chess's ``parse_san`` for spoken bets: :func:`resolve` returns a
:class:`Resolved` holding one concrete engine :class:`~game.engine.actions.Action` that
``legal.allows`` accepts, or a :class:`Rejection` whose ``reason`` is short enough to show
and speak ("minimum raise is to 60", "check is not possible: 40 to call").  It never
guesses: an amount that is not legal is refused with the limit named, never moved to one.
The reasons are the engine's own (``LegalActions.why_not``), so the table, the voice and
the action bar word a rule the same way.

Semantics (amounts are street totals, docs/RULES.md §3.3):

- "bet X" / "raise to X" / "make it X": a street total of X; "bet" when a bet is open means
  raise to, "raise" with nothing open means bet.  "raise by X": current bet + X.
- "N x": N times the current bet, or N big blinds when no bet is open; "N big blinds".
- pot fractions: raise to = current bet + f x (pot + amount to call) — the pot-raise.
- amounts round to the nearest chip, halves up; below the minimum is refused naming it; at
  or above the stack becomes all-in (unless a pot/fixed limit stops it first).
- "call" with nothing to call checks; "check" facing a bet is refused; folding when
  checking is free asks for confirmation, as do all-ins, bets over
  ``confirm_fraction`` of the stack, amounts heard two ways, and low recognizer confidence.

All-in comes back concrete (the CALL, BET or RAISE that puts every chip in, with
``all_in=True``) so a hand history can write it down.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from game.engine.actions import Action, ActionKind, LegalActions, Refusal
from game.engine.config import Structure

from . import vocabulary
from .intents import (
    AllIn,
    BareRaise,
    BetTo,
    Call,
    Check,
    Fold,
    Intent,
    MinRaise,
    Multiple,
    PotFraction,
    RaiseBy,
    Unknown,
    is_action,
)


class RejectionKind(Enum):
    NOT_UNDERSTOOD = "not_understood"  #: the parser found no command
    NOT_AN_ACTION = "not_an_action"  #: a question, confirmation or table command
    CANNOT_CHECK = "cannot_check"
    CANNOT_CALL = "cannot_call"
    CANNOT_FOLD = "cannot_fold"
    CANNOT_RAISE = "cannot_raise"  #: no bet or raise is possible at all
    NOT_A_RAISE = "not_a_raise"  #: a "raise" to no more than the current bet
    BELOW_MINIMUM = "below_minimum"
    ABOVE_MAXIMUM = "above_maximum"  #: over the pot or fixed limit
    NEEDS_AMOUNT = "needs_amount"  #: "raise" alone where the size is free
    ALREADY_ALL_IN = "already_all_in"
    NOT_LEGAL = "not_legal"  #: anything else the engine would refuse


@dataclass(frozen=True)
class ResolveContext:
    """House rules and recognizer facts the resolver weighs; all optional."""

    #: A bet or raise putting in more than this share of the stack asks for "yes".
    confirm_fraction: float = 0.5
    #: The recognizer's confidence in the words (0..1), None for typed text.
    confidence: float | None = None
    #: Below this confidence every action asks for "yes".
    min_confidence: float = 0.6
    #: Overrides ``LegalActions.structure`` (which names the limit in messages) for a
    #: LegalActions built by hand; None takes the engine's.
    structure: Structure | None = None
    #: Writes an amount of chips in messages (a decimal hand history shows "1.50").
    chips: Callable[[int], str] = str
    #: Heard family -> phrases it may really have been (:data:`voice.vocabulary.CONFUSIONS`);
    #: consulted only when a recognizer gave a confidence.
    confusions: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: dict(vocabulary.CONFUSIONS))

    @property
    def doubted(self) -> bool:
        """The recognizer doubted the words (typed text never is).

        >>> ResolveContext(confidence=0.5).doubted, ResolveContext(confidence=0.95).doubted
        (True, False)
        >>> ResolveContext().doubted
        False
        """
        return self.confidence is not None and self.confidence < self.min_confidence


@dataclass(frozen=True)
class Resolved:
    """One legal action; ``confirm`` when it must wait for "yes" (``why`` says why)."""

    intent: Intent
    action: Action
    confirm: bool = False
    why: str = ""
    all_in: bool = False
    ok: bool = field(default=True, init=False)

    def describe(self, chips: Callable[[int], str] = str) -> str:
        """What will happen, as the game says it back ("raise to 200, all in")."""
        a = self.action
        text = str(a) if a.kind not in (ActionKind.BET, ActionKind.RAISE) else (
            f"bet {chips(a.amount)}" if a.kind is ActionKind.BET else f"raise to {chips(a.amount)}")
        return text + (", all in" if self.all_in else "")


@dataclass(frozen=True)
class Rejection:
    """Nothing is done; ``reason`` is shown and spoken."""

    intent: Intent
    kind: RejectionKind
    reason: str
    ok: bool = field(default=False, init=False)


Resolution = Resolved | Rejection


class VoiceCommandError(ValueError):
    """Raised by :func:`resolve_or_raise`; carries the :class:`Rejection`."""

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.reason)
        self.rejection = rejection


def round_chips(amount: float | Fraction) -> int:
    """Nearest whole chip, halves up.

    >>> round_chips(2.5), round_chips(Fraction(7, 3)), round_chips(149.5), round_chips(10)
    (3, 2, 150, 10)
    """
    exact = amount if isinstance(amount, (int, Fraction)) else Fraction(repr(float(amount)))
    return math.floor(exact + Fraction(1, 2))


#: The engine's kind of refusal -> the resolver's (the words are the engine's, unchanged).
_REJECTION_OF: dict[Refusal, RejectionKind] = {
    Refusal.CANNOT_FOLD: RejectionKind.CANNOT_FOLD,
    Refusal.CANNOT_CHECK: RejectionKind.CANNOT_CHECK,
    Refusal.CANNOT_CALL: RejectionKind.CANNOT_CALL,
    Refusal.ALREADY_ALL_IN: RejectionKind.ALREADY_ALL_IN,
    Refusal.NO_RAISE: RejectionKind.CANNOT_RAISE,
    Refusal.NOT_A_RAISE: RejectionKind.NOT_A_RAISE,
    Refusal.BELOW_MINIMUM: RejectionKind.BELOW_MINIMUM,
    Refusal.ABOVE_MAXIMUM: RejectionKind.ABOVE_MAXIMUM,
    Refusal.ABOVE_STACK: RejectionKind.ABOVE_MAXIMUM,
}


def _refused(intent: Intent, action: Action, legal: LegalActions,
             ctx: ResolveContext) -> Rejection | None:
    """The engine's own refusal of ``action`` (``LegalActions.refusal``), as a Rejection."""
    refused = legal.refusal(action, ctx.chips)
    if refused is None:
        return None
    return Rejection(intent, _REJECTION_OF.get(refused.kind, RejectionKind.NOT_LEGAL),
                     refused.reason)


def _refuse(intent: Intent, action: Action, legal: LegalActions,
            ctx: ResolveContext) -> Rejection:
    """:func:`_refused` for an action already known to be illegal."""
    got = _refused(intent, action, legal, ctx)
    assert got is not None, f"{action} is legal here"
    return got


def _cannot_raise(intent: Intent, legal: LegalActions, ctx: ResolveContext) -> Rejection:
    """Neither a bet nor a raise is on offer: the engine says why."""
    wager = Action.raise_to if legal.current_bet else Action.bet
    return _refuse(intent, wager(legal.all_in_to), legal, ctx)


def _all_in(intent: Intent, legal: LegalActions, ctx: ResolveContext) -> Resolution:
    refused = _refused(intent, Action.all_in(), legal, ctx)
    if refused is not None:
        return refused
    if legal.all_in_to <= legal.current_bet:
        action = Action.call()
    elif legal.can_bet:
        action = Action.bet(legal.all_in_to)
    else:
        action = Action.raise_to(legal.all_in_to)
    return Resolved(intent, action, confirm=True, why="all in", all_in=True)


def _to_total(intent: Intent, total: int, legal: LegalActions, ctx: ResolveContext) -> Resolution:
    """A bet or raise to a street total of ``total`` chips, checked against every limit."""
    if not (legal.can_bet or legal.can_raise):
        return _cannot_raise(intent, legal, ctx)
    if total >= legal.all_in_to and legal.can_all_in:
        return _all_in(intent, legal, ctx)
    action = Action.bet(total) if legal.can_bet else Action.raise_to(total)
    refused = _refused(intent, action, legal, ctx)
    if refused is not None:
        return refused
    adds = total - legal.committed
    if adds > ctx.confirm_fraction * legal.stack:
        return Resolved(intent, action, confirm=True, why="more than half your stack"
                        if ctx.confirm_fraction == 0.5 else "a large share of your stack")
    return Resolved(intent, action)


def _resolve(intent: Intent, legal: LegalActions, ctx: ResolveContext) -> Resolution:
    owe = legal.current_bet - legal.committed
    if isinstance(intent, Fold):
        if not legal.can_fold:
            return _refuse(intent, Action.fold(), legal, ctx)
        if legal.can_check:
            return Resolved(intent, Action.fold(), confirm=True,
                            why="checking is free")
        return Resolved(intent, Action.fold())
    if isinstance(intent, Check):
        if legal.can_check:
            return Resolved(intent, Action.check())
        return _refuse(intent, Action.check(), legal, ctx)
    if isinstance(intent, Call):
        if legal.can_call:
            if legal.to_call >= legal.stack:
                return Resolved(intent, Action.call(), confirm=True, why="calling puts you all in",
                                all_in=True)
            return Resolved(intent, Action.call())
        if legal.can_check:
            return Resolved(intent, Action.check(), why="nothing to call: check")
        return _refuse(intent, Action.call(), legal, ctx)
    if isinstance(intent, AllIn):
        return _all_in(intent, legal, ctx)
    if isinstance(intent, MinRaise):
        return _to_total(intent, legal.min_to, legal, ctx)
    if isinstance(intent, BareRaise):
        if not (legal.can_bet or legal.can_raise):
            return _cannot_raise(intent, legal, ctx)
        if legal.structure is Structure.FIXED_LIMIT:
            return _to_total(intent, legal.min_to, legal, ctx)
        word = "bet" if legal.can_bet else "raise"
        top = min(legal.max_to, legal.all_in_to)
        return Rejection(
            intent, RejectionKind.NEEDS_AMOUNT,
            f"say how much: {word} to {ctx.chips(legal.min_to)} up to {ctx.chips(top)},"
            " or min, pot, all in",
        )
    if isinstance(intent, BetTo):
        return _to_total(intent, round_chips(intent.amount), legal, ctx)
    if isinstance(intent, RaiseBy):
        return _to_total(intent, legal.current_bet + round_chips(intent.amount), legal, ctx)
    if isinstance(intent, Multiple):
        base = legal.current_bet if intent.of == "bet" and legal.current_bet else legal.big_blind
        return _to_total(intent, round_chips(Fraction(repr(float(intent.n))) * base), legal, ctx)
    if isinstance(intent, PotFraction):
        f = Fraction(intent.fraction) if isinstance(intent.fraction, (int, Fraction)) else Fraction(
            repr(float(intent.fraction)))
        total = round_chips(legal.current_bet + f * (legal.pot + owe))
        return _to_total(intent, total, legal, ctx)
    if isinstance(intent, Unknown):
        return Rejection(intent, RejectionKind.NOT_UNDERSTOOD,
                         f'didn\'t catch that: try "{intent.closest}"')
    return Rejection(intent, RejectionKind.NOT_AN_ACTION,
                     f"{intent.describe()} is not a betting action")


def resolve(
    intent: Intent, legal: LegalActions, context: ResolveContext | None = None,
) -> Resolution:
    """The one action ``intent`` means here, or why there is none.

    >>> from voice.parser import parse
    >>> legal = LegalActions(seat=2, stack=1000, committed=0, current_bet=20, to_call=20,
    ...     pot=30, big_blind=20, can_fold=True, can_check=False, can_call=True,
    ...     can_bet=False, can_raise=True, min_to=40, max_to=1000, all_in_to=1000)
    >>> resolve(parse("raise to one fifty"), legal).action
    Action(kind=<ActionKind.RAISE: 'raise'>, amount=150)
    >>> resolve(parse("check"), legal).reason
    'check is not possible: 20 to call'
    >>> resolve(parse("raise to thirty"), legal).reason
    'minimum raise is to 40'
    >>> r = resolve(parse("pot"), legal); (r.action.amount, r.confirm)
    (70, False)
    >>> r = resolve(parse("jam"), legal); (str(r.action), r.all_in, r.confirm)
    ('raise to 1000', True, True)
    """
    ctx = context or ResolveContext()
    if ctx.structure is not None and ctx.structure is not legal.structure:
        legal = dataclasses.replace(legal, structure=ctx.structure)
    got = _resolve(intent, legal, ctx)
    if isinstance(got, Resolved):
        if not legal.allows(got.action):  # the promise: never an action the engine refuses
            return Rejection(intent, RejectionKind.NOT_LEGAL, f"{got.action} is not possible now")
        if ctx.doubted and is_action(intent) and not got.confirm:
            return Resolved(intent, got.action, True, "not sure I heard that right", got.all_in)
        if ctx.confidence is not None and not got.confirm:
            other = _confusable(intent, got, legal, ctx)
            if other is not None:
                return Resolved(intent, got.action, True, f'it could have been "{other}"',
                                got.all_in)
        odd = _unusual_amount(intent, legal) if ctx.confidence is not None else None
        if odd is not None and not got.confirm:
            return Resolved(intent, got.action, True, f"an unusual amount: {ctx.chips(odd)}",
                            got.all_in)
        if isinstance(intent, BetTo) and intent.alternative is not None and not got.confirm:
            alt = round_chips(intent.alternative)
            why = f"heard two ways: {ctx.chips(got.action.amount)} or {ctx.chips(alt)}"
            return Resolved(intent, got.action, True, why, got.all_in)
    return got


def _unusual_amount(intent: Intent, legal: LegalActions) -> int | None:
    """The spoken amount when it is not a whole number of half big blinds ("bet fifty eight"
    at 10/20), else None.  Players bet round amounts; a recognizer adds a trailing unit word
    from a breath or noise ("bet fifty" heard as "bet fifty eight", benchmarks/voice), so
    such an amount heard by a recognizer waits for "yes"."""
    if not isinstance(intent, BetTo | RaiseBy):
        return None
    amount = round_chips(intent.amount)
    return amount if amount % max(1, legal.big_blind // 2) else None


#: Intent class -> its phrase family in :mod:`voice.vocabulary` (the confusion table's keys).
_FAMILIES: dict[type, str] = {
    Fold: "fold", Check: "check", Call: "call", BetTo: "raise_to", RaiseBy: "raise_by",
    Multiple: "times", PotFraction: "pot", MinRaise: "min_raise", BareRaise: "raise_to",
    AllIn: "all_in",
}


def _confusable(intent: Intent, got: Resolved, legal: LegalActions,
                ctx: ResolveContext) -> str | None:
    """A phrase the recognizer may have turned into ``intent`` that would not do ``got``."""
    from .parser import parse  # the table holds phrases; the parser reads them

    family = _FAMILIES.get(type(intent), "")
    if isinstance(intent, Multiple) and intent.of == "bb":
        family = "big_blinds"
    for phrase in ctx.confusions.get(family, ()):
        alt = parse(phrase)
        if not is_action(alt):
            return phrase
        other = _resolve(alt, legal, ctx)
        if not isinstance(other, Resolved) or other.action != got.action:
            return phrase
    return None


def resolve_or_raise(
    intent: Intent, legal: LegalActions, context: ResolveContext | None = None,
) -> Resolved:
    """:func:`resolve`, raising :class:`VoiceCommandError` instead of returning a rejection."""
    got = resolve(intent, legal, context)
    if isinstance(got, Rejection):
        raise VoiceCommandError(got)
    return got


__all__ = [
    "ActionKind", "Rejection", "RejectionKind", "Resolution", "ResolveContext", "Resolved",
    "VoiceCommandError", "resolve", "resolve_or_raise", "round_chips",
]
