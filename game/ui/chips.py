"""Chips drawn procedurally: a stack of casino chips for any amount, cached.

>>> breakdown(1265)
[(1000, 1), (100, 2), (25, 2), (5, 3)]
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import theme


def breakdown(amount: int, max_chips: int = 12) -> list[tuple[int, int]]:
    """Greedy split of ``amount`` into (denomination, count), largest first, capped in size."""
    out: list[tuple[int, int]] = []
    left = max(0, int(amount))
    for denom, _ in theme.CHIP_COLOURS:
        n = left // denom
        if n:
            out.append((denom, int(min(n, max_chips))))
            left -= n * denom
    return out


def _colour(denom: int) -> tuple[int, int, int]:
    return dict(theme.CHIP_COLOURS)[denom]


@lru_cache(maxsize=32)
def chip(radius: int, denom: int) -> pygame.Surface:
    """One chip seen from above at a slight angle: an ellipse with edge stripes."""
    w, h = 2 * radius, int(radius * 1.2)
    thick = max(2, radius // 4)
    surf = pygame.Surface((w + 2, h + thick + 2), pygame.SRCALPHA)
    col = _colour(denom)
    dark = tuple(max(0, c - 60) for c in col)
    pygame.draw.ellipse(surf, dark, (0, thick, w, h))
    pygame.draw.rect(surf, dark, (0, h // 2, w, thick))
    pygame.draw.ellipse(surf, col, (0, 0, w, h))
    stripe = (245, 245, 240) if denom != 1 else (60, 90, 200)
    inner = pygame.Rect(0, 0, int(w * 0.62), int(h * 0.62))
    inner.center = (w // 2, h // 2)
    pygame.draw.ellipse(surf, stripe, pygame.Rect(0, 0, w, h).inflate(-2, -2), max(1, radius // 5))
    pygame.draw.ellipse(surf, col, inner)
    pygame.draw.ellipse(surf, stripe, inner, 1)
    return surf


@lru_cache(maxsize=512)
def stack(amount: int, radius: int) -> pygame.Surface:
    """Columns of chips for ``amount``: one column per denomination, tallest chips first."""
    parts = breakdown(amount)
    if not parts:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    one = chip(radius, parts[0][0])
    step = max(2, radius // 4)
    col_w = one.get_width() + 2
    tallest = max(n for _, n in parts)
    h = one.get_height() + step * (tallest - 1)
    surf = pygame.Surface((col_w * len(parts), h), pygame.SRCALPHA)
    for i, (denom, n) in enumerate(parts):
        c = chip(radius, denom)
        for k in range(n):
            surf.blit(c, (i * col_w, h - c.get_height() - k * step))
    return surf
