"""Answers to the questions a player asks aloud; answering never acts.

"What's the pot", "how much to call", "what do I have" (hole cards and, with a board, the
best hand by the evaluator), "what's my stack", "whose turn", "repeat", "help".  The facts
come in as a plain :class:`TableFacts` record so the same answers serve the game window,
``holdem say`` and tests; :func:`facts_from_hand` builds one from an engine hand.

>>> facts = TableFacts(pot=150, to_call=40, stack=960, hole=("Ah", "Kh"),
...                    board=("Qh", "Jh", "2c"), turn_name="you", my_turn=True)
>>> answer(QuestionKind.POT, facts)
'the pot is 150'
>>> answer(QuestionKind.TO_CALL, facts)
'40 to call'
>>> answer(QuestionKind.HAND, facts)
'ace of hearts and king of hearts: high card, ace'
>>> describe_hole(("Qs", "Qd")), describe_hole(("Ah", "Kh")), describe_hole(("9c", "7d"))
('a pair of queens', 'ace king suited', 'nine seven offsuit')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.cards import RANK_NAMES, card_name
from game.engine.evaluator import evaluate

from .help import spoken_help
from .intents import Question, QuestionKind

if TYPE_CHECKING:
    from game.engine.hand import Hand

_PLURAL = {"six": "sixes"}


@dataclass(frozen=True)
class TableFacts:
    """What a seated player may know, in the form the answers need."""

    pot: int
    to_call: int
    stack: int
    hole: tuple[str, ...] | None = None
    board: tuple[str, ...] = ()
    #: Who acts now, as the answer should name them ("you", "Ada"); None when nobody does.
    turn_name: str | None = None
    my_turn: bool = False
    #: What the game said last, for "repeat".
    last_reply: str = ""


def describe_hole(hole: Sequence[str]) -> str:
    """Two hole cards the way players say them before the flop."""
    a, b = sorted(hole, key=lambda c: "23456789TJQKA".index(c[0]), reverse=True)
    ra, rb = RANK_NAMES[a[0]], RANK_NAMES[b[0]]
    if a[0] == b[0]:
        return f"a pair of {_PLURAL.get(ra, ra + 's')}"
    return f"{ra} {rb} {'suited' if a[1] == b[1] else 'offsuit'}"


def describe_holding(hole: Sequence[str] | None, board: Sequence[str]) -> str:
    """Hole cards by name, then the best hand with the board (or the preflop shorthand)."""
    if not hole:
        return "you have no cards in this hand"
    cards = " and ".join(card_name(c) for c in hole)
    if len(board) >= 3:
        return f"{cards}: {evaluate([*hole, *board]).name}"
    return f"{cards}: {describe_hole(hole)}"


def answer(question: Question | QuestionKind, facts: TableFacts) -> str:
    """The spoken answer; never changes anything."""
    kind = question.kind if isinstance(question, Question) else question
    if kind is QuestionKind.POT:
        return f"the pot is {facts.pot}"
    if kind is QuestionKind.TO_CALL:
        return f"{facts.to_call} to call" if facts.to_call else "nothing to call: you can check"
    if kind is QuestionKind.HAND:
        return describe_holding(facts.hole, facts.board)
    if kind is QuestionKind.STACK:
        return f"you have {facts.stack} behind"
    if kind is QuestionKind.TURN:
        if facts.my_turn:
            return "it is your turn"
        return f"it is {facts.turn_name}'s turn" if facts.turn_name else "nobody is to act"
    if kind is QuestionKind.REPEAT:
        return facts.last_reply or "nothing to repeat yet"
    return spoken_help()


def facts_from_hand(
    hand: Hand, seat: int, names: Sequence[str] | None = None, last_reply: str = "",
) -> TableFacts:
    """The facts ``seat`` may know in an engine hand (no other player's cards)."""
    owe = max(0, hand.current_bet - hand.committed[seat])
    actor = None if hand.is_over else hand.actor
    if actor is None:
        turn_name = None
    elif names is not None and actor < len(names):
        turn_name = names[actor]
    else:
        turn_name = f"seat {actor + 1}"
    hole = hand.hole[seat]
    return TableFacts(
        pot=hand.pot_total, to_call=min(owe, hand.stacks[seat]), stack=hand.stacks[seat],
        hole=tuple(hole) if hole else None, board=tuple(hand.board), turn_name=turn_name,
        my_turn=actor == seat, last_reply=last_reply,
    )
