"""Builds a table for the window from house rules: who sits where, and how bots look.

The human takes seat 0 (drawn at the bottom); bots fill the other chairs from the rules'
lineup, cycling through it when there are more chairs than names.  A spectator table
seats bots only (003's arena).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

HUMAN_NAME = "You"
#: Characters that fill chairs beyond the rules' lineup, so a bigger table meets new faces.
EXTRA_STYLES = ("station", "maniac", "random", "tag", "lag", "rock")


@dataclass(frozen=True)
class Look:
    """How a bot is drawn (the bots package's ``Look``: colour, emoji, initials)."""

    colour: str
    emoji: str
    initials: str


@dataclass(frozen=True)
class Character:
    name: str
    look: Look


def personalities() -> dict[str, Character]:
    """Names and looks from bots/personalities.json, read without importing the bots
    package (its import builds equity tables: a second of start-up the window does not
    need before the first frame)."""
    import importlib.util
    import json
    from pathlib import Path

    spec = importlib.util.find_spec("bots")
    if spec is None or not spec.submodule_search_locations:
        return {}
    path = Path(list(spec.submodule_search_locations)[0]) / "personalities.json"
    data = json.loads(path.read_text("utf-8"))
    out = {}
    for key, p in data.get("personalities", {}).items():
        look = p.get("look", {})
        out[key] = Character(p.get("name", key.title()),
                             Look(look.get("colour", ""), look.get("emoji", ""),
                                  look.get("initials", "")))
    return out


@dataclass(frozen=True)
class BotSeat:
    spec: str  #: "style:level"
    name: str
    look: Any  #: bots.personalities.Look or None


def lineup(rules: Any, chairs: int, humans: int) -> list[BotSeat]:
    """The bots for ``chairs - humans`` seats, with unique names.

    >>> from game.session.rules import HouseRules
    >>> [b.name for b in lineup(HouseRules(), 4, 1)]
    ['Tess', 'Leo', 'Rocco']
    >>> [b.name for b in lineup(HouseRules(), 5, 0)]   # extra chairs get other characters
    ['Tess', 'Leo', 'Rocco', 'Stan', 'Max']
    """
    PERSONALITIES = personalities()
    specs = list(getattr(rules, "bots", ()) or ("tag:normal",))
    level = specs[-1].partition(":")[2] or "normal"
    styles = [s.split(":")[0] for s in specs]
    spare = [s for s in EXTRA_STYLES if s not in styles and s in PERSONALITIES]
    while len(specs) < chairs - humans:
        specs.append(f"{spare.pop(0)}:{level}" if spare else specs[len(specs) % len(styles)])
    out: list[BotSeat] = []
    used: dict[str, int] = {}
    for i in range(chairs - humans):
        spec = specs[i]
        style = spec.split(":")[0]
        pers = PERSONALITIES.get(style)
        base = pers.name if pers else style.title()
        used[base] = used.get(base, 0) + 1
        name = base if used[base] == 1 else f"{base} {used[base]}"
        out.append(
            BotSeat(spec if ":" in spec else f"{spec}:normal", name, pers.look if pers else None)
        )
    return out


def build_table(
    rules: Any, *, seats: int, spectate: bool, seed: int | None, journal: Any = None
) -> tuple[Any, int | None, dict[int, Any]]:
    """(table, human seat or None, seat -> look) for a new session."""
    from game.session.table import SeatSpec, Table

    humans = 0 if spectate else 1
    bots = lineup(rules, seats, humans)
    specs: list[Any] = []
    looks: dict[int, Any] = {}
    if not spectate:
        specs.append(SeatSpec(HUMAN_NAME, kind="human"))
    for b in bots:
        style, _, level = b.spec.partition(":")
        looks[len(specs)] = b.look
        specs.append(SeatSpec(b.name, kind="bot", style=style, level=level or "normal"))
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    table = Table(rules, specs, seed=seed, journal=journal)
    return table, (None if spectate else 0), looks
