"""Does the window keep its frame times while a recognizer decodes on the same two cores?

The game's listener is a child process; when the player speaks it decodes the command
(Whisper's encoder and beam search use both cores for ~0.1 s).  This runs the frame-time
benchmark's game (`holdem play --spectate --hands N --speed F --frame-stats FILE`, as
benchmarks/ui does) alone and then beside a process that loads each engine and decodes a
spoken corpus command every ``--every`` seconds, as a player giving a command every couple
of seconds would make the listener do (the corpus clips, through the recognizer's own
``decode``), side by side in one run.  ``--nice``: the niceness each engine decodes at, by
default 0 and the game's listener process's own (``LISTENER_NICENESS``).  The engine
``combined`` is the game's own listener (the table fit, PocketSphinx and the plain model
beside them); ``--plain-rows`` takes its clips from a benchmark run's rows where the plain
model was asked, so that most commands decoded run all three.  It prints frame p50 / p99
for each, how many commands were decoded meanwhile (and with the plain model asked), and
how long they took.

    xvfb-run -a -s "-screen 0 1280x800x24" python -m benchmarks.voice.frames
    SDL_VIDEODRIVER=dummy python -m benchmarks.voice.frames --engines whisper
    SDL_VIDEODRIVER=dummy python -m benchmarks.voice.frames --engines combined --plain-rows R.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from itertools import product
from pathlib import Path

from benchmarks.engine.bench import pct
from benchmarks.ui.bench import play
from game.ui.listener_process import LISTENER_NICENESS

OUT = Path(__file__).resolve().parents[2] / "benchmarks" / "out" / "voice"

_DECODER = r"""
import json, sys, time, wave
from game.ui.listener_process import yield_to_window
engine, every, niceness, clips = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
yield_to_window(niceness)  # as the game's listener process starts
if engine == "combined":
    from voice.recognizers import open_recognizer
    rec = open_recognizer("whisper")
elif engine == "whisper":
    from voice.recognizers.whisper_backend import WhisperRecognizer
    rec = WhisperRecognizer()
else:
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    rec = PocketSphinxRecognizer()
pcms = []
for clip in clips:
    with wave.open(clip) as w:
        pcms.append(w.readframes(w.getnframes()))
print("ready", flush=True)
n, i = 0, 0
times = []
while True:
    t0 = time.perf_counter()
    rec.decode(pcms[i % len(pcms)])
    times.append(1000 * (time.perf_counter() - t0))
    n, i = n + 1, i + 1
    third = getattr(rec, "last_plain", None) is not None
    sys.stderr.write(json.dumps({"decoded": n, "ms": round(times[-1], 1), "plain": third}) + "\n")
    sys.stderr.flush()
    time.sleep(max(0.0, every - (time.perf_counter() - t0)))
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.frames", description=__doc__)
    ap.add_argument("--engines", default="whisper,pocketsphinx")
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--speed", type=float, default=4.0)
    ap.add_argument("--every", type=float, default=2.0,
                    help="seconds from one decoded command to the next")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--nice", default=f"0,{LISTENER_NICENESS}",
                    help="comma list: each engine decodes at each of these niceness values "
                    "(the window stays at its own; the game's listener process runs at "
                    "LISTENER_NICENESS)")
    ap.add_argument("--plain-rows", type=Path, default=None,
                    help="a combined run's rows: decode the clips where the plain model "
                    "was asked")
    args = ap.parse_args(argv)
    if args.plain_rows is not None:
        asked = [r for r in map(json.loads, args.plain_rows.read_text().splitlines())
                 if "plain" in r]
        clips = [str(args.out / r["file"]) for r in asked[::max(1, len(asked) // 10)]][:10]
    else:
        manifest = [json.loads(line) for line in
                    (args.out / "manifest.jsonl").read_text().splitlines() if line]
        clips = [str(args.out / r["file"]) for r in manifest[::97]][:10]
    game = ["--spectate", "--hands", str(args.hands), "--speed", str(args.speed), "--seed", "1"]
    rows = [("none", play(game, timeout=1800), 0, 0, "-")]
    for engine, niceness in product(args.engines.split(","), args.nice.split(",")):
        proc = subprocess.Popen([sys.executable, "-c", _DECODER, engine, str(args.every),
                                 niceness, *clips], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        proc.stdout.readline()  # "ready": the model is loaded before the game starts
        t0 = time.perf_counter()
        frames = play(game, timeout=1800)
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        decoded = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
        ms = [d["ms"] for d in decoded]
        took = f"{pct(ms, 0.5):.0f} / {pct(ms, 0.95):.0f}" if ms else "-"
        rows.append((f"{engine}, nice {niceness}", frames, len(decoded),
                     sum(d["plain"] for d in decoded), took))
        print(f"{engine}: {len(decoded)} commands decoded in {time.perf_counter() - t0:.0f} s",
              file=sys.stderr)
    print("| decoding beside the window | frames | frame p50 ms | frame p99 ms | commands "
          "decoded | of them with the plain model asked | decode p50 / p95 ms |\n"
          "|---|---|---|---|---|---|---|")
    for engine, frames, decoded, third, took in rows:
        print(f"| {engine} | {frames['frames']} | {frames['frame_ms_p50']} "
              f"| {frames['frame_ms_p99']} | {decoded} | {third} | {took} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
