"""A whole session by voice alone, start screen to leaving, through the real recognizer.

Issue 25 asks for the whole session to be playable without a keyboard.  This plays it
through the game's own ``launch`` (the start screen, the launcher's one voice link, the
table with its bots in their own process, the journal in a data directory) with the
keyboard and mouse unplugged (pygame blocks their events from the first frame), and the
player's words going the real way:

    espeak-ng -> sox -> seeded noise floor -> SpeakingRoom (the sound card) -> the
    listener's thread (voice detector) -> PocketSphinx with the game's grammar -> parser
    -> the start screen / the table -> the session

The game starts from its defaults: "Push to talk" on (the start screen hears the player
all the same; at the table only while Space is held).  The player, as a blind player
would: hears the start screen and turns push-to-talk off by voice, as its help says —
"options", "previous" until "Section: Voice & sound", "move down" until "Push to talk:
on", "next" ("Push to talk: off"), "back"; then "move up" (it says "Spectate the bots"),
"select", and leaves the bots they watch with "back", "yes"; "play"; plays a hand ("call"
or "check", then "fold", "yes"); "deal me out", "deal" (a hand dealt without them, played
by the bots), "I'm back"; "quit", "yes" (leave the table); back on the start screen
"quit", "yes" — and the window closes.  The player speaks when the game is quiet: on
their turn and between hands (the next hand waits for "deal", as in
tests/test_eyes_free.py).  A misheard phrase is said again, then in other words, as in
tests/test_eyes_free.py; in the options the player goes by where each move's reply says
the selection is, not by a script.

The game narrates, as eyes-free play does: its start screen, replies and narration are
spoken through its own speech path (espeak-ng to a file, pygame.mixer playing it on SDL's
dummy audio driver, in real time) and the listener is muted while they play, so the
player speaks between the game's lines; said at a screen reader's pace (NARRATOR_WPM).

Played once per module (about 100 s here); each promise is then its own test.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from .speaking_room import (
    SpeakingRoom,
    answer_to_prompt,
    means_what_was_said,
    misheard_command,
    misheard_in_a_row,
    narration_idle,
    needs_voice_tools,
    speak_all,
)

VOICE = {"voice": "en-us", "wpm": 160, "noise_dbfs": -55}
SEED = 6
BOTS = ("station:normal", "station:normal")
#: The longest the session may take (it stops there, failed); a phrase's answer timeout.
MAX_SECONDS = 240.0
#: How fast the game speaks here (words a minute): as a practised screen-reader user
#: listens; the game says 175.
NARRATOR_WPM = 450
PHRASE_TIMEOUT = 20.0
#: Other words for a phrase misheard twice (a person rephrases; in the grammar too).
AGAIN = {"move down": "go down", "move up": "go up", "play": "start the game",
         "check": "i check", "call": "call it", "fold": "i fold", "yes": "confirm",
         "no": "cancel", "deal me out": "sit out", "i'm back": "sit in",
         "quit": "leave the table", "deal": "next hand", "back": "close"}
#: ...watching the bots, where "close" closes only a menu.
AGAIN_WATCHING = {"back": "leave the table"}
#: Moves in the options: the next one is chosen by where the selection is, not said again.
OPTION_MOVES = ("previous", "move down", "next", "back")
PHRASES = ["move down", "move up", "play", "call", "check", "fold", "yes", "no",
           "deal me out", "i'm back", "quit", "deal", "options", "previous", "next",
           "back", "select", *AGAIN.values(), *AGAIN_WATCHING.values()]

pytestmark = needs_voice_tools("the session by voice")


@dataclass
class Said:
    """One thing the player said, where, and what the game made of it."""

    text: str  #: the words spoken
    meant: str  #: the phrase they stand for ("i fold" means "fold")
    where: str  #: the scene on top when it was said
    heard: str = ""
    reply: str = ""
    prompt: str = ""
    at: float = 0.0  #: seconds into the session when it was said
    took: float = 0.0  #: seconds until the game's answer came back

    @property
    def understood(self) -> bool:
        return means_what_was_said(self.heard, self.text)


@dataclass
class Session:
    said: list[Said] = field(default_factory=list)
    events: list[tuple[int, object]] = field(default_factory=list)  #: (hand number, event)
    speakers: list[Any] = field(default_factory=list)  #: every TableVoice that spoke
    lines: list[str] = field(default_factory=list)  #: every line the game rendered to speech
    failure: str = ""
    seconds: float = 0.0
    frames: int = 0
    human: int | None = None
    push_to_talk_at_start: bool | None = None  #: the setting as the window opened
    push_to_talk_off: bool = False  #: turned off by voice (the options closed with it off)
    options_replies: list[str] = field(default_factory=list)  #: what each move said
    watched: bool = False  #: a table of bots was opened to watch
    left_watching: bool = False  #: ...and left, by voice
    #: at the table: Space needed (the link), and the running listener's detector
    space_needed_at_table: bool | None = None
    listener_push_to_talk_at_table: bool | None = None
    played_hand: int = 0  #: the hand the player acted in
    sat_out_at: int = 0  #: the hand number when sitting out took effect
    hands_without_me: list[int] = field(default_factory=list)
    back_at: int | None = None  #: the hand number when "I'm back" took effect
    left_table: bool = False
    left_hand: int = 0  #: the table's hand number when the player left
    left_stacks: tuple[int, ...] = ()
    chips_start: int = 0
    chips_left: int = 0
    quit_by_voice: bool = False
    #: the game's answer to leaving the table ("Leaving the table") and to quitting
    #: ("Goodbye") had been heard to its end when the table, and the window, closed
    leaving_heard: bool = False
    goodbye_heard: bool = False
    keys_blocked: bool = False
    resumable: bool = False  #: the start screen would offer "Resume last game"
    resumed: Any = None  #: (table, human, looks) rebuilt from the journal


class Player:
    """The blind player: listens until the game is quiet, then says the next thing."""

    def __init__(self, room: SpeakingRoom, clips: dict[str, Any], session: Session) -> None:
        self.room, self.clips, self.s = room, clips, session
        self.link: Any = None
        self.last = ("", "", "")  #: (heard, reply, prompt) of the last phrase handled
        self.answered = 0
        self.answered_before = 0
        self.waiting: Said | None = None
        self.since = 0.0
        self.quiet_until = 0.0
        self.retry: str | None = None
        self.acted = 0  #: actions the player has taken (by voice)
        self.t0 = time.monotonic()
        self.table: Any = None

    # ----- what the player can tell without looking ------------------------------------------
    def start_screen(self, app: Any) -> Any:
        from game.ui.scenes.start import StartScene

        return app.scenes[0] if app.scenes and isinstance(app.scenes[0], StartScene) else None

    def table_scene(self, app: Any) -> Any:
        from game.ui.scenes.table import TableScene

        return next((s for s in app.scenes if isinstance(s, TableScene) and not s.done
                     and s.leaving_at is None), None)  # not one saying goodbye

    def tries(self, meant: str) -> int:
        return misheard_in_a_row(self.s.said, meant)

    def quiet(self, app: Any) -> bool:
        """No speech of the game's left to hear (start screen's or table's)."""
        start = self.start_screen(app)
        table = self.table_scene(app)
        speakers = [start.voice.speaker if start is not None and start.voice else None,
                    table.narrator if table is not None else None]
        for sp in speakers:
            if sp is not None and not any(sp is x for x in self.s.speakers):
                self.s.speakers.append(sp)
        if start is not None and start.voice is not None and start.voice.busy:
            return False
        if table is None and start is not None and start.voice is not None \
                and start.voice.link is None:
            return False  # a table just closed: the start screen speaks on its next frame
        return all(narration_idle(sp) for sp in speakers)

    # ----- saying --------------------------------------------------------------------------------
    def say(self, meant: str, where: str, now: float) -> None:
        again = AGAIN_WATCHING if where == "watching" else AGAIN
        text = again.get(meant, meant) if self.tries(meant) >= 2 else meant
        said = Said(text, meant, where, at=now - self.t0)
        self.s.said.append(said)
        self.waiting, self.since = said, now
        self.answered_before = self.answered
        self.room.say(self.clips[text])

    def heard_back(self, now: float) -> bool:
        said = self.waiting
        assert said is not None
        if self.answered == self.answered_before and now - self.since < PHRASE_TIMEOUT:
            return False
        if self.answered > self.answered_before:
            said.heard, said.reply, said.prompt = self.last
        said.took = now - self.t0 - said.at
        if said.where == "options":
            self.s.options_replies.append(said.reply)
        if misheard_command(said) and said.meant not in OPTION_MOVES:
            self.retry = said.meant if self.tries(said.meant) < 3 else None
        self.waiting = None
        self.quiet_until = now + 0.3
        return True

    def next_phrase(self, app: Any) -> tuple[str, str] | None:
        """(what the player means to say, where) now, or None to wait."""
        s = self.s
        if self.link.state.prompt:  # "yes" only to what was meant; to a mishearing "no"
            return answer_to_prompt(s.said), "prompt"
        if self.retry is not None:
            phrase, self.retry = self.retry, None
            return phrase, "again"
        table = self.table_scene(app)
        if table is None:
            start = self.start_screen(app)
            if start is None or app.scene not in (start, start.dialog):
                return None
            if s.left_table:
                return "quit", "start screen"
            if not s.push_to_talk_off:
                return self.options_phrase(start), "options"
            if not s.left_watching:  # watch the bots first, and leave them by voice
                spectate = [n for n, *_ in start.items].index("spectate")
                return ("select" if start.focus == spectate else "move up"), "start screen"
            return "play", "start screen"
        c = table.c
        if c.human is None:  # the bots watched (or a mishearing chose Spectate): leave
            return "back", "watching"
        seat = c.table.players[c.human]
        la = c.human_legal()
        if la is not None:
            if self.acted == 0:
                return ("call" if la.can_call else "check"), "table"
            return "fold", "table"
        if not s.played_hand or not self.hand_over(s.played_hand):
            return None
        if not seat.sitting_out and not s.sat_out_at:
            asked = any(x.meant == "deal me out" and x.understood for x in s.said)
            return None if asked else ("deal me out", "table")  # asked: after this hand
        if c.in_hand:
            return None  # the bots' hand: the game talks; the player speaks between hands
        if seat.sitting_out and not s.hands_without_me:
            return "deal", "table"  # a hand without the player
        if seat.sitting_out:
            return "i'm back", "table"
        return "quit", "table"

    def options_phrase(self, start: Any) -> str:
        """Turning push-to-talk off, as the start screen's help says: each move's reply
        says where the selection is (:func:`game.ui.voice_menus.focus`), and the player
        goes by that — "previous" until the Voice & sound section, "move down" until
        "Push to talk", "next" while it is on, then "back"."""
        from game.ui.voice_menus import focus

        dialog = start.dialog
        if dialog is None or dialog.done:
            return "options"
        where = focus(dialog)  # what the last move's reply said (opening: the first item)
        if where.startswith("Push to talk"):
            return "next" if where.endswith(": on") else "back"
        if where.startswith("Section") and "Voice & sound" not in where:
            return "previous"
        return "move down"

    def hand_over(self, number: int) -> bool:
        from game.engine.events import HandEnded

        return any(n == number and isinstance(e, HandEnded) for n, e in self.s.events)

    # ----- every frame -----------------------------------------------------------------------
    def watch(self, app: Any) -> None:
        """What changed at the table since the last frame (the test's own record)."""
        s = self.s
        table = self.table_scene(app)
        start = self.start_screen(app)
        link = start.launcher.link if start is not None else None
        if s.push_to_talk_at_start is None and link is not None:
            s.push_to_talk_at_start = link.push_to_talk_mode
        if (link is not None and not link.push_to_talk_mode and start is not None
                and (start.dialog is None or start.dialog.done)):
            s.push_to_talk_off = True  # the options closed with it off
        if table is not None and table is not self.table:
            self.table = table
            c = table.c
            if c.human is None:
                s.watched = True
            else:  # the bots watched have their own hands: not recorded as the game's
                s.human = c.human
                s.chips_start = c.table.chips_in_play()
                c.listeners.append(lambda e: s.events.append((c.table.hand_number, e)))
                s.space_needed_at_table = link.needs_space if link is not None else None
                lst = link.listener if link is not None else None
                s.listener_push_to_talk_at_table = getattr(lst, "push_to_talk", None)
        if self.table is not None and self.table.c.human is None and self.table.done:
            s.left_watching = True
        if self.table is None or self.table.c.human is None:
            return
        c = self.table.c
        t = c.table
        acts = [e for _, e in s.events if type(e).__name__ == "Acted" and e.seat == c.human]
        if len(acts) > self.acted:
            self.acted = len(acts)
            s.played_hand = s.played_hand or t.hand_number
        seat = t.players[c.human]
        if seat.sitting_out and not s.sat_out_at:
            s.sat_out_at = t.hand_number
        if (s.sat_out_at and seat.sitting_out and t.hand is not None
                and t.hand_number > s.sat_out_at and c.human not in t.hand_seats
                and t.hand_number not in s.hands_without_me):
            s.hands_without_me.append(t.hand_number)
        if s.hands_without_me and not seat.sitting_out and s.back_at is None:
            s.back_at = t.hand_number
        if self.table.done and not s.left_table:
            s.left_table = True
            s.leaving_heard = self.table.narrator is not None and not self.table.narrator.busy
            s.left_hand = t.hand_number
            s.left_stacks = tuple(p.stack if p is not None else 0 for p in t.players)
            s.chips_left = t.chips_in_play()

    def __call__(self, app: Any) -> None:
        import pygame

        s = self.s
        s.frames += 1
        if not s.keys_blocked:  # unplug the keyboard and the mouse
            pygame.event.set_blocked([pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT,
                                      pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                                      pygame.MOUSEMOTION, pygame.MOUSEWHEEL])
            s.keys_blocked = True
        now = time.monotonic()
        start = self.start_screen(app)
        link = start.launcher.link if start is not None else None
        if link is not None and link is not self.link:
            self.link = link
            inner = link.handle_phrase

            def handled(text: str, *args: Any, **kw: Any) -> None:
                inner(text, *args, **kw)
                # read now: a scene taking the link over ("play") clears its state
                self.last = (text, link.last_reply, link.state.prompt)
                self.answered += 1

            link.handle_phrase = handled
        self.watch(app)
        if self.link is None:
            return
        if self.waiting is not None:
            if not self.heard_back(now):
                return
            last = s.said[-1]
            if not last.heard:
                s.failure = f"nothing came back for {last.text!r} within {PHRASE_TIMEOUT} s"
                app.running = False
                return
        last = s.said[-1] if s.said else None
        if (last is not None and last.meant == "yes" and last.where == "prompt"
                and last.understood and s.left_table and self.table_scene(app) is None
                and start is not None and start.quit and not s.quit_by_voice):
            s.quit_by_voice = True  # the window closes on this frame
            s.goodbye_heard = start.voice is not None and not start.voice.busy
        if now < self.quiet_until or self.room.speaking or not self.quiet(app):
            return
        lst = self.link.listener
        if lst is None or not lst.ready:
            return  # the recognizer is loading, or the detector still learning the room
        got = self.next_phrase(app)
        if got is not None:
            self.say(*got, now)


