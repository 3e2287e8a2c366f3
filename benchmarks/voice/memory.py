"""Resident memory and loading time of the listener's recognizer, per engine.

Each engine is loaded in a fresh process (as the game's listener child process loads it),
decodes a few corpus clips, and reports its resident set (VmRSS) and peak (VmHWM) from
/proc, beside a process that only imported numpy (the floor every listener pays), and how
long the recognizer took to build (its imports included).  The engines are loaded in
turn, ``--rounds`` times over, so that a busy machine slows each alike; the load time is
the median.  ``pocketsphinx-eager`` builds every PocketSphinx search with the recognizer,
as before session 55 (``pocketsphinx_backend.EAGER_SEARCHES``); ``combined-alone`` is the
pair without the plain model's third opinion (``voice.recognizers.third_opinion``), as
before session 64.

    python -m benchmarks.voice.memory
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "benchmarks" / "out" / "voice"
ENGINES = ("none", "pocketsphinx", "pocketsphinx-eager", "whisper", "combined-alone",
           "combined")

_CHILD = r"""
import json, sys, wave
from pathlib import Path
import time
engine, clips = sys.argv[1], sys.argv[2:]
import numpy  # noqa: F401
start = time.perf_counter()
rec = None
if engine.startswith("pocketsphinx"):
    from voice.recognizers import pocketsphinx_backend as pb
    if engine == "pocketsphinx-eager":
        pb.EAGER_SEARCHES = tuple(pb._SEARCHES)
    rec = pb.PocketSphinxRecognizer()
elif engine == "whisper":
    from voice.recognizers.whisper_backend import WhisperRecognizer
    rec = WhisperRecognizer()
elif engine.startswith("combined"):
    from voice.recognizers.combined import CombinedRecognizer
    rec = CombinedRecognizer(third_opinion=engine == "combined")
load_s = time.perf_counter() - start
for clip in clips if rec is not None else []:
    with wave.open(clip) as w:
        rec.decode(w.readframes(w.getnframes()))
status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
              if ":" in line)
print(json.dumps({**{k: int(status[k].split()[0]) // 1024 for k in ("VmRSS", "VmHWM")},
                  "load_s": load_s}))
"""


def measure(engine: str, clips: list[str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", _CHILD, engine, *clips], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.memory", description=__doc__)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--clips", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3, help="loads of each engine, in turn")
    args = ap.parse_args(argv)
    manifest = [json.loads(line) for line in
                (args.out / "manifest.jsonl").read_text().splitlines() if line]
    clips = [str(args.out / r["file"]) for r in manifest[:: max(1, len(manifest) // args.clips)]]
    runs: dict[str, list[dict[str, float]]] = {engine: [] for engine in ENGINES}
    for _ in range(args.rounds):
        for engine in ENGINES:
            runs[engine].append(measure(engine, clips[: args.clips]))
    print("| engine | resident MB after decoding | peak MB | load s (median) |\n|---|---|---|---|")
    for engine, got in runs.items():
        load = statistics.median(r["load_s"] for r in got)
        print(f"| {engine} | {got[-1]['VmRSS']:.0f} | {got[-1]['VmHWM']:.0f} | {load:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
