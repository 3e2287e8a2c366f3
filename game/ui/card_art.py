"""Playing cards drawn procedurally (no image files): faces, backs, highlights.

Surfaces are cached per (card, size) so a frame only blits; a resize builds new ones once.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.engine.cards import SUIT_SYMBOLS

from . import theme

#: Card proportions: poker size 63 x 88 mm.
ASPECT = 88 / 63


def card_size(width: int) -> tuple[int, int]:
    """(width, height) of a card ``width`` pixels wide.

    >>> card_size(63)
    (63, 88)
    """
    return width, round(width * ASPECT)


def suit_colour(card: str) -> tuple[int, int, int]:
    return theme.RED_SUIT if card[1] in "hd" else theme.BLACK_SUIT


def rank_label(card: str) -> str:
    """ "10" for tens (players read "T" as a typo), else the rank letter."""
    return "10" if card[0] == "T" else card[0]


@lru_cache(maxsize=512)
def face(card: str, width: int) -> pygame.Surface:
    """The face of ``card`` (e.g. "Ah"): corner index top-left and a large centre suit."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), width=1, border_radius=radius)
    colour = suit_colour(card)
    rank_font = theme.font(int(h * 0.30), bold=True)
    pip_font = theme.font(int(h * 0.22))
    big_font = theme.font(int(h * 0.50))
    rank = rank_font.render(rank_label(card), True, colour)
    pip = pip_font.render(SUIT_SYMBOLS[card[1]], True, colour)
    pad = max(2, w // 14)
    surf.blit(rank, (pad, pad // 2))
    surf.blit(
        pip, (pad + (rank.get_width() - pip.get_width()) // 2, pad // 2 + rank.get_height() - pad)
    )
    big = big_font.render(SUIT_SYMBOLS[card[1]], True, colour)
    surf.blit(big, big.get_rect(center=(w * 0.58, h * 0.64)))
    return surf


@lru_cache(maxsize=16)
def back(width: int) -> pygame.Surface:
    """A card back: deep red with a gold lattice and border."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, theme.CARD_FACE, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
    pygame.draw.rect(surf, theme.CARD_BACK, inner, border_radius=max(2, radius - 2))
    clip = surf.get_clip()
    surf.set_clip(inner)
    step = max(5, w // 6)
    for x in range(-h, w + h, step):
        pygame.draw.line(surf, theme.CARD_BACK_LINE, (x, inner.top), (x + h, inner.top + h), 1)
        pygame.draw.line(
            surf, theme.CARD_BACK_LINE, (x, inner.bottom), (x + h, inner.bottom - h), 1
        )
    surf.set_clip(clip)
    pygame.draw.rect(
        surf, theme.CARD_BACK_LINE, inner, width=max(1, w // 30), border_radius=max(2, radius - 2)
    )
    pygame.draw.rect(surf, theme.CARD_EDGE, surf.get_rect(), width=1, border_radius=radius)
    return surf


@lru_cache(maxsize=8)
def outline(width: int, colour: tuple[int, int, int] = theme.HIGHLIGHT) -> pygame.Surface:
    """A glowing frame drawn over the cards of the winning five."""
    w, h = card_size(width)
    pad = max(3, w // 12)
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad):
        alpha = int(220 * (i + 1) / pad)
        pygame.draw.rect(
            surf,
            (*colour, alpha),
            surf.get_rect().inflate(-2 * (pad - 1 - i), -2 * (pad - 1 - i)),
            width=1,
            border_radius=max(4, w // 8),
        )
    return surf


@lru_cache(maxsize=16)
def placeholder(width: int) -> pygame.Surface:
    """An empty board slot: a faint outline where a card will come."""
    w, h = card_size(width)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(
        surf, (255, 255, 255, 40), surf.get_rect(), width=2, border_radius=max(3, w // 9)
    )
    return surf


def flipped(card: str | None, width: int, progress: float) -> pygame.Surface:
    """A card part-way through a flip (0 = back, 1 = face) squeezed horizontally."""
    progress = min(1.0, max(0.0, progress))
    src = back(width) if progress < 0.5 or card is None else face(card, width)
    squeeze = abs(1 - 2 * progress)
    w, h = src.get_size()
    return pygame.transform.scale(src, (max(1, int(w * squeeze)), h))


def clear_cache() -> None:
    """Forget cached surfaces (after a resize changes every size)."""
    face.cache_clear()
    back.cache_clear()
    outline.cache_clear()
    placeholder.cache_clear()
