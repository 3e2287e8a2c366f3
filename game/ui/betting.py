"""Bet sizing for the action bar: presets, clamping, steps — pure functions of LegalActions.

Amounts are street totals ("raise to"), like everywhere in the engine.  A pot-fraction
preset uses the standard pot-raise: to = current bet + fraction x (pot + amount to call),
which for an unopened street is simply fraction x pot.

>>> from game.engine.actions import LegalActions
>>> la = LegalActions(seat=0, stack=990, committed=10, current_bet=10, to_call=0, pot=15,
...     big_blind=10, can_fold=True, can_check=True, can_call=False, can_bet=False,
...     can_raise=True, min_to=20, max_to=1000, all_in_to=1000)
>>> sizing_range(la)
(20, 1000)
>>> preset_amount(la, 1.0)   # pot-sized raise with the big blind's option
25
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action, ActionKind, LegalActions

from .captions import caption

#: Pot-fraction presets shown on the bar: (label, fraction); None = min, "all" = all-in.
PRESETS: tuple[tuple[str, float | None | str], ...] = (
    ("min", None),
    ("⅓", 1 / 3),
    ("½", 0.5),
    ("¾", 0.75),
    ("pot", 1.0),
    ("all-in", "all"),
)


def can_size(legal: LegalActions) -> bool:
    """True when a bet or raise of some size is legal."""
    return (legal.can_bet or legal.can_raise) and legal.stack > 0 and legal.min_to > 0


def sizing_range(legal: LegalActions) -> tuple[int, int]:
    """The smallest and largest street total the slider may take.

    The top is the structure's maximum or every chip, whichever is less; when the stack
    cannot reach a full raise the only size is all-in (both ends equal ``all_in_to``).
    """
    top = min(legal.max_to, legal.all_in_to)
    if legal.all_in_to < legal.min_to:
        return legal.all_in_to, legal.all_in_to
    return legal.min_to, max(legal.min_to, top)


def clamp(legal: LegalActions, amount: int) -> int:
    """``amount`` moved into the legal sizing range.

    >>> from game.engine.actions import LegalActions
    >>> la = LegalActions(0, 500, 0, 40, 40, 70, 20, True, False, True, False, True,
    ...     80, 500, 500)
    >>> clamp(la, 30), clamp(la, 120), clamp(la, 9999)
    (80, 120, 500)
    """
    lo, hi = sizing_range(legal)
    return max(lo, min(hi, int(amount)))


def preset_amount(legal: LegalActions, fraction: float | None | str) -> int:
    """The street total a preset button stands for, already clamped."""
    if fraction is None:
        return sizing_range(legal)[0]
    if fraction == "all":
        return sizing_range(legal)[1]
    raw = legal.current_bet + float(fraction) * (legal.pot + legal.to_call)
    return clamp(legal, int(raw + 0.5))


def step(legal: LegalActions) -> int:
    """How much one arrow press or wheel notch moves the amount: a big blind."""
    return max(1, legal.big_blind)


def sizing_action(legal: LegalActions, amount: int) -> Action:
    """The BET or RAISE (to ``amount``) the bar submits; every chip in becomes ALL_IN."""
    amount = clamp(legal, amount)
    if amount >= legal.all_in_to:
        return Action.all_in()
    return Action.bet(amount) if legal.can_bet else Action.raise_to(amount)


def call_action(legal: LegalActions) -> Action:
    """Check when nothing is owed, else call."""
    return Action.check() if legal.can_check else Action.call()


@dataclass(frozen=True)
class Guard:
    """Why a click needs a second confirmation before it acts (or None)."""

    message: str


def call_guard(legal: LegalActions, threshold: float = 0.5) -> Guard | None:
    """Calling a large share of the stack asks again: players misclick after a big raise.

    >>> from game.engine.actions import LegalActions
    >>> la = LegalActions(0, 300, 0, 600, 300, 700, 20, True, False, True, False, False,
    ...     0, 0, 300)
    >>> call_guard(la).message
    'Call 300 — all in? Click again or press Enter'
    """
    if not legal.can_call or legal.to_call <= 0:
        return None
    if legal.to_call >= legal.stack:
        return Guard(f"Call {legal.to_call} — all in? Click again or press Enter")
    if legal.to_call >= threshold * legal.stack:
        return Guard(f"Call {legal.to_call} of your {legal.stack}? Click again or press Enter")
    return None


def describe(action: Action, legal: LegalActions) -> str:
    """A button caption or spoken confirmation for ``action``."""
    k = action.kind
    if k is ActionKind.CALL:
        return caption(k, legal.to_call)
    if k is ActionKind.ALL_IN:
        return caption(k, legal.all_in_to)
    return caption(k, action.amount, completion=legal.completion)
