"""Talking over the bots through a real sound server (issue 25, section 1).

A private PulseAudio server has a sink ``game`` (the game's speech), a sink ``room`` and a
loopback from ``game``'s monitor into ``room`` (the air between speakers and microphone,
with the server's own delay); the microphone ``vmic`` is ``room``'s monitor.  The game's
lines are played as the game plays them (``--player mixer``: pygame's mixer, opened as
``game/ui/sound.py`` opens it, one stream on ``game`` for the whole run; ``paplay``: a new
process each line, as first measured), and the listener — the game's own
(``voice.listener.Listener``: Microphone in 10 ms chunks through PortAudio and ALSA's pulse
plugin, WebRTC's echo canceller, Silero, the ``--engine``) — is told each line and when
it started, as the window tells it; its reference (``--reference``) is the ``game`` sink's
monitor, as the game takes it where PulseAudio runs, or that timeline.  When it reports
the player speaking over a line, the line is stopped and the timeline cut, as the window
does.  The player's command (a rendered corpus clip, at the loudness of the bot lines) is
played into ``room``.

Three runs:

- ``silence``: each sampled command alone;
- ``over``: the same commands, each started 0.6-1.6 s into a bot line long enough to
  still be playing;
- ``stretch``: at least ``--stretch`` seconds of banter and narration, nobody speaking.

Accuracy is "exact": one utterance heard, and it means what the command's words mean.
Barge-in is timed from the command's onset, found in what the microphone recorded
(:mod:`.pulse_marks`) and put on the microphone's steady clock: ``told_ms`` to the game
stopping the line, ``heard_ms`` to the line's last sound from the speakers — the ``game``
sink's monitor, recorded beside the microphone on a steady clock of its own (the mixer's
and the server's buffers included; not the loopback's delay, which stands for the air).
ERLE is the canceller's, through the server: in the stretch, and for each line before its
command.

With ``--server-canceller webrtc|speex`` the sound server cancels the echo itself:
``module-echo-cancel`` is loaded with the microphone (``vmic``) as its source master and
``game`` as its sink master, the game plays into its sink ``game_ec`` and the listener
records its source ``mic_ec``, with no canceller of its own
(:class:`voice.echo.UpstreamCanceller`: the reference still says when the game speaks and
how loud).  ERLE is then the microphone's before the server's canceller (``vmic``, recorded
beside it) against what the listener got, over the same stretches of time.

    nice -n 10 .venv/bin/python -m benchmarks.voice.bargein_pulse --every 40 --stretch 300
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

from voice.listener import Heard, SpeechBegan, TalkingOver

from .bargein import OUT, _write, render_lines
from .pulse_marks import FRAME, RATE, last_sound, locate

MANIFEST = Path(__file__).resolve().parents[1] / "out" / "voice" / "manifest.jsonl"
LEVEL_DBFS = -22.0  # both the bot lines and the commands, RMS over their loud part
GAME_FRAME_S = 0.005  # the longest the window's side waits for the listener's next event
LONG_LINE_S = 2.4  # a line a command is said over: still playing 1.6 s in, and after
ERLE_SETTLE_S = 2.0  # ERLE from this far into the stretch (as benchmarks.voice.bargein)
SPEAKING_DBFS = -50.0  # a 10 ms frame of the reference this loud: the game speaks
SPEAKERS_BLOCK = 320  # samples: the speakers recorded in 20 ms chunks, as the microphone
#: the keys of the stop's figures whose onset is in ``vmic`` recorded beside the listener
ROOM_SUFFIX = "_room"
STOP_KEYS = ("told_ms", "heard_ms", "told_ms" + ROOM_SUFFIX, "heard_ms" + ROOM_SUFFIX)
STOP_SEARCH_S = 1.0  # the line's last sound from the speakers, this far either side of the stop

PA = """load-module module-native-protocol-unix auth-anonymous=1 socket={socket}
load-module module-null-sink sink_name=game
load-module module-null-sink sink_name=room
load-module module-loopback source=game.monitor sink=room latency_msec=40 {pinned}
load-module module-virtual-source source_name=vmic master=room.monitor
set-default-sink game
set-default-source vmic
"""
#: the sound server's own canceller: the game's playback (into game_ec, on to game) its
#: reference, the microphone (vmic) its capture, the cancelled microphone mic_ec
PA_ECHO_CANCEL = """load-module module-echo-cancel source_name=mic_ec sink_name=game_ec \
source_master=vmic sink_master=game rate=16000 channels=1 aec_method={method} \
aec_args="{args}" {module_args}
set-default-sink game_ec
set-default-source mic_ec
"""
#: module-echo-cancel's engine settings: no gain control or noise suppression of the
#: player's voice (both on by default in PulseAudio's webrtc engine; speex's suppressor
#: takes effect only with its denoiser on, SpeexDSP 1.2.1)
SERVER_AEC_ARGS = {
    "webrtc": "analog_gain_control=0 digital_gain_control=0 noise_suppression=0 "
              "high_pass_filter=1",
    "speex": "agc=0 denoise=1 echo_suppress=1",
}


class Server:
    def __init__(self, tmp: Path, echo_cancel: str | None = None, aec_args: str = "",
                 module_args: str = "") -> None:
        self.tmp = tmp
        (tmp / "run").mkdir(mode=0o700, exist_ok=True)
        sock = tmp / "native"
        # pinned: else the loopback follows the default source onto vmic and howls
        pinned = "source_dont_move=true sink_dont_move=true remix=false"
        script = PA.format(socket=sock, pinned=pinned)
        if echo_cancel is not None:
            script += PA_ECHO_CANCEL.format(method=echo_cancel, args=aec_args,
                                            module_args=module_args)
        #: the sink the game plays into
        self.game_sink = "game" if echo_cancel is None else "game_ec"
        (tmp / "default.pa").write_text(script)
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


def said_commands(every: int, offset: int = 0) -> list[dict[str, Any]]:
    """The corpus rows a run says: every ``every``-th clean command (chatter left out),
    from the ``offset``-th (another offset: other commands, for checking a setting chosen
    on one run's audio)."""
    rows = [json.loads(x) for x in MANIFEST.read_text().splitlines()]
    return [r for r in rows
            if r["condition"] == "clean" and r["family"] != "chatter"][offset::every]


def normalized(src: Path, dst: Path, dbfs: float = LEVEL_DBFS) -> tuple[Path, float]:
    """``src`` at ``dbfs`` RMS over its loud part, as a 16 kHz WAV; and where its speech
    starts (s)."""
    from voice.wavio import read_samples16k

    x = read_samples16k(src).astype(np.float64)
    loud = x[np.abs(x) > 0.05 * np.abs(x).max()]
    x *= 32768 * 10 ** (dbfs / 20) / float(np.sqrt(np.mean(loud * loud)))
    frames = x[:len(x) // 160 * 160].reshape(-1, 160)
    db = 10 * np.log10(np.mean(frames * frames, axis=1) / 32768**2 + 1e-12)
    onset = float(np.argmax(db > dbfs - 25)) * 0.01
    _write(dst, np.clip(np.round(x), -32768, 32767).astype(np.int16))
    return dst, onset


class MixerPlayer:
    """The game's playback path: pygame's mixer opened as ``game/ui/sound.py`` opens it, on
    the server's default sink (``game``), one stream for the whole run; each line on a
    reserved channel, as ``game/ui/talk.py`` plays them."""

    name = "mixer"

    def __init__(self, server: Server) -> None:
        os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "XDG_RUNTIME_DIR")})
        os.environ["SDL_AUDIODRIVER"] = "pulseaudio"
        import pygame

        from game.ui.sound import MIXER_BUFFER
        from game.ui.sound import RATE as MIXER_RATE

        pygame.mixer.init(frequency=MIXER_RATE, size=-16, channels=2, buffer=MIXER_BUFFER)
        pygame.mixer.set_reserved(1)
        self._pygame = pygame
        self._channel = pygame.mixer.Channel(0)

    def play(self, wav: Path) -> None:
        self._channel.set_volume(1.0, 1.0)
        self._channel.play(self._pygame.mixer.Sound(str(wav)))

    def stop(self) -> None:
        self._channel.stop()

    def busy(self) -> bool:
        return bool(self._channel.get_busy())


