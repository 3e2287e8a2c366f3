"""Talking over the bots through a real sound server (issue 25, section 1).

A private PulseAudio server has a sink ``game`` (the game's speech), a sink ``room`` and a
loopback from ``game``'s monitor into ``room`` (the air between speakers and microphone,
with the server's own delay); the microphone ``vmic`` is ``room``'s monitor.  The game's
lines are played into ``game`` with ``paplay``, and the listener — the game's own
(``voice.listener.Listener``: Microphone in 20 ms chunks through PortAudio and ALSA's pulse
plugin, WebRTC's echo canceller, Silero, PocketSphinx) — is told each line and when it
started, as the window tells it.  When it reports the player speaking over a line, the
line is stopped (``paplay`` killed) and the reference cut, as the window does.  The
player's command (a rendered corpus clip, at the loudness of the bot lines) is played into
``room``.

Three runs:

- ``silence``: each sampled command alone;
- ``over``: the same commands, each started 0.6-1.6 s into a bot line;
- ``stretch``: at least ``--stretch`` seconds of banter and narration, nobody speaking.

Accuracy is "exact": the heard words mean what the command's words mean (one parse).
Barge-in latency is from when ``paplay`` was started on the command plus the clip's own
lead silence (so it includes paplay's start-up: an upper bound) to when the bot's line was
stopped.

    nice -n 10 .venv/bin/python -m benchmarks.voice.bargein_pulse --every 20 --stretch 300
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from .bargein import OUT, _write, render_lines

MANIFEST = Path(__file__).resolve().parents[1] / "out" / "voice" / "manifest.jsonl"
LEVEL_DBFS = -22.0  # both the bot lines and the commands, RMS over their loud part

PA = """load-module module-native-protocol-unix auth-anonymous=1 socket={socket}
load-module module-null-sink sink_name=game
load-module module-null-sink sink_name=room
load-module module-loopback source=game.monitor sink=room latency_msec=40 {pinned}
load-module module-virtual-source source_name=vmic master=room.monitor
set-default-sink game
set-default-source vmic
"""


class Server:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        (tmp / "run").mkdir(mode=0o700, exist_ok=True)
        sock = tmp / "native"
        # pinned: else the loopback follows the default source onto vmic and howls
        pinned = "source_dont_move=true sink_dont_move=true remix=false"
        (tmp / "default.pa").write_text(PA.format(socket=sock, pinned=pinned))
        self.env = dict(os.environ, HOME=str(tmp), XDG_RUNTIME_DIR=str(tmp / "run"),
                        PULSE_SERVER=f"unix:{sock}")
        self.proc = subprocess.Popen(
            ["pulseaudio", "-n", "-F", str(tmp / "default.pa"), "--daemonize=no",
             "--exit-idle-time=-1", "--system=false", "--log-target=stderr"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=open(tmp / "pa.log", "ab"))
        for _ in range(50):
            if subprocess.run(["pactl", "info"], env=self.env,
                              capture_output=True).returncode == 0:
                return
            time.sleep(0.2)
        raise RuntimeError("pulseaudio did not start: " + (tmp / "pa.log").read_text()[-300:])

    def play(self, sink: str, wav: Path) -> subprocess.Popen[bytes]:
        return subprocess.Popen(["paplay", "-d", sink, "--latency-msec=20", str(wav)],
                                env=self.env)

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait(5)


def normalized(src: Path, dst: Path, dbfs: float = LEVEL_DBFS) -> tuple[Path, float]:
    """``src`` at ``dbfs`` RMS over its loud part, as a 16 kHz WAV; and where its speech
    starts (s)."""
    from voice.echo import read_pcm16k

    x = read_pcm16k(src).astype(np.float64)
    loud = x[np.abs(x) > 0.05 * np.abs(x).max()]
    x *= 32768 * 10 ** (dbfs / 20) / float(np.sqrt(np.mean(loud * loud)))
    frames = x[:len(x) // 160 * 160].reshape(-1, 160)
    db = 10 * np.log10(np.mean(frames * frames, axis=1) / 32768**2 + 1e-12)
    onset = float(np.argmax(db > dbfs - 25)) * 0.01
    _write(dst, np.clip(np.round(x), -32768, 32767).astype(np.int16))
    return dst, onset


class Game:
    """The window's side: the listener, the bot line playing, barge-in."""

    def __init__(self, server: Server) -> None:
        from voice.audio import Microphone
        from voice.echo import open_canceller
        from voice.listener import Listener
        from voice.recognizers import open_recognizer

        os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "XDG_RUNTIME_DIR")})
        self.server = server

        def recognizer() -> Any:
            return open_recognizer("pocketsphinx")

        self.listener = Listener(recognizer, source=Microphone(block=320),
                                 canceller=open_canceller).start()
        self.line: subprocess.Popen[bytes] | None = None
        self.events: list[tuple[float, Any]] = []
        self.stopped_at: float | None = None
        self._lock = threading.Lock()
        self._run = True
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        from voice.listener import SpeechBegan

        while self._run:
            for ev in self.listener.poll():
                now = time.monotonic()
                with self._lock:
                    self.events.append((now, ev))
                    if isinstance(ev, SpeechBegan) and ev.over_playback:
                        line = self.line
                        if line is not None and line.poll() is None:
                            line.kill()
                            self.stopped_at = time.monotonic()
                            self.listener.cut(self.stopped_at)
            time.sleep(0.005)  # a game frame polls at 60 Hz; this is finer

    def say(self, wav: Path) -> None:
        self.stopped_at = None
        self.line = self.server.play("game", wav)
        self.listener.play(wav, time.monotonic())

    def take(self) -> list[tuple[float, Any]]:
        with self._lock:
            out, self.events = self.events, []
        return out

    def close(self) -> None:
        self._run = False
        self.listener.stop()


