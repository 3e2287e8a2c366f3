"""Replay benchmark: `holdem replay` hands/second beside PokerKit, plus a finishing-stack check.

    nice -n 10 .venv/bin/python -m benchmarks.replay.run            # 2000 hands, seed 1
    nice -n 10 .venv/bin/python -m benchmarks.replay.run --hands 500 --repeat 5

1. PokerKit lives only in its own venv, ``benchmarks/.venv-bench`` (made here on first run,
   ``pokerkit==0.7.7``); it is never a dependency of the game.
2. PokerKit generates showdown-heavy random hands (NT/PT/FT, 2-10 seats, random stacks,
   antes, straddles, short stacks) into one ``.phhs`` file under ``benchmarks/out/``.
3. Both replayers run as whole commands on that file, in the same run, one after the
   other: ``holdem replay FILE`` and ``pokerkit_replay.py FILE`` (same JSON lines).  The
   figure is hands / wall-clock second of the whole process (start-up and imports
   included), median of ``--repeat`` runs; PokerKit's in-process rate is shown too.
4. Every hand's finishing stacks are compared.  Disagreements are explained when they come
   from a rule on which the game's rule documents and PokerKit differ:
   - ``odd_chips``: each side pot is split on its own and its odd chips go one at a time
     from the first winner left of the button (000/001); PokerKit gives a pot's whole
     remainder to the first winner and merges side pots whose *remaining* contenders are
     the same.  Recognised when only tied winners differ, by at most one chip per split pot
     and the differences sum to zero.
   - ``short_big_blind``: a big blind all in for less than the scheduled amount — by 000
     §8 the others must still call the full big blind; PokerKit lets them call the amount
     posted.  Confirmed by replaying again with the big blind lowered to what was posted.
   - ``straddle_min_raise``: our straddle acts as the big blind it doubles (raise to at
     least twice the straddle); PokerKit's raise step stays the big blind.
   - ``short_all_in_reopening``: a short all-in that is the first bet or raise of a round
     does not reopen the betting for players who already acted (001 §7.5: the last full
     raise starts at the big blind / bet unit); PokerKit counts it as a full raise (its
     last-raise amount starts at 0) and lets them raise.  Recognised by our error.
   - ``short_ante``: a player all in for less than the ante.  001 §8 layers pots by each
     player's whole contribution, antes included, so that player's main pot holds only
     what everyone matched of their chips; PokerKit puts every ante into the main pot.
   - ``uncallable_raise`` (``--source engine``): the engine offers a raise when the only
     players left with chips cannot cover the current bet; PokerKit rejects it ("no reason
     to complete, bet, or raise").  The raise is refunded, so stacks are never at stake.
   Anything else is ``unexplained`` (or ``pokerkit_error``) and listed with its hand index:
   an engine bug to report, or a PokerKit one.

``--source engine`` turns the check around: our engine plays the hands
(``generate_engine.py``), ``game.phh.export`` writes them, and PokerKit replays our files.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
BENCH_VENV = ROOT / "benchmarks" / ".venv-bench"
OUT = ROOT / "benchmarks" / "out"
POKERKIT = "pokerkit==0.7.7"


def bench_python() -> Path:
    """The benchmark venv's python, created with PokerKit on first use."""
    python = BENCH_VENV / "bin" / "python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(BENCH_VENV)], check=True)
    probe = subprocess.run([str(python), "-c", "import pokerkit"], capture_output=True)
    if probe.returncode:
        subprocess.run([str(python), "-m", "pip", "install", "-q", POKERKIT], check=True)
    return python


def holdem_command() -> list[str]:
    script = Path(sys.executable).with_name("holdem")
    return [str(script)] if script.exists() else [sys.executable, "-m", "game"]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], repeat: int) -> tuple[list[float], list[float], str]:
    """Wall-clock and CPU seconds (user + system) of each run, and the last run's output.

    CPU time is reported beside wall time because the machine is shared: other work slows
    the wall clock of both replayers, their CPU time much less.
    """
    times, cpu, out = [], [], ""
    for _ in range(repeat):
        cpu_before = _children_cpu()
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
        cpu.append(_children_cpu() - cpu_before)
        if done.returncode:
            raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
        out = done.stdout
    return times, cpu, out


