"""A small headless table over the engine for the bot figures.

Why its own runner: the figures need per-seat VPIP/PFR/aggression, bb/100 with a
confidence interval and seat rotation, measured the same way for every lineup.  Each hand
starts every seat at ``depth`` big blinds (a cash table topped up every hand), so hands
are independent samples and bb/100 has an honest standard error.

Seats rotate: the hands are split into ``len(lineup)`` sessions and each session shifts
the lineup one seat (the button also moves every hand), so every bot sits in every seat.
Each session starts fresh bots: the hard level's opponent model is a per-session memory
keyed by seat, as at a real table.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass, field

from bots import make_bot, parse_lineup
from game.engine.actions import ActionKind
from game.engine.config import HandConfig
from game.engine.deck import shuffled_deck
from game.engine.events import Acted, BoardDealt, HandEnded, Street, StreetStarted
from game.engine.hand import Hand


@dataclass
class SeatStats:
    """Counts for one lineup entry (a bot, whatever seat it sits in)."""

    label: str
    hands: int = 0
    vpip: int = 0
    pfr: int = 0
    bets_raises: int = 0
    calls: int = 0
    net_bb: list[float] = field(default_factory=list)

    def row(self) -> dict:
        n = max(1, self.hands)
        mean = statistics.fmean(self.net_bb) if self.net_bb else 0.0
        sd = statistics.pstdev(self.net_bb) if len(self.net_bb) > 1 else 0.0
        half = 1.96 * sd / math.sqrt(max(1, len(self.net_bb))) * 100
        return {
            "bot": self.label,
            "hands": self.hands,
            "vpip": round(self.vpip / n, 3),
            "pfr": round(self.pfr / n, 3),
            "aggression": round(self.bets_raises / max(1, self.calls), 2),
            "bb_per_100": round(mean * 100, 1),
            "ci95": [round(mean * 100 - half, 1), round(mean * 100 + half, 1)],
        }


def run(spec: str, hands: int, seed: int = 1, depth: int = 100, bb: int = 10,
        rotate: bool = True) -> dict:
    lineup = parse_lineup(spec)
    labels = [f"{s}#{i}" for i, s in enumerate(lineup)]
    bots = []
    stats = [SeatStats(label) for label in labels]
    n = len(lineup)
    config = HandConfig.no_limit(bb // 2, bb)
    timings: list[float] = []
    actions = 0
    t0 = time.perf_counter()
    for h in range(hands):
        rng = random.Random(seed * 1_000_003 + h)
        block = min(n - 1, h * n // max(1, hands)) if rotate else 0
        if h == 0 or (rotate and block != min(n - 1, (h - 1) * n // max(1, hands))):
            bots = [make_bot(s) for s in lineup]  # a new session: fresh memories
        shift = block
        seat_of = [(i + shift) % n for i in range(n)]  # lineup entry i sits at seat_of[i]
        entry_at = {s: i for i, s in enumerate(seat_of)}
        hand = Hand(config, [depth * bb] * n, button=h % n, deck=shuffled_deck(rng))
        while not hand.is_over:
            seat = hand.actor
            if seat is None:
                break
            bot = bots[entry_at[seat]]
            t = time.perf_counter()
            action = bot.decide(hand.view(seat), rng)
            timings.append(time.perf_counter() - t)
            hand.apply(action, seat)
            actions += 1
        street = Street.PREFLOP
        vp, pf = set(), set()
        for e in hand.events:
            if isinstance(e, (StreetStarted, BoardDealt)):
                street = e.street
            elif isinstance(e, Acted):
                st = stats[entry_at[e.seat]]
                k = e.action.kind
                if street is Street.PREFLOP and k in (ActionKind.CALL, ActionKind.RAISE,
                                                      ActionKind.BET):
                    vp.add(e.seat)
                if street is Street.PREFLOP and k in (ActionKind.RAISE, ActionKind.BET):
                    pf.add(e.seat)
                if k in (ActionKind.BET, ActionKind.RAISE):
                    st.bets_raises += 1
                elif k is ActionKind.CALL:
                    st.calls += 1
            elif isinstance(e, HandEnded):
                for s, net in enumerate(e.net):
                    stats[entry_at[s]].net_bb.append(net / bb)
        for s in range(n):
            st = stats[entry_at[s]]
            st.hands += 1
            st.vpip += s in vp
            st.pfr += s in pf
        by_seat = [bots[entry_at[s]] for s in range(n)]
        for b in by_seat:
            b.observe(hand.events)
    seconds = time.perf_counter() - t0
    timings.sort()
    return {
        "lineup": spec,
        "hands": hands,
        "seconds": round(seconds, 1),
        "hands_per_second": round(hands / seconds, 2),
        "actions": actions,
        "decision_ms_p50": round(timings[len(timings) // 2] * 1000, 2) if timings else 0,
        "decision_ms_p95": round(timings[int(len(timings) * 0.95)] * 1000, 2) if timings else 0,
        "decision_ms_max": round(timings[-1] * 1000, 2) if timings else 0,
        "players": [s.row() for s in stats],
    }