@pytest.fixture(scope="module")
def session(tmp_path_factory) -> Session:
    pytest.importorskip("pocketsphinx")
    pytest.importorskip("pyttsx3")
    import pygame

    if pygame.mixer.get_init():  # the game starts it, as it does for its speech
        pygame.mixer.quit()
    tmp = tmp_path_factory.mktemp("eyes_free_session")
    clips = speak_all(PHRASES, tmp, **VOICE)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLE_TALK_DATA_DIR", str(tmp / "data"))
        mp.setenv("XDG_CONFIG_HOME", str(tmp / "config"))
        mp.setenv("SDL_VIDEODRIVER", "dummy")
        # the game's speech is played: on SDL's dummy driver, which plays in real time
        # with no sound card, each line takes as long as it is and the listener is muted
        # meanwhile (the game must not hear itself); the player waits for each line
        mp.setenv("SDL_AUDIODRIVER", "dummy")
        # ...said at NARRATOR_WPM, a screen reader's pace, not the game's 175 (the session
        # would take three minutes); the same voice and path otherwise
        from bots.personalities import Voice
        from game.ui.talk import TableVoice

        mp.setattr(TableVoice, "narrator_voice",
                   lambda self: Voice("gmw/en-us", NARRATOR_WPM, 50))
        import game.ui.controller as controller_mod
        from game.session.rules import HouseRules
        from game.ui.main import launch
        from game.ui.settings import UiSettings, save_settings
        from voice.listener import Listener
        from voice.recognizers import open_recognizer

        # the game's defaults (push-to-talk on: the player turns it off by voice), with
        # the game narrated; no bots' voices, sounds or chat, as in test_eyes_free
        save_settings(UiSettings(voice_engine="pocketsphinx", narration=True,
                                 bot_voices=False, sounds=False, chat_level=0))
        assert UiSettings().push_to_talk  # the default this starts from
        room = SpeakingRoom(VOICE["noise_dbfs"], SEED)

        def open_listener(engine: str) -> Any:  # the microphone, as the setting opens it
            return Listener(lambda: open_recognizer(engine), source=room,
                            push_to_talk=True).start()

        s = Session()
        player = Player(room, clips, s)
        rules = HouseRules().replace(bots=BOTS, seats=len(BOTS) + 1)
        args = SimpleNamespace(seed=SEED, speed=3.0, hands=None, voice="pocketsphinx",
                               spectate=False, fullscreen=False, quit_after=MAX_SECONDS)
        # the player sets the pace between hands: the next hand waits for "deal" (as in
        # test_eyes_free; the game speaks while bots play, and the player between hands)
        mp.setattr(controller_mod, "BETWEEN_HANDS", 600.0)
        t0 = time.monotonic()
        try:
            launch(rules, args, started=time.perf_counter(), size=(1024, 640),
                   open_listener=open_listener, on_frame=player)
        finally:
            s.seconds = time.monotonic() - t0
            for sp in s.speakers:
                worker = getattr(sp, "worker", None)
                if worker is not None:
                    s.lines.extend(r.utterance.text for r in worker.rendered)
            if pygame.display.get_init():  # launch quits pygame, which plugs them back
                pygame.event.set_allowed(None)
        if not s.failure and not s.quit_by_voice:
            s.failure = f"the session did not end by voice within {MAX_SECONDS:.0f} s"
        from game.ui.setup import can_resume, resume_table

        s.resumable = can_resume()
        s.resumed = resume_table() if s.resumable else None
        print(transcript(s))
        print(f"session {s.seconds:.1f} s, {s.frames} frames")
        yield s