def parse_lines(text: str) -> dict[int, dict]:
    rows = {}
    for line in text.splitlines():
        if line.startswith('{"index"'):
            row = json.loads(line)
            rows[row["index"]] = row
    return rows


def classify(history, ours: dict, theirs: dict, source: str = "pokerkit") -> str:
    """Why our finishing stacks differ from PokerKit's for this hand (see the docstring).

    ``source`` is who played the hand.  Engine-played hands follow our rules, so a short
    big blind cannot be confirmed by replaying them PokerKit's way (the actions that follow
    differ): there the short big blind itself is the explanation.
    """
    import dataclasses

    from game.engine.events import PotAwarded
    from game.phh.errors import PhhError
    from game.phh.replay import replay, setup

    s = setup(history)
    bb_seat = 0 if len(s.stacks) == 2 else 1  # heads-up the big blind is p1
    posted = s.stacks[bb_seat] - s.antes[bb_seat]
    short_big_blind = 0 <= posted < s.config.big_blind and len(history.blinds_or_straddles) > 1
    their_error = theirs.get("error", "")
    if their_error:  # PokerKit rejects a hand the engine played (the reverse check)
        if "no reason to complete, bet, or raise" in their_error:
            return "uncallable_raise"
        if short_big_blind:
            return "short_big_blind"
        return "pokerkit_error"
    error = ours.get("error", "")
    if "minimum raise" in error and sum(1 for b in s.config.blinds if b) >= 3:
        return "straddle_min_raise"
    if "did not reopen the betting" in error:
        return "short_all_in_reopening"
    if any(stack < ante for stack, ante in zip(s.stacks, s.antes)):
        return "short_ante"
    reasons = []
    if short_big_blind and source == "engine":
        return "short_big_blind"
    if short_big_blind:
        # Replay again the PokerKit way: the others call only what the big blind posted.
        blinds = list(history.blinds_or_straddles)
        blinds[1] = s.scale.to_number(max(posted, 0))
        history = dataclasses.replace(history, blinds_or_straddles=blinds)
        reasons.append("short_big_blind")
    try:
        result = replay(history)
    except PhhError:
        return "unexplained"
    expected = theirs.get("finishing_stacks", [])
    if result.chips == expected and reasons:
        return "+".join(reasons)
    # Odd chips: only tied winners differ, each by at most one chip per split pot.
    splits = [e.winners for e in result.hand.events
              if isinstance(e, PotAwarded) and len(e.winners) > 1]
    tied = {seat for winners in splits for seat in winners}
    diffs = [a - b for a, b in zip(result.chips, expected)]
    if splits and sum(diffs) == 0 and all(
        d == 0 or (seat in tied and abs(d) <= len(splits)) for seat, d in enumerate(diffs)
    ):
        return "+".join([*reasons, "odd_chips"])
    return "unexplained"


