"""Answers to the questions a player asks aloud; answering never acts.

"What's the pot", "how much to call", "what do I have" (hole cards and, with a board, the
best hand by the evaluator), "what's my stack", "whose turn", "repeat", "help"; "what are my
odds" (a Monte-Carlo estimate against the live opponents from what the player sees, with
pot odds when facing a bet), "how many outs", "what did Leo do", "who raised", "what's the
minimum raise", "what are the blinds", "how many hands have I won".  The facts come in as a
plain :class:`TableFacts` record so the same answers serve the game window, ``holdem say``
and tests; :func:`facts_from_hand` builds one from an engine hand.  The equity estimator is
the game's to give (``bots.equity.equity_against_random``): voice/ imports only the engine.

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
>>> answer(QuestionKind.OUTS, facts)
'18 outs: 9 to a flush, 3 to a straight, 6 to a pair; about 62 percent by the river'
>>> outs_answer(("9h", "8h"), ("Ah", "Kh", "2c"))
'9 outs to a flush, about 35 percent by the river'
>>> odds = TableFacts(pot=100, to_call=25, stack=500, hole=("Ah", "Kh"), opponents=2,
...                   estimate=lambda hole, board, k: 0.34)
>>> answer(QuestionKind.ODDS, odds)
'about 34 percent against two players; you need 25 to call 100, so 20 percent'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

from game.engine.actions import Action, ActionKind
from game.engine.cards import DECK, RANK_NAMES, RANKS, card_name
from game.engine.config import Structure
from game.engine.evaluator import Category, evaluate
from game.engine.events import Acted, BoardDealt, ForcedBet, Street

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
    #: Opponents still in the hand (not folded), for "what are my odds".
    opponents: int = 0
    #: (hole, board, opponents) -> share of the pot won against random live hands; given by
    #: the game (bots.equity), None where no estimator is at hand.
    estimate: Callable[[Sequence[str], Sequence[str], int], float] | None = None
    #: What each player did this hand, in order (forced bets too), and the street now.
    moves: tuple[Move, ...] = ()
    street: Street = Street.PREFLOP
    #: Everyone dealt in, by the names the answers use ("you" for the asker).
    players: tuple[str, ...] = ()
    #: The smallest bet/raise total now (None: none possible), and what it is called.
    min_raise_to: int | None = None
    raise_is_bet: bool = False
    fixed_limit: bool = False
    #: Why nothing can be raised, in the engine's words ("" when a raise is possible).
    no_raise: str = ""
    #: Blinds (small, big[, straddle]) and ante of this hand.
    blinds: tuple[int, ...] = ()
    ante: int = 0
    #: The session's count for the asker (None when the game keeps none: ``holdem say``).
    hands_won: int | None = None
    hands_played: int | None = None


@dataclass(frozen=True)
class Move:
    """One thing a player did: ``who`` by name, on ``street``, in words ("raised to 60")."""

    who: str
    street: Street
    words: str
    aggressive: bool = False
    forced: bool = False


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
    if kind is QuestionKind.ODDS:
        return odds_answer(facts)
    if kind is QuestionKind.OUTS:
        return outs_answer(facts.hole, facts.board)
    if kind is QuestionKind.PLAYER_ACTION:
        about = question.about if isinstance(question, Question) else ""
        return player_answer(about, facts)
    if kind is QuestionKind.WHO_RAISED:
        return who_raised_answer(facts)
    if kind is QuestionKind.MIN_RAISE:
        return min_raise_answer(facts)
    if kind is QuestionKind.BLINDS:
        return blinds_answer(facts)
    if kind is QuestionKind.HANDS_WON:
        return hands_won_answer(facts)
    return spoken_help()


# --- odds and outs ---------------------------------------------------------------------------

_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _players(k: int) -> str:
    n = _COUNT_WORDS[k] if k < len(_COUNT_WORDS) else str(k)
    return f"{n} player{'s' if k != 1 else ''}"


def odds_answer(facts: TableFacts) -> str:
    """"about 34 percent against two players; you need 25 to call 100, so 20 percent"."""
    if not facts.hole:
        return "you have no cards in this hand"
    if facts.opponents <= 0:
        return "nobody is left against you: the pot is yours"
    if facts.estimate is None:
        return "I cannot work out the odds here"
    share = facts.estimate(facts.hole, facts.board, facts.opponents)
    said = f"about {round(100 * share)} percent against {_players(facts.opponents)}"
    if facts.to_call > 0:
        need = round(100 * facts.to_call / (facts.pot + facts.to_call))
        said += f"; you need {facts.to_call} to call {facts.pot}, so {need} percent"
    return said


def _board_category(cards: Sequence[str]) -> int:
    """The board's own category: evaluated with five cards, by its ranks with four."""
    if len(cards) >= 5:
        return int(evaluate(list(cards)).category)
    counts = sorted((sum(c[0] == r for c in cards) for r in {c[0] for c in cards}),
                    reverse=True)
    if counts[0] >= 4:
        return int(Category.FOUR_OF_A_KIND)
    if counts[0] == 3:
        return int(Category.THREE_OF_A_KIND)
    if counts[0] == 2:
        return int(Category.TWO_PAIR if counts[1:2] == [2] else Category.PAIR)
    return int(Category.HIGH_CARD)


