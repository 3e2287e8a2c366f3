"""Resident memory of the listener's recognizer, per engine.

Each engine is loaded in a fresh process (as the game's listener child process loads it),
decodes a few corpus clips, and reports its resident set (VmRSS) and peak (VmHWM) from
/proc, beside a process that only imported numpy (the floor every listener pays).

    python -m benchmarks.voice.memory
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "benchmarks" / "out" / "voice"
ENGINES = ("none", "pocketsphinx", "whisper", "combined")

_CHILD = r"""
import json, sys, wave
from pathlib import Path
engine, clips = sys.argv[1], sys.argv[2:]
import numpy  # noqa: F401
rec = None
if engine == "pocketsphinx":
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    rec = PocketSphinxRecognizer()
elif engine == "whisper":
    from voice.recognizers.whisper_backend import WhisperRecognizer
    rec = WhisperRecognizer()
elif engine == "combined":
    from voice.recognizers.combined import CombinedRecognizer
    rec = CombinedRecognizer()
for clip in clips if rec is not None else []:
    with wave.open(clip) as w:
        rec.decode(w.readframes(w.getnframes()))
status = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines()
              if ":" in line)
print(json.dumps({k: int(status[k].split()[0]) // 1024 for k in ("VmRSS", "VmHWM")}))
"""


def measure(engine: str, clips: list[str]) -> dict[str, int]:
    out = subprocess.run([sys.executable, "-c", _CHILD, engine, *clips], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks.voice.memory", description=__doc__)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--clips", type=int, default=5)
    args = ap.parse_args(argv)
    manifest = [json.loads(line) for line in
                (args.out / "manifest.jsonl").read_text().splitlines() if line]
    clips = [str(args.out / r["file"]) for r in manifest[:: max(1, len(manifest) // args.clips)]]
    print("| engine | resident MB after decoding | peak MB |\n|---|---|---|")
    for engine in ENGINES:
        got = measure(engine, clips[: args.clips])
        print(f"| {engine} | {got['VmRSS']} | {got['VmHWM']} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
