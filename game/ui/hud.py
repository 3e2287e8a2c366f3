"""The voice HUD: listening state, live level, last phrase, what it did, prompts, help card.

Keys: Space (hold) push-to-talk, F1 the help card, T types a phrase (the same path as
speech — handy without a microphone and in tests).
"""

from __future__ import annotations

import pygame

from . import theme
from .seams import HumanSeat
from .text_fit import Fitted, fit, wrap
from .voice_link import VoiceLink
from .widgets import panel, text

MODE_COLOURS = {
    "listening": (90, 220, 110),
    "idle": (220, 200, 90),
    "starting": (150, 150, 150),
    "off": (110, 110, 110),
    "no microphone": (220, 90, 80),
    "error": (220, 90, 80),
}

#: Panel geometry in design pixels: the title row, the bottom padding, the tallest the
#: panel grows to for a long prompt, and the smallest font it shrinks to first.
HEADER = 34
PAD = 6
MAX_HEIGHT = 168
MIN_FONT = 11


class VoiceHud:
    def __init__(self, link: VoiceLink, owns_link: bool = True) -> None:
        self.link = link
        #: False when the window lends its one link to this table: closing gives it back
        self.owns_link = owns_link
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = (1280, 800)
        self.help_open = False
        self.typing: str | None = None

    @classmethod
    def start(cls, mode: str, controller: HumanSeat) -> VoiceHud:
        return cls(VoiceLink(controller, mode))

    def s(self, v: float) -> int:
        return theme.scale(v, self.size)

    def layout(self, rect: pygame.Rect, size: tuple[int, int]) -> None:
        self.rect = rect
        self.size = size

    def signature(self) -> tuple[object, ...]:
        st = self.link.state
        return (st.mode, round(st.level, 2), st.heard, st.resolved, st.refusal, st.prompt,
                st.notice, st.talking, self.help_open, self.typing)

    def handle(self, event: pygame.event.Event, now: float) -> bool:
        """True when the HUD used the event (the action bar does not see it)."""
        if self.typing is not None:
            if event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                    if self.typing.strip():
                        self.link.hear(self.typing.strip(), None)
                    self.typing = None
                elif event.key == pygame.K_ESCAPE:
                    self.typing = None
                elif event.key == pygame.K_BACKSPACE:
                    self.typing = self.typing[:-1]
                elif event.unicode and event.unicode.isprintable():
                    self.typing = (self.typing + event.unicode)[:60]
                return True
            return event.type == pygame.TEXTINPUT
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                self.help_open = not self.help_open
                return True
            if event.key == pygame.K_SPACE:
                self.link.push_to_talk(True)
                return True
            if event.key == pygame.K_t:
                self.typing = ""
                return True
            if event.key == pygame.K_ESCAPE and self.help_open:
                self.help_open = False
                return True
        if event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.link.push_to_talk(False)
            return True
        return False

    def update(self, now: float) -> None:
        self.link.update(now)

    def close(self) -> None:
        if self.owns_link:
            self.link.close()
        else:
            self.link.release()

    def messages(self) -> list[tuple[str, tuple[int, int, int]]]:
        """The lines the panel shows under its title, earliest (context) first."""
        st = self.link.state
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.typing is not None:
            lines.append((f"Type: {self.typing}▌", theme.HIGHLIGHT))
        elif st.heard:
            conf = f" ({st.confidence:.0%})" if st.confidence is not None else ""
            lines.append((f"Heard: “{st.heard}”{conf}", theme.TEXT))
        if st.prompt:
            lines.append((st.prompt, theme.HIGHLIGHT))
        elif st.refusal:
            lines.append((f"✗ {st.refusal}", (240, 130, 120)))
        elif st.resolved:
            lines.append((f"→ {st.resolved}", (140, 220, 150)))
        if st.notice and not lines:
            lines.append((st.notice, theme.TEXT_DIM))
        if not lines and self.link.c.human is None:  # a table of bots watched
            lines.append(("Say “quit” or “back” to leave, “options”…  F1 help · T type",
                          theme.TEXT_DIM))
        if not lines:
            lines.append(("Say “call”, “raise to 200”, “half pot”…  F1 help · T type",
                          theme.TEXT_DIM))
        return lines

    def block(self) -> Fitted:
        """The messages laid out for the panel: the panel grows down to ``MAX_HEIGHT``
        (design pixels) and the font shrinks before anything is left out."""
        room = self.s(MAX_HEIGHT) - self.s(HEADER) - self.s(PAD)
        return fit(self.messages(), self.rect.w - 2 * self.s(12), room, self.s(15),
                   self.s(MIN_FONT))

    def draw(self, surface: pygame.Surface, now: float) -> None:
        st = self.link.state
        block = self.block()
        r = self.rect.copy()
        r.h = max(r.h, self.s(HEADER) + block.height + self.s(PAD))
        panel(surface, r, alpha=215)
        x, y = r.x + self.s(12), r.y + self.s(8)
        colour = MODE_COLOURS.get(st.mode, (150, 150, 150))
        pygame.draw.circle(surface, colour, (x + self.s(6), y + self.s(10)), self.s(6))
        names = {"idle": "Ready — hold Space", "listening": "Listening…",
                 "off": "Voice off", "starting": "Voice starting…"}
        label = names.get(st.mode, st.mode.capitalize())
        text(surface, label, (x + self.s(18), y), self.s(16), theme.TEXT, bold=True)
        # live level meter
        meter = pygame.Rect(r.right - self.s(62), y + self.s(4), self.s(50), self.s(12))
        pygame.draw.rect(surface, (40, 44, 52), meter, border_radius=4)
        fill = meter.copy()
        fill.w = int(meter.w * max(0.0, min(1.0, st.level)))
        pygame.draw.rect(surface, colour, fill, border_radius=4)
        y = r.y + self.s(HEADER)
        for line, col in block.lines:
            text(surface, line, (x, y), block.size, col, shadow=False)
            y += block.line_height
        if self.help_open:
            self.draw_help(surface)

    def draw_help(self, surface: pygame.Surface) -> None:
        from voice.help import HELP_SECTIONS

        w, h = surface.get_size()
        r = pygame.Rect(0, 0, min(w - 40, self.s(980)), min(h - 40, self.s(640)))
        r.center = (w // 2, h // 2)
        panel(surface, r, alpha=245, radius=self.s(14), edge=theme.GOLD)
        text(surface, "What you can say", (r.centerx, r.y + self.s(12)), self.s(24), theme.GOLD,
             bold=True, anchor="midtop")
        col_w = (r.w - self.s(60)) // 2
        x0, y0 = r.x + self.s(24), r.y + self.s(56)
        x, y = x0, y0
        f_title, f_body = self.s(17), self.s(15)
        body = theme.font(f_body)
        half = (len(HELP_SECTIONS) + 1) // 2
        for i, (title, what, examples) in enumerate(HELP_SECTIONS):
            if i == half:
                x, y = x0 + col_w + self.s(12), y0
            text(surface, title, (x, y), f_title, theme.GOLD, bold=True, shadow=False)
            y += self.s(22)
            for line in wrap(" · ".join(f"“{e}”" for e in examples), body, col_w)[:3]:
                text(surface, line, (x, y), f_body, theme.TEXT, shadow=False)
                y += body.get_linesize()
            text(surface, what, (x, y), self.s(13), theme.TEXT_DIM, shadow=False)
            y += self.s(26)
        text(surface, "F1 or Esc closes · hold Space to talk · T to type a phrase",
             (r.centerx, r.bottom - self.s(10)), self.s(14), theme.TEXT_DIM, anchor="midbottom")
