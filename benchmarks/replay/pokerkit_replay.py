"""PokerKit's side of the replay benchmark: replay every hand of a ``.phhs`` file.

Prints the same JSON lines as ``holdem replay`` (``{"index": i, "finishing_stacks": [...]}``
or ``{"index": i, "error": "..."}``), so a whole-process timing of this script is the
like-for-like comparison with the ``holdem replay`` command.  With ``--timing`` the last
line also gives the in-process replay time (without interpreter start-up and imports).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pokerkit import HandHistory  # noqa: E402
from pokerkit.notation import parse_action  # noqa: E402
from pokerkit_games import register_pt  # noqa: E402


def explain(history: HandHistory) -> str:
    """The action PokerKit rejects and why (its replay only says "Unable to repair")."""
    state = history.create_state()
    for number, action in enumerate(history.actions, 1):
        while True:
            try:
                parse_action(state, action, history.parse_value)
                break
            except ValueError as exc:
                for step in ("post_ante", "collect_bets", "post_blind_or_straddle"):
                    if getattr(state, f"can_{step}")():
                        getattr(state, step)()
                        break
                else:
                    if state.can_burn_card():
                        state.burn_card("??")
                    else:
                        return f"action {number} {action!r}: {exc}"
    return "the hand does not finish"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path)
    parser.add_argument("--timing", action="store_true")
    args = parser.parse_args()
    register_pt()
    start = time.perf_counter()
    with args.file.open("rb") as fp:
        histories = list(HandHistory.load_all(fp))
    out = []
    for i, history in enumerate(histories):
        try:
            *_, state = history
            stacks = list(state.stacks)
            out.append(json.dumps({"index": i, "finishing_stacks": [int(s) for s in stacks]}))
        except Exception as exc:  # noqa: BLE001 — report and go on, like holdem replay
            reason = f"{type(exc).__name__}: {exc}"
            if "Unable to repair" in str(exc):
                try:
                    reason = explain(history)
                except Exception as inner:  # noqa: BLE001
                    reason += f" ({type(inner).__name__}: {inner})"
            out.append(json.dumps({"index": i, "error": reason}))
    seconds = time.perf_counter() - start
    sys.stdout.write("\n".join(out) + "\n")
    if args.timing:
        print(json.dumps({"in_process_seconds": seconds, "hands": len(histories)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
