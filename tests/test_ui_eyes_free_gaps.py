"""Eyes-free gaps: what the player hears when chips run out, when a command is refused, and
whether "your turn" reaches them before stale narration.

Headless (SDL dummy driver), with the real session ``Table``, the real voice parser and the
real narrator (espeak-ng through the bots' speech worker renders every line to a file):
a line counts as *spoken* when the narrator's worker rendered it.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.actions import Action
from game.session.rules import HouseRules
from game.ui.controller import Controller
from game.ui.hud import VoiceHud
from game.ui.scenes.table import OUT_OF_CHIPS, TableScene
from game.ui.settings import UiSettings
from game.ui.setup import build_table
from game.ui.talk import BEHIND, Priority, TableVoice, schedule
from game.ui.voice_link import VoiceLink
from voice.listener import Heard, SpeechBegan

SIZE = (1024, 640)


#: Every test here draws: the display comes from tests/conftest.py.
pytestmark = pytest.mark.usefixtures("screen")


class Seat:
    """The human at a real table, with the voice HUD and the narrator wired as in the game."""

    def __init__(self, rules: HouseRules | None = None, seed: int = 7) -> None:
        rules = rules or HouseRules().replace(bots=("random:normal",))
        self.table, self.human, looks = build_table(rules, seats=3, spectate=False, seed=seed)
        self.c = Controller(self.table, human=self.human, speed=1000.0, seed=seed)
        self.link = VoiceLink(self.c, "off")
        self.voice = TableVoice.start(UiSettings(narration=True, bot_voices=False,
                                                 chat_level=0), self.table, self.human, seed,
                                      spectate=False)
        if self.voice.worker is None:
            pytest.skip("no speech engine on this machine")
        self.scene = TableScene(self.c, hud=VoiceHud(self.link), narrator=self.voice,
                                looks=looks)
        self.scene.resize(SIZE)
        self.t = 0.0

    def say(self, phrase: str) -> str:
        """Say ``phrase`` (as the recognizer hands it over); returns the game's reply."""
        self.link.hear(phrase, 0.95)
        self.t += 0.05
        self.link.update(self.t)
        return self.link.last_reply

    @property
    def bot(self) -> int:
        """A bot's seat (the first)."""
        return next(seat for seat in range(len(self.table.players)) if seat != self.human)

    def frame(self) -> None:
        """One frame of the game loop, 50 ms of game time later."""
        self.t += 0.05
        self.scene.update(self.t, 1 / 60)

    def spoken(self) -> list[str]:
        assert self.voice.worker.wait_idle(timeout=30)
        self.voice.pump()
        return [r.utterance.text for r in self.voice.worker.rendered]

    @property
    def stack(self) -> int:
        return self.table.players[self.human].stack

    def play_to_my_turn(self, seconds: float = 60.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.0005)  # real time for the bots' process
            if self.c.human_legal() is not None:
                return
            self.frame()
        raise AssertionError("the human never got to act")

    def finish_hand(self, seconds: float = 60.0) -> None:
        """Check or fold through to the end of the current hand."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.0005)
            if not self.c.in_hand and self.c.hands_done >= 1:
                self.voice.worker.wait_idle(timeout=30)  # the player listens to the end
                return
            la = self.c.human_legal()
            if la is not None:
                self.c.submit(Action.check() if la.can_check else Action.fold(), self.t)
            self.frame()
        raise AssertionError("the hand never ended")

    def bust(self) -> None:
        """Between hands, the human has lost every chip (set directly: the scenario's start,
        playing until a random bot takes every chip would take hundreds of hands)."""
        assert not self.c.in_hand
        self.table.players[self.human].stack = 0

    def close(self) -> None:
        self.voice.close()
        self.c.close()


@pytest.fixture
def seat():
    s = Seat()
    yield s
    s.close()


@pytest.fixture
def playing_mixer(monkeypatch):
    """pygame.mixer on SDL's dummy audio driver, which plays in real time, silently."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.init()
    pygame.mixer.stop()  # nothing left playing from an earlier test
    yield
    pygame.mixer.quit()


