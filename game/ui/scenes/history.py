"""Hand history: the last hands with every action, a step-by-step replay, PHH export.

Up/Down choose a hand, Left/Right (or the buttons) step through it, E exports it as PHH
(game/phh's writer, via the session's ``hand_history``) to the user's data directory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.events import (
    Acted,
    BoardDealt,
    ForcedBet,
    HoleDealt,
    PotAwarded,
    Refunded,
    Shown,
)

from .. import card_art, theme
from ..tracker import action_label
from ..widgets import text
from .dialog import Dialog

if TYPE_CHECKING:
    from game.engine.hand import Hand


@dataclass
class RecordedHand:
    """One finished hand as the window keeps it: events (table seats) and the engine hand."""

    number: int
    events: list[object]
    names: dict[int, str]
    human: int | None
    hand: Hand | None = None  #: the finished engine Hand (for PHH export)
    engine_names: list[str] = field(default_factory=list)

    def summary(self) -> str:
        wins = [e for e in self.events if isinstance(e, PotAwarded)]
        if not wins:
            return f"#{self.number}"
        main = wins[0]
        who = " & ".join(self.names.get(w, f"seat {w + 1}") for w in main.winners)
        total = sum(e.amount for e in wins)
        how = f" ({main.hand_name})" if main.hand_name else ""
        return f"#{self.number}  {who} won {total:,}{how}"


def step_lines(rec: RecordedHand) -> list[tuple[str, tuple[str, ...], int]]:
    """(log line, board so far, pot so far) after each step of the hand."""
    out: list[tuple[str, tuple[str, ...], int]] = []
    board: list[str] = []
    pot = 0
    name = rec.names.get
    for e in rec.events:
        line = None
        if isinstance(e, ForcedBet):
            pot += e.amount
            line = f"{name(e.seat, '?')} posts {e.kind} {e.amount}"
        elif isinstance(e, HoleDealt):
            if e.seat == rec.human:
                line = f"You are dealt {' '.join(card_art.rank_label(c) + c[1] for c in e.cards)}"
        elif isinstance(e, BoardDealt):
            board.extend(e.cards)
            line = f"{e.street.value.capitalize()}: {' '.join(e.cards)}"
        elif isinstance(e, Acted):
            pot += e.paid
            line = f"{name(e.seat, '?')}: {action_label(e)}"
        elif isinstance(e, Refunded):
            pot -= e.amount
            line = f"{name(e.seat, '?')} takes back {e.amount} uncalled"
        elif isinstance(e, Shown):
            line = f"{name(e.seat, '?')} shows {' '.join(e.cards)}: {e.hand_name}"
        elif isinstance(e, PotAwarded):
            who = " & ".join(name(w, "?") for w in e.winners)
            pot_name = "the pot" if e.index == 0 else f"side pot {e.index}"
            line = f"{who} wins {pot_name} ({e.amount:,})" + (
                f" with {e.hand_name}" if e.hand_name else "")
        if line:
            out.append((line, tuple(board), pot))
    return out


def export_phh(rec: RecordedHand, directory: Path | None = None) -> Path:
    """Write the hand as a .phh file; returns its path."""
    from game.phh.writer import dumps
    from game.session.history import hand_history

    if rec.hand is None:
        raise ValueError(f"hand #{rec.number} has no engine record to export")
    if directory is None:
        from platformdirs import user_data_dir

        directory = Path(user_data_dir("table-talk-holdem")) / "exports"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"hand-{rec.number}.phh"
    path.write_text(dumps(hand_history(rec.hand, rec.engine_names, rec.number)), "utf-8")
    return path


class HistoryScene(Dialog):
    title = "Hand history"
    design = (1100, 700)

    def __init__(self, hands: list[RecordedHand], export_dir: Path | None = None) -> None:
        super().__init__()
        self.hands = hands
        self.index = len(hands) - 1
        self.step = 0
        self.export_dir = export_dir
        self._reset_step()

    def _reset_step(self) -> None:
        self.step = len(self.lines()) - 1 if self.hands else 0

    def lines(self) -> list[tuple[str, tuple[str, ...], int]]:
        if not self.hands:
            return []
        return step_lines(self.hands[self.index])

    def layout(self) -> None:
        self.buttons = {}
        self.button_row([("first", "|◀ Start", theme.BUTTON), ("prev", "◀ Step", theme.BUTTON),
                         ("next", "Step ▶", theme.BUTTON), ("last", "End ▶|", theme.BUTTON),
                         ("export", "Export PHH", theme.CALL_BLUE),
                         ("close", "Close", theme.BUTTON)], self.rect.bottom - self.s(62))
        for b in self.buttons.values():
            b.enabled = bool(self.hands) or b.name == "close"

    def on_button(self, name: str, now: float) -> None:
        n = len(self.lines())
        if name == "first":
            self.step = 0
        elif name == "prev":
            self.step = max(0, self.step - 1)
        elif name == "next":
            self.step = min(n - 1, self.step + 1)
        elif name == "last":
            self.step = n - 1
        elif name == "export" and self.hands:
            try:
                path = export_phh(self.hands[self.index], self.export_dir)
            except (OSError, ValueError) as e:
                self.message, self.message_is_error = f"Export failed: {e}", True
            else:
                self.message, self.message_is_error = f"Saved {path}", False
        elif name == "close":
            self.done = True

    def on_key(self, event: pygame.event.Event, now: float) -> None:
        if event.key == pygame.K_RIGHT:
            self.on_button("next", now)
        elif event.key == pygame.K_LEFT:
            self.on_button("prev", now)
        elif event.key == pygame.K_HOME:
            self.on_button("first", now)
        elif event.key == pygame.K_END:
            self.on_button("last", now)
        elif event.key == pygame.K_e:
            self.on_button("export", now)
        elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.hands:
            d = -1 if event.key == pygame.K_UP else 1
            self.index = max(0, min(len(self.hands) - 1, self.index + d))
            self._reset_step()
        elif event.key == pygame.K_h:
            self.done = True

    def on_click(self, pos: tuple[int, int], now: float) -> None:
        for i, r in self._list_rects():
            if r.collidepoint(pos):
                self.index = i
                self._reset_step()

    def _list_rects(self) -> list[tuple[int, pygame.Rect]]:
        r = self.rect
        x, y = r.x + self.s(20), r.y + self.s(64)
        h = self.s(26)
        out = []
        first = max(0, len(self.hands) - 20)
        for k, i in enumerate(range(len(self.hands) - 1, first - 1, -1)):
            out.append((i, pygame.Rect(x, y + k * h, self.s(380), h - 2)))
        return out

    def draw_body(self, surface: pygame.Surface, now: float) -> None:
        r = self.rect
        if not self.hands:
            text(surface, "No finished hands yet.", r.center, self.s(20), theme.TEXT_DIM,
                 anchor="center")
            return
        for i, row in self._list_rects():
            if i == self.index:
                pygame.draw.rect(surface, (50, 70, 60), row, border_radius=self.s(5))
            text(surface, self.hands[i].summary()[:40], (row.x + self.s(6), row.y + 2),
                 self.s(15), theme.TEXT if i == self.index else theme.TEXT_DIM, shadow=False)
        lines = self.lines()
        x0 = r.x + self.s(420)
        y = r.y + self.s(64)
        if not lines:
            return
        line, board, pot = lines[self.step]
        cw = self.s(46)
        for k, c in enumerate(board):
            img = card_art.face(c, cw)
            surface.blit(img, (x0 + k * (cw + self.s(6)), y))
        text(surface, f"Pot {pot:,}", (x0 + 5 * (cw + self.s(6)) + self.s(10), y + self.s(20)),
             self.s(20), theme.GOLD, bold=True)
        text(surface, f"Step {self.step + 1} of {len(lines)}",
             (r.right - self.s(24), y), self.s(14), theme.TEXT_DIM, anchor="topright")
        y += card_art.card_size(cw)[1] + self.s(14)
        lh = self.s(22)
        room = (r.bottom - self.s(110) - y) // lh
        start = max(0, min(self.step - room // 2, len(lines) - room))
        for k in range(start, min(len(lines), start + room)):
            colour = theme.HIGHLIGHT if k == self.step else (
                theme.TEXT if k < self.step else theme.TEXT_DIM)
            text(surface, lines[k][0][:70], (x0, y), self.s(16), colour, shadow=False,
                 bold=(k == self.step))
            y += lh
