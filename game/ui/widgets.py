"""Small drawing helpers shared by scenes: buttons, panels, text with shadow, bubbles.

Widgets here hold no game state; scenes own the state and call these to draw it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from . import theme
from .text_fit import fit

Colour = tuple[int, int, int]


@dataclass
class Button:
    """A clickable, labelled rectangle; ``enabled`` is decided by the owner every frame."""

    name: str
    label: str
    rect: pygame.Rect
    colour: Colour = theme.BUTTON
    enabled: bool = True
    hotkey: str = ""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_button(surface: pygame.Surface, button: Button, hover: bool = False, armed: bool = False,
                font_size: int = 20) -> None:
    surface.blit(_button_image(button.rect.size, button.label, button.colour, button.enabled,
                               hover, armed, font_size, button.hotkey), button.rect.topleft)


@lru_cache(maxsize=512)
def _button_image(size: tuple[int, int], label_text: str, colour: Colour, enabled: bool,
                  hover: bool, armed: bool, font_size: int, hotkey: str) -> pygame.Surface:
    """A button drawn once per look (buttons repeat every frame)."""
    w, h = size
    img = pygame.Surface((w, h + max(2, h // 16)), pygame.SRCALPHA)
    r = pygame.Rect(0, 0, w, h)
    if enabled:
        base = colour
        if hover:
            base = tuple(min(255, c + 28) for c in base)  # type: ignore[assignment]
        text_colour = theme.TEXT
    else:
        base = theme.BUTTON_DISABLED
        text_colour = theme.TEXT_DISABLED
    radius = max(4, r.h // 5)
    shadow = r.move(0, max(2, r.h // 16))
    pygame.draw.rect(img, (8, 10, 14), shadow, border_radius=radius)
    pygame.draw.rect(img, base, r, border_radius=radius)
    top = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, r.h // 2 - 2)
    light = tuple(min(255, c + 18) for c in base)
    pygame.draw.rect(img, light, top, border_radius=radius)
    edge = theme.HIGHLIGHT if armed else (tuple(min(255, c + 50) for c in base))
    pygame.draw.rect(img, edge, r, width=3 if armed else 1, border_radius=radius)
    f = theme.font(font_size, bold=True)
    label = f.render(label_text, True, text_colour)
    if label.get_width() > r.w - 8:
        f = theme.font(max(10, int(font_size * (r.w - 8) / label.get_width())), bold=True)
        label = f.render(label_text, True, text_colour)
    img.blit(label, label.get_rect(center=r.center))
    if hotkey and enabled and r.h >= 30:
        hk = theme.font(max(10, font_size // 2)).render(hotkey, True, theme.TEXT_DIM)
        img.blit(hk, (r.right - hk.get_width() - 5, r.y + 2))
    return img


def text(
    surface: pygame.Surface,
    s: str,
    pos: tuple[int, int],
    size: int = 18,
    colour: Colour = theme.TEXT,
    bold: bool = False,
    anchor: str = "topleft",
    shadow: bool = True,
) -> pygame.Rect:
    """Draw ``s`` anchored at ``pos`` ("topleft", "center", "midtop", ...); returns its rect."""
    img = theme.render(s, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(theme.render(s, size, (0, 0, 0), bold), rect.move(1, 1))
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 215,
          colour: Colour = theme.PANEL, edge: Colour = theme.PANEL_EDGE, radius: int = 10) -> None:
    """A translucent rounded panel."""
    surface.blit(_panel_image(tuple(rect.size), alpha, colour, edge, radius), rect.topleft)


@lru_cache(maxsize=256)
def _panel_image(size: tuple[int, int], alpha: int, colour: Colour, edge: Colour,
                 radius: int) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*colour, alpha), s.get_rect(), border_radius=radius)
    pygame.draw.rect(s, (*edge, 255), s.get_rect(), width=1, border_radius=radius)
    return s


def bubble(
    surface: pygame.Surface,
    s: str,
    anchor: tuple[int, int],
    size: int = 16,
    max_width: int = 260,
    alpha: int = 240,
    tail: str = "below",
) -> None:
    """A speech bubble next to the speaker at ``anchor``.

    ``tail="below"``: the bubble sits above ``anchor`` with its tail pointing down at it;
    ``tail="left"``: the bubble sits to the right of ``anchor``, tail pointing left.
    """
    fitted = fit([(s, theme.BUBBLE_TEXT)], max_width, 4 * theme.font(size).get_linesize(), size,
                 max(8, size * 3 // 4))
    f = theme.font(fitted.size)
    lines = [line for line, _ in fitted.lines]
    lh = fitted.line_height
    w = max(f.size(line)[0] for line in lines) + 20
    h = lh * len(lines) + 14
    s_img = pygame.Surface((w + 12, h + 12), pygame.SRCALPHA)
    if tail == "left":
        x = min(anchor[0], surface.get_width() - w - 16)
        y = max(4, min(surface.get_height() - h - 4, anchor[1] - h // 2))
        pygame.draw.rect(s_img, (*theme.BUBBLE, alpha), (12, 0, w, h), border_radius=12)
        ty = h // 2
        pygame.draw.polygon(s_img, (*theme.BUBBLE, alpha), [(13, ty - 7), (13, ty + 7), (0, ty)])
        ox = 22
    else:
        x = max(4, min(surface.get_width() - w - 4, anchor[0] - w // 2))
        y = max(4, anchor[1] - h - 12)
        pygame.draw.rect(s_img, (*theme.BUBBLE, alpha), (0, 0, w, h), border_radius=12)
        tx = min(w - 14, max(14, anchor[0] - x))
        pygame.draw.polygon(
            s_img, (*theme.BUBBLE, alpha), [(tx - 8, h - 1), (tx + 8, h - 1), (tx, h + 11)]
        )
        ox = 10
    for i, line in enumerate(lines):
        s_img.blit(f.render(line, True, theme.BUBBLE_TEXT), (ox, 7 + i * lh))
    surface.blit(s_img, (x, y))


def ring(
    surface: pygame.Surface,
    centre: tuple[int, int],
    radius: int,
    fraction: float,
    colour: Colour,
    width: int = 4,
) -> None:
    """An arc from 12 o'clock covering ``fraction`` of a circle (the action clock)."""
    import math

    fraction = max(0.0, min(1.0, fraction))
    if fraction <= 0:
        return
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    start = math.pi / 2
    pygame.draw.arc(surface, colour, rect, start, start + 2 * math.pi * fraction, width)