# ----- 1. out of chips, by voice --------------------------------------------------------------
def test_rebuy_said_when_busted_rebuys_to_the_maximum_and_says_so(seat):
    seat.bust()
    top = seat.table.rules.max_buy_in
    reply = seat.say("rebuy")
    assert seat.stack == top
    assert reply == f"Rebought to {top:,}"
    assert seat.link.state.resolved == reply and not seat.link.state.refusal
    assert not seat.c.needs_rebuy
    assert reply in seat.spoken()


def test_rebuy_said_over_the_rebuy_dialog_closes_it(seat):
    """Busted, the game opens the rebuy dialog; saying "rebuy" does it and closes the dialog."""
    seat.bust()
    seat.c.needs_rebuy = True  # what the controller sets when the busted human is next dealt
    seat.scene.update(seat.t, 1 / 60)
    dialog = seat.scene.push
    assert type(dialog).__name__ == "RebuyScene"
    assert seat.say("rebuy") == f"Rebought to {seat.table.rules.max_buy_in:,}"
    assert dialog.done and not seat.c.needs_rebuy


def test_top_up_said_between_hands_tops_up_to_the_maximum_and_says_so(seat):
    top = seat.table.rules.max_buy_in
    seat.table.players[seat.human].stack = top // 2
    reply = seat.say("top up")
    assert seat.stack == top
    assert reply == f"Topped up to {top:,}"
    assert reply in seat.spoken()


def test_rebuy_at_the_maximum_is_refused_aloud_with_the_sessions_reason(seat):
    top = seat.table.rules.max_buy_in
    assert seat.stack == top
    reply = seat.say("top up")
    assert seat.stack == top
    assert "refused" in reply and str(top) in reply, reply
    assert seat.link.state.refusal == reply
    assert reply in seat.spoken()


def test_rebuy_mid_hand_is_refused_aloud_and_changes_nothing(seat):
    seat.table.players[seat.human].stack = seat.table.rules.max_buy_in // 2  # room to add
    seat.play_to_my_turn()
    stack = seat.stack
    reply = seat.say("rebuy")
    assert seat.stack == stack
    assert "between hands" in reply, reply
    assert seat.link.state.refusal == reply
    assert reply in seat.spoken()


def test_rebuy_in_a_freeze_out_is_refused_aloud():
    rules = HouseRules(mode="freeze-out", rebuys=False).replace(bots=("random:normal",))
    s = Seat(rules)
    try:
        s.bust()
        reply = s.say("rebuy")
        assert s.stack == 0
        assert "freeze-out" in reply, reply
        assert reply in s.spoken()
    finally:
        s.close()


def test_deal_while_busted_says_how_to_go_on_instead_of_echoing_deal(seat):
    seat.play_to_my_turn()
    seat.finish_hand()
    seat.bust()
    hand = seat.table.hand_number
    reply = seat.say("deal")
    assert reply == OUT_OF_CHIPS
    assert seat.link.state.refusal == OUT_OF_CHIPS
    assert seat.table.hand_number == hand
    assert OUT_OF_CHIPS in seat.spoken()


# ----- 2. every refusal is spoken -------------------------------------------------------------
def test_deal_during_a_hand_is_refused_aloud(seat):
    seat.play_to_my_turn()
    hand = seat.table.hand_number
    reply = seat.say("deal")
    assert seat.link.state.refusal == reply and "hand" in reply, reply
    assert seat.table.hand_number == hand
    assert reply in seat.spoken()


def test_sit_out_refused_by_the_session_is_spoken(seat):
    seat.play_to_my_turn()
    seat.finish_hand()
    seat.say("sit out")
    reply = seat.say("sit out")  # already sitting out: the session says why not
    if not seat.link.state.refusal:
        pytest.skip("the session accepts sitting out twice")
    assert reply in seat.spoken()


