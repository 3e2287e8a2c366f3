"""Where a command starts and ends: the energy detector against Silero (issue 22, item 4).

    python -m benchmarks.voice.vad [--every 4] [--seed 22] [--out DIR]

For each condition (clean, 15 dB, the reverberant room at 20 dB) and each voice group
(the espeak voices of the corpus, the new flite voices) one continuous stream is built,
as a microphone in that room would hear an evening at the table:

- every ``--every``-th rendered command clip (a seeded sample), each scaled so that its
  room noise is the stream's (no step in the noise floor at a clip's edges; the command's
  own speech-to-noise ratio is kept), with 2-4 s of that room's noise (seeded pink noise at
  the same level) between them;
- interleaved with noise-only stretches: 8 s more of the room, chips and cards clattering
  on the table (short loud clicks), and the room getting 10 dB louder for 3 s (a fan, a
  passing car);
- and with the bots' table talk (espeak-ng lines from ``bots/banter_lines.json`` at a
  command's level, through the same room and noise);
- the whole stream then loses what is below 20 Hz, as a microphone's DC-blocking filter
  would take it out: seeded pink noise over seconds has a sub-audio drift that swings a
  30 ms frame's level by 10 dB, which no microphone delivers (``--highpass 0`` keeps it).

The stream goes to each detector in 100 ms chunks, as the listener feeds it.  Counted per
detector and stream, against where each command's speech really is (it starts 0.35 s into
its clip; in the room, its end is the dry speech's, before the reverberation tail):

- missed: a command no utterance overlaps;
- split: a command two utterances or more overlap (the recognizer hears it in pieces);
- clipped start: the utterance starts more than 50 ms after the speech does;
- clipped end: the utterance ends before the speech does;
- noise starts: utterances that overlap neither a command nor a bot's line;
- bot lines heard: the bots' lines an utterance overlaps (the listener is muted while the
  game speaks; this is what the detector would let through without the mute);
- extra: mean audio per command utterance that is not the command's speech (pre-roll,
  hangover, a reverberation tail), and "end wait", the mean time from the end of the
  speech to the end of the utterance (when the recognizer can give its answer);
- ms/chunk: the detector's own time per 100 ms chunk (mean and p99).
"""

from __future__ import annotations

import argparse
import json
import random
import time
import wave
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from voice.vad import EnergyVad, SileroVad, SpeechEnded

from .synth import LEAD_S, RATE, pink_noise, reverberate, speak

OUT = Path(__file__).resolve().parents[1] / "out" / "voice"
ROOT = Path(__file__).resolve().parents[2]
CHUNK = 1600  # 100 ms, what the listener reads at a time
ROOM_TAIL_S = 0.6  # synth.reverberate pads the speech by this much for its tail
SNR = {"clean": 40.0, "snr15": 15.0, "room20": 20.0}
#: (stream name, manifest, condition)
STREAMS: tuple[tuple[str, str, str], ...] = (
    ("espeak clean", "manifest.jsonl", "clean"),
    ("espeak snr15", "manifest.jsonl", "snr15"),
    ("espeak room20", "manifest-room.jsonl", "room20"),
    ("flite clean", "manifest-new.jsonl", "clean"),
    ("flite snr15", "manifest-new.jsonl", "snr15"),
    ("flite room20", "manifest-new.jsonl", "room20"),
)
BOT_VOICES = ("en-us+m3", "en-gb+f2", "en-us+f4", "en-gb-x-rp+m1")


@dataclass
class Stream:
    audio: np.ndarray
    commands: list[tuple[float, float]] = field(default_factory=list)  # speech (s)
    texts: list[str] = field(default_factory=list)  # "id: text" of each command
    bots: list[tuple[float, float]] = field(default_factory=list)
    noise: list[tuple[str, float, float]] = field(default_factory=list)


def _read(path: Path) -> np.ndarray:
    with wave.open(str(path)) as w:
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(np.float64)


def _rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x * x))) if x.size else 0.0


def bot_lines(n: int, seed: int) -> list[str]:
    """``n`` of the bots' table-talk lines (no placeholders), a seeded sample."""
    def walk(node, out):
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, dict):
            for key, value in node.items():
                if not key.startswith("_"):
                    walk(value, out)
        elif isinstance(node, list):
            for value in node:
                walk(value, out)
        return out

    lines = sorted({s for s in walk(json.loads((ROOT / "bots" / "banter_lines.json")
                                               .read_text()), []) if "{" not in s})
    return random.Random(seed).sample(lines, n)


_BOT_CACHE: dict[tuple[str, str, bool], np.ndarray] = {}


def _bot_speech(text: str, voice: str, room: bool) -> np.ndarray:
    key = (text, voice, room)
    if key not in _BOT_CACHE:
        said = speak(text, voice, 170)
        _BOT_CACHE[key] = (reverberate(said) if room else said).astype(np.float64)
    return _BOT_CACHE[key]


