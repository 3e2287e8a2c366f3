"""The start screen by voice (game/ui/start_voice.py), with phrases typed into the window's
real voice link: the same parser and link the recognizer feeds, without a microphone.

The whole session spoken through the real recognizer is tests/test_eyes_free_session.py.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

import pygame
import pytest

from game.session.rules import HouseRules
from game.ui.scenes.leave import LeaveScene

SIZE = (1024, 640)


@pytest.fixture
def start(screen, tmp_path, monkeypatch):
    """A start screen on a real launcher (voice off: phrases are typed), nothing saved."""
    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from game.ui.settings import UiSettings, save_settings

    save_settings(UiSettings(narration=False, bot_voices=False, sounds=False))  # no speech
    from game.ui.main import Launcher
    from game.ui.scenes.start import StartScene

    args = SimpleNamespace(seed=5, speed=100.0, hands=None, voice="off", spectate=False)
    launcher = Launcher(HouseRules().replace(bots=("random:normal",)), args)
    scene = StartScene(launcher, can_resume=False)
    scene.resize(SIZE)
    scene.update(time.monotonic(), 1 / 120)  # the screen takes the voice link
    yield scene
    if scene.table is not None:
        scene.table.close()
    scene.close()
    launcher.close()


def say(scene, text: str) -> str:
    """Type ``text`` into the voice link and let the start screen handle it; the reply."""
    link = scene.voice.link
    link.hear(text)
    scene.update(time.monotonic(), 1 / 120)
    return link.last_reply


def test_saying_play_opens_a_table_for_the_player(start):
    from game.ui.scenes.table import TableScene

    assert say(start, "play") == "Play"
    assert isinstance(start.push, TableScene) and start.table is start.push
    assert start.table.c.human is not None


@pytest.mark.parametrize("words", ["start the game", "deal", "new game"])
def test_start_and_deal_mean_play_on_the_start_screen(start, words):
    say(start, words)
    assert start.table is not None and not start.table.spectate


def test_spectate_by_name_opens_a_table_of_bots(start):
    say(start, "watch the bots")
    assert start.table is not None and start.table.spectate


def test_each_choice_is_said_as_it_is_selected_by_voice(start):
    assert say(start, "move down") == "Spectate the bots"
    assert start.focus == 1
    assert say(start, "next") == "Options"
    assert say(start, "move up") == "Spectate the bots"
    assert say(start, "select") == "Spectate the bots"
    assert start.table is not None and start.table.spectate


def test_with_narration_a_choice_selected_by_keys_is_said_too(start, monkeypatch):
    monkeypatch.setattr(type(start.launcher), "narrate", property(lambda self: True))
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""), 0.0)
    start.update(time.monotonic(), 1 / 120)
    assert start.voice.last_reply == "Spectate the bots"


def test_quit_asks_first_and_only_yes_quits(start):
    from game.ui.start_voice import ASK_QUIT
    from voice.confirm import NothingPending

    assert say(start, "quit") == ASK_QUIT
    assert start.voice.link.state.prompt == ASK_QUIT and not start.quit
    assert say(start, "no").startswith("Staying") and not start.quit
    assert say(start, "yes") == NothingPending().reply and not start.quit
    say(start, "quit")
    say(start, "yes")
    start.update(time.monotonic(), 1 / 120)  # nothing to hear here: the window closes
    assert start.quit


def test_the_window_closes_only_once_goodbye_has_been_heard(start):
    """"yes" to "Quit the game?": the window stays (frames go on) while "Goodbye" is
    still being said, and closes when it has been heard; it used to close at once."""

    class Speaker:  # the start screen's speech, told when a line has been heard
        busy = False
        on_play = None

        def __init__(self) -> None:
            self.said: list[str] = []

        def say(self, line: str) -> None:
            self.said.append(line)
            self.busy = True

        def pump(self) -> None:
            pass

        def close(self) -> None:
            pass

    speaker = Speaker()
    start.voice.speaker = speaker
    say(start, "quit")
    speaker.busy = False
    say(start, "yes")
    assert speaker.said[-1] == "Goodbye"
    for _ in range(3):
        start.update(time.monotonic(), 1 / 120)
    assert not start.quit  # still being said
    speaker.busy = False
    start.update(time.monotonic(), 1 / 120)
    assert start.quit


def test_help_on_the_start_screen_names_the_start_screens_choices(start):
    from game.ui.start_voice import HELP, NOT_HERE

    assert say(start, "help").startswith(HELP)
    assert say(start, "what's the pot") == NOT_HERE
    assert say(start, "call") == "it is not your turn"


def test_spoken_moves_go_to_the_options_while_they_are_open(start):
    from game.ui.scenes.options import OptionsScene

    say(start, "options")
    options = start.push
    assert isinstance(options, OptionsScene) and start.dialog is options
    options.resize(SIZE)
    before = start.focus
    assert say(start, "move down")  # the options' own selection, in words
    assert start.focus == before
    assert say(start, "back") == "closed" and options.done


def test_the_table_borrows_the_voice_link_and_gives_it_back(start):
    from game.ui.voice_link import NO_SEAT

    link = start.voice.link
    say(start, "play")
    table = start.table
    table.resize(SIZE)
    assert table.hud.link is link and link.c is table.c
    link.hear("quit")
    table.update(time.monotonic(), 1 / 120)  # the table's own "quit": leave the table?
    assert isinstance(table.push, LeaveScene)
    link.hear("yes")
    table.update(time.monotonic(), 1 / 120)
    assert table.done
    table.close()  # as the app does when it pops the table
    start.update(time.monotonic(), 1 / 120)
    assert link.c is NO_SEAT and link.listener is None and link.on_question is not None
    assert say(start, "move down") == "Spectate the bots"


def test_play_deals_resume_ends_a_pause_and_spectate_is_refused_at_the_table(start):
    from game.ui.scenes.table_commands import NOT_PAUSED, SPECTATE_FROM_START

    say(start, "play")
    table = start.table
    table.resize(SIZE)
    link = table.hud.link
    link.hear("resume")
    table.update(time.monotonic(), 1 / 120)
    assert link.last_reply == NOT_PAUSED
    link.hear("pause")
    table.update(time.monotonic(), 1 / 120)
    assert table.c.paused
    link.hear("resume")
    table.update(time.monotonic(), 1 / 120)
    assert not table.c.paused
    link.hear("spectate")
    table.update(time.monotonic(), 1 / 120)
    assert link.last_reply == SPECTATE_FROM_START


def test_with_narration_off_the_start_screen_greets_the_player_once(start):
    """A player who cannot see the screen learns that it listens and what to say, once a
    window: not again on coming back from a table."""
    from game.ui.start_voice import GREETING

    assert start.voice.last_reply == GREETING
    say(start, "move down")
    start.voice.attach()  # as on leaving a table
    assert start.voice.last_reply != GREETING


def test_with_speech_off_the_start_screen_never_holds_the_microphone_shut(start):
    """No speaker is built when speech is off: what would be said is only shown, and
    nothing is left waiting to be heard (the microphone is muted while the game talks)."""
    deadline = time.monotonic() + 5
    while start.voice._building and time.monotonic() < deadline:
        time.sleep(0.01)
    say(start, "move down")
    assert start.voice.speaker is None and not start.voice.busy
    assert not start.voice.link._muted
    assert start.voice.status_line() == "“move down” → Spectate the bots"


def test_the_bots_watched_are_left_by_voice(start):
    """A table of bots watched borrows the voice link as a game does: "quit" (or "leave
    the table") asks first and "yes" leaves; "back" with no menu open asks the same (there
    is no seat to come back to); "help" says so; then the start screen has the link back."""
    from game.ui.voice_link import NO_SEAT
    from game.ui.voice_menus import ASK_LEAVE, WATCHING_HELP

    link = start.voice.link
    say(start, "spectate")
    table = start.table
    table.resize(SIZE)  # as the app does when it pushes the table
    assert table.spectate and table.hud is not None and table.hud.link is link
    assert link.c is table.c and link.c.human is None
    assert table_say(table, "help") == WATCHING_HELP
    assert table_say(table, "quit") == ASK_LEAVE and isinstance(table.dialog, LeaveScene)
    assert link.state.prompt == ASK_LEAVE
    assert table_say(table, "no") == "Staying" and not table.done
    assert table_say(table, "back") == ASK_LEAVE
    assert table_say(table, "yes") == "Leaving the table" and table.done
    table.close()  # as the app does when it pops the table
    start.update(time.monotonic(), 1 / 120)
    assert link.c is NO_SEAT and link.on_table_command == start.voice.command
    assert say(start, "move down") == "Options"  # from "Spectate the bots", chosen last


def test_words_said_while_watching_the_bots_do_not_act_on_the_start_screen(start):
    """What was heard while the bots were watched and not yet handled when the player left
    is dropped when the start screen takes the link back, not done then."""
    say(start, "spectate")
    table = start.table
    start.voice.link.hear("play")  # heard while the bots play on
    start.update(time.monotonic(), 1 / 120)  # the start screen is not the player's now
    table.done = True
    table.close()
    start.update(time.monotonic(), 1 / 120)
    assert start.table is table and start.push is table  # no new game was opened


# ----- push-to-talk: the start screen hears the player without Space -------------------------
class StandInListener:
    """The window's listener as the voice link sees it, with the attribute that chooses its
    detector (``push_to_talk``: heard only while Space is held) and what it was told."""

    level = 0.0

    def __init__(self, push_to_talk: bool) -> None:
        from voice.listener import ListenerReady

        self.push_to_talk = push_to_talk
        self.events: list[object] = [ListenerReady("pocketsphinx")]
        self.told: list[str] = []

    def poll(self) -> list[object]:
        out, self.events = self.events, []
        return out

    def press(self) -> None:
        self.told.append("press")

    def release(self) -> None:
        self.told.append("release")

    def mute(self) -> None:
        self.told.append("mute")

    def unmute(self) -> None:
        self.told.append("unmute")

    def expect_confirmation(self, pending: bool) -> None:
        pass

    def expect_menu(self, menu_open: bool) -> None:
        pass

    def stop(self, timeout: float = 1.0) -> None:
        pass


def test_the_start_screen_hears_the_player_with_push_to_talk_on(start):
    """"Push to talk" is on by default and Space selects a choice here: the start screen
    asks the listener to hear without it, says so under its buttons and in its help, and
    a table (a game, or bots watched) gets the listener back as the setting says."""
    from game.ui.start_voice import HELP_PUSH_TO_TALK, STATUS_PUSH_TO_TALK

    link = start.voice.link
    assert link.push_to_talk_mode  # the default setting
    link.state.mode = "starting"  # the fixture's voice is off: as if a microphone opened
    link.listener = lst = StandInListener(push_to_talk=True)  # opened as the setting says
    start.update(time.monotonic(), 1 / 120)
    assert lst.push_to_talk is False and link.state.mode == "listening"
    assert lst.told[-2:] == ["mute", "unmute"]  # what was half heard is dropped
    assert start.voice.status_line() == STATUS_PUSH_TO_TALK
    assert say(start, "help").endswith(HELP_PUSH_TO_TALK)

    say(start, "play")
    table = start.table
    table.resize(SIZE)
    table.update(time.monotonic(), 1 / 120)
    assert lst.push_to_talk is True and link.needs_space  # the table: only with Space
    assert link.state.mode == "idle"
    link.hear("quit")
    table.update(time.monotonic(), 1 / 120)
    link.hear("yes")
    table.update(time.monotonic(), 1 / 120)
    table.close()
    start.update(time.monotonic(), 1 / 120)
    assert lst.push_to_talk is False  # back on the start screen: heard without Space

    say(start, "spectate")
    start.update(time.monotonic(), 1 / 120)
    assert lst.push_to_talk is True  # the bots watched hear the player as a game does


def test_push_to_talk_can_be_turned_off_by_voice_from_the_start_screen(start):
    """The way the start screen's help tells it: options, previous until Voice and sound,
    move down until Push to talk, next, back — then the table hears without Space (the
    options closed on the start screen hold for the window, saved or not)."""
    from game.ui.scenes.options import OptionsScene

    assert say(start, "options") == "Options: opening"
    options = start.dialog
    assert isinstance(options, OptionsScene)
    options.resize(SIZE)
    replies = [say(start, "previous") for _ in range(2)]
    assert replies[-1] == "Section: Voice & sound", replies
    for _ in range(12):
        reply = say(start, "move down")
        if reply.startswith("Push to talk"):
            break
    assert reply == "Push to talk: on"
    assert say(start, "next") == "Push to talk: off"
    assert say(start, "back") == "closed" and options.done
    link = start.voice.link
    assert not link.push_to_talk_mode and not link.needs_space

    assert say(start, "play") == "Play"
    table = start.table
    assert table.hud.link is link and not link.needs_space  # heard at the table too
    assert start.launcher.load_settings().push_to_talk is False

    from game.ui.settings import UiSettings, save_settings

    save_settings(UiSettings(sounds=False))  # saved later from a table's options: the
    assert start.launcher.load_settings().push_to_talk is True  # player's latest word


def _frames_until(done, seconds: float, scenes) -> bool:
    """Run ``scenes``' frames until ``done()`` or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        for sc in scenes:
            sc.update(time.monotonic(), 1 / 60)
        time.sleep(1 / 60)
    return bool(done())


