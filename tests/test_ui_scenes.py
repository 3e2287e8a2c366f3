"""Dialogs and screens driven headless: start screen, options, rebuy, history, stats, HUD.

Each test drives a scene with real pygame events and checks what reached the session or
the settings — the same way a player's clicks and keys do.
"""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine.actions import Action
from game.engine.events import HandEnded
from game.session.rules import HouseRules
from game.ui.controller import Controller
from game.ui.scenes.history import HistoryScene, RecordedHand, export_phh, step_lines
from game.ui.scenes.rebuy import RebuyScene
from game.ui.scenes.start import StartScene
from game.ui.scenes.stats import StatsScene, biggest_pots
from game.ui.setup import build_table

SIZE = (1280, 800)


def click(scene, pos, now=10.0):
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos), now)
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos), now)


def key(scene, k, unicode="", now=10.0):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0), now)


def controller(seed=4, seats=4, rules=None):
    rules = rules or HouseRules().replace(seats=seats, bots=("random:normal",))
    table, human, _ = build_table(rules, seats=seats, spectate=False, seed=seed)
    return Controller(table, human=human, speed=1000.0, seed=seed)


def play_hands(c, n):
    """Play ``n`` hands with the human checking or calling, bots on the thread host."""
    import time

    t = 0.0
    while c.hands_done < n:
        t += 0.05
        la = c.human_legal()
        if la is not None:
            c.submit(Action.check() if la.can_check else Action.call(), t)
        if c.needs_rebuy:
            c.emit(c.table.top_up(c.human))
            c.needs_rebuy = False
        c.update(t)
        time.sleep(0.0005)


# ----- start screen --------------------------------------------------------------------

class FakeLauncher:
    """Stands in for game.ui.main.Launcher: records which table the start screen asks for."""

    def __init__(self):
        self.rules = HouseRules()
        self.notice = ""
        self.asked: list[bool] = []

    def table_scene(self, spectate):
        self.asked.append(spectate)
        return SimpleNamespace(kind="table", spectate=spectate)


def test_start_screen_play_button_opens_a_table(screen):
    launcher = FakeLauncher()
    s = StartScene(launcher, can_resume=False)
    s.resize(SIZE)
    s.draw(screen, 0)
    click(s, s.buttons["play"].rect.center)
    assert launcher.asked == [False] and s.push.kind == "table"


def test_start_screen_keys_choose_spectate_and_quit(screen):
    launcher = FakeLauncher()
    s = StartScene(launcher, can_resume=False)
    s.resize(SIZE)
    key(s, pygame.K_s, "s")
    assert launcher.asked == [True]
    key(s, pygame.K_DOWN)
    key(s, pygame.K_DOWN)
    key(s, pygame.K_DOWN)
    key(s, pygame.K_RETURN)
    assert s.quit


def test_a_journaled_game_is_offered_and_resumed_exactly(screen, tmp_path, monkeypatch):
    from game.ui.main import Launcher

    monkeypatch.setenv("TABLE_TALK_DATA_DIR", str(tmp_path))
    args = SimpleNamespace(seed=21, speed=1000.0, hands=None, voice="off", spectate=False)
    launcher = Launcher(HouseRules().replace(bots=("random:normal",)), args)
    assert not StartScene(launcher).items[0][0] == "resume"
    scene = launcher.table_scene(spectate=False)
    c = scene.c
    c.bot_process = False  # bots on a thread: no process start-up in tests
    play_hands(c, 2)
    before = [p.stack if p else None for p in c.table.players]
    number = c.table.hand_number
    c.close()
    start = StartScene(launcher)
    assert start.items[0][0] == "resume"
    start.resize(SIZE)
    click(start, start.buttons["resume"].rect.center)
    resumed = start.push
    assert resumed.c.table.hand_number == number
    if resumed.c.table.hand is None or resumed.c.table.hand.is_over:
        assert [p.stack if p else None for p in resumed.c.table.players] == before
    resumed.c.table.check_chips()
    resumed.close()


# ----- options ---------------------------------------------------------------------------

def test_options_refuse_an_out_of_range_value_beside_the_field(screen, tmp_path):
    from game.ui.scenes.options import OptionsScene

    s = OptionsScene(HouseRules())
    s.tab = 1
    s.resize(SIZE)
    why = s.set_rule("big_blind", -5)
    assert why and "big_blind" in why
    assert s.rules.big_blind == HouseRules().big_blind  # the last good value stays
    assert "out of range" in s.errors["big_blind"].get_title()
    assert s.set_rule("big_blind", 20) is None
    assert s.rules.big_blind == 20
    assert "out of range" not in s.errors["big_blind"].get_title()
    s.draw(screen, 0)


