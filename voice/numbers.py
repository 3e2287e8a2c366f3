"""Spoken numbers to values and back: what a player says when naming an amount.

Players say amounts the way dealers do — "one fifty" is 150, "twelve hundred" is 1200 — and
recognizers write them as words or digits.  :func:`parse_number` reads all of those;
:func:`take_number` reads the longest number starting at a token so the parser can find an
amount inside a command.  :func:`number_words` and :func:`spoken_forms` go the other way, for
the vocabulary (phrase lists and grammars) and for speaking amounts back.

>>> parse_number("one fifty"), parse_number("two fifty"), parse_number("twelve hundred")
(150, 250, 1200)
>>> parse_number("two thousand five hundred"), parse_number("a hundred")
(2500, 100)
>>> parse_number("200"), parse_number("1,200"), parse_number("$75")
(200, 1200, 75)
>>> parse_number("two and a half"), parse_number("2.5"), parse_number("two point five")
(2.5, 2.5, 2.5)
>>> parse_number("one hundred and twenty five"), parse_number("twenty-five")
(125, 25)
>>> parse_number("one oh five"), parse_number("twelve fifty"), parse_number("3 thousand")
(105, 1250, 3000)
>>> parse_number("nice hand") is None, parse_number("two two") is None
(True, True)
>>> number_words(1250)
'one thousand two hundred fifty'
>>> spoken_forms(150)
['one hundred fifty', 'one fifty', 'a hundred fifty', 'one hundred and fifty']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

UNITS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
}
TEENS: dict[str, int] = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}
TENS: dict[str, int] = {
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}
#: Words that only ever occur inside numbers (besides the ones above).
SCALE_WORDS: tuple[str, ...] = ("hundred", "thousand")
#: Every word that is part of a spoken number ("a" and "and" aside, which are other words too).
NUMBER_WORDS: frozenset[str] = frozenset((*UNITS, *TEENS, *TENS, *SCALE_WORDS))

#: Digits as recognizers and keyboards write them; at most 15 digits (no chip count is longer).
_DIGITS = re.compile(r"^\$?(\d{1,3}(?:,\d{3}){1,4}|\d{1,15})(?:\.(\d{1,6}))?$")

Number = int | float


def _clean(value: float) -> Number:
    """Whole values come back as int, so 150.0 prints as 150."""
    return int(value) if float(value).is_integer() else value


def _digits(token: str) -> float | None:
    m = _DIGITS.match(token)
    if not m:
        return None
    whole = int(m.group(1).replace(",", ""))
    frac = m.group(2)
    return whole + (int(frac) / 10 ** len(frac) if frac else 0)


def _below100(t: Sequence[str], i: int) -> tuple[int, int] | None:
    """'seven', 'twelve', 'forty', 'forty two' -> (value, next index)."""
    if i >= len(t):
        return None
    w = t[i]
    if w in TENS:
        if i + 1 < len(t) and t[i + 1] in UNITS and UNITS[t[i + 1]] > 0:
            return TENS[w] + UNITS[t[i + 1]], i + 2
        return TENS[w], i + 1
    if w in TEENS:
        return TEENS[w], i + 1
    if w in UNITS:
        return UNITS[w], i + 1
    return None


def _two_digit(t: Sequence[str], i: int) -> tuple[int, int] | None:
    """A two-digit group said as one: 'fifty', 'twenty five', 'twelve' (not 'five')."""
    b = _below100(t, i)
    if b and b[0] >= 10:
        return b
    if i + 1 < len(t) and t[i] == "oh" and t[i + 1] in UNITS and UNITS[t[i + 1]] > 0:
        return UNITS[t[i + 1]], i + 2  # "one oh five"
    return None


def _tail(t: Sequence[str], i: int) -> tuple[int, int] | None:
    """What may follow 'hundred': '[and] forty two'."""
    j = i + 1 if i < len(t) and t[i] == "and" else i
    return _below100(t, j)


def _below1000(t: Sequence[str], i: int) -> tuple[int, int] | None:
    """Values a dealer says before 'thousand' or alone: 'a hundred', 'one fifty', 'twelve
    hundred' (colloquial hundreds go past 999), 'forty two'."""
    if i >= len(t):
        return None
    if t[i] == "a" and i + 1 < len(t) and t[i + 1] == "hundred":
        value, j = 100, i + 2
        tail = _tail(t, j)
        return (value + tail[0], tail[1]) if tail else (value, j)
    b = _below100(t, i)
    if b is None:
        return None
    value, j = b
    if value > 0 and j < len(t) and t[j] == "hundred":
        value, j = value * 100, j + 1
        tail = _tail(t, j)
        return (value + tail[0], tail[1]) if tail else (value, j)
    if 0 < value < 20:
        pair = _two_digit(t, j)  # "one fifty" = 150, "twelve fifty" = 1250
        if pair:
            return value * 100 + pair[0], pair[1]
    return value, j


