"""PocketSphinx's decoding calls made straight into its C library, so that Python's
interpreter lock is free while it decodes.

The pocketsphinx wheel's ``Decoder.process_raw`` and ``end_utt`` keep the interpreter lock
for the whole of the C call.  Whisper decodes on a thread beside PocketSphinx (ahead, in the
utterance's quiet tail, and at its end), and CTranslate2 frees the lock while it computes,
but the Python between its calls — the log-mel features, the judging — then waits for each
of PocketSphinx's chunks in turn: a Whisper decode of 180 ms took 1.7-2.5 s beside a
PocketSphinx decode fed 100 ms chunks, and 200 ms when those chunks were decoded through
:mod:`ctypes`, which frees the lock during a foreign call (benchmarks/voice/RESULTS.md,
session 57).  The library's own functions are exported by the wheel's extension module;
the decoder's C handle is read from the Python object, and only where the object is laid
out as expected (checked against the library, :func:`_handle`) — otherwise the wheel's
own methods are called, as before.

Each decoder is still used by one thread at a time (the recognizer's threads each have
their own); the library keeps no state shared between decoders but the log file.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

#: Whether decoding goes straight to the C library (False: the wheel's methods, holding
#: the interpreter lock; ``benchmarks.voice.run --no-direct-calls`` compares the two).
DIRECT = True

#: Where the decoder's C handle and its Config object sit in a ``Decoder`` (in pointer-sized
#: words from the object's start, after the reference count and type): Cython lays out a
#: ``cdef class``'s fields in declaration order, ``_ps`` then ``_config``.
_DECODER_HANDLE_WORD = 2
_DECODER_CONFIG_WORD = 3
#: The Config object's words that may hold its C handle (after a method table, if any).
_CONFIG_HANDLE_WORDS = (2, 3)


def _library() -> Any:
    """The C library inside the pocketsphinx wheel's extension module, its calls typed."""
    import pocketsphinx

    lib = ctypes.CDLL(pocketsphinx._pocketsphinx.__file__)  # CDLL: the lock is freed
    lib.ps_process_raw.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t,
                                   ctypes.c_int, ctypes.c_int]
    lib.ps_process_raw.restype = ctypes.c_int
    lib.ps_end_utt.argtypes = [ctypes.c_void_p]
    lib.ps_end_utt.restype = ctypes.c_int
    lib.ps_get_config.argtypes = [ctypes.c_void_p]
    lib.ps_get_config.restype = ctypes.c_void_p
    return lib


_LIB: Any = None


def _holds(obj: object, n: int) -> bool:
    """Whether ``obj``'s type lays out at least ``n`` pointer-sized words."""
    return type(obj).__basicsize__ >= n * ctypes.sizeof(ctypes.c_void_p)


def _words(obj: object, n: int) -> list[int]:
    return [w or 0 for w in (ctypes.c_void_p * n).from_address(id(obj))]


def _handle(dec: Any) -> int | None:
    """The decoder's ``ps_decoder_t *``, or None where the object is not laid out as this
    module expects: its config word must be the very Config object the decoder returns,
    and the library, asked for the handle's config, must name that object's C handle."""
    global _LIB
    if not DIRECT or sys.implementation.name != "cpython":  # elsewhere id() is no address
        return None
    if not _holds(dec, _DECODER_CONFIG_WORD + 1):
        return None
    words = _words(dec, _DECODER_CONFIG_WORD + 1)
    config, handle = getattr(dec, "config", None), words[_DECODER_HANDLE_WORD]
    if (config is None or words[_DECODER_CONFIG_WORD] != id(config) or not handle
            or not _holds(config, max(_CONFIG_HANDLE_WORDS) + 1)):
        return None
    if _LIB is None:
        _LIB = _library()
    config_words = _words(config, max(_CONFIG_HANDLE_WORDS) + 1)
    if _LIB.ps_get_config(handle) not in {config_words[k] for k in _CONFIG_HANDLE_WORDS}:
        return None
    return handle


def process_raw(dec: Any, data: bytes) -> None:
    """``dec.process_raw(data, False, False)``, the interpreter lock free meanwhile."""
    handle = _handle(dec)
    if handle is None:
        dec.process_raw(data, False, False)
    elif _LIB.ps_process_raw(handle, bytes(data), len(data) // 2, 0, 0) < 0:
        raise RuntimeError(f"PocketSphinx failed to process {len(data) // 2} samples")


def end_utt(dec: Any) -> None:
    """``dec.end_utt()``, the interpreter lock free meanwhile."""
    handle = _handle(dec)
    if handle is None:
        dec.end_utt()
    elif _LIB.ps_end_utt(handle) < 0:
        raise RuntimeError("PocketSphinx failed to end the utterance")


def direct(dec: Any) -> bool:
    """Whether ``dec``'s decoding goes straight to the C library (:data:`DIRECT` and the
    object laid out as expected)."""
    return _handle(dec) is not None
