"""Every finished hand appended as PHH to the session's hand-history file.

The engine hand is turned into a PHH record by game/phh's exporter (``history_from_hand``:
``p1`` is the first seat left of the button, house rules PHH has no word for travel in
its user-defined fields) and written with its writer, so ``holdem replay`` plays the file
back to the same finishing stacks.  The session adds the hand number and player names.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from game.engine.hand import Hand
from game.phh.export import history_from_hand
from game.phh.history import HandHistory
from game.phh.writer import dumps


def hand_history(hand: Hand, names: Sequence[str] = (), number: int | None = None) -> HandHistory:
    """The PHH record of a finished engine ``hand`` (``names`` by engine seat), made by
    game/phh's exporter with the session's hand number and player names added."""
    extra: dict[str, object] = {}
    if number is not None:
        extra["hand"] = number
    if names:
        n, button = hand.n, hand.button
        extra["players"] = [names[(button + 1 + i) % n] for i in range(n)]
    return history_from_hand(hand, extra=extra)


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
