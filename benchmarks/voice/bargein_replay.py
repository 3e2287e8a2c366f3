"""A talking-over-the-bots run played back through the listener, as fast as it decodes.

``benchmarks.voice.bargein_pulse --dump RUN.npz`` keeps what the listener was given through
the sound server: every microphone chunk with its capture stamp, and the reference (the
sink's monitor, or the timeline) and "over playback" it took for it, and where the
monitor's offset moved (dumps from session 23 on).  This feeds the same chunks to a fresh
listener — a fresh canceller, the same detector and recognizer — with that reference,
told where it moved, so a change to the listener's decisions is measured on the very
audio of a run, in a minute instead of ten, and two settings on the same audio.

It is open loop: the line playing was stopped where the recorded run's listener stopped
it, whatever the replayed one decides.  Figures: each command's ``exact`` (one utterance
heard, meaning what was said) and ``wrong_sure`` (:func:`moves`) in silence and over a
line, and in the stretch nobody spoke in, how many utterances began and how many were
acted on; over a line, ``told_ms``: from the command's onset (found in the recording as
the run found it) to the end of the chunk on which the replayed listener told the game to
stop (the closed loop adds 10-20 ms).

    .venv/bin/python -m benchmarks.voice.bargein_replay RUN.npz [--set name=value ...]

``--set`` sets a listener attribute before it runs (``echo_gate_db=20``);
``--canceller NAME`` replays another echo canceller (:data:`voice.echo.CANCELLERS`);
``--trust-canceller`` replays the listener as it was before it asked the canceller to be
seen :attr:`~voice.listener.Listener.cancelling` (the same audio, before and after).
"""

from __future__ import annotations

import argparse
import json
import queue
import time
from pathlib import Path
from typing import Any

import numpy as np


def moves(intent: object) -> bool:
    """An intent the game acts on without a "yes" when the recognizer is sure of it and
    the rules do not ask: anything but talk and questions.  A wrong one of these, heard
    sure, is counted as ``wrong_sure``: at most the actions taken wrongly without a yes."""
    from voice.intents import Question, Unknown

    return not isinstance(intent, Unknown | Question)


class _Tagged(queue.Queue):  # type: ignore[type-arg]
    """The listener's event queue, each event kept with the chunk it came on."""

    def __init__(self, source: Any) -> None:
        super().__init__()
        self.source = source
        self.tagged: list[tuple[int, Any]] = []

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        self.tagged.append((self.source.pos - 1, item))


class RecordedMic:
    """The recorded chunks with their stamps; at each command's first chunk the listener
    is told whether a "yes?" waits, as the run told it."""

    def __init__(self, run: Any, segments: list[dict[str, Any]]) -> None:
        from voice.audio import MicState, MicStatus

        self.status = MicStatus(MicState.LISTENING, "replay")
        self._chunks = np.split(run["near"], np.cumsum(run["lens"])[:-1])
        self._stamps = run["stamps"]
        self._confirm = {s["from"]: s["confirm"] for s in segments}
        self.pos = 0
        self.captured_at: float | None = None
        self.listener: Any = None

    def ensure(self, now: float | None = None) -> Any:
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        if self.pos >= len(self._chunks):
            self.listener._stop.set()
            return None
        if self.pos in self._confirm:
            self.listener._confirm_pending = self._confirm[self.pos]
        chunk = self._chunks[self.pos]
        self.captured_at = float(self._stamps[self.pos])
        self.pos += 1
        return bytes(chunk.tobytes())

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass


class Tap:
    """The replayed canceller, with what went in and came out of it kept by the chunk it
    came on (``near``, ``far``, ``out``): its ERLE on the run."""

    def __init__(self, inner: Any, source: RecordedMic) -> None:
        self.inner = inner
        self.name = inner.name
        self.source = source
        self.kept: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        out = self.inner.process(near, far)
        self.kept[self.source.pos - 1] = (near.copy(), far.copy(), out.copy())
        return np.asarray(out)


