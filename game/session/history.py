"""Every finished hand appended as PHH to the session's hand-history file.

The engine hand (seats ``0..n-1``, a button) is turned into game/phh's
:class:`~game.phh.history.HandHistory` and written with its writer.  PHH numbers players
from the first seat left of the button (``p1``) to the button (``pn``); heads-up its
``blinds_or_straddles`` and ``antes`` lists start with the button's.  House rules PHH has
no word for travel in game/phh's user-defined fields (``_raise_cap``, ``_button_blind``...),
so ``holdem replay`` plays the file back to the same finishing stacks.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from game.engine.actions import ActionKind
from game.engine.config import Structure
from game.engine.events import Acted, BoardDealt, HoleDealt, Mucked, Shown
from game.engine.hand import Hand
from game.phh.history import HandHistory
from game.phh.writer import dumps

_VARIANT = {Structure.NO_LIMIT: "NT", Structure.POT_LIMIT: "PT", Structure.FIXED_LIMIT: "FT"}


def hand_history(hand: Hand, names: Sequence[str] = (), number: int | None = None) -> HandHistory:
    """The PHH record of a finished engine ``hand`` (``names`` by engine seat)."""
    n, button, cfg = hand.n, hand.button, hand.config
    order = [(button + 1 + i) % n for i in range(n)]  # p1 .. pn (the button last)
    p = {s: i + 1 for i, s in enumerate(order)}
    antes = [cfg.ante] * n
    blinds = [0] * n
    if n == 2:
        for i, b in enumerate(cfg.blinds[:2]):
            blinds[i] = b  # heads-up: [button's small blind, big blind]
    elif cfg.button_blind:
        blinds[-1] = cfg.blinds[0]
        for i, b in enumerate(cfg.blinds[1:]):
            blinds[i] = b
    else:
        for i, b in enumerate(cfg.blinds):
            blinds[i] = b
    actions: list[str] = []
    for e in hand.events:
        cls = e.__class__
        if cls is Acted:
            k = e.action.kind
            if k is ActionKind.FOLD:
                actions.append(f"p{p[e.seat]} f")
            elif k is ActionKind.CHECK or k is ActionKind.CALL:
                actions.append(f"p{p[e.seat]} cc")
            else:
                actions.append(f"p{p[e.seat]} cbr {e.action.amount}")
        elif cls is HoleDealt:
            actions.append(f"d dh p{p[e.seat]} {''.join(e.cards)}")
        elif cls is BoardDealt:
            actions.append(f"d db {''.join(e.cards)}")
        elif cls is Shown:
            actions.append(f"p{p[e.seat]} sm {''.join(e.cards)}")
        elif cls is Mucked:
            actions.append(f"p{p[e.seat]} sm")
    extra: dict[str, object] = {}
    if cfg.structure is Structure.FIXED_LIMIT:
        extra["_raise_cap"] = cfg.raise_cap if cfg.raise_cap is not None else 0
    if not cfg.check_raise:
        extra["_check_raise"] = False
    if cfg.button_blind and n > 2:
        extra["_button_blind"] = True
    if cfg.tie_split.value != "side_pots":
        extra["_tie_split"] = cfg.tie_split.value
    if cfg.rake_percent:
        extra["_rake_percent"] = int(cfg.rake_percent) if float(cfg.rake_percent).is_integer() \
            else cfg.rake_percent
        extra["_rake_cap"] = cfg.rake_cap
    if number is not None:
        extra["hand"] = number
    if names:
        extra["players"] = [names[s] for s in order]
    fl = cfg.structure is Structure.FIXED_LIMIT
    return HandHistory(
        variant=_VARIANT[cfg.structure],
        antes=antes,
        blinds_or_straddles=blinds,
        starting_stacks=[hand.starting_stacks[s] for s in order],
        actions=actions,
        min_bet=None if fl else cfg.opening_bet,
        small_bet=cfg.small_bet if fl else None,
        big_bet=cfg.big_bet if fl else None,
        finishing_stacks=[hand.stacks[s] for s in order],
        extra=extra,
    )


class HistoryFile:
    """Appends hands to a ``.phhs`` file as ``[N]`` tables (N = the session's hand number)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)

    def append(self, hand: Hand, number: int, names: Sequence[str] = ()) -> None:
        text = f"[{number}]\n{dumps(hand_history(hand, names, number))}\n"
        # One write of the whole entry, so a killed process leaves whole hands behind.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, text.encode("utf-8"))
        finally:
            os.close(fd)

    def hands_written(self) -> set[int]:
        """Hand numbers already in the file (to append what a crash left out)."""
        if not self.path.exists():
            return set()
        out = set()
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if line.startswith("[") and line.endswith("]") and line[1:-1].isdigit():
                out.add(int(line[1:-1]))
        return out
