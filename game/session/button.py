"""Who is dealt in and where the button goes: the between-hands seating rule, pure.

docs/RULES.md §2.1 and §2.6:

* the button moves one seat clockwise each hand, over the seats dealt in; a seat that is
  empty, busted or sitting out is skipped (no dead button);
* a player who joins or returns waits until the big blind reaches them naturally — they
  are dealt in on the hand where they would post it, and sit out a hand where they would
  be the small blind;
* whenever only two are dealt in the engine applies the heads-up rule (button posts the
  small blind), including the hand where the table shrinks to two.

>>> next_deal(4, None, {0, 1, 2, 3}, set())
Deal(button=0, seats=(0, 1, 2, 3))
>>> next_deal(4, 0, {0, 1, 2, 3}, set())          # one seat clockwise
Deal(button=1, seats=(0, 1, 2, 3))
>>> next_deal(4, 1, {0, 2, 3}, set())             # seat 1 (the button) busted: seat 2 next
Deal(button=2, seats=(0, 2, 3))
>>> next_deal(4, 0, {0, 2, 3}, {1})               # seat 1 returns but would be the small blind
Deal(button=2, seats=(0, 2, 3))
>>> next_deal(4, 2, {0, 2, 3}, {1})               # ... two hands later the big blind reaches it
Deal(button=3, seats=(0, 1, 2, 3))
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass


@dataclass(frozen=True)
class Deal:
    button: int  #: table seat on the button
    seats: tuple[int, ...]  #: table seats dealt in, clockwise from seat 0


def next_deal(
    n_seats: int, prev_button: int | None, active: Set[int], waiting: Set[int],
    button_blind: bool = False,
) -> Deal | None:
    """The next hand's button and dealt-in seats, or None when fewer than two can play.

    ``active``: seats that play this hand if the deal reaches them (chips, not sitting
    out, not waiting).  ``waiting``: seats waiting for the big blind.  With fewer than two
    active players nobody waits: there is no big blind to wait for.  ``button_blind``
    (Classic limit, docs/RULES.md §1.6: blind on the button and straddle next) makes the
    straddle the position a waiting player enters on.
    """
    if len(active) + len(waiting) < 2:
        return None
    if len(active) < 2:
        active, waiting = set(active) | set(waiting), set()
    if prev_button is None:
        button = min(active)
    else:
        button = next(
            (prev_button + i) % n_seats for i in range(1, n_seats + 1)
            if (prev_button + i) % n_seats in active
        )
    after = [(button + i) % n_seats for i in range(1, n_seats)]
    if button_blind:
        big = next((s for s in after if s in active or s in waiting), None)
    else:
        small = next(s for s in after if s in active)
        rest = after[after.index(small) + 1:]
        big = next((s for s in rest if s in active or s in waiting), None)
        if big is None:  # only the button and the small blind: heads-up
            return Deal(button, tuple(sorted({button, small})))
    seats = set(active)
    if big is not None and big in waiting:
        seats.add(big)
    return Deal(button, tuple(sorted(seats)))
