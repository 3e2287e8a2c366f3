"""Does the window keep its frame times while a recognizer decodes on the same two cores?

The game's listener is a child process; when the player speaks it decodes the command
(Whisper's encoder and beam search use both cores for ~0.1 s).  This runs the frame-time
benchmark's game (`holdem play --spectate --hands N --speed F --frame-stats FILE`, as
benchmarks/ui does) three ways, side by side in one run:

- alone;
- beside a process that loads the engine and decodes a spoken corpus command every
  ``--every`` seconds, as a player giving a command every couple of seconds would make
  the listener do (the corpus clips, through the recognizer's own ``decode``);

and prints frame p50 / p99 for each, with how many commands were decoded meanwhile.

    xvfb-run -a -s "-screen 0 1280x800x24" python -m benchmarks.voice.frames
    SDL_VIDEODRIVER=dummy python -m benchmarks.voice.frames --engines whisper
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from benchmarks.ui.bench import play

OUT = Path(__file__).resolve().parents[2] / "benchmarks" / "out" / "voice"

_DECODER = r"""
import json, sys, time, wave
engine, every, clips = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
if engine == "whisper":
    from voice.recognizers.whisper_backend import WhisperRecognizer as R
else:
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer as R
rec = R()
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
    sys.stderr.write(json.dumps({"decoded": n, "ms": round(times[-1], 1)}) + "\n")
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
    args = ap.parse_args(argv)
    manifest = [json.loads(line) for line in
                (args.out / "manifest.jsonl").read_text().splitlines() if line]
    clips = [str(args.out / r["file"]) for r in manifest[::97]][:10]
    game = ["--spectate", "--hands", str(args.hands), "--speed", str(args.speed), "--seed", "1"]
    rows = [("none", play(game, timeout=1800), 0)]
    for engine in args.engines.split(","):
        proc = subprocess.Popen([sys.executable, "-c", _DECODER, engine, str(args.every),
                                 *clips], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        assert proc.stdout is not None
        proc.stdout.readline()  # "ready": the model is loaded before the game starts
        t0 = time.perf_counter()
        frames = play(game, timeout=1800)
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        decoded = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
        rows.append((engine, frames, len(decoded)))
        print(f"{engine}: {len(decoded)} commands decoded in {time.perf_counter() - t0:.0f} s",
              file=sys.stderr)
    print("| decoding beside the window | frames | frame p50 ms | frame p99 ms | commands "
          "decoded |\n|---|---|---|---|---|")
    for engine, frames, decoded in rows:
        print(f"| {engine} | {frames['frames']} | {frames['frame_ms_p50']} "
              f"| {frames['frame_ms_p99']} | {decoded} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
