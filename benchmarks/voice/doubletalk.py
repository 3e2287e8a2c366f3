"""The band-wise double-talk detector alone (voice/doubletalk.py, issue 25 §1): how soon it
hears a player start over a line, and whether it ever takes the line alone for one.

On closed-loop runs (``bargein_pulse --dump RUN.npz``): the microphone and the reference
the listener took for it, fed to a fresh detector in the listener's chunks (10 ms).  For each
command said over a line, from its onset (found in the recording as the run found it) to
the end of the first 10 ms frame the detector calls double talk (within 600 ms: else
missed, left to the listener's other cues); in the stretch nobody spoke in, how many times
it began to call it; over how many lines it called it before the command began; and
what a chunk costs it (p50, p99, and the share of one core at the microphone's pace).

In sox rooms (``--rooms N --seed S``: ``bargein_rooms``' draw, each room a fresh detector):
the bot's two lines alone (a room in which it called double talk while the line sounded or
in the 0.3 s after), and with the player's command 1.5-3 s into the second line (the same
latency, and a room in which it called it before the command began).

    nice -n 10 .venv/bin/python -m benchmarks.voice.doubletalk RUN.npz [RUN.npz ...] [--every 20]
    nice -n 10 .venv/bin/python -m benchmarks.voice.doubletalk --rooms 40 --seed 7
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

from game.ui.listener_process import TALK_OVER_BLOCK
from voice.audio import RATE
from voice.doubletalk import FRAME, DoubleTalkDetector

#: the listener's chunk
CHUNK = TALK_OVER_BLOCK
#: a command the detector has not heard this long (frames) after its onset is missed
WITHIN_FRAMES = 60
#: "over playback" runs on this long after the line (the listener's ``playback_tail_s``)
TAIL_FRAMES = 30


def fired(near: np.ndarray, far: np.ndarray,
          took_ms: list[float] | None = None, chunk: int = CHUNK) -> np.ndarray:
    """Each 10 ms frame the detector calls double talk, fed as the listener feeds it (in
    ``chunk`` samples at a time); ``took_ms`` gets how long each chunk took."""
    dtd = DoubleTalkDetector()
    n = min(len(near), len(far)) // chunk * chunk
    out = []
    for i in range(0, n, chunk):
        start = time.perf_counter()
        out.append(dtd.feed(near[i:i + chunk], far[i:i + chunk]))
        if took_ms is not None:
            took_ms.append(1000 * (time.perf_counter() - start))
    return np.concatenate(out)


def heard_ms(calls: np.ndarray, onset: int) -> int | None:
    """From the 10 ms frame ``onset`` to the end of the first frame called double talk
    (looking from 20 ms before it), or None."""
    window = np.flatnonzero(calls[max(0, onset - 2):onset + WITHIN_FRAMES])
    return None if window.size == 0 else int(window[0] - 2 + 1) * 10


def on_run(path: Path, every: int) -> dict[str, Any]:
    from .bargein_replay import command_onsets

    run = np.load(path)
    segments = json.loads(str(run["segments"]))
    starts = np.concatenate([[0], np.cumsum(run["lens"])])
    took: list[float] = []
    calls = fired(run["near"], run["far"], took)
    over = [s for s in segments if s["cond"] == "over"]
    lat: list[int | None] = []
    early = 0
    for seg, onset in zip(over, command_onsets(run, segments, every)):
        if onset is None:
            continue
        frame = onset // FRAME
        early += bool(calls[starts[seg["from"]] // FRAME:frame - 3].any())
        lat.append(heard_ms(calls, frame))
    stretch = [s for s in segments if s["cond"] == "stretch"]
    began, minutes = 0, 0.0
    for s in stretch:
        lo = starts[s["from"]] // FRAME
        hi = starts[min(s["to"], len(starts) - 1)] // FRAME
        began += int(np.sum(calls[lo + 1:hi] & ~calls[lo:hi - 1]))
        minutes += (hi - lo) / 6000
    return {"run": str(path), **summary(lat), "called_before_the_command": early,
            "stretch_min": round(minutes, 1), "stretch_began": began, "latencies": lat,
            "chunk_ms": {"p50": round(float(np.percentile(took, 50)), 2),
                         "p99": round(float(np.percentile(took, 99)), 2),
                         "core_share": round(sum(took) / (len(took) * 1000 * CHUNK / RATE), 3)}}


def on_rooms(n: int, seed: int) -> list[dict[str, Any]]:
    from bots.speech import Synthesizer

    from .bargein_rooms import render, rooms, scene

    synth = Synthesizer()
    rows = []
    for k, room in enumerate(rooms(n, seed)):
        line = render(room, synth)
        sound = scene(room, line)
        sounding = slice(sound.lead // FRAME, (sound.lead + 2 * len(line)) // FRAME + TAIL_FRAMES)
        alone = bool(fired(sound.echo, sound.played)[sounding].any())
        calls = fired(sound.near, sound.cut)
        said = sound.onset // FRAME + int(np.argmax(np.abs(sound.command) > 300)) // FRAME
        rows.append({"room": k, "alone": alone,
                     "early": bool(calls[sounding.start:said - 3].any()),
                     "heard_ms": heard_ms(calls, said)})
    return rows


def summary(lat: list[int | None]) -> dict[str, Any]:
    got = [x for x in lat if x is not None]
    pct = ({f"p{q}": round(float(np.percentile(got, q))) for q in (50, 90, 95)} if got else {})
    return {"commands": len(lat), "heard": len(got), "heard_ms": pct}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="*", type=Path, help="bargein_pulse --dump files")
    ap.add_argument("--every", type=int, default=20, help="the runs' --every")
    ap.add_argument("--rooms", type=int, default=0)
    ap.add_argument("--seed", type=int, default=25)
    args = ap.parse_args(argv)
    pooled: list[int | None] = []
    for path in args.runs:
        got = on_run(path, args.every)
        pooled += got.pop("latencies")
        print(json.dumps(got), flush=True)
    if len(args.runs) > 1:
        print(json.dumps({"runs": len(args.runs), **summary(pooled)}))
    if args.rooms:
        rows = on_rooms(args.rooms, args.seed)
        print(json.dumps({"rooms": len(rows), "seed": args.seed,
                          "alone_called": sum(r["alone"] for r in rows),
                          "called_before_the_command": sum(r["early"] for r in rows),
                          **summary([r["heard_ms"] for r in rows])}))


if __name__ == "__main__":
    main()
