"""Talking over the bots in rooms: reverberation and a microphone's noise floor (issue 25 §1).

The closed loop (:mod:`benchmarks.voice.bargein_pulse`) mixes the speakers' monitor and
the player digitally: no reverberation, and digital silence where nobody speaks.  A real
microphone always hears the room's noise, and the room rings on after the game's last
word.  Here each trial is a room drawn at random (seeded): a bot's line rendered as the
game renders it, twice, through sox (delay, reverberation, gain) over a noise floor,
given to the real :class:`voice.listener.Listener` in 20 ms chunks stamped as a
microphone's, with the speakers' own signal as the monitor (as through the sound server):

- **alone** — the bot alone: whether an utterance began (it must not), the game was told
  the player talks over it (a line cut for nothing), and what was heard and would act;
- **over** — the same room with the player saying a command 1.5-3 s into the second line,
  as loud as the bot, the line cut 150 ms after the command began (as the game cuts it):
  whether it began, was heard exact, and when the game was first told.

    nice -n 10 .venv/bin/python -m benchmarks.voice.bargein_rooms --rooms 40 \\
        [--set NAME=VALUE ...] [--engine pocketsphinx] [--rows]

``--set`` changes a listener attribute (:func:`benchmarks.voice.bargein_replay.apply_settings`), so
variants run on the same rooms.
"""

from __future__ import annotations

import argparse
import json
import queue
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchmarks.voice.bargein_replay import apply_settings, parse_settings
from voice.audio import RATE

#: the bots' lines (one a room, cycled), as long as the game's longer banter
LINES = (
    "Well, would you look at that. I just kept calling. Pays to see the river, friends.",
    "I have been folding all night, so this time I am going to take a stand.",
    "Nice try, but you will have to do better than that to push me off a hand.",
    "The blinds go up soon. Everyone had better start playing some pots.",
)
#: the player's commands said over a line
COMMANDS = ("raise to two hundred", "call", "fold", "what's the pot", "all in", "check",
            "bet fifty", "half pot", "pause", "how much to call")
#: the rooms drawn: delay (ms), reverberance (sox, %), gain of the speakers at the
#: microphone (dB), the microphone's noise floor (dBFS)
DELAY_MS, REVERB, GAIN_DB, NOISE_DBFS = (40, 200), (20, 80), (-10.0, -3.0), (-66.0, -50.0)
#: where the command begins in the second line (s), and when the game cuts the line
COMMAND_AT_S, CUT_AFTER_S = (1.5, 3.0), 0.15
#: a second of the room before the game speaks, and after
LEAD_S, TAIL_S = 1.0, 1.0


@dataclass(frozen=True)
class Room:
    voice: str
    line: str
    delay_ms: int
    reverb: int
    gain_db: float
    noise_dbfs: float
    command: str
    command_at_s: float


class StampedSource:
    """The listener's audio source: ``pcm`` in 20 ms chunks stamped from ``t0`` (the
    stamps, not the wall clock, say when each was captured), as fast as they are read
    (``tests/test_talk_over.py`` gives its listener the same)."""

    def __init__(self, pcm: np.ndarray, t0: float, chunk: int = 320) -> None:
        from voice.audio import MicState, MicStatus

        self.status = MicStatus(MicState.LISTENING, "a room")
        self._pcm, self._t0, self._chunk, self._pos = pcm, t0, chunk, 0
        self.captured_at: float | None = None

    def ensure(self, now: float | None = None) -> Any:
        return self.status

    def read(self, timeout: float = 0.1) -> bytes | None:
        if self._pos >= len(self._pcm):
            time.sleep(0.01)
            return None
        out = self._pcm[self._pos:self._pos + self._chunk]
        self._pos += len(out)
        self.captured_at = self._t0 + self._pos / RATE
        time.sleep(0.001)  # let the thread that started the listener run
        return out.tobytes()

    def drain(self) -> None:
        pass

    def close(self) -> None:
        pass

    @property
    def done(self) -> bool:
        return self._pos >= len(self._pcm)


