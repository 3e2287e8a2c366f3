"""Short animations that carry meaning (a card is dealt, chips move, a card turns over).

They are drawn over the state, never gate it: the game has already moved on when a chip
starts to fly, so animations cannot slow play, and ``speed`` shortens them all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame


def ease_out(t: float) -> float:
    """Cubic ease-out: fast start, gentle landing.

    >>> ease_out(0.0), ease_out(1.0), round(ease_out(0.5), 3)
    (0.0, 1.0, 0.875)
    """
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """A surface moving from ``src`` to ``dst`` (centres) between ``start`` and ``start+dur``."""

    surface: pygame.Surface
    src: tuple[float, float]
    dst: tuple[float, float]
    start: float
    dur: float
    key: str = ""  #: what the flight stands in for (e.g. "board3") so the scene can hide it

    def progress(self, now: float) -> float:
        return (now - self.start) / self.dur if self.dur > 0 else 1.0

    def draw(self, target: pygame.Surface, now: float) -> None:
        p = self.progress(now)
        if p < 0:
            return
        e = ease_out(p)
        x = self.src[0] + (self.dst[0] - self.src[0]) * e
        y = self.src[1] + (self.dst[1] - self.src[1]) * e
        target.blit(self.surface, self.surface.get_rect(center=(int(x), int(y))))


@dataclass
class Flip:
    """A card turning face up at ``pos``; ``render(progress)`` gives the squeezed card."""

    render: Callable[[float], pygame.Surface]
    pos: tuple[int, int]
    start: float
    dur: float
    key: str = ""

    def progress(self, now: float) -> float:
        return (now - self.start) / self.dur if self.dur > 0 else 1.0

    def draw(self, target: pygame.Surface, now: float) -> None:
        p = self.progress(now)
        if p < 0:
            return
        img = self.render(p)
        target.blit(img, img.get_rect(center=self.pos))


class Animator:
    """The running animations; finished ones drop out on the next draw."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = max(0.05, speed)
        self.items: list[Flight | Flip] = []

    def duration(self, seconds: float) -> float:
        return seconds / self.speed

    def add(self, item: Flight | Flip) -> None:
        self.items.append(item)

    def busy_keys(self, now: float) -> set[str]:
        """Keys of animations not finished yet (the scene hides what they stand in for)."""
        return {a.key for a in self.items if a.key and a.progress(now) < 1.0}

    def draw(self, target: pygame.Surface, now: float) -> None:
        alive = []
        for a in self.items:
            if a.progress(now) < 1.0:
                a.draw(target, now)
                alive.append(a)
        self.items = alive

    def active(self, now: float) -> bool:
        """True while any animation is still running (finished ones are dropped)."""
        self.items = [a for a in self.items if a.progress(now) < 1.0]
        return bool(self.items)

    def clear(self) -> None:
        self.items.clear()
