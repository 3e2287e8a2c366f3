"""How the table words what it says to a seat: "Leo is" / "You are", and the refusals of
requests that wait for the seat's hand to end.

One wording for the session (which raises them), the table scene and ``holdem say`` (which
report them for a phrase said mid-hand).  Plain strings: importing this costs nothing, so
``holdem say`` does not load the session to word a refusal.

>>> rebuy_refused_in_hand("top-up", "You")
'top-up refused: You are in a hand; rebuys happen between hands'
>>> not_sitting_out("Leo")
'Leo is not sitting out'
"""

from __future__ import annotations

#: Said when the next hand is asked for while one is being played.
DEAL_IN_HAND = "a hand is being played: the next one is dealt after it ends"


def is_(name: str) -> str:
    """ "Leo is" / "You are": messages are shown and spoken to the human, named "You"."""
    return f"{name} are" if name.lower() == "you" else f"{name} is"


def has(name: str) -> str:
    return f"{name} have" if name.lower() == "you" else f"{name} has"


def rebuy_refused_in_hand(word: str, name: str) -> str:
    """Why a rebuy or top-up (``word``) waits: ``name``'s seat is in a hand."""
    return f"{word} refused: {is_(name)} in a hand; rebuys happen between hands"


def not_sitting_out(name: str) -> str:
    """Why "I'm back" does nothing: ``name`` never sat out."""
    return f"{is_(name)} not sitting out"
