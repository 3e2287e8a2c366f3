"""Short commands said the moment the game has spoken: which the listener misses, and why.

The eyes-free session's player (espeak-ng en-us, 160 words a minute, 0.4 s of a -55 dBFS
room before each word: ``tests.speaking_room``) says the options' moves through the game's
listener (Silero voice detector, PocketSphinx with the game's grammar), each after the
listener was muted ``--mute`` seconds, as while the game says its reply, and the moment it
is unmuted (the 0.3 s echo tail takes most of the quiet before the word):

    options, previous x2, move down x6, next x3, back, next

Then each "next" the listener gave the recognizer is decoded again by a recognizer in its
first state (3 s of the room heard, as the listener gives it), its running cepstral mean set
to the one the live recognizer had before each phrase: which means the word is heard from.

    nice -n 10 .venv/bin/python -m benchmarks.voice.after_reply
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

SEQUENCE = ["options", "previous", "previous", *["move down"] * 6, "next", "next", "next",
            "back", "next"]


def live(mute_s: float, clips: dict) -> list[tuple[str, str, str, bytes]]:
    """(word, heard, running mean before, the utterance's audio) for each of SEQUENCE."""
    from tests.speaking_room import SpeakingRoom
    from voice.listener import Heard, Listener, ListenerReady
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    from voice.vad import SileroVad

    rec = PocketSphinxRecognizer()
    taken: list[tuple[str, bytes, str]] = []
    current: list[bytes] = []
    means: list[str] = []
    accept, final = rec.accept, rec.final

    def accepting(chunk: bytes) -> None:
        if not current:
            means.append(rec._decoder.get_cmn())
        current.append(chunk)
        accept(chunk)

    def finishing():
        hyp = final()
        taken.append((means[-1] if current else "", b"".join(current), hyp.text))
        current.clear()
        return hyp

    rec.accept, rec.final = accepting, finishing  # type: ignore[method-assign]
    room = SpeakingRoom(-55, 6)
    listener = Listener(rec, source=room, vad=SileroVad()).start()
    try:
        while not any(isinstance(e, ListenerReady) for e in listener.poll()):
            time.sleep(0.01)
        time.sleep(1.0)
        for word in SEQUENCE:
            listener.mute()
            time.sleep(mute_s)
            listener.unmute()
            room.say(clips[word])
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if any(isinstance(e, Heard) for e in listener.poll()):
                    break
                time.sleep(0.02)
            time.sleep(0.3)
    finally:
        listener.stop()
    return [(w, text, mean, pcm) for w, (mean, pcm, text) in zip(SEQUENCE, taken, strict=False)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mute", type=float, default=1.5)
    args = ap.parse_args(argv)
    from tests.speaking_room import noise, speak_all

    from .lead_in import fresh_recognizer

    with tempfile.TemporaryDirectory() as tmp:
        clips = speak_all(sorted(set(SEQUENCE)), Path(tmp), voice="en-us", wpm=160,
                          noise_dbfs=-55)
    rows = live(args.mute, clips)
    for i, (word, text, mean, pcm) in enumerate(rows):
        c = ", ".join(f"{float(x):.1f}" for x in mean.split(",")[:3])
        print(f"{i:2d} {word:10s} heard {text:10s} mean before (c0, c1, c2) {c} "
              f"utterance {len(pcm) / 32000:.2f} s")
    nexts = [(i, pcm) for i, (word, _t, _m, pcm) in enumerate(rows) if word == "next"]
    make = fresh_recognizer()
    room = noise(48000, -55, 9).astype(np.int16).tobytes()
    print(f"each 'next' ({', '.join(str(i) for i, _ in nexts)}) from a fresh recognizer "
          "set to the mean before phrase k:")
    for k, (_w, _t, mean, _p) in enumerate(rows):
        got = []
        for _i, pcm in nexts:
            rec = make()
            for j in range(0, len(room), 3200):
                rec.hear_room(room[j:j + 3200])
            for dec in rec._decoders:
                dec.set_cmn(mean)
            got.append(rec.decode(pcm).text)
        c1 = float(mean.split(",")[1])
        print(f"  k={k:2d} c1 {c1:5.1f}: {' '.join(got)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
