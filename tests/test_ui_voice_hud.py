"""Voice on the table: a phrase goes parser -> resolver -> confirmation -> table.act, the
HUD shows what was heard and what it did, and refusals name the reason.

Phrases are fed as text (what the recognizer hands over), through the real voice modules.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.actions import ActionKind
from game.engine.events import Acted
from game.session.rules import HouseRules
from game.ui.controller import Controller
from game.ui.hud import VoiceHud
from game.ui.setup import build_table
from game.ui.voice_link import VoiceLink

SIZE = (1280, 800)


#: Every test here draws: the display comes from tests/conftest.py.
pytestmark = pytest.mark.usefixtures("screen")


def to_my_turn(c, facing=None, limit=20000):
    """Run bots until the human is to act (``facing`` True: only when facing a bet)."""
    from game.engine.actions import Action

    t = 0.0
    for _ in range(limit):
        t += 0.05
        la = c.human_legal()
        if la is not None:
            if facing is None or la.can_call == facing:
                return la
            c.submit(Action.check() if la.can_check else Action.call(), t)
        if c.needs_rebuy:
            c.emit(c.table.top_up(c.human))
            c.needs_rebuy = False
        c.update(t)
        time.sleep(0.0003)
    raise AssertionError("the human never got to act")


def setup(seed=5):
    rules = HouseRules().replace(bots=("random:normal",))
    table, human, _ = build_table(rules, seats=4, spectate=False, seed=seed)
    c = Controller(table, human=human, speed=1000.0, seed=seed)
    link = VoiceLink(c, "off")
    return c, link


def my_acts(c):
    return [e for e in c.events if isinstance(e, Acted) and e.seat == c.human]


def test_spoken_call_calls_through_the_table():
    c, link = setup(seed=5)
    la = to_my_turn(c, facing=True)
    link.hear("call", 0.95)
    link.update(1.0)
    act = my_acts(c)[-1]
    assert act.action.kind is ActionKind.CALL
    assert link.state.heard == "call" and "call" in link.state.resolved
    assert la.to_call == act.paid


def test_spoken_all_in_waits_for_yes_then_goes_all_in():
    c, link = setup(seed=6)
    to_my_turn(c)
    before = len(my_acts(c))
    link.hear("all in", 0.95)
    link.update(1.0)
    assert len(my_acts(c)) == before
    assert "yes or no" in link.state.prompt
    link.hear("yes", 0.95)
    link.update(1.5)
    assert my_acts(c)[-1].all_in


def test_spoken_check_facing_a_bet_is_refused_with_a_reason():
    c, link = setup(seed=7)
    to_my_turn(c, facing=True)
    before = len(my_acts(c))
    link.hear("check", 0.95)
    link.update(1.0)
    assert len(my_acts(c)) == before
    assert link.state.refusal


def test_a_question_is_answered_without_acting():
    c, link = setup(seed=8)
    to_my_turn(c)
    before = len(my_acts(c))
    link.hear("what's the pot", 0.9)
    link.update(1.0)
    assert len(my_acts(c)) == before
    assert "pot" in link.state.resolved


def test_chatter_does_nothing_and_says_so():
    c, link = setup(seed=9)
    to_my_turn(c)
    before = len(my_acts(c))
    link.hear("nice hand everyone", 0.9)
    link.update(1.0)
    assert len(my_acts(c)) == before
    assert link.state.refusal.startswith("didn't catch")


def test_acting_by_mouse_drops_a_pending_voice_confirmation():
    c, link = setup(seed=10)
    to_my_turn(c)
    link.hear("all in", 0.95)
    link.update(1.0)
    assert link.state.prompt
    link.acted_by_hand()
    assert not link.state.prompt and link.gate.pending is None


def test_hud_typing_a_phrase_goes_the_same_way(screen):
    c, link = setup(seed=11)
    hud = VoiceHud(link)
    hud.layout(pygame.Rect(900, 10, 300, 120), SIZE)
    to_my_turn(c, facing=True)
    before = len(my_acts(c))
    ev = pygame.event.Event
    assert hud.handle(ev(pygame.KEYDOWN, key=pygame.K_t, unicode="t", mod=0), 1.0)
    for ch in "fold":
        hud.handle(ev(pygame.KEYDOWN, key=ord(ch), unicode=ch, mod=0), 1.0)
    hud.handle(ev(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0), 1.0)
    hud.update(1.1)
    assert my_acts(c)[len(my_acts(c)) - 1].action.kind is ActionKind.FOLD
    assert len(my_acts(c)) == before + 1
    hud.draw(screen, 1.2)


def test_hud_space_is_push_to_talk_and_f1_the_help_card(screen):
    c, link = setup(seed=12)
    hud = VoiceHud(link)
    hud.layout(pygame.Rect(900, 10, 300, 120), SIZE)
    ev = pygame.event.Event
    assert hud.handle(ev(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0), 0)
    assert link.state.talking
    assert hud.handle(ev(pygame.KEYUP, key=pygame.K_SPACE, unicode=" ", mod=0), 0)
    assert not link.state.talking
    hud.handle(ev(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0), 0)
    assert hud.help_open
    hud.draw(screen, 0)


class _ChildListener:
    """What the window's listener process reports, handed over one batch at a time."""

    level = 0.0

    def __init__(self) -> None:
        self.batches: list[list] = []

    def poll(self) -> list:
        return self.batches.pop(0) if self.batches else []

    def expect_menu(self, menu_open: bool) -> None:
        pass