def count_outs(hole: Sequence[str], board: Sequence[str]) -> dict[Category, int]:
    """Unseen cards that improve the hand by category on the next card, by the category
    reached.  A card that lifts the board itself as much (pairing it, say) is no out: it
    helps everyone, and so does pairing a hole card below the board's top card.  Opponents'
    cards are unseen too, as a player counts them.

    >>> count_outs(("Ah", "Kh"), ("Qh", "7h", "2c"))
    {<Category.FLUSH: 5>: 9, <Category.PAIR: 1>: 6}
    """
    mine = evaluate([*hole, *board]).category
    top = max(RANKS.index(c[0]) for c in board)
    board_now = _board_category(board)
    seen = {*hole, *board}
    got: dict[Category, int] = {}
    for card in DECK:
        if card in seen:
            continue
        new = evaluate([*hole, *board, card]).category
        lift = _board_category([*board, card]) - board_now
        if new is Category.PAIR and RANKS.index(card[0]) < top:
            continue  # a pair below the board's top card is rarely the best hand: no out
        if new > mine and new - mine > lift:
            if new is Category.STRAIGHT_FLUSH and mine < Category.FLUSH:
                new = Category.FLUSH  # counted as a flush card, as players count it
            got[new] = got.get(new, 0) + 1
    return dict(sorted(got.items(), key=lambda kv: (-kv[0], -kv[1])))


_ARTICLE = {Category.PAIR: "a pair", Category.STRAIGHT: "a straight", Category.FLUSH: "a flush",
            Category.FULL_HOUSE: "a full house", Category.STRAIGHT_FLUSH: "a straight flush"}


def outs_answer(hole: Sequence[str] | None, board: Sequence[str]) -> str:
    """"9 outs to a flush, about 35 percent by the river"."""
    if not hole:
        return "you have no cards in this hand"
    if len(board) < 3:
        return "outs are counted after the flop"
    if len(board) >= 5:
        return "no cards to come: your hand is " + evaluate([*hole, *board]).name
    outs = count_outs(hole, board)
    n = sum(outs.values())
    if n == 0:
        return f"no outs to improve on {evaluate([*hole, *board]).name}"
    unseen = 52 - len(hole) - len(board)
    if len(board) == 3:
        chance, when = 1 - comb(unseen - n, 2) / comb(unseen, 2), "by the river"
    else:
        chance, when = n / unseen, "on the river"
    names = [f"{k} to {_ARTICLE.get(cat, cat.label)}" for cat, k in outs.items()]
    head = (f"{n} out{'s' if n != 1 else ''} {names[0].split(' ', 1)[1]}" if len(names) == 1
            else f"{n} outs: " + ", ".join(names))
    return f"{head}{',' if len(names) == 1 else ';'} about {round(100 * chance)} percent {when}"


# --- what happened ---------------------------------------------------------------------------

_STREET_WORDS = {Street.PREFLOP: "preflop", Street.FLOP: "on the flop",
                 Street.TURN: "on the turn", Street.RIVER: "on the river"}


def _matches(name: str, about: str) -> bool:
    n, a = name.lower(), about.lower()
    return n == a or n.startswith(a + " ")


def player_answer(about: str, facts: TableFacts) -> str:
    """"Leo raised to 60 preflop, then bet 80 on the flop"."""
    names = [p for p in facts.players if _matches(p, about)]
    if not names:
        return f"{about.title() or 'they'} {'is' if about else 'are'} not in this hand"
    return "; ".join(_one_player(name, facts.moves) for name in names)


def _one_player(name: str, moves: Sequence[Move]) -> str:
    mine = [m for m in moves if m.who == name]
    if not [m for m in mine if not m.forced]:
        posted = " and ".join(m.words for m in mine)
        return f"{name} {posted + ' and ' if posted else ''}has not acted yet this hand"
    parts: list[str] = []
    for street in _STREET_WORDS:
        done = [m.words for m in mine if m.street is street and not m.forced]
        if done:
            parts.append(f"{' and '.join(done)} {_STREET_WORDS[street]}")
    return f"{name} " + ", then ".join(parts)


def who_raised_answer(facts: TableFacts) -> str:
    """Every bet and raise of this street, in order ("Tess bet 40, Leo raised to 120")."""
    street = facts.street
    raises = [m for m in facts.moves if m.street is street and m.aggressive]
    if raises:
        return ", ".join(f"{m.who} {m.words}" for m in raises)
    if street is Street.PREFLOP:
        big = facts.blinds[1] if len(facts.blinds) > 1 else 0
        return f"nobody has raised: the big blind is {big}" if big else "nobody has raised"
    return f"nobody has bet {_STREET_WORDS.get(street, 'yet')}"


def min_raise_answer(facts: TableFacts) -> str:
    if facts.min_raise_to is None:
        return facts.no_raise or "no raise is possible now"
    word = "bet" if facts.raise_is_bet else "raise"
    if facts.fixed_limit:
        return f"fixed limit: the {word} is to {facts.min_raise_to}"
    if facts.raise_is_bet:
        return f"the minimum bet is {facts.min_raise_to}"
    return f"the minimum raise is to {facts.min_raise_to}"


