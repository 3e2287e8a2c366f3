"""PocketSphinx decoding straight through its C library (voice/recognizers/sphinx_calls.py):
the same words as the wheel's own methods, with Python's interpreter lock free while it
decodes, so that Whisper's thread runs beside it."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from voice.recognizers import sphinx_calls

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="needs espeak-ng")

#: A Python thread beside a decode through the C library never waits this share of the
#: decode's time (beside the wheel's own call, which holds the lock, it waits all of it).
STALL_SHARE = 0.5


def _decoder() -> Any:
    from pocketsphinx import Decoder

    from voice.recognizers.pocketsphinx_backend import CMNINIT

    dec = Decoder(logfn=os.devnull, cmninit=CMNINIT)
    dec.add_jsgf_string("commands", b"#JSGF V1.0;\ngrammar c;\n"
                        b"public <c> = fold | check | call | raise to two hundred | all in;\n")
    dec.activate_search("commands")
    return dec


def _speech(text: str) -> bytes:
    from benchmarks.voice.synth import mix, speak

    return mix(speak(text, "en-us", 160), 30.0, seed=3).tobytes()


def _chunks(pcm: bytes, size: int = 3200) -> Iterator[bytes]:
    return (pcm[i:i + size] for i in range(0, len(pcm), size))


@pytest.fixture
def binding_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sphinx_calls, "DIRECT", False)


def _hear(dec: Any, pcm: bytes) -> tuple[str, int, int]:
    """The words, their score and the frames decoded, 100 ms chunk by chunk."""
    dec.start_utt()
    for chunk in _chunks(pcm):
        sphinx_calls.process_raw(dec, chunk)
    sphinx_calls.end_utt(dec)
    hyp = dec.hyp()
    assert hyp is not None
    return hyp.hypstr, hyp.score, dec.n_frames()


def test_the_wheels_decoder_is_called_directly():
    assert sphinx_calls.direct(_decoder())


def test_another_object_is_never_called_directly():
    class Impostor:
        config = object()

        def process_raw(self, data: bytes, no_search: bool, full_utt: bool) -> None:
            self.heard = data

    impostor = Impostor()
    assert not sphinx_calls.direct(impostor)
    sphinx_calls.process_raw(impostor, b"\0\0")
    assert impostor.heard == b"\0\0"


def test_direct_calls_hear_what_the_wheels_methods_hear(monkeypatch):
    pcm = _speech("raise to two hundred")
    direct = _hear(_decoder(), pcm)
    monkeypatch.setattr(sphinx_calls, "DIRECT", False)
    binding = _hear(_decoder(), pcm)
    assert direct == binding
    assert direct[0] == "raise to two hundred"


def test_switched_off_the_wheels_own_methods_decode(binding_calls):
    assert not sphinx_calls.direct(_decoder())


def _longest_stall_beside(work: Any) -> float:
    """The longest a Python loop on another thread went without running while ``work``
    ran, as a share of ``work``'s time: near 1 where ``work`` holds the interpreter lock."""
    longest, running, done = [0.0], threading.Event(), threading.Event()

    def spin() -> None:
        last = time.perf_counter()
        running.set()
        while not done.is_set():
            now = time.perf_counter()
            longest[0], last = max(longest[0], now - last), now

    spinner = threading.Thread(target=spin, daemon=True)
    spinner.start()
    running.wait()
    time.sleep(0.02)
    longest[0] = 0.0
    t0 = time.perf_counter()
    work()
    took = time.perf_counter() - t0
    done.set()
    spinner.join()
    return longest[0] / took


def _one_long_decode() -> Any:
    """A long utterance's decode in one call, ready to run."""
    dec, pcm = _decoder(), _speech("raise to two hundred") * 3

    def decode() -> None:
        dec.start_utt()
        sphinx_calls.process_raw(dec, pcm)
        sphinx_calls.end_utt(dec)

    return decode


def test_python_runs_beside_a_decode_through_the_library():
    assert _longest_stall_beside(_one_long_decode()) < STALL_SHARE


def test_python_waits_beside_the_wheels_own_decode(binding_calls):
    assert _longest_stall_beside(_one_long_decode()) > STALL_SHARE
