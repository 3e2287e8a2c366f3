"""Generate random hands with *our* engine and export them as one ``.phhs`` (the reverse check).

``generate.py`` lets PokerKit play and checks that our replay agrees; this lets the engine
play (the same kind of tables: NT/PT/FT, 2-10 seats, short stacks, antes, straddles, few
folds) and exports every hand with ``game.phh.export`` so PokerKit can replay our writer's
files.  Fixed-limit hands use a cap of 3 raises after the opening bet, which is PokerKit's
4 bets and raises a round after the flop.

    .venv/bin/python -m benchmarks.replay.generate_engine --hands 2000 --seed 1 --out FILE
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from game.engine import Action, HandConfig
from game.engine.deck import shuffled_deck
from game.engine.hand import Hand
from game.phh.export import history_from_hand
from game.phh.writer import dumps_all


def random_config(rng: random.Random, variant: str, n: int) -> HandConfig:
    small = rng.choice([1, 1, 2, 5, 25])
    big = 2 * small
    ante = max(1, big // 5) if rng.random() < 0.25 else 0
    if variant == "FT":
        return HandConfig.fixed_limit(big, 2 * big, raise_cap=3, ante=ante)
    if variant == "PT":
        return HandConfig.pot_limit(small, big, ante=ante)
    straddle = 2 * big if n >= 4 and rng.random() < 0.15 else 0
    return HandConfig.no_limit(small, big, ante=ante, straddle=straddle)


def random_stacks(rng: random.Random, n: int, big: int) -> list[int]:
    stacks = []
    for _ in range(n):
        r = rng.random()
        if r < 0.08:
            stacks.append(rng.randint(1, 2 * big))
        elif r < 0.5:
            stacks.append(rng.randint(5 * big, 40 * big))
        else:
            stacks.append(rng.randint(40 * big, 200 * big))
    return stacks


def play_one(rng: random.Random, variant: str) -> Hand:
    n = rng.choice([2, 2, 3, 4, 5, 6, 6, 7, 8, 9, 10])
    config = random_config(rng, variant, n)
    hand = Hand(config, random_stacks(rng, n, config.big_blind), button=rng.randrange(n),
                deck=shuffled_deck(random.Random(rng.getrandbits(64))))
    while not hand.is_over:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.facing_bet and r < 0.08:
            hand.apply(Action.fold())
        elif r < 0.33 and (legal.can_bet or legal.can_raise):
            top = min(legal.max_to, legal.all_in_to)
            pick = rng.random()
            if variant == "FT" or pick < 0.4:
                amount = min(legal.min_to, top)
            elif pick < 0.7:
                amount = top
            else:
                amount = rng.randint(min(legal.min_to, top), top)
            hand.apply(Action.bet(amount) if legal.can_bet else Action.raise_to(amount))
        else:
            hand.apply(Action.check() if legal.can_check else Action.call())
    return hand


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mix", default="NT:0.6,PT:0.2,FT:0.2", help="variant weights")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    mix = [(v, float(w)) for v, w in (part.split(":") for part in args.mix.split(","))]
    rng = random.Random(args.seed)
    histories = []
    for _ in range(args.hands):
        variant = rng.choices([v for v, _ in mix], [w for _, w in mix])[0]
        histories.append(history_from_hand(play_one(rng, variant)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(dumps_all(histories))
    print(json.dumps({"hands": args.hands, "file": str(args.out)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