def erle(tap: Tap, segments: list[dict[str, Any]]) -> dict[str, Any]:
    """ERLE (dB) over the 10 ms frames the game spoke in, as ``bargein_pulse`` reports it:
    over the stretch from 2 s in (and each 30 s of it), and each line a command was said
    over, alone: its first 0.6 s (the command came 0.6-1.6 s in), median and 10th
    percentile over the lines."""
    from voice.echo import erle_db

    from .bargein_pulse import ERLE_SETTLE_S, FRAME, RATE, SPEAKING_DBFS

    def block(lo: int, hi: int, settle_s: float = 0.0, cut_s: float | None = None,
              block_s: float | None = None) -> float | list[float] | None:
        got = [tap.kept[i] for i in range(lo, hi) if i in tap.kept]
        if not got:
            return None
        near, far, out = (np.concatenate(x).astype(np.float64) for x in zip(*got, strict=True))
        n = len(far) // FRAME * FRAME if cut_s is None else int(cut_s * RATE)
        fr = far[:n].reshape(-1, FRAME)
        speaking = 10 * np.log10(np.mean(fr * fr, axis=1) / 32768**2 + 1e-12) > SPEAKING_DBFS
        speaking[:int(settle_s * RATE / FRAME)] = False
        keep = np.repeat(speaking, FRAME)
        if not keep.any():
            return None
        if block_s is None:
            return erle_db(near[:n][keep], out[:n][keep])
        step = int(block_s * RATE)
        return [erle_db(near[i:i + step][keep[i:i + step]], out[i:i + step][keep[i:i + step]])
                for i in range(0, n, step) if keep[i:i + step].any()]

    result: dict[str, Any] = {}
    lines = [block(s["from"], s["to"], cut_s=0.6) for s in segments if s["cond"] == "over"]
    got = [x for x in lines if isinstance(x, float)]
    if got:
        result["line_median"] = round(float(np.median(got)), 1)
        result["line_p10"] = round(float(np.percentile(got, 10)), 1)
    for s in segments:
        if s["cond"] == "stretch":
            result["stretch"] = block(s["from"], s["to"], settle_s=ERLE_SETTLE_S)
            blocks = block(s["from"], s["to"], settle_s=ERLE_SETTLE_S, block_s=30)
            if isinstance(blocks, list) and blocks:
                result["stretch_30s"] = [min(blocks), max(blocks)]
    return result


def parse_settings(pairs: list[str]) -> dict[str, float | int | None]:
    """``--set NAME=VALUE`` arguments as listener attributes and their numbers ("none":
    None, a rule turned off).

    >>> parse_settings(["learn_frames=100", "ring_max_s=0.5", "recognizer.backed_gap_over=none"])
    {'learn_frames': 100, 'ring_max_s': 0.5, 'recognizer.backed_gap_over': None}
    """
    return {k: (None if v.lower() == "none" else int(v) if v.isdigit() else float(v))
            for k, v in (s.split("=", 1) for s in pairs)}


def apply_settings(listener: Any, settings: dict[str, float | int | None],
                   recognizer: Any = None) -> None:
    """Set each named attribute of ``listener`` (``recognizer.NAME``: of ``recognizer``,
    the one it was given); a name they lack is refused by name."""
    for name, value in settings.items():
        owner, _, attr = name.rpartition(".")
        target = recognizer if owner == "recognizer" else listener
        if owner not in ("", "recognizer") or not hasattr(target, attr):
            raise SystemExit(f"the listener has no {name!r}")
        setattr(target, attr, value)


def command_onsets(run: Any, segments: list[dict[str, Any]], every: int,
                   offset: int = 0) -> list[int | None]:
    """Where each command said over a line begins in the recording (a sample), found as
    ``bargein_pulse`` finds it: the run's commands are every ``every``-th clean corpus
    command from the ``offset``-th (the run's ``--every``, ``--offset``); a segment whose
    words are not that command's gets None."""
    import tempfile

    from voice.wavio import read_samples16k

    from .bargein_pulse import MANIFEST, RATE, normalized, said_commands
    from .pulse_marks import locate

    cmds = said_commands(every, offset)
    starts = np.concatenate([[0], np.cumsum(run["lens"])])
    near = run["near"]  # an .npz member is read whole at each access: once
    over = [s for s in segments if s["cond"] == "over"]
    out: list[int | None] = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, seg in enumerate(over):
            if i >= len(cmds) or cmds[i]["text"] != seg["said"]:
                out.append(None)
                continue
            wav, onset_s = normalized(MANIFEST.parent / cmds[i]["file"], Path(tmp) / "c.wav")
            lo, hi = int(starts[seg["from"]]), int(starts[seg["to"]])
            clip = read_samples16k(wav).astype(np.float64)
            found = locate(near[lo:hi].astype(np.float64), clip)
            out.append(lo + found + int(onset_s * RATE))
    return out