def clatter(n: int, level: float, rng: np.random.Generator) -> np.ndarray:
    """Chips and cards on the table: 3-6 clicks of 10-40 ms decaying noise at ``level``
    peak RMS, over ``n`` samples."""
    out = np.zeros(n)
    for _ in range(rng.integers(3, 7)):
        length = int(rng.uniform(0.010, 0.040) * RATE)
        at = int(rng.integers(0, n - length))
        click = rng.normal(size=length) * np.exp(-np.arange(length) / (length / 4))
        click = np.diff(click, prepend=0.0)  # bright, like plastic on felt
        out[at:at + length] += click / (_rms(click[: length // 4]) or 1.0) * level
    return out


def highpass(x: np.ndarray, hz: float) -> np.ndarray:
    """``x`` without what is below ``hz`` (a ramp from ``hz``/2 up), as a microphone's
    DC-blocking filter leaves it."""
    spectrum = np.fft.rfft(x)
    freqs = np.fft.rfftfreq(x.size, 1 / RATE)
    spectrum *= np.clip((freqs - hz / 2) / (hz / 2), 0.0, 1.0)
    return np.fft.irfft(spectrum, x.size)


def build(manifest: str, condition: str, every: int, seed: int, n_bots: int = 10,
          n_noise: int = 6, highpass_hz: float = 20.0) -> Stream:
    """One continuous stream of a condition (see the module's docstring)."""
    rng = np.random.default_rng(seed)
    rows = [json.loads(line) for line in (OUT / manifest).read_text().splitlines()]
    rows = [r for r in rows if r["condition"] == condition]
    offset = int(rng.integers(0, every))
    rows = rows[offset::every]
    room = condition.startswith("room")
    clips = [_read(OUT / r["file"]) for r in rows]
    lead = int(0.3 * RATE)
    noise_rms = float(np.median([_rms(c[:lead]) for c in clips]))
    speech_rms = float(np.median([_rms(c[lead:int(r["speech_end_s"] * RATE)])
                                  for c, r in zip(clips, rows, strict=True)]))

    def room_noise(n: int) -> np.ndarray:
        return pink_noise(n, int(rng.integers(1 << 31))) * noise_rms

    lines = bot_lines(n_bots, seed)
    items: list[tuple[str, int]] = [("command", i) for i in range(len(clips))]
    items += [("bot", i) for i in range(len(lines))]
    items += [(kind, 0) for kind in ("room", "clatter", "louder") for _ in range(n_noise)]
    order = random.Random(seed).sample(items, len(items))

    parts: list[np.ndarray] = [room_noise(RATE)]  # a second of the room first
    pos = RATE
    stream = Stream(np.zeros(0))
    for kind, i in order:
        gap = room_noise(int(rng.uniform(2.0, 4.0) * RATE))
        parts.append(gap)
        pos += gap.size
        if kind == "command":
            clip = clips[i] * noise_rms / (_rms(clips[i][:lead]) or 1.0)
            end = rows[i]["speech_end_s"] - (ROOM_TAIL_S if room else 0.0)
            stream.commands.append((pos / RATE + LEAD_S, pos / RATE + end))
            stream.texts.append(f"{rows[i]['id']}: {rows[i]['text']}")
            seg = clip
        elif kind == "bot":
            said = _bot_speech(lines[i], BOT_VOICES[i % len(BOT_VOICES)], room)
            said = said * speech_rms / (_rms(said[np.abs(said) > 0.01 * 32768]) or 1.0)
            seg = room_noise(said.size + int(0.2 * RATE))
            seg[int(0.1 * RATE):int(0.1 * RATE) + said.size] += said
            dry = said.size - (int(ROOM_TAIL_S * RATE) if room else 0)
            stream.bots.append((pos / RATE + 0.1, (pos + int(0.1 * RATE) + dry) / RATE))
        elif kind == "room":
            seg = room_noise(8 * RATE)
        elif kind == "clatter":
            seg = room_noise(int(1.5 * RATE)) + clatter(int(1.5 * RATE), speech_rms, rng)
        else:  # the room 10 dB louder for 3 s, 0.3 s ramps
            n, ramp = 3 * RATE, int(0.3 * RATE)
            gain = np.full(n, 10 ** (10 / 20))
            gain[:ramp] = np.linspace(1.0, gain[0], ramp)
            gain[-ramp:] = np.linspace(gain[0], 1.0, ramp)
            seg = room_noise(n) * gain
        if kind in ("room", "clatter", "louder"):
            stream.noise.append((kind, pos / RATE, (pos + seg.size) / RATE))
        parts.append(seg)
        pos += seg.size
    parts.append(room_noise(2 * RATE))
    audio = np.concatenate(parts)
    if highpass_hz:
        audio = highpass(audio, highpass_hz)
    stream.audio = np.clip(np.round(audio), -32768, 32767).astype(np.int16)
    return stream


def utterances(detector, audio: np.ndarray) -> tuple[list[tuple[float, float]], list[float]]:
    """Feed ``audio`` in 100 ms chunks; the utterances (start, end in s) and the time each
    chunk took (ms).  Where an utterance lies is counted frame by frame (the detector's
    per-frame step is wrapped), not guessed from the chunk it came out in."""
    found: list[tuple[float, float]] = []
    pos = 0
    name = "_frame" if hasattr(detector, "_frame") else "_window"
    step = getattr(detector, name)

    def counted(frame: bytes, *rest):
        nonlocal pos
        pos += len(frame) // 2
        events = step(frame, *rest)
        for e in events:
            if isinstance(e, SpeechEnded):
                found.append(((pos - len(e.pcm) // 2) / RATE, pos / RATE))
        return events

    setattr(detector, name, counted)
    times = []
    for i in range(0, audio.size - CHUNK + 1, CHUNK):
        chunk = audio[i:i + CHUNK].tobytes()
        t0 = time.perf_counter()
        detector.feed(chunk)
        times.append(1000 * (time.perf_counter() - t0))
    return found, times


def score(stream: Stream, found: list[tuple[float, float]], times: list[float]) -> dict:
    def overlaps(u, span):
        return u[0] < span[1] and u[1] > span[0]

    missed = split = clip_start = clip_end = 0
    extra, wait, missed_texts = [], [], []
    for span, text in zip(stream.commands, stream.texts, strict=True):
        hits = [u for u in found if overlaps(u, span)]
        if not hits:
            missed += 1
            missed_texts.append(text)
            continue
        split += len(hits) > 1
        clip_start += hits[0][0] > span[0] + 0.05
        clip_end += hits[-1][1] < span[1]
        for u in hits:
            extra.append((u[1] - u[0]) - (min(u[1], span[1]) - max(u[0], span[0])))
        wait.append(hits[-1][1] - span[1])
    noise_starts: dict[str, int] = {"room": 0, "clatter": 0, "louder": 0, "gap": 0}
    for u in found:
        if any(overlaps(u, s) for s in stream.commands + stream.bots):
            continue
        kinds = [k for k, a, b in stream.noise if a <= u[0] < b]
        noise_starts[kinds[0] if kinds else "gap"] += 1
    return {
        "commands": len(stream.commands), "missed": missed, "missed_texts": missed_texts,
        "split": split,
        "clipped_start": clip_start, "clipped_end": clip_end,
        "noise_starts": noise_starts,
        "bots": len(stream.bots),
        "bots_heard": sum(any(overlaps(u, s) for u in found) for s in stream.bots),
        "extra_s": float(np.mean(extra)) if extra else 0.0,
        "end_wait_s": float(np.mean(wait)) if wait else 0.0,
        "chunk_ms_mean": float(np.mean(times)), "chunk_ms_p99": float(np.percentile(times, 99)),
        "audio_s": stream.audio.size / RATE,
    }


DETECTORS = {"energy": EnergyVad, "silero": SileroVad}


def table(results: list[dict]) -> str:
    head = ("| stream | detector | missed | split | clipped start | clipped end | "
            "noise starts (room/clatter/louder/gap) | bot lines heard | extra s | "
            "end wait s | ms/chunk mean / p99 |\n"
            "|---|---|---|---|---|---|---|---|---|---|---|\n")
    rows = []
    for r in results:
        n = r["commands"]
        ns = r["noise_starts"]
        rows.append(
            f"| {r['stream']} | {r['detector']} | {r['missed']}/{n} | {r['split']} | "
            f"{r['clipped_start']} | {r['clipped_end']} | {sum(ns.values())} "
            f"({ns['room']}/{ns['clatter']}/{ns['louder']}/{ns['gap']}) | "
            f"{r['bots_heard']}/{r['bots']} | {r['extra_s']:.2f} | {r['end_wait_s']:.2f} | "
            f"{r['chunk_ms_mean']:.2f} / {r['chunk_ms_p99']:.2f} |")
    return head + "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=4, help="one command clip in N (seeded)")
    ap.add_argument("--seed", type=int, default=22)
    ap.add_argument("--highpass", type=float, default=20.0,
                    help="Hz; 0: keep the synthetic noise's sub-audio drift")
    ap.add_argument("--only", default="", help="streams whose name contains this")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)
    results = []
    for k, (name, manifest, condition) in enumerate(STREAMS):
        if args.only not in name:
            continue
        stream = build(manifest, condition, args.every, args.seed + k,
                       highpass_hz=args.highpass)
        for det_name, make in DETECTORS.items():
            found, times = utterances(make(), stream.audio)
            r = {"stream": name, "detector": det_name, **score(stream, found, times)}
            results.append(r)
            print(f"{name:14} {det_name:7} {json.dumps(r)}", flush=True)
    print()
    print(table(results))
    if args.json:
        args.json.write_text("".join(json.dumps(r) + "\n" for r in results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
