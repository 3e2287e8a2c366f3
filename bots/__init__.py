"""Computer opponents: personalities as data, equity-driven play, banter and speech.

``make_bot("tag:hard")`` gives a :class:`Bot` whose ``decide(view, rng)`` returns an
``Action`` through the view's legal actions; ``parse_lineup("tag:hard,station,rock")``
parses the ``holdem simulate --bots`` spec.

Modules, one job each:

* ``personalities.json`` / :mod:`bots.personalities` — styles, looks, voices, levels (data)
* :mod:`bots.lineup` — ``style[:level]`` specs; :mod:`bots.bot` — the seat object
* :mod:`bots.situation` — a ``PlayerView`` reshaped into poker facts (no hidden card)
* :mod:`bots.hand_classes` — the 1,326 combos and the preflop chart order
* :mod:`bots.equity` — Monte-Carlo equity against weighted ranges (numpy batch)
* :mod:`bots.ranges` — opponents' ranges narrowed by their actions
* :mod:`bots.opponents` — session memory per opponent (VPIP, PFR, fold to c-bet)
* :mod:`bots.texture` — wet boards and draws; :mod:`bots.policy` — the decision itself
* :mod:`bots.random_player` — the ``random`` style
* ``banter_lines.json`` / :mod:`bots.banter` — what is said, with variety and restraint
* :mod:`bots.banter_triggers` — events worth a word; :mod:`bots.speech` — pyttsx3 worker
* :mod:`bots.table_talk` — which moments of a session earn a line, for the window
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .bot import Bot, make_bot
    from .lineup import BotSpec, LineupError, parse_lineup
    from .personalities import LEVELS, PERSONALITIES, Personality

#: Name -> submodule. Loaded on first use (PEP 562): ``bots.bot`` builds equity tables, and
#: the window reads ``bots.personalities`` before its first frame without paying for them.
_EXPORTS = {
    "Bot": "bot", "make_bot": "bot", "BotSpec": "lineup", "LineupError": "lineup",
    "parse_lineup": "lineup", "LEVELS": "personalities", "PERSONALITIES": "personalities",
    "Personality": "personalities",
}

__all__ = [
    "LEVELS", "PERSONALITIES", "Bot", "BotSpec", "LineupError", "Personality", "make_bot",
    "parse_lineup",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'bots' has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
