"""The real microphone path, end to end: a PulseAudio virtual microphone.

A private PulseAudio server (its own HOME/XDG_RUNTIME_DIR in a temp dir, a null sink
``vspk`` and a virtual source ``vmic`` on its monitor, both defaults) plays espeak-ng
speech with ``paplay``; a separate Python process captures it through voice.audio
(sounddevice -> PortAudio -> ALSA pulse plugin), the listener thread decodes it with
PocketSphinx, and ``say_result`` resolves it in a hand — the same chain as the game.
The capture runs in a subprocess so ALSA/PortAudio start with this server's environment.

Then the server is killed mid-game (the microphone vanishes): the capture process must
report the loss, keep running, and come back when the server returns.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NEEDED = ("pulseaudio", "paplay", "pactl", "espeak-ng", "sox")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(any(shutil.which(t) is None for t in NEEDED),
                       reason=f"needs {', '.join(NEEDED)} (see .ci/run)"),
]

CAPTURE = r"""
import json, sys, time
from voice.audio import Microphone
from voice.listener import Listener
from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
listener = Listener(PocketSphinxRecognizer, source=Microphone(retry_s=0.5, stall_s=1.0)).start()
end = time.monotonic() + float(sys.argv[1])
while time.monotonic() < end:
    for e in listener.poll():
        row = {"type": type(e).__name__}
        row.update({k: (v.value if hasattr(v, "value") else v) for k, v in vars(e).items()})
        print(json.dumps(row), flush=True)
    time.sleep(0.02)
listener.stop()
"""


class Pulse:
    """A private PulseAudio server with a virtual microphone."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.socket = tmp / "native"
        (tmp / "run").mkdir(mode=0o700, exist_ok=True)
        (tmp / "default.pa").write_text(
            f"load-module module-native-protocol-unix auth-anonymous=1 socket={self.socket}\n"
            "load-module module-null-sink sink_name=vspk\n"
            "load-module module-virtual-source source_name=vmic master=vspk.monitor\n"
            "set-default-sink vspk\nset-default-source vmic\n"
        )
        self.env = dict(os.environ, HOME=str(tmp), XDG_RUNTIME_DIR=str(tmp / "run"),
                        PULSE_SERVER=f"unix:{self.socket}", PYTHONPATH=str(ROOT))
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["pulseaudio", "-n", "-F", str(self.tmp / "default.pa"), "--daemonize=no",
             "--exit-idle-time=-1", "--system=false", "--log-target=stderr"],
            env=self.env, stdout=subprocess.DEVNULL, stderr=open(self.tmp / "pa.log", "ab"),
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            ok = subprocess.run(["pactl", "info"], env=self.env, capture_output=True)
            if ok.returncode == 0:
                return
            if self.proc.poll() is not None:
                break
            time.sleep(0.2)
        log = (self.tmp / "pa.log").read_text()[-300:]
        self.stop()
        pytest.skip(f"pulseaudio could not start here: {log.strip()}")

    def play(self, wav: Path) -> None:
        subprocess.run(["paplay", "-d", "vspk", str(wav)], env=self.env, check=True)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        self.proc = None


@pytest.fixture
def pulse(tmp_path):
    server = Pulse(tmp_path)
    server.start()
    yield server
    server.stop()


def _phrase(tmp: Path, text: str, voice: str = "en-gb") -> Path:
    from benchmarks.voice.synth import mix, speak, write_wav

    path = tmp / f"{text.replace(' ', '_')}.wav"
    write_wav(path, mix(speak(text, voice, 160), 40.0, seed=9))
    with wave.open(str(path)) as w:
        assert w.getframerate() == 16000
    return path


class Capture:
    """The capturing process; ``events()`` collects its JSON lines until a condition."""

    def __init__(self, pulse: Pulse, seconds: float) -> None:
        self.log = pulse.tmp / "capture.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CAPTURE, str(seconds)], env=pulse.env, cwd=ROOT,
            stdout=subprocess.PIPE, stderr=open(self.log, "w"), text=True,
        )
        self.seen: list[dict] = []
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:  # a thread: select() on a buffered pipe misses lines
            self.lines.put(line)

    def until(self, predicate, timeout: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            event = json.loads(line)
            self.seen.append(event)
            if predicate(event):
                return event
        raise AssertionError(f"timed out; saw {self.seen}; capture stderr: "
                             f"{self.log.read_text()[-600:]}")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(5)


def _status(state: str):
    return lambda e: e["type"] == "MicStatus" and e["state"] == state


def test_spoken_command_through_the_virtual_microphone_becomes_the_action(pulse, tmp_path):
    from game.commands.say import say_result, situation_from_history
    from game.phh import loads
    from tests.test_listen_command import PREFLOP

    wav = _phrase(tmp_path, "raise to two hundred")
    cap = Capture(pulse, seconds=40)
    try:
        cap.until(_status("listening"))
        time.sleep(0.5)  # room tone first, as a player would pause
        pulse.play(wav)
        heard = cap.until(lambda e: e["type"] == "Heard")
    finally:
        cap.close()
    assert heard["engine"] == "pocketsphinx"
    assert heard["decode_ms"] < 1000
    said = say_result(heard["text"], situation_from_history(loads(PREFLOP)),
                      confidence=heard["confidence"])
    assert said["action"] == "p3 cbr 200"


def test_microphone_that_vanishes_mid_game_is_reported_and_comes_back(pulse, tmp_path):
    wav = _phrase(tmp_path, "call it")
    cap = Capture(pulse, seconds=60)
    try:
        cap.until(_status("listening"))
        pulse.stop()  # the sound server (our microphone) dies
        lost = cap.until(lambda e: e["type"] == "MicStatus" and e["state"] != "listening")
        assert "mouse and keyboard" in lost["message"]
        pulse.start()
        cap.until(_status("listening"), timeout=30)
        time.sleep(0.5)
        pulse.play(wav)
        heard = cap.until(lambda e: e["type"] == "Heard")
    finally:
        cap.close()
    assert heard["text"] == "call it"
