"""Pure parts of the window: settings file, narration sentences, frame statistics, the
dirty-tile presenter, bet presets and chip stacks."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame
import pytest

from game.engine.actions import Action, LegalActions
from game.engine.events import Acted, BoardDealt, HoleDealt, PotAwarded, Street
from game.ui import betting, chips
from game.ui.frame_stats import FrameStats, percentile
from game.ui.present import changed_tiles, dirty_rects
from game.ui.settings import SettingsError, UiSettings, load_settings, save_settings
from game.ui.talk import narrate, your_turn_sentence

# ----- settings ------------------------------------------------------------------------

def test_settings_round_trip_through_toml(tmp_path):
    s = UiSettings().replace(narration=True, chat_level=4, voice_engine="pocketsphinx")
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == (s, None)


def test_a_bad_settings_file_is_refused_naming_the_key_and_defaults_are_used(tmp_path):
    (tmp_path / "ui.toml").write_text('chat_level = 7\nvoice_engine = "auto"\n')
    s, err = load_settings(tmp_path)
    assert s == UiSettings()
    assert "chat_level = 7" in err and "allowed 0-4" in err


def test_unknown_setting_is_refused_with_the_known_ones():
    with pytest.raises(SettingsError, match="known settings are"):
        UiSettings().replace(volume=3)


def test_a_recognizer_outside_the_choices_is_refused():
    with pytest.raises(SettingsError, match="auto, vosk, whisper, pocketsphinx, off"):
        UiSettings(voice_engine="siri")


# ----- narration -----------------------------------------------------------------------

NAMES = {0: "you", 1: "Rocco", 2: "Tess"}.get


def test_narration_says_the_humans_cards_and_not_others():
    assert narrate(HoleDealt(0, ("Kh", "Kd")), NAMES, 0) == (
        "Your cards: king of hearts and king of diamonds. Pocket kings.")
    assert narrate(HoleDealt(1, ("Ah", "Ad")), NAMES, 0) is None


def test_narration_says_the_board_with_the_humans_hand():
    line = narrate(BoardDealt(Street.TURN, ("9c",)), NAMES, 0, ("Kh", "Kd"),
                   ("Kc", "7d", "2s", "9c"))
    assert line == "Turn: nine of clubs. You have three of a kind, kings."


def test_narration_says_every_action_with_its_amount():
    assert narrate(Acted(2, Action.call(), 40, False), NAMES, 0) == "Tess calls 40."
    assert narrate(Acted(0, Action.bet(100), 100, True), NAMES, 0) == "You bet 100, all in."
    assert narrate(Acted(1, Action.fold(), 0, False), NAMES, 0) == "Rocco folds."


def test_a_completion_is_said_and_labelled_as_one():
    """docs/RULES.md 3.6: completing a short all-in bet is not a raise."""
    from game.ui.tracker import action_label

    done = Acted(2, Action.raise_to(50), 37, False, completion=True)
    assert narrate(done, NAMES, 0) == "Tess completes to 50."
    assert narrate(Acted(0, Action.raise_to(50), 37, False, True), NAMES, 0) == \
        "You complete to 50."
    assert action_label(done) == "Complete to 50"


def test_narration_says_who_won_with_what():
    from game.engine.evaluator import evaluate

    e = PotAwarded(0, 300, (1,), (300,), evaluate("AhAd9c9s2h"))
    assert narrate(e, NAMES, 0) == "Rocco wins 300 with two pair, aces and nines."
    e = PotAwarded(1, 80, (0,), (80,))
    assert narrate(e, NAMES, 0) == "You win the side pot of 80."


def test_narration_says_the_humans_blinds():
    from game.engine.events import ForcedBet

    assert narrate(ForcedBet(0, "big blind", 10, False), NAMES, 0) == (
        "You post the big blind, 10.")
    assert narrate(ForcedBet(1, "big blind", 10, False), NAMES, 0) is None


def test_your_turn_names_the_amount_to_call():
    assert your_turn_sentence(0, 90, True) == "Your turn: you can check, the pot is 90."


# ----- frame statistics & presenting ------------------------------------------------------

def test_frame_stats_report_has_the_contract_fields():
    s = FrameStats(startup_ms=321.0)
    for _ in range(99):
        s.add(1 / 60, 0.004)
    s.add(0.05, 0.03)
    rep = s.report()
    for k in ("frames", "seconds", "fps_mean", "frame_ms_p50", "frame_ms_p99", "startup_ms"):
        assert k in rep
    assert rep["frames"] == 100 and rep["frame_ms_p50"] == pytest.approx(16.67, abs=0.01)
    assert rep["frame_ms_p99"] == pytest.approx(16.67, abs=0.01)  # 1 slow frame in 100
    assert percentile([5, 1, 3], 100) == 5


def test_changed_tiles_find_every_changed_pixel():
    rng = np.random.default_rng(3)
    a = rng.integers(0, 2**32, (203, 331), dtype=np.uint32)
    for _ in range(30):
        b = a.copy()
        y, x = int(rng.integers(0, 203)), int(rng.integers(0, 331))
        b[y, x] ^= 1
        tiles = changed_tiles(b, a, 32)
        assert tiles.sum() == 1 and tiles[x // 32, y // 32]


def test_dirty_rects_cover_exactly_the_changed_tiles():
    m = np.zeros((5, 3), bool)
    m[0, 0] = m[1, 0] = m[4, 2] = True
    rects = dirty_rects(m, 32, (150, 90))
    assert [tuple(r) for r in rects] == [(0, 0, 64, 32), (128, 64, 22, 26)]


def test_presenter_sends_nothing_for_an_unchanged_frame():
    from game.ui.present import Presenter

    pygame.display.init()
    screen = pygame.display.set_mode((320, 200))
    p = Presenter()
    screen.fill((10, 20, 30))
    p.present(screen)
    assert p.last_rects == -1  # the first frame goes whole
    p.present(screen)
    assert p.last_rects == 0
    screen.fill((200, 0, 0), (40, 40, 10, 10))
    p.present(screen)
    assert p.last_rects == 1


# ----- bet presets and chips -------------------------------------------------------------

def test_pot_presets_use_the_standard_pot_raise():
    la = LegalActions(0, 1000, 0, 100, 100, 250, 10, True, False, True, False, True,
                      200, 1000, 1000)
    # pot raise: call 100 -> pot 350 -> raise by 350 -> to 450
    assert betting.preset_amount(la, 1.0) == 450
    assert betting.preset_amount(la, 0.5) == 275
    assert betting.preset_amount(la, "all") == 1000
    assert betting.preset_amount(la, None) == 200


def test_pot_limit_presets_never_exceed_the_pot_limit():
    la = LegalActions(0, 5000, 0, 100, 100, 250, 10, True, False, True, False, True,
                      200, 450, 5000)
    assert betting.preset_amount(la, 1.0) == 450
    assert betting.preset_amount(la, "all") == 450
    assert betting.sizing_action(la, 450) == Action.raise_to(450)


def test_chip_breakdown_adds_up():
    for amount in (1, 7, 99, 1265, 4000):
        assert sum(d * n for d, n in chips.breakdown(amount, max_chips=10**6)) == amount


# ----- sounds and a dead bot process ---------------------------------------------------------

def test_sounds_play_panned_and_are_silent_without_audio(monkeypatch):
    from game.ui.sound import Sounds, pan

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    s = Sounds.start()
    s.your_turn()
    s.play("chips", x=100, width=1000)
    assert set(s.bank) >= {"your_turn", "chips", "card", "win"} or not s.enabled
    left, right = pan(100, 1000)
    assert left > right
    muted = Sounds.start(mute=True)
    assert not muted.enabled
    muted.your_turn()  # no audio, no error


def test_a_dead_bot_process_falls_back_to_a_thread():
    from game.session.rules import HouseRules
    from game.ui.controller import Controller
    from game.ui.setup import build_table

    table, human, _ = build_table(HouseRules().replace(bots=("random:normal",)), seats=3,
                                  spectate=True, seed=3)
    c = Controller(table, human=None, speed=1000.0, seed=3)

    from concurrent.futures import Future

    started: Future = Future()
    started.set_result(True)

    class Dead:
        ready = started

        def decide(self, seat, view):
            from concurrent.futures.process import BrokenProcessPool

            raise BrokenProcessPool("the bot process died")

        def observe(self, events):
            pass

        def close(self):
            pass

    c.host = Dead()
    import time

    t = 0.0
    while c.hands_done < 1:
        t += 0.05
        c.update(t)
        time.sleep(0.0005)
    assert "restarted on a thread" in c.message or c.hands_done == 1
    table.check_chips()
    c.close()


# ----- what the table shows ---------------------------------------------------------------

def test_side_pots_appear_once_the_bets_are_gathered():
    import random

    from game.engine.config import HandConfig
    from game.engine.deck import shuffled_deck
    from game.engine.hand import Hand
    from game.ui.snapshot_builder import collected_pots

    hand = Hand(HandConfig.no_limit(5, 10), [100, 400, 400], button=0,
                deck=shuffled_deck(random.Random(1)))
    assert collected_pots(hand) == ()  # blinds in front of the players are no pot yet
    hand.apply(Action.all_in())  # button shoves 100
    hand.apply(Action.raise_to(300))  # small blind raises
    assert collected_pots(hand) == ()  # an uncalled raise is not a side pot
    hand.apply(Action.call())  # big blind calls 300: the street ends
    assert collected_pots(hand) == (300, 400)  # main 3 x 100, side 2 x 200


def test_hand_words_before_and_after_the_flop():
    from game.ui.snapshot_builder import hand_words

    assert hand_words(("Qs", "Qd"), ()) == "pocket queens"
    assert hand_words(("9h", "Tc"), ()) == "ten-nine"
    assert hand_words(("9h", "Tc"), ("Jd", "Qs", "Kh")) == "straight, king high"
    assert hand_words(("??", "??"), ()) == ""


def test_dirty_rects_cover_the_changed_tiles_and_nothing_else():
    rng = np.random.default_rng(11)
    for _ in range(200):
        nx, ny = int(rng.integers(1, 12)), int(rng.integers(1, 9))
        m = rng.random((nx, ny)) < 0.35
        w, h = nx * 8 - int(rng.integers(0, 8)), ny * 8 - int(rng.integers(0, 8))
        painted = np.zeros((nx, ny), int)
        for r in dirty_rects(m, 8, (w, h)):
            for tx in range(r.x // 8, (r.right + 7) // 8):
                for ty in range(r.y // 8, (r.bottom + 7) // 8):
                    painted[tx, ty] += 1
        assert ((painted > 0) == m).all()
        assert painted.max() <= 1  # no tile sent twice
