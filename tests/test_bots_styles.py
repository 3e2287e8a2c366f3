"""Measured styles differ the way players describe them (a short session; the 20,000-hand
figures are in benchmarks/bots)."""

from __future__ import annotations

import random

import pytest

from bots import make_bot
from game.engine.actions import ActionKind
from game.engine.config import HandConfig
from game.engine.deck import shuffled_deck
from game.engine.events import Acted, BoardDealt, Street
from game.engine.hand import Hand

LINEUP = ("station", "rock", "tag", "lag", "maniac", "random")


@pytest.fixture(scope="module")
def profile() -> dict[str, dict[str, float]]:
    bots = [make_bot(s) for s in LINEUP]
    counts = {s: {"vpip": 0, "pfr": 0, "agg": 0, "calls": 0} for s in LINEUP}
    hands = 400
    for h in range(hands):
        rng = random.Random(h)
        hand = Hand(HandConfig.no_limit(5, 10), [1000] * 6, button=h % 6,
                    deck=shuffled_deck(rng))
        while not hand.is_over:
            seat = hand.actor
            hand.apply(bots[seat].decide(hand.view(seat), rng), seat)
        street, vp, pf = Street.PREFLOP, set(), set()
        for e in hand.events:
            if isinstance(e, BoardDealt):
                street = e.street
            elif isinstance(e, Acted):
                c = counts[LINEUP[e.seat]]
                if e.action.kind in (ActionKind.BET, ActionKind.RAISE):
                    c["agg"] += 1
                    if street is Street.PREFLOP:
                        pf.add(e.seat)
                elif e.action.kind is ActionKind.CALL:
                    c["calls"] += 1
                if street is Street.PREFLOP and e.action.kind is not ActionKind.FOLD \
                        and e.action.kind is not ActionKind.CHECK:
                    vp.add(e.seat)
        for s in range(6):
            counts[LINEUP[s]]["vpip"] += s in vp
            counts[LINEUP[s]]["pfr"] += s in pf
        for b in bots:
            b.observe(hand.events)
    return {s: {"vpip": c["vpip"] / hands, "pfr": c["pfr"] / hands,
                "aggression": c["agg"] / max(1, c["calls"])} for s, c in counts.items()}


def test_calling_station_plays_most_hands_and_rarely_raises(profile):
    st = profile["station"]
    assert st["vpip"] > 0.45
    assert st["pfr"] < 0.2 and st["aggression"] < 0.6


def test_rock_plays_few_hands(profile):
    assert profile["rock"]["vpip"] < 0.15


def test_looseness_orders_rock_tag_lag_maniac(profile):
    v = {s: profile[s]["vpip"] for s in LINEUP}
    assert v["rock"] < v["tag"] < v["lag"] < v["maniac"]


def test_aggressive_styles_raise_more_than_they_call(profile):
    for s in ("tag", "lag", "maniac"):
        assert profile[s]["aggression"] > 1.2, (s, profile[s])
        assert profile[s]["pfr"] > 0.6 * profile[s]["vpip"], (s, profile[s])
    assert profile["maniac"]["pfr"] == max(p["pfr"] for s, p in profile.items()
                                           if s != "random")
