"""How an action is written on the table: one caption for the action bar's buttons, the
label under a seat and the hand history, so the three never disagree.

>>> from game.engine.actions import ActionKind
>>> caption(ActionKind.RAISE, 120), caption(ActionKind.CALL, 40), caption(ActionKind.FOLD)
('Raise to 120', 'Call 40', 'Fold')
>>> caption(ActionKind.BET, 960, all_in=True), caption(ActionKind.CALL, all_in=True)
('All-in 960', 'All-in')
>>> caption(ActionKind.RAISE, 20, completion=True)
'Complete to 20'
"""

from __future__ import annotations

from game.engine.actions import ActionKind


def caption(kind: ActionKind, amount: int = 0, *, all_in: bool = False,
            completion: bool = False) -> str:
    """``amount`` is the street total of a bet, raise or all-in, and the chips of a call;
    an all-in shows its total when it is known.  ``completion``: the raise completes a
    short all-in opening bet in fixed limit, which is not a raise (docs/RULES.md)."""
    if kind in (ActionKind.FOLD, ActionKind.CHECK):
        return kind.value.capitalize()
    if all_in or kind is ActionKind.ALL_IN:
        return f"All-in {amount}" if amount else "All-in"
    if kind is ActionKind.CALL:
        return f"Call {amount}"
    if kind is ActionKind.BET:
        return f"Bet {amount}"
    return f"{'Complete' if completion else 'Raise'} to {amount}"
