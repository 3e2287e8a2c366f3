"""Spoken table commands ("deal", "rebuy", "sit out", "pause", "options") at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.session.events import WaitingForBigBlind

from ..voice_link import CommandReply

if TYPE_CHECKING:
    from voice.intents import TableKind

    from .table import TableScene

#: Said when the busted human asks for the next hand.
OUT_OF_CHIPS = "You are out of chips: say rebuy, or leave"
#: "resume" at the table ends a pause; the start screen's "resume" reopens a saved game.
NOT_PAUSED = "the game is not paused"
SPECTATE_FROM_START = "to watch the bots, say quit, then spectate on the start screen"
#: "Deal me out" said during the player's hand: they sit out from the next (RULES.md §6.5).
SIT_OUT_NEXT = "You will sit out from the next hand"
STAY_IN = "You stay in"
SAT_OUT = "You sit out from the next hand: say I'm back to play again"
SAT_IN = "You are back: dealt in from the next hand"
SAT_IN_AT_BIG_BLIND = "You are back: dealt in when the big blind reaches you"


class VoiceCommands:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        #: "deal me out" was said during the player's hand: done as soon as it ends
        self.sit_out_next = False

    def update(self) -> None:
        """Sit the player out once their hand is over, before the next is dealt."""
        c = self.scene.c
        seat = c.human
        if not self.sit_out_next or seat is None or c.table.in_hand(seat):
            return
        from game.session.errors import SessionError

        self.sit_out_next = False
        try:
            c.emit(c.table.sit_out(seat))
        except SessionError as e:
            self.scene.notice = str(e)

    def __call__(self, kind: TableKind) -> CommandReply | None:
        """Do a spoken table command.

        Returns a ``CommandReply`` when the command has something of its own to say — the
        rebuy's result or any refusal — so the player hears it with their eyes closed.
        """
        from game.session.errors import SessionError
        from game.wording import DEAL_IN_HAND

        scene, c = self.scene, self.scene.c
        name = kind.value
        seat = c.human
        if scene.menus.handles(name):  # a move in a dialog, or "quit"
            return scene.menus(name)
        try:
            if name in ("deal", "play"):  # "play" deals, as it starts a game
                if c.in_hand:
                    return CommandReply(DEAL_IN_HAND, refused=True)
                if seat is not None and c.human_busted:
                    return CommandReply(OUT_OF_CHIPS, refused=True)
                c.deal_soon()
            elif name in ("rebuy", "top_up"):
                return scene.rebuy.by_voice(name)
            elif name == "sit_out" and seat is not None:
                if c.table.in_hand(seat):  # "from the next hand", as at a real table
                    self.sit_out_next = True
                    return CommandReply(SIT_OUT_NEXT)
                c.emit(c.table.sit_out(seat))
                return CommandReply(SAT_OUT)
            elif name == "back" and seat is not None:
                if self.sit_out_next:
                    self.sit_out_next = False
                    return CommandReply(STAY_IN)
                events = c.table.sit_in(seat)
                c.emit(events)
                waits = any(isinstance(e, WaitingForBigBlind) for e in events)
                return CommandReply(SAT_IN_AT_BIG_BLIND if waits else SAT_IN)
            elif name == "pause":
                c.set_paused(not c.paused)
            elif name == "resume":
                if not c.paused:
                    return CommandReply(NOT_PAUSED, refused=True)
                c.set_paused(False)
            elif name == "spectate":
                return CommandReply(SPECTATE_FROM_START, refused=True)
            elif name == "options":
                scene.open("options")
        except SessionError as e:
            scene.notice = str(e)
            return CommandReply(str(e), refused=True)
        return None
