"""Evaluator benchmark: 7-card evaluations per second, ours beside treys, eval7, phevaluator
and PokerKit, in one run on the same random hands.

    benchmarks/evaluator/run.sh                 # makes the venv, then runs this file
    benchmarks/evaluator/run.sh --repeat 7      # more repeats

The reference libraries live only in ``benchmarks/.venv-bench`` (see run.sh); the game
never depends on them. Our code is imported from the source tree (it needs only numpy).

Every contender evaluates the same seeded random 7-card hands, in a plain Python loop of
single calls (except the batch rows), and each figure is the median of ``--repeat`` runs
(hands / second). Two input forms:

* "strings": the call starts from card strings such as ``["Ah", "Kd", ...]`` and includes
  the library's own parsing of them (for us: ``evaluate(list_of_strings)`` building a
  full ``HandValue``);
* "pre-converted": the cards were converted to the library's card type beforehand
  (for us: ``evaluate_indices(tuple_of_ints)``).

Before timing, each library's ranking is checked against ours on the same hands (every
hand compared with the next): ``agree`` is the fraction of pairs where both say the same
(win, lose or tie); anything below 1.0 would be a bug on one side.

Prints a table, then one JSON object (also written to benchmarks/out/evaluator.json).
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.cards import DECK, card_index  # noqa: E402
from game.engine.evaluator import evaluate, evaluate_batch, evaluate_indices  # noqa: E402

OUT = ROOT / "benchmarks" / "out" / "evaluator.json"


@dataclass
class Row:
    library: str
    version: str
    input: str  # "strings", "pre-converted" or "batch"
    hands: int
    per_second: float  # median over repeats, by process CPU time
    runs: list[float]
    wall_per_second: float  # median over repeats, by wall-clock time
    agree: float | None = None  # ranking agreement with ours; None for our own rows


def timed(fn: Callable[[], None]) -> tuple[float, float]:
    """(process CPU seconds, wall seconds) of one call."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    c1, w1 = time.process_time(), time.perf_counter()
    return max(c1 - c0, 1e-9), w1 - w0


@dataclass
class Contender:
    library: str
    input: str
    fn: Callable[[], None]
    hands: int
    agree: float | None
    module: str | None
    cpu: list[float]
    wall: list[float]


def run_rounds(contenders: list[Contender], repeat: int) -> None:
    """Warm every contender up, then time them round-robin ``repeat`` times.

    Round-robin rather than one contender after another: the machine is shared, and a
    burst of someone else's work then slows every contender a little instead of one a lot.
    CPU time is the headline figure for the same reason (wall time is reported too).
    """
    for c in contenders:
        c.fn()  # warm-up: caches, lazy tables
    for r in range(repeat):
        for c in contenders:
            cpu, wall = timed(c.fn)
            c.cpu.append(c.hands / cpu)
            c.wall.append(c.hands / wall)
        print(f"  round {r + 1}/{repeat} done", file=sys.stderr, flush=True)


def loop(f: Callable, items: Sequence) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            f(item)

    return run


def loop_star(f: Callable, items: Sequence) -> Callable[[], None]:
    def run() -> None:
        for item in items:
            f(*item)

    return run


def agreement(ours: Sequence[int], theirs: Sequence[int], higher_wins: bool) -> float:
    """Fraction of consecutive hand pairs ranked the same way (win/lose/tie) by both."""
    sign = 1 if higher_wins else -1
    same = 0
    for i in range(len(ours) - 1):
        a = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        b = sign * ((theirs[i] > theirs[i + 1]) - (theirs[i] < theirs[i + 1]))
        same += a == b
    return same / (len(ours) - 1)