def blinds_answer(facts: TableFacts) -> str:
    if len(facts.blinds) < 2:
        return "there are no blinds in this hand"
    said = f"the blinds are {facts.blinds[0]} and {facts.blinds[1]}"
    if len(facts.blinds) > 2 and facts.blinds[2]:
        said += f", with a straddle of {facts.blinds[2]}"
    if facts.ante:
        said += f", and an ante of {facts.ante}"
    return said


def hands_won_answer(facts: TableFacts) -> str:
    won, played = facts.hands_won, facts.hands_played
    if won is None or played is None:
        return "I only see this hand: no hands are counted here"
    if played == 0:
        return "no hand has finished yet"
    of = f" of {played}"
    if won == 0:
        return f"you have not won a hand yet{of}"
    return f"you have won {won} hand{'s' if won != 1 else ''}{of}"


def _move_words(e: Acted | ForcedBet, street_total: int) -> str:
    """In the words players use: a call names the bet called ("called 20"), not the chips
    added to a blind already posted."""
    if isinstance(e, ForcedBet):
        return f"posted {'an' if e.kind == 'ante' else 'the'} {e.kind} of {e.amount}"
    a = e.action
    words = {ActionKind.FOLD: "folded", ActionKind.CHECK: "checked",
             ActionKind.CALL: f"called {street_total}", ActionKind.BET: f"bet {a.amount}",
             ActionKind.RAISE: f"raised to {a.amount}"}.get(a.kind, str(a))
    return words + (", all in" if e.all_in and a.kind is not ActionKind.FOLD else "")


def hand_moves(hand: Hand, names: Sequence[str]) -> tuple[Move, ...]:
    """What everyone did in ``hand`` so far, street by street, from its public events."""
    street, moves = Street.PREFLOP, []
    total: dict[int, int] = {}  # chips each seat has in on this street
    for e in hand.events:
        if isinstance(e, BoardDealt):
            street, total = e.street, {}
        elif isinstance(e, (Acted, ForcedBet)):
            paid = e.paid if isinstance(e, Acted) else e.amount
            if not (isinstance(e, ForcedBet) and e.kind == "ante"):
                total[e.seat] = total.get(e.seat, 0) + paid
            aggressive = isinstance(e, Acted) and e.action.kind in (ActionKind.BET,
                                                                     ActionKind.RAISE)
            moves.append(Move(names[e.seat], street, _move_words(e, total.get(e.seat, 0)),
                              aggressive, isinstance(e, ForcedBet)))
    return tuple(moves)


def _raise_facts(hand: Hand, seat: int) -> dict[str, object]:
    """The smallest bet/raise now: the engine's own when ``seat`` is to act, else the
    street's (the current bet plus the last full raise, or the bet unit when none is open)."""
    fixed = hand.config.structure is Structure.FIXED_LIMIT
    out: dict[str, object] = {"fixed_limit": fixed, "raise_is_bet": hand.current_bet == 0}
    if hand.is_over:
        return {**out, "no_raise": "the hand is over"}
    if hand.actor == seat:
        legal = hand.legal_actions()
        if legal.can_bet or legal.can_raise:
            return {**out, "min_raise_to": legal.min_to, "raise_is_bet": legal.can_bet}
        probe = Action.bet(1) if legal.current_bet == 0 else Action.raise_to(legal.current_bet + 1)
        return {**out, "no_raise": legal.why_not(probe) or "no raise is possible now"}
    return {**out, "min_raise_to": hand.current_bet + hand.last_full_raise}


def facts_from_hand(
    hand: Hand, seat: int, names: Sequence[str] | None = None, last_reply: str = "",
    estimate: Callable[[Sequence[str], Sequence[str], int], float] | None = None,
    hands_won: int | None = None, hands_played: int | None = None,
) -> TableFacts:
    """The facts ``seat`` may know in an engine hand (no other player's cards)."""
    owe = max(0, hand.current_bet - hand.committed[seat])
    actor = None if hand.is_over else hand.actor
    if names is None or len(names) < hand.n:
        names = [f"seat {i + 1}" for i in range(hand.n)]
    turn_name = None if actor is None else names[actor]
    hole = hand.hole[seat]
    opponents = sum(1 for i in range(hand.n) if i != seat and not hand.folded[i])
    return TableFacts(
        pot=hand.pot_total, to_call=min(owe, hand.stacks[seat]), stack=hand.stacks[seat],
        hole=tuple(hole) if hole else None, board=tuple(hand.board), turn_name=turn_name,
        my_turn=actor == seat, last_reply=last_reply, opponents=opponents,
        estimate=estimate, moves=hand_moves(hand, names), street=hand.street,
        players=tuple(names),
        blinds=tuple(hand.config.blinds), ante=hand.config.ante, hands_won=hands_won,
        hands_played=hands_played, **_raise_facts(hand, seat),  # type: ignore[arg-type]
    )
