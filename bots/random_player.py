"""The ``random`` style: a uniformly random legal action, the floor every bot must beat.

Uniform over the legal action *kinds* (fold, check, call, bet, raise — whichever are
legal), then, for a bet or raise, an amount uniform over the legal range (the all-in
total included).
"""

from __future__ import annotations

import random

from game.engine.actions import Action, ActionKind, LegalActions


def random_action(legal: LegalActions, rng: random.Random) -> Action:
    kinds = [k for k, ok in ((ActionKind.FOLD, legal.can_fold), (ActionKind.CHECK, legal.can_check),
                             (ActionKind.CALL, legal.can_call), (ActionKind.BET, legal.can_bet),
                             (ActionKind.RAISE, legal.can_raise)) if ok]
    kind = rng.choice(kinds)
    if kind in (ActionKind.BET, ActionKind.RAISE):
        top = min(legal.max_to, legal.all_in_to)
        if legal.min_to > top:
            return Action(kind, legal.all_in_to)
        return Action(kind, rng.randint(legal.min_to, top))
    return Action(kind)


class RandomBot:
    """A seat that plays the ``random`` style: what the window seats when a bot of another
    style cannot be built (its dependencies are missing), so the table still plays."""

    def decide(self, view, rng: random.Random) -> Action:
        return random_action(view.legal, rng)
