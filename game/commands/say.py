"""`holdem say "TEXT" --phh PARTIAL.phh`: one spoken phrase resolved for the player to act.

Prints ``{"text", "intent", "action", "confirm", "reply", "error"}`` (ARCHITECTURE.md):
``action`` is a PHH action string for the actor ("p3 cbr 200", "p2 cc", "p1 f") or null,
``confirm`` true when it waits for "yes", ``reply`` the spoken answer to a question or the
confirmation prompt, ``error`` the reason nothing was done.  Exit 0 whenever the command ran
(a rejected phrase is a normal answer), 2 for a file that cannot be read or a hand with
nobody to act.

For ``holdem listen`` and the voice benchmark, without argparse: load the hand once with
:func:`load_situation` (or :func:`situation_from_history`) and call :func:`say_result` per
utterance with the recognizer's confidence.

Amounts spoken are in the hand history's own units (a 0.50/1.00 hand hears "raise to
three" as 3.00); the resolver works in the engine's integer chips.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from game.engine.actions import Action, ActionKind, LegalActions
from game.engine.config import Structure
from game.engine.errors import EngineError
from game.engine.hand import Hand
from game.phh import HandHistory, PhhError, read_file
from game.phh.amounts import Scale
from game.phh.replay import replay_partial
from game.ui.setup import HUMAN_NAME
from game.wording import DEAL_IN_HAND, not_sitting_out, rebuy_refused_in_hand
from voice.intents import (
    BetTo,
    Confirm,
    Intent,
    Question,
    RaiseBy,
    TableCommand,
    TableKind,
)
from voice.numbers import cents_reading
from voice.parser import parse
from voice.questions import answer, facts_from_hand
from voice.resolver import Rejection, ResolveContext, resolve
from voice.vocabulary import confusions_for


class SayInputError(ValueError):
    """The hand cannot be used: unreadable, not PHH, or nobody is to act in it."""


@dataclass(frozen=True)
class Situation:
    """An unfinished hand at the moment a player is to act."""

    hand: Hand
    legal: LegalActions
    scale: Scale
    structure: Structure
    #: The history's ``players`` names, when it has them ("what did Leo do").
    names: tuple[str, ...] = ()

    @property
    def seat(self) -> int:
        return self.legal.seat


def situation_from_history(history: HandHistory) -> Situation:
    """Replay ``history`` through the engine up to the player who is to act."""
    try:
        result = replay_partial(history)
        hand, scale = result.hand, result.scale
    except (EngineError, PhhError) as exc:
        raise SayInputError(f"the hand cannot be replayed: {exc}") from None
    if hand.is_over:
        raise SayInputError("the hand is already over: nobody is to act")
    if hand.actor is None:
        need = hand.needs_cards()
        raise SayInputError(f"nobody is to act: the hand waits for {need[0] if need else '?'}"
                            " cards (add them with 'd db ...')")
    players = history.extra.get("players")
    names = (tuple(str(p) for p in players)
             if isinstance(players, list) and len(players) == hand.n else ())
    return Situation(hand, hand.legal_actions(), scale, hand.config.structure, names)


def load_situation(path: str | Path) -> Situation:
    """The first hand of a .phh/.phhs file, replayed to the player to act."""
    try:
        hands = iter(read_file(path))
        first = next(hands, None)
    except (OSError, UnicodeDecodeError) as exc:
        raise SayInputError(f"cannot read {path}: {exc}") from None
    if first is None:
        raise SayInputError(f"{path} holds no hand")
    if isinstance(first, PhhError):
        raise SayInputError(f"{path}: {first}")
    return situation_from_history(first)


def _in_units(intent: Intent, scale: Scale) -> Intent:
    """At a table with decimal amounts, "two fifty" is 2.50, not 250 (dealers' shorthand)."""
    if scale.places == 0 or not isinstance(intent, (BetTo, RaiseBy)):
        return intent
    cents = cents_reading(intent.spoken)
    if cents is None:
        return intent
    if isinstance(intent, BetTo):
        return BetTo(cents, intent.alternative, spoken=intent.spoken)
    return RaiseBy(cents, spoken=intent.spoken)


def _to_chips(intent: Intent, factor: int) -> Intent:
    """Amounts said in the history's units -> engine chips."""
    if factor == 1:
        return intent
    if isinstance(intent, BetTo):
        alt = None if intent.alternative is None else intent.alternative * factor
        return BetTo(intent.amount * factor, alt)
    if isinstance(intent, RaiseBy):
        return RaiseBy(intent.amount * factor)
    return intent


def phh_action(action: Action, seat: int, legal: LegalActions, scale: Scale) -> str:
    """The PHH string for ``action`` by ``seat``: "p1 f", "p2 cc", "p3 cbr 200".

    >>> phh_action(Action.raise_to(200), 2, None, Scale(0))
    'p3 cbr 200'
    """
    who = f"p{seat + 1}"
    if action.kind is ActionKind.FOLD:
        return f"{who} f"
    if action.kind in (ActionKind.CHECK, ActionKind.CALL):
        return f"{who} cc"
    amount = legal.all_in_to if action.kind is ActionKind.ALL_IN else action.amount
    if action.kind is ActionKind.ALL_IN and legal.all_in_to <= legal.current_bet:
        return f"{who} cc"
    return f"{who} cbr {scale.format(amount)}"


#: Table commands that wait for the hand to end, refused in the words the game uses when
#: they are said during the speaker's hand (the voice path tops up for "rebuy" too).
MID_HAND_REFUSALS: dict[TableKind, str] = {
    TableKind.DEAL: DEAL_IN_HAND,
    TableKind.PLAY: DEAL_IN_HAND,  # "play" at the table deals the next hand
    TableKind.REBUY: rebuy_refused_in_hand("top-up", HUMAN_NAME),
    TableKind.TOP_UP: rebuy_refused_in_hand("top-up", HUMAN_NAME),
    TableKind.BACK: not_sitting_out(HUMAN_NAME),
}


def say_result(
    text: str, situation: Situation, confidence: float | None = None,
    confirm_fraction: float = 0.5, last_reply: str = "", engine: str | None = None,
) -> dict[str, object]:
    """The ``holdem say`` JSON object for one phrase (nothing is applied to the hand).
    ``engine``: the recognizer that heard it (its own confusions are weighed)."""
    intent = _in_units(parse(text), situation.scale)
    out: dict[str, object] = {
        "text": text, "intent": intent.describe(), "action": None, "confirm": False,
        "reply": None, "error": None,
    }
    if isinstance(intent, Question):
        from bots.equity import equity_against_random

        names = list(situation.names) or [f"seat {i + 1}" for i in range(situation.hand.n)]
        names[situation.seat] = "you"  # the phrase is the actor's
        facts = facts_from_hand(situation.hand, situation.seat, names, last_reply=last_reply,
                                estimate=equity_against_random)
        out["reply"] = answer(intent, facts)
        return out
    if isinstance(intent, Confirm):
        out["error"] = "there is nothing to confirm"
        return out
    if isinstance(intent, TableCommand):
        # The speaker is in an unfinished hand: what waits for the hand's end is refused,
        # as the game refuses it; the rest (pause, sit out, options) the game does.
        refusal = MID_HAND_REFUSALS.get(intent.kind)
        if refusal is not None:
            out["error"] = refusal
        else:
            out["reply"] = (f"{intent.kind.value.replace('_', ' ')}: a table command, done by "
                            "the game")
        return out
    ctx = ResolveContext(confirm_fraction=confirm_fraction, confidence=confidence,
                         structure=situation.structure, chips=situation.scale.format,
                         confusions=confusions_for(engine))
    got = resolve(_to_chips(intent, situation.scale.factor), situation.legal, ctx)
    if isinstance(got, Rejection):
        out["error"] = got.reason
        return out
    out["action"] = phh_action(got.action, situation.seat, situation.legal, situation.scale)
    out["confirm"] = got.confirm
    if got.confirm:
        from voice.confirm import prompt

        out["reply"] = prompt(got, situation.scale.format)
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", help="the phrase, as a recognizer would write it")
    parser.add_argument("--phh", required=True, metavar="PARTIAL.phh",
                        help="an unfinished hand; the phrase is for the player to act")
    parser.add_argument("--confidence", type=float, default=None,
                        help="recognizer confidence 0..1 (low confidence asks for a yes)")
    parser.add_argument("--confirm-fraction", type=float, default=0.5,
                        help="bets over this share of the stack ask for a yes (default 0.5)")


def run(args: argparse.Namespace) -> int:
    if args.confidence is not None and not 0 <= args.confidence <= 1:
        print(f"holdem say: --confidence must be between 0 and 1, not {args.confidence}",
              file=sys.stderr)
        return 2
    if not 0 < args.confirm_fraction <= 1:
        print(f"holdem say: --confirm-fraction must be above 0 and at most 1, not "
              f"{args.confirm_fraction}", file=sys.stderr)
        return 2
    try:
        situation = load_situation(args.phh)
    except SayInputError as exc:
        print(f"holdem say: {exc}", file=sys.stderr)
        return 2
    result = say_result(args.text, situation, args.confidence, args.confirm_fraction)
    print(json.dumps(result))  # JSON with or without --json, like replay and simulate
    return 0
