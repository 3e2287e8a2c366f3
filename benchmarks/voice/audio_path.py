"""The sound server's share of a barge-in: how late the microphone's chunks reach the
listener, and how long the speakers play on once the game stops a line (issue 25, §1).

Both through a private PulseAudio server (:class:`.bargein_pulse.Server`), as the game
meets one:

- ``capture``: PortAudio's input stream (ALSA's pulse plugin, as ``voice.audio.Microphone``
  opens it) at each ``--capture BLOCK:LATENCY``; each chunk's callback time against the
  steadiest schedule its sample count allows, so the figure is how late a chunk arrives
  after its last sample was captured (the sound server's own fixed delay left out).
- ``mixer``: pygame's mixer as ``game/ui/sound.py`` opens it, at each ``--buffers`` size: a
  tone stopped ``--stops`` times at random moments, the sink's monitor recorded beside it
  (``.bargein_pulse.Speakers``): from the stop to its last sound; then a tone played
  ``--seconds`` through while ``--load`` processes spin and the game's own thread works,
  and the gaps in what the speakers played (2 ms or more of silence in a tone: the mixer
  ran dry).

    nice -n 5 .venv/bin/python -m benchmarks.voice.audio_path
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from .bargein_pulse import Server, Speakers

CAPTURE_RATE = 16000  # as voice.audio
CAPTURE_S = 6.0  # each capture setting recorded this long
CAPTURE_SETTLE = 50  # callbacks dropped at the start (the stream finding its pace)
TONE_HZ = 440.0
TONE_AMPLITUDE = 8000
GAP_MIN_S = 0.002  # a tone silent this long has a gap
QUIET = 50  # |sample| under this: silent
STOP_AFTER_S = (0.8, 1.3)  # a tone is stopped this far in (uniform)
STOP_WAIT_S = 0.6  # then this long for the speakers to fall silent


def capture_lateness(block: int, latency: str) -> dict[str, Any]:
    """How late each chunk of ``block`` samples arrives, at PortAudio's ``latency``."""
    import sounddevice as sd

    stamps: list[float] = []
    sizes: list[int] = []

    def callback(indata: Any, frames: int, time_info: Any, status: Any) -> None:  # noqa: ARG001
        stamps.append(time.monotonic())
        sizes.append(frames)

    stream = sd.RawInputStream(samplerate=CAPTURE_RATE, channels=1, dtype="int16",
                               blocksize=block, latency=latency, callback=callback)
    stream.start()
    time.sleep(CAPTURE_S)
    stream.stop()
    said = float(stream.latency)
    stream.close()
    at = np.array(stamps[CAPTURE_SETTLE:])
    ends = np.cumsum(sizes[CAPTURE_SETTLE:]) / CAPTURE_RATE
    late = 1000 * (at - ends - (at - ends).min())
    p50, p95 = np.percentile(late, [50, 95])
    return {"block": block, "latency": latency, "portaudio_latency_ms": round(1000 * said, 1),
            "late_ms": {"p50": round(float(p50), 1), "p95": round(float(p95), 1),
                        "max": round(float(late.max()), 1)}}


def tone(seconds: float, rate: int) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    mono = (TONE_AMPLITUDE * np.sin(2 * np.pi * TONE_HZ * t)).astype(np.int16)
    return np.column_stack([mono, mono]).copy()


def gaps(pcm: np.ndarray, rate: int) -> tuple[int, float]:
    """Gaps in a recorded tone (count, ms in all), its lead-in and tail left out."""
    loud = np.flatnonzero(np.abs(pcm) > QUIET)
    if not len(loud):
        return 0, 0.0
    quiet = (np.abs(pcm[loud[0]:loud[-1]]) < QUIET).astype(int)
    edges = np.diff(np.concatenate([[0], quiet, [0]]))
    runs = np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)
    runs = runs[runs >= GAP_MIN_S * rate]
    return len(runs), round(1000 * float(runs.sum()) / rate, 1)


def mixer(server: Server, buffer: int, stops: int, seconds: float, load: int,
          rnd: random.Random) -> dict[str, Any]:
    """Stop to silence, and gaps under load, for pygame's mixer at ``buffer`` samples."""
    import pygame

    from game.ui.sound import RATE

    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=buffer)
    speakers = Speakers(server)
    channel = pygame.mixer.Channel(0)
    short = pygame.sndarray.make_sound(tone(3.0, RATE))
    time.sleep(1.0)
    after: list[float] = []
    for _ in range(stops):
        channel.play(short)
        time.sleep(rnd.uniform(*STOP_AFTER_S))
        channel.stop()
        at = time.monotonic()
        time.sleep(STOP_WAIT_S)
        end = speakers.last_sound(at - 1.0, at + STOP_WAIT_S)
        if end is not None:
            after.append(1000 * (end - at))
    speakers.close()
    recorder = subprocess.Popen(
        ["parec", "-d", "game.monitor", f"--rate={RATE}", "--channels=1", "--format=s16le",
         "--latency-msec=20", "--raw"], env=server.env, stdout=subprocess.PIPE)
    chunks: list[bytes] = []

    def pump() -> None:
        assert recorder.stdout is not None
        while data := recorder.stdout.read(4410):
            chunks.append(data)

    threading.Thread(target=pump, daemon=True).start()
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(load)]
    time.sleep(0.5)
    channel.play(pygame.sndarray.make_sound(tone(seconds, RATE)))
    end_at = time.monotonic() + seconds
    while time.monotonic() < end_at:  # the window's thread: Python work between frames
        sum(i * i for i in range(20000))
        time.sleep(0.001)
    time.sleep(0.5)
    for p in spinners:
        p.kill()
    recorder.kill()
    pygame.mixer.quit()
    n, ms = gaps(np.frombuffer(b"".join(chunks), dtype=np.int16).astype(np.int32), RATE)
    a = np.array(after)
    return {"buffer": buffer, "buffer_ms": round(1000 * buffer / RATE, 1),
            "stop_to_silence_ms": {"n": len(a),
                                   **{k: round(float(v), 1) for k, v in zip(
                                       ("p50", "p95", "max"),
                                       np.percentile(a, [50, 95, 100]), strict=True)}},
            "under_load": {"seconds": seconds, "spinning": load, "gaps": n, "gap_ms": ms}}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--capture", nargs="*", default=["320:high", "320:low", "160:low"],
                    help="BLOCK:LATENCY settings of the microphone's stream")
    ap.add_argument("--buffers", nargs="*", type=int, default=[512, 256])
    ap.add_argument("--stops", type=int, default=25)
    ap.add_argument("--seconds", type=float, default=30.0)
    ap.add_argument("--load", type=int, default=2, help="processes spinning meanwhile")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="audio-path-"))
    server = Server(tmp)
    os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "XDG_RUNTIME_DIR")})
    os.environ["SDL_AUDIODRIVER"] = "pulseaudio"
    rnd = random.Random(args.seed)
    try:
        for spec in args.capture:
            block, latency = spec.split(":")
            print(json.dumps({"capture": capture_lateness(int(block), latency)}), flush=True)
        for buffer in args.buffers:
            print(json.dumps({"mixer": mixer(server, buffer, args.stops, args.seconds,
                                             args.load, rnd)}), flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()
