"""`holdem listen FILE.wav --phh PARTIAL.phh [--engine vosk|whisper|pocketsphinx]`: a
recorded phrase through the recognizer, then resolved exactly like ``holdem say``.

Prints the ``say`` object plus ``"transcript"`` (what the recognizer wrote, ``"[unk]"`` when
it rejected the audio), ``"engine"`` and ``"decode_ms"`` (recognizer time for the whole
file, streamed in 100 ms chunks as the microphone would feed it).  The recognizer's
confidence is passed to the resolver, so a low-confidence action waits for a "yes".

Input: 16 kHz mono 16-bit WAV is used as is; 8-48 kHz, mono or stereo, 8-32-bit PCM is
converted (channels averaged, linear-interpolation resampling: :mod:`voice.wavio`).
Exit 2 with a one-line message for a missing/unreadable/unsupported file, a hand nobody
can act in, or an engine that cannot start (e.g. no Vosk model).
"""

from __future__ import annotations

import argparse
import json
import sys
import time

ENGINE_CHOICES = ("auto", "vosk", "whisper", "pocketsphinx")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.wav", help="the spoken phrase (16 kHz mono best)")
    parser.add_argument("--phh", required=True, metavar="PARTIAL.phh",
                        help="an unfinished hand; the phrase is for the player to act")
    parser.add_argument("--engine", choices=ENGINE_CHOICES, default="auto",
                        help="recognizer (auto: Vosk if an English model is found, "
                        "else Whisper, else PocketSphinx)")
    parser.add_argument("--confirm-pending", action="store_true",
                        help="a confirmation is waiting: listen for yes/no too")


def listen_result(pcm: bytes, situation, recognizer, confirm_pending: bool = False) -> dict:
    """The ``listen`` JSON object for 16 kHz mono PCM (used by tests and the benchmark).

    The recognizer first hears the room the recording starts with, as the listener gives
    it the room before a player's first phrase (:func:`voice.listener.hear_room`): a
    fresh recognizer's first phrase otherwise hears that room as part of the word."""
    from game.commands.say import say_result
    from voice.listener import hear_room, room_before_speech

    hear_room(recognizer, room_before_speech(pcm))
    recognizer.expect_confirmation(confirm_pending)
    t0 = time.perf_counter()
    hyp = recognizer.decode(pcm)
    decode_ms = 1000 * (time.perf_counter() - t0)
    out = say_result(hyp.text, situation, confidence=hyp.confidence, engine=recognizer.name)
    out["transcript"] = hyp.text
    out["engine"] = recognizer.name
    out["decode_ms"] = round(decode_ms, 1)
    return out


def run(args: argparse.Namespace) -> int:
    from game.commands.say import SayInputError, load_situation
    from voice.recognizers import RecognizerError, open_recognizer
    from voice.wavio import WavError, read_pcm16k

    def fail(message: str) -> int:
        print(f"holdem listen: {message}", file=sys.stderr)
        return 2

    try:
        pcm = read_pcm16k(args.file)
    except WavError as exc:
        return fail(str(exc))
    try:
        situation = load_situation(args.phh)
    except SayInputError as exc:
        return fail(str(exc))
    try:
        recognizer = open_recognizer(args.engine)
    except RecognizerError as exc:
        return fail(str(exc))
    assert recognizer is not None  # "off" is not a choice here
    if recognizer.notice:
        print(f"holdem listen: {recognizer.notice}", file=sys.stderr)
    print(json.dumps(listen_result(pcm, situation, recognizer, args.confirm_pending)))
    return 0