def cross_check(
    path: Path, ours: dict[int, dict], theirs: dict[int, dict], source: str = "pokerkit"
) -> dict:
    from game.phh.reader import read_file

    histories = list(read_file(path))
    categories: dict[str, list[int]] = {}
    agree = 0
    for index, history in enumerate(histories):
        a, b = ours.get(index, {}), theirs.get(index, {})
        if "finishing_stacks" in a and a.get("finishing_stacks") == b.get("finishing_stacks"):
            agree += 1
            continue
        if isinstance(history, Exception):
            reason = "unexplained"
        else:
            reason = classify(history, a, b, source)
        categories.setdefault(reason, []).append(index)
    showdowns = sum(
        1 for h in histories
        if not isinstance(h, Exception) and any(" sm " in a for a in h.actions)
    )
    return {
        "hands": len(histories),
        "showdown_hands": showdowns,
        "agree": agree,
        "disagree": {k: len(v) for k, v in sorted(categories.items())},
        "examples": {
            k: v if k in ("unexplained", "pokerkit_error") else v[:10]
            for k, v in sorted(categories.items())
        },
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="holdem replay vs PokerKit, hands/second")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of holdem replay (median)")
    parser.add_argument("--pokerkit-repeat", type=int, default=1)
    parser.add_argument("--file", type=Path, help="replay this .phhs instead of generating one")
    parser.add_argument("--source", choices=["pokerkit", "engine"], default="pokerkit",
                        help="who plays the generated hands: PokerKit (default) or our engine")
    parser.add_argument("--reuse-pokerkit", action="store_true",
                        help="take PokerKit's output and time from its last run on this file")
    args = parser.parse_args(argv)
    python = bench_python()
    OUT.mkdir(parents=True, exist_ok=True)
    prefix = "replay-hands" if args.source == "pokerkit" else "replay-engine-hands"
    path = args.file or OUT / f"{prefix}-{args.hands}-seed{args.seed}.phhs"
    if not path.exists():
        size = ["--hands", str(args.hands), "--seed", str(args.seed), "--out", str(path)]
        if args.source == "pokerkit":
            generator = [str(python), str(HERE / "generate.py")]
        else:
            generator = [sys.executable, "-m", "benchmarks.replay.generate_engine"]
        subprocess.run([*generator, *size], capture_output=True, text=True, check=True, cwd=ROOT)
    ours_times, ours_cpu, ours_out = timed([*holdem_command(), "replay", str(path)], args.repeat)
    saved = path.with_suffix(".pokerkit.json")
    if args.reuse_pokerkit and saved.exists():
        data = json.loads(saved.read_text())
        pk_times, pk_out = data["times"], data["out"]
        pk_cpu = data.get("cpu", pk_times)
    else:
        pk_times, pk_cpu, pk_out = timed(
            [str(python), str(HERE / "pokerkit_replay.py"), str(path), "--timing"],
            args.pokerkit_repeat,
        )
        saved.write_text(json.dumps({"times": pk_times, "cpu": pk_cpu, "out": pk_out}))
    path.with_suffix(".holdem.jsonl").write_text(ours_out)
    ours, theirs = parse_lines(ours_out), parse_lines(pk_out)
    pk_inproc = json.loads(pk_out.strip().splitlines()[-1])
    hands = len(theirs)
    check = cross_check(path, ours, theirs, args.source)
    ours_s, pk_s = statistics.median(ours_times), statistics.median(pk_times)
    ours_c, pk_c = statistics.median(ours_cpu), statistics.median(pk_cpu)
    report = {
        "file": str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path),
        "played_by": args.source if not args.file else None,
        "hands": hands,
        "showdown_hands": check["showdown_hands"],
        "cpus": os.cpu_count(),
        "holdem_replay": {
            "seconds": round(ours_s, 3),
            "hands_per_second": round(hands / ours_s, 1),
            "runs": [round(t, 3) for t in ours_times],
            "cpu_seconds": round(ours_c, 3),
            "hands_per_cpu_second": round(hands / ours_c, 1),
        },
        "pokerkit": {
            "seconds": round(pk_s, 3),
            "hands_per_second": round(hands / pk_s, 1),
            "cpu_seconds": round(pk_c, 3),
            "hands_per_cpu_second": round(hands / pk_c, 1),
            "in_process_hands_per_second": round(hands / pk_inproc["in_process_seconds"], 1),
            "version": POKERKIT,
        },
        "speedup": round(pk_s / ours_s, 2),
        "speedup_cpu": round(pk_c / ours_c, 2),
        "goal_speedup": 5,
        "cross_check": check,
    }
    name = "replay.json" if args.source == "pokerkit" else "replay-engine.json"
    (OUT / name).write_text(json.dumps(report, indent=2) + "\n")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
