"""The start screen by voice: its choices said by name ("play", "spectate", "resume",
"options", "quit") or moved through ("move down", "select"), each choice said aloud as it
is selected — eyes-free, nobody sees which button is lit.

The start screen borrows the window's one voice link (``Launcher.voice_link``), so the
listener that hears "play" is the one that then hears "call" at the table: the microphone
is opened and the recognizer loaded once, before the first hand.  While a table is open
the table's HUD holds the link (a game, or bots watched: "quit" or "back" leaves them);
when the player leaves, the start screen takes it back.
"Quit" asks first, as leaving the table does: a misheard word must not end the game.

The start screen hears the player all the time, whatever the "Push to talk" setting (on by
default): Space selects a choice here, and a player who cannot use the keyboard must be
able to say "options" and turn push-to-talk off before the first game, or nothing they say
at the table is heard.  No bot talks here, and what the screen itself says mutes the
microphone while it is still to be heard (with "Talk over the bots" and an echo canceller,
the canceller is told what plays instead, as at the table).  At the table the setting
holds.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .voice_link import NO_SEAT, CommandReply
from .voice_menus import KEYS, press

if TYPE_CHECKING:
    from voice.intents import Question, TableKind

    from .scenes.start import StartScene
    from .seams import Narrator
    from .voice_link import VoiceLink, VoiceState

ASK_QUIT = "Quit the game? Say yes to quit or no to stay."
#: What the start screen shows under its buttons while the voice is on.
HINT = "Say play, spectate, options or quit · move up, move down, select · help"
HELP = ("On the start screen say play, spectate, resume, options or quit, "
        "or move up, move down and select.")
#: Said after :data:`HELP` while "Push to talk" is on: how to turn it off by voice (each
#: move in the options says where the selection is, so "until" can be followed by ear).
HELP_PUSH_TO_TALK = ("Push to talk is on: you are heard here always, but at the table only "
                     "while you hold Space. To turn it off, say options, say previous until "
                     "Voice and sound, move down until Push to talk, say next, then back.")
#: The voice's state, before anything is heard.
STATUS = {"starting": "Voice starting…", "listening": "Listening…"}
#: ...while "Push to talk" is on (the start screen listens all the same).
STATUS_PUSH_TO_TALK = ("Voice works here always; at the table only while Space is held — "
                       "or say options and turn Push to talk off")
NOT_HERE = "no game is open: say play to start one"

#: A spoken choice -> the start screen's item ("deal" and "start" are "play" here).
CHOICES: dict[str, str] = {
    "play": "play", "deal": "play", "spectate": "spectate", "resume": "resume",
    "options": "options",
}
#: A spoken move -> the change of selection (with no dialog open over the screen).
MOVES: dict[str, int] = {"down": 1, "next": 1, "up": -1, "previous": -1}


#: The longest the window stays open after "yes" to quitting, for "Goodbye" to be heard.
QUIT_WAIT_S = 5.0

#: Said once when the window opens with narration off (with it on, the screen says more).
GREETING = "Table Talk Hold'em. Say play to start, or help."


class StartVoice:
    """Hears the start screen's commands and says what is selected.

    ``link`` comes from ``link_for()`` each time the start screen takes the voice (the
    launcher rebuilds it when the options changed the engine or the microphone);
    ``speech()`` builds what speaks (a ``TableVoice`` with no bots), off the frame.
    """

    def __init__(self, scene: StartScene, link_for: Callable[[], VoiceLink | None],
                 speech: Callable[[], Narrator | None] | None = None,
                 narrate: Callable[[], bool] = lambda: False) -> None:
        self.scene = scene
        self.link_for = link_for
        self.speech = speech
        self.narrate = narrate
        self.link: VoiceLink | None = None
        self.speaker: Narrator | None = None
        self._building = False
        self._generation = 0  #: bumped by close: a speaker built for an older one is closed
        self._unsaid: list[str] = []  #: lines said before the speaker was built
        self.asking_quit = False
        self.said_focus: int | None = None  #: the item last said aloud
        self.greeted = False  #: the start screen has greeted the player this window
        self.last_reply = ""
        #: "yes" to "Quit the game?": the window closes once "Goodbye" has been heard
        #: (when that began; 0.0: from the next update)
        self.quitting_since: float | None = None

    # ----- taking the link --------------------------------------------------------------
    @property
    def active(self) -> bool:
        """The start screen is the player's: no table is open over it."""
        table = self.scene.table
        return table is None or bool(table.done)

    def attach(self) -> None:
        """Take the window's voice link back (at start, and after leaving a table)."""
        link = self.link_for()
        self.link = link
        self.asking_quit = False
        if link is None:
            return
        link.seat(NO_SEAT)
        link.set_hands_free(True)  # Space selects here: heard without it, whatever the setting
        link.drain()  # nothing said while a table of bots was watched opens a game now
        link.on_table_command = self.command
        link.on_dialog_answer = self.answer
        link.on_question = self.question
        link.menu_open = lambda: True  # the screen is a menu: its choices, moved through
        link.speak = self.say
        if self.speech is not None and self.speaker is None and not self._building:
            self._start_build()
        self.said_focus = self.scene.focus
        if self.narrate():
            self.say(f"Table Talk Hold'em. {self.label()} is selected: say select, "
                     "or the name of a choice.")
        elif not self.greeted:  # narration off: one line, so a player who cannot see the
            self.say(GREETING)  # screen still learns that it listens and what to say
        self.greeted = True

    def _build(self, generation: int) -> None:
        """Loads the speech engine off the frame (a slow import); no speech: text only."""
        assert self.speech is not None
        try:
            speaker = self.speech()
        except Exception:  # noqa: BLE001 - no speech: the screen and the HUD line remain
            speaker = None
        stale = generation != self._generation  # the screen let the voice go meanwhile
        if speaker is not None and stale:
            speaker.close()
        else:
            self.speaker = speaker
        if speaker is None:
            self._unsaid = []  # no speech here: the line under the buttons shows them
        self._building = False
        if stale and speaker is not None and self.link is not None:
            self._start_build()  # ...and took it back before this one was built

    def _start_build(self) -> None:
        self._building = True
        threading.Thread(target=self._build, args=(self._generation,), daemon=True,
                         name="start-speech").start()

    def say(self, line: str) -> None:
        """Speak ``line`` (kept until the speaker is built)."""
        self.last_reply = line
        if self.speaker is not None:
            self.speaker.say(line)
        elif self._building:
            self._unsaid = [*self._unsaid, line][-3:]

    @property
    def busy(self) -> bool:
        """Something said here is still to be heard (being built, queued or playing)."""
        speaker = self.speaker
        return self._building or bool(self._unsaid) or (speaker is not None and speaker.busy)

    def label(self) -> str:
        return str(self.scene.items[self.scene.focus][1])

    # ----- every update -----------------------------------------------------------------
    def update(self, now: float) -> None:
        if not self.active:
            if self.link is not None:  # the table's HUD has the link, its narrator the
                self.link.set_hands_free(False)  # mixer: nothing said here is left to say
                self.link = None                 # later, and bots watched are not heard
                self.close()
            return
        if self.link is None or self.link.on_table_command != self.command:
            self.attach()  # first, or the table that borrowed the link has let it go
        speaker = self.speaker
        if speaker is not None:
            if self.link is not None:  # talking over the game: the canceller's reference
                speaker.on_play = self.link.playing
            for line in self._unsaid:
                speaker.say(line)
            self._unsaid = []
            speaker.pump()
        if self.quitting_since is not None:  # the window closes when "Goodbye" is heard
            self.quitting_since = self.quitting_since or now
            if not self.busy or now - self.quitting_since > QUIT_WAIT_S:
                self.scene.quit = True
        if self.scene.focus != self.said_focus:  # moved by keys or mouse: say where to
            self.said_focus = self.scene.focus
            if self.narrate():
                self.say(self.label())
        link = self.link
        if link is not None:
            link.set_muted(self.busy)  # the microphone must not hear the game's own voice
            link.update(now)

    def close(self) -> None:
        speaker, self.speaker = self.speaker, None
        self._generation += 1
        self._unsaid = []
        if speaker is not None:
            speaker.close()

    # ----- what was said ------------------------------------------------------------------
    def command(self, kind: TableKind) -> CommandReply | None:
        name = kind.value
        scene = self.scene
        asked, self.asking_quit = self.asking_quit, False
        dialog = scene.dialog
        if dialog is not None and not dialog.done and name in KEYS:
            return CommandReply(press(dialog, name, 0.0) or name)  # options, by its keys
        if name == "quit":
            self.asking_quit = True
            return CommandReply(ASK_QUIT, asks=True)
        if name in MOVES:
            scene.focus = (scene.focus + MOVES[name]) % len(scene.items)
            self.said_focus = scene.focus
            return CommandReply(self.label())
        if name == "select":
            return self.choose(str(scene.items[scene.focus][0]))
        if name in CHOICES:
            return self.choose(CHOICES[name])
        self.asking_quit = asked and name not in ("back", "close")
        return CommandReply(NOT_HERE, refused=True)

    def choose(self, item: str) -> CommandReply:
        scene = self.scene
        names = [n for n, *_ in scene.items]
        if item not in names:
            return CommandReply("there is no game to resume: say play", refused=True)
        scene.focus = self.said_focus = names.index(item)
        label = self.label()
        scene.activate(item)
        notice = getattr(scene.launcher, "notice", "")
        if item == "resume" and scene.table is None and notice:
            return CommandReply(notice, refused=True)
        return CommandReply(f"{label}: opening" if item == "options" else label)

    def answer(self, yes: bool) -> CommandReply | None:
        """"yes"/"no" to "Quit the game?"."""
        if not self.asking_quit:
            return None
        self.asking_quit = False
        if yes:  # said whole before the window closes (:meth:`update`)
            self.quitting_since = 0.0
            return CommandReply("Goodbye")
        return CommandReply(f"Staying. {self.label()} is selected")

    def question(self, q: Question) -> CommandReply | None:
        """Help is the start screen's own; the table's questions wait for a table."""
        from voice.intents import QuestionKind

        if q.kind is QuestionKind.HELP:
            return CommandReply(self.help())
        if q.kind is QuestionKind.REPEAT:
            return CommandReply(self.last_reply or f"{self.label()} is selected")
        return CommandReply(NOT_HERE, refused=True)

    def help(self) -> str:
        """The start screen's spoken help, with how to turn push-to-talk off while it is on."""
        link = self.link
        if link is not None and link.push_to_talk_mode:
            return f"{HELP} {HELP_PUSH_TO_TALK}"
        return HELP

    def status_line(self) -> str:
        """The line under the buttons: what was heard and what it did, or how the voice is."""
        st = self.status()
        if st is None:
            return ""
        if st.heard:
            return f"“{st.heard}” → {st.prompt or st.refusal or st.resolved}"
        link = self.link
        if st.mode == "listening" and link is not None and link.push_to_talk_mode:
            return STATUS_PUSH_TO_TALK
        return STATUS.get(st.mode, st.notice or st.mode)

    def status(self) -> VoiceState | None:
        """The link's state for the screen (None: no voice)."""
        return None if self.link is None else self.link.state
