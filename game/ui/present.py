"""Sends a finished frame to the window, only the parts that changed.

Under X11 without a GPU (Xvfb, remote desktops, old laptops) pushing a whole 1280x800
frame costs 5-20 ms, more than the drawing.  Most of a poker table is still from one
frame to the next, so the frame is compared with the previous one in 32-pixel tiles
(numpy, about a millisecond) and only changed tiles are sent, merged into runs per row.
The result on screen is identical to a full flip.
"""

from __future__ import annotations

import numpy as np
import pygame

TILE = 32
#: Above this share of changed tiles a full flip is cheaper than many small updates.
FULL_SHARE = 0.6


def dirty_rects(changed: np.ndarray, tile: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """Rects covering exactly the changed tiles; ``changed`` is (tiles_x, tiles_y) booleans.

    Runs of changed tiles in a row become one rect, and a run with the same span as the
    run right above it extends that rect downwards: a moving chip stack or a card is sent
    as one rect, not one per tile row (every rect is a request to the X server).

    >>> m = np.zeros((4, 2), bool); m[1, 0] = m[2, 0] = m[3, 1] = True
    >>> [tuple(r) for r in dirty_rects(m, 10, (40, 20))]
    [(10, 0, 20, 10), (30, 10, 10, 10)]
    >>> m = np.zeros((4, 3), bool); m[1:3, 0:3] = True
    >>> [tuple(r) for r in dirty_rects(m, 10, (40, 30))]
    [(10, 0, 20, 30)]
    """
    w, h = size
    out: list[pygame.Rect] = []
    open_runs: dict[tuple[int, int], pygame.Rect] = {}  #: (start, end) -> rect growing down
    nx, ny = changed.shape
    for ty in range(ny):
        col = changed[:, ty]
        runs: list[tuple[int, int]] = []
        x = 0
        while x < nx:
            if col[x]:
                start = x
                while x < nx and col[x]:
                    x += 1
                runs.append((start, x))
            else:
                x += 1
        py = ty * tile
        bottom = min(h, py + tile)
        still: dict[tuple[int, int], pygame.Rect] = {}
        for run in runs:
            rect = open_runs.get(run)
            if rect is not None and rect.bottom == py:
                rect.h = bottom - rect.y
            else:
                px = run[0] * tile
                rect = pygame.Rect(px, py, min(w, run[1] * tile) - px, bottom - py)
                out.append(rect)
            still[run] = rect
        open_runs = still
    return out


def changed_tiles(cur: np.ndarray, prev: np.ndarray, tile: int) -> np.ndarray:
    """(tiles_x, tiles_y) booleans: which tiles of two (h, w) uint32 pixel arrays differ.

    Pixels are compared two at a time as 64-bit words and the comparison bytes are folded
    eight at a time, which keeps a 1280x800 frame near a millisecond; partial tiles at
    the right and bottom edges are checked the plain way.

    >>> a = np.zeros((5, 7), np.uint32); b = a.copy(); b[4, 6] = 1; b[0, 0] = 1
    >>> changed_tiles(a, b, 4).T.astype(int).tolist()
    [[1, 0], [0, 1]]
    >>> a = np.zeros((64, 64), np.uint32); b = a.copy(); b[40, 3] = 7
    >>> changed_tiles(a, b, 32).T.astype(int).tolist()
    [[0, 0], [1, 0]]
    """
    h, w = cur.shape
    ny, nx = -(-h // tile), -(-w // tile)
    out = np.zeros((nx, ny), bool)
    fh, fw = (h // tile) * tile, (w // tile) * tile
    if fh and fw:
        if tile % 16 == 0:
            a = cur[:fh, :fw].view(np.uint64)
            b = prev[:fh, :fw].view(np.uint64)
            ne = np.not_equal(a, b)  # (fh, fw/2) bools, one per pixel pair
            words = np.ascontiguousarray(ne).view(np.uint64).reshape(fh, fw // tile, tile // 16)
            per_row = words[:, :, 0].copy()  # (fh, tiles_x)
            for k in range(1, tile // 16):
                per_row |= words[:, :, k]
            rows = per_row.reshape(fh // tile, tile, fw // tile)
            acc = rows[:, 0, :].copy()
            for k in range(1, tile):
                acc |= rows[:, k, :]
            full = acc > 0
        else:
            d = cur[:fh, :fw] != prev[:fh, :fw]
            full = d.reshape(fh // tile, tile, fw // tile, tile).any(axis=(1, 3))
        out[: fw // tile, : fh // tile] = full.T
    if fw < w:
        edge = (cur[:, fw:] != prev[:, fw:]).any(axis=1)
        out[nx - 1, :] = np.logical_or.reduceat(edge, np.arange(0, h, tile))
    if fh < h:
        edge = (cur[fh:, :] != prev[fh:, :]).any(axis=0)
        out[:, ny - 1] |= np.logical_or.reduceat(edge, np.arange(0, w, tile))
    return out


class Presenter:
    """Keeps the last frame sent and updates only the tiles that differ."""

    def __init__(self, tile: int = TILE) -> None:
        self.tile = tile
        self.prev: np.ndarray | None = None  #: last frame sent, (h, w) uint32
        self.full_next = True
        self.last_rects = 0

    def invalidate(self) -> None:
        """Send the whole next frame (after a resize or a mode change)."""
        self.full_next = True

    def present(self, screen: pygame.Surface) -> None:
        if screen.get_bytesize() != 4:
            pygame.display.flip()
            return
        arr = pygame.surfarray.pixels2d(screen).T  # (h, w), rows contiguous
        try:
            if self.full_next or self.prev is None or self.prev.shape != arr.shape:
                self.prev = arr.copy(order="C")
                self.full_next = False
                full = True
                rects: list[pygame.Rect] = []
            else:
                h, w = arr.shape
                tiles = changed_tiles(arr, self.prev, self.tile)
                share = tiles.mean() if tiles.size else 0.0
                full = share > FULL_SHARE
                rects = [] if full else dirty_rects(tiles, self.tile, (w, h))
                if full or rects:
                    np.copyto(self.prev, arr)
        finally:
            del arr
        if full:
            pygame.display.flip()
            self.last_rects = -1
        else:
            if rects:
                pygame.display.update(rects)
            self.last_rects = len(rects)
