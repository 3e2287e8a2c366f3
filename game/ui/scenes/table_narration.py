"""Narration at the table: the spoken table is built off the frame once the table is on
screen, then kept in step with the voice HUD (it holds its lines while the player speaks,
and the microphone is muted while it talks, or, talking over the bots, hears past it: the
player's voice stops the line)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..seams import Narrator
    from .table import TableScene

#: Frames drawn before the narrator is built: the table is on screen and playable first.
START_AFTER_FRAMES = 2


class NarrationStart:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        #: builds the narrator after the first frames (None: built already, or none wanted)
        self.factory: Callable[[], Narrator] | None = None
        self._ready: Narrator | None = None

    def update(self, frames: int) -> None:
        """Start building once enough frames are drawn; take the narrator when it is built."""
        if self.factory is not None and frames >= START_AFTER_FRAMES:
            factory, self.factory = self.factory, None
            threading.Thread(target=self._build, args=(factory,), daemon=True,
                             name="narrator-start").start()
        if self._ready is not None:
            scene = self.scene
            scene.narrator, self._ready = self._ready, None
            if scene.hud is not None:
                scene.hud.link.speak = scene.narrator.say
                scene.hud.link.stop_line = scene.narrator.barge_in
                scene.narrator.on_play = scene.hud.link.playing

    def _build(self, factory: Callable[[], Narrator]) -> None:
        """Loads banter lines and a TTS engine off the frame."""
        for attempt in range(5):
            try:
                self._ready = factory()
                return
            except RuntimeError as e:
                # another thread importing the same package at this moment
                # ("deadlock detected by _ModuleLock"): wait and try again
                if "deadlock" not in str(e) or attempt == 4:
                    self.scene.notice = f"speech unavailable: {e}"
                    return
                time.sleep(0.2)
            except Exception as e:  # noqa: BLE001 - no narration: text and bubbles stay
                self.scene.notice = f"speech unavailable: {e}"
                return

    def pump(self, now: float) -> None:
        """Play the narrator's lines, in step with the player's voice."""
        narrator, hud = self.scene.narrator, self.scene.hud
        if narrator is None:
            return
        if hud is not None:
            link = hud.link
            if link.barge_in is not None:  # the player talks over the game: stop its line
                link.barge_in = None
                if narrator.barge_in():
                    link.cut(time.monotonic())
            narrator.hold = link.holds_lines(now)
        narrator.pump()
        if hud is not None:
            hud.link.set_muted(narrator.speaking)
            hud.link.hold_confirmation(narrator.busy)
