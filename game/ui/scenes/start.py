"""The start screen: Play, Spectate, Options, Quit — by mouse, arrows + Enter, letter, or
voice (:mod:`game.ui.start_voice`: each choice is said as it is selected)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from .. import card_art, theme
from ..widgets import Button, draw_button, panel, text
from . import Scene

if TYPE_CHECKING:
    from ..start_voice import StartVoice

ITEMS = (
    ("resume", "Resume last game", "R", theme.GOLD_DARK),
    ("play", "Play", "P", theme.RAISE_GREEN),
    ("spectate", "Spectate the bots", "S", theme.CALL_BLUE),
    ("options", "Options", "O", theme.BUTTON),
    ("quit", "Quit", "Q", theme.FOLD_RED),
)


class StartScene(Scene):
    def __init__(self, launcher: Any, can_resume: bool | None = None) -> None:
        self.launcher = launcher
        if can_resume is None:
            from ..setup import can_resume as check

            can_resume = check()
        self.items = [i for i in ITEMS if i[0] != "resume" or can_resume]
        self.size = (1280, 800)
        self.buttons: dict[str, Button] = {}
        self.focus = 0
        self.hover: str | None = None
        self.background: pygame.Surface | None = None
        #: the table this screen opened (the voice is the table's until it is done)
        self.table: Scene | None = None
        #: the options this screen opened (spoken moves go to it while it is open)
        self.dialog: Scene | None = None
        self.voice: StartVoice | None = None
        link_for = getattr(launcher, "voice_link", None)
        if link_for is not None:
            from ..start_voice import StartVoice

            self.voice = StartVoice(self, link_for, getattr(launcher, "start_speech", None),
                                    narrate=lambda: bool(getattr(launcher, "narrate", False)))

    def s(self, v: float) -> int:
        return theme.scale(v, self.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._sig: tuple[object, ...] | None = None  # draw the next frame in full
        gap = self.s(12)
        w, h = self.s(360), self.s(52)
        y = self.s(364)  # under the title and its subtitle
        self.buttons = {}
        for name, label, key, colour in self.items:
            r = pygame.Rect(0, 0, w, h)
            r.midtop = (size[0] // 2, y)
            self.buttons[name] = Button(name, label, r, colour, hotkey=key)
            y += h + gap
        self.background = self._background()

    def _background(self) -> pygame.Surface:
        from ..layout import compute
        from ..table_view import build_background

        bg = build_background(compute(self.size, 4, human=0)).copy()
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        bg.blit(shade, (0, 0))
        # a fan of cards above the title: a royal flush in spades
        cw = self.s(74)
        cx, cy = self.size[0] // 2, self.s(150)
        for i, c in enumerate(("Ts", "Js", "Qs", "Ks", "As")):
            ang = (i - 2) * 9
            img = pygame.transform.rotozoom(card_art.face(c, cw), -ang, 1.0)
            dx = int(math.sin(math.radians(ang)) * self.s(150))
            dy = int((1 - math.cos(math.radians(ang))) * self.s(150))
            bg.blit(img, img.get_rect(center=(cx + dx, cy + dy)))
        return bg

    def activate(self, name: str) -> None:
        if name == "quit":
            self.quit = True
        elif name == "options":
            from .options import OptionsScene

            load = getattr(self.launcher, "load_settings", None)
            options = OptionsScene(self.launcher.rules, launcher=self.launcher,
                                   settings=load() if load is not None else None)
            # closed, its settings hold in this window (push-to-talk turned off by voice
            # is off at the table), as the table's options apply at once
            options.on_close = getattr(self.launcher, "apply_settings", None)
            self.push = self.dialog = options
        elif name in ("play", "spectate"):
            self.push = self.table = self.launcher.table_scene(spectate=(name == "spectate"))
        elif name == "resume":
            from game.session.errors import SessionError

            try:
                self.push = self.table = self.launcher.table_scene(spectate=False,
                                                                   resume=True)
            except (SessionError, OSError) as e:
                self.launcher.notice = f"The last game cannot be resumed: {e}"
                self.items = [i for i in self.items if i[0] != "resume"]
                self.resize(self.size)

    def update(self, now: float, dt: float) -> None:
        if self.voice is not None:
            self.voice.update(now)

    def close(self) -> None:
        if self.voice is not None:
            self.voice.close()

    def handle(self, event: pygame.event.Event, now: float) -> None:
        names = [n for n, *_ in self.items]
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((n for n, b in self.buttons.items()
                               if b.rect.collidepoint(event.pos)), None)
            if self.hover:
                self.focus = names.index(self.hover)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, b in self.buttons.items():
                if b.hit(event.pos):
                    self.activate(name)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(names)
            elif event.key == pygame.K_UP:
                self.focus = (self.focus - 1) % len(names)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.activate(names[self.focus])
            elif event.key == pygame.K_ESCAPE:
                self.quit = True
            else:
                for name, _label, key, _ in self.items:
                    if event.unicode and event.unicode.upper() == key:
                        self.activate(name)

    def draw(self, surface: pygame.Surface, now: float) -> bool:
        if self.background is None or self.background.get_size() != surface.get_size():
            self.resize(surface.get_size())
        assert self.background is not None
        st = self.voice.status() if self.voice is not None else None
        heard = (st.mode, st.heard, st.prompt, st.resolved, st.refusal) if st else None
        sig = (self.focus, self.hover, getattr(self.launcher, "notice", ""), len(self.items),
               self.size, id(surface), heard)
        if sig == getattr(self, "_sig", None) and not self.covered:
            return False  # nothing moved: the last frame is still on screen
        self._sig = None if self.covered else sig
        surface.blit(self.background, (0, 0))
        w = self.size[0]
        text(surface, "Table Talk Hold'em", (w // 2, self.s(250)), self.s(54), theme.GOLD,
             bold=True, anchor="midtop")
        text(surface, "Texas Hold'em you play by speaking", (w // 2, self.s(318)), self.s(20),
             theme.TEXT, anchor="midtop")
        names = [n for n, *_ in self.items]
        for i, name in enumerate(names):
            b = self.buttons[name]
            draw_button(surface, b, hover=(name == self.hover or i == self.focus),
                        armed=(i == self.focus), font_size=self.s(22))
        notice = getattr(self.launcher, "notice", "")
        hint = "Arrows + Enter, or the letter · F11 full screen"
        if st is not None and st.mode != "off":
            from ..start_voice import HINT

            hint = HINT
            line = self.voice.status_line() if self.voice is not None else ""
            text(surface, line[:120], (w // 2, self.size[1] - self.s(90)), self.s(17),
                 theme.HIGHLIGHT if st.prompt else theme.TEXT, anchor="midbottom")
        if notice:
            r = pygame.Rect(0, 0, w - self.s(80), self.s(40))
            r.midbottom = (w // 2, self.size[1] - self.s(44))
            panel(surface, r, alpha=220, edge=(200, 90, 80))
            text(surface, notice[:140], r.center, self.s(15), (250, 190, 180), anchor="center")
        text(surface, hint, (w // 2, self.size[1] - self.s(16)), self.s(15), theme.TEXT_DIM,
             anchor="midbottom")
        return True
