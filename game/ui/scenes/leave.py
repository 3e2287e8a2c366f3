"""Leaving the table: a question first, since Esc is also the key that cancels a bet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..widgets import text
from .dialog import Dialog

if TYPE_CHECKING:
    from .table import TableScene


class LeaveScene(Dialog):
    title = "Leave the table?"
    design = (560, 260)

    def __init__(self, table_scene: TableScene) -> None:
        super().__init__()
        self.table_scene = table_scene

    def layout(self) -> None:
        self.buttons = {}
        self.button_row([("leave", "Leave (Y)", theme.FOLD_RED),
                         ("close", "Stay (N)", theme.BUTTON)], self.rect.bottom - self.s(66))

    def on_button(self, name: str, now: float) -> None:
        if name == "leave":
            self.table_scene.leave()
        self.done = True

    def on_key(self, event: pygame.event.Event, now: float) -> None:
        if event.key in (pygame.K_y, pygame.K_RETURN):
            self.on_button("leave", now)
        elif event.key == pygame.K_n:
            self.done = True

    def draw_body(self, surface: pygame.Surface, now: float) -> None:
        human = self.table_scene.c.human is not None
        line = ("Your game is saved as it stands: Resume it from the start screen."
                if human else "The bots will stop playing.")
        text(surface, line, (self.rect.centerx, self.rect.y + self.s(80)), self.s(16),
             theme.TEXT, anchor="midtop")
