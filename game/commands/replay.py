"""`holdem replay FILE.phh|FILE.phhs`: replay PHH hand histories through the engine.

One JSON object per hand per line, in file order (``index`` counts from 0):
``{"index": i, "finishing_stacks": [...]}``, or ``{"index": i, "error": "..."}`` for a hand
the reader or the engine rejects — and the command goes on with the next hand.  Amounts are
printed as written: integer chips stay integers, decimal amounts come back with their places.
Exit status 0 when the file was read (whatever its hands held), 2 when it cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.phh.errors import PhhError
from game.phh.reader import read_file
from game.phh.replay import replay


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .phh file (one hand) or .phhs file (many hands)")


def result_line(index: int, hand: object) -> str:
    """The JSON line for one hand (a history, or the error reading it gave)."""
    if not isinstance(hand, PhhError):
        try:
            stacks = replay(hand).formatted()  # type: ignore[arg-type]
        except PhhError as exc:
            hand = exc
        except Exception as exc:  # noqa: BLE001 — a bug must not cost the other hands
            message = f"internal error ({type(exc).__name__}): {exc}; please report this hand"
            return json.dumps({"index": index, "error": message})
        else:
            return f'{{"index": {index}, "finishing_stacks": [{", ".join(stacks)}]}}'
    return json.dumps({"index": index, "error": str(hand)})


def run(args: argparse.Namespace) -> int:
    try:
        hands = read_file(args.file)
        write = sys.stdout.write
        for index, hand in enumerate(hands):
            write(result_line(index, hand) + "\n")
    except PhhError as exc:  # the file as a whole is not PHH
        print(f"holdem replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader of stdout went away: game.cli ends quietly
        raise
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"holdem replay: cannot read {args.file}: {reason}", file=sys.stderr)
        return 2
    return 0
