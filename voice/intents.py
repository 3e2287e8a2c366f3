"""What a phrase means, before anyone asks whether it is legal: one typed record per family.

The parser (:mod:`voice.parser`) produces these from text; the resolver
(:mod:`voice.resolver`) turns the acting ones into engine actions.  Amounts are kept as
spoken (``2.5`` big blinds, ``150`` chips); rounding to chips is the resolver's job because
it depends on the situation.

>>> BetTo(200).describe(), Multiple(2.5, of="bb").describe(), PotFraction(0.5).describe()
('bet/raise to 200', '2.5 big blinds', 'half pot')
>>> Unknown("nice hand", closest="call").describe()
'not a command (closest: "call")'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Literal


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


@dataclass(frozen=True)
class Fold:
    def describe(self) -> str:
        return "fold"


@dataclass(frozen=True)
class Check:
    def describe(self) -> str:
        return "check"


@dataclass(frozen=True)
class Call:
    def describe(self) -> str:
        return "call"


@dataclass(frozen=True)
class BetTo:
    """'bet X' / 'raise to X' / 'raise X' / 'make it X': a street total of X.

    ``alternative`` is set when the words allow a second reading — "raise two fifty" may be
    "raise to fifty" misheard — so the resolver asks before acting.
    """

    amount: float
    alternative: float | None = None
    #: The number's words as heard ("two", "fifty"): lets a decimal table read "two fifty"
    #: as 2.50.  Not part of equality.
    spoken: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def describe(self) -> str:
        alt = f" (or {_num(self.alternative)})" if self.alternative is not None else ""
        return f"bet/raise to {_num(self.amount)}{alt}"


@dataclass(frozen=True)
class RaiseBy:
    """'raise by X' / 'raise X more': X on top of the current bet."""

    amount: float
    spoken: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def describe(self) -> str:
        return f"raise by {_num(self.amount)}"


@dataclass(frozen=True)
class Multiple:
    """'N x' (of the current bet, big blinds when none is open) or 'N big blinds'."""

    n: float
    of: Literal["bet", "bb"] = "bet"

    def describe(self) -> str:
        return f"{_num(self.n)} x" if self.of == "bet" else f"{_num(self.n)} big blinds"


_FRACTION_NAMES = {
    Fraction(1): "pot", Fraction(1, 2): "half pot", Fraction(1, 3): "a third of the pot",
    Fraction(2, 3): "two thirds pot", Fraction(3, 4): "three quarters pot",
    Fraction(1, 4): "a quarter of the pot",
}


@dataclass(frozen=True)
class PotFraction:
    """'pot', 'half pot', '75 percent of the pot': a pot-sized bet or pot-raise."""

    fraction: Fraction | float

    def describe(self) -> str:
        f = Fraction(self.fraction).limit_denominator(100)
        return _FRACTION_NAMES.get(f, f"{_num(float(f) * 100)} percent of the pot")


@dataclass(frozen=True)
class MinRaise:
    def describe(self) -> str:
        return "minimum bet/raise"


@dataclass(frozen=True)
class BareRaise:
    """'raise' or 'bet' with no amount: only fixed-limit knows how much that is."""

    def describe(self) -> str:
        return "bet/raise (no amount)"


@dataclass(frozen=True)
class AllIn:
    def describe(self) -> str:
        return "all in"


@dataclass(frozen=True)
class Confirm:
    """'yes' / 'confirm' / 'do it' (yes=True) or 'no' / 'cancel' (yes=False)."""

    yes: bool

    def describe(self) -> str:
        return "yes" if self.yes else "no"


class QuestionKind(Enum):
    POT = "pot"
    TO_CALL = "to_call"
    HAND = "hand"
    STACK = "stack"
    TURN = "turn"
    REPEAT = "repeat"
    HELP = "help"
    ODDS = "odds"
    OUTS = "outs"
    PLAYER_ACTION = "player_action"
    WHO_RAISED = "who_raised"
    MIN_RAISE = "min_raise"
    BLINDS = "blinds"
    HANDS_WON = "hands_won"


@dataclass(frozen=True, repr=False)
class Question:
    kind: QuestionKind
    #: Who the question is about, as said ("leo" in "what did Leo do"); "" for most.
    about: str = ""

    def __repr__(self) -> str:  # the field shows only when set: older reprs stay as they were
        about = f", about={self.about!r}" if self.about else ""
        return f"Question(kind={self.kind!r}{about})"

    def describe(self) -> str:
        return f"question: {self.kind.value}" + (f" {self.about}" if self.about else "")


class TableKind(Enum):
    DEAL = "deal"
    REBUY = "rebuy"
    TOP_UP = "top_up"
    SIT_OUT = "sit_out"
    BACK = "back"
    PAUSE = "pause"
    OPTIONS = "options"
    QUIT = "quit"
    # the start screen's choices (at the table "play" deals and "resume" ends a pause)
    PLAY = "play"
    SPECTATE = "spectate"
    RESUME = "resume"
    # moving in a menu or dialog (the keys they stand for: Tab, Shift-Tab, arrows, Enter, Esc)
    NEXT = "next"
    PREVIOUS = "previous"
    UP = "up"
    DOWN = "down"
    SELECT = "select"
    CLOSE = "close"


@dataclass(frozen=True, repr=False)
class TableCommand:
    """A command for the table or its dialogs.  ``amount`` is the chips said with a rebuy:
    chips to add for REBUY ("rebuy five hundred"), the stack to reach for TOP_UP ("top up
    to a thousand"); None for the plain command (top up to the maximum)."""

    kind: TableKind
    amount: int | None = None

    def __repr__(self) -> str:  # the amount shows only when said
        amount = "" if self.amount is None else f", amount={self.amount!r}"
        return f"TableCommand(kind={self.kind!r}{amount})"

    def describe(self) -> str:
        amount = "" if self.amount is None else f" {self.amount}"
        return f"table: {self.kind.value}{amount}"


@dataclass(frozen=True)
class Unknown:
    """Nothing the game acts on; ``closest`` is the valid phrase it sounded most like."""

    text: str
    closest: str

    def describe(self) -> str:
        return f'not a command (closest: "{self.closest}")'


#: Intents that ask the resolver for a betting action.
ActionIntent = (
    Fold | Check | Call | BetTo | RaiseBy | Multiple | PotFraction | MinRaise | BareRaise | AllIn
)
Intent = ActionIntent | Confirm | Question | TableCommand | Unknown

ACTION_INTENTS: tuple[type, ...] = (
    Fold, Check, Call, BetTo, RaiseBy, Multiple, PotFraction, MinRaise, BareRaise, AllIn,
)


def is_action(intent: object) -> bool:
    """True for the intents that would put chips in or fold."""
    return isinstance(intent, ACTION_INTENTS)


#: The moves in a menu or dialog: they do something only while one is open.
MENU_MOVES = frozenset({TableKind.NEXT, TableKind.PREVIOUS, TableKind.UP, TableKind.DOWN,
                        TableKind.SELECT, TableKind.CLOSE})


def is_menu_move(intent: object) -> bool:
    """True for "next", "move up", "select", "close" and the like (not "back", which at
    the table is "I'm back").

    >>> is_menu_move(TableCommand(TableKind.UP)), is_menu_move(TableCommand(TableKind.BACK))
    (True, False)
    """
    return isinstance(intent, TableCommand) and intent.kind in MENU_MOVES