def _spoken_start_screen(tmp_path, monkeypatch, seed: int):
    """The start screen with the default settings but speech off, its microphone a
    ``SpeakingRoom`` heard through the real listener and PocketSphinx (push-to-talk on, as
    the settings open it): (launcher, scene, room, the listeners opened, the clips)."""
    import shutil

    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        pytest.skip("espeak-ng and sox are needed to speak the player's words")
    pytest.importorskip("pocketsphinx")
    from game.ui.main import Launcher
    from game.ui.scenes.start import StartScene
    from game.ui.settings import UiSettings, save_settings
    from voice.listener import Listener
    from voice.recognizers import open_recognizer

    from .speaking_room import SpeakingRoom, speak_all

    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    save_settings(UiSettings(voice_engine="pocketsphinx", narration=False, bot_voices=False,
                             sounds=False))
    clips = speak_all(["options"], tmp_path, voice="en-us", wpm=160, noise_dbfs=-55)
    room = SpeakingRoom(-55, seed=seed)
    opened: list[Listener] = []

    def open_listener(engine: str) -> Listener:  # the microphone, as the setting opens it
        lst = Listener(lambda: open_recognizer(engine), source=room, push_to_talk=True)
        opened.append(lst.start())
        return lst

    args = SimpleNamespace(seed=5, speed=100.0, hands=None, voice="pocketsphinx",
                           spectate=False)
    launcher = Launcher(HouseRules().replace(bots=("random:normal",)), args,
                        open_listener=open_listener)
    scene = StartScene(launcher, can_resume=False)
    scene.resize(SIZE)
    return launcher, scene, room, opened, clips


