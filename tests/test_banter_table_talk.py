"""Bubbles and voices together: events in, lines out at once, audio later off-thread."""

from __future__ import annotations

import dataclasses
import random

from bots.banter import ChatLevel
from bots.personalities import PERSONALITIES, Voice
from bots.table_talk import TableTalk
from game.engine.actions import Action
from game.engine.cards import DECK
from game.engine.config import HandConfig
from game.engine.hand import Hand


def all_in_hand() -> Hand:
    top = ["Ah", "Ks", "Ad", "Kd"]
    hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000], button=0,
                deck=top + [c for c in DECK if c not in top])
    hand.apply(Action.all_in())
    hand.apply(Action.call())
    return hand


def cast(voice: Voice | None = None):
    maniac = PERSONALITIES["maniac"]
    if voice is not None:
        maniac = dataclasses.replace(maniac, voice=voice)
    return {0: maniac, 1: PERSONALITIES["lag"]}


def test_hand_events_give_bubbles_at_once_and_voices_later():
    audio = []
    talk = TableTalk(cast(), random.Random(3), ChatLevel.CHATTY, on_audio=audio.append)
    try:
        lines = talk.hand_events(all_in_hand().events, big_blind=10)
        assert lines, "an all-in for a 200-big-blind pot should earn a word at chatty"
        assert talk.speech.wait_idle(20)
    finally:
        talk.close()
    assert [r.utterance.tag for r in audio] == lines
    assert all(r.seconds > 0.2 for r in audio)


def test_voices_off_still_shows_bubbles():
    audio = []
    talk = TableTalk(cast(), random.Random(3), ChatLevel.CHATTY, voices=False,
                     on_audio=audio.append)
    lines = talk.hand_events(all_in_hand().events, big_blind=10)
    talk.close()
    assert lines and audio == []


def test_broken_speech_still_shows_bubbles():
    audio = []
    talk = TableTalk(cast(Voice("xx/not-a-voice", 170, 50)), random.Random(3),
                     ChatLevel.CHATTY, on_audio=audio.append)
    try:
        lines = talk.hand_events(all_in_hand().events, big_blind=10)
        assert talk.speech.wait_idle(20)
    finally:
        talk.close()
    maniac_lines = [ln for ln in lines if ln.personality == "maniac"]
    assert lines
    if maniac_lines:
        assert talk.speech.errors
    assert len(audio) == len(lines) - len(maniac_lines)


def test_three_human_wins_in_a_row_get_a_comment():
    now = [0.0]
    talk = TableTalk(cast(), random.Random(1), ChatLevel.CHATTY, voices=False,
                     clock=lambda: now[0])
    said = []
    for _ in range(10):  # ten streaks of three
        for i in range(3):
            now[0] += 30
            said.append((i, talk.human_result(human_seat=2, won=True)))
        talk.human_result(human_seat=2, won=False)
    talk.close()
    assert all(lines == [] for i, lines in said if i < 2)
    comments = [ln for i, lines in said if i == 2 for ln in lines]
    assert comments and all(ln.seat in (0, 1) for ln in comments)
