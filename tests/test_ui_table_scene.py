"""The table scene against a real session: clicks and keys reach the engine as actions,
spectating plays whole hands, and every table size draws inside the window.

Headless (SDL_VIDEODRIVER=dummy); bots think on the thread host, sped up.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.engine.actions import Action
from game.engine.events import Acted
from game.session.events import TimedOut
from game.session.rules import HouseRules
from game.ui import layout
from game.ui.controller import Controller
from game.ui.scenes.table import TableScene
from game.ui.setup import build_table

SIZE = (1280, 800)


def make_scene(seats=4, spectate=False, seed=5, rules=None):
    rules = rules or HouseRules().replace(seats=seats, bots=("random:normal",))
    table, human, looks = build_table(rules, seats=seats, spectate=spectate, seed=seed)
    ctl = Controller(table, human=human, speed=1000.0, seed=seed)
    scene = TableScene(ctl, spectate=spectate, looks=looks)
    scene.resize(SIZE)
    return scene


class Clock:
    """Fake game time that moves fast, with real waits for the bot thread."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        self.t += 0.05
        return self.t


def run_until(scene, screen, cond, clock, limit=4000):
    """Step the scene until ``cond``; a rebuy dialog that pops up is answered "top up"."""
    for _ in range(limit):
        if cond():
            return True
        now = clock()
        scene.update(now, 1 / 120)
        scene.draw(screen, now)
        if scene.push is not None:
            dialog, scene.push = scene.push, None
            dialog.resize(SIZE)
            click = dialog.buttons["topup"].rect.center
            dialog.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=click), now)
            assert dialog.done, dialog.message
        time.sleep(0.0005)
    return cond()


def my_turn(scene):
    return scene.c.human_legal() is not None


def human_acts(scene):
    return [e for e in scene.c.events if isinstance(e, Acted) and e.seat == scene.c.human]


def test_clicking_a_button_applies_that_action_through_the_table(screen):
    scene = make_scene()
    clock = Clock()
    assert run_until(scene, screen, lambda: my_turn(scene), clock)
    la = scene.c.human_legal()
    before = len(human_acts(scene))
    name = "call"
    expected = Action.check() if la.can_check else Action.call()
    if la.can_call and la.to_call >= la.stack * 0.5:  # a guarded call: click twice
        name, expected = "fold", Action.fold()
    pos = scene.bar.buttons[name].rect.center
    t = clock() + 1.0  # past the misclick delay
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos), t)
    acts = human_acts(scene)
    assert len(acts) == before + 1
    assert acts[-1].action.kind == expected.kind


def test_keyboard_fold_applies_fold_through_the_table(screen):
    scene = make_scene(seed=11)
    clock = Clock()
    for _ in range(20):
        assert run_until(scene, screen, lambda: my_turn(scene), clock)
        if not scene.c.human_legal().can_check:
            break
        t = clock() + 1.0
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, unicode="c", mod=0), t)
    assert not scene.c.human_legal().can_check
    t = clock() + 1.0
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, unicode="f", mod=0), t)
    assert human_acts(scene)[-1].action == Action.fold()


def test_the_bar_is_disabled_when_it_is_not_the_humans_turn(screen):
    scene = make_scene(seed=3)
    clock = Clock()
    assert run_until(scene, screen, lambda: scene.c.in_hand and not my_turn(scene), clock)
    scene.draw(screen, clock())
    assert not any(scene.bar.enabled().values())


def test_the_bar_matches_the_tables_legal_actions_on_the_humans_turn(screen):
    scene = make_scene(seed=21)
    clock = Clock()
    for _ in range(8):
        assert run_until(scene, screen, lambda: my_turn(scene), clock)
        scene.draw(screen, clock())
        la = scene.c.table.legal()
        en = scene.bar.enabled()
        assert en["fold"] == la.can_fold
        assert en["call"] == (la.can_check or la.can_call)
        assert en["allin"] == la.can_all_in
        assert en["raise"] == (la.can_bet or la.can_raise)
        scene.c.submit(Action.check() if la.can_check else Action.call(), clock())


def test_spectating_plays_hands_face_up_and_keeps_every_chip(screen):
    scene = make_scene(seats=4, spectate=True, seed=2)
    scene.c.hands_limit = 3
    clock = Clock()
    seen_face_up = False

    def step():
        nonlocal seen_face_up
        snap = scene.snap
        if snap is not None and any(s.cards and "??" not in s.cards for s in snap.seats):
            seen_face_up = True
        return scene.c.finished

    assert run_until(scene, screen, step, clock, limit=20000)
    assert scene.c.hands_done == 3
    assert seen_face_up
    scene.c.table.check_chips()
    assert scene.bar.legal is None