def test_a_spoken_choice_is_heard_on_the_start_screen_with_push_to_talk_on(
        screen, tmp_path, monkeypatch):
    """The same through the real listener and recognizer: with the default settings
    (push-to-talk on) and no key pressed, "options" said into the room is heard on the
    start screen; at the table, without Space, nothing said is heard."""
    from game.ui.scenes.options import OptionsScene
    from game.ui.settings import UiSettings

    launcher, scene, room, opened, clips = _spoken_start_screen(tmp_path, monkeypatch, seed=3)
    assert UiSettings().push_to_talk  # the default this is about

    try:
        assert _frames_until(lambda: opened and opened[0].ready, 60, [scene]), \
            "the listener never became ready to hear"
        lst, link = opened[0], scene.voice.link
        assert not lst.push_to_talk
        heard = []
        for _ in range(3):  # misheard ("[unk]"), a player says it again
            link.state.heard = ""
            room.say(clips["options"])
            assert _frames_until(lambda: link.state.heard, 20, [scene]), "nothing was heard"
            heard.append(link.state.heard)
            if isinstance(scene.dialog, OptionsScene):
                break
        assert isinstance(scene.dialog, OptionsScene), heard
        assert link.last_reply == "Options: opening"

        scene.dialog.done = True
        say(scene, "play")
        table = scene.table
        table.resize(SIZE)
        assert _frames_until(lambda: lst.push_to_talk, 5, [table])
        room.say(clips["options"])
        _frames_until(lambda: not room.speaking, 20, [table])
        _frames_until(lambda: False, 1.5, [table])  # time enough to decode a phrase
        assert not link.state.heard and table.dialog is None  # Space was not held
    finally:
        if scene.table is not None:
            scene.table.close()
        scene.close()
        launcher.close()
        for lst in opened:
            lst.stop(timeout=1.0)


