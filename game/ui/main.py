"""Wires the window together: app, start screen, table scenes, voice, narration, sound."""

from __future__ import annotations

import sys
from typing import Any

from .frame_stats import FrameStats


class Launcher:
    """Builds table scenes on demand (the start screen's Play/Spectate, or directly)."""

    def __init__(self, rules: Any, args: Any, notice: str = "") -> None:
        self.rules = rules
        self.args = args
        self.notice = notice
        self.controllers: list[Any] = []

    def table_scene(self, spectate: bool, rules: Any | None = None,
                    resume: bool = False) -> Any:
        from .controller import Controller
        from .scenes.table import TableScene
        from .setup import build_table, new_journal, resume_table, room_path

        rules = rules or self.rules
        self.rules = rules
        from .game_clock import PausableClock

        clock = PausableClock()  # the action clock stops while the game is paused
        if resume:
            table, human, looks = resume_table(clock)
            rules = table.rules
        else:
            # the human's games are journaled: a crash or a quit can be resumed next time
            journal = None
            if not spectate:
                try:
                    journal = new_journal()
                except Exception as e:  # noqa: BLE001 - no journal: play on, say so
                    self.notice = f"this game is not saved ({e})"
            table, human, looks = build_table(rules, seats=rules.seats, spectate=spectate,
                                              seed=self.args.seed, journal=journal,
                                              clock=clock)
        ctl = Controller(
            table,
            human=human,
            speed=self.args.speed,
            seed=table.seed % (2**32),
            hands_limit=self.args.hands,
            bot_process=True,
        )
        from .settings import load_settings

        settings, _err = load_settings()
        self.settings = settings
        hud = narrator = sounds = None
        voice_mode = self.args.voice if self.args.voice != "auto" else settings.voice_engine
        if spectate:
            voice_mode = "off"
        from .hud import VoiceHud
        from .voice_link import VoiceLink

        if not spectate:
            hud = VoiceHud(VoiceLink(
                ctl, voice_mode,
                confirm_seconds=float(getattr(rules, "voice_confirm_seconds", 8.0)),
                confirm_fraction=float(getattr(rules, "voice_confirm_fraction", 0.5)),
                push_to_talk=settings.push_to_talk, device=settings.microphone,
                room_file=str(room_path()), talk_over=settings.talk_over_bots))
        from .sound import Sounds

        sounds = Sounds.start(mute=spectate or not settings.sounds)
        scene = TableScene(
            ctl,
            spectate=spectate,
            hud=hud,
            narrator=narrator,
            sounds=sounds,
            looks=looks,
            on_finish_quit=self.args.hands is not None,
        )
        scene.notice = self.notice

        def late_narrator() -> Any:
            # banter and speech load the bots' lines and a TTS engine: after the first
            # frame, so the table is on screen and playable at once
            from .talk import TableVoice

            return TableVoice.start(settings, table, human, table.seed % (2**32), spectate)

        scene.late_narrator = late_narrator
        self.controllers.append(ctl)
        return scene

    @property
    def hands_played(self) -> int:
        return sum(c.hands_done for c in self.controllers)


def launch(
    rules: Any, args: Any, *, started: float, notice: str = "", size: tuple[int, int] = (1280, 800)
) -> FrameStats:
    """Open the window and run until the player quits; returns the frame statistics."""
    sys.setswitchinterval(0.002)  # bot threads yield the GIL often: frames stay smooth
    from .app import App

    app = App(size=size, fullscreen=getattr(args, "fullscreen", False), started=started)
    launcher = Launcher(rules, args, notice)
    if args.spectate or args.hands is not None:
        first = launcher.table_scene(spectate=args.spectate)
    else:
        from .scenes.start import StartScene

        first = StartScene(launcher)
    stats = app.run(first, max_seconds=getattr(args, "quit_after", None))
    stats.hands = launcher.hands_played
    import pygame

    pygame.quit()
    return stats
