"""Personalities and difficulty levels, loaded from ``personalities.json``.

Styles are numbers in a table, not code forks: the one policy in :mod:`bots.policy` reads
them, so a new character is a new JSON entry.  The UI reads ``look`` (colour, emoji,
initials) and the speech worker reads ``voice``.

>>> PERSONALITIES["rock"].style.looseness < PERSONALITIES["station"].style.looseness
True
>>> LEVELS["hard"].adapt, LEVELS["easy"].adapt
(True, False)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class Look:
    """How the UI draws a bot: avatar colour (hex), an emoji and two initials."""

    colour: str
    emoji: str
    initials: str


@dataclass(frozen=True)
class Voice:
    """How a bot sounds: an espeak-ng voice id (with optional ``+variant``), words per
    minute, and pitch 0..100."""

    id: str
    rate: int
    pitch: int


@dataclass(frozen=True)
class Style:
    """The numbers the policy plays by (see the comment in personalities.json)."""

    looseness: float
    aggression: float
    bluff: float
    stickiness: float
    raise_share: float
    cbet: float
    trap: float


@dataclass(frozen=True)
class Personality:
    key: str
    name: str
    look: Look
    voice: Voice
    style: Style
    chattiness: float


@dataclass(frozen=True)
class Level:
    """How well a bot plays: noise in its choices, Monte-Carlo budget, range reading,
    opponent modelling and how much it respects the price."""

    key: str
    noise: float
    samples: int
    narrow: str  #: "none", "preflop" or "full": which of the opponents' actions shape ranges
    adapt: bool
    pot_odds: float


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("personalities.json").read_text("utf-8")
    return json.loads(text)


def _personality(key: str, d: dict[str, Any]) -> Personality:
    return Personality(
        key=key,
        name=d["name"],
        look=Look(**d["look"]),
        voice=Voice(**d["voice"]),
        style=Style(**d["style"]),
        chattiness=float(d["chattiness"]),
    )


_DATA = _load()
PERSONALITIES: MappingProxyType[str, Personality] = MappingProxyType(
    {k: _personality(k, v) for k, v in _DATA["personalities"].items()}
)
LEVELS: MappingProxyType[str, Level] = MappingProxyType(
    {k: Level(key=k, **{f: x for f, x in v.items() if f != "tuning"})  # tuning: bots.tuning
     for k, v in _DATA["levels"].items() if not k.startswith("_")}
)
STYLES: tuple[str, ...] = tuple(PERSONALITIES)
LEVEL_NAMES: tuple[str, ...] = tuple(LEVELS)
