"""Cards as two-character strings ("Ah", "Td"), the form PHH and players use.

Strings keep hands readable in events, journals and hand histories; the evaluator
converts them to integers once (``card_index``) where speed matters.

>>> parse_cards("AhKd")
['Ah', 'Kd']
>>> card_index("2c"), card_index("As")
(0, 51)
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Every card, in index order: 2c 2d 2h 2s 3c ... As.
DECK: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)
_INDEX = {c: i for i, c in enumerate(DECK)}
RANK_NAMES = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
UNKNOWN = "??"


def normalize(card: str) -> str:
    """Canonical spelling of one card; accepts "10h", "ah", "AH".

    >>> normalize("10h"), normalize("ad")
    ('Th', 'Ad')
    """
    c = card.strip()
    if c.startswith("10"):
        c = "T" + c[2:]
    if len(c) == 2:
        c = c[0].upper() + c[1].lower()
    if c not in _INDEX:
        raise CardError(
            f"{card!r} is not a card: expected a rank from {RANKS} and a suit from {SUITS}"
        )
    return c


def parse_cards(text: str | Iterable[str]) -> list[str]:
    """Cards from "AhKd", "Ah Kd", "Ah,Kd" or an iterable of card strings."""
    if not isinstance(text, str):
        return [normalize(c) for c in text]
    s = text.replace(",", "").replace(" ", "")
    if len(s) % 2:
        raise CardError(f"{text!r} is not a list of cards")
    return [normalize(s[i : i + 2]) for i in range(0, len(s), 2)]


def card_index(card: str) -> int:
    """0..51 with rank = index // 4 (0 = deuce) and suit = index % 4."""
    try:
        return _INDEX[card]
    except KeyError:
        return _INDEX[normalize(card)]


def card_name(card: str) -> str:
    """Spoken name: "ace of hearts"."""
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def pretty(card: str) -> str:
    """Card with its suit symbol: "A♥"."""
    return card[0] + SUIT_SYMBOLS[card[1]]
