"""Draws a :class:`TableSnap`: room, felt, seats, cards, chips, pot, board and banners.

The static layer (room, rail, felt) is drawn once per window size and blitted each frame;
text and chips are cached by value, so a frame is mostly blits — that is how the table
keeps 60 FPS with software rendering.
"""

from __future__ import annotations

import math

import pygame

from . import card_art, chips, theme
from .animation import Animator
from .layout import SeatSpot, TableLayout
from .snapshot import SeatSnap, TableSnap
from .widgets import bubble, panel, ring


def _lerp(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def build_background(lay: TableLayout) -> pygame.Surface:
    """Room, wooden rail and felt with a soft spotlight: drawn once per window size."""
    w, h = lay.size
    surf = (
        pygame.Surface((w, h)).convert() if pygame.display.get_surface() else pygame.Surface((w, h))
    )
    # room: vertical gradient
    for y in range(0, h, 4):
        t = y / max(1, h)
        pygame.draw.rect(surf, _lerp(theme.BACKGROUND_LIGHT, theme.BACKGROUND, t), (0, y, w, 4))
    felt = pygame.Rect(lay.felt.as_tuple())
    rail_w = max(10, int(felt.h * 0.07))
    outer = felt.inflate(2 * rail_w, 2 * rail_w)
    # shadow under the table
    shadow = pygame.Surface(outer.inflate(40, 40).size, pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 110), shadow.get_rect())
    surf.blit(shadow, outer.inflate(40, 40).move(0, 18))
    # rail: layered ellipses light -> dark gives a rounded leather look
    for i in range(rail_w):
        t = i / rail_w
        col = _lerp(theme.RAIL_LIGHT, theme.RAIL, abs(t - 0.35) * 1.6)
        pygame.draw.ellipse(surf, col, outer.inflate(-2 * i, -2 * i))
    pygame.draw.ellipse(surf, theme.RAIL_EDGE, outer, 2)
    # felt: radial gradient from a light centre
    steps = 28
    for i in range(steps):
        t = i / steps
        r = felt.inflate(-int(felt.w * t * 0.85), -int(felt.h * t * 0.85))
        pygame.draw.ellipse(surf, _lerp(theme.FELT_DARK, theme.FELT_LIGHT, math.sqrt(t)), r)
    pygame.draw.ellipse(surf, (8, 40, 26), felt, 3)
    # betting line
    line = felt.inflate(-int(felt.w * 0.16), -int(felt.h * 0.2))
    pygame.draw.ellipse(surf, (60, 150, 100), line, 1)
    return surf


