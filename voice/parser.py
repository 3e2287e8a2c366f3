"""Text to intent: what the recognizer wrote, read as one of the game's phrases — or nothing.

Recognizers write the same command many ways: "I'll call", "call it", "uh call please";
"raise to two hundred", "raise two two hundred" (the "to" heard as "two"), "alling";
Vosk's phrase list is a bigram model, so words can even come out of order.  The parser
reads all of that through one pipeline, the same one the phrase table goes through:

1. :func:`normalize` — lower case, punctuation off, "3x" -> "3 x", "$200" -> "200";
2. a substitution table of recognizer confusions and word forms ("alling" -> "all in",
   "raised" -> "raise", "times" -> "x", "what is" -> "what's"), and "to"/"for" read as
   numbers only right before "hundred", "thousand", "x" or "big blinds";
3. fillers dropped ("uh", "um", "please", "I", "I'll", "let's", "I'm gonna");
4. spoken numbers folded into one number token (:mod:`voice.numbers`).

The result must then match a phrase of the table exactly — or, failing that, be the same
words as one phrase in another order with every such phrase meaning the same thing.  Any
word left over makes the whole utterance :class:`~voice.intents.Unknown` with the closest
valid phrase: "I think I will call it a night" must not call.  Nothing here ever turns
"check" into "fold"; a wrong action is worse than "didn't catch that".

>>> parse("raise to two hundred")
BetTo(amount=200, alternative=None)
>>> parse("uh I'll call it please")
Call()
>>> parse("raise two two hundred")
BetTo(amount=200, alternative=None)
>>> parse("two and a half x"), parse("three big blinds")
(Multiple(n=2.5, of='bet'), Multiple(n=3, of='bb'))
>>> parse("half pot"), parse("alling"), parse("pot it")
(PotFraction(fraction=Fraction(1, 2)), AllIn(), PotFraction(fraction=Fraction(1, 1)))
>>> parse("I think I will call it a night")
Unknown(text='I think I will call it a night', closest='call it')
>>> parse("raise two fifty")
BetTo(amount=250, alternative=50)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .intents import (
    AllIn,
    BareRaise,
    BetTo,
    Call,
    Check,
    Confirm,
    Fold,
    Intent,
    MinRaise,
    Multiple,
    PotFraction,
    Question,
    QuestionKind,
    RaiseBy,
    TableCommand,
    TableKind,
    Unknown,
)
from .numbers import parse_number, take_number
from .vocabulary import BOT_NAMES, IDLE_WORDS, LEADS
from .vocabulary import FILLERS as _SPOKEN_FILLERS

# --- 1. normalize --------------------------------------------------------------------------

_DIGIT_SUFFIX = re.compile(r"(\d)(x|bb|k)\b")
# "#" too: the phrase table uses it for a number's slot, so typed it would match one
_PUNCT = re.compile(r"(?<!\d)[.,]|[.,](?!\d)|[!?;:\"()\[\]{}/\\*_=+<>~`#]")


def normalize(text: str) -> list[str]:
    """Lower-case word tokens with punctuation removed and digit forms split.

    >>> normalize("Raise to $1,200!  3x? all-in; I’ll")
    ['raise', 'to', '1,200', '3', 'x', 'all', 'in', "i'll"]
    """
    s = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    s = s.replace("[unk]", " <unk> ").replace("%", " percent ").replace("&", " and ")
    s = s.replace("$", " ").replace("-", " ")
    s = _DIGIT_SUFFIX.sub(r"\1 \2", s)
    s = s.replace("<unk>", " \x00 ")
    s = _PUNCT.sub(" ", s)
    return ["<unk>" if t == "\x00" else t.strip("'") for t in s.split() if t.strip("'")]


# --- 2. substitutions ----------------------------------------------------------------------

#: Recognizer confusions and word forms -> the vocabulary's words (longest match first).
SUBSTITUTIONS: dict[tuple[str, ...], tuple[str, ...]] = {
    ("alling",): ("all", "in"), ("allin",): ("all", "in"), ("olin",): ("all", "in"),
    ("all", "inn"): ("all", "in"),
    ("raised",): ("raise",), ("raises",): ("raise",), ("raising",): ("raise",),
    ("checks",): ("check",), ("checked",): ("check",), ("checking",): ("check",),
    ("czech",): ("check",),
    ("calls",): ("call",), ("called",): ("call",), ("calling",): ("call",),
    ("folds",): ("fold",), ("folded",): ("fold",), ("folding",): ("fold",),
    ("bets",): ("bet",), ("betting",): ("bet",),
    ("shoved",): ("shove",), ("shoving",): ("shove",),
    ("jammed",): ("jam",), ("jamming",): ("jam",),
    ("mini",): ("min",),
    ("big", "blinds"): ("bb",), ("big", "blind"): ("bb",), ("bbs",): ("bb",), ("b", "b"): ("bb",),
    ("times",): ("x",), ("time",): ("x",), ("ex",): ("x",),
    ("per", "cent"): ("percent",), ("fourths",): ("quarters",), ("fourth",): ("quarter",),
    ("what", "is"): ("what's",), ("whats",): ("what's",), ("who's",): ("whose",),
    ("whos",): ("whose",), ("who", "is"): ("whose",),
    ("i", "am"): ("i'm",), ("im",): ("i'm",), ("i", "will"): ("i'll",),
    ("let", "us"): ("let's",), ("lets",): ("let's",),
    ("dont",): ("don't",), ("do", "not"): ("don't",),
    ("going", "to"): ("gonna",), ("want", "to"): ("gonna",), ("wanna",): ("gonna",),
    ("too",): ("to",), ("okay",): ("ok",), ("yup",): ("yep",),
    ("re", "buy"): ("rebuy",), ("top", "off"): ("top", "up"), ("k",): ("thousand",),
    ("on", "the", "pot"): ("of", "the", "pot"), ("is", "pot"): ("pot",),
}
_MAX_SUB = max(len(k) for k in SUBSTITUTIONS)

#: Words a recognizer writes for a number word, trusted only right before a number's end.
NUMBER_CONFUSIONS: dict[str, str] = {
    "to": "two", "for": "four", "fore": "four", "won": "one", "ate": "eight", "tree": "three",
}
_NUMBER_FOLLOWERS = frozenset({"hundred", "thousand", "x", "bb"})


def substitute(tokens: Sequence[str]) -> list[str]:
    """Apply :data:`SUBSTITUTIONS` (longest first) and the number confusions in context.

    >>> substitute("raised for hundred".split())
    ['raise', 'four', 'hundred']
    >>> substitute("raise to two hundred".split())
    ['raise', 'to', 'two', 'hundred']
    """
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for n in range(min(_MAX_SUB, len(tokens) - i), 0, -1):
            key = tuple(tokens[i:i + n])
            if key in SUBSTITUTIONS:
                out.extend(SUBSTITUTIONS[key])
                i += n
                break
        else:
            out.append(tokens[i])
            i += 1
    for j, tok in enumerate(out):
        if tok in NUMBER_CONFUSIONS and j + 1 < len(out) and out[j + 1] in _NUMBER_FOLLOWERS:
            out[j] = NUMBER_CONFUSIONS[tok]
    return out


# --- 3. fillers ----------------------------------------------------------------------------

#: Words that carry no command, dropped wherever they stand: the vocabulary's fillers,
#: lead-ins and idle words, as the substitutions leave them ("i will" -> "i'll").
FILLERS: frozenset[str] = frozenset(
    w for said in (*_SPOKEN_FILLERS, *LEADS, *IDLE_WORDS) for w in substitute(said.split())
)


def drop_fillers(tokens: Sequence[str]) -> list[str]:
    return [t for t in tokens if t not in FILLERS]


# --- 4. numbers ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Num:
    """A spoken number inside a token list, with the words it came from."""

    value: float
    words: tuple[str, ...]


Token = str | Num


def fold_numbers(tokens: Sequence[str]) -> list[Token]:
    """Replace every spoken number by one :class:`Num` token.

    >>> fold_numbers("raise to one fifty".split())
    ['raise', 'to', Num(value=150, words=('one', 'fifty'))]
    """
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        got = take_number(tokens, i) if tokens[i] not in ("a", "and", "point") else None
        if got is None and tokens[i] == "a" and i + 1 < len(tokens) and tokens[i + 1] in (
            "hundred", "thousand",
        ):
            got = take_number(tokens, i)
        if got is None:
            out.append(tokens[i])
            i += 1
        else:
            value, j = got
            out.append(Num(value, tuple(tokens[i:j])))
            i = j
    return out


_VERBS = frozenset({"raise", "bet", "it"})


def _fix_to_two(tokens: list[Token]) -> list[Token]:
    """'raise two two hundred': a lone 'two' between a verb and a number was 'to'."""
    out = list(tokens)
    for j in range(1, len(out) - 1):
        prev, cur, nxt = out[j - 1], out[j], out[j + 1]
        if (isinstance(cur, Num) and cur.words in (("two",), ("to",), ("2",))
                and isinstance(nxt, Num) and isinstance(prev, str) and prev in _VERBS):
            out[j] = "to"
    return out


def _dedupe(tokens: list[Token]) -> list[Token]:
    """'call call' -> 'call', 'all in all in' -> 'all in' (people and recognizers repeat
    themselves); a repeated number is kept, "two two hundred" is not "two hundred"."""
    out: list[Token] = []
    for t in tokens:
        if out and isinstance(t, str) and out[-1] == t:
            continue
        out.append(t)
    half = len(out) // 2
    if len(out) % 2 == 0 and half and out[:half] == out[half:]:
        return out[:half]
    return out


def canonical(text: str) -> list[Token]:
    """The whole pipeline: the token list the phrase table is matched against."""
    return _dedupe(_fix_to_two(fold_numbers(drop_fillers(substitute(normalize(text))))))


def _key(tokens: Sequence[Token]) -> tuple[str, ...]:
    return tuple("#" if isinstance(t, Num) else t for t in tokens)


# --- the phrase table ----------------------------------------------------------------------

Builder = Callable[[list[Num]], "Intent | None"]


def _const(intent: Intent) -> Builder:
    return lambda nums: intent


def _bet_to(nums: list[Num]) -> Intent | None:
    n = nums[0]
    return BetTo(n.value, spoken=n.words) if n.value > 0 else None


def _raise_maybe_to(nums: list[Num]) -> Intent | None:
    """'raise two fifty' is 250 — or 'raise to fifty' with the 'to' heard as 'two': both are
    phrases, so the other reading is kept and the resolver asks before acting."""
    n = nums[0]
    if n.value <= 0:
        return None
    alternative = None
    if len(n.words) > 1 and n.words[0] == "two":
        alternative = parse_number(list(n.words[1:]))
    return BetTo(n.value, alternative, spoken=n.words)


def _raise_by(nums: list[Num]) -> Intent | None:
    n = nums[0]
    return RaiseBy(n.value, spoken=n.words) if n.value > 0 else None


def _times(of: str) -> Builder:
    def build(nums: list[Num]) -> Intent | None:
        n = nums[0].value
        return Multiple(n, of) if 0 < n <= 1000 else None  # type: ignore[arg-type]
    return build


def _fraction(denominator: int, singular: bool) -> Builder:
    def build(nums: list[Num]) -> Intent | None:
        k = nums[0].value
        if singular and k != 1:
            return None
        if not float(k).is_integer() or not 0 < k <= 3 * denominator:
            return None
        return PotFraction(Fraction(int(k), denominator))
    return build


def _percent(nums: list[Num]) -> Intent | None:
    n = nums[0].value
    return PotFraction(Fraction(n).limit_denominator(1000) / 100) if 0 < n <= 300 else None


_AMOUNT_VERBS = ("bet", "raise", "raise to", "raise it to", "raise it", "make it")
_TIMES_VERBS = ("", "bet", "raise", "raise to", "raise it to", "raise it", "make it")
_FRACTION_VERBS = ("", "bet", "raise", "make it", "raise it")
_FRACTIONS: tuple[tuple[str, Builder], ...] = (
    ("half", _const(PotFraction(Fraction(1, 2)))),
    ("a half", _const(PotFraction(Fraction(1, 2)))),
    ("# half", _fraction(2, True)),
    ("a third", _const(PotFraction(Fraction(1, 3)))),
    ("the third", _const(PotFraction(Fraction(1, 3)))),
    ("third", _const(PotFraction(Fraction(1, 3)))),
    ("# third", _fraction(3, True)), ("# thirds", _fraction(3, False)),
    ("a quarter", _const(PotFraction(Fraction(1, 4)))),
    ("the quarter", _const(PotFraction(Fraction(1, 4)))),
    ("quarter", _const(PotFraction(Fraction(1, 4)))),
    ("# quarter", _fraction(4, True)), ("# quarters", _fraction(4, False)),
    ("# percent", _percent),
)

_QUESTIONS: dict[QuestionKind, tuple[str, ...]] = {
    QuestionKind.POT: (
        "what's the pot", "how much is the pot", "how much is in the pot", "how big is the pot",
        "how much in the pot", "what's in the pot", "pot size", "what's the pot size",
    ),
    QuestionKind.TO_CALL: (
        "how much to call", "how much is it to call", "what's it to call",
        "how much do i need to call", "what do i need to call",
        "how much is the call", "what's the call",
    ),
    QuestionKind.HAND: (
        "what do i have", "what are my cards", "what's my hand", "what cards do i have",
        "what is my hand", "my cards", "show my cards",
    ),
    QuestionKind.STACK: (
        "what's my stack", "how many chips do i have", "how much do i have", "my stack",
        "how big is my stack", "what's my chip count",
    ),
    QuestionKind.TURN: ("whose turn", "whose turn is it", "whose turn to act", "whose action"),
    QuestionKind.REPEAT: (
        "repeat", "repeat that", "say that again", "say again", "pardon", "come again",
        "what did you say",
    ),
    QuestionKind.HELP: ("help", "what can i say", "help me", "commands", "what are the commands"),
    QuestionKind.ODDS: (
        "what are my odds", "what's my equity", "what are my chances", "what are the odds",
        "what are my pot odds", "my odds", "my equity", "odds", "equity",
    ),
    QuestionKind.OUTS: (
        "how many outs", "how many outs do i have", "how many outs have i got",
        "what are my outs", "my outs", "outs",
    ),
    QuestionKind.WHO_RAISED: (
        "who raised", "who raised it", "who raised me", "who bet", "who made the bet",
        "who made the raise",
    ),
    QuestionKind.MIN_RAISE: (
        "what's the minimum raise", "what's the min raise", "how much is the minimum raise",
        "what's the minimum bet", "what's the min bet", "what can i raise to",
        "how much can i raise",
    ),
    QuestionKind.BLINDS: (
        "what are the blinds", "how big are the blinds", "what's the big blind", "the blinds",
        "blinds", "what are the stakes",
    ),
    QuestionKind.HANDS_WON: (
        "how many hands have i won", "how many hands did i win", "how many have i won",
        "how many pots have i won", "hands won",
    ),
}

#: "what did Leo do": the question about one player, the name in the slot.
_PLAYER_QUESTIONS = ("what did {} do", "what did {} just do", "what has {} done")

_TABLE: dict[TableKind, tuple[str, ...]] = {
    TableKind.DEAL: ("deal", "deal next hand", "deal the next hand", "next hand", "deal the cards"),
    TableKind.REBUY: ("rebuy", "buy in", "buy more chips"),
    TableKind.TOP_UP: ("top up", "top me up"),
    TableKind.SIT_OUT: ("sit out", "sit me out", "sit out next hand"),
    TableKind.BACK: ("i'm back", "sit in", "deal me in", "i am back"),
    TableKind.PAUSE: ("pause", "pause the game"),
    TableKind.OPTIONS: ("options", "settings", "show options", "menu"),
    TableKind.QUIT: ("quit", "quit the game", "leave the table", "leave", "exit the game"),
    TableKind.PLAY: ("play", "start", "start the game", "start a game", "new game",
                     "let's play", "start playing"),
    TableKind.SPECTATE: ("spectate", "watch the bots", "spectate the bots", "just watch"),
    TableKind.RESUME: ("resume", "resume the game", "resume last game", "resume the last game",
                       "continue", "continue the game"),
    TableKind.NEXT: ("next", "next item"),
    TableKind.PREVIOUS: ("previous", "previous item"),
    TableKind.UP: ("up", "move up"),
    TableKind.DOWN: ("down", "move down"),
    TableKind.SELECT: ("select", "select it", "select that", "choose", "choose it", "enter"),
    TableKind.CLOSE: ("close", "close it", "close that", "close this", "close the menu",
                      "close menu"),
}
#: Said with an amount: chips to add ("rebuy five hundred") or the stack to reach ("top up
#: to a thousand").
_REBUY_ADD = ("rebuy #", "rebuy for #", "buy in for #", "add #", "top up by #")
_REBUY_TO = ("top up to #", "rebuy to #", "buy in to #")
#: More ways to sit out, beside the table's own: "deal me out".
_SIT_OUT_MORE = ("deal me out", "deal me out next hand")

_CONFIRM_YES = (
    "yes", "yeah", "yep", "confirm", "confirmed", "do it", "yes do it", "yes confirm", "correct",
    "that's right", "sure", "yes please",
)
_CONFIRM_NO = (
    "no", "nope", "cancel", "no thanks", "never mind", "don't", "no don't", "cancel that",
    "don't do it", "no cancel", "stop",
)


def _phrase_table() -> list[tuple[str, Builder]]:
    t: list[tuple[str, Builder]] = []
    for p in ("fold", "fold it", "fold my hand", "fold my cards", "fold this"):
        t.append((p, _const(Fold())))
    for p in ("check", "check it"):
        t.append((p, _const(Check())))
    for p in ("call", "call it", "call that", "call the bet"):
        t.append((p, _const(Call())))
    for v in _AMOUNT_VERBS:
        t.append((f"{v} #", _raise_maybe_to if v in ("raise", "raise it") else _bet_to))
    for p in ("raise by #", "raise it by #", "raise # more", "bet # more"):
        t.append((p, _raise_by))
    for v in _TIMES_VERBS:
        for tail in ("# x", "# x the bet", "# x bet"):
            t.append((f"{v} {tail}", _times("bet")))
        for tail in ("# bb", "# x the bb", "# x bb"):
            t.append((f"{v} {tail}", _times("bb")))
    pot = _const(PotFraction(Fraction(1)))
    for p in ("pot", "pot it", "bet the pot", "raise the pot", "bet pot", "raise pot", "full pot",
              "bet full pot", "raise full pot", "make it pot", "make it the pot"):
        t.append((p, pot))
    for v in _FRACTION_VERBS:
        for frac, build in _FRACTIONS:
            for mid in ("", "the", "of the", "of", "a", "of a"):
                t.append((f"{v} {frac} {mid} pot", build))
    for p in ("min", "min raise", "min bet", "minimum", "minimum raise", "minimum bet",
              "raise the minimum", "bet the minimum", "raise min", "bet min", "raise minimum",
              "bet minimum", "make it the minimum"):
        t.append((p, _const(MinRaise())))
    for p in ("raise", "bet", "raise it"):
        t.append((p, _const(BareRaise())))
    for p in ("all in", "i'm all in", "going all in", "shove", "shove it", "jam", "jam it",
              "raise all in", "bet all in", "shove all in"):
        t.append((p, _const(AllIn())))
    for p in _CONFIRM_YES:
        t.append((p, _const(Confirm(True))))
    for p in _CONFIRM_NO:
        t.append((p, _const(Confirm(False))))
    for kind, qs in _QUESTIONS.items():
        t.extend((q, _const(Question(kind))) for q in qs)
    for table_kind, cs in _TABLE.items():
        t.extend((c, _const(TableCommand(table_kind))) for c in cs)
    for name in BOT_NAMES:
        t.extend((q.format(name), _const(Question(QuestionKind.PLAYER_ACTION, name)))
                 for q in _PLAYER_QUESTIONS)
    t.extend((q.format("seat #"), _seat_question) for q in _PLAYER_QUESTIONS)
    t.extend((c, _rebuy(TableKind.REBUY)) for c in _REBUY_ADD)
    t.extend((c, _rebuy(TableKind.TOP_UP)) for c in _REBUY_TO)
    t.extend((c, _const(TableCommand(TableKind.SIT_OUT))) for c in _SIT_OUT_MORE)
    return t


def _seat_question(nums: list[Num]) -> Intent | None:
    """"what did seat 3 do": a seat by number, where players have no names (a hand history)."""
    n = nums[0].value
    return Question(QuestionKind.PLAYER_ACTION, f"seat {int(n)}") if float(n).is_integer() \
        and 1 <= n <= 10 else None


def _rebuy(kind: TableKind) -> Builder:
    def build(nums: list[Num]) -> Intent | None:
        n = nums[0].value
        return TableCommand(kind, int(n)) if n > 0 and float(n).is_integer() else None
    return build


def _template_key(template: str) -> tuple[str, ...]:
    """A template through the same pipeline as input ('#' marks a number slot)."""
    parts = template.split("#")
    keys: list[str] = []
    for i, part in enumerate(parts):
        keys.extend(_key(canonical(part)) if part.strip() else ())
        if i < len(parts) - 1:
            keys.append("#")
    return tuple(keys)


@dataclass(frozen=True)
class _Entry:
    template: str
    build: Builder


_EXACT: dict[tuple[str, ...], list[_Entry]] = {}
_BAG: dict[tuple[str, ...], list[_Entry]] = {}
for _template, _builder in _phrase_table():
    _k = _template_key(_template)
    _EXACT.setdefault(_k, []).append(_Entry(_template, _builder))
    _BAG.setdefault(tuple(sorted(_k)), []).append(_Entry(_template, _builder))

#: Phrases offered as "closest": one or two plain forms per family ('#' = the amount).
CLOSEST_PHRASES: tuple[str, ...] = (
    "fold", "check", "call", "call it", "bet #", "raise to #", "raise by #", "make it #",
    "# x", "# big blinds", "pot", "half pot", "two thirds pot", "min raise", "all in",
    "yes", "no", "cancel", "what's the pot", "how much to call", "what do i have",
    "what's my stack", "whose turn", "repeat", "help", "deal", "next hand", "rebuy", "top up",
    "sit out", "i'm back", "pause", "options", "play", "spectate", "resume",
)
_CLOSEST_KEYS = [(p, " ".join(_template_key(p))) for p in CLOSEST_PHRASES]


def _build(entries: list[_Entry], nums: list[Num]) -> Intent | None:
    """The one intent these entries give, or None if none or they disagree."""
    results = {e.build(nums) for e in entries}
    results.discard(None)
    return results.pop() if len(results) == 1 else None


def closest_phrase(text: str) -> str:
    """The valid phrase nearest to ``text`` (character similarity after normalizing).

    >>> closest_phrase("nice hand"), closest_phrase("raise too")
    ('next hand', 'raise to two hundred')
    """
    tokens = [t for t in canonical(text) if t != "<unk>"]
    nums = [t for t in tokens if isinstance(t, Num)]
    if not tokens:
        return "help"
    if _key(tokens) == ("#",):
        return "raise to " + " ".join(nums[0].words)
    said = " ".join(_key(tokens))
    best = max(_CLOSEST_KEYS, key=lambda pk: difflib.SequenceMatcher(None, said, pk[1]).ratio())
    phrase = best[0]
    if "#" in phrase:  # say the amount heard, or a typical one for the family
        typical = "three" if phrase.startswith("#") else "two hundred"
        phrase = phrase.replace("#", " ".join(nums[0].words) if nums else typical)
    return phrase


#: Longer than any command, however padded: such text is talk, and reading it costs time.
MAX_WORDS = 30
MAX_CHARS = 300


def _match(tokens: list[Token]) -> Intent | None:
    if not tokens:
        return None
    key = _key(tokens)
    nums = [t for t in tokens if isinstance(t, Num)]
    if key in _EXACT:
        got = _build(_EXACT[key], nums)
        if got is not None:
            return got
    bag = tuple(sorted(key))
    if bag in _BAG and len(nums) <= 1:
        return _build(_BAG[bag], nums)
    return None


def parse(text: str) -> Intent:
    """The intent ``text`` says, or :class:`Unknown` with the closest valid phrase.

    A word the recognizer could not place (Vosk's ``[unk]``) voids any command, but a
    question or a "no" around it is still heard: answering or cancelling harms nothing.

    >>> parse("[unk] what's the pot"), parse("[unk] call")
    (Question(kind=<QuestionKind.POT: 'pot'>), Unknown(text='[unk] call', closest='call'))
    """
    if len(text) > MAX_CHARS or len(text.split()) > MAX_WORDS:
        return Unknown(text, closest_phrase(" ".join(text[:MAX_CHARS].split()[:MAX_WORDS])))
    got = command(text)
    return got if got is not None else Unknown(text, closest_phrase(text))


def command(text: str) -> Intent | None:
    """What :func:`parse` reads ``text`` as, or None where it would say Unknown — without
    its search for the closest phrase, most of its cost on text that is no command (a
    recognizer weighing many candidates wants only the yes or no).

    >>> command("raise to two hundred"), command("nice hand")
    (BetTo(amount=200, alternative=None), None)
    """
    tokens = canonical(text)
    if "<unk>" not in tokens:
        return _match(tokens)
    got = _match([t for t in tokens if t != "<unk>"])
    return got if isinstance(got, Question) or got == Confirm(False) else None


# --- several hypotheses -----------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """The meaning of a recognizer's n-best list: act only when one meaning clearly wins."""

    intent: Intent
    #: True when the winning meaning leads the runner-up by at least the margin.
    clear: bool
    #: Share of the hypotheses' weight behind the winning meaning (0..1).
    share: float


def choose(hypotheses: Sequence[tuple[str, float]], margin: float = 0.3) -> Choice:
    """Group n-best ``(text, weight)`` hypotheses by meaning and pick the heaviest.

    Like Lichess's voice moves: a command plays only when one candidate is clearly best;
    otherwise the caller asks for a yes (pass a low confidence to the resolver).  If most
    of the weight means nothing, the answer is :class:`Unknown`.

    >>> choose([("call", 0.6), ("call it", 0.3), ("fold", 0.1)])
    Choice(intent=Call(), clear=True, share=0.9)
    >>> choose([("call", 0.5), ("fold", 0.5)]).clear
    False
    >>> choose([]).intent
    Unknown(text='', closest='help')
    """
    weights: dict[Intent, float] = {}
    first: dict[Intent, str] = {}
    total = 0.0
    for text, weight in hypotheses:
        w = max(0.0, float(weight))
        total += w
        got = parse(text)
        key: Intent = Unknown("", "") if isinstance(got, Unknown) else got
        weights[key] = weights.get(key, 0.0) + w
        first.setdefault(key, text)
    if not weights or total <= 0:
        text = hypotheses[0][0] if hypotheses else ""
        return Choice(Unknown(text, closest_phrase(text)), False, 0.0)
    ranked = sorted(weights.items(), key=lambda kv: kv[1], reverse=True)
    best, w1 = ranked[0]
    w2 = ranked[1][1] if len(ranked) > 1 else 0.0
    share = round(w1 / total, 6)
    if isinstance(best, Unknown):
        text = first[best]
        return Choice(Unknown(text, closest_phrase(text)), False, share)
    return Choice(best, (w1 - w2) / total >= margin, share)
