"""A dialog drawn over the scene beneath it (which keeps running): dim, panel, buttons."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, draw_button, panel, text
from . import Scene


class Dialog(Scene):
    """Base for dialogs: a centred panel with a title and a row of buttons; Esc closes."""

    overlay = True
    title = ""
    #: Panel size in design pixels (scaled with the window).
    design = (640, 420)

    def __init__(self) -> None:
        self.size = (1280, 800)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: dict[str, Button] = {}
        self.hover: str | None = None
        self.message = ""
        self.message_is_error = False

    def s(self, v: float) -> int:
        return theme.scale(v, self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = self.s(self.design[0]), self.s(self.design[1])
        self.rect = pygame.Rect(0, 0, min(w, size[0] - 20), min(h, size[1] - 20))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.layout()

    def layout(self) -> None:
        """Place widgets inside ``self.rect`` (subclasses)."""

    def button_row(self, items: list[tuple[str, str, tuple[int, int, int]]], y: int) -> None:
        pad = self.s(12)
        w = (self.rect.w - pad * (len(items) + 1)) // max(1, len(items))
        x = self.rect.x + pad
        for name, label, colour in items:
            self.buttons[name] = Button(name, label, pygame.Rect(x, y, w, self.s(46)), colour)
            x += w + pad

    def handle(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((n for n, b in self.buttons.items()
                               if b.rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, b in self.buttons.items():
                if b.hit(event.pos):
                    self.on_button(name, now)
                    return
            self.on_click(event.pos, now)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.done = True
            else:
                self.on_key(event, now)

    def on_button(self, name: str, now: float) -> None:
        if name == "close":
            self.done = True

    def on_click(self, pos: tuple[int, int], now: float) -> None:
        """A click outside every button."""

    def on_key(self, event: pygame.event.Event, now: float) -> None:
        """A key other than Esc."""

    def draw_frame(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        panel(surface, self.rect, alpha=245, radius=self.s(14))
        text(surface, self.title, (self.rect.centerx, self.rect.y + self.s(18)), self.s(26),
             theme.GOLD, bold=True, anchor="midtop")

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for name, b in self.buttons.items():
            draw_button(surface, b, hover=(name == self.hover), font_size=self.s(18))
        if self.message:
            colour = (240, 120, 110) if self.message_is_error else theme.TEXT
            from ..text_fit import fit

            two_lines = 2 * theme.font(self.s(16)).get_linesize()
            block = fit([(self.message, colour)], self.rect.w - self.s(40), two_lines,
                        self.s(16), self.s(12))
            y = self.rect.bottom - self.s(96)
            for line, col in block.lines:
                text(surface, line, (self.rect.centerx, y), block.size, col, anchor="midtop")
                y += block.line_height

    def draw(self, surface: pygame.Surface, now: float) -> bool:
        self.draw_frame(surface)
        self.draw_body(surface, now)
        self.draw_buttons(surface)
        return True

    def draw_body(self, surface: pygame.Surface, now: float) -> None:
        """The dialog's own content (subclasses)."""