def _fraction(t: Sequence[str], i: int) -> tuple[float, int]:
    """'and a half' / 'and a quarter' / 'point five' after a whole number."""
    if tuple(t[i:i + 3]) == ("and", "a", "half"):
        return 0.5, i + 3
    if tuple(t[i:i + 3]) == ("and", "a", "quarter"):
        return 0.25, i + 3
    if i + 1 < len(t) and t[i] == "point":
        digits = ""
        j = i + 1
        while j < len(t) and t[j] in UNITS:
            digits += str(UNITS[t[j]])
            j += 1
        if digits:
            return int(digits) / 10 ** len(digits), j
    return 0.0, i


def take_number(tokens: Sequence[str], start: int = 0) -> tuple[Number, int] | None:
    """The longest number starting at ``tokens[start]``: ``(value, index after it)``.

    >>> take_number("raise to two hundred please".split(), 2)
    (200, 4)
    >>> take_number("two two hundred".split())
    (2, 1)
    >>> take_number(["to"]) is None
    True
    """
    t = tokens
    if start >= len(t):
        return None
    d = _digits(t[start])
    if d is not None:
        j = start + 1
        if j < len(t) and t[j] in SCALE_WORDS:
            d, j = d * (100 if t[j] == "hundred" else 1000), j + 1
        frac, j = _fraction(t, j)
        return _clean(d + frac), j
    if t[start] == "a" and start + 1 < len(t) and t[start + 1] == "thousand":
        head: tuple[int, int] | None = (1, start + 1)
    else:
        head = _below1000(t, start)
    if head is None:
        return None
    value, j = head
    if value > 0 and j < len(t) and t[j] == "thousand":
        value, j = value * 1000, j + 1
        k = j + 1 if j < len(t) and t[j] == "and" else j
        rest = _below1000(t, k)
        if rest and rest[0] < 1000:
            value, j = value + rest[0], rest[1]
    frac, j = _fraction(t, j)
    return _clean(value + frac), j


def parse_number(text: str | Sequence[str]) -> Number | None:
    """The number the whole text says, or None when it is not exactly one number."""
    tokens = text.lower().replace("-", " ").split() if isinstance(text, str) else list(text)
    got = take_number(tokens)
    if got is None or got[1] != len(tokens):
        return None
    return got[0]


def cents_reading(words: Sequence[str]) -> float | None:
    """'two fifty' as 2.50: how "X YY" is meant at a table that plays in dollars and cents.

    >>> cents_reading(["two", "fifty"]), cents_reading(["one", "oh", "five"])
    (2.5, 1.05)
    >>> cents_reading(["twelve", "fifty"])
    12.5
    >>> cents_reading(["two", "hundred"]) is None, cents_reading(["fifty"]) is None
    (True, True)
    """
    t = list(words)
    head = _below100(t, 0)
    if head is None or not 0 < head[0] < 20 or head[1] != 1:
        return None
    pair = _two_digit(t, 1)
    if pair is None or pair[1] != len(t):
        return None
    return head[0] + pair[0] / 100


_UNIT_NAMES = {v: k for k, v in UNITS.items()}
_TEEN_NAMES = {v: k for k, v in TEENS.items()}
_TEN_NAMES = {v: k for k, v in TENS.items()}


def _words_below100(n: int) -> str:
    if n < 10:
        return _UNIT_NAMES[n]
    if n < 20:
        return _TEEN_NAMES[n]
    tens, unit = divmod(n, 10)
    return _TEN_NAMES[tens * 10] + (" " + _UNIT_NAMES[unit] if unit else "")


def _words_below1000(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    parts = []
    if hundreds:
        parts.append(_UNIT_NAMES[hundreds] + " hundred")
    if rest or not hundreds:
        parts.append(_words_below100(rest))
    return " ".join(parts)


def number_words(n: int) -> str:
    """The plain spoken form of a whole number below a million ('one hundred fifty')."""
    if not 0 <= n < 1_000_000:
        raise ValueError(f"can only say whole numbers from 0 to 999999, not {n}")
    thousands, rest = divmod(n, 1000)
    if not thousands:
        return _words_below1000(rest)
    head = _words_below1000(thousands) + " thousand"
    return head + (" " + _words_below1000(rest) if rest else "")


def spoken_forms(n: int) -> list[str]:
    """Every way the vocabulary lists ``n``: plain first, then the dealer's shortcuts.

    >>> spoken_forms(1200)
    ['one thousand two hundred', 'twelve hundred']
    >>> spoken_forms(100)
    ['one hundred', 'a hundred']
    """
    forms = [number_words(n)]
    hundreds, rest = divmod(n, 100)
    if 100 < n < 1000 and rest >= 10:
        forms.append(_words_below100(hundreds) + " " + _words_below100(rest))
    if 1000 < n < 10000 and rest == 0 and hundreds % 10:
        forms.append(_words_below100(hundreds) + " hundred")
    if 100 <= n < 200:
        forms.append("a " + number_words(n).removeprefix("one "))
    if 100 < n < 1000 and rest and hundreds:
        forms.append(_UNIT_NAMES[hundreds] + " hundred and " + _words_below100(rest))
    return forms
