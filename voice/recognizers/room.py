"""The room a player speaks in, remembered from one game to the next.

PocketSphinx normalises what it hears by a running *cepstral mean* — in effect the
microphone's colour and the room's noise.  From a speech-like default (``CMNINIT``) the
mean needs a few utterances to settle on the real microphone and room.  In a quiet room
that costs nothing; in a noisy one the first commands are lost meanwhile: at 15 dB SNR a
recognizer starting from the default hears a player's first command right 60 times in 180,
one starting from the mean saved after ten earlier commands 165 times (``python -m
benchmarks.voice.first_command``; benchmarks/voice/RESULTS.md).  So the game saves the
mean after every utterance, and the next game starts from it.  (A new player, with nothing
saved, is helped another way: an utterance far from the running mean is heard again from
its own — ``pocketsphinx_backend.ROOM_CHANGE``.)

The file is a cache: missing, unreadable or damaged, it is ignored (the default is used)
and written afresh at the next clear command; a failure to write it is ignored too.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "room.txt"
>>> save_room(path, "60.2,-4.7,-2.5,4.1,-3.9,-9.6,-7.5,-6.0,-1.2,-5.1,-2.8,-3.9,0.6")
True
>>> load_room(path)
'60.2,-4.7,-2.5,4.1,-3.9,-9.6,-7.5,-6.0,-1.2,-5.1,-2.8,-3.9,0.6'
>>> _ = path.write_text("not a room"); load_room(path) is None
True
"""

from __future__ import annotations

import math
import os
from pathlib import Path

#: Coefficients in PocketSphinx's cepstral mean (the US English model's 13 cepstra).
CEPSTRA = 13
#: Sane bounds for any coefficient: a file with values beyond them is damaged.
_LIMIT = 1000.0
_HEADER = ("# Table Talk Hold'em: the cepstral mean of the microphone and room you last played"
           " in, so the next game starts from it.  Safe to delete.\n")


def parse_room(text: str) -> str | None:
    """The mean written in ``text`` ("c0,c1,...,c12"; comment lines skipped), or None when
    it is not one.

    >>> parse_room("# a comment\\n1,2,3,4,5,6,7,8,9,10,11,12,13\\n")
    '1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0,9.0,10.0,11.0,12.0,13.0'
    >>> parse_room("1,2,3"), parse_room("nan," * 12 + "nan"), parse_room("")
    (None, None, None)
    """
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.lstrip().startswith("#")]
    if len(lines) != 1:
        return None
    try:
        values = [float(v) for v in lines[0].split(",")]
    except ValueError:
        return None
    if len(values) != CEPSTRA or not all(math.isfinite(v) and abs(v) < _LIMIT for v in values):
        return None
    return ",".join(repr(v) for v in values)


def load_room(path: str | Path) -> str | None:
    """The mean saved at ``path``, or None when there is none or it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return parse_room(text)


def save_room(path: str | Path, mean: str) -> bool:
    """Write ``mean`` (as ``Decoder.get_cmn()`` gives it) to ``path``, atomically; False
    when it is not a mean or cannot be written (the game carries on either way)."""
    clean = parse_room(mean)
    if clean is None:
        return False
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(_HEADER + clean + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return False
    return True