class PaplayPlayer:
    """Each line a new ``paplay`` (the first measurement's path: its start-up, and so the
    echo's delay, changes from line to line)."""

    name = "paplay"

    def __init__(self, server: Server) -> None:
        self._server = server
        self._proc: subprocess.Popen[bytes] | None = None

    def play(self, wav: Path) -> None:
        self._proc = self._server.play(self._server.game_sink, wav)

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.kill()

    def busy(self) -> bool:
        return self._proc is not None and self._proc.poll() is None


PLAYERS = {"mixer": MixerPlayer, "paplay": PaplayPlayer}


class TeeMicrophone:
    """The game's :class:`~voice.audio.Microphone`, and everything it gave the listener
    kept with its stamp: where the command and the line's stop are found afterwards."""

    def __init__(self, block: int) -> None:
        from voice.audio import Microphone
        from voice.monitor import SteadyClock

        self._mic = Microphone(block=block)
        self.chunks: list[np.ndarray] = []
        self.stamps: list[float] = []  # when each chunk's last sample was captured
        self.steady: list[float] = []  # the same, on the stream's steady clock
        self._clock = SteadyClock()
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._mic, name)

    @property
    def captured_at(self) -> float | None:
        return self._mic.captured_at

    def read(self, timeout: float = 0.1) -> bytes | None:
        chunk = self._mic.read(timeout)
        if chunk is not None:
            pcm = np.frombuffer(chunk, dtype=np.int16)
            stamp = self._mic.captured_at or time.monotonic()
            with self._lock:
                self.chunks.append(pcm)
                self.stamps.append(stamp)
                self.steady.append(self._clock.advance(len(pcm), stamp))
        return chunk

    def mark(self) -> int:
        """How many chunks have been recorded so far."""
        with self._lock:
            return len(self.chunks)

    def since(self, mark: int) -> tuple[np.ndarray, np.ndarray]:
        """The recording from chunk ``mark`` on, and each sample's capture time on the
        steady clock (the stamps' lower edge: a chunk read late does not move it)."""
        with self._lock:
            chunks, stamps = self.chunks[mark:], self.steady[mark:]
        return stamped(chunks, stamps)


