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
   from a rule on which docs/RULES.md and PokerKit differ:
   - ``odd_chips``: each side pot is split on its own and its odd chips go one at a time
     from the first winner left of the button (docs/RULES.md §4.5); PokerKit gives a pot's
     whole remainder to the first winner and merges side pots whose *remaining* contenders
     are the same.  Recognised when only tied winners differ, by at most one chip per split
     pot and the differences sum to zero.
   - ``short_big_blind`` / ``short_straddle``: a big blind or straddle posted short, or not
     at all because the ante put its poster all in.  The scheduled amount still sets the
     call and the raise (docs/RULES.md §2.4, §2.5); PokerKit lets the others call the amount
     posted.  Confirmed by replaying again with the forced bets lowered to what was posted.
   - ``straddle_min_raise``: our straddle acts as the big blind it doubles (raise to at
     least twice the straddle); PokerKit's raise step stays the big blind.
   - ``short_all_in_reopening``: a short all-in does not reopen the betting for players who
     already acted (no-limit and pot-limit: the last full raise starts at the big blind or
     bet unit, docs/RULES.md §3.5; fixed limit: all-ins under half a bet, §3.6).  PokerKit
     counts the round's first bet or raise as full whatever its size.  Explained only when
     the round's actions, worked out again here, show that every wager since the refused
     player last acted was an all-in and that together they make less than a full raise
     (fixed limit: each under half a bet and together under a bet).  Any other "did not
     reopen" refusal is ``unexplained``: an engine bug.
   - ``fixed_limit_completion``: facing an all-in opening bet under half a bet, a player
     calls it or completes it to the full bet (docs/RULES.md §3.6); PokerKit raises a full
     bet over it (13 of 50: PokerKit raises to 63, we complete to 50).  Confirmed from the
     round's actions the same way.
   - ``short_ante``: a player all in for less than the ante.  Pots are layered by each
     player's whole contribution, antes included (docs/RULES.md §4.3), so that player's main
     pot holds only what everyone matched of their chips; PokerKit puts every ante into the
     main pot.
   - ``uncallable_raise`` (``--source engine``): the engine offers a raise when the only
     players left with chips cannot cover the current bet; PokerKit rejects it ("no reason
     to complete, bet, or raise").  The raise is refunded, so stacks are never at stake.
   - ``fixed_limit_half_bet`` (``--source engine``): a fixed-limit all-in of at least half a
     bet reopened the betting and a player who had acted raised; PokerKit refuses ("Short
     all-in cannot be raised").  Confirmed from the round's actions.
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


def _short_forced_bets(s, blinds: list[int]) -> list[tuple[int, int]]:
    """(PHH index, chips posted) of each blind or straddle posted short: the poster's stack
    after the ante is below it (0 when the ante put them all in)."""
    n = len(s.stacks)
    short = []
    for index, blind in enumerate(blinds):
        if blind <= 0:
            continue
        seat = (1 - index) if n == 2 else index  # heads-up, PHH's first blind is p2's
        posted = max(0, s.stacks[seat] - s.antes[seat])
        if posted < blind:
            short.append((index, posted))
    return short


def _stand_before(history, error: str):
    """The hand as it stood when the engine refused the action named in ``error``."""
    import dataclasses
    import re

    from game.phh.errors import PhhError
    from game.phh.replay import replay_partial

    found = re.match(r"action (\d+) ", error)
    if found is None:
        return None
    cut = dataclasses.replace(history, actions=history.actions[: int(found.group(1)) - 1])
    try:
        return replay_partial(cut).hand
    except PhhError:  # an earlier action was refused too: nothing to work out here
        return None


def _round_wagers(hand) -> tuple[int, int, list]:
    """This betting round so far: (bet unit, current bet at its start, the Acted events)."""
    from game.engine import Structure
    from game.engine.events import Acted, BoardDealt, Street

    events = hand.events
    start = max((i for i, e in enumerate(events) if isinstance(e, BoardDealt)), default=-1) + 1
    cfg = hand.config
    if cfg.structure is Structure.FIXED_LIMIT:
        early = hand.street in (Street.PREFLOP, Street.FLOP)
        unit = cfg.small_bet if early else cfg.big_bet
    else:
        unit = cfg.opening_bet
    opening = max(cfg.blinds) if start == 0 else 0
    return unit, opening, [e for e in events[start:] if isinstance(e, Acted)]


def _wagers_since_last_acted(hand) -> tuple[bool, int, int, list[tuple[int, bool]]] | None:
    """For the player to act: (fixed limit?, bet unit, the full raise size as docs/RULES.md
    §3.4 tracks it, [(increase, all in) of each wager since they last acted this round])."""
    from game.engine import ActionKind, Structure

    if hand is None or hand.actor is None:
        return None
    unit, bet, acted = _round_wagers(hand)
    fixed = hand.config.structure is Structure.FIXED_LIMIT
    full = unit if fixed or bet == 0 else max(unit, bet)
    since: list[tuple[int, bool]] = []
    for event in acted:
        if event.action.kind in (ActionKind.BET, ActionKind.RAISE) and event.action.amount > bet:
            increase = event.action.amount - bet
            since.append((increase, event.all_in))
            if not fixed and increase >= full:
                full = increase
            bet = event.action.amount
        if event.seat == hand.actor:
            since = []
    return fixed, unit, full, since


def _short_all_ins_did_not_reopen(history, error: str) -> bool:
    """The rule (docs/RULES.md §3.5, §3.6), worked out again from the round's actions: every
    wager since the refused player last acted was an all-in, and together they make less
    than a full raise (no-limit, pot-limit) or each is under half a bet and together under
    a bet (fixed limit).  Only then is "did not reopen" a rule difference and not an engine
    bug."""
    found = _wagers_since_last_acted(_stand_before(history, error))
    if found is None:
        return False
    fixed, unit, full, since = found
    if not since or not all(all_in for _, all_in in since):
        return False
    total = sum(increase for increase, _ in since)
    if fixed:
        return total < unit and all(2 * increase < unit for increase, _ in since)
    return total < full


def _half_bet_all_in_reopened(history, error: str) -> bool:
    """Fixed limit, PokerKit refusing a raise we allow: the wagers since the raiser last
    acted were all-ins, one of at least half a bet or together a bet (docs/RULES.md §3.6;
    PokerKit reopens only for a full bet or raise)."""
    found = _wagers_since_last_acted(_stand_before(history, error))
    if found is None or not found[0]:
        return False
    _, unit, _, since = found
    total = sum(increase for increase, _ in since)
    return bool(since) and all(all_in for _, all_in in since) and (
        total >= unit or any(2 * increase >= unit for increase, _ in since))


def _completion_instead_of_raise(history, error: str) -> bool:
    """Fixed limit: the round was opened by an all-in bet under half a bet and nothing full
    came after it, so docs/RULES.md §3.6 offers a completion where PokerKit offers a raise."""
    from game.engine import ActionKind, Structure

    hand = _stand_before(history, error)
    if hand is None or hand.config.structure is not Structure.FIXED_LIMIT:
        return False
    unit, bet, acted = _round_wagers(hand)
    wagers = [e for e in acted if e.action.kind in (ActionKind.BET, ActionKind.RAISE)]
    return (
        bool(wagers) and wagers[0].action.kind is ActionKind.BET
        and all(e.all_in for e in wagers) and 2 * wagers[0].action.amount < unit
        and hand.current_bet < unit
    )


def _rule_of(history, error: str, straddled: bool) -> str | None:
    """The rule difference an engine error of ``history`` comes from, "unexplained" when the
    error names a rule the hand does not meet, None when it names none."""
    if "minimum raise" in error and straddled:
        return "straddle_min_raise"
    if "did not reopen the betting" in error:
        if _short_all_ins_did_not_reopen(history, error):
            return "short_all_in_reopening"
        return "unexplained"
    if "complete to" in error:
        if _completion_instead_of_raise(history, error):
            return "fixed_limit_completion"
        return "unexplained"
    return None


def classify(history, ours: dict, theirs: dict, source: str = "pokerkit") -> str:
    """Why our finishing stacks differ from PokerKit's for this hand (see the docstring).

    ``source`` is who played the hand.  Engine-played hands follow our rules, so a short
    big blind or straddle cannot be confirmed by replaying them PokerKit's way (the actions
    that follow differ): there the short forced bet itself is the explanation.
    """
    import dataclasses

    from game.engine.events import PotAwarded
    from game.phh.errors import PhhError
    from game.phh.replay import replay, setup

    s = setup(history)
    lowered = _short_forced_bets(
        s, [s.scale.to_chips(b, "blind") for b in history.blinds_or_straddles])
    # A short small blind sets no call; a short big blind or straddle is a rule difference.
    kinds = sorted({"short_big_blind" if i == 1 else "short_straddle" for i, _ in lowered if i})
    straddled = sum(1 for b in s.config.blinds if b) >= 3
    their_error = theirs.get("error", "")
    if their_error:  # PokerKit rejects a hand the engine played (the reverse check)
        if "no reason to complete, bet, or raise" in their_error:
            return "uncallable_raise"
        if "below the minimum" in their_error and _completion_instead_of_raise(
                history, their_error):
            return "fixed_limit_completion"
        if "cannot be raised" in their_error or "non-full all-in" in their_error:
            if _half_bet_all_in_reopened(history, their_error):
                return "fixed_limit_half_bet"
        if kinds:
            return "+".join(kinds)
        return "pokerkit_error"
    error = ours.get("error", "")
    if error:
        rule = _rule_of(history, error, straddled)
        if rule is not None:
            return rule
    if any(stack < ante for stack, ante in zip(s.stacks, s.antes)):
        return "short_ante"
    if kinds and source == "engine":
        return "+".join(kinds)
    if kinds:
        # Replay again the PokerKit way: the others call only what was posted.
        blinds = list(history.blinds_or_straddles)
        for index, posted in lowered:
            blinds[index] = s.scale.to_number(posted)
        history = dataclasses.replace(history, blinds_or_straddles=blinds)
    try:
        result = replay(history)
    except PhhError as exc:
        rule = _rule_of(history, str(exc), straddled) if kinds else None
        return "+".join([*kinds, rule]) if rule not in (None, "unexplained") else "unexplained"
    reasons = kinds
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