def test_options_cover_every_house_rule_in_a_group(screen):
    from game.session.rules import RULE_FIELDS
    from game.ui.scenes.options import TABS, OptionsScene

    s = OptionsScene(HouseRules())
    seen = set()
    for i, _tab in enumerate(TABS):
        s.tab = i
        s.resize(SIZE)
        seen |= set(s.errors)
    missing = {f.name for f in RULE_FIELDS} - seen
    assert not missing


def test_every_option_help_line_fits_the_panel_whole(screen):
    from game.ui.scenes.options import TABS, OptionsScene

    s = OptionsScene(HouseRules())
    for i, _tab in enumerate(TABS):
        s.tab = i
        s.resize(SIZE)
        inner = s.menu.get_width(inner=True)
        wide = {name: label.get_width() for name, label in s.errors.items()
                if label.get_width() > inner}
        assert not wide, f"help wider than the {inner}px panel on tab {i}: {wide}"


def test_options_preset_loads_the_classic_limit_rules(screen):
    from game.ui.scenes.options import OptionsScene

    s = OptionsScene(HouseRules())
    s.resize(SIZE)
    s._preset(None, "Classic limit")
    assert s.rules == HouseRules.preset("Classic limit")


def test_options_save_writes_rules_and_settings(screen, tmp_path, monkeypatch):
    import game.session.rules as rules_mod
    from game.ui.scenes.options import OptionsScene

    monkeypatch.setattr(rules_mod, "user_rules_path",
                        lambda config_dir=None: tmp_path / "rules.toml")
    s = OptionsScene(HouseRules())
    s.resize(SIZE)
    s.set_rule("seats", 5)
    s._set_setting("narration", True)
    s._save()
    assert "seats = 5" in (tmp_path / "rules.toml").read_text()
    assert "narration = true" in (tmp_path / "ui.toml").read_text()


def test_options_menu_reacts_to_synthetic_keys_for_voice_navigation(screen):
    from game.ui.scenes.options import OptionsScene

    s = OptionsScene(HouseRules())
    s.resize(SIZE)
    first = s.menu.get_selected_widget()
    pygame.event.set_grab(False)
    s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="", mod=0,
                                test=True), 0)
    assert s.menu.get_selected_widget() is not first


def test_arrows_move_through_the_options_in_every_section(screen):
    """A section or preset other than the first is built by stepping its selector there,
    which reports a change; taken for the player's, it rebuilt the menu at every key and
    the selection never left the section's name (nor could voice, which sends keys)."""
    from game.ui.scenes.options import TABS, OptionsScene

    s = OptionsScene(HouseRules.preset("Classic limit"))  # a preset: its selector steps too
    s.resize(SIZE)
    for tab in TABS[1:]:
        key(s, pygame.K_RIGHT)  # the next section, rebuilt
        assert s.tab == TABS.index(tab)
        assert s.menu.get_selected_widget().get_id() == "section"
        key(s, pygame.K_DOWN)
        key(s, pygame.K_DOWN)
        assert s.menu.get_selected_widget().get_id() not in ("section", "preset"), tab
        assert s.tab == TABS.index(tab)
        key(s, pygame.K_UP)
        key(s, pygame.K_UP)
        assert s.menu.get_selected_widget().get_id() == "section"


# ----- rebuy -----------------------------------------------------------------------------

def test_rebuy_top_up_brings_the_stack_to_the_maximum(screen):
    c = controller()
    play_hands(c, 1)
    seat = c.human
    c.table.players[seat].stack = 300  # as if the human had lost chips
    d = RebuyScene(c, seat)
    d.resize(SIZE)
    d.draw(screen, 0)
    click(d, d.buttons["topup"].rect.center)
    assert d.done and c.table.players[seat].stack == c.table.rules.max_buy_in


def test_rebuy_refused_above_the_maximum_shows_the_sessions_reason(screen):
    c = controller()
    play_hands(c, 1)
    seat = c.human
    d = RebuyScene(c, seat)
    d.resize(SIZE)
    d.amount = 10**6
    d._refresh()
    click(d, d.buttons["rebuy"].rect.center)
    assert not d.done and "maximum buy-in" in d.message


