"""Where everything sits on the window: the felt, the seats, the board, the action bar.

Pure geometry (no drawing) so it can be tested and recomputed on every resize.  The
human's seat is always at the bottom centre; the others go clockwise around the oval, the
way players sit at a real table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import theme

#: Angles (degrees, 90 = bottom) of the seats for each table size, human first.
#: Chosen by hand so 2-6 players look balanced rather than evenly spaced at odd spots.
SEAT_ANGLES: dict[int, tuple[float, ...]] = {
    2: (90, 270),
    3: (90, 210, 330),
    4: (90, 180, 270, 0),
    5: (90, 160, 225, 315, 20),
    6: (90, 150, 210, 270, 330, 30),
}


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int

    @property
    def center(self) -> tuple[int, int]:
        return self.x + self.w // 2, self.y + self.h // 2

    def as_tuple(self) -> tuple[int, int, int, int]:
        return self.x, self.y, self.w, self.h


@dataclass(frozen=True)
class SeatSpot:
    """Where one seat's pieces go: the plate (name/stack), cards and the bet in front."""

    seat: int
    angle: float
    plate: tuple[int, int]  #: centre of the name/stack plate
    bet: tuple[int, int]  #: centre of the chips in front of the seat
    button: tuple[int, int]  #: where the dealer button sits if this seat has it


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    felt: Rect  #: bounding box of the oval felt
    board: tuple[int, int]  #: centre of the five community cards
    pot: tuple[int, int]  #: centre of the pot label
    card_w: int  #: board and hole card width
    seats: tuple[SeatSpot, ...]
    bar: Rect  #: the action bar along the bottom
    hud: Rect  #: the voice HUD panel (top right)

    @property
    def scale(self) -> float:
        return theme.scale_factor(self.size)


def seat_order(n: int, human: int | None) -> list[int]:
    """Engine seats in screen order starting from the bottom spot, going clockwise.

    Seats are numbered clockwise by the engine, so the seat after the human sits to the
    human's left, which on screen is the next spot clockwise.

    >>> seat_order(4, 2)
    [2, 3, 0, 1]
    >>> seat_order(3, None)
    [0, 1, 2]
    """
    start = human if human is not None else 0
    return [(start + i) % n for i in range(n)]


def compute(size: tuple[int, int], n_seats: int, human: int | None = None) -> TableLayout:
    """The layout of a table with ``n_seats`` (2-6) in a window of ``size`` pixels.

    >>> lay = compute((1280, 800), 4, human=0)
    >>> lay.seats[0].plate[1] > lay.seats[2].plate[1]   # the human sits below the far seat
    True
    """
    if n_seats not in SEAT_ANGLES:
        raise ValueError(f"the desktop table seats 2 to 6 players, not {n_seats}")
    w, h = size
    bar_h = theme.scale(92, size)
    bar = Rect(0, h - bar_h, w, bar_h)
    play_h = h - bar_h
    margin_x = int(w * 0.12)
    margin_top = int(play_h * 0.16)
    margin_bottom = int(play_h * 0.21)
    felt = Rect(margin_x, margin_top, w - 2 * margin_x, play_h - margin_top - margin_bottom)
    cx, cy = felt.center
    rx, ry = felt.w / 2, felt.h / 2
    spots: list[SeatSpot] = []
    order = seat_order(n_seats, human)
    for pos, seat in enumerate(order):
        ang = math.radians(SEAT_ANGLES[n_seats][pos])
        ca, sa = math.cos(ang), math.sin(ang)
        plate = (int(cx + ca * (rx + w * 0.01)), int(cy + sa * (ry + play_h * 0.045)))
        bet = (int(cx + ca * rx * 0.60), int(cy + sa * ry * 0.50))
        side = math.radians(SEAT_ANGLES[n_seats][pos] - 24)
        button = (int(cx + math.cos(side) * rx * 0.76), int(cy + math.sin(side) * ry * 0.70))
        spots.append(SeatSpot(seat, SEAT_ANGLES[n_seats][pos], plate, bet, button))
    spots.sort(key=lambda s: s.seat)
    card_w = theme.scale(58, size)
    hud_w = theme.scale(300, size)
    hud = Rect(
        w - hud_w - theme.scale(10, size), theme.scale(8, size), hud_w, theme.scale(84, size)
    )
    return TableLayout(
        size=size,
        felt=felt,
        board=(cx, cy + int(ry * 0.02)),
        pot=(cx, cy - int(ry * 0.36)),
        card_w=card_w,
        seats=tuple(spots),
        bar=bar,
        hud=hud,
    )
