"""The in-game help: what a player can say, grouped the way the table thinks of it.

Every example here is a phrase the parser understands (a test parses each one), so the
help screen can never advertise something the game would not act on.

>>> print(help_text().splitlines()[0])
Say any of these (amounts as you would say them: "one fifty", "twelve hundred", "200"):
>>> spoken_help()
'Say fold, check, call, bet or raise to an amount, half pot, pot, all in, or ask what is the pot.'
"""

from __future__ import annotations

#: (section title, what it does, example phrases) in the order the help screen shows them.
HELP_SECTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Fold, check, call", "call with nothing to call checks; a free fold asks first",
     ("fold", "I fold", "check", "I'll check", "call", "call it")),
    ("Bet or raise to a total", "X is your total on this street",
     ("bet one fifty", "raise to two hundred", "raise 300", "make it twelve hundred")),
    ("Raise by", "X on top of the current bet", ("raise by fifty", "raise one hundred more")),
    ("Multiples", "of the current bet, or of the big blind when none is open",
     ("three x", "raise two and a half x", "three times", "four big blinds")),
    ("Pot sizes", "for raises: call, then raise by that share of the pot",
     ("pot", "bet the pot", "pot it", "half pot", "a third of the pot", "two thirds pot",
      "three quarters pot", "seventy five percent of the pot")),
    ("Minimum and all in", "all in always asks for a yes",
     ("min raise", "min bet", "minimum", "all in", "I'm all in", "shove", "jam")),
    ("Confirming", "all in, bets over half your stack and a heard fold wait for an answer",
     ("yes", "confirm", "do it", "no", "cancel")),
    ("Questions", "answered aloud and shown, nothing is done",
     ("what's the pot", "how much to call", "what do I have", "what's my stack",
      "whose turn", "what's the minimum raise", "repeat", "help")),
    ("Odds and the table", "odds from your cards and the board against those left",
     ("what are my odds", "how many outs", "what did Leo do", "who raised",
      "what are the blinds", "how many hands have I won")),
    ("Table", "rebuys within the limits; quit asks first (watching bots: back too)",
     ("deal", "next hand", "rebuy five hundred", "top up to a thousand", "sit out",
      "deal me out", "I'm back", "pause", "options", "quit")),
    ("Menus and dialogs", "move and choose in an open menu",
     ("next", "previous", "move up", "move down", "select", "back", "close")),
    ("Start screen", "each choice is said as it is selected; quit asks first",
     ("play", "start the game", "spectate", "resume", "options", "move down", "select",
      "quit")),
)


def help_examples() -> list[str]:
    """Every example phrase, in help order."""
    return [p for _, _, examples in HELP_SECTIONS for p in examples]


def help_text() -> str:
    """The help screen's text, one section per family."""
    lines = ['Say any of these (amounts as you would say them: "one fifty", "twelve hundred",'
             ' "200"):']
    for title, note, examples in HELP_SECTIONS:
        lines.append(f"  {title} — {note}:")
        lines.append("    " + ", ".join(f'"{e}"' for e in examples))
    return "\n".join(lines)


def spoken_help() -> str:
    """A one-sentence help the game can say aloud."""
    return ("Say fold, check, call, bet or raise to an amount, half pot, pot, all in,"
            " or ask what is the pot.")
