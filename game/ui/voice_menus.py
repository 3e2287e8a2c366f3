"""Menus, dialogs and rebuys by voice: what the table scene does with "next", "select",
"close", "rebuy five hundred" and "top up to a thousand".

A spoken move in a dialog is the key it stands for, fed to the dialog's own ``handle``: the
dialog cannot tell voice from the keyboard, so it needs no voice code of its own, and the
reply says where the selection now is (eyes-free, the player cannot see the menu).
Amounts said with a rebuy are checked against the table's buy-in limits first, so a refusal
names both limits and what this player may add.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .voice_link import CommandReply

if TYPE_CHECKING:
    from game.session.rules import HouseRules
    from voice.intents import Question

    from .scenes import Scene
    from .scenes.table import TableScene

#: A spoken move -> the key it stands for.  "next"/"previous" change the selected value
#: (a selector's choice, the history's hand step); "up"/"down" move between items.
KEYS: dict[str, int] = {
    "next": pygame.K_RIGHT,
    "previous": pygame.K_LEFT,
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "select": pygame.K_RETURN,
    "close": pygame.K_ESCAPE,
    "back": pygame.K_ESCAPE,
}

NO_MENU = "no menu is open: say options to open one"


def press(dialog: Scene, move: str, now: float) -> str:
    """Feed ``dialog`` the key ``move`` stands for; returns what is selected afterwards."""
    key = KEYS[move]
    dialog.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                     scancode=0), now)
    dialog.handle(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
                  now)
    if dialog.done:
        return "closed"
    return focus(dialog)


def focus(dialog: Scene) -> str:
    """What a dialog has selected, in words: a menu's item and value, a rebuy's amount."""
    from .scenes.options import OptionsScene
    from .scenes.rebuy import RebuyScene

    if isinstance(dialog, OptionsScene) and dialog.menu is not None:
        try:
            widget = dialog.menu.get_selected_widget()
        except Exception:  # noqa: BLE001 - a menu being rebuilt has no selection
            widget = None
        if widget is None:
            return ""
        title = " ".join(str(widget.get_title()).split())
        value = _value(widget)
        return f"{title}: {value}" if value and value != title else title
    if isinstance(dialog, RebuyScene):
        return f"add {dialog.amount:,}"
    return ""


def _value(widget: Any) -> str:  # Any: a pygame_menu widget (pygame_menu has no types)
    try:
        value = widget.get_value()
    except Exception:  # noqa: BLE001 - buttons and labels have no value
        return ""
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return str(value[0][0]).strip()  # a selector: ((label, value), index)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).strip()


def rebuy_limit_refusal(rules: HouseRules, stack: int, add: int) -> str | None:
    """The refusal for adding ``add`` chips to ``stack`` outside the table's buy-in limits,
    naming them; None when the amount is within them.

    >>> from game.session.rules import HouseRules
    >>> r = HouseRules()
    >>> rebuy_limit_refusal(r, 100, 5000)
    'the buy-in here is 200 to 1,000: you have 100, so add 100 to 900'
    >>> rebuy_limit_refusal(r, 100, 500) is None
    True
    """
    lo, hi = rules.min_buy_in, rules.max_buy_in
    if lo <= stack + add <= hi and add > 0:
        return None
    said = f"the buy-in here is {lo:,} to {hi:,}: you have {stack:,}"
    if stack >= hi:
        return said + ", the most there is"
    return said + f", so add {max(1, lo - stack):,} to {hi - stack:,}"


ASK_LEAVE = "Leave the table? Say yes to leave or no to stay."
#: "help" while watching the bots (a table with no seat for the player).
WATCHING_HELP = ("You are watching the bots. Say quit or back to go back to the start "
                 "screen, or options.")


class VoiceMenus:
    """The table scene's dialogs by voice: moves, "quit" and its "yes"/"no", and the amount
    said with a rebuy.  ``scene.dialog`` is the last dialog opened over the table."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def open_dialog(self) -> Scene | None:
        d = self.scene.dialog
        return None if d is None or d.done else d

    @property
    def watching(self) -> bool:
        """The table is one of bots being watched: nobody to sit back in."""
        return self.scene.c.human is None

    def handles(self, name: str) -> bool:
        """Whether this command is a move or "quit" ("back" with no dialog open is "I'm
        back": the player returning to the game; watching the bots, it is leaving)."""
        if name == "quit":
            return True
        return name in KEYS and (name != "back" or self.watching
                                 or self.open_dialog() is not None)

    def __call__(self, name: str) -> CommandReply:
        if name == "quit":
            return self.quit()
        dialog = self.open_dialog()
        if dialog is None and name == "back" and self.watching:
            return self.quit()  # back to the start screen, asking first as "quit" does
        if dialog is None:
            return CommandReply(NO_MENU, refused=True)
        return CommandReply(press(dialog, name, self.scene.now) or name)

    def quit(self) -> CommandReply:
        """"Quit" asks first, as Esc does: the leave dialog, answered by "yes" or "no"."""
        from .scenes.leave import LeaveScene

        if not isinstance(self.open_dialog(), LeaveScene):
            self.scene.push = self.scene.dialog = LeaveScene(self.scene)
        return CommandReply(ASK_LEAVE, asks=True)

    def question(self, q: Question) -> CommandReply | None:
        """Watching the bots, "help" says how to leave and what else works; the table's
        other questions are about the player's hand, and answered as such."""
        from voice.intents import QuestionKind

        if self.watching and q.kind is QuestionKind.HELP:
            return CommandReply(WATCHING_HELP)
        return None

    def answer(self, yes: bool) -> CommandReply | None:
        """A "yes" or "no" with no action waiting: it answers the leave dialog, if open."""
        from .scenes.leave import LeaveScene

        dialog = self.open_dialog()
        if not isinstance(dialog, LeaveScene):
            return None
        dialog.on_button("leave" if yes else "close", self.scene.now)
        return CommandReply("Leaving the table" if yes else "Staying")

    def rebuy_refusal(self, name: str) -> tuple[int | None, CommandReply | None]:
        """The chips to add for the rebuy being said (None: up to the maximum), or the
        refusal naming the limits when the amount is outside them."""
        scene = self.scene
        said = scene.hud.link.command if scene.hud is not None else None
        amount = said.amount if said is not None else None
        seat = scene.c.human
        if amount is None or seat is None:
            return None, None
        p = scene.c.table.players[seat]
        stack = p.stack if p is not None else 0
        add = amount - stack if name == "top_up" else amount
        rules = scene.c.table.rules
        limits = rebuy_limit_refusal(rules, stack, add)
        if limits is not None and rules.rebuys and not rules.freeze_out and not scene.c.in_hand:
            scene.notice = limits  # else the session's own reason comes first
            return add, CommandReply(limits, refused=True)
        return add, None