@pytest.mark.parametrize("push_to_talk,then", [(False, "listening"), (True, "idle")])
def test_the_hud_says_starting_until_the_listener_hears(push_to_talk, then):
    """A phrase said while the recognizer loads or the detector learns the room is not
    heard, so the HUD must not say "listening" before the listener reports it hears — a
    working microphone alone is not enough."""
    from voice.audio import MicState, MicStatus
    from voice.listener import ListenerReady

    c, link = setup()
    link.state.mode, link.push_to_talk_mode = "starting", push_to_talk
    link.listener = child = _ChildListener()
    child.batches = [[MicStatus(MicState.LISTENING, "default microphone")], [ListenerReady()],
                     [MicStatus(MicState.LOST, "microphone unplugged")],
                     [MicStatus(MicState.LISTENING, "default microphone")]]
    seen = []
    for _ in range(4):
        link.update(time.monotonic())
        seen.append(link.state.mode)
    assert seen == ["starting", then, "no microphone", then]


def test_the_player_heard_over_a_line_stops_it_before_an_utterance_begins():
    """The listener's cue that the player talks over the game stops the line at once; the
    HUD and the game's other lines wait for the utterance itself (a cue nobody follows
    must not hush the game for seconds)."""
    from voice.listener import SpeechBegan, TalkingOver

    c, link = setup()
    link.state.mode = "listening"
    link.talk_over, link.echo = True, "webrtc+speex"
    link.listener = child = _ChildListener()
    child.batches = [[TalkingOver(5.0)], [SpeechBegan(5.1, over_playback=True)]]
    now = time.monotonic()
    link.update(now)
    assert link.barge_in == 5.0
    assert not link.player_speaking(now)
    assert link.holds_lines(5.5) and not link.holds_lines(6.5)  # the listener's TALK_CONFIRM_S
    link.barge_in = None
    link.update(now)
    assert link.barge_in == 5.1 and link.player_speaking(now)


def test_a_barge_in_from_the_listeners_process_stops_the_line_before_the_frame():
    """The listener in its own process tells the link the moment a barge-in arrives: the
    line stops and the listener is told then, and the frame that polls the same event
    later does not stop it again; the game's next line waits for the utterance."""
    from voice.listener import TalkingOver

    c, link = setup()
    link.talk_over, link.echo = True, "webrtc+speex"
    link.listener = child = _ChildListener()
    stopped, cut = [], []
    child.cut = cut.append
    link.stop_line = lambda: stopped.append(True) or True
    link._barge_in_now(5.0)  # as ListenerProcess.on_barge_in, before the event is polled
    assert stopped == [True] and len(cut) == 1
    assert link.holds_lines(5.5)
    child.batches = [[TalkingOver(5.0)]]
    link.update(time.monotonic())
    assert link.barge_in is None and stopped == [True]


def test_a_barge_in_stops_nothing_when_the_player_may_not_talk_over_the_game():
    c, link = setup()
    link.talk_over, link.echo = False, ""
    link.listener = _ChildListener()
    link.stop_line = lambda: pytest.fail("talking over the game is off")
    link._barge_in_now(5.0)
    assert not link.holds_lines(5.5)


