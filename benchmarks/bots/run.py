"""Bot figures from the command line; each prints one JSON object (see README.md).

    python -m benchmarks.bots.run styles   --hands 20000 --seed 1
    python -m benchmarks.bots.run winrate  --hands 50000 --hero tag:hard --vs station
    python -m benchmarks.bots.run table    --hands 30000  # tag:hard + the five others
    python -m benchmarks.bots.run timing   --hands 1000
    python -m benchmarks.bots.run speech   --seconds 20

``styles`` runs ``holdem simulate`` (the contract command) over a six-seat table of every
style; ``winrate`` is a heads-up match on this package's own table (stacks reset to 100
big blinds every hand, seats swapped every other hand, button every hand) so hands are
independent and bb/100 gets a 95 % confidence interval; ``table`` is the same for a
full lineup (every bot in every seat); ``timing`` measures decisions at
a six-seat table of hard bots (the most expensive: multiway equity against narrowed
ranges); ``speech`` is the frame-loop and event-to-audio measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from .table import run as run_table

ALL_STYLES = "station,rock,tag,lag,maniac,random"


def styles(hands: int, seed: int, bots: str) -> dict:
    exe = shutil.which("holdem") or str(Path(sys.executable).with_name("holdem"))
    t0 = time.perf_counter()
    out = subprocess.run([exe, "simulate", "--hands", str(hands), "--seed", str(seed),
                          "--bots", bots], capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    result["wall_seconds"] = round(time.perf_counter() - t0, 1)
    result["command"] = f"holdem simulate --hands {hands} --seed {seed} --bots {bots}"
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.bots.run")
    sub = p.add_subparsers(dest="what", required=True)
    s = sub.add_parser("styles")
    s.add_argument("--hands", type=int, default=20000)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--bots", default=ALL_STYLES)
    w = sub.add_parser("winrate")
    w.add_argument("--hands", type=int, default=50000)
    w.add_argument("--seed", type=int, default=1)
    w.add_argument("--hero", default="tag:hard")
    w.add_argument("--vs", default="station")
    w.add_argument("--seats", type=int, default=2, help="hero + seats-1 copies of --vs")
    tb = sub.add_parser("table")
    tb.add_argument("--hands", type=int, default=30000)
    tb.add_argument("--seed", type=int, default=1)
    tb.add_argument("--bots", default="tag:hard,station,rock,lag,maniac,random")
    t = sub.add_parser("timing")
    t.add_argument("--hands", type=int, default=1000)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--bots", default="tag:hard,lag:hard,rock:hard,station:hard,maniac:hard,"
                                     "tag:hard")
    sp = sub.add_parser("speech")
    sp.add_argument("--seconds", type=float, default=20.0)
    sp.add_argument("--every", type=float, default=0.5)
    args = p.parse_args(argv)
    if args.what == "styles":
        result = styles(args.hands, args.seed, args.bots)
    elif args.what == "winrate":
        lineup = ",".join([args.hero] + [args.vs] * (args.seats - 1))
        result = run_table(lineup, args.hands, seed=args.seed)
    elif args.what == "table":
        result = run_table(args.bots, args.hands, seed=args.seed)
    elif args.what == "timing":
        result = run_table(args.bots, args.hands, seed=args.seed)
        result.pop("players")
    else:
        from .speech_frames import run as run_speech

        result = run_speech(args.seconds, args.every)
    result["cpu_count"] = os.cpu_count()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
