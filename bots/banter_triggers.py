"""Banter triggers read from a hand's public events.

The session adds the ones the engine cannot know (long think, rebuy, the human's streak);
everything a hand itself shows — a big pot, an all-in, a fold to a raise, a bluff turned
over, a bad beat — is found here from public events only (``Shown`` cards are public).

A bad beat: at showdown, the loser's hand was ahead of the winner's on the turn (board
minus the river) and still lost; the winner gets a ``SUCKOUT``.  A bluff shown: the last
bettor or raiser of the hand turned over no pair or better (high card).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.actions import ActionKind
from game.engine.evaluator import Category, evaluate
from game.engine.events import Acted, BoardDealt, PotAwarded, Shown, Street, StreetStarted

from .banter import Trigger

#: A pot at least this many big blinds is a big pot.
BIG_POT_BB = 40


def triggers_from_events(events: Iterable[object], big_blind: int,
                         big_pot_bb: int = BIG_POT_BB) -> list[tuple[Trigger, int]]:
    """(trigger, seat) pairs in the order the hand produced them."""
    out: list[tuple[Trigger, int]] = []
    street = Street.PREFLOP
    raised_this_street = False
    last_aggressor: int | None = None
    board: list[str] = []
    shown: dict[int, tuple[str, ...]] = {}
    for e in events:
        if isinstance(e, (StreetStarted, BoardDealt)):
            if e.street is not street:
                raised_this_street = False
            street = e.street
            if isinstance(e, BoardDealt):
                board.extend(e.cards)
        elif isinstance(e, Acted):
            kind = e.action.kind
            if e.all_in and kind is not ActionKind.FOLD:
                out.append((Trigger.ALL_IN, e.seat))
            if kind is ActionKind.FOLD and raised_this_street:
                out.append((Trigger.FOLD_TO_RAISE, e.seat))
            if kind in (ActionKind.BET, ActionKind.RAISE):
                raised_this_street = True
                last_aggressor = e.seat
        elif isinstance(e, Shown):
            shown[e.seat] = tuple(e.cards)
        elif isinstance(e, PotAwarded):
            out.extend(_award_triggers(e, board, shown, last_aggressor, big_blind, big_pot_bb))
    return _dedupe(out)


def _award_triggers(e: PotAwarded, board: list[str], shown: dict[int, tuple[str, ...]],
                    aggressor: int | None, big_blind: int, big_pot_bb: int):
    out: list[tuple[Trigger, int]] = []
    if len(e.winners) == 1 and e.amount >= big_pot_bb * big_blind:
        out.append((Trigger.BIG_POT_WON, e.winners[0]))
    if aggressor is not None and aggressor in shown and len(board) == 5:
        if evaluate([*shown[aggressor], *board]).category is Category.HIGH_CARD:
            out.append((Trigger.BLUFF_SHOWN, aggressor))
    if len(board) == 5 and len(e.winners) == 1 and e.winners[0] in shown:
        w = e.winners[0]
        turn = board[:4]
        w_turn = evaluate([*shown[w], *turn]).value
        for loser, cards in shown.items():
            if loser == w:
                continue
            if evaluate([*cards, *turn]).value > w_turn:
                out += [(Trigger.BAD_BEAT, loser), (Trigger.SUCKOUT, w)]
                break
    return out


def _dedupe(pairs: list[tuple[Trigger, int]]) -> list[tuple[Trigger, int]]:
    seen: set[tuple[Trigger, int]] = set()
    out = []
    for p in pairs:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out
