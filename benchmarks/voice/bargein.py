"""Talking over the bots: echo cancellation and barge-in (issue 25, section 1).

Two measurements:

``erle`` — which echo canceller, by echo return loss enhancement on the game's own speech.
The bots' banter and the narration are rendered as the game renders them (pyttsx3 /
espeak-ng, each bot's voice), strung into one stream with pauses, and played through a
simulated room with sox (a delay for the sound card and the air, then reverberation, then a
noise floor).  Each canceller gets the room's recording and the stream as its reference, in
10 ms frames as the listener gives them; ERLE is the echo's power in over its power out,
while the game speaks, after the first ``--settle`` seconds.

    nice -n 10 .venv/bin/python -m benchmarks.voice.bargein erle

``pulse`` — the real capture path through PulseAudio (see :mod:`benchmarks.voice.bargein_pulse`).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from voice.echo import (
    CANCELLERS,
    FRAME,
    RATE,
    EchoCanceller,
    SpeexCanceller,
    erle_db,
)
from voice.wavio import read_samples16k

OUT = Path(__file__).resolve().parents[1] / "out" / "voice" / "bargein"
ROOT = Path(__file__).resolve().parents[2]

NARRATION = (
    "Your cards: ace of hearts and king of hearts. Ace-king suited.",
    "Flop: queen of hearts, jack of hearts and two of clubs. You have high card, ace.",
    "Rocco raises to 120.", "Mabel calls 40.", "Your turn: 40 to call, the pot is 150.",
    "Turn: ten of spades. You have a straight, ace high.", "Leo folds.", "Hand 12.",
    "Rocco wins 460 with two pair, kings and sevens.", "You post the big blind, 20.",
)


def bot_lines(n: int, seed: int = 7) -> list[tuple[str, Any]]:
    """``n`` (text, Voice) pairs: banter in each bot's voice, and narration in the
    narrator's, as the game says them."""
    from bots.personalities import PERSONALITIES, Voice

    banter = json.loads((ROOT / "bots" / "banter_lines.json").read_text("utf-8"))
    pool: list[tuple[str, Any]] = []
    for style, kinds in banter.items():
        if style.startswith("_") or style not in PERSONALITIES:
            continue
        for lines in kinds.values():
            pool += [(text, PERSONALITIES[style].voice) for text in lines]
    narrator = Voice("gmw/en-us", 175, 50)
    pool += [(text, narrator) for text in NARRATION]
    rng = random.Random(seed)
    rng.shuffle(pool)
    return pool[:n]


def render_lines(n: int, seed: int = 7) -> list[Path]:
    """The lines as the game's speech worker writes them (cached by text and voice)."""
    from bots.speech import Synthesizer

    out = OUT / "lines"
    out.mkdir(parents=True, exist_ok=True)
    synth: Synthesizer | None = None
    paths = []
    for i, (text, voice) in enumerate(bot_lines(n, seed)):
        path = out / f"line-{seed}-{i:03d}.wav"
        if not path.exists():
            synth = synth or Synthesizer()
            synth.render(text, voice, path)
        paths.append(path)
    return paths


def stream(paths: list[Path], gap_s: float = 0.6) -> np.ndarray:
    """The lines one after another with ``gap_s`` of silence between (int16, 16 kHz)."""
    parts: list[np.ndarray] = []
    for p in paths:
        parts += [read_samples16k(p), np.zeros(int(gap_s * RATE), np.int16)]
    return np.concatenate(parts)


def room(far: np.ndarray, delay_ms: float, reverb: int, gain_db: float, noise_dbfs: float,
         seed: int = 3) -> np.ndarray:
    """``far`` as a microphone hears it from the speakers: delayed, reverberant (sox), at
    ``gain_db``, over a seeded noise floor."""
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp) / "far.wav", Path(tmp) / "room.wav"
        _write(src, far)
        subprocess.run(["sox", "-R", str(src), str(dst), "gain", f"{gain_db}", "delay",
                        f"{delay_ms / 1000}", "reverb", str(reverb), "50", "60", "100", "10",
                        "trim", "0", f"{len(far) / RATE}"], check=True, capture_output=True)
        y = read_samples16k(dst).astype(np.float64)
    y = np.pad(y, (0, max(0, len(far) - len(y))))[:len(far)]
    y += np.random.default_rng(seed).normal(0, 32768 * 10 ** (noise_dbfs / 20), len(y))
    return np.clip(np.round(y), -32768, 32767).astype(np.int16)


def _write(path: Path, pcm: np.ndarray) -> None:
    import wave

    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.astype(np.int16).tobytes())


CANDIDATES: dict[str, Callable[[], EchoCanceller]] = {
    **CANCELLERS,
    "speex-200ms": lambda: SpeexCanceller(filter_ms=200),
    "speex-denoise": lambda: SpeexCanceller(denoise=True),
}


def measure(name: str, near: np.ndarray, far: np.ndarray, settle_s: float,
            chunk: int = 1600) -> dict[str, Any]:
    aec = CANDIDATES[name]()
    n = len(near) // chunk * chunk
    out = np.zeros(n, np.int16)
    t0 = time.perf_counter()
    for i in range(0, n, chunk):
        out[i:i + chunk] = aec.process(near[i:i + chunk], far[i:i + chunk])
    cost = time.perf_counter() - t0
    # where the game speaks: the far end's 10 ms frames above -50 dBFS (after settling)
    fr = far[:n].astype(np.float64).reshape(-1, FRAME)
    speaking = 10 * np.log10(np.mean(fr * fr, axis=1) / 32768**2 + 1e-12) > -50
    settled = speaking.copy()
    settled[: int(settle_s * RATE / FRAME)] = False
    every, after = np.repeat(speaking, FRAME), np.repeat(settled, FRAME)
    return {"canceller": name, "erle_db": erle_db(near[:n][after], out[after]),
            "erle_all_db": erle_db(near[:n][every], out[every]),
            "cpu_ms_per_s": round(1000 * cost / (n / RATE), 2)}


def erle_main(args: argparse.Namespace) -> None:
    far = stream(render_lines(args.lines))
    print(f"{args.lines} lines, {len(far) / RATE:.1f} s of the game's speech", flush=True)
    rows = []
    for delay in args.delays:
        for reverb in args.reverbs:
            near = room(far, delay, reverb, gain_db=-6, noise_dbfs=-60)
            for name in args.candidates:
                row = {"delay_ms": delay, "reverb": reverb,
                       **measure(name, near, far, args.settle)}
                rows.append(row)
                print(json.dumps(row), flush=True)
    print("mean ERLE (dB) over the rooms, after settling / from the start:")
    for name in args.candidates:
        mine = [r for r in rows if r["canceller"] == name]
        print(f"  {name:18s} {np.mean([r['erle_db'] for r in mine]):6.1f} "
              f"{np.mean([r['erle_all_db'] for r in mine]):6.1f}   "
              f"cpu {np.mean([r['cpu_ms_per_s'] for r in mine]):.1f} ms per s")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("erle", help="echo return loss enhancement of each canceller")
    e.add_argument("--lines", type=int, default=40)
    e.add_argument("--delays", type=float, nargs="+", default=[40.0, 120.0, 250.0])
    e.add_argument("--reverbs", type=int, nargs="+", default=[20, 50])
    e.add_argument("--settle", type=float, default=2.0)
    e.add_argument("--candidates", nargs="+", default=list(CANDIDATES))
    args = ap.parse_args(argv)
    if args.cmd == "erle":
        erle_main(args)


if __name__ == "__main__":
    main()
