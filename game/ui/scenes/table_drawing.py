"""Drawing the table scene: the snapshot, the felt, the bar or its status line, the menu,
the HUD and the pause panel; a frame identical to the last is not drawn again."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from .. import card_art, snapshot_builder, theme
from ..snapshot import TableSnap
from ..widgets import draw_button, panel, text

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .table import TableScene


class TableDrawing:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._was_my_turn = False
        self._last_signature: tuple[object, ...] | None = None
        self._last_surface: pygame.Surface | None = None
        self._warm: Iterator[tuple[str, int]] | None = None  #: card faces still to draw

    def invalidate(self) -> None:
        """Draw the next frame in full (and warm the card faces at the new sizes)."""
        self._last_signature = None
        self._warm = None

    def build_snapshot(self, now: float) -> TableSnap:
        scene = self.scene
        c = scene.c
        return snapshot_builder.build(c.table, c.human, scene.memory, spectate=scene.spectate,
                                      now=now, looks=scene.looks,
                                      notice=c.message or scene.notice)

    def signature(self, snap: TableSnap, now: float) -> tuple[object, ...] | None:
        """Everything a frame shows; equal signatures draw identical frames (None: unsure)."""
        scene = self.scene
        if scene.anim.active(now):
            return None
        bar, c = scene.bar, scene.c
        hud = scene.hud.signature() if scene.hud is not None else None
        return (
            snap,
            snap.extra.get("collected"),
            tuple(sorted(scene.renderer.bubbles.items())),
            bar.amount,
            bar.typed,
            bar.pending,
            bar.message,
            bar.hover,
            scene.input.hover,
            hud,
            c.finished,
            c.hands_done,
            scene.size,
            c.paused,
        )

    def draw(self, surface: pygame.Surface, now: float) -> bool:
        scene = self.scene
        c = scene.c
        scene.prev_snap = scene.snap
        snap = self.build_snapshot(now)
        scene.snap = snap
        my_turn = snap.legal is not None
        scene.bar.set_legal(snap.legal, now)
        if my_turn and not self._was_my_turn:
            if scene.sounds is not None:
                scene.sounds.your_turn()
            if scene.narrator is not None and snap.legal is not None:
                scene.narrator.your_turn(snap.legal.to_call, snap.legal.pot,
                                         snap.legal.can_check)
        self._was_my_turn = my_turn
        sig = self.signature(snap, now)
        if scene.covered:
            sig = None
        if sig is not None and sig == self._last_signature and surface is self._last_surface:
            self._warm_up(now)
            return False
        self._last_signature = sig
        self._last_surface = surface
        scene.renderer.draw(surface, snap, scene.anim, now)
        size = surface.get_size()
        if c.human is not None:
            scene.bar.draw(surface)
            if snap.legal is None:
                self._bar_status(surface, snap)
        else:
            self._spectator_bar(surface)
        for name, b in scene.input.menu.items():
            draw_button(surface, b, hover=(name == scene.input.hover),
                        font_size=theme.scale(15, size))
        if scene.hud is not None:
            scene.hud.draw(surface, now)
        if c.paused:
            r = pygame.Rect(0, 0, theme.scale(420, size), theme.scale(70, size))
            r.center = (size[0] // 2, size[1] // 2 - theme.scale(40, size))
            panel(surface, r, alpha=230, edge=theme.GOLD, radius=theme.scale(14, size))
            text(surface, "Paused — P (or “pause”) resumes", r.center, theme.scale(20, size),
                 theme.GOLD, bold=True, anchor="center")
        return True

    def _warm_up(self, now: float, budget: float = 0.004) -> None:
        """On idle frames, draw card faces before they are needed.

        The first time a glyph is drawn at a size costs milliseconds (FreeType), so a flop
        of three unseen cards could cost a frame; this spends a few idle milliseconds at a
        time to have all 52 faces ready at the table's sizes.
        """
        renderer = self.scene.renderer
        if self._warm is None:
            lay = renderer.layout
            if lay is None:
                return
            widths = {lay.card_w, renderer.card_width(True), renderer.card_width(False)}
            from game.engine.cards import DECK

            self._warm = iter([(c, w) for w in sorted(widths) for c in DECK])
        end = time.perf_counter() + budget
        for card, width in self._warm:
            card_art.face(card, width)
            if time.perf_counter() > end:
                return

    def _bar_status(self, surface: pygame.Surface, snap: TableSnap) -> None:
        """Over the disabled bar: whose turn it is, or the next deal."""
        c = self.scene.c
        size = surface.get_size()
        lay = self.scene.renderer.layout
        assert lay is not None
        if snap.actor is not None:
            who = next((s.name for s in snap.seats if s.seat == snap.actor), "")
            msg = f"{who} is thinking…"
        elif c.finished:
            t = c.table
            winner = t.winner
            p = t.players[winner] if winner is not None else None
            if p is not None:
                msg = f"{p.name} has every chip: the tournament is over"
            else:
                msg = c.message or "The session is over"
        else:
            msg = "Next hand coming up…"
        r = pygame.Rect(0, 0, theme.scale(360, size), theme.scale(34, size))
        r.midbottom = (size[0] // 2, lay.bar.y - theme.scale(8, size))
        panel(surface, r, alpha=170, radius=r.h // 2)
        text(surface, msg, r.center, theme.scale(17, size), theme.TEXT_DIM, anchor="center",
             shadow=False)

    def _spectator_bar(self, surface: pygame.Surface) -> None:
        c = self.scene.c
        size = surface.get_size()
        lay = self.scene.renderer.layout
        assert lay is not None
        bar = pygame.Rect(lay.bar.as_tuple())
        panel(surface, bar, alpha=235, radius=0)
        hands = f"hand {c.hands_done + (1 if c.in_hand else 0)}"
        if c.hands_limit:
            hands += f" of {c.hands_limit}"
        msg = (f"Spectating the bots — every hand face up · {hands} · "
               f"speed ×{c.speed:g} · Esc leaves")
        text(surface, msg, bar.center, theme.scale(19, size), theme.TEXT, anchor="center")
