"""The game's scenes (state pattern): start, table, options, rebuy, history, stats.

Each scene handles input, updates and draws itself; it asks the app for a change of scene
by setting ``next`` (a Scene) or ``done`` (go back), so scenes never call each other's
internals.
"""

from __future__ import annotations

import pygame


class Scene:
    """Base scene: no-op hooks the app calls every frame."""

    #: A scene to switch to (replacing this one), set by the scene itself.
    next: Scene | None = None
    #: A scene to show on top of this one (a dialog); the app pushes it.
    push: Scene | None = None
    #: True when the scene wants to be popped (dialogs) or the app to quit (the root).
    done: bool = False
    #: True when the whole program should quit.
    quit: bool = False
    #: Set by the app: a dialog is drawn over this scene this frame.
    covered: bool = False

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def handle(self, event: pygame.event.Event, now: float) -> None:
        """One input event."""

    def update(self, now: float, dt: float) -> None:
        """One fixed step of ``dt`` seconds of game time."""

    def draw(self, surface: pygame.Surface, now: float) -> bool | None:
        """Draw the current frame; return False to say it is unchanged since the last."""

    def close(self) -> None:
        """Release threads and files before the scene is dropped."""