def test_deal_me_out_said_during_the_hand_sits_out_from_the_next_one(seat):
    """RULES.md §6.5: a player sits out "from the next hand" — said while their hand is
    on, it is done as soon as the hand ends, before the next is dealt."""
    from game.ui.scenes.table_commands import SIT_OUT_NEXT

    seat.play_to_my_turn()
    hand = seat.table.hand_number
    assert seat.say("deal me out") == SIT_OUT_NEXT
    assert not seat.table.players[seat.human].sitting_out
    seat.finish_hand()
    assert seat.table.players[seat.human].sitting_out
    assert seat.table.hand_number == hand  # sat out before the next hand was dealt
    assert SIT_OUT_NEXT in seat.spoken()


def test_im_back_before_the_hand_ends_takes_the_sit_out_back(seat):
    from game.ui.scenes.table_commands import SIT_OUT_NEXT, STAY_IN

    seat.play_to_my_turn()
    assert seat.say("sit out") == SIT_OUT_NEXT
    assert seat.say("i'm back") == STAY_IN
    seat.finish_hand()
    assert not seat.table.players[seat.human].sitting_out


def test_an_action_out_of_turn_is_refused_aloud(seat):
    reply = seat.say("call")
    assert seat.link.state.refusal == reply and "not your turn" in reply, reply
    assert reply in seat.spoken()


def test_a_refused_confirmation_says_the_reason_not_the_action(seat):
    """An action the table refuses after it resolved is said as the refusal."""
    seat.play_to_my_turn()
    la = seat.c.human_legal()
    reply = seat.say("fold" if not la.can_check else "check")
    assert not seat.link.state.refusal, reply
    reply = seat.say("check")  # no longer the player's turn (or the hand is over)
    if seat.c.human_legal() is None:
        assert seat.link.state.refusal == reply
        assert reply in seat.spoken()


# ----- 3. narration priority ------------------------------------------------------------------
def _p(s: str) -> Priority:
    return {"!": Priority.URGENT, "~": Priority.STALE}.get(s[0], Priority.NORMAL)


def test_replies_and_your_turn_go_ahead_of_waiting_narration_in_order():
    q = schedule(["Flop: ...", "~Rocco calls 40."], "!the pot is 150", _p)
    assert q == ["!the pot is 150", "Flop: ...", "~Rocco calls 40."]
    q = schedule(q, "!Your turn: 40 to call.", _p)  # four waiting: the stale line goes
    assert q == ["!the pot is 150", "!Your turn: 40 to call.", "Flop: ..."]


def test_stale_bot_narration_is_dropped_when_more_than_two_lines_wait():
    q: list[str] = []
    for line in ("~Rocco calls 40.", "~Stan folds.", "Turn: ace of spades.", "~Rocco bets 80."):
        q = schedule(q, line, _p)
    assert q == ["~Stan folds.", "Turn: ace of spades.", "~Rocco bets 80."]
    assert len(q) <= BEHIND + 1


def test_cards_board_and_replies_are_never_dropped():
    q: list[str] = []
    for line in ("Your cards: ...", "Flop: ...", "Turn: ...", "!yes or no?", "River: ..."):
        q = schedule(q, line, _p)
    assert q == ["!yes or no?", "Your cards: ...", "Flop: ...", "Turn: ...", "River: ..."]


def test_a_reply_is_spoken_right_after_the_line_being_said_not_after_the_backlog(seat):
    """Through the real speech worker: ten bots' actions arrive at once, then the player's
    question is answered; the answer is rendered next, and the stale backlog is cut."""
    from game.engine.events import Acted

    s = seat
    s.voice.worker.wait_idle(timeout=30)
    before = len(s.voice.worker.rendered)
    for i in range(10):
        s.voice.on_event(Acted(s.bot, Action.raise_to(40 + 20 * i), 20, False), s.scene)
    s.voice.say("the pot is 150")
    spoken = s.spoken()[before:]
    assert "the pot is 150" in spoken[:2], spoken
    bots = [line for line in spoken if "raises to" in line]
    assert len(bots) <= 1 + BEHIND, spoken  # the one being rendered + what may wait
    assert bots[-1].endswith("raises to 220."), spoken  # the newest is kept


