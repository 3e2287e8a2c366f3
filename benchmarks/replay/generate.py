"""Generate showdown-heavy random Hold'em hands with PokerKit and write them as one ``.phhs``.

Runs in the benchmark venv (PokerKit is not a game dependency).  PokerKit deals and enforces
the rules; a seeded random player picks among the legal moves with few folds and many calls
and all-ins, so most hands reach a showdown.  Each hand records PokerKit's finishing stacks,
which ``run.py`` compares with what ``holdem replay`` computes.

    benchmarks/.venv-bench/bin/python benchmarks/replay/generate.py --hands 2000 --seed 1 \
        --out benchmarks/out/replay-hands.phhs
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pokerkit import HandHistory  # noqa: E402
from pokerkit_games import make_game, register_pt  # noqa: E402


def random_table(rng: random.Random, variant: str) -> dict:
    """Seats, forced bets and stacks: some short stacks, antes and straddles for coverage."""
    n = rng.choice([2, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10])
    sb = rng.choice([1, 1, 2, 5, 25])
    bb = 2 * sb
    blinds = [sb, bb] + [0] * (n - 2)
    if variant != "FT" and n >= 4 and rng.random() < 0.15:
        blinds[2] = 2 * bb  # under-the-gun straddle
    ante = max(1, bb // 5) if rng.random() < 0.25 else 0
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            stacks.append(rng.randint(1, 2 * bb))  # short: blinds/antes posted all-in
        elif r < 0.5:
            stacks.append(rng.randint(5 * bb, 40 * bb))
        else:
            stacks.append(rng.randint(40 * bb, 200 * bb))
    return {"n": n, "blinds": blinds, "antes": [ante] * n, "bb": bb, "stacks": stacks}


def play_one(rng: random.Random, variant: str) -> tuple[HandHistory, bool]:
    t = random_table(rng, variant)
    bb = t["bb"]
    if variant == "FT":
        game = make_game("FT", t["antes"], t["blinds"], bb, 2 * bb)
    else:
        game = make_game(variant, t["antes"], t["blinds"], bb)
    state = game(t["stacks"], t["n"])
    while state.status:
        if state.actor_index is None:
            raise RuntimeError("PokerKit state stalled with automations on")
        r = rng.random()
        facing = bool(state.checking_or_calling_amount)
        if facing and r < 0.08 and state.can_fold():
            state.fold()
        elif r < 0.33 and state.can_complete_bet_or_raise_to():
            lo = state.min_completion_betting_or_raising_to_amount
            hi = state.max_completion_betting_or_raising_to_amount
            pick = rng.random()
            if variant == "FT" or pick < 0.4:
                amount = lo
            elif pick < 0.7:
                amount = hi
            else:
                amount = rng.randint(lo, hi)
            state.complete_bet_or_raise_to(amount)
        else:
            state.check_or_call()
    history = HandHistory.from_game_state(game, state)
    showdown = any(" sm" in action for action in history.actions)
    history.finishing_stacks = list(state.stacks)
    return history, showdown


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="NT:0.6,PT:0.2,FT:0.2", help="variant weights")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    register_pt()
    mix = [(v, float(w)) for v, w in (part.split(":") for part in args.mix.split(","))]
    rng = random.Random(args.seed)
    random.seed(args.seed)  # PokerKit shuffles its deck with the random module
    histories, showdowns = [], 0
    for _ in range(args.hands):
        variant = rng.choices([v for v, _ in mix], [w for _, w in mix])[0]
        history, showdown = play_one(rng, variant)
        histories.append(history)
        showdowns += showdown
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(HandHistory.dumps_all(histories) + "\n")
    print(json.dumps({"hands": args.hands, "showdown_hands": showdowns, "file": str(args.out)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
