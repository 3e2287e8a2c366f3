"""A small headless table over the engine for the bot figures.

Why its own runner: the figures need per-seat VPIP/PFR/aggression, bb/100 with a
confidence interval and seat rotation, measured the same way for every lineup.  Each hand
starts every seat at ``depth`` big blinds (a cash table topped up every hand), so hands
are independent samples and bb/100 has an honest standard error.

Seats rotate, duplicate style: there are ``len(lineup)`` sessions, session k seats the
lineup shifted k seats, and every deck (with the same button) is played once in each
session, so every bot holds every seat's cards in every position.  bb/100 is averaged per
deck before the confidence interval is taken, which removes most of the luck of the cards
from it.  Each session has its own bots: the hard level's opponent model is a
per-session memory keyed by seat, as at a real table.
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
    stats = [SeatStats(label) for label in labels]
    n = len(lineup)
    sessions = n if rotate else 1
    # Session k seats lineup entry i at seat (i + k) % n, with its own fresh bots.
    tables = [[make_bot(s) for s in lineup] for _ in range(sessions)]
    config = HandConfig.no_limit(bb // 2, bb)
    timings: list[float] = []
    actions = 0
    played = 0
    t0 = time.perf_counter()
    deals = -(-hands // sessions)
    for d in range(deals):
        deck = shuffled_deck(random.Random(seed * 1_000_003 + d))
        per_deck = [0.0] * n
        for k in range(sessions):
            bots = tables[k]
            entry_at = {(i + k) % n: i for i in range(n)}
            rng = random.Random((seed * 1_000_003 + d) * 16 + k)
            hand = Hand(config, [depth * bb] * n, button=d % n, deck=list(deck))
            while not hand.is_over:
                seat = hand.actor
                bot = bots[entry_at[seat]]
                t = time.perf_counter()
                action = bot.decide(hand.view(seat), rng)
                timings.append(time.perf_counter() - t)
                hand.apply(action, seat)
                actions += 1
            _count(hand.events, entry_at, stats, n)
            for e in hand.events:
                if isinstance(e, HandEnded):
                    for s_, net in enumerate(e.net):
                        per_deck[entry_at[s_]] += net / bb / sessions
            for s_ in range(n):
                bots[entry_at[s_]].observe(hand.events)
            played += 1
        for i in range(n):
            stats[i].net_bb.append(per_deck[i])
    seconds = time.perf_counter() - t0
    timings.sort()
    return {
        "lineup": spec,
        "hands": played,
        "deals": deals,
        "seconds": round(seconds, 1),
        "hands_per_second": round(played / seconds, 2),
        "actions": actions,
        "decision_ms_p50": round(timings[len(timings) // 2] * 1000, 2) if timings else 0,
        "decision_ms_p95": round(timings[int(len(timings) * 0.95)] * 1000, 2) if timings else 0,
        "decision_ms_max": round(timings[-1] * 1000, 2) if timings else 0,
        "players": [s.row() for s in stats],
    }


def _count(events, entry_at: dict[int, int], stats: list[SeatStats], n: int) -> None:
    """VPIP, PFR and aggression counts of one hand, per lineup entry."""
    street = Street.PREFLOP
    vp, pf = set(), set()
    for e in events:
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
    for s in range(n):
        st = stats[entry_at[s]]
        st.hands += 1
        st.vpip += s in vp
        st.pfr += s in pf
