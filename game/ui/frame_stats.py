"""Frame timing: what the benchmark and `--frame-stats FILE` report.

A frame's time is the wall-clock interval between two presented frames — what the player
perceives as smoothness — not just the drawing work, so a stall anywhere (a bot thinking
on the wrong thread, a blocking queue) shows up.

>>> s = FrameStats(startup_ms=120.0)
>>> for ms in [16, 17, 16, 18, 40]:
...     s.add(ms / 1000)
>>> r = s.report(); (r["frames"], r["frame_ms_p50"], r["frame_ms_p99"])
(5, 17.0, 40.0)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of ``values``; 0.0 when empty.

    >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 99)
    (2, 4)
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass
class FrameStats:
    startup_ms: float = 0.0
    intervals: list[float] = field(default_factory=list)  #: seconds between frames
    work: list[float] = field(default_factory=list)  #: seconds spent updating + drawing
    present: list[float] = field(default_factory=list)  #: seconds sending frames to the screen
    hands: int = 0
    cpu_seconds: float = 0.0  #: CPU time of the game process (all threads) over the frames

    def add(self, interval: float, work: float | None = None) -> None:
        self.intervals.append(interval)
        if work is not None:
            self.work.append(work)

    def report(self) -> dict[str, float | int]:
        """The contract's JSON object (plus work-time figures and hands played)."""
        seconds = sum(self.intervals)
        ms = [x * 1000 for x in self.intervals]
        work_ms = [x * 1000 for x in self.work]
        return {
            "frames": len(ms),
            "seconds": round(seconds, 3),
            "fps_mean": round(len(ms) / seconds, 2) if seconds > 0 else 0.0,
            "frame_ms_p50": round(percentile(ms, 50), 2),
            "frame_ms_p99": round(percentile(ms, 99), 2),
            "startup_ms": round(self.startup_ms, 1),
            "frame_ms_max": round(max(ms), 2) if ms else 0.0,
            "work_ms_p50": round(percentile(work_ms, 50), 2),
            "work_ms_p99": round(percentile(work_ms, 99), 2),
            "present_ms_p50": round(percentile([x * 1000 for x in self.present], 50), 2),
            "present_ms_p99": round(percentile([x * 1000 for x in self.present], 99), 2),
            "hands": self.hands,
            # CPU the game itself needs per frame: what the frame rate would allow on an
            # idle machine, whatever the load of the moment
            "cpu_ms_per_frame": round(1000 * self.cpu_seconds / len(ms), 2) if ms else 0.0,
        }

    def write(self, path: str | Path) -> dict[str, float | int]:
        rep = self.report()
        Path(path).write_text(json.dumps(rep, indent=2) + "\n")
        return rep
