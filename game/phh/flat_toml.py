"""A fast reader for the flat TOML that PHH writers produce, with ``tomllib`` behind it.

``holdem replay`` is timed as a whole command, and on a file of thousands of hands the
general TOML parser takes about as long as replaying the hands.  PHH written by PokerKit or
by this game is flat: ``key = value`` lines whose values are strings, integers, decimals,
booleans or one-line arrays of them.  This module reads exactly that and gives up
(``None``) on anything else — a multi-line array, an escape, a date, a sub-table — so the
caller falls back to ``tomllib``; the result is always what ``tomllib`` would return (with
``parse_float=Decimal``).

>>> parse_flat('variant = "NT"  # comment\\nantes = [0, 0.5]\\nactions = [\\'p1 f\\', "p2 cc"]')
{'variant': 'NT', 'antes': [0, Decimal('0.5')], 'actions': ['p1 f', 'p2 cc']}
>>> parse_flat('actions = [\\n  "p1 f",\\n]') is None   # multi-line: tomllib's job
True
"""

from __future__ import annotations

import re
from decimal import Decimal

_KEY_VALUE = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(.*)")
#: One scalar: a basic string without escapes, a literal string, a number, a boolean, inf.
_SCALAR = (
    r'"([^"\\\n]*)"'
    r"|'([^'\n]*)'"
    r"|([+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?)(?![0-9A-Za-z_.:-])"
    r"|(true|false)(?![0-9A-Za-z_-])"
    r"|(\+?inf)(?![0-9A-Za-z_-])"
)
_SCALAR_RE = re.compile(r"[ \t]*(?:" + _SCALAR + r")[ \t]*")
_COMMENT_RE = re.compile(r"[ \t]*(?:#[^\n]*)?$")
_INF = Decimal("inf")


def _scalar(match: re.Match[str]) -> object:
    basic, literal, number, boolean, inf = match.groups()
    if basic is not None:
        return basic
    if literal is not None:
        return literal
    if number is not None:
        return Decimal(number) if "." in number else int(number)
    if boolean is not None:
        return boolean == "true"
    return _INF


def _value(text: str) -> object | None:
    """The value at the start of ``text`` (the rest may only be a comment), else None."""
    if text.startswith("["):
        items: list[object] = []
        pos = 1
        while True:
            while pos < len(text) and text[pos] in " \t":
                pos += 1
            if pos < len(text) and text[pos] == "]":
                pos += 1
                break
            match = _SCALAR_RE.match(text, pos)
            if match is None:
                return None
            items.append(_scalar(match))
            pos = match.end()
            if pos < len(text) and text[pos] == ",":
                pos += 1
                continue
            if pos < len(text) and text[pos] == "]":
                pos += 1
                break
            return None
        if len({type(i) is str for i in items}) > 1:
            return None  # mixed strings and numbers: let tomllib judge
        value: object = items
    else:
        match = _SCALAR_RE.match(text)
        if match is None:
            return None
        value = _scalar(match)
        pos = match.end()
    if not _COMMENT_RE.match(text, pos):
        return None
    return value


def parse_flat(text: str, header: str | None = None) -> dict[str, object] | None:
    """The fields of a flat TOML text, or None when it needs the full TOML parser.

    ``header`` is the one table header line the text may start with (a ``.phhs`` hand);
    its fields are returned without the table around them.
    """
    fields: dict[str, object] = {}
    lines = text.splitlines()
    start = 0
    if header is not None:
        while start < len(lines) and (not lines[start].strip()
                                      or lines[start].lstrip().startswith("#")):
            start += 1
        if start == len(lines) or lines[start].strip() != header:
            return None
        start += 1
    for line in lines[start:]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _KEY_VALUE.fullmatch(stripped)
        if match is None:
            return None
        key, rest = match.groups()
        if key in fields:
            return None  # a duplicate key is an error tomllib explains
        value = _value(rest)
        if value is None:
            return None
        fields[key] = value
    return fields
