"""Colours, fonts and sizes of the table, in one place so every scene looks alike.

Fonts are FiraCode (shipped inside pygame-menu-ce, OFL licence) because pygame's default
font has no suit glyphs.  Sizes scale with the window: :func:`scale` maps a size designed
for a 1280x800 window to the current one, so text stays readable on large screens.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

DESIGN_SIZE = (1280, 800)

FELT = (20, 94, 62)
FELT_LIGHT = (34, 128, 84)
FELT_DARK = (12, 60, 40)
RAIL = (70, 40, 22)
RAIL_LIGHT = (118, 74, 40)
RAIL_EDGE = (30, 16, 8)
BACKGROUND = (16, 20, 28)
BACKGROUND_LIGHT = (30, 38, 52)
TEXT = (236, 236, 228)
TEXT_DIM = (160, 168, 160)
GOLD = (236, 196, 80)
GOLD_DARK = (150, 112, 30)
RED_SUIT = (200, 30, 40)
BLACK_SUIT = (24, 24, 30)
CARD_FACE = (250, 248, 240)
CARD_EDGE = (120, 120, 110)
CARD_BACK = (150, 28, 40)
CARD_BACK_LINE = (210, 170, 90)
PANEL = (22, 28, 38)
PANEL_EDGE = (70, 84, 104)
BUTTON = (48, 62, 84)
BUTTON_HOVER = (66, 86, 116)
BUTTON_DISABLED = (40, 44, 52)
TEXT_DISABLED = (96, 100, 108)
FOLD_RED = (150, 48, 48)
CALL_BLUE = (40, 96, 160)
RAISE_GREEN = (40, 130, 70)
ALLIN_ORANGE = (196, 100, 30)
HIGHLIGHT = (255, 224, 96)
CLOCK_OK = (90, 200, 110)
CLOCK_LOW = (230, 80, 60)
BUBBLE = (250, 250, 240)
BUBBLE_TEXT = (30, 30, 36)
SHADOW = (0, 0, 0, 90)

#: Chip colours by denomination, like a casino set.
CHIP_COLOURS: tuple[tuple[int, tuple[int, int, int]], ...] = (
    (1000, (236, 196, 80)),
    (500, (120, 60, 160)),
    (100, (30, 30, 34)),
    (25, (40, 140, 70)),
    (5, (190, 40, 40)),
    (1, (230, 230, 230)),
)

#: Avatar colours by personality look (bots give a "look"; unknown looks hash into these).
AVATAR_COLOURS = (
    (200, 90, 70),
    (70, 140, 200),
    (210, 170, 60),
    (130, 90, 190),
    (60, 170, 150),
    (200, 110, 170),
    (120, 160, 70),
)


@lru_cache(maxsize=2)
def font_path(bold: bool = False) -> str:
    """Path of FiraCode inside pygame-menu-ce (OFL, allowed to ship).

    Found without importing pygame_menu (a third of a second at start-up); the same files
    as ``pygame_menu.font.FONT_FIRACODE`` / ``FONT_FIRACODE_BOLD``.
    """
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("pygame_menu")
    if spec is not None and spec.submodule_search_locations:
        base = Path(list(spec.submodule_search_locations)[0]) / "resources" / "fonts"
        path = base / ("FiraCode-Bold.ttf" if bold else "FiraCode-Regular.ttf")
        if path.exists():
            return str(path)
    import pygame_menu.font as menu_font

    return menu_font.FONT_FIRACODE_BOLD if bold else menu_font.FONT_FIRACODE


_FONTS: dict[tuple[int, bool], pygame.font.Font] = {}


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A cached FiraCode font of ``size`` pixels (fonts are slow to open).

    A cached font dies with ``pygame.quit()``; one that no longer works is opened anew,
    so a window closed and opened again (tests, "leave table") keeps rendering text.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    key = (max(8, int(size)), bold)
    cached = _FONTS.get(key)
    if cached is not None:
        try:
            cached.get_height()
            cached.size("x")
            return cached
        except pygame.error:
            _FONTS.clear()
    made = pygame.font.Font(font_path(bold), key[0])
    _FONTS[key] = made
    return made


def scale_factor(window: tuple[int, int]) -> float:
    """How much larger than the design size the window is (the smaller axis decides).

    >>> scale_factor((1280, 800)), scale_factor((640, 800))
    (1.0, 0.5)
    """
    return min(window[0] / DESIGN_SIZE[0], window[1] / DESIGN_SIZE[1])


def scale(value: float, window: tuple[int, int]) -> int:
    """A design-size length in pixels for this window, never below 1.

    >>> scale(20, (2560, 1600))
    40
    """
    return max(1, round(value * scale_factor(window)))


def avatar_colour(key: str) -> tuple[int, int, int]:
    """A stable colour for a look or name (same name, same colour in every session)."""
    h = 0
    for ch in key:
        h = (h * 31 + ord(ch)) & 0xFFFF
    return AVATAR_COLOURS[h % len(AVATAR_COLOURS)]


@lru_cache(maxsize=4096)
def render(
    s: str, size: int, colour: tuple[int, int, int] = TEXT, bold: bool = False
) -> pygame.Surface:
    """Rendered text, cached: labels repeat every frame and rendering text is the slow part."""
    return font(size, bold).render(s, True, colour)
