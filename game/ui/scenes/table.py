"""The table scene: the felt, the human's action bar, the voice HUD, and the events that
animate, narrate and sound while the controller plays the session.

The scene composes one helper per job: :class:`~.table_input.TableInput` (mouse and keys),
:class:`~.table_commands.VoiceCommands` (spoken table commands),
:class:`~.table_rebuy.RebuyFlow` (the rebuy dialog and a spoken rebuy),
:class:`~.table_narration.NarrationStart` (the narrator built after the first frames),
:class:`~.table_motion.TableMotion` (animation) and :class:`~.table_drawing.TableDrawing`
(drawing).  The dialogs it opens are listed in :mod:`.dialogs`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.events import HandEnded

from .. import layout
from ..action_bar import ActionBar
from ..animation import Animator
from ..controller import Controller
from ..snapshot import TableSnap
from ..table_view import TableRenderer
from ..tracker import SeatMemory
from ..voice_link import CommandReply
from ..voice_menus import VoiceMenus
from . import Scene
from .dialogs import BY_NAME
from .table_commands import OUT_OF_CHIPS, VoiceCommands
from .table_drawing import TableDrawing
from .table_input import TableInput
from .table_motion import TableMotion
from .table_narration import NarrationStart
from .table_rebuy import RebuyFlow

if TYPE_CHECKING:
    from bots.personalities import Look
    from voice.intents import TableKind

    from ..hud import VoiceHud
    from ..seams import Narrator
    from ..settings import UiSettings
    from ..sound import Sounds
    from .history import RecordedHand

__all__ = ["BUBBLE_SECONDS", "OUT_OF_CHIPS", "TableScene"]

#: Seconds a speech bubble stays up at speed 1.
BUBBLE_SECONDS = 4.0
#: The longest the table stays after the player leaves, for its answer to be heard.
LEAVE_WAIT_S = 8.0


class TableScene(Scene):
    """Plays a session in the window: ``human`` is the human's table seat, or None to watch."""

    def __init__(
        self,
        controller: Controller,
        *,
        spectate: bool = False,
        hud: VoiceHud | None = None,
        narrator: Narrator | None = None,
        sounds: Sounds | None = None,
        looks: dict[int, Look | None] | None = None,
        on_finish_quit: bool = False,
    ) -> None:
        self.c = controller
        self.spectate = spectate
        self.memory = SeatMemory()
        self.renderer = TableRenderer()
        self.bar = ActionBar()
        self.hud = hud
        self.narrator = narrator
        self.sounds = sounds
        self.looks = looks or {}
        self.on_finish_quit = on_finish_quit
        self.size = (0, 0)
        self.snap: TableSnap | None = None
        self.prev_snap: TableSnap | None = None
        self.now = 0.0
        self.notice = ""
        self.history_hands: list[RecordedHand] = []
        self.chip_history: list[tuple[int, tuple[int, ...]]] = []
        self._last_heard = ""
        self._frames = 0
        self.input = TableInput(self)
        self.commands = VoiceCommands(self)
        self.rebuy = RebuyFlow(self)
        self.menus = VoiceMenus(self)  # dialogs, leaving and rebuy amounts by voice
        self.dialog: Scene | None = None  #: the last dialog opened over the table
        #: when the player left, the table staying until its answer is heard (None: not)
        self.leaving_at: float | None = None
        #: the window's settings this table plays by (its options start from them: a
        #: setting changed on the start screen and not saved is not undone here); None:
        #: ui.toml's
        self.settings: UiSettings | None = None
        #: told the settings the table's options closed with, so the window keeps them
        #: for the next game too (set by the launcher)
        self.on_settings: Callable[[UiSettings], None] | None = None
        self.narration = NarrationStart(self)
        self.motion = TableMotion(self, controller.speed)
        self.drawing = TableDrawing(self)
        controller.listeners.append(self.on_event)

    @property
    def anim(self) -> Animator:
        return self.motion.anim

    @property
    def late_narrator(self) -> Callable[[], Narrator] | None:
        """Builds the narrator after the first frames (set by the launcher)."""
        return self.narration.factory

    @late_narrator.setter
    def late_narrator(self, factory: Callable[[], Narrator] | None) -> None:
        self.narration.factory = factory

    # ----- scene hooks ----------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.drawing.invalidate()
        if size == self.size and self.renderer.layout is not None:
            return  # a dialog closed: same window, nothing to lay out again
        self.size = size
        n = len(self.c.table.players)
        lay = layout.compute(size, n, human=self.c.human)
        self.renderer.set_layout(lay)
        self.bar.layout(pygame.Rect(lay.bar.as_tuple()), size)
        self.anim.clear()
        self.input.layout(size)
        if self.hud is not None:
            self.hud.layout(pygame.Rect(lay.hud.as_tuple()), size)
            link = self.hud.link
            link.on_table_command = self.table_command
            link.on_dialog_answer = self.menus.answer
            link.on_question = self.menus.question  # watching the bots: its own help
            link.menu_open = lambda: self.menus.open_dialog() is not None
            if self.narrator is not None:
                link.speak = self.narrator.say
                link.stop_line = self.narrator.barge_in

    def close(self) -> None:
        self.c.close()
        if self.narrator is not None:
            self.narrator.close()
        if self.hud is not None:
            self.hud.close()

    def handle(self, event: pygame.event.Event, now: float) -> None:
        self.input.handle(event, now)

    def apply_settings(self, settings: UiSettings) -> None:
        """Voice, sound and chat settings take effect at once (house rules next game):
        "Push to talk" switches the running listener's detector, as on the start screen."""
        self.settings = settings
        if self.hud is not None:
            self.hud.link.set_push_to_talk(bool(settings.push_to_talk))
        if self.on_settings is not None:
            self.on_settings(settings)
        n = self.narrator
        if n is not None:
            n.narration = bool(settings.narration) and not self.spectate
            n.bot_voices = bool(settings.bot_voices) and not self.spectate
            n.set_chat_level(int(settings.chat_level))
        if self.sounds is not None:
            if settings.sounds and not self.sounds.bank:
                from ..sound import Sounds

                self.sounds = Sounds.start(mute=self.spectate)
            else:
                self.sounds.enabled = bool(settings.sounds) and bool(self.sounds.bank)

    def table_command(self, kind: TableKind) -> CommandReply | None:
        """A spoken table command ("deal", "rebuy", "sit out", "pause", "options")."""
        return self.commands(kind)

    def open(self, name: str) -> None:
        """Open a dialog scene over the table (``dialogs.DIALOGS``; imported lazily)."""
        d = BY_NAME.get(name)
        if d is not None and not (d.players_only and self.c.human is None):
            self.push = self.dialog = d.build(self)

    def leave(self) -> None:
        """The player leaves the table (the leave dialog's "yes", by voice or key).  With
        the game's speech on, the table stays until what is said to the player now — the
        answer to leaving — has been heard whole (at most :data:`LEAVE_WAIT_S`), the game
        held as it stands meanwhile; the frame loop goes on.  Nothing else is said first:
        the narrator's waiting lines are dropped and the line playing is stopped."""
        narrator = self.narrator
        if narrator is None or self.leaving_at is not None:
            self.done = True
            return
        narrator.farewell()
        self.leaving_at = self.now

    def update(self, now: float, dt: float) -> None:
        self.now = now
        if self.leaving_at is not None:  # the game held; only the farewell is pumped
            narrator = self.narrator
            if (narrator is None or not narrator.busy
                    or now - self.leaving_at > LEAVE_WAIT_S):
                self.done = True
            self.narration.pump(now)
            if self.hud is not None:
                self.hud.update(now)
            return
        self.narration.update(self._frames)
        self.c.update(now)
        self.commands.update()  # a sit-out said during the player's hand, once it is over
        self.rebuy.update()
        if self.c.finished and self.on_finish_quit:
            self.quit = True
        self.narration.pump(now)
        if self.hud is not None:
            self.hud.update(now)
            heard = self.hud.link.state.heard
            if heard and heard != self._last_heard and self.c.human is not None:
                self.say(self.c.human, f"“{heard}”")
            self._last_heard = heard

    # ----- events ---------------------------------------------------------------------
    def on_event(self, e: object) -> None:
        self.memory.on_event(e)
        self.motion.on_event(e)
        if self.narrator is not None:
            self.narrator.on_event(e, self)
        if self.sounds is not None:
            self.sounds.on_event(e, self)
        if isinstance(e, HandEnded):
            self.chip_history.append((self.c.table.hand_number, tuple(e.stacks)))
            self._record_hand()

    def _record_hand(self) -> None:
        """Keep the finished hand for the history and stats screens (the last 50)."""
        from .history import RecordedHand

        t = self.c.table
        names = {s: p.name for s, p in enumerate(t.players) if p is not None}
        if self.c.human is not None:
            names[self.c.human] = "You"
        engine_names = [names.get(s, f"seat {s + 1}") for s in t.hand_seats]
        self.history_hands.append(RecordedHand(t.hand_number, list(self.c.events), names,
                                               self.c.human, t.hand, engine_names))
        del self.history_hands[:-50]

    def say(self, seat: int, line: str) -> None:
        """Show a speech bubble for ``seat`` (bots' banter, the human's recognised phrase)."""
        self.renderer.bubbles[seat] = (line, self.now + BUBBLE_SECONDS / max(0.5, self.c.speed))

    # ----- drawing --------------------------------------------------------------------
    def build_snapshot(self, now: float) -> TableSnap:
        return self.drawing.build_snapshot(now)

    def draw(self, surface: pygame.Surface, now: float) -> bool | None:
        self._frames += 1
        return self.drawing.draw(surface, now)
