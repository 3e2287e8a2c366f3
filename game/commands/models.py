"""`holdem models [list|download NAME]`: which speech models are here; fetch a Vosk model.

``list`` (the default) shows every model found — PocketSphinx's bundled US English and any
Vosk model in ``models/``, ``VOSK_MODEL``, ``VOSK_MODEL_PATH``, ``/usr/share/vosk``,
``~/.cache/vosk`` or a ``vosk_model_*`` Python package — with the engine ``--voice auto``
would pick.  ``download NAME`` fetches ``NAME.zip`` from alphacephei.com into ``models/``
(e.g. ``vosk-model-small-en-us-0.15``); offline or unknown names exit 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=("list", "download"), default="list")
    parser.add_argument("name", nargs="?", help="model to download, e.g. "
                        "vosk-model-small-en-us-0.15")
    parser.add_argument("--timeout", type=float, default=20.0,
                        help="network timeout in seconds for download (default 20)")


def listing() -> dict[str, object]:
    """What ``holdem models list --json`` prints."""
    from voice.recognizers import choose_engine
    from voice.recognizers.models import all_models, vosk_search_dirs

    return {
        "models": [m.as_json() for m in all_models()],
        "vosk_search": [str(p) for p, _ in vosk_search_dirs()],
        "auto_engine": choose_engine("auto"),
    }


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
    for m in info["models"]:  # type: ignore[union-attr]
        grammar = "" if m["grammar"] else "  (no word list: free decoding, no phrase list)"
        print(f"{m['engine']:12s} {m['lang'] or '?':6s} {m['name']:32s} {m['path']}  "
              f"[{m['source']}]{grammar}")
    print(f"--voice auto uses: {info['auto_engine']}")
    return 0
