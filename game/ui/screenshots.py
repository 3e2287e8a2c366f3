"""Screenshots of every scene, for docs/screenshots/ (run under Xvfb for a real window).

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python -m game.ui.screenshots docs/screenshots

Each scene is driven the way a player would reach it (real session, real bots, real
engine), then the frame is saved.  Bots run on the thread host at high speed so a
situation worth showing comes up in seconds.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, TypeVar

import pygame

if TYPE_CHECKING:
    from .main import Launcher
    from .scenes import Scene
    from .scenes.table import TableScene

    S = TypeVar("S", bound=Scene)

SIZE = (1280, 800)


def _args(**kw: object) -> SimpleNamespace:
    base: dict[str, object] = dict(seed=7, speed=50.0, hands=None, voice="off", spectate=False)
    base.update(kw)
    return SimpleNamespace(**base)


class Shooter:
    def __init__(self, out: Path) -> None:
        from .app import App

        self.out = out
        out.mkdir(parents=True, exist_ok=True)
        self.app = App(size=SIZE)
        self.t = time.perf_counter()

    def clock(self) -> float:
        self.t += 1 / 60
        return self.t

    def frame(self) -> None:
        now = self.clock()
        for s in self.app.scenes:
            s.update(now, 1 / 60)
        top = len(self.app.scenes) - 1
        start = top
        while start > 0 and getattr(self.app.scenes[start], "overlay", False):
            start -= 1
        for i in range(start, top + 1):
            self.app.scenes[i].covered = i < top
            self.app.scenes[i].draw(self.app.screen, now)
        pygame.display.flip()

    def run_until(self, cond: Callable[[], bool], limit: int = 20000) -> bool:
        for _ in range(limit):
            if cond():
                return True
            self.frame()
            time.sleep(0.001)
        return cond()

    def open(self, scene: TableScene, name: str, kind: type[S]) -> S:
        """Open a dialog from ``scene`` the way its key does, and return it (a ``kind``)."""
        scene.open(name)
        dialog, scene.push = scene.push, None
        if not isinstance(dialog, kind):
            raise TypeError(f"{name!r} opened {dialog!r}, not a {kind.__name__}")
        self.app.push(dialog)
        return dialog

    def save(self, name: str) -> Path:
        self.frame()
        path = self.out / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        print(path)
        return path


def table_scene(launcher: Launcher, spectate: bool) -> TableScene:
    scene = launcher.table_scene(spectate=spectate)
    scene.c.bot_process = False  # bots on a thread: no process start-up for pictures
    return scene


def main(argv: list[str]) -> int:
    from game.session.rules import HouseRules

    out = Path(argv[0] if argv else "docs/screenshots")
    import os
    import tempfile

    # journals and exports of these demo games go to a scratch directory
    os.environ.setdefault("TABLE_TALK_DATA_DIR", tempfile.mkdtemp(prefix="holdem-shots-"))
    sh = Shooter(out)
    rules = HouseRules()
    from .main import Launcher

    # 1. start screen
    from .scenes.start import StartScene

    launcher = Launcher(rules, _args())
    start = StartScene(launcher, can_resume=True)
    sh.app.push(start)
    sh.save("01-start")

    # 2. the human's turn after the flop, facing a bet, with the raise slider moved
    scene = table_scene(launcher, spectate=False)
    sh.app.push(scene)
    c = scene.c
    hud, human = scene.hud, c.human
    assert hud is not None and human is not None  # the player's table: a seat, a voice HUD

    def facing_postflop() -> bool:
        la = c.human_legal()
        hand = c.table.hand
        return (la is not None and la.can_call and hand is not None and len(hand.board) >= 3
                and la.to_call < la.stack // 2)

    def keep_going() -> bool:
        la = c.human_legal()
        if la is not None and not facing_postflop():
            from game.engine.actions import Action

            c.submit(Action.check() if la.can_check else Action.call(), sh.t)
        if c.needs_rebuy:
            c.emit(c.table.top_up(human))
            c.needs_rebuy = False
        return facing_postflop()

    sh.run_until(keep_going)
    c.hold = True  # freeze the bots while the pictures are taken
    for _ in range(90):
        sh.frame()
    scene.bar.press("preset3", sh.t)  # ¾ pot on the slider
    scene.renderer.bubbles[(human + 1) % len(c.table.players)] = (
        "You call that a bet? I've seen bigger blinds.", sh.t + 999)
    sh.save("02-table-your-turn")

    # 3. voice HUD: a typed phrase through the real parser/resolver, waiting for "yes"
    hud.link.hear("all in", 0.93)
    sh.frame()
    sh.save("03-voice-confirm")
    hud.link.hear("no", 0.95)
    hud.help_open = True
    sh.save("04-voice-help-card")
    hud.help_open = False

    # 5. rebuy dialog, 6. history, 7. stats (after a few more hands)
    c.hold = False

    def hands_done() -> bool:
        keep_going_fold()
        return c.hands_done >= 6 and not c.in_hand

    def keep_going_fold() -> None:
        la = c.human_legal()
        if la is not None:
            from game.engine.actions import Action

            c.submit(Action.check() if la.can_check else Action.call(), sh.t)
        if c.needs_rebuy:
            c.emit(c.table.top_up(human))
            c.needs_rebuy = False

    sh.run_until(hands_done)
    c.hold = True
    from .scenes.history import HistoryScene
    from .scenes.options import OptionsScene
    from .scenes.rebuy import RebuyScene
    from .scenes.stats import StatsScene

    hist = sh.open(scene, "history", HistoryScene)
    hist.step = max(0, len(hist.lines()) // 2)
    sh.save("06-history")
    hist.done = True
    sh.app.scenes.pop()
    sh.open(scene, "stats", StatsScene)
    sh.save("07-stats")
    sh.app.scenes.pop()
    sh.open(scene, "rebuy", RebuyScene)
    sh.save("05-rebuy")
    sh.app.scenes.pop()

    # 8. options (two sections, one with a refused value)
    opts = sh.open(scene, "options", OptionsScene)
    opts.tab = 1
    opts.build()
    opts.set_rule("big_blind", 1)
    sh.save("08-options-blinds")
    opts.tab = 4
    opts.build()
    sh.save("09-options-voice")
    sh.app.scenes.pop()
    sh.app.scenes.pop().close()

    # 10. spectating the bots: a showdown with every hand face up, 6 seats
    launcher6 = Launcher(rules.replace(seats=6), _args(seed=3, spectate=True))
    spec = table_scene(launcher6, spectate=True)
    sh.app.push(spec)
    sc = spec.c
    sh.run_until(lambda: spec.memory.hand_over and len(spec.memory.shown) >= 2)
    sc.hold = True
    for _ in range(40):
        sh.frame()
    sh.save("10-spectate-showdown")
    sh.app.scenes.pop().close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
