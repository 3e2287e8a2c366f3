"""PHH action notation: ``"d dh p1 AcKd"``, ``"p3 cbr 200"``, ``"p1 sm AhKh"`` as typed records.

Grammar (PHH standard): ``[[Actor Action[ Arguments...]][ # Commentary]]``; words split on
any whitespace.  Actors are ``d`` (the dealer) and ``p1``..``pN`` (1-based, p1 first left of
the button).  Hold'em uses the dealer's ``dh`` (hole cards to a player) and ``db`` (board),
and the players' ``f``, ``cc``, ``cbr AMOUNT``, ``sm [CARDS|-]``.  Unknown cards are ``??``.

>>> parse_action("p3 cbr 200")
BetRaise(player=2, amount=200)
>>> parse_action("d dh p1 Ac??  # hero")
DealHole(player=0, cards=('Ac', None))
>>> str(parse_action("p2 sm -"))
'p2 sm -'
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from game.engine.cards import DECK, normalize
from game.engine.errors import CardError

from .amounts import Number, format_number
from .errors import PhhFormatError, PhhUnsupportedError

_CARDS = frozenset(DECK)
#: A card of a history: a card string, or ``None`` when written ``??`` (unknown).
Card = str | None


@dataclass(frozen=True)
class DealHole:
    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"d dh p{self.player + 1} {format_cards(self.cards)}"


@dataclass(frozen=True)
class DealBoard:
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"d db {format_cards(self.cards)}"


@dataclass(frozen=True)
class Fold:
    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} f"


@dataclass(frozen=True)
class CheckCall:
    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} cc"


@dataclass(frozen=True)
class BetRaise:
    """``cbr``: complete, bet or raise *to* ``amount`` (the street total)."""

    player: int
    amount: Number

    def __str__(self) -> str:
        return f"p{self.player + 1} cbr {format_number(self.amount)}"


@dataclass(frozen=True)
class ShowMuck:
    """``sm``: ``cards`` shown (``??`` for ones kept hidden); ``None`` = muck; ``()`` = ``-``."""

    player: int
    cards: tuple[Card, ...] | None

    @property
    def mucks(self) -> bool:
        return self.cards is None

    def __str__(self) -> str:
        if self.cards is None:
            return f"p{self.player + 1} sm"
        if not self.cards:
            return f"p{self.player + 1} sm -"
        return f"p{self.player + 1} sm {format_cards(self.cards)}"


@dataclass(frozen=True)
class NoOp:
    """An empty action or a standalone ``# commentary``."""

    def __str__(self) -> str:
        return ""


PhhAction = DealHole | DealBoard | Fold | CheckCall | BetRaise | ShowMuck | NoOp


def parse_cards(text: str) -> tuple[Card, ...]:
    """``"AcKd"`` -> ``('Ac', 'Kd')``; ``"??"`` is an unknown card (``None``).

    >>> parse_cards("??Th")
    (None, 'Th')
    """
    if not text or len(text) % 2:
        raise PhhFormatError(
            f"{text!r} is not a list of cards: write each card as rank+suit, like AcKd or ????"
        )
    cards: list[Card] = []
    for i in range(0, len(text), 2):
        pair = text[i : i + 2]
        if pair in _CARDS:
            cards.append(pair)
            continue
        if pair == "??":
            cards.append(None)
            continue
        try:
            cards.append(normalize(pair))
        except CardError:
            raise PhhFormatError(
                f"{pair!r} in {text!r} is not a card: expected a rank from 23456789TJQKA "
                "and a suit from cdhs, or ?? for an unknown card"
            ) from None
    return tuple(cards)


def format_cards(cards: tuple[Card, ...]) -> str:
    """The inverse of :func:`parse_cards`."""
    return "".join("??" if c is None else c for c in cards)


def parse_amount(text: str) -> Number:
    """``"200"`` -> 200, ``"1.50"`` -> Decimal('1.50'); never a float.

    >>> parse_amount("1.50"), parse_amount("1,000")
    (Decimal('1.50'), 1000)
    """
    raw = text.replace(",", "").replace("_", "")
    value: Number
    try:
        value = int(raw)
    except ValueError:
        try:
            value = Decimal(raw)
        except InvalidOperation:
            raise PhhFormatError(
                f"{text!r} is not an amount: expected a number like 200 or 1.50"
            ) from None
    if (isinstance(value, Decimal) and not value.is_finite()) or value <= 0:
        raise PhhFormatError(f"{text!r} is not an amount: it must be a positive number")
    return value


def _player(word: str, action: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise PhhFormatError(
            f"{word!r} in {action!r} is not a player: expected p1, p2, ... (or d for the dealer)"
        )
    return int(word[1:]) - 1


@lru_cache(maxsize=8192)
def parse_action(action: str) -> PhhAction:
    """One action string as a typed record; raises :class:`PhhFormatError` when malformed.

    Records are immutable, so the many repeats of ``"p1 cc"`` share one parse.
    """
    if not isinstance(action, str):
        raise PhhFormatError(f"actions must be strings, not {action!r}")
    body = action.split("#", 1)[0]
    words = body.split()
    if not words:
        return NoOp()
    match words:
        case ["d", "dh", player, cards]:
            return DealHole(_player(player, action), parse_cards(cards))
        case ["d", "db", cards]:
            parsed = parse_cards(cards)
            if None in parsed:
                raise PhhFormatError(f"{action!r}: board cards must be known, not ??")
            return DealBoard(parsed)  # type: ignore[arg-type]
        case [player, "f"]:
            return Fold(_player(player, action))
        case [player, "cc"]:
            return CheckCall(_player(player, action))
        case [player, "cbr", amount]:
            return BetRaise(_player(player, action), parse_amount(amount))
        case [player, "sm"]:
            return ShowMuck(_player(player, action), None)
        case [player, "sm", "-"]:
            return ShowMuck(_player(player, action), ())
        case [player, "sm", cards]:
            return ShowMuck(_player(player, action), parse_cards(cards))
        case [_, "pb" | "sd", *_]:
            raise PhhUnsupportedError(
                f"{action!r}: bring-ins and draws belong to stud and draw games, not Hold'em"
            )
    raise PhhFormatError(
        f"{action!r} is not a Hold'em action: expected 'd dh pN CARDS', 'd db CARDS', "
        "'pN f', 'pN cc', 'pN cbr AMOUNT' or 'pN sm [CARDS]'"
    )
