"""Rebuying at the table: the dialog that opens when the human is out of chips, and
"rebuy" / "top up" said aloud (through the session, which refuses and says why)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..voice_link import CommandReply

if TYPE_CHECKING:
    from .rebuy import RebuyScene
    from .table import TableScene


class RebuyFlow:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.dialog: RebuyScene | None = None  #: the open rebuy dialog, if any
        self._offered = False  #: the dialog was opened for this bust already

    def dialog_scene(self) -> RebuyScene:
        """The rebuy dialog (dialogs.DIALOGS builds it through here)."""
        from .rebuy import RebuyScene

        scene = self.scene
        assert scene.c.human is not None  # a players-only dialog
        self.dialog = RebuyScene(scene.c, scene.c.human)
        if scene.narrator is not None:
            self.dialog.speak = scene.narrator.say  # its refusals are said, not only shown
        return self.dialog

    def update(self) -> None:
        """Open the dialog once when the human is busted and nothing else is open."""
        scene, c = self.scene, self.scene.c
        if c.needs_rebuy and scene.push is None and c.human is not None and not self._offered:
            self._offered = True
            scene.open("rebuy")
        if not c.needs_rebuy:
            self._offered = False

    def by_voice(self, name: str) -> CommandReply:
        """"Rebuy" / "top up" said between hands: top up to the maximum buy-in through the
        session (which refuses mid-hand, at the maximum, or in a freeze-out, and says why:
        its ``SessionError`` is the refusal the voice command says).  With an amount ("rebuy
        five hundred" adds 500, "top up to a thousand" makes 1,000) it is held to the buy-in
        limits first, and a refusal names them."""
        c = self.scene.c
        seat = c.human
        if seat is None:
            return CommandReply("you are watching: spectators do not rebuy", refused=True)
        p = c.table.players[seat]
        was_busted = p is not None and p.stack <= 0
        add, refused = self.scene.menus.rebuy_refusal(name)
        if refused is not None:
            return refused
        c.emit(c.table.top_up(seat) if add is None else c.table.rebuy(seat, add))
        c.needs_rebuy = False
        if self.dialog is not None:  # the dialog the spoken rebuy replaces
            self.dialog.done = True
            self.dialog = None
        p = c.table.players[seat]
        stack = p.stack if p is not None else 0
        verb = "Rebought" if was_busted or name == "rebuy" else "Topped up"
        return CommandReply(f"{verb} to {stack:,}")
