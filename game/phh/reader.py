"""Reading ``.phh`` (one hand) and ``.phhs`` (many hands, tables ``[1]``, ``[2]``...) files.

TOML floats are read as :class:`~decimal.Decimal`, never ``float``, so ``0.1`` stays exact.
A ``.phhs`` file is cut at its top-level table headers and each hand is parsed on its own:
a broken hand in the middle becomes one error and the hands around it still load.

>>> text = '''
... [1]
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [0.5, 1]
... min_bet = 1
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcKd", "d dh p2 7h7c", "p2 f"]
...
... [2]
... variant = "XX"
... '''
>>> [type(h).__name__ for h in read_many(text)]
['HandHistory', 'PhhUnsupportedError']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: the same parser, packaged as tomli
    import tomli as tomllib  # type: ignore[no-redef]

from .errors import PhhError, PhhFormatError
from .flat_toml import parse_flat
from .history import HandHistory

#: A top-level table header on its own line: ``[1]``, ``["hand 7"]`` (no dotted sub-table).
_HEADER = re.compile(
    r"""^\[[ \t]*([^\[\]."'\n]+|"[^"\n]*"|'[^'\n]*')[ \t]*\][ \t]*(?:#.*)?$""", re.MULTILINE
)
_VARIANT = re.compile(r"^\s*variant\s*=", re.MULTILINE)


def _toml(text: str) -> dict[str, object]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise PhhFormatError(f"not valid TOML: {exc}") from None


def loads(text: str) -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    fields = parse_flat(text)
    return HandHistory.from_fields(_toml(text) if fields is None else fields)


def split_hands(text: str) -> list[tuple[str, str]]:
    """``(key, text)`` of each hand of a ``.phhs`` file, in file order, without parsing them."""
    return [(key, chunk) for key, _header, chunk in _chunks(text)]


def _chunks(text: str) -> list[tuple[str, str, str]]:
    """``(key, header line, text)`` of each hand; fields before the first table are an error."""
    headers = list(_HEADER.finditer(text))
    head = text[: headers[0].start()] if headers else text
    if any(line.strip() and not line.lstrip().startswith("#") for line in head.splitlines()):
        raise PhhFormatError(
            "a .phhs file holds hands as tables [1], [2], ...: found fields before the first"
        )
    out = []
    for i, match in enumerate(headers):
        end = headers[i + 1].start() if i + 1 < len(headers) else len(text)
        key = match.group(1).strip("\"'")
        out.append((key, match.group(0).strip(), text[match.start() : end]))
    return out


def read_many(text: str) -> Iterator[HandHistory | PhhError]:
    """Every hand of a ``.phhs`` text, or the error that hand has, in file order."""
    for _key, header, chunk in _chunks(text):
        try:
            table: object = parse_flat(chunk, header)
            if table is None:
                tables = _toml(chunk)
                if len(tables) != 1:
                    raise PhhFormatError(f"{header} must hold exactly one hand")
                (table,) = tables.values()
            if not isinstance(table, dict):
                raise PhhFormatError("a hand of a .phhs file must be a table like [1]")
            yield HandHistory.from_fields(table)
        except PhhError as exc:
            yield exc


def read_text(text: str, multi: bool | None = None) -> Iterator[HandHistory | PhhError]:
    """Hands of a ``.phh`` or ``.phhs`` text; ``multi=None`` decides from the content."""
    if multi is None:
        first = _HEADER.search(text)
        # Many hands when tables come first; one hand's own fields come before any table.
        multi = first is not None and not _VARIANT.search(text, 0, first.start())
    if multi:
        yield from read_many(text)
        return
    try:
        yield loads(text)
    except PhhError as exc:
        yield exc


def read_file(path: str | Path) -> Iterator[HandHistory | PhhError]:
    """Hands of a file; raises ``OSError``/``UnicodeDecodeError`` when it cannot be read."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    multi = True if path.suffix == ".phhs" else None
    return read_text(text, multi)
