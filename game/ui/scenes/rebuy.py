"""Rebuy / top-up between hands, within the table's buy-in limits (docs/RULES.md §6.3).

Every request goes to ``table.rebuy`` / ``table.top_up``; a refusal shows the session's
own explanation (what was refused and what is allowed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.session.errors import SessionError

from .. import theme
from ..widgets import text
from .dialog import Dialog

if TYPE_CHECKING:
    from game.session.table import Player

    from ..controller import Controller


class RebuyScene(Dialog):
    title = "Rebuy / top up"
    design = (660, 400)

    def __init__(self, controller: Controller, seat: int) -> None:
        super().__init__()
        self.c = controller
        self.seat = seat
        rules = controller.table.rules
        self.lo, self.hi = rules.min_buy_in, rules.max_buy_in
        self.amount = self.default_amount()
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        #: set by the table scene: refusals are said aloud
        self.speak: Callable[[str], None] | None = None

    @property
    def player(self) -> Player | None:
        return self.c.table.players[self.seat]

    def room(self) -> tuple[int, int]:
        """The smallest and largest amount this player may add now."""
        stack = self.player.stack if self.player is not None else 0
        return max(1, self.lo - stack), max(0, self.hi - stack)

    def default_amount(self) -> int:
        return self.room()[1]

    def layout(self) -> None:
        r = self.rect
        self.slider = pygame.Rect(r.x + self.s(40), r.y + self.s(190), r.w - self.s(80), self.s(26))
        self.buttons = {}
        self.button_row([("rebuy", f"Add {self.amount:,}", theme.RAISE_GREEN),
                         ("topup", "Top up to max", theme.CALL_BLUE),
                         ("sitout", "Sit out", theme.BUTTON),
                         ("close", "Not now", theme.BUTTON)], r.bottom - self.s(66))
        self._refresh()

    def _refresh(self) -> None:
        rules = self.c.table.rules
        allowed = rules.rebuys and not rules.freeze_out
        lo, hi = self.room()
        if "sitout" in self.buttons:
            p = self.player
            self.buttons["sitout"].label = (
                "I'm back" if p is not None and p.sitting_out else "Sit out")
        if "rebuy" in self.buttons:
            self.buttons["rebuy"].label = f"Add {self.amount:,}"
            self.buttons["rebuy"].enabled = allowed and hi >= lo and not self.c.in_hand
            self.buttons["topup"].enabled = allowed and hi > 0 and not self.c.in_hand

    def on_button(self, name: str, now: float) -> None:
        t = self.c.table
        try:
            if name == "rebuy":
                self.c.emit(t.rebuy(self.seat, self.amount))
            elif name == "topup":
                self.c.emit(t.top_up(self.seat))
            elif name == "sitout":
                p = self.player
                if p is not None and p.sitting_out:
                    self.c.emit(t.sit_in(self.seat))
                else:
                    self.c.emit(t.sit_out(self.seat))
            elif name == "close":
                self.done = True
                self.c.needs_rebuy = False
                return
        except SessionError as e:
            self.message, self.message_is_error = str(e), True
            if self.speak is not None:
                self.speak(str(e))
            return
        self.c.needs_rebuy = False
        self.done = True

    def on_click(self, pos: tuple[int, int], now: float) -> None:
        if self.slider.inflate(0, 16).collidepoint(pos):
            self.dragging = True
            self._drag(pos[0])

    def handle(self, event: pygame.event.Event, now: float) -> None:
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._drag(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        elif event.type == pygame.MOUSEWHEEL:
            self.set_amount(self.amount + event.y * self.c.table.rules.big_blind_chips * 10)
        super().handle(event, now)

    def on_key(self, event: pygame.event.Event, now: float) -> None:
        step = self.c.table.rules.big_blind_chips * 10
        if event.key in (pygame.K_UP, pygame.K_RIGHT):
            self.set_amount(self.amount + step)
        elif event.key in (pygame.K_DOWN, pygame.K_LEFT):
            self.set_amount(self.amount - step)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_button("rebuy", now)

    def set_amount(self, amount: int) -> None:
        lo, hi = self.room()
        self.amount = max(lo, min(hi, int(amount)))
        self._refresh()

    def _drag(self, x: int) -> None:
        lo, hi = self.room()
        frac = min(1.0, max(0.0, (x - self.slider.x) / max(1, self.slider.w)))
        step = self.c.table.rules.big_blind_chips
        self.set_amount(int(round((lo + frac * (hi - lo)) / step) * step if 0 < frac < 1
                            else lo + frac * (hi - lo)))

    def draw_body(self, surface: pygame.Surface, now: float) -> None:
        r = self.rect
        rules = self.c.table.rules
        p = self.player
        stack = p.stack if p is not None else 0
        y = r.y + self.s(70)
        lines = [f"Your stack: {stack:,}",
                 f"Buy-in limits: {self.lo:,} to {self.hi:,} "
                 f"({rules.min_buy_in_bb}-{rules.max_buy_in_bb} big blinds)"]
        if rules.freeze_out:
            lines.append("This is a freeze-out: there are no rebuys.")
        elif not rules.rebuys:
            lines.append("Rebuys are off at this table.")
        elif stack == 0:
            lines.append("You are out of chips: rebuy to keep playing, or sit out.")
        for line in lines:
            text(surface, line, (r.x + self.s(40), y), self.s(18), theme.TEXT)
            y += self.s(30)
        lo, hi = self.room()
        pygame.draw.rect(surface, (60, 70, 86), self.slider, border_radius=self.s(6))
        if hi >= lo and hi > 0:
            frac = 0.0 if hi == lo else (self.amount - lo) / (hi - lo)
            fill = self.slider.copy()
            fill.w = int(self.slider.w * frac)
            pygame.draw.rect(surface, theme.RAISE_GREEN, fill, border_radius=self.s(6))
            kx = self.slider.x + int(self.slider.w * frac)
            pygame.draw.circle(surface, theme.GOLD, (kx, self.slider.centery), self.s(14))
            text(surface, f"{lo:,}", (self.slider.x, self.slider.bottom + self.s(6)), self.s(14),
                 theme.TEXT_DIM)
            text(surface, f"{hi:,}", (self.slider.right, self.slider.bottom + self.s(6)),
                 self.s(14), theme.TEXT_DIM, anchor="topright")
            text(surface, f"New stack: {stack + self.amount:,}",
                 (r.centerx, self.slider.bottom + self.s(6)), self.s(16), theme.GOLD,
                 anchor="midtop")
