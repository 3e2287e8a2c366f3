"""Everything by voice at the table: menus and dialogs ("options", "down", "select",
"close"), leaving ("quit" asks first, "yes"/"no" answer), rebuys with an amount held to the
table's limits, "deal me out", and answers to questions shown in the HUD as well as said.

Phrases are fed as text (what the recognizer hands over) through the real parser, the
confirmation gate and the real table scene; dialogs are pushed as the app pushes them.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from game.session.rules import HouseRules
from game.ui.controller import Controller
from game.ui.hud import VoiceHud
from game.ui.scenes.leave import LeaveScene
from game.ui.scenes.options import OptionsScene
from game.ui.scenes.table import TableScene
from game.ui.setup import build_table
from game.ui.voice_link import VoiceLink
from game.ui.voice_menus import NO_MENU

SIZE = (1280, 800)

pytestmark = pytest.mark.usefixtures("screen")


class Seat:
    """The human at a real table between hands, with the voice HUD wired as in the game."""

    def __init__(self, seed: int = 3) -> None:
        rules = HouseRules().replace(bots=("random:normal",))
        self.table, self.human, looks = build_table(rules, seats=3, spectate=False, seed=seed)
        self.c = Controller(self.table, human=self.human, speed=1000.0, seed=seed)
        self.link = VoiceLink(self.c, "off")
        self.scene = TableScene(self.c, hud=VoiceHud(self.link), looks=looks)
        self.scene.resize(SIZE)
        self.dialogs: list = []
        self.t = 0.0

    def say(self, phrase: str) -> str:
        self.link.hear(phrase, 0.95)
        self.t += 0.05
        self.link.update(self.t)
        child, self.scene.push = self.scene.push, None
        if child is not None:  # what the app does with a pushed dialog
            child.resize(SIZE)
            self.dialogs.append(child)
        return self.link.last_reply

    @property
    def stack(self) -> int:
        return self.table.players[self.human].stack


@pytest.fixture
def seat():
    import pygame_menu.font

    # pygame-menu caches fonts across tests; one made before another module quit pygame's
    # font module (tests/test_ui_text_fit.py does) cannot draw any more
    pygame_menu.font._cache.clear()
    s = Seat()
    yield s
    s.c.close()


def test_options_opens_and_down_moves_through_the_menu_saying_each_item(seat):
    seat.say("options")
    menu = seat.dialogs[-1]
    assert isinstance(menu, OptionsScene)
    first = seat.link.last_reply
    moved = seat.say("down")
    assert moved and moved != first and not menu.done
    assert menu.menu.get_selected_widget().get_title().strip() in moved
    assert seat.say("up") != moved


def test_next_changes_the_selected_choice_and_close_shuts_the_menu(seat):
    seat.say("options")
    menu = seat.dialogs[-1]
    before = menu.tab
    said = seat.say("next")
    assert menu.tab != before and said.startswith("Section")
    assert seat.say("close") == "closed" and menu.done


def test_back_closes_an_open_menu_and_otherwise_means_im_back(seat):
    seat.say("options")
    assert seat.say("back") == "closed" and seat.dialogs[-1].done
    seat.say("sit out")
    assert seat.table.players[seat.human].sitting_out
    seat.say("back")
    assert not seat.table.players[seat.human].sitting_out


def test_menu_moves_with_no_menu_open_say_so(seat):
    for move in ("next", "previous", "up", "down", "select", "close"):
        assert seat.say(move) == NO_MENU
        assert seat.link.state.refusal == NO_MENU


class MenuToldListener:
    """A stand-in for the listener that keeps what it was told about menus."""

    level = 0.0

    def __init__(self) -> None:
        self.menus: list[bool] = []

    def poll(self) -> list[object]:
        return []

    def expect_confirmation(self, pending: bool) -> None:
        pass

    def expect_menu(self, menu_open: bool) -> None:
        self.menus.append(menu_open)


def test_the_recognizer_listens_for_menu_moves_only_while_a_menu_is_open(seat):
    seat.link.listener = told = MenuToldListener()
    seat.say("check")
    assert told.menus == [False]  # at the table: "move up" and the like are left out
    seat.say("options")
    seat.say("down")
    assert told.menus == [False, True]
    seat.say("close")
    seat.say("check")
    assert told.menus == [False, True, False]


def test_quit_asks_first_and_no_stays(seat):
    asked = seat.say("quit")
    assert isinstance(seat.dialogs[-1], LeaveScene)
    assert "yes" in asked and seat.link.state.prompt == asked
    assert seat.say("no") == "Staying"
    assert seat.dialogs[-1].done and not seat.scene.done


def test_quit_then_yes_leaves_the_table(seat):
    seat.say("leave the table")
    assert seat.say("yes") == "Leaving the table"
    assert seat.scene.done


def test_yes_with_nothing_to_confirm_and_no_dialog_says_so(seat):
    assert seat.say("yes") == "there is nothing to confirm"


def test_rebuy_with_an_amount_adds_it_within_the_limits(seat):
    seat.table.players[seat.human].stack = 100
    assert seat.say("rebuy five hundred") == "Rebought to 600"
    assert seat.stack == 600


def test_top_up_to_an_amount_makes_the_stack_that_amount(seat):
    seat.table.players[seat.human].stack = 300
    assert seat.say("top up to eight hundred") == "Topped up to 800"
    assert seat.stack == 800


def test_a_rebuy_beyond_the_limits_is_refused_naming_them(seat):
    seat.table.players[seat.human].stack = 300
    lo, hi = seat.table.rules.min_buy_in, seat.table.rules.max_buy_in
    reply = seat.say("rebuy five thousand")
    assert reply == (f"the buy-in here is {lo:,} to {hi:,}: you have 300, so add "
                     f"{max(1, lo - 300):,} to {hi - 300:,}")
    assert seat.link.state.refusal == reply and seat.stack == 300
    assert seat.say("top up to a hundred").startswith(f"the buy-in here is {lo:,} to {hi:,}")


def test_deal_me_out_sits_out(seat):
    seat.say("deal me out")
    assert seat.table.players[seat.human].sitting_out


def test_answers_to_questions_are_shown_in_the_hud_as_well_as_said(seat):
    seat.c.update(0.0)
    for _ in range(2000):  # until a hand is dealt to the human
        if seat.table.hand is not None and seat.table.engine_seat(seat.human) is not None:
            break
        seat.t += 0.05
        seat.c.update(seat.t)
    reply = seat.say("what are the blinds")
    assert reply.startswith("the blinds are") and seat.link.state.resolved == reply
    reply = seat.say("what are my odds")
    assert " percent against " in reply and seat.link.state.resolved == reply
    assert any(reply in line for line, _ in seat.scene.hud.messages())
