"""Eyes-free play, end to end: a whole hand played by voice alone, with nothing looked at.

The game is meant to be playable by voice alone without looking, every spoken phrase
becoming a validated action or a spoken reason.  This file plays it for real, with no
mock where the real part runs here:

    espeak-ng says the player's words -> sox makes them 16 kHz mono -> a seeded noise floor
    (a microphone never hears digital silence) -> the listener's worker thread (energy VAD,
    always listening) -> PocketSphinx with the game's grammar -> parser -> resolver /
    confirmation -> Controller.submit -> Table.act

inside the window's own game loop (``App.run``: fixed-step update, free render,
``SDL_VIDEODRIVER=dummy``), with a seeded table of calling stations and narration on.
The only stand-in is the sound card: :class:`SpeakingRoom` plays the clips into the
listener as the microphone would (100 ms chunks, paced in real time).

One session is played once per module (about 30-50 s) and each rule is then checked on
what happened, one test per promise: the hand is finished by voice with chips conserved
and every action spoken; narration said what the player needs (and the audio files are
real speech); questions are answered aloud without acting; refusals are spoken and change
nothing; "deal" starts the next hand.

The phrases, voice and noise level are in ``tests/data/eyes_free/script.json``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pytest

from .speaking_room import (
    RATE,
    SpeakingRoom,
    answer_to_prompt,
    last_asked,
    means_what_was_said,
    misheard_command,
    misheard_in_a_row,
    narration_idle,
    needs_voice_tools,
    noise,
    read_wav,
    speak_all,
    synthesize,
    write_wav,
)

DATA = Path(__file__).parent / "data" / "eyes_free"
#: a phrase the game spoke over, with nothing back this long after it was said, is said
#: again at once (the table's turn clock would fold the player before the full timeout)
SPOKEN_OVER_S = 4.0
SCRIPT = json.loads((DATA / "script.json").read_text("utf-8"))

pytestmark = needs_voice_tools("eyes-free play")


# ----- what happened ---------------------------------------------------------------------------
@dataclass
class Said:
    """One thing the player said and what the game made of it."""

    text: str  #: the words spoken
    hand: int  #: the table's hand number when it was said
    meant: str = ""  #: the script's phrase these words stand for ("i check" means "check")
    heard: str = ""  #: the recognizer's transcript ("" if nothing came back)
    reply: str = ""  #: what the game answered (shown and spoken)
    refusal: str = ""
    resolved: str = ""
    prompt: str = ""
    legal_before: Any = None  #: the human's LegalActions when it was said (None: not turn)
    stacks_before: tuple[int, ...] = ()
    stacks_after: tuple[int, ...] = ()
    pot_before: int = 0
    pot_after: int = 0
    acts_before: int = 0
    acts_after: int = 0

    @property
    def understood(self) -> bool:
        return means_what_was_said(self.heard, self.text)


@dataclass
class Session:
    said: list[Said] = field(default_factory=list)
    events: list[tuple[int, object]] = field(default_factory=list)  #: (hand number, event)
    spoken: list[Any] = field(default_factory=list)  #: bots.speech.Rendered, narration+replies
    dropped_lines: int = 0
    speech_errors: list[str] = field(default_factory=list)
    chips_start: int = 0
    chips_end: int = 0
    seconds: float = 0.0
    human: int = 0
    finished: bool = False
    failure: str = ""
    hand_started_by_voice: bool = False
    tts_dir: Path | None = None  #: where the narrator's audio files are (removed at the end)
    names: dict[int, str] = field(default_factory=dict)  #: table seat -> player's name
    muted_seconds: float = 0.0  #: how long the microphone was muted (the game speaking)

    def human_acts(self, hand: int | None = None) -> list[Any]:
        from game.engine.events import Acted

        return [e for n, e in self.events if isinstance(e, Acted) and e.seat == self.human
                and (hand is None or n == hand)]

    def lines(self) -> list[str]:
        return [r.utterance.text for r in self.spoken]


# ----- the player: listens to the narration, then speaks ---------------------------------------
class Player:
    """Decides what to say from what a blind player knows (the legal actions the voice
    path offers and what was just said), in the order the script asks for.

    Like a person, it says a misheard phrase again, then in other words
    (``SCRIPT["again"]``: "check" -> "i check", "no" -> "cancel"), and answers "no" to a
    "yes?" it did not mean."""

    def __init__(self, scene: Any, link: Any, room: Any, narrator: Any,
                 clips: dict[str, np.ndarray], session: Session, timeout: float) -> None:
        self.scene, self.c, self.link, self.room = scene, scene.c, link, room
        self.narrator = narrator
        self.clips = clips
        self.session = session
        self.timeout = timeout
        self.waiting: Said | None = None
        self.waiting_since = 0.0
        self.answered = 0  #: phrases the voice link has handled
        inner = link.handle_phrase

        def handled(*args: Any, **kw: Any) -> None:
            inner(*args, **kw)
            self.answered += 1

        link.handle_phrase = handled
        self.answered_before = 0
        self.asked: set[tuple[int, str]] = set()
        self.refused_check = False
        self.bet_done = False
        self.quiet_until = 0.0
        self.retry: str | None = None  #: the phrase (by its meaning) to say again
        #: the microphone was muted (the game spoke) while the phrase waited for an answer
        self.cut_by_mute = False
        self.last_frame = time.monotonic()

    def stacks(self) -> tuple[int, ...]:
        t = self.c.table
        if t.hand is not None:
            return tuple(t.hand.stacks)
        return tuple(p.stack if p is not None else 0 for p in t.players)

    def pot(self) -> int:
        h = self.c.table.hand
        return h.pot_total if h is not None and not h.is_over else 0

    def tries(self, meant: str) -> int:
        return misheard_in_a_row(self.session.said, meant)

    def words_for(self, meant: str) -> str:
        """The words to say: the phrase itself, on a second mishearing other words."""
        return SCRIPT["again"].get(meant, meant) if self.tries(meant) >= 2 else meant

    def say(self, meant: str, now: float) -> None:
        text = self.words_for(meant)
        s = Said(text, self.c.table.hand_number, meant=meant,
                 legal_before=self.c.human_legal(), stacks_before=self.stacks(),
                 pot_before=self.pot(), acts_before=len(self.session.human_acts()))
        self.session.said.append(s)
        self.waiting, self.waiting_since = s, now
        self.answered_before = self.answered
        self.cut_by_mute = False
        self.room.say(self.clips[text])

    def heard_back(self, now: float) -> bool:
        """The last phrase has been answered (or timed out): record what became of it."""
        s = self.waiting
        assert s is not None
        st = self.link.state
        waited = now - self.waiting_since
        spoken_over = (self.cut_by_mute and waited > SPOKEN_OVER_S and not self.room.speaking
                       and not getattr(self.link, "_muted", False))
        if self.answered == self.answered_before and waited < self.timeout and not spoken_over:
            return False
        if self.answered > self.answered_before:
            s.heard, s.reply = st.heard, self.link.last_reply
            s.refusal, s.resolved, s.prompt = st.refusal, st.resolved, st.prompt
        s.stacks_after, s.pot_after = self.stacks(), self.pot()
        s.acts_after = len(self.session.human_acts())
        if misheard_command(s) or (not s.heard and self.cut_by_mute):
            self.retry = s.meant if self.tries(s.meant) < 3 else None
        self.waiting = None
        self.quiet_until = now + 0.3
        return True

    def narration_idle(self) -> bool:
        """Nothing left to render, nothing playing (the player listens before speaking)."""
        return narration_idle(self.narrator)

    def next_phrase(self) -> str | None:
        """What the player means to say now (``say`` picks the words)."""
        c = self.c
        hand = c.table.hand_number
        if self.link.state.prompt:  # "yes" only to what the player meant; a mishearing: "no"
            return answer_to_prompt(self.session.said)
        if self.retry is not None:
            phrase, self.retry = self.retry, None
            return phrase
        la = c.human_legal()
        if la is not None:
            for q in SCRIPT["questions"]:  # once per hand, on the first turn
                if (hand, q) not in self.asked:
                    self.asked.add((hand, q))
                    return q
            if la.can_call and not self.refused_check:
                self.refused_check = True
                return "check"
            if la.can_check and la.can_bet and not self.bet_done:
                self.bet_done = True
                return "raise to two hundred"
            h = c.table.hand
            if self.bet_done and h is not None and len(h.board) >= 3:
                return "all in"
            return "call" if la.can_call else "check"
        if not c.in_hand and c.hands_done == 1 and hand == 1:
            return "deal"
        return None

    def __call__(self, app: Any) -> None:
        """Called by the game loop after every frame (the player's ears and mouth)."""
        now = time.monotonic()
        s = self.session
        if getattr(self.link, "_muted", False):
            s.muted_seconds += now - self.last_frame
            self.cut_by_mute = self.cut_by_mute or self.waiting is not None
        self.last_frame = now
        if self.waiting is not None:
            if not self.heard_back(now):
                return
            last = s.said[-1]
            if not last.heard and self.retry is None:  # not a word the game spoke over
                s.failure = f"nothing came back for {last.text!r} within {self.timeout} s"
                app.running = False
                return
        if self.c.table.hand_number >= 2:
            s.finished = True
            s.hand_started_by_voice = s.said[-1].meant == "deal"
            app.running = False
            return
        if now < self.quiet_until or self.room.speaking or not self.narration_idle():
            return
        if not self.link.listener.ready:
            return  # the recognizer is loading, or the detector still learning the room
        phrase = self.next_phrase()
        if phrase is not None:
            self.say(phrase, now)


def play_session(tmp: Path, room: Any = None, source: Any = None,
                 max_seconds: float | None = None) -> Session:
    """Seat the player with two calling stations and play a hand and a deal by voice.

    ``room`` speaks the player's clips (default: a :class:`SpeakingRoom` that is also the
    listener's audio source); ``source`` is what the listener reads (default: the room).
    """
    import game.ui.controller as controller_mod
    from game.session.rules import HouseRules
    from game.ui.app import App
    from game.ui.controller import Controller
    from game.ui.hud import VoiceHud
    from game.ui.scenes.table import TableScene
    from game.ui.settings import UiSettings
    from game.ui.setup import build_table
    from game.ui.talk import TableVoice
    from game.ui.voice_link import VoiceLink
    from voice.listener import Listener
    from voice.recognizers import open_recognizer

    cfg = SCRIPT["voice"]
    clips = speak_all([*SCRIPT["phrases"], *SCRIPT["questions"], *SCRIPT["again"].values()],
                      tmp, voice=cfg["voice"], wpm=cfg["wpm"], noise_dbfs=cfg["noise_dbfs"])

    seed = SCRIPT["seed"]
    rules = HouseRules().replace(bots=tuple(SCRIPT["bots"]))
    table, human, looks = build_table(rules, seats=len(SCRIPT["bots"]) + 1, spectate=False,
                                      seed=seed)
    assert human is not None
    session = Session(human=human, names={seat: p.name for seat, p in enumerate(table.players)
                                          if p is not None})
    ctl = Controller(table, human=human, speed=SCRIPT["speed"], seed=seed)
    link = VoiceLink(ctl, "off", confirm_seconds=float(rules.voice_confirm_seconds),
                     confirm_fraction=float(rules.voice_confirm_fraction), push_to_talk=False)
    if room is None:
        room = SpeakingRoom(cfg["noise_dbfs"], seed, pace=SCRIPT["pace"])
    link.listener = Listener(lambda: open_recognizer("pocketsphinx"), source=source or room,
                             push_to_talk=False).start()
    link.push_to_talk_mode = False
    link.state.mode = "listening"
    narrator = TableVoice.start(UiSettings(narration=True, bot_voices=False, chat_level=0),
                                table, human, seed, spectate=False)
    if narrator.worker is not None:
        narrator.worker.keep_files = True  # the files are checked after the game closes
        session.tts_dir = narrator.worker.out_dir
    scene = TableScene(ctl, hud=VoiceHud(link), narrator=narrator, looks=looks)
    ctl.listeners.append(lambda e: session.events.append((table.hand_number, e)))
    player = Player(scene, link, room, narrator, clips, session, timeout=20.0)
    app = App(size=(1024, 640))
    app.on_frame = player
    session.chips_start = table.chips_in_play()
    # the player sets the pace between hands: the next hand waits for "deal"
    saved = controller_mod.BETWEEN_HANDS
    controller_mod.BETWEEN_HANDS = 600.0
    t0 = time.monotonic()
    try:
        app.run(scene, max_seconds=max_seconds or SCRIPT["max_seconds"])
    finally:
        controller_mod.BETWEEN_HANDS = saved
        session.seconds = time.monotonic() - t0
        session.chips_end = table.chips_in_play()
        worker = narrator.worker
        if worker is not None:
            worker.wait_idle(timeout=20)
            session.spoken = list(worker.rendered)
            session.dropped_lines = worker.dropped
            session.speech_errors = list(worker.errors)
        if not session.finished and not session.failure:
            session.failure = (f"the session did not finish in "
                               f"{max_seconds or SCRIPT['max_seconds']} s")
    return session


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Session:
    pytest.importorskip("pocketsphinx")
    pytest.importorskip("pyttsx3")
    import pygame

    if pygame.mixer.get_init():  # an earlier test's mixer: here lines are rendered, not played
        pygame.mixer.quit()       # (test_the_hand_is_playable_with_the_narration_really_playing)
    tmp = tmp_path_factory.mktemp("eyes_free")
    session = play_session(tmp)
    print(transcript(session))  # shown by pytest when a test fails (or with -rA)
    print(misheard(session))
    yield session
    if session.tts_dir is not None:
        shutil.rmtree(session.tts_dir, ignore_errors=True)
    pygame.quit()


def transcript(session: Session) -> str:
    return "\n".join(f"  said {s.text!r} heard {s.heard!r}{'' if s.understood else ' (MISHEARD)'}"
                     f" -> {s.reply!r}" for s in session.said)


def misheard(session: Session) -> str:
    """How many phrases had to be said again (for the report: the recognizer's share)."""
    bad = [s for s in session.said if not s.understood]
    return f"{len(bad)} of {len(session.said)} phrases misheard: " + ", ".join(
        f"{s.text!r} as {s.heard!r}" for s in bad)


# ----- 1. a whole hand by voice alone ----------------------------------------------------------
def test_a_whole_hand_is_played_by_voice_alone_with_chips_conserved(played):
    from game.engine.events import HandEnded

    assert not played.failure, played.failure + "\n" + transcript(played)
    ended = [e for n, e in played.events if n == 1 and isinstance(e, HandEnded)]
    assert ended, "hand 1 never ended\n" + transcript(played)
    assert played.chips_end == played.chips_start
    assert sum(ended[0].net) == 0
    assert played.seconds < SCRIPT["max_seconds"]


def test_every_action_of_the_human_came_from_a_spoken_phrase(played):
    acts = played.human_acts(hand=1)
    assert acts, "the human never acted\n" + transcript(played)
    acting = [s for s in played.said if s.acts_after > s.acts_before]
    assert len(acting) == len(acts), transcript(played)
    assert all(s.acts_after - s.acts_before == 1 for s in acting)
    for s, act in zip(acting, acts, strict=True):
        assert s.legal_before is not None and s.legal_before.allows(act.action), (s, act)


def wrong_actions(session: Session) -> list[str]:
    """Every action that is not what the player meant: "call" must call, "check" check,
    "raise to two hundred" put in 200, "all in" go all in; "yes" does what it confirms (the
    last phrase before it that was not an answer); "no", questions and "deal" never act."""
    from game.engine.actions import ActionKind

    kinds = {"call": {ActionKind.CALL}, "check": {ActionKind.CHECK},
             "raise to two hundred": {ActionKind.BET, ActionKind.RAISE},
             "all in": {ActionKind.BET, ActionKind.RAISE, ActionKind.CALL}}
    acts = iter(session.human_acts())
    wrong = []
    for i, s in enumerate(session.said):
        if s.acts_after == s.acts_before:
            continue
        act = next(acts)
        meaning = s.meant
        if s.meant == "yes":
            asked = last_asked(session.said[:i])
            meaning = asked.meant if asked is not None else ""
        ok = act.action.kind in kinds.get(meaning, ())
        if meaning == "raise to two hundred":
            ok = ok and act.action.amount == 200
        if meaning == "all in":
            ok = ok and act.all_in
        if not ok:
            wrong.append(f"said {s.text!r} meaning {meaning!r}, heard {s.heard!r}, "
                         f"did {act.action} (paid {act.paid})")
    return wrong


def assert_hand_played_by_voice(s: Session) -> None:
    """The session finished with chips conserved; every action of hand 1 came from one
    spoken phrase and did what the player meant; hand 2 was dealt by voice."""
    assert not s.failure, s.failure + "\n" + transcript(s)
    assert s.chips_end == s.chips_start
    acts = s.human_acts(hand=1)
    assert acts and len([x for x in s.said if x.acts_after > x.acts_before]) == len(acts)
    assert not wrong_actions(s), "\n".join(wrong_actions(s)) + "\n" + transcript(s)
    assert s.hand_started_by_voice


def test_each_spoken_command_did_what_was_said(played):
    """No wrong action; "all in" waited for "yes" and then went all in."""
    assert not wrong_actions(played), "\n".join(wrong_actions(played))
    spoken = [s.meant for s in played.said]
    assert "all in" in spoken and "yes" in spoken, transcript(played)
    i = next(i for i, s in enumerate(played.said) if s.meant == "all in" and s.understood)
    jam = played.said[i]
    assert jam.acts_after == jam.acts_before
    assert "yes or no" in jam.prompt
    assert all(s.meant == "yes" for s in played.said[i + 1:] if s.acts_after > s.acts_before)
    assert played.human_acts(hand=1)[-1].all_in


def test_deal_starts_the_next_hand(played):
    assert played.finished, played.failure + "\n" + transcript(played)
    assert played.hand_started_by_voice


# ----- 2. narration ----------------------------------------------------------------------------
def test_narration_says_the_cards_the_board_the_turn_and_the_result(played):
    from game.engine.cards import card_name
    from game.engine.events import BoardDealt, HoleDealt, PotAwarded

    lines = played.lines()
    text = "\n".join(lines)
    hole = next(e for n, e in played.events if n == 1 and isinstance(e, HoleDealt)
                and e.seat == played.human)
    assert any(line.startswith("Your cards:") and all(card_name(c) in line for c in hole.cards)
               for line in lines), text
    for e in (e for n, e in played.events if n == 1 and isinstance(e, BoardDealt)):
        assert any(all(card_name(c) in line for c in e.cards) for line in lines), (e, text)
    for s in played.said:  # each turn was announced with what it costs
        la = s.legal_before
        if la is not None and s.hand == 1:
            want = (f"{la.to_call} to call" if la.can_call else "you can check")
            assert any(line.startswith("Your turn") and want in line for line in lines), (
                want, text)
    won = [e for n, e in played.events if n == 1 and isinstance(e, PotAwarded)]
    assert won and any((" wins " in line or " win " in line) and str(won[0].amount) in line
                       for line in lines), text
    assert played.dropped_lines == 0, f"{played.dropped_lines} narration lines were dropped"


def test_every_action_at_the_table_is_narrated(played):
    """Who did what, in the narrator's own words (``game.ui.talk.narrate``), for every action
    of the hand — the bots' included: eyes closed, this is how the player follows the hand."""
    from game.engine.events import Acted
    from game.ui.talk import narrate

    names = played.names
    lines = played.lines()
    for e in (e for n, e in played.events if n == 1 and isinstance(e, Acted)):
        want = narrate(e, lambda seat: names.get(seat, f"seat {seat + 1}"), played.human)
        assert want in lines, (want, lines)


def test_narration_is_rendered_to_real_speech(played):
    """The narrator's lines become audio (pyttsx3 save_to_file with espeak-ng): longer than
    0.3 s and well above silence."""
    assert played.spoken, f"nothing was rendered: {played.speech_errors}"
    first = next(r for r in played.spoken if r.utterance.text.startswith("Your cards:"))
    samples, rate = read_wav(first.path)
    assert len(samples) / rate > 0.3
    rms = float(np.sqrt(np.mean(samples ** 2))) / 32768
    assert rms > 0.01, f"{first.path} is nearly silent (RMS {rms:.4f})"
    stat = subprocess.run(["sox", str(first.path), "-n", "stat"], capture_output=True,
                          text=True).stderr
    length = float(next(x for x in stat.splitlines() if x.startswith("Length")).split()[-1])
    assert length == pytest.approx(len(samples) / rate, abs=0.01)


# ----- 3. questions ----------------------------------------------------------------------------
def test_questions_are_answered_aloud_without_acting(played):
    asked = [s for s in played.said if s.text in SCRIPT["questions"] and s.understood]
    assert {s.text for s in asked} == set(SCRIPT["questions"]), transcript(played)
    for s in asked:
        assert s.acts_after == s.acts_before and s.stacks_after == s.stacks_before, s
        assert s.reply and not s.refusal, s
        assert any(r.utterance.text == s.reply for r in played.spoken), (s.reply, played.lines())
    by = {s.text: s for s in asked}
    pot = by["what's the pot"]
    assert pot.reply == f"the pot is {pot.pot_before}"
    owe = by["how much to call"]
    la = owe.legal_before
    free = "nothing to call: you can check"
    assert owe.reply == (f"{la.to_call} to call" if la.to_call else free)
    mine = by["what do I have"]
    hole = next(e for n, e in played.events if n == mine.hand and type(e).__name__ == "HoleDealt"
                and e.seat == played.human)
    from game.engine.cards import card_name

    assert all(card_name(c) in mine.reply for c in hole.cards), mine.reply


# ----- 4. refusals -----------------------------------------------------------------------------
def test_check_facing_a_bet_is_refused_aloud_and_changes_nothing(played):
    refused = [s for s in played.said if s.meant == "check" and s.understood
               and s.legal_before is not None and s.legal_before.can_call]
    assert refused, "the player never faced a bet\n" + transcript(played)
    s = refused[0]
    assert s.refusal and s.reply == s.refusal, s
    assert s.acts_after == s.acts_before
    assert s.stacks_after == s.stacks_before and s.pot_after == s.pot_before
    assert any(r.utterance.text == s.reply for r in played.spoken), played.lines()


# ----- 6. the same hand through a real microphone (PulseAudio virtual source) ----------------
class PulseRoom:
    """Speaks into a private PulseAudio server's null sink ``vspk``; its monitor is the
    virtual microphone ``vmic`` that sounddevice records.  A noise loop
    plays underneath the whole time: a microphone never hears digital silence."""

    def __init__(self, tmp: Path, noise_dbfs: float, seed: int) -> None:
        self.tmp = tmp
        self.socket = tmp / "native"
        run = tmp / "run"
        run.mkdir(mode=0o700)
        (tmp / "vm.pa").write_text(
            f"load-module module-native-protocol-unix auth-anonymous=1 socket={self.socket}\n"
            "load-module module-null-sink sink_name=vspk\n"
            "load-module module-virtual-source source_name=vmic master=vspk.monitor\n"
            "set-default-sink vspk\nset-default-source vmic\n")
        self.env = {**os.environ, "XDG_RUNTIME_DIR": str(run), "HOME": str(tmp),
                    "PULSE_SERVER": f"unix:{self.socket}"}
        self.daemon = subprocess.Popen(
            ["pulseaudio", "-n", "-F", str(tmp / "vm.pa"), "--daemonize=no",
             "--exit-idle-time=-1", "--use-pid-file=no", "--disable-shm=yes"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while subprocess.run(["pactl", "info"], env=self.env, capture_output=True).returncode:
            if time.monotonic() > deadline or self.daemon.poll() is not None:
                self.close()
                raise RuntimeError("the PulseAudio virtual microphone did not start")
            time.sleep(0.1)
        floor = tmp / "floor.wav"
        write_wav(floor, noise(RATE * 120, noise_dbfs, seed))
        self.floor = self.play(floor)
        self._count = 0
        self._playing: subprocess.Popen | None = None

    def play(self, path: Path) -> subprocess.Popen:
        return subprocess.Popen(["paplay", "-d", "vspk", str(path)], env=self.env)

    def say(self, samples: np.ndarray) -> None:
        self._count += 1
        path = self.tmp / f"said-{self._count:02d}.wav"
        write_wav(path, samples)
        self._playing = self.play(path)

    @property
    def speaking(self) -> bool:
        return self._playing is not None and self._playing.poll() is None

    def close(self) -> None:
        for proc in (getattr(self, "floor", None), self._playing if hasattr(self, "_playing")
                     else None, self.daemon):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(5)
                except subprocess.TimeoutExpired:
                    proc.kill()


@pytest.fixture(scope="module")
def played_through_pulseaudio(tmp_path_factory, played) -> Session:
    missing = [t for t in ("pulseaudio", "paplay", "pactl") if shutil.which(t) is None]
    if missing:
        pytest.skip(f"the virtual microphone needs {', '.join(missing)} (apt-get install "
                    "pulseaudio pulseaudio-utils libasound2-plugins)")
    tmp = tmp_path_factory.mktemp("eyes_free_pulse")
    cfg = SCRIPT["voice"]
    try:
        room = PulseRoom(tmp, cfg["noise_dbfs"], SCRIPT["seed"])
    except (RuntimeError, OSError) as e:
        pytest.skip(f"pulseaudio could not start here: {e}")
    saved = os.environ.get("PULSE_SERVER")
    os.environ["PULSE_SERVER"] = room.env["PULSE_SERVER"]  # read by ALSA's pulse plugin
    try:
        from voice.audio import Microphone, MicrophoneError, input_devices

        try:
            if not input_devices(rescan=True):
                pytest.skip("PortAudio sees no input device on the virtual microphone")
        except MicrophoneError as e:
            pytest.skip(str(e))
        session = play_session(tmp, room=room, source=Microphone())
        print(transcript(session))
        print(misheard(session))
        yield session
        if session.tts_dir is not None:
            shutil.rmtree(session.tts_dir, ignore_errors=True)
    finally:
        room.close()
        if saved is None:
            os.environ.pop("PULSE_SERVER", None)
        else:
            os.environ["PULSE_SERVER"] = saved


@pytest.mark.slow
def test_the_same_hand_plays_through_a_real_microphone(played_through_pulseaudio, played):
    """paplay -> PulseAudio null sink -> virtual source -> sounddevice (voice.audio.Microphone)
    -> listener -> recognizer -> table: the hand is finished by voice, every action is what
    was said (a misheard command may ask "yes?" and be answered "no")."""
    assert_hand_played_by_voice(played_through_pulseaudio)


# ----- 7. with the narration really playing (and the microphone muted meanwhile) -------------
@pytest.fixture(scope="module")
def played_aloud(tmp_path_factory) -> Session:
    """The same script with pygame.mixer up on SDL's dummy audio driver, which plays in real
    time: each line takes as long as it is, and the listener is muted while it plays
    (the game must not hear itself).  Slow: the player waits for the narrator every time."""
    import pygame

    saved = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
    except pygame.error as e:
        pytest.skip(f"pygame.mixer cannot start on SDL's dummy audio driver: {e}")
    try:
        session = play_session(tmp_path_factory.mktemp("eyes_free_aloud"),
                               max_seconds=SCRIPT["max_seconds_aloud"])
        print(transcript(session))
        print(misheard(session))
        print(f"microphone muted {session.muted_seconds:.1f} s of {session.seconds:.1f} s")
        yield session
        if session.tts_dir is not None:
            shutil.rmtree(session.tts_dir, ignore_errors=True)
    finally:
        pygame.mixer.quit()  # other tests expect no mixer
        if saved is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = saved


@pytest.mark.slow
def test_the_hand_is_playable_with_the_narration_really_playing(played_aloud):
    """Every line is heard in full before the player speaks; the microphone is muted while
    the game talks; the hand is still finished by voice with no wrong action."""
    assert_hand_played_by_voice(played_aloud)
    assert played_aloud.muted_seconds > 1.0, "the microphone was never muted while the game spoke"


# ----- 5. the first words after the microphone opens ------------------------------------------
FIRST_WORDS = [("en", "call"), ("en-gb-x-rp", "all in")]


@pytest.mark.parametrize(("voice", "words"), FIRST_WORDS, ids=[f"{v}-{w}" for v, w in FIRST_WORDS])
def test_the_first_command_after_the_microphone_opens_is_not_a_wrong_action(tmp_path, voice,
                                                                             words):
    """Eyes-free, the first thing a player says is often their first action, heard before
    the recognizer has adapted to the room (PocketSphinx hears these first words as "fold"
    at high confidence).  Whatever was heard, the game does what was said, or nothing (not
    understood), or asks "yes?" first — never another action at once."""
    pytest.importorskip("pocketsphinx")
    from game.engine.actions import LegalActions
    from voice.confirm import ConfirmationGate, respond
    from voice.listener import Heard, Listener
    from voice.parser import parse
    from voice.recognizers import open_recognizer
    from voice.resolver import ResolveContext, resolve

    cfg = SCRIPT["voice"]
    clip = read_wav(synthesize(words, tmp_path / "first.wav", voice=voice, wpm=cfg["wpm"],
                               noise_dbfs=cfg["noise_dbfs"], seed=1))[0]
    room = SpeakingRoom(cfg["noise_dbfs"], seed=3, pace=8.0)
    listener = Listener(lambda: open_recognizer("pocketsphinx"), source=room).start()
    room.say(clip)
    heard: list[Heard] = []
    deadline = time.monotonic() + 30
    while not heard and time.monotonic() < deadline:
        heard = [e for e in listener.poll() if isinstance(e, Heard)]
        time.sleep(0.01)
    listener.stop()
    assert heard, f"nothing was heard for {words!r}"
    h = heard[0]
    facing = LegalActions(seat=0, stack=1000, committed=0, current_bet=40, to_call=40, pot=70,
                          big_blind=10, can_fold=True, can_check=False, can_call=True,
                          can_bet=False, can_raise=True, min_to=80, max_to=1000,
                          all_in_to=1000)
    clock = [0.0]
    got = respond(ConfirmationGate(clock=lambda: clock[0]), parse(h.text), facing,
                  context=ResolveContext(confidence=h.confidence))
    meant = resolve(parse(words), facing)  # the action the words mean (asked about or not)
    print(f"{voice} {words!r} heard {h.text!r} ({h.confidence}) -> {got.speech!r}")
    assert got.action is None or got.action == meant.action, (
        f"{voice} said {words!r}, heard {h.text!r} at confidence {h.confidence}: "
        f"the game would {got.action} at once")
