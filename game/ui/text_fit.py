"""Text that fits its box: wrap first, then a smaller font, then an ellipsis.

A confirmation the player cannot read to the end ("call (not sure I heard that") is worse
than a smaller font, so a block is shrunk before anything is dropped; only when even the
smallest font cannot hold it are the earliest messages (context, such as what was heard)
dropped and the last line ended with "…". Everything here measures with the real font, so
a test can check the result at any window size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from . import theme

Colour = tuple[int, int, int]
ELLIPSIS = "…"


def wrap(s: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of ``s`` to lines no wider than ``width`` pixels; a word wider than
    the line on its own is broken where it must be."""
    lines: list[str] = []
    line = ""
    for word in s.split():
        trial = f"{line} {word}".strip()
        if font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while font.size(word)[0] > width and len(word) > 1:
            cut = _longest_prefix(word, font, width)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def _longest_prefix(word: str, font: pygame.font.Font, width: int) -> int:
    """How many leading characters of ``word`` fit in ``width`` (at least one)."""
    n = 1
    while n < len(word) and font.size(word[: n + 1])[0] <= width:
        n += 1
    return n


def ellipsize(line: str, font: pygame.font.Font, width: int) -> str:
    """``line`` ended with "…", shortened until it fits ``width``."""
    s = line.rstrip()
    while s and font.size(s + ELLIPSIS)[0] > width:
        s = s[:-1].rstrip()
    return s + ELLIPSIS


@dataclass(frozen=True)
class Fitted:
    """A block laid out for its box: the font size chosen and the lines with their colours."""

    size: int
    lines: tuple[tuple[str, Colour], ...]
    line_height: int
    #: True when something had to be left out (only at the smallest size).
    shortened: bool = False

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)


def fit(messages: Sequence[tuple[str, Colour]], width: int, height: int, size: int,
        min_size: int, bold: bool = False) -> Fitted:
    """Lay out ``messages`` (in display order) in ``width`` x ``height`` pixels.

    The largest font from ``size`` down to ``min_size`` that holds every line wins. If none
    does, the earliest messages are dropped while more than one is left, and the last line
    that fits ends with "…".
    """
    width = max(1, width)
    min_size = min(size, min_size)
    for sz in range(size, min_size - 1, -1):
        f = theme.font(sz, bold)
        lines = [(line, col) for msg, col in messages for line in wrap(msg, f, width)]
        if len(lines) * f.get_linesize() <= height:
            return Fitted(sz, tuple(lines), f.get_linesize())
    f = theme.font(min_size, bold)
    lh = f.get_linesize()
    room = max(1, height // lh)
    kept = list(messages)
    while len(kept) > 1 and sum(len(wrap(m, f, width)) for m, _ in kept) > room:
        kept.pop(0)
    lines = [(line, col) for msg, col in kept for line in wrap(msg, f, width)]
    if len(lines) > room:
        last, col = lines[room - 1]
        lines = lines[: room - 1] + [(ellipsize(last, f, width), col)]
    return Fitted(min_size, tuple(lines), lh, shortened=True)