def heard_texts(events: list[tuple[float, Any]]) -> list[str]:
    return [ev.text for _, ev in events if type(ev).__name__ == "Heard"]


def main(argv: list[str] | None = None) -> None:
    from voice.intents import Unknown
    from voice.parser import parse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=20, help="every Nth clean corpus command")
    ap.add_argument("--stretch", type=float, default=300.0)
    ap.add_argument("--lines", type=int, default=120)
    ap.add_argument("--out", type=Path, default=OUT / "pulse.jsonl")
    args = ap.parse_args(argv)

    rows = [json.loads(x) for x in MANIFEST.read_text().splitlines()]
    cmds = [r for r in rows if r["condition"] == "clean" and r["family"] != "chatter"]
    cmds = cmds[::args.every]
    lines = render_lines(args.lines)
    tmp = Path(tempfile.mkdtemp(prefix="bargein-"))
    norm_lines = [normalized(p, tmp / f"bot{i}.wav")[0] for i, p in enumerate(lines)]
    server = Server(tmp)
    game = Game(server)
    out = open(args.out, "w")
    rng = random.Random(5)
    try:
        t_end = time.monotonic() + 20
        while not game.listener.ready and time.monotonic() < t_end:
            time.sleep(0.1)
        # the canceller learns the room on the first lines, as at the start of a game
        for p in norm_lines[:3]:
            game.say(p)
            game.line.wait()  # type: ignore[union-attr]
            time.sleep(0.5)
        game.take()
        result: dict[str, Any] = {}
        for cond in ("silence", "over"):
            exact, lat, n = 0, [], 0
            for i, r in enumerate(cmds):
                clip, onset = normalized(MANIFEST.parent / r["file"], tmp / f"c{i}.wav")
                game.listener.expect_confirmation(r["family"] == "confirm")
                if cond == "over":
                    game.say(norm_lines[3 + i % (len(norm_lines) - 3)])
                    time.sleep(rng.uniform(0.6, 1.6))
                t_cmd = time.monotonic()
                server.play("room", clip).wait()
                time.sleep(1.2)
                if game.line is not None:
                    game.line.wait()
                time.sleep(0.3)
                evs = game.take()
                texts = heard_texts(evs)
                ok = any(parse(t) == parse(r["text"]) for t in texts[:1]) and len(texts) == 1
                exact += ok
                n += 1
                row = {"cond": cond, "id": r["id"], "said": r["text"], "heard": texts}
                if cond == "over" and game.stopped_at is not None:
                    row["stop_ms"] = round(1000 * (game.stopped_at - (t_cmd + onset)), 1)
                    lat.append(row["stop_ms"])
                out.write(json.dumps(row) + "\n")
                out.flush()
            result[cond] = {"n": n, "exact": round(100 * exact / n, 1)}
            if lat:
                result[cond].update(stopped=len(lat), stop_ms_p50=float(np.percentile(lat, 50)),
                                    stop_ms_p95=float(np.percentile(lat, 95)))
            print(json.dumps({cond: result[cond]}), flush=True)
        # nobody speaks: banter and narration back to back
        t0 = time.monotonic()
        said, k = 0.0, 0
        while time.monotonic() - t0 < args.stretch:
            p = norm_lines[k % len(norm_lines)]
            k += 1
            game.say(p)
            game.line.wait()  # type: ignore[union-attr]
            time.sleep(rng.uniform(0.2, 0.8))
        said = time.monotonic() - t0
        time.sleep(1.0)
        evs = game.take()
        texts = heard_texts(evs)
        acted = [t for t in texts if not isinstance(parse(t), Unknown)]
        began = sum(type(ev).__name__ == "SpeechBegan" for _, ev in evs)
        result["stretch"] = {"seconds": round(said, 1), "lines": k, "speech_began": began,
                             "heard": len(texts), "acted": len(acted), "acted_texts": acted}
        print(json.dumps({"stretch": result["stretch"]}), flush=True)
        out.write(json.dumps({"summary": result}) + "\n")
    finally:
        out.close()
        game.close()
        server.stop()


if __name__ == "__main__":
    main()
