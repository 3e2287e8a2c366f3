"""The window's scene stack driven through the real App loop with posted events:
start screen -> Play -> the table -> Esc -> leave -> start screen -> Q quits."""

from __future__ import annotations

import os
import time
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.session.rules import HouseRules
from game.ui.scenes.leave import LeaveScene


def post_key(key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=unicode, mod=0))


def frames(app, n: int = 3) -> None:
    acc = 0.0
    for _ in range(n):
        acc = app.step_frame(time.perf_counter(), acc + 1 / 60)
        time.sleep(0.005)


def test_start_play_leave_and_quit_through_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path))
    from game.ui.app import App
    from game.ui.main import Launcher
    from game.ui.scenes.start import StartScene
    from game.ui.scenes.table import TableScene

    args = SimpleNamespace(seed=3, speed=100.0, hands=None, voice="off", spectate=False)
    launcher = Launcher(HouseRules().replace(bots=("random:normal",)), args)
    app = App(size=(1024, 640))
    app.push(StartScene(launcher, can_resume=False))
    frames(app)
    post_key(pygame.K_p, "p")
    frames(app)
    assert isinstance(app.scene, TableScene)
    table_scene = app.scene
    table_scene.c.bot_process = False  # bots on a thread in tests
    frames(app, 20)
    assert table_scene.c.table.hand_number >= 1
    post_key(pygame.K_ESCAPE, "\x1b")
    frames(app)
    assert isinstance(app.scene, LeaveScene)
    post_key(pygame.K_y, "y")
    frames(app)
    assert isinstance(app.scene, StartScene)
    post_key(pygame.K_q, "q")
    frames(app)
    assert not app.running


def test_f11_toggles_full_screen_and_back(monkeypatch):
    from game.ui.app import App
    from game.ui.scenes import Scene

    app = App(size=(900, 600))
    app.push(Scene())
    post_key(pygame.K_F11)
    frames(app, 1)
    assert app.fullscreen
    post_key(pygame.K_F11)
    frames(app, 1)
    assert not app.fullscreen and app.size == (900, 600)


def test_the_start_screen_is_drawn_again_after_leaving_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path))
    from game.ui.app import App
    from game.ui.main import Launcher
    from game.ui.scenes.start import StartScene

    args = SimpleNamespace(seed=4, speed=100.0, hands=None, voice="off", spectate=True)
    launcher = Launcher(HouseRules(), args)
    app = App(size=(1024, 640))
    start = StartScene(launcher, can_resume=False)
    app.push(start)
    frames(app)
    before = pygame.image.tobytes(app.screen, "RGB")
    post_key(pygame.K_s, "s")
    frames(app, 5)
    assert pygame.image.tobytes(app.screen, "RGB") != before  # the table is on screen
    post_key(pygame.K_ESCAPE, "\x1b")
    frames(app)
    post_key(pygame.K_y, "y")
    frames(app, 3)
    assert app.scene is start
    assert pygame.image.tobytes(app.screen, "RGB") == before


def test_the_start_screens_greeting_is_played_with_the_sound_effects_off(tmp_path, monkeypatch):
    """The start screen speaks before any table has started the mixer, and with the sound
    effects off no table starts it: the launcher starts it for the game's speech, so the
    greeting is played (on SDL's dummy driver here), not only rendered."""
    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    pytest.importorskip("pyttsx3")
    from game.ui.main import launch
    from game.ui.settings import UiSettings, save_settings

    if pygame.mixer.get_init():
        pygame.mixer.quit()
    save_settings(UiSettings(narration=True, bot_voices=False, sounds=False, voice_engine="off"))
    played: list[str] = []
    t0 = time.monotonic()

    def on_frame(app) -> None:
        speaker = app.scenes[0].voice.speaker
        if speaker is not None and speaker._current is not None:
            played.append(speaker._current.utterance.text)
        if played or time.monotonic() - t0 > 20:
            app.running = False

    args = SimpleNamespace(seed=1, speed=1.0, hands=None, voice="off", spectate=False,
                           fullscreen=False, quit_after=25)
    launch(HouseRules(), args, started=time.perf_counter(), size=(800, 600),
           on_frame=on_frame)
    assert played and played[0].startswith("Table Talk Hold'em."), played
