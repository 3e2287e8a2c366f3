"""Test helpers: stacked decks so a test can say which cards each seat gets."""

from __future__ import annotations

from game.engine import DECK, HandConfig
from game.engine.cards import parse_cards
from game.engine.hand import Hand


def stacked_deck(n: int, button: int, holes: dict[int, str], board: str = "") -> list[str]:
    """A deck that deals ``holes[seat]`` ("AhKd") to each seat and ``board`` (up to 5 cards).

    Dealing starts left of the button (heads-up: on the button), one card at a time;
    a burn card precedes the flop, turn and river.
    """
    wanted = [c for h in holes.values() for c in parse_cards(h)] + parse_cards(board)
    spare = [c for c in DECK if c not in wanted]
    first = (button + 1) % n if n > 2 else button
    order = [(first + i) % n for i in range(n)]
    cards = {s: parse_cards(holes[s]) if s in holes else [spare.pop(), spare.pop()] for s in order}
    deck = [cards[s][0] for s in order] + [cards[s][1] for s in order]
    b = parse_cards(board)
    b += [spare.pop() for _ in range(5 - len(b))]
    deck += [spare.pop(), *b[:3], spare.pop(), b[3], spare.pop(), b[4]]
    return deck + spare


def hand(stacks, button=0, holes=None, board="", config=None, **kw) -> Hand:
    config = config or HandConfig.no_limit(5, 10)
    deck = stacked_deck(len(stacks), button, holes or {}, board)
    return Hand(config, stacks, button, deck=deck, **kw)
