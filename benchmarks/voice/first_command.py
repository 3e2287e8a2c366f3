"""The first command of a game: from the recognizer's default start, or from the room saved
by the last game (``voice.recognizers.room``).

PocketSphinx's running cepstral mean needs a few utterances to settle on a microphone and
room.  For each voice and condition this plays ten of the voice's clips as "the last
game" through a recognizer that saves its room to a file, builds a new recognizer that
reads the file, and then decodes thirty other clips as the *first* command of a new game,
twice each: starting from the default mean (``CMNINIT``) and from the saved room.  Table
talk and yes/no answers are left out (a game's first words are a command).

    nice -n 10 .venv/bin/python -m benchmarks.voice.first_command --conditions snr15
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from game.commands.say import situation_from_history
from game.phh import loads

from .corpus import GROUP_OF, SITUATIONS, VOICES
from .outcome import label
from .run import OUT, load_manifest, run_clip, select

EARLIER, FIRSTS = 10, 30


def first_commands(voice: str, condition: str, seed: int = 5) -> tuple[int, int, int]:
    """(right from the default start, right from the saved room, clips) for one voice."""
    from voice.recognizers.pocketsphinx_backend import PocketSphinxRecognizer
    from voice.recognizers.room import load_room

    situations = {k: situation_from_history(loads(v)) for k, v in SITUATIONS.items()}
    group = GROUP_OF[voice]
    rows = [r for r in select(load_manifest(OUT, voices=group), group, [condition], 0, 1)
            if r["voice"] == voice and r["family"] not in ("chatter", "confirm")]
    random.Random(seed).shuffle(rows)
    earlier, firsts = rows[:EARLIER], rows[EARLIER:EARLIER + FIRSTS]

    def right(rec: PocketSphinxRecognizer, row: dict) -> bool:
        say, _ms, _rtf = run_clip(rec, OUT / row["file"], situations[row["situation"]],
                                  confirm_pending=False)
        return label(say) == row["expected"]

    with tempfile.TemporaryDirectory() as tmp:
        room_file = Path(tmp) / "room.txt"
        last_game = PocketSphinxRecognizer(room_file=room_file)
        for row in earlier:
            right(last_game, row)
        saved = load_room(room_file)
        rec = PocketSphinxRecognizer(room_file=room_file)  # the next game reads the file
        assert saved is not None and rec.room == last_game.room
    default = from_room = 0
    for row in firsts:
        rec.set_room(None)
        default += right(rec, row)
        rec.set_room(saved)
        from_room += right(rec, row)
    return default, from_room, len(firsts)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--conditions", default="clean,snr15")
    ap.add_argument("--voices", choices=["all", "tuned", "held-out"], default="all")
    args = ap.parse_args(argv)
    print("| voice | condition | first command right, default start | from the saved room |")
    print("|---|---|---|---|")
    for condition in args.conditions.split(","):
        total = [0, 0, 0]
        for v in VOICES:
            if args.voices != "all" and v.held_out != (args.voices == "held-out"):
                continue
            default, from_room, n = first_commands(v.name, condition)
            total = [total[0] + default, total[1] + from_room, total[2] + n]
            held = " (held out)" if v.held_out else ""
            print(f"| {v.name}{held} | {condition} | {default} / {n} | {from_room} / {n} |",
                  flush=True)
        print(f"| all | {condition} | {total[0]} / {total[2]} "
              f"({100 * total[0] / total[2]:.0f} %) | {total[1]} / {total[2]} "
              f"({100 * total[1] / total[2]:.0f} %) |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