def table_say(table, text: str) -> str:
    """Type ``text`` into the table's voice link and let the table handle it; a dialog it
    opens is laid out as the app does it.  The reply."""
    link = table.hud.link
    link.hear(text)
    table.update(time.monotonic(), 1 / 120)
    child, table.push = table.push, None
    if child is not None:
        child.resize(SIZE)
    return link.last_reply


def test_push_to_talk_turned_off_in_the_tables_options_applies_at_once(
        screen, tmp_path, monkeypatch):
    """At the table, "Push to talk" turned off in the table's options switches the running
    listener when the options close (not from the next game): through the real listener
    and recognizer, "options" said into the room with no key held is heard at once.  The
    options start from the window's settings, and what they closed with holds for the
    next game as well."""
    from game.ui.scenes.options import OptionsScene

    # push-to-talk on, the default
    launcher, scene, room, opened, clips = _spoken_start_screen(tmp_path, monkeypatch, seed=4)

    try:
        assert _frames_until(lambda: opened and opened[0].ready, 60, [scene]), \
            "the listener never became ready to hear"
        lst = opened[0]
        say(scene, "play")
        table = scene.table
        table.resize(SIZE)
        link = table.hud.link
        assert _frames_until(lambda: lst.push_to_talk, 5, [table])  # at the table: Space

        table_say(table, "options")  # typed: the same link and parser as a spoken phrase
        options = table.dialog
        assert isinstance(options, OptionsScene) and options.settings.push_to_talk
        replies = [table_say(table, "previous") for _ in range(2)]
        assert replies[-1] == "Section: Voice & sound", replies
        for _ in range(12):
            reply = table_say(table, "move down")
            if reply.startswith("Push to talk"):
                break
        assert reply == "Push to talk: on"
        assert table_say(table, "next") == "Push to talk: off"
        assert table_say(table, "back") == "closed" and options.done
        # at once: the running listener hears without Space, and the HUD says so
        assert lst.push_to_talk is False and not link.needs_space
        assert not link.state.push_to_talk
        assert launcher.load_settings().push_to_talk is False  # the next game's too

        heard = []
        for _ in range(3):  # misheard ("[unk]"), a player says it again
            link.state.heard = ""
            room.say(clips["options"])
            assert _frames_until(lambda: link.state.heard, 20, [table]), "nothing was heard"
            heard.append(link.state.heard)
            child, table.push = table.push, None
            if child is not None:
                break
        assert isinstance(child, OptionsScene), heard  # heard with no key held
        assert child.settings.push_to_talk is False  # from the window's settings
    finally:
        if scene.table is not None:
            scene.table.close()
        scene.close()
        launcher.close()
        for lst in opened:
            lst.stop(timeout=1.0)


def test_with_talk_over_the_start_screen_tells_the_echo_canceller_what_it_says(start):
    """With "Talk over the bots" and an echo canceller the microphone is not muted while the
    game speaks, so the canceller must be given the start screen's lines, as the table's
    narrator gives it its own — heard without Space here, "Spectate the bots" read back
    must not be heard as the player's "spectate"."""
    played: list[str] = []

    class Speaker:
        busy = False
        on_play = None

        def say(self, line: str) -> None:
            if self.on_play is not None:
                self.on_play(f"{line}.wav", time.monotonic(), 1.0)

        def pump(self) -> None:
            pass

        def close(self) -> None:
            pass

    from voice.listener import ListenerReady

    link = start.voice.link
    link.talk_over = True
    link.listener = lst = StandInListener(push_to_talk=False)
    lst.events = [ListenerReady("pocketsphinx", echo="webrtc")]  # it cancels echo
    lst.play = lambda path, at, gain: played.append(path)
    start.voice.speaker = Speaker()
    say(start, "move down")
    say(start, "move down")
    assert link.talking_over and not link._muted
    assert played == ["Spectate the bots.wav", "Options.wav"]