class TableRenderer:
    """Holds the cached background for the current layout and draws snapshots."""

    def __init__(self) -> None:
        self.layout: TableLayout | None = None
        self.background: pygame.Surface | None = None
        self.bubbles: dict[int, tuple[str, float]] = {}  #: seat -> (text, until)
        self.human: int | None = None

    def set_layout(self, lay: TableLayout) -> None:
        if self.layout is not None and self.layout.size != lay.size:
            card_art.clear_cache()
        self.layout = lay
        self.background = build_background(lay)

    # ----- geometry helpers ------------------------------------------------------------
    def spot(self, seat: int) -> SeatSpot | None:
        assert self.layout is not None
        for s in self.layout.seats:
            if s.seat == seat:
                return s
        return None

    @staticmethod
    def top_half(spot: SeatSpot) -> bool:
        """Seats across the table get their cards below the plate (toward the middle)."""
        return math.sin(math.radians(spot.angle)) < -0.3

    def plate_rect(self, spot: SeatSpot) -> pygame.Rect:
        assert self.layout is not None
        size = self.layout.size
        r = pygame.Rect(0, 0, theme.scale(190, size), theme.scale(62, size))
        r.center = spot.plate
        return r

    def card_width(self, human: bool) -> int:
        assert self.layout is not None
        return theme.scale(66 if human else 46, self.layout.size)

    def cards_centre(self, spot: SeatSpot, human: bool) -> tuple[int, int]:
        """Hole cards peek out from behind the plate, on the side facing the middle."""
        plate = self.plate_rect(spot)
        ch = card_art.card_size(self.card_width(human))[1]
        if self.top_half(spot):
            return plate.centerx, plate.bottom + ch // 2 + 3
        return plate.centerx, plate.top - ch // 2 + ch // 4

    def board_slot(self, i: int) -> tuple[int, int]:
        assert self.layout is not None
        w = self.layout.card_w
        gap = max(4, w // 8)
        x0 = self.layout.board[0] - 2 * (w + gap)
        return x0 + i * (w + gap), self.layout.board[1]

    # ----- drawing ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, snap: TableSnap, anim: Animator, now: float) -> None:
        lay = self.layout
        assert lay is not None and self.background is not None
        surf.blit(self.background, (0, 0))
        self.human = snap.human
        size = lay.size
        hidden = anim.busy_keys(now)
        self._draw_board(surf, snap, hidden)
        self._draw_pot(surf, snap)
        for seat in snap.seats:
            sp = self.spot(seat.seat)
            if sp is None or seat.empty:
                continue
            self._draw_seat(surf, snap, seat, sp, hidden, now)
        anim.draw(surf, now)
        # bubbles on top of everything on the felt
        for seat_no, (msg, until) in list(self.bubbles.items()):
            if now > until:
                del self.bubbles[seat_no]
                continue
            sp = self.spot(seat_no)
            if sp is not None:
                plate = self.plate_rect(sp)
                if self.top_half(sp):
                    anchor = (plate.right + theme.scale(10, size), plate.centery)
                    side = "left"
                else:
                    lift = card_art.card_size(self.card_width(seat_no == self.human))[1]
                    anchor = (plate.centerx, plate.top - int(lift * 0.75))
                    side = "below"
                bubble(
                    surf,
                    msg,
                    anchor,
                    size=theme.scale(15, size),
                    max_width=theme.scale(240, size),
                    tail=side,
                )
        self._draw_banner(surf, snap)
        self._draw_header(surf, snap)

    def _draw_header(self, surf: pygame.Surface, snap: TableSnap) -> None:
        size = surf.get_size()
        fs = theme.scale(16, size)
        parts = []
        if snap.hand_number:
            parts.append(f"Hand #{snap.hand_number}")
        game = str(snap.extra.get("game", ""))
        if game:
            parts.append(game)
        elif snap.blinds[1]:
            parts.append(f"Blinds {snap.blinds[0]}/{snap.blinds[1]}")
        if snap.street:
            parts.append(snap.street.capitalize())
        img = theme.render("   ".join(parts), fs, theme.TEXT_DIM)
        surf.blit(img, (theme.scale(14, size), theme.scale(10, size)))
        if snap.notice:  # under the menu buttons, wrapped
            from .text_fit import fit

            fs = theme.scale(14, size)
            block = fit([(snap.notice, theme.HIGHLIGHT)], theme.scale(430, size),
                        3 * theme.font(fs).get_linesize(), fs, theme.scale(11, size))
            y = theme.scale(72, size)
            for line, col in block.lines:
                surf.blit(theme.render(line, block.size, col), (theme.scale(14, size), y))
                y += block.line_height

    def _draw_board(self, surf: pygame.Surface, snap: TableSnap, hidden: set[str]) -> None:
        lay = self.layout
        assert lay is not None
        w = lay.card_w
        for i in range(5):
            pos = self.board_slot(i)
            if i < len(snap.board) and f"board{i}" not in hidden:
                img = card_art.face(snap.board[i], w)
                rect = img.get_rect(center=pos)
                if snap.board[i] in snap.winning_cards:
                    glow = card_art.outline(w)
                    surf.blit(glow, glow.get_rect(center=pos))
                    rect = rect.move(0, -theme.scale(6, lay.size))
                surf.blit(img, rect)
            else:
                img = card_art.placeholder(w)
                surf.blit(img, img.get_rect(center=pos))

    def _draw_pot(self, surf: pygame.Surface, snap: TableSnap) -> None:
        lay = self.layout
        assert lay is not None
        size = lay.size
        if snap.pot_total <= 0 and not snap.pots:
            return
        x, y = lay.pot
        collected = int(snap.extra.get("collected", sum(snap.pots)))  # type: ignore[call-overload]
        label = f"Pot {snap.pot_total:,}"
        img = theme.render(label, theme.scale(22, size), theme.GOLD, bold=True)
        lr = img.get_rect(midtop=(x, y + theme.scale(8, size)))
        if collected:
            st = chips.stack(collected, theme.scale(11, size))
            surf.blit(st, st.get_rect(midright=(lr.left - theme.scale(10, size), lr.centery)))
        surf.blit(img, lr)
        if len(snap.pots) > 1:
            fs = theme.scale(15, size)
            names = ["Main"] + [f"Side {i}" for i in range(1, len(snap.pots))]
            txt = "   ".join(f"{n} {a:,}" for n, a in zip(names, snap.pots, strict=False))
            img = theme.render(txt, fs, theme.TEXT)
            surf.blit(img, img.get_rect(midtop=(x, y + theme.scale(36, size))))

    def _draw_seat(
        self,
        surf: pygame.Surface,
        snap: TableSnap,
        seat: SeatSnap,
        sp: SeatSpot,
        hidden: set[str],
        now: float,
    ) -> None:
        size = surf.get_size()
        human = seat.is_human
        acting = snap.actor == seat.seat
        winner = seat.seat in snap.winners
        # hole cards
        if seat.cards and f"hole{seat.seat}" not in hidden:
            cw = self.card_width(human)
            cx, cy = self.cards_centre(sp, human)
            overlap = int(cw * (1.04 if human else 0.62))
            for i, c in enumerate(seat.cards):
                img = card_art.back(cw) if c == card_art_unknown() else card_art.face(c, cw)
                if seat.folded:
                    img = img.copy()
                    img.set_alpha(90)
                x = cx + (i - (len(seat.cards) - 1) / 2) * overlap
                rect = img.get_rect(center=(int(x), cy))
                if c in snap.winning_cards and winner:
                    glow = card_art.outline(cw)
                    surf.blit(glow, glow.get_rect(center=rect.center))
                surf.blit(img, rect)
        # plate
        plate = self.plate_rect(sp)
        ph = plate.h
        edge = theme.HIGHLIGHT if acting else (theme.GOLD if winner else theme.PANEL_EDGE)
        panel(
            surf,
            plate,
            alpha=170 if seat.sitting_out or seat.folded else 245,
            edge=edge,
            radius=ph // 2,
        )
        if acting:
            pygame.draw.rect(
                surf, theme.HIGHLIGHT, plate.inflate(4, 4), 2, border_radius=ph // 2 + 2
            )
        # avatar
        ar = ph // 2 - theme.scale(5, size)
        ac = (plate.x + ph // 2, plate.centery)
        col = (
            seat.colour
            if not (seat.folded or seat.sitting_out)
            else _lerp(seat.colour, (60, 60, 60), 0.6)
        )
        pygame.draw.circle(surf, (10, 10, 14), (ac[0] + 1, ac[1] + 2), ar)
        pygame.draw.circle(surf, col, ac, ar)
        pygame.draw.circle(surf, (240, 240, 230), ac, ar, 2)
        ini = theme.render(seat.initials, theme.scale(18, size), (255, 255, 255), bold=True)
        surf.blit(ini, ini.get_rect(center=ac))
        if acting and snap.clock is not None and snap.clock.seat == seat.seat:
            clk = snap.clock
            colour = theme.CLOCK_LOW if (clk.in_bank or clk.fraction < 0.25) else theme.CLOCK_OK
            ring(surf, ac, ar + theme.scale(5, size), clk.fraction, colour, theme.scale(4, size))
        # name and stack
        tx = plate.x + ph + theme.scale(2, size)
        name_col = theme.TEXT if not seat.folded else theme.TEXT_DIM
        surf.blit(
            theme.render(seat.name[:14], theme.scale(17, size), name_col, bold=True),
            (tx, plate.y + theme.scale(7, size)),
        )
        stack_txt = f"{seat.stack:,}"
        if seat.all_in:
            stack_txt = "ALL-IN"
        elif seat.sitting_out:
            stack_txt = seat.status or ("out of chips" if seat.stack == 0 else "sitting out")
        surf.blit(
            theme.render(
                stack_txt,
                theme.scale(17, size),
                theme.ALLIN_ORANGE if seat.all_in else theme.GOLD,
                bold=seat.all_in,
            ),
            (tx, plate.y + ph // 2 + theme.scale(1, size)),
        )
        # last action label under the plate
        label = seat.hand_name if seat.hand_name else seat.last_action
        if label:
            fs = theme.scale(15, size)
            img = theme.render(label, fs, (20, 20, 24), bold=True)
            if self.top_half(sp):
                tag = img.get_rect(midbottom=(plate.centerx, plate.top - theme.scale(3, size)))
            else:
                tag = img.get_rect(midtop=(plate.centerx, plate.bottom + theme.scale(3, size)))
            bg = tag.inflate(theme.scale(14, size), theme.scale(4, size))
            colour = theme.GOLD if seat.hand_name and winner else _action_colour(label)
            pygame.draw.rect(surf, colour, bg, border_radius=bg.h // 2)
            surf.blit(img, tag)
        # bet chips in front
        if seat.bet > 0:
            st = chips.stack(seat.bet, theme.scale(10, size))
            r = st.get_rect(midbottom=sp.bet)
            surf.blit(st, r)
            amt = theme.render(f"{seat.bet:,}", theme.scale(15, size), theme.TEXT, bold=True)
            surf.blit(amt, amt.get_rect(midtop=(sp.bet[0], sp.bet[1] + 2)))
        # dealer button and blind markers
        if snap.button == seat.seat:
            _disc(surf, sp.button, theme.scale(13, size), (245, 245, 240), "D", (20, 20, 20))
        marker = (
            "SB" if snap.small_blind == seat.seat else "BB" if snap.big_blind == seat.seat else ""
        )
        if marker:
            mx = plate.right - theme.scale(14, size)
            _disc(
                surf,
                (mx, plate.y + theme.scale(2, size)),
                theme.scale(11, size),
                (70, 110, 190) if marker == "SB" else (200, 120, 40),
                marker,
                (255, 255, 255),
            )

    def _draw_banner(self, surf: pygame.Surface, snap: TableSnap) -> None:
        lay = self.layout
        assert lay is not None
        size = lay.size
        if snap.winning_name:
            img = theme.render(snap.winning_name, theme.scale(19, size), theme.HIGHLIGHT, bold=True)
            ch = card_art.card_size(lay.card_w)[1]
            r = img.get_rect(center=(lay.board[0], lay.board[1] + ch // 2 + theme.scale(26, size)))
            panel(surf, r.inflate(theme.scale(26, size), theme.scale(10, size)), alpha=210,
                  edge=theme.GOLD, radius=theme.scale(14, size))
            surf.blit(img, r)
        if snap.your_hand and snap.human is not None:
            sp = self.spot(snap.human)
            if sp is not None:
                cc = self.cards_centre(sp, True)
                img = theme.render(snap.your_hand, theme.scale(17, size), theme.TEXT, bold=True)
                r = img.get_rect(midleft=(cc[0] + theme.scale(70, size), cc[1]))
                panel(surf, r.inflate(theme.scale(16, size), theme.scale(8, size)), alpha=190)
                surf.blit(img, r)


def card_art_unknown() -> str:
    return "??"


def _action_colour(label: str) -> tuple[int, int, int]:
    low = label.lower()
    if low.startswith("fold"):
        return (170, 120, 120)
    if low.startswith(("raise", "bet", "all")):
        return (120, 200, 130)
    if low.startswith("call"):
        return (130, 170, 230)
    return (200, 200, 190)


def _disc(
    surf: pygame.Surface,
    centre: tuple[int, int],
    r: int,
    colour: tuple[int, int, int],
    label: str,
    text_colour: tuple[int, int, int],
) -> None:
    pygame.draw.circle(surf, (0, 0, 0), (centre[0] + 1, centre[1] + 2), r)
    pygame.draw.circle(surf, colour, centre, r)
    pygame.draw.circle(surf, (90, 90, 90), centre, r, 1)
    img = theme.render(label, max(8, int(r * 1.1)), text_colour, bold=True)
    surf.blit(img, img.get_rect(center=centre))