def test_the_humans_opponents_cards_stay_face_down(screen):
    scene = make_scene(seed=8)
    clock = Clock()
    assert run_until(scene, screen, lambda: my_turn(scene), clock)
    snap = scene.snap
    for s in snap.seats:
        if s.is_human:
            assert s.cards and "??" not in s.cards
        elif s.cards:
            assert s.cards == ("??", "??")


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 800), (800, 520), (1920, 1080)])
def test_every_table_size_fits_the_window(screen, seats, size):
    lay = layout.compute(size, seats, human=0)
    plates = []
    for spot in lay.seats:
        r = pygame.Rect(0, 0, int(190 * lay.scale), int(62 * lay.scale))
        r.center = spot.plate
        assert pygame.Rect(0, 0, *size).contains(r), (seats, size, spot)
        assert r.bottom <= lay.bar.y
        plates.append(r)
    for i, a in enumerate(plates):
        for b in plates[i + 1 :]:
            assert not a.colliderect(b)


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_every_table_size_draws(screen, seats):
    scene = make_scene(seats=seats, seed=seats)
    clock = Clock()
    assert run_until(scene, screen, lambda: scene.c.in_hand, clock)
    scene.draw(screen, clock())
    assert scene.snap is not None and len(scene.snap.seats) == seats


def test_resizing_the_window_lays_the_table_out_again(screen):
    scene = make_scene()
    scene.resize((1920, 1080))
    assert scene.renderer.layout.size == (1920, 1080)
    assert scene.bar.rect.bottom == 1080


def test_pause_stops_the_bots_and_the_action_clock(screen):
    from game.ui.game_clock import PausableClock

    clock_src = [5000.0]
    game_clock = PausableClock(lambda: clock_src[0])
    rules = HouseRules().replace(bots=("random:normal",))
    table, human, looks = build_table(rules, seats=4, spectate=False, seed=17, clock=game_clock)
    c = Controller(table, human=human, speed=1000.0, seed=17)
    scene = TableScene(c, looks=looks)
    scene.resize(SIZE)
    clock = Clock()
    assert run_until(scene, screen, lambda: my_turn(scene), clock)
    before = table.clock_left()
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, unicode="p", mod=0),
                 clock())
    assert c.paused and game_clock.paused
    clock_src[0] += 120.0  # two minutes away from the table
    for _ in range(20):
        now = clock()
        scene.update(now, 1 / 120)
        scene.draw(screen, now)
    assert my_turn(scene)  # nobody acted for the human, nothing timed out
    assert table.clock_left().action_left == before.action_left
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, unicode="p", mod=0),
                 clock())
    assert not c.paused and not game_clock.paused


def test_escape_asks_before_leaving_and_y_leaves(screen):
    scene = make_scene(seed=19)
    ev = pygame.event.Event
    scene.handle(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0), 10.0)
    dialog = scene.push
    assert dialog is not None and not scene.done
    dialog.resize(SIZE)
    dialog.handle(ev(pygame.KEYDOWN, key=pygame.K_n, unicode="n", mod=0), 10.0)
    assert dialog.done and not scene.done
    scene.push = None
    scene.handle(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0), 10.0)
    scene.push.resize(SIZE)
    scene.push.handle(ev(pygame.KEYDOWN, key=pygame.K_y, unicode="y", mod=0), 10.0)
    assert scene.done


def test_escape_cancels_a_pending_all_in_before_anything_else(screen):
    scene = make_scene(seed=20)
    clock = Clock()
    assert run_until(scene, screen, lambda: my_turn(scene), clock)
    ev = pygame.event.Event
    t = clock() + 1.0
    scene.handle(ev(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0), t)
    assert scene.bar.pending is not None
    scene.handle(ev(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0), t)
    assert scene.bar.pending is None and scene.push is None


def test_when_the_clock_and_bank_run_out_the_table_checks_or_folds_for_the_human(screen):
    from game.engine.actions import ActionKind
    from game.ui.game_clock import PausableClock

    src = [1000.0]
    rules = HouseRules().replace(bots=("random:normal",))
    table, human, looks = build_table(rules, seats=3, spectate=False, seed=29,
                                      clock=PausableClock(lambda: src[0]))
    c = Controller(table, human=human, speed=1000.0, seed=29)
    scene = TableScene(c, looks=looks)
    scene.resize(SIZE)
    clock = Clock()
    assert run_until(scene, screen, lambda: my_turn(scene), clock)
    la = table.legal()
    src[0] += rules.action_seconds + rules.time_bank_seconds + 1
    now = clock()
    scene.update(now, 1 / 120)
    timed = [e for e in c.events if isinstance(e, TimedOut)]
    assert timed and timed[-1].seat == human
    act = human_acts(scene)[-1]
    assert act.action.kind is (ActionKind.CHECK if la.can_check else ActionKind.FOLD)
    assert scene.memory.last_action.get(human, "").startswith("Time:") or table.hand.is_over
