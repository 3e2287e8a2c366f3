"""The engine's response-time targets, measured on the engine itself.

| target                  | measured here                                           |
|-------------------------|---------------------------------------------------------|
| action processing <100ms | ``Hand.legal_actions()`` + ``Hand.apply(action)``        |
| state update < 50 ms     | ``Hand.view(seat)``: the PlayerView the UI and bots read |
| hand evaluation < 10 ms  | ``evaluate`` of a 7-card hand from card strings          |
| pot calculation < 5 ms   | ``layer_pots`` over a 10-seat hand's contributions       |

Also the engine's raw throughput: actions per second over random legal play.

Run: ``.venv/bin/python -m benchmarks.engine.bench [--hands N] [--json]``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from bots.random_player import random_action
from game.engine import HandConfig, shuffled_deck
from game.engine.evaluator import evaluate
from game.engine.hand import Hand
from game.engine.pots import layer_pots

TARGETS_MS = {"action": 100.0, "state_update": 50.0, "evaluation": 10.0, "pots": 5.0}


def pct(samples: list[float], q: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))]


def run(hands: int, seed: int) -> dict:
    rng = random.Random(seed)
    cfg = HandConfig.no_limit(5, 10)
    action_ms: list[float] = []
    view_ms: list[float] = []
    actions = 0
    engine_seconds = 0.0
    for _ in range(hands):
        n = rng.randint(2, 10)
        stacks = [rng.randint(20, 2000) for _ in range(n)]
        t0 = time.perf_counter()
        h = Hand(cfg, stacks, rng.randrange(n), deck=shuffled_deck(rng))
        engine_seconds += time.perf_counter() - t0
        while not h.is_over:
            seat = h.actor
            t0 = time.perf_counter()
            h.view(seat)
            t1 = time.perf_counter()
            view_ms.append((t1 - t0) * 1000)
            legal = h.legal_actions()
            a = random_action(legal, rng)
            t2 = time.perf_counter()
            h.apply(a)
            t3 = time.perf_counter()
            action_ms.append((t3 - t2) * 1000)
            engine_seconds += t3 - t2
            actions += 1
    cards = [shuffled_deck(rng)[:7] for _ in range(20000)]
    eval_ms = []
    for c in cards:
        t0 = time.perf_counter()
        evaluate(c)
        eval_ms.append((time.perf_counter() - t0) * 1000)
    pot_ms = []
    for _ in range(20000):
        contributed = [rng.randint(0, 5000) for _ in range(10)]
        folded = [rng.random() < 0.3 for _ in range(10)]
        t0 = time.perf_counter()
        layer_pots(contributed, folded)
        pot_ms.append((time.perf_counter() - t0) * 1000)
    out = {"hands": hands, "actions": actions,
           "engine_actions_per_second": round(actions / engine_seconds)}
    for name, samples in (("action", action_ms), ("state_update", view_ms),
                          ("evaluation", eval_ms), ("pots", pot_ms)):
        out[name] = {
            "p50_ms": round(statistics.median(samples), 4),
            "p99_ms": round(pct(samples, 0.99), 4),
            "max_ms": round(max(samples), 4),
            "target_ms": TARGETS_MS[name],
            "meets_target": pct(samples, 0.99) < TARGETS_MS[name],
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = run(args.hands, args.seed)
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['hands']} hands, {out['actions']} actions, "
          f"engine {out['engine_actions_per_second']:,} actions/s")
    for name in TARGETS_MS:
        r = out[name]
        print(f"{name:13s} p50 {r['p50_ms']:.4f} ms  p99 {r['p99_ms']:.4f} ms  "
              f"max {r['max_ms']:.3f} ms  target < {r['target_ms']} ms  "
              f"{'ok' if r['meets_target'] else 'MISSED'}")


if __name__ == "__main__":
    main()