def rooms(n: int, seed: int) -> list[Room]:
    from bots.personalities import PERSONALITIES

    rng = np.random.default_rng(seed)
    voices = sorted(PERSONALITIES)
    return [Room(voices[k % len(voices)], LINES[k % len(LINES)],
                 int(rng.integers(*DELAY_MS)), int(rng.integers(*REVERB)),
                 round(float(rng.uniform(*GAIN_DB)), 1),
                 round(float(rng.uniform(*NOISE_DBFS)), 1),
                 COMMANDS[int(rng.integers(len(COMMANDS)))],
                 round(float(rng.uniform(*COMMAND_AT_S)), 2)) for k in range(n)]


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x.astype(np.float64) ** 2)))


def listen(near: np.ndarray, played: np.ndarray, engine: str,
           settings: dict[str, float | int | None]) -> list[Any]:
    """The listener's events for the microphone's ``near``, the speakers having played
    ``played`` (both from the same instant)."""
    from voice.echo import open_canceller
    from voice.listener import Listener
    from voice.recognizers import open_recognizer

    t0 = 1000.0
    mic = StampedSource(near, t0)
    recognizer = open_recognizer(engine)
    if recognizer is None:
        raise SystemExit(f"no recognizer {engine!r} here")
    lst = Listener(recognizer, source=mic, canceller=open_canceller,
                   monitor=lambda: StampedSource(played, t0))
    apply_settings(lst, settings, recognizer)
    speech = np.flatnonzero(played)
    lst.play(played[speech[0]:speech[-1] + 1], at=t0 + speech[0] / RATE)
    lst.events = events = _Collect()  # type: ignore[assignment]
    lst.start()
    end = time.monotonic() + 120
    while time.monotonic() < end and not (mic.done and not lst._in_utterance):
        time.sleep(0.02)
    time.sleep(0.3)
    lst.stop()
    return [(ev, ev_at - t0 if ev_at is not None else None) for ev, ev_at in events.got]


class _Collect:
    """The listener's event queue, kept whole (``got``: each event and its stamp)."""

    def __init__(self) -> None:
        self.got: list[tuple[Any, float | None]] = []

    def put(self, item: Any, block: bool = True, timeout: float | None = None) -> None:
        self.got.append((item, getattr(item, "at", None)))

    def get_nowait(self) -> Any:
        raise queue.Empty


def render(room: Room, synth: Any) -> np.ndarray:
    """The room's bot line as the game renders it.  espeak-ng's voices draw on one
    random generator for the whole process, so a line sounds a little different each time
    it is rendered: the rooms are rendered in order, every one of them, whichever are run."""
    from bots.personalities import PERSONALITIES
    from voice.wavio import read_samples16k

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "line.wav"
        synth.render(room.line, PERSONALITIES[room.voice].voice, path)
        return read_samples16k(path)


@dataclass(frozen=True)
class Scene:
    """One room's sound: ``played``, the speakers' two lines (with the lead and tail of
    silence); ``echo``, the microphone hearing them alone; ``near``, the microphone with the
    player's ``command`` (samples, as loud as the bot) begun at ``onset`` in the second
    line, over ``cut`` (what the speakers played, the line cut ``CUT_AFTER_S`` after the
    command began, and a second of silence); ``lead``, the silence before the first line."""

    played: np.ndarray
    echo: np.ndarray
    near: np.ndarray
    cut: np.ndarray
    command: np.ndarray
    onset: int
    lead: int


