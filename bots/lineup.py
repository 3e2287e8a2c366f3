"""``--bots SPEC`` parsing: a comma list of seats, each ``style[:level]``.

>>> parse_lineup("tag:hard, station,rock:easy")
[BotSpec(style='tag', level='hard'), BotSpec(style='station', level='normal'), \
BotSpec(style='rock', level='easy')]
>>> parse_lineup("shark")
Traceback (most recent call last):
...
bots.lineup.LineupError: unknown bot style 'shark' in 'shark': expected one of random, \
station, rock, tag, lag, maniac
"""

from __future__ import annotations

from dataclasses import dataclass

from .personalities import LEVEL_NAMES, STYLES

DEFAULT_LEVEL = "normal"


class LineupError(ValueError):
    """A ``--bots`` spec that names an unknown style or level, or no seat at all."""


@dataclass(frozen=True)
class BotSpec:
    style: str
    level: str = DEFAULT_LEVEL

    def __str__(self) -> str:
        return f"{self.style}:{self.level}"


def parse_spec(item: str) -> BotSpec:
    """One seat: ``"tag"`` or ``"tag:hard"`` (case and spaces ignored)."""
    text = item.strip().lower()
    style, sep, level = text.partition(":")
    style, level = style.strip(), (level.strip() if sep else DEFAULT_LEVEL)
    if style not in STYLES:
        raise LineupError(
            f"unknown bot style {style!r} in {item.strip()!r}: expected one of {', '.join(STYLES)}"
        )
    if level not in LEVEL_NAMES:
        raise LineupError(
            f"unknown bot level {level!r} in {item.strip()!r}: "
            f"expected one of {', '.join(LEVEL_NAMES)}"
        )
    return BotSpec(style, level)


def parse_lineup(spec: str) -> list[BotSpec]:
    """Every seat of a comma list; empty items are an error, not silently skipped."""
    items = spec.split(",")
    if not spec.strip() or any(not i.strip() for i in items):
        raise LineupError(
            f"bot lineup {spec!r} has an empty seat: write e.g. 'tag:hard,station,rock:easy'"
        )
    return [parse_spec(i) for i in items]
