"""Session stats: every player's chips over the hands, the biggest pots, VPIP / PFR / AF.

VPIP (voluntarily put money in preflop), PFR (preflop raise) and aggression come from the
session's own ``SessionStats`` — the same numbers ``holdem simulate`` reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.events import PotAwarded

from .. import theme
from ..snapshot_builder import colour_of
from ..widgets import text
from .dialog import Dialog

if TYPE_CHECKING:
    from bots.personalities import Look

    from ..seams import Session
    from .history import RecordedHand


def biggest_pots(hands: list[RecordedHand], n: int = 5) -> list[tuple[int, int, str]]:
    """(amount, hand number, summary) of the ``n`` largest pots, largest first."""
    rows = []
    for rec in hands:
        total = sum(e.amount for e in rec.events if isinstance(e, PotAwarded))
        if total:
            rows.append((total, rec.number, rec.summary()))
    rows.sort(key=lambda r: (-r[0], r[1]))
    return rows[:n]


class StatsScene(Dialog):
    title = "Session stats"
    design = (1100, 700)

    def __init__(self, table: Session, chip_history: list[tuple[int, tuple[int, ...]]],
                 hands: list[RecordedHand] | None = None,
                 looks: dict[int, Look | None] | None = None) -> None:
        super().__init__()
        self.table = table
        self.history = chip_history
        self.hands = hands or []
        self.looks = looks or {}

    def layout(self) -> None:
        self.buttons = {}
        self.button_row([("close", "Close", theme.BUTTON)], self.rect.bottom - self.s(62))
        b = self.buttons["close"]
        b.rect.w = self.s(200)
        b.rect.centerx = self.rect.centerx

    def on_key(self, event: pygame.event.Event, now: float) -> None:
        if event.key in (pygame.K_s, pygame.K_RETURN):
            self.done = True

    def seats(self) -> list[tuple[int, str, tuple[int, int, int]]]:
        out = []
        for seat, p in enumerate(self.table.players):
            if p is not None:
                out.append((seat, p.name, colour_of(self.looks.get(seat), p.name)))
        return out

    def draw_body(self, surface: pygame.Surface, now: float) -> None:
        r = self.rect
        graph = pygame.Rect(r.x + self.s(60), r.y + self.s(70), int(r.w * 0.58), self.s(300))
        self._graph(surface, graph)
        # table of stats
        x = graph.right + self.s(30)
        y = graph.y
        text(surface, "Player      VPIP  PFR   AF   Stack", (x, y), self.s(15), theme.TEXT_DIM,
             shadow=False)
        y += self.s(24)
        st = self.table.stats
        for seat, name, colour in self.seats():
            s = st.seats[seat] if seat < len(st.seats) else None
            p = self.table.players[seat]
            stack = p.stack if p is not None else 0  # seats() lists seated players only
            pygame.draw.circle(surface, colour, (x + self.s(6), y + self.s(9)), self.s(6))
            if s is not None and s.hands:
                row = f"{name[:9]:<9} {s.vpip:4.0%} {s.pfr:4.0%} {s.aggression:4.1f} {stack:>6,}"
            else:
                row = f"{name[:9]:<9}    —    —    — {stack:>6,}"
            text(surface, row, (x + self.s(18), y), self.s(15), theme.TEXT, shadow=False)
            y += self.s(24)
        # biggest pots
        y = graph.bottom + self.s(40)
        text(surface, "Biggest pots", (graph.x, y), self.s(18), theme.GOLD, bold=True)
        y += self.s(28)
        pots = biggest_pots(self.hands)
        if not pots:
            text(surface, "None yet.", (graph.x, y), self.s(15), theme.TEXT_DIM, shadow=False)
        for amount, _number, summary in pots:
            text(surface, f"{amount:>7,}   {summary[:70]}", (graph.x, y), self.s(15), theme.TEXT,
                 shadow=False)
            y += self.s(22)

    def _graph(self, surface: pygame.Surface, g: pygame.Rect) -> None:
        pygame.draw.rect(surface, (14, 18, 24), g)
        pygame.draw.rect(surface, theme.PANEL_EDGE, g, 1)
        text(surface, "Chips after each hand", (g.x, g.y - self.s(22)), self.s(15),
             theme.TEXT_DIM, shadow=False)
        if len(self.history) < 1:
            text(surface, "Play a hand to see the graph.", g.center, self.s(16), theme.TEXT_DIM,
                 anchor="center", shadow=False)
            return
        series = self.history
        top = max(max(stacks) for _, stacks in series) or 1
        n = len(series)
        for k in range(5):
            yy = g.bottom - int(g.h * k / 4)
            pygame.draw.line(surface, (34, 40, 50), (g.x, yy), (g.right, yy))
            text(surface, f"{int(top * k / 4):,}", (g.x - self.s(6), yy), self.s(12),
                 theme.TEXT_DIM, anchor="midright", shadow=False)
        for seat, _name, colour in self.seats():
            pts = []
            for i, (_num, stacks) in enumerate(series):
                if seat >= len(stacks):
                    continue
                x = g.x + (int(g.w * i / (n - 1)) if n > 1 else g.w // 2)
                y = g.bottom - int(g.h * stacks[seat] / top)
                pts.append((x, y))
            if len(pts) >= 2:
                pygame.draw.lines(surface, colour, False, pts, max(2, self.s(3)))
            for p in pts[-1:]:
                pygame.draw.circle(surface, colour, p, self.s(4))
        text(surface, f"hands 1–{series[-1][0]}", (g.right, g.bottom + self.s(4)), self.s(12),
             theme.TEXT_DIM, anchor="topright", shadow=False)
