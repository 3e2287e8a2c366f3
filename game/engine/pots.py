"""Main and side pots from what each player put in (docs/RULES.md §4.1-§4.3).

Pots are layers between distinct contribution levels.  A layer only one player paid
into is an uncalled bet and goes back to them; a layer several paid into but only one
can still win is that player's without a showdown.

>>> [(p.amount, p.eligible) for p in layer_pots([50, 120, 120, 300], [False] * 4)[0]]
[(200, (0, 1, 2, 3)), (210, (1, 2, 3))]
>>> layer_pots([50, 120, 120, 300], [False] * 4)[1]
{3: 180}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Pot:
    amount: int
    #: Seats that can win it: not folded and paid the whole layer. Sorted by seat.
    eligible: tuple[int, ...]
    #: The contribution level this pot reaches up to (its upper threshold).
    cap: int


def layer_pots(
    contributed: Sequence[int], folded: Sequence[bool]
) -> tuple[list[Pot], dict[int, int]]:
    """Split contributions into pots (main first) and uncalled refunds by seat.

    Adjacent layers with the same eligible players are merged into one pot.
    """
    levels = sorted({c for c in contributed if c > 0})
    pots: list[Pot] = []
    refunds: dict[int, int] = {}
    prev = 0
    n = len(contributed)
    for level in levels:
        amount = 0
        payers = []
        for seat in range(n):
            c = contributed[seat]
            if c > prev:
                amount += min(c, level) - prev
                payers.append(seat)
        if len(payers) == 1:
            seat = payers[0]
            refunds[seat] = refunds.get(seat, 0) + amount
            prev = level
            continue
        eligible = tuple(s for s in payers if contributed[s] >= level and not folded[s])
        if not eligible:
            # Every payer of this layer folded (possible only around short forced bets):
            # nobody can win it, so each payer takes their own chips back.
            for seat in payers:
                refunds[seat] = refunds.get(seat, 0) + min(contributed[seat], level) - prev
            prev = level
            continue
        if pots and pots[-1].eligible == eligible:
            last = pots[-1]
            pots[-1] = Pot(last.amount + amount, eligible, level)
        else:
            pots.append(Pot(amount, eligible, level))
        prev = level
    return pots, refunds


def split_evenly(amount: int, winners: Sequence[int], button: int, n: int) -> list[int]:
    """Equal shares; odd chips one at a time from the first winner left of the button.

    >>> split_evenly(101, [3, 1], button=0, n=4)   # seat 1 is first left of the button
    [50, 51]
    """
    k = len(winners)
    base, odd = divmod(amount, k)
    shares = [base] * k
    order = sorted(range(k), key=lambda i: (winners[i] - button - 1) % n)
    for i in order[:odd]:
        shares[i] += 1
    return shares
