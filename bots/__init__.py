"""Computer opponents: personalities as data, equity-driven play, banter and speech.

``make_bot("tag:hard")`` gives a :class:`Bot` whose ``decide(view, rng)`` returns an
``Action`` through the view's legal actions; ``parse_lineup("tag:hard,station,rock")``
parses the ``holdem simulate --bots`` spec.
"""

from .bot import Bot, make_bot
from .lineup import BotSpec, LineupError, parse_lineup
from .personalities import LEVELS, PERSONALITIES, Personality

__all__ = [
    "LEVELS", "PERSONALITIES", "Bot", "BotSpec", "LineupError", "Personality", "make_bot",
    "parse_lineup",
]