def version(module: str) -> str:
    try:
        from importlib.metadata import version as v

        return v(module)
    except Exception:
        return "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5, help="timed rounds (median)")
    ap.add_argument("--hands", type=int, default=50_000, help="hands for single-call loops")
    ap.add_argument("--slow-hands", type=int, default=2_000, help="hands for PokerKit")
    ap.add_argument("--batch-hands", type=int, default=1_000_000, help="hands per batch call")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, default=OUT, help="where to write the JSON too")
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    hands = [rng.sample(DECK, 7) for _ in range(args.hands)]
    idx = [tuple(card_index(c) for c in h) for h in hands]
    ours = [evaluate_indices(t) for t in idx]

    contenders: list[Contender] = []

    def add(library: str, input_: str, fn: Callable[[], None], n: int, agree=None, mod=None):
        contenders.append(Contender(library, input_, fn, n, agree, mod, [], []))

    # --- ours ---------------------------------------------------------------------------
    t0 = time.perf_counter()
    evaluate_batch(np.array(idx[:1], dtype=np.int8))  # first call builds the numpy tables
    batch_setup = time.perf_counter() - t0
    add("ours", "strings", loop(evaluate, hands), len(hands))
    add("ours", "pre-converted", loop(evaluate_indices, idx), len(idx))
    brng = np.random.default_rng(args.seed)
    batch = np.argpartition(brng.random((args.batch_hands, 52)), 7, axis=1)[:, :7]
    batch8 = batch.astype(np.int8)
    add("ours", "batch int8", lambda: evaluate_batch(batch8), len(batch8))
    add("ours", "batch int64", lambda: evaluate_batch(batch), len(batch))
    check = evaluate_batch(np.array(idx, dtype=np.int8)).tolist()
    assert check == ours, "batch and single-call values differ"

    # --- treys (pure Python; lower is better) -------------------------------------------
    try:
        from treys import Card as TCard
        from treys import Evaluator as TEvaluator

        te = TEvaluator()
        tcards = [[TCard.new(c) for c in h] for h in hands]
        theirs = [te.evaluate(c[:2], c[2:]) for c in tcards]
        agree = agreement(ours, theirs, higher_wins=False)

        def treys_strings(h: list[str]) -> int:
            c = [TCard.new(s) for s in h]
            return te.evaluate(c[:2], c[2:])

        def treys_pre(c: list[int]) -> int:
            return te.evaluate(c[:2], c[2:])

        add("treys", "strings", loop(treys_strings, hands), len(hands), agree, "treys")
        add("treys", "pre-converted", loop(treys_pre, tcards), len(hands), agree, "treys")
    except ImportError as e:
        print(f"  treys not available: {e}", file=sys.stderr)

    # --- eval7 (compiled; higher is better) ---------------------------------------------
    try:
        import eval7

        ecards = [[eval7.Card(c) for c in h] for h in hands]
        agree = agreement(ours, [eval7.evaluate(c) for c in ecards], higher_wins=True)

        def eval7_strings(h: list[str]) -> int:
            return eval7.evaluate([eval7.Card(s) for s in h])

        add("eval7", "strings", loop(eval7_strings, hands), len(hands), agree, "eval7")
        add("eval7", "pre-converted", loop(eval7.evaluate, ecards), len(hands), agree, "eval7")
    except ImportError as e:
        print(f"  eval7 not available: {e}", file=sys.stderr)

    # --- phevaluator (compiled; lower is better; same 0..51 card ids as ours) -----------
    try:
        from phevaluator import evaluate_cards

        agree = agreement(ours, [evaluate_cards(*t) for t in idx], higher_wins=False)
        add("phevaluator", "strings", loop_star(evaluate_cards, hands), len(hands), agree,
            "phevaluator")
        add("phevaluator", "pre-converted", loop_star(evaluate_cards, idx), len(hands), agree,
            "phevaluator")
    except ImportError as e:
        print(f"  phevaluator not available: {e}", file=sys.stderr)

    # --- PokerKit (pure Python, rich objects; higher is better) -------------------------
    try:
        pokerkit = importlib.import_module("pokerkit")
        high_hand = pokerkit.StandardHighHand
        slow = hands[: args.slow_hands]
        pcards = [list(pokerkit.Card.parse("".join(h))) for h in slow]
        theirs_hands = [high_hand.from_game(c[:2], c[2:]) for c in pcards]
        # PokerKit hands compare but have no integer: rank them by sorting, ties grouped
        order = sorted(range(len(slow)), key=lambda i: theirs_hands[i])
        rank = [0] * len(slow)
        for pos, i in enumerate(order):
            prev = order[pos - 1] if pos else None
            same = prev is not None and theirs_hands[i] == theirs_hands[prev]
            rank[i] = rank[prev] if same else pos
        agree = agreement(ours[: len(slow)], rank, higher_wins=True)

        def pk_strings(h: list[str]) -> object:
            return high_hand.from_game("".join(h[:2]), "".join(h[2:]))

        def pk_pre(c: list) -> object:
            return high_hand.from_game(c[:2], c[2:])

        add("PokerKit", "strings", loop(pk_strings, slow), len(slow), agree, "pokerkit")
        add("PokerKit", "pre-converted", loop(pk_pre, pcards), len(slow), agree, "pokerkit")
    except ImportError as e:
        print(f"  PokerKit not available: {e}", file=sys.stderr)

    # --- timing and report ----------------------------------------------------------------
    run_rounds(contenders, args.repeat)
    rows = [
        Row(
            c.library,
            version(c.module) if c.module else "this repo",
            c.input,
            c.hands,
            round(statistics.median(c.cpu)),
            [round(x) for x in c.cpu],
            round(statistics.median(c.wall)),
            c.agree,
        )
        for c in contenders
    ]

    def rate_of(lib: str, input_: str) -> float | None:
        return next((r.per_second for r in rows if r.library == lib and r.input == input_), None)

    treys_s, treys_p = rate_of("treys", "strings"), rate_of("treys", "pre-converted")
    eval7_p = rate_of("eval7", "pre-converted")
    goals = {
        "strings_vs_treys_strings": rate_of("ours", "strings") / treys_s if treys_s else None,
        "strings_vs_treys_preconverted": (
            rate_of("ours", "strings") / treys_p if treys_p else None
        ),
        "batch_vs_eval7_preconverted": (
            rate_of("ours", "batch int8") / eval7_p if eval7_p else None
        ),
    }
    print()
    print(f"{'library':<12} {'version':<10} {'input':<14} {'hands':>9} {'evals/s (CPU)':>14}"
          f" {'(wall)':>12} {'x treys':>8} {'agree':>6}")
    for r in rows:
        rel = f"{r.per_second / treys_p:8.1f}" if treys_p else f"{'':8}"
        ag = f"{r.agree:6.3f}" if r.agree is not None else f"{'-':>6}"
        print(f"{r.library:<12} {r.version:<10} {r.input:<14} {r.hands:>9,} "
              f"{r.per_second:>14,.0f} {r.wall_per_second:>12,.0f} {rel} {ag}")
    print("x treys: relative to treys from pre-converted cards (CPU-time rates)")
    print()
    for k, v in goals.items():
        print(f"{k}: {v:.2f}x" if v else f"{k}: n/a")
    print(f"batch tables built on first call in {batch_setup * 1000:.0f} ms")
    result = {
        "benchmark": "evaluator",
        "unit": "7-card evaluations per second (median of repeats, process CPU time)",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "repeat": args.repeat,
        "seed": args.seed,
        "rows": [asdict(r) for r in rows],
        "goals": goals,
        "batch_table_setup_seconds": round(batch_setup, 3),
    }
    print(json.dumps(result))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