def transcript(s: Session) -> str:
    return "\n".join(f"  {x.at:6.1f} s +{x.took:4.1f} [{x.where}] said {x.text!r} heard {x.heard!r}"
                     f"{'' if x.understood else ' (MISHEARD)'} -> {x.reply!r}" for x in s.said)


# ----- the promises ------------------------------------------------------------------------------
def test_a_whole_session_start_screen_to_leaving_is_played_by_voice_alone(session):
    """Start screen (push-to-talk turned off) -> the bots watched and left -> a hand -> sit
    out -> back -> leave the table -> quit: every step by voice, with the keyboard and
    mouse unplugged, and the window closed by the last "yes"."""
    assert not session.failure, session.failure + "\n" + transcript(session)
    assert session.keys_blocked and session.quit_by_voice
    assert session.left_watching
    assert session.played_hand and session.hands_without_me and session.back_at is not None
    assert session.left_table
    assert session.seconds < MAX_SECONDS


def test_push_to_talk_on_by_default_is_turned_off_by_voice_before_playing(session):
    """The window opens with the game's default, push-to-talk on; the player turns it off
    in the start screen's options by voice, and the table then hears them without Space
    (the running listener switched, not reopened)."""
    assert session.push_to_talk_at_start is True
    assert session.push_to_talk_off, transcript(session)
    assert "Push to talk: off" in session.options_replies, session.options_replies
    assert session.options_replies[-1] == "closed"
    assert session.space_needed_at_table is False
    assert session.listener_push_to_talk_at_table is False


