"""PHH hand histories (the PokerKit authors' standard): read, write, replay through the engine.

- :mod:`.history` the fields of one hand; :mod:`.notation` the action strings;
- :mod:`.reader` / :mod:`.writer` the ``.phh`` / ``.phhs`` text (:mod:`.flat_toml` reads
  the flat TOML writers produce quickly, ``tomllib`` the rest);
- :mod:`.amounts` exact decimal <-> integer-chip scaling;
- :mod:`.replay` a history through ``game.engine.hand.Hand`` (``replay`` for finished hands,
  ``replay_partial`` for a hand still in play); :mod:`.export` an engine hand as a history.

Player order is PHH's: ``p1`` sits left of the button and the last player is the button;
heads-up, ``antes`` and ``blinds_or_straddles`` name the button's (small blind's) entry first,
as PokerKit reads them.  These modules import the engine only in ``replay``/``export``.

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
