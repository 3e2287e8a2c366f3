"""`holdem play`: open the game window (start screen, or straight to a spectated table).

``--spectate --hands N --speed F --frame-stats FILE`` is the frame-time benchmark's
entry point (ARCHITECTURE.md): bots play N hands with animations and bot thinking sped
up F times, then the window closes and the frame timing is written as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

VOICE_CHOICES = ("auto", "vosk", "whisper", "pocketsphinx", "off")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--seats",
        type=int,
        default=None,
        help="chairs at the table, 2-6 (default: the house rules' seats, 4)",
    )
    parser.add_argument("--rules", metavar="FILE", help="house rules TOML file")
    parser.add_argument(
        "--voice",
        choices=VOICE_CHOICES,
        default="auto",
        help="speech recognizer (default auto: Vosk if an English model is found, else Whisper, "
        "else PocketSphinx)",
    )
    parser.add_argument(
        "--spectate", action="store_true", help="watch the bots play with every hand face up"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the deck and bots")
    parser.add_argument("--hands", type=int, default=None, metavar="N", help="quit after N hands")
    parser.add_argument(
        "--speed",
        type=float,
        default=1.0,
        metavar="F",
        help="scale animation and bot think time (2 = twice as fast)",
    )
    parser.add_argument(
        "--frame-stats",
        metavar="FILE",
        help="write frame timing JSON to FILE on exit (and print it)",
    )
    parser.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen")
    parser.add_argument("--quit-after", type=float, default=None, metavar="SECONDS",
                        help="close the window after SECONDS (benchmarks and tests)")


def _fail(message: str) -> int:
    print(f"holdem play: error: {message}", file=sys.stderr)
    return 2


def _parse_size(text: str) -> tuple[int, int] | None:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        return None
    return (w, h) if w >= 400 and h >= 300 else None


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    if args.seats is not None and not 2 <= args.seats <= 6:
        return _fail(f"--seats {args.seats} is out of range: the table seats 2 to 6")
    if args.hands is not None and args.hands < 1:
        return _fail(f"--hands {args.hands} must be at least 1")
    if args.quit_after is not None and not args.quit_after > 0:
        return _fail(f"--quit-after {args.quit_after} must be above 0 seconds")
    if not args.speed > 0:
        return _fail(f"--speed {args.speed} must be above 0 (1 = normal, 2 = twice as fast)")
    size = _parse_size(args.size)
    if size is None:
        return _fail(f"--size {args.size!r} is not WIDTHxHEIGHT (at least 400x300)")
    from game.session.errors import RulesError
    from game.session.rules import load_rules_file, load_user_rules

    notice = ""
    if args.rules:
        try:
            rules = load_rules_file(args.rules)
        except (RulesError, OSError) as e:
            return _fail(str(e))
    else:
        rules, err = load_user_rules()
        if err is not None:
            notice = f"Your saved rules were refused, playing the defaults: {err}"
    if args.seats is not None:
        try:
            # a smaller table keeps the first bots of the lineup; a bigger one meets new faces
            rules = rules.replace(seats=args.seats, bots=tuple(rules.bots[: args.seats]))
        except RulesError as e:
            return _fail(str(e))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.ui.main import launch

    stats = launch(rules, args, started=started, notice=notice, size=size)
    if args.frame_stats:
        try:
            report = stats.write(args.frame_stats)
        except OSError as e:
            return _fail(f"cannot write --frame-stats {args.frame_stats}: {e}")
        print(json.dumps(report))
    return 0