def test_voice_off_says_so_and_needs_no_microphone():
    c, link = setup()
    assert link.state.mode == "off"
    assert link.listener is None


def test_the_microphone_listener_feeds_the_hud_through_the_real_recognizer(tmp_path):
    """A spoken clip (espeak-ng, 16 kHz) through voice.listener and PocketSphinx: whatever
    the recognizer makes of it reaches the HUD and is resolved against the table."""
    import shutil
    import subprocess

    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        pytest.skip("espeak-ng and sox are needed to make the clip")
    from voice.listener import Listener, WavSource
    from voice.recognizers import open_recognizer

    raw, wav = tmp_path / "raw.wav", tmp_path / "clip.wav"
    subprocess.run(["espeak-ng", "-v", "en-us", "-w", str(raw), "what's the pot"], check=True)
    subprocess.run(["sox", "-R", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(wav),
                    "pad", "0.3", "0.6"], check=True)
    c, link = setup(seed=14)
    to_my_turn(c)
    before = len(my_acts(c))
    link.listener = Listener(lambda: open_recognizer("pocketsphinx"), source=WavSource(wav),
                             push_to_talk=False).start()
    link.push_to_talk_mode = False
    deadline = time.monotonic() + 30
    while not link.state.heard and time.monotonic() < deadline:
        link.update(time.monotonic())
        time.sleep(0.02)
    link.close()
    assert link.state.heard, "the listener produced no phrase"
    assert link.state.resolved or link.state.refusal or link.state.prompt
    acts = my_acts(c)
    assert len(acts) in (before, before + 1)  # at most one action, and only a legal one


def test_the_listener_process_reports_the_microphone_and_stops_promptly():
    """The window's listener runs in a child process: it reports what it found (a
    microphone, none, or an error), tells of a barge-in as it arrives, and stops at once
    when the window closes."""
    from game.ui.listener_process import LISTENER_NICENESS, ListenerProcess
    from voice.listener import TalkingOver

    lp = ListenerProcess("pocketsphinx", push_to_talk=True)
    try:
        deadline = time.monotonic() + 60
        events = []
        while not events and time.monotonic() < deadline:
            events = lp.poll()
            time.sleep(0.05)
        kinds = {type(e).__name__ for e in events}
        assert kinds & {"MicStatus", "ListenerError"}, events
        assert 0.0 <= lp.level <= 1.0
        if hasattr(os, "getpriority"):  # the child yields the CPU to the window
            assert (os.getpriority(os.PRIO_PROCESS, lp.proc.pid)
                    == min(19, os.getpriority(os.PRIO_PROCESS, 0) + LISTENER_NICENESS))
        told: list[float] = []
        lp.on_barge_in = told.append
        lp._events.put(TalkingOver(5.0))  # as the child sends it
        got: list = []
        while not got and time.monotonic() < deadline:
            got = [e for e in lp.poll() if isinstance(e, TalkingOver)]
            time.sleep(0.01)
        assert told == [5.0] and got == [TalkingOver(5.0)]  # told first, then polled
        lp.press()
        lp.release()
        lp.push_to_talk = False  # the start screen hears without Space: the child switches
        assert lp.push_to_talk is False
        time.sleep(0.3)
        if "ListenerError" not in kinds:
            assert lp.running  # an attribute there, set, not called
    finally:
        t0 = time.monotonic()
        lp.stop(timeout=2.0)
        assert time.monotonic() - t0 < 5
        assert not lp.running


def test_the_listener_is_given_the_file_that_remembers_the_room(monkeypatch):
    """The window's voice link hands the recognizer its room file (voice.recognizers.room):
    without it every game would start from the default in a noisy room."""
    import threading

    from game.ui import listener_process

    started = threading.Event()
    seen = {}

    class Recorder:
        def __init__(self, engine, device=None, push_to_talk=True, room_file=None,
                     talk_over=False):
            seen.update(engine=engine, room_file=room_file)
            started.set()

    monkeypatch.setattr(listener_process, "ListenerProcess", Recorder)
    VoiceLink(None, "pocketsphinx", room_file="/tmp/room.txt")
    assert started.wait(10)
    assert seen == {"engine": "pocketsphinx", "room_file": "/tmp/room.txt"}


def test_the_window_keeps_the_room_in_its_data_directory(monkeypatch, tmp_path):
    from game.ui.setup import room_path

    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path))
    assert room_path() == tmp_path / "microphone-room.txt"
