"""Session figures: simulate throughput, journal cost per action, resume time after a kill.

    nice -n 10 .venv/bin/python -m benchmarks.session.run [--hands 10000] [--resume-hands 10000]
        [--stage all|throughput|journal|resume]

1. ``holdem simulate`` with four random bots and no journal: hands/s, actions/s and
   actions/min (the floor is 100,000 actions a minute; the goal 600,000) — best of three.
2. Journal write cost per action: the same session with ``--journal`` minus without,
   divided by the actions; and the bare ``Journal.log_action`` (INSERT + commit, WAL,
   synchronous=NORMAL) in a loop.
3. Resume after SIGKILL: a journaled ``holdem simulate`` is killed once it has journaled
   at least N hands; the time to rebuild the table by replaying the journal is measured
   (in-process ``resume``, and the whole ``holdem simulate`` command resuming and playing
   one more hand).

Prints one JSON object; figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.cli import main as holdem
from game.session.journal import Journal
from game.session.recovery import resume
from game.session.rules import HouseRules
from game.session.table import SeatSpec, Table

BOTS = "random,random,random,random"


def simulate(hands: int, journal: str | None = None, seed: int = 1) -> dict:
    args = ["simulate", "--hands", str(hands), "--seed", str(seed), "--bots", BOTS]
    if journal:
        args += ["--journal", journal]
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rc = holdem(args)
    assert rc == 0
    return json.loads(buf.getvalue())


def throughput(hands: int) -> dict:
    runs = [simulate(hands) for _ in range(3)]
    best = min(runs, key=lambda r: r["seconds"])
    aps = best["actions"] / best["seconds"]
    return {"hands": best["hands"], "actions": best["actions"], "seconds": best["seconds"],
            "hands_per_second": round(best["hands"] / best["seconds"], 1),
            "actions_per_second": round(aps, 1), "actions_per_minute": round(aps * 60),
            "floor_actions_per_minute": 100_000, "goal_actions_per_minute": 600_000}


def journal_cost(hands: int, tmp: Path) -> dict:
    plain = min((simulate(hands) for _ in range(2)), key=lambda r: r["seconds"])
    best = None
    for i in range(2):
        f = tmp / f"cost{i}.sqlite"
        r = simulate(hands, str(f))
        if best is None or r["seconds"] < best["seconds"]:
            best = r
    assert best is not None
    per_action = (best["seconds"] - plain["seconds"]) / best["actions"]
    # The bare write: one INSERT + commit per action.
    t = Table(HouseRules(), [SeatSpec("A"), SeatSpec("B")], seed=1,
              journal=Journal.open(tmp / "bare.sqlite"))
    j = t.journal
    assert j is not None
    n = 20_000
    t0 = time.perf_counter()
    for i in range(n):
        j.log_action(i % 2, "call", 0)
    bare = (time.perf_counter() - t0) / n
    return {"hands": hands, "actions": best["actions"],
            "seconds_without_journal": plain["seconds"], "seconds_with_journal": best["seconds"],
            "journal_us_per_action": round(per_action * 1e6, 1),
            "bare_log_action_us": round(bare * 1e6, 1)}


def _hands(path: Path) -> int:
    try:
        c = sqlite3.connect(path, timeout=10)
        try:
            return c.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
        finally:
            c.close()
    except sqlite3.Error:
        return 0


def resume_time(hands: int, tmp: Path) -> dict:
    f = tmp / "killed.sqlite"
    cmd = [sys.executable, "-m", "game.cli", "simulate", "--hands", str(hands * 3), "--seed", "3",
           "--bots", BOTS, "--journal", str(f)]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    while _hands(f) < hands and p.poll() is None:
        time.sleep(0.2)
    p.send_signal(signal.SIGKILL)
    p.wait()
    journaled = _hands(f)
    t0 = time.perf_counter()
    t = resume(Journal.open(f))
    in_process = time.perf_counter() - t0
    mid_hand = t.hand is not None and not t.hand.is_over
    actions = t.actions
    # The whole command: start Python, replay, play one more hand, print.
    t0 = time.perf_counter()
    subprocess.run([*cmd[:5], str(t.hand_number + 1), *cmd[6:]], check=True,
                   stdout=subprocess.DEVNULL)
    command = time.perf_counter() - t0
    return {"journaled_hands": journaled, "journaled_actions": actions,
            "killed_mid_hand": mid_hand, "resume_seconds": round(in_process, 3),
            "resume_command_seconds": round(command, 3)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--journal-hands", type=int, default=3_000)
    ap.add_argument("--resume-hands", type=int, default=10_000)
    ap.add_argument("--stage", choices=("all", "throughput", "journal", "resume"), default="all")
    a = ap.parse_args(argv)
    stages = {
        "simulate_random_bots_no_journal": ("throughput", lambda tmp: throughput(a.hands)),
        "journal_write_cost": ("journal", lambda tmp: journal_cost(a.journal_hands, tmp)),
        "resume_after_kill": ("resume", lambda tmp: resume_time(a.resume_hands, tmp)),
    }
    out: dict[str, object] = {"cpu_count": os.cpu_count()}
    with tempfile.TemporaryDirectory() as d:
        for name, (stage, fn) in stages.items():
            if a.stage not in ("all", stage):
                continue
            out[name] = fn(Path(d))
            # Each figure as soon as it is measured (a long run killed late keeps the rest).
            print(json.dumps({name: out[name]}), file=sys.stderr, flush=True)
    out["load_average_1min"] = round(os.getloadavg()[0], 2)
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
