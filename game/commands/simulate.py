"""`holdem simulate`: a headless bot table for N hands, with the JSON summary of the contract.

    holdem simulate --hands N [--seed S] [--bots SPEC] [--rules FILE] [--journal FILE]

Every bot's randomness in a hand is drawn from one rng seeded by (seed, hand number) — a
resume mid-hand first replays the hand's journaled decisions to bring it back to where it
was — and each hand's deck from (seed, hand number), so a seeded session is the same
whether it runs straight through or is killed and resumed from its journal any number of
times.  With
``--journal FILE`` every command is journaled to that SQLite file and every finished hand
is appended as PHH to ``FILE`` with the suffix ``.phhs``; a journal that already holds an
unfinished session is resumed and played on until N hands in total (its own rules and
lineup are used).

``chips_end`` counts the chips on the table plus any a player took away when leaving, so
``chips_end == chips_start + rebuy_chips - rake`` always holds; bots auto-rebuy (cash game)
so nobody leaves a simulated cash table.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from array import array
from pathlib import Path
from typing import Any

from game.engine.events import Acted, HandEnded
from game.session.errors import JournalError, NoHandError, RulesError, SeatError
from game.session.journal import Journal
from game.session.recovery import resume
from game.session.rules import HouseRules, load_rules_file
from game.session.table import SeatSpec, Table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=100, help="hands to play in total")
    parser.add_argument("--seed", type=int, default=None, help="seed for decks and bots")
    parser.add_argument("--bots", default=None,
                        help="comma list of style[:level] (random, station, rock, tag, lag, "
                             "maniac; easy, normal, hard); default: the rules' lineup, "
                             "filled with random bots to the rules' seats")
    parser.add_argument("--rules", default=None, help="house rules TOML file")
    parser.add_argument("--journal", default=None, help="SQLite journal (resumed if unfinished)")


def _fail(message: str) -> int:
    print(f"holdem simulate: {message}", file=sys.stderr)
    return 2


def hand_seed(seed: int, hand: int) -> int:
    """The integer seeding the bots' rng for one hand: every decision of hand ``hand``
    draws from it in turn, so (seed, hand number) fixes all of them."""
    return (seed << 40) ^ hand


def _fast_forward(table: Table, bot_objs: list[Any], rng: random.Random, random_action) -> None:
    """Replay the decisions already made in the hand in progress on a fresh copy of it,
    so ``rng`` is exactly where it was when the process died (bots are pure functions of
    view and rng within a hand; their memory changes between hands only)."""
    from game.engine.hand import Hand

    h = table.hand
    assert h is not None
    fresh = Hand(h.config, list(h.starting_stacks), h.button, deck=list(table.deck))
    for e in h.events:
        if e.__class__ is not Acted:
            continue
        bot = bot_objs[table.hand_seats[e.seat]]
        if bot.style == "random":
            random_action(fresh.legal_actions(), rng)
        else:
            bot.decide(fresh.view(e.seat), rng)
        fresh.apply(e.action, e.seat)


def run(args: argparse.Namespace) -> int:
    if args.hands < 0:
        return _fail(f"--hands {args.hands} is negative: give 0 or more hands")
    try:
        import bots
        from bots.random_player import random_action
    except ImportError as e:  # pragma: no cover - bots/ is part of the game
        return _fail(f"the bots package cannot be loaded: {e}")
    rules = HouseRules()
    if args.rules is not None:
        try:
            rules = load_rules_file(args.rules)
        except RulesError as e:
            return _fail(str(e))
    journal: Journal | None = None
    history: Path | None = None
    if args.journal is not None:
        history = Path(args.journal).with_suffix(".phhs")
        try:
            journal = Journal.open(args.journal)
        except JournalError as e:
            return _fail(str(e))

    bot_objs: list[Any] = []

    def feed(events: list[Any], pending: list[Any]) -> None:
        """Give finished hands' events to bots that learn (per hand, in order)."""
        pending.extend(events)
        if any(e.__class__ is HandEnded for e in events):
            for b in learners:
                b.observe(pending)
            pending.clear()

    pending: list[Any] = []
    learners: list[Any] = []
    try:
        if journal is not None and journal.has_session():
            if args.bots is not None or args.rules is not None:
                print(f"holdem simulate: resuming {args.journal} with its own rules and lineup "
                      "(--bots/--rules apply to new sessions only)", file=sys.stderr)
            rec = journal.session()
            specs = [s for s in rec.seats]
            bot_objs = [None if s is None else bots.make_bot(f"{s.style}:{s.level}")
                        for s in specs]
            learners = [b for b in bot_objs if b is not None and b.style != "random"]
            # Bots that learn rebuild their memory from a full replay; others need none.
            table = resume(journal, history=history,
                           listener=(lambda ev: feed(ev, pending)) if learners else None)
        else:
            if args.bots is not None:
                lineup = bots.parse_lineup(args.bots)
            else:
                lineup = bots.parse_lineup(",".join(
                    list(rules.bots) + ["random"] * max(0, rules.seats - len(rules.bots))))
            bot_objs = [bots.make_bot(spec) for spec in lineup]
            learners = [b for b in bot_objs if b.style != "random"]
            names = _unique([b.name for b in bot_objs])
            specs = [SeatSpec(name, "bot", b.spec.style, b.spec.level, auto_rebuy=True)
                     for name, b in zip(names, bot_objs)]
            table = Table(rules, specs, seed=args.seed, journal=journal, history=history)
    except (bots.LineupError, SeatError, RulesError, JournalError) as e:
        return _fail(str(e))

    seed = table.seed
    decisions = array("d")
    rng = random.Random()
    start_hands = table.hand_number
    t0 = time.perf_counter()
    perf = time.perf_counter
    hand = table.hand
    if hand is not None and not hand.is_over:
        # Resumed mid-hand: bring the hand's rng to where the journaled decisions left it.
        rng.seed(hand_seed(seed, table.hand_number))
        _fast_forward(table, bot_objs, rng, random_action)
    while True:
        hand = table.hand
        if hand is None or hand.is_over:
            if table.hand_number >= args.hands or table.over:
                break
            try:
                ev = table.start_hand()
            except NoHandError:
                break
            rng.seed(hand_seed(seed, table.hand_number))
            if learners:
                feed(ev, pending)
            continue
        seat = table.to_act
        assert seat is not None  # the hand is not over: someone is to act
        bot = bot_objs[seat]
        t = perf()
        if bot.style == "random":
            # The random style reads nothing but the legal actions: skip building a view.
            action = random_action(hand.legal_actions(), rng)
        else:
            action = bot.decide(table.view(seat), rng)
        decisions.append(perf() - t)
        ev = table.act(seat, action)
        if learners:
            feed(ev, pending)
    seconds = time.perf_counter() - t0
    table.check_chips()
    played = table.hand_number - start_hands
    ledger = table.ledger
    players = []
    specs_now = table.initial_seats
    for seat, spec in enumerate(specs_now):
        if spec is None:
            continue
        p = table.players[seat]
        st = table.stats.seats[seat]
        players.append({
            "name": spec.name, "style": spec.style, "level": spec.level,
            "vpip": round(st.vpip, 4), "pfr": round(st.pfr, 4),
            "aggression": round(st.aggression, 4), "bb_per_100": round(st.bb_per_100, 2),
            "rebuys": table.rebuys_by_seat.get(seat, 0),
            "stack": p.stack if p is not None else 0,
        })
    out = {
        "hands": table.hand_number,
        "actions": table.actions,
        "seconds": round(seconds, 4),
        "hands_per_second": round(played / seconds, 2) if seconds > 0 else 0.0,
        "chips_start": ledger.chips_start,
        "rebuy_chips": ledger.rebuy_chips,
        "rake": ledger.rake,
        "chips_end": table.chips_in_play() + ledger.cashed_out,
        "players": players,
        "decision_ms_p95": round(_p95(decisions) * 1000, 4),
    }
    print(json.dumps(out))
    if journal is not None:
        journal.close()
    return 0


def _unique(names: list[str]) -> list[str]:
    """Names made unique at the table: a second "Rocco" becomes "Rocco 2"."""
    seen: dict[str, int] = {}
    out = []
    for n in names:
        seen[n] = seen.get(n, 0) + 1
        out.append(n if seen[n] == 1 else f"{n} {seen[n]}")
    return out


def _p95(values: array) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(0.95 * len(s)))]
