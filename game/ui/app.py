"""The window and the game loop: fixed-step update, free render, scene stack.

"Game Programming Patterns" loop: input is polled every frame, game time advances in
fixed steps of ``STEP`` seconds (so animation and timers behave the same at any frame
rate), and the frame is drawn once per pass.  ``clock.tick`` caps the rate at 60 FPS and
the frame statistics record the real interval between frames.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from .frame_stats import FrameStats
from .present import Presenter
from .scenes import Scene

STEP = 1 / 120  #: seconds of game time per update
MAX_STEPS = 8  #: after a stall, catch up at most this many steps (no spiral of death)
FPS = 60
MIN_SIZE = (800, 520)


class App:
    """Owns the window, the scene stack and the loop."""

    def __init__(
        self,
        size: tuple[int, int] = (1280, 800),
        title: str = "Table Talk Hold'em",
        fullscreen: bool = False,
        started: float | None = None,
    ) -> None:
        self.started = started if started is not None else time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        self.flags = pygame.RESIZABLE
        self.fullscreen = fullscreen
        self.windowed_size = size
        self.screen = self._open(size)
        pygame.display.set_caption(title)
        self.scenes: list[Scene] = []
        self.stats = FrameStats()
        self.running = True
        self.frames = 0
        self.on_frame: Callable[[App], None] | None = None
        self.interactive_at: float | None = None
        self.presenter = Presenter()

    def _open(self, size: tuple[int, int]) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, self.flags)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        scene.resize(self.size)
        self.scenes.append(scene)

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().close()
        self.push(scene)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if not self.fullscreen:
            self.screen = self._open(self.windowed_size)
        else:
            self.windowed_size = self.size
            self.screen = self._open(self.size)
        self.presenter.invalidate()
        for s in self.scenes:
            s.resize(self.size)

    def _resized(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.fullscreen:
            self.windowed_size = size
        self.screen = pygame.display.get_surface() or self._open(size)
        self.presenter.invalidate()
        for s in self.scenes:
            s.resize(self.screen.get_size())

    def _transitions(self) -> None:
        top = self.scene
        if top.quit:
            self.running = False
            return
        if top.push is not None:
            child, top.push = top.push, None
            self.push(child)
        elif top.next is not None:
            nxt, top.next = top.next, None
            self.replace(nxt)
        elif top.done:
            self.scenes.pop().close()
            if not self.scenes:
                self.running = False
            else:
                self.scene.resize(self.size)

    def step_frame(self, now: float, accumulator: float) -> float:
        """One pass: input, fixed updates, draw. Returns the leftover game time."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                return 0.0
            if event.type == pygame.VIDEORESIZE:
                self._resized((event.w, event.h))
                continue
            if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_F11
                or (event.key == pygame.K_RETURN and event.mod & pygame.KMOD_ALT)
            ):
                self.toggle_fullscreen()
                continue
            self.scene.handle(event, now)
        steps = 0
        while accumulator >= STEP and steps < MAX_STEPS:
            for s in self.scenes:  # scenes under a dialog keep running (bots keep playing)
                s.update(now, STEP)
            accumulator -= STEP
            steps += 1
        if steps == MAX_STEPS:
            accumulator = 0.0
        # a dialog draws over the scene beneath it
        start = len(self.scenes) - 1
        while start > 0 and getattr(self.scenes[start], "overlay", False):
            start -= 1
        changed = False
        top = len(self.scenes) - 1
        for i in range(start, top + 1):
            s = self.scenes[i]
            # a scene under a dialog must redraw (the dialog draws over it every frame);
            # a scene returns False when its frame would be identical to the last one
            s.covered = i < top
            changed = (s.draw(self.screen, now) is not False) or changed
        t_present = time.perf_counter()
        if changed or self.presenter.full_next:
            self.presenter.present(self.screen)
        self.stats.present.append(time.perf_counter() - t_present)
        self._transitions()
        return accumulator

    def run(self, first: Scene, max_seconds: float | None = None) -> FrameStats:
        """Run until the scenes say quit (or ``max_seconds``); returns the frame stats."""
        self.push(first)
        clock = pygame.time.Clock()
        accumulator = 0.0
        last = time.perf_counter()
        loop_start = last
        cpu_start = 0.0
        while self.running and self.scenes:
            work_start = time.perf_counter()
            accumulator = self.step_frame(work_start, accumulator)
            work = time.perf_counter() - work_start
            if self.on_frame is not None:
                self.on_frame(self)
            clock.tick(FPS)
            now = time.perf_counter()
            interval = now - last
            last = now
            accumulator += interval
            self.frames += 1
            if self.frames == 1:
                self.interactive_at = now
                self.stats.startup_ms = (now - self.started) * 1000
                cpu_start = time.process_time()
            else:
                self.stats.add(interval, work)
                self.stats.cpu_seconds = time.process_time() - cpu_start
            if max_seconds is not None and now - loop_start > max_seconds:
                break
        for s in reversed(self.scenes):
            s.close()
        return self.stats
