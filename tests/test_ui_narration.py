"""Eyes-free play: with narration on, a played hand is spoken — rendered to audio files by
the bots' speech worker (espeak-ng through pyttsx3), without a sound card — and banter
shows as bubbles."""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest

from game.engine.actions import Action
from game.session.rules import HouseRules
from game.ui.controller import Controller
from game.ui.scenes.table import TableScene
from game.ui.settings import UiSettings
from game.ui.setup import build_table
from game.ui.talk import TableVoice

SIZE = (1280, 800)


def test_narration_speaks_the_humans_hand_to_audio_files(screen):
    pytest.importorskip("pyttsx3")
    rules = HouseRules().replace(bots=("random:normal",))
    table, human, looks = build_table(rules, seats=3, spectate=False, seed=31)
    c = Controller(table, human=human, speed=1000.0, seed=31)
    voice = TableVoice.start(UiSettings(narration=True, bot_voices=False, chat_level=4),
                             table, human, 31, spectate=False)
    if voice.worker is None:
        pytest.skip("no speech engine on this machine")
    scene = TableScene(c, looks=looks, narrator=voice)
    scene.resize(SIZE)
    t = 0.0
    while c.hands_done < 1:
        t += 0.05
        la = c.human_legal()
        if la is not None:
            c.submit(Action.check() if la.can_check else Action.call(), t)
        scene.update(t, 1 / 60)
        scene.draw(screen, t)
        voice.worker.wait_idle(timeout=20)  # at a player's pace: every line gets said
    assert voice.worker.wait_idle(timeout=60)
    spoken = [r.utterance.text for r in voice.worker.rendered]
    assert any(s.startswith("Your cards:") for s in spoken), spoken
    assert any(" wins " in s or " win " in s for s in spoken), spoken
    assert all(r.path.exists() and r.path.stat().st_size > 1000 for r in voice.worker.rendered)
    voice.close()
    c.close()


def test_banter_shows_as_a_bubble_at_the_speakers_seat(screen):
    rules = HouseRules().replace(bots=("maniac:normal",))
    table, human, looks = build_table(rules, seats=4, spectate=False, seed=5)
    c = Controller(table, human=human, speed=1000.0, seed=5)
    voice = TableVoice.start(UiSettings(narration=False, bot_voices=False, chat_level=4),
                             table, human, 5, spectate=False)
    scene = TableScene(c, looks=looks, narrator=voice)
    scene.resize(SIZE)
    said: list[int] = []
    original = scene.say
    scene.say = lambda seat, line: (said.append(seat), original(seat, line))
    t = 0.0
    while c.hands_done < 12 and not said:
        t += 0.05
        la = c.human_legal()
        if la is not None:
            c.submit(Action.fold() if la.can_call else Action.check(), t)
        if c.needs_rebuy:
            c.emit(c.table.top_up(c.human))
            c.needs_rebuy = False
        scene.update(t, 1 / 60)
        scene.draw(screen, t)
        time.sleep(0.0005)
    assert said, "no bot said anything in 12 hands at the chattiest level"
    assert all(s != human for s in said)
    assert said[-1] in scene.renderer.bubbles
    c.close()


def test_watching_the_bots_only_the_players_replies_are_spoken(screen):
    """A table of bots watched narrates nothing and no bot talks, but with narration on
    what the player says by voice is answered aloud ("Leave the table?")."""
    pytest.importorskip("pyttsx3")
    from game.ui.voice_menus import ASK_LEAVE

    rules = HouseRules().replace(bots=("maniac:normal", "maniac:normal", "lag:normal"))
    table, human, looks = build_table(rules, seats=3, spectate=True, seed=7)
    assert human is None
    c = Controller(table, human=None, speed=1000.0, seed=7)
    voice = TableVoice.start(UiSettings(narration=True, bot_voices=True, chat_level=4),
                             table, None, 7, spectate=True)
    if voice.worker is None:
        pytest.skip("no speech engine on this machine")
    assert not voice.narration and not voice.bot_voices
    scene = TableScene(c, spectate=True, looks=looks, narrator=voice)
    scene.resize(SIZE)
    t = 0.0
    while c.hands_done < 3:
        t += 0.05
        scene.update(t, 1 / 60)
    voice.say(ASK_LEAVE)
    assert voice.worker.wait_idle(timeout=30)
    assert [r.utterance.text for r in voice.worker.rendered] == [ASK_LEAVE]
    voice.close()
    c.close()
