"""Builds a table for the window from house rules: who sits where, and how bots look.

The human takes seat 0 (drawn at the bottom); bots fill the other chairs from the rules'
lineup, cycling through it when there are more chairs than names.  A spectator table
seats bots only (spectator mode).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # types only: the session and the bots' data are imported when a table is built, not
    # before the window's first frame
    from bots.personalities import Look, Personality
    from game.session.journal import Journal
    from game.session.rules import HouseRules
    from game.session.table import SeatSpec, Table

    from .seams import Session

HUMAN_NAME = "You"
#: Characters that fill chairs beyond the rules' lineup, so a bigger table meets new faces.
EXTRA_STYLES = ("station", "maniac", "random", "tag", "lag", "rock")


def personalities() -> Mapping[str, Personality]:
    """Names, looks and voices of the bot styles (``bots.personalities``: plain data, so
    reading it costs the window nothing before its first frame)."""
    from bots.personalities import PERSONALITIES

    return PERSONALITIES


@dataclass(frozen=True)
class BotSeat:
    spec: str  #: "style:level"
    name: str
    look: Look | None  #: None for a style without a personality


def lineup(rules: HouseRules, chairs: int, humans: int) -> list[BotSeat]:
    """The bots for ``chairs - humans`` seats, with unique names.

    >>> from game.session.rules import HouseRules
    >>> [b.name for b in lineup(HouseRules(), 4, 1)]
    ['Tess', 'Leo', 'Rocco']
    >>> [b.name for b in lineup(HouseRules(), 5, 0)]   # extra chairs get other characters
    ['Tess', 'Leo', 'Rocco', 'Stan', 'Max']
    """
    PERSONALITIES = personalities()
    specs = list(rules.bots or ("tag:normal",))
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


def looks_of(table: Session) -> tuple[int | None, dict[int, Look | None]]:
    """(human seat, seat -> look) of a table rebuilt from a journal."""
    chars = personalities()
    human = None
    looks: dict[int, Look | None] = {}
    for seat, p in enumerate(table.players):
        if p is None:
            continue
        spec = p.spec
        if spec.kind == "human":
            human = seat
        elif spec.style in chars:
            looks[seat] = chars[spec.style].look
    return human, looks


def data_dir() -> Path:
    """Where the window journals sessions and exports hands (``TABLE_TALK_DATA_DIR`` wins)."""
    import os

    env = os.environ.get("TABLE_TALK_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("table-talk-holdem")


def room_path() -> Path:
    """Where the recognizer keeps the sound of the player's microphone and room between
    games (voice.recognizers.room): the first command of a game is then heard as well as
    the tenth."""
    return data_dir() / "microphone-room.txt"


def journal_path() -> Path:
    from game.session.journal import default_journal_path

    return default_journal_path(data_dir())


def can_resume() -> bool:
    """True when a journaled game is there to resume (checked without loading it)."""
    from game.session.journal import journal_exists

    try:
        return journal_exists(journal_path())
    except Exception:  # noqa: BLE001 - a broken journal only means no resume offer
        return False


def resume_table(
    clock: Callable[[], float] | None = None,
) -> tuple[Table, int | None, dict[int, Look | None]]:
    """The journaled session's table exactly as it stood (the session's recovery)."""
    import time

    from game.session.journal import Journal
    from game.session.recovery import resume

    path = journal_path()
    table = resume(Journal.open(path), history=path.with_suffix(".phhs"),
                   clock=clock or time.monotonic)
    human, looks = looks_of(table)
    return table, human, looks


def new_journal() -> Journal:
    """A fresh journal for a new game; the previous one is archived, never overwritten."""
    from game.session.journal import Journal, archive_journal

    path = journal_path()
    archive_journal(path)
    return Journal.open(path)


def build_table(
    rules: HouseRules, *, seats: int, spectate: bool, seed: int | None,
    journal: Journal | None = None, clock: Callable[[], float] | None = None,
) -> tuple[Table, int | None, dict[int, Look | None]]:
    """(table, human seat or None, seat -> look) for a new session."""
    from game.session.table import SeatSpec, Table

    humans = 0 if spectate else 1
    bots = lineup(rules, seats, humans)
    specs: list[SeatSpec] = []
    looks: dict[int, Look | None] = {}
    if not spectate:
        specs.append(SeatSpec(HUMAN_NAME, kind="human"))
    for b in bots:
        style, _, level = b.spec.partition(":")
        looks[len(specs)] = b.look
        specs.append(SeatSpec(b.name, kind="bot", style=style, level=level or "normal"))
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    history = None
    if journal is not None:
        history = Path(journal.path).with_suffix(".phhs")
    extra = {"clock": clock} if clock is not None else {}
    table = Table(rules, specs, seed=seed, journal=journal, history=history, **extra)
    return table, (None if spectate else 0), looks
