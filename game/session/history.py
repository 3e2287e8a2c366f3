"""Every finished hand appended as PHH to the session's hand-history file.

The engine hand is turned into a PHH record by game/phh's exporter (``history_from_hand``:
``p1`` is the first seat left of the button, house rules PHH has no word for travel in
its user-defined fields) and written with its writer, so ``holdem replay`` plays the file
back to the same finishing stacks.  The session adds the hand number and player names.
"""

from __future__ import annotations

import os
import re
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


_HEAD = re.compile(r"^\[(\d+)\]\n", re.MULTILINE)
_ANY_HEAD = re.compile(r"\[\d+\]\n")


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
        return set(self._blocks()[0])

    def _blocks(self) -> tuple[dict[int, str], bool]:
        """Whole ``[N]`` entries by hand number (first copy kept), and whether the file
        holds anything else: a duplicate, an entry cut short, or hands out of order."""
        if not self.path.exists():
            return {}, False
        text = self.path.read_text(encoding="utf-8")
        blocks: dict[int, str] = {}
        untidy = False
        last = 0
        heads = [(m.start(), int(m.group(1))) for m in _HEAD.finditer(text)]
        if (heads and heads[0][0] != 0) or (text and not heads):
            untidy = True
        for k, (i, n) in enumerate(heads):
            end = heads[k + 1][0] if k + 1 < len(heads) else len(text)
            block = text[i:end]
            # Cut short (no closing blank line, or the next entry glued to a broken line),
            # or a second copy of a hand.
            if not block.endswith("\n\n") or len(_ANY_HEAD.findall(block)) != 1 or n in blocks:
                untidy = True
                continue
            if n < last:
                untidy = True
            last = max(last, n)
            blocks[n] = block
        return blocks, untidy

    def tidy(self) -> set[int]:
        """Make the file hold each finished hand once, whole, in order (after a crash):
        an entry a kill cut short or wrote twice is dropped; the file is replaced
        atomically.  Returns the hand numbers it holds."""
        blocks, untidy = self._blocks()
        if untidy:
            tmp = self.path.with_name(self.path.name + ".tmp")
            tmp.write_text("".join(blocks[n] for n in sorted(blocks)), encoding="utf-8")
            tmp.replace(self.path)
        return set(blocks)
