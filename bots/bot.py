"""A seat played by the computer: a personality, a level and a memory of the table.

``decide(view, rng)`` reads only the ``PlayerView`` it is given (no hidden card exists in
it) and returns an ``Action`` that ``view.legal`` allows — the same door the human uses.
``observe(events)`` feeds the public events of each hand to the opponent model (the hard
level exploits it); hole-card events are ignored whoever they belong to.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.engine.actions import Action
from game.engine.events import HoleDealt

from .equity import warm_up
from .lineup import BotSpec, parse_spec
from .opponents import OpponentModel
from .personalities import LEVELS, PERSONALITIES, Level, Personality
from .policy import Decision, Policy
from .random_player import random_action
from .situation import situation_from_view


class Bot:
    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec
        self.personality: Personality = PERSONALITIES[spec.style]
        self.level: Level = LEVELS[spec.level]
        self.model = OpponentModel()
        self._policy = Policy(self.personality, self.level, self.model)
        #: The last decision with its purpose ("value", "bluff", ...) for banter and stats.
        self.last_decision: Decision | None = None
        if spec.style != "random":
            warm_up()

    @property
    def name(self) -> str:
        return self.personality.name

    @property
    def style(self) -> str:
        return self.spec.style

    def decide(self, view, rng: random.Random) -> Action:
        """The action for the seat ``view`` belongs to; randomness only from ``rng``."""
        legal = view.legal
        if legal is None:
            raise ValueError(f"seat {view.viewer} is not to act: a bot decides only on its turn")
        if self.spec.style == "random":
            self.last_decision = Decision(random_action(legal, rng), "random")
        else:
            self.last_decision = self._policy.decide(situation_from_view(view), rng)
        return self.last_decision.action

    def observe(self, events: Iterable[object]) -> None:
        """Public events of the table, in order (hole cards are skipped, never stored)."""
        self.model.observe(e for e in events if not isinstance(e, HoleDealt))

    def __repr__(self) -> str:
        return f"Bot({self.personality.name}, {self.spec})"


def make_bot(spec: str | BotSpec, rng: random.Random | None = None) -> Bot:
    """A bot from ``"tag:hard"`` (or a parsed :class:`BotSpec`).

    ``rng`` is accepted for symmetry with the session's seeding; a bot draws from the rng
    passed to each ``decide`` call, so it holds no random state of its own.

    >>> make_bot("rock:easy")
    Bot(Rocco, rock:easy)
    """
    del rng
    return Bot(spec if isinstance(spec, BotSpec) else parse_spec(spec))
