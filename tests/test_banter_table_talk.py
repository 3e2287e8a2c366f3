"""Bots' table talk: which moments earn a line, and every kind of banter heard in a game."""

from __future__ import annotations

import random

from bots.banter import ChatLevel, Trigger
from bots.bot import Bot
from bots.lineup import parse_spec
from bots.personalities import PERSONALITIES
from bots.table_talk import TableTalk
from game.engine.actions import Action
from game.engine.cards import DECK
from game.engine.config import HandConfig
from game.engine.hand import Hand
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table
from game.ui.talk import TableVoice


def all_in_hand() -> Hand:
    top = ["Ah", "Ks", "Ad", "Kd"]
    hand = Hand(HandConfig.no_limit(5, 10), [1000, 1000], button=0,
                deck=top + [c for c in DECK if c not in top])
    hand.apply(Action.all_in())
    hand.apply(Action.call())
    return hand


def cast():
    return {0: PERSONALITIES["maniac"], 1: PERSONALITIES["lag"]}


def test_an_all_in_for_a_big_pot_earns_a_line_at_chatty():
    talk = TableTalk(cast(), random.Random(3), ChatLevel.CHATTY)
    lines = talk.hand_events(all_in_hand().events, big_blind=10)
    assert lines, "an all-in for a 200-big-blind pot should earn a word at chatty"


def test_three_human_wins_in_a_row_get_a_comment():
    now = [0.0]
    talk = TableTalk(cast(), random.Random(1), ChatLevel.CHATTY, clock=lambda: now[0])
    said = []
    for _ in range(10):  # ten streaks of three
        for i in range(3):
            now[0] += 30
            said.append((i, talk.human_result(human_seat=2, won=True)))
        talk.human_result(human_seat=2, won=False)
    assert all(lines == [] for i, lines in said if i < 2)
    comments = [ln for i, lines in said if i == 2 for ln in lines]
    assert comments and all(ln.seat in (0, 1) for ln in comments)


class _Renderer:
    layout = None

    def spot(self, seat: int) -> None:
        return None


class _Scene:
    """What the window's talk path reads of the table scene: the session and the bubbles."""

    def __init__(self, table: Table, human: int) -> None:
        self.c = type("C", (), {"table": table, "human": human})()
        self.renderer = _Renderer()
        self.bubbles: list[tuple[int, str]] = []

    def say(self, seat: int, text: str) -> None:
        self.bubbles.append((seat, text))


def test_every_kind_of_banter_is_heard_in_a_played_game():
    """The window's path (``TableVoice`` fed every session event, as the table scene does)
    over a played session: each kind of banter — the hand-borne ones, a rebuy, a long
    think by the human, the human's streak — is heard before long."""
    now = [0.0]
    rules = HouseRules(bots=("maniac", "lag", "station"), auto_rebuy=True, max_buy_in_bb=40,
                       min_buy_in_bb=20, start_bb=40, action_seconds=30, time_bank_seconds=15)
    seats = [SeatSpec("You", kind="human", auto_rebuy=True)] + [
        SeatSpec(s, style=s) for s in rules.bots]
    table = Table(rules, seats, seed=11, clock=lambda: now[0])
    human = 0
    voice = TableVoice.start(_Settings(), table, human, seed=5, spectate=False,
                             clock=lambda: now[0])
    said = []
    talk_on_event = voice.talk.on_event

    def recording(e, big_blind):
        lines = talk_on_event(e, big_blind)
        said.extend(lines)
        return lines

    voice.talk.on_event = recording
    scene = _Scene(table, human)
    players = {0: Bot(parse_spec("maniac:easy"))} | {
        s: Bot(parse_spec(f"{style}:easy")) for s, style in enumerate(rules.bots, start=1)}
    rng = random.Random(3)
    heard: set[Trigger] = set()
    turns = 0
    for _ in range(600):
        _feed(voice, scene, table.start_hand())
        while table.hand is not None and not table.hand.is_over:
            seat = table.to_act
            now[0] += 20
            if seat == human:
                turns += 1
                if turns % 7 == 0:  # the human thinks past the 30 s clock: the bank starts
                    now[0] += 15
                    _feed(voice, scene, table.tick())
            action = players[seat].decide(table.view(seat), rng)
            _feed(voice, scene, table.act(seat, action))
        heard = {line.trigger for line in said}
        if heard == set(Trigger):
            break
    voice.close()
    assert heard == set(Trigger), f"never heard: {sorted(t.value for t in set(Trigger) - heard)}"
    assert [(ln.seat, ln.text) for ln in said] == scene.bubbles  # each shown as a bubble


class _Settings:
    narration = False
    bot_voices = False
    chat_level = int(ChatLevel.CHATTY)


def _feed(voice: TableVoice, scene: _Scene, events: list) -> None:
    for e in events:
        voice.on_event(e, scene)