def scene(room: Room, line: np.ndarray) -> Scene:
    """``room``'s sound through sox, with and without the player (:class:`Scene`)."""
    from benchmarks.voice.bargein import room as sox_room
    from benchmarks.voice.synth import speak

    lead, tail = np.zeros(int(LEAD_S * RATE), np.int16), np.zeros(int(TAIL_S * RATE), np.int16)

    def through(pcm: np.ndarray) -> np.ndarray:
        return sox_room(pcm, room.delay_ms, room.reverb, room.gain_db, room.noise_dbfs)

    played = np.concatenate([lead, line, line, tail])
    echo = through(played)
    onset = len(lead) + len(line) + int(room.command_at_s * RATE)
    cut = played.copy()
    cut[onset + int(CUT_AFTER_S * RATE):] = 0
    cmd = speak(room.command, "en-us", 160).astype(np.float64)
    cmd *= _rms(echo[len(lead):len(lead) + 2 * len(line)]) / _rms(
        cmd[np.abs(cmd) > 300])
    voice_in_room = np.zeros(len(cut) + RATE, np.float64)
    voice_in_room[onset:onset + len(cmd)] = cmd
    player = sox_room(np.clip(voice_in_room, -32768, 32767).astype(np.int16), 1,
                      room.reverb, 0.0, -120.0).astype(np.float64)
    near = np.concatenate([through(cut), np.zeros(RATE, np.int16)]).astype(np.float64)
    near += player[:len(near)]
    return Scene(played, echo, np.clip(near, -32768, 32767).astype(np.int16),
                 np.concatenate([cut, np.zeros(RATE, np.int16)]), cmd, onset, len(lead))


def trial(room: Room, line: np.ndarray, engine: str,
          settings: dict[str, float | int | None]) -> dict[str, Any]:
    from voice.intents import Unknown
    from voice.listener import Heard, SpeechBegan, TalkingOver
    from voice.parser import parse

    sound = scene(room, line)
    row: dict[str, Any] = asdict(room)
    alone = listen(sound.echo, sound.played, engine, settings)
    heard = [ev.text for ev, _ in alone if isinstance(ev, Heard)]
    row["alone"] = {
        "began": [round(at, 2) for ev, at in alone if isinstance(ev, SpeechBegan)],
        "cued": [round(at, 2) for ev, at in alone if isinstance(ev, TalkingOver)],
        "heard": heard,
        "acted": [t for t in heard if not isinstance(parse(t), Unknown)]}
    got = listen(sound.near, sound.cut, engine, settings)
    said_at = sound.onset / RATE
    told = [at for ev, at in got if isinstance(ev, TalkingOver | SpeechBegan)
            and at is not None and at >= said_at - 0.5]
    heard = [ev.text for ev, _ in got if isinstance(ev, Heard)]
    row["over"] = {
        "began": [round(at, 2) for ev, at in got if isinstance(ev, SpeechBegan)],
        "heard": heard,
        "exact": len(heard) == 1 and parse(heard[0]) == parse(room.command),
        "told_ms": round(1000 * (told[0] - said_at)) if told else None}
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    told = sorted(r["over"]["told_ms"] for r in rows if r["over"]["told_ms"] is not None)
    return {
        "rooms": len(rows),
        "alone_began": sum(bool(r["alone"]["began"]) for r in rows),
        "alone_cued": sum(bool(r["alone"]["cued"]) for r in rows),
        "alone_acted": sum(bool(r["alone"]["acted"]) for r in rows),
        "over_exact": sum(r["over"]["exact"] for r in rows),
        "over_told_p50_ms": told[len(told) // 2] if told else None,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=40)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--only", type=int, nargs="*", default=None, help="run only these rooms")
    ap.add_argument("--engine", default="pocketsphinx")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--rows", action="store_true", help="print every room's row")
    args = ap.parse_args(argv)
    settings = parse_settings(args.set)
    from bots.speech import Synthesizer

    synth = Synthesizer()
    rows = []
    for k, room in enumerate(rooms(args.rooms, args.seed)):
        line = render(room, synth)
        if args.only is not None and k not in args.only:
            continue
        rows.append(trial(room, line, args.engine, settings))
        if args.rows:
            print(json.dumps({"room": k, **rows[-1]}), flush=True)
    print(json.dumps({"settings": settings, "engine": args.engine, **summary(rows)}),
          flush=True)


if __name__ == "__main__":
    main()
