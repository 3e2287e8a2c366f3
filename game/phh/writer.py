"""Writing hand histories as PHH text (``.phh``) and many hands as ``.phhs``.

Amounts are written exactly as held: ``int`` as ``150``, ``Decimal("1.50")`` as ``1.50``.

>>> from game.phh.history import HandHistory
>>> h = HandHistory("NT", [0, 0], [1, 2], [200, 200], ["d dh p1 AcKd", "d dh p2 7h7c", "p2 f"],
...                 min_bet=2, finishing_stacks=[202, 198])
>>> print(dumps(h), end="")
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ["d dh p1 AcKd", "d dh p2 7h7c", "p2 f"]
finishing_stacks = [202, 198]
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterable
from decimal import Decimal

from .amounts import format_number
from .history import HandHistory

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: object) -> str:
    """A TOML value; strings as basic strings (JSON escapes are valid TOML escapes)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        if value.is_infinite():
            return "inf" if value > 0 else "-inf"
        return format_number(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):  # only ever a non-chip optional field (a time limit...)
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (datetime.date, datetime.time, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) as a PHH field")


def dumps(history: HandHistory) -> str:
    """The ``.phh`` text of one hand: required fields in the standard's order, then the rest."""
    fields: list[tuple[str, object]] = [
        ("variant", history.variant),
        ("antes", history.antes),
        ("blinds_or_straddles", history.blinds_or_straddles),
    ]
    if history.variant == "FT":
        fields += [("small_bet", history.small_bet), ("big_bet", history.big_bet)]
    else:
        fields.append(("min_bet", history.min_bet))
    fields += [("starting_stacks", history.starting_stacks), ("actions", history.actions)]
    if history.finishing_stacks is not None:
        fields.append(("finishing_stacks", history.finishing_stacks))
    fields += list(history.extra.items())
    return "\n".join(f"{_key(k)} = {_value(v)}" for k, v in fields if v is not None) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text: each hand as a table ``[1]``, ``[2]``, ... like PokerKit writes."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(histories, 1))
