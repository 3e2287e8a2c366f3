"""PHH hand histories (the PokerKit authors' standard): read, write, replay through the engine.

- :mod:`.history` the fields of one hand; :mod:`.notation` the action strings;
- :mod:`.reader` / :mod:`.writer` the ``.phh`` / ``.phhs`` text;
- :mod:`.amounts` exact decimal <-> integer-chip scaling;
- :mod:`.replay` a history through ``game.engine.hand.Hand`` and back (export).

Variants: ``NT``, ``FT`` (standard) and ``PT`` — pot-limit Texas Hold'em, this game's own
code made by analogy with the standard's ``PO`` (pot-limit Omaha).
"""

from .errors import PhhError, PhhFormatError, PhhUnsupportedError, ReplayError
from .history import HandHistory
from .reader import loads, read_file, read_many, read_text
from .writer import dumps, dumps_all

__all__ = [
    "HandHistory", "PhhError", "PhhFormatError", "PhhUnsupportedError", "ReplayError", "dumps",
    "dumps_all", "loads", "read_file", "read_many", "read_text",
]
