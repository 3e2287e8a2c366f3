"""Banter: lines per personality and event, variety, restraint, the chat-level slider."""

from __future__ import annotations

import random
from collections import Counter

from bots.banter import BanterDirector, ChatLevel, StreakTracker, Trigger, load_lines
from bots.banter_triggers import triggers_from_events
from bots.personalities import PERSONALITIES
from game.engine.actions import Action
from game.engine.cards import DECK
from game.engine.config import HandConfig
from game.engine.hand import Hand


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def table(level=ChatLevel.CHATTY, window=40, seed=1):
    clock = Clock()
    cast = {i: PERSONALITIES[k] for i, k in enumerate(("station", "rock", "tag", "maniac"), 1)}
    return BanterDirector(cast, random.Random(seed), level, clock=clock, window=window), clock


def session(director, clock, events=400, step=7.0, seed=2):
    rng = random.Random(seed)
    said = []
    for _ in range(events):
        clock.t += step
        line = director.react(rng.choice(list(Trigger)), rng.randint(0, 4))
        if line:
            said.append(line)
    return said


def test_every_personality_has_lines_for_every_trigger():
    lines = load_lines()
    for key in PERSONALITIES:
        for trig in Trigger:
            assert len(lines[key][trig.value]) >= 2, (key, trig)
            assert all(t.strip() for t in lines[key][trig.value])
    for trig in Trigger:
        assert lines["any"][trig.value]


def test_personalities_speak_in_their_own_words():
    lines = load_lines()
    assert not set(lines["maniac"]["big_pot_won"]) & set(lines["rock"]["big_pot_won"])


def test_no_line_is_repeated_within_the_session_window():
    director, clock = table(window=40)
    said = session(director, clock, events=600)
    texts = [line.text for line in said]
    assert len(texts) > 100
    for i in range(len(texts)):
        assert texts[i] not in texts[max(0, i - 39):i], f"repeated {texts[i]!r}"


def test_silence_is_chosen_over_repetition_when_lines_run_out():
    director, clock = table(window=10_000)
    said = []
    for _ in range(100):
        clock.t += 60
        line = director.react(Trigger.REBUY, 4)  # the maniac rebuys again and again
        if line:
            said.append(line.text)
    assert len(said) == len(set(said))
    assert len(said) <= len(load_lines()["maniac"]["rebuy"]) + len(load_lines()["any"]["rebuy"])


def test_rate_limit_holds_back_a_burst_of_events():
    director, clock = table(ChatLevel.CHATTY)
    burst = [director.react(Trigger.ALL_IN, seat) for seat in (1, 2, 3, 4, 1, 2)]
    assert sum(line is not None for line in burst) <= 1


def test_a_bot_does_not_talk_twice_in_a_row_too_soon():
    director, clock = table(ChatLevel.LIVELY)
    times = []
    for _ in range(300):
        clock.t += 1.0
        line = director.react(Trigger.BIG_POT_WON, 4)
        if line:
            times.append(line.at)
    assert all(b - a >= 12.0 for a, b in zip(times, times[1:], strict=False))


def test_chat_level_slider_goes_from_silent_to_chatty():
    counts = {}
    for level in ChatLevel:
        director, clock = table(level, seed=5)
        counts[level] = len(session(director, clock, events=500, step=3.0, seed=6))
    assert counts[ChatLevel.SILENT] == 0
    assert (counts[ChatLevel.QUIET] < counts[ChatLevel.NORMAL] < counts[ChatLevel.LIVELY]
            < counts[ChatLevel.CHATTY])
    assert counts[ChatLevel.QUIET] > 0


def test_chattier_personalities_talk_more():
    director, clock = table(ChatLevel.NORMAL, seed=9)
    director.cast = {1: PERSONALITIES["rock"], 2: PERSONALITIES["maniac"]}
    said = session(director, clock, events=2000, step=5.0, seed=10)
    by = Counter(line.personality for line in said)
    assert by["maniac"] > by["rock"]


def test_a_line_carries_the_speakers_voice_for_speech():
    director, clock = table()
    line = director.react(Trigger.BAD_BEAT, 2)
    assert line is not None and line.voice == PERSONALITIES["rock"].voice
    assert line.speaker == PERSONALITIES["rock"].name


def test_human_streak_is_commented_by_a_bot_not_the_human():
    director, clock = table()
    lines = []
    for _ in range(50):
        clock.t += 30
        lines.append(director.react(Trigger.HUMAN_STREAK, 0))
    seats = {line.seat for line in lines if line}
    assert seats and seats <= {1, 2, 3, 4}


def test_streak_fires_at_three_wins_in_a_row():
    s = StreakTracker()
    fired = [s.hand_result(w) for w in (True, True, True, True, True, False, True)]
    assert fired == [False, False, True, False, True, False, False]


def _deck(holes: list[str], board: str) -> list[str]:
    """Heads-up deck (button deals itself first): holes[0] for seat 0, holes[1] seat 1."""
    b = [board[i:i + 2] for i in range(0, 10, 2)]
    fixed = {h[:2] for h in holes} | {h[2:] for h in holes} | set(b)
    rest = [c for c in DECK if c not in fixed]
    deck = [holes[0][:2], holes[1][:2], holes[0][2:], holes[1][2:]]
    return deck + [rest.pop(), *b[:3], rest.pop(), b[3], rest.pop(), b[4]] + rest


def test_all_in_big_pot_bad_beat_and_suckout_are_found_in_a_hand():
    hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000], button=0,
                deck=_deck(["AhAd", "KsKd"], "2c7d9h3sKc"))
    hand.apply(Action.all_in())
    hand.apply(Action.call())
    found = triggers_from_events(hand.events, big_blind=10)
    assert (Trigger.ALL_IN, 0) in found
    assert (Trigger.BIG_POT_WON, 1) in found
    assert (Trigger.BAD_BEAT, 0) in found and (Trigger.SUCKOUT, 1) in found


def test_fold_to_a_raise_and_a_shown_bluff_are_found():
    # Dealing starts left of the button: seats 1, 2, 0, 1, 2, 0.  Seat 0 holds 7-2.
    top = "Kd 8h 7c Ks 3s 2d 5h As Jh 9d 6h 4c 6s Tc".split()
    hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000, 1000], button=0,
                deck=top + [c for c in DECK if c not in top])
    hand.apply(Action.raise_to(30))  # button
    hand.apply(Action.fold())  # small blind folds to the raise
    hand.apply(Action.call())  # big blind
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.can_bet and hand.actor == 0:
            hand.apply(Action.bet(legal.min_to))
        else:
            hand.apply(Action.check() if legal.can_check else Action.call())
    found = triggers_from_events(hand.events, big_blind=10)
    assert (Trigger.FOLD_TO_RAISE, 1) in found
    assert hand.board == ["As", "Jh", "9d", "4c", "Tc"]
    assert (Trigger.BLUFF_SHOWN, 0) in found