def test_your_turn_is_spoken_ahead_of_stale_narration(seat):
    from game.engine.events import Acted

    s = seat
    s.voice.worker.wait_idle(timeout=30)
    before = len(s.voice.worker.rendered)
    for _ in range(6):
        s.voice.on_event(Acted(s.bot, Action.call(), 20, False), s.scene)
    s.voice.your_turn(40, 150, False)
    spoken = s.spoken()[before:]
    assert spoken.index("Your turn: 40 to call, the pot is 150.") <= 1, spoken


def test_your_turn_plays_next_even_when_narration_is_already_rendered(playing_mixer, seat):
    """Behind the playing line, rendered audio waits too: "your turn" jumps that queue and the
    bots' old lines there are cut."""
    from game.engine.events import Acted

    v = seat.voice
    v.say("A long line is being said while the bots play on around the table.")
    v.worker.wait_idle(timeout=30)
    end = time.monotonic() + 10
    while v._ready and time.monotonic() < end:  # now playing: what follows waits as audio
        v.pump()
        time.sleep(0.01)
    assert v._channel is not None and v._channel.get_busy()
    for i in range(6):
        v.on_event(Acted(seat.bot, Action.raise_to(40 + 20 * i), 20, False), seat.scene)
        v.worker.wait_idle(timeout=30)  # rendered before the next arrives
    v.your_turn(40, 150, False)
    v.worker.wait_idle(timeout=30)
    waiting = [r.utterance.text for r in v._ready]
    assert waiting[0] == "Your turn: 40 to call, the pot is 150.", waiting
    assert len(waiting) <= BEHIND + 1, waiting
    assert waiting[-1].endswith("raises to 140."), waiting  # the newest bot line stays


def _Began() -> SpeechBegan:
    """What the listener sends when the VAD hears speech start."""
    return SpeechBegan()


def _Heard(text: str) -> Heard:
    return Heard(text, 0.95, "pocketsphinx", 0.0, 1.0)


class _Listener:
    """The listener process as the voice link sees it (game.ui.seams.Listener)."""

    level = 0.0

    def __init__(self) -> None:
        self.events: list[object] = []
        self.muted = False

    def press(self) -> None:
        pass

    def release(self) -> None:
        pass

    def expect_confirmation(self, pending: bool) -> None:
        pass

    def expect_menu(self, menu_open: bool) -> None:
        pass

    def stop(self, timeout: float = 1.0) -> None:
        pass

    def poll(self) -> list[object]:
        out, self.events = self.events, []
        return out

    def mute(self) -> None:
        self.muted = True

    def unmute(self) -> None:
        self.muted = False


def test_the_game_does_not_talk_over_the_player(playing_mixer, seat):
    """A line that comes up while the player is speaking (the time bank warning mid-phrase)
    waits: the microphone stays open, the phrase is heard whole, then the line plays."""
    s = seat
    lst = _Listener()
    s.link.listener = lst
    s.voice.worker.wait_idle(timeout=30)
    end = time.monotonic() + 30
    while s.voice.speaking and time.monotonic() < end:  # the table's opening lines
        s.frame()
        time.sleep(0.01)
    assert not lst.muted
    lst.events.append(_Began())
    s.frame()
    assert s.link.player_speaking(time.monotonic())
    s.voice.say("Your time bank is running.")
    s.voice.worker.wait_idle(timeout=30)
    for _ in range(20):
        s.frame()
    assert not lst.muted and not s.voice._channel.get_busy()
    assert "Your time bank is running." in [r.utterance.text for r in s.voice._ready]
    lst.events.append(_Heard("check"))
    for _ in range(2):  # the phrase is handled, then the next frame's line plays
        s.frame()
    assert s.voice._channel.get_busy() and lst.muted  # now it plays, and the mic is shut


