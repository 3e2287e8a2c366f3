"""Wires the window together: app, start screen, table scenes, voice, narration, sound."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .frame_stats import FrameStats

if TYPE_CHECKING:
    from game.session.rules import HouseRules

    from .app import App
    from .controller import Controller
    from .scenes import Scene
    from .scenes.table import TableScene
    from .seams import Listener
    from .settings import UiSettings
    from .talk import TableVoice
    from .voice_link import VoiceLink


class LaunchArgs(Protocol):
    """The options of ``holdem play`` the window reads: an ``argparse.Namespace`` from the
    command line, a ``SimpleNamespace`` from the screenshots and tests.  ``fullscreen``
    and ``quit_after`` are optional (read with a default)."""

    voice: str  #: "auto" (the settings' engine) or an engine's name
    seed: int | None
    speed: float
    hands: int | None  #: quit after this many hands
    spectate: bool


class Launcher:
    """Builds table scenes on demand (the start screen's Play/Spectate, or directly), and
    holds the window's one voice link: the start screen and each table borrow it in turn,
    so the microphone is opened and the recognizer loaded once."""

    def __init__(self, rules: HouseRules, args: LaunchArgs, notice: str = "",
                 open_listener: Callable[[str], Listener] | None = None) -> None:
        self.rules = rules
        self.args = args
        self.notice = notice
        self.controllers: list[Controller] = []
        #: opens the listener for an engine (None: the microphone; a test: a room)
        self.open_listener = open_listener
        self.link: VoiceLink | None = None
        self._link_key: tuple[object, ...] | None = None
        self.settings: UiSettings | None = None
        #: the settings the options last closed with (the start screen's or a table's):
        #: they hold in this window, saved or not — until ui.toml is written after them
        #: (another window): then the file is the player's latest word
        self.chosen: UiSettings | None = None
        self._chosen_over: float | None = None  #: ui.toml's time when they were chosen

    def load_settings(self) -> UiSettings:
        if self.chosen is not None and _settings_stamp() == self._chosen_over:
            self.settings = self.chosen
            return self.chosen
        self.chosen = None
        from .settings import load_settings

        self.settings, _err = load_settings()
        return self.settings

    def apply_settings(self, settings: UiSettings) -> None:
        """The options closed (the start screen's or a table's): their settings are this
        window's from now on.  A player who turned "Push to talk" off by voice then closed
        the menu is heard without Space at once and at every table after, whether or not
        they also said "Save to my config"."""
        self.chosen = self.settings = settings
        self._chosen_over = _settings_stamp()
        if self.link is not None:
            self.link.set_push_to_talk(settings.push_to_talk)
        self.speech_mixer(settings)

    def speech_mixer(self, settings: UiSettings | None = None, spectate: bool = False) -> None:
        """Start the mixer the game's speech plays on when it speaks (on the frame's
        thread).  The sound effects start it too, but only at a table and only when they
        are on: without it the start screen's greeting and choices, and with the sound
        effects off every line at the table, were rendered and never played."""
        s = settings or self.settings or self.load_settings()
        if s.narration or (s.bot_voices and not spectate):
            from .sound import start_mixer

            start_mixer()

    @property
    def narrate(self) -> bool:
        """Narration is on: the start screen says each choice as it is selected."""
        s = self.settings or self.load_settings()
        return bool(s.narration)

    def voice_link(self, settings: UiSettings | None = None) -> VoiceLink:
        """The window's voice link, opened the first time (on the start screen) and opened
        again only when the options changed the recognizer, the microphone or the echo
        canceller; push-to-talk is switched in the running listener.  With voice off it
        still takes typed phrases (T at the table)."""
        from .voice_link import NO_SEAT, VoiceLink

        settings = settings or self.load_settings()
        mode = self.args.voice if self.args.voice != "auto" else settings.voice_engine
        key = (mode, settings.microphone, settings.talk_over_bots)
        if self.link is not None and key != self._link_key:
            self.link.close()
            self.link = None
        if self.link is None:
            from .setup import room_path

            self.link = VoiceLink(NO_SEAT, mode, push_to_talk=settings.push_to_talk,
                                  device=settings.microphone, room_file=str(room_path()),
                                  talk_over=settings.talk_over_bots,
                                  open_listener=self.open_listener)
            self._link_key = key
        self.link.set_push_to_talk(settings.push_to_talk)
        return self.link

    def start_speech(self) -> TableVoice | None:
        """What speaks on the start screen (replies, and each choice with narration on):
        the table's speaker with no bots at it; None when speech is off."""
        from .talk import TableVoice

        s = self.settings or self.load_settings()
        if not (s.narration or s.bot_voices):
            return None
        return TableVoice(narration=bool(s.narration), bot_voices=bool(s.bot_voices),
                          chat_level=0, cast={}, seed=0)

    def close(self) -> None:
        """Stop the voice link's listener (the window is closing)."""
        if self.link is not None:
            self.link.close()
            self.link = None

    def table_scene(self, spectate: bool, rules: HouseRules | None = None,
                    resume: bool = False) -> TableScene:
        from .controller import Controller
        from .scenes.table import TableScene
        from .setup import build_table, new_journal, resume_table

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
        settings = self.load_settings()
        hud = narrator = sounds = None
        from .hud import VoiceHud

        # a table of bots watched from the start screen borrows the window's voice link
        # too, so the player can leave it by voice ("quit", "back"); `holdem play
        # --spectate` opens no microphone
        if not spectate or self.link is not None:
            link = self.voice_link(settings)
            link.confirm_seconds = float(getattr(rules, "voice_confirm_seconds", 8.0))
            link.confirm_fraction = float(getattr(rules, "voice_confirm_fraction", 0.5))
            link.seat(ctl)
            hud = VoiceHud(link, owns_link=False)
        from .sound import Sounds

        sounds = Sounds.start(mute=spectate or not settings.sounds)
        self.speech_mixer(settings, spectate)  # watching, only replies are spoken
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
        scene.settings = settings  # the table's options start from the window's settings,
        scene.on_settings = self.apply_settings  # and what they close with holds after it

        def late_narrator() -> TableVoice:
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


def _settings_stamp() -> float | None:
    """When ui.toml was last written (None: there is none)."""
    from .settings import settings_path

    try:
        return settings_path().stat().st_mtime
    except OSError:
        return None


def launch(
    rules: HouseRules, args: LaunchArgs, *, started: float, notice: str = "",
    size: tuple[int, int] = (1280, 800), open_listener: Callable[[str], Listener] | None = None,
    on_frame: Callable[[App], None] | None = None,
) -> FrameStats:
    """Open the window and run until the player quits; returns the frame statistics.

    ``open_listener`` and ``on_frame`` are for a test that plays the real window by voice:
    a room of synthesized speech for the microphone, and the player's ears each frame."""
    sys.setswitchinterval(0.002)  # bot threads yield the GIL often: frames stay smooth
    from .app import App

    app = App(size=size, fullscreen=getattr(args, "fullscreen", False), started=started)
    app.on_frame = on_frame
    launcher = Launcher(rules, args, notice, open_listener=open_listener)
    first: Scene
    if args.spectate or args.hands is not None:
        first = launcher.table_scene(spectate=args.spectate)
    else:
        from .scenes.start import StartScene

        launcher.speech_mixer()  # the start screen speaks before any table starts it
        first = StartScene(launcher)
    try:
        stats = app.run(first, max_seconds=getattr(args, "quit_after", None))
    finally:
        launcher.close()
    stats.hands = launcher.hands_played
    import pygame

    pygame.quit()
    return stats