def stamped(chunks: list[np.ndarray], ends: list[float]) -> tuple[np.ndarray, np.ndarray]:
    """The chunks as one recording, and each sample's time from its chunk's end."""
    if not chunks:
        return np.zeros(0), np.zeros(0)
    pcm = np.concatenate(chunks).astype(np.float64)
    t = np.concatenate([e - np.arange(len(c))[::-1] / RATE
                        for c, e in zip(chunks, ends, strict=True)])
    return pcm, t


class Recording:
    """A source of the server's through ``parec``, beside the listener, each 20 ms chunk on
    a steady clock of its own (as the microphone's): the speakers (the ``game`` sink's
    monitor), so that when the line fell silent is on the microphone's time without the
    loopback that stands for the air; or the microphone itself (``vmic``), where the
    listener runs in a process of its own and its microphone cannot be tapped."""

    def __init__(self, server: Server, source: str) -> None:
        from voice.monitor import SteadyClock

        self._proc = subprocess.Popen(
            ["parec", "-d", source, f"--rate={RATE}", "--channels=1",
             "--format=s16le", "--latency-msec=10", "--raw"],
            env=server.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.chunks: list[np.ndarray] = []
        self.ends: list[float] = []
        self._clock = SteadyClock()
        self._lock = threading.Lock()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        out = self._proc.stdout
        assert out is not None
        while data := out.read(2 * SPEAKERS_BLOCK):
            stamp = time.monotonic()
            pcm = np.frombuffer(data, dtype=np.int16)
            with self._lock:
                self.chunks.append(pcm)
                self.ends.append(self._clock.advance(len(pcm), stamp))

    def mark(self) -> int:
        """How many chunks have been recorded so far."""
        with self._lock:
            return len(self.chunks)

    def since(self, mark: int) -> tuple[np.ndarray, np.ndarray]:
        """The recording from chunk ``mark`` on, and each sample's time."""
        with self._lock:
            chunks, ends = self.chunks[mark:], self.ends[mark:]
        return stamped(chunks, ends)

    def last_sound(self, t0: float, t1: float) -> float | None:
        """When the source last sounded (a 10 ms frame above :data:`SPEAKING_DBFS`)
        between ``t0`` and ``t1``; None if it was silent throughout."""
        with self._lock:
            keep = [i for i, e in enumerate(self.ends) if t0 < e <= t1 + SPEAKERS_BLOCK / RATE]
            chunks, ends = [self.chunks[i] for i in keep], [self.ends[i] for i in keep]
        pcm, t = stamped(chunks, ends)
        lo, hi = int(np.searchsorted(t, t0)), int(np.searchsorted(t, t1))
        at = last_sound(pcm[lo:hi], SPEAKING_DBFS)
        return None if at is None else float(t[lo + at - 1])

    def close(self) -> None:
        self._proc.kill()
        self._proc.wait(2)


class Speakers(Recording):
    """What the speakers play: the ``game`` sink's monitor."""

    def __init__(self, server: Server) -> None:
        super().__init__(server, "game.monitor")


class RawMic:
    """The microphone before the sound server's canceller (``vmic``), recorded beside the
    listener's with ``parec``, each 20 ms chunk stamped as it arrived: ERLE of a canceller
    the listener does not run, as energy over the same stretches of time (nobody speaks in
    them, so no alignment finer than a chunk is needed)."""

    def __init__(self, server: Server) -> None:
        self._proc = subprocess.Popen(
            ["parec", "-d", "vmic", f"--rate={RATE}", "--channels=1", "--format=s16le",
             "--latency-msec=20", "--raw"],
            env=server.env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.chunks: list[np.ndarray] = []
        self.stamps: list[float] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        out = self._proc.stdout
        assert out is not None
        while data := out.read(640):
            self.chunks.append(np.frombuffer(data, dtype=np.int16))
            self.stamps.append(time.monotonic())

    def close(self) -> None:
        self._proc.kill()
        self._proc.wait(2)


def energy(chunks: list[np.ndarray], stamps: list[float], t0: float, t1: float) -> float:
    """The sum of squares of the chunks stamped in (``t0``, ``t1``]."""
    k = len(stamps)
    return float(sum(np.sum(chunks[i].astype(np.float64) ** 2) for i in range(k)
                     if t0 < stamps[i] <= t1))


def server_erle(raw: RawMic, mic: TeeMicrophone, t0: float, t1: float) -> float | None:
    """ERLE of the sound server's canceller over (``t0``, ``t1``]: the microphone before it
    against what the listener got."""
    before = energy(raw.chunks, raw.stamps, t0, t1)
    with mic._lock:
        after = energy(mic.chunks, mic.stamps, t0, t1)
    if before <= 0:
        return None
    return round(10 * float(np.log10(before / max(after, 1e-9))), 2)


class Tap:
    """The listener's canceller, with what went in and came out kept while ``on``: ERLE
    through the sound server."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.on = False
        self.kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # near, far, out

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        out = self.inner.process(near, far)
        if self.on:
            self.kept.append((near.copy(), far.copy(), out.copy()))
        return out

    def erle(self, settle_s: float = ERLE_SETTLE_S,
             block_s: float | None = None) -> float | list[float] | None:
        """ERLE over the 10 ms frames the game spoke in (reference above
        :data:`SPEAKING_DBFS`), after the first ``settle_s``; with ``block_s``, one
        figure for each block of that many seconds (is it steady?)."""
        from voice.echo import erle_db

        if not self.kept:
            return None
        near, far, out = (np.concatenate(x).astype(np.float64) for x in zip(*self.kept,
                                                                         strict=True))
        n = len(far) // FRAME * FRAME
        fr = far[:n].reshape(-1, FRAME)
        speaking = 10 * np.log10(np.mean(fr * fr, axis=1) / 32768**2 + 1e-12) > SPEAKING_DBFS
        speaking[:int(settle_s * RATE / FRAME)] = False
        keep = np.repeat(speaking, FRAME)
        if block_s is None:
            return erle_db(near[:n][keep], out[:n][keep])
        step = int(block_s * RATE)
        return [erle_db(near[i:i + step][keep[i:i + step]], out[i:i + step][keep[i:i + step]])
                for i in range(0, n, step) if keep[i:i + step].any()]


class Game:
    """The window's side: the listener, the bot line playing, barge-in.

    With ``process`` the listener is the window's own
    (:class:`game.ui.listener_process.ListenerProcess`: the same Listener in a child
    process, its events taken in by a thread that stops the line at once, as
    ``VoiceLink`` has it do); its microphone is then not tapped here, so the commands'
    onsets are found in ``vmic`` recorded beside it (:attr:`room`), and there is no ERLE
    and no dump."""

    def __init__(self, server: Server, player: str, engine: str,
                 reference: str = "monitor", canceller_name: str = "auto",
                 dump: bool = False, server_canceller: str | None = None,
                 process: bool = False) -> None:
        os.environ.update({k: server.env[k] for k in ("PULSE_SERVER", "XDG_RUNTIME_DIR")})
        self.server = server
        self.player = PLAYERS[player](server)
        self.tap: Tap | None = None
        self.raw = RawMic(server) if server_canceller is not None else None
        self.mic: TeeMicrophone | None = None
        self.speakers = Speakers(server)
        #: the microphone as the sound server has it, on a clock of the benchmark's own:
        #: where a command's onset is found for the ``*_ms_room`` figures, either way
        self.room = Recording(server, "vmic")
        self.fars: list[tuple[np.ndarray, bool, bool]] | None = None
        self.events: list[tuple[float, Any]] = []
        self.stopped_at: float | None = None
        self._lock = threading.Lock()
        self._ready = False
        self.listener: Any
        if process:
            from game.ui.listener_process import ListenerProcess

            self.listener = ListenerProcess(engine, push_to_talk=False, talk_over=True)
            self.listener.on_barge_in = self._barge_in
        else:
            self.listener = self._in_process(engine, reference, canceller_name, dump,
                                             server_canceller)
        self.process = process
        self._run = True
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _in_process(self, engine: str, reference: str, canceller_name: str, dump: bool,
                    server_canceller: str | None) -> Any:
        """The listener on a thread of this process, its microphone and canceller tapped."""
        from game.ui.listener_process import TALK_OVER_BLOCK
        from voice.echo import PairedCanceller, UpstreamCanceller, open_canceller
        from voice.listener import Listener
        from voice.monitor import open_monitor
        from voice.recognizers import open_recognizer

        def recognizer() -> Any:
            return open_recognizer(engine)

        def canceller() -> Any:
            if server_canceller is not None:  # the sound server cancels; ERLE from RawMic
                return UpstreamCanceller(f"server-{server_canceller}")
            inner = open_canceller(canceller_name)
            if isinstance(inner, PairedCanceller):  # ERLE: the detector's canceller
                self.tap = Tap(inner.detect)
                inner.detect = self.tap
                return inner
            self.tap = Tap(inner) if inner is not None else None
            return self.tap

        self.mic = TeeMicrophone(TALK_OVER_BLOCK)
        listener = Listener(recognizer, source=self.mic, canceller=canceller,
                            monitor=open_monitor if reference == "monitor" else None)
        #: with ``dump``: each chunk's reference and "over playback", as the listener took
        #: them, and whether the monitor's offset moved at it (:mod:`.bargein_replay` plays
        #: the run back through the listener from these)
        self.fars = [] if dump else None
        if self.fars is not None:
            inner_far, fars = listener._far, self.fars

            def far(n: int, captured: float) -> tuple[np.ndarray, bool]:
                moves = listener.reference_moves
                got = inner_far(n, captured)
                fars.append((got[0].copy(), got[1], listener.reference_moves != moves))
                return got

            listener._far = far  # type: ignore[method-assign]
        return listener.start()

    def mic_mark(self) -> int:
        """How many chunks the tapped microphone has recorded (0 where the listener runs
        in its own process and its microphone is not tapped)."""
        return self.mic.mark() if self.mic is not None else 0

    @property
    def ready(self) -> bool:
        """The listener hears (its recognizer loaded, the room learned)."""
        return self._ready if self.process else bool(self.listener.ready)

    def _barge_in(self, at: float) -> None:
        """Stop the line and tell the listener, as the window does on a barge-in."""
        with self._lock:
            if self.player.busy():
                self.player.stop()
                self.stopped_at = time.monotonic()
                self.listener.cut(self.stopped_at)

    def _pump(self) -> None:
        from voice.listener import ListenerError, ListenerReady, barge_in_at

        while self._run:
            if self.process:  # the child's events, taken in (and the line stopped) already
                time.sleep(GAME_FRAME_S)
                got = self.listener.poll()
            else:
                first = self.listener.next_event(GAME_FRAME_S)  # as the game's relay waits
                got = ([first] if first is not None else []) + self.listener.poll()
            for ev in got:
                if isinstance(ev, ListenerReady):
                    self._ready = True
                elif isinstance(ev, ListenerError):
                    print(json.dumps({"listener_error": str(ev)}), flush=True)
                at = None if self.process else barge_in_at(ev)
                if at is not None:
                    self._barge_in(at)
                with self._lock:
                    self.events.append((time.monotonic(), ev))

    def say(self, wav: Path) -> None:
        self.stopped_at = None
        self.player.play(wav)
        self.listener.play(str(wav), time.monotonic())

    def wait_line(self) -> None:
        while self.player.busy():
            time.sleep(0.02)

    def take(self) -> list[tuple[float, Any]]:
        with self._lock:
            out, self.events = self.events, []
        return out

    def close(self) -> None:
        self._run = False
        self.listener.stop()
        self.speakers.close()
        self.room.close()
        if self.raw is not None:
            self.raw.close()


def heard_texts(events: list[tuple[float, Any]]) -> list[str]:
    return [ev.text for _, ev in events if isinstance(ev, Heard)]


def stop_marks(game: Game, recorded: tuple[np.ndarray, np.ndarray], clip: np.ndarray,
               onset_s: float, events: list[tuple[float, Any]],
               suffix: str = "") -> dict[str, Any]:
    """The command's onset, found in ``recorded`` (the microphone since the command's
    mark, each sample's capture time), and the line's stop: ``told_ms`` from the onset to
    the game stopping the line, ``heard_ms`` from the onset to the line's last sound from
    the speakers (both on the recording's steady clock); ``suffix`` ends every key."""
    rec, t = recorded
    if not len(rec):
        return {}
    onset = locate(rec, clip) + int(onset_s * RATE)
    if onset >= len(t):
        return {}
    out: dict[str, Any] = {
        "began_ms": [(round(1000 * (ev.at - t[onset])), ev.over_playback)
                     for _, ev in events if isinstance(ev, SpeechBegan)],
        "cued_ms": [round(1000 * (ev.at - t[onset]))
                    for _, ev in events if isinstance(ev, TalkingOver)]}
    if game.stopped_at is not None:
        out["told_ms"] = round(1000 * (game.stopped_at - t[onset]), 1)
        end = game.speakers.last_sound(game.stopped_at - STOP_SEARCH_S,
                                       game.stopped_at + STOP_SEARCH_S)
        if end is not None:
            out["heard_ms"] = round(1000 * (end - t[onset]), 1)
    return {k + suffix: v for k, v in out.items()}


def percentiles(xs: list[float]) -> dict[str, float]:
    return ({"n": len(xs), "p50": round(float(np.percentile(xs, 50)), 1),
             "p95": round(float(np.percentile(xs, 95)), 1)} if xs else {"n": 0})


def main(argv: list[str] | None = None) -> None:
    from voice.echo import CANCELLERS
    from voice.intents import Unknown
    from voice.parser import parse
    from voice.wavio import read_samples16k

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=20, help="every Nth clean corpus command")
    ap.add_argument("--offset", type=int, default=0,
                    help="...from this one on (0: the first)")
    ap.add_argument("--stretch", type=float, default=300.0)
    ap.add_argument("--lines", type=int, default=120)
    ap.add_argument("--player", choices=sorted(PLAYERS), default="mixer",
                    help="mixer: the game's one open pygame stream; paplay: one per line")
    ap.add_argument("--reference", choices=("monitor", "timeline"), default="monitor",
                    help="the canceller's reference: the game sink's monitor, or the "
                    "timeline of when the game asked for each line")
    ap.add_argument("--engine", default="pocketsphinx", help="as holdem play --voice")
    ap.add_argument("--canceller", default="auto", choices=("auto", *CANCELLERS),
                    help="the listener's echo canceller (voice.echo.CANCELLERS)")
    ap.add_argument("--server-canceller", choices=sorted(SERVER_AEC_ARGS), default=None,
                    help="the sound server cancels the echo (module-echo-cancel, this "
                    "aec_method); the listener's own canceller is off")
    ap.add_argument("--server-aec-args", default=None,
                    help="module-echo-cancel's aec_args (default: SERVER_AEC_ARGS)")
    ap.add_argument("--server-module-args", default="",
                    help="more of module-echo-cancel's own arguments (adjust_time=0: it does "
                    "not re-adjust the two streams' rates)")
    ap.add_argument("--listener", choices=("thread", "process"), default="thread",
                    help="thread: the listener on a thread here, its microphone and "
                    "canceller tapped (onsets, ERLE, --dump); process: the window's own "
                    "(a child process; onsets from vmic recorded beside it, no ERLE)")
    ap.add_argument("--skip", nargs="*", default=[], choices=("silence", "over", "stretch"))
    ap.add_argument("--out", type=Path, default=OUT / "pulse.jsonl")
    ap.add_argument("--dump", type=Path, default=None,
                    help="keep what the listener was given (microphone, reference, over "
                    "playback) in this .npz, for benchmarks.voice.bargein_replay")
    args = ap.parse_args(argv)
    if args.listener == "process" and (args.dump is not None or args.server_canceller
                                       or args.reference != "monitor"):
        ap.error("--listener process is the window's listener: its reference is the "
                 "monitor, its canceller its own, and it cannot be dumped")

    cmds = said_commands(args.every, args.offset)
    lines = render_lines(args.lines)
    tmp = Path(tempfile.mkdtemp(prefix="bargein-"))
    norm_lines = [normalized(p, tmp / f"bot{i}.wav")[0] for i, p in enumerate(lines)]
    # the command is said while a line plays: lines long enough to still be playing
    long_lines = [p for p in norm_lines[3:] if len(read_samples16k(p)) / RATE >= LONG_LINE_S]
    aec_args = args.server_aec_args
    if args.server_canceller is not None and aec_args is None:
        aec_args = SERVER_AEC_ARGS[args.server_canceller]
    server = Server(tmp, args.server_canceller, aec_args or "", args.server_module_args)
    game = Game(server, args.player, args.engine, args.reference, args.canceller,
                dump=args.dump is not None, server_canceller=args.server_canceller,
                process=args.listener == "process")
    segments: list[dict[str, Any]] = []  # with --dump: which chunks each command covers
    out = open(args.out, "w")
    rng = random.Random(5)
    result: dict[str, Any] = {"player": args.player, "engine": args.engine,
                              "listener": args.listener, "every": args.every,
                              "offset": args.offset,
                              "reference": args.reference, "canceller": args.canceller,
                              "server_canceller": args.server_canceller,
                              "server_aec_args": aec_args,
                              "server_module_args": args.server_module_args,
                              "load": os.getloadavg()[0]}
    try:
        t_end = time.monotonic() + 60
        while not game.ready and time.monotonic() < t_end:
            time.sleep(0.1)
        # the canceller learns the room on the first lines, as at the start of a game
        for p in norm_lines[:3]:
            game.say(p)
            game.wait_line()
            time.sleep(0.5)
        game.take()
        for cond in ("silence", "over"):
            if cond in args.skip:
                continue
            exact, n = 0, 0
            stops: dict[str, list[float]] = {k: [] for k in STOP_KEYS}
            for i, r in enumerate(cmds):
                clip_path, onset = normalized(MANIFEST.parent / r["file"], tmp / f"c{i}.wav")
                clip = read_samples16k(clip_path).astype(np.float64)
                game.listener.expect_confirmation(r["family"] == "confirm")
                mark = game.mic_mark()
                room_mark = game.room.mark()
                alone = None
                said_at = 0.0
                if cond == "over":
                    line_path = long_lines[i % len(long_lines)]
                    if game.tap is not None:
                        game.tap.kept, game.tap.on = [], True
                    said_at = time.monotonic()
                    game.say(line_path)
                    time.sleep(rng.uniform(0.6, 1.6))
                    if game.tap is not None:  # the line alone, before the command
                        game.tap.on = False
                        alone = game.tap.erle(settle_s=0.0)
                cmd_at = time.monotonic()
                server.play("room", clip_path).wait()
                time.sleep(1.2)
                game.wait_line()
                time.sleep(0.3)
                evs = game.take()
                texts = heard_texts(evs)
                ok = any(parse(t) == parse(r["text"]) for t in texts[:1]) and len(texts) == 1
                exact += ok
                n += 1
                row: dict[str, Any] = {"cond": cond, "id": r["id"], "said": r["text"],
                                       "heard": texts}
                segments.append({"cond": cond, "said": r["text"], "heard": texts,
                                 "confirm": r["family"] == "confirm", "from": mark,
                                 "to": game.mic_mark()})
                if cond == "over":
                    if game.raw is not None and game.mic is not None:  # the line alone
                        alone = server_erle(game.raw, game.mic, said_at, cmd_at)
                    row["erle_line_db"] = alone
                    if game.mic is not None:
                        row.update(stop_marks(game, game.mic.since(mark), clip, onset, evs))
                    row.update(stop_marks(game, game.room.since(room_mark), clip, onset, evs,
                                          ROOM_SUFFIX))
                    for k, xs in stops.items():
                        if k in row:
                            xs.append(row[k])
                out.write(json.dumps(row) + "\n")
                out.flush()
            result[cond] = {"n": n, "exact": round(100 * exact / n, 1)}
            if cond == "over":
                result[cond].update({k: percentiles(xs) for k, xs in stops.items() if xs})
            print(json.dumps({cond: result[cond]}), flush=True)
        if "stretch" not in args.skip:
            # nobody speaks: banter and narration back to back
            if game.tap is not None:
                game.tap.kept, game.tap.on = [], True
            t0 = time.monotonic()
            k = 0
            mark = game.mic_mark()
            while time.monotonic() - t0 < args.stretch:
                game.say(norm_lines[k % len(norm_lines)])
                k += 1
                game.wait_line()
                time.sleep(rng.uniform(0.2, 0.8))
            said = time.monotonic() - t0
            time.sleep(1.0)
            erle, erle_30s = None, None
            if game.tap is not None:
                erle, erle_30s = game.tap.erle(), game.tap.erle(block_s=30)
            elif game.raw is not None and game.mic is not None:
                start, stop = t0 + ERLE_SETTLE_S, t0 + said
                erle = server_erle(game.raw, game.mic, start, stop)
                erle_30s = [server_erle(game.raw, game.mic, a, min(a + 30, stop))
                            for a in np.arange(start, stop, 30.0)]
            evs = game.take()
            texts = heard_texts(evs)
            acted = [t for t in texts if not isinstance(parse(t), Unknown)]
            segments.append({"cond": "stretch", "heard": texts, "confirm": False,
                             "from": mark,
                             "to": game.mic_mark()})
            began = sum(isinstance(ev, SpeechBegan) for _, ev in evs)
            cued = sum(isinstance(ev, TalkingOver) for _, ev in evs)
            result["stretch"] = {"seconds": round(said, 1), "lines": k, "speech_began": began,
                                 "lines_stopped_by_cue": cued,
                                 "heard": len(texts), "acted": len(acted),
                                 "acted_texts": acted,
                                 "erle_db": erle, "erle_30s": erle_30s}
            print(json.dumps({"stretch": result["stretch"]}), flush=True)
        result["load_end"] = os.getloadavg()[0]
        out.write(json.dumps({"summary": result}) + "\n")
        print(json.dumps({"load": [result["load"], result["load_end"]]}), flush=True)
    finally:
        out.close()
        game.close()
        server.stop()
        if args.dump is not None and game.fars is not None:
            dump(args.dump, game, segments)


def dump(path: Path, game: Game, segments: list[dict[str, Any]]) -> None:
    """What the listener was given, chunk by chunk: the microphone's samples and capture
    stamps, the reference and "over playback" it took for each, and whether the monitor's
    offset moved there; and the commands' spans."""
    fars = list(game.fars or [])
    assert game.mic is not None  # dumped only with the listener on a thread here
    chunks, stamps = game.mic.chunks, game.mic.stamps
    k = min(len(fars), len(chunks))
    np.savez_compressed(
        path, near=np.concatenate(chunks[:k]).astype(np.int16),
        lens=np.array([len(c) for c in chunks[:k]]), stamps=np.array(stamps[:k]),
        far=np.concatenate([f for f, _, _ in fars[:k]]).astype(np.int16),
        over=np.array([o for _, o, _ in fars[:k]]), moved=np.array([m for _, _, m in fars[:k]]),
        segments=np.array(json.dumps(segments)))


if __name__ == "__main__":
    main()
