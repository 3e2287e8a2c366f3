"""Frame times and start-up of the game window, through `holdem play` as a player runs it.

    xvfb-run -a -s "-screen 0 1280x800x24" nice -n 10 .venv/bin/python -m benchmarks.ui.bench

(or `benchmarks/ui/run.sh`, which does exactly that).  Two measurements:

1. Frame times: `holdem play --spectate --hands N --speed F --frame-stats FILE` — bots play
   N hands with animations and think time sped up F times while every frame's interval is
   recorded (ARCHITECTURE.md contract).  Goal: 60 FPS, frame p99 < 20 ms under Xvfb.
2. Start-up: `holdem play --hands 1 --quit-after 1 --voice pocketsphinx --frame-stats FILE`
   — the human's table, no Vosk model; ``startup_ms`` is process start to the first frame of
   the interactive table.  Goal: < 2000 ms.  Repeated, median reported.

Output: a summary table and one JSON line, also written to benchmarks/out/ui.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def play(args: list[str], timeout: float) -> dict:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "frames.json"
        env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", TABLE_TALK_DATA_DIR=d)
        cmd = [sys.executable, "-m", "game.cli", "play", *args, "--frame-stats", str(out)]
        t0 = time.perf_counter()
        r = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=timeout)
        wall = time.perf_counter() - t0
        if r.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({r.returncode}): {r.stderr[-800:]}")
        data = json.loads(out.read_text())
        data["wall_seconds"] = round(wall, 2)
        return data


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=30)
    ap.add_argument("--speed", type=float, default=4.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--startups", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "benchmarks" / "out" / "ui.json"))
    a = ap.parse_args(argv)
    if not os.environ.get("DISPLAY") and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        print("no DISPLAY: run under xvfb-run (see benchmarks/ui/run.sh)", file=sys.stderr)
        return 2
    frames = play(["--spectate", "--hands", str(a.hands), "--speed", str(a.speed),
                   "--seed", str(a.seed)], timeout=1800)
    starts = [play(["--hands", "1", "--quit-after", "1", "--voice", "pocketsphinx",
                    "--seed", str(a.seed)], timeout=120)["startup_ms"]
              for _ in range(a.startups)]
    load = os.getloadavg()
    result = {
        "benchmark": "ui",
        "display": "dummy" if os.environ.get("SDL_VIDEODRIVER") == "dummy" else "x11",
        "hands": frames.get("hands"), "speed": a.speed,
        "frames": frames["frames"], "seconds": frames["seconds"],
        "fps_mean": frames["fps_mean"], "frame_ms_p50": frames["frame_ms_p50"],
        "frame_ms_p99": frames["frame_ms_p99"], "frame_ms_max": frames.get("frame_ms_max"),
        "work_ms_p50": frames.get("work_ms_p50"), "work_ms_p99": frames.get("work_ms_p99"),
        "present_ms_p99": frames.get("present_ms_p99"),
        "cpu_ms_per_frame": frames.get("cpu_ms_per_frame"),
        "spectate_startup_ms": frames["startup_ms"],
        "startup_ms_median": round(statistics.median(starts), 1),
        "startup_ms_runs": [round(s, 1) for s in starts],
        "loadavg_1m": round(load[0], 2),
        "goals": {"fps": 60, "frame_ms_p99": 20, "startup_ms": 2000},
    }
    print(f"frames {result['frames']} over {result['seconds']} s, {result['hands']} hands "
          f"at speed {a.speed}")
    print(f"fps mean {result['fps_mean']}   frame p50 {result['frame_ms_p50']} ms   "
          f"p99 {result['frame_ms_p99']} ms   (work p99 {result['work_ms_p99']} ms)")
    print(f"CPU of the game process per frame: {result['cpu_ms_per_frame']} ms "
          "(all its threads; the bot process not counted)")
    print(f"start-up to the interactive table: median {result['startup_ms_median']} ms "
          f"{result['startup_ms_runs']}   load average {result['loadavg_1m']}")
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