def test_a_speech_start_without_an_end_holds_the_game_only_so_long():
    link = VoiceLink(None, "off")
    lst = _Listener()
    link.listener = lst
    lst.events.append(_Began())
    link._poll_listener()
    now = time.monotonic()
    assert link.player_speaking(now)
    assert not link.player_speaking(now + 60)
    lst.events.append(_Heard("fold"))
    link._poll_listener()
    assert not link.player_speaking(now)


def test_a_question_held_back_while_the_player_speaks_does_not_use_up_the_time_to_answer(
        playing_mixer, seat):
    """The "yes or no?" is held back while the player is still talking; until it has
    played nobody has been asked, so the time to answer must not run.  (It ran: the
    eyes-free session's "yes" came after "too late", and the hand moved on without it.)"""
    from voice.parser import parse
    from voice.resolver import Resolved

    s = seat
    lst = _Listener()
    s.link.listener = lst
    s.link.confirm_seconds = 0.2
    s.voice.worker.wait_idle(timeout=30)
    end = time.monotonic() + 30
    while s.voice.speaking and time.monotonic() < end:  # the table's opening lines
        s.frame()
        time.sleep(0.01)
    s.link.gate.offer(Resolved(parse("call"), Action.call(), confirm=True))
    lst.events.append(_Began())
    s.frame()
    s.voice.say("call? Say yes or no.")
    s.voice.worker.wait_idle(timeout=30)
    until = time.monotonic() + 0.6
    while time.monotonic() < until:
        s.frame()
        time.sleep(0.01)
    assert s.voice.busy and not s.voice.speaking  # held back, microphone open
    assert s.link.gate.pending is not None


# ----- leaving: the answer is heard before the table closes ---------------------------------
def test_the_answer_to_leaving_is_heard_whole_before_the_table_closes(playing_mixer, seat):
    """"quit", "yes": the table stays until "Leaving the table" has played to its end (it
    used to close at once, cutting the answer off), nothing else is said first, the game is
    held meanwhile, and no frame waits for it."""
    from game.ui.scenes.table import LEAVE_WAIT_S
    from game.ui.voice_menus import ASK_LEAVE

    seat.frame()
    assert seat.say("quit") == ASK_LEAVE
    end = time.monotonic() + 30
    while not seat.voice.worker.rendered or seat.voice.busy:
        assert time.monotonic() < end, "the question was never heard"
        time.sleep(0.01)
        seat.frame()
    assert seat.say("yes") == "Leaving the table"
    actions = len(seat.c.events)
    yes_at = time.monotonic()
    playing: list[str] = []
    slowest = 0.0
    while not seat.scene.done:
        assert time.monotonic() - yes_at < LEAVE_WAIT_S + 2, "the table never closed"
        time.sleep(0.01)
        t0 = time.perf_counter()
        seat.frame()
        slowest = max(slowest, time.perf_counter() - t0)
        current = seat.voice._current
        if seat.voice._playing and current is not None:
            playing.append(current.utterance.text)
    took = time.monotonic() - yes_at
    reply = next(r for r in seat.voice.worker.rendered if r.utterance.text == "Leaving the table")
    assert set(playing) == {"Leaving the table"}, playing  # heard, and nothing else
    assert not seat.voice._playing  # ...to its end
    # (the mixer runs up to a buffer ahead of the sound card: its channel ends that early)
    assert took >= reply.seconds - 0.1, (took, reply.seconds)
    assert len(seat.c.events) == actions  # the game held as it stood
    assert slowest < 0.1, f"a frame took {slowest * 1000:.0f} ms"