def replay(path: Path, engine: str = "pocketsphinx",
           settings: dict[str, float | int | None] | None = None,
           trust_canceller: bool = False, canceller: str = "auto",
           every: int = 20, offset: int = 0) -> dict[str, Any]:
    from voice.echo import EchoCanceller, PairedCanceller, open_canceller
    from voice.intents import Unknown
    from voice.listener import Heard, Listener, SpeechBegan, TalkingOver
    from voice.parser import parse
    from voice.recognizers import open_recognizer
    from voice.resolver import ResolveContext

    from .bargein_pulse import RATE, percentiles

    run = np.load(path)
    segments = json.loads(str(run["segments"]))
    fars = np.split(run["far"], np.cumsum(run["lens"])[:-1])
    sample_ends = np.cumsum(run["lens"])  # where each chunk ends in the recording
    over = run["over"]
    mic = RecordedMic(run, segments)
    cls = Listener
    if trust_canceller:
        class Trusting(Listener):
            cancelling = True  # type: ignore[assignment]

        cls = Trusting
    taps: list[Tap] = []

    def tapped() -> EchoCanceller | None:
        inner = open_canceller(canceller)
        if isinstance(inner, PairedCanceller):  # ERLE: the detector's canceller
            inner.detect = Tap(inner.detect, mic)
            taps.append(inner.detect)
            return inner
        if inner is None:
            return None
        taps.append(Tap(inner, mic))
        return taps[-1]

    recognizer = open_recognizer(engine)
    lst = cls(recognizer, source=mic, canceller=tapped)
    mic.listener = lst
    apply_settings(lst, settings or {}, recognizer)

    moved = run["moved"] if "moved" in run.files else np.zeros(len(over), bool)

    def far(n: int, captured: float) -> tuple[np.ndarray, bool]:
        i = mic.pos - 1
        if moved[i]:
            lst._reference_moved()
        return fars[i], bool(over[i])

    lst._far = far  # type: ignore[method-assign]
    lst.events = tagged = _Tagged(mic)
    t0 = time.perf_counter()
    lst._run()
    seconds = time.perf_counter() - t0
    sure_at = ResolveContext().min_confidence
    rows = []
    result: dict[str, Any] = {"run": str(path), "settings": settings or {},
                              "trust_canceller": trust_canceller, "canceller": canceller}
    for seg in segments:
        here = [(i, ev) for i, ev in tagged.tagged if seg["from"] <= i < seg["to"]]
        evs = [ev for _, ev in here]
        texts = [ev.text for ev in evs if isinstance(ev, Heard)]
        began = sum(isinstance(ev, SpeechBegan) for ev in evs)
        cued = sum(isinstance(ev, TalkingOver) for ev in evs)
        ends = [int(sample_ends[i]) for i, ev in here
                if isinstance(ev, TalkingOver | SpeechBegan)]
        sure = [ev.confidence >= sure_at for ev in evs if isinstance(ev, Heard)]
        row = {"cond": seg["cond"], "said": seg.get("said"), "heard": texts, "sure": sure,
               "recorded": seg["heard"], "began": began, "cued": cued,
               "told_at_sample": ends[0] if ends else None}
        if seg["cond"] != "stretch":
            meant, heard = parse(seg["said"]), [parse(t) for t in texts]
            row["exact"] = len(heard) == 1 and heard[0] == meant
            row["wrong_sure"] = sum(s and moves(h) and h != meant
                                    for h, s in zip(heard, sure, strict=True))
        else:
            row["acted"] = [t for t in texts if not isinstance(parse(t), Unknown)]
        rows.append(row)
    over_rows = [r for r in rows if r["cond"] == "over"]
    onsets = command_onsets(run, segments, every, offset)
    for r, onset in zip(over_rows, onsets, strict=True):
        if onset is not None and r["told_at_sample"] is not None:
            r["told_ms"] = round((r["told_at_sample"] - onset) * 1000 / RATE, 1)
    for cond in ("silence", "over"):
        got = [r for r in rows if r["cond"] == cond]
        if got:
            result[cond] = {"n": len(got),
                            "exact": round(100 * sum(r["exact"] for r in got) / len(got), 1),
                            "wrong_sure": sum(r["wrong_sure"] for r in got)}
    if over_rows:
        result["over"]["told_ms"] = percentiles([r["told_ms"] for r in over_rows
                                                 if "told_ms" in r])
    for r in rows:
        if r["cond"] == "stretch":
            result["stretch"] = {"began": r["began"], "cued": r["cued"], "heard": len(r["heard"]),
                                 "acted": len(r["acted"]), "acted_texts": r["acted"]}
    if taps:
        result["erle"] = erle(taps[0], segments)
    result["replay_s"] = round(seconds, 1)
    result["rows"] = rows
    return result


def main(argv: list[str] | None = None) -> None:
    from voice.echo import CANCELLERS

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("run", type=Path, nargs="+", help="bargein_pulse --dump files")
    ap.add_argument("--engine", default="pocketsphinx")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a listener attribute; recognizer.NAME: one of its recognizer's")
    ap.add_argument("--trust-canceller", action="store_true",
                    help="as before the listener asked to see the canceller cancelling")
    ap.add_argument("--canceller", default="auto", choices=("auto", *CANCELLERS),
                    help="the echo canceller replayed (voice.echo.CANCELLERS)")
    ap.add_argument("--rows", action="store_true", help="print every command's row")
    ap.add_argument("--every", type=int, default=20,
                    help="the run's --every: which corpus commands it said (for told_ms)")
    ap.add_argument("--offset", type=int, default=0, help="the run's --offset")
    args = ap.parse_args(argv)
    settings = parse_settings(args.set)
    for path in args.run:
        result = replay(path, args.engine, settings, args.trust_canceller, args.canceller,
                        args.every, args.offset)
        rows = result.pop("rows")
        if args.rows:
            for r in rows:
                print(json.dumps(r))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