def test_the_bots_watched_are_left_by_voice(session):
    """"back" at a table of bots watched asks "Leave the table?", and "yes" leaves it."""
    from game.ui.voice_menus import ASK_LEAVE

    assert session.watched and session.left_watching
    asked = [x for x in session.said if x.where == "watching" and x.understood]
    assert asked and asked[-1].prompt == ASK_LEAVE, transcript(session)


def test_each_start_screen_choice_is_said_aloud_as_it_is_selected(session):
    moved = next(x for x in session.said if x.meant == "move up" and x.understood
                 and x.where == "start screen")
    assert moved.reply == "Spectate the bots"
    assert "Spectate the bots" in session.lines, session.lines
    assert any(line.startswith("Table Talk Hold'em. Play is selected") for line in session.lines)


def test_the_hand_was_played_by_voice_with_chips_conserved(session):
    from game.engine.events import Acted

    mine = [e for n, e in session.events if isinstance(e, Acted) and e.seat == session.human]
    assert mine, transcript(session)
    assert session.chips_left == session.chips_start


def test_deal_me_out_sits_the_player_out_of_a_hand_and_im_back_deals_them_in(session):
    assert session.sat_out_at and session.hands_without_me, transcript(session)
    assert session.back_at is not None and session.back_at >= session.hands_without_me[0]


def test_quit_asks_first_at_the_table_and_on_the_start_screen(session):
    from game.ui.start_voice import ASK_QUIT
    from game.ui.voice_menus import ASK_LEAVE

    quits = [x for x in session.said if x.meant == "quit" and x.understood]
    assert [x.prompt for x in quits[:1]] == [ASK_LEAVE], transcript(session)
    assert quits[-1].prompt == ASK_QUIT and quits[-1].where == "start screen"


def test_the_answers_to_leaving_and_quitting_are_heard_before_they_close(session):
    """"Leaving the table" and "Goodbye" had been said to their end when the table, and
    then the window, closed (they used to close at once, cutting the answer off)."""
    assert session.left_table and session.quit_by_voice, transcript(session)
    assert session.leaving_heard and session.goodbye_heard
    assert "Leaving the table" in session.lines and "Goodbye" in session.lines


def test_the_game_left_by_voice_is_saved_and_resumes_as_it_stood(session):
    assert session.resumable
    table, human, _looks = session.resumed
    assert human == session.human
    assert table.hand_number == session.left_hand
    if table.hand is None or table.hand.is_over:
        assert tuple(p.stack if p is not None else 0 for p in table.players) == \
            session.left_stacks
