"""The table's mouse and keys: the dialog menu, P and Esc, and the action bar, whose
actions go through ``Controller.submit`` (the same door as voice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..widgets import Button
from .dialogs import BY_KEY, DIALOGS

if TYPE_CHECKING:
    from .table import TableScene


class TableInput:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.menu: dict[str, Button] = {}
        self.hover: str | None = None

    def layout(self, size: tuple[int, int]) -> None:
        """One menu button per dialog the player may open (dialogs.DIALOGS)."""
        bw, bh = theme.scale(104, size), theme.scale(28, size)
        x = theme.scale(14, size)
        y = theme.scale(36, size)
        self.menu = {}
        for d in DIALOGS:
            if d.players_only and self.scene.c.human is None:
                continue
            self.menu[d.name] = Button(d.name, d.label, pygame.Rect(x, y, bw, bh))
            x += bw + theme.scale(6, size)

    def handle(self, event: pygame.event.Event, now: float) -> None:
        scene, c, bar, hud = self.scene, self.scene.c, self.scene.bar, self.scene.hud
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (n for n, b in self.menu.items() if b.rect.collidepoint(event.pos)), None
            )
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, b in self.menu.items():
                if b.hit(event.pos):
                    scene.open(name)
                    return
        if hud is not None and hud.handle(event, now):
            return
        if event.type == pygame.KEYDOWN and bar.typed is None:
            if event.key == pygame.K_p:
                c.set_paused(not c.paused)
                return
            opener = BY_KEY.get(event.key)
            if opener is not None:
                scene.open(opener.name)
                return
            if event.key == pygame.K_ESCAPE and bar.pending is None and not (
                    hud is not None and hud.help_open):
                from .leave import LeaveScene

                scene.push = scene.dialog = LeaveScene(scene)
                return
        if c.human is not None:
            action = bar.handle(event, now)
            if action is not None:
                err = c.submit(action, now)
                if err:
                    bar.message = err
                    if scene.narrator is not None:
                        scene.narrator.say(err)
                elif hud is not None:
                    hud.link.acted_by_hand()