def test_rebuy_amount_moves_with_arrows_within_the_limits(screen):
    c = controller()
    play_hands(c, 1)
    c.table.players[c.human].stack = 100
    d = RebuyScene(c, c.human)
    d.resize(SIZE)
    lo, hi = d.room()
    for _ in range(300):
        key(d, pygame.K_DOWN)
    assert d.amount == lo
    for _ in range(300):
        key(d, pygame.K_UP)
    assert d.amount == hi


# ----- history & stats --------------------------------------------------------------------

def recorded(c):
    t = c.table
    names = {s: p.name for s, p in enumerate(t.players) if p is not None}
    return RecordedHand(t.hand_number, list(c.events), names, c.human, t.hand,
                        [names[s] for s in t.hand_seats])


def test_history_steps_through_every_action_of_a_hand(screen):
    c = controller(seed=9)
    hands = []
    c.listeners.append(lambda e: isinstance(e, HandEnded) and hands.append(recorded(c)))
    play_hands(c, 3)
    assert len(hands) == 3
    h = HistoryScene(hands)
    h.resize(SIZE)
    lines = h.lines()
    assert h.step == len(lines) - 1
    assert any("wins" in line for line, _, _ in lines)
    key(h, pygame.K_HOME)
    assert h.step == 0
    key(h, pygame.K_RIGHT)
    assert h.step == 1
    key(h, pygame.K_UP)
    assert h.index == 1
    h.draw(screen, 0)


def test_history_exports_a_hand_as_phh_that_replays_to_the_same_stacks(screen, tmp_path):
    from game.phh.reader import loads

    c = controller(seed=12)
    hands = []
    c.listeners.append(lambda e: isinstance(e, HandEnded) and hands.append(recorded(c)))
    play_hands(c, 1)
    path = export_phh(hands[0], tmp_path)
    text = path.read_text()
    assert "actions" in text
    hist = loads(text)
    assert hist is not None


def test_step_lines_name_the_human_cards():
    c = controller(seed=13)
    hands = []
    c.listeners.append(lambda e: isinstance(e, HandEnded) and hands.append(recorded(c)))
    play_hands(c, 1)
    lines = [line for line, _, _ in step_lines(hands[0])]
    assert any(line.startswith("You are dealt") for line in lines)


def test_stats_show_biggest_pots_first(screen):
    c = controller(seed=14)
    hands = []
    chips = []
    c.listeners.append(lambda e: isinstance(e, HandEnded) and (
        hands.append(recorded(c)), chips.append((c.table.hand_number, e.stacks))))
    play_hands(c, 4)
    pots = biggest_pots(hands)
    assert [p[0] for p in pots] == sorted((p[0] for p in pots), reverse=True)
    s = StatsScene(c.table, chips, hands)
    s.resize(SIZE)
    s.draw(screen, 0)


def test_options_microphone_test_reports_its_status_without_blocking(screen):
    import time

    from game.ui.scenes.options import TABS, OptionsScene

    s = OptionsScene(HouseRules())
    s.tab = TABS.index("Voice & sound")
    s.resize(SIZE)
    t0 = time.perf_counter()
    s._toggle_mic_test()
    s.draw(screen, 0)
    assert time.perf_counter() - t0 < 1.0
    deadline = time.monotonic() + 10
    while s.mic_test.message.startswith("starting") and time.monotonic() < deadline:
        time.sleep(0.05)
    s.draw(screen, 0)
    assert s.mic_label.get_title() == s.mic_test.message[:90]
    assert 0.0 <= s.mic_test.level <= 1.0
    s.close()


def test_options_closed_at_the_table_apply_chat_and_voice_at_once(screen):
    from game.ui.scenes.table import TableScene
    from game.ui.settings import UiSettings
    from game.ui.talk import TableVoice

    c = controller(seed=23)
    voice = TableVoice.start(UiSettings(narration=False, bot_voices=False, chat_level=2),
                             c.table, c.human, 23, spectate=False)
    scene = TableScene(c, narrator=voice)
    scene.resize(SIZE)
    scene.open("options")
    opts = scene.push
    opts.resize(SIZE)
    opts._set_setting("chat_level", 0)
    opts._set_setting("narration", True)
    key(opts, pygame.K_ESCAPE)
    assert opts.done
    assert voice.narration is True
    assert voice.talk is not None and int(voice.talk.director.level) == 0
    voice.close()
    c.close()
